//! Games with one planted bad move, for measuring the review (issue 37, docs/review.md):
//! computers play a game, and at one turn the seat to play plays a bad plan instead. The
//! review is right where it matters when that turn is the player's largest loss.
//!
//! The kinds the issue names are recognised by what they do on the board, not by any
//! judge's value, so the review's judge does not choose what it is tested on:
//!
//! - [`Kind::FarmerForKnight`]: the tile completes a city nobody holds, and instead
//!   of the knight that would score it the player puts a farmer on a field that scores 0
//!   at the end (it touches no completed city, BASE-FIELD-2).
//! - [`Kind::KillsOwnCity`]: the player holds a city worth at least 12 points completed,
//!   with one square left that at least 3 unseen tiles close, and the tile is placed where
//!   no tile still to come can complete it ([`Game::odds`] turns to `Never`), when another
//!   placement did not; the rest of the turn is played as well as the static judge finds.
//! - [`Kind::UnusedMonk`]: the tile is a monastery that, placed where the best plan puts
//!   it, already has at least 4 of its 8 neighbours, and the player keeps the monk in the
//!   supply instead (BASE-MON-1), with a meeple to spare.
//!
//! [`Kind::Judged`] plants the best plan the expert's static judge values a margin below
//! its best: any kind of bad move, as that judge sees it.

use super::search::{self, Judge};
use super::{outlook, Bot, Level};
use crate::engine::rng::Rng;
use crate::engine::{Action, Event, FeatureKind, FigureKind, Game, Needs, Part, Phase, Pos, Setup, Spot, TileSet};
use std::sync::Arc;

/// What kind of bad move to plant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A plan the expert's static judge values at least this many points below its best.
    Judged {
        /// Points below the best.
        margin: f32,
    },
    /// A farmer that scores 0 in place of a knight completing a city.
    FarmerForKnight,
    /// A tile that makes the player's own city of 12 points or more impossible to complete.
    KillsOwnCity,
    /// A monastery placed and its monk kept in the supply.
    UnusedMonk,
}

impl Kind {
    /// The named kinds, in the order.
    pub const NAMED: [Kind; 3] = [Kind::FarmerForKnight, Kind::KillsOwnCity, Kind::UnusedMonk];

    /// Its name in `examples/review_planted.rs` and docs/review.md.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Judged { .. } => "judged",
            Kind::FarmerForKnight => "farmer-for-knight",
            Kind::KillsOwnCity => "kills-own-city",
            Kind::UnusedMonk => "unused-monk",
        }
    }
}

/// The smallest value a city must be worth for its ruin to be a bad move worth planting
/// (completed: a city of 6 tiles, or 5 with a coat of arms).
const BIG_CITY: i32 = 12;

/// The smallest value of a city completed by a knight placed on it (any city: 2 tiles).
const KNIGHT_CITY: i32 = 4;

/// A game for measuring the review: computers of `level` play it from `setup`, except that
/// at the first turn from tile `from` on (counting the tiles placed) where a bad move of
/// one of `kinds` exists (the first of them that does), the seat to play plays it. Returns
/// the game, the index of the planted turn's first action and its kind; `None` if no turn
/// had one (or, for a farmer, it scored after all).
pub fn planted_game(
    tiles: Arc<TileSet>,
    setup: Setup,
    level: Level,
    seed: u64,
    from: usize,
    kinds: &[Kind],
) -> Option<(Game, usize, Kind)> {
    let mut g = Game::new(tiles, setup).ok()?;
    let mut bots: Vec<Bot> = (0..g.players().len()).map(|s| Bot::new(level, seed ^ s as u64)).collect();
    let mut rng = Rng::new(seed);
    let (mut placed, mut planted, mut farmer) = (0, None, None);
    while !g.is_over() {
        if planted.is_none() && placed >= from && matches!(g.phase(), Phase::Tile { .. }) {
            let found = kinds.iter().find_map(|&kind| Some((kind, bad_plan(&g, kind, &mut rng)?)));
            if let Some((kind, bad)) = found {
                planted = Some((g.history().len(), kind));
                for a in &bad {
                    g.apply(a).ok()?;
                }
                if kind == Kind::FarmerForKnight {
                    farmer = field_of(&bad);
                }
                continue;
            }
        }
        if matches!(g.phase(), Phase::Tile { .. }) {
            placed += 1;
        }
        let seat = g.current_player();
        let a = bots[seat].choose(&g)?;
        g.apply(&a).ok()?;
    }
    // The farmer must have scored nothing: its field touches no completed city.
    if let Some((pos, spot)) = farmer {
        if !g.inspect(pos, Part::Spot(spot))?.cities.is_empty() {
            return None;
        }
    }
    let (at, kind) = planted?;
    Some((g, at, kind))
}

/// The square and spot of the figure a plan places.
fn field_of(plan: &[Action]) -> Option<(Pos, Spot)> {
    let pos = plan.iter().find_map(|a| match a {
        Action::PlaceTile { pos, .. } => Some(*pos),
        _ => None,
    })?;
    let spot = plan.iter().find_map(|a| match a {
        Action::PlaceFigure { spot, .. } => Some(*spot),
        _ => None,
    })?;
    Some((pos, spot))
}

