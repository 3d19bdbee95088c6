//! The saved-game format: round trips, explicit draw orders, versions, and clear errors
//! that change nothing.

use carcassonne::engine::{spells, SetMove, SetStep};
use carcassonne::engine::{Deck, Set, Setup, TileSet};
use carcassonne::record::{Record, RecordAction, RecordError};
use serde_json::json;

fn sample() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sample-game.json")).unwrap()
}

#[test]
fn the_sample_game_replays_to_its_end_and_round_trips() {
    let record = Record::parse(&sample()).unwrap();
    let (game, events) = record.replay(TileSet::builtin()).unwrap();
    assert!(game.is_over());
    assert_eq!(record.setup.deck, Deck::Seed(2026));
    assert!(events.iter().any(|e| matches!(e, carcassonne::engine::Event::GameOver { .. })));
    // Writing the replayed game gives back the same text.
    assert_eq!(Record::of_game(&game).to_json(), sample());
}

#[test]
fn an_explicit_draw_order_replays() {
    // TEST-01 as a record: the crossing east of the start, a highwayman, then the city end.
    let text = json!({
        "format": "carcassonne-record",
        "version": 1,
        "setup": {"players": ["Red", "Blue"], "sets": ["base"], "draw": ["base.X", "base.T"]},
        "actions": [
            {"tile": "base.X", "x": 1, "y": 0, "rotation": 0},
            {"figure": "meeple", "at": "W"},
            {"tile": "base.T", "x": -1, "y": 0, "rotation": 3},
            {"pass": true}
        ]
    })
    .to_string();
    let (game, _) = Record::parse(&text).unwrap().replay(TileSet::builtin()).unwrap();
    assert!(game.is_over());
    assert_eq!(game.scores(), vec![3, 0]);
    assert_eq!(game.setup().players[0].name, "Red");
}

#[test]
fn seeds_may_be_strings_for_javascript() {
    let mut v: serde_json::Value = serde_json::from_str(&sample()).unwrap();
    v["setup"]["seed"] = json!("2026");
    v["actions"] = json!([]);
    let r = Record::from_value(v).unwrap();
    assert_eq!(r.setup.deck, Deck::Seed(2026));
}

#[test]
fn a_seat_may_be_a_computer_player_and_the_record_keeps_it() {
    let mut v: serde_json::Value = serde_json::from_str(&sample()).unwrap();
    v["setup"]["players"] = json!([{"name": "Ann"}, {"name": "Bot", "computer": "hard"}]);
    v["actions"] = json!([]);
    let r = Record::from_value(v.clone()).unwrap();
    assert_eq!(r.setup.players[1].computer.as_deref(), Some("hard"));
    assert_eq!(r.setup.players[0].computer, None);
    let again: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(again["setup"]["players"], v["setup"]["players"], "written back as read");
    // The expert (issue 41) is a level like the others.
    v["setup"]["players"][1]["computer"] = json!("expert");
    assert_eq!(Record::from_value(v.clone()).unwrap().setup.players[1].computer.as_deref(), Some("expert"));
    for bad in ["grandmaster", "random", ""] {
        v["setup"]["players"][1]["computer"] = json!(bad);
        let e = Record::from_value(v.clone()).unwrap_err().to_string();
        assert!(e.contains("computer level must be easy, medium, hard or expert"), "{bad:?}: {e}");
    }
}

fn err_of(v: serde_json::Value) -> String {
    Record::from_value(v).and_then(|r| r.replay(TileSet::builtin()).map(|_| ())).unwrap_err().to_string()
}

#[test]
fn versions_newer_or_unknown_are_refused_clearly() {
    let mut v: serde_json::Value = serde_json::from_str(&sample()).unwrap();
    v["version"] = json!(2);
    let e = Record::from_value(v.clone()).unwrap_err();
    assert!(matches!(e, RecordError::Version(_)));
    assert!(e.to_string().contains("newer version"), "{e}");
    v["version"] = json!(0);
    assert!(err_of(v.clone()).contains("never existed"));
    v["version"] = json!("one");
    assert!(err_of(v).contains("\"version\""));
}

