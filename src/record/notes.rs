//! A study's notes (issue 37, docs/record-format.md): a record may carry notes keyed by the
//! replay's position, each with a text in one or more languages, arrows from square to
//! square, highlighted squares and a suggested move in record form. Fan sites write them
//! by hand, so everything is bounded here: counts, sizes, and squares no board reaches.

use super::{malformed, RecordAction, RecordError};
use crate::engine::Pos;
use serde_json::{json, Map, Value};

/// Most notes a record may carry (a study of a whole game notes a few dozen moves).
pub const MAX_NOTES: usize = 500;
/// Most languages one note's text is given in.
pub const MAX_LANGUAGES: usize = 8;
/// Longest text of a note in one language, in characters.
pub const MAX_TEXT_CHARS: usize = 2_000;
/// Most arrows, and most highlighted squares, on one note.
pub const MAX_MARKS: usize = 32;
/// Largest coordinate a note may name: every tile of every set in a line reaches less far.
pub const MAX_COORDINATE: i32 = 256;

/// One note of a study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The replay's position it belongs to: after this many actions (0: the start),
    /// before the action of that index in `actions`.
    pub at: usize,
    /// Its text per language (`en`, `nl`, `de-CH`, …), sorted by language.
    pub text: Vec<(String, String)>,
    /// Arrows, each from a square to a square.
    pub arrows: Vec<(Pos, Pos)>,
    /// Squares outlined.
    pub squares: Vec<Pos>,
    /// A move suggested at that position, in record form (drawn and told, never played).
    pub suggest: Option<RecordAction>,
}

/// The notes of a record's `notes` field, checked against its `actions` count: sorted by
/// position, as written among equals.
pub fn parse_notes(v: &Value, actions: usize) -> Result<Vec<Note>, RecordError> {
    let list = v.as_array().ok_or_else(|| malformed("\"notes\" must be a list"))?;
    if list.len() > MAX_NOTES {
        return Err(malformed(format!("the record holds {} notes; at most {MAX_NOTES}", list.len())));
    }
    let mut notes = list
        .iter()
        .enumerate()
        .map(|(i, n)| parse_note(n, actions).map_err(|m| malformed(format!("note {}: {m}", i + 1))))
        .collect::<Result<Vec<Note>, RecordError>>()?;
    notes.sort_by_key(|n| n.at);
    Ok(notes)
}

fn parse_note(v: &Value, actions: usize) -> Result<Note, String> {
    let obj = v.as_object().ok_or("a note is an object")?;
    for key in obj.keys() {
        if !matches!(key.as_str(), "at" | "text" | "arrows" | "squares" | "suggest") {
            return Err(format!("unknown field {key:?}"));
        }
    }
    let at = obj.get("at").and_then(Value::as_u64).ok_or("\"at\" must be a whole number")?;
    if at > actions as u64 {
        return Err(format!("\"at\" is {at}, but the record has {actions} actions"));
    }
    let text = match obj.get("text") {
        None => Vec::new(),
        Some(Value::String(s)) => vec![("en".to_string(), checked_text(s)?)],
        Some(Value::Object(m)) => parse_texts(m)?,
        Some(_) => return Err("\"text\" is a string or an object of texts by language".into()),
    };
    let arrows = marks(obj.get("arrows"), "arrows", |v| {
        let a = v.as_array().filter(|a| a.len() == 2).ok_or("an arrow is [[x, y], [x, y]]")?;
        Ok((square(&a[0])?, square(&a[1])?))
    })?;
    let squares = marks(obj.get("squares"), "squares", square)?;
    let suggest = match obj.get("suggest") {
        None | Some(Value::Null) => None,
        Some(a) => Some(RecordAction::from_value(a).map_err(|e| format!("\"suggest\": {e}"))?),
    };
    if text.is_empty() && arrows.is_empty() && squares.is_empty() && suggest.is_none() {
        return Err("a note says something: a text, arrows, squares or a suggested move".into());
    }
    Ok(Note { at: at as usize, text, arrows, squares, suggest })
}

fn parse_texts(m: &Map<String, Value>) -> Result<Vec<(String, String)>, String> {
    if m.len() > MAX_LANGUAGES {
        return Err(format!("a note's text is in at most {MAX_LANGUAGES} languages"));
    }
    m.iter()
        .map(|(lang, t)| {
            if !language_tag(lang) {
                return Err(format!("{lang:?} is not a language such as \"en\" or \"de-CH\""));
            }
            let t = t.as_str().ok_or_else(|| format!("the text in {lang:?} must be a string"))?;
            Ok((lang.clone(), checked_text(t)?))
        })
        .collect()
}

/// A language tag as the page's languages are named: two or three letters, then
/// optionally a region of two letters or three digits.
fn language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let lang = parts.next().unwrap_or("");
    let region = parts.next();
    (2..=3).contains(&lang.len())
        && lang.bytes().all(|b| b.is_ascii_alphabetic())
        && region.is_none_or(|r| {
            (r.len() == 2 && r.bytes().all(|b| b.is_ascii_alphabetic()))
                || (r.len() == 3 && r.bytes().all(|b| b.is_ascii_digit()))
        })
        && parts.next().is_none()
}

fn checked_text(t: &str) -> Result<String, String> {
    let n = t.chars().count();
    if n > MAX_TEXT_CHARS {
        return Err(format!("a text of {n} characters; at most {MAX_TEXT_CHARS}"));
    }
    Ok(t.to_string())
}

fn marks<T>(v: Option<&Value>, name: &str, each: impl Fn(&Value) -> Result<T, String>) -> Result<Vec<T>, String> {
    let Some(v) = v else { return Ok(Vec::new()) };
    let list = v.as_array().ok_or_else(|| format!("\"{name}\" must be a list"))?;
    if list.len() > MAX_MARKS {
        return Err(format!("{} {name}; at most {MAX_MARKS}", list.len()));
    }
    list.iter().map(each).collect()
}

/// `[x, y]`, each within [`MAX_COORDINATE`] of the start tile.
fn square(v: &Value) -> Result<Pos, String> {
    let a = v.as_array().filter(|a| a.len() == 2).ok_or("a square is [x, y]")?;
    let c = |v: &Value| {
        v.as_i64()
            .filter(|c| c.abs() <= MAX_COORDINATE as i64)
            .map(|c| c as i32)
            .ok_or(format!("a square's coordinates are whole numbers from -{MAX_COORDINATE} to {MAX_COORDINATE}"))
    };
    Ok(Pos::new(c(&a[0])?, c(&a[1])?))
}

impl Note {
    /// The note as a record writes it (`parse_notes` reads it back).
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("at".into(), json!(self.at));
        if !self.text.is_empty() {
            let texts: Map<String, Value> = self.text.iter().map(|(l, t)| (l.clone(), json!(t))).collect();
            m.insert("text".into(), Value::Object(texts));
        }
        if !self.arrows.is_empty() {
            let arrows: Vec<Value> = self.arrows.iter().map(|(a, b)| json!([[a.x, a.y], [b.x, b.y]])).collect();
            m.insert("arrows".into(), json!(arrows));
        }
        if !self.squares.is_empty() {
            m.insert("squares".into(), json!(self.squares.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>()));
        }
        if let Some(a) = &self.suggest {
            m.insert("suggest".into(), a.to_value());
        }
        Value::Object(m)
    }
}
