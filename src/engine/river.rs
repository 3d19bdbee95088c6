//! The River (BASE-RIVER, in the 3rd-edition base box) as a rule set. The spring is the
//! start tile; the other river tiles are drawn first, shuffled, with the lake last; each
//! must continue the river from its open end without an immediate U-turn. The base start
//! tile is shuffled into the land tiles. Figures never stand on the river and river
//! segments bound fields: both follow from the tile data (a river is its own segment
//! kind, which no figure may occupy). Not with the mist sets (BASE-RIVER-2, DEC-15).

use super::board::SquareIdx;
use super::events::Event;
use super::flow::{PlacementRule, RuleId, RuleSet, Start};
use super::game::{Contacts, Game};
use super::geometry::{Pos, Rotation, Side};
use super::moves::{PlayError, Restriction};
use super::rng::Rng;
use super::sets::Set;
use super::setup::SetupError;
use super::tiles::{Terrain, TileDef, TileIdx, TileSet};

/// The catalogue id of the spring, the river's start tile.
pub const SPRING: &str = "river.spring";

/// The set's hooks.
pub(crate) const RULES: RuleSet = RuleSet {
    id: RuleId::River,
    // BASE-RIVER-2, DEC-15.
    excludes: (
        &[Set::Ghosts, Set::SpellCircles],
        "both replace the start tile and no official rule combines them (DEC-15)",
    ),
    start: Some(start),
    deal: Some(deal),
    draw: Some(draw_order),
    init: Some(init),
    placement: Some(PlacementRule { applies: is_river_tile, check: must_extend, any_rotation: false }),
    after_tile: Some(follow),
    ..RuleSet::NONE
};

/// Which way the river turns on a square, seen in the direction it flows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bend {
    /// A left turn.
    Left,
    /// A right turn.
    Right,
}

/// The river's open end: its last square, the side it leaves that square by, and how it
/// turned there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverEnd {
    /// The last river square.
    pub pos: Pos,
    /// The board side the river leaves it by.
    pub out: Side,
    /// How the river turned on that square (none: straight on, or the spring).
    pub bend: Option<Bend>,
}

/// Where the river can be continued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RiverState {
    /// The open end; none before the spring or after the lake.
    pub end: Option<RiverEnd>,
}

/// BASE-RIVER-1: the spring is the start tile; the base start tile is shuffled in.
fn start(tiles: &TileSet) -> Result<Start, SetupError> {
    let spring = tiles.index_of(SPRING).ok_or(SetupError::NoStartTile)?;
    Ok(Start { squares: vec![(spring, Pos::new(0, 0))], out_of_deck: vec![spring] })
}

/// The board sides a tile's river leaves by, turned `rot`.
fn river_sides(def: &TileDef, rot: Rotation) -> impl Iterator<Item = Side> + '_ {
    Side::ALL.into_iter().filter(move |s| def.terrain(rot, *s) == Terrain::River)
}

/// Whether a tile is a river end (one river edge: the spring or a lake).
fn is_end(def: &TileDef) -> bool {
    river_sides(def, Rotation::ALL[0]).count() == 1
}

/// BASE-RIVER-1: the river tiles, shuffled, with the lake last, come before the land tiles.
fn deal(tiles: &TileSet, rng: &mut Rng, pile: Vec<TileIdx>, deck: &mut Vec<TileIdx>) {
    let (ends, mut river): (Vec<TileIdx>, Vec<TileIdx>) = pile.into_iter().partition(|t| is_end(tiles.get(*t)));
    rng.shuffle(&mut river);
    river.extend(ends);
    deck.splice(0..0, river);
}

/// An explicit draw follows the same order: river tiles before land tiles, the lake last.
fn draw_order(tiles: &TileSet, deck: &[TileIdx]) -> Result<(), SetupError> {
    let is_river = |t: &TileIdx| river_sides(tiles.get(*t), Rotation::ALL[0]).next().is_some();
    if let Some(land) = deck.iter().position(|t| !is_river(t)) {
        if let Some(late) = deck[land..].iter().find(|t| is_river(t)) {
            return Err(SetupError::DrawOrder(format!(
                "river tile {} comes after land tile {}: the river is drawn first (BASE-RIVER-1)",
                tiles.get(*late).id,
                tiles.get(deck[land]).id
            )));
        }
    }
    let river: Vec<&TileIdx> = deck.iter().filter(|t| is_river(t)).collect();
    if let Some(i) = river.iter().position(|t| is_end(tiles.get(**t))) {
        if i + 1 < river.len() {
            return Err(SetupError::DrawOrder(format!(
                "the lake {} comes before other river tiles: it is drawn last (BASE-RIVER-1)",
                tiles.get(*river[i]).id
            )));
        }
    }
    Ok(())
}

/// The river starts at the spring, at (0, 0) unturned.
fn init(game: &mut Game) {
    let spring = game.tiles.index_of(SPRING).expect("checked by the start hook");
    let out = river_sides(game.tiles.get(spring), Rotation::ALL[0]).next();
    game.river.end = out.map(|out| RiverEnd { pos: Pos::new(0, 0), out, bend: None });
}

/// How the river turns on a tile it enters across `entry` and leaves by `exit`.
fn bend(entry: Side, exit: Side) -> Option<Bend> {
    let heading = entry.opposite();
    if exit == heading {
        None
    } else if exit == Side::from_index(heading as usize + 1) {
        Some(Bend::Right)
    } else {
        Some(Bend::Left)
    }
}

/// Where a river tile placed at `pos` turned `rot` would take the river: the end it
/// continues, the side it leaves by (none for a lake) and its bend. None if it does not
/// continue the river's open end.
fn continuation(game: &Game, def: &TileDef, pos: Pos, rot: Rotation) -> Option<(RiverEnd, Option<Side>, Option<Bend>)> {
    let end = game.river.end?;
    if end.pos.step(end.out) != pos {
        return None;
    }
    let entry = end.out.opposite();
    let exit = river_sides(def, rot).find(|s| *s != entry);
    Some((end, exit, exit.and_then(|x| bend(entry, x))))
}

/// Only a river tile must extend the river.
fn is_river_tile(def: &TileDef) -> bool {
    def.edges.contains(&Terrain::River)
}

/// BASE-RIVER-1: a river tile must continue the river from its open end (edge matching
/// then joins river to river), and may not bend the same way as the tile before it.
fn must_extend(game: &Game, tile: TileIdx, pos: Pos, rot: Rotation) -> Result<(), PlayError> {
    let def = game.tiles.get(tile);
    if river_sides(def, rot).next().is_none() {
        return Ok(());
    }
    let (end, _, turn) = continuation(game, def, pos, rot).ok_or(PlayError::Forbidden(Restriction::RiverMustExtend))?;
    if turn.is_some() && turn == end.bend {
        return Err(PlayError::Forbidden(Restriction::RiverUTurn));
    }
    Ok(())
}

/// After a river tile, the river's open end moves on (and closes at the lake).
fn follow(game: &mut Game, square: SquareIdx, _contacts: Contacts, _events: &mut Vec<Event>) {
    let placed = game.board.square(square);
    let (pos, rot) = (placed.pos, placed.rot);
    let def = game.tiles.get(placed.tile);
    if let Some((_, exit, turn)) = continuation(game, def, pos, rot) {
        game.river.end = exit.map(|out| RiverEnd { pos, out, bend: turn });
    }
}

impl Game {
    /// The River's open end, if the river can still be continued.
    pub fn river_end(&self) -> Option<RiverEnd> {
        self.river.end
    }
}
