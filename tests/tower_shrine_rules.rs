//! The Watchtowers (TEST-46 to TEST-57) and Heretics & Shrines (TEST-58 to TEST-69) scenarios of
//! RULES.md §11, built from real moves. Base start tile D at (0,0): city N, road E–W
//! (Ghosts games: see tests/ghost_rules.rs for the 2×2 start tile). x east, y south;
//! rotations are clockwise quarter turns of the printed tile.

mod common;
use carcassonne::engine::tiles::Tower;
use carcassonne::engine::{
    Action, Event, FeatureKind, FigureKind, Options, Phase, PlayError, Pos, Rotation, Spot, TileSet,
};
use common::*;

const TOWERS: &[&str] = &["base", "watchtowers"];
const SHRINES: &[&str] = &["base", "shrines"];

fn towers_scored(ev: &[Event]) -> Vec<(usize, Tower, u16, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::TowerScored { player, tower, count, points, .. } => Some((*player, *tower, *count, *points)),
            _ => None,
        })
        .collect()
}

/// Points each player earned in the game itself from these events (towers, completed
/// features, challenge bonuses), leaving out the final scoring that follows a last tile.
fn in_game_points(ev: &[Event], players: usize) -> Vec<i32> {
    let mut pts = vec![0; players];
    for e in ev {
        match e {
            Event::TowerScored { player, points, .. } => pts[*player] += points,
            Event::Scored(s) if s.complete => s.shares.iter().for_each(|sh| pts[sh.player] += sh.points),
            Event::ChallengeWon { winner, bonus, .. } => pts[*winner] += bonus,
            _ => {}
        }
    }
    pts
}

fn building(g: &mut carcassonne::engine::Game) -> Vec<Event> {
    figure(g, FigureKind::Meeple, "building")
}

/// A 4-tile city D–F–G–T (1 pennant) closed by the city tower T at (0,-3); E tiles at
/// (-1,-2), (1,-2) and (-1,-3) put 5 squares with a city in T's 3×3.
fn city_tower_game(red_on_t: &str) -> (carcassonne::engine::Game, Vec<Event>) {
    let draw = ["base.F", "base.G", "base.E", "base.E", "base.E", "base.U", "watchtowers.CFRF_1C"];
    let mut g = game_in(&["Red", "Blue"], TOWERS, &draw, Options::default());
    tile_pass(&mut g, "base.F", 0, -1, 1);
    if red_on_t == "farmer" {
        tile(&mut g, "base.G", 0, -2, 1);
        meeple(&mut g, "E"); // Blue's knight, so that the city is scored
    } else {
        tile_pass(&mut g, "base.G", 0, -2, 1);
    }
    tile_pass(&mut g, "base.E", -1, -2, 3);
    tile_pass(&mut g, "base.E", 1, -2, 1);
    tile_pass(&mut g, "base.E", -1, -3, 0);
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile(&mut g, "watchtowers.CFRF_1C", 0, -3, 2);
    let at = match red_on_t {
        "knight" => "N",
        "farmer" => "En",
        _ => "S", // highwayman
    };
    let ev = meeple(&mut g, at);
    (g, ev)
}

/// TEST-46 (TOWER-3, TOWER-8) of RULES.md §11.
#[test]
fn test_46_tower_3_8_the_city_tower_pays_first_then_the_city() {
    let (g, ev) = city_tower_game("knight");
    assert_eq!(towers_scored(&ev), vec![(0, Tower::City, 5, 5)]);
    let tower_at = ev.iter().position(|e| matches!(e, Event::TowerScored { .. })).unwrap();
    let city_at = ev.iter().position(|e| matches!(e, Event::Scored(s) if s.feature == FeatureKind::City)).unwrap();
    assert!(tower_at < city_at, "the tower is scored first (TOWER-3)");
    assert_eq!(scorings(&ev)[0].value, 10);
    assert_eq!(g.scores(), vec![15, 0]);
}

