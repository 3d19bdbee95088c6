//! Writes `tests/data/perft/*.json`: perft counts (legal action sequences of each length
//! from the start of seeded games) for every combination of sets the rules allow, so that
//! any change in move generation shows up in `tests/perft.rs`. Regression data: run it
//! only after the hand-counted positions in the scenario tests pass, and review the diff.
//!
//! `cargo run --release --example perft_data`

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Set, Setup, SpellMode, TileSet};
use carcassonne::selfplay::perft;
use serde_json::json;

/// Keep counts up to this many sequences (larger ones make the test slow).
const MAX_NODES: u64 = 100_000;

/// The game after `n` uniformly random actions (fewer if it ends), chosen by a generator
/// seeded with `seed` (the same walk `tests/perft.rs` takes).
fn advance(game: &Game, n: usize, seed: u64) -> Game {
    let mut g = game.clone();
    let mut rng = Rng::new(seed);
    for _ in 0..n {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        g.apply(&legal[rng.below(legal.len())]).expect("a listed action");
    }
    g
}

fn main() {
    let extra = [Set::River, Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
    for m in 0..32u32 {
        let mut sets = vec![Set::Base];
        sets.extend(extra.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, s)| *s));
        let has = |s: Set| sets.contains(&s);
        if (has(Set::SpellCircles) && !has(Set::Ghosts)) || (has(Set::River) && has(Set::Ghosts)) {
            continue;
        }
        let modes: &[Option<SpellMode>] =
            if has(Set::SpellCircles) { &[Some(SpellMode::B), Some(SpellMode::A)] } else { &[None] };
        for mode in modes {
            let options = Options { abbot: true, spell_mode: mode.unwrap_or_default(), ..Options::default() };
            let mut counts = Vec::new();
            for (seed, players) in [(1u64, 2usize), (2, 3), (3, 4)] {
                let setup = Setup {
                    players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
                    sets: sets.clone(),
                    options: options.clone(),
                    deck: Deck::Seed(seed),
                };
                let start = Game::new(TileSet::builtin(), setup).expect("an allowed combination");
                // From the start, and mid-game (after `after` random actions chosen by a
                // generator seeded with the game's seed), where ghost, circle and cat steps occur.
                for after in [0usize, 40, 90] {
                    let game = advance(&start, after, seed);
                    for depth in 1..=6 {
                        let nodes = perft(&game, depth);
                        if nodes > MAX_NODES {
                            break;
                        }
                        counts.push(
                            json!({"seed": seed, "players": players, "after": after, "depth": depth, "nodes": nodes}),
                        );
                    }
                }
            }
            let names: Vec<&str> = sets.iter().map(|s| s.name()).collect();
            let mode_name = mode.map(|m| format!("-{}", serde_json::to_value(m).unwrap().as_str().unwrap()));
            let file = format!("{dir}/{}{}.json", names.join("-"), mode_name.unwrap_or_default());
            let doc = json!({
                "about": "Perft counts from seeded games, at the start and after `after` random actions (a generator seeded with the game's seed picks each among the legal ones) with these sets and options (the Abbot on, so taking an abbot back is listed too). Regression data written by `cargo run --release --example perft_data` after the hand-counted positions of the scenario tests passed: a change here means move generation changed.",
                "sets": names,
                "options": options,
                "counts": counts,
            });
            std::fs::write(&file, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
            println!("{file}");
        }
    }
}