#[test]
fn corrupt_records_get_clear_messages() {
    assert!(Record::parse("{not json").unwrap_err().to_string().contains("not JSON"));
    assert!(Record::parse("[]").unwrap_err().to_string().contains("object"));
    assert!(err_of(json!({"format": "chess", "version": 1})).contains("\"format\""));
    let base = |setup: serde_json::Value, actions: serde_json::Value| json!({"format": "carcassonne-record", "version": 1, "setup": setup, "actions": actions});
    let two = json!(["A", "B"]);
    assert!(err_of(base(json!({"players": two, "draw": [], "seed": 1}), json!([]))).contains("not both"));
    assert!(err_of(base(json!({"players": two}), json!([]))).contains("seed"));
    assert!(err_of(base(json!({"players": two, "seed": -4}), json!([]))).contains("seed"));
    assert!(
        err_of(base(json!({"players": two, "seed": 1, "options": {"dragons": true}}), json!([]))).contains("dragons")
    );
    assert!(err_of(base(json!({"players": ["A"], "seed": 1}), json!([]))).contains("2 to 5 players"));
    assert!(err_of(base(json!({"players": two, "seed": 1, "sets": ["base", "dragon"]}), json!([])))
        .contains("unknown tile set"));
    assert!(err_of(base(json!({"players": two, "draw": ["base.C", "base.C"]}), json!([]))).contains("more copies"));
    // A puzzle may ask for more copies explicitly.
    let puzzle =
        base(json!({"players": two, "draw": ["base.C", "base.C"], "options": {"unlimited_copies": true}}), json!([]));
    assert!(Record::from_value(puzzle).unwrap().replay(TileSet::builtin()).is_ok());
    assert!(err_of(base(json!({"players": two, "draw": ["ghosts.01"]}), json!([]))).contains("not in the chosen sets"));
    // A broken action names its position and says what is wrong.
    let e = err_of(base(
        json!({"players": two, "draw": ["base.X"]}),
        json!([{"tile": "base.X", "x": 1, "y": 0, "rotation": 9}]),
    ));
    assert!(e.contains("action 1") && e.contains("rotation"), "{e}");
    let e = err_of(base(json!({"players": two, "draw": ["base.X"]}), json!([{"figure": "dragon", "at": "N"}])));
    assert!(e.contains("action 1") && e.contains("meeple, guard or abbot"), "{e}");
    // An illegal action names its position and the rule it breaks.
    let e = err_of(base(
        json!({"players": two, "draw": ["base.X", "base.U"]}),
        json!([{"tile": "base.X", "x": 1, "y": 0, "rotation": 0}, {"pass": true}, {"tile": "base.U", "x": 5, "y": 5, "rotation": 0}]),
    ));
    assert!(e.contains("action 3") && e.contains("does not touch"), "{e}");
    let e = err_of(base(
        json!({"players": two, "draw": ["base.X"]}),
        json!([{"tile": "base.U", "x": 1, "y": 0, "rotation": 0}]),
    ));
    assert!(e.contains("drawn tile is base.X"), "{e}");
}

#[test]
fn sets_that_cannot_be_combined_are_refused_not_ignored() {
    // BASE-RIVER-2, DEC-15.
    let r = Record {
        setup: Setup { sets: vec![Set::Base, Set::Ghosts, Set::River], ..Setup::base(&["A", "B"], 1) },
        actions: vec![RecordAction::Pass],
        notes: vec![],
    };
    let e = r.replay(TileSet::builtin()).unwrap_err().to_string();
    assert!(e.contains("\"river\" cannot be played with \"ghosts\""), "{e}");
}

