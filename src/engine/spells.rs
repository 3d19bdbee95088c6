//! The Spell Circles, competitive mode A (RULES.md §5.4, SPELLC-A): circles attract and
//! trap ghosts, which go free only when their mist bank is completed; Eloïse the cat.
//! (Mode B, the default, is only a ghost count: see `queue_ghosts`.)
//!
//! Ghosts live in four places, 15 in all: next to meeples, in circles, on the cat's pile
//! (while she waits to be deployed) and in the supply.

use super::board::SquareIdx;
use super::events::Event;
use super::features::{NodeIdx, NO_FIGURE};
use super::game::{Game, Phase};
use super::geometry::Pos;
use super::moves::{PlayError, Spot};
use super::setup::SpellMode;
use super::tiles::FeatureKind;

/// Ghosts on Eloïse's pile at the start (CAT-1).
pub const CAT_PILE: u8 = 7;

/// Where Eloïse is (SPELLC-A-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cat {
    /// Not in this game.
    Off,
    /// In front of her pile: ghosts are taken from it first, and returned to it.
    Pile,
    /// In play, next to no meeple: she joins the next meeple placed (CAT-6).
    Waiting,
    /// Next to the figure standing on this node.
    At(NodeIdx),
}

impl Game {
    /// Whether The Spell Circles are played in mode A.
    pub fn spell_mode_a(&self) -> bool {
        self.setup.has_set("spellcircles") && self.setup.options.spell_mode == SpellMode::A
    }

    /// Where Eloïse is.
    pub fn cat(&self) -> Cat {
        self.cat
    }

    /// Ghosts on Eloïse's pile.
    pub fn cat_pile(&self) -> u8 {
        self.cat_pile
    }

    /// Ghosts in the circles of a mist region (its node).
    pub fn circle_ghosts_at(&self, mist_node: NodeIdx) -> u8 {
        self.circle_ghosts.iter().find(|(n, _)| *n == mist_node).map_or(0, |(_, g)| *g)
    }

    /// Ghosts trapped in all circles.
    pub fn ghosts_in_circles(&self) -> u8 {
        self.circle_ghosts.iter().map(|(_, g)| *g).sum()
    }

    /// Ghosts that can be taken: the cat's pile while she waits, and the supply.
    pub(crate) fn ghosts_available(&self) -> u8 {
        self.ghost_supply + if self.cat == Cat::Pile { self.cat_pile } else { 0 }
    }

    /// Take one ghost: from the cat's pile first (CAT-1); when the pile runs out she must
    /// be deployed (CAT-2). Returns false if there is none.
    pub(crate) fn take_ghost(&mut self) -> bool {
        if self.cat == Cat::Pile && self.cat_pile > 0 {
            self.cat_pile -= 1;
            if self.cat_pile == 0 {
                self.cat = Cat::Waiting;
                self.cat_due = true;
            }
            true
        } else if self.ghost_supply > 0 {
            self.ghost_supply -= 1;
            true
        } else {
            false
        }
    }

    /// Ghosts back from the board: to the cat's pile while she waits, else the supply.
    pub(crate) fn return_ghosts(&mut self, n: u8) {
        if self.cat == Cat::Pile {
            self.cat_pile += n;
        } else {
            self.ghost_supply += n;
        }
    }

    fn add_circle_ghost(&mut self, node: NodeIdx) {
        match self.circle_ghosts.iter_mut().find(|(n, _)| *n == node) {
            Some((_, g)) => *g += 1,
            None => self.circle_ghosts.push((node, 1)),
        }
    }

    /// SPELLC-A-2 (step 1b): every mist bank this tile completed frees its circle ghosts.
    pub(crate) fn release_circles(&mut self, square: SquareIdx, events: &mut Vec<Event>) {
        let placed = self.board.square(square).clone();
        let def = self.tiles.get(placed.tile);
        let mut freed = 0u8;
        let mut done: Vec<NodeIdx> = Vec::new();
        for m in 0..def.mist.len() as u8 {
            let node = placed.node_base + def.mist_node(m) as NodeIdx;
            let root = self.features.root(node);
            if !self.features.is_closed(root) || done.contains(&root) {
                continue;
            }
            done.push(root);
            let members: Vec<NodeIdx> = self.features.members(root).collect();
            self.circle_ghosts.retain(|(n, g)| {
                if members.contains(n) {
                    freed += *g;
                    false
                } else {
                    true
                }
            });
        }
        if freed > 0 {
            self.return_ghosts(freed);
            events.push(Event::CircleGhostsReleased { count: freed, x: placed.pos.x, y: placed.pos.y });
        }
    }

    /// SPELLC-A-3: the circles of the placed tile to fill, unless this placement completed
    /// their bank (SPELL-8).
    pub(crate) fn queue_circles(&mut self, square: SquareIdx) {
        self.circle_slots.clear();
        if !self.spell_mode_a() {
            return;
        }
        let placed = self.board.square(square).clone();
        let def = self.tiles.get(placed.tile);
        for (m, region) in def.mist.iter().enumerate() {
            let node = placed.node_base + def.mist_node(m as u8) as NodeIdx;
            if region.circles > 0 && !self.features.is_closed(node) {
                self.circle_slots.extend(std::iter::repeat_n(node, region.circles as usize));
            }
        }
    }

    /// Figures (indices) on the 8 squares around the placed tile that carry ghosts.
    pub fn attract_candidates(&self, square: SquareIdx) -> Vec<usize> {
        let ring = self.board.square(square).pos.ring();
        (0..self.figures.len())
            .filter(|&i| {
                let f = &self.figures[i];
                f.ghosts > 0 && ring.contains(&self.board.square(self.features.node(f.node).square).pos)
            })
            .collect()
    }

