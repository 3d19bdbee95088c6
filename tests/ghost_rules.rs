//! Ghosts, Castles & Cemeteries scenarios TEST-17…TEST-45 of RULES.md §11, each built from
//! real moves on the 2×2 start tile.
//!
//! The start tile lies at nw (0,0): city N, road W; ne (1,0): road N, mist on its E and
//! S edges; sw (0,1): road S, mist on its W edge; se (1,1): city S, road E, mist on its N
//! edge (one bank with ne's). All four roads end at the ruin in the middle. So a tile at
//! (2,0) or (-1,1) meets mist: a clear edge there *limits* it, a misty edge *extends* it.
//! x grows east, y south; rotations are clockwise quarter turns of the printed tile.

mod common;
use carcassonne::engine::{ghosts, SetStep};
use carcassonne::engine::{Action, Event, FeatureKind, FigureKind, GhostCase, Options, PlayError, Pos, Spot};
use carcassonne::record::parse_spot;
use common::*;

const RED: usize = 0;
const BLUE: usize = 1;

fn guards(g: &carcassonne::engine::Game, p: usize) -> (u8, u8) {
    (g.players()[p].in_supply(FigureKind::Guard), g.players()[p].reserve)
}

fn skipped(ev: &[Event]) -> Vec<GhostCase> {
    ev.iter().filter_map(|e| if let Event::GhostSkipped { case, .. } = e { Some(*case) } else { None }).collect()
}

/// TEST-17 (GHOST-SCORE-2) of RULES.md §11.
/// The T-shaped city of TEST-03 moved east: caps (2,0) and (4,0), arm G(3,-1) + cap
/// (3,-2), centre Q(3,0) (1 pennant), on roads U(2,1)…U(4,1). B(2,-1) props the arm.
#[test]
fn test_17_ghost_score_2_a_ghost_on_a_minority_knight_costs_nothing() {
    let draw = ["base.U", "base.U", "base.E", "base.U", "base.B", "base.E", "base.G", "base.B", "base.E", "base.Q"];
    let mut g = ghost_game(&["Red", "Black"], &draw);
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    let ev = tile(&mut g, "base.E", 2, 0, 1); // limits ne's mist; Red has no meeple yet
    assert_eq!(skipped(&ev), vec![GhostCase::Limit]);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 4, 1, 0);
    tile_pass(&mut g, "base.B", 2, -1, 0);
    tile(&mut g, "base.E", 4, 0, 3);
    meeple(&mut g, "N");
    tile(&mut g, "base.G", 3, -1, 1);
    meeple(&mut g, "E");
    tile(&mut g, "base.B", -1, 1, 0); // Black limits sw's mist: a ghost for Black's own knight
    assert_eq!(step(&g), "ghost:limit");
    assert_eq!(
        g.legal_actions(),
        vec![Action::from(ghosts::Move { pos: Pos::new(4, 0), spot: parse_spot("Nw").unwrap() })]
    );
    ghost(&mut g, 4, 0, "N");
    pass(&mut g);
    assert_eq!((ghosts_at(&g, 4, 0), g.ghost_supply()), (1, 14));
    tile_pass(&mut g, "base.E", 3, -2, 2);
    let ev = tile_pass(&mut g, "base.Q", 3, 0, 0);
    let s = scorings(&ev);
    assert_eq!((s[0].tiles, s[0].pennants, s[0].value), (5, 1, 12));
    let shares: Vec<_> = s[0].shares.iter().map(|sh| (sh.player, sh.figures, sh.ghosts, sh.points)).collect();
    assert_eq!(shares, vec![(0, 2, 0, 12), (1, 1, 1, 0)], "Black gets 0 for the city, not -2");
    assert!(!ev.iter().any(|e| matches!(e, Event::ScoreFloored { .. })));
    assert_eq!(g.scores(), vec![12, 0], "Black 0, not -2; Red 12, not 10");
    assert_eq!(g.ghost_supply(), 15, "the ghost returns");
    assert_eq!((supply(&g, RED), supply(&g, BLUE)), (5, 5));
}

/// TEST-18 (GHOST-SCORE-2) of RULES.md §11.
#[test]
fn test_18_ghost_score_2_a_ghost_costs_its_majority_owner_two() {
    let draw = ["base.U", "base.U", "base.E", "base.U", "base.B", "base.E", "base.B", "base.G", "base.E", "base.Q"];
    let mut g = ghost_game(&["Red", "Black"], &draw);
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile(&mut g, "base.E", 2, 0, 1);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 4, 1, 0);
    tile(&mut g, "base.B", -1, 1, 0); // Red limits: the ghost goes to Red's own knight
    ghost(&mut g, 2, 0, "N");
    pass(&mut g);
    tile_pass(&mut g, "base.E", 4, 0, 3);
    tile_pass(&mut g, "base.B", 2, -1, 0);
    tile_pass(&mut g, "base.G", 3, -1, 1);
    tile_pass(&mut g, "base.E", 3, -2, 2);
    tile_pass(&mut g, "base.Q", 3, 0, 0);
    assert_eq!(g.scores(), vec![10, 0]);
}