#[test]
fn the_example_in_the_format_document_replays_as_it_says() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/record-format.md")).unwrap();
    let start = doc.find("```json\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let (game, _) = Record::parse(&doc[start..end]).unwrap().replay(TileSet::builtin()).unwrap();
    assert!(game.is_over());
    assert_eq!(game.scores(), vec![3, 0]);
    assert_eq!(game.setup().players[0].color.as_deref(), Some("#d33"));
}

// ------------------------------------------------------------------ share codes

use carcassonne::engine::{Options, PlayerSetup, SpellMode};
use carcassonne::share;

fn random_record(seed: u64, sets: &[&str], options: Options) -> Record {
    let setup = Setup {
        players: (0..2 + seed as usize % 4).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets: sets.iter().map(|s| s.parse().unwrap()).collect(),
        options,
        deck: Deck::Seed(seed),
    };
    let game = carcassonne::selfplay::random_game(TileSet::builtin(), setup, seed * 31 + 7).unwrap();
    Record::of_game(&game)
}

#[test]
fn share_codes_round_trip_whole_games_of_every_set_and_stay_short() {
    let combos: [(&[&str], Options); 5] = [
        (&["base"], Options { abbot: true, ..Options::default() }),
        (&["base", "ghosts"], Options::default()),
        (&["base", "watchtowers", "shrines"], Options { farmers: false, ..Options::default() }),
        (
            &["base", "ghosts", "watchtowers", "shrines", "spellcircles"],
            Options { spell_mode: SpellMode::A, ..Options::default() },
        ),
        (&["base", "river", "watchtowers"], Options::default()),
    ];
    for seed in 0..15u64 {
        let (sets, options) = &combos[seed as usize % combos.len()];
        let record = random_record(seed, sets, options.clone());
        let code = share::encode(&record, TileSet::builtin()).unwrap();
        assert!(code.starts_with("c1."));
        assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "URL-safe: {code}");
        let json_len = record.to_json().len();
        assert!(code.len() * 10 < json_len, "{} chars against {json_len} of JSON", code.len());
        assert_eq!(share::decode(&code, TileSet::builtin()).unwrap(), record, "seed {seed}");
    }
    // A game in progress (here: after three actions, mid-turn) round-trips too.
    let mut record = random_record(5, &["base", "ghosts"], Options::default());
    record.actions.truncate(3);
    let code = share::encode(&record, TileSet::builtin()).unwrap();
    assert_eq!(share::decode(&code, TileSet::builtin()).unwrap(), record);
}

#[test]
fn damaged_share_codes_are_refused_with_the_reason() {
    let record = random_record(3, &["base"], Options::default());
    let code = share::encode(&record, TileSet::builtin()).unwrap();
    let err = |c: &str| share::decode(c, TileSet::builtin()).unwrap_err().to_string();
    assert!(err("hello").contains("must start with \"c1.\""), "{}", err("hello"));
    assert!(err("c1.abc$").contains("not base64url"));
    assert!(err("c1.").contains("ends too soon"));
    assert!(err(&code[..40]).contains("ends inside the setup"), "{}", err(&code[..40]));
    assert!(err("c7.AAAA").contains("newer version"));
    // An action index beyond the legal list: the first move of base has far fewer than
    // 127 legal placements.
    let setup = record.to_value()["setup"].to_string();
    let mut bytes = vec![setup.len() as u8 | 0x80, (setup.len() >> 7) as u8];
    bytes.extend_from_slice(setup.as_bytes());
    bytes.push(127);
    let forged = format!("c1.{}", base64url(&bytes));
    assert!(err(&forged).contains("move 1 is not one of the"), "{}", err(&forged));
}

/// Plain base64url for forging codes in tests (independent of the crate's encoder).
fn base64url(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".as_bytes();
    let mut bits = String::new();
    for b in bytes {
        write!(bits, "{b:08b}").unwrap();
    }
    bits.as_bytes()
        .chunks(6)
        .map(|c| {
            let s = std::str::from_utf8(c).unwrap();
            table[usize::from_str_radix(&format!("{s:0<6}"), 2).unwrap()] as char
        })
        .collect()
}

