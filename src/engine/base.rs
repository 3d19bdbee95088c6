//! The base game as a rule set: its start tile and the players' supplies (BASE-SETUP).
//! Everything else of the base game is the core itself (placement, features, majority
//! scoring, farmers, the Abbot module), which every other set builds on.

use super::flow::{RuleId, RuleSet, Start};
use super::game::{Game, MEEPLES};
use super::geometry::Pos;
use super::moves::FigureKind;
use super::sets::Set;
use super::setup::SetupError;
use super::tiles::TileSet;

/// The base game's hooks.
pub(crate) const RULES: RuleSet = RuleSet { id: RuleId::Base, init: Some(init), ..RuleSet::NONE };

/// BASE-SETUP-2: 7 meeples each, and the abbot with the Abbot module (BASE-ABBOT-1).
fn init(game: &mut Game) {
    let abbot = game.setup.options.abbot as u8;
    for p in &mut game.players {
        p.supply[FigureKind::Meeple as usize] = MEEPLES;
        p.supply[FigureKind::Abbot as usize] = abbot;
    }
}

/// BASE-SETUP-1: one copy of the base start tile (`start_tile` in the catalogue) lies at
/// (0, 0), and leaves the deck.
pub(crate) fn start(tiles: &TileSet) -> Result<Start, SetupError> {
    let tile = base_start_tile(tiles)?;
    Ok(Start { squares: vec![(tile, Pos::new(0, 0))], out_of_deck: vec![tile] })
}

/// The base game's start tile.
pub(crate) fn base_start_tile(tiles: &TileSet) -> Result<super::tiles::TileIdx, SetupError> {
    tiles.set_tiles(Set::Base.name()).find(|(_, t)| t.start_tile).map(|(i, _)| i).ok_or(SetupError::NoStartTile)
}
