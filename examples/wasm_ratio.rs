//! WebAssembly against native speed on the same positions: the browser test ("against
//! computer players", tests/e2e/game.test.mjs) times `thinkTurn` on a few positions in the
//! page's module (built for size) and in the computers' worker (its module built for
//! speed) and writes them, with their times, to `test-artifacts/ai-positions.json`; this plays
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
        "{:<10} {:>9} {:>9} {:>9} {:>7} {:>7} {:>10} {:>10}",
        "level", "page ms", "worker ms", "native ms", "page", "worker", "sims wasm", "sims native"
    );
    let (mut log_page, mut log_worker, mut n) = (0.0, 0.0, 0);
    for p in &positions {
        let label = p["level"].as_str().expect("level");
        let level: Level = label.trim_start_matches("coop-").parse().expect("a level");
        let record = p["record"].as_str().expect("record");
        let page_ms = p["ms"].as_f64().expect("ms");
        let worker_ms = p["worker_ms"].as_f64().expect("worker_ms");
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
        let (page, worker) = (page_ms / native, worker_ms / native);
        log_page += page.ln();
        log_worker += worker.ln();
        n += 1;
        println!(
            "{label:<10} {page_ms:>9.1} {worker_ms:>9.1} {native:>9.1} {page:>6.2}x {worker:>6.2}x {:>10} {sims:>10}",
            p["simulations"].as_u64().unwrap_or(0)
        );
    }
    if n > 0 {
        let mean = |log_sum: f64| (log_sum / n as f64).exp();
        println!(
            "geometric mean: the page's WebAssembly takes {:.2}x the native time, the computers' worker {:.2}x",
            mean(log_page),
            mean(log_worker)
        );
    }
}