#[test]
fn a_share_code_made_by_an_earlier_build_still_opens() {
    // tests/data/sample-game.code was written when share codes were introduced. Codes
    // store each action as its index among the legal actions, so if the engine ever lists
    // them in another order this fails: old links would break, and the code format needs
    // a new version (docs/record-format.md).
    let code = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sample-game.code")).unwrap();
    let record = share::decode(&code, TileSet::builtin()).unwrap();
    assert_eq!(record, Record::parse(&sample()).unwrap());
    assert!(code.trim().len() < 400, "{} characters for 142 actions", code.trim().len());
}

// ------------------------------------------------------------------ records by hand

use carcassonne::engine::{Event, Game, Phase};

/// Random games where ghost, circle and cat choices occur, with their records.
fn choice_games() -> Vec<(Game, Record)> {
    (0..40u64)
        .map(|seed| {
            let options =
                Options { spell_mode: SpellMode::A, eloise: seed % 2 == 0, abbot: true, ..Options::default() };
            let sets = ["base", "ghosts", "spellcircles", "watchtowers", "shrines"];
            let record = random_record(seed, &sets, options);
            let (game, _) = record.replay(TileSet::builtin()).unwrap();
            (game, record)
        })
        .collect()
}

#[test]
fn a_forced_choice_may_be_left_out_of_a_hand_written_record() {
    let mut left_out = 0;
    for (game, record) in choice_games() {
        // Drop every ghost, circle and cat answer that was the only one possible.
        let mut g = Game::new(TileSet::builtin(), record.setup.clone()).unwrap();
        let mut kept = Vec::new();
        for (a, ra) in game.history().iter().zip(&record.actions) {
            let forced = matches!(g.phase(), Phase::Set(SetStep::Ghosts(_) | SetStep::Spells(_)))
                && g.legal_actions().len() == 1;
            if forced {
                left_out += 1;
            } else {
                kept.push(ra.clone());
            }
            g.apply(a).unwrap();
        }
        let short = Record { actions: kept, ..record.clone() };
        let (replayed, _) = short.replay(TileSet::builtin()).unwrap();
        assert!(replayed == game, "the same game without its forced choices");
        // The engine writes every choice back, so the full record comes out again.
        assert_eq!(Record::of_game(&replayed), record);
        // A share code of the short record is the full game's.
        let code = share::encode(&short, TileSet::builtin()).unwrap();
        assert_eq!(code, share::encode(&record, TileSet::builtin()).unwrap());
    }
    assert!(left_out > 50, "forced choices occurred: {left_out}");
}

#[test]
fn a_forced_attraction_may_be_written_into_a_hand_written_record() {
    let mut written = 0;
    for (game, record) in choice_games() {
        // After each action, write an `attract` for every ghost a circle took by itself.
        let mut g = Game::new(TileSet::builtin(), record.setup.clone()).unwrap();
        let mut long = Vec::new();
        for (a, ra) in game.history().iter().zip(&record.actions) {
            let ev = g.apply(a).unwrap();
            long.push(ra.clone());
            if matches!(a, carcassonne::engine::Action::Set(SetMove::Spells(spells::Move::Attract { .. }))) {
                continue;
            }
            for e in &ev {
                if let Event::CircleFilled { from: Some(_), x, y } = e {
                    let i = (0..g.figures().len()).find(|&i| g.figure_spot(i).0.x == *x && g.figure_spot(i).0.y == *y);
                    let at = i.map_or("building".to_string(), |i| g.figure_spot(i).1.to_string());
                    long.push(RecordAction::Attract { x: *x, y: *y, at });
                    written += 1;
                }
            }
        }
        let (replayed, _) = Record { actions: long, ..record.clone() }.replay(TileSet::builtin()).unwrap();
        assert!(replayed == game);
    }
    assert!(written > 0, "forced attractions occurred");
}

