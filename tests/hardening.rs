//! What a hostile share link, a huge record, a careless tile file or a wrong option can
//! do: each is refused with a message that names the problem, and nothing else happens.

use carcassonne::engine::rng::Rng;
use carcassonne::engine::setup::{MAX_DRAW, MAX_NAME};
use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Set, Setup, SetupError, TileSet};
use carcassonne::record::{Record, RecordAction, MAX_ACTIONS, MAX_SAFE_INTEGER};
use carcassonne::selfplay::play_out;
use carcassonne::share;
use serde_json::json;
use std::time::Instant;

fn record(setup: serde_json::Value, actions: serde_json::Value) -> serde_json::Value {
    json!({"format": "carcassonne-record", "version": 1, "setup": setup, "actions": actions})
}

fn refused(v: serde_json::Value) -> String {
    match Record::from_value(v) {
        Err(e) => e.to_string(),
        Ok(r) => r.replay(TileSet::builtin()).map(|_| ()).unwrap_err().to_string(),
    }
}

#[test]
fn a_colour_that_is_not_a_plain_colour_is_refused() {
    let hostile = "red;position:fixed;inset:0;background:url(https://evil.example/seen)";
    let setup = json!({"players": [{"name": "A", "color": hostile}, "B"], "seed": 1});
    let e = refused(record(setup, json!([])));
    assert!(e.contains("player 1's colour") && e.contains("# and 3 or 6 hex digits"), "{e}");
    for good in ["#d33", "#D9342B", "#2f6fd6"] {
        let setup = json!({"players": [{"name": "A", "color": good}, "B"], "seed": 1});
        Record::from_value(record(setup, json!([]))).unwrap().replay(TileSet::builtin()).unwrap();
    }
    for bad in ["d9342b", "#12345", "#12345g", "#d9342b;", "", "#fff ", "rgb(1,2,3)"] {
        let setup = json!({"players": [{"name": "A", "color": bad}, "B"], "seed": 1});
        assert!(refused(record(setup, json!([]))).contains("colour"), "{bad:?}");
    }
}

#[test]
fn names_draws_records_and_codes_have_limits_no_real_game_reaches() {
    let long = "x".repeat(10_000);
    let e = refused(record(json!({"players": [long, "B"], "seed": 1}), json!([])));
    assert!(e.contains(&format!("names are at most {MAX_NAME}")), "{e}");
    let draw = vec!["base.V"; MAX_DRAW + 1];
    let setup = json!({"players": ["A", "B"], "draw": draw, "options": {"unlimited_copies": true}});
    assert!(refused(record(setup, json!([]))).contains("at most 1000"));
    let actions = vec![json!({"pass": true}); MAX_ACTIONS + 1];
    let e = refused(record(json!({"players": ["A", "B"], "seed": 1}), json!(actions)));
    assert!(e.contains("at most 20000"), "{e}");
    let e = Record::parse(&" ".repeat(5 << 20)).unwrap_err().to_string();
    assert!(e.contains("at most 4 MB"), "{e}");
    let e = share::decode(&format!("c1.{}", "A".repeat(70_000)), TileSet::builtin()).unwrap_err().to_string();
    assert!(e.contains("at most 65536"), "{e}");
}

