//! Cooperative games played by a team of computer players: win rates per level.

use super::arena::{game_seed, spread, wilson};
use super::{Bot, Level};
use crate::engine::coop::Ending;
use crate::engine::rng::Rng;
use crate::engine::{Deck, Game, Setup, SetupError, TileSet};
use std::sync::Arc;

/// How a team of one level fared over many cooperative games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeamResult {
    /// Games played.
    pub games: u32,
    /// Games won.
    pub won: u32,
    /// Games lost for want of ghosts (COOP-END-2).
    pub lost_ghosts: u32,
    /// Games lost with the active pile empty (COOP-END-3).
    pub lost_pile: u32,
    /// Turns played, summed.
    pub turns: u64,
    /// The lowest marker at the end, summed.
    pub score: u64,
}

impl TeamResult {
    /// The share of games won.
    pub fn rate(&self) -> f64 {
        self.won as f64 / self.games.max(1) as f64
    }

    /// The 95% confidence interval of the win rate.
    pub fn ci95(&self) -> (f64, f64) {
        wilson(self.rate(), self.games.max(1) as f64)
    }

    fn add(&mut self, other: &TeamResult) {
        self.games += other.games;
        self.won += other.won;
        self.lost_ghosts += other.lost_ghosts;
        self.lost_pile += other.lost_pile;
        self.turns += other.turns;
        self.score += other.score;
    }
}

/// One cooperative game of `setup` (its deck replaced by `deck`) with every seat played by
/// a bot of `level`; the bots' seeds come from `seed`.
pub fn team_game(tiles: &Arc<TileSet>, setup: &Setup, level: Level, deck: u64, seed: u64) -> Result<Game, SetupError> {
    let mut game = Game::new(tiles.clone(), Setup { deck: Deck::Seed(deck), ..setup.clone() })?;
    let mut seeds = Rng::new(seed);
    let mut bots: Vec<Bot> = (0..setup.players.len()).map(|_| Bot::new(level, seeds.next_u64())).collect();
    while let Some(action) = bots[game.current_player()].choose(&game) {
        game.apply(&action).expect("a bot only chooses legal actions");
    }
    Ok(game)
}

/// `games` cooperative games for a team of `level`, on `threads` threads. Game `i` is the
/// same whatever the number of threads: its deck and bots follow from `seed` and `i`.
/// `on_game` hears each game as it ends, won or not (for a progress display).
pub fn team_games(
    tiles: &Arc<TileSet>,
    setup: &Setup,
    level: Level,
    games: u32,
    seed: u64,
    threads: usize,
    on_game: &(dyn Fn(bool) + Sync),
) -> Result<TeamResult, SetupError> {
    Game::new(tiles.clone(), setup.clone())?;
    let one = |i: u32| -> Result<TeamResult, SetupError> {
        let mut s = Rng::new(game_seed(seed, i));
        let game = team_game(tiles, setup, level, s.next_u64(), s.next_u64())?;
        let (why, turn) = game.coop().ending.expect("a finished cooperative game");
        on_game(why.won());
        let mut r = TeamResult { games: 1, turns: turn as u64, ..TeamResult::default() };
        match why {
            Ending::Goal => r.won += 1,
            Ending::Ghosts { .. } => r.lost_ghosts += 1,
            Ending::Pile => r.lost_pile += 1,
        }
        r.score = game.coop().markers.iter().copied().min().unwrap_or(0) as u64;
        Ok(r)
    };
    let mut total = TeamResult::default();
    for r in spread(games, threads, one) {
        total.add(&r?);
    }
    Ok(total)
}
