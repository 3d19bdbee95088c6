//! Computer players for the page: `thinkTurn(record, level, seed)`, meant to run in a Web
//! Worker (`www/bot-worker.js`) so that the page stays responsive while it searches.

use super::to_js;
use crate::ai::{Bot, Level};
use crate::engine::TileSet;
use crate::record::{Record, RecordAction};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

/// The computer's actions for the rest of the current player's turn in the game a record
/// describes: `{actions: [record actions], why, plans, simulations, ms}`, where `why` lists
/// the plan's reasons in the cooperative game ([`crate::ai::advice::reasons`]; empty
/// elsewhere). `level` is `easy`, `medium`, `hard` or `expert`; the same record, level and seed
/// always give the same actions, and without a seed the browser's random generator picks
/// one. The search only ever sees the public part of the game (tiles left, not their
/// order).
#[wasm_bindgen(js_name = thinkTurn)]
pub fn think_turn(record: &str, level: &str, seed: JsValue) -> Result<JsValue, JsError> {
    let level: Level = level.parse().map_err(|e: String| JsError::new(&e))?;
    // No seed: the browser's cryptographic generator (a test passes one to repeat a choice).
    let seed = if seed.is_undefined() || seed.is_null() {
        super::random_u64()
    } else {
        crate::record::parse_seed(&super::from_js(&seed)?).ok_or_else(|| {
            JsError::new("thinkTurn: the seed must be a whole number ≥ 0 (a string or BigInt beyond 2^53)")
        })?
    };
    let record = Record::parse(record).map_err(|e| JsError::new(&e.to_string()))?;
    let (game, _) = record.replay(TileSet::builtin()).map_err(|e| JsError::new(&e.to_string()))?;
    let start = js_sys::Date::now();
    let mut bot = Bot::new(level, seed);
    let tiles = game.tiles().clone();
    let plan = bot.plan(&game);
    let actions: Vec<Value> = plan.iter().map(|a| RecordAction::from_action(a, &tiles).to_value()).collect();
    // Why, in facts the page words (the cooperative game's Hint; empty elsewhere).
    let why = crate::ai::advice::reasons(&game, &plan);
    let stats = bot.last_search();
    Ok(to_js(&json!({
        "actions": actions,
        "why": why,
        "plans": stats.plans,
        "simulations": stats.simulations,
        "ms": js_sys::Date::now() - start,
    })))
}
