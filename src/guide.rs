//! Guided games: a short scripted game that teaches a rule by playing it. A guide is a
//! record (a fixed `draw`, every action written as the engine writes it) plus narration
//! keyed by action index, in one or more languages, and the state each narrated step must
//! show (`expect`: a part of the public summary, `crate::summary::summary`). Specified in
//! `docs/guides.md`; the built-in guides are `data/guides/*.json`, compiled in.
//!
//! Reading a guide checks all of it: the record replays, every action is legal and in its
//! canonical form (so the page compares the player's move with the script by equality),
//! and every `expect` holds at its step. A guide that loads is a guide that plays.

use crate::engine::{Game, TileSet};
use crate::record::{ActionError, Record, RecordAction, RecordError};
use crate::summary::summary;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// The `format` field every guide carries.
pub const FORMAT: &str = "carcassonne-guide";
/// The guide format version this build reads and writes.
pub const VERSION: u64 = 1;
/// Largest guide text read, in bytes (the built-in ones are under 16 KB).
pub const MAX_GUIDE_BYTES: usize = 256 * 1024;
/// Most actions a guide's record holds (a guided game is short).
pub const MAX_GUIDE_ACTIONS: usize = 400;
/// Most narrated steps.
pub const MAX_STEPS: usize = 400;
/// Longest narration, hint or title, in characters.
pub const MAX_TEXT: usize = 1_000;
/// Most languages per text.
pub const MAX_LANGUAGES: usize = 12;
/// Most squares a step may mark.
pub const MAX_SHOWN: usize = 64;

// The built-in guides as (id, JSON text), in the order the page lists them (build.rs's
// `GUIDES`): compiled in everywhere but in the page's module, which reads a guide's file
// only when it is played (`page`).
#[cfg(builtin_guides)]
include!(concat!(env!("OUT_DIR"), "/guides.rs"));

/// Each built-in guide's `id`, `topic`, `title` (per language) and `sets`, in the order the
/// page lists them: a JSON array (`Game.guides()`), in every build.
pub const INDEX: &str = include_str!(concat!(env!("OUT_DIR"), "/guide-index.json"));

/// One text in several languages: language code → text. English (`en`) is always there;
/// a language without its own text falls back to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Texts(pub BTreeMap<String, String>);

impl Texts {
    /// The text in `lang`, else English.
    pub fn get(&self, lang: &str) -> &str {
        self.0.get(lang).or_else(|| self.0.get("en")).map_or("", String::as_str)
    }
}

/// A narrated step: what is said before action `at` is played (`at` = the number of
/// actions: after the last one).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Before which action (0-based); the record's length for the closing words.
    pub at: usize,
    /// The narration.
    pub say: Texts,
    /// What a player who tries another move is told (else a hint made from the move).
    pub hint: Option<Texts>,
    /// Squares to mark while this step is shown (the learner's target is marked anyway).
    pub show: Vec<(i32, i32)>,
    /// A part of the public summary that must hold at this step.
    pub expect: Option<Value>,
}

/// A guided game, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Guide {
    /// A short name: lowercase letters, digits and `-`.
    pub id: String,
    /// The help topic it teaches (`base`, `ghosts`, `spellcircles`, `watchtowers`,
    /// `shrines`, `coop`, or anything a fan site likes).
    pub topic: String,
    /// Its title.
    pub title: Texts,
    /// The learner's seat; every other seat's moves play themselves.
    pub you: usize,
    /// Players' names per language (`{"en": ["You", "Bo"], "nl": ["Jij", "Bo"]}`),
    /// replacing the record's names on a page in that language.
    pub names: BTreeMap<String, Vec<String>>,
    /// The scripted game.
    pub record: Record,
    /// The narration, by action index.
    pub steps: Vec<Step>,
    /// Who acts at each action (the seat on turn before it).
    pub actors: Vec<usize>,
}

/// Why a guide could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuideError {
    /// Not JSON, or not shaped like a guide.
    Malformed(String),
    /// Its record cannot be read or replayed.
    Record(RecordError),
    /// A narrated step's `expect` does not hold.
    Expect {
        /// The step's `at`.
        at: usize,
        /// What differs.
        message: String,
    },
}