/// TEST-48 (TOWER-6) of RULES.md §11.
#[test]
fn test_48_tower_6_a_farmer_on_a_tower_tile_triggers_nothing() {
    let (g, ev) = city_tower_game("farmer");
    assert!(towers_scored(&ev).is_empty());
    assert_eq!(in_game_points(&ev, 2), vec![0, 10], "Blue's city scores; no tower for Red's farmer");
    assert_eq!(g.scores(), vec![3, 10], "at the end Red's farmer has the completed city");
}

/// TEST-49 (TOWER-3) of RULES.md §11.
#[test]
fn test_49_tower_3_a_highwayman_there_triggers_nothing_when_the_city_completes() {
    let (g, ev) = city_tower_game("highwayman");
    assert!(towers_scored(&ev).is_empty());
    assert_eq!(in_game_points(&ev, 2), vec![0, 0]);
    assert_eq!(g.scores(), vec![1, 0], "only the unfinished 1-tile road at the end");
}

/// TEST-47 (TOWER-4) of RULES.md §11.
/// A 5-tile city: the meeple tower T (2,-3) and G (2,-2) above the T-piece R (2,-1), caps
/// (1,-1) and (3,-1) with Blue's knights (outside T's 3×3). In T's 3×3: Red's knight on
/// T, Red's monk (1,-2), Green's farmer (3,-2), Black's highwayman (2,-4).
#[test]
fn test_47_tower_4_the_tower_pays_its_meeple_without_majority() {
    let draw = [
        "base.U",
        "base.E",
        "base.U",
        "base.B",
        "base.U",
        "base.G",
        "watchtowers.CFRF_2M",
        "base.E",
        "base.U",
        "base.U",
        "base.B",
        "base.U",
        "base.R",
    ];
    let mut g = game_in(&["Red", "Blue", "Black"], TOWERS, &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0); // Red
    tile(&mut g, "base.E", 1, -1, 1); // Blue's first knight
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 2, 0, 0); // Black
    tile(&mut g, "base.B", 1, -2, 0); // Red's monk
    building(&mut g);
    tile_pass(&mut g, "base.U", 3, 0, 0); // Blue
    tile_pass(&mut g, "base.G", 2, -2, 1); // Black
    tile(&mut g, "watchtowers.CFRF_2M", 2, -3, 2); // Red's knight on the tower tile
    meeple(&mut g, "N");
    tile(&mut g, "base.E", 3, -1, 3); // Blue's second knight
    meeple(&mut g, "N");
    tile(&mut g, "base.U", 2, -4, 1); // Black's highwayman on the tower's road
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.U", 4, 0, 0); // Red
    tile(&mut g, "base.B", 3, -2, 0); // Blue's farmer (the test's "Blue farmer")
    meeple(&mut g, "Nw");
    tile_pass(&mut g, "base.U", 0, 1, 0); // Black
    let ev = tile_pass(&mut g, "base.R", 2, -1, 0); // Red closes the city
    assert_eq!(towers_scored(&ev), vec![(0, Tower::Meeple, 4, 8)]);
    let city = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::City).unwrap();
    assert_eq!(city.tiles, 5);
    assert_eq!(city.shares.iter().map(|s| (s.player, s.points)).collect::<Vec<_>>(), vec![(0, 0), (1, 10)]);
    assert_eq!(in_game_points(&ev, 3), vec![8, 10, 0]);
}

/// TEST-50 (TOWER-9) of RULES.md §11.
#[test]
fn test_50_tower_9_the_monastery_tower_counts_monasteries_and_shrines() {
    let draw = ["watchtowers.CFff_3C", "base.B", "shrines.S", "base.E"];
    let mut g = game_in(&["Red", "Blue"], &["base", "watchtowers", "shrines"], &draw, Options::default());
    tile(&mut g, "watchtowers.CFff_3C", 0, 1, 2);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.B", 1, 1, 0);
    tile_pass(&mut g, "shrines.S", -1, 1, 0);
    let ev = tile_pass(&mut g, "base.E", 0, 2, 0); // closes the 2-tile city
    assert_eq!(towers_scored(&ev), vec![(0, Tower::Monastery, 2, 6)]);
    assert_eq!(g.scores(), vec![10, 0]);
}

