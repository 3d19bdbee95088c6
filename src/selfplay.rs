//! Uniformly random legal games, for property tests, benchmarks and `carc selfplay`.

use crate::engine::rng::Rng;
use crate::engine::{Action, Game, Setup, SetupError, TileSet};
use std::sync::Arc;

/// Play `game` to the end, choosing every action uniformly among the legal ones.
/// Returns the number of actions taken.
pub fn play_out(game: &mut Game, rng: &mut Rng) -> usize {
    let mut legal: Vec<Action> = Vec::new();
    let mut events = Vec::new();
    let mut n = 0;
    while !game.is_over() {
        let a = game.random_action(rng, &mut legal);
        events.clear();
        game.apply_into(&a, &mut events).expect("listed actions are legal");
        n += 1;
    }
    n
}

/// A whole random game from a setup; the playout's choices come from `choice_seed`.
pub fn random_game(tiles: Arc<TileSet>, setup: Setup, choice_seed: u64) -> Result<Game, SetupError> {
    let mut game = Game::new(tiles, setup)?;
    play_out(&mut game, &mut Rng::new(choice_seed));
    Ok(game)
}

/// Count the action sequences of length `depth` from `game` (perft).
pub fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    let legal = game.legal_actions();
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|a| {
            let mut g = game.clone();
            g.apply(a).expect("listed actions are legal");
            perft(&g, depth - 1)
        })
        .sum()
}
