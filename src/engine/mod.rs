//! The rules engine: pure Rust, no web dependencies, deterministic from a seed.
//!
//! Vocabulary first ([`geometry`], [`tiles`], [`moves`], [`events`]), then the board and
//! its feature graph ([`board`], [`features`]), then the game ([`game`]: its state, phases
//! and legal actions; [`setup`]: seats, sets and options) and its turn pipeline ([`flow`]:
//! the steps of a turn and the hooks each set fills in, [`choice`]: the steps and moves a
//! set adds to the turn, [`sets`] naming the sets), with
//! [`scoring`], [`inspect`] (what a feature is worth now, for the page) and [`odds`] (what
//! the tiles still to come can complete).
//!
//! Each set is a module that fills in the pipeline's hooks: [`base`] (farmers, the abbot),
//! [`river`], [`ghosts`] (mist, ghosts, guards, castles, cemeteries, the 2×2 start tile),
//! [`spells`] (spell circles, Eloïse), [`towers`], [`shrines`], and [`coop`] (the
//! cooperative game, which owns its turn's steps). [`rng`] is the seeded generator every
//! random choice goes through, and [`sort`] the one sort every list is ordered by.

pub mod base;
pub mod board;
pub mod choice;
pub mod coop;
pub mod events;
pub mod features;
pub mod figures;
pub mod flow;
pub mod game;
pub mod geometry;
pub mod ghosts;
pub mod inspect;
pub mod moves;
pub mod odds;
pub mod river;
pub mod rng;
pub mod scoring;
pub mod sets;
pub mod setup;
pub mod shrines;
pub mod sort;
pub mod spells;
pub mod tiles;
pub mod towers;

pub use choice::{SetMove, SetStep};
pub use events::{Event, Scoring, Share};
pub use game::{Contacts, Figure, Game, Phase, PlayerState};
pub use geometry::{Port, Pos, Rotation, Side};
pub use ghosts::GhostCase;
pub use inspect::{Holder, Inspection, Part};
pub use moves::{Action, FigureKind, PlayError, Restriction, Spot, SpotSquare};
pub use odds::{Needs, Odds};
pub use sets::{Set, SetMask};
pub use setup::{Deck, Options, PlayerSetup, Setup, SetupError, SpellMode};
pub use tiles::{FeatureKind, TileDef, TileIdx, TileSet};
