//! How fast each fuzz target runs, natively, on inputs shaped like a fuzzer's: executions
//! per second for `actions` (a seed and 3 bytes a step, up to `--steps` steps) and
//! `tile_file` (the Watchtowers file with a few bytes changed). For finding where a slow
//! target's time goes: `cargo run --release --example fuzz_rate -- [cases] [steps]`.

use carcassonne::engine::rng::Rng;
use carcassonne::fuzzing;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let cases: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let mut rng = Rng::new(1);
    let inputs: Vec<Vec<u8>> = (0..cases)
        .map(|_| {
            let n = 8 + 3 * (1 + rng.below(steps));
            (0..n).map(|_| rng.below(256) as u8).collect()
        })
        .collect();
    let t = Instant::now();
    for i in &inputs {
        fuzzing::actions(i);
    }
    let s = t.elapsed().as_secs_f64();
    println!("actions: {cases} inputs (up to {steps} steps) in {s:.2} s: {:.0}/s", cases as f64 / s);

    let file = include_str!("../tiles/watchtowers.toml");
    let t = Instant::now();
    for k in 0..cases {
        let mut bytes = file.as_bytes().to_vec();
        let at = rng.below(bytes.len());
        bytes[at] = b"0123456789 =\"[]"[k % 15];
        fuzzing::tile_file(&bytes);
    }
    let s = t.elapsed().as_secs_f64();
    println!("tile_file: {cases} inputs in {s:.2} s: {:.0}/s", cases as f64 / s);
}
