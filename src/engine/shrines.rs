//! Heretics & Shrines (RULES.md §4): no shrine beside two monasteries and no monastery
//! beside two shrines (SHRINE-PLACE, checked both ways, DEC-21), and challenges between a
//! heretic and a monk next to each other (SHRINE-CH): the first building completed wins
//! 9, the other's figure goes home with nothing (DEC-23); both completed by one tile both
//! score; a participant leaving the board ends it (SHRINE-CH-9, SHRINE-CH-10). A meeple on
//! a shrine is a heretic (SHRINE-CH-1); whatever else a shrine tile completes scores as
//! usual (SHRINE-CH-4); an unresolved challenge leaves both buildings to final scoring
//! (SHRINE-CH-8).

use super::board::SquareIdx;
use super::events::Event;
use super::features::{NodeIdx, NO_FIGURE};
use super::flow::{PlacementRule, RuleId, RuleSet};
use super::game::{Contacts, Figure, Game};
use super::geometry::{Pos, Rotation};
use super::moves::{PlayError, Restriction};
use super::tiles::{FeatureKind, TileDef, TileIdx};

/// The set's hooks.
pub(crate) const RULES: RuleSet = RuleSet {
    id: RuleId::Shrines,
    started: Some(note_start_buildings),
    // Buildings border by square, whichever way the tile is turned.
    placement: Some(PlacementRule { applies: is_monastic, check: shrine_rule, any_rotation: true }),
    after_tile: Some(note_building),
    figure_placed: Some(maybe_challenge),
    before_scoring: Some(resolve_challenges),
    figure_removed: Some(end_challenge_of),
    ..RuleSet::NONE
};

/// The challenges under way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShrineState {
    /// Ongoing heretic–monk challenges, in the order they began.
    pub challenges: Vec<Challenge>,
    /// Every monastery and shrine on the board, in the order placed: the neighbourhood
    /// rule reads this short list instead of the eight squares around each candidate.
    pub buildings: Vec<(Pos, FeatureKind)>,
}

/// A challenge between a heretic's shrine and a monk's monastery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// The shrine's building node.
    pub shrine: NodeIdx,
    /// The monastery's building node.
    pub monastery: NodeIdx,
}

fn opposite(kind: FeatureKind) -> Option<FeatureKind> {
    match kind {
        FeatureKind::Shrine => Some(FeatureKind::Monastery),
        FeatureKind::Monastery => Some(FeatureKind::Shrine),
        _ => None,
    }
}

impl Game {
    /// The monastery or shrine on a square, if any (gardens, castles and cemeteries are
    /// not monastic buildings: SHRINE-PLACE-4, BASE-ABBOT-5, X-4).
    fn monastic_at(&self, q: Pos) -> Option<(FeatureKind, NodeIdx)> {
        let p = self.board.at(q)?;
        let def = self.tiles.get(p.tile);
        let kind = def.building.filter(|k| matches!(k, FeatureKind::Monastery | FeatureKind::Shrine))?;
        Some((kind, p.node_base + def.building_node()? as NodeIdx))
    }

    /// Ongoing challenges.
    pub fn challenges(&self) -> &[Challenge] {
        &self.shrines.challenges
    }
}

/// Only a monastery or a shrine can break the neighbourhood rule.
fn is_monastic(def: &TileDef) -> bool {
    def.building.and_then(opposite).is_some()
}

/// The monastery or shrine of the square just placed joins the list.
fn note_building(game: &mut Game, square: SquareIdx, _contacts: Contacts, _events: &mut Vec<Event>) {
    let placed = game.board.square(square);
    if let Some(kind) = game.monastic_at(placed.pos).map(|(k, _)| k) {
        game.shrines.buildings.push((placed.pos, kind));
    }
}

/// The start squares' monasteries and shrines (a start tile from a tile file may have one).
fn note_start_buildings(game: &mut Game) {
    let found: Vec<(Pos, FeatureKind)> =
        game.board.squares().iter().filter_map(|p| Some((p.pos, game.monastic_at(p.pos)?.0))).collect();
    game.shrines.buildings = found;
}

