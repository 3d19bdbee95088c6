//! The Spell Circles (RULES.md §5) as a rule set. Mode B, the default, only multiplies
//! the ghosts a tile brings (SPELLC-B-2). Mode A (SPELLC-A) keeps the seed's mechanics:
//! circles attract and trap ghosts, which go free only when their mist bank is completed;
//! Eloïse the cat waits in front of a pile of ghosts, then follows a meeple. The seed's
//! cooperative rules (SPELL-GEN-1, SPELL-1…) come into the competitive game through these
//! modes; the tiles are placed by the usual rules (SPELL-1) and completing a bank has no
//! effect of its own outside mode A (GHOST-MIST-6, DEC-29).
//!
//! Ghosts live in four places, 15 in all: next to meeples, in circles, on the cat's pile
//! (while she waits, part of the supply: [`GhostState`](super::ghosts::GhostState)) and in
//! the supply.

use super::board::SquareIdx;
use super::choice::{Resume, SetStep};
use super::events::Event;
use super::features::NodeIdx;
use super::flow::{RuleId, RuleSet, ScoredFeature};
use super::game::{Contacts, Figure, Game, Phase};
use super::geometry::Pos;
use super::moves::{Action, PlayError, Spot};
use super::sets::Set;
use super::setup::SpellMode;

/// Ghosts on Eloïse's pile at the start (CAT-1, SPELLC-A-1).
pub const CAT_PILE: u8 = 7;

/// The set's hooks.
pub(crate) const RULES: RuleSet = RuleSet {
    id: RuleId::SpellCircles,
    // SPELLC-B-1: the Spell Circles need the mist and ghosts of Ghosts, Castles & Cemeteries.
    needs: &[Set::Ghosts],
    init: Some(init),
    after_tile: Some(after_tile),
    tile_choices: &[circle_step, cat_step],
    figure_placed: Some(cat_joins),
    scored: Some(cat_bonus),
    figure_removed: Some(cat_leaves),
    turn_end_choices: &[cat_step],
    ..RuleSet::NONE
};

/// A step of mode A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The current player chooses which nearby meeple's ghost a circle attracts
    /// (SPELLC-A-3).
    Circle {
        /// The square just placed.
        square: SquareIdx,
    },
    /// The current player places or moves Eloïse next to a meeple (SPELLC-A-5).
    Cat {
        /// The square just placed, when the figure step follows; none at the turn's end.
        then: Option<SquareIdx>,
    },
}

impl Step {
    /// Whether `m` is of this step's kind: a circle takes an attraction (SPELLC-A-3), the
    /// cat step Eloïse (SPELLC-A-5).
    pub fn takes(self, m: Move) -> bool {
        matches!((self, m), (Step::Circle { .. }, Move::Attract { .. }) | (Step::Cat { .. }, Move::Cat { .. }))
    }

    /// What the step waits for, for messages.
    pub fn expects(self) -> &'static str {
        match self {
            Step::Circle { .. } => "a spell circle to attract a ghost (choose a meeple beside the tile)",
            Step::Cat { .. } => "Eloïse to be placed next to a meeple",
        }
    }
}

/// An answer to a mode A step: a figure, by its square and spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The next circle attracts a ghost from the figure there.
    Attract {
        /// The figure's square.
        pos: Pos,
        /// The figure's spot on it.
        spot: Spot,
    },
    /// Eloïse goes next to the figure there.
    Cat {
        /// The figure's square.
        pos: Pos,
        /// The figure's spot on it.
        spot: Spot,
    },
}

impl Move {
    /// The figure's square.
    pub fn pos(self) -> Pos {
        match self {
            Move::Attract { pos, .. } | Move::Cat { pos, .. } => pos,
        }
    }

    /// The figure's spot.
    pub fn spot(self) -> Spot {
        match self {
            Move::Attract { spot, .. } | Move::Cat { spot, .. } => spot,
        }
    }

    /// The same move naming `spot`.
    pub fn with_spot(self, spot: Spot) -> Move {
        match self {
            Move::Attract { pos, .. } => Move::Attract { pos, spot },
            Move::Cat { pos, .. } => Move::Cat { pos, spot },
        }
    }
}