impl fmt::Display for GuideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuideError::Malformed(m) => write!(f, "not a valid guide: {m}"),
            GuideError::Record(e) => write!(f, "the guide's game: {e}"),
            GuideError::Expect { at, message } => {
                write!(f, "the step before action {} does not show what it says: {message}", at + 1)
            }
        }
    }
}

impl std::error::Error for GuideError {}

fn malformed(m: impl Into<String>) -> GuideError {
    GuideError::Malformed(m.into())
}

impl Guide {
    /// Read and check a guide from JSON text.
    pub fn parse(text: &str) -> Result<Guide, GuideError> {
        if text.len() > MAX_GUIDE_BYTES {
            return Err(malformed(format!(
                "the text is {} bytes; a guide is at most {} KB",
                text.len(),
                MAX_GUIDE_BYTES >> 10
            )));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| malformed(format!("not JSON ({e})")))?;
        Guide::from_value(&value)
    }

    /// A built-in guide by its id.
    #[cfg(builtin_guides)]
    pub fn builtin(id: &str) -> Option<Guide> {
        BUILTIN
            .iter()
            .find(|(name, _)| *name == id)
            .map(|(_, text)| Guide::parse(text).expect("built-in guides are tested"))
    }

    /// Read and check a guide from a parsed JSON value.
    pub fn from_value(value: &Value) -> Result<Guide, GuideError> {
        let obj = value.as_object().ok_or_else(|| malformed("expected a JSON object"))?;
        for key in obj.keys() {
            if !matches!(
                key.as_str(),
                "format" | "version" | "id" | "topic" | "title" | "you" | "names" | "record" | "steps" | "meta"
            ) {
                return Err(malformed(format!("unknown field {key:?}")));
            }
        }
        if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(malformed(format!("the field \"format\" must be \"{FORMAT}\"")));
        }
        match obj.get("version").and_then(Value::as_u64) {
            Some(VERSION) => {}
            Some(v) if v > VERSION => {
                return Err(malformed(format!("this guide has version {v}; this game reads version {VERSION}")))
            }
            _ => return Err(malformed(format!("the field \"version\" must be {VERSION}"))),
        }
        let id = name_field(obj, "id")?;
        let topic = name_field(obj, "topic")?;
        let title = texts(obj.get("title").ok_or_else(|| malformed("missing \"title\""))?, "title")?;
        let record = Record::from_value(obj.get("record").cloned().ok_or_else(|| malformed("missing \"record\""))?)
            .map_err(GuideError::Record)?;
        if record.actions.len() > MAX_GUIDE_ACTIONS {
            return Err(malformed(format!("a guide's game has at most {MAX_GUIDE_ACTIONS} actions")));
        }
        let seats = record.setup.players.len();
        let you = obj
            .get("you")
            .and_then(Value::as_u64)
            .filter(|&y| (y as usize) < seats)
            .ok_or_else(|| malformed(format!("\"you\" must be the learner's seat, 0 to {}", seats - 1)))?
            as usize;
        let names = match obj.get("names") {
            None => BTreeMap::new(),
            Some(Value::Object(m)) if m.len() <= MAX_LANGUAGES => m
                .iter()
                .map(|(lang, list)| {
                    let list: Vec<String> = list
                        .as_array()
                        .filter(|l| l.len() == seats)
                        .and_then(|l| {
                            l.iter().map(|n| n.as_str().filter(|n| short(n, 24)).map(str::to_string)).collect()
                        })
                        .ok_or_else(|| {
                            malformed(format!("\"names\".{lang} must list {seats} names of 1 to 24 characters"))
                        })?;
                    language(lang)?;
                    Ok((lang.clone(), list))
                })
                .collect::<Result<_, GuideError>>()?,
            Some(_) => return Err(malformed("\"names\" must map a language to the seats' names")),
        };
        let list = obj.get("steps").and_then(Value::as_array).ok_or_else(|| malformed("\"steps\" must be a list"))?;
        if list.is_empty() || list.len() > MAX_STEPS {
            return Err(malformed(format!("a guide has 1 to {MAX_STEPS} steps")));
        }
        let mut steps = Vec::with_capacity(list.len());
        for (i, s) in list.iter().enumerate() {
            let step = parse_step(s, record.actions.len()).map_err(|m| malformed(format!("step {}: {m}", i + 1)))?;
            if steps.last().is_some_and(|p: &Step| p.at >= step.at) {
                return Err(malformed(format!("step {}: steps come in order of \"at\", one per action", i + 1)));
            }
            steps.push(step);
        }
        let mut guide = Guide { id, topic, title, you, names, record, steps, actors: Vec::new() };
        guide.actors = guide.play(|_, _| Ok(()))?;
        Ok(guide)
    }

    /// Play the guide's game from the start, calling `at(step, game)` at every narrated
    /// step; checks each action (legal, canonical) and each `expect`. Returns who acted at
    /// each action.
    pub fn play(&self, mut at: impl FnMut(&Step, &Game) -> Result<(), GuideError>) -> Result<Vec<usize>, GuideError> {
        let tiles: Arc<TileSet> = TileSet::builtin();
        let mut game = Game::new(tiles.clone(), self.record.setup.clone())
            .map_err(|e| GuideError::Record(RecordError::Setup(e)))?;
        let mut steps = self.steps.iter().peekable();
        let mut actors = Vec::with_capacity(self.record.actions.len());
        for i in 0..=self.record.actions.len() {
            while let Some(step) = steps.next_if(|s| s.at == i) {
                if let Some(e) = &step.expect {
                    matches(e, &summary(&game), "").map_err(|message| GuideError::Expect { at: i, message })?;
                }
                at(step, &game)?;
            }
            let Some(ra) = self.record.actions.get(i) else { break };
            // A guide's own demands (every step written, in the engine's form) read as the
            // action's error, as a malformed one: the message is for the guide's author.
            let fail = |message: String| {
                GuideError::Record(RecordError::Action {
                    index: i,
                    action: ra.to_value().to_string(),
                    error: ActionError::Malformed(message.into()),
                })
            };
            let action = ra.to_action(&game).map_err(|e| fail(e.into()))?;
            game.check(&action)
                .map_err(|e| fail(format!("{e} (a guide writes every step, also one with a single answer)")))?;
            let written = RecordAction::from_action(&game.canonical(&action), &tiles);
            if written != *ra {
                return Err(fail(format!("a guide writes each action as the engine does: {}", written.to_value())));
            }
            actors.push(game.current_player());
            game.apply(&action).map_err(|e| fail(e.to_string()))?;
        }
        Ok(actors)
    }

    /// The guide as JSON, for the page: every field as read, plus `actors` (who acts at
    /// each action) and `sets` (the record's).
    pub fn to_value(&self) -> Value {
        let texts = |t: &Texts| json!(t.0);
        json!({
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "topic": self.topic,
            "title": texts(&self.title),
            "you": self.you,
            "names": self.names,
            "record": self.record.to_value(),
            "sets": self.record.setup.sets.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "actors": self.actors,
            "steps": self.steps.iter().map(|s| {
                let mut o = Map::new();
                o.insert("at".into(), json!(s.at));
                o.insert("say".into(), texts(&s.say));
                if let Some(h) = &s.hint { o.insert("hint".into(), texts(h)); }
                if !s.show.is_empty() { o.insert("show".into(), json!(s.show)); }
                if let Some(e) = &s.expect { o.insert("expect".into(), e.clone()); }
                Value::Object(o)
            }).collect::<Vec<_>>(),
        })
    }
}

