//! How right the review is where it matters (issue 37, docs/review.md):
//!
//! - `planted N [LEVEL] [MARGIN] [SEED]`: N two-player base games of LEVEL computers
//!   (medium unless said), each with one planted bad move (a turn played with a plan the
//!   expert's judge values MARGIN points, 8 unless said, below its best; `planted_game`),
//!   reviewed with the default settings. Counts the records in which the planted turn is
//!   that player's largest loss (a turn's loss: its steps' losses added up), with its 95%
//!   interval, and the review's time per game.
//! - `accuracy N LEVEL [SEED]`: N games of LEVEL against LEVEL, reviewed; the mean average
//!   loss per decision (hard against hard should lose clearly less than easy against easy).
//!
//! `cargo run --release --example review_planted -- planted 200`

use carcassonne::ai::arena::wilson;
use carcassonne::ai::review::{planted_game, review, Settings};
use carcassonne::ai::{Bot, Level};
use carcassonne::engine::{Game, Setup, TileSet};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.get(1).map(|s| s.parse().expect("a count")).unwrap_or(20);
    match args.first().map(String::as_str) {
        Some("accuracy") => {
            let level: Level = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(Level::Hard);
            let seed: u64 = args.get(3).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            accuracy(n, level, seed)
        }
        _ => {
            let level: Level = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(Level::Medium);
            let margin: f32 = args.get(3).map(|s| s.parse().expect("a margin")).unwrap_or(8.0);
            let seed: u64 = args.get(4).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            planted(n, level, margin, seed)
        }
    }
}

fn planted(n: u64, level: Level, margin: f32, seed: u64) {
    let (mut found, mut records, mut seconds) = (0u32, 0u32, 0f64);
    for i in 0..n {
        let s = seed * 1_000_003 + i;
        let setup = Setup::base(&["Ann", "Bo"], s);
        let from = 4 + (i as usize * 7) % 56;
        let Some((game, at)) = planted_game(TileSet::builtin(), setup, level, s, from, margin) else { continue };
        let started = Instant::now();
        let r = review(&game, settings(), |_, _| true).expect("not cancelled");
        seconds += started.elapsed().as_secs_f64();
        // Each turn's loss (its steps' losses add up to it), by the turn's first action.
        let turn_of = |index: usize| r.draws.iter().rev().find(|d| d.index <= index).map_or(0, |d| d.index);
        let seat = r.draws.iter().find(|d| d.index == at).expect("the planted turn").seat;
        let mut turns: Vec<(usize, f32)> = Vec::new();
        for d in r.decisions.iter().filter(|d| d.seat == seat) {
            let t = turn_of(d.index);
            match turns.iter_mut().find(|(i, _)| *i == t) {
                Some((_, l)) => *l += d.loss,
                None => turns.push((t, d.loss)),
            }
        }
        let (worst, lost) = turns.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1)).expect("a turn");
        records += 1;
        if worst == at {
            found += 1;
        } else {
            let planted = turns.iter().find(|(i, _)| *i == at).map_or(0.0, |t| t.1);
            eprintln!("record {i}: the planted turn at {at} lost {planted:.1}; the turn at {worst} lost {lost:.1}");
        }
    }
    let rate = found as f64 / records.max(1) as f64;
    let (lo, hi) = wilson(rate, records as f64);
    println!(
        "{{\"records\": {records}, \"found\": {found}, \"rate\": {rate:.4}, \"ci95\": [{lo:.4}, {hi:.4}], \"review_seconds_per_game\": {:.2}}}",
        seconds / records.max(1) as f64
    );
}

fn accuracy(n: u64, level: Level, seed: u64) {
    let (mut loss, mut decisions) = (0f64, 0u32);
    for i in 0..n {
        let s = seed * 1_000_003 + i;
        let mut g = Game::new(TileSet::builtin(), Setup::base(&["Ann", "Bo"], s)).expect("a game");
        let mut bots = [Bot::new(level, s), Bot::new(level, s ^ 1)];
        while let Some(a) = bots[g.current_player()].choose(&g) {
            g.apply(&a).expect("a bot's action");
        }
        let r = review(&g, settings(), |_, _| true).expect("not cancelled");
        for p in &r.players {
            loss += p.points_lost as f64;
            decisions += p.decisions;
        }
    }
    println!(
        "{{\"level\": \"{level}\", \"games\": {n}, \"decisions\": {decisions}, \"average_loss\": {:.3}}}",
        loss / decisions.max(1) as f64
    );
}

/// The review's settings: the default, or `REVIEW_SIMULATIONS` determinisations a plan.
fn settings() -> Settings {
    let mut s = Settings::default();
    if let Some(n) = std::env::var("REVIEW_SIMULATIONS").ok().and_then(|v| v.parse().ok()) {
        s.simulations = n;
    }
    s
}
