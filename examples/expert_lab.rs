//! Tuning the expert: a budget written on the command line against a level, in
//! seat-swapped pairs on two threads, with each side's time per decision.
//!
//! `cargo run --release --example expert_lab -- SETS PAIRS CAND SIMS ROUNDS JUDGE [AGAINST] [SEED] [ROLLOUT]`
//! - JUDGE: `standing`, `outlook` (the expert's weights) or `outlook:SHARE,PER_SQUARE,FILL,FIGURE,FARM[,JOIN[,RESERVE]]`;
//! - AGAINST: a level (hard by default), or `judge:JUDGE` for a bot that plays the best
//!   plan by that judge with no search (with CAND 1 and ROUNDS 0 on A's side too, this
//!   compares two evaluations over thousands of fast games);
//! - ROLLOUT: random or greedy.

use carcassonne::ai::arena::arena_of;
use carcassonne::ai::outlook::{Weights, WEIGHTS};
use carcassonne::ai::search::{Budget, Judge, Rollout};
use carcassonne::ai::{Bot, Level};
use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Setup, TileSet};
use std::time::Instant;

fn judge(text: &str) -> Judge {
    match text.split_once(':') {
        None if text == "standing" => Judge::Standing,
        None => Judge::Outlook(WEIGHTS),
        Some((_, w)) => {
            let v: Vec<f32> = w.split(',').map(|x| x.parse().expect("a weight")).collect();
            Judge::Outlook(Weights {
                share: v[0],
                per_square: v[1],
                fill: v[2],
                figure: v[3],
                farm: v[4],
                join: v.get(5).copied().unwrap_or(0.0),
                reserve: v.get(6).copied().unwrap_or(0.0),
            })
        }
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| a.get(i).cloned().unwrap_or_else(|| d.to_string());
    let sets: Vec<_> = arg(0, "base").split(',').map(|s| s.parse().expect("a set")).collect();
    let pairs: u32 = arg(1, "50").parse().unwrap();
    let budget = Budget {
        candidates: arg(2, "24").parse().unwrap(),
        simulations: arg(3, "12000").parse().unwrap(),
        rounds: arg(4, "2").parse().unwrap(),
        rollout: if arg(8, "random") == "greedy" { Rollout::Greedy } else { Rollout::Random },
        judge: judge(&arg(5, "outlook")),
    };
    let against = arg(6, "hard");
    let seed: u64 = arg(7, "1").parse().unwrap();
    let setup = Setup {
        players: (0..2).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets,
        options: Options::default(),
        deck: Deck::Seed(0),
    };
    Game::new(TileSet::builtin(), setup.clone()).expect("setup");
    let b: Box<dyn Fn(u64) -> Bot + Sync> = match against.strip_prefix("judge:") {
        Some(j) => {
            let greedy = Budget { candidates: 1, simulations: 1, rounds: 0, rollout: Rollout::Random, judge: judge(j) };
            Box::new(move |s| Bot::with_budget(greedy, s))
        }
        None => {
            let level: Level = against.parse().unwrap();
            Box::new(move |s| Bot::new(level, s))
        }
    };
    let start = Instant::now();
    let r =
        arena_of(&TileSet::builtin(), &setup, &|s| Bot::with_budget(budget, s), &*b, pairs, seed, 2, &|_| {}).unwrap();
    println!(
        "{budget:?} vs {against}: {:.3} [{:.3}, {:.3}] diff {:+.1} | ms/decision {:.1} vs {:.1} (slowest {:.0} ms) | {:.0} s",
        r.rate(),
        r.ci95.0,
        r.ci95.1,
        r.mean_diff,
        r.mean_ms(0),
        r.mean_ms(1),
        r.slowest[0].as_secs_f64() * 1000.0,
        start.elapsed().as_secs_f64()
    );
}
