//! A set's own choices: the one route by which a set adds a step to the turn.
//!
//! The core's turn waits for two things of its own: the drawn tile ([`Phase::Tile`]) and
//! a figure or a pass ([`Phase::Figure`]). Every other choice belongs to a set. The set
//! declares, in its own module, a step type (what the turn waits for) and a move type (how
//! a player answers it), and four functions over them:
//!
//! - `actions(game, step, out)`: the legal moves of the step, in a fixed order (share codes
//!   store a move as its index in this list);
//! - `check(game, step, action)`: why an action is refused, changing nothing;
//! - `apply(game, step, action, events)`: the move's effects, returning where the turn
//!   goes on ([`Resume`]);
//! - `canonical(game, step, move)`: the form the lists use, kept in the history.
//!
//! [`SetStep`] and [`SetMove`] gather the sets' types, and the core sees only
//! [`Phase::Set`] and [`Action::Set`]. A set's choice step (its `tile_choices` or
//! `turn_end_choices` hook in [`super::flow`]) sets `Phase::Set` when it waits. This
//! file is the only place that names each set's functions; `game.rs` and `flow.rs` call
//! them through [`SetStep`].
//!
//! The three sets with choices: Ghosts ([`super::ghosts::Step`]: which meeple a ghost
//! haunts), the Spell Circles in mode A ([`super::spells::Step`]: the ghost a circle
//! attracts, where Eloïse goes) and the cooperative game ([`super::coop::Step`], which runs
//! the whole rest of its turn through its steps).
//!
//! [`Phase::Tile`]: super::game::Phase::Tile
//! [`Phase::Figure`]: super::game::Phase::Figure
//! [`Phase::Set`]: super::game::Phase::Set
//! [`Action::Set`]: super::moves::Action::Set

use super::board::SquareIdx;
use super::events::Event;
use super::game::Game;
use super::moves::{Action, PlayError, Spot, SpotSquare};
use super::{coop, ghosts, spells};
use crate::engine::{FigureKind, Pos};

/// A step of the turn that a set owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetStep {
    /// Ghosts, Castles & Cemeteries: a ghost to place.
    Ghosts(ghosts::Step),
    /// The Spell Circles (mode A): a circle to fill, or Eloïse to place.
    Spells(spells::Step),
    /// The cooperative game's own steps.
    Coop(coop::Step),
}

/// An answer to a [`SetStep`], as the set that owns the step defines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SetMove {
    /// Ghosts, Castles & Cemeteries.
    Ghosts(ghosts::Move),
    /// The Spell Circles (mode A).
    Spells(spells::Move),
    /// The cooperative game.
    Coop(coop::Move),
}

/// Where the turn goes on after a set's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resume {
    /// The choices after the tile run on (then the figure step).
    AfterTile(SquareIdx),
    /// The choices at the end of the turn run on (then the next player draws).
    TurnEnd,
    /// The set has moved the turn on itself (the cooperative game drives its own turn).
    Done,
}

impl SetStep {
    /// The step's name as the interface and the snapshot know it (`ghost`, `circle`,
    /// `cat`, `coop`), and the details that tell its kinds apart (a ghost's case, the
    /// cooperative step waited for and what it expects).
    pub fn describe(self) -> (&'static str, Vec<(&'static str, &'static str)>) {
        match self {
            SetStep::Ghosts(s) => ("ghost", vec![("case", s.case.name())]),
            SetStep::Spells(spells::Step::Circle { .. }) => ("circle", vec![]),
            SetStep::Spells(spells::Step::Cat { .. }) => ("cat", vec![]),
            SetStep::Coop(s) => ("coop", vec![("waits", s.name()), ("expects", s.expects())]),
        }
    }

