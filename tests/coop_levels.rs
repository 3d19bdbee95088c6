//! The cooperative game's level file (data/coop-levels.toml): the built-in table is
//! COOP.md §2.1 number for number; a corrected file changes the game without a rebuild,
//! also through records; a broken file is refused naming the level and the field.

mod common;

use carcassonne::engine::coop::levels::{CemeteryGhost, Closes, HoundRemoval, Level, LevelTable, Markers};
use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Set, Setup, TileSet};
use carcassonne::record::Record;

const BUILTIN: &str = include_str!("../data/coop-levels.toml");

fn row(n: u8) -> Level {
    LevelTable::builtin().level(n).unwrap().clone()
}

/// COOP-LVL-1 … COOP-LVL-6 and the DECISIONs behind the numbers.
#[test]
fn the_built_in_table_is_coop_md_section_2_1() {
    // COOP-LVL-1: no castles or cemeteries, one stack, 15 ghosts, goal 50, no hounds.
    let l = row(1);
    assert_eq!((l.castles, l.cemeteries, l.piles, l.ghosts, l.goal), (false, false, 1, 15, 50));
    assert!(l.hounds.is_empty());
    assert_eq!((l.markers, l.cemetery_ghost, l.face_down), (Markers::Team, CemeteryGhost::None, false));
    // COOP-LVL-2, COOP-DEC-10, COOP-DEC-11: castles, cemeteries closed by 4 sides, the extra
    // ghost on an open cemetery; 15 ghosts, goal 75 (COOP.md v1.1: the one source, DZ-REV-L2).
    let l = row(2);
    assert_eq!((l.castles, l.cemeteries, l.piles, l.ghosts, l.goal), (true, true, 1, 15, 75));
    assert_eq!((l.cemetery_closes, l.cemetery_ghost), (Closes::Sides, CemeteryGhost::OneOpen));
    // COOP-LVL-3: three piles, Rufus 15 and Ronja 50, removal at once.
    let l = row(3);
    assert_eq!(
        (l.piles, l.hounds.clone(), l.hound_removal, l.goal, l.ghosts),
        (3, vec![15, 50], HoundRemoval::AtOnce, 100, 15)
    );
    // COOP-LVL-4, COOP-DEC-12: the same, removal once the hound is surrounded.
    let l = row(4);
    assert_eq!(
        (l.piles, l.hounds.clone(), l.hound_removal, l.goal),
        (3, vec![15, 50], HoundRemoval::WhenSurrounded, 100)
    );
    // COOP-LVL-5: 13 ghosts, cemeteries closed by all 8, ghosts on misty neighbours, face-down
    // tiles, no extra cemetery ghost; goal 100 (COOP-DEC-11, COOP-DEC-16: any player count).
    let l = row(5);
    assert_eq!(
        (l.ghosts, l.cemetery_closes, l.cemetery_ghost, l.face_down, l.goal),
        (13, Closes::Around, CemeteryGhost::Neighbours, true, 100)
    );
    // COOP-LVL-6, COOP-DEC-13, COOP-DEC-14, COOP-3d-4: 12 ghosts, a marker per colour with goal
    // 50, hounds 8 and 25, level 4's delayed removal and level 5's haunted cemetery kept.
    let l = row(6);
    assert_eq!((l.ghosts, l.markers, l.goal, l.hounds.clone()), (12, Markers::Colour, 50, vec![8, 25]));
    assert_eq!((l.hound_removal, l.face_down, l.cemetery_closes), (HoundRemoval::WhenSurrounded, true, Closes::Around));
    // The file the game reads is the one in data/.
    assert_eq!(&LevelTable::parse(BUILTIN).unwrap(), LevelTable::builtin());
}

fn game_of(level: Level, seats: usize) -> Result<Game, carcassonne::engine::SetupError> {
    Game::new(
        TileSet::builtin(),
        Setup {
            players: (0..seats).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
            sets: vec![Set::Ghosts],
            options: Options { coop: Some(CoopOptions { level, piles: None }), ..Options::default() },
            deck: Deck::Seed(11),
        },
    )
}

