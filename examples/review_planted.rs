//! How right the review is where it matters (issue 37, docs/review.md):
//!
//! - `planted N [LEVEL] [KIND] [SEED]`: N two-player base games of LEVEL computers
//!   (medium unless said), each with one planted bad move (`ai::planted`), reviewed with
//!   the default settings. KIND is a number (a plan the expert's judge values that many
//!   points below its best; 8 unless said), one of the named kinds (`farmer-for-knight`,
//!   `kills-own-city`, `unused-monk`), or `named` (the first of the three, in that order,
//!   that a turn allows: the rarest first). Counts the records
//!   in which the planted turn is that player's largest loss (a turn's loss: its steps'
//!   losses added up), with its 95% interval, per kind, and the review's time per game.
//! - `accuracy N LEVEL [SEED]`: N games of LEVEL against LEVEL, reviewed; the mean average
//!   loss per decision (hard against hard should lose clearly less than easy against easy).
//! - `calibrate N LEVEL [SEED]`: N games of LEVEL against LEVEL, reviewed; the expected
//!   margin the review gives at each turn's start against the seat's final margin, by the
//!   game's phase (quarters of the tiles placed): mean error (expected less final), mean
//!   absolute error, and for scale the absolute error of the score margin at the turn's
//!   start (what the score board alone says).
//! - `coop-data N LEVEL BOTS [SEED]`: N two-player cooperative games of LEVEL (1 to 6)
//!   played by BOTS teams; a line per turn with what `eval::team_chance` is fitted on.
//! - `coop-review N LEVEL [SEED]`: N cooperative games of hard teams, reviewed: the time,
//!   the mean loss, and how well the team's chance at each turn foretold the end.
//!
//! `cargo run --release --example review_planted -- planted 200`

use carcassonne::ai::arena::wilson;
use carcassonne::ai::planted::{planted_game, Kind};
use carcassonne::ai::review::{review, Settings};
use carcassonne::ai::{Bot, Level};
use carcassonne::engine::{Game, Setup, TileSet};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.get(1).map(|s| s.parse().expect("a count")).unwrap_or(20);
    match args.first().map(String::as_str) {
        Some("calibrate") => {
            let level: Level = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(Level::Hard);
            let seed: u64 = args.get(3).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            calibrate(n, level, seed)
        }
        Some("coop-data") => {
            let coop_level: u8 = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(5);
            let bots: Level = args.get(3).map(|s| s.parse().expect("a level")).unwrap_or(Level::Hard);
            let seed: u64 = args.get(4).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            coop_data(n, coop_level, bots, seed)
        }
        Some("coop-review") => {
            let coop_level: u8 = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(3);
            let seed: u64 = args.get(3).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            coop_review(n, coop_level, seed)
        }
        Some("accuracy") => {
            let level: Level = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(Level::Hard);
            let seed: u64 = args.get(3).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            accuracy(n, level, seed)
        }
        _ => {
            let level: Level = args.get(2).map(|s| s.parse().expect("a level")).unwrap_or(Level::Medium);
            let kinds = match args.get(3).map(String::as_str) {
                None => vec![Kind::Judged { margin: 8.0 }],
                Some("named") => Kind::NAMED.to_vec(),
                Some(k) => match Kind::NAMED.into_iter().find(|n| n.name() == k) {
                    Some(named) => vec![named],
                    None => vec![Kind::Judged { margin: k.parse().expect("a kind or a margin") }],
                },
            };
            let seed: u64 = args.get(4).map(|s| s.parse().expect("a seed")).unwrap_or(1);
            planted(n, level, &kinds, seed)
        }
    }
}