/// TEST-19 (GHOST-SCORE-2) of RULES.md §11.
#[test]
fn test_19_ghost_score_2_tie_each_majority_player_pays_for_their_own_ghosts() {
    let draw = ["base.U", "base.U", "base.E", "base.U", "base.B", "base.E", "base.G"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile(&mut g, "base.E", 2, 0, 1);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 4, 1, 0);
    tile(&mut g, "base.B", -1, 1, 0);
    ghost(&mut g, 2, 0, "N");
    pass(&mut g);
    tile(&mut g, "base.E", 4, 0, 3);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.G", 3, 0, 0);
    assert_eq!(g.scores(), vec![4, 6]);
}

/// RULES.md's TEST-20 asks for a 4-tile road with three separately placed highwaymen;
/// no legal sequence gives that (three separate parts need two separating squares), so
/// the same arithmetic is shown on 5 squares: Red (2 highwaymen, a ghost each) 5 − 4 = 1.
#[test]
fn test_20_ghost_score_2_each_ghost_of_the_majority_costs_two() {
    let draw = [
        "base.U",
        "base.U",
        "base.A",
        "base.U",
        "base.B",
        "base.U",
        "base.U",
        "base.U",
        "ghosts.23",
        "base.U",
        "base.A",
        "ghosts.23",
        "base.B",
        "base.U.garden",
    ];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile(&mut g, "base.A", 3, 0, 3); // road end 1 (monastery), highwayman 1
    meeple(&mut g, "S");
    tile_pass(&mut g, "base.U", 4, 1, 0);
    tile(&mut g, "base.B", -1, 1, 0); // Red limits: ghost on highwayman 1
    ghost(&mut g, 3, 0, "S");
    pass(&mut g);
    tile_pass(&mut g, "base.U", 5, 1, 0);
    tile_pass(&mut g, "base.U", 6, 1, 0);
    tile(&mut g, "base.U", 5, 0, 0); // Blue's highwayman on a piece of its own
    meeple(&mut g, "E");
    tile_pass(&mut g, "ghosts.23", 7, 1, 0);
    tile_pass(&mut g, "base.U", 4, 0, 0); // joins Red's and Blue's pieces
    tile(&mut g, "base.A", 7, 0, 1); // road end 2, highwayman 2
    meeple(&mut g, "S");
    tile_pass(&mut g, "ghosts.23", 8, 1, 0);
    tile(&mut g, "base.B", 2, 0, 0); // Red limits ne's mist: Red chooses highwayman 2
    assert_eq!(g.legal_actions().len(), 2);
    ghost(&mut g, 7, 0, "S");
    pass(&mut g);
    let ev = tile_pass(&mut g, "base.U.garden", 6, 0, 0);
    let s = scorings(&ev);
    let road = s.iter().find(|s| s.feature == FeatureKind::Road && s.tiles == 5).expect("the road");
    assert_eq!(
        road.shares.iter().map(|sh| (sh.player, sh.figures, sh.ghosts, sh.points)).collect::<Vec<_>>(),
        vec![(0, 2, 2, 1), (1, 1, 0, 0)]
    );
    assert_eq!(g.scores(), vec![1, 0]);
    assert_eq!(g.ghost_supply(), 15);
}

/// The common opening of TEST-21 and TEST-22: Red's highwayman on nw's road gets a ghost
/// (Red limits sw's mist) and the 3-tile road scores 3 − 2, so Red's total is 1; then
/// Blue lays misty ghosts.26 north of the start (its mist open at (0,-2)), Red starts a
/// 2-tile road at A(3,0) with a second highwayman and haunts it by limiting ne's mist.
fn red_at_one_with_a_haunted_highwayman(rest: &[&str]) -> carcassonne::engine::Game {
    let mut draw = vec!["base.U", "base.U", "base.B", "base.U", "base.W", "ghosts.26", "base.A", "base.B", "base.B"];
    draw.extend_from_slice(rest);
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile(&mut g, "base.B", -1, 1, 0);
    ghost(&mut g, -1, 0, "E");
    pass(&mut g);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile_pass(&mut g, "base.W", -2, 0, 0); // closes the 3-tile road: 3 − 2
    assert_eq!(g.scores(), vec![1, 0], "Red's total is 1");
    tile_pass(&mut g, "ghosts.26", 0, -1, 2);
    tile(&mut g, "base.A", 3, 0, 3);
    meeple(&mut g, "S");
    tile_pass(&mut g, "base.B", 3, -1, 0);
    tile(&mut g, "base.B", 2, 0, 0);
    ghost(&mut g, 3, 0, "S");
    pass(&mut g);
    g
}

