//! Ghosts, Castles & Cemeteries (RULES.md §2): the ghost step of the turn (GHOST-PLACE),
//! scaring off (GHOST-SCARE), the final ghost penalty (GHOST-END) and the cemetery's
//! guard reward (GHOST-CEM). Mist banks themselves live in the feature graph.

use super::events::Event;
use super::game::Game;
use super::geometry::Pos;
use super::moves::{FigureKind, PlayError, Spot};
use super::tiles::FeatureKind;
use serde::Serialize;

/// Ghosts in the game (GHOST-SETUP-5).
pub const GHOSTS: u8 = 15;
/// Regular meeples per player with this set (GHOST-SETUP-3).
pub const GHOST_MEEPLES: u8 = 5;
/// Guard meeples per player in the supply (GHOST-SETUP-3).
pub const GUARDS: u8 = 2;
/// Guard meeples per player in the reserve (GHOST-SETUP-4).
pub const GUARD_RESERVE: u8 = 3;
/// A figure with this many ghosts is scared off (GHOST-SCARE-1).
pub const SCARE_AT: u8 = 3;

/// Why a ghost comes into play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GhostCase {
    /// The tile extended a mist bank: the ghost goes to another player's meeple.
    Extend,
    /// The tile limited the mist: the ghost goes to one of the player's own meeples.
    Limit,
}

/// How a placed tile's mist met the board (GHOST-MIST-3): any misty–misty contact
/// extends, any misty–clear contact limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contacts {
    /// A misty port of the tile touches a misty port of a placed square.
    pub extended: bool,
    /// A misty port touches a clear one (on either side).
    pub limited: bool,
}

impl Game {
    /// Whether the Ghosts, Castles & Cemeteries set is in play.
    pub fn ghosts_in_play(&self) -> bool {
        self.setup.has_set("ghosts")
    }

    /// Ghosts that can be placed: the general supply (and, in Spell Circles mode A, the
    /// cat's pile while she waits).
    pub fn ghost_supply(&self) -> u8 {
        self.ghosts_available()
    }