/// The figures the step may choose: those around the tile that carry ghosts for a circle,
/// any figure for Eloïse.
pub(crate) fn actions(game: &Game, step: Step, out: &mut Vec<Action>) {
    match step {
        Step::Circle { square } => {
            for f in game.attract_candidates(square) {
                let (pos, spot) = game.figure_spot(f);
                out.push(Move::Attract { pos, spot }.into());
            }
        }
        Step::Cat { .. } => {
            for f in 0..game.figures.len() {
                let (pos, spot) = game.figure_spot(f);
                out.push(Move::Cat { pos, spot }.into());
            }
        }
    }
}

/// Whether the figure named may be chosen now.
pub(crate) fn check(game: &Game, step: Step, m: Move) -> Result<(), PlayError> {
    match (step, m) {
        (Step::Circle { square }, Move::Attract { pos, spot }) => game.attract_target(square, pos, spot).map(|_| ()),
        (Step::Cat { .. }, Move::Cat { pos, spot }) => game.cat_target(pos, spot).map(|_| ()),
        _ => Err(PlayError::WrongStep { expected: step.expects().into() }),
    }
}

/// The ghost is attracted or Eloïse placed; the turn runs on from where the step came.
pub(crate) fn apply(game: &mut Game, step: Step, m: Move, events: &mut Vec<Event>) -> Resume {
    match (step, m) {
        (Step::Circle { square }, Move::Attract { pos, spot }) => {
            game.attract_from(square, pos, spot, events);
            Resume::AfterTile(square)
        }
        (Step::Cat { then }, Move::Cat { pos, spot }) => {
            game.place_cat_at(pos, spot, events);
            then.map_or(Resume::TurnEnd, Resume::AfterTile)
        }
        _ => unreachable!("checked: the step's own move"),
    }
}

/// The figure named by the spot the lists use.
pub(crate) fn canonical(game: &Game, m: Move) -> Move {
    match m {
        Move::Attract { pos, spot } => Move::Attract { pos, spot: game.figure_named(pos, spot) },
        Move::Cat { pos, spot } => Move::Cat { pos, spot: game.figure_named(pos, spot) },
    }
}

/// Where Eloïse is (SPELLC-A-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cat {
    /// Not in this game.
    #[default]
    Off,
    /// In front of her pile: ghosts are taken from it first, and returned to it.
    Pile,
    /// In play, next to no meeple: she joins the next meeple placed (CAT-6).
    Waiting,
    /// Next to the figure standing on this node.
    At(NodeIdx),
}

/// The state of the circles and the cat (mode A).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpellState {
    /// Mode A is played (SPELLC-A); otherwise mode B or no circles at all.
    pub mode_a: bool,
    /// Ghosts trapped in the circles of each mist region (by node).
    pub circle_ghosts: Vec<(NodeIdx, u8)>,
    /// Circles of the placed tile still to fill this turn (a region node each).
    pub circle_slots: Vec<NodeIdx>,
    /// Where Eloïse is.
    pub cat: Cat,
    /// Eloïse must be placed or moved at the next safe point of the turn.
    pub cat_due: bool,
}

/// SPELLC-A-1: in mode A with Eloïse, 7 of the 15 ghosts wait on her pile.
fn init(game: &mut Game) {
    let options = &game.setup.options;
    game.spells.mode_a = options.spell_mode == SpellMode::A;
    if game.spells.mode_a && options.eloise {
        game.spells.cat = Cat::Pile;
        game.ghosts.supply -= CAT_PILE;
        game.ghosts.pile = CAT_PILE;
        game.ghosts.pile_open = true;
    }
}

/// After the tile: in mode A, the circles of completed banks release their ghosts
/// (SPELLC-A-2, step 1b) and the tile's own circles wait to be filled (SPELLC-A-3); in
/// mode B, a tile with n circles brings n ghosts per case (SPELLC-B-2, DEC-26), and its
/// circles hold no ghost (SPELLC-B-4).
fn after_tile(game: &mut Game, square: SquareIdx, _contacts: Contacts, events: &mut Vec<Event>) {
    if game.spells.mode_a {
        game.release_circles(square, events);
        game.queue_circles(square);
    } else {
        let n = game.def_at(square).circles().max(1) as usize;
        let queue = &mut game.ghosts.queue;
        *queue = queue.iter().flat_map(|c| std::iter::repeat_n(*c, n)).collect();
    }
}

