//! The River (BASE-RIVER-1, BASE-RIVER-2, DEC-15) as scenarios built from real moves.
//! The spring lies at (0, 0) with its river leaving east; x east, y south; rotations are
//! clockwise quarter turns of the tile as printed in `tiles/river.toml`.

mod common;
use carcassonne::engine::{
    Action, Deck, FeatureKind, FigureKind, Game, Options, PlayError, PlayerSetup, Pos, Restriction, Rotation, Set,
    Setup, SetupError, TileSet,
};
use carcassonne::record::parse_spot;
use carcassonne::selfplay::perft;
use common::*;

const RIVER: &[&str] = &["base", "river"];

fn river_game(draw: &[&str]) -> Game {
    game_in(&["Red", "Blue"], RIVER, draw, Options::default())
}

fn place(g: &Game, x: i32, y: i32, rot: u8) -> Action {
    let carcassonne::engine::Phase::Tile { tile } = g.phase() else { panic!("a tile step") };
    Action::PlaceTile { tile, pos: Pos::new(x, y), rot: Rotation::new(rot).unwrap() }
}

/// The feature (root node) owning a printed port of the tile at (x, y).
fn feature_at(g: &Game, x: i32, y: i32, port: &str) -> u32 {
    let sq = g.board().at(Pos::new(x, y)).unwrap();
    let carcassonne::engine::Spot::Port(p) = parse_spot(port).unwrap() else { panic!("a port") };
    g.features().root(sq.node_base + g.tiles().get(sq.tile).owner(p) as u32)
}

#[test]
fn base_river_1_the_spring_starts_river_tiles_come_first_and_the_lake_last() {
    let setup = Setup::base(&["A", "B"], 7).with_sets(&[Set::River]);
    let g = Game::new(TileSet::builtin(), setup).unwrap();
    let ids: Vec<&str> = g.draw_order().iter().map(|t| &*g.tiles().get(*t).id).collect();
    assert_eq!(&*g.tiles().get(g.board().at(Pos::new(0, 0)).unwrap().tile).id, "river.spring");
    assert_eq!(g.board().squares().len(), 1, "only the spring lies at the start");
    // 10 river tiles (the spring is on the board), then the lake, then all 72 land tiles:
    // the base start tile is shuffled in (BASE-RIVER-1 DECISION).
    assert_eq!(ids.len(), 11 + 72);
    assert!(ids[..10].iter().all(|id| id.starts_with("river.") && *id != "river.lake"), "{ids:?}");
    assert_eq!(ids[10], "river.lake");
    assert!(ids[11..].iter().all(|id| id.starts_with("base.")));
    assert_eq!(ids.iter().filter(|id| **id == "base.D").count(), 4);
    // Another seed deals another river.
    let other = Game::new(TileSet::builtin(), Setup::base(&["A", "B"], 8).with_sets(&[Set::River])).unwrap();
    assert_ne!(&other.draw_order()[..10], &g.draw_order()[..10]);
}

#[test]
fn base_river_1_a_river_tile_must_continue_the_river() {
    let g = river_game(&["river.IFI"]);
    // Only east of the spring, river to river; its field edges would fit elsewhere.
    assert_eq!(g.legal_actions(), vec![place(&g, 1, 0, 0)]);
    assert_eq!(perft(&g, 1), 1);
    let south = place(&g, 0, 1, 0);
    let before = g.clone();
    let mut g2 = g.clone();
    assert_eq!(g2.apply(&south), Err(PlayError::Forbidden(Restriction::RiverMustExtend)));
    assert_eq!(g2, before, "a refused placement changes nothing");
    // After it: a farmer on either bank (both join the spring's field) or a pass; the river
    // itself takes no figure.
    assert_eq!(perft(&g, 2), 3);
    let mut g = g;
    tile(&mut g, "river.IFI", 1, 0, 0);
    let on_river = Action::PlaceFigure { figure: FigureKind::Meeple, spot: parse_spot("E").unwrap() };
    assert_eq!(
        g.apply(&on_river),
        Err(PlayError::FigureNotAllowed { figure: FigureKind::Meeple, feature: FeatureKind::River })
    );
}

#[test]
fn base_river_1_no_immediate_u_turn() {
    // II (river south and west) east of the spring turns right (east → south); a second
    // right turn on the next tile would bring the river back: refused. Left is fine.
    let mut g = river_game(&["river.II", "river.RrII"]);
    assert_eq!(g.legal_actions(), vec![place(&g, 1, 0, 0), place(&g, 1, 0, 1)]);
    tile_pass(&mut g, "river.II", 1, 0, 0);
    let right = place(&g, 1, 1, 1);
    let before = g.clone();
    assert_eq!(g.apply(&right), Err(PlayError::Forbidden(Restriction::RiverUTurn)));
    assert_eq!(g, before);
    assert_eq!(g.legal_actions(), vec![place(&g, 1, 1, 2)], "only the left turn");
    tile(&mut g, "river.RrII", 1, 1, 2);
    assert_eq!(g.river_end().map(|e| e.pos), Some(Pos::new(1, 1)));
}

