//! Base-game scenarios TEST-01…TEST-16b of RULES.md §11, each built from real moves.
//!
//! Board conventions: the start tile base.D lies at (0,0) with its city to the north and
//! its road running east–west; x grows east, y grows south; a rotation is a number of
//! clockwise quarter turns of the tile as printed.

mod common;
use carcassonne::engine::{Action, Event, FeatureKind, FigureKind, Game, Options, Phase, PlayError, Pos, Spot};
use carcassonne::record::parse_spot;
use common::*;

const RED: usize = 0;
const BLUE: usize = 1;

/// TEST-01 (BASE-ROAD-2) of RULES.md §11.
#[test]
fn test_01_base_road_2_completed_road_scores_one_per_tile() {
    // Road (-1,0)–(0,0)–(1,0): closed by a crossing (X) in the east and a city (T) in the west.
    let mut g = game(&["Red", "Blue"], &["base.X", "base.T"]);
    tile(&mut g, "base.X", 1, 0, 0);
    meeple(&mut g, "W");
    assert_eq!(supply(&g, RED), 6);
    let mut ev = tile(&mut g, "base.T", -1, 0, 3);
    ev.extend(pass(&mut g));
    let s = scorings(&ev);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].feature, s[0].tiles, s[0].value), (FeatureKind::Road, 3, 3));
    assert_eq!(g.scores(), vec![3, 0]);
    assert_eq!(supply(&g, RED), 7, "the highwayman is back");
}

/// TEST-02 (BASE-CITY-2) of RULES.md §11.
#[test]
fn test_02_base_city_2_two_tile_city_scores_four() {
    let mut g = game(&["Red", "Blue"], &["base.E"]);
    tile(&mut g, "base.E", 0, -1, 2);
    let ev = meeple(&mut g, "N");
    let s = scorings(&ev);
    assert_eq!((s[0].feature, s[0].tiles, s[0].pennants, s[0].value), (FeatureKind::City, 2, 0, 4));
    assert_eq!(g.scores(), vec![4, 0]);
    assert_eq!(supply(&g, RED), 7);
}

/// BASE-CITY-2 has no small-city exception; the first edition's "tiny city" rule is an
/// option (`tiny_city`, as JCloisterZone offers it): a completed 2-square city scores 1 per
/// square (2), and a bigger one still 2 per square.
#[test]
fn tiny_city_option_a_completed_two_square_city_scores_two() {
    let tiny = Options { tiny_city: true, ..Options::default() };
    let mut g = game_with(&["Red", "Blue"], &["base.E"], tiny.clone());
    tile(&mut g, "base.E", 0, -1, 2);
    let ev = meeple(&mut g, "N");
    let s = scorings(&ev);
    assert_eq!((s[0].feature, s[0].tiles, s[0].value), (FeatureKind::City, 2, 2));
    assert_eq!(g.scores(), vec![2, 0]);
    // Three squares: the option changes nothing (3 squares, 1 coat of arms → 8).
    let mut g = game_with(&["Red", "Blue"], &["base.F", "base.E"], tiny);
    tile(&mut g, "base.F", 0, -1, 1);
    meeple(&mut g, "E");
    let ev = tile_pass(&mut g, "base.E", 0, -2, 2);
    let s = scorings(&ev);
    assert_eq!((s[0].tiles, s[0].pennants, s[0].value), (3, 1, 8));
}

