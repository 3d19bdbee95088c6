//! How long each computer decision takes over whole games (native): the slowest and the
//! mean per level, so that budgets can be checked against the 1 s browser target (wasm
//! runs about four times slower than this).
//!
//! `cargo run --release --example bot_timing -- [LEVEL] [GAMES] [SETS]`; SETS `coop:N` times a
//! two-player team at cooperative level N instead.

use carcassonne::ai::{Bot, Level};
use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Setup, TileSet};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: Level = args.first().map(|s| s.parse().expect("level")).unwrap_or(Level::Medium);
    let games: u64 = args.get(1).map(|s| s.parse().expect("games")).unwrap_or(3);
    let sets = args.get(2).cloned().unwrap_or_else(|| "base,ghosts,watchtowers,shrines,spellcircles".into());
    let (mut worst, mut total, mut n, mut plans) = (0f64, 0f64, 0u32, 0usize);
    for seed in 0..games {
        let setup = match sets.strip_prefix("coop:") {
            Some(n) => Setup {
                players: (0..2).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
                sets: vec![carcassonne::engine::Set::Ghosts],
                options: Options { coop: CoopOptions::level(n.parse().expect("a level")), ..Options::default() },
                deck: Deck::Seed(seed),
            },
            None => Setup {
                players: (0..5).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
                sets: sets.split(',').map(|s| s.parse().expect("a set name")).collect(),
                options: Options { abbot: true, ..Options::default() },
                deck: Deck::Seed(seed),
            },
        };
        let mut game = Game::new(TileSet::builtin(), setup).expect("setup");
        let mut bots: Vec<Bot> = (0..5).map(|p| Bot::new(level, seed * 10 + p)).collect();
        loop {
            let t = Instant::now();
            let bot = &mut bots[game.current_player()];
            let Some(a) = bot.choose(&game) else { break };
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            plans = plans.max(bot.last_search().plans);
            worst = worst.max(ms);
            total += ms;
            n += 1;
            game.apply(&a).expect("legal");
        }
    }
    println!(
        "{level} on {sets}, {games} games: {n} decisions, mean {:.2} ms, slowest {worst:.1} ms, most plans {plans}",
        total / n as f64
    );
}
