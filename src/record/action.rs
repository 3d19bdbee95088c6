//! One action in record form: tile ids, squares and printed ports, never indices into a
//! game's lists, so a record reads the same in any build (docs/record-format.md).

use crate::engine::coop::{GhostSpot, Move as CoopMove, COLOURS};
use crate::engine::PlayError;
use crate::engine::{
    ghosts, spells, Action, FigureKind, Game, Phase, Port, Pos, Rotation, SetMove, Spot, TileIdx, TileSet,
};
use serde_json::{json, Map, Value};
use std::fmt;

/// Why an action object is not an action of this format: a field missing or of the wrong
/// type, an unknown kind, a port that is none, a tile the catalogue lacks. It is malformed,
/// where [`ActionError::Illegal`] is a well-formed action the game does not allow there
/// (as shakmaty tells `ParseUciMoveError` from `IllegalUciMoveError`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ParseActionError(String);

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseActionError {}

impl From<String> for ParseActionError {
    fn from(message: String) -> ParseActionError {
        ParseActionError(message)
    }
}

impl From<&str> for ParseActionError {
    fn from(message: &str) -> ParseActionError {
        ParseActionError(message.to_string())
    }
}

/// The message, at the boundary where it is written (a server's refusal, the page's error).
impl From<ParseActionError> for String {
    fn from(e: ParseActionError) -> String {
        e.0
    }
}

/// Why an action of a record, or one sent to a game, cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ActionError {
    /// Not an action of this format ([`ParseActionError`]).
    Malformed(ParseActionError),
    /// An action, but not a legal one there: the engine's refusal.
    Illegal(PlayError),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Malformed(e) => e.fmt(f),
            ActionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ActionError {}

impl From<ParseActionError> for ActionError {
    fn from(e: ParseActionError) -> ActionError {
        ActionError::Malformed(e)
    }
}

impl From<PlayError> for ActionError {
    fn from(e: PlayError) -> ActionError {
        ActionError::Illegal(e)
    }
}

/// One action in a record, in catalogue terms (tile ids, printed ports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordAction {
    /// Place the drawn tile.
    Tile {
        /// Catalogue id of the drawn tile.
        tile: String,
        /// Column (east positive).
        x: i32,
        /// Row (south positive).
        y: i32,
        /// Clockwise quarter turns, 0..=3.
        rotation: u8,
    },
    /// Place a figure on the tile just placed.
    Figure {
        /// Which figure.
        figure: FigureKind,
        /// A printed port of the segment, or the building's name.
        at: String,
    },
    /// Put this turn's ghost next to the figure at (x, y) standing at `at` (Ghosts set).
    Ghost {
        /// Column of the haunted figure.
        x: i32,
        /// Row of the haunted figure.
        y: i32,
        /// Its spot: a printed port of its segment, or the building.
        at: String,
    },
    /// Spell Circles mode A: a circle attracts a ghost from the figure at (x, y) at `at`.
    Attract {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The figure's spot.
        at: String,
    },
    /// Spell Circles mode A: Eloïse goes next to the figure at (x, y) at `at`.
    Cat {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The figure's spot.
        at: String,
    },
    /// Take an abbot back (Abbot module).
    RetrieveAbbot {
        /// Column of the abbot.
        x: i32,
        /// Row of the abbot.
        y: i32,
    },
    /// Place no figure (in the cooperative game also: decline an optional choice).
    Pass,
    /// A step of the cooperative game (its record form is the move itself: it names no
    /// tile, only squares, spots and colours).
    Coop(CoopMove),
}

impl RecordAction {
    /// The record form of an engine action.
    pub fn from_action(a: &Action, tiles: &TileSet) -> RecordAction {
        match *a {
            Action::PlaceTile { tile, pos, rot } => RecordAction::Tile {
                tile: tiles.get(tile).id.to_string(),
                x: pos.x,
                y: pos.y,
                rotation: rot.quarters(),
            },
            Action::PlaceFigure { figure, spot } => RecordAction::Figure { figure, at: spot.to_string() },
            Action::Set(SetMove::Ghosts(ghosts::Move { pos, spot })) => {
                RecordAction::Ghost { x: pos.x, y: pos.y, at: spot.to_string() }
            }
            Action::Set(SetMove::Spells(spells::Move::Attract { pos, spot })) => {
                RecordAction::Attract { x: pos.x, y: pos.y, at: spot.to_string() }
            }
            Action::Set(SetMove::Spells(spells::Move::Cat { pos, spot })) => {
                RecordAction::Cat { x: pos.x, y: pos.y, at: spot.to_string() }
            }
            Action::RetrieveAbbot { pos } => RecordAction::RetrieveAbbot { x: pos.x, y: pos.y },
            Action::Pass => RecordAction::Pass,
            Action::Set(SetMove::Coop(m)) => RecordAction::Coop(m),
        }
    }