fn planted(n: u64, level: Level, kinds: &[Kind], seed: u64) {
    // Per kind: records, found.
    let mut per_kind = vec![(0u32, 0u32); kinds.len()];
    let (mut found, mut records, mut seconds) = (0u32, 0u32, 0f64);
    // `RECORDS=3,17`: only those games (a look at records that missed).
    let only: Option<Vec<u64>> =
        std::env::var("RECORDS").ok().map(|v| v.split(',').map(|x| x.parse().expect("a record number")).collect());
    for i in 0..n {
        if only.as_ref().is_some_and(|o| !o.contains(&i)) {
            continue;
        }
        let s = seed * 1_000_003 + i;
        let setup = Setup::base(&["Ann", "Bo"], s);
        let from = 4 + (i as usize * 7) % 56;
        let Some((game, at, kind)) = planted_game(TileSet::builtin(), setup, level, s, from, kinds) else { continue };
        let k = kinds.iter().position(|&x| x == kind).expect("one of the kinds");
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
        per_kind[k].0 += 1;
        if worst == at {
            found += 1;
            per_kind[k].1 += 1;
        } else {
            let planted = turns.iter().find(|(i, _)| *i == at).map_or(0.0, |t| t.1);
            let name = kinds[k].name();
            eprintln!(
                "record {i} ({name}): the planted turn at {at} lost {planted:.1}; the turn at {worst} lost {lost:.1}"
            );
        }
    }
    let by_kind: Vec<String> = kinds
        .iter()
        .zip(&per_kind)
        .map(|(k, (r, f))| format!("\"{}\": {{\"records\": {r}, \"found\": {f}}}", k.name()))
        .collect();
    let rate = found as f64 / records.max(1) as f64;
    let (lo, hi) = wilson(rate, records as f64);
    println!(
        "{{\"records\": {records}, \"found\": {found}, \"rate\": {rate:.4}, \"ci95\": [{lo:.4}, {hi:.4}], \"kinds\": {{{}}}, \"review_seconds_per_game\": {:.2}}}",
        by_kind.join(", "),
        seconds / records.max(1) as f64
    );
}

