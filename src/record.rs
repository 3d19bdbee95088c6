//! The saved-game format: versioned JSON holding the setup (players, sets, options and a
//! seed or an explicit draw order) and every action, which replays a game exactly.
//! Specified in `docs/record-format.md`.

use crate::engine::coop::{GhostSpot, Move as CoopMove, COLOURS};
use crate::engine::{
    ghosts, spells, Action, Deck, Event, FigureKind, Game, Options, Phase, PlayError, PlayerSetup, Port, Pos, Rotation,
    Set, SetMove, SetStep, Setup, SetupError, Spot, SpotSquare, TileIdx, TileSet,
};
use serde_json::{json, Map, Value};
use std::fmt;
use std::sync::Arc;

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

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        /// What is wrong with it.
        message: String,
        /// The engine's refusal, when the action was read but is not legal there (for
        /// the message in another language: `text::record_error`).
        refused: Option<PlayError>,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed(m) => write!(f, "not a valid game record: {m}"),
            RecordError::Version(m) => write!(f, "{m}"),
            RecordError::Setup(e) => write!(f, "the record's setup is not playable: {e}"),
            RecordError::Action { index, action, message, .. } => {
                write!(f, "action {} ({action}) cannot be played: {message}", index + 1)
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
        }
    }

    /// The record as every player at the table may know it: an explicit draw of the tiles
    /// drawn so far, then the tiles nobody has seen (those still to come and those laid face
    /// down) in catalogue order, which says which tiles remain but nothing of their order.
    /// Replayed, it gives the same position as the game (the next tiles stand in for the
    /// unseen ones until `Game::reveal` names them). Online play sends this, never the seed.
    pub fn public_of(game: &Game) -> Record {
        let tiles = game.tiles();
        let deck = game.draw_order();
        let drawn = game.drawn();
        let hidden_at = game.unseen_draws();
        let mut unseen: Vec<TileIdx> = deck[drawn..].to_vec();
        unseen.extend(hidden_at.iter().map(|&p| deck[p]));
        // River tiles are drawn first and the lake last: kept so, as every player knows.
        let class = |t: &TileIdx| {
            let river: u32 = tiles
                .get(*t)
                .segments
                .iter()
                .filter(|s| s.kind == crate::engine::FeatureKind::River)
                .map(|s| s.edge_count() as u32)
                .sum();
            match river {
                0 => 2,
                1 => 1,
                _ => 0,
            }
        };
        unseen.sort_by_key(|t| (class(t), *t));
        let mut stand_ins = unseen.iter().copied();
        let mut order: Vec<TileIdx> = (0..drawn)
            .map(|p| if hidden_at.contains(&p) { stand_ins.next().expect("one per face-down tile") } else { deck[p] })
            .collect();
        order.extend(stand_ins);
        let mut setup = game.setup().clone();
        setup.deck = Deck::Draw(order.iter().map(|t| tiles.get(*t).id.to_string()).collect());
        setup.options.unlimited_copies = true;
        Record { setup, actions: game.history().iter().map(|a| RecordAction::from_action(a, tiles)).collect() }
    }

    /// Online play: follow a server's `action` message (`{"n", "action", "reveal"}`,
    /// docs/online.md) in a player's copy of the game: the tiles it drew go next, then the
    /// action. Refused, changing nothing, when the copy is not at action `n`.
    pub fn follow(game: &mut Game, message: &Value) -> Result<(), String> {
        *game = Record::followed(game, message)?.0;
        Ok(())
    }

    /// What following `message` does to `game` (see [`Record::follow`]): the tiles to put
    /// next and the action, checked on a copy, so that the caller may apply them knowing they
    /// will be taken (the wasm API's `follow` applies them through its session).
    pub fn to_follow(game: &Game, message: &Value) -> Result<(Vec<Option<TileIdx>>, Action), String> {
        let (_, reveal, action) = Record::followed(game, message)?;
        Ok((reveal, action))
    }

    /// The game after `message`, with the tiles it revealed and the action it applied.
    fn followed(game: &Game, message: &Value) -> Result<(Game, Vec<Option<TileIdx>>, Action), String> {
        let n = message["n"].as_u64().ok_or("an action message has \"n\"")? as usize;
        if n != game.history().len() {
            return Err(format!("out of step: the copy is at action {}, the message at {n}", game.history().len()));
        }
        let reveal = message["reveal"]
            .as_array()
            .ok_or("an action message has \"reveal\"")?
            .iter()
            .map(|t| match t.as_str() {
                None => Ok(None),
                Some(id) => game.tiles().index_of(id).map(Some).ok_or_else(|| format!("unknown tile {id:?}")),
            })
            .collect::<Result<Vec<Option<TileIdx>>, String>>()?;
        let action = RecordAction::from_value(&message["action"])?.to_action(game)?;
        let mut next = game.clone();
        next.reveal(&reveal);
        next.apply(&action).map_err(|e| e.to_string())?;
        Ok((next, reveal, action))
    }

    /// Read a record from JSON text, upgrading an older format version.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(malformed(format!(
                "the text is {} bytes; a record is at most {} MB",
                text.len(),
                MAX_RECORD_BYTES >> 20
            )));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| malformed(format!("not JSON ({e})")))?;
        Record::from_value(value)
    }

    /// Read a record from a parsed JSON value.
    pub fn from_value(value: Value) -> Result<Record, RecordError> {
        let obj = value.as_object().ok_or_else(|| malformed("expected a JSON object"))?;
        if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(malformed(format!("the field \"format\" must be \"{FORMAT}\"")));
        }
        let version = obj
            .get("version")
            .and_then(Value::as_u64)
            .ok_or_else(|| malformed("the field \"version\" must be a whole number"))?;
        let obj = upgrade(version, obj.clone())?;
        for key in obj.keys() {
            if !matches!(key.as_str(), "format" | "version" | "setup" | "actions" | "meta") {
                return Err(malformed(format!("unknown field {key:?}")));
            }
        }
        let setup = parse_setup(obj.get("setup").ok_or_else(|| malformed("missing \"setup\""))?)?;
        let actions =
            obj.get("actions").and_then(Value::as_array).ok_or_else(|| malformed("\"actions\" must be a list"))?;
        if actions.len() > MAX_ACTIONS {
            return Err(malformed(format!(
                "the record holds {} actions; a record holds at most {MAX_ACTIONS}",
                actions.len()
            )));
        }
        let actions = actions
            .iter()
            .enumerate()
            .map(|(index, a)| {
                RecordAction::from_value(a).map_err(|message| RecordError::Action {
                    index,
                    action: a.to_string(),
                    message,
                    refused: None,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Record { setup, actions })
    }

    /// The setup as the JSON object a record holds (`parse_setup` reads it back).
    pub fn setup_value(&self) -> Value {
        let s = &self.setup;
        let mut setup = Map::new();
        setup.insert("players".into(), serde_json::to_value(&s.players).expect("plain data"));
        setup.insert("sets".into(), json!(s.sets));
        setup.insert("options".into(), serde_json::to_value(&s.options).expect("plain data"));
        match &s.deck {
            // Beyond 2^53 as a string: JavaScript would round the number.
            Deck::Seed(seed) if *seed > MAX_SAFE_INTEGER => setup.insert("seed".into(), json!(seed.to_string())),
            Deck::Seed(seed) => setup.insert("seed".into(), json!(seed)),
            Deck::Draw(ids) => match s.options.coop.as_ref().and_then(|c| c.piles.as_ref()) {
                // A record's own piles go back as it wrote them.
                Some(sizes) => {
                    let mut rest = ids.as_slice();
                    let piles: Vec<&[String]> = sizes
                        .iter()
                        .map(|&k| {
                            let (pile, tail) = rest.split_at((k as usize).min(rest.len()));
                            rest = tail;
                            pile
                        })
                        .collect();
                    setup.insert("piles".into(), json!(piles))
                }
                None => setup.insert("draw".into(), json!(ids)),
            },
        };
        Value::Object(setup)
    }

    /// The record as a JSON value.
    pub fn to_value(&self) -> Value {
        json!({
            "format": FORMAT,
            "version": VERSION,
            "setup": self.setup_value(),
            "actions": self.actions.iter().map(RecordAction::to_value).collect::<Vec<_>>(),
        })
    }

    /// The record as pretty JSON text, one action per line.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n");
        out += &format!("  \"format\": {},\n  \"version\": {},\n", json!(FORMAT), VERSION);
        out += &format!("  \"setup\": {},\n  \"actions\": [", self.setup_value());
        for (i, a) in self.actions.iter().enumerate() {
            out += if i == 0 { "\n    " } else { ",\n    " };
            out += &a.to_value().to_string();
        }
        out += if self.actions.is_empty() { "]\n}\n" } else { "\n  ]\n}\n" };
        out
    }

    /// Replay the record from the start; returns the game and every event.
    pub fn replay(&self, tiles: Arc<TileSet>) -> Result<(Game, Vec<Event>), RecordError> {
        self.replay_each(tiles, |_, _| {})
    }

    /// Replay the record, calling `each(game, action)` before every action is applied
    /// (forced choices the record leaves out included; see the format document): a choice
    /// step with a single possible answer may be omitted, and an `attract` the engine made
    /// by itself (a forced attraction) may be written or left out.
    pub fn replay_each(
        &self,
        tiles: Arc<TileSet>,
        mut each: impl FnMut(&Game, &Action),
    ) -> Result<(Game, Vec<Event>), RecordError> {
        let mut game = Game::new(tiles, self.setup.clone()).map_err(RecordError::Setup)?;
        let mut events = game.opening_events().to_vec();
        let mut forced_attractions: Vec<(i32, i32)> = Vec::new();
        // Co-op choices the engine made itself during the last action (one answer each).
        let mut forced_coop: Vec<Action> = Vec::new();
        // Squares the record placed at another rotation that looks the same as the one the
        // engine keeps: (square, quarter turns between them), to read later spots on them.
        let mut turned: Vec<(Pos, u8)> = Vec::new();
        let mut legal = Vec::new();
        for (index, ra) in self.actions.iter().enumerate() {
            let fail = |message: String| RecordError::Action {
                index,
                action: ra.to_value().to_string(),
                message,
                refused: None,
            };
            let refuse = |e: PlayError| RecordError::Action {
                index,
                action: ra.to_value().to_string(),
                message: e.to_string(),
                refused: Some(e),
            };
            if let RecordAction::Attract { x, y, .. } = *ra {
                let waiting = matches!(game.phase(), Phase::Set(SetStep::Spells(spells::Step::Circle { .. })));
                if let Some(i) = forced_attractions.iter().position(|p| *p == (x, y)).filter(|_| !waiting) {
                    forced_attractions.remove(i);
                    continue;
                }
            }
            if let RecordAction::Coop(m) = *ra {
                // A written choice the engine already made (it had one answer): the record
                // may write it. Only when it is refused now, so a waiting step takes it first.
                let action = turn_spots(m.into(), &game, &turned);
                if let Some(i) = forced_coop.iter().position(|f| *f == game.canonical(&action)) {
                    if game.check(&action).is_err() {
                        forced_coop.remove(i);
                        continue;
                    }
                }
            }
            loop {
                let action = turn_spots(ra.to_action(&game).map_err(fail)?, &game, &turned);
                let refused = game.check(&action).err();
                // A choice step the record skips: take its only answer, then try again.
                game.legal_actions_into(&mut legal);
                let skipped =
                    refused.is_some() && legal.len() == 1 && is_choice(game.phase()) && !ra.answers(game.phase());
                let action = match (refused, skipped) {
                    (None, _) => action,
                    (Some(_), true) => legal[0],
                    (Some(e), false) => return Err(refuse(e)),
                };
                each(&game, &action);
                let from = events.len();
                let made = if matches!(action, Action::PlaceTile { .. }) { 0 } else { game.coop_forced().len() };
                game.apply_into(&action, &mut events).map_err(refuse)?;
                if let Action::PlaceTile { pos, rot, .. } = action {
                    let kept = game.board().at(pos).map_or(rot, |p| p.rot);
                    if kept != rot {
                        turned.push((pos, (rot.quarters() + 4 - kept.quarters()) % 4));
                    }
                }
                forced_coop =
                    game.coop_forced().get(made..).unwrap_or_default().iter().map(|m| Action::from(*m)).collect();
                forced_attractions = events[from..]
                    .iter()
                    .filter_map(|e| match e {
                        Event::CircleFilled { from: Some(_), x, y } => Some((*x, *y)),
                        _ => None,
                    })
                    .collect();
                if !skipped {
                    break;
                }
            }
        }
        Ok((game, events))
    }
}