/// TEST-21 (DEC-05) of RULES.md §11.
#[test]
fn test_21_dec_05_a_turn_that_would_go_below_zero_stops_at_zero() {
    let mut g = red_at_one_with_a_haunted_highwayman(&["base.U", "base.B", "base.A"]);
    tile_pass(&mut g, "base.U", -1, 2, 0);
    tile(&mut g, "base.B", 0, -2, 0); // limits the mist of (0,-1)
    ghost(&mut g, 3, 0, "S");
    pass(&mut g);
    assert_eq!(ghosts_at(&g, 3, 0), 2);
    let ev = tile_pass(&mut g, "base.A", 4, 0, 1); // 2-tile road: 2 − 4 = −2
    assert!(ev.iter().any(|e| matches!(e, Event::ScoreFloored { player: 0, unclamped: -1 })));
    assert_eq!(g.scores(), vec![0, 0]);
}

/// TEST-22 (DEC-05) of RULES.md §11.
#[test]
fn test_22_dec_05_a_turns_points_are_netted_before_the_floor() {
    let mut g = red_at_one_with_a_haunted_highwayman(&["base.U", "base.E", "base.U", "base.B", "base.L"]);
    tile_pass(&mut g, "base.U", -1, 2, 0);
    tile(&mut g, "base.E", 4, -1, 2); // a city cap with Red's knight
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", -2, 2, 0);
    tile(&mut g, "base.B", 0, -2, 0);
    ghost(&mut g, 3, 0, "S"); // Red chooses the highwayman, not the knight
    pass(&mut g);
    // L closes the 2-tile road (−2 for Red) and the 2-tile city (+4 for Red): net +2.
    let ev = tile_pass(&mut g, "base.L", 4, 0, 0);
    assert_eq!(scorings(&ev).len(), 2);
    assert!(!ev.iter().any(|e| matches!(e, Event::ScoreFloored { .. })));
    assert_eq!(g.scores(), vec![3, 0]);
}

/// TEST-23 (GHOST-SCARE-1) of RULES.md §11.
#[test]
fn test_23_ghost_scare_1_the_third_ghost_scares_a_farmer_off() {
    let draw = ["base.U", "base.U", "ghosts.10", "base.B", "ghosts.26"];
    let mut g = ghost_game(&["Red", "Black"], &draw);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile(&mut g, "base.U", 2, 1, 0);
    meeple(&mut g, "Nw"); // Black's farmer
    let ev = tile(&mut g, "ghosts.10", 2, 0, 0); // extends ne's bank; its south edge limits
    assert_eq!(step(&g), "ghost:extend");
    ghost(&mut g, 2, 1, "Nw");
    assert_eq!(skipped(&ev), vec![]);
    pass(&mut g);
    tile(&mut g, "base.B", -1, 1, 0); // Black limits: its own farmer
    ghost(&mut g, 2, 1, "Nw");
    pass(&mut g);
    assert_eq!((ghosts_at(&g, 2, 1), g.ghost_supply()), (2, 13));
    tile(&mut g, "ghosts.26", 3, 0, 1); // Red extends the bank again
    let ev = ghost(&mut g, 2, 1, "Nw");
    assert!(ev.iter().any(|e| matches!(e, Event::FigureScared { player: 1, feature: FeatureKind::Field, .. })));
    assert!(g.figures().is_empty());
    assert_eq!((supply(&g, BLUE), g.ghost_supply(), g.scores()), (5, 15, vec![0, 0]));
}

/// TEST-24 (GHOST-PLACE-3) of RULES.md §11.
#[test]
fn test_24_ghost_place_3_extend_first_then_limit() {
    let draw = ["ghosts.10", "base.B", "base.U", "base.B", "ghosts.15"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "ghosts.10", 2, 0, 0);
    tile(&mut g, "base.B", 3, 0, 0);
    figure(&mut g, FigureKind::Meeple, "building"); // Blue's monk
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E"); // Red's highwayman
    tile_pass(&mut g, "base.B", 3, 1, 0);
    // Its north edge meets ghosts.10's misty south edge, its misty east edge a clear one.
    tile(&mut g, "ghosts.15", 2, 1, 0);
    assert_eq!(step(&g), "ghost:extend");
    assert_eq!(g.legal_actions(), vec![Action::from(ghosts::Move { pos: Pos::new(3, 0), spot: Spot::Building })]);
    let e1 = ghost(&mut g, 3, 0, "building");
    assert!(matches!(e1[0], Event::GhostPlaced { owner: 1, case: GhostCase::Extend, .. }));
    assert_eq!(step(&g), "ghost:limit");
    assert_eq!(
        g.legal_actions(),
        vec![Action::from(ghosts::Move { pos: Pos::new(-1, 0), spot: parse_spot("E").unwrap() })]
    );
    let e2 = ghost(&mut g, -1, 0, "E");
    assert!(matches!(e2[0], Event::GhostPlaced { owner: 0, case: GhostCase::Limit, .. }));
    assert_eq!(step(&g), "figure");
    assert_eq!(g.ghost_supply(), 13);
}