fn accuracy(n: u64, level: Level, seed: u64) {
    let (mut loss, mut decisions) = (0f64, 0u32);
    for i in 0..n {
        let s = seed * 1_000_003 + i;
        let g = played(level, s);
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

/// Plays a base game of `level` against `level` from seed `s`.
fn played(level: Level, s: u64) -> Game {
    let mut g = Game::new(TileSet::builtin(), Setup::base(&["Ann", "Bo"], s)).expect("a game");
    let mut bots = [Bot::new(level, s), Bot::new(level, s ^ 1)];
    while let Some(a) = bots[g.current_player()].choose(&g) {
        g.apply(&a).expect("a bot's action");
    }
    g
}

fn calibrate(n: u64, level: Level, seed: u64) {
    const PHASES: usize = 4;
    // Per phase: turns, sum of errors, of absolute errors, of the absolute errors of the
    // score margin at the turn's start (reading the score board only).
    let mut sums = [(0u32, 0f64, 0f64, 0f64); PHASES];
    let (mut play_s, mut review_s) = (0f64, 0f64);
    for i in 0..n {
        let s = seed * 1_000_003 + i;
        let started = Instant::now();
        let g = played(level, s);
        play_s += started.elapsed().as_secs_f64();
        let started = Instant::now();
        let r = review(&g, settings(), |_, _| true).expect("not cancelled");
        review_s += started.elapsed().as_secs_f64();
        let margin = |scores: &[i32], seat: usize| {
            let best_other = scores.iter().enumerate().filter(|(p, _)| *p != seat).map(|(_, s)| *s).max().unwrap_or(0);
            f64::from(scores[seat] - best_other)
        };
        let last = g.scores();
        let mut replay = Game::new(TileSet::builtin(), g.setup().clone()).expect("a game");
        let turns = r.draws.len();
        for (t, d) in r.draws.iter().enumerate() {
            while replay.history().len() < d.index {
                replay.apply(&g.history()[replay.history().len()]).expect("the game's own actions");
            }
            let phase = t * PHASES / turns.max(1);
            let error = d.expected as f64 - margin(&last, d.seat);
            let e = &mut sums[phase];
            e.0 += 1;
            e.1 += error;
            e.2 += error.abs();
            e.3 += (margin(&replay.scores(), d.seat) - margin(&last, d.seat)).abs();
        }
        if (i + 1) % 50 == 0 {
            eprintln!("{} games", i + 1);
        }
    }
    let phases: Vec<String> = sums
        .iter()
        .enumerate()
        .map(|(p, (k, e, a, z))| {
            let k = (*k).max(1) as f64;
            format!(
                "{{\"phase\": {}, \"turns\": {}, \"mean_error\": {:.2}, \"mean_abs_error\": {:.2}, \"score_now_abs_error\": {:.2}}}",
                p + 1,
                k,
                e / k,
                a / k,
                z / k
            )
        })
        .collect();
    println!(
        "{{\"level\": \"{level}\", \"games\": {n}, \"phases\": [{}], \"play_seconds_per_game\": {:.2}, \"review_seconds_per_game\": {:.2}}}",
        phases.join(", "),
        play_s / n.max(1) as f64,
        review_s / n.max(1) as f64
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

/// `coop-review N LEVEL SEED`: N two-player cooperative games of LEVEL played by hard teams,
/// reviewed with the default settings: the review's time per game, the mean loss per
/// decision in percentage points, and the Brier score of the chance it gives at each turn
/// against how the game ended (beside that of the level's win rate alone).
fn coop_review(n: u64, coop_level: u8, seed: u64) {
    let setup = coop_setup(coop_level, seed);
    let tiles = TileSet::builtin();
    let (mut seconds, mut lost, mut decisions, mut brier, mut turns, mut wins) = (0f64, 0f64, 0u32, 0f64, 0u32, 0u32);
    let mut outcomes = Vec::new();
    for i in 0..n {
        let s = seed * 1_000_003 + i;
        let g = carcassonne::ai::team::team_game(&tiles, &setup, Level::Hard, s, s ^ 7).expect("a game");
        let won = g.coop().ending.expect("ended").0.won();
        wins += won as u32;
        let started = Instant::now();
        let r = review(&g, settings(), |_, _| true).expect("not cancelled");
        seconds += started.elapsed().as_secs_f64();
        lost += r.decisions.iter().map(|d| f64::from(d.loss)).sum::<f64>();
        decisions += r.decisions.len() as u32;
        for d in &r.draws {
            brier += (f64::from(d.expected) / 100.0 - f64::from(won as u8)).powi(2);
            turns += 1;
            outcomes.push(won);
        }
    }
    let rate = f64::from(wins) / n.max(1) as f64;
    let base = outcomes.iter().map(|&w| (rate - f64::from(w as u8)).powi(2)).sum::<f64>() / f64::from(turns.max(1));
    println!(
        "{{\"level\": {coop_level}, \"games\": {n}, \"won\": {wins}, \"review_seconds_per_game\": {:.1}, \"mean_loss\": {:.2}, \"brier\": {:.4}, \"brier_of_the_win_rate\": {:.4}}}",
        seconds / n.max(1) as f64,
        lost / f64::from(decisions.max(1)),
        brier / f64::from(turns.max(1)),
        base
    );
}

/// A two-player cooperative game of level `coop_level` with the Ghosts set.
fn coop_setup(coop_level: u8, seed: u64) -> Setup {
    use carcassonne::engine::coop::CoopOptions;
    use carcassonne::engine::{Deck, Options, PlayerSetup, Set};
    Setup {
        players: ["Ann", "Bo"].iter().map(|n| PlayerSetup::named(n)).collect(),
        sets: vec![Set::Ghosts],
        options: Options { coop: CoopOptions::level(coop_level), ..Options::default() },
        deck: Deck::Seed(seed),
    }
}

/// `coop-data N LEVEL BOTS SEED`: N two-player cooperative games of LEVEL played by BOTS
/// teams; a line per turn start: level, turn, team value, won (1 or 0), the lowest marker,
/// the goal, ghosts left, tiles left.
fn coop_data(n: u64, coop_level: u8, bots: Level, seed: u64) {
    use carcassonne::ai::eval::team_value;
    let setup = coop_setup(coop_level, seed);
    let tiles = TileSet::builtin();
    for i in 0..n {
        let s = seed * 1_000_003 + i;
        let g = carcassonne::ai::team::team_game(&tiles, &setup, bots, s, s ^ 7).expect("a game");
        let won = g.coop().ending.expect("ended").0.won();
        let mut replay = Game::new(tiles.clone(), g.setup().clone()).expect("a game");
        let mut turn = 0;
        for a in g.history() {
            if matches!(replay.phase(), carcassonne::engine::Phase::Tile { .. }) {
                let st = replay.coop();
                let low = st.markers.iter().copied().min().unwrap_or(0);
                println!(
                    "{coop_level}\t{turn}\t{:.3}\t{}\t{}\t{}\t{}\t{}",
                    team_value(&replay),
                    won as u8,
                    low,
                    st.level().goal,
                    replay.coop_supply(),
                    replay.tiles_left()
                );
                turn += 1;
            }
            replay.apply(a).expect("the game's own actions");
        }
    }
}