/// TEST-51 (TOWER-8) of RULES.md §11.
#[test]
fn test_51_tower_8_the_arms_tower_counts_pennants() {
    let draw = ["watchtowers.CCRF_2T", "base.F", "base.F", "base.A"];
    let mut g = game_in(&["Red", "Blue"], TOWERS, &draw, Options::default());
    tile(&mut g, "watchtowers.CCRF_2T", 0, -1, 2); // its road runs north from the tower
    meeple(&mut g, "S");
    tile_pass(&mut g, "base.F", 1, -1, 1); // a pennant
    tile_pass(&mut g, "base.F", -1, -1, 0); // another
    let ev = tile_pass(&mut g, "base.A", 0, -2, 0); // closes the 2-tile road
    assert_eq!(towers_scored(&ev), vec![(0, Tower::Arms, 2, 4)]);
    assert_eq!(g.scores(), vec![6, 0]);
}

/// TEST-52 (TOWER-13) of RULES.md §11.
#[test]
fn test_52_tower_13_start_squares_and_misty_roads_count_for_the_road_tower() {
    let draw = ["base.D", "base.K", "watchtowers.CRFR_1R", "ghosts.13", "base.U", "base.A"];
    let mut g = game_in(&["Red", "Blue"], &["base", "ghosts", "watchtowers"], &draw, Options::default());
    tile_pass(&mut g, "base.D", 0, -1, 2);
    tile_pass(&mut g, "base.K", -1, -1, 2);
    tile(&mut g, "watchtowers.CRFR_1R", -1, 0, 0);
    meeple(&mut g, "W"); // on the tower's west road
    tile_pass(&mut g, "ghosts.13", -2, 0, 0); // a misty road; Blue limits with no meeple
    tile_pass(&mut g, "base.U", 2, 1, 0);
    let ev = tile_pass(&mut g, "base.A", -3, 0, 3); // closes the road
                                                    // Roads in the 3×3: the tower, nw, sw (start squares), D, K, the misty ghosts.13.
    assert_eq!(towers_scored(&ev), vec![(0, Tower::Road, 6, 6)]);
    assert_eq!(g.scores(), vec![9, 0]);
}

/// TEST-53 (TOWER-10, TOWER-12) of RULES.md §11.
/// Red's highwayman on the meeple tower T (3,-2); the base tile T (3,-1) closes its road
/// and a 4-tile city with Blue's two knights; Green's farmer is in the tower's 3×3.
#[test]
fn test_53_tower_10_12_the_tower_counts_before_anything_leaves() {
    let draw = [
        "base.U",
        "base.A",
        "base.E",
        "base.B",
        "base.E",
        "base.U",
        "base.U",
        "base.E",
        "base.B",
        "watchtowers.CFRF_2M",
        "base.U",
        "base.T",
    ];
    let mut g = game_in(&["Red", "Blue", "Green"], TOWERS, &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0); // Red
    tile_pass(&mut g, "base.A", 2, 0, 1); // Blue
    tile_pass(&mut g, "base.E", 3, 0, 0); // Green: the city's south cap
    tile_pass(&mut g, "base.B", 4, 0, 0); // Red
    tile(&mut g, "base.E", 2, -1, 1); // Blue's first knight
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 0, 1, 0); // Green
    tile_pass(&mut g, "base.U", -1, 0, 0); // Red
    tile(&mut g, "base.E", 4, -1, 3); // Blue's second knight
    meeple(&mut g, "N");
    tile(&mut g, "base.B", 4, -2, 0); // Green's farmer
    meeple(&mut g, "Nw");
    tile(&mut g, "watchtowers.CFRF_2M", 3, -2, 0); // Red's highwayman on the tower's road
    meeple(&mut g, "S");
    tile_pass(&mut g, "base.U", -2, 0, 0); // Blue
    let ev = tile_pass(&mut g, "base.T", 3, -1, 2); // Green closes road and city
    assert_eq!(towers_scored(&ev), vec![(0, Tower::Meeple, 4, 8)], "4 meeples, counted before any leaves");
    assert_eq!(in_game_points(&ev, 3), vec![10, 8, 0], "Red: tower 8 + road 2; Blue: city 8");
    assert!(g.is_over());
}