    /// The ghosts this turn still brings, the one being placed first (empty outside the
    /// ghost step). Later ones may still be skipped when their time comes.
    pub fn ghosts_pending(&self) -> Vec<GhostCase> {
        match self.phase {
            super::game::Phase::Ghost { case, .. } => {
                std::iter::once(case).chain(self.ghost_queue.iter().rev().copied()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Queue this turn's ghosts: first for extending, then for limiting (GHOST-PLACE-3),
    /// one per case however many contacts (GHOST-PLACE-4) — or, with The Spell Circles
    /// (mode B), as many per case as the tile shows circles (SPELLC-B-2/3).
    pub(crate) fn queue_ghosts(&mut self, contacts: Contacts, circles: u8) {
        self.ghost_queue.clear();
        if !self.ghosts_in_play() {
            return;
        }
        let n = if self.setup.has_set("spellcircles") && !self.spell_mode_a() { circles.max(1) } else { 1 } as usize;
        if contacts.extended {
            self.ghost_queue.extend(std::iter::repeat_n(GhostCase::Extend, n));
        }
        if contacts.limited {
            self.ghost_queue.extend(std::iter::repeat_n(GhostCase::Limit, n));
        }
        // Taken from the back: keep the first case last.
        self.ghost_queue.reverse();
    }

    /// Move on to the next ghost that can be placed, skipping those without a ghost in
    /// the supply or an eligible meeple (GHOST-PLACE-6); then to the figure step.
    pub(crate) fn next_ghost(&mut self, square: super::board::SquareIdx, events: &mut Vec<Event>) {
        while let Some(case) = self.ghost_queue.pop() {
            let why = if self.ghosts_available() == 0 {
                Some("no ghosts left in the supply")
            } else if self.ghost_targets(case).next().is_none() {
                Some(match case {
                    GhostCase::Extend => "no other player has a meeple a ghost may haunt",
                    GhostCase::Limit => "the player has no meeple a ghost may haunt",
                })
            } else {
                None
            };
            match why {
                Some(reason) => events.push(Event::GhostSkipped { player: self.current, case, reason: reason.into() }),
                None => {
                    self.phase = super::game::Phase::Ghost { square, case };
                    return;
                }
            }
        }
        // Mode A: the circles fill after the Exp. 11 ghosts (DEC-33); then Eloïse, if due.
        if self.fill_circles(square, events) || self.cat_step(Some(square), events) {
            return;
        }
        self.phase = super::game::Phase::Figure { square };
    }

    /// Figures (indices) this ghost may haunt: never guards (GHOST-GUARD-1); another
    /// player's for extending, the active player's own for limiting.
    pub fn ghost_targets(&self, case: GhostCase) -> impl Iterator<Item = usize> + '_ {
        let me = self.current as u8;
        self.figures.iter().enumerate().filter_map(move |(i, f)| {
            let mine = f.owner == me;
            let eligible = f.kind != FigureKind::Guard && (mine == (case == GhostCase::Limit));
            eligible.then_some(i)
        })
    }

    /// Where a figure stands, as a record names it: its square and spot.
    pub fn figure_spot(&self, fig: usize) -> (Pos, Spot) {
        let node = self.features.node(self.figures[fig].node);
        let placed = self.board.square(node.square);
        let def = self.tiles.get(placed.tile);
        let spot = match def.segments.get(node.local as usize) {
            Some(seg) => Spot::Port(seg.anchor()),
            None => Spot::Building,
        };
        (placed.pos, spot)
    }

    /// The figure a ghost action names, if this ghost may haunt it.
    pub(crate) fn ghost_target(&self, case: GhostCase, pos: Pos, spot: Spot) -> Result<usize, PlayError> {
        let square = self.board.square_at(pos).ok_or(PlayError::NotAGhostTarget(pos))?;
        let def = self.def_at(square);
        let local = match spot {
            Spot::Port(p) => def.owner(p),
            Spot::Building => def.building_node().unwrap_or(super::tiles::NO_SEG),
        };
        let node = self.board.square(square).node_base + local as u32;
        self.ghost_targets(case)
            .find(|&i| local != super::tiles::NO_SEG && self.figures[i].node == node)
            .ok_or(PlayError::NotAGhostTarget(pos))
    }

    /// Put a ghost next to a figure; a third ghost scares it off at once (GHOST-SCARE-1/2).
    pub(crate) fn place_ghost(&mut self, fig: usize, case: GhostCase, events: &mut Vec<Event>) {
        self.take_ghost();
        self.figures[fig].ghosts += 1;
        let f = self.figures[fig];
        let (pos, _) = self.figure_spot(fig);
        events.push(Event::GhostPlaced {
            player: self.current,
            owner: f.owner as usize,
            case,
            x: pos.x,
            y: pos.y,
            ghosts: f.ghosts,
        });
        if f.ghosts >= SCARE_AT {
            let kind = self.features.node(f.node).kind;
            events.push(Event::FigureScared {
                player: f.owner as usize,
                figure: f.kind,
                feature: kind,
                x: pos.x,
                y: pos.y,
            });
            self.remove_figure(fig, events);
        }
    }

    /// GHOST-END-1/2/3: −1 per ghost next to every figure still on the board, except a
    /// cemetery keeper's. Added to the final deltas.
    pub(crate) fn final_ghost_penalty(&mut self, events: &mut Vec<Event>) {
        let mut ghosts = vec![0u16; self.players.len()];
        for f in &self.figures {
            if self.features.node(f.node).kind != FeatureKind::Cemetery {
                ghosts[f.owner as usize] += f.ghosts as u16;
            }
        }
        for (player, &g) in ghosts.iter().enumerate() {
            if g > 0 {
                self.deltas[player] -= g as i32;
                events.push(Event::GhostPenalty { player, ghosts: g, points: -(g as i32) });
            }
        }
    }

    /// GHOST-CEM-4/5/9: a completed cemetery's keeper brings its owner a guard meeple from
    /// the reserve into the supply, while the reserve has one.
    pub(crate) fn reward_guard(&mut self, player: usize, events: &mut Vec<Event>) {
        let p = &mut self.players[player];
        if p.reserve > 0 {
            p.reserve -= 1;
            p.supply[FigureKind::Guard as usize] += 1;
            events.push(Event::GuardRewarded { player, reserve_left: p.reserve });
        } else {
            events.push(Event::GuardReserveEmpty { player });
        }
    }
}
