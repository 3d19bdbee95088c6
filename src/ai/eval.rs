//! Static evaluation of a position for one player: public information only.
//!
//! The projected final scores (every occupied feature scored as if the game ended now,
//! farms and ghost penalties included) say what is on the board; figures still in the
//! supply are worth something while there are tiles left to use them on (meeple economy).

use crate::engine::{FigureKind, Game};

/// What a figure in the supply is worth at the start of the game, in points; it falls to
/// nothing as the stack runs out.
const FIGURE_WORTH: f32 = 3.0;

/// Each player's standing: projected score plus the worth of their supply.
pub fn standings(game: &Game) -> Vec<f32> {
    let projected = game.projected_scores();
    let total = game.draw_order().len().max(1) as f32;
    // How much of the game is left: the number of unseen tiles is public.
    let left = game.tiles_left() as f32 / total;
    game.players()
        .iter()
        .zip(projected)
        .map(|(p, score)| {
            let figures = p.in_supply(FigureKind::Meeple) as f32
                + p.in_supply(FigureKind::Guard) as f32 * 0.8
                + p.in_supply(FigureKind::Abbot) as f32;
            score as f32 + FIGURE_WORTH * left * figures
        })
        .collect()
}

/// How good the position is for `player`: their standing less the best other standing.
pub fn margin(game: &Game, player: usize) -> f32 {
    margin_of(&standings(game), player)
}

/// `player`'s standing less the best other standing.
pub fn margin_of(standings: &[f32], player: usize) -> f32 {
    let best_other =
        standings.iter().enumerate().filter(|&(p, _)| p != player).map(|(_, &s)| s).fold(f32::NEG_INFINITY, f32::max);
    standings[player] - best_other
}
