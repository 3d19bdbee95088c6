//! Computer players for the page: `thinkTurn(record, level, seed)` and a game's review,
//! `reviewGame(record, settings, progress)`, meant to run in a Web Worker
//! (`www/bot-worker.js`) so that the page stays responsive while they search.

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

/// The review of the game a record describes (docs/review.md), as `carc review` prints it
/// (without its time): `settings` is `{judge, simulations, candidates, seed}`, each
/// optional (the defaults: the expert's judge, 120, 8, 1). `progress(done, total)` is called
/// after each turn, in actions. The same record and settings always give the same review.
/// It runs to the end: to cancel it, a page ends the worker. Not in the page's module (built
/// for size, it sends reviews to the worker); the whole module has it, for a page that can
/// start no worker.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game(record: &str, settings: JsValue, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    use crate::ai::review::{review, Settings};
    let asked = if settings.is_undefined() || settings.is_null() { Value::Null } else { super::from_js(&settings)? };
    let mut s = Settings::default();
    if let Some(level) = asked.get("judge").and_then(Value::as_str) {
        s.level = level.parse().map_err(|e: String| JsError::new(&e))?;
    }
    // Bounded: a page may ask for more, never for a review that does not end.
    let count = |key: &str, max: u64| asked.get(key).and_then(Value::as_u64).map(|n| n.clamp(1, max));
    s.simulations = count("simulations", 2000).map_or(s.simulations, |n| n as u32);
    s.candidates = count("candidates", 64).map_or(s.candidates, |n| n as usize);
    s.seed = asked.get("seed").and_then(Value::as_u64).unwrap_or(s.seed);
    let record = Record::parse(record).map_err(|e| JsError::new(&e.to_string()))?;
    let (game, _) = record.replay(TileSet::builtin()).map_err(|e| JsError::new(&e.to_string()))?;
    let this = JsValue::NULL;
    let r = review(&game, s, |done, total| {
        let _ = progress.call2(&this, &JsValue::from(done as u32), &JsValue::from(total as u32));
        true
    })
    .expect("never cancelled here");
    Ok(to_js(&crate::summary::review_json(&game, &r, &s)))
}
