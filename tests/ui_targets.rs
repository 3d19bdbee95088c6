//! The board's view logic without a canvas (src/ui): which square, spot or feature a
//! point on the board means. Boards built by real moves; points in board units (square
//! (x, y) spans x…x+1, y…y+1). Conventions as in base_rules.rs.

mod common;
use carcassonne::engine::{Action, FeatureKind, FigureKind, Game, Part, Pos, Spot};
use carcassonne::record::parse_spot;
use carcassonne::ui::targets::{choice_near, choices, inspect_at, inspect_parts, placements};
use common::*;

fn kind_at(g: &Game, wx: f64, wy: f64) -> Option<FeatureKind> {
    let (pos, feature, _) = inspect_at(g, wx, wy)?;
    Some(g.inspect(pos, feature?)?.kind)
}

#[test]
fn placements_group_the_legal_rotations_by_square() {
    let g = game(&["Red", "Blue"], &["base.U", "base.U"]);
    let places = placements(&g);
    let legal = g.legal_actions().into_iter().filter(|a| matches!(a, Action::PlaceTile { .. })).count();
    assert_eq!(places.iter().map(|(_, r)| r.len()).sum::<usize>(), legal);
    // A straight road fits west and east of the start tile only lying east–west, and
    // south of it only north–south (BASE-TILE-2); north is the start tile's city.
    let at = |x, y| places.iter().find(|(p, _)| *p == Pos::new(x, y)).map(|(_, r)| r.len());
    assert_eq!(at(-1, 0), Some(1));
    assert_eq!(at(1, 0), Some(1));
    assert_eq!(at(0, 1), Some(1));
    assert_eq!(at(0, -1), None);
}

#[test]
fn a_click_near_a_spot_takes_that_spot_and_a_click_elsewhere_nothing() {
    let mut g = game(&["Red", "Blue"], &["base.E", "base.U"]);
    tile(&mut g, "base.E", 0, -1, 2); // its city (printed north) faces the start tile
    let offered = choices(&g, FigureKind::Meeple, 0);
    // Legal-move lists name a segment by its first port (Nw for a city along the north).
    let city = Action::PlaceFigure { figure: FigureKind::Meeple, spot: parse_spot("Nw").unwrap() };
    let c = offered.iter().find(|c| c.action == city).expect("the city is offered");
    // Turned half round, the city lies in the south half of square (0,-1).
    assert!(c.y > -0.5 && c.y < 0.0 && c.x > 0.0 && c.x < 1.0, "({}, {})", c.x, c.y);
    let zoom = 80.0;
    assert_eq!(choice_near(&offered, c.x + 0.05, c.y - 0.05, zoom).map(|i| offered[i].action), Some(city));
    assert_eq!(choice_near(&offered, c.x + 0.6, c.y, zoom), None);
    // Zoomed far out, the reach grows to 14 screen pixels.
    assert!(choice_near(&offered, c.x + 0.5, c.y, 20.0).is_some());
}

#[test]
fn the_feature_under_a_point_follows_the_tiles_rotation() {
    let mut g = game(&["Red", "Blue"], &["base.E", "base.B", "base.U"]);
    tile_pass(&mut g, "base.E", 0, -1, 2);
    tile_pass(&mut g, "base.B", 0, 1, 0);
    // The start tile: city north, road east–west, fields between.
    assert_eq!(kind_at(&g, 0.5, 0.08), Some(FeatureKind::City));
    assert_eq!(kind_at(&g, 0.06, 0.5), Some(FeatureKind::Road));
    assert_eq!(kind_at(&g, 0.5, 0.94), Some(FeatureKind::Field));
    // E turned half round: its city is now in its south, its field in the north.
    assert_eq!(kind_at(&g, 0.5, -0.08), Some(FeatureKind::City));
    assert_eq!(kind_at(&g, 0.5, -0.92), Some(FeatureKind::Field));
    // The same city from both tiles.
    let a = inspect_at(&g, 0.5, -0.08).unwrap();
    let b = inspect_at(&g, 0.5, 0.08).unwrap();
    assert_eq!(g.inspect(a.0, a.1.unwrap()), g.inspect(b.0, b.1.unwrap()));
    // The monastery's middle is the building; its edge the field.
    assert_eq!(inspect_at(&g, 0.5, 1.5).unwrap().1, Some(Part::Spot(Spot::Building)));
    assert_eq!(kind_at(&g, 0.5, 1.5), Some(FeatureKind::Monastery));
    assert_eq!(kind_at(&g, 0.5, 1.95), Some(FeatureKind::Field));
    assert_eq!(inspect_at(&g, 3.5, 3.5), None, "no tile there");
}

#[test]
fn a_misty_edge_shows_its_mist_bank_as_well() {
    let g = ghost_game(&["Red", "Blue"], &["base.U"]);
    // ne (1,0) of the 2×2 start tile has mist on its east edge.
    let (pos, _, mist) = inspect_at(&g, 1.95, 0.5).expect("a tile");
    assert_eq!(pos, Pos::new(1, 0));
    let bank = g.inspect(pos, mist.expect("mist at ne's east edge")).unwrap();
    assert_eq!(bank.kind, FeatureKind::Mist);
    assert!(!bank.limited);
    // nw (0,0) has none.
    assert_eq!(inspect_at(&g, 0.5, 0.05).and_then(|t| t.2), None);
}