/// TEST-54 (TOWER-11) of RULES.md §11.
#[test]
fn test_54_tower_11_no_tower_bonus_at_the_end() {
    let mut g = game_in(&["Red", "Blue"], TOWERS, &["watchtowers.CFRF_1C"], Options::default());
    tile(&mut g, "watchtowers.CFRF_1C", 0, 1, 1);
    let ev = meeple(&mut g, "N");
    assert!(g.is_over());
    assert!(towers_scored(&ev).is_empty());
    assert_eq!(g.scores(), vec![1, 0], "only the unfinished city");
}

/// TEST-55 (TOWER-14) of RULES.md §11.
#[test]
fn test_55_tower_14_ghosts_never_reduce_a_tower_bonus() {
    let draw = ["base.U", "base.U", "watchtowers.CFRF_1C", "base.E", "base.B", "base.E", "base.G"];
    let mut g = game_in(&["Red", "Blue"], &["base", "ghosts", "watchtowers"], &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, -1, 1);
    tile_pass(&mut g, "base.U", 1, -2, 1);
    tile(&mut g, "watchtowers.CFRF_1C", 0, -2, 2);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.E", -1, -2, 3);
    tile(&mut g, "base.B", -1, 1, 0); // Red limits sw's mist: the knight
    ghost(&mut g, 0, -2, "N");
    pass(&mut g);
    tile_pass(&mut g, "base.E", -1, -1, 3);
    let ev = tile_pass(&mut g, "base.G", 0, -1, 1); // closes nw + G + T
    assert_eq!(towers_scored(&ev), vec![(0, Tower::City, 4, 4)]);
    let city = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::City).unwrap();
    assert_eq!((city.tiles, city.shares[0].points), (3, 4), "6 − 2 for the ghost");
    assert_eq!(g.scores(), vec![8, 0]);
}

/// TEST-56 (TOWER-6) of RULES.md §11.
#[test]
fn test_56_tower_6_a_completed_monastery_beside_a_tower_triggers_nothing() {
    let draw = ["base.B", "base.U", "base.U", "watchtowers.CFff_3C", "base.E", "base.E", "base.E", "base.B"];
    let mut g = game_in(&["Red", "Blue"], TOWERS, &draw, Options::default());
    tile(&mut g, "base.B", 0, 1, 0);
    building(&mut g);
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile(&mut g, "watchtowers.CFff_3C", 1, 1, 1);
    meeple(&mut g, "En"); // Blue's farmer on the tower tile
    tile_pass(&mut g, "base.E", -1, 1, 3);
    tile_pass(&mut g, "base.E", 0, 2, 2);
    tile_pass(&mut g, "base.E", 1, 2, 1);
    let ev = tile_pass(&mut g, "base.B", -1, 2, 0);
    assert!(towers_scored(&ev).is_empty());
    assert_eq!(g.scores(), vec![9, 0]);
}