/// TEST-25 (GHOST-PLACE-5) of RULES.md §11.
#[test]
fn test_25_ghost_place_5_mist_facing_an_empty_square_brings_no_ghost() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.U", "base.U", "ghosts.26"]);
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E");
    tile(&mut g, "base.U", 2, 1, 0);
    meeple(&mut g, "E");
    let ev = tile(&mut g, "ghosts.26", 0, -1, 2); // city to city; its mist faces (0,-2)
    assert!(!ev.iter().any(|e| matches!(e, Event::GhostPlaced { .. } | Event::GhostSkipped { .. })));
    assert_eq!((step(&g), g.ghost_supply()), ("figure".to_string(), 15));
}

/// TEST-26 (GHOST-PLACE-2) of RULES.md §11.
#[test]
fn test_26_ghost_place_2_a_clear_tile_limiting_the_mist_haunts_the_players_own_meeple() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.U", "base.U", "base.B", "base.U", "base.B"]);
    tile(&mut g, "base.U", -1, 0, 0);
    figure(&mut g, FigureKind::Guard, "E"); // Red's only figure is a guard
    tile(&mut g, "base.U", 2, 1, 0);
    meeple(&mut g, "E"); // Blue's highwayman does not count for Red's own ghost
    let ev = tile(&mut g, "base.B", 2, 0, 0); // no mist on the tile; it limits ne's mist
    assert_eq!(skipped(&ev), vec![GhostCase::Limit]);
    assert_eq!((step(&g), g.ghost_supply()), ("figure".to_string(), 15));
    figure(&mut g, FigureKind::Meeple, "building");
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile(&mut g, "base.B", -1, 1, 0);
    assert_eq!(g.legal_actions(), vec![Action::from(ghosts::Move { pos: Pos::new(2, 0), spot: Spot::Building })]);
    let blue = Action::from(ghosts::Move { pos: Pos::new(2, 1), spot: parse_spot("E").unwrap() });
    let guard = Action::from(ghosts::Move { pos: Pos::new(-1, 0), spot: parse_spot("E").unwrap() });
    let before = g.clone();
    assert_eq!(g.apply(&blue), Err(PlayError::NotAGhostTarget(Pos::new(2, 1))));
    assert_eq!(g.apply(&guard), Err(PlayError::NotAGhostTarget(Pos::new(-1, 0))));
    assert!(g == before);
    ghost(&mut g, 2, 0, "building");
    assert_eq!(ghosts_at(&g, 2, 0), 1);
}

/// TEST-27 (GHOST-PLACE-6) of RULES.md §11.
/// GHOST-PLACE-6 with a nearly empty supply: found in seeded random games (it takes 14
/// ghosts on the board), then checked against the rule.
#[test]
fn test_27_and_32b_ghost_place_6_an_empty_supply_skips_ghosts_and_nobody_loses() {
    use carcassonne::engine::rng::Rng;
    use carcassonne::engine::{Deck, Game, Set, Setup, TileSet};
    let (mut one_left, mut none_left) = (0, 0);
    for seed in 0..400u64 {
        let mut setup = Setup::base(&["A", "B", "C", "D", "E"], seed);
        setup.sets.push(Set::Ghosts);
        assert!(matches!(setup.deck, Deck::Seed(_)));
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut rng = Rng::new(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len())];
            let supply_before = g.ghost_supply();
            let ev = g.apply(&a).unwrap();
            if !matches!(a, Action::PlaceTile { .. }) {
                continue;
            }
            let cases: Vec<GhostCase> = ev
                .iter()
                .filter_map(|e| if let Event::GhostSkipped { case, .. } = e { Some(*case) } else { None })
                .collect();
            if supply_before == 0 {
                // Every ghost this tile brings is skipped; the game goes on to the figure step.
                assert!(!matches!(g.phase(), carcassonne::engine::Phase::Set(SetStep::Ghosts(_))));
                if !cases.is_empty() {
                    none_left += 1;
                }
            }
            if supply_before == 1 && g.ghosts_pending() == vec![GhostCase::Extend, GhostCase::Limit] {
                // Both cases: the one ghost goes to an opponent, then the limit is skipped.
                let legal = g.legal_actions();
                let ev = g.apply(&legal[0]).unwrap();
                assert!(matches!(ev[0], Event::GhostPlaced { case: GhostCase::Extend, .. }));
                if ev.iter().any(|e| matches!(e, Event::FigureScared { .. })) {
                    // A third ghost scared its meeple off: 3 ghosts are back (GHOST-SCARE-2),
                    // so the limit ghost is not short of supply.
                    assert_eq!(g.ghost_supply(), 3);
                    continue;
                }
                assert!(ev.iter().any(|e| matches!(e, Event::GhostSkipped { case: GhostCase::Limit, .. })));
                assert_eq!(g.ghost_supply(), 0);
                assert!(!matches!(g.phase(), carcassonne::engine::Phase::Set(SetStep::Ghosts(_))));
                one_left += 1;
            }
        }
    }
    assert!(none_left > 0, "random games reached an empty supply with ghosts due");
    assert!(one_left > 0, "random games reached extend+limit with one ghost left");
}

