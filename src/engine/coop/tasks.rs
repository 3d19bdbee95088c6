//! The cooperative turn's to-do list ([`Tasks`]) and what the turn remembers while it
//! runs ([`TurnState`]).

use super::steps::Move;
use crate::engine::board::SquareIdx;
use crate::engine::features::NodeIdx;

/// One thing the turn still has to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Task {
    Release,
    Bury(SquareIdx),
    Surround,
    Symbols,
    Circles,
    CemeteryGhost,
    NeighbourGhosts,
    MistGhost(SquareIdx),
    Cat,
    Meeple,
    Score,
    Markers,
    Hound(u8),
    Removal { centre: SquareIdx, left: u8, cleared: Option<SquareIdx> },
    FaceDown,
    EndTurn,
}

/// This turn's tasks, the next first. The turn changes their order in only these ways:
/// a task done now (before anything else), tasks right after the one running, a task
/// before another, a task done (wherever it is), and the one running finished.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tasks(Vec<Task>);

impl Tasks {
    /// The tasks of a new turn, in order.
    pub fn new(list: Vec<Task>) -> Tasks {
        Tasks(list)
    }

    /// The task to run next.
    pub fn next(&self) -> Option<&Task> {
        self.0.first()
    }

    /// The task to run next, to update it in place (a removal's squares left).
    pub fn next_mut(&mut self) -> Option<&mut Task> {
        self.0.first_mut()
    }

    /// These tasks before anything else, in their order.
    pub fn now(&mut self, tasks: impl IntoIterator<Item = Task>) {
        self.0.splice(0..0, tasks);
    }

    /// These tasks right after the next one (the one running), in their order.
    pub fn after_next(&mut self, tasks: impl IntoIterator<Item = Task>) {
        let at = self.0.len().min(1);
        self.0.splice(at..at, tasks);
    }

    /// `task` just before the first `anchor` (first of all when there is none).
    pub fn before(&mut self, anchor: &Task, task: Task) {
        let at = self.0.iter().position(|t| t == anchor).unwrap_or(0);
        self.0.insert(at, task);
    }

    /// `task` is done: it comes off the list wherever it is.
    pub fn done(&mut self, task: &Task) {
        self.0.retain(|t| t != task);
    }

    /// The next task is finished.
    pub fn finish_next(&mut self) {
        if !self.0.is_empty() {
            self.0.remove(0);
        }
    }

    /// No tasks left: the game ended.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// What this turn has done that later tasks need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// The tile just placed.
    pub square: SquareIdx,
    /// Ghosts went into the mist from the supply this turn (COOP-2a-4, COOP-SC-4).
    pub from_supply: bool,
    /// The region that places one ghost fewer (COOP-2a-1), once chosen.
    pub fewer: Option<u8>,
    /// The circles of the tile still to fill, by region.
    pub slots: Vec<u8>,
    /// The circles of the tile have been counted (`slots` then holds those still empty).
    pub circles_started: bool,
    /// Completed features with meeples, waiting to be scored (their roots).
    pub pending: Vec<NodeIdx>,
    /// The choices the engine made itself this turn because they had one answer, as the
    /// step would have taken them: a record may still write them (record-format.md).
    pub forced: Vec<Move>,
}
