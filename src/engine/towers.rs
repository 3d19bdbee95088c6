//! The Watchtowers (RULES.md §3): when a road or city is completed, every meeple standing
//! on a watchtower tile on a segment of it earns its owner the tower's bonus, counted in
//! the tower's 3×3 (TOWER-3, TOWER-5, TOWER-7, TOWER-8). All towers of one tile count the same snapshot,
//! taken before any meeple leaves (TOWER-10, TOWER-12, DEC-16); ghosts never reduce them
//! (TOWER-14, DEC-19); nothing at the end (TOWER-11). The tiles are shuffled in like any
//! set's (TOWER-1). With the mist sets: guards and abbots count as meeples, ghosts never
//! misty roads are roads.

use super::events::Event;
use super::features::{NodeIdx, NO_FIGURE};
use super::flow::{RuleId, RuleSet};
use super::game::Game;
use super::geometry::Pos;
use super::tiles::{FeatureKind, Tower};

/// The set's hooks.
pub(crate) const RULES: RuleSet =
    RuleSet { id: RuleId::Watchtowers, before_scoring: Some(score_towers), ..RuleSet::NONE };

/// One tower bonus, before it is added to the turn's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TowerBonus {
    /// Who earns it.
    pub player: usize,
    /// The tower's symbol.
    pub tower: Tower,
    /// The tower's square.
    pub pos: Pos,
    /// What was counted in the 3×3.
    pub count: u16,
    /// Points.
    pub points: i32,
}

impl Game {
    /// Bonuses of every tower triggered by these completed features (roots), all on the
    /// board as it is now.
    pub(crate) fn tower_bonuses(&self, completed: &[NodeIdx]) -> Vec<TowerBonus> {
        let mut out = Vec::new();
        for &root in completed {
            let kind = self.features.node(root).kind;
            if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
                continue; // TOWER-6: farmers, monks and the like never trigger towers
            }
            for n in self.features.members(root) {
                let node = self.features.node(n);
                if node.occupant == NO_FIGURE {
                    continue;
                }
                let placed = self.board.square(node.square);
                let Some(tower) = self.tiles.get(placed.tile).tower else { continue };
                let count = self.tower_count(placed.pos, tower);
                let per = match tower {
                    Tower::Meeple | Tower::Arms => 2,
                    Tower::Monastery => 3,
                    Tower::Road | Tower::City => 1,
                };
                let player = self.figures[node.occupant as usize].owner as usize;
                out.push(TowerBonus { player, tower, pos: placed.pos, count, points: per * count as i32 });
            }
        }
        out
    }

    /// What a tower counts in its 3×3 (TOWER-7: the square and its 8 neighbours; TOWER-8,
    /// TOWER-9, TOWER-13, DEC-18): meeples of every kind (not ghosts),
    /// coats of arms, squares showing a road (misty roads too), monasteries and shrines,
    /// squares showing a city.
    pub fn tower_count(&self, pos: Pos, tower: Tower) -> u16 {
        let area: Vec<Pos> = std::iter::once(pos).chain(pos.ring()).collect();
        if tower == Tower::Meeple {
            return self
                .figures
                .iter()
                .filter(|f| area.contains(&self.board.square(self.features.node(f.node).square).pos))
                .count() as u16;
        }
        area.iter()
            .filter_map(|q| self.board.at(*q))
            .map(|p| {
                let def = self.tiles.get(p.tile);
                let has = |k: FeatureKind| def.segments.iter().any(|s| s.kind == k);
                match tower {
                    Tower::Arms => def.segments.iter().map(|s| s.pennants as u16).sum(),
                    Tower::Road => has(FeatureKind::Road) as u16,
                    Tower::City => has(FeatureKind::City) as u16,
                    Tower::Monastery => {
                        // Shrines count, gardens not (TOWER-9, BASE-ABBOT-5).
                        matches!(def.building, Some(FeatureKind::Monastery | FeatureKind::Shrine)) as u16
                    }
                    Tower::Meeple => 0,
                }
            })
            .sum()
    }
}

/// TOWER-3, TOWER-4, TOWER-5, TOWER-10, TOWER-12: before the turn's scoring, every tower
/// this turn triggers adds its bonus to the points and the log.
fn score_towers(game: &mut Game, completed: &[NodeIdx], events: &mut Vec<Event>) {
    for b in game.tower_bonuses(completed) {
        game.deltas[b.player] += b.points;
        events.push(Event::TowerScored {
            player: b.player,
            tower: b.tower,
            x: b.pos.x,
            y: b.pos.y,
            count: b.count,
            points: b.points,
        });
    }
}
