//! Inspection (what a hover card shows) and the tiles nobody has seen, on boards built by
//! real moves. The values are the rules' (BASE-CITY-2, BASE-CITY-3, BASE-FIELD-2,
//! BASE-MON-2, GHOST-MIST-5), worked out by hand from the board each test builds.
//!
//! Conventions as in base_rules.rs and ghost_rules.rs: x grows east, y south; rotations
//! are clockwise quarter turns of the printed tile.

mod common;
use carcassonne::engine::{FeatureKind, FigureKind, Game, Holder, Inspection, Part, Pos, Spot};
use carcassonne::record::parse_spot;
use common::*;

const RED: usize = 0;
const BLUE: usize = 1;

fn at(g: &Game, x: i32, y: i32, spot: &str) -> Inspection {
    g.inspect(Pos::new(x, y), Part::Spot(parse_spot(spot).unwrap()))
        .unwrap_or_else(|| panic!("a feature at ({x},{y}) {spot}"))
}

fn mist(g: &Game, x: i32, y: i32, port: &str) -> Option<Inspection> {
    let Spot::Port(p) = parse_spot(port).unwrap() else { panic!("{port} is a port") };
    g.inspect(Pos::new(x, y), Part::Mist(p))
}

fn unseen(g: &Game) -> Vec<(String, u16)> {
    g.unseen_tiles().into_iter().map(|(t, n)| (g.tiles().get(t).id.to_string(), n)).collect()
}

/// The city of TEST-07 before it is finished: the start tile's city and two F tiles
/// (a coat of arms each), Red's knight on it.
#[test]
fn a_city_shows_its_value_now_and_completed_and_who_holds_it() {
    let mut g = game(&["Red", "Blue"], &["base.F", "base.F", "base.G", "base.U"]);
    tile(&mut g, "base.F", 0, -1, 1);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.F", 0, -2, 1);
    let card = at(&g, 0, -1, "E");
    assert_eq!(card.kind, FeatureKind::City);
    assert!(!card.complete);
    // BASE-CITY-3: 3 squares + 2 coats of arms now; BASE-CITY-2: twice that completed.
    assert_eq!((card.now.tiles, card.now.pennants, card.now.value), (3, 2, 5));
    assert_eq!(card.if_completed.map(|v| v.value), Some(10));
    assert_eq!(card.holders, vec![Holder { player: RED, figures: 1, ghosts: 0 }]);
    assert_eq!(card.majority, vec![RED]);
    assert!(card.open_ends > 0);
    let squares: Vec<Pos> = card.parts.iter().map(|p| p.0).collect();
    for y in [0, -1, -2] {
        assert!(squares.contains(&Pos::new(0, y)), "(0,{y}) is part of the city");
    }
    // The same city asked from the start tile's side.
    assert_eq!(at(&g, 0, 0, "N"), card);
    // G as in TEST-07 leaves it open: 4 squares and 2 coats of arms, 6 at the end.
    tile_pass(&mut g, "base.G", 0, -3, 1);
    let card = at(&g, 0, -1, "E");
    assert!(!card.complete);
    assert_eq!((card.now.tiles, card.now.value), (4, 6));
    assert_eq!(card.if_completed.map(|v| v.value), Some(12));
}

/// TEST-02's two-square city: closed, it is worth 4 (BASE-CITY-2); the knight went home,
/// so nobody holds it and there is nothing left to complete.
#[test]
fn a_completed_city_is_worth_its_full_value_and_held_by_nobody() {
    let mut g = game(&["Red", "Blue"], &["base.E", "base.U"]);
    tile(&mut g, "base.E", 0, -1, 2);
    meeple(&mut g, "N"); // E's city, printed north, faces the start tile's
    assert_eq!(g.scores(), vec![4, 0]);
    let card = at(&g, 0, -1, "N");
    assert!(card.complete);
    assert_eq!(card.open_ends, 0);
    assert_eq!((card.now.tiles, card.now.value), (2, 4));
    assert_eq!(card.if_completed, None);
    assert!(card.holders.is_empty() && card.majority.is_empty());
}

/// The fields of TEST-09, one turn before the end: Red has two farmers on the merged
/// field, Blue one; two completed cities touch it.
#[test]
fn a_field_shows_the_completed_cities_it_touches_and_the_farmers_majority() {
    let draw = ["base.X", "base.E", "base.U", "base.E", "base.E", "base.A", "base.A", "base.E", "base.U"];
    let mut g = game(&["Red", "Blue"], &draw);
    tile(&mut g, "base.X", -1, 0, 0);
    meeple(&mut g, "Nw");
    tile(&mut g, "base.E", 0, 1, 2);
    meeple(&mut g, "En");
    tile(&mut g, "base.U", -1, -1, 1);
    meeple(&mut g, "Nw");
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "base.E", 0, 2, 0);
    tile_pass(&mut g, "base.A", 1, 0, 1);
    tile_pass(&mut g, "base.A", -1, -2, 0);
    tile_pass(&mut g, "base.E", 1, 1, 1);
    assert!(!g.is_over());
    let card = at(&g, -1, 0, "Nw");
    assert_eq!(card.kind, FeatureKind::Field);
    // BASE-FIELD-2: the start city and E(0,1)+E(0,2) are complete; E(1,1)'s city is not.
    assert_eq!(card.cities.len(), 2);
    // Each named city is a completed city; one of them is the start tile's.
    let cities: Vec<Inspection> = card.cities.iter().map(|(at, n)| g.inspect(*at, Part::Node(*n)).unwrap()).collect();
    assert!(cities.iter().all(|c| c.kind == FeatureKind::City && c.complete));
    assert!(cities.iter().any(|c| c.parts.iter().any(|p| p.0 == Pos::new(0, 0))));
    assert_eq!((card.now.cities, card.now.value), (2, 6));
    assert_eq!(card.if_completed, None, "a field is never completed");
    assert_eq!(
        card.holders,
        vec![Holder { player: RED, figures: 2, ghosts: 0 }, Holder { player: BLUE, figures: 1, ghosts: 0 }]
    );
    assert_eq!(card.majority, vec![RED]);
    // The same field from Blue's farmer: one field.
    assert_eq!(at(&g, 0, 1, "En"), card);
}

