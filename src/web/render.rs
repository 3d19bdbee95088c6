//! Drawing on a 2D canvas: tiles procedurally from their data, figures, highlights.
//! Every function draws in the current transform's units: a tile is the unit square in
//! its printed orientation (the caller rotates), a figure is about one unit tall.

use crate::art::{city_outline, road_path, PathCmd, Pt};
use crate::engine::tiles::{FeatureKind, TileDef};
use crate::engine::FigureKind;
use std::f64::consts::PI;
use web_sys::CanvasRenderingContext2d as Ctx;

/// Default player colours: red, blue, green, yellow, black.
pub const COLORS: [&str; 5] = ["#d9342b", "#2f6fd6", "#2e9b4a", "#e8c21f", "#3a3a3a"];

const FIELD: &str = "#8fbf5a";
const FIELD_EDGE: &str = "#6f9a44";
const ROAD: &str = "#f1e8d0";
const ROAD_EDGE: &str = "#8a7654";
const CITY: &str = "#c9a066";
const CITY_DARK: &str = "#a97f48";
const WALL: &str = "#5e4127";
const RIVER: &str = "#4a90d9";
const RIVER_BANK: &str = "#2f6aa8";
const RIVER_SHINE: &str = "#9cc8f0";

fn trace(ctx: &Ctx, cmds: &[PathCmd]) {
    for c in cmds {
        match *c {
            PathCmd::Move(p) => ctx.move_to(p.x, p.y),
            PathCmd::Line(p) => ctx.line_to(p.x, p.y),
            PathCmd::Quad(c, p) => ctx.quadratic_curve_to(c.x, c.y, p.x, p.y),
        }
    }
}

/// One part of an inspected feature (segment `local`, a mist region or the building of
/// `def`), in the tile's printed frame: a city's outline, a road's course, a field or a
/// mist region as a veil over the square, a building as a ring. Filled and stroked in
/// the current styles.
pub fn highlight_part(ctx: &Ctx, def: &TileDef, local: u8) {
    ctx.begin_path();
    match def.segments.get(local as usize) {
        Some(seg) if seg.kind == FeatureKind::City => {
            trace(ctx, &city_outline(seg));
            ctx.close_path();
            ctx.fill();
            ctx.stroke();
        }
        Some(seg) if matches!(seg.kind, FeatureKind::Road | FeatureKind::River) => {
            trace(ctx, &road_path(seg));
            ctx.stroke();
        }
        Some(_) => {
            ctx.rect(0.06, 0.06, 0.88, 0.88);
            ctx.fill();
        }
        None if (local as usize) < def.segments.len() + def.mist.len() => {
            ctx.rect(0.04, 0.04, 0.92, 0.92);
            ctx.fill();
            ctx.stroke();
        }
        None => {
            ctx.arc(0.5, 0.5, 0.3, 0.0, 2.0 * PI).ok();
            ctx.stroke();
        }
    }
}

/// The curved parts of a city outline: its walls.
fn walls(ctx: &Ctx, cmds: &[PathCmd]) {
    let mut at = Pt { x: 0.0, y: 0.0 };
    for c in cmds {
        match *c {
            PathCmd::Move(p) | PathCmd::Line(p) => at = p,
            PathCmd::Quad(c, p) => {
                ctx.move_to(at.x, at.y);
                ctx.quadratic_curve_to(c.x, c.y, p.x, p.y);
                at = p;
            }
        }
    }
}

/// A river segment as water: dark banks, the stream, a glint along it; a river that ends
/// on the tile (the spring, the lake) widens into a pool.
fn draw_water(ctx: &Ctx, seg: &crate::engine::tiles::Segment) {
    let ends_here = seg.edge_count() == 1;
    for (width, color) in [(0.2, RIVER_BANK), (0.15, RIVER), (0.03, RIVER_SHINE)] {
        ctx.begin_path();
        trace(ctx, &road_path(seg));
        ctx.set_stroke_style_str(color);
        ctx.set_line_width(width);
        ctx.stroke();
        if ends_here {
            ctx.begin_path();
            let r = if color == RIVER_SHINE { 0.08 } else { 0.2 + width / 4.0 };
            let _ = ctx.ellipse(0.5, 0.5, r, r * 0.8, 0.0, 0.0, 2.0 * PI);
            ctx.set_fill_style_str(color);
            ctx.fill();
        }
    }
}