/// The ruin where the start tile's four squares meet is no feature (GHOST-START-4): it is
/// inspected as the ruin from each of the four squares, and `inspect` finds no feature there,
/// while a little further out is the field.
#[test]
fn the_start_tiles_ruin_is_inspected_as_the_ruin_not_a_field() {
    let g = ghost_game(&["Red", "Blue"], &["base.U"]);
    for (wx, wy, pos) in [(0.95, 0.95, (0, 0)), (1.05, 0.95, (1, 0)), (0.95, 1.05, (0, 1)), (1.05, 1.05, (1, 1))] {
        let pos = Pos::new(pos.0, pos.1);
        assert_eq!(inspect_at(&g, wx, wy), Some((pos, Some(Part::Ruin), None)));
        assert!(g.inspect(pos, Part::Ruin).is_none());
        assert!(inspect_parts(&g, pos).iter().any(|(_, t)| t.1 == Some(Part::Ruin)), "the keyboard reaches it");
    }
    let (_, outside, _) = inspect_at(&g, 0.7, 0.7).unwrap();
    assert_eq!(g.inspect(Pos::new(0, 0), outside.unwrap()).unwrap().kind, FeatureKind::Field);
    // A base tile has no ruin.
    let base = game(&["Red", "Blue"], &["base.U"]);
    assert_ne!(inspect_at(&base, 0.95, 0.95).and_then(|t| t.1), Some(Part::Ruin));
}

/// The keyboard's inspection steps through every feature of a tile once: the start tile's
/// city, road and two fields (north and south of the road); a monastery's building first.
#[test]
fn inspect_parts_lists_each_feature_of_a_tile_once() {
    let mut g = game(&["Red", "Blue"], &["base.B", "base.U"]);
    tile_pass(&mut g, "base.B", 0, 1, 0);
    let kinds = |pos| -> Vec<FeatureKind> {
        inspect_parts(&g, pos).iter().map(|(_, (p, f, _))| g.inspect(*p, f.unwrap()).unwrap().kind).collect()
    };
    let mut start = kinds(Pos::new(0, 0));
    start.sort_by_key(|k| format!("{k:?}"));
    assert_eq!(start, vec![FeatureKind::City, FeatureKind::Field, FeatureKind::Field, FeatureKind::Road]);
    // Each point given is on the part it names.
    for (at, target) in inspect_parts(&g, Pos::new(0, 0)) {
        assert_eq!(inspect_at(&g, at.0, at.1), Some(target));
    }
    // The monastery: its building, then its one field.
    assert_eq!(kinds(Pos::new(0, 1)), vec![FeatureKind::Monastery, FeatureKind::Field]);
    assert!(inspect_parts(&g, Pos::new(5, 5)).is_empty(), "no tile there");
}

/// A click where the drawn tile cannot go says why: nothing beside it (BASE-TILE-1), edges
/// that match in no rotation (BASE-TILE-2), or a river tile away from the river's open end
/// (BASE-RIVER-1). Where it can go, or on a tile, there is nothing to say.
#[test]
fn a_square_the_tile_cannot_take_says_why() {
    use carcassonne::ui::targets::{refusal, Refusal};
    // A straight road: the start tile's city (north) takes it in no rotation.
    let g = game(&["Red", "Blue"], &["base.U"]);
    assert_eq!(refusal(&g, Pos::new(0, -1)), Some(Refusal::Fits));
    assert_eq!(refusal(&g, Pos::new(3, 3)), Some(Refusal::Isolated));
    assert_eq!(refusal(&g, Pos::new(1, 0)), None, "it fits east of the start");
    assert_eq!(refusal(&g, Pos::new(0, 0)), None, "the start tile lies there");
    // The River: the spring at (0, 0) opens east; a river tile beside the spring but
    // not at its open end must extend the river.
    let r = carcassonne::engine::Game::new(
        carcassonne::engine::TileSet::builtin(),
        carcassonne::engine::Setup {
            players: vec![
                carcassonne::engine::PlayerSetup::named("Red"),
                carcassonne::engine::PlayerSetup::named("Blue"),
            ],
            sets: vec![carcassonne::engine::Set::Base, carcassonne::engine::Set::River],
            options: carcassonne::engine::Options::default(),
            deck: carcassonne::engine::Deck::Draw(vec!["river.CICI".into(), "river.lake".into()]),
        },
    )
    .unwrap();
    let open: Vec<Pos> = placements(&r).into_iter().map(|(p, _)| p).collect();
    assert!(!open.is_empty());
    let beside_spring = [Pos::new(0, -1), Pos::new(0, 1), Pos::new(-1, 0), Pos::new(1, 0)];
    let off =
        beside_spring.iter().find(|p| !open.contains(p)).expect("a square beside the spring the river cannot take");
    assert_eq!(refusal(&r, *off), Some(Refusal::River));
}
