//! The saved-game format: versioned JSON holding the setup (players, sets, options and a
//! seed or an explicit draw order) and every action, which replays a game exactly.
//! Specified in `docs/record-format.md`.
//!
//! By job: [`format`] reads and writes the document (its version, its limits), [`setup`]
//! its setup object, [`action`] one action in record form, [`notes`] a study's notes, [`replay`] a record played
//! through the engine, [`follow`] online play's view of a game (the public record, and a
//! server's action followed).

pub mod action;
pub mod follow;
pub mod format;
pub mod notes;
pub mod replay;
pub mod setup;

pub use action::{parse_spot, ActionError, ParseActionError, RecordAction};
pub use follow::FollowError;
pub use notes::Note;
pub use setup::{parse_options, parse_seed, parse_setup};

use crate::engine::{Game, Setup, SetupError};
use std::fmt;

/// The `format` field every record carries.
pub const FORMAT: &str = "carcassonne-record";
/// The format version this build writes. Older versions are upgraded when read.
pub const VERSION: u64 = 1;
/// Largest record text read, in bytes (a whole game of every set is about 10 KB).
pub const MAX_RECORD_BYTES: usize = 4 << 20;
/// Most actions a record may hold (a whole game has a few hundred).
pub const MAX_ACTIONS: usize = 20_000;
/// The largest integer JavaScript numbers hold exactly (2^53 − 1): larger seeds are
/// written as strings, so that no JSON reader rounds them.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A whole game as data: how it was set up and every action taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Players, sets, options and the deck.
    pub setup: Setup,
    /// Every action, in order.
    pub actions: Vec<RecordAction>,
    /// A study's notes, by the replay's position ([`notes`]); most records have none.
    pub notes: Vec<Note>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RecordError {
    /// Not JSON, or not shaped like a record.
    Malformed(String),
    /// A version this build cannot read.
    Version(String),
    /// The setup does not start a game.
    Setup(SetupError),
    /// Action number `index` (0-based) is broken or illegal.
    Action {
        /// Position in the action list, 0-based.
        index: usize,
        /// The action as written.
        action: String,
        /// Malformed, or illegal there (the engine's refusal, which `text::record_error`
        /// says in another language).
        error: ActionError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed(m) => write!(f, "not a valid game record: {m}"),
            RecordError::Version(m) => write!(f, "{m}"),
            RecordError::Setup(e) => write!(f, "the record's setup is not playable: {e}"),
            RecordError::Action { index, action, error } => {
                write!(f, "action {} ({action}) cannot be played: {error}", index + 1)
            }
        }
    }
}

impl std::error::Error for RecordError {}

fn malformed(m: impl Into<String>) -> RecordError {
    RecordError::Malformed(m.into())
}

impl Record {
    /// The record of a game so far.
    pub fn of_game(game: &Game) -> Record {
        let tiles = game.tiles();
        Record {
            setup: game.setup().clone(),
            actions: game.history().iter().map(|a| RecordAction::from_action(a, tiles)).collect(),
            notes: Vec::new(),
        }
    }
}
