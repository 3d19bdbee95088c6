//! The cooperative game on the board: ghosts on their squares and spots, face-down tiles
//! as tile backs, Rufus, Ronja and Eloïse beside their meeples, and the places a player
//! clicks for each step (a meeple spot, a meeple, a ghost spot, a square).

use super::render;
use crate::art;
use crate::engine::board::SquareIdx;
use crate::engine::coop::{Cat, GhostSpot, Hound, Move, Step};
use crate::engine::{Action, Game, Phase, Pos, Spot};
use std::f64::consts::PI;
use web_sys::CanvasRenderingContext2d as Ctx;

/// The six meeple colours of the cooperative game (red, green, blue, yellow, black, pink).
pub const COLOUR_HEX: [&str; 6] = ["#d9342b", "#2e9b4a", "#2f6fd6", "#e8c21f", "#3a3a3a", "#e477b3"];

/// One place to click, in board coordinates, and what it does.
pub struct Spot2 {
    /// The action.
    pub action: Action,
    /// Board x.
    pub x: f64,
    /// Board y.
    pub y: f64,
    /// A whole square (drawn as a square) rather than a point (drawn as a ring).
    pub square: bool,
}

/// Where the ghosts of a spot stand on a square: the first one's point in board units.
fn spot_point(g: &Game, sq: SquareIdx, spot: GhostSpot) -> (f64, f64) {
    let placed = g.board().square(sq);
    let def = g.def_at(sq);
    let (local, dy) = match spot {
        GhostSpot::Mist(r) => (def.mist_node(r), 0.1),
        GhostSpot::Circle(r) => (def.mist_node(r), 0.0),
        GhostSpot::Cemetery => (def.building_node().unwrap_or(0), -0.12),
    };
    let p = art::rotate(art::anchor(def, local), placed.rot.quarters());
    (
        placed.pos.x as f64 + p.x,
        (placed.pos.y as f64 + p.y + dy).clamp(placed.pos.y as f64 + 0.1, placed.pos.y as f64 + 0.9),
    )
}

/// The back of a face-down tile (COOP-3c): plain, with a border and a diamond.
pub fn draw_back(ctx: &Ctx, pos: Pos) {
    let (x, y) = (pos.x as f64, pos.y as f64);
    ctx.set_fill_style_str("#6b4f33");
    ctx.fill_rect(x, y, 1.0, 1.0);
    ctx.set_stroke_style_str("#caa574");
    ctx.set_line_width(0.04);
    ctx.stroke_rect(x + 0.08, y + 0.08, 0.84, 0.84);
    ctx.begin_path();
    ctx.move_to(x + 0.5, y + 0.22);
    ctx.line_to(x + 0.78, y + 0.5);
    ctx.line_to(x + 0.5, y + 0.78);
    ctx.line_to(x + 0.22, y + 0.5);
    ctx.close_path();
    ctx.stroke();
}

/// Every ghost on the board, in its spot: up to four drawn, then a count.
pub fn draw_ghosts(ctx: &Ctx, g: &Game) {
    for &(sq, spot, n) in &g.coop().ghosts {
        let (x, y) = spot_point(g, sq, spot);
        let shown = n.min(4);
        for k in 0..shown {
            let dx = (k as f64 - (shown as f64 - 1.0) / 2.0) * 0.17;
            ctx.save();
            ctx.translate(x + dx, y).ok();
            ctx.scale(0.17, 0.17).ok();
            if matches!(spot, GhostSpot::Circle(_)) {
                // Trapped in a circle: ringed.
                ctx.begin_path();
                ctx.arc(0.0, 0.0, 0.62, 0.0, 2.0 * PI).ok();
                ctx.set_stroke_style_str("rgba(120,80,200,0.95)");
                ctx.set_line_width(0.14);
                ctx.stroke();
            }
            render::draw_ghost(ctx);
            ctx.restore();
        }
        if n > shown {
            ctx.set_fill_style_str("#ffffff");
            ctx.set_font("0.14px sans-serif");
            ctx.fill_text(&format!("+{}", n - shown), x + 0.32, y + 0.05).ok();
        }
    }
}

/// The companions of the meeple at `node` (drawn in the meeple's frame, after it): Eloïse
/// and the hounds with it.
pub fn draw_companions(ctx: &Ctx, g: &Game, node: u32) {
    let st = g.coop();
    if st.cat == Cat::At(node) {
        ctx.save();
        ctx.translate(-0.75, 0.25).ok();
        ctx.scale(0.6, 0.6).ok();
        render::draw_cat(ctx);
        ctx.restore();
    }
    let mut k = 0.0;
    for h in &st.hounds {
        if matches!(*h, Hound::With { node: n, .. } if n == node) {
            ctx.save();
            ctx.translate(0.85, 0.25 - k).ok();
            ctx.scale(0.75, 0.75).ok();
            render::draw_hound(ctx);
            ctx.restore();
            k += 0.6;
        }
    }
}

/// The places to click in the step awaited. In the meeple step only `colour`'s spots; in
/// the scoring step the features' meeples (points) and, for the first feature, the squares
/// to remove ghosts from.
pub fn choices(g: &Game, colour: u8) -> Vec<Spot2> {
    let Phase::Coop(step) = g.phase() else { return Vec::new() };
    let legal = g.legal_actions();
    let figure_point = |pos: Pos, spot: Spot| -> Option<(f64, f64)> {
        let i = g.figure_at(pos, spot)?;
        let node = g.features().node(g.figures()[i].node);
        let placed = g.board().square(node.square);
        let p = art::rotate(art::anchor(g.def_at(node.square), node.local), placed.rot.quarters());
        Some((placed.pos.x as f64 + p.x, placed.pos.y as f64 + p.y))
    };
    let centre = |pos: Pos| (pos.x as f64 + 0.5, pos.y as f64 + 0.5);
    // The colour clicks place: the one chosen, else the first the seat may place.
    let colours: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Coop(Move::Meeple { colour, .. }) => Some(*colour),
            _ => None,
        })
        .collect();
    let colour = if colours.contains(&colour) { colour } else { colours.first().copied().unwrap_or(colour) };
    let first_feature = legal.iter().find_map(|a| match a {
        Action::Coop(Move::Points { pos, spot }) => Some((*pos, *spot)),
        _ => None,
    });
    let mut out = Vec::new();
    for a in legal {
        let Action::Coop(m) = a else { continue };
        let (point, square) = match m {
            Move::Meeple { colour: c, spot } if c == colour => {
                let Step::Meeple { square } = step else { continue };
                let placed = g.board().square(square);
                let def = g.def_at(square);
                let local = match spot {
                    Spot::Port(p) => def.owner(p),
                    Spot::Building => def.building_node().unwrap_or(0),
                };
                let p = art::rotate(art::anchor(def, local), placed.rot.quarters());
                (Some((placed.pos.x as f64 + p.x, placed.pos.y as f64 + p.y)), false)
            }
            Move::Meeple { .. } | Move::BuryFromSupply { .. } => continue,
            Move::Bury { pos, spot } | Move::With { pos, spot } | Move::Points { pos, spot } => {
                (figure_point(pos, spot), false)
            }
            Move::Remove { pos, spot, from } if Some((pos, spot)) == first_feature => (Some(centre(from)), true),
            Move::Remove { .. } => continue,
            Move::Ghost { pos, spot } => (g.board().square_at(pos).map(|sq| spot_point(g, sq, spot)), false),
            Move::Clear { pos } | Move::FaceDown { pos } => (Some(centre(pos)), true),
        };
        if let Some((x, y)) = point {
            out.push(Spot2 { action: a, x, y, square });
        }
    }
    out
}