    /// Whether this action is an answer to that step (of the step's kind): the engine's
    /// `SetStep::takes` says.
    pub(super) fn answers(&self, phase: Phase) -> bool {
        let Phase::Set(step) = phase else { return false };
        // No set's step takes a tile, so any tile index will do here.
        self.action_with(|_| Some(0)).is_ok_and(|a| step.takes(&a))
    }

    /// The engine action this stands for in `game`'s current state.
    pub fn to_action(&self, game: &Game) -> Result<Action, ParseActionError> {
        self.action_with(|id| game.tiles().index_of(id))
    }

    /// The engine action, with tile ids looked up by `tile_index`.
    fn action_with(&self, tile_index: impl FnOnce(&str) -> Option<TileIdx>) -> Result<Action, ParseActionError> {
        Ok(match self {
            RecordAction::Tile { tile, x, y, rotation } => Action::PlaceTile {
                tile: tile_index(tile).ok_or_else(|| format!("unknown tile {tile:?}"))?,
                pos: Pos::new(*x, *y),
                rot: Rotation::new(*rotation).ok_or("rotation must be 0, 1, 2 or 3")?,
            },
            RecordAction::Figure { figure, at } => Action::PlaceFigure { figure: *figure, spot: parse_spot(at)? },
            RecordAction::Ghost { x, y, at } => ghosts::Move { pos: Pos::new(*x, *y), spot: parse_spot(at)? }.into(),
            RecordAction::Attract { x, y, at } => {
                spells::Move::Attract { pos: Pos::new(*x, *y), spot: parse_spot(at)? }.into()
            }
            RecordAction::Cat { x, y, at } => spells::Move::Cat { pos: Pos::new(*x, *y), spot: parse_spot(at)? }.into(),
            RecordAction::RetrieveAbbot { x, y } => Action::RetrieveAbbot { pos: Pos::new(*x, *y) },
            RecordAction::Pass => Action::Pass,
            RecordAction::Coop(m) => Action::from(*m),
        })
    }

