//! Scenario tests of the cooperative game, one per COOP-TEST of ../shared/rules/COOP.md §11,
//! each built by real moves and checked against the exact outcome the scenario gives (team
//! score, ghosts on the board and in the supply, meeples, win or loss and when).
//!
//! Where a scenario starts from a state a real game reaches only after many turns ("S = 45",
//! "supply 1"), the test starts from a level changed the way a corrected level file changes
//! it (a smaller goal, a hound nearer, fewer ghosts), and checks the same step: the points
//! the event adds, the ghosts it moves, and the outcome. Layouts use the real catalogue and,
//! where it lacks a shape, the test tiles of tests/data/coop/test-tiles.toml.
//!
//! The start tile (GHOST-START-1): nw (0,0) city N, road W; ne (1,0) road N, mist E+S (1
//! symbol); sw (0,1) road S, mist W (1); se (1,1) road E, city S, mist N (1). Its banks: A =
//! ne+se, open east of ne; B = sw, open west of sw.

mod common;

use carcassonne::engine::coop::levels::Level;
use carcassonne::engine::coop::{Ending, Hound};
use carcassonne::engine::{Event, FeatureKind, Set};
use common::coop::*;

fn spare<'a>(draw: &[&'a str]) -> Vec<&'a str> {
    let mut d = draw.to_vec();
    d.extend(["ghosts.11", "ghosts.11"]);
    d
}

/// COOP-TEST-01 (COOP-SETUP-2, COOP-SETUP-4): level 1, 3 players, no circles.
#[test]
fn coop_test_01_level_1_setup_for_three() {
    let g = carcassonne::engine::Game::new(
        carcassonne::engine::TileSet::builtin(),
        carcassonne::engine::Setup {
            players: (0..3).map(|i| carcassonne::engine::PlayerSetup::named(&format!("P{i}"))).collect(),
            sets: vec![Set::Ghosts],
            options: carcassonne::engine::Options {
                coop: carcassonne::engine::coop::CoopOptions::level(1),
                ..Default::default()
            },
            deck: carcassonne::engine::Deck::Seed(7),
        },
    )
    .unwrap();
    // A stack of 50: the 60 land tiles without the 5 castles and 5 cemeteries.
    assert_eq!(g.draw_order().len(), 50);
    assert!(g.draw_order().iter().all(|t| !matches!(
        g.tiles().get(*t).building,
        Some(FeatureKind::Castle | FeatureKind::Cemetery)
    )));
    assert_eq!(g.coop().piles, vec![50]);
    // 3 ghosts on the start tile's symbols (ne, sw, se), 12 in the supply.
    assert_eq!((board(&g), supply(&g)), (3, 12));
    for (x, y) in [(1, 0), (0, 1), (1, 1)] {
        assert_eq!(on(&g, x, y), 1);
    }
    assert_eq!(on(&g, 0, 0), 0);
    // 3 colours of 5 meeples, one neutral marker at 0, goal 50, no hounds.
    assert_eq!(g.players().len(), 3);
    for c in ["red", "green", "blue"] {
        assert_eq!(meeples(&g, c), 5);
    }
    assert_eq!(g.coop().markers, vec![0]);
    assert_eq!(g.coop().level().goal, 50);
    assert!(g.coop().hounds.is_empty());
}