fn short(s: &str, most: usize) -> bool {
    let n = s.chars().count();
    n >= 1 && n <= most && !s.chars().any(char::is_control)
}

fn name_field(obj: &Map<String, Value>, key: &str) -> Result<String, GuideError> {
    obj.get(key)
        .and_then(Value::as_str)
        .filter(|s| {
            (1..=40).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
        .map(str::to_string)
        .ok_or_else(|| malformed(format!("\"{key}\" must be 1 to 40 lowercase letters, digits or -")))
}

fn language(code: &str) -> Result<(), GuideError> {
    let ok = (2..=8).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(malformed(format!("{code:?} is not a language code such as \"en\" or \"nl\"")))
    }
}

fn texts(v: &Value, what: &str) -> Result<Texts, GuideError> {
    let obj = v.as_object().ok_or_else(|| malformed(format!("{what} must map a language to a text")))?;
    if obj.len() > MAX_LANGUAGES {
        return Err(malformed(format!("{what} has more than {MAX_LANGUAGES} languages")));
    }
    let mut out = BTreeMap::new();
    for (lang, text) in obj {
        language(lang)?;
        let text = text
            .as_str()
            .filter(|t| t.chars().count() <= MAX_TEXT && !t.trim().is_empty())
            .ok_or_else(|| malformed(format!("{what}.{lang} must be a text of 1 to {MAX_TEXT} characters")))?;
        out.insert(lang.clone(), text.to_string());
    }
    if !out.contains_key("en") {
        return Err(malformed(format!("{what} needs an English text (\"en\")")));
    }
    Ok(Texts(out))
}

fn parse_step(v: &Value, actions: usize) -> Result<Step, String> {
    let obj = v.as_object().ok_or("a step is an object")?;
    for key in obj.keys() {
        if !matches!(key.as_str(), "at" | "say" | "hint" | "show" | "expect") {
            return Err(format!("unknown field {key:?}"));
        }
    }
    let at = obj
        .get("at")
        .and_then(Value::as_u64)
        .filter(|&a| a as usize <= actions)
        .ok_or(format!("\"at\" must be an action index, 0 to {actions}"))? as usize;
    let err = |e: GuideError| e.to_string();
    let say = texts(obj.get("say").ok_or("missing \"say\"")?, "say").map_err(err)?;
    let hint = obj.get("hint").map(|h| texts(h, "hint")).transpose().map_err(err)?;
    let show = match obj.get("show") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .filter(|l| l.len() <= MAX_SHOWN)
            .and_then(|l| l.iter().map(square).collect::<Option<Vec<_>>>())
            .ok_or(format!("\"show\" is a list of at most {MAX_SHOWN} [x, y] squares"))?,
    };
    let expect = match obj.get("expect") {
        None => None,
        Some(e @ Value::Object(_)) => Some(e.clone()),
        Some(_) => return Err("\"expect\" is an object: a part of the summary `carc replay` prints".into()),
    };
    Ok(Step { at, say, hint, show, expect })
}