/// TEST-28 (GHOST-GUARD-1) of RULES.md §11.
#[test]
fn test_28_ghost_guard_1_guards_are_never_haunted() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.U", "base.U", "ghosts.26"]);
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E");
    tile(&mut g, "base.U", 2, 1, 0);
    figure(&mut g, FigureKind::Guard, "E"); // Blue has only a guard on the board
    let ev = tile(&mut g, "ghosts.26", 2, 0, 1); // Red extends ne's bank
    assert_eq!(skipped(&ev), vec![GhostCase::Extend]);
    assert_eq!((step(&g), g.ghost_supply()), ("figure".to_string(), 15));
}

/// TEST-29 (GHOST-END-1) of RULES.md §11.
#[test]
fn test_29_ghost_end_1_minus_one_per_ghost_at_the_end() {
    let draw = ["base.U", "base.U", "base.E", "base.E", "base.B", "base.E", "base.U", "ghosts.10", "base.B"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E"); // highwayman on nw's road
    tile_pass(&mut g, "base.U", -2, 0, 0);
    tile(&mut g, "base.E", -1, -1, 0);
    meeple(&mut g, "En"); // farmer in the field north of the road
    tile_pass(&mut g, "base.E", -1, -2, 2); // closes city 2
    tile(&mut g, "base.B", -1, 1, 0); // Red limits: the farmer
    ghost(&mut g, -1, -1, "En");
    pass(&mut g);
    tile_pass(&mut g, "base.E", 0, -1, 2); // closes city 1 (the start tile's)
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile(&mut g, "ghosts.10", 2, 0, 0); // Blue extends: Blue chooses Red's highwayman
    assert_eq!(g.legal_actions().len(), 2);
    ghost(&mut g, -1, 0, "E");
    pass(&mut g);
    tile(&mut g, "base.B", 3, 0, 0); // Red limits ghosts.10's mist: the farmer again
    ghost(&mut g, -1, -1, "En");
    let ev = pass(&mut g);
    assert!(g.is_over());
    // Road 3 + field beside 2 completed cities 6 − 3 ghosts = 6.
    assert!(ev.iter().any(|e| matches!(e, Event::GhostPenalty { player: 0, ghosts: 3, points: -3 })));
    assert_eq!(g.scores(), vec![6, 0]);
}

/// TEST-30 (GHOST-END-2) of RULES.md §11.
#[test]
fn test_30_ghost_end_2_a_cemetery_keepers_ghosts_cost_nothing() {
    let mut g = ghost_game(&["Red", "Blue"], &["ghosts.05", "ghosts.10", "base.B"]);
    tile(&mut g, "ghosts.05", -1, 1, 0);
    figure(&mut g, FigureKind::Meeple, "building");
    tile(&mut g, "ghosts.10", 2, 0, 0);
    ghost(&mut g, -1, 1, "building");
    pass(&mut g);
    tile(&mut g, "base.B", 3, 0, 0);
    ghost(&mut g, -1, 1, "building");
    let ev = pass(&mut g);
    assert!(g.is_over());
    assert_eq!(ghosts_at(&g, -1, 1), 2);
    assert!(!ev.iter().any(|e| matches!(e, Event::GhostPenalty { .. } | Event::Scored(_))));
    assert_eq!(g.scores(), vec![0, 0]);
}

/// TEST-31 (GHOST-FIELD-3) of RULES.md §11.
#[test]
fn test_31_ghost_field_3_no_farmer_in_the_mist_but_a_misty_road_takes_a_highwayman() {
    let mut g = ghost_game(&["Red", "Blue"], &["ghosts.13"]);
    tile(&mut g, "ghosts.13", 2, 1, 0); // road E–W, mist over both road ends
    let spots: Vec<String> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::PlaceFigure { figure: FigureKind::Meeple, spot } => Some(spot.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(spots, vec!["E", "Nw", "Se"], "the misty road and the two clear fields");
    let misty_field = Action::PlaceFigure { figure: FigureKind::Meeple, spot: parse_spot("En").unwrap() };
    assert!(matches!(g.apply(&misty_field), Err(PlayError::NoSuchSpot(_))));
    meeple(&mut g, "E");
    assert_eq!(g.figures()[0].ghosts, 0);
}

/// TEST-32 (GHOST-FIELD-2) of RULES.md §11.
#[test]
fn test_32_ghost_field_2_mist_between_two_fields_keeps_them_apart() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.E", "ghosts.27", "base.E", "base.E", "base.E"]);
    tile(&mut g, "base.E", 2, 0, 0);
    meeple(&mut g, "En"); // Red's field W
    tile_pass(&mut g, "ghosts.27", 3, 0, 0); // a city and mist on both sides
    tile_pass(&mut g, "base.E", 2, -1, 2); // completes W's city
    tile(&mut g, "base.E", 4, 0, 0);
    meeple(&mut g, "En"); // Blue's field E
    tile_pass(&mut g, "base.E", 4, -1, 2); // completes E's city
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![3, 3], "joined fields would have given 6 each");
}

