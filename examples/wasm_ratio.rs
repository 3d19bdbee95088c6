//! WebAssembly against native speed on the same positions: the browser test ("against
//! computer players", tests/e2e/game.test.mjs) times `thinkTurn` on a few positions in the
//! page and writes them, with their times, to `test-artifacts/ai-positions.json`; this plays
//! the same positions natively (the record replayed, the bot's plan and its reasons, as
//! `thinkTurn` does; the median of 5 runs) and prints each ratio and their geometric mean.
//! Both sides plan the same turn: the simulation counts are printed side by side.
//!
//! `bash .ci/run` (or the browser tests alone), then
//! `taskset -c 1 cargo run --release --example wasm_ratio [-- FILE]`.

use carcassonne::ai::{advice, Bot, Level};
use carcassonne::engine::TileSet;
use carcassonne::record::Record;
use serde_json::Value;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "test-artifacts/ai-positions.json".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} (run the browser tests first)"));
    let positions: Vec<Value> = serde_json::from_str(&text).expect("a list of positions");
    println!(
        "{:<10} {:>10} {:>10} {:>7} {:>12} {:>12}",
        "level", "wasm ms", "native ms", "ratio", "sims wasm", "sims native"
    );
    let (mut log_sum, mut n) = (0.0, 0);
    for p in &positions {
        let label = p["level"].as_str().expect("level");
        let level: Level = label.trim_start_matches("coop-").parse().expect("a level");
        let record = p["record"].as_str().expect("record");
        let wasm_ms = p["ms"].as_f64().expect("ms");
        let mut times = Vec::new();
        let mut sims = 0;
        for _ in 0..5 {
            let t = Instant::now();
            let (game, _) =
                Record::parse(record).and_then(|r| r.replay(TileSet::builtin())).expect("the position replays");
            let mut bot = Bot::new(level, 1);
            let plan = bot.plan(&game);
            std::hint::black_box(advice::reasons(&game, &plan));
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            sims = bot.last_search().simulations;
        }
        times.sort_by(f64::total_cmp);
        let native = times[times.len() / 2];
        let ratio = wasm_ms / native;
        log_sum += ratio.ln();
        n += 1;
        println!(
            "{label:<10} {wasm_ms:>10.1} {native:>10.1} {ratio:>6.2}x {:>12} {sims:>12}",
            p["simulations"].as_u64().unwrap_or(0)
        );
    }
    if n > 0 {
        println!("geometric mean: WebAssembly takes {:.2}x the native time", (log_sum / n as f64).exp());
    }
}