/// An action's spot read on a square the record placed at another (equivalent) rotation
/// than the engine keeps: the printed port the record names, turned onto the kept tile.
fn turn_spots(action: Action, game: &Game, turned: &[(Pos, u8)]) -> Action {
    let Some((on, spot)) = action.spot() else { return action };
    let pos = match on {
        SpotSquare::At(pos) => Some(pos),
        SpotSquare::Placed => match game.figure_square() {
            Some(square) => Some(game.board().square(square).pos),
            None => game.board().squares().last().map(|s| s.pos),
        },
    };
    match pos.and_then(|pos| turned.iter().find(|(p, _)| *p == pos)) {
        Some(&(_, q)) => action.with_spot(spot.rotate(Rotation::new(q).expect("a quarter turn below 4"))),
        None => action,
    }
}

/// Whether the step is a choice that follows a tile (ghost, circle, cat).
fn is_choice(phase: Phase) -> bool {
    matches!(phase, Phase::Set(_))
}

/// Bring an older version's object up to the current shape. Version 1 is the first
/// published format; a later version adds its upgrade step here.
fn upgrade(version: u64, obj: Map<String, Value>) -> Result<Map<String, Value>, RecordError> {
    match version {
        VERSION => Ok(obj),
        v if v > VERSION => Err(RecordError::Version(format!(
            "this record has format version {v}, written by a newer version of the game; this version reads up to version {VERSION}"
        ))),
        v => Err(RecordError::Version(format!("format version {v} never existed; the first version is 1"))),
    }
}