/// TEST-32a (GHOST-PLACE-9) of RULES.md §11.
#[test]
fn test_32a_ghost_place_9_a_ghost_on_a_meeple_scored_this_turn_costs_two() {
    let draw = ["base.B", "base.U", "ghosts.26", "base.U", "ghosts.06"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "base.B", 2, 0, 0);
    tile(&mut g, "base.U", 2, 1, 0);
    meeple(&mut g, "E"); // Blue's highwayman on se's road
    tile_pass(&mut g, "ghosts.26", 3, 0, 0); // mist on its south edge, facing (3,1)
    tile_pass(&mut g, "base.U", -1, 0, 0);
    // ghosts.06 at (3,1): its misty north edge extends the bank; its road ends the road.
    tile(&mut g, "ghosts.06", 3, 1, 1);
    assert_eq!(step(&g), "ghost:extend");
    ghost(&mut g, 2, 1, "E");
    let ev = pass(&mut g);
    let s = scorings(&ev);
    assert_eq!((s[0].tiles, s[0].shares[0].ghosts, s[0].shares[0].points), (3, 1, 1));
    assert_eq!(g.scores(), vec![0, 1]);
    assert_eq!(g.ghost_supply(), 15);
}

/// The castle at (2,0) last, so that no ghost lands on its keeper: its 3×3 holds the
/// castle, ne and se (misty), ghosts.09 (1,-1), ghosts.10 (2,-1), ghosts.13 (3,0) (misty)
/// and B (3,-1), U (2,1), U (3,1) (clear).
fn castle_game(keeper: bool) -> (carcassonne::engine::Game, Vec<Event>) {
    let draw = ["ghosts.09", "ghosts.10", "base.B", "base.U", "base.U", "ghosts.13", "base.U", "base.U", "ghosts.01"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "ghosts.09", 1, -1, 0);
    tile_pass(&mut g, "ghosts.10", 2, -1, 0);
    tile_pass(&mut g, "base.B", 3, -1, 0);
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile_pass(&mut g, "ghosts.13", 3, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.U", -2, 0, 0);
    tile(&mut g, "ghosts.01", 2, 0, 3); // Red's turn
    let ev = if keeper { figure(&mut g, FigureKind::Meeple, "building") } else { pass(&mut g) };
    (g, ev)
}

/// TEST-33 (GHOST-CASTLE-3) of RULES.md §11.
#[test]
fn test_33_ghost_castle_3_two_per_misty_square_when_surrounded() {
    let (g, ev) = castle_game(true);
    let s = scorings(&ev);
    let castle = s.iter().find(|s| s.feature == FeatureKind::Castle).expect("the castle scores");
    assert_eq!((castle.tiles, castle.value), (6, 12));
    assert_eq!(g.scores(), vec![12, 0]);
    assert_eq!(g.ghost_supply(), 15);
}

/// TEST-37 (BASE-MAJ-2) of RULES.md §11.
#[test]
fn test_37_base_maj_2_an_unoccupied_castle_scores_nothing() {
    let (g, ev) = castle_game(false);
    assert!(scorings(&ev).iter().all(|s| s.feature != FeatureKind::Castle));
    assert_eq!(g.scores(), vec![0, 0]);
}

/// TEST-34 (GHOST-START-2) of RULES.md §11.
#[test]
fn test_34_ghost_start_2_a_start_square_counts_only_its_own_mist() {
    let draw = ["base.E", "base.B", "base.B", "base.B", "base.B", "base.E", "ghosts.01"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "base.B", -1, -1, 0);
    tile_pass(&mut g, "base.B", -2, -1, 0);
    tile_pass(&mut g, "base.B", -2, 0, 0);
    tile_pass(&mut g, "base.B", -2, 1, 0);
    tile_pass(&mut g, "base.E", -1, 1, 2);
    tile(&mut g, "ghosts.01", -1, 0, 3); // the castle, beside nw (clear) and sw (misty)
    let ev = figure(&mut g, FigureKind::Meeple, "building");
    let castle = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::Castle).unwrap();
    assert_eq!((castle.tiles, castle.value), (2, 4), "the castle and sw: 4, not 6");
    assert_eq!(g.scores(), vec![4, 0]);
}

/// TEST-35 (GHOST-CASTLE-6) of RULES.md §11.
#[test]
fn test_35_ghost_castle_6_ghosts_cost_their_keeper_two_each() {
    let draw = ["base.E", "ghosts.26", "ghosts.01", "ghosts.26", "base.B", "base.E", "base.B"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "ghosts.26", -1, -1, 0);
    tile(&mut g, "ghosts.01", -1, 0, 3);
    figure(&mut g, FigureKind::Meeple, "building");
    tile(&mut g, "ghosts.26", -2, 0, 3); // Blue extends the castle's mist: its keeper
    ghost(&mut g, -1, 0, "building");
    pass(&mut g);
    tile_pass(&mut g, "base.B", -2, -1, 0);
    tile_pass(&mut g, "base.E", -1, 1, 2); // Blue limits sw's mist: Blue has no meeple
    let ev = tile_pass(&mut g, "base.B", -2, 1, 0);
    let castle = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::Castle).unwrap();
    assert_eq!((castle.tiles, castle.value, castle.shares[0].points), (4, 8, 6));
    assert_eq!(g.scores(), vec![6, 0]);
}