/// TEST-57 (TOWER-10) of RULES.md §11.
/// One city closed by G (-1,-1) runs through two meeple towers: A (-2,-1) with Red's
/// knight and B (0,-1) with Blue's; Green's farmer (-1,0) is in both 3×3s.
#[test]
fn test_57_tower_10_two_towers_count_the_same_meeples() {
    let draw = [
        "base.U",
        "watchtowers.CRRC_2M",
        "base.U",
        "base.U",
        "base.U",
        "base.U",
        "watchtowers.CFRF_2M",
        "base.U",
        "base.G",
    ];
    let mut g = game_in(&["Red", "Blue", "Green"], TOWERS, &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0); // Red
    tile(&mut g, "watchtowers.CRRC_2M", 0, -1, 3); // Blue's knight
    meeple(&mut g, "N");
    tile(&mut g, "base.U", -1, 0, 0); // Green's farmer
    meeple(&mut g, "Nw");
    tile_pass(&mut g, "base.U", -2, 0, 0); // Red
    tile_pass(&mut g, "base.U", 2, 0, 0); // Blue
    tile_pass(&mut g, "base.U", 3, 0, 0); // Green
    tile(&mut g, "watchtowers.CFRF_2M", -2, -1, 1); // Red's knight
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 4, 0, 0); // Blue
    let ev = tile_pass(&mut g, "base.G", -1, -1, 0); // Green closes the city
    let mut t = towers_scored(&ev);
    t.sort();
    assert_eq!(
        t,
        vec![(0, Tower::Meeple, 2, 4), (1, Tower::Meeple, 2, 4)],
        "each counts its own knight and the farmer"
    );
    assert_eq!(in_game_points(&ev, 3), vec![12, 12, 0], "towers 4 each, then the tied city 8 each");
    assert!(g.is_over());
}

// ------------------------------------------------------------------ Heretics & Shrines

/// Blue's monk at M (0,1), Red's heretic at S (1,1), U(1,0) to reach them.
fn challenge(red_monk_too: bool, options: Options, rest: &[&str]) -> carcassonne::engine::Game {
    let mut draw = vec!["base.U", "base.B", "shrines.S"];
    if red_monk_too {
        draw = vec!["base.B", "base.U", "shrines.S"];
    }
    draw.extend_from_slice(rest);
    let mut g = game_in(&["Red", "Blue"], SHRINES, &draw, options);
    if red_monk_too {
        tile(&mut g, "base.B", 0, 1, 0); // Red's monk
        building(&mut g);
        tile_pass(&mut g, "base.U", 1, 0, 0);
    } else {
        tile_pass(&mut g, "base.U", 1, 0, 0);
        tile(&mut g, "base.B", 0, 1, 0); // Blue's monk
        building(&mut g);
    }
    tile(&mut g, "shrines.S", 1, 1, 0);
    let ev = building(&mut g); // Red's heretic
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeStarted { heretic: 0, .. })), "a challenge begins");
    assert_eq!(g.challenges().len(), 1);
    g
}

/// After `challenge`: surround the shrine first (its last neighbour closes it).
fn shrine_first(g: &mut carcassonne::engine::Game) -> Vec<Event> {
    tile_pass(g, "base.U", 2, 0, 0);
    tile_pass(g, "base.E", 2, 1, 1);
    tile_pass(g, "base.E", 0, 2, 2);
    tile_pass(g, "base.E", 1, 2, 2);
    tile_pass(g, "base.E", 2, 2, 2)
}

const SHRINE_FIRST: [&str; 5] = ["base.U", "base.E", "base.E", "base.E", "base.E"];

/// TEST-58 (SHRINE-CH-5) of RULES.md §11.
#[test]
fn test_58_shrine_ch_5_the_first_completed_wins_and_the_loser_gets_nothing() {
    let mut rest = SHRINE_FIRST.to_vec();
    rest.extend(["base.U", "base.B", "base.B"]);
    let mut g = challenge(false, Options::default(), &rest);
    let ev = shrine_first(&mut g);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::ChallengeWon { winner: 0, loser: 1, building: FeatureKind::Shrine, bonus: 0 })));
    assert_eq!(g.scores(), vec![9, 0]);
    assert_eq!((supply(&g, 0), supply(&g, 1)), (7, 7), "both figures are home");
    assert!(g.challenges().is_empty());
    // Blue's monastery is now empty: completing it later scores nothing.
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.B", -1, 1, 0);
    let ev = tile_pass(&mut g, "base.B", -1, 2, 0);
    assert!(scorings(&ev).is_empty());
    assert_eq!(g.scores(), vec![9, 0]);
}

