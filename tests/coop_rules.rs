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
use carcassonne::engine::SetMove;
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
    assert!(g
        .draw_order()
        .iter()
        .all(|t| !matches!(g.tiles().get(*t).building, Some(FeatureKind::Castle | FeatureKind::Cemetery))));
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

/// COOP-TEST-04 (COOP-1b; Q is TEST-79: 2 symbols, extending, 1 ghost): a finished bank gives all its ghosts back; the tile that
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

/// COOP-TEST-05 (GHOST-MIST-5, COOP-1b-2, COOP-SCOPE-4): a limited bank is never finished.
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

/// COOP-TEST-06 (COOP-3a-1, TEST-80): a 5-square road with two blue meeples and one red: each
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

/// COOP-TEST-07 (COOP-3a-1, TEST-81): S = 10; a 3-square city with a pennant, red and green:
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

/// COOP-TEST-08 (COOP-3a-2, TEST-82): S = 20; yellow's 4-square road gives its points up to remove
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
        .filter(|a| {
            matches!(a, carcassonne::engine::Action::Set(SetMove::Coop(carcassonne::engine::coop::Move::Points { .. })))
        })
        .count();
    assert_eq!(points_moves, 1);
    assert!(listed.iter().all(|a| matches!(
        a,
        carcassonne::engine::Action::Set(SetMove::Coop(
            carcassonne::engine::coop::Move::Points { .. } | carcassonne::engine::coop::Move::Remove { .. }
        ))
    )));
    // Naming the road by blue's meeple is the same feature as by red's.
    remove(&mut g, -13, -2, "E", 1, 0);
    assert_eq!(score(&g), 20);
    assert_eq!((on(&g, 1, 0), board(&g), supply(&g)), (0, 2, 13));
    assert_eq!((meeples(&g, "red"), meeples(&g, "blue"), on_board(&g)), (3, 3, 0));
    assert_eq!(step(&g), "tile");
}

/// COOP-TEST-10 (COOP-3a-2, COOP-3a-4: the active player orders the events): one tile completes a city and a road; each event is decided
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

/// COOP-TEST-12 (COOP-END-2, COOP-END-4, TEST-84): S = 45, supply 1; the tile needs 2 ghosts and
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
    assert!(ev.iter().any(|e| matches!(e, Event::TeamLost { why, needed: 2, supply: 1, ..  } if why == "ghosts")));
    assert!(!ev.iter().any(|e| matches!(e, Event::TeamScored { .. })));
    assert_eq!(step(&g), "over");
    assert_eq!(g.coop().ending.unwrap().0, Ending::Ghosts { needed: 2, supply: 1, step: "symbols" });
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
    let lost = ev.iter().find(|e| matches!(e, Event::TeamLost { why, turn: 2, ..  } if why == "pile")).expect("lost");
    let names = ["A".to_string(), "B".to_string()];
    assert_eq!(
        carcassonne::text::describe(lost, &names),
        "The stack ran out on turn 2 before the goal: the ghosts win"
    );
    assert_eq!(step(&g), "over");
    assert_eq!(g.coop().ending, Some((Ending::Pile, 2)));
    // `carc replay` names the step: the draw of turn 2 (COOP-1a-1).
    let outcome = carcassonne::summary::summary(&g)["coop"]["outcome"].clone();
    assert_eq!(outcome, serde_json::json!({"why": "pile", "won": false, "turn": 2, "step": "draw"}));
    assert_eq!(score(&g), 0);
}

/// COOP-TEST-15 (COOP-1a-3, COOP-DEC-04): a tile with no legal position leaves the game and the same
/// player draws again; with the pile then empty, the team loses.
#[test]
fn coop_test_15_unplaceable_tile_is_replaced_or_loses() {
    let mut g =
        coop_game(level(1), 2, false, &["ghosts.44", "ghosts.44", "ghosts.x-cccc", "ghosts.11", "ghosts.x-cccc"]);
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
    assert!(ev.iter().any(|e| matches!(e, Event::TeamLost { why, needed: 1, supply: 0, ..  } if why == "ghosts")));
    assert_eq!(step(&g), "over");
    // The step that asked: the extra ghost of an open cemetery (carc replay's outcome).
    assert_eq!(g.coop().ending.unwrap().0, Ending::Ghosts { needed: 1, supply: 0, step: "cemetery" });
}