/// `[x, y]`, each a whole number a board can hold.
fn square(v: &Value) -> Option<(i32, i32)> {
    let xy = v.as_array().filter(|a| a.len() == 2)?;
    let n = |v: &Value| v.as_i64().and_then(|n| i32::try_from(n).ok());
    Some((n(&xy[0])?, n(&xy[1])?))
}

/// Whether `want` is a part of `have`: an object's keys each match, an array matches
/// element by element with the same length, anything else is equal (numbers by value).
pub fn matches(want: &Value, have: &Value, path: &str) -> Result<(), String> {
    let here = || if path.is_empty() { "the summary".to_string() } else { path.to_string() };
    match (want, have) {
        (Value::Object(w), Value::Object(h)) => {
            for (k, wv) in w {
                let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                let hv = h.get(k).ok_or_else(|| format!("{p} is not in the summary"))?;
                matches(wv, hv, &p)?;
            }
            Ok(())
        }
        (Value::Array(w), Value::Array(h)) if w.len() == h.len() => {
            w.iter().zip(h).enumerate().try_for_each(|(i, (wv, hv))| matches(wv, hv, &format!("{}[{i}]", here())))
        }
        (Value::Number(w), Value::Number(h)) if w.as_f64() == h.as_f64() => Ok(()),
        (w, h) if w == h => Ok(()),
        (w, h) => Err(format!("{} is {h}, the guide says {w}", here())),
    }
}