/// TEST-59 (SHRINE-CH-6) of RULES.md §11.
#[test]
fn test_59_shrine_ch_6_both_completed_by_one_tile_both_score() {
    let rest = ["base.U", "base.U", "base.E", "base.B", "base.E", "base.B", "base.E", "base.E"];
    let mut g = challenge(false, Options::default(), &rest);
    tile_pass(&mut g, "base.U", 2, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.E", 2, 1, 1);
    tile_pass(&mut g, "base.B", -1, 1, 0);
    tile_pass(&mut g, "base.E", 0, 2, 2);
    tile_pass(&mut g, "base.B", -1, 2, 0);
    tile_pass(&mut g, "base.E", 2, 2, 2);
    let ev = tile_pass(&mut g, "base.E", 1, 2, 2);
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeEnded { .. })));
    assert_eq!(g.scores(), vec![9, 9]);
}

/// TEST-60 (SHRINE-CH-8) of RULES.md §11.
#[test]
fn test_60_shrine_ch_8_an_unresolved_challenge_scores_both_at_the_end() {
    let rest = ["base.U", "base.E", "base.B", "base.E", "base.B"];
    let mut g = challenge(false, Options::default(), &rest);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.E", 2, 1, 1);
    tile_pass(&mut g, "base.B", -1, 1, 0);
    tile_pass(&mut g, "base.E", 0, 2, 2);
    tile_pass(&mut g, "base.B", -1, 2, 0);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![6, 8], "shrine: itself + 5; monastery: itself + 7");
}

fn refused_everywhere(g: &carcassonne::engine::Game, pos: Pos) {
    let Phase::Tile { tile } = g.phase() else { panic!("a tile step") };
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::PlaceTile { pos: p, .. } if *p == pos)));
    for rot in Rotation::ALL {
        let mut c = g.clone();
        let r = c.apply(&Action::PlaceTile { tile, pos, rot });
        assert!(matches!(r, Err(PlayError::Forbidden(_)) | Err(PlayError::EdgeMismatch { .. })), "{r:?}");
        assert!(c == *g);
    }
    let forbidden = Rotation::ALL
        .iter()
        .any(|&rot| matches!(g.clone().apply(&Action::PlaceTile { tile, pos, rot }), Err(PlayError::Forbidden(_))));
    assert!(forbidden, "at least one rotation fits the edges and is refused by the shrine rule");
}

