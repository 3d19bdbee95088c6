//! Carcassonne with the Ghosts, Castles & Cemeteries, Spell Circles, Watchtowers and
//! Heretics & Shrines expansions.
//!
//! - [`engine`]: the rules, pure and deterministic.
//! - [`record`]: the versioned saved-game format that replays a game exactly.
//! - [`summary`]: a JSON picture of the public state.
//! - [`selfplay`]: random legal games and perft counts.

#![warn(missing_docs)]

pub mod engine;
pub mod record;
pub mod selfplay;
pub mod summary;