fn setup_json(extra: serde_json::Value) -> serde_json::Value {
    let mut s = json!({"players": ["A", "B"], "sets": ["base", "ghosts", "spellcircles"], "seed": 5});
    for (k, v) in extra.as_object().unwrap() {
        s[k] = v.clone();
    }
    s
}

#[test]
fn rules_md_option_names_are_accepted_beside_the_records_own() {
    let parse = |options: serde_json::Value| {
        carcassonne::record::parse_setup(&setup_json(json!({ "options": options }))).map(|s| s.options)
    };
    let flat = parse(json!({"spell_mode": "A", "eloise": false})).unwrap();
    assert_eq!(parse(json!({"spellCircles": {"mode": "A", "eloise": false}})).unwrap(), flat);
    assert_eq!(parse(json!({"spellCircles.mode": "A", "spellCircles.eloise": false})).unwrap(), flat);
    assert_eq!(flat.spell_mode, SpellMode::A);
    let e = parse(json!({"spellCircles": {"mode": "A"}, "spell_mode": "B"})).unwrap_err().to_string();
    assert!(e.contains("spellCircles.mode and spell_mode disagree"), "{e}");
    let e = parse(json!({"spellCircles": {"colour": 1}})).unwrap_err().to_string();
    assert!(e.contains("spellCircles"), "{e}");
}

#[test]
fn a_solo_puzzle_has_one_seat_and_a_draw_a_seeded_game_two_to_five() {
    let one = |deck: serde_json::Value| {
        let mut v = json!({"players": ["Solo"], "sets": ["base"]});
        for (k, x) in deck.as_object().unwrap() {
            v[k] = x.clone();
        }
        Record::from_value(json!({"format": "carcassonne-record", "version": 1, "setup": v, "actions": []}))
            .unwrap()
            .replay(TileSet::builtin())
    };
    let (g, _) = one(json!({"draw": ["base.X", "base.T"]})).unwrap();
    assert_eq!(g.players().len(), 1);
    let e = one(json!({"seed": 3})).unwrap_err().to_string();
    assert!(e.contains("2 to 5 players") && e.contains("1 to 5"), "{e}");
}

#[test]
fn copy_counts_take_the_start_tile_off_and_optional_tiles_need_their_option() {
    let draw = |sets: serde_json::Value, draw: serde_json::Value, options: serde_json::Value| {
        let setup = json!({"players": ["A", "B"], "sets": sets, "draw": draw, "options": options});
        Record::from_value(json!({"format": "carcassonne-record", "version": 1, "setup": setup, "actions": []}))
            .unwrap()
            .replay(TileSet::builtin())
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    // base.D: 4 copies, one of them the start tile.
    let d = |n: usize| json!(vec!["base.D"; n]);
    assert!(draw(json!(["base"]), d(3), json!({})).is_ok());
    let e = draw(json!(["base"]), d(4), json!({})).unwrap_err();
    assert!(e.contains("more copies of base.D than the 3"), "{e}");
    // With the River the spring starts, and all 4 are land tiles (BASE-RIVER-1).
    assert!(draw(json!(["base", "river"]), d(4), json!({})).is_ok());
    // The optional RGG shrine tile (SHRINE-GEN-2) needs `optional_tiles`.
    let optional = TileSet::builtin().set_tiles("shrines").find(|(_, t)| t.optional).unwrap().1.id.to_string();
    let e = draw(json!(["base", "shrines"]), json!([optional]), json!({})).unwrap_err();
    assert!(e.contains("only some printings have") && e.contains("optional_tiles"), "{e}");
    assert!(draw(json!(["base", "shrines"]), json!([optional]), json!({"optional_tiles": true})).is_ok());
}

#[test]
fn the_format_document_names_every_option() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/record-format.md")).unwrap();
    let all = serde_json::to_value(Options { tiny_city: true, ..Options::default() }).unwrap();
    for key in all.as_object().unwrap().keys() {
        assert!(doc.contains(&format!("| `{key}` |")), "docs/record-format.md has no row for option {key}");
    }
}

// ------------------------------------------------------------------ equivalent rotations