/// COOP-TEST-02 (COOP-SETUP-3, COOP-SETUP-5, COOP-SC-1): level 3 for 2 and level 5 solo
/// with the Spell Circles.
#[test]
fn coop_test_02_level_3_for_two_and_level_5_solo_with_circles() {
    let new = |level: u8, seats: usize, sets: Vec<Set>| {
        carcassonne::engine::Game::new(
            carcassonne::engine::TileSet::builtin(),
            carcassonne::engine::Setup {
                players: (0..seats).map(|i| carcassonne::engine::PlayerSetup::named(&format!("P{i}"))).collect(),
                sets,
                options: carcassonne::engine::Options {
                    coop: carcassonne::engine::coop::CoopOptions::level(level),
                    ..Default::default()
                },
                deck: carcassonne::engine::Deck::Seed(3),
            },
        )
        .unwrap()
    };
    let a = new(3, 2, vec![Set::Ghosts]);
    assert_eq!(a.players().len(), 4);
    assert!(["red", "green", "blue", "yellow"].iter().all(|c| meeples(&a, c) == 3));
    assert_eq!(a.coop().piles, vec![20, 40, 60]);
    assert_eq!(a.coop().level().hounds, vec![15, 50]);
    assert_eq!(a.coop().level().goal, 100);
    assert_eq!((board(&a), supply(&a)), (3, 12));

    let b = new(5, 1, vec![Set::Ghosts, Set::SpellCircles]);
    assert_eq!(b.players().len(), 4);
    assert!(["red", "green", "blue", "yellow"].iter().all(|c| meeples(&b, c) == 3));
    assert_eq!(b.coop().piles, vec![23, 46, 69]);
    assert_eq!((board(&b), b.coop().pile, b.coop().supply), (3, 7, 3));
    assert_eq!(b.coop().level().hounds, vec![15, 50]);
    assert_eq!(b.coop().level().goal, 100);
}

/// COOP-TEST-03 (COOP-2a): symbols, minus one for extending.
#[test]
fn coop_test_03_ghost_symbols_less_one_for_extending() {
    let mut g = coop_game(level(1), 1, false, &spare(&["ghosts.27", "ghosts.26", "ghosts.43"]));
    assert_eq!(supply(&g), 12);
    // (a) 2 symbols, joins bank A east of ne without finishing it: 1 ghost.
    turn(&mut g, "ghosts.27", 2, 0, 0);
    assert_eq!((on(&g, 2, 0), supply(&g)), (1, 11));
    // (b) 1 symbol, its mist facing only an empty square: 1 ghost.
    turn(&mut g, "ghosts.26", 0, -1, 2);
    assert_eq!((on(&g, 0, -1), supply(&g)), (1, 10));
    // (c) 1 symbol, joins A's bank without finishing it: none.
    turn(&mut g, "ghosts.43", 3, 0, 0);
    assert_eq!((on(&g, 3, 0), supply(&g), board(&g)), (0, 10, 5));
}

/// COOP-TEST-04 (COOP-1b): a finished bank gives all its ghosts back; the tile that
/// finished it places none.
#[test]
fn coop_test_04_finished_bank_releases_its_ghosts() {
    let mut g = coop_game(level(1), 1, false, &spare(&["ghosts.x-mist2", "ghosts.27", "ghosts.x-mist2"]));
    turn(&mut g, "ghosts.x-mist2", 2, 0, 2); // P: mist on its east edge, 2 ghosts
    turn(&mut g, "ghosts.27", 3, 0, 0); // Q: extends P, 2 - 1 = 1 ghost; open east only
    assert_eq!((on(&g, 2, 0), on(&g, 3, 0), supply(&g), board(&g)), (2, 1, 9, 6));
    let ev = turn(&mut g, "ghosts.x-mist2", 4, 0, 0); // R closes Q's east edge
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsReleased { count: 3, .. })));
    assert_eq!((on(&g, 2, 0), on(&g, 3, 0), on(&g, 4, 0)), (0, 0, 0));
    assert_eq!((supply(&g), board(&g)), (12, 3));
}

/// COOP-TEST-05 (GHOST-MIST-5, COOP-1b-2): a limited bank is never finished.
#[test]
fn coop_test_05_limited_bank_keeps_its_ghosts() {
    let mut g = coop_game(level(2), 1, false, &spare(&["ghosts.02", "ghosts.44", "ghosts.27"]));
    turn(&mut g, "ghosts.02", 1, -1, 3); // T: mist open north and east, 2 ghosts
    assert_eq!(on(&g, 1, -1), 2);
    turn(&mut g, "ghosts.44", 1, -2, 0); // a clear field faces T's north mist: limited
    assert_eq!((on(&g, 1, -2), on(&g, 1, -1)), (0, 2));
    turn(&mut g, "ghosts.27", 2, -1, 0); // closes T's east edge (and extends: 2 - 1 = 1)
    assert_eq!((on(&g, 1, -1), on(&g, 2, -1)), (2, 1));
    assert_eq!((board(&g), supply(&g)), (6, 9));
}

