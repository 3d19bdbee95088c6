//! How often the ghost rules fire in random base+ghosts games (a sanity check, not a test):
//! `cargo run --release --example ghost_stats`.

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Event, Game, Set, Setup, TileSet};

fn main() {
    let (mut placed, mut skipped, mut scared, mut rewarded, mut penalties, mut tiles) = (0, 0, 0, 0, 0, 0);
    for seed in 0..500u64 {
        let mut setup = Setup::base(&["A", "B", "C"], seed);
        setup.sets.push(Set::Ghosts);
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut rng = Rng::new(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            for e in g.apply(&legal[rng.below(legal.len())]).unwrap() {
                match e {
                    Event::GhostPlaced { .. } => placed += 1,
                    Event::GhostSkipped { .. } => skipped += 1,
                    Event::FigureScared { .. } => scared += 1,
                    Event::GuardRewarded { .. } => rewarded += 1,
                    Event::GhostPenalty { .. } => penalties += 1,
                    Event::TilePlaced { .. } => tiles += 1,
                    _ => {}
                }
            }
        }
    }
    println!("per game: tiles {:.1}, ghosts placed {:.1}, skipped {:.1}, scared off {:.2}, guard rewards {:.2}, final penalties {:.2}",
        tiles as f64 / 500.0, placed as f64 / 500.0, skipped as f64 / 500.0, scared as f64 / 500.0, rewarded as f64 / 500.0, penalties as f64 / 500.0);
}
