//! The odds on the board (issue 37): what the unseen tiles can complete, and the squares
//! no tile still to come can fill. Scenarios on boards built by real moves, counted by hand
//! from the catalogue (tiles/base.toml); then positions of random games of every set
//! combination and of the cooperative game checked against brute force: every unseen tile
//! drawn next in its place, every placement the engine then allows played, and the
//! features it completes read back.
//!
//! Conventions as in base_rules.rs: x grows east, y south; rotations are clockwise quarter
//! turns of the printed tile.

mod common;
use std::collections::BTreeMap;

use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    Action, Deck, FeatureKind, Game, Needs, Odds, Options, Part, Phase, PlayerSetup, Port, Pos, Set, Setup, Spot,
    TileIdx, TileSet,
};
use carcassonne::record::parse_spot;
use common::*;

fn odds(g: &Game, x: i32, y: i32, spot: &str) -> Option<Odds> {
    g.odds(Pos::new(x, y), Part::Spot(parse_spot(spot).unwrap()))
}

/// The start tile (base.D: a city cap north, a road east–west) with V drawn: of the five
/// unseen tiles, the two E and the J have a lone city cap that closes the start's city
/// from the north (BASE-CITY-1); F's city runs on to its far edge, U has no city.
#[test]
fn one_tile_closes_the_start_city_and_the_unseen_caps_are_counted() {
    let g = game(&["Ann", "Bo"], &["base.V", "base.E", "base.E", "base.F", "base.J", "base.U"]);
    assert_eq!(odds(&g, 0, 0, "N"), Some(Odds { unseen: 5, needs: Needs::Last { closers: 3 } }));
    // The road has two open ends on two squares: at least two tiles (BASE-ROAD-1).
    assert_eq!(odds(&g, 0, 0, "E"), Some(Odds { unseen: 5, needs: Needs::Tiles(2) }));
    // Fields are never completed: no odds.
    assert_eq!(odds(&g, 0, 0, "S"), None);
    assert!(g.dead_squares().is_empty());
}

/// A closed city has no odds; the one F placed north of the start extends it and leaves
/// one open square at (0, -2), where E and J close it again.
#[test]
fn a_completed_city_has_no_odds_and_an_extended_one_is_counted_again() {
    let mut g = game(&["Ann", "Bo"], &["base.E", "base.F", "base.E", "base.J", "base.U"]);
    tile_pass(&mut g, "base.E", 0, -1, 2);
    assert_eq!(odds(&g, 0, 0, "N"), None, "closed by the cap turned south");
    let mut g = game(&["Ann", "Bo"], &["base.F", "base.V", "base.E", "base.J", "base.U"]);
    // F turned once: its city runs north–south, from the start's cap to (0, -2).
    tile_pass(&mut g, "base.F", 0, -1, 1);
    // V is drawn now: E and J are the unseen caps, U is no city.
    assert_eq!(odds(&g, 0, 0, "N"), Some(Odds { unseen: 3, needs: Needs::Last { closers: 2 } }));
}

/// With only roads and a monastery still to come, the square north of the start needs a
/// city edge that no tile left has: it is dead, and so is the city that needs it.
#[test]
fn a_square_no_tile_left_fits_is_dead_and_so_is_what_needs_it() {
    let g = game(&["Ann", "Bo"], &["base.V", "base.B", "base.U", "base.U"]);
    assert_eq!(g.dead_squares(), vec![Pos::new(0, -1)]);
    assert_eq!(odds(&g, 0, 0, "N"), Some(Odds { unseen: 3, needs: Needs::Never }));
    assert_eq!(odds(&g, 0, 0, "E"), Some(Odds { unseen: 3, needs: Needs::Tiles(2) }));
}

/// The drawn tile is still to be placed: a square only it fits is not dead, though no
/// unseen tile closes the city there.
#[test]
fn the_drawn_tile_keeps_a_square_alive() {
    let g = game(&["Ann", "Bo"], &["base.E", "base.B", "base.U"]);
    assert!(g.dead_squares().is_empty());
    assert_eq!(odds(&g, 0, 0, "N"), Some(Odds { unseen: 2, needs: Needs::Last { closers: 0 } }));
}