use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::{Port, Rotation};

/// The record of `game` written as a careless hand would: every symmetric tile at another
/// rotation that looks the same as the one the engine keeps, and every later spot on that
/// square named in the record's own frame (its printed port turned back by the difference).
/// Returns the new record and how many spots it renamed.
fn turned_record(game: &Game) -> (Record, usize) {
    let record = Record::of_game(game);
    let tiles = game.tiles();
    // Square → quarter turns from the kept rotation to the written one.
    let mut turned: Vec<((i64, i64), u8)> = Vec::new();
    let mut last = (0, 0);
    let mut renamed = 0;
    let mut actions = Vec::new();
    for ra in &record.actions {
        let mut v = ra.to_value();
        if let Some(id) = v["tile"].as_str() {
            let def = tiles.get(tiles.index_of(id).unwrap());
            let kept = Rotation::new(v["rotation"].as_u64().unwrap() as u8).unwrap();
            let square = (v["x"].as_i64().unwrap(), v["y"].as_i64().unwrap());
            last = square;
            let other = Rotation::ALL.into_iter().find(|r| *r != kept && def.canonical_rotation(*r) == kept);
            if let Some(r) = other {
                v["rotation"] = json!(r.quarters());
                turned.push((square, (r.quarters() + 4 - kept.quarters()) % 4));
            }
        } else if let Some(at) = v["at"].as_str().and_then(Port::from_name) {
            // A figure or a co-op meeple names a spot on the tile just placed; every other
            // move names its square.
            let square = match (v["x"].as_i64(), v["y"].as_i64()) {
                (Some(x), Some(y)) => (x, y),
                _ => last,
            };
            if let Some(&(_, q)) = turned.iter().find(|(s, _)| *s == square) {
                let written = (at.index() + 12 - 3 * q as usize) % 12;
                v["at"] = json!(Port::NAMES[written]);
                renamed += 1;
            }
        }
        actions.push(RecordAction::from_value(&v).unwrap());
    }
    (Record { actions, ..record }, renamed)
}

/// Replaying the turned record gives the very game (a spot is read on the tile as the
/// record placed it, then kept in the engine's form), for every kind of move that names a
/// spot: figures, ghosts, attractions, Eloïse, and the cooperative game's meeples, burials,
/// points, removals and hounds.
fn assert_turned_records_replay(games: impl Iterator<Item = Game>) -> usize {
    let mut renamed = 0;
    for game in games {
        let (turned, n) = turned_record(&game);
        renamed += n;
        let replayed = turned.replay(game.tiles().clone()).map(|(g, _)| g);
        match replayed {
            Ok(g) => assert!(g == game, "the turned record of {:?} replays to another game", game.setup().deck),
            Err(e) => panic!("the turned record of {:?} is refused: {e}", game.setup().deck),
        }
    }
    renamed
}

#[test]
fn competitive_records_may_place_a_tile_at_any_rotation_that_looks_the_same() {
    let games = choice_games().into_iter().map(|(g, _)| g);
    let renamed = assert_turned_records_replay(games);
    assert!(renamed > 100, "spots on turned tiles: {renamed}");
}

#[test]
fn coop_records_may_place_a_tile_at_any_rotation_that_looks_the_same() {
    let games = (0..60u64).map(|seed| {
        let setup = Setup {
            players: (0..1 + seed as usize % 5).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
            sets: if seed % 2 == 0 { vec![Set::Ghosts] } else { vec![Set::Ghosts, Set::SpellCircles] },
            options: Options { coop: CoopOptions::level(1 + (seed % 6) as u8), ..Options::default() },
            deck: Deck::Seed(seed),
        };
        carcassonne::selfplay::random_game(TileSet::builtin(), setup, seed * 17 + 3).unwrap()
    });
    let renamed = assert_turned_records_replay(games);
    assert!(renamed > 100, "spots on turned tiles: {renamed}");
}

// ------------------------------------------------------------------ typed action errors