/// The circle choice step (SPELLC-A-3, DEC-30, after the ghosts of Ghosts, Castles &
/// Cemeteries, DEC-33): fill the pending circles, from the meeples around first (SPELL-2);
/// a choice when more ghosts stand around than wait.
fn circle_step(game: &mut Game, square: Option<SquareIdx>, events: &mut Vec<Event>) -> bool {
    match square {
        Some(square) if game.spells.mode_a => game.fill_circles(square, events),
        _ => false,
    }
}

/// The cat choice step, at the two safe points of a turn (after the ghost and circle
/// steps, and after the turn's scoring): if Eloïse must be placed or moved, the active
/// player chooses a meeple (SPELLC-A-5); with no meeple on the board she waits (CAT-6).
fn cat_step(game: &mut Game, square: Option<SquareIdx>, events: &mut Vec<Event>) -> bool {
    let spells = &mut game.spells;
    // CAT-2: her pile ran out when its last ghost was taken.
    if spells.cat == Cat::Pile && !game.ghosts.pile_open {
        spells.cat = Cat::Waiting;
        spells.cat_due = true;
    }
    if !spells.cat_due {
        return false;
    }
    if game.figures.is_empty() {
        spells.cat_due = false;
        spells.cat = Cat::Waiting;
        events.push(Event::CatWaits);
        return false;
    }
    game.phase = Phase::Set(SetStep::Spells(Step::Cat { then: square }));
    true
}

/// CAT-6: a waiting Eloïse with nobody to go to joins the figure just placed.
fn cat_joins(game: &mut Game, node: NodeIdx, events: &mut Vec<Event>) {
    if game.spells.cat == Cat::Waiting && !game.spells.cat_due {
        game.spells.cat = Cat::At(node);
        let f = game.features.node(node).occupant as usize;
        let (pos, _) = game.figure_spot(f);
        events.push(Event::CatPlaced { player: game.figures[f].owner as usize, x: pos.x, y: pos.y });
    }
}

/// SPELLC-A-5, DEC-31 (the competitive form of CAT-3): when a scoring includes Eloïse's
/// meeple, its owner gains 1 per ghost in the circles, after the feature's points (never
/// reduced, never negative).
fn cat_bonus(game: &mut Game, scored: &ScoredFeature, events: &mut Vec<Event>) {
    let Cat::At(node) = game.spells.cat else { return };
    let Some(&fig) = scored.figures.iter().find(|&&i| game.figures[i].node == node) else { return };
    let player = game.figures[fig].owner as usize;
    let points = game.ghosts_in_circles() as i32;
    game.deltas[player] += points;
    events.push(Event::CatScored { player, points });
}

/// SPELLC-A-5 (the competitive form of CAT-4): Eloïse must move on when her figure leaves
/// the board.
fn cat_leaves(game: &mut Game, figure: &Figure, _events: &mut Vec<Event>) {
    if game.spells.cat == Cat::At(figure.node) {
        game.spells.cat = Cat::Waiting;
        game.spells.cat_due = true;
    }
}

impl Game {
    /// Whether The Spell Circles are played in mode A.
    pub fn spell_mode_a(&self) -> bool {
        self.spells.mode_a
    }

    /// Where Eloïse is.
    pub fn cat(&self) -> Cat {
        match self.spells.cat {
            Cat::Pile if !self.ghosts.pile_open => Cat::Waiting,
            cat => cat,
        }
    }

    /// Ghosts on Eloïse's pile.
    pub fn cat_pile(&self) -> u8 {
        self.ghosts.pile
    }

    /// Ghosts in the circles of a mist region (its node).
    pub fn circle_ghosts_at(&self, mist_node: NodeIdx) -> u8 {
        self.spells.circle_ghosts.iter().find(|(n, _)| *n == mist_node).map_or(0, |(_, g)| *g)
    }

    /// Ghosts trapped in all circles.
    pub fn ghosts_in_circles(&self) -> u8 {
        self.spells.circle_ghosts.iter().map(|(_, g)| *g).sum()
    }

    fn add_circle_ghost(&mut self, node: NodeIdx) {
        match self.spells.circle_ghosts.iter_mut().find(|(n, _)| *n == node) {
            Some((_, g)) => *g += 1,
            None => self.spells.circle_ghosts.push((node, 1)),
        }
    }