/// TEST-03 (BASE-MAJ-1) of RULES.md §11.
#[test]
fn test_03_base_maj_1_majority_takes_all_and_every_knight_returns() {
    // A T-shaped city: Q (pennant) at (2,-1) joins caps at (1,-1) [Red], (3,-1) [Blue]
    // and the northern arm G(2,-2) [Red] + cap (2,-3). 5 tiles, 1 pennant.
    let draw = ["base.U", "base.U", "base.E", "base.U", "base.B", "base.E", "base.G", "base.E", "base.Q"];
    let mut g = game(&["Red", "Black"], &draw);
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.U", 2, 0, 0);
    tile(&mut g, "base.E", 1, -1, 1);
    meeple(&mut g, "N");
    tile_pass(&mut g, "base.U", 3, 0, 0);
    tile_pass(&mut g, "base.B", 1, -2, 0);
    tile(&mut g, "base.E", 3, -1, 3);
    meeple(&mut g, "N");
    tile(&mut g, "base.G", 2, -2, 1);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.E", 2, -3, 2);
    assert_eq!((supply(&g, 0), supply(&g, 1)), (5, 6));
    let ev = tile_pass(&mut g, "base.Q", 2, -1, 0);
    let s = scorings(&ev);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].tiles, s[0].pennants, s[0].value), (5, 1, 12));
    assert_eq!(g.scores(), vec![12, 0]);
    assert_eq!((supply(&g, 0), supply(&g, 1)), (7, 7), "all three knights return");
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![12, 0], "nothing left to score at the end");
}

/// TEST-04 of RULES.md §11.
#[test]
fn test_04_tie_both_majority_players_score_in_full() {
    let draw = ["base.U", "base.U", "base.U", "base.E", "base.E", "base.G"];
    let mut g = game(&["Red", "Blue"], &draw);
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.U", 2, 0, 0);
    tile_pass(&mut g, "base.U", 3, 0, 0);
    tile(&mut g, "base.E", 3, -1, 3);
    meeple(&mut g, "N");
    tile(&mut g, "base.E", 1, -1, 1);
    meeple(&mut g, "N");
    let ev = tile_pass(&mut g, "base.G", 2, -1, 0);
    assert_eq!(scorings(&ev)[0].value, 6);
    assert_eq!(g.scores(), vec![6, 6]);
}

/// The monastery at (0,1) and, in order, up to all 8 of its neighbours.
fn monastery_game(draw: &[&str]) -> carcassonne::engine::Game {
    let mut g = game(&["Red", "Blue"], draw);
    tile(&mut g, "base.B", 0, 1, 0);
    figure(&mut g, FigureKind::Meeple, "building");
    let moves = [
        ("base.U", 1, 0, 0),
        ("base.U", -1, 0, 0),
        ("base.E", 1, 1, 1),
        ("base.E", -1, 1, 3),
        ("base.E", 0, 2, 2),
        ("base.E", 1, 2, 1),
        ("base.B", -1, 2, 0),
    ];
    for (id, x, y, r) in moves.iter().take(draw.len() - 1) {
        tile_pass(&mut g, id, *x, *y, *r);
    }
    g
}

/// TEST-05 (BASE-MON-1) of RULES.md §11.
#[test]
fn test_05_base_mon_1_surrounded_monastery_scores_nine() {
    let g = monastery_game(&["base.B", "base.U", "base.U", "base.E", "base.E", "base.E", "base.E", "base.B"]);
    assert_eq!(g.scores(), vec![9, 0]);
    assert_eq!(supply(&g, RED), 7);
}

/// TEST-06 (BASE-MON-2) of RULES.md §11.
#[test]
fn test_06_base_mon_2_incomplete_monastery_one_plus_neighbours() {
    // Neighbours at the end: (0,0), (1,0), (-1,0), (1,1), (-1,1) = 5.
    let g = monastery_game(&["base.B", "base.U", "base.U", "base.E", "base.E"]);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![6, 0]);
}

/// TEST-07 (BASE-CITY-3) of RULES.md §11.
#[test]
fn test_07_base_city_3_incomplete_city_one_per_tile_and_pennant() {
    let mut g = game(&["Red", "Blue"], &["base.F", "base.F", "base.G"]);
    tile(&mut g, "base.F", 0, -1, 1);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.F", 0, -2, 1);
    let ev = tile_pass(&mut g, "base.G", 0, -3, 1);
    assert!(g.is_over());
    let s = scorings(&ev);
    assert_eq!((s[0].complete, s[0].tiles, s[0].pennants, s[0].value), (false, 4, 2, 6));
    assert_eq!(g.scores(), vec![6, 0]);
}