/// A record's action is either malformed (not an action of the format: the kind, a field, a
/// port or a tile id is wrong) or illegal (an action, which the game refuses there), and the
/// error says which, with the engine's own refusal for an illegal one.
#[test]
fn an_action_error_tells_a_malformed_action_from_an_illegal_one() {
    use carcassonne::engine::{PlayError, Pos};
    use carcassonne::record::{ActionError, FollowError};
    let with = |action: serde_json::Value| {
        let setup = json!({"players": ["A", "B"], "draw": ["base.U", "base.V"]});
        Record::from_value(json!({"format": "carcassonne-record", "version": 1, "setup": setup, "actions": [action]}))
            .and_then(|r| r.replay(TileSet::builtin()).map(|_| ()))
            .unwrap_err()
    };
    let error = |e: RecordError| match e {
        RecordError::Action { index: 0, error, .. } => error,
        other => panic!("not an action's error: {other}"),
    };
    for malformed in [
        json!({"jump": true}),
        json!({"tile": "base.U", "x": 1, "y": 0}),
        json!({"figure": "meeple", "at": "North"}),
        json!({"tile": "base.ZZ", "x": 1, "y": 0, "rotation": 0}),
    ] {
        assert!(matches!(error(with(malformed.clone())), ActionError::Malformed(_)), "{malformed}");
    }
    let occupied = error(with(json!({"tile": "base.U", "x": 0, "y": 0, "rotation": 0})));
    assert_eq!(occupied, ActionError::Illegal(PlayError::Occupied(Pos::new(0, 0))));
    let wrong_tile = error(with(json!({"tile": "base.V", "x": 1, "y": 0, "rotation": 0})));
    assert!(matches!(wrong_tile, ActionError::Illegal(PlayError::WrongTile { .. })), "{wrong_tile:?}");
    // Following a server's message: out of step, malformed, or illegal, the copy unchanged.
    let mut g = Game::new(
        TileSet::builtin(),
        carcassonne::record::parse_setup(&json!({"players": ["A", "B"], "draw": ["base.U"]})).unwrap(),
    )
    .unwrap();
    let before = g.clone();
    let message = |n: usize, action: serde_json::Value| json!({"n": n, "reveal": [], "action": action});
    let tile = json!({"tile": "base.U", "x": 0, "y": 0, "rotation": 0});
    assert_eq!(Record::follow(&mut g, &message(3, tile.clone())), Err(FollowError::OutOfStep { at: 0, message: 3 }));
    assert!(matches!(
        Record::follow(&mut g, &message(0, json!({"jump": true}))),
        Err(FollowError::Action(ActionError::Malformed(_)))
    ));
    assert_eq!(
        Record::follow(&mut g, &message(0, tile)),
        Err(FollowError::Action(ActionError::Illegal(PlayError::Occupied(Pos::new(0, 0)))))
    );
    assert!(g == before, "a refused message changes nothing");
}

/// A record whose game starts with another seat (`first_player`, a duplicate match's second
/// game) replays with that seat first, and writes the option back; a bad value is refused.
#[test]
fn a_record_keeps_the_first_player() {
    use carcassonne::engine::TileSet;
    use carcassonne::record::Record;
    let text = r#"{"format": "carcassonne-record", "version": 1, "setup": {"players": [{"name": "Ann"}, {"name": "Bo"}],
        "sets": ["base"], "options": {"first_player": 1}, "seed": 9}, "actions": []}"#;
    let r = Record::parse(text).unwrap();
    let (g, _) = r.replay(TileSet::builtin()).unwrap();
    assert_eq!(g.current_player(), 1);
    assert!(Record::of_game(&g).to_json().contains("\"first_player\":1"));
    for bad in ["\"x\"", "-1", "5"] {
        let t = text.replace("\"first_player\": 1", &format!("\"first_player\": {bad}"));
        assert!(Record::parse(&t).and_then(|r| r.replay(TileSet::builtin()).map(|_| ())).is_err(), "{bad}");
    }
}
