//! Matches between two levels: seat-swapped pairs of two-player games on the same deck.

use super::{Bot, Level};
use crate::engine::rng::Rng;
use crate::engine::{Deck, Game, Setup, SetupError, TileSet};
use std::sync::Arc;

/// The outcome of a match, from A's side.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    /// Games played (twice the number of decks).
    pub games: u32,
    /// A's wins; a tie counts half.
    pub wins_a: f64,
    /// Mean of A's score minus B's.
    pub mean_diff: f64,
    /// 95% confidence interval of A's win rate (Wilson score interval).
    pub ci95: (f64, f64),
}

impl ArenaResult {
    /// A's win rate.
    pub fn rate(&self) -> f64 {
        self.wins_a / self.games.max(1) as f64
    }
}

/// Play `pairs` decks twice each, A first then B first, with `setup`'s sets and options
/// (its players must be two; its deck is replaced by seeds drawn from `seed`). `on_game`
/// hears A's result of each game as it ends: 1 a win, 0.5 a tie, 0 a loss.
pub fn arena(
    tiles: &Arc<TileSet>,
    setup: &Setup,
    a: Level,
    b: Level,
    pairs: u32,
    seed: u64,
    on_game: &dyn Fn(f64),
) -> Result<ArenaResult, SetupError> {
    let mut seeds = Rng::new(seed);
    let (mut wins, mut diff, mut games) = (0f64, 0f64, 0u32);
    for _ in 0..pairs {
        let deck = seeds.next_u64();
        for a_seat in 0..2 {
            let setup = Setup { deck: Deck::Seed(deck), ..setup.clone() };
            let mut game = Game::new(tiles.clone(), setup)?;
            let mut bots = [Bot::new(a, seeds.next_u64()), Bot::new(b, seeds.next_u64())];
            if a_seat == 1 {
                bots.swap(0, 1);
            }
            while let Some(action) = bots[game.current_player()].choose(&game) {
                game.apply(&action).expect("a bot only chooses legal actions");
            }
            let s = game.scores();
            let (sa, sb) = (s[a_seat], s[1 - a_seat]);
            let won = match sa.cmp(&sb) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            on_game(won);
            wins += won;
            diff += (sa - sb) as f64;
            games += 1;
        }
    }
    let n = games.max(1) as f64;
    Ok(ArenaResult { games, wins_a: wins, mean_diff: diff / n, ci95: wilson(wins / n, n) })
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