/// TEST-08 (BASE-ROAD-3) of RULES.md §11.
#[test]
fn test_08_base_road_3_incomplete_road_one_per_tile() {
    let mut g = game(&["Red", "Blue"], &["base.U", "base.U", "base.U"]);
    tile(&mut g, "base.U", 1, 0, 0);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.U", 2, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 0]);
}

/// Three fields merged into one: X's north-west quadrant, the start tile's north field
/// and its south field. Completed cities: the start city (closed by E at (0,-1)) and the
/// city E(0,1)+E(0,2); open city: E(1,1).
fn field_game(red_second_farmer: bool, close_third_city: bool) -> carcassonne::engine::Game {
    let mut draw = vec!["base.X", "base.E", "base.U", "base.E", "base.E", "base.A", "base.A", "base.E"];
    if close_third_city {
        draw.push("base.E.garden");
    }
    let mut g = game(&["Red", "Blue"], &draw);
    tile(&mut g, "base.X", -1, 0, 0);
    meeple(&mut g, "Nw"); // Red: X's north-west quadrant
    tile(&mut g, "base.E", 0, 1, 2);
    meeple(&mut g, "En"); // Blue: the start tile's south field
    tile(&mut g, "base.U", -1, -1, 1);
    if red_second_farmer {
        meeple(&mut g, "Nw"); // Red: the start tile's north field (U's east side)
    } else {
        pass(&mut g);
    }
    tile_pass(&mut g, "base.E", 0, -1, 2); // closes the start city
    tile_pass(&mut g, "base.E", 0, 2, 0); // closes E(0,1)'s city
    tile_pass(&mut g, "base.A", 1, 0, 1); // joins north and south fields
    tile_pass(&mut g, "base.A", -1, -2, 0); // joins the NW quadrant to the north field
    tile_pass(&mut g, "base.E", 1, 1, 1); // an open city on the field
    if close_third_city {
        tile_pass(&mut g, "base.E.garden", 2, 1, 3);
    }
    assert!(g.is_over());
    g
}

/// TEST-09 (BASE-FIELD-2) of RULES.md §11.
#[test]
fn test_09_base_field_2_majority_farmers_score_completed_cities_only() {
    let g = field_game(true, false);
    assert_eq!(g.scores(), vec![6, 0]);
}

/// TEST-10 (BASE-FIELD-2) of RULES.md §11.
#[test]
fn test_10_base_field_2_tied_farmers_both_score() {
    let g = field_game(false, true);
    assert_eq!(g.scores(), vec![9, 9]);
}

/// TEST-11 (BASE-FIELD-2) of RULES.md §11.
#[test]
fn test_11_base_field_2_one_city_supplies_two_fields() {
    let mut g = game(&["Red", "Blue"], &["base.U", "base.E"]);
    tile(&mut g, "base.U", 1, 0, 0);
    meeple(&mut g, "Nw"); // Red: joins the start tile's north field
    tile(&mut g, "base.E", 0, -1, 2);
    meeple(&mut g, "En"); // Blue: the new tile's field, beside the same city
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![3, 3]);
}

/// TEST-12 (BASE-FIELD-2) of RULES.md §11.
#[test]
fn test_12_base_field_2_city_counts_once_per_field() {
    let mut g = game(&["Red", "Blue"], &["base.U", "base.E", "base.B"]);
    tile(&mut g, "base.U", 1, 0, 0);
    meeple(&mut g, "Nw");
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "base.B", 1, -1, 0); // the field now touches the city on two tiles
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![3, 0]);
}

