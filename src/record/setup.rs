//! A record's setup object: players, sets, options (the engine's flat names or RULES.md's
//! grouped ones) and the deck (a seed, a draw order, or the cooperative game's piles).

use super::{malformed, RecordError};
use crate::engine::{Deck, Options, PlayerSetup, Set, Setup, SetupError};
use serde_json::{json, Map, Value};

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
                        "player {:?}: computer level must be easy, medium, hard or expert, not {level:?}",
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
    let all = Options {
        tiny_city: true,
        first_player: 1,
        coop: crate::engine::coop::CoopOptions::level(1),
        ..Options::default()
    };
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