/// COOP-TEST-06 (COOP-3a-1): a 5-square road with two blue meeples and one red: each
/// colour scores in full, 5 × 2 = 10.
#[test]
fn coop_test_06_each_colour_scores_in_full() {
    let mut draw = bench_draw(5);
    draw.extend(["ghosts.x-end", "ghosts.23", "ghosts.x-end", "ghosts.23", "ghosts.23"]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 5);
    turn_with(&mut g, "ghosts.x-end", -1, -2, 2, "blue", "E");
    turn_with(&mut g, "ghosts.23", -3, -2, 0, "red", "W");
    turn_with(&mut g, "ghosts.x-end", -5, -2, 0, "blue", "E");
    turn(&mut g, "ghosts.23", -2, -2, 0);
    assert_eq!(on_board(&g), 3);
    place(&mut g, "ghosts.23", -4, -2, 0);
    pass(&mut g);
    assert_eq!(step(&g), "coop:score");
    let ev = points(&mut g, -1, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::TeamScored { value: 5, points: 10, .. })));
    assert_eq!(score(&g), 10);
    assert_eq!((on_board(&g), meeples(&g, "blue"), meeples(&g, "red")), (0, 3, 3));
    assert_eq!(step(&g), "tile");
}

/// Join draw lists.
fn draws(parts: &[&[&'static str]]) -> Vec<&'static str> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// COOP-TEST-07 (COOP-3a-1): S = 10; a 3-square city with a pennant, red and green:
/// 8 × 2 → S = 26.
#[test]
fn coop_test_07_city_scores_for_each_colour() {
    let draw = draws(&[&bench_draw(8), &road_draw_k(5, 2), &["ghosts.44", "ghosts.44", "ghosts.51"]]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 8);
    score_road(&mut g, -1, -2, 5, &["blue", "red"]);
    assert_eq!(score(&g), 10);
    turn_with(&mut g, "ghosts.44", -6, -2, 3, "red", "N");
    turn_with(&mut g, "ghosts.44", -8, -2, 1, "green", "N");
    place(&mut g, "ghosts.51", -7, -2, 0);
    pass(&mut g);
    let ev = points(&mut g, -6, -2, "N");
    assert!(ev.iter().any(|e| matches!(e, Event::TeamScored { feature: FeatureKind::City, value: 8, points: 16, .. })));
    assert_eq!(score(&g), 26);
    assert_eq!((meeples(&g, "red"), meeples(&g, "green")), (3, 3));
}

/// COOP-TEST-08 (COOP-3a-2): S = 20; yellow's 4-square road gives its points up to remove
/// 3 of the 4 ghosts on one square: the square keeps 1, the supply gains 3, S stays 20.
#[test]
fn coop_test_08_points_given_up_to_remove_three_ghosts() {
    let draw = draws(&[
        &bench_draw(14),
        &road_draw_k(10, 2),
        &["ghosts.05", "ghosts.x-mist1", "ghosts.x-mist1", "ghosts.x-mist1", "ghosts.x-mist1"],
        &road_draw_k(4, 1),
    ]);
    let mut g = coop_game(level(2), 1, false, &spare(&draw));
    bench(&mut g, 14);
    score_road(&mut g, -1, -2, 10, &["blue", "red"]);
    assert_eq!(score(&g), 20);
    // An open cemetery east of the start tile takes the extra ghost of each turn (COOP-2a-4).
    turn(&mut g, "ghosts.05", 2, 0, 0);
    for x in [-1, -3, -5, -7] {
        turn(&mut g, "ghosts.x-mist1", x, -3, 0);
    }
    assert_eq!(on_spot(&g, 2, 0, "cemetery"), 4);
    let before = supply(&g);
    build_road(&mut g, -11, -2, 4, &["yellow"]);
    let ev = remove(&mut g, -11, -2, "E", 2, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsRemoved { count: 3, .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::TeamScored { .. })));
    assert_eq!(on(&g, 2, 0), 1);
    assert_eq!(supply(&g), before + 3);
    assert_eq!(score(&g), 20);
    assert_eq!(meeples(&g, "yellow"), 3);
}

/// COOP-TEST-09 (COOP-3a-2): removal skips the whole joint scoring: S stays 20, not 23;
/// no step lets one colour score while another removes.
#[test]
fn coop_test_09_removal_skips_every_colour() {
    let draw = draws(&[&bench_draw(13), &road_draw_k(10, 2), &road_draw_k(3, 2)]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 13);
    score_road(&mut g, -1, -2, 10, &["blue", "red"]);
    build_road(&mut g, -11, -2, 3, &["red", "blue"]);
    // One points choice for the road, and one removal per square with movable ghosts.
    let listed = g.legal_actions();
    let points_moves = listed
        .iter()
        .filter(|a| matches!(a, carcassonne::engine::Action::Coop(carcassonne::engine::coop::Move::Points { .. })))
        .count();
    assert_eq!(points_moves, 1);
    assert!(listed.iter().all(|a| matches!(
        a,
        carcassonne::engine::Action::Coop(
            carcassonne::engine::coop::Move::Points { .. } | carcassonne::engine::coop::Move::Remove { .. }
        )
    )));
    // Naming the road by blue's meeple is the same feature as by red's.
    remove(&mut g, -13, -2, "E", 1, 0);
    assert_eq!(score(&g), 20);
    assert_eq!((on(&g, 1, 0), board(&g), supply(&g)), (0, 2, 13));
    assert_eq!((meeples(&g, "red"), meeples(&g, "blue"), on_board(&g)), (3, 3, 0));
    assert_eq!(step(&g), "tile");
}

/// COOP-TEST-10 (COOP-3a-2): one tile completes a city and a road; each event is decided
/// on its own: the city's points (+4), the road's removal (2 ghosts from Y).
#[test]
fn coop_test_10_each_event_decided_separately() {
    let draw = draws(&[
        &bench_draw(18),
        &road_draw_k(15, 2),
        &["ghosts.x-end", "ghosts.x-end", "ghosts.11", "ghosts.44", "ghosts.x-mist2", "ghosts.x-mist2", "ghosts.45"],
    ]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 18);
    score_road(&mut g, -1, -2, 15, &["blue", "red"]);
    assert_eq!(score(&g), 30);
    turn_with(&mut g, "ghosts.x-end", -16, -2, 2, "red", "E");
    turn_with(&mut g, "ghosts.x-end", -18, -2, 0, "green", "E");
    turn(&mut g, "ghosts.11", -16, -3, 0);
    turn_with(&mut g, "ghosts.44", -17, -3, 2, "green", "N");
    turn(&mut g, "ghosts.x-mist2", -18, -3, 0); // Y
    turn(&mut g, "ghosts.x-mist2", -16, -4, 0);
    assert_eq!((supply(&g), board(&g), on(&g, -18, -3)), (8, 7, 2));
    place(&mut g, "ghosts.45", -17, -2, 0);
    pass(&mut g);
    assert_eq!(step(&g), "coop:score");
    points(&mut g, -17, -3, "N");
    assert_eq!(score(&g), 34);
    assert_eq!(step(&g), "coop:score", "the road waits");
    remove(&mut g, -18, -2, "E", -18, -3);
    assert_eq!((score(&g), supply(&g), on(&g, -18, -3)), (34, 10, 0));
    assert_eq!(on_board(&g), 0);
    assert_eq!((meeples(&g, "green"), meeples(&g, "red")), (3, 3));
}

/// The start tile's catalogue text with other ghost symbols on its squares.
fn start_symbols(ne: u8, sw: u8, se: u8) -> std::sync::Arc<carcassonne::engine::TileSet> {
    let base = carcassonne::engine::tiles::BUILTIN_FILES.iter().find(|f| f.0 == "ghosts").unwrap().1;
    let mut text = format!("{base}\n{TEST_TILES}");
    for (square, n) in [("ne", ne), ("sw", sw), ("se", se)] {
        let at = text.find(&format!("id = \"ghosts.start.{square}\"")).unwrap();
        let rel = text[at..].find("ghost_symbols = 1").unwrap();
        text.replace_range(at + rel..at + rel + "ghost_symbols = 1".len(), &format!("ghost_symbols = {n}"));
    }
    std::sync::Arc::new(carcassonne::engine::TileSet::with_files(&[("ghosts", &text)]).unwrap())
}

/// COOP-TEST-11 (COOP-DEF-6): a removal on the start tile takes from one quarter only;
/// with a corrected tile file (NE 2, SE 1) the same removal takes 2 from NE.
#[test]
fn coop_test_11_start_tile_quarters_are_squares() {
    let draw = draws(&[&bench_draw(2), &road_draw_k(2, 1)]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 2);
    build_road(&mut g, -1, -2, 2, &["red"]);
    remove(&mut g, -1, -2, "E", 1, 0);
    assert_eq!((on(&g, 1, 0), on(&g, 0, 1), on(&g, 1, 1)), (0, 1, 1));

    let mut g = coop_game_in(start_symbols(2, 0, 1), level(1), 1, false, &spare(&draw));
    assert_eq!((on(&g, 1, 0), on(&g, 0, 1), on(&g, 1, 1), supply(&g)), (2, 0, 1, 12));
    bench(&mut g, 2);
    build_road(&mut g, -1, -2, 2, &["red"]);
    let ev = remove(&mut g, -1, -2, "E", 1, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsRemoved { count: 2, .. })));
    assert_eq!((on(&g, 1, 0), on(&g, 1, 1), supply(&g)), (0, 1, 14));
}

