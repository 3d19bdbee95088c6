//! Carcassonne with the Ghosts, Castles & Cemeteries, Spell Circles, Watchtowers and
//! Heretics & Shrines expansions.
//!
//! - [`engine`]: the rules, pure and deterministic.
//! - [`ai`]: computer players (greedy and Monte Carlo search on public information).
//! - [`record`]: the versioned saved-game format that replays a game exactly.
//! - [`summary`]: a JSON picture of the public state.
//! - [`selfplay`]: random legal games and perft counts.
//! - [`share`]: share codes, a record packed small enough for a link.
//! - [`fuzzing`]: what the fuzz targets check, shared with the test suite's mutation runs.
//! - [`guide`]: guided first games (a record with the words for each step).
//! - [`art`] and [`text`]: tile geometry, and the page's sentences in English and Dutch
//!   (the log, hover cards, tiles and places in words, refusals) (plain Rust).
//! - [`ui`]: the board's camera, what a point on it means, the animations a move sets
//!   off and the marks' palette (plain Rust).
//! - `web` (WebAssembly only): the JavaScript API, the canvas board and its input.
//! - `server` (with the `server` feature): online play, `carc serve`.

#![warn(missing_docs)]

pub mod ai;
pub mod art;
pub mod engine;
pub mod fuzzing;
pub mod guide;
pub mod record;
pub mod selfplay;
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod server;
pub mod share;
pub mod summary;
pub mod text;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