    /// What the step waits for, for messages.
    pub fn expects(self) -> &'static str {
        match self {
            SetStep::Ghosts(s) => s.expects(),
            SetStep::Spells(s) => s.expects(),
            SetStep::Coop(s) => s.expects(),
        }
    }

    /// The square a figure may go on in this step: the tile just placed, while the
    /// cooperative game waits for a meeple on it.
    pub fn figure_square(self) -> Option<SquareIdx> {
        match self {
            SetStep::Coop(coop::Step::Meeple { square }) => Some(square),
            _ => None,
        }
    }

    /// Whether `action` is of the kind this step asks for (legal or not): its own set's
    /// kind of move, or a pass where the step may be passed. How a record tells a step it
    /// leaves out from one it answers.
    pub fn takes(self, action: &Action) -> bool {
        match (self, *action) {
            (SetStep::Ghosts(_), Action::Set(SetMove::Ghosts(_))) => true,
            (SetStep::Spells(s), Action::Set(SetMove::Spells(m))) => s.takes(m),
            (SetStep::Coop(s), _) => s.takes(action),
            _ => false,
        }
    }

    /// Every legal action of the step, appended to `out`.
    pub(crate) fn actions(self, game: &Game, out: &mut Vec<Action>) {
        match self {
            SetStep::Ghosts(s) => ghosts::actions(game, s, out),
            SetStep::Spells(s) => spells::actions(game, s, out),
            SetStep::Coop(s) => coop::actions(game, s, out),
        }
    }

    /// Check an action against the step; a move of another set is the wrong step.
    pub(crate) fn check(self, game: &Game, action: &Action) -> Result<(), PlayError> {
        match (self, *action) {
            (SetStep::Ghosts(s), Action::Set(SetMove::Ghosts(m))) => ghosts::check(game, s, m),
            (SetStep::Spells(s), Action::Set(SetMove::Spells(m))) => spells::check(game, s, m),
            // The cooperative game's steps also take a pass, and judge every action.
            (SetStep::Coop(s), _) => coop::check(game, s, action),
            _ => Err(PlayError::WrongStep { expected: self.expects().into() }),
        }
    }

    /// Apply a checked action (in its canonical form).
    pub(crate) fn apply(self, game: &mut Game, action: Action, events: &mut Vec<Event>) -> Resume {
        match (self, action) {
            (SetStep::Ghosts(s), Action::Set(SetMove::Ghosts(m))) => ghosts::apply(game, s, m, events),
            (SetStep::Spells(s), Action::Set(SetMove::Spells(m))) => spells::apply(game, s, m, events),
            (SetStep::Coop(s), _) => coop::apply(game, s, action, events),
            _ => unreachable!("checked: the step's own move"),
        }
    }

    /// A move in the form the step's lists use.
    pub(crate) fn canonical(self, game: &Game, m: SetMove) -> SetMove {
        match (self, m) {
            (SetStep::Ghosts(_), SetMove::Ghosts(m)) => SetMove::Ghosts(ghosts::canonical(game, m)),
            (SetStep::Spells(_), SetMove::Spells(m)) => SetMove::Spells(spells::canonical(game, m)),
            (SetStep::Coop(s), SetMove::Coop(m)) => SetMove::Coop(coop::canonical(game, s, m)),
            _ => m,
        }
    }
}

impl SetMove {
    /// The square the move points at as a square (not at a figure on it), if any.
    pub(crate) fn square(self) -> Option<Pos> {
        match self {
            SetMove::Coop(m) => m.square(),
            SetMove::Ghosts(_) | SetMove::Spells(_) => None,
        }
    }

    /// The ghost spot (mist, cemetery) the move chooses, and its square, if any.
    pub(crate) fn ghost_spot(self) -> Option<(Pos, coop::GhostSpot)> {
        match self {
            SetMove::Coop(m) => m.ghost_spot(),
            SetMove::Ghosts(_) | SetMove::Spells(_) => None,
        }
    }

    /// The figure the move puts on the tile just placed, with its colour, if any.
    pub(crate) fn new_figure(self) -> Option<(FigureKind, Option<u8>)> {
        match self {
            SetMove::Coop(m) => m.meeple_colour().map(|c| (FigureKind::Meeple, Some(c))),
            SetMove::Ghosts(_) | SetMove::Spells(_) => None,
        }
    }

    /// The figure's spot the move points at, and its square, if it names one.
    pub(crate) fn spot(self) -> Option<(SpotSquare, Spot)> {
        match self {
            SetMove::Ghosts(m) => Some((SpotSquare::At(m.pos), m.spot)),
            SetMove::Spells(m) => Some((SpotSquare::At(m.pos()), m.spot())),
            SetMove::Coop(m) => m.spot(),
        }
    }

    /// The move naming `spot` in place of its own (unchanged if it names none).
    pub(crate) fn with_spot(self, spot: Spot) -> SetMove {
        match self {
            SetMove::Ghosts(m) => SetMove::Ghosts(ghosts::Move { spot, ..m }),
            SetMove::Spells(m) => SetMove::Spells(m.with_spot(spot)),
            SetMove::Coop(m) => SetMove::Coop(m.with_spot(spot)),
        }
    }
}

impl From<ghosts::Move> for Action {
    fn from(m: ghosts::Move) -> Action {
        Action::Set(SetMove::Ghosts(m))
    }
}

impl From<spells::Move> for Action {
    fn from(m: spells::Move) -> Action {
        Action::Set(SetMove::Spells(m))
    }
}

impl From<coop::Move> for Action {
    fn from(m: coop::Move) -> Action {
        Action::Set(SetMove::Coop(m))
    }
}