/// TEST-13 (BASE-MEEPLE-5) of RULES.md §11.
#[test]
fn test_13_base_meeple_5_meeple_on_feature_completed_this_turn_scores_and_returns() {
    let mut g = game(&["Red", "Blue"], &["base.L", "base.U", "base.A"]);
    tile_pass(&mut g, "base.L", 1, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile(&mut g, "base.A", 1, 1, 2);
    let ev = meeple(&mut g, "S");
    let kinds: Vec<&str> = ev
        .iter()
        .map(|e| match e {
            Event::FigurePlaced { .. } => "placed",
            Event::Scored(_) => "scored",
            Event::FigureReturned { .. } => "returned",
            _ => "other",
        })
        .filter(|k| *k != "other")
        .collect();
    assert_eq!(kinds, vec!["placed", "scored", "returned"]);
    assert_eq!(g.scores(), vec![2, 0]);
    assert_eq!(supply(&g, RED), 7);
}

/// TEST-14 (BASE-MEEPLE-3) of RULES.md §11.
#[test]
fn test_14_base_meeple_3_occupied_feature_refuses_a_meeple_elsewhere_is_fine() {
    let mut g = game(&["Red", "Blue"], &["base.U", "base.F", "base.D"]);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile(&mut g, "base.F", 0, -1, 1);
    meeple(&mut g, "E"); // Blue knight in the city
    tile(&mut g, "base.D", 0, -2, 2); // Red extends the city
    let before = g.clone();
    let knight = Action::PlaceFigure { figure: FigureKind::Meeple, spot: parse_spot("N").unwrap() };
    assert_eq!(g.apply(&knight), Err(PlayError::FeatureOccupied(FeatureKind::City)));
    assert_eq!(g, before, "a refused action changes nothing");
    assert!(!g.legal_actions().contains(&knight));
    let road = Action::PlaceFigure {
        figure: FigureKind::Meeple,
        spot: Spot::Port(carcassonne::engine::Port::from_name("E").unwrap()),
    };
    assert!(g.legal_actions().contains(&road));
    g.apply(&road).expect("the unconnected road is free");
}

/// TEST-15 (BASE-TILE-4) of RULES.md §11.
#[test]
fn test_15_base_tile_4_unplaceable_tile_is_discarded_and_the_same_player_draws_again() {
    // After F(0,-1) and E(0,-2) no open square accepts the all-city tile C.
    let mut g = game(&["Red", "Blue"], &["base.F", "base.E", "base.C", "base.U"]);
    tile_pass(&mut g, "base.F", 0, -1, 1);
    let ev = tile_pass(&mut g, "base.E", 0, -2, 2);
    let c = g.tiles().index_of("base.C").unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::TileDiscarded { player: 0, tile } if &**tile == "base.C")));
    assert_eq!(g.discarded(), &[c]);
    assert_eq!(g.current_player(), RED);
    assert!(matches!(g.phase(), Phase::Tile { tile } if &*g.tiles().get(tile).id == "base.U"));
    assert_eq!(g.tiles_left(), 0);
    assert_eq!(g.scores(), vec![0, 0]);
    tile_pass(&mut g, "base.U", 1, 0, 0);
    assert!(g.is_over());
}

/// TEST-16 (BASE-ABBOT-4) of RULES.md §11.
#[test]
fn test_16_base_abbot_4_taking_the_abbot_back_scores_the_garden_at_once() {
    let options = Options { abbot: true, ..Options::default() };
    let draw = ["base.E.garden", "base.U", "base.U", "base.E", "base.U"];
    let mut g = game_with(&["Red", "Blue"], &draw, options);
    tile(&mut g, "base.E.garden", 0, 1, 2);
    figure(&mut g, FigureKind::Abbot, "garden");
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.E", 1, 1, 1); // the garden now has 4 of 8 neighbours
    tile(&mut g, "base.U", 2, 0, 0); // not next to the garden
    assert_eq!(g.players()[RED].in_supply(FigureKind::Abbot), 0);
    let ev = g.apply(&Action::RetrieveAbbot { pos: Pos::new(0, 1) }).unwrap();
    let s = scorings(&ev);
    assert_eq!((s[0].feature, s[0].value), (FeatureKind::Garden, 5));
    assert_eq!(g.players()[RED].score, 5);
    assert_eq!(g.players()[RED].in_supply(FigureKind::Abbot), 1);
    assert_eq!(supply(&g, RED), 7, "no meeple was placed that turn");
    assert!(g.is_over() || g.current_player() == BLUE);
}

