//! The expert's evaluation: each player's *expected* final score, where [`super::eval`]
//! scores the board as if the game ended now.
//!
//! What the projected scores miss, and a strong player weighs:
//! - an open city is worth twice as much if it is completed (BASE-CITY-2), and whether it
//!   will be depends on its open squares and on the tiles still unseen: a square that no
//!   unseen tile fits can never be filled, so a feature that needs it never completes;
//! - a monastery (or shrine, or garden) gains a point for each neighbour still to come, as
//!   long as tiles are left and its empty neighbours can be filled;
//! - a figure on a feature that will complete comes back to be used again; one on a
//!   feature that cannot stays out for the rest of the game;
//! - the last figures in the supply are worth more than the first: with none left, a
//!   player cannot claim what the next tile opens;
//! - a field's farmers will score each open city it touches that gets completed
//!   (BASE-FIELD-2), counted at a quarter of its chance;
//! - two roads or cities that reach the same open square may be joined by one tile, and
//!   then the most figures on both take the whole (BASE-MAJ-1).
//!
//! Everything here is public information: the board and the unseen tiles' counts.

use crate::engine::board::Board;
use crate::engine::features::NodeIdx;
use crate::engine::geometry::Pos;
use crate::engine::{FeatureKind, Game};

/// The tunable numbers of the outlook (docs/computers.md says how they were chosen).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Share of the remaining draws that may go to one open square of a feature: a square
    /// that `f` of `u` unseen tiles fit is filled with chance `1 - (1 - f/u)^(share × left)`.
    pub share: f32,
    /// The chance of completion is multiplied by this for each open square past the first:
    /// a tile that fills one square often opens another.
    pub per_square: f32,
    /// How fast a monastery's empty neighbours fill: each is filled with chance
    /// `1 - exp(-fill × left)`.
    pub fill: f32,
    /// What a figure in the supply is worth at the start, in points; it falls to nothing
    /// as the stack runs out.
    pub figure: f32,
    /// Share of the 3 points an open city will bring the farmers of a field it touches
    /// (BASE-FIELD-2), times its chance of completion.
    pub farm: f32,
    /// The chance counted that two roads or cities reaching the same open square are
    /// joined there, which matters when the join changes who holds the majority
    /// (BASE-MAJ-1): a threat to the one who holds the larger feature alone, a chance for
    /// the other.
    pub join: f32,
    /// What each of the last two figures in the supply is worth on top of `figure`, as a
    /// share of it: a player with no figure left cannot claim the feature a tile opens.
    pub reserve: f32,
}

/// The weights the expert plays with.
pub const WEIGHTS: Weights =
    Weights { share: 0.1, per_square: 0.5, fill: 0.06, figure: 3.0, farm: 0.25, join: 0.3, reserve: 2.0 };

/// The unseen tiles, counted for the questions the outlook asks of open squares.
struct Unseen<'g> {
    game: &'g Game,
    /// Per tile kind, copies unseen.
    count: Vec<u16>,
    /// Unseen tiles in all.
    total: u32,
    /// Open squares asked about so far: constraint code and the tiles that fit it.
    asked: Vec<(u16, u32)>,
}

impl<'g> Unseen<'g> {
    fn new(game: &'g Game) -> Unseen<'g> {
        let mut count = vec![0u16; game.tiles().tiles().len()];
        let mut total = 0;
        for (t, c) in game.unseen_tiles() {
            count[t as usize] = c;
            total += c as u32;
        }
        Unseen { game, count, total, asked: Vec::new() }
    }

    /// How many unseen tiles fit the open square at `pos` (in some rotation), or `None`
    /// when the square is not open (filled, or not yet next to the board).
    fn fitting(&mut self, board: &Board, pos: Pos) -> Option<u32> {
        let code = board.open_at(pos)?.code;
        if let Some(&(_, n)) = self.asked.iter().find(|(c, _)| *c == code) {
            return Some(n);
        }
        let tiles = self.game.tiles().tiles();
        let n = self
            .count
            .iter()
            .enumerate()
            .filter(|&(t, &c)| c > 0 && tiles[t].fitting_code(code) != 0)
            .map(|(_, &c)| c as u32)
            .sum();
        self.asked.push((code, n));
        Some(n)
    }
}

/// A feature's prospects: the chance it completes, and the points its majority gains
/// beyond its value now.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Prospect {
    complete: f32,
    gain: f32,
}

