//! The rules engine: pure Rust, no web dependencies, deterministic from a seed.
//!
//! Vocabulary first ([`geometry`], [`tiles`], [`moves`], [`events`]), then the board and
//! its feature graph ([`board`], [`features`]), then the game flow ([`game`]) and its
//! scoring ([`scoring`]).

pub mod base;
pub mod board;
pub mod coop;
pub mod events;
pub mod features;
pub mod flow;
pub mod game;
pub mod geometry;
pub mod ghosts;
pub mod inspect;
pub mod moves;
pub mod river;
pub mod rng;
pub mod scoring;
pub mod sets;
pub mod setup;
pub mod shrines;
pub mod spells;
pub mod tiles;
pub mod towers;

pub use events::{Event, Scoring, Share};
pub use game::{Contacts, Figure, Game, Phase, PlayerState};
pub use geometry::{Port, Pos, Rotation, Side};
pub use ghosts::GhostCase;
pub use inspect::{Holder, Inspection, Part};
pub use moves::{Action, FigureKind, PlayError, Restriction, Spot};
pub use sets::{Set, SetMask};
pub use setup::{Deck, Options, PlayerSetup, Setup, SetupError, SpellMode};
pub use tiles::{FeatureKind, TileDef, TileIdx, TileSet};