/// COOP-TEST-19 (COOP-1c, COOP-1c-1, COOP-1c-2, COOP-DEF-4): the 4th side of cemetery C (3 ghosts)
/// is filled: yellow's knight is buried, C's ghosts return, and C takes no more ghosts.
#[test]
fn coop_test_19_closed_cemetery_buries_and_returns_its_ghosts() {
    let mut g = cemetery_c_closing();
    assert_eq!((on(&g, 2, 0), supply(&g), board(&g)), (3, 6, 9));
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

/// A deck of three equal piles: `first` padded with field tiles to `size`, then two piles
/// of `size` field tiles.
fn three_piles(first: &[&'static str], size: usize) -> Vec<&'static str> {
    assert!(first.len() <= size);
    let mut d = first.to_vec();
    d.resize(3 * size, "ghosts.11");
    d
}

/// Tiles left in the active pile, the tile in hand included.
fn active_left(g: &carcassonne::engine::Game) -> usize {
    g.active_pile_left() + usize::from(matches!(g.phase(), carcassonne::engine::Phase::Tile { .. }))
}

/// COOP-TEST-21 (COOP-3b-1): the score passes Rufus: pile 1's last 4 tiles go on pile 2,
/// Rufus goes with green's meeple on G, and at level 3 the team removes at once 2 from G
/// and 3 from the cemetery H beside it. (Rufus lies at 6 here, the city's value, in place
/// of S = 12 and Rufus at 15: the same passing.)
#[test]
fn coop_test_21_rufus_opens_pile_two_and_removes_at_once() {
    let lvl = Level { hounds: vec![6, 50], ..level(3) };
    let setup: Vec<&str> = draws(&[
        &bench_draw(8),
        &["ghosts.05", "ghosts.14", "ghosts.x-mist1", "ghosts.x-mist1", "ghosts.x-mist1", "ghosts.x-city", "ghosts.44"],
    ]);
    let mut g = coop_game(lvl, 1, false, &three_piles(&setup, setup.len() + 4));
    bench(&mut g, 8);
    turn(&mut g, "ghosts.05", 2, 0, 0); // H
    turn_with(&mut g, "ghosts.14", 3, 0, 1, "green", "E"); // G: 2 ghosts, 1 more on H
    for x in [-1, -3, -5] {
        turn(&mut g, "ghosts.x-mist1", x, -2, 0); // 1 each, 1 more on H each
    }
    assert_eq!((on(&g, 3, 0), on(&g, 2, 0), board(&g), supply(&g)), (2, 4, 12, 3));
    turn_with(&mut g, "ghosts.x-city", 1, 2, 1, "blue", "E"); // on se's city
    place(&mut g, "ghosts.44", 1, 3, 0); // completes se + 2: a city of 3, no pennant
    pass(&mut g);
    assert_eq!(active_left(&g), 4);
    let ev = points(&mut g, 1, 2, "E");
    assert_eq!(score(&g), 6);
    assert!(ev.iter().any(|e| matches!(e, Event::HoundReached { hound: 0 })));
    assert!(ev.iter().any(|e| matches!(e, Event::PileOpened { pile: 2, tiles: 24 })));
    assert_eq!(g.coop().active, 1);
    assert_eq!(step(&g), "coop:hound");
    // The page's summary says Rufus waits for his meeple (not "out of the game").
    let hound = |g: &carcassonne::engine::Game| carcassonne::summary::summary(g)["coop"]["hounds"][0]["state"].clone();
    assert_eq!(hound(&g), "choosing");
    with(&mut g, 3, 0, "E");
    assert_eq!(hound(&g), "with");
    assert_eq!(step(&g), "coop:removal");
    clear(&mut g, 3, 0);
    clear(&mut g, 2, 0);
    assert_eq!((on(&g, 3, 0), on(&g, 2, 0)), (0, 1));
    assert_eq!((supply(&g), board(&g)), (8, 7));
    assert_eq!(step(&g), "tile", "two squares at most");
    assert!(matches!(g.coop().hounds[0], Hound::With { .. }));
}

/// COOP-TEST-22 (COOP-3b-3, TEST-83): Rufus's meeple is scored with a removal: no points for the
/// road, then Rufus's 1 per ghost on the board (9), no choice; Rufus leaves.
#[test]
fn coop_test_22_hound_scores_ghosts_on_the_board() {
    let lvl = Level { hounds: vec![2, 50], ..level(3) };
    let setup = draws(&[
        &bench_draw(8),
        &["ghosts.x-end", "ghosts.x-end", "ghosts.x-end", "ghosts.05"],
        &["ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist2"],
        &["ghosts.23", "ghosts.23", "ghosts.23", "ghosts.x-end"],
    ]);
    let mut g = coop_game(lvl, 1, false, &three_piles(&setup, 30));
    bench(&mut g, 8);
    turn_with(&mut g, "ghosts.x-end", -3, -2, 2, "green", "E"); // green's road, open
                                                                // A 2-square road for blue: S = 2 reaches Rufus, who goes with green.
    turn_with(&mut g, "ghosts.x-end", -1, -2, 2, "blue", "E");
    place(&mut g, "ghosts.x-end", -2, -2, 0);
    pass(&mut g);
    points(&mut g, -1, -2, "E");
    with(&mut g, -3, -2, "E");
    assert_eq!(step(&g), "tile", "no ghost around Rufus to remove");
    turn(&mut g, "ghosts.05", 2, 0, 0); // cemetery H
    for x in [-1, -2, -3] {
        turn(&mut g, "ghosts.x-mist2", x, -3, 0); // 2 each, 1 more on H each
    }
    assert_eq!((board(&g), supply(&g), on(&g, 2, 0)), (12, 3, 3));
    for x in [-4, -5, -6] {
        turn(&mut g, "ghosts.23", x, -2, 0);
    }
    place(&mut g, "ghosts.x-end", -7, -2, 0); // green's road: 5 squares
    pass(&mut g);
    let ev = remove(&mut g, -3, -2, "E", 2, 0);
    assert_eq!(board(&g), 9);
    assert!(ev.iter().any(|e| matches!(e, Event::HoundScored { hound: 0, points: 9 })));
    assert_eq!(score(&g), 2 + 9);
    assert_eq!(g.coop().hounds[0], Hound::Gone);
    assert_eq!((meeples(&g, "green"), on_board(&g)), (3, 0));
}

/// COOP-TEST-23 (COOP-3b-2): the score reaches Ronja while no unburied meeple is on the
/// board: she is lost, and pile 2's rest still goes on pile 3, which becomes active.
#[test]
fn coop_test_23_hound_without_a_meeple_is_lost() {
    let lvl = Level { hounds: vec![2, 4], ..level(3) };
    let setup = draws(&[
        &bench_draw(4),
        &["ghosts.05", "ghosts.x-city", "ghosts.11", "ghosts.x-end"],
        &road_draw_k(2, 1),
        &road_draw_k(2, 1),
    ]);
    let mut g = coop_game(lvl, 1, false, &three_piles(&setup, 20));
    bench(&mut g, 4);
    // A cemetery closes and red's knight is buried.
    turn(&mut g, "ghosts.05", 2, 0, 0);
    turn_with(&mut g, "ghosts.x-city", 2, -1, 1, "red", "E");
    turn(&mut g, "ghosts.11", 3, 0, 0);
    place(&mut g, "ghosts.x-end", 2, 1, 2);
    bury(&mut g, 2, -1, "E");
    pass(&mut g);
    assert_eq!((on_board(&g), g.coop().buried.len()), (0, 1));
    // Blue's road reaches Rufus: lost, pile 2 opens.
    build_road(&mut g, -1, -2, 2, &["blue"]);
    let ev = points(&mut g, -1, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::HoundLost { hound: 0 })));
    assert!(ev.iter().any(|e| matches!(e, Event::PileOpened { pile: 2, .. })));
    // Another reaches Ronja: lost too, and pile 2's rest goes on pile 3.
    let left = active_left(&g);
    build_road(&mut g, -3, -2, 2, &["blue"]);
    let rest = g.active_pile_left();
    let ev = points(&mut g, -3, -2, "E");
    assert!(left > 0);
    assert!(ev.iter().any(|e| matches!(e, Event::HoundLost { hound: 1 })));
    let opened = ev.iter().find_map(|e| match e {
        Event::PileOpened { pile: 3, tiles } => Some(*tiles),
        _ => None,
    });
    assert_eq!(opened, Some(rest as u32 + 20));
    assert_eq!(g.coop().active, 2);
    assert_eq!(g.coop().hounds, vec![Hound::Gone, Hound::Gone]);
}

/// COOP-TEST-24 (COOP-3b-1): S = 14; an 8-square city with 2 pennants (20), red and blue:
/// +40 → S = 54 passes Rufus and Ronja: pile 1's 6 go on pile 2, and all of those on pile
/// 3; each hound goes with a meeple still on the board, each with its own removal.
#[test]
fn coop_test_24_one_scoring_passes_both_hounds() {
    let setup = draws(&[
        &bench_draw(9),
        &road_draw_k(7, 2),
        &["ghosts.11", "ghosts.x-end", "ghosts.x-mist1", "ghosts.44", "ghosts.x-end", "ghosts.x-mist1"],
        &["ghosts.44", "ghosts.51", "ghosts.51", "ghosts.x-city", "ghosts.x-city"],
        &["ghosts.x-city", "ghosts.x-city"],
    ]);
    let size = setup.len() + 6;
    let mut g = coop_game(level(3), 1, false, &three_piles(&setup, size));
    bench(&mut g, 9);
    score_road(&mut g, -1, -2, 7, &["blue", "red"]);
    assert_eq!(score(&g), 14);
    turn(&mut g, "ghosts.11", -8, -2, 0);
    turn_with(&mut g, "ghosts.x-end", -9, -2, 2, "green", "E");
    turn(&mut g, "ghosts.x-mist1", -9, -3, 0); // 1 ghost beside green
    turn_with(&mut g, "ghosts.44", -1, -3, 3, "red", "N");
    turn_with(&mut g, "ghosts.x-end", -1, -4, 2, "yellow", "E");
    turn(&mut g, "ghosts.x-mist1", 0, -4, 0); // 1 ghost beside yellow
    turn_with(&mut g, "ghosts.44", -8, -3, 1, "blue", "N");
    for (x, id) in
        [(-2, "ghosts.51"), (-3, "ghosts.51"), (-4, "ghosts.x-city"), (-5, "ghosts.x-city"), (-6, "ghosts.x-city")]
    {
        turn(&mut g, id, x, -3, 0);
    }
    place(&mut g, "ghosts.x-city", -7, -3, 0);
    pass(&mut g);
    assert_eq!(active_left(&g), 6);
    let ev = points(&mut g, -1, -3, "N");
    assert!(ev.iter().any(|e| matches!(e, Event::TeamScored { value: 20, points: 40, .. })));
    assert_eq!(score(&g), 54);
    let opened: Vec<(u8, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::PileOpened { pile, tiles } => Some((*pile, *tiles)),
            _ => None,
        })
        .collect();
    assert_eq!(opened, vec![(2, 6 + size as u32), (3, 6 + 2 * size as u32)]);
    // Rufus first, with green; his removal; then Ronja with yellow and hers.
    assert_eq!(step(&g), "coop:hound");
    let hounds_choices = g.legal_actions().len();
    assert_eq!(hounds_choices, 2, "green's and yellow's meeples, not the scored ones");
    with(&mut g, -9, -2, "E");
    assert_eq!(step(&g), "coop:removal");
    clear(&mut g, -9, -3);
    assert_eq!(step(&g), "coop:hound");
    with(&mut g, -1, -4, "E");
    clear(&mut g, 0, -4);
    assert_eq!(step(&g), "tile");
    assert_eq!(active_left(&g), 6 + 2 * size);
    assert!(g.coop().hounds.iter().all(|h| matches!(h, Hound::With { .. })));
}