#[test]
fn base_river_1_a_straight_tile_between_two_bends_allows_the_same_turn() {
    // Only immediate U-turns are forbidden: right, straight, right is a legal river.
    let mut g = river_game(&["river.II", "river.IFI", "river.RrII"]);
    tile_pass(&mut g, "river.II", 1, 0, 0);
    tile_pass(&mut g, "river.IFI", 1, 1, 1);
    let mut legal = g.legal_actions();
    legal.sort();
    let mut want = vec![place(&g, 1, 2, 1), place(&g, 1, 2, 2)];
    want.sort();
    assert_eq!(legal, want, "both turns after a straight");
    tile_pass(&mut g, "river.RrII", 1, 2, 1);
}

#[test]
fn base_river_1_the_lake_closes_the_river() {
    let mut g = river_game(&["river.lake", "base.U"]);
    assert_eq!(g.legal_actions(), vec![place(&g, 1, 0, 0)], "the lake only where the river ends");
    tile_pass(&mut g, "river.lake", 1, 0, 0);
    assert_eq!(g.river_end(), None);
    // Land tiles follow, placed as usual (not against the river's sides: no edge is I).
    assert!(!g.legal_actions().is_empty());
}

#[test]
fn base_river_1_river_segments_bound_fields() {
    // RIrI (river north–south, road east–west as printed) turned once: the river flows
    // east, the road runs north–south. Its east quadrants lie on either bank and touch no
    // other tile: two fields. (Its west quadrants both join the spring's field, which goes
    // around the spring.)
    let mut g = river_game(&["river.RIrI"]);
    tile(&mut g, "river.RIrI", 1, 0, 1);
    // Printed Nw is the board's north-east quadrant, printed Ne its south-east one.
    assert_ne!(feature_at(&g, 1, 0, "Nw"), feature_at(&g, 1, 0, "Ne"));
    // …whereas both western quadrants are one field around the spring.
    assert_eq!(feature_at(&g, 1, 0, "Sw"), feature_at(&g, 1, 0, "Es"));
    // The farmer goes on the north-east field; the road still takes a figure later.
    meeple(&mut g, "Nw");
    assert_eq!(g.figures().len(), 1);
}

#[test]
fn base_river_1_a_farmer_on_one_bank_scores_a_city_on_the_other_through_the_spring() {
    // CICI (city north, city south, river east–west) east of the spring; Red's farmer on
    // the north bank's strip. Blue closes the southern city with a city cap from below.
    // At the end, the north strip joins the south strip around the spring, so Red's farmer
    // supplies the completed southern city: 3 points (BASE-FIELD-2); the northern city is
    // incomplete and gives nothing.
    let mut g = river_game(&["river.CICI", "river.lake", "base.E"]);
    tile(&mut g, "river.CICI", 1, 0, 0);
    meeple(&mut g, "En");
    tile_pass(&mut g, "river.lake", 2, 0, 0);
    // base.E: a city on its north edge; placed south of CICI it closes the southern city.
    let ev = tile_pass(&mut g, "base.E", 1, 1, 0);
    assert!(g.is_over());
    let fields: Vec<_> = scorings(&ev).into_iter().filter(|s| s.feature == FeatureKind::Field).cloned().collect();
    assert_eq!(fields.len(), 1);
    assert_eq!((fields[0].cities, fields[0].value), (1, 3));
    assert_eq!(g.scores(), vec![3, 0]);
}

#[test]
fn base_river_2_dec_15_not_with_the_mist_sets() {
    for other in [Set::Ghosts, Set::SpellCircles] {
        let setup = Setup::base(&["A", "B"], 1).with_sets(&[Set::River, Set::Ghosts, other]);
        let setup = Setup {
            sets: setup.sets.into_iter().fold(Vec::new(), |mut v, s| {
                if !v.contains(&s) {
                    v.push(s)
                }
                v
            }),
            ..setup
        };
        let e = Game::new(TileSet::builtin(), setup).unwrap_err();
        assert!(matches!(e, SetupError::Excludes { set: Set::River, .. }), "{e:?}");
        assert!(e.to_string().contains("DEC-15"), "{e}");
    }
    // With the other competitive sets it plays.
    for with in [&[Set::Watchtowers][..], &[Set::Shrines], &[Set::Watchtowers, Set::Shrines]] {
        let setup = Setup::base(&["A", "B"], 3).with_sets(&[Set::River]).with_sets(with);
        assert!(Game::new(TileSet::builtin(), setup).is_ok());
    }
}

#[test]
fn base_river_1_an_explicit_draw_keeps_the_river_first_and_the_lake_last() {
    let setup = |draw: &[&str]| Setup {
        players: vec![PlayerSetup::named("A"), PlayerSetup::named("B")],
        sets: vec![Set::Base, Set::River],
        options: Options::default(),
        deck: Deck::Draw(draw.iter().map(|s| s.to_string()).collect()),
    };
    let e = Game::new(TileSet::builtin(), setup(&["base.U", "river.IFI"])).unwrap_err();
    assert!(e.to_string().contains("river tile river.IFI comes after land tile base.U"), "{e}");
    let e = Game::new(TileSet::builtin(), setup(&["river.lake", "river.IFI"])).unwrap_err();
    assert!(e.to_string().contains("the lake river.lake comes before other river tiles"), "{e}");
    let e = Game::new(TileSet::builtin(), setup(&["river.spring"])).unwrap_err();
    assert!(matches!(e, SetupError::UnknownTile(_)), "the spring is on the board already: {e}");
    assert!(Game::new(TileSet::builtin(), setup(&["river.IFI", "river.lake", "base.U"])).is_ok());
}
