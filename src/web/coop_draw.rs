//! The cooperative game on the board: ghosts on their squares and spots, face-down tiles
//! as tile backs, Rufus, Ronja and Eloïse beside their meeples, and the places a player
//! clicks for each step (a meeple spot, a meeple, a ghost spot, a square).

use super::render;
use crate::engine::coop::{Cat, GhostSpot, Hound};
use crate::engine::{Game, Pos};
use crate::ui::targets::ghost_spot_point;
use std::f64::consts::PI;
use web_sys::CanvasRenderingContext2d as Ctx;

/// The six meeple colours of the cooperative game (red, green, blue, yellow, black, pink).
pub const COLOUR_HEX: [&str; 6] = ["#d9342b", "#2e9b4a", "#2f6fd6", "#e8c21f", "#3a3a3a", "#e477b3"];

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
        let (x, y) = ghost_spot_point(g, sq, spot);
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