/// COOP-TEST-25 (COOP-1a-1): the active pile is empty at the start of a turn, Rufus not
/// reached: lost, though piles 2 and 3 still hold tiles.
#[test]
fn coop_test_25_empty_active_pile_loses_with_piles_left() {
    let mut g = coop_game(level(3), 2, false, &three_piles(&["ghosts.44", "ghosts.44"], 2));
    turn(&mut g, "ghosts.44", 0, -1, 2);
    let ev = turn(&mut g, "ghosts.44", 1, 2, 0);
    let lost = ev.iter().find(|e| matches!(e, Event::TeamLost { why, ..  } if why == "pile")).expect("lost");
    assert!(matches!(lost, Event::TeamLost { pile: 1, piles: 3, .. }), "{lost:?}");
    assert_eq!(g.coop().ending.unwrap().0, Ending::Pile);
    assert_eq!(g.tiles_left(), 4, "piles 2 and 3 untouched");
    // The log names the pile that ran out, not "the last pile".
    let names = ["A".to_string(), "B".to_string()];
    assert_eq!(carcassonne::text::describe(lost, &names), "Pile 1 of 3 ran out on turn 3: the ghosts win");
    assert_eq!(
        carcassonne::text::describe_in(carcassonne::text::Lang::Nl, lost, &names),
        "Stapel 1 van 3 raakte op in beurt 3: de spoken winnen"
    );
}

/// The opening of COOP-TEST-26: Rufus (at 2 here) goes with red's meeple on K (-3,-2),
/// 6 of whose 8 neighbours are occupied; x-mist3 at (-4,-3) holds 3 ghosts.
fn rufus_with_red_on_k(extra: &[&'static str]) -> carcassonne::engine::Game {
    let lvl = Level { hounds: vec![2, 50], ..level(4) };
    let setup = draws(&[
        &bench_draw(8),
        &["ghosts.x-end", "ghosts.23", "ghosts.11", "ghosts.x-mist3"],
        &road_draw_k(2, 1),
        extra,
    ]);
    let mut g = coop_game(lvl, 1, false, &three_piles(&setup, setup.len() + 2));
    bench(&mut g, 8);
    turn_with(&mut g, "ghosts.x-end", -3, -2, 0, "red", "E"); // K: red's road runs east
    turn(&mut g, "ghosts.23", -2, -2, 0);
    turn(&mut g, "ghosts.11", -4, -2, 0);
    turn(&mut g, "ghosts.x-mist3", -4, -3, 0);
    build_road(&mut g, -6, -2, 2, &["blue"]);
    points(&mut g, -6, -2, "E");
    assert_eq!(step(&g), "coop:hound");
    with(&mut g, -3, -2, "E");
    assert_eq!(g.board().at(carcassonne::engine::Pos::new(-3, -2)).unwrap().neighbours, 6);
    assert_eq!(step(&g), "tile", "level 4: no removal before K is surrounded");
    assert!(matches!(g.coop().hounds[0], Hound::With { removal: true, .. }));
    g
}

/// COOP-TEST-26 (COOP-3b-5): from level 4 the hound's removal waits until its square is
/// surrounded, then comes at once: 3 from one square and 2 from another; if its meeple is
/// scored first, the hound scores and leaves and the removal never comes.
#[test]
fn coop_test_26_hound_removal_waits_for_the_surround() {
    let mut g = rufus_with_red_on_k(&["ghosts.x-mist2", "ghosts.11"]);
    turn(&mut g, "ghosts.x-mist2", -2, -3, 0); // the 7th neighbour: nothing
    assert_eq!(on(&g, -2, -3), 2);
    // `carc replay` says the removal still waits.
    let rufus = |g: &carcassonne::engine::Game| {
        carcassonne::summary::summary(g)["coop"]["hounds"][0]["with"]["removal"].clone()
    };
    assert_eq!(rufus(&g), true);
    let supply_before = supply(&g);
    place(&mut g, "ghosts.11", -3, -3, 0); // the 8th: the removal, at once
    assert_eq!(step(&g), "coop:removal");
    clear(&mut g, -4, -3);
    clear(&mut g, -2, -3);
    assert_eq!(step(&g), "coop:meeple");
    assert_eq!(supply(&g), supply_before + 5);
    assert!(matches!(g.coop().hounds[0], Hound::With { removal: false, .. }));
    assert_eq!(rufus(&g), false);

    // Variant: red's road is completed first: Rufus scores 1 per ghost and leaves.
    let mut g = rufus_with_red_on_k(&["ghosts.x-end", "ghosts.11", "ghosts.11"]);
    place(&mut g, "ghosts.x-end", -1, -2, 2);
    pass(&mut g);
    let ghosts = board(&g) as i32;
    let ev = points(&mut g, -3, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::HoundScored { hound: 0, points } if *points == ghosts)));
    assert_eq!(score(&g), 2 + 3 + ghosts as u32);
    assert_eq!(g.coop().hounds[0], Hound::Gone);
    turn(&mut g, "ghosts.11", -2, -3, 0);
    turn(&mut g, "ghosts.11", -3, -3, 0); // K surrounded now: no removal
    assert_eq!(on(&g, -4, -3), 3);
}

/// COOP-TEST-27 (COOP-2a-5): level 5: a new cemetery puts 1 ghost on each misty square
/// around it (finished bank or not, ghosts or not), none on itself, and no extra cemetery
/// ghost.
#[test]
fn coop_test_27_new_cemetery_haunts_misty_neighbours() {
    let setup = draws(&[
        &bench_draw(6),
        &["ghosts.x-mist1", "ghosts.x-mist2", "ghosts.x-mist1", "ghosts.x-mist1", "ghosts.x-mist-we1"],
        &["ghosts.11", "ghosts.11", "ghosts.05"],
    ]);
    let mut g = coop_game(level(5), 1, false, &three_piles(&setup, setup.len() + 4));
    bench(&mut g, 6);
    turn(&mut g, "ghosts.x-mist1", -5, -2, 2); // mist east
    turn(&mut g, "ghosts.x-mist2", -3, -2, 0); // M2: 2 ghosts
    turn(&mut g, "ghosts.x-mist1", -4, -2, 0); // M1: finishes the bank with (-5,-2)
    turn(&mut g, "ghosts.x-mist1", -1, -2, 0);
    turn(&mut g, "ghosts.x-mist-we1", -2, -2, 0); // M3: extends (-1,-2): no ghost
    assert_eq!((on(&g, -4, -2), on(&g, -3, -2), on(&g, -2, -2)), (0, 2, 0));
    turn(&mut g, "ghosts.11", -4, -3, 0);
    turn(&mut g, "ghosts.11", -2, -3, 0);
    let (supply0, board0) = (supply(&g), board(&g));
    place(&mut g, "ghosts.05", -3, -3, 0);
    assert_eq!((on(&g, -4, -2), on(&g, -3, -2), on(&g, -2, -2), on(&g, -3, -3)), (1, 3, 1, 0));
    assert_eq!((supply(&g), board(&g)), (supply0 - 3, board0 + 3));
    assert_eq!(step(&g), "coop:meeple");
}

