//! The document: a record read from JSON text (its version upgraded, its size and action
//! count bounded) and written back (docs/record-format.md).

use super::notes::parse_notes;
use super::setup::parse_setup;
use super::{
    malformed, Record, RecordAction, RecordError, FORMAT, MAX_ACTIONS, MAX_RECORD_BYTES, MAX_SAFE_INTEGER, VERSION,
};
use crate::engine::Deck;
use serde_json::{json, Map, Value};

impl Record {
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
            if !matches!(key.as_str(), "format" | "version" | "setup" | "actions" | "notes" | "meta") {
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
                RecordAction::from_value(a).map_err(|e| RecordError::Action {
                    index,
                    action: a.to_string(),
                    error: e.into(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let notes = match obj.get("notes") {
            None => Vec::new(),
            Some(n) => parse_notes(n, actions.len())?,
        };
        Ok(Record { setup, actions, notes })
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
        let mut v = json!({
            "format": FORMAT,
            "version": VERSION,
            "setup": self.setup_value(),
            "actions": self.actions.iter().map(RecordAction::to_value).collect::<Vec<_>>(),
        });
        if !self.notes.is_empty() {
            v["notes"] = self.notes_value();
        }
        v
    }

    /// The notes as the record's `notes` list.
    pub fn notes_value(&self) -> Value {
        Value::Array(self.notes.iter().map(|n| n.to_value()).collect())
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
        out += if self.actions.is_empty() { "]" } else { "\n  ]" };
        if !self.notes.is_empty() {
            out += ",\n  \"notes\": [";
            for (i, n) in self.notes.iter().enumerate() {
                out += if i == 0 { "\n    " } else { ",\n    " };
                out += &n.to_value().to_string();
            }
            out += "\n  ]";
        }
        out += "\n}\n";
        out
    }
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