    /// Read one action object.
    pub fn from_value(v: &Value) -> Result<RecordAction, ParseActionError> {
        let obj = v.as_object().ok_or("an action must be a JSON object")?;
        let int = |k: &str| -> Result<i32, ParseActionError> {
            obj.get(k)
                .and_then(Value::as_i64)
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| format!("\"{k}\" must be a whole number").into())
        };
        let only = |keys: &[&str]| -> Result<(), ParseActionError> {
            match obj.keys().find(|k| !keys.contains(&k.as_str())) {
                Some(k) => Err(format!("unexpected field {k:?}").into()),
                None => Ok(()),
            }
        };
        if let Some(t) = obj.get("tile") {
            only(&["tile", "x", "y", "rotation"])?;
            let rotation = obj
                .get("rotation")
                .and_then(Value::as_u64)
                .filter(|r| *r < 4)
                .ok_or("\"rotation\" must be 0, 1, 2 or 3")?;
            Ok(RecordAction::Tile {
                tile: t.as_str().ok_or("\"tile\" must be a tile id")?.to_string(),
                x: int("x")?,
                y: int("y")?,
                rotation: rotation as u8,
            })
        } else if let Some(f) = obj.get("figure") {
            only(&["figure", "at"])?;
            let figure: FigureKind =
                serde_json::from_value(f.clone()).map_err(|_| "\"figure\" must be meeple, guard or abbot")?;
            let at = obj.get("at").and_then(Value::as_str).ok_or("\"at\" must name a port or the building")?;
            parse_spot(at)?;
            Ok(RecordAction::Figure { figure, at: at.to_string() })
        } else if obj.get("ghost") == Some(&Value::Bool(true)) {
            only(&["ghost", "x", "y", "at"])?;
            let at = obj
                .get("at")
                .and_then(Value::as_str)
                .ok_or("\"at\" must name the haunted figure's port or \"building\"")?;
            parse_spot(at)?;
            Ok(RecordAction::Ghost { x: int("x")?, y: int("y")?, at: at.to_string() })
        } else if let Some(key) = ["attract", "cat"].into_iter().find(|k| obj.get(*k) == Some(&Value::Bool(true))) {
            only(&[key, "x", "y", "at"])?;
            let at =
                obj.get("at").and_then(Value::as_str).ok_or("\"at\" must name the figure's port or \"building\"")?;
            parse_spot(at)?;
            let (x, y, at) = (int("x")?, int("y")?, at.to_string());
            Ok(if key == "attract" { RecordAction::Attract { x, y, at } } else { RecordAction::Cat { x, y, at } })
        } else if let Some(flag) = obj.get("retrieve_abbot") {
            only(&["retrieve_abbot", "x", "y"])?;
            if flag != &Value::Bool(true) {
                return Err(
                    format!("\"retrieve_abbot\" must be true (not {flag}): the action takes the abbot back").into()
                );
            }
            Ok(RecordAction::RetrieveAbbot { x: int("x")?, y: int("y")? })
        } else if obj.get("pass") == Some(&Value::Bool(true)) {
            only(&["pass"])?;
            Ok(RecordAction::Pass)
        } else if let Some(m) = coop_move(obj, &int, &only)? {
            Ok(RecordAction::Coop(m))
        } else {
            Err(ACTION_KINDS.into())
        }
    }

    /// The action as a JSON object.
    pub fn to_value(&self) -> Value {
        match self {
            RecordAction::Tile { tile, x, y, rotation } => json!({"tile": tile, "x": x, "y": y, "rotation": rotation}),
            RecordAction::Figure { figure, at } => json!({"figure": figure, "at": at}),
            RecordAction::Ghost { x, y, at } => json!({"ghost": true, "x": x, "y": y, "at": at}),
            RecordAction::Attract { x, y, at } => json!({"attract": true, "x": x, "y": y, "at": at}),
            RecordAction::Cat { x, y, at } => json!({"cat": true, "x": x, "y": y, "at": at}),
            RecordAction::RetrieveAbbot { x, y } => json!({"retrieve_abbot": true, "x": x, "y": y}),
            RecordAction::Pass => json!({"pass": true}),
            RecordAction::Coop(m) => coop_value(m),
        }
    }
}

/// A colour of the cooperative game by name.
fn colour(v: Option<&Value>) -> Result<u8, ParseActionError> {
    let name = v.and_then(Value::as_str).unwrap_or("");
    COLOURS
        .iter()
        .position(|c| *c == name)
        .map(|i| i as u8)
        .ok_or_else(|| format!("the colours are {}", COLOURS.join(", ")).into())
}

/// The cooperative game's actions (docs/record-format.md), if `obj` is one.
#[allow(clippy::type_complexity)]
fn coop_move(
    obj: &Map<String, Value>,
    int: &dyn Fn(&str) -> Result<i32, ParseActionError>,
    only: &dyn Fn(&[&str]) -> Result<(), ParseActionError>,
) -> Result<Option<CoopMove>, ParseActionError> {
    let pos = || -> Result<Pos, ParseActionError> { Ok(Pos::new(int("x")?, int("y")?)) };
    let at = || -> Result<Spot, ParseActionError> {
        parse_spot(obj.get("at").and_then(Value::as_str).ok_or("\"at\" must name a meeple's port or \"building\"")?)
    };
    let flag = |k: &str| obj.get(k) == Some(&Value::Bool(true));
    Ok(Some(if flag("bury") && obj.contains_key("colour") {
        only(&["bury", "colour"])?;
        CoopMove::BuryFromSupply { colour: colour(obj.get("colour"))? }
    } else if flag("bury") {
        only(&["bury", "x", "y", "at"])?;
        CoopMove::Bury { pos: pos()?, spot: at()? }
    } else if let Some(spot) = obj.get("choose") {
        only(&["choose", "x", "y"])?;
        let spot =
            spot.as_str().and_then(GhostSpot::parse).ok_or("\"choose\" names a ghost spot: mist, mist 1, cemetery")?;
        CoopMove::Ghost { pos: pos()?, spot }
    } else if obj.contains_key("meeple") {
        only(&["meeple", "at"])?;
        CoopMove::Meeple { colour: colour(obj.get("meeple"))?, spot: at()? }
    } else if flag("points") {
        only(&["points", "x", "y", "at"])?;
        CoopMove::Points { pos: pos()?, spot: at()? }
    } else if flag("remove") {
        only(&["remove", "x", "y", "at", "from_x", "from_y"])?;
        CoopMove::Remove { pos: pos()?, spot: at()?, from: Pos::new(int("from_x")?, int("from_y")?) }
    } else if flag("with") {
        only(&["with", "x", "y", "at"])?;
        CoopMove::With { pos: pos()?, spot: at()? }
    } else if flag("clear") {
        only(&["clear", "x", "y"])?;
        CoopMove::Clear { pos: pos()? }
    } else if flag("face_down") {
        only(&["face_down", "x", "y"])?;
        CoopMove::FaceDown { pos: pos()? }
    } else {
        return Ok(None);
    }))
}