/// The first legal rotation of the drawn tile at (x, y) (the tiles below fit one way only,
/// or look the same every way).
fn fitting(g: &Game, x: i32, y: i32) -> u8 {
    g.legal_actions()
        .iter()
        .find_map(|a| match a {
            Action::PlaceTile { pos, rot, .. } if *pos == Pos::new(x, y) => Some(rot.quarters()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the drawn tile fits nowhere at ({x}, {y})"))
}

/// TEST-16b (BASE-ABBOT-4, BASE-ABBOT-3) of RULES.md §11, v1.1: Red's abbot stands on a garden
/// with 7 of its 8 neighbours; Red places the 8th. Taking the abbot back is not offered and is
/// refused; Red may still place a meeple on the new tile or pass; in step 3 the garden scores
/// 9 for Red and the abbot comes home.
#[test]
fn test_16b_base_abbot_4_no_abbot_back_from_a_building_the_tile_completes() {
    let options = Options { abbot: true, ..Options::default() };
    let draw = ["base.E.garden", "base.U", "base.U", "base.B", "base.B", "base.E", "base.B", "base.U", "base.B"];
    let mut g = game_with(&["Red", "Blue"], &draw, options);
    tile(&mut g, "base.E.garden", 0, 1, 2); // the start tile (0, 0) is its first neighbour
    figure(&mut g, FigureKind::Abbot, "garden");
    // Six more neighbours, and one tile elsewhere so that the 8th is Red's.
    for (id, x, y) in [
        ("base.U", 1, 0),
        ("base.U", -1, 0),
        ("base.B", 1, 1),
        ("base.B", -1, 1),
        ("base.E", 0, 2),
        ("base.B", 1, 2),
        ("base.U", 2, 0),
    ] {
        let rot = fitting(&g, x, y);
        tile_pass(&mut g, id, x, y, rot);
    }
    assert_eq!(g.current_player(), RED);
    assert_eq!(g.players()[RED].score, 0);
    let rot = fitting(&g, -1, 2);
    tile(&mut g, "base.B", -1, 2, rot); // the garden's 8th neighbour
    let back = Action::RetrieveAbbot { pos: Pos::new(0, 1) };
    let legal = g.legal_actions();
    assert!(!legal.contains(&back), "taking the abbot back is not offered");
    assert!(legal.contains(&Action::PlaceFigure { figure: FigureKind::Meeple, spot: Spot::Building }));
    assert!(legal.contains(&Action::Pass));
    let before = g.clone();
    let e = g.apply(&back).unwrap_err();
    assert_eq!(e, PlayError::AbbotsBuildingComplete(Pos::new(0, 1)));
    assert!(e.to_string().contains("BASE-ABBOT-4"), "{e}");
    assert_eq!(g, before, "a refused action changes nothing");
    // Red passes; step 3 scores the completed garden: 1 + 8 neighbours.
    let ev = pass(&mut g);
    let s = scorings(&ev);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].feature, s[0].value, s[0].complete), (FeatureKind::Garden, 9, true));
    assert_eq!(g.players()[RED].score, 9);
    assert_eq!(g.players()[RED].in_supply(FigureKind::Abbot), 1, "the abbot came home");
}

#[test]
fn regular_meeples_may_not_stand_in_gardens_and_abbots_not_on_roads() {
    let options = Options { abbot: true, ..Options::default() };
    let mut g = game_with(&["Red", "Blue"], &["base.U.garden"], options);
    tile(&mut g, "base.U.garden", 1, 0, 0);
    let garden = Action::PlaceFigure { figure: FigureKind::Meeple, spot: Spot::Building };
    assert!(matches!(g.apply(&garden), Err(PlayError::FigureNotAllowed { .. })));
    let abbot_road = Action::PlaceFigure { figure: FigureKind::Abbot, spot: parse_spot("E").unwrap() };
    assert!(matches!(g.apply(&abbot_road), Err(PlayError::FigureNotAllowed { .. })));
    figure(&mut g, FigureKind::Abbot, "building");
}