/// COOP-TEST-12 (COOP-END-2, COOP-END-4): S = 45, supply 1; the tile needs 2 ghosts and
/// would complete blue's 4-square city: lost in 2a, the city never scored.
#[test]
fn coop_test_12_short_of_ghosts_loses_before_scoring() {
    // A level with 5 ghosts: 3 on the start tile, 1 placed below, 1 left.
    let lvl = Level { ghosts: 5, ..level(1) };
    let draw = draws(&[
        &bench_draw(15),
        &road_draw_k(15, 3),
        &["ghosts.44", "ghosts.x-city", "ghosts.x-city", "ghosts.11", "ghosts.x-mist-we1", "ghosts.x-city-mist3"],
    ]);
    let mut g = coop_game(lvl, 1, false, &spare(&draw));
    bench(&mut g, 15);
    score_road(&mut g, -1, -2, 15, &["blue", "red", "green"]);
    assert_eq!(score(&g), 45);
    turn_with(&mut g, "ghosts.44", -7, -3, 3, "blue", "N");
    turn(&mut g, "ghosts.x-city", -8, -3, 0);
    turn(&mut g, "ghosts.x-city", -9, -3, 0);
    turn(&mut g, "ghosts.11", -9, -4, 0);
    turn(&mut g, "ghosts.x-mist-we1", -10, -4, 1); // mist north and south: the bank stays open
    assert_eq!(supply(&g), 1);
    let ev = place(&mut g, "ghosts.x-city-mist3", -10, -3, 1);
    assert!(ev.iter().any(|e| matches!(e, Event::TeamLost { why: "ghosts", needed: 2, supply: 1, .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::TeamScored { .. })));
    assert_eq!(step(&g), "over");
    assert_eq!(g.coop().ending.unwrap().0, Ending::Ghosts { needed: 2, supply: 1 });
    assert_eq!(score(&g), 45);
}

/// COOP-TEST-13 (COOP-END-1): S = 46; a 1-symbol tile that extends (no ghost) completes
/// red's 4-square road: S = 50, won at once.
#[test]
fn coop_test_13_goal_reached_wins_at_once() {
    let draw = draws(&[
        &bench_draw(23),
        &road_draw_k(23, 2),
        &["ghosts.x-end", "ghosts.23", "ghosts.x-end", "ghosts.11", "ghosts.x-mist-we1", "ghosts.12"],
    ]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 23);
    score_road(&mut g, -1, -2, 23, &["blue", "red"]);
    assert_eq!(score(&g), 46);
    turn_with(&mut g, "ghosts.x-end", -5, -3, 2, "red", "E");
    turn(&mut g, "ghosts.23", -7, -3, 0);
    turn(&mut g, "ghosts.x-end", -8, -3, 0);
    turn(&mut g, "ghosts.11", -5, -4, 0);
    turn(&mut g, "ghosts.x-mist-we1", -6, -4, 1); // mist north and south: the bank stays open
    let board_before = board(&g);
    place(&mut g, "ghosts.12", -6, -3, 0);
    assert_eq!(board(&g), board_before, "extending: 1 - 1 = 0 ghosts");
    pass(&mut g);
    let ev = points(&mut g, -5, -3, "E");
    assert_eq!(score(&g), 50);
    assert!(ev.iter().any(|e| matches!(e, Event::TeamWon { .. })));
    assert_eq!(step(&g), "over");
    assert!(g.coop().ending.unwrap().0.won());
    assert!(g.legal_actions().is_empty());
}

/// COOP-TEST-14 (COOP-END-3): the stack is empty at the start of a turn: lost.
#[test]
fn coop_test_14_empty_stack_loses() {
    let mut g = coop_game(level(1), 2, false, &["ghosts.44"]);
    let ev = turn(&mut g, "ghosts.44", 0, -1, 2);
    assert!(ev.iter().any(|e| matches!(e, Event::TeamLost { why: "pile", turn: 2, .. })));
    assert_eq!(step(&g), "over");
    assert_eq!(g.coop().ending, Some((Ending::Pile, 2)));
    assert_eq!(score(&g), 0);
}

/// COOP-TEST-15 (COOP-1a-3): a tile with no legal position leaves the game and the same
/// player draws again; with the pile then empty, the team loses.
#[test]
fn coop_test_15_unplaceable_tile_is_replaced_or_loses() {
    let mut g = coop_game(level(1), 2, false, &["ghosts.44", "ghosts.44", "ghosts.x-cccc", "ghosts.11", "ghosts.x-cccc"]);
    turn(&mut g, "ghosts.44", 0, -1, 2); // closes nw's city
    turn(&mut g, "ghosts.44", 1, 2, 0); // closes se's city
    // P1's draw: the all-city tile fits nowhere, leaves, and P1 draws the field tile.
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.discarded().len(), 1);
    turn(&mut g, "ghosts.11", -1, 1, 0);
    // P2 draws the last tile, which fits nowhere: the pile is then empty.
    assert_eq!(g.discarded().len(), 2);
    assert_eq!(step(&g), "over");
    assert_eq!(g.coop().ending.unwrap().0, Ending::Pile);
}