/// COOP-TEST-28 (COOP-DEF-3): level 5: a cemetery with its 4 sides occupied and 2
/// diagonals empty stays open (face-down tiles keep coming); the 8th neighbour closes it.
#[test]
fn coop_test_28_level_5_cemetery_needs_all_eight() {
    let setup = draws(&[&bench_draw(7), &["ghosts.05", "ghosts.11", "ghosts.11", "ghosts.11"]]);
    let mut g = coop_game(level(5), 1, false, &three_piles(&setup, setup.len() + 10));
    bench(&mut g, 6);
    turn(&mut g, "ghosts.11", -7, -1, 0);
    turn(&mut g, "ghosts.05", -3, -2, 0);
    assert_eq!(step(&g), "coop:face_down");
    face_down(&mut g, -4, -2);
    turn(&mut g, "ghosts.11", -2, -2, 0);
    face_down(&mut g, -3, -3); // the 4th side; diagonals (-4,-3) and (-2,-3) empty
    assert!(g.coop().closed.is_empty());
    assert_eq!(step(&g), "tile");
    turn(&mut g, "ghosts.11", -8, -1, 0);
    assert_eq!(step(&g), "coop:face_down", "face-down tiles keep coming");
    face_down(&mut g, -4, -3);
    assert!(g.coop().closed.is_empty());
    place(&mut g, "ghosts.11", -2, -3, 0); // the 8th
    assert_eq!(step(&g), "coop:bury");
    play(&mut g, carcassonne::engine::coop::Move::BuryFromSupply { colour: colour("red") });
    assert_eq!(g.coop().closed.len(), 1);
    assert_eq!(meeples(&g, "red"), 2);
}

/// COOP-TEST-29 (COOP-3c, COOP-1a-2): the end-of-turn tile is drawn unseen from the
/// active pile and laid face down beside the open cemetery; red's road facing it never
/// completes; a tile placed next to it ignores it when matching edges.
#[test]
fn coop_test_29_face_down_tile() {
    let setup = draws(&[&bench_draw(6), &["ghosts.x-end", "ghosts.05", "ghosts.11", "ghosts.44"]]);
    let mut g = coop_game(level(5), 1, false, &three_piles(&setup, setup.len() + 9));
    bench(&mut g, 6);
    turn_with(&mut g, "ghosts.x-end", -1, -2, 2, "red", "E"); // red's road ends west
    turn(&mut g, "ghosts.05", -3, -2, 0);
    assert_eq!(g.active_pile_left(), 11);
    let ev = face_down(&mut g, -2, -2); // E, between the cemetery and red's road
    assert!(ev.iter().any(|e| matches!(e, Event::FaceDownPlaced { x: -2, y: -2 })));
    assert_eq!(active_left(&g), 10);
    assert!(g.board().at(carcassonne::engine::Pos::new(-2, -2)).unwrap().face_down);
    // A city edge facing the face-down square: only a wildcard lets it fit there.
    place(&mut g, "ghosts.44", -2, -3, 2);
    pass(&mut g);
    face_down(&mut g, -4, -2);
    assert_eq!(on_board(&g), 1, "red's meeple stays");
    let road = g.features().root(g.figures()[0].node);
    assert!(!g.features().is_closed(road));
}

/// COOP-TEST-30 (COOP-3c-3, COOP-3c-5, COOP-DEC-06): the end-of-turn face-down tile fills the 8th neighbour of
/// cemetery C (1 ghost): it closes, a meeple is buried at once and the ghost returns.
#[test]
fn coop_test_30_face_down_closes_a_cemetery() {
    // Each face-down tile is the next of the pile: the field tiles after each turn.
    let setup = draws(&[&bench_draw(6), &["ghosts.06", "ghosts.11", "ghosts.x-end", "ghosts.11", "ghosts.11"]]);
    let mut g = coop_game(level(5), 1, false, &three_piles(&setup, setup.len() + 10));
    bench(&mut g, 6);
    turn(&mut g, "ghosts.06", -3, -2, 2); // C: its ghost symbol puts 1 ghost on it
    assert_eq!(on(&g, -3, -2), 1);
    face_down(&mut g, -4, -2);
    turn_with(&mut g, "ghosts.x-end", -2, -2, 0, "red", "E");
    face_down(&mut g, -3, -3);
    turn(&mut g, "ghosts.11", -4, -3, 0); // 7 of 8
    let before = supply(&g);
    face_down(&mut g, -2, -3); // the 8th
    assert_eq!(step(&g), "coop:bury");
    bury(&mut g, -2, -2, "E");
    assert_eq!((on(&g, -3, -2), supply(&g)), (0, before + 1));
    assert_eq!((g.coop().buried.len(), on_board(&g)), (1, 0));
    assert_eq!(step(&g), "tile");
}

/// COOP-TEST-31 (COOP-3c-2): castle K with a face-down tile among its neighbours never
/// scores, even once all 8 are occupied.
#[test]
fn coop_test_31_face_down_haunts_a_castle() {
    let setup = draws(&[
        &bench_draw(6),
        // After the cemetery each turn ends with a face-down tile: the next of the pile.
        &["ghosts.03", "ghosts.x-end", "ghosts.x-end", "ghosts.11", "ghosts.05", "ghosts.11", "ghosts.11"],
    ]);
    let mut g = coop_game(level(5), 1, false, &three_piles(&setup, setup.len() + 10));
    bench(&mut g, 6);
    turn_with(&mut g, "ghosts.03", -3, -2, 2, "blue", "building");
    turn(&mut g, "ghosts.x-end", -4, -2, 0);
    turn(&mut g, "ghosts.x-end", -2, -2, 2);
    turn(&mut g, "ghosts.11", -3, -3, 0);
    turn(&mut g, "ghosts.05", -5, -2, 0);
    face_down(&mut g, -4, -3); // diagonal to K
    place(&mut g, "ghosts.11", -2, -3, 0); // K's 8th neighbour
    pass(&mut g);
    assert_eq!(step(&g), "coop:face_down", "no scoring step: K is haunted");
    assert_eq!(score(&g), 0);
    assert_eq!(on_board(&g), 1);
}

/// COOP-TEST-32 (COOP-3c-4, COOP-DEC-23): the active pile is empty at step 3c: no face-down tile; the
/// next draw loses.
#[test]
fn coop_test_32_no_face_down_from_an_empty_pile() {
    let mut g = coop_game(level(5), 1, false, &three_piles(&["ghosts.05"], 1));
    let ev = turn(&mut g, "ghosts.05", 2, 0, 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::FaceDownPlaced { .. })));
    assert_eq!(g.coop().ending.unwrap().0, Ending::Pile);
    assert!(g.coop().face_down.is_empty());
}