/// The longest game the format accepts: a draw of 1,000 tiles with unlimited copies. It
/// plays and replays quickly (the board grows by half its size, not a few cells at a time)
/// and no counter overflows (debug builds would panic).
#[test]
fn the_longest_game_a_record_may_hold_plays_and_replays_in_time() {
    let tiles = TileSet::builtin();
    let ids: Vec<String> = tiles.set_tiles("base").map(|(_, t)| t.id.to_string()).collect();
    let mut rng = Rng::new(9);
    let draw: Vec<String> = (0..MAX_DRAW).map(|_| ids[rng.below(ids.len())].clone()).collect();
    let setup = Setup {
        players: vec![PlayerSetup::named("A"), PlayerSetup::named("B")],
        sets: vec![Set::Base],
        options: Options { unlimited_copies: true, ..Options::default() },
        deck: Deck::Draw(draw),
    };
    let mut game = Game::new(tiles.clone(), setup).unwrap();
    let t = Instant::now();
    play_out(&mut game, &mut Rng::new(4));
    assert!(game.board().squares().len() > 900, "{} squares", game.board().squares().len());
    let record = Record::of_game(&game);
    let (again, _) = Record::parse(&record.to_json()).unwrap().replay(tiles.clone()).unwrap();
    assert!(again == game);
    let code = share::encode(&record, tiles.clone()).unwrap();
    assert_eq!(share::decode(&code, tiles).unwrap(), record);
    // Cubic growth made 4,000 tiles take 3 s in release; this is 1,000 in a debug build.
    assert!(t.elapsed().as_secs_f64() < 10.0, "{:?}", t.elapsed());
}

#[test]
fn seeds_beyond_2_to_the_53_are_written_as_strings_and_read_back_exactly() {
    for seed in [MAX_SAFE_INTEGER, MAX_SAFE_INTEGER + 1, u64::MAX] {
        let game = Game::new(TileSet::builtin(), Setup::base(&["A", "B"], seed)).unwrap();
        let text = Record::of_game(&game).to_json();
        let written = if seed > MAX_SAFE_INTEGER { format!("\"seed\":\"{seed}\"") } else { format!("\"seed\":{seed}") };
        assert!(text.contains(&written), "{text}");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.setup.deck, Deck::Seed(seed));
        assert_eq!(back.replay(TileSet::builtin()).unwrap().0.draw_order(), game.draw_order());
    }
    // A number that JSON cannot hold exactly is not silently rounded into another seed.
    let e = refused(record(json!({"players": ["A", "B"], "seed": 1.5}), json!([])));
    assert!(e.contains("seed"), "{e}");
}

/// The record accepts any port of a segment and any rotation that looks the same; the
/// engine keeps the form its legal-move lists use, so every accepted game has a code.
#[test]
fn a_record_with_equivalent_rotations_and_ports_has_a_share_code() {
    // base.U (a straight road) at rotation 2 looks like rotation 0; the figure names the
    // road by its far port, the field by a port other than its first.
    let setup = json!({"players": ["A", "B"], "draw": ["base.U", "base.U", "base.V"]});
    let text = record(
        setup,
        json!([
            {"tile": "base.U", "x": 1, "y": 0, "rotation": 2}, {"figure": "meeple", "at": "W"},
            {"tile": "base.U", "x": -1, "y": 0, "rotation": 0}, {"figure": "meeple", "at": "Ws"},
        ]),
    );
    let r = Record::from_value(text).unwrap();
    let (game, _) = r.replay(TileSet::builtin()).unwrap();
    let code = share::encode(&r, TileSet::builtin()).unwrap();
    let back = share::decode(&code, TileSet::builtin()).unwrap();
    let (again, _) = back.replay(TileSet::builtin()).unwrap();
    assert!(again == game, "the code gives the same game");
    // The engine's own record names the canonical forms.
    let written = Record::of_game(&game);
    assert_eq!(written.actions[0], RecordAction::Tile { tile: "base.U".into(), x: 1, y: 0, rotation: 0 });
    assert_eq!(
        written.actions[1],
        RecordAction::Figure { figure: carcassonne::engine::FigureKind::Meeple, at: "E".into() }
    );
    assert_eq!(game.figures().len(), 2);
}