/// TEST-61 (SHRINE-PLACE-2) of RULES.md §11.
#[test]
fn test_61_shrine_place_2_a_shrine_may_not_border_two_monasteries() {
    let mut g =
        game_in(&["Red", "Blue"], SHRINES, &["base.U", "base.B", "base.U", "base.B", "shrines.S"], Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.B", 0, 1, 0);
    tile_pass(&mut g, "base.U", 2, 0, 0);
    tile_pass(&mut g, "base.B", 2, 1, 0);
    refused_everywhere(&g, Pos::new(1, 1));
}

/// TEST-62 (SHRINE-PLACE-3) of RULES.md §11.
#[test]
fn test_62_shrine_place_3_a_monastery_may_not_get_a_second_shrine() {
    let draw = ["base.U", "base.B", "shrines.S", "base.U", "shrines.SC"];
    let mut g = game_in(&["Red", "Blue"], SHRINES, &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.B", 0, 1, 0);
    tile_pass(&mut g, "shrines.S", 1, 1, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    refused_everywhere(&g, Pos::new(-1, 1));
}

/// TEST-63 (SHRINE-PLACE-4) of RULES.md §11.
#[test]
fn test_63_shrine_place_4_a_monastery_may_not_make_a_shrine_border_two() {
    let draw = ["base.U", "base.B", "shrines.S", "base.U", "base.B"];
    let mut g = game_in(&["Red", "Blue"], SHRINES, &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.B", 0, 1, 0);
    tile_pass(&mut g, "shrines.S", 1, 1, 0);
    tile_pass(&mut g, "base.U", 2, 0, 0);
    refused_everywhere(&g, Pos::new(2, 1));
}

/// TEST-64 (SHRINE-CH-2) of RULES.md §11.
#[test]
fn test_64_shrine_ch_2_a_player_may_challenge_themself() {
    let mut g = challenge(true, Options::default(), &SHRINE_FIRST);
    let ev = shrine_first(&mut g);
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeWon { winner: 0, loser: 0, .. })));
    assert_eq!(g.scores(), vec![9, 0], "the shrine's 9; the monastery gives nothing");
    assert_eq!(supply(&g, 0), 7);
}

/// TEST-65 (SHRINE-CH-3) of RULES.md §11.
#[test]
fn test_65_shrine_ch_3_a_meeple_elsewhere_on_the_shrine_tile_starts_no_challenge() {
    let draw = ["base.U", "base.B", "shrines.SR", "base.U", "base.B", "base.B", "base.E", "base.U"];
    let mut g = game_in(&["Red", "Blue"], SHRINES, &draw, Options::default());
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile(&mut g, "base.B", 0, 1, 0);
    building(&mut g); // Blue's monk
    tile(&mut g, "shrines.SR", 1, 1, 0);
    let ev = meeple(&mut g, "S"); // Red's highwayman, not a heretic
    assert!(!ev.iter().any(|e| matches!(e, Event::ChallengeStarted { .. })));
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.B", -1, 1, 0);
    tile_pass(&mut g, "base.B", -1, 2, 0);
    tile_pass(&mut g, "base.E", 0, 2, 2);
    tile_pass(&mut g, "base.U", 1, 2, 1); // the monastery's eighth neighbour
    assert_eq!(g.scores()[1], 9);
}

/// With the 2×2 start tile: Blue's monk on A (-1,0), Red's heretic on the shrine (-1,-1).
fn ghost_challenge(rest: &[&str]) -> carcassonne::engine::Game {
    let mut draw = vec!["base.E", "base.A", "shrines.S"];
    draw.extend_from_slice(rest);
    let mut g = game_in(&["Red", "Blue"], &["base", "ghosts", "shrines"], &draw, Options::default());
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile(&mut g, "base.A", -1, 0, 3);
    building(&mut g);
    tile(&mut g, "shrines.S", -1, -1, 0);
    building(&mut g);
    assert_eq!(g.challenges().len(), 1);
    g
}

/// TEST-66 (SHRINE-CH-11) of RULES.md §11.
#[test]
fn test_66_shrine_ch_11_the_winner_pays_for_ghosts_the_loser_does_not() {
    let rest = ["base.B", "ghosts.10", "base.E", "base.U", "base.E", "base.E", "base.E.garden", "ghosts.44"];
    let mut g = ghost_challenge(&rest);
    tile(&mut g, "base.B", -1, 1, 0); // Blue limits sw's mist: its monk
    ghost(&mut g, -1, 0, "building");
    pass(&mut g);
    tile(&mut g, "ghosts.10", 2, 0, 0); // Red extends ne's mist: Blue's monk
    ghost(&mut g, -1, 0, "building");
    pass(&mut g);
    tile_pass(&mut g, "base.E", -2, 0, 3);
    tile(&mut g, "base.U", 3, 0, 1); // Red limits ghosts.10's mist: the heretic
    ghost(&mut g, -1, -1, "building");
    pass(&mut g);
    assert_eq!((ghosts_at(&g, -1, 0), ghosts_at(&g, -1, -1), g.ghost_supply()), (2, 1, 12));
    tile_pass(&mut g, "base.E", -2, -1, 3);
    tile_pass(&mut g, "base.E", -1, -2, 0);
    tile_pass(&mut g, "base.E.garden", -2, -2, 0);
    let ev = tile_pass(&mut g, "ghosts.44", 0, -2, 0); // the shrine's eighth neighbour
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeWon { winner: 0, loser: 1, .. })));
    assert_eq!(g.scores(), vec![7, 0], "9 − 2; Blue gets 0, not −4");
    assert_eq!(g.ghost_supply(), 15);
}

