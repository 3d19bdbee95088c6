//! The cooperative game on the board: ghosts on their squares and spots, face-down tiles
//! as tile backs, Rufus, Ronja and Eloïse beside their meeples, and the places a player
//! clicks for each step (a meeple spot, a meeple, a ghost spot, a square).

use super::render::{self, Piece, GHOST_GAP};
use crate::engine::coop::{Cat, GhostSpot, Hound};
use crate::engine::{Game, Pos};
use crate::ui::targets::ghost_spot_point;
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

/// Every ghost on the board, in its spot: up to three drawn, then a count.
pub fn draw_ghosts(ctx: &Ctx, g: &Game) {
    let gap = GHOST_GAP * render::piece_scale();
    for &(sq, spot, n) in &g.coop().ghosts {
        let (x, y) = ghost_spot_point(g, sq, spot);
        let shown = n.min(3);
        let square = g.board().square(sq);
        for k in 0..shown {
            let (px, py, piece) = match spot {
                // Trapped: ringed, each on its printed circle.
                GhostSpot::Circle(r) => {
                    let def = g.def_at(sq);
                    let a = crate::art::anchor(def, def.mist_node(r));
                    let circles = def.mist[r as usize].circles.max(shown);
                    let p = crate::art::rotate(crate::art::circle_point(a, k, circles), square.rot.quarters());
                    (square.pos.x as f64 + p.x, square.pos.y as f64 + p.y, Piece::Trapped)
                }
                _ => (x + (k as f64 - (shown as f64 - 1.0) / 2.0) * gap, y, Piece::Ghost),
            };
            ctx.save();
            ctx.translate(px, py).ok();
            render::draw_piece(ctx, piece);
            ctx.restore();
        }
        if n > shown {
            ctx.set_fill_style_str("#ffffff");
            ctx.set_font("bold 0.16px sans-serif");
            ctx.set_stroke_style_str("rgba(40,50,70,0.9)");
            ctx.set_line_width(0.03);
            let (tx, label) = (x + (shown as f64 - 1.0) / 2.0 * gap + 0.11, format!("+{}", n - shown));
            ctx.stroke_text(&label, tx, y + 0.06).ok();
            ctx.fill_text(&label, tx, y + 0.06).ok();
        }
    }
}

/// The companions of the meeple at `node`, drawn at its spot (the origin) in board units
/// after it: Eloïse on its left, the hounds with it on its right.
pub fn draw_companions(ctx: &Ctx, g: &Game, node: u32) {
    let st = g.coop();
    let s = render::piece_scale();
    if st.cat == Cat::At(node) {
        ctx.save();
        ctx.translate(-0.22 * s, 0.06 * s).ok();
        render::draw_piece(ctx, Piece::Cat);
        ctx.restore();
    }
    let mut k = 0.0;
    for h in &st.hounds {
        if matches!(*h, Hound::With { node: n, .. } if n == node) {
            ctx.save();
            ctx.translate(0.3 * s, (0.06 - k) * s).ok();
            render::draw_piece(ctx, Piece::Hound);
            ctx.restore();
            k += 0.2;
        }
    }
}