/// A monastery's card counts its empty neighbours (BASE-MON-1); with one left, the unseen
/// tiles that fit it.
#[test]
fn a_monastery_needs_its_empty_neighbours() {
    let mut g = game(&["Ann", "Bo"], &["base.B", "base.U", "base.E"]);
    // B below the start (both fields there): its ring has the start and 7 empty squares.
    tile_pass(&mut g, "base.B", 0, 1, 0);
    assert_eq!(odds(&g, 0, 1, "building"), Some(Odds { unseen: 1, needs: Needs::Tiles(7) }));
}

/// Every feature's odds and the dead squares of positions from random games, against
/// brute force through the public API only.
#[test]
fn odds_and_dead_squares_match_brute_force_in_every_set_combination() {
    let mut checked = [0usize; 4];
    for (n, setup) in setups().into_iter().enumerate() {
        let mut g = Game::new(TileSet::builtin(), setup).expect("a game");
        let mut rng = Rng::new(n as u64 + 1);
        let mut scratch = Vec::new();
        let mut turns = 0;
        let mut before: Option<(Game, Action)> = None;
        while !g.is_over() {
            if let (Phase::Tile { .. }, Some((b, last))) = (g.phase(), &before) {
                turns += 1;
                if turns % 9 == 4 {
                    let counted = check_position(&g, b, last);
                    checked.iter_mut().zip(counted).for_each(|(c, k)| *c += k);
                }
            }
            let a = g.random_action(&mut rng, &mut scratch);
            before = Some((g.clone(), a));
            g.apply(&a).expect("a listed action");
        }
    }
    // Each kind of answer was met often enough to mean something.
    assert!(
        checked.iter().all(|&c| c >= 20),
        "features checked by answer (one tile, several, never) and dead squares: {checked:?}"
    );
}

/// Every competitive set combination (as tests/properties.rs lists them) once, and the
/// cooperative game at levels 5 and 6, where tiles lie face down (COOP-3c).
fn setups() -> Vec<Setup> {
    let extra = [Set::River, Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines];
    let mut out: Vec<Setup> = (0..32u32)
        .map(|m| {
            let mut sets = vec![Set::Base];
            sets.extend(extra.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, s)| *s));
            sets
        })
        .filter(|s| {
            (!s.contains(&Set::SpellCircles) || s.contains(&Set::Ghosts))
                && !(s.contains(&Set::River) && s.contains(&Set::Ghosts))
        })
        .enumerate()
        .map(|(i, sets)| Setup {
            players: (0..2).map(|p| PlayerSetup::named(&format!("P{p}"))).collect(),
            sets,
            options: Options::default(),
            deck: Deck::Seed(100 + i as u64),
        })
        .collect();
    for level in [5, 6] {
        out.push(Setup {
            players: (0..2).map(|p| PlayerSetup::named(&format!("P{p}"))).collect(),
            sets: vec![Set::Ghosts],
            options: Options { coop: CoopOptions::level(level), ..Options::default() },
            deck: Deck::Seed(level as u64),
        });
    }
    out
}