/// COOP-TEST-33 (COOP-3d-1, COOP-3d-2): level 6: each colour moves its own marker; Rufus
/// (8) is resolved once the lowest marker passes it, his removal delayed.
#[test]
fn coop_test_33_level_6_markers_per_colour() {
    let roads: [(usize, &[&str]); 5] =
        [(7, &["red", "green"]), (7, &["red", "blue"]), (9, &["green", "blue"]), (4, &["blue"]), (5, &["yellow"])];
    let mut setup = bench_draw(38);
    for (n, c) in roads {
        setup.extend(road_draw_k(n, c.len()));
    }
    setup.push("ghosts.x-end");
    setup.extend(road_draw_k(4, 2));
    let size = setup.len() + 2;
    // Solo: the same four colours and markers as two players, without the turn order.
    let mut g = coop_game(level(6), 1, false, &three_piles(&setup, size));
    bench(&mut g, 38);
    let mut east = -1;
    for (n, c) in roads {
        score_road(&mut g, east, -2, n, c);
        east -= n as i32;
    }
    let m = |g: &carcassonne::engine::Game| ["red", "blue", "green", "yellow"].map(|c| marker(g, c));
    assert_eq!(m(&g), [14, 20, 16, 5]);
    assert_eq!(g.coop().hounds[0], Hound::Track);
    turn_with(&mut g, "ghosts.x-end", -38, -2, 2, "red", "E"); // an unburied meeple to carry Rufus
    build_road(&mut g, east, -2, 4, &["yellow", "blue"]);
    let ev = points(&mut g, east, -2, "E");
    assert_eq!(m(&g), [14, 24, 16, 9]);
    assert!(ev.iter().any(|e| matches!(e, Event::HoundReached { hound: 0 })));
    assert!(ev.iter().any(|e| matches!(e, Event::PileOpened { pile: 2, .. })));
    with(&mut g, -38, -2, "E");
    assert!(matches!(g.coop().hounds[0], Hound::With { removal: true, .. }));
}

/// COOP-TEST-34 (COOP-3d-2, COOP-END-1): level 6: won once every marker has reached the
/// goal. (The goal is 6 here: blue and green reach it first, then red and yellow's city of
/// value 6 lifts the last two, as R48 B50 G53 Y44 + 6 does at goal 50.)
#[test]
fn coop_test_34_level_6_won_when_every_marker_reaches_the_goal() {
    let lvl = Level { goal: 6, hounds: vec![2, 4], ..level(6) };
    let setup = draws(&[&bench_draw(9), &road_draw_k(6, 2), &["ghosts.44", "ghosts.44", "ghosts.x-city"]]);
    let mut g = coop_game(lvl, 1, false, &three_piles(&setup, setup.len() + 2));
    bench(&mut g, 9);
    score_road(&mut g, -1, -2, 6, &["blue", "green"]);
    let m = |g: &carcassonne::engine::Game| ["red", "blue", "green", "yellow"].map(|c| marker(g, c));
    assert_eq!(m(&g), [0, 6, 6, 0]);
    assert!(!g.is_over());
    turn_with(&mut g, "ghosts.44", -7, -2, 3, "red", "N");
    turn_with(&mut g, "ghosts.44", -9, -2, 1, "yellow", "N");
    place(&mut g, "ghosts.x-city", -8, -2, 0);
    pass(&mut g);
    let ev = points(&mut g, -7, -2, "N");
    assert_eq!(m(&g), [6, 6, 6, 6]);
    assert!(ev.iter().any(|e| matches!(e, Event::TeamWon { .. })));
    assert!(g.coop().ending.unwrap().0.won());
}

/// COOP-TEST-35 (COOP-3d-1): level 6: a removal moves no marker.
#[test]
fn coop_test_35_level_6_removal_moves_no_marker() {
    let setup = draws(&[&bench_draw(8), &road_draw_k(5, 2), &road_draw_k(3, 2)]);
    let mut g = coop_game(level(6), 1, false, &three_piles(&setup, setup.len() + 2));
    bench(&mut g, 8);
    score_road(&mut g, -1, -2, 5, &["red", "green"]);
    assert_eq!((marker(&g, "red"), marker(&g, "green")), (5, 5));
    build_road(&mut g, -6, -2, 3, &["red", "green"]);
    remove(&mut g, -6, -2, "E", 1, 0);
    assert_eq!((marker(&g, "red"), marker(&g, "green"), on(&g, 1, 0)), (5, 5, 0));
}

/// COOP-TEST-36 (COOP-3d-3, COOP-DEC-24, COOP-3b-6): level 6: Ronja's points go to the colour of the meeple she
/// was with: green's city +4, then Ronja +8 (8 ghosts on the board) to green.
#[test]
fn coop_test_36_level_6_hound_points_to_its_colour() {
    // Hounds at 2 and 4 on every marker, so that one road of all four colours passes both.
    let lvl = Level { hounds: vec![2, 4], ..level(6) };
    let setup = draws(&[
        &bench_draw(12),
        &["ghosts.x-end", "ghosts.44"],
        &road_draw_k(7, 4),
        &["ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist1", "ghosts.44"],
    ]);
    let mut g = coop_game(lvl, 1, false, &three_piles(&setup, setup.len() + 2));
    bench(&mut g, 12);
    turn_with(&mut g, "ghosts.x-end", -12, -2, 0, "red", "E"); // carries Rufus
    turn_with(&mut g, "ghosts.44", -9, -2, 3, "green", "N"); // green's city, open west
    score_road(&mut g, -1, -2, 7, &["red", "green", "blue", "yellow"]);
    assert!(["red", "green", "blue", "yellow"].iter().all(|c| marker(&g, c) == 7));
    with(&mut g, -12, -2, "E"); // Rufus with red
    with(&mut g, -9, -2, "N"); // Ronja with green
    for (x, id) in [(-1, "ghosts.x-mist2"), (-3, "ghosts.x-mist2"), (-5, "ghosts.x-mist1")] {
        turn(&mut g, id, x, -3, 0);
    }
    assert_eq!(board(&g), 8);
    place(&mut g, "ghosts.44", -10, -2, 1); // closes green's 2-square city
    pass(&mut g);
    let ev = points(&mut g, -9, -2, "N");
    assert!(ev.iter().any(|e| matches!(e, Event::HoundScored { hound: 1, points: 8 })));
    assert_eq!(marker(&g, "green"), 7 + 4 + 8);
    assert!(["red", "blue", "yellow"].iter().all(|c| marker(&g, c) == 7));
}

/// COOP-TEST-37 (COOP-SC-2): a 2-circle tile with 3 movable ghosts around must draw 2 of
/// them (the team's choice), never a circle ghost, and takes none from the supply.
#[test]
fn coop_test_37_circles_draw_movable_ghosts_first() {
    let draw = ["ghosts.x-mist3", "spellcircles.02", "spellcircles.04"];
    let mut g = coop_game(level(1), 1, true, &spare(&draw));
    turn(&mut g, "ghosts.x-mist3", 2, 0, 2); // N2: 3 ghosts (cat pile 7 → 4)
    place(&mut g, "spellcircles.02", 3, 0, 0); // N3: its circle draws one of N2's
    assert_eq!(step(&g), "coop:attract");
    choose(&mut g, 2, 0, "mist");
    pass(&mut g);
    assert_eq!((on(&g, 2, 0), on_spot(&g, 3, 0, "circle")), (2, 1));
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (6, 4, 5));
    // X: 2 circles; around it N1 = ne (1), N2 (2) and N3's circle ghost (immovable).
    place(&mut g, "spellcircles.04", 2, -1, 0);
    assert_eq!(step(&g), "coop:attract");
    let listed = g.legal_actions();
    assert_eq!(listed.len(), 2, "ne's mist and N2's mist, not N3's circle: {listed:?}");
    choose(&mut g, 1, 0, "mist");
    assert_eq!(step(&g), "coop:attract");
    choose(&mut g, 2, 0, "mist");
    pass(&mut g);
    assert_eq!((on(&g, 1, 0), on(&g, 2, 0), on_spot(&g, 2, -1, "circle")), (0, 1, 2));
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (6, 4, 5));
}