/// SHRINE-PLACE-2, SHRINE-PLACE-3, SHRINE-PLACE-4: after this placement every shrine
/// borders at most one monastery and every monastery at most one shrine.
fn shrine_rule(game: &Game, tile: TileIdx, pos: Pos, _rot: Rotation) -> Result<(), PlayError> {
    let Some(building) = game.tiles.get(tile).building else { return Ok(()) };
    let Some(other) = opposite(building) else { return Ok(()) };
    // The buildings of `kind` on the 8 squares around `at` (their order does not matter:
    // with two the placement is refused, and with one that one is named).
    let around = |at: Pos, kind: FeatureKind| {
        let touches = move |b: Pos| b != at && (b.x - at.x).abs() <= 1 && (b.y - at.y).abs() <= 1;
        game.shrines.buildings.iter().filter(move |(b, k)| *k == kind && touches(*b)).map(|(b, _)| *b)
    };
    let mut near = around(pos, other);
    let (first, second) = (near.next(), near.next());
    if second.is_some() {
        return Err(PlayError::Forbidden(Restriction::BordersTwo { building, other }));
    }
    if let Some(at) = first {
        if around(at, building).next().is_some() {
            return Err(PlayError::Forbidden(Restriction::MakesBorderTwo { building, other, at }));
        }
    }
    Ok(())
}

/// SHRINE-CH-2, DEC-34: a figure just placed on a shrine or monastery next to an occupied
/// counterpart starts a challenge.
fn maybe_challenge(game: &mut Game, node: NodeIdx, events: &mut Vec<Event>) {
    let kind = game.features.node(node).kind;
    let Some(other) = opposite(kind) else { return };
    let pos = game.board.square(game.features.node(node).square).pos;
    for q in pos.ring() {
        let Some((k, n)) = game.monastic_at(q) else { continue };
        if k != other || game.features.node(n).occupant == NO_FIGURE {
            continue;
        }
        let (shrine, monastery) = if kind == FeatureKind::Shrine { (node, n) } else { (n, node) };
        game.shrines.challenges.push(Challenge { shrine, monastery });
        let at = |n: NodeIdx| game.board.square(game.features.node(n).square).pos;
        let owner = |n: NodeIdx| game.figures[game.features.node(n).occupant as usize].owner as usize;
        events.push(Event::ChallengeStarted {
            heretic: owner(shrine),
            monk: owner(monastery),
            shrine_x: at(shrine).x,
            shrine_y: at(shrine).y,
            monastery_x: at(monastery).x,
            monastery_y: at(monastery).y,
        });
    }
}

/// SHRINE-CH-5, SHRINE-CH-6, SHRINE-CH-11, SHRINE-CH-13, before this turn's scoring: a
/// challenge whose building alone was completed is won; the other building's figure goes
/// home with nothing and no ghost penalty. Both completed: both score normally.
fn resolve_challenges(game: &mut Game, completed: &[NodeIdx], events: &mut Vec<Event>) {
    let mut i = 0;
    while i < game.shrines.challenges.len() {
        let c = game.shrines.challenges[i];
        let (s, m) = (completed.contains(&c.shrine), completed.contains(&c.monastery));
        if !s && !m {
            i += 1;
            continue;
        }
        game.shrines.challenges.remove(i);
        if s && m {
            events.push(Event::ChallengeEnded { reason: "both buildings were completed at once: both score".into() });
            continue;
        }
        let (win, lose) = if s { (c.shrine, c.monastery) } else { (c.monastery, c.shrine) };
        let winner = game.figures[game.features.node(win).occupant as usize].owner as usize;
        let loser_fig = game.features.node(lose).occupant as usize;
        let loser = game.figures[loser_fig].owner as usize;
        let bonus = if game.setup.options.shrine_house_rule { game.feature_value(lose, false).value } else { 0 };
        game.deltas[winner] += bonus;
        events.push(Event::ChallengeWon { winner, loser, building: game.features.node(win).kind, bonus });
        // SHRINE-CH-7: the losing building stays incomplete and unoccupied.
        game.remove_figure(loser_fig, events);
    }
}

/// SHRINE-CH-9, SHRINE-CH-10: a participant left the board without a resolution.
fn end_challenge_of(game: &mut Game, figure: &Figure, events: &mut Vec<Event>) {
    let node = figure.node;
    if let Some(i) = game.shrines.challenges.iter().position(|c| c.shrine == node || c.monastery == node) {
        game.shrines.challenges.remove(i);
        events.push(Event::ChallengeEnded { reason: "a participant left the board".into() });
    }
}