/// Checks one position in its tile step, reached from `before` by `last`; returns the
/// features checked by answer and the dead squares.
fn check_position(g: &Game, before: &Game, last: &Action) -> [usize; 4] {
    let Phase::Tile { tile: drawn } = g.phase() else { unreachable!() };
    // Every feature that may be completed, once, with the squares a tile completing it
    // must lie next to.
    let mut features: BTreeMap<(Pos, u8), (Pos, Part, Vec<Pos>)> = BTreeMap::new();
    for sq in g.board().squares() {
        let spots = Port::all().map(Spot::Port).chain([Spot::Building]);
        for part in spots.map(Part::Spot) {
            let Some(i) = g.inspect(sq.pos, part) else { continue };
            let kind_counts = matches!(
                i.kind,
                FeatureKind::Road
                    | FeatureKind::City
                    | FeatureKind::Monastery
                    | FeatureKind::Shrine
                    | FeatureKind::Garden
                    | FeatureKind::Castle
            );
            if i.complete || !kind_counts {
                continue;
            }
            let near = i.parts.iter().flat_map(|(p, _)| p.ring()).chain(i.parts.iter().map(|(p, _)| *p)).collect();
            features.entry(i.parts[0]).or_insert((sq.pos, part, near));
        }
    }
    // Brute force: each unseen kind drawn in the drawn tile's place.
    let unseen: Vec<(TileIdx, u16)> = g.unseen_tiles().into_iter().filter(|&(_, c)| c > 0).collect();
    let mut filled: Vec<Pos> = Vec::new();
    let mut closers: BTreeMap<(Pos, u8), u16> = BTreeMap::new();
    let placements = |w: &Game| -> Vec<Action> {
        w.legal_actions().into_iter().filter(|a| matches!(a, Action::PlaceTile { .. })).collect()
    };
    filled.extend(placements(g).iter().filter_map(place_pos));
    for &(t, copies) in &unseen {
        let Some(world) = drawn_instead(before, last, t) else { continue };
        let mut completes = Vec::new();
        for a in placements(&world) {
            let q = place_pos(&a).expect("a placement");
            filled.push(q);
            let mut after = world.clone();
            after.apply(&a).expect("a listed placement");
            for (key, (pos, part, near)) in &features {
                let done = near.contains(&q) && after.inspect(*pos, *part).is_some_and(|i| i.complete);
                if done && !completes.contains(key) {
                    completes.push(*key);
                }
            }
        }
        for key in completes {
            *closers.entry(key).or_default() += copies;
        }
    }
    let dead: Vec<Pos> = g.board().open().iter().map(|o| o.pos).filter(|p| !filled.contains(p)).collect();
    assert_eq!(g.dead_squares(), dead, "dead squares (drawn {drawn})");
    let total: u16 = unseen.iter().map(|&(_, c)| c).sum();
    let mut counted = [0, 0, 0, dead.len()];
    for (key, (pos, part, _)) in &features {
        let brute = closers.get(key).copied().unwrap_or(0);
        let Some(o) = g.odds(*pos, *part) else {
            assert_eq!(total, 0, "odds for {key:?} while tiles are unseen");
            continue;
        };
        assert_eq!(o.unseen, total);
        match o.needs {
            Needs::Last { closers } => {
                assert_eq!(closers, brute, "tiles that complete {key:?}");
                counted[0] += 1;
            }
            Needs::Tiles(n) => {
                assert!(n >= 2 && brute == 0, "{key:?} needs {n} tiles, yet {brute} complete it at once");
                counted[1] += 1;
            }
            Needs::Never => {
                assert_eq!(brute, 0, "{key:?} can never be completed, yet {brute} tiles do");
                counted[2] += 1;
            }
        }
    }
    counted
}

/// `before` with `t` as the next tile drawn, once `last` is played: the same position as
/// after `last`, with `t` to place. `None` where `t` would not be drawn there (it fits
/// nowhere and leaves the game, BASE-TILE-3; or in the cooperative game a tile goes face
/// down first, COOP-3c).
fn drawn_instead(before: &Game, last: &Action, t: TileIdx) -> Option<Game> {
    for skip in 0..3 {
        let mut w = before.clone();
        let mut upcoming = vec![None; skip];
        upcoming.push(Some(t));
        w.reveal(&upcoming);
        w.apply(last).expect("the same action");
        if w.phase() == (Phase::Tile { tile: t }) && w.board().squares().len() == before_squares(before, last) {
            return Some(w);
        }
    }
    None
}

/// The squares on the board once `last` is played on `before` (as it was played).
fn before_squares(before: &Game, last: &Action) -> usize {
    let mut g = before.clone();
    g.apply(last).expect("the same action");
    g.board().squares().len()
}

fn place_pos(a: &Action) -> Option<Pos> {
    match a {
        Action::PlaceTile { pos, .. } => Some(*pos),
        _ => None,
    }
}