/// TEST-36 (GHOST-CASTLE-4) of RULES.md §11.
#[test]
fn test_36_ghost_castle_4_one_per_misty_square_at_the_end() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.E", "ghosts.26", "ghosts.01", "base.U", "ghosts.26"]);
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "ghosts.26", -1, -1, 0);
    tile(&mut g, "ghosts.01", -1, 0, 3);
    figure(&mut g, FigureKind::Meeple, "building");
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile_pass(&mut g, "ghosts.26", -2, 0, 3); // Red extends: no other player's meeple
    assert!(g.is_over());
    // Castle, (-1,-1), (-2,0) and sw show mist; (0,-1) and nw do not.
    assert_eq!(g.scores(), vec![4, 0]);
}

/// A cemetery at (-1,0) with Red's keeper, then its 8 neighbours.
fn cemetery_game(ghost_on_keeper: bool) -> carcassonne::engine::Game {
    let draw = ["ghosts.08", "base.E", "base.E", "base.B", "base.B", "base.U", "base.B"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile(&mut g, "ghosts.08", -1, 0, 0);
    figure(&mut g, FigureKind::Meeple, "building");
    if ghost_on_keeper {
        tile_pass(&mut g, "base.E", 0, -1, 2);
        tile(&mut g, "base.E", -1, 1, 2); // Red limits sw's mist: the keeper
        ghost(&mut g, -1, 0, "building");
        pass(&mut g);
    } else {
        tile_pass(&mut g, "base.E", -1, 1, 2); // Blue limits: Blue has no meeple
        tile_pass(&mut g, "base.E", 0, -1, 2);
    }
    tile_pass(&mut g, "base.B", -1, -1, 0);
    tile_pass(&mut g, "base.B", -2, -1, 0);
    tile_pass(&mut g, "base.U", -2, 0, 0);
    g
}

/// TEST-38 (GHOST-CEM-4) of RULES.md §11.
#[test]
fn test_38_ghost_cem_4_a_completed_cemetery_gives_a_guard_and_no_points() {
    let mut g = cemetery_game(false);
    assert_eq!(guards(&g, RED), (2, 3));
    let ev = tile_pass(&mut g, "base.B", -2, 1, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::GuardRewarded { player: 0, reserve_left: 2 })));
    let s = scorings(&ev);
    assert_eq!((s[0].feature, s[0].value, s[0].shares[0].points), (FeatureKind::Cemetery, 0, 0));
    assert_eq!(guards(&g, RED), (3, 2));
    assert_eq!((supply(&g, RED), g.scores()), (5, vec![0, 0]));
}

/// TEST-39 (GHOST-CEM-6) of RULES.md §11.
#[test]
fn test_39_ghost_cem_6_ghosts_at_a_completed_cemetery_cost_two_each() {
    let mut g = cemetery_game(true);
    let ev = tile_pass(&mut g, "base.B", -2, 1, 0);
    assert_eq!(scorings(&ev)[0].shares[0].points, -2);
    assert!(ev.iter().any(|e| matches!(e, Event::ScoreFloored { player: 0, unclamped: -2 })));
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(guards(&g, RED), (3, 2), "the guard comes all the same");
    assert_eq!(g.ghost_supply(), 15);
}

/// TEST-40 (GHOST-CEM-5) of RULES.md §11.
/// Four cemeteries in a row, each with Red's keeper, completed one after another (a
/// puzzle deck: more copies than the sets have).
#[test]
fn test_40_ghost_cem_5_no_guard_left_in_the_reserve_no_reward() {
    let c = "ghosts.08";
    let b = "base.B";
    let draw = [c, "base.E", b, b, c, b, b, b, c, b, b, b, c, b, b, "base.U"];
    let options = Options { unlimited_copies: true, ..Options::default() };
    let mut g = ghost_game_with(&["Red", "Blue"], &draw, options);
    let keeper = |g: &mut carcassonne::engine::Game, x: i32| {
        tile(g, c, x, 0, 0);
        figure(g, FigureKind::Meeple, "building")
    };
    keeper(&mut g, -1);
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, b, -1, -1, 0);
    tile_pass(&mut g, b, -1, 1, 0); // Blue limits sw's mist: no Blue meeple
    keeper(&mut g, -2);
    tile_pass(&mut g, b, -2, -1, 0);
    tile_pass(&mut g, b, -2, 1, 0); // the first cemetery is surrounded
    assert_eq!(guards(&g, RED), (3, 2));
    tile_pass(&mut g, b, -3, -1, 0);
    keeper(&mut g, -3);
    tile_pass(&mut g, b, -3, 1, 0); // the second
    assert_eq!(guards(&g, RED), (4, 1));
    tile_pass(&mut g, b, -4, -1, 0);
    tile_pass(&mut g, b, -4, 1, 0);
    keeper(&mut g, -4); // the third, as the fourth cemetery is laid
    assert_eq!(guards(&g, RED), (5, 0));
    tile_pass(&mut g, b, -5, -1, 0);
    tile_pass(&mut g, b, -5, 1, 0);
    let ev = tile_pass(&mut g, "base.U", -5, 0, 0); // the fourth
    assert!(ev.iter().any(|e| matches!(e, Event::GuardReserveEmpty { player: 0 })));
    assert_eq!(guards(&g, RED), (5, 0));
    assert_eq!((supply(&g, RED), g.scores()), (5, vec![0, 0]));
}