/// Read a setup object (`players`, `sets`, `options`, and `seed`, `draw` or the
/// cooperative game's `piles`), as in a record.
pub fn parse_setup(v: &Value) -> Result<Setup, RecordError> {
    let obj = v.as_object().ok_or_else(|| malformed("\"setup\" must be an object"))?;
    for key in obj.keys() {
        if !matches!(key.as_str(), "players" | "sets" | "options" | "seed" | "draw" | "piles") {
            return Err(malformed(format!("unknown setup field {key:?}")));
        }
    }
    let players: Vec<PlayerSetup> = match obj.get("players") {
        Some(Value::Array(list)) => list
            .iter()
            .map(|p| match p {
                Value::String(name) => Ok(PlayerSetup::named(name)),
                other => {
                    serde_json::from_value(other.clone()).map_err(|e| malformed(format!("bad player {other}: {e}")))
                }
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(malformed("\"setup.players\" must be a list")),
    };
    for p in &players {
        if let Some(level) = &p.computer {
            match level.parse::<crate::ai::Level>() {
                Ok(crate::ai::Level::Random) | Err(_) => {
                    return Err(malformed(format!(
                        "player {:?}: computer level must be easy, medium or hard, not {level:?}",
                        p.name
                    )))
                }
                Ok(_) => {}
            }
        }
    }
    let names: Vec<String> = serde_json::from_value(obj.get("sets").cloned().unwrap_or_else(|| json!(["base"])))
        .map_err(|e| malformed(format!("\"setup.sets\" must be a list of set names: {e}")))?;
    let sets = names
        .iter()
        .map(|n| Set::from_name(n).ok_or_else(|| RecordError::Setup(SetupError::UnknownSet(n.clone()))))
        .collect::<Result<Vec<Set>, _>>()?;
    let mut options = parse_options(obj.get("options"))?;
    let given: Vec<&str> = ["seed", "draw", "piles"].into_iter().filter(|k| obj.contains_key(*k)).collect();
    if let [a, b, ..] = given[..] {
        return Err(malformed(format!("give either \"{a}\" or \"{b}\", not both")));
    }
    let deck = if let Some(s) = obj.get("seed") {
        Deck::Seed(parse_seed(s).ok_or_else(|| malformed("\"seed\" must be a whole number ≥ 0"))?)
    } else if let Some(d) = obj.get("draw") {
        Deck::Draw(serde_json::from_value(d.clone()).map_err(|_| malformed("\"draw\" must be a list of tile ids"))?)
    } else if let Some(p) = obj.get("piles") {
        // The cooperative game's piles, the first (drawn first) first, each top first.
        let piles: Vec<Vec<String>> = serde_json::from_value(p.clone())
            .map_err(|_| malformed("\"piles\" must be a list of piles, each a list of tile ids"))?;
        let coop = options.coop.as_mut().ok_or_else(|| malformed("\"piles\" are for the cooperative game"))?;
        coop.piles = Some(piles.iter().map(|p| p.len() as u32).collect());
        Deck::Draw(piles.into_iter().flatten().collect())
    } else {
        return Err(malformed("the setup needs a \"seed\", a \"draw\" order or \"piles\""));
    };
    Ok(Setup { players, sets, options, deck })
}

/// RULES.md names some options as `group.name` (`spellCircles.mode`); a record may write
/// them so, as a nested object, or as the engine's flat names (`spell_mode`).
const OPTION_ALIASES: [(&str, &str, &str); 2] =
    [("spellCircles", "mode", "spell_mode"), ("spellCircles", "eloise", "eloise")];

/// Read `setup.options`: the engine's flat names, or RULES.md's grouped ones.
pub fn parse_options(v: Option<&Value>) -> Result<Options, RecordError> {
    let mut flat = match v {
        None => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(other) => return Err(malformed(format!("\"setup.options\" must be an object, not {other}"))),
    };
    for (group, name, engine) in OPTION_ALIASES {
        let dotted = format!("{group}.{name}");
        let nested = flat.get_mut(group).and_then(Value::as_object_mut).and_then(|g| g.remove(name));
        for value in [flat.remove(&dotted), nested].into_iter().flatten() {
            if flat.get(engine).is_some_and(|v| *v != value) {
                return Err(malformed(format!("the options {dotted} and {engine} disagree")));
            }
            flat.insert(engine.to_string(), value);
        }
        if flat.get(group).and_then(Value::as_object).is_some_and(|g| g.is_empty()) {
            flat.remove(group);
        }
    }
    // Each option is checked by name, so that an error names the option it is about.
    let all = Options { tiny_city: true, coop: crate::engine::coop::CoopOptions::level(1), ..Options::default() };
    let known = serde_json::to_value(all).expect("plain data");
    let known = known.as_object().expect("an object");
    for (key, value) in &flat {
        let Some(default) = known.get(key) else {
            let names: Vec<&str> = known.keys().map(String::as_str).collect();
            return Err(malformed(format!("unknown option {key:?}; the options are {}", names.join(", "))));
        };
        let shown: String = value.to_string().chars().take(40).collect();
        match default {
            Value::Bool(_) if !value.is_boolean() => {
                return Err(malformed(format!("the option {key:?} must be true or false, not {shown}")))
            }
            Value::String(_) if key == "spell_mode" && !matches!(value.as_str(), Some("A" | "B")) => {
                return Err(malformed(format!("the option {key:?} must be \"A\" or \"B\", not {shown}")))
            }
            _ => {}
        }
    }
    serde_json::from_value(Value::Object(flat)).map_err(|e| malformed(format!("bad \"setup.options\": {e}")))
}

/// A seed as a JSON number or a string of digits (for seeds beyond 2^53 in JavaScript).
pub fn parse_seed(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
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

    /// Whether this action is an answer to that step (of the step's kind).
    fn answers(&self, phase: Phase) -> bool {
        match (self, phase) {
            (RecordAction::Ghost { .. }, Phase::Set(SetStep::Ghosts(_)))
            | (RecordAction::Attract { .. }, Phase::Set(SetStep::Spells(spells::Step::Circle { .. })))
            | (RecordAction::Cat { .. }, Phase::Set(SetStep::Spells(spells::Step::Cat { .. }))) => true,
            // A co-op step is answered only by its own kind of move (a bury by a bury).
            (RecordAction::Coop(m), Phase::Set(SetStep::Coop(step))) => step.takes(&Action::from(*m)),
            (RecordAction::Pass, Phase::Set(SetStep::Coop(step))) => step.takes(&Action::Pass),
            _ => false,
        }
    }

    /// The engine action this stands for in `game`'s current state.
    pub fn to_action(&self, game: &Game) -> Result<Action, String> {
        Ok(match self {
            RecordAction::Tile { tile, x, y, rotation } => Action::PlaceTile {
                tile: game.tiles().index_of(tile).ok_or_else(|| format!("unknown tile {tile:?}"))?,
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
    pub fn from_value(v: &Value) -> Result<RecordAction, String> {
        let obj = v.as_object().ok_or("an action must be a JSON object")?;
        let int = |k: &str| -> Result<i32, String> {
            obj.get(k)
                .and_then(Value::as_i64)
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| format!("\"{k}\" must be a whole number"))
        };
        let only = |keys: &[&str]| -> Result<(), String> {
            match obj.keys().find(|k| !keys.contains(&k.as_str())) {
                Some(k) => Err(format!("unexpected field {k:?}")),
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
                return Err(format!("\"retrieve_abbot\" must be true (not {flag}): the action takes the abbot back"));
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
fn colour(v: Option<&Value>) -> Result<u8, String> {
    let name = v.and_then(Value::as_str).unwrap_or("");
    COLOURS
        .iter()
        .position(|c| *c == name)
        .map(|i| i as u8)
        .ok_or_else(|| format!("the colours are {}", COLOURS.join(", ")))
}

/// The cooperative game's actions (docs/record-format.md), if `obj` is one.
#[allow(clippy::type_complexity)]
fn coop_move(
    obj: &Map<String, Value>,
    int: &dyn Fn(&str) -> Result<i32, String>,
    only: &dyn Fn(&[&str]) -> Result<(), String>,
) -> Result<Option<CoopMove>, String> {
    let pos = || -> Result<Pos, String> { Ok(Pos::new(int("x")?, int("y")?)) };
    let at = || -> Result<Spot, String> {
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
pub fn parse_spot(s: &str) -> Result<Spot, String> {
    if let Some(p) = Port::from_name(s) {
        return Ok(Spot::Port(p));
    }
    match s {
        "building" | "monastery" | "shrine" | "castle" | "cemetery" | "garden" => Ok(Spot::Building),
        _ => Err(format!("{s:?} is neither a port (Nw N Ne En E Es Se S Sw Ws W Wn) nor \"building\"")),
    }
}
