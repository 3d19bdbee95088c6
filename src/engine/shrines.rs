//! Heretics & Shrines (RULES.md §4): no shrine beside two monasteries and no monastery
//! beside two shrines (SHRINE-PLACE, checked both ways, DEC-21), and challenges between a
//! heretic and a monk next to each other (SHRINE-CH): the first building completed wins
//! 9, the other's figure goes home with nothing (DEC-23); both completed by one tile both
//! score; a participant leaving the board ends it (SHRINE-CH-9/10).

use super::events::Event;
use super::features::{NodeIdx, NO_FIGURE};
use super::game::Game;
use super::geometry::Pos;
use super::moves::PlayError;
use super::tiles::{FeatureKind, TileIdx};

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
    /// not monastic buildings, SHRINE-PLACE-4).
    fn monastic_at(&self, q: Pos) -> Option<(FeatureKind, NodeIdx)> {
        let p = self.board.at(q)?;
        let def = self.tiles.get(p.tile);
        let kind = def.building.filter(|k| matches!(k, FeatureKind::Monastery | FeatureKind::Shrine))?;
        Some((kind, p.node_base + def.building_node()? as NodeIdx))
    }

    /// SHRINE-PLACE-2/3/4: after this placement every shrine borders at most one
    /// monastery and every monastery at most one shrine.
    pub(crate) fn shrine_rule(&self, tile: TileIdx, pos: Pos) -> Result<(), PlayError> {
        let Some(kind) = self.tiles.get(tile).building else { return Ok(()) };
        let Some(other) = opposite(kind) else { return Ok(()) };
        let near: Vec<Pos> =
            pos.ring().into_iter().filter(|q| self.monastic_at(*q).is_some_and(|(k, _)| k == other)).collect();
        if near.len() > 1 {
            return Err(PlayError::Forbidden(format!(
                "a {} may not border more than one {}",
                kind.name(),
                other.name()
            )));
        }
        for q in near {
            let already = q.ring().into_iter().filter(|r| self.monastic_at(*r).is_some_and(|(k, _)| k == kind)).count();
            if already >= 1 {
                return Err(PlayError::Forbidden(format!(
                    "the {} at {q} already borders a {}; it may not border two",
                    other.name(),
                    kind.name()
                )));
            }
        }
        Ok(())
    }

    /// SHRINE-CH-2, DEC-34: a figure just placed on a shrine or monastery next to an
    /// occupied counterpart starts a challenge.
    pub(crate) fn maybe_challenge(&mut self, node: NodeIdx, events: &mut Vec<Event>) {
        let kind = self.features.node(node).kind;
        let Some(other) = opposite(kind) else { return };
        let pos = self.board.square(self.features.node(node).square).pos;
        for q in pos.ring() {
            let Some((k, n)) = self.monastic_at(q) else { continue };
            if k != other || self.features.node(n).occupant == NO_FIGURE {
                continue;
            }
            let (shrine, monastery) = if kind == FeatureKind::Shrine { (node, n) } else { (n, node) };
            self.challenges.push(Challenge { shrine, monastery });
            let at = |n: NodeIdx| self.board.square(self.features.node(n).square).pos;
            let owner = |n: NodeIdx| self.figures[self.features.node(n).occupant as usize].owner as usize;
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

    /// Ongoing challenges.
    pub fn challenges(&self) -> &[Challenge] {
        &self.challenges
    }

    /// SHRINE-CH-5/6/13 before this turn's scoring: a challenge whose building alone was
    /// completed is won; the other building's figure goes home with nothing and no ghost
    /// penalty. Both completed: both score normally.
    pub(crate) fn resolve_challenges(&mut self, completed: &[NodeIdx], events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.challenges.len() {
            let c = self.challenges[i];
            let (s, m) = (completed.contains(&c.shrine), completed.contains(&c.monastery));
            if !s && !m {
                i += 1;
                continue;
            }
            self.challenges.remove(i);
            if s && m {
                events
                    .push(Event::ChallengeEnded { reason: "both buildings were completed at once: both score".into() });
                continue;
            }
            let (win, lose) = if s { (c.shrine, c.monastery) } else { (c.monastery, c.shrine) };
            let winner = self.figures[self.features.node(win).occupant as usize].owner as usize;
            let loser_fig = self.features.node(lose).occupant as usize;
            let loser = self.figures[loser_fig].owner as usize;
            let bonus = if self.setup.options.shrine_house_rule { self.feature_value(lose, false).value } else { 0 };
            self.deltas[winner] += bonus;
            events.push(Event::ChallengeWon { winner, loser, building: self.features.node(win).kind, bonus });
            self.remove_figure(loser_fig, events);
        }
    }

    /// SHRINE-CH-9/10: a participant left the board without a resolution.
    pub(crate) fn end_challenge_of(&mut self, node: NodeIdx, events: &mut Vec<Event>) {
        if let Some(i) = self.challenges.iter().position(|c| c.shrine == node || c.monastery == node) {
            self.challenges.remove(i);
            events.push(Event::ChallengeEnded { reason: "a participant left the board".into() });
        }
    }
}