/// A corrected level file is read at run time: the game plays its numbers, and its records
/// carry them so that they replay the same anywhere.
#[test]
fn a_corrected_level_file_changes_the_game_without_a_rebuild() {
    let corrected = BUILTIN.replacen("goal = 50            # DZ-SETUP, WMB, RDS", "goal = 60", 1).replacen(
        "ghosts = 15          # DZ-SETUP",
        "ghosts = 14",
        1,
    );
    let table = LevelTable::parse(&corrected).unwrap();
    let l1 = table.level(1).unwrap().clone();
    assert_eq!((l1.goal, l1.ghosts), (60, 14));
    let g = game_of(l1.clone(), 2).unwrap();
    assert_eq!(g.coop().level().goal, 60);
    assert_eq!(g.coop_supply(), 11);
    // The record names the level and, since they differ from the built-in table, its numbers.
    let text = Record::of_game(&g).to_json();
    assert!(text.contains("\"rules\""), "{text}");
    let (replayed, _) = Record::parse(&text).unwrap().replay(TileSet::builtin()).unwrap();
    assert!(replayed == g);
    assert_eq!(replayed.coop().level(), &l1);
    // A built-in level writes only its number.
    let g = game_of(row(3), 2).unwrap();
    let text = Record::of_game(&g).to_json();
    assert!(text.contains("\"coop\":{\"level\":3}"), "{text}");
}

/// Every way a level file can be broken is refused, naming the level and the field.
#[test]
fn a_broken_level_file_is_refused_naming_level_and_field() {
    let cases: [(&str, &str, Option<u8>, Option<&str>); 9] = [
        (
            "goal = 75            # COOP-DEC-11 (COOP.md v1.1: DZ-REV-L2; 100 before)\nmarkers = \"team\"",
            "goal = 0\nmarkers = \"team\"",
            Some(2),
            Some("goal"),
        ),
        ("piles = 1\nghosts = 15          # DZ-SETUP", "piles = 2\nghosts = 15", Some(1), Some("piles")),
        ("ghosts = 13", "ghosts = 300", Some(5), Some("ghosts")),
        ("hounds = [8, 25]", "hounds = [25, 8]", Some(6), Some("hounds")),
        ("markers = \"colour\"", "markers = \"seat\"", Some(6), Some("markers")),
        ("face_down = false\n", "face_down = \"no\"\n", Some(1), Some("face_down")),
        ("hound_removal = \"at-once\"\nface_down = false\n", "face_down = false\n", Some(1), Some("hound_removal")),
        ("level = 4", "level = 3", Some(3), Some("level")),
        ("level = 6", "level = 9", None, Some("level")),
    ];
    for (from, to, level, field) in cases {
        assert!(BUILTIN.contains(from), "{from}");
        let broken = BUILTIN.replacen(from, to, 1);
        let e = LevelTable::parse(&broken).expect_err(to);
        assert_eq!((e.level, e.field), (level, field), "{to}: {e}");
        let text = e.to_string();
        if let Some(f) = field {
            assert!(text.contains(f), "{text}");
        }
    }
    // Not TOML, no levels, a level missing, an unknown field.
    assert!(LevelTable::parse("[[level]\n").unwrap_err().to_string().contains("not valid TOML"));
    assert!(LevelTable::parse("").unwrap_err().to_string().contains("level"));
    let five = BUILTIN[..BUILTIN.rfind("[[level]]").unwrap()].to_string();
    assert_eq!(LevelTable::parse(&five).unwrap_err().level, Some(6));
    let extra = BUILTIN.replacen("face_down = false\n", "face_down = false\nbonus = 3\n", 1);
    assert!(LevelTable::parse(&extra).unwrap_err().to_string().contains("bonus"));
}

/// A record whose level numbers are broken is refused with the field, never played.
#[test]
fn a_record_with_broken_level_numbers_is_refused() {
    let g = game_of(Level { goal: 60, ..row(1) }, 2).unwrap();
    let text = Record::of_game(&g).to_json().replace("\"goal\":60", "\"goal\":0");
    let e = Record::parse(&text).and_then(|r| r.replay(TileSet::builtin()).map(|_| ())).unwrap_err();
    assert!(e.to_string().contains("goal"), "{e}");
    // A level given by hand through the API is checked too.
    let e = game_of(Level { ghosts: 2, ..row(1) }, 2).unwrap_err();
    assert!(e.to_string().contains("ghosts"), "{e}");
    let e = game_of(row(1), 6).unwrap_err();
    assert!(e.to_string().contains("1 to 5"), "{e}");
}