    /// Fill the pending circles: ghosts from the meeples around first (a choice when there
    /// are more than circles), then from the supply; an empty supply leaves the rest empty.
    /// Returns true when a choice is needed (the phase is then `Circle`).
    pub(crate) fn fill_circles(&mut self, square: SquareIdx, events: &mut Vec<Event>) -> bool {
        while let Some(&slot) = self.circle_slots.last() {
            let cands = self.attract_candidates(square);
            let around: u32 = cands.iter().map(|&i| self.figures[i].ghosts as u32).sum();
            if around as usize > self.circle_slots.len() {
                self.phase = Phase::Circle { square };
                return true;
            }
            self.circle_slots.pop();
            if let Some(&fig) = cands.first() {
                self.attract(fig, slot, events);
            } else if self.take_ghost() {
                self.add_circle_ghost(slot);
                events.push(Event::CircleFilled {
                    from: None,
                    x: self.board.square(square).pos.x,
                    y: self.board.square(square).pos.y,
                });
            } else {
                self.circle_slots.clear(); // SPELLC-A-3: no ghost left, the circle stays empty
            }
        }
        false
    }

    /// Move one ghost from a figure into a circle (SPELLC-A-4: its meeple is relieved).
    pub(crate) fn attract(&mut self, fig: usize, slot: NodeIdx, events: &mut Vec<Event>) {
        self.figures[fig].ghosts -= 1;
        self.add_circle_ghost(slot);
        let (pos, _) = self.figure_spot(fig);
        events.push(Event::CircleFilled { from: Some(self.figures[fig].owner as usize), x: pos.x, y: pos.y });
    }

    /// The figure an `Attract` action names, if it may give a ghost now.
    pub(crate) fn attract_target(&self, square: SquareIdx, pos: Pos, spot: Spot) -> Result<usize, PlayError> {
        let i = self.figure_at(pos, spot).ok_or(PlayError::NotAGhostTarget(pos))?;
        if self.attract_candidates(square).contains(&i) {
            Ok(i)
        } else {
            Err(PlayError::NotAGhostTarget(pos))
        }
    }

    /// The figure standing at a square and spot.
    pub(crate) fn figure_at(&self, pos: Pos, spot: Spot) -> Option<usize> {
        let square = self.board.square_at(pos)?;
        let def = self.def_at(square);
        let local = match spot {
            Spot::Port(p) => def.owner(p),
            Spot::Building => def.building_node()?,
        };
        if local == super::tiles::NO_SEG {
            return None;
        }
        let node = self.board.square(square).node_base + local as NodeIdx;
        let o = self.features.node(node).occupant;
        (o != NO_FIGURE).then_some(o as usize)
    }

    /// SPELLC-A-5: when a scoring includes Eloïse's meeple, its owner gains 1 per ghost in
    /// the circles, after the feature's points (never reduced, never negative).
    pub(crate) fn cat_bonus(&mut self, figs: &[usize], events: &mut Vec<Event>) {
        let Cat::At(node) = self.cat else { return };
        let Some(&fig) = figs.iter().find(|&&i| self.figures[i].node == node) else { return };
        let player = self.figures[fig].owner as usize;
        let points = self.ghosts_in_circles() as i32;
        self.deltas[player] += points;
        events.push(Event::CatScored { player, points });
    }

    /// A figure leaves the board: Eloïse must move on if she stood by it.
    pub(crate) fn cat_leaves(&mut self, node: NodeIdx) {
        if self.cat == Cat::At(node) {
            self.cat = Cat::Waiting;
            self.cat_due = true;
        }
    }

    /// A figure is placed: a waiting Eloïse with nobody to go to joins it (CAT-6).
    pub(crate) fn cat_joins(&mut self, node: NodeIdx, events: &mut Vec<Event>) {
        if self.cat == Cat::Waiting && !self.cat_due {
            self.cat = Cat::At(node);
            let f = self.features.node(node).occupant as usize;
            let (pos, _) = self.figure_spot(f);
            events.push(Event::CatPlaced { player: self.figures[f].owner as usize, x: pos.x, y: pos.y });
        }
    }

    /// At a safe point of the turn: if Eloïse must be placed or moved, the active player
    /// chooses a meeple (phase `Cat`); with no meeple on the board she waits. Returns true
    /// when a choice is needed.
    pub(crate) fn cat_step(&mut self, then: Option<SquareIdx>, events: &mut Vec<Event>) -> bool {
        if !self.cat_due {
            return false;
        }
        if self.figures.is_empty() {
            self.cat_due = false;
            self.cat = Cat::Waiting;
            events.push(Event::CatWaits);
            return false;
        }
        self.phase = Phase::Cat { then };
        true
    }

    /// Put Eloïse next to a figure.
    pub(crate) fn place_cat(&mut self, fig: usize, events: &mut Vec<Event>) {
        self.cat = Cat::At(self.figures[fig].node);
        self.cat_due = false;
        let (pos, _) = self.figure_spot(fig);
        events.push(Event::CatPlaced { player: self.figures[fig].owner as usize, x: pos.x, y: pos.y });
    }

    /// Whether a node holds a figure of any kind that Eloïse may join (any meeple).
    pub(crate) fn cat_target(&self, pos: Pos, spot: Spot) -> Result<usize, PlayError> {
        self.figure_at(pos, spot).ok_or(PlayError::NotAGhostTarget(pos))
    }

    /// Kind of feature the figure stands on (for the log).
    pub fn figure_feature(&self, fig: usize) -> FeatureKind {
        self.features.node(self.figures[fig].node).kind
    }
}