/// Draw a whole tile in the unit square (printed orientation; the caller has turned the
/// canvas by `rot` quarter turns). Buildings are drawn upright whatever the rotation.
/// `detail` adds the small touches (roofs) that only show when zoomed in.
pub fn draw_tile(ctx: &Ctx, def: &TileDef, rot: u8, detail: bool) {
    ctx.set_fill_style_str(FIELD);
    ctx.fill_rect(0.0, 0.0, 1.0, 1.0);

    // Rivers, then roads (cities and buildings are drawn over their ends).
    for seg in def.segments.iter().filter(|s| s.kind == FeatureKind::River) {
        draw_water(ctx, seg);
    }
    let roads: Vec<_> = def.segments.iter().filter(|s| s.kind == FeatureKind::Road).collect();
    for (width, color) in [(0.13, ROAD_EDGE), (0.09, ROAD)] {
        for seg in &roads {
            ctx.begin_path();
            trace(ctx, &road_path(seg));
            ctx.set_stroke_style_str(color);
            ctx.set_line_width(width);
            ctx.stroke();
        }
    }
    let dead_ends = roads.iter().filter(|s| s.edge_count() == 1).count();
    let has_city = def.segments.iter().any(|s| s.kind == FeatureKind::City);
    if def.building.is_none() && def.start.is_none() && (dead_ends >= 2 || (dead_ends == 1 && !has_city)) {
        draw_village(ctx);
    }

    draw_mist(ctx, def);
    if let Some(sq) = def.start {
        draw_ruin(ctx, sq);
    }

    for seg in def.segments.iter().filter(|s| s.kind == FeatureKind::City) {
        let outline = city_outline(seg);
        ctx.begin_path();
        trace(ctx, &outline);
        ctx.close_path();
        ctx.set_fill_style_str(CITY);
        ctx.fill();
        if detail {
            // Roofs along the city's edges, kept inside its walls.
            ctx.save();
            ctx.clip();
            ctx.set_fill_style_str(CITY_DARK);
            for side in crate::engine::Side::ALL {
                if seg.ports & crate::engine::Port::middle(side).bit() != 0 {
                    let m = crate::art::side_mid(side);
                    let (x, y) = (m.x + (0.5 - m.x) * 0.22, m.y + (0.5 - m.y) * 0.22);
                    for (dx, dy) in [(-0.2, 0.0), (0.12, -0.02), (-0.05, 0.03)] {
                        let (ox, oy) = if m.x == 0.5 { (dx, dy) } else { (dy, dx) };
                        ctx.fill_rect(x + ox - 0.035, y + oy - 0.025, 0.07, 0.05);
                    }
                }
            }
            ctx.restore();
        }
        ctx.begin_path();
        walls(ctx, &outline);
        ctx.set_stroke_style_str(WALL);
        ctx.set_line_width(0.045);
        ctx.stroke();
        if seg.pennants > 0 {
            let i = def.segments.iter().position(|s| std::ptr::eq(s, seg)).unwrap();
            let a = crate::art::anchor(def, i as u8);
            draw_pennant(ctx, a.x + 0.13, a.y - 0.1);
        }
    }

    ctx.save();
    ctx.translate(0.5, 0.5).ok();
    ctx.rotate(-(rot as f64) * PI / 2.0).ok();
    ctx.translate(-0.5, -0.5).ok();
    match def.building {
        Some(FeatureKind::Monastery) => draw_monastery(ctx),
        Some(FeatureKind::Shrine) => draw_shrine(ctx),
        Some(FeatureKind::Garden) => draw_garden(ctx),
        Some(FeatureKind::Castle) => draw_castle(ctx),
        Some(FeatureKind::Cemetery) => draw_cemetery(ctx),
        _ => {}
    }
    if let Some(t) = def.tower {
        draw_tower(ctx, t);
    }
    ctx.restore();

    ctx.set_stroke_style_str(FIELD_EDGE);
    ctx.set_line_width(0.015);
    ctx.stroke_rect(0.0, 0.0, 1.0, 1.0);
}