#[test]
fn errors_name_the_option_the_action_kinds_and_the_code_version() {
    let opt =
        |o: serde_json::Value| refused(record(json!({"players": ["A", "B"], "seed": 1, "options": o}), json!([])));
    assert!(opt(json!({"farmers": "yes"})).contains("the option \"farmers\" must be true or false, not \"yes\""));
    assert!(opt(json!({"spell_mode": "C"})).contains("the option \"spell_mode\" must be \"A\" or \"B\""));
    assert!(opt(json!({"abot": true})).contains("unknown option \"abot\"; the options are farmers, abbot"));
    let act = |a: serde_json::Value| refused(record(json!({"players": ["A", "B"], "seed": 1}), json!([a])));
    assert!(act(json!({"retrieve_abbot": false, "x": 0, "y": 0})).contains("\"retrieve_abbot\" must be true"));
    let e = act(json!({"jump": true}));
    assert!(e.contains("attract") && e.contains("cat") && e.contains("pass"), "{e}");
    let code = |c: &str| share::decode(c, TileSet::builtin()).unwrap_err().to_string();
    assert!(code("c.AAAA").contains("must start with \"c1.\""));
    assert!(code("c0.AAAA").contains("\"c0\", which never existed"), "{}", code("c0.AAAA"));
    assert!(code("c000.AAAA").contains("never existed"));
    assert!(code("c2.AAAA").contains("\"c2\", written by a newer version"));
}

#[test]
fn a_move_index_beyond_32_bits_is_refused_not_cut_short() {
    let r = Record { setup: Setup::base(&["A", "B"], 3), actions: vec![], notes: vec![] };
    let e = share::decode(&share::pack(&r, &[1 << 32]), TileSet::builtin()).unwrap_err().to_string();
    assert!(e.contains("move 1 is not one of the"), "{e}");
    let e = share::decode(&share::pack(&r, &[u64::MAX]), TileSet::builtin()).unwrap_err().to_string();
    assert!(e.contains("move 1"), "{e}");
}

fn with_tile(extra: &str) -> String {
    TileSet::with_files(&[("watchtowers", extra)]).map(|_| ()).unwrap_err().to_string()
}

#[test]
fn careless_tile_files_get_a_clear_error_never_an_abort_or_a_wrap() {
    let tile = |body: &str| format!("[[tile]]\nid = \"watchtowers.Z\"\n{body}\n");
    let plain = "edges = \"FFFF\"\nfield = [ { ports = \"Nw Ne En Es Se Sw Ws Wn\" } ]";
    assert!(with_tile(&tile(&format!("count = 4294967295\n{plain}"))).contains("count must be 1 to 100"));
    let misty =
        "edges = \"FFFF\"\nmist = [ { ports = \"Nw Ne En Es Se Sw Ws Wn\", circles = 200 }, { circles = 200 } ]";
    assert!(with_tile(&tile(&format!("count = 1\n{misty}"))).contains("at most 4 spell circles"));
    let e = with_tile(&tile(
        "count = 1\nedges = \"FFFF\"\nmist = [ { ports = \"Nw Ne En Es Se Sw Ws Wn\", circles = 400 } ]",
    ));
    assert!(e.contains("watchtowers") && e.contains("400"), "{e}");
    let arms = "edges = \"CFFF\"\ncity = [ { edges = \"N\", pennants = 200 } ]\nfield = [ { ports = \"En Es Se Sw Ws Wn\", cities = [\"N\"] } ]";
    assert!(with_tile(&tile(&format!("count = 1\n{arms}"))).contains("at most 4 coats of arms"));
    let start = "count = 1\nstart = \"nw\"\nedges = \"FFFF\"\nfield = [ { ports = \"Nw Ne En Es Se Sw Ws Wn\" } ]";
    assert!(with_tile(&tile(start)).contains("a second start square"));
    let many: String =
        (0..5000).map(|i| format!("[[tile]]\nid = \"watchtowers.k{i}\"\ncount = 1\n{plain}\n")).collect();
    assert!(with_tile(&many).contains("at most 4096 tile kinds"));
}

#[test]
fn one_seat_needs_a_draw_and_the_count_is_checked_before_anything_is_built() {
    let e = Game::new(TileSet::builtin(), Setup::base(&["A"], 1)).unwrap_err();
    assert_eq!(e, SetupError::PlayerCount(1));
}