/// TEST-67 (SHRINE-CH-10) of RULES.md §11.
#[test]
fn test_67_shrine_ch_10_a_scared_heretic_ends_the_challenge() {
    let rest = ["ghosts.10", "base.U", "base.E", "base.B", "base.E", "base.E"];
    let mut g = ghost_challenge(&rest);
    tile(&mut g, "ghosts.10", 2, 0, 0); // Blue extends: Red's heretic
    ghost(&mut g, -1, -1, "building");
    pass(&mut g);
    tile(&mut g, "base.U", 3, 0, 1); // Red limits: the heretic
    ghost(&mut g, -1, -1, "building");
    pass(&mut g);
    tile_pass(&mut g, "base.E", -2, 0, 3);
    tile(&mut g, "base.B", -1, 1, 0); // Red limits sw's mist: the third ghost
    let ev = ghost(&mut g, -1, -1, "building");
    assert!(ev.iter().any(|e| matches!(e, Event::FigureScared { player: 0, feature: FeatureKind::Shrine, .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeEnded { .. })));
    assert!(g.challenges().is_empty());
    pass(&mut g);
    tile_pass(&mut g, "base.E", -2, -1, 3);
    let ev = tile_pass(&mut g, "base.E", -2, 1, 2); // the monastery's eighth neighbour
    assert_eq!(scorings(&ev)[0].shares[0].points, 9);
    assert_eq!(g.scores(), vec![0, 9]);
}

/// TEST-68 (SHRINE-CH-13) of RULES.md §11.
#[test]
fn test_68_shrine_ch_13_house_rule_the_winner_also_takes_the_losers_building() {
    let options = Options { shrine_house_rule: true, ..Options::default() };
    let mut g = challenge(false, options, &SHRINE_FIRST);
    let ev = shrine_first(&mut g);
    // The monastery has 5 of 8 neighbours: worth 6.
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeWon { winner: 0, bonus: 6, .. })));
    assert_eq!(g.scores(), vec![15, 0]);
}

/// TEST-69 (SHRINE-PLACE-5) of RULES.md §11.
#[test]
fn test_69_shrine_place_5_a_shrine_with_no_legal_position_is_discarded() {
    // Found in a seeded game (examples/find_shrine_discard.rs): the shrine fits by its
    // edges, but every such position breaks the neighbourhood rule.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shrine-discard.json")).unwrap();
    let record = carcassonne::record::Record::parse(&text).unwrap();
    let mut before = record.clone();
    let last = before.actions.pop().unwrap();
    let (mut g, _) = before.replay(TileSet::builtin()).unwrap();
    let player = g.current_player();
    let next = (player + 1) % 2;
    let action = last.to_action(&g).unwrap();
    let ev = g.apply(&action).unwrap();
    let shrine = ev
        .iter()
        .find_map(|e| match e {
            Event::TileDiscarded { player, tile } if tile.starts_with("shrines.") => Some((*player, tile.clone())),
            _ => None,
        })
        .expect("a shrine is discarded");
    assert_eq!(shrine.0, next, "the next player drew it");
    let idx = g.tiles().index_of(&shrine.1).unwrap();
    let def = g.tiles().get(idx);
    let mut fitting = 0;
    for o in g.board().open() {
        for rot in Rotation::ALL {
            if carcassonne::engine::board::Board::fits(o, def, rot) {
                fitting += 1;
            }
        }
    }
    assert!(fitting > 0, "it fits by its edges somewhere");
    assert!(g.discarded().contains(&idx));
    assert_eq!(g.current_player(), next, "the same player draws again");
    assert!(matches!(g.phase(), Phase::Tile { .. } | Phase::Over));
    let _ = Spot::Building;
}