/// Mist: a soft fog over fields and roads, a half-disc on every misty port (the
/// neighbouring tile draws the other half, so a bank reads as one), drawn before the
/// cities so it never covers them.
fn draw_mist(ctx: &Ctx, def: &TileDef) {
    if def.mist.is_empty() {
        return;
    }
    ctx.save();
    ctx.begin_path();
    ctx.rect(0.0, 0.0, 1.0, 1.0);
    ctx.clip();
    ctx.begin_path();
    for m in &def.mist {
        let ports: Vec<_> = crate::engine::geometry::mask_ports(m.ports).collect();
        for p in &ports {
            let at = crate::art::port_point(*p);
            ctx.move_to(at.x + 0.3, at.y);
            ctx.arc(at.x, at.y, 0.3, 0.0, 2.0 * PI).ok();
        }
        if ports.is_empty() {
            ctx.move_to(0.82, 0.5);
            ctx.arc(0.5, 0.5, 0.32, 0.0, 2.0 * PI).ok();
        }
    }
    // Fog, not terrain: a pale grey veil with soft billows, neither field green nor the
    // river's blue, at every zoom.
    ctx.set_fill_style_str("rgba(224,226,234,0.8)");
    ctx.fill();
    ctx.save();
    ctx.clip();
    ctx.set_fill_style_str("rgba(255,255,255,0.45)");
    for (x, y, r) in [
        (0.12, 0.15, 0.13),
        (0.5, 0.08, 0.12),
        (0.86, 0.2, 0.14),
        (0.1, 0.55, 0.12),
        (0.9, 0.6, 0.13),
        (0.2, 0.9, 0.14),
        (0.58, 0.92, 0.12),
        (0.88, 0.92, 0.11),
        (0.45, 0.45, 0.12),
    ] {
        ctx.begin_path();
        ctx.arc(x, y, r, 0.0, 2.0 * PI).ok();
        ctx.arc(x + r * 0.9, y + r * 0.2, r * 0.7, 0.0, 2.0 * PI).ok();
        ctx.fill();
    }
    ctx.restore();
    // Spell circles: violet rings inside their mist region.
    for (m, region) in def.mist.iter().enumerate() {
        let a = crate::art::anchor(def, def.mist_node(m as u8));
        for k in 0..region.circles {
            let p = crate::art::circle_point(a, k, region.circles);
            ctx.save();
            ctx.translate(p.x, p.y).ok();
            draw_piece(ctx, Piece::Circle);
            ctx.restore();
        }
    }
    ctx.restore();
}