/// A plain `draw` at levels 3–6 is split into 3 near-equal piles, the first the smallest
/// (COOP-SETUP-5: 10 tiles → 3, 3, 4); a record may deal its own piles instead
/// (`"piles"`, the first pile first, each top first), of any sizes, which a hound opens in
/// turn (COOP-3b-1) and which the record writes back as it read them. Wrong piles are
/// refused with the reason.
#[test]
fn a_record_deals_its_own_piles_or_the_draw_is_split_evenly() {
    let ids = [
        "ghosts.11",
        "ghosts.23",
        "ghosts.44",
        "ghosts.05",
        "ghosts.14",
        "ghosts.11",
        "ghosts.23",
        "ghosts.44",
        "ghosts.05",
        "ghosts.14",
    ];
    let setup = |deck: &str| {
        format!(
            r#"{{"format":"carcassonne-record","version":1,"setup":{{"players":["Ann"],"sets":["ghosts"],"options":{{"coop":{{"level":3}},"unlimited_copies":true}},{deck}}},"actions":[]}}"#
        )
    };
    let play = |text: &str| Record::parse(text).and_then(|r| r.replay(TileSet::builtin())).map(|(g, _)| g);
    let draw = serde_json::to_string(&ids).unwrap();
    let g = play(&setup(&format!(r#""draw":{draw}"#))).unwrap();
    assert_eq!(g.coop().piles, vec![3, 6, 10], "ends of 3, 3 and 4 tiles");
    // 8, 1 and 1: a split no plain draw gives.
    let piles = serde_json::json!([ids[..8], ids[8..9], ids[9..]]);
    let text = setup(&format!(r#""piles":{piles}"#));
    let g = play(&text).unwrap();
    assert_eq!(g.coop().piles, vec![8, 9, 10]);
    assert_eq!(g.active_pile_left(), 7, "pile 1 holds 8, one of them in hand");
    // Written back as piles, and replayed to the same game.
    let again = Record::of_game(&g).to_json();
    assert!(again.contains(&format!(r#""piles":{piles}"#)), "{again}");
    assert!(play(&again).unwrap() == g);
    // Refused: two piles at level 3, an empty pile, piles and a draw, a pile not a list.
    for (deck, why) in [
        (format!(r#""piles":{}"#, serde_json::json!([ids[..5], ids[5..]])), "3 pile(s), not 2"),
        (format!(r#""piles":{}"#, serde_json::json!([ids[..5], ids[5..5], ids[5..]])), "at least one tile"),
        (format!(r#""piles":{piles},"draw":{draw}"#), "either \"draw\" or \"piles\", not both"),
        (r#""piles":[["ghosts.11"],"ghosts.23"]"#.to_string(), "a list of piles"),
    ] {
        let e = play(&setup(&deck)).unwrap_err().to_string();
        assert!(e.contains(why), "{deck}: {e}");
    }
    // Piles outside the cooperative game.
    let text = setup(&format!(r#""piles":{piles}"#)).replace(r#""coop":{"level":3},"#, "");
    assert!(play(&text).unwrap_err().to_string().contains("cooperative game"));
}

/// COOP-SETUP-3: a record may name the colours each seat plays (`"colours"` on a seat, as
/// many as the seat owns); a seat that names none takes the first colours, in the order
/// red, green, blue, yellow, black, pink, that no seat names. Moves, events, the summary
/// and the record all speak of the colours named; wrong colours are refused with the reason.
#[test]
fn a_record_names_the_colours_each_seat_plays() {
    use carcassonne::engine::coop::Move;
    use carcassonne::engine::{Action, Event};
    let setup = |players: &str, level: u8| {
        format!(
            r#"{{"format":"carcassonne-record","version":1,"setup":{{"players":{players},"sets":["ghosts"],"options":{{"coop":{{"level":{level}}},"unlimited_copies":true}},"draw":["ghosts.44","ghosts.11","ghosts.11"]}},"actions":[]}}"#
        )
    };
    let play = |text: &str| Record::parse(text).and_then(|r| r.replay(TileSet::builtin())).map(|(g, _)| g);
    let players = r#"[{"name":"Ann","colours":["pink","blue"]},"Bob"]"#;
    // Level 6: a marker for each colour, so the points show whose they are.
    let mut g = play(&setup(players, 6)).unwrap();
    let summary = carcassonne::summary::coop(&g);
    assert_eq!(summary["colours"], serde_json::json!([["pink", "blue"], ["red", "green"]]));
    assert_eq!(summary["palette"], serde_json::json!(["pink", "blue", "red", "green"]));
    // Ann closes the start tile's city: she may place pink or blue, not Bob's red.
    common::coop::place(&mut g, "ghosts.44", 0, -1, 2);
    let before = g.clone();
    let red = Action::from(Move::Meeple {
        colour: common::coop::colour("red"),
        spot: carcassonne::record::parse_spot("N").unwrap(),
    });
    assert!(g.apply(&red).is_err(), "red is Bob's");
    assert!(g == before, "a refused move changes nothing");
    let ev = common::coop::meeple(&mut g, "pink", "N");
    let pink = common::coop::colour("pink");
    assert!(ev.iter().any(|e| matches!(e, Event::MeeplePlaced { colour, player: 0, .. } if *colour == pink)), "{ev:?}");
    assert_eq!(common::coop::meeples(&g, "pink"), 2);
    let ev = common::coop::points(&mut g, 0, -1, "N");
    assert!(ev.iter().any(|e| matches!(e, Event::TeamScored { colours, .. } if *colours == vec![pink])), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::MeepleReturned { colour, .. } if *colour == pink)), "{ev:?}");
    // The city of 2 squares (the start tile's north-west one and ghosts.44), no coat of
    // arms: 4 points (BASE-CITY-2), on pink's marker (COOP-3d-1).
    let city = common::coop::marker(&g, "pink");
    assert_eq!(city, 4);
    assert_eq!(common::coop::marker(&g, "blue") + common::coop::marker(&g, "red"), 0);
    assert_eq!(common::coop::meeples(&g, "pink"), 3, "back in pink's supply");
    let summary = carcassonne::summary::coop(&g);
    assert_eq!(summary["markers"][0], serde_json::json!(city), "markers follow the palette");
    assert_eq!(summary["meeples"], serde_json::json!([3, 3, 3, 3]));
    // The record writes the colours back and replays to the same game.
    let text = Record::of_game(&g).to_json();
    assert!(text.contains(r#""colours":["pink","blue"]"#), "{text}");
    assert!(text.contains(r#"{"meeple":"pink","at":"Nw"}"#), "{text}");
    assert!(play(&text).unwrap() == g);
    // Three seats play one colour each: Ann black, the others the first two free.
    let g = play(&setup(r#"[{"name":"Ann","colours":["black"]},"Bob","Cy"]"#, 1)).unwrap();
    assert_eq!(carcassonne::summary::coop(&g)["palette"], serde_json::json!(["black", "red", "green"]));
    // Refused, with the reason.
    for (players, why) in [
        (r#"[{"name":"Ann","colours":["pink"]},"Bob"]"#, "each plays 2 colours, not 1"),
        (r#"[{"name":"Ann","colours":["pink","teal"]},"Bob"]"#, "\"teal\" is not a colour"),
        (
            r#"[{"name":"Ann","colours":["pink","blue"]},{"name":"Bob","colours":["red","pink"]}]"#,
            "pink is played by another seat",
        ),
        (r#"[{"name":"Ann","colours":["red","red"]},"Bob"]"#, "named twice"),
        (r#"[{"name":"Ann","colours":"red"},"Bob"]"#, "bad player"),
    ] {
        let e = play(&setup(players, 1)).unwrap_err().to_string();
        assert!(e.contains(why), "{players}: {e}");
    }
    // Colours outside the cooperative game: a competitive seat has one "color".
    let text = r#"{"format":"carcassonne-record","version":1,"setup":{"players":[{"name":"Ann","colours":["red","green"]},"Bob"],"sets":["base"],"seed":1},"actions":[]}"#;
    let e = play(text).unwrap_err().to_string();
    assert!(e.contains("for the cooperative game"), "{e}");
}