/// A cooperative move as a JSON object.
fn coop_value(m: &CoopMove) -> Value {
    let name = |c: &u8| COLOURS.get(*c as usize).copied().unwrap_or("?");
    match m {
        CoopMove::Bury { pos, spot } => json!({"bury": true, "x": pos.x, "y": pos.y, "at": spot.to_string()}),
        CoopMove::BuryFromSupply { colour } => json!({"bury": true, "colour": name(colour)}),
        CoopMove::Ghost { pos, spot } => json!({"choose": spot.name(), "x": pos.x, "y": pos.y}),
        CoopMove::Meeple { colour, spot } => json!({"meeple": name(colour), "at": spot.to_string()}),
        CoopMove::Points { pos, spot } => json!({"points": true, "x": pos.x, "y": pos.y, "at": spot.to_string()}),
        CoopMove::Remove { pos, spot, from } => {
            json!({"remove": true, "x": pos.x, "y": pos.y, "at": spot.to_string(), "from_x": from.x, "from_y": from.y})
        }
        CoopMove::With { pos, spot } => json!({"with": true, "x": pos.x, "y": pos.y, "at": spot.to_string()}),
        CoopMove::Clear { pos } => json!({"clear": true, "x": pos.x, "y": pos.y}),
        CoopMove::FaceDown { pos } => json!({"face_down": true, "x": pos.x, "y": pos.y}),
    }
}

/// Every kind of action, for the message about an object that is none of them.
const ACTION_KINDS: &str = "an action is a tile placement {\"tile\",\"x\",\"y\",\"rotation\"}, a ghost {\"ghost\":true,\"x\",\"y\",\"at\"}, a circle's attraction {\"attract\":true,\"x\",\"y\",\"at\"}, Eloïse {\"cat\":true,\"x\",\"y\",\"at\"}, a figure {\"figure\",\"at\"}, an abbot taken back {\"retrieve_abbot\":true,\"x\",\"y\"}, a pass {\"pass\":true}, or in the cooperative game a meeple {\"meeple\":colour,\"at\"}, points {\"points\":true,\"x\",\"y\",\"at\"}, a removal {\"remove\":true,\"x\",\"y\",\"at\",\"from_x\",\"from_y\"}, a ghost spot {\"choose\",\"x\",\"y\"}, a burial {\"bury\":true,…}, Eloïse or a hound {\"with\":true,\"x\",\"y\",\"at\"}, a hound's removal {\"clear\":true,\"x\",\"y\"} or a face-down tile {\"face_down\":true,\"x\",\"y\"}";

/// A spot by a printed port name or `building` (or the building's own name).
pub fn parse_spot(s: &str) -> Result<Spot, ParseActionError> {
    if let Some(p) = Port::from_name(s) {
        return Ok(Spot::Port(p));
    }
    match s {
        "building" | "monastery" | "shrine" | "castle" | "cemetery" | "garden" => Ok(Spot::Building),
        _ => Err(format!("{s:?} is neither a port (Nw N Ne En E Es Se S Sw Ws W Wn) nor \"building\"").into()),
    }
}
