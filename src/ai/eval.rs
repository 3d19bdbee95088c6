//! Static evaluation of a position: public information only.
//!
//! Competitive games: the projected final scores (every occupied feature scored as if the
//! game ended now, farms and ghost penalties included) say what is on the board; figures
//! still in the supply are worth something while there are tiles left to use them on
//! (meeple economy). The cooperative game: one value for the whole team ([`team_value`]).

use super::outlook::open_squares;
use crate::engine::coop::levels::Markers;
use crate::engine::coop::Hound;
use crate::engine::{FeatureKind, FigureKind, Game, PlayerState};

/// What a figure in the supply is worth at the start of the game, in points; it falls to
/// nothing as the stack runs out.
const FIGURE_WORTH: f32 = 3.0;

/// Each player's standing: projected score plus the worth of their supply.
pub fn standings(game: &Game) -> Vec<f32> {
    let projected = game.projected_scores();
    let total = game.draw_order().len().max(1) as f32;
    // How much of the game is left: the number of unseen tiles is public.
    let left = game.tiles_left() as f32 / total;
    game.players().iter().zip(projected).map(|(p, score)| score as f32 + FIGURE_WORTH * left * figures(p)).collect()
}

/// The figures in a player's supply, counted as meeples (a guard, which only guards, as 0.8).
pub fn figures(player: &PlayerState) -> f32 {
    player.in_supply(FigureKind::Meeple) as f32
        + player.in_supply(FigureKind::Guard) as f32 * 0.8
        + player.in_supply(FigureKind::Abbot) as f32
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

/// The cooperative team's chance to win (0 to 1) in `game`, whose team value
/// ([`team_value`]) is `value`: a logistic of the value, the lowest marker's share of the
/// goal, the ghosts left and the tiles left, with one intercept per level, fitted on hard
/// teams' games (docs/review.md, "The cooperative game"). A game that has ended is won
/// or lost.
pub fn team_chance(game: &Game, value: f32) -> f32 {
    let st = game.coop();
    if let Some((why, _)) = st.ending {
        return if why.won() { 1.0 } else { 0.0 };
    }
    let level = st.level();
    let low = st.markers.iter().copied().min().unwrap_or(0) as f32;
    let features =
        [value / 10.0, low / level.goal.max(1) as f32, game.coop_supply() as f32, game.tiles_left() as f32 / 10.0];
    let intercept = chance::INTERCEPT[(level.level.clamp(1, 6) - 1) as usize];
    let z = intercept + chance::WEIGHTS.iter().zip(features).map(|(w, x)| w * x).sum::<f32>();
    1.0 / (1.0 + (-z).exp())
}

/// [`team_chance`]'s logistic, fitted by maximum likelihood on the turns of 540 hard teams'
/// two-player games, 90 at each level (`examples/review_planted.rs coop-data`,
/// docs/review.md). The intercepts carry a small penalty (0.1 w²): hard teams won every
/// level-1 game and lost every level-6 one, which would otherwise send them to infinity.
mod chance {
    /// Per level, 1 to 6.
    pub const INTERCEPT: [f32; 6] = [3.0895, -5.0584, -5.3468, -6.2026, -7.2478, -13.3737];
    /// The team value / 10, the lowest marker / the goal, the ghosts left, the tiles left
    /// / 10.
    pub const WEIGHTS: [f32; 4] = [0.3186, 2.5075, 0.0318, 0.8905];
}

/// The team evaluation's weights, tuned with `carc selfplay --coop 1,2,3,4,5,6 --bots easy`
/// (docs/coop.md, "Computer teammates"): each is the best of the values tried.
mod team {
    /// Share of an occupied feature's value counted before it completes. Below 1, so that
    /// completing it always gains (at 1.5 teams hoarded open features and lost).
    pub const OPEN: f32 = 0.9;
    /// The feature's value is multiplied by this for each open end beyond the first (a
    /// castle: each two of its missing neighbours): far from done is worth less.
    pub const PER_END: f32 = 0.8;
    /// Level 6: a colour's points past the next mark, which every colour must reach.
    pub const BEYOND: f32 = 0.3;
    /// Points per ghost on the board for each hound with a meeple (it scores them).
    pub const HOUND: f32 = 0.3;
    /// Each ghost in the supply, and below `KNEE` the square of the shortfall: running
    /// out loses.
    pub const GHOST: f32 = 1.5;
    pub const KNEE: f32 = 5.0;
    pub const KNEE_WEIGHT: f32 = 4.0;
    /// Levels 5–6: the chance counted that two features of one kind reaching the same
    /// open square are joined there, so that each colour on either scores the whole (of
    /// 0.3, 0.6 and 1.0, the best for easy and medium teams at level 5). At levels 1–4 it
    /// made teams hold features open for joins (hard won 98.5% of level-1 games, not
    /// 100%: docs/coop.md), so it counts only where the face-down tiles leave too few
    /// tiles to score one colour at a time.
    pub const JOIN: f32 = 0.6;
    /// Levels 5–6: each empty square around an open cemetery. While one is open a tile of
    /// the active pile goes face down every turn (COOP-3c), and it closes only when all
    /// 8 neighbours are occupied.
    pub const CEMETERY: f32 = 1.0;
    /// Each free meeple.
    pub const FREE: f32 = 1.0;
    /// Pace: the points still needed for the next mark beyond what the active pile's
    /// tiles bring at `RATE` points a tile (teams score about 1.0–1.5), each at `PRESS`.
    pub const PRESS: f32 = 1.0;
    pub const RATE: f32 = 1.5;
}

/// An open road or city with colours on it: what it is worth to each, and the open
/// squares where a tile could join it to another.
struct Held {
    kind: FeatureKind,
    worth: f32,
    /// A bit for each colour on it.
    colours: u8,
    squares: Vec<crate::engine::geometry::Pos>,
}

/// How good a cooperative position is for the team, in points of progress toward the goal.
/// Every marker plus what its colours' occupied features would bring (their value now,
/// less the further they are from done); at level 6, where every colour must pass each
/// mark, each colour's points up to the next mark. Then the ghosts in the supply (running
/// out loses, so the last few weigh much more), the free meeples, and less the points the
/// active pile is unlikely to bring before it runs out (it ends the game unless a hound
/// opens the next one).
pub fn team_value(game: &Game) -> f32 {
    let st = game.coop();
    let level = st.level();
    let goal = level.goal as f32;
    let low = st.markers.iter().copied().min().unwrap_or(0) as f32;
    if let Some((why, turn)) = st.ending {
        return if why.won() { DECIDED - turn as f32 * 0.01 } else { -DECIDED + low.min(goal) };
    }
    // Each marker with the points its colours' occupied features would bring.
    let mut projected: Vec<f32> = st.markers.iter().map(|m| (*m as f32).min(goal)).collect();
    let mut roots = Vec::new();
    let mut colours = Vec::new();
    // The open roads and cities with colours on them, for the joins still to come, which
    // count where the face-down tiles eat the piles (COOP-3c) or each colour must pass
    // every mark on its own marker (COOP-DEC-13).
    let joins = level.face_down || level.markers == Markers::Colour;
    let mut held: Vec<Held> = Vec::new();
    for f in game.figures() {
        let root = game.features().root(f.node);
        if roots.contains(&root) {
            continue;
        }
        roots.push(root);
        let node = game.features().node(root);
        let ends = match node.kind {
            // Haunted by a face-down tile: it can never be completed (COOP-3c-2).
            FeatureKind::Road | FeatureKind::City if game.features().is_limited(root) => continue,
            FeatureKind::Road | FeatureKind::City => game.features().open_ends(root).max(1) as i32 - 1,
            FeatureKind::Castle => (8 - game.board().square(node.square).neighbours as i32) / 2,
            _ => continue,
        };
        let worth = team::OPEN * game.coop_value(root) as f32 * team::PER_END.powi(ends);
        colours.clear();
        colours.extend(game.figures().iter().filter(|g| game.features().root(g.node) == root).map(|g| g.owner));
        crate::engine::sort::sort(&mut colours);
        colours.dedup();
        // Every colour on it scores its value (COOP-3a-1): the team marker once per colour.
        match projected.len() {
            1 => projected[0] += worth * colours.len() as f32,
            _ => colours.iter().for_each(|&c| projected[c as usize] += worth),
        }
        if joins && node.kind != FeatureKind::Castle {
            let colours = colours.iter().fold(0, |m, c| m | 1 << (c & 7));
            held.push(Held { kind: node.kind, worth, colours, squares: open_squares(game, root) });
        }
    }
    // Two features of one kind that reach the same open square may be joined by a tile
    // there, and then each colour on either scores the whole (COOP-3a-1): each colour
    // gains the other feature's worth, at the chance of such a join.
    for (i, a) in held.iter().enumerate() {
        for b in &held[i + 1..] {
            if a.kind != b.kind || !a.squares.iter().any(|s| b.squares.contains(s)) {
                continue;
            }
            for (from, to) in [(a, b), (b, a)] {
                let gains = to.colours & !from.colours;
                for c in (0..8).filter(|c| gains & (1 << c) != 0) {
                    // One team marker rises by the value once for each colour.
                    let m = if projected.len() == 1 { 0 } else { c };
                    if let Some(p) = projected.get_mut(m) {
                        *p += team::JOIN * from.worth;
                    }
                }
            }
        }
    }
    let next = level.hounds.iter().zip(&st.hounds).find(|(_, h)| **h == Hound::Track).map_or(goal, |(v, _)| *v as f32);
    let progress = match projected.len() {
        1 => projected[0],
        _ => projected.iter().map(|p| p.min(next) + team::BEYOND * (p - next).max(0.0)).sum(),
    };
    // Hounds with meeples will score the ghosts on the board.
    let hounds = st.hounds.iter().filter(|h| matches!(h, Hound::With { .. })).count() as f32;
    let hounds = team::HOUND * hounds * game.coop_ghosts_on_board() as f32;
    let supply = game.coop_supply() as f32;
    let safety = team::GHOST * supply - team::KNEE_WEIGHT * (team::KNEE - supply).max(0.0).powi(2);
    let free: u32 = game.players().iter().map(|p| p.in_supply(FigureKind::Meeple) as u32).sum();
    // The next mark to reach before the active pile runs out: a hound on the track, or the goal.
    let need = (next - low).max(0.0);
    let pressure = team::PRESS * (need - team::RATE * game.active_pile_left() as f32).max(0.0);
    progress + hounds + safety + team::FREE * free as f32 - pressure - team::CEMETERY * cemetery_gaps(game)
}

/// Levels 5–6: the empty squares around the open cemeteries, each counted once for each
/// cemetery it would help close (none at other levels, where an open cemetery costs ghosts,
/// not tiles).
fn cemetery_gaps(game: &Game) -> f32 {
    if !game.coop().level().face_down {
        return 0.0;
    }
    game.coop_cemetery_gaps() as f32
}