/// COOP-TEST-16 (COOP-3a, COOP-LVL-2): S = 30; red's castle, misty, with 5 misty squares
/// among its 8 neighbours, is completed by the 8th: 6 × 2 = 12, S = 42.
#[test]
fn coop_test_16_castle_counts_misty_squares() {
    let draw = draws(&[
        &bench_draw(15),
        &road_draw_k(15, 2),
        &[
            "ghosts.x-mist1",
            "ghosts.x-mist1",
            "ghosts.x-mist1",
            "ghosts.03",
            "ghosts.x-end",
            "ghosts.x-end",
            "ghosts.x-mist1",
            "ghosts.x-mist1",
            "ghosts.11",
        ],
    ]);
    let mut g = coop_game(level(2), 1, false, &spare(&draw));
    bench(&mut g, 15);
    score_road(&mut g, -1, -2, 15, &["blue", "red"]);
    assert_eq!(score(&g), 30);
    for x in [-2, -3, -4] {
        turn(&mut g, "ghosts.x-mist1", x, -3, 0);
    }
    turn_with(&mut g, "ghosts.03", -3, -4, 2, "red", "building");
    turn(&mut g, "ghosts.x-end", -4, -4, 0);
    turn(&mut g, "ghosts.x-end", -2, -4, 2); // completes the road through the castle tile (no meeple)
    turn(&mut g, "ghosts.x-mist1", -4, -5, 0);
    turn(&mut g, "ghosts.x-mist1", -3, -5, 0);
    assert_eq!(score(&g), 30);
    place(&mut g, "ghosts.11", -2, -5, 0); // the 8th neighbour, clear
    pass(&mut g);
    let ev = points(&mut g, -3, -4, "building");
    assert!(ev.iter().any(|e| matches!(e, Event::TeamScored { feature: FeatureKind::Castle, value: 12, .. })));
    assert_eq!(score(&g), 42);
    assert_eq!(meeples(&g, "red"), 3);
}