/// A quarter of the ruin at the start tile's centre, in this square's inner corner.
fn draw_ruin(ctx: &Ctx, sq: crate::engine::tiles::StartSquare) {
    let (x, y) = sq.ruin_corner();
    let (x, y) = (x as f64, y as f64);
    ctx.save();
    ctx.begin_path();
    ctx.rect(0.0, 0.0, 1.0, 1.0);
    ctx.clip();
    ctx.begin_path();
    ctx.arc(x, y, 0.2, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str("#9b958a");
    ctx.fill();
    ctx.set_stroke_style_str("#5d574d");
    ctx.set_line_width(0.03);
    ctx.stroke();
    ctx.begin_path();
    ctx.arc(x, y, 0.1, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str("#6f695e");
    ctx.fill();
    ctx.restore();
}

/// A piece that stands on the board beside the tiles' own art. Each has a silhouette of
/// its own and is at least 16 CSS pixels across each way at the zoom a game opens with on
/// a phone, 97.5 pixels a square (tests/e2e/pieces.test.mjs measures them as drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A ghost (the Ghosts set, the cooperative game).
    Ghost,
    /// A ghost trapped in a spell circle: the ghost in a violet ring.
    Trapped,
    /// Eloïse the cat (The Spell Circles).
    Cat,
    /// A hound, Rufus or Ronja (the cooperative game).
    Hound,
    /// An empty spell circle printed in the mist.
    Circle,
}

impl Piece {
    /// Every piece, in the order the pieces legend lists them.
    pub const ALL: [Piece; 5] = [Piece::Ghost, Piece::Trapped, Piece::Cat, Piece::Hound, Piece::Circle];

    /// Its name, as `drawPiece` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Ghost => "ghost",
            Piece::Trapped => "trapped",
            Piece::Cat => "cat",
            Piece::Hound => "hound",
            Piece::Circle => "circle",
        }
    }

    /// The piece of that name.
    pub fn from_name(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How far apart ghosts side by side stand, in board units at a piece scale of 1: a
/// ghost's width and a little (times [`piece_scale`] as drawn).
pub const GHOST_GAP: f64 = 0.19;

/// The zoom (CSS pixels a square) at which every piece is drawn at its own size: a game's
/// opening zoom on a phone, where each is at least 16 pixels each way.
pub const PIECE_ZOOM: f64 = 97.5;

thread_local! {
    /// The scale pieces are drawn at now ([`set_piece_zoom`]).
    static PIECE_SCALE: std::cell::Cell<f64> = const { std::cell::Cell::new(1.0) };
}

/// Draw pieces for a board shown at `px_per_square`: below [`PIECE_ZOOM`] they grow (up to
/// two and a half times their size), so that a ghost or a spell circle stays 16 pixels
/// across on a board zoomed out to fit a whole mid-game table, on a phone too
/// (tests/e2e/pieces.test.mjs measures both).
pub fn set_piece_zoom(px_per_square: f64) {
    let s = if px_per_square > 0.0 { (PIECE_ZOOM / px_per_square).clamp(1.0, 2.5) } else { 1.0 };
    PIECE_SCALE.with(|c| c.set(s));
}

/// The scale pieces are drawn at now: offsets beside a meeple and gaps between ghosts grow
/// with it, so that bigger pieces keep apart.
pub fn piece_scale() -> f64 {
    PIECE_SCALE.with(|c| c.get())
}

/// Draw `piece` centred on the origin, in board units (a square is 1).
pub fn draw_piece(ctx: &Ctx, piece: Piece) {
    ctx.save();
    let s = piece_scale();
    ctx.scale(s, s).ok();
    match piece {
        Piece::Ghost => {
            ctx.scale(0.23, 0.23).ok();
            draw_ghost(ctx);
        }
        Piece::Trapped => {
            ctx.begin_path();
            ctx.arc(0.0, 0.0, 0.125, 0.0, 2.0 * PI).ok();
            ctx.set_stroke_style_str("rgba(112,64,170,0.95)");
            ctx.set_line_width(0.03);
            ctx.stroke();
            ctx.scale(0.22, 0.22).ok();
            draw_ghost(ctx);
        }
        Piece::Cat => {
            ctx.scale(0.27, 0.27).ok();
            draw_cat(ctx);
        }
        Piece::Hound => {
            ctx.scale(0.3, 0.3).ok();
            draw_hound(ctx);
        }
        Piece::Circle => {
            ctx.begin_path();
            ctx.arc(0.0, 0.0, 0.085, 0.0, 2.0 * PI).ok();
            ctx.set_stroke_style_str("rgba(112,64,170,0.95)");
            ctx.set_line_width(0.026);
            ctx.stroke();
            ctx.begin_path();
            ctx.arc(0.0, 0.0, 0.04, 0.0, 2.0 * PI).ok();
            ctx.set_fill_style_str("rgba(112,64,170,0.55)");
            ctx.fill();
        }
    }
    ctx.restore();
}

/// Eloïse the cat, sitting, about one unit tall centred on the origin.
fn draw_cat(ctx: &Ctx) {
    ctx.begin_path();
    ctx.ellipse(0.0, 0.2, 0.3, 0.28, 0.0, 0.0, 2.0 * PI).ok();
    ctx.move_to(0.2, -0.2);
    ctx.arc(0.0, -0.2, 0.2, 0.0, 2.0 * PI).ok();
    polygon(ctx, &[(-0.18, -0.3), (-0.16, -0.52), (-0.04, -0.36)]);
    polygon(ctx, &[(0.18, -0.3), (0.16, -0.52), (0.04, -0.36)]);
    ctx.set_fill_style_str("#2b2622");
    ctx.fill();
    ctx.set_stroke_style_str("#f2e6c9");
    ctx.set_line_width(0.05);
    ctx.stroke();
    eyes(ctx, "#e8d35a", 0.08, -0.22, 0.04);
}

/// A hound (Rufus or Ronja), lying, about one unit long centred on the origin.
fn draw_hound(ctx: &Ctx) {
    ctx.begin_path();
    ctx.ellipse(0.0, 0.1, 0.38, 0.2, 0.0, 0.0, 2.0 * PI).ok();
    ctx.move_to(0.52, -0.12);
    ctx.arc(0.36, -0.12, 0.16, 0.0, 2.0 * PI).ok();
    polygon(ctx, &[(0.26, -0.2), (0.2, 0.08), (0.32, 0.0)]);
    polygon(ctx, &[(-0.34, 0.02), (-0.56, -0.2), (-0.5, -0.24), (-0.3, -0.06)]);
    ctx.set_fill_style_str("#a0652f");
    ctx.fill();
    ctx.set_stroke_style_str("#f2e6c9");
    ctx.set_line_width(0.05);
    ctx.stroke();
    eyes(ctx, "#1d1208", 0.0, -0.16, 0.035);
}

/// A small ghost about one unit tall centred on the origin.
fn draw_ghost(ctx: &Ctx) {
    ctx.begin_path();
    ctx.move_to(-0.35, 0.45);
    ctx.line_to(-0.35, -0.1);
    ctx.arc(0.0, -0.1, 0.35, PI, 2.0 * PI).ok();
    ctx.line_to(0.35, 0.45);
    ctx.line_to(0.18, 0.3);
    ctx.line_to(0.0, 0.45);
    ctx.line_to(-0.18, 0.3);
    ctx.close_path();
    ctx.set_fill_style_str("rgba(250,252,255,0.95)");
    ctx.fill();
    ctx.set_stroke_style_str("rgba(40,50,70,0.8)");
    ctx.set_line_width(0.06);
    ctx.stroke();
    eyes(ctx, "#1d2433", 0.12, -0.1, 0.06);
}

/// Two round eyes at (±`dx`, `y`) of radius `r`.
fn eyes(ctx: &Ctx, color: &str, dx: f64, y: f64, r: f64) {
    ctx.set_fill_style_str(color);
    for x in [-dx, dx] {
        ctx.begin_path();
        ctx.arc(x, y, r, 0.0, 2.0 * PI).ok();
        ctx.fill();
    }
}

/// A watchtower with its symbol on a pale banner, upright at the tile's centre.
fn draw_tower(ctx: &Ctx, symbol: crate::engine::tiles::Tower) {
    use crate::engine::tiles::Tower;
    ctx.set_fill_style_str("#8a8278");
    ctx.fill_rect(0.42, 0.3, 0.16, 0.32);
    for x in [0.42, 0.47, 0.53] {
        ctx.fill_rect(x, 0.26, 0.05, 0.05);
    }
    ctx.set_stroke_style_str("#3f3a33");
    ctx.set_line_width(0.015);
    ctx.stroke_rect(0.42, 0.3, 0.16, 0.32);
    // The banner with the symbol (TOWER-8).
    ctx.begin_path();
    ctx.arc(0.5, 0.72, 0.11, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str("#f7f1df");
    ctx.fill();
    ctx.set_stroke_style_str("#3f3a33");
    ctx.stroke();
    ctx.save();
    ctx.translate(0.5, 0.72).ok();
    match symbol {
        Tower::Meeple => {
            ctx.scale(0.14, 0.14).ok();
            draw_figure(ctx, FigureKind::Meeple, "#4a4a4a", false);
        }
        Tower::Arms => draw_pennant(ctx, 0.0, -0.01),
        Tower::Road => {
            ctx.set_stroke_style_str("#8a7654");
            ctx.set_line_width(0.04);
            ctx.begin_path();
            ctx.move_to(-0.07, 0.06);
            ctx.quadratic_curve_to(0.0, 0.0, 0.07, -0.06);
            ctx.stroke();
        }
        Tower::Monastery => {
            ctx.set_fill_style_str("#b4433c");
            ctx.fill_rect(-0.012, -0.075, 0.024, 0.15);
            ctx.fill_rect(-0.05, -0.04, 0.1, 0.024);
        }
        Tower::City => {
            ctx.set_fill_style_str(CITY);
            ctx.fill_rect(-0.07, -0.02, 0.14, 0.08);
            ctx.set_fill_style_str(WALL);
            for x in [-0.07, -0.02, 0.03] {
                ctx.fill_rect(x, -0.05, 0.035, 0.03);
            }
        }
    }
    ctx.restore();
}

fn draw_village(ctx: &Ctx) {
    ctx.set_fill_style_str("#e9dcc0");
    ctx.fill_rect(0.41, 0.43, 0.18, 0.14);
    ctx.begin_path();
    ctx.move_to(0.39, 0.44);
    ctx.line_to(0.5, 0.35);
    ctx.line_to(0.61, 0.44);
    ctx.close_path();
    ctx.set_fill_style_str("#a3483a");
    ctx.fill();
}

/// A coat of arms (pennant): a purple shield with a white border and bar, a colour no seat
/// plays (red, blue, green, yellow, black; the co-op's pink), so that it never reads as a
/// meeple's.
fn draw_pennant(ctx: &Ctx, x: f64, y: f64) {
    ctx.begin_path();
    ctx.move_to(x - 0.06, y - 0.06);
    ctx.line_to(x + 0.06, y - 0.06);
    ctx.line_to(x + 0.06, y + 0.01);
    ctx.quadratic_curve_to(x + 0.05, y + 0.06, x, y + 0.08);
    ctx.quadratic_curve_to(x - 0.05, y + 0.06, x - 0.06, y + 0.01);
    ctx.close_path();
    ctx.set_fill_style_str("#6c3483");
    ctx.fill();
    ctx.set_stroke_style_str("#f4f4f4");
    ctx.set_line_width(0.012);
    ctx.stroke();
    ctx.set_fill_style_str("#f4f4f4");
    ctx.fill_rect(x - 0.012, y - 0.045, 0.024, 0.1);
}

/// A monastery: a church with a steep red roof and a cross.
fn draw_monastery(ctx: &Ctx) {
    ctx.set_fill_style_str("#ece0c4");
    ctx.fill_rect(0.36, 0.42, 0.28, 0.22);
    ctx.begin_path();
    ctx.move_to(0.32, 0.44);
    ctx.line_to(0.5, 0.3);
    ctx.line_to(0.68, 0.44);
    ctx.close_path();
    ctx.set_fill_style_str("#b4433c");
    ctx.fill();
    ctx.set_fill_style_str("#5a4632");
    ctx.fill_rect(0.47, 0.53, 0.06, 0.11);
    ctx.set_stroke_style_str("#3b2f22");
    ctx.set_line_width(0.012);
    ctx.stroke_rect(0.36, 0.42, 0.28, 0.22);
    ctx.set_fill_style_str("#3b2f22");
    ctx.fill_rect(0.494, 0.2, 0.012, 0.1);
    ctx.fill_rect(0.47, 0.23, 0.06, 0.012);
}

/// A shrine (Heretics & Shrines): a round temple, a violet dome on white columns over
/// steps, so that it never reads as a monastery's roof and cross.
fn draw_shrine(ctx: &Ctx) {
    ctx.set_fill_style_str("#cfc6dc");
    ctx.fill_rect(0.29, 0.61, 0.42, 0.05);
    ctx.fill_rect(0.32, 0.57, 0.36, 0.05);
    ctx.set_fill_style_str("#f3eff8");
    for x in [0.345, 0.425, 0.535, 0.615] {
        ctx.fill_rect(x, 0.44, 0.04, 0.13);
    }
    ctx.set_fill_style_str("#b8b0c9");
    ctx.fill_rect(0.32, 0.41, 0.36, 0.04);
    ctx.begin_path();
    ctx.arc(0.5, 0.41, 0.16, PI, 2.0 * PI).ok();
    ctx.close_path();
    ctx.set_fill_style_str("#4d3b70");
    ctx.fill();
    ctx.set_stroke_style_str("#2d2240");
    ctx.set_line_width(0.012);
    ctx.stroke();
    ctx.stroke_rect(0.29, 0.57, 0.42, 0.09);
    ctx.begin_path();
    ctx.arc(0.5, 0.225, 0.028, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str("#d9b44a");
    ctx.fill();
}

fn draw_garden(ctx: &Ctx) {
    for (x, y, r) in [(0.44, 0.5, 0.07), (0.56, 0.47, 0.06), (0.52, 0.58, 0.06)] {
        ctx.begin_path();
        ctx.arc(x, y, r, 0.0, 2.0 * PI).ok();
        ctx.set_fill_style_str("#3f7d31");
        ctx.fill();
    }
}

fn draw_castle(ctx: &Ctx) {
    ctx.set_fill_style_str("#8d8a96");
    ctx.fill_rect(0.36, 0.4, 0.28, 0.22);
    for x in [0.33, 0.59] {
        ctx.fill_rect(x, 0.32, 0.08, 0.3);
    }
    ctx.set_fill_style_str("#4b4857");
    ctx.fill_rect(0.47, 0.5, 0.06, 0.12);
}

fn draw_cemetery(ctx: &Ctx) {
    ctx.set_fill_style_str("#6f6a63");
    for (x, y) in [(0.4, 0.42), (0.52, 0.38), (0.46, 0.54), (0.58, 0.52)] {
        ctx.begin_path();
        ctx.move_to(x, y + 0.08);
        ctx.line_to(x, y + 0.02);
        ctx.arc(x + 0.03, y + 0.02, 0.03, PI, 2.0 * PI).ok();
        ctx.line_to(x + 0.06, y + 0.08);
        ctx.close_path();
        ctx.fill();
    }
}

/// Add a closed polygon to the current path.
fn polygon(ctx: &Ctx, pts: &[(f64, f64)]) {
    ctx.move_to(pts[0].0, pts[0].1);
    for (x, y) in &pts[1..] {
        ctx.line_to(*x, *y);
    }
    ctx.close_path();
}

/// Draw seat `mark`'s colour-blind mark on a figure drawn by [`draw_figure`]: a white
/// dot, triangle, square, diamond, cross or ring (the page's swatches show the same).
pub fn draw_mark(ctx: &Ctx, mark: u8) {
    ctx.save();
    ctx.translate(0.0, 0.12).ok();
    ctx.begin_path();
    let r = 0.16;
    match mark {
        1 => polygon(ctx, &[(0.0, -r), (r, r * 0.8), (-r, r * 0.8)]),
        2 => ctx.rect(-r * 0.8, -r * 0.8, r * 1.6, r * 1.6),
        3 => polygon(ctx, &[(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]),
        4 => {
            let w = r * 0.35;
            polygon(
                ctx,
                &[
                    (-w, -r),
                    (w, -r),
                    (w, -w),
                    (r, -w),
                    (r, w),
                    (w, w),
                    (w, r),
                    (-w, r),
                    (-w, w),
                    (-r, w),
                    (-r, -w),
                    (-w, -w),
                ],
            );
        }
        _ => {
            ctx.arc(0.0, 0.0, r * 0.85, 0.0, 2.0 * PI).ok();
        }
    }
    ctx.set_fill_style_str(if mark == 5 { "rgba(0,0,0,0)" } else { "#ffffff" });
    ctx.fill();
    ctx.set_stroke_style_str(if mark == 5 { "#ffffff" } else { "rgba(0,0,0,0.85)" });
    ctx.set_line_width(if mark == 5 { 0.09 } else { 0.045 });
    ctx.stroke();
    ctx.restore();
}

/// Draw a figure about one unit tall centred on the origin; farmers lie down.
pub fn draw_figure(ctx: &Ctx, kind: FigureKind, color: &str, lying: bool) {
    ctx.save();
    if lying {
        ctx.rotate(-PI / 2.0).ok();
    }
    ctx.begin_path();
    match kind {
        FigureKind::Abbot => {
            polygon(ctx, &[(-0.12, -0.3), (-0.24, -0.05), (-0.32, 0.48), (0.32, 0.48), (0.24, -0.05), (0.12, -0.3)]);
            ctx.move_to(0.15, -0.33);
            ctx.arc(0.0, -0.33, 0.15, 0.0, 2.0 * PI).ok();
        }
        _ => {
            polygon(
                ctx,
                &[
                    (-0.13, -0.2),
                    (-0.47, -0.08),
                    (-0.43, 0.07),
                    (-0.17, 0.03),
                    (-0.35, 0.48),
                    (-0.06, 0.48),
                    (0.0, 0.3),
                    (0.06, 0.48),
                    (0.35, 0.48),
                    (0.17, 0.03),
                    (0.43, 0.07),
                    (0.47, -0.08),
                    (0.13, -0.2),
                ],
            );
            ctx.move_to(0.16, -0.32);
            ctx.arc(0.0, -0.32, 0.16, 0.0, 2.0 * PI).ok();
        }
    }
    ctx.set_fill_style_str(color);
    ctx.fill();
    ctx.set_stroke_style_str("rgba(0,0,0,0.75)");
    ctx.set_line_width(0.07);
    ctx.stroke();
    if kind == FigureKind::Guard {
        // A guard wears a white band and a pointed white helmet: another outline at a glance.
        ctx.set_fill_style_str("#ffffff");
        ctx.fill_rect(-0.3, -0.12, 0.6, 0.09);
        ctx.begin_path();
        polygon(ctx, &[(-0.22, -0.4), (0.0, -0.72), (0.22, -0.4)]);
        ctx.fill();
        ctx.stroke();
    }
    ctx.restore();
}