/// TEST-06's monastery with 5 of its 8 neighbours: worth 6 now, 9 when surrounded.
#[test]
fn a_monastery_shows_its_neighbours_now_and_nine_when_surrounded() {
    let mut g = game(&["Red", "Blue"], &["base.B", "base.U", "base.U", "base.E", "base.E", "base.U"]);
    tile(&mut g, "base.B", 0, 1, 0);
    figure(&mut g, FigureKind::Meeple, "building");
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile_pass(&mut g, "base.E", 1, 1, 1);
    tile_pass(&mut g, "base.E", -1, 1, 3);
    let card = at(&g, 0, 1, "building");
    assert_eq!(card.kind, FeatureKind::Monastery);
    assert!(!card.complete);
    // BASE-MON-2: itself and (0,0), (1,0), (-1,0), (1,1), (-1,1).
    assert_eq!((card.now.tiles, card.now.value), (6, 6));
    assert_eq!(card.area.len(), 6);
    assert!(card.area.contains(&Pos::new(0, 1)) && card.area.contains(&Pos::new(-1, 1)));
    assert_eq!(card.if_completed.map(|v| (v.tiles, v.value)), Some((9, 9)));
    assert_eq!(card.majority, vec![RED]);
}

/// The 2×2 start tile's mist bank (ne's east and south edges, se's north edge): open to
/// the east at first; a clear edge at (2,0) limits it for good (GHOST-MIST-5).
#[test]
fn a_mist_bank_says_whether_it_is_limited() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.E", "base.U", "base.U"]);
    let bank = mist(&g, 1, 0, "E").expect("mist on ne's east edge");
    assert_eq!(bank.kind, FeatureKind::Mist);
    assert!(!bank.limited && !bank.complete);
    assert!(bank.open_ends > 0, "its east edge faces an empty square");
    let squares: Vec<Pos> = bank.parts.iter().map(|p| p.0).collect();
    assert!(squares.contains(&Pos::new(1, 0)) && squares.contains(&Pos::new(1, 1)), "one bank over ne and se");
    assert_eq!(mist(&g, 1, 1, "N"), Some(bank.clone()), "the same bank from se");
    assert_eq!(mist(&g, 0, 0, "N"), None, "no mist on nw");
    // nobody has a figure, so no ghost is placed (GHOST-PLACE-6).
    tile_pass(&mut g, "base.E", 2, 0, 1);
    let bank = mist(&g, 1, 0, "E").unwrap();
    assert!(bank.limited && !bank.complete);
    assert_eq!(bank.if_completed, None);
}

#[test]
fn nothing_to_inspect_where_no_tile_or_no_feature_is() {
    let g = game(&["Red", "Blue"], &["base.U", "base.U"]);
    assert_eq!(g.inspect(Pos::new(5, 5), Part::Spot(Spot::Building)), None);
    assert_eq!(g.inspect(Pos::new(0, 0), Part::Spot(Spot::Building)), None, "the start tile has no building");
    assert_eq!(g.inspect(Pos::new(0, 0), Part::Node(0)).map(|i| i.kind), Some(FeatureKind::City), "node 0: its city");
    assert_eq!(g.inspect(Pos::new(0, 0), Part::Node(200)), None, "no such node");
}

/// The tiles nobody has seen: the stack by kind, the tile in hand not among them.
#[test]
fn unseen_tiles_are_the_stack_by_kind() {
    let mut g = game(&["Red", "Blue"], &["base.U", "base.E", "base.U", "base.B"]);
    // base.U is in hand: seen.
    assert_eq!(unseen(&g), vec![("base.B".into(), 1), ("base.E".into(), 1), ("base.U".into(), 1)]);
    assert_eq!(g.unseen_tiles().iter().map(|t| t.1 as usize).sum::<usize>(), g.tiles_left());
    tile_pass(&mut g, "base.U", 1, 0, 0);
    assert_eq!(unseen(&g), vec![("base.B".into(), 1), ("base.U".into(), 1)]);
}

/// A feature is named by what it is and whose it is (the majority's names), not by a
/// square: Red's knight on the city of TEST-07's first two tiles; the start tile's road,
/// which nobody holds; in Dutch with the holder after it.
#[test]
fn a_feature_is_named_by_its_kind_size_and_owners() {
    use carcassonne::text::{feature_name, Lang};
    let mut g = game(&["Red", "Blue"], &["base.F", "base.U"]);
    tile(&mut g, "base.F", 0, -1, 1);
    meeple(&mut g, "E");
    let names = vec!["Red".to_string(), "Blue".to_string()];
    let name = |lang, x, y, spot: &str| feature_name(lang, &g, Pos::new(x, y), parse_spot(spot).unwrap(), &names);
    assert_eq!(name(Lang::En, 0, 0, "N").as_deref(), Some("Red's city of 2 tiles"));
    assert_eq!(name(Lang::Nl, 0, 0, "N").as_deref(), Some("de stad van 2 tegels van Red"));
    assert_eq!(name(Lang::En, 0, 0, "W").as_deref(), Some("the road of 1 tile"));
    assert_eq!(name(Lang::En, 3, 3, "N"), None, "no tile there");
}