/// The level-2 opening of COOP-TEST-38: an open cemetery C north of the start tile with 1
/// ghost; board 5, cat pile 5, separate 5.
fn circles_and_a_cemetery(x: &'static str) -> carcassonne::engine::Game {
    let mut g = coop_game(level(2), 1, true, &spare(&["ghosts.05", "ghosts.x-mist1", x]));
    turn(&mut g, "ghosts.05", 0, -1, 2);
    turn(&mut g, "ghosts.x-mist1", -1, 1, 0); // 1 ghost, and 1 on C
    assert_eq!((board(&g), g.coop().pile, g.coop().supply, on(&g, 0, -1)), (5, 5, 5, 1));
    g
}

/// COOP-TEST-38 (COOP-SC-4): a circle filled from the supply counts as a ghost added this
/// turn: one more goes on the open cemetery; moved ghosts alone do not.
#[test]
fn coop_test_38_a_circle_filled_from_the_supply_feeds_the_cemetery() {
    let mut g = circles_and_a_cemetery("spellcircles.04");
    turn(&mut g, "spellcircles.04", -1, -1, 0); // only C's ghost around
    assert_eq!(on_spot(&g, -1, -1, "circle"), 2);
    assert_eq!(on(&g, 0, -1), 1, "C's ghost moved into a circle, then the cemetery ghost came");
    assert_eq!((g.coop().pile, board(&g)), (3, 7));
    // Variant: ne's and se's ghosts fill both circles: no supply ghost, no cemetery ghost.
    let mut g = circles_and_a_cemetery("spellcircles.04");
    turn(&mut g, "spellcircles.04", 2, 0, 0);
    assert_eq!((on(&g, 1, 0), on(&g, 1, 1), on_spot(&g, 2, 0, "circle")), (0, 0, 2));
    assert_eq!((on(&g, 0, -1), g.coop().pile, board(&g)), (1, 5, 5));
}

/// COOP-TEST-39 (COOP-1b, COOP-CAT-1): a finished bank gives back its circle ghosts with
/// its mist ghosts, to the cat pile while Eloïse waits in front of it.
#[test]
fn coop_test_39_finished_bank_returns_circle_ghosts_to_the_cat_pile() {
    let setup = draws(&[&bench_draw(7), &["spellcircles.04", "ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist1"]]);
    let mut g = coop_game(level(1), 1, true, &spare(&setup));
    bench(&mut g, 7);
    turn(&mut g, "spellcircles.04", -3, -2, 1); // X: mist W and E, 2 circles from the cat pile
    turn(&mut g, "ghosts.x-mist2", -4, -2, 2); // extends X: 2 - 1 = 1
    turn(&mut g, "ghosts.x-mist2", -6, -2, 0); // 2 elsewhere
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (8, 2, 5));
    let ev = turn(&mut g, "ghosts.x-mist1", -2, -2, 0); // finishes the bank
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsReleased { count: 3, .. })));
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (5, 5, 5));
    assert_eq!(on(&g, -3, -2), 0);
}

/// COOP-TEST-40 (SPELL-8): a 1-circle tile that finishes its own bank leaves its circle
/// empty: nothing drawn, nothing taken; the bank's ghosts go back in 1b.
#[test]
fn coop_test_40_circle_of_a_finished_bank_stays_empty() {
    let setup = draws(&[&bench_draw(5), &["ghosts.x-mist1", "spellcircles.02"]]);
    let mut g = coop_game(level(1), 1, true, &spare(&setup));
    bench(&mut g, 5);
    turn(&mut g, "ghosts.x-mist1", -4, -2, 2); // mist east, 1 ghost
    let (pile, board0) = (g.coop().pile, board(&g));
    let ev = turn(&mut g, "spellcircles.02", -3, -2, 1); // mist west: the bank is finished
    assert!(!ev.iter().any(|e| matches!(e, Event::GhostAttracted { .. } | Event::GhostsPlaced { .. })));
    assert_eq!(on(&g, -3, -2), 0);
    assert_eq!((g.coop().pile, board(&g)), (pile + 1, board0 - 1));
}

/// The opening of COOP-TEST-41: W (-4,-2) holds 2 circle ghosts and 1 mist ghost, board
/// 10, Eloïse deployed with red; green's road (-5,-2) is open.
fn square_w() -> carcassonne::engine::Game {
    let lvl = Level { hounds: vec![2, 50], ..level(3) };
    let setup = draws(&[
        &bench_draw(14),
        &["ghosts.x-end", "ghosts.x-end", "ghosts.x-circles", "ghosts.x-mist2", "ghosts.x-mist2"],
        &road_draw_k(2, 1),
        &["ghosts.x-end"],
    ]);
    let mut g = coop_game(lvl, 1, true, &three_piles(&setup, setup.len() + 2));
    bench(&mut g, 14);
    turn_with(&mut g, "ghosts.x-end", -11, -2, 2, "red", "E");
    turn_with(&mut g, "ghosts.x-end", -5, -2, 2, "green", "E");
    turn(&mut g, "ghosts.x-circles", -4, -2, 0); // W
    assert_eq!((on_spot(&g, -4, -2, "circle"), on_spot(&g, -4, -2, "mist")), (2, 1));
    turn(&mut g, "ghosts.x-mist2", -1, -2, 0);
    place(&mut g, "ghosts.x-mist2", -9, -2, 0); // the 10th ghost on the board: Eloïse
    assert_eq!((board(&g), g.coop().pile), (10, 0));
    assert_eq!(step(&g), "coop:cat");
    with(&mut g, -11, -2, "E");
    pass(&mut g);
    g
}

/// COOP-TEST-41 (COOP-SC-5, COOP-3b-4, COOP-DEC-21, COOP-SC-6): circle ghosts are never removed: a
/// removal on W takes only its mist ghost, and so does a hound; the hound then scores 1 per
/// ghost on the board, circle ghosts included.
#[test]
fn coop_test_41_circle_ghosts_are_never_removed() {
    // A removal for the points of blue's road.
    let mut g = square_w();
    build_road(&mut g, -13, -2, 2, &["blue"]);
    let ev = remove(&mut g, -13, -2, "E", -4, -2);
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsRemoved { count: 1, .. })));
    assert_eq!((board(&g), on_spot(&g, -4, -2, "circle")), (9, 2));
    // Rufus's removal (blue's road scores 2 and reaches him).
    let mut g = square_w();
    build_road(&mut g, -13, -2, 2, &["blue"]);
    points(&mut g, -13, -2, "E");
    with(&mut g, -5, -2, "E");
    assert_eq!(step(&g), "coop:removal");
    let ev = clear(&mut g, -4, -2);
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsRemoved { count: 1, .. })));
    assert_eq!((board(&g), on_spot(&g, -4, -2, "circle")), (9, 2));
    assert_eq!(step(&g), "tile", "only circle ghosts are left around Rufus");
    // Green's road is completed: Rufus scores the 9 ghosts on the board.
    place(&mut g, "ghosts.x-end", -6, -2, 0);
    pass(&mut g);
    let ev = points(&mut g, -5, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::HoundScored { points: 9, .. })));
    assert_eq!(score(&g), 2 + 2 + 9);
}

