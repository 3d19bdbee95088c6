//! How often the Spell Circles mode A rules fire in random games (a sanity check):
//! `cargo run --release --example spell_stats`.

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{spells, SetStep};
use carcassonne::engine::{Event, Game, Options, Set, Setup, SpellMode, TileSet};
use std::collections::BTreeMap;

fn main() {
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    let games = 500u64;
    for seed in 0..games {
        let mut setup = Setup::base(&["A", "B", "C"], seed);
        setup.sets.extend([Set::Ghosts, Set::SpellCircles]);
        setup.options = Options { spell_mode: SpellMode::A, ..Options::default() };
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut rng = Rng::new(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            if matches!(g.phase(), carcassonne::engine::Phase::Set(SetStep::Spells(spells::Step::Circle { .. }))) {
                *counts.entry("circle choices").or_default() += 1;
            }
            if matches!(g.phase(), carcassonne::engine::Phase::Set(SetStep::Spells(spells::Step::Cat { .. }))) {
                *counts.entry("cat choices").or_default() += 1;
            }
            for e in g.apply(&legal[rng.below(legal.len())]).unwrap() {
                let k = match e {
                    Event::CircleFilled { from: Some(_), .. } => "circle from a meeple",
                    Event::CircleFilled { from: None, .. } => "circle from the supply",
                    Event::CircleGhostsReleased { .. } => "banks released",
                    Event::CatPlaced { .. } => "cat placed",
                    Event::CatWaits => "cat waits",
                    Event::CatScored { .. } => "cat scored",
                    _ => continue,
                };
                *counts.entry(k).or_default() += 1;
            }
        }
    }
    for (k, v) in counts {
        println!("{k}: {:.2} per game", v as f64 / games as f64);
    }
}