#[test]
fn without_farmers_no_meeple_goes_on_a_field() {
    let options = Options { farmers: false, ..Options::default() };
    let mut g = game_with(&["Red", "Blue"], &["base.U"], options);
    tile(&mut g, "base.U", 1, 0, 0);
    let farmer = Action::PlaceFigure { figure: FigureKind::Meeple, spot: parse_spot("Nw").unwrap() };
    assert!(g.apply(&farmer).is_err());
    assert!(!g.legal_actions().contains(&farmer));
}

#[test]
fn base_road_2_a_square_counts_once_when_the_road_loops_back_through_it() {
    // W at (1,0) sends a road east and one south; three curves join them into a loop.
    // Five road segments lie on four squares: the loop is worth 4, not 5.
    let mut g = game(&["Red", "Blue"], &["base.W", "base.V", "base.V", "base.V"]);
    tile_pass(&mut g, "base.W", 1, 0, 0);
    tile(&mut g, "base.V", 2, 0, 0);
    meeple(&mut g, "S");
    tile_pass(&mut g, "base.V", 2, 1, 1);
    let ev = tile_pass(&mut g, "base.V", 1, 1, 2);
    let s = scorings(&ev);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].feature, s[0].complete, s[0].tiles, s[0].value), (FeatureKind::Road, true, 4, 4));
    assert_eq!(g.scores(), vec![0, 4]);
}

/// BASE-SETUP-3 with `first_player` (issue 38's duplicate match): the seat named plays
/// first, the turn passes on in seat order, and the same seed deals the same tiles in the
/// same order, so the other seat gets the first seat's tiles of the first game. A seat the
/// game does not have is refused.
#[test]
fn base_setup_3_first_player_starts_on_the_same_tile_order() {
    use carcassonne::engine::rng::Rng;
    use carcassonne::engine::{Setup, SetupError, TileSet};
    let first = Game::new(TileSet::builtin(), Setup::base(&["Ann", "Bo"], 77)).unwrap();
    let mut swapped = Setup::base(&["Ann", "Bo"], 77);
    swapped.options.first_player = BLUE;
    let mut second = Game::new(TileSet::builtin(), swapped).unwrap();
    assert_eq!(first.current_player(), RED);
    assert_eq!(second.current_player(), BLUE, "Bo starts the second game");
    assert_eq!(first.draw_order(), second.draw_order(), "the same tiles in the same order");
    assert_eq!(first.phase(), second.phase(), "the same first tile, now Bo's");
    // Turns alternate from Bo: tile i of the deck goes to Bo when i is even.
    let (mut rng, mut scratch, mut drawn) = (Rng::new(5), Vec::new(), Vec::new());
    while drawn.len() < 6 && second.phase() != Phase::Over {
        if let Phase::Tile { tile } = second.phase() {
            drawn.push((second.current_player(), tile));
        }
        let a = second.random_action(&mut rng, &mut scratch);
        second.apply(&a).unwrap();
    }
    let players: Vec<usize> = drawn.iter().map(|(p, _)| *p).collect();
    assert_eq!(players, [BLUE, RED, BLUE, RED, BLUE, RED]);
    let tiles: Vec<_> = drawn.iter().map(|(_, t)| *t).collect();
    assert_eq!(tiles, first.draw_order()[..6], "every tile dealt in the first game's order");
    let mut bad = Setup::base(&["Ann", "Bo"], 77);
    bad.options.first_player = 2;
    assert_eq!(Game::new(TileSet::builtin(), bad).err(), Some(SetupError::FirstPlayer(2)));
}