/// The bad plan of `kind` for the turn starting in `g` (its tile step), if there is one.
fn bad_plan(g: &Game, kind: Kind, rng: &mut Rng) -> Option<Vec<Action>> {
    let judge = Judge::Outlook(outlook::WEIGHTS);
    let plans = search::plans_by(&g.determinize(rng), judge);
    let me = g.current_player();
    match kind {
        Kind::Judged { margin } => {
            let best = plans.first()?.value;
            plans.into_iter().find(|p| p.value <= best - margin).map(|p| p.actions)
        }
        Kind::FarmerForKnight => {
            let closing = plans.iter().find(|p| completes_city_with_knight(g, &p.actions, me))?;
            let tile = closing.actions.first()?;
            let mut after = g.clone();
            after.apply(tile).ok()?;
            let farmer = after.legal_actions().into_iter().find(|a| {
                matches!(a, Action::PlaceFigure { figure: FigureKind::Meeple, spot } if barren_field(&after, tile, *spot))
            })?;
            Some(vec![*tile, farmer])
        }
        Kind::KillsOwnCity => {
            let cities = own_big_cities(g, me);
            if cities.is_empty() {
                return None;
            }
            // Some placement keeps every such city possible, and this one kills one.
            let kills = |tile: &Action| {
                let mut after = g.clone();
                after.apply(tile).is_ok()
                    && cities.iter().any(|&(pos, part)| after.odds(pos, part).is_some_and(|o| o.needs == Needs::Never))
            };
            // Each placement once (many plans share one), tried once.
            let mut tiles: Vec<&Action> = Vec::new();
            for t in plans.iter().filter_map(|p| p.actions.first()) {
                if !tiles.contains(&t) {
                    tiles.push(t);
                }
            }
            let killing: Vec<bool> = tiles.iter().map(|t| kills(t)).collect();
            if killing.iter().all(|&k| k) {
                return None;
            }
            let bad = tiles[killing.iter().position(|&k| k)?];
            // The best plan starting with it: the tile is the only bad part.
            plans.iter().find(|p| p.actions.first() == Some(bad)).map(|p| p.actions.clone())
        }
        Kind::UnusedMonk => {
            if g.players()[me].in_supply(FigureKind::Meeple) < 2 {
                return None;
            }
            let monk = plans.iter().find(|p| {
                p.actions
                    .iter()
                    .any(|a| matches!(a, Action::PlaceFigure { figure: FigureKind::Meeple, spot: Spot::Building }))
            })?;
            let tile = monk.actions.first()?;
            let mut after = g.clone();
            after.apply(tile).ok()?;
            let Action::PlaceTile { pos, .. } = *tile else { return None };
            let i = after.inspect(pos, Part::Spot(Spot::Building))?;
            if i.kind != FeatureKind::Monastery || i.area.len() < 5 || !after.may_pass() {
                return None;
            }
            Some(vec![*tile, Action::Pass])
        }
    }
}

/// Whether `plan` puts a knight on a city that its tile completes, worth at least
/// [`KNIGHT_CITY`], which nobody held: the knight scores it at once for `me` alone.
fn completes_city_with_knight(g: &Game, plan: &[Action], me: usize) -> bool {
    let [tile @ Action::PlaceTile { pos, .. }, Action::PlaceFigure { figure: FigureKind::Meeple, spot }, ..] = plan
    else {
        return false;
    };
    let mut after = g.clone();
    if after.apply(tile).is_err() {
        return false;
    }
    let closing = after
        .inspect(*pos, Part::Spot(*spot))
        .is_some_and(|i| i.kind == FeatureKind::City && i.complete && i.holders.is_empty());
    let mut scored = Vec::new();
    for a in &plan[1..] {
        match after.apply(a) {
            Ok(events) => scored.extend(events),
            Err(_) => return false,
        }
    }
    closing
        && scored.iter().any(|e| {
            matches!(e, Event::Scored(s) if s.feature == FeatureKind::City && s.complete && s.value >= KNIGHT_CITY
                && s.shares.len() == 1 && s.shares[0].player == me)
        })
}

/// Whether `spot` of the tile `tile` just placed in `after` is a field touching no
/// completed city, with no figure on it.
fn barren_field(after: &Game, tile: &Action, spot: Spot) -> bool {
    let Action::PlaceTile { pos, .. } = *tile else { return false };
    after
        .inspect(pos, Part::Spot(spot))
        .is_some_and(|i| i.kind == FeatureKind::Field && i.cities.is_empty() && i.holders.is_empty())
}

/// A part of each open city worth at least [`BIG_CITY`] if completed where `me` is among
/// the majority, and which is likely to be completed: one square left that at least 3
/// unseen tiles close.
fn own_big_cities(g: &Game, me: usize) -> Vec<(Pos, Part)> {
    let mut out: Vec<(Pos, Part)> = Vec::new();
    for f in g.figures().iter().filter(|f| f.owner as usize == me) {
        let node = g.features().node(f.node);
        if node.kind != FeatureKind::City {
            continue;
        }
        let placed = g.board().square(node.square);
        let part = Part::Node((f.node - placed.node_base) as u8);
        let Some(i) = g.inspect(placed.pos, part) else { continue };
        let big = i.if_completed.is_some_and(|v| v.value >= BIG_CITY);
        // Likely to be completed: one square left that several unseen tiles close.
        let possible =
            g.odds(placed.pos, part).is_some_and(|o| matches!(o.needs, Needs::Last { closers } if closers >= 3));
        if big && possible && i.majority.contains(&me) && !out.iter().any(|&(p, q)| g.inspect(p, q) == Some(i.clone()))
        {
            out.push((placed.pos, part));
        }
    }
    out
}