/// Each player's expected final standing: the projected score (every set's final
/// scoring included), plus what their features should still gain, plus the worth of the
/// figures they have and will get back.
pub fn expected_standings(game: &Game, w: &Weights) -> Vec<f32> {
    let mut standing: Vec<f32> = game.projected_scores().into_iter().map(|s| s as f32).collect();
    if game.is_over() {
        return standing;
    }
    let left = game.tiles_left() as f32;
    let total = game.draw_order().len().max(1) as f32;
    let figure = w.figure * left / total;
    for (p, s) in game.players().iter().zip(standing.iter_mut()) {
        let n = super::eval::figures(p);
        *s += figure * (n + w.reserve * n.min(2.0));
    }
    let mut unseen = Unseen::new(game);
    let mut seen: Vec<NodeIdx> = Vec::new();
    let mut held: Vec<Held> = Vec::new();
    let features = game.features();
    for f in game.figures() {
        let root = features.root(f.node);
        if seen.contains(&root) {
            continue;
        }
        seen.push(root);
        let prospect = prospect(game, root, &mut unseen, w);
        if prospect == Prospect::default() {
            continue;
        }
        // Figures per seat (a game has at most 6 seats).
        let mut count = [0u16; 8];
        for g in game.figures().iter().filter(|g| features.root(g.node) == root) {
            count[g.owner as usize] += 1;
        }
        let top = count.iter().copied().max().unwrap_or(0);
        for (player, s) in standing.iter_mut().enumerate() {
            if top > 0 && count[player] == top {
                *s += prospect.gain;
            }
            // The figures come back if it completes; while it does not, they are stuck.
            *s += figure * prospect.complete * count[player] as f32;
        }
        let kind = features.node(root).kind;
        if w.join > 0.0 && matches!(kind, FeatureKind::Road | FeatureKind::City) && !features.is_limited(root) {
            let value = game.feature_value(root, false).value as f32 + prospect.gain;
            held.push(Held { kind, value, count, squares: open_squares(game, root) });
        }
    }
    for (i, a) in held.iter().enumerate() {
        for b in &held[i + 1..] {
            // A square that no unseen tile fits joins nothing.
            let live = |s: &Pos| b.squares.contains(s) && unseen.fitting(game.board(), *s).is_some_and(|n| n > 0);
            if a.kind != b.kind || !a.squares.iter().any(live) {
                continue;
            }
            let mut count = a.count;
            count.iter_mut().zip(&b.count).for_each(|(x, y)| *x += y);
            let merged = Held { kind: a.kind, value: a.value + b.value, count, squares: Vec::new() };
            for (p, s) in standing.iter_mut().enumerate() {
                *s += w.join * (merged.share(p) - a.share(p) - b.share(p));
            }
        }
    }
    standing
}

/// An open road or city with figures: its value with what it should still gain, the
/// figures on it per seat, and its open squares.
struct Held {
    kind: FeatureKind,
    value: f32,
    count: [u16; 8],
    squares: Vec<Pos>,
}

impl Held {
    /// What seat `p` scores from it: all of it with the most figures, else nothing.
    fn share(&self, p: usize) -> f32 {
        let top = self.count.iter().copied().max().unwrap_or(0);
        if top > 0 && self.count[p] == top {
            self.value
        } else {
            0.0
        }
    }
}

/// `player`'s expected standing less the best other one.
pub fn expected_margin(game: &Game, player: usize, w: &Weights) -> f32 {
    super::eval::margin_of(&expected_standings(game, w), player)
}

/// The chance that the open road or city whose root is `root` is completed before the
/// game ends: each of its open squares must be filled by a tile that fits it, and each
/// square past the first makes it less likely.
fn completion(game: &Game, root: NodeIdx, unseen: &mut Unseen, w: &Weights) -> f32 {
    let features = game.features();
    if features.is_closed(root) || features.is_limited(root) || game.tiles_left() == 0 {
        return 0.0;
    }
    let squares = open_squares(game, root);
    let board = game.board();
    let (left, u) = (game.tiles_left() as f32, unseen.total.max(1) as f32);
    let mut complete = w.per_square.powi(squares.len().max(1) as i32 - 1);
    for &s in &squares {
        let fit = unseen.fitting(board, s).unwrap_or(0) as f32;
        complete *= 1.0 - (1.0 - fit / u).powf(w.share * left);
    }
    complete
}

/// The open squares that the road or city whose root is `root` reaches with an edge
/// ([`Game::edge_squares`]).
pub(super) fn open_squares(game: &Game, root: NodeIdx) -> Vec<Pos> {
    game.edge_squares(root).0
}

/// The prospects of the feature whose root is `root`.
fn prospect(game: &Game, root: NodeIdx, unseen: &mut Unseen, w: &Weights) -> Prospect {
    let features = game.features();
    let node = features.node(root);
    let left = game.tiles_left() as f32;
    let board = game.board();
    match node.kind {
        FeatureKind::Road | FeatureKind::City => {
            let complete = completion(game, root, unseen, w);
            let gain = if node.kind == FeatureKind::City {
                // Completed, a city scores its squares and coats of arms twice (BASE-CITY-2).
                complete * game.feature_value(root, false).value as f32
            } else {
                0.0
            };
            Prospect { complete, gain }
        }
        FeatureKind::Field if w.farm > 0.0 => {
            // The open cities the field touches (the completed ones are projected already).
            let mut cities: Vec<NodeIdx> = Vec::new();
            for m in features.members(root) {
                let nd = features.node(m);
                let placed = board.square(nd.square);
                let Some(seg) = game.tiles().get(placed.tile).segments.get(nd.local as usize) else { continue };
                for &c in &seg.cities {
                    let city = features.root(placed.node_base + c as NodeIdx);
                    if !features.is_closed(city) && !cities.contains(&city) {
                        cities.push(city);
                    }
                }
            }
            let gain = cities.iter().map(|&c| w.farm * 3.0 * completion(game, c, unseen, w)).sum();
            Prospect { complete: 0.0, gain }
        }
        FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => {
            if game.tiles_left() == 0 {
                return Prospect::default();
            }
            let (mut missing, mut live) = (0, 0.0);
            for q in board.square(node.square).pos.ring() {
                if board.is_filled(q) {
                    continue;
                }
                missing += 1;
                // A neighbour no unseen tile fits is never filled: it can never be surrounded.
                if unseen.fitting(board, q) != Some(0) {
                    live += 1.0;
                }
            }
            let each = 1.0 - (-w.fill * left).exp();
            let complete = if live < missing as f32 { 0.0 } else { each.powi(missing) };
            Prospect { complete, gain: live * each }
        }
        _ => Prospect::default(),
    }
}
