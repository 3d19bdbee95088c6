//! Matches between two levels: seat-swapped pairs of two-player games on the same deck.

use super::{Bot, Level};
use crate::engine::rng::Rng;
use crate::engine::{Deck, Game, Setup, SetupError, TileSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The outcome of a match, from A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArenaResult {
    /// Games played (twice the number of decks).
    pub games: u32,
    /// A's wins; a tie counts half.
    pub wins_a: f64,
    /// Mean of A's score minus B's.
    pub mean_diff: f64,
    /// 95% confidence interval of A's win rate (Wilson score interval).
    pub ci95: (f64, f64),
    /// Time each side spent choosing, summed over its decisions (turns, not steps).
    pub thinking: [Duration; 2],
    /// Each side's decisions (a planned turn counts once).
    pub decisions: [u32; 2],
    /// Each side's slowest decision.
    pub slowest: [Duration; 2],
}

impl ArenaResult {
    /// A's win rate.
    pub fn rate(&self) -> f64 {
        self.wins_a / self.games.max(1) as f64
    }

    /// Side `s`'s (0: A, 1: B) mean time per decision, in milliseconds.
    pub fn mean_ms(&self, s: usize) -> f64 {
        self.thinking[s].as_secs_f64() * 1000.0 / self.decisions[s].max(1) as f64
    }

    fn add(&mut self, other: &ArenaResult) {
        self.games += other.games;
        self.wins_a += other.wins_a;
        self.mean_diff += other.mean_diff;
        for s in 0..2 {
            self.thinking[s] += other.thinking[s];
            self.decisions[s] += other.decisions[s];
            self.slowest[s] = self.slowest[s].max(other.slowest[s]);
        }
    }
}

/// Play `pairs` decks twice each, A first then B first, with `setup`'s sets and options
/// (its players must be two; its deck is replaced by seeds drawn from `seed`), on
/// `threads` threads. `on_game` hears A's result of each game as it ends: 1 a win, 0.5 a
/// tie, 0 a loss. Pair `i` is the same game whatever the number of threads.
#[allow(clippy::too_many_arguments)]
pub fn arena(
    tiles: &Arc<TileSet>,
    setup: &Setup,
    a: Level,
    b: Level,
    pairs: u32,
    seed: u64,
    threads: usize,
    on_game: &(dyn Fn(f64) + Sync),
) -> Result<ArenaResult, SetupError> {
    arena_of(tiles, setup, &|s| Bot::new(a, s), &|s| Bot::new(b, s), pairs, seed, threads, on_game)
}

/// [`arena`] between two bots of any make (a level, or a budget being tuned): `a` and `b`
/// make a side's bot from a seed.
#[allow(clippy::too_many_arguments)]
pub fn arena_of(
    tiles: &Arc<TileSet>,
    setup: &Setup,
    a: &(dyn Fn(u64) -> Bot + Sync),
    b: &(dyn Fn(u64) -> Bot + Sync),
    pairs: u32,
    seed: u64,
    threads: usize,
    on_game: &(dyn Fn(f64) + Sync),
) -> Result<ArenaResult, SetupError> {
    Game::new(tiles.clone(), setup.clone())?;
    let pair = |i: u32| -> Result<ArenaResult, SetupError> {
        let mut seeds = Rng::new(game_seed(seed, i));
        let deck = seeds.next_u64();
        let mut r = ArenaResult::default();
        for a_seat in 0..2 {
            let game = Game::new(tiles.clone(), Setup { deck: Deck::Seed(deck), ..setup.clone() })?;
            let g = play(game, [a(seeds.next_u64()), b(seeds.next_u64())], a_seat);
            on_game(g.wins_a);
            r.add(&g);
        }
        Ok(r)
    };
    let mut total = ArenaResult::default();
    for r in spread(pairs, threads, pair) {
        total.add(&r?);
    }
    let n = total.games.max(1) as f64;
    total.mean_diff /= n;
    total.ci95 = wilson(total.wins_a / n, n);
    Ok(total)
}

/// The seed game `i` of a run seeded `seed` is played from, whatever the threads.
pub(crate) fn game_seed(seed: u64, i: u32) -> u64 {
    seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// `work(i)` for every `i` below `n`, on `threads` threads (at most 64), each thread taking
/// every `threads`-th index: the results in the order each thread finished its share.
pub(crate) fn spread<T: Send>(n: u32, threads: usize, work: impl Fn(u32) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, 64);
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || (t as u32..n).step_by(threads).map(work).collect::<Vec<T>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a games thread")).collect()
    })
}

/// One game, A in seat `a_seat`: its result from A's side, with each side's thinking.
fn play(mut game: Game, [bot_a, bot_b]: [Bot; 2], a_seat: usize) -> ArenaResult {
    let mut bots = [bot_a, bot_b];
    let side = |seat: usize| if seat == a_seat { 0 } else { 1 };
    let mut r = ArenaResult { games: 1, ..ArenaResult::default() };
    loop {
        let s = side(game.current_player());
        let start = Instant::now();
        let before = bots[s].decisions();
        let Some(action) = bots[s].choose(&game) else { break };
        if bots[s].decisions() > before {
            let took = start.elapsed();
            r.thinking[s] += took;
            r.decisions[s] += 1;
            r.slowest[s] = r.slowest[s].max(took);
        }
        game.apply(&action).expect("a bot only chooses legal actions");
    }
    let scores = game.scores();
    let (sa, sb) = (scores[a_seat], scores[1 - a_seat]);
    r.wins_a = match sa.cmp(&sb) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    r.mean_diff = (sa - sb) as f64;
    r
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