/// TEST-41 (GHOST-START-2) of RULES.md §11.
#[test]
fn test_41_ghost_start_2_start_squares_count_as_neighbours() {
    let draw = ["base.A", "base.E", "base.B", "base.E", "base.B", "base.B", "base.B"];
    let mut g = ghost_game(&["Red", "Blue"], &draw);
    tile(&mut g, "base.A", -1, 0, 3);
    figure(&mut g, FigureKind::Meeple, "building");
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "base.B", -1, -1, 0);
    tile_pass(&mut g, "base.E", -1, 1, 2);
    tile_pass(&mut g, "base.B", -2, -1, 0);
    tile_pass(&mut g, "base.B", -2, 0, 0);
    let ev = tile_pass(&mut g, "base.B", -2, 1, 0);
    let m = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::Monastery).unwrap();
    assert_eq!((m.complete, m.value), (true, 9), "nw and sw are two of its 8 neighbours");
    assert_eq!(g.scores(), vec![9, 0]);
}

/// TEST-42 (GHOST-START-2) of RULES.md §11.
#[test]
fn test_42_ghost_start_2_start_squares_count_at_the_end() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.A", "base.E", "base.B", "base.E"]);
    tile(&mut g, "base.A", -1, 0, 3);
    figure(&mut g, FigureKind::Meeple, "building");
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "base.B", -1, -1, 0);
    tile_pass(&mut g, "base.E", -1, 1, 2);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![6, 0], "itself, nw, sw and 3 other tiles");
}

/// TEST-43 (GHOST-START-4) of RULES.md §11.
#[test]
fn test_43_ghost_start_4_the_ruin_ends_a_road() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.U", "base.T"]);
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E");
    let ev = tile_pass(&mut g, "base.T", -2, 0, 3);
    let s = scorings(&ev);
    assert_eq!((s[0].feature, s[0].complete, s[0].tiles), (FeatureKind::Road, true, 3));
    assert_eq!(g.scores(), vec![3, 0]);
}

/// TEST-44 (GHOST-START-4) of RULES.md §11.
#[test]
fn test_44_ghost_start_4_the_ruin_is_no_feature() {
    let g = ghost_game(&["Red", "Blue"], &["base.U"]);
    for sq in &g.board().squares()[..4] {
        let def = g.tiles().get(sq.tile);
        assert!(def.start.is_some());
        assert_eq!(def.building, None, "{}: nothing to stand on in the middle", def.id);
        assert!(
            def.segments.iter().filter(|s| s.kind == FeatureKind::Road).all(|r| r.edge_count() == 1),
            "roads end at the ruin"
        );
        assert_eq!(def.node_count(), def.segments.len() + def.mist.len());
    }
    // Four roads run out of the ruin, none joined to another through it.
    let roads = g.board().squares()[..4]
        .iter()
        .flat_map(|sq| (0..g.tiles().get(sq.tile).segments.len()).map(move |i| sq.node_base + i as u32))
        .filter(|&n| g.features().node(n).kind == FeatureKind::Road)
        .map(|n| g.features().root(n))
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(roads.len(), 4);
}

/// TEST-45 (GHOST-SCORE-6) of RULES.md §11.
#[test]
fn test_45_ghost_score_6_taking_a_haunted_abbot_back_costs_two_per_ghost() {
    let options = Options { abbot: true, ..Options::default() };
    let draw = ["base.U.garden", "base.U", "base.B", "base.U", "base.U"];
    let mut g = ghost_game_with(&["Red", "Blue"], &draw, options);
    tile(&mut g, "base.U.garden", -1, 0, 0);
    figure(&mut g, FigureKind::Abbot, "garden"); // neighbours: nw and sw
    tile_pass(&mut g, "base.U", 2, 1, 0);
    tile(&mut g, "base.B", -1, 1, 0); // Red limits sw's mist: the abbot (GHOST-ABBOT-1)
    ghost(&mut g, -1, 0, "garden");
    pass(&mut g);
    tile_pass(&mut g, "base.U", 3, 1, 0);
    tile(&mut g, "base.U", 4, 1, 0);
    let ev = g.apply(&Action::RetrieveAbbot { pos: Pos::new(-1, 0) }).unwrap();
    let s = scorings(&ev);
    assert_eq!((s[0].feature, s[0].value, s[0].shares[0].points), (FeatureKind::Garden, 4, 2));
    assert_eq!(g.scores()[RED], 2);
    assert_eq!(g.ghost_supply(), 15);
}
