//! Static evaluation of a position: public information only.
//!
//! Competitive games: the projected final scores (every occupied feature scored as if the
//! game ended now, farms and ghost penalties included) say what is on the board; figures
//! still in the supply are worth something while there are tiles left to use them on
//! (meeple economy). The cooperative game: one value for the whole team ([`team_value`]).

use crate::engine::coop::Hound;
use crate::engine::{FeatureKind, FigureKind, Game};

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

/// How good the position is for `player`: their standing less the best other standing; in
/// the cooperative game, the team's value (the same for every seat).
pub fn margin(game: &Game, player: usize) -> f32 {
    if game.is_coop() {
        return team_value(game);
    }
    margin_of(&standings(game), player)
}

/// `player`'s standing less the best other standing.
pub fn margin_of(standings: &[f32], player: usize) -> f32 {
    let best_other =
        standings.iter().enumerate().filter(|&(p, _)| p != player).map(|(_, &s)| s).fold(f32::NEG_INFINITY, f32::max);
    standings[player] - best_other
}

/// The value of a won game; a lost one is its negative plus the progress made.
const DECIDED: f32 = 1000.0;

/// How good a cooperative position is for the team, in points of progress toward the goal:
/// the markers (the lowest counts most: at level 6 every colour must arrive), half of what
/// the occupied features would score now, the ghosts still in the supply (running out
/// loses, so the last few weigh much more), the meeples still free, less the points the
/// active pile is unlikely to bring before it runs out (it ends the game unless a hound
/// opens the next one).
pub fn team_value(game: &Game) -> f32 {
    let st = game.coop();
    let level = st.level();
    let goal = level.goal as f32;
    let low = st.markers.iter().copied().min().unwrap_or(0) as f32;
    let mean = st.markers.iter().sum::<u32>() as f32 / st.markers.len().max(1) as f32;
    let progress = 0.7 * low.min(goal) + 0.3 * mean.min(goal);
    if let Some((why, turn)) = st.ending {
        return if why.won() { DECIDED - turn as f32 * 0.01 } else { -DECIDED + progress };
    }
    // Occupied features: their value now for each colour on them (points to come).
    let mut roots = Vec::new();
    let mut open = 0.0;
    for f in game.figures() {
        let root = game.features().root(f.node);
        if roots.contains(&root) {
            continue;
        }
        roots.push(root);
        let colours = {
            let mut c: Vec<u8> =
                game.figures().iter().filter(|g| game.features().root(g.node) == root).map(|g| g.owner).collect();
            c.sort_unstable();
            c.dedup();
            c.len() as f32
        };
        let worth = match game.features().node(root).kind {
            FeatureKind::Road | FeatureKind::City | FeatureKind::Castle => game.coop_value(root) as f32,
            _ => 0.0,
        };
        open += 0.5 * worth * if st.markers.len() > 1 { 1.0 } else { colours };
    }
    // Hounds with meeples will score the ghosts on the board.
    let hounds = st.hounds.iter().filter(|h| matches!(h, Hound::With { .. })).count() as f32;
    open += 0.3 * hounds * game.coop_ghosts_on_board() as f32;
    let supply = game.coop_supply() as f32;
    let safety = 1.5 * supply - 4.0 * (5.0 - supply).max(0.0).powi(2);
    let free: u32 = game.players().iter().map(|p| p.in_supply(FigureKind::Meeple) as u32).sum();
    // The next mark to reach before the active pile runs out: a hound on the track, or the goal.
    let next = level.hounds.iter().zip(&st.hounds).find(|(_, h)| **h == Hound::Track).map_or(goal, |(v, _)| *v as f32);
    let need = (next - low).max(0.0);
    let pressure = 0.5 * (need - 2.5 * game.active_pile_left() as f32).max(0.0);
    progress + open + safety + 0.8 * free as f32 - pressure
}
