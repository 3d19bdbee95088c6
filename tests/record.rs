//! The saved-game format: round trips, explicit draw orders, versions, and clear errors
//! that change nothing.

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
    for bad in ["expert", "random", ""] {
        v["setup"]["players"][1]["computer"] = json!(bad);
        let e = Record::from_value(v.clone()).unwrap_err().to_string();
        assert!(e.contains("computer level must be easy, medium or hard"), "{bad:?}: {e}");
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
