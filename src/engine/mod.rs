//! The rules engine: pure Rust, no web dependencies, deterministic from a seed.
//!
//! Vocabulary first ([`geometry`], [`tiles`], [`moves`], [`events`]), then the board and
//! its feature graph ([`board`], [`features`]), then the game flow ([`game`]) and its
//! scoring ([`scoring`]).

pub mod board;
pub mod events;
pub mod features;
pub mod game;
pub mod geometry;
pub mod ghosts;
pub mod moves;
pub mod rng;
pub mod scoring;
pub mod setup;
pub mod shrines;
pub mod spells;
pub mod tiles;
pub mod towers;

pub use events::{Event, Scoring, Share};
pub use game::{Figure, Game, Phase, PlayerState};
pub use geometry::{Port, Pos, Rotation, Side};
pub use ghosts::GhostCase;
pub use moves::{Action, FigureKind, PlayError, Spot};
pub use setup::{Deck, Options, PlayerSetup, Setup, SetupError, SpellMode};
pub use tiles::{FeatureKind, TileDef, TileIdx, TileSet};