/// COOP-TEST-42 (COOP-CAT-2): the cat pile's last ghost deploys Eloïse in the middle of 2a:
/// she goes with an unburied meeple at once, or joins the meeple placed this turn.
#[test]
fn coop_test_42_eloise_deploys_when_her_pile_runs_out() {
    let setup = draws(&[&bench_draw(9), &["ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-end"]]);
    let with_red = draws(&[&setup, &["ghosts.x-mist2"]]);
    let mut g = coop_game(level(1), 1, true, &spare(&with_red));
    bench(&mut g, 9);
    for x in [-1, -3, -5] {
        turn(&mut g, "ghosts.x-mist2", x, -2, 0);
    }
    turn_with(&mut g, "ghosts.x-end", -7, -2, 2, "red", "E");
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (9, 1, 5));
    let ev = place(&mut g, "ghosts.x-mist2", -9, -2, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::GhostsPlaced { count: 2, .. })));
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (11, 0, 4));
    assert_eq!(step(&g), "coop:cat");
    with(&mut g, -7, -2, "E");
    assert!(matches!(g.coop().cat, carcassonne::engine::coop::Cat::At(_)));

    // No meeple on the board: she waits, and joins the meeple placed in this turn's 2b.
    let alone = draws(&[&setup[..setup.len() - 1], &["ghosts.14"]]);
    let mut g = coop_game(level(1), 1, true, &spare(&alone));
    bench(&mut g, 9);
    for x in [-1, -3, -5] {
        turn(&mut g, "ghosts.x-mist2", x, -2, 0);
    }
    let ev = place(&mut g, "ghosts.14", -7, -2, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::CatWaits)));
    assert_eq!(step(&g), "coop:meeple");
    let ev = meeple(&mut g, "blue", "E");
    assert!(ev.iter().any(|e| matches!(e, Event::CatJoined { .. })));
}

/// The opening of COOP-TEST-43: S = 20, 4 ghosts in circles, Eloïse with red's meeple on
/// a road of 3 that the next tile completes; yellow's meeple elsewhere; x-mist3 at (-7,-3).
fn eloise_with_red() -> carcassonne::engine::Game {
    let setup = draws(&[
        &bench_draw(16),
        &road_draw_k(10, 2),
        &["ghosts.x-end", "ghosts.x-end", "spellcircles.04", "spellcircles.04", "ghosts.x-mist3", "ghosts.23"],
        &["ghosts.x-end"],
    ]);
    let mut g = coop_game(level(1), 1, true, &spare(&setup));
    bench(&mut g, 16);
    score_road(&mut g, -1, -2, 10, &["blue", "green"]);
    turn_with(&mut g, "ghosts.x-end", -11, -2, 2, "red", "E");
    turn_with(&mut g, "ghosts.x-end", -15, -2, 2, "yellow", "E");
    turn(&mut g, "spellcircles.04", -1, -3, 0);
    turn(&mut g, "spellcircles.04", -4, -3, 0);
    place(&mut g, "ghosts.x-mist3", -7, -3, 0); // the cat pile's last ghosts: Eloïse
    with(&mut g, -11, -2, "E");
    pass(&mut g);
    assert_eq!((g.coop().in_circles(), board(&g), score(&g)), (4, 10, 20));
    turn(&mut g, "ghosts.23", -12, -2, 0);
    place(&mut g, "ghosts.x-end", -13, -2, 0);
    pass(&mut g);
    g
}

/// COOP-TEST-43 (COOP-CAT-3, COOP-CAT-4, TEST-85): Eloïse's meeple is scored: 1 per ghost in a
/// circle, with the points or with a removal; then she moves to another meeple.
#[test]
fn coop_test_43_eloise_scores_circle_ghosts_either_way() {
    let mut g = eloise_with_red();
    let ev = points(&mut g, -11, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::TeamCatScored { points: 4 })));
    assert_eq!(score(&g), 27);
    assert_eq!(step(&g), "coop:cat");
    with(&mut g, -15, -2, "E");

    let mut g = eloise_with_red();
    remove(&mut g, -11, -2, "E", -7, -3);
    assert_eq!(score(&g), 24);
    assert_eq!(on(&g, -7, -3), 0);
    with(&mut g, -15, -2, "E");
    assert!(matches!(g.coop().cat, carcassonne::engine::coop::Cat::At(_)));
}

/// COOP-TEST-44 (COOP-3a-3, COOP-DEC-03): one meeple carries Rufus and Eloïse: the city
/// +4, Rufus +11, Eloïse +5 (S 40 → 60); then Ronja (50) is resolved after the event.
#[test]
fn coop_test_44_one_event_feature_then_hound_then_cat_then_markers() {
    let setup = draws(&[
        &bench_draw(24),
        &["ghosts.44", "ghosts.x-end"],
        &road_draw_k(20, 2),
        &["spellcircles.04", "spellcircles.04", "spellcircles.02", "ghosts.x-mist2", "ghosts.x-mist1", "ghosts.44"],
    ]);
    let mut g = coop_game(level(3), 1, true, &three_piles(&setup, 60));
    bench(&mut g, 24);
    turn_with(&mut g, "ghosts.44", -22, -2, 3, "green", "N"); // green's city, open west
    turn_with(&mut g, "ghosts.x-end", -24, -2, 2, "yellow", "E");
    score_road(&mut g, -1, -2, 20, &["blue", "red"]);
    assert_eq!(score(&g), 40);
    with(&mut g, -22, -2, "N"); // Rufus (15) with green
    for (x, id) in [(-1, "spellcircles.04"), (-4, "spellcircles.04"), (-7, "spellcircles.02")] {
        turn(&mut g, id, x, -3, 0);
    }
    place(&mut g, "ghosts.x-mist2", -10, -3, 0); // the cat pile runs out
    with(&mut g, -22, -2, "N"); // Eloïse with green too
    pass(&mut g);
    turn(&mut g, "ghosts.x-mist1", -13, -3, 0);
    assert_eq!((board(&g), g.coop().in_circles()), (11, 5));
    place(&mut g, "ghosts.44", -23, -2, 1);
    pass(&mut g);
    let ev = points(&mut g, -22, -2, "N");
    let order: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            Event::TeamScored { points, .. } => Some(format!("city {points}")),
            Event::HoundScored { points, .. } => Some(format!("hound {points}")),
            Event::TeamCatScored { points } => Some(format!("cat {points}")),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["city 4", "hound 11", "cat 5"]);
    assert_eq!(score(&g), 60);
    assert_eq!(g.coop().hounds[0], Hound::Gone);
    // Eloïse moves first (to yellow, the only meeple left); then the markers passed:
    // Ronja, whose pile hand-over comes now, and who goes with yellow's meeple too.
    assert_eq!(step(&g), "coop:cat");
    let ev = with(&mut g, -24, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::HoundReached { hound: 1 })));
    assert!(ev.iter().any(|e| matches!(e, Event::PileOpened { pile: 3, .. })));
    assert_eq!(step(&g), "coop:hound");
    with(&mut g, -24, -2, "E");
    assert!(matches!(g.coop().hounds[1], Hound::With { .. }));
}