/// The level-2 opening of COOP-TEST-17: cemetery C1 east of the start tile with 1 ghost,
/// C2 north of it with none; supply 10.
fn two_open_cemeteries(extra: &[&'static str]) -> carcassonne::engine::Game {
    let draw = draws(&[&["ghosts.05", "ghosts.x-mist1", "ghosts.05"], extra]);
    let mut g = coop_game(level(2), 1, false, &spare(&draw));
    turn(&mut g, "ghosts.05", 2, 0, 0); // C1: no symbols, no ghost
    assert_eq!(on(&g, 2, 0), 0);
    turn(&mut g, "ghosts.x-mist1", -1, 1, 0); // 1 ghost, and 1 on the only open cemetery
    turn(&mut g, "ghosts.05", 0, -1, 2); // C2
    assert_eq!((on(&g, 2, 0), on(&g, 0, -1), supply(&g), board(&g)), (1, 0, 10, 5));
    g
}

/// COOP-TEST-17 (COOP-2a-4): ghosts from the supply this turn: 1 more on one open
/// cemetery, the team's choice, never more than one a turn; none after an extending tile
/// that placed no ghost.
#[test]
fn coop_test_17_one_extra_ghost_on_an_open_cemetery() {
    // (a) 2 symbols, not extending: 2 on the tile, then the choice of cemetery.
    let mut g = two_open_cemeteries(&["ghosts.x-mist2"]);
    place(&mut g, "ghosts.x-mist2", -1, 2, 0);
    assert_eq!(step(&g), "coop:cemetery_ghost");
    assert_eq!(g.legal_actions().len(), 2, "C1 or C2");
    choose(&mut g, 0, -1, "cemetery");
    pass(&mut g);
    assert_eq!((on(&g, -1, 2), on(&g, 2, 0), on(&g, 0, -1)), (2, 1, 1));
    assert_eq!((supply(&g), board(&g)), (7, 8));
    // (b) 1 symbol, extending: no ghost, so no cemetery ghost.
    let mut g = two_open_cemeteries(&["ghosts.x-mist-we1"]);
    turn(&mut g, "ghosts.x-mist-we1", -2, 1, 0);
    assert_eq!((on(&g, -2, 1), supply(&g), board(&g)), (0, 10, 5));
}

/// COOP-TEST-18 (COOP-2a-2, COOP-2a-4): supply 2; the 2 symbols take both, and the
/// cemetery ghost finds none: lost.
#[test]
fn coop_test_18_cemetery_ghost_short_loses() {
    let lvl = Level { ghosts: 5, ..level(2) };
    let mut g = coop_game(lvl, 1, false, &spare(&["ghosts.05", "ghosts.x-mist2"]));
    turn(&mut g, "ghosts.05", 2, 0, 0);
    assert_eq!(supply(&g), 2);
    let ev = place(&mut g, "ghosts.x-mist2", -1, 1, 0);
    assert_eq!((on(&g, -1, 1), supply(&g)), (2, 0));
    assert!(ev.iter().any(|e| matches!(e, Event::TeamLost { why: "ghosts", needed: 1, supply: 0, .. })));
    assert_eq!(step(&g), "over");
}

/// COOP-TEST-19 (COOP-1c, COOP-1c-1, COOP-1c-2): the 4th side of cemetery C (3 ghosts)
/// is filled: yellow's knight is buried, C's ghosts return, and C takes no more ghosts.
#[test]
fn coop_test_19_closed_cemetery_buries_and_returns_its_ghosts() {
    let draw = [
        "ghosts.05",
        "ghosts.x-mist1",
        "ghosts.x-mist1",
        "ghosts.x-city",
        "ghosts.x-mist1",
        "ghosts.11",
        "ghosts.x-end",
        "ghosts.x-mist1",
    ];
    let mut g = coop_game(level(2), 4, false, &spare(&draw));
    turn(&mut g, "ghosts.05", 2, 0, 0); // red's turn: cemetery C
    turn(&mut g, "ghosts.x-mist1", -1, 1, 0); // green: 1 ghost, 1 on C
    turn(&mut g, "ghosts.x-mist1", -1, 2, 0); // blue: 1, 1 on C
    turn_with(&mut g, "ghosts.x-city", 2, -1, 1, "yellow", "E"); // a knight in the city north of C
    turn(&mut g, "ghosts.x-mist1", -1, 3, 0); // red: 1, 1 on C
    assert_eq!((on(&g, 2, 0), supply(&g), board(&g)), (3, 6, 9));
    turn(&mut g, "ghosts.11", 3, 0, 0); // green: C's east side (3 of 4 now)
    assert_eq!(meeples(&g, "yellow"), 4);
    place(&mut g, "ghosts.x-end", 2, 1, 2); // blue fills the 4th side; diagonals still empty
    assert_eq!(step(&g), "coop:bury");
    let ev = bury(&mut g, 2, -1, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::MeepleBuried { .. })));
    assert_eq!((on(&g, 2, 0), supply(&g), board(&g)), (0, 9, 6));
    assert_eq!(on_board(&g), 0);
    assert_eq!(g.coop().buried.len(), 1);
    pass(&mut g); // no meeple this turn
    // Yellow keeps 4 meeples for the rest of the game, and C never takes a ghost again.
    assert_eq!(meeples(&g, "yellow") as usize + on_board(&g), 4);
    turn(&mut g, "ghosts.x-mist1", -1, 4, 0);
    assert_eq!((on(&g, 2, 0), supply(&g)), (0, 8));
}

/// COOP-TEST-20 (COOP-1c): a cemetery closes with no meeple on the board: one meeple from
/// a supply is buried, the team's choice (black 5 → 4).
#[test]
fn coop_test_20_burial_from_a_supply() {
    let draw = ["ghosts.05", "ghosts.44", "ghosts.11", "ghosts.x-end"];
    let mut g = coop_game(level(2), 5, false, &spare(&draw));
    turn(&mut g, "ghosts.05", 2, 0, 0);
    turn(&mut g, "ghosts.44", 2, -1, 2);
    turn(&mut g, "ghosts.11", 3, 0, 0);
    place(&mut g, "ghosts.x-end", 2, 1, 2);
    assert_eq!(step(&g), "coop:bury");
    assert_eq!(g.legal_actions().len(), 5, "any colour's supply");
    play(&mut g, carcassonne::engine::coop::Move::BuryFromSupply { colour: colour("black") });
    assert_eq!(meeples(&g, "black"), 4);
    assert!(["red", "green", "blue", "yellow"].iter().all(|c| meeples(&g, c) == 5));
    assert_eq!(g.coop().buried.len(), 1);
}