    /// SPELLC-A-2, DEC-28 (step 1b): every mist bank this tile completed frees its circle
    /// ghosts; until then they stay trapped (SPELL-5), and in a limited bank for good
    /// (SPELL-7: it can never be completed).
    fn release_circles(&mut self, square: SquareIdx, events: &mut Vec<Event>) {
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
            self.spells.circle_ghosts.retain(|(n, g)| {
                if members.contains(n) {
                    freed += *g;
                    false
                } else {
                    true
                }
            });
        }
        if freed > 0 {
            self.ghosts.give_back(freed);
            events.push(Event::CircleGhostsReleased { count: freed, x: placed.pos.x, y: placed.pos.y });
        }
    }

    /// SPELLC-A-3: the circles of the placed tile to fill, unless this placement completed
    /// their bank (SPELL-8).
    fn queue_circles(&mut self, square: SquareIdx) {
        self.spells.circle_slots.clear();
        let placed = self.board.square(square).clone();
        let def = self.tiles.get(placed.tile);
        for (m, region) in def.mist.iter().enumerate() {
            let node = placed.node_base + def.mist_node(m as u8) as NodeIdx;
            if region.circles > 0 && !self.features.is_closed(node) {
                self.spells.circle_slots.extend(std::iter::repeat_n(node, region.circles as usize));
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
    fn fill_circles(&mut self, square: SquareIdx, events: &mut Vec<Event>) -> bool {
        while let Some(&slot) = self.spells.circle_slots.last() {
            let cands = self.attract_candidates(square);
            let around: u32 = cands.iter().map(|&i| self.figures[i].ghosts as u32).sum();
            if around as usize > self.spells.circle_slots.len() {
                self.phase = Phase::Set(SetStep::Spells(Step::Circle { square }));
                return true;
            }
            self.spells.circle_slots.pop();
            if let Some(&fig) = cands.first() {
                self.attract(fig, slot, events);
            } else if self.ghosts.take() {
                self.add_circle_ghost(slot);
                let pos = self.board.square(square).pos;
                events.push(Event::CircleFilled { from: None, x: pos.x, y: pos.y });
            } else {
                self.spells.circle_slots.clear(); // SPELLC-A-3: no ghost left, the circle stays empty
            }
        }
        false
    }

    /// Move one ghost from a figure into a circle (SPELLC-A-4: its meeple is relieved).
    fn attract(&mut self, fig: usize, slot: NodeIdx, events: &mut Vec<Event>) {
        self.figures[fig].ghosts -= 1;
        self.add_circle_ghost(slot);
        let (pos, _) = self.figure_spot(fig);
        events.push(Event::CircleFilled { from: Some(self.figures[fig].owner as usize), x: pos.x, y: pos.y });
    }

    /// Apply a checked `Attract` move: the next circle takes a ghost from that figure.
    fn attract_from(&mut self, square: SquareIdx, pos: Pos, spot: Spot, events: &mut Vec<Event>) {
        let fig = self.attract_target(square, pos, spot).expect("checked");
        let slot = self.spells.circle_slots.pop().expect("a circle waits");
        self.attract(fig, slot, events);
    }

    /// The figure an `Attract` action names, if it may give a ghost now.
    pub(crate) fn attract_target(&self, square: SquareIdx, pos: Pos, spot: Spot) -> Result<usize, PlayError> {
        let i = self.figure_at(pos, spot).ok_or(PlayError::NotACircleTarget(pos))?;
        if self.attract_candidates(square).contains(&i) {
            Ok(i)
        } else {
            Err(PlayError::NotACircleTarget(pos))
        }
    }

    /// Apply a checked `Cat` move: Eloïse goes next to that figure.
    fn place_cat_at(&mut self, pos: Pos, spot: Spot, events: &mut Vec<Event>) {
        let fig = self.cat_target(pos, spot).expect("checked");
        self.spells.cat = Cat::At(self.figures[fig].node);
        self.spells.cat_due = false;
        let (pos, _) = self.figure_spot(fig);
        events.push(Event::CatPlaced { player: self.figures[fig].owner as usize, x: pos.x, y: pos.y });
    }

    /// The figure Eloïse may join there (any meeple, guards included).
    pub(crate) fn cat_target(&self, pos: Pos, spot: Spot) -> Result<usize, PlayError> {
        self.figure_at(pos, spot).ok_or(PlayError::NotACatTarget(pos))
    }
}