/// COOP-TEST-45 (COOP-SC-1, COOP-CAT-1, COOP-CAT-2): level 5 with circles: 3 + 7 + 3;
/// Eloïse deploys when the board reaches 10; then a demand of 4 with 3 left loses.
#[test]
fn coop_test_45_level_5_with_circles_runs_short() {
    let setup = draws(&[
        &bench_draw(9),
        &["ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist1", "ghosts.x-mist-2x2"],
    ]);
    let mut g = coop_game(level(5), 1, true, &three_piles(&setup, setup.len() + 2));
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (3, 7, 3));
    bench(&mut g, 9);
    for x in [-1, -3, -5] {
        turn(&mut g, "ghosts.x-mist2", x, -2, 0);
    }
    assert_eq!(g.coop().cat, carcassonne::engine::coop::Cat::Pile);
    let ev = turn(&mut g, "ghosts.x-mist1", -7, -2, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::CatWaits)));
    assert_eq!((board(&g), g.coop().pile, g.coop().supply), (10, 0, 3));
    let ev = place(&mut g, "ghosts.x-mist-2x2", -9, -2, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::TeamLost { why, needed: 4, supply: 3, ..  } if why == "ghosts")));
}

/// COOP-TEST-46 (COOP-3d-3, COOP-CAT-3): level 6: Eloïse's points go to her meeple's
/// colour: blue +6 +3, red +6. (A city of 3 without pennant has the scenario's value 6.)
#[test]
fn coop_test_46_level_6_cat_points_to_her_colour() {
    let setup = draws(&[
        &bench_draw(10),
        &["ghosts.44", "spellcircles.04", "spellcircles.02", "ghosts.x-mist2", "ghosts.x-mist2"],
        &["ghosts.44", "ghosts.x-city"],
    ]);
    let mut g = coop_game(level(6), 1, true, &three_piles(&setup, setup.len() + 2));
    bench(&mut g, 10);
    turn_with(&mut g, "ghosts.44", -8, -2, 3, "blue", "N");
    turn(&mut g, "spellcircles.04", -1, -2, 0);
    turn(&mut g, "spellcircles.02", -4, -2, 0);
    turn(&mut g, "ghosts.x-mist2", -6, -2, 0);
    place(&mut g, "ghosts.x-mist2", -2, -2, 0);
    with(&mut g, -8, -2, "N");
    pass(&mut g);
    assert_eq!(g.coop().in_circles(), 3);
    turn_with(&mut g, "ghosts.44", -10, -2, 1, "red", "N");
    place(&mut g, "ghosts.x-city", -9, -2, 0);
    pass(&mut g);
    points(&mut g, -8, -2, "N");
    assert_eq!((marker(&g, "blue"), marker(&g, "red"), marker(&g, "green"), marker(&g, "yellow")), (9, 6, 0, 0));
}

/// The opening of COOP-TEST-47: Eloïse with yellow's meeple; cemetery C (2,0) has three
/// sides; `green` puts another meeple on the board.
fn eloise_with_yellow(green: bool) -> carcassonne::engine::Game {
    let mut setup = bench_draw(8);
    setup.extend(["ghosts.x-end", "ghosts.x-end", "ghosts.x-mist2", "ghosts.x-mist2", "ghosts.x-mist2"]);
    setup.extend(["ghosts.x-mist1", "ghosts.05", "ghosts.44", "ghosts.11", "ghosts.x-end"]);
    let mut g = coop_game(level(2), 1, true, &spare(&setup));
    bench(&mut g, 8);
    turn_with(&mut g, "ghosts.x-end", -1, -2, 2, "yellow", "E");
    if green {
        turn_with(&mut g, "ghosts.x-end", -3, -2, 2, "green", "E");
    } else {
        turn(&mut g, "ghosts.x-end", -3, -2, 2);
    }
    turn(&mut g, "ghosts.x-mist2", -5, -2, 0);
    turn(&mut g, "ghosts.x-mist2", -7, -2, 0);
    turn(&mut g, "ghosts.x-mist2", -1, -3, 0);
    place(&mut g, "ghosts.x-mist1", -3, -3, 0); // the 7th ghost: Eloïse
    with(&mut g, -1, -2, "E");
    pass(&mut g);
    turn(&mut g, "ghosts.05", 2, 0, 0);
    turn(&mut g, "ghosts.44", 2, -1, 2);
    turn(&mut g, "ghosts.11", 3, 0, 0);
    g
}

/// COOP-TEST-47 (COOP-1c-4, COOP-DEC-07, COOP-DEC-28): burying Eloïse's meeple moves her at once to another
/// unburied meeple, or she waits beside the board.
#[test]
fn coop_test_47_buried_cat_meeple_moves_her_at_once() {
    let mut g = eloise_with_yellow(true);
    place(&mut g, "ghosts.x-end", 2, 1, 2); // closes C
    bury(&mut g, -1, -2, "E");
    assert_eq!(step(&g), "coop:cat", "she moves at once, before the meeple step");
    with(&mut g, -3, -2, "E");
    assert_eq!(step(&g), "coop:meeple");

    let mut g = eloise_with_yellow(false);
    place(&mut g, "ghosts.x-end", 2, 1, 2);
    let ev = bury(&mut g, -1, -2, "E");
    assert!(ev.iter().any(|e| matches!(e, Event::CatWaits)));
    assert_eq!(g.coop().cat, carcassonne::engine::coop::Cat::Waiting);
    // She joins the next meeple placed: this very turn's.
    let ev = meeple(&mut g, "red", "E");
    assert!(ev.iter().any(|e| matches!(e, Event::CatJoined { .. })));
}

/// COOP-DEC-32 (COOP-SC-2): fewer ghosts to draw than circles, in two regions: the drawn
/// ghost fills one circle and the supply the other; ghosts are alike, so no choice is asked.
#[test]
fn coop_dec_32_fewer_to_draw_than_circles() {
    let mut g = coop_game(level(1), 1, true, &spare(&["spellcircles.07"]));
    let pile = g.coop().pile;
    place(&mut g, "spellcircles.07", 1, -1, 0); // north of ne: only ne's ghost around
    assert_eq!(step(&g), "coop:meeple");
    assert_eq!((on_spot(&g, 1, -1, "circle"), on_spot(&g, 1, -1, "circle 1")), (1, 1));
    assert_eq!((on(&g, 1, 0), g.coop().pile), (0, pile - 1));
}

/// COOP-2b-3: a meeple may take a feature its own tile completes; it is scored at once.
#[test]
fn coop_2b_3_meeple_on_the_feature_its_tile_completes() {
    let draw = draws(&[&bench_draw(2), &["ghosts.x-end", "ghosts.x-end"]]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 2);
    turn(&mut g, "ghosts.x-end", -1, -2, 2);
    place(&mut g, "ghosts.x-end", -2, -2, 0); // completes the road of 2
    meeple(&mut g, "green", "E");
    assert_eq!(step(&g), "coop:score");
    points(&mut g, -2, -2, "E");
    assert_eq!((score(&g), meeples(&g, "green")), (2, 3));
}

/// COOP-2b-2, COOP-DEC-20: a road running under mist may be occupied; the mist itself and
/// the fields may not (COOP-2b-1).
#[test]
fn coop_dec_20_a_road_under_mist_may_be_occupied() {
    let draw = draws(&[&bench_draw(2), &["ghosts.13"]]);
    let mut g = coop_game(level(1), 1, false, &spare(&draw));
    bench(&mut g, 2);
    place(&mut g, "ghosts.13", -1, -2, 0);
    let spots: Vec<String> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            carcassonne::engine::Action::Set(SetMove::Coop(carcassonne::engine::coop::Move::Meeple {
                colour: 0,
                spot,
            })) => Some(spot.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(spots, ["E"], "only the road: not the misty field, not the clear fields");
    meeple(&mut g, "red", "W");
    assert_eq!(on_board(&g), 1);
}
