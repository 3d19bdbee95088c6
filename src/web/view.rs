//! The board on a canvas: camera, drawing, and input (mouse, touch, keyboard) for
//! placing tiles and figures. Redraws only when something changed, in one animation
//! frame; crisp on high-DPI screens.

use super::api::WasmGame;
use super::coop_draw;
use super::render::{self, COLORS};
use super::session::{self, Shared};
use super::to_js;
use crate::art;
use crate::engine::coop::Step;
use crate::engine::tiles::FeatureKind;
use crate::engine::{Action, FigureKind, Part, Phase, Pos, Rotation, TileSet};
use crate::ui::camera::Camera;
use crate::ui::motion::{self, Anim, Effect};
use crate::ui::targets::{self, choosing, Choice, SPOT_RADIUS};
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::f64::consts::PI;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, KeyboardEvent, PointerEvent, WheelEvent};

struct Pointer {
    id: i32,
    x: f64,
    y: f64,
    down_x: f64,
    down_y: f64,
    /// When it went down (ms): a long press on a touch screen inspects.
    down_at: f64,
    moved: bool,
}

/// How long a touch must rest to inspect instead of click (ms).
const LONG_PRESS_MS: f64 = 450.0;

/// The tile under the pointer and the parts of it being inspected (feature, mist).
type Inspecting = (Pos, Option<Part>, Option<Part>);

struct State {
    shared: Shared,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    cam: Camera,
    dpr: f64,
    hover: Option<Pos>,
    rot: u8,
    spot_hover: Option<usize>,
    focus: Option<usize>,
    figure: FigureKind,
    /// The colour clicks place in the cooperative game's meeple step.
    colour: u8,
    pointers: Vec<Pointer>,
    pinch: Option<f64>,
    fitted: bool,
    /// The player moved the camera; stop following the board until they ask to fit.
    user_camera: bool,
    seen_version: u64,
    frames: u32,
    draw_total_ms: f64,
    draw_max_ms: f64,
    first_frame_at: f64,
    /// The previewed rotation changed; the page hears of it once the view is released.
    preview_changed: bool,
    /// A computer player is on turn: input moves the camera but plays nothing.
    locked: bool,
    /// Online play: a move is not applied here but told to the page (`boardaction`), which
    /// sends it to the server; the game here changes when the server says so.
    remote: bool,
    /// The feature (and mist bank) the pointer rests on, outlined on the board and told
    /// to the page as a `boardinspect` event.
    inspecting: Option<Inspecting>,
    /// Where on the canvas (CSS pixels) the inspection was asked for.
    inspect_point: (f64, f64),
    /// The animations running (ui::motion); empty when motion is off.
    anims: Vec<Anim>,
    /// The time of the frame being drawn (ms).
    clock: f64,
    /// Whether moves animate: not under `prefers-reduced-motion`, and not when the page
    /// turned it off (`setMotion`).
    motion: bool,
    /// Whether each figure carries its seat's colour-blind mark (`setMarks`).
    marks: bool,
}

/// What an input asks for once the view is no longer borrowed.
enum Command {
    Apply(Action),
    Undo,
    /// The inspected feature changed: tell the page.
    Inspect,
}

/// A board drawn on a canvas, attached to a game.
#[wasm_bindgen]
pub struct BoardView {
    state: Rc<RefCell<State>>,
    request: Rc<dyn Fn()>,
    frame: Rc<Frame>,
    listeners: Vec<Listener>,
    watch_id: u32,
    shared: Shared,
}

/// An event listener the view added, kept to remove it again.
type Listener = (web_sys::EventTarget, &'static str, Closure<dyn FnMut(web_sys::Event)>);
type FrameCallback = Closure<dyn FnMut(f64)>;

/// The animation frame: at most one requested at a time, cancelled when the view goes.
struct Frame {
    pending: Cell<Option<i32>>,
    callback: RefCell<Option<FrameCallback>>,
}

impl Frame {
    fn request(&self) {
        if self.pending.get().is_some() {
            return;
        }
        if let (Some(w), Some(cb)) = (web_sys::window(), self.callback.borrow().as_ref()) {
            self.pending.set(w.request_animation_frame(cb.as_ref().unchecked_ref()).ok());
        }
    }

    fn cancel(&self) {
        if let (Some(id), Some(w)) = (self.pending.take(), web_sys::window()) {
            w.cancel_animation_frame(id).ok();
        }
    }
}

/// Whether the player asked their system for less motion.
fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

fn color_of(shared: &Shared, player: usize) -> String {
    let s = shared.borrow();
    if s.game.is_coop() {
        // A seat of the cooperative game: the first colour it plays.
        let c = crate::engine::coop::colours_of(s.game.setup().players.len(), player).start;
        return coop_draw::COLOUR_HEX[c as usize % 6].to_string();
    }
    s.game.setup().players.get(player).and_then(|p| p.color.clone()).unwrap_or_else(|| COLORS[player % 5].to_string())
}

impl State {
    fn to_world(&self, sx: f64, sy: f64) -> (f64, f64) {
        self.cam.to_world(sx, sy)
    }

    fn sync_size(&mut self) {
        let dpr = web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0).max(1.0);
        let (w, h) = (self.canvas.client_width() as f64, self.canvas.client_height() as f64);
        if w != self.cam.width || h != self.cam.height || dpr != self.dpr {
            self.cam.width = w;
            self.cam.height = h;
            self.dpr = dpr;
            self.canvas.set_width((w * dpr).round().max(1.0) as u32);
            self.canvas.set_height((h * dpr).round().max(1.0) as u32);
        }
    }

    fn zoom_at(&mut self, sx: f64, sy: f64, factor: f64) {
        self.user_camera = true;
        self.cam.zoom_at(sx, sy, factor);
    }

    fn pan(&mut self, dx: f64, dy: f64) {
        self.user_camera = true;
        self.cam.pan(dx, dy);
    }

    fn fit(&mut self) {
        let bounds = self.shared.borrow().game.board().bounds();
        if let Some((lo, hi)) = bounds {
            self.fitted = self.cam.fit(lo, hi);
        }
    }

    /// Legal positions for the drawn tile, each with its legal rotations.
    fn placements(&self) -> Vec<(Pos, Vec<Rotation>)> {
        targets::placements(&self.shared.borrow().game)
    }

    fn rotation_at(&self, rots: &[Rotation]) -> Rotation {
        rots.iter().copied().find(|r| r.quarters() == self.rot).unwrap_or(rots[0])
    }

    /// What can be clicked in the step awaited.
    fn choices(&self) -> Vec<Choice> {
        targets::choices(&self.shared.borrow().game, self.figure, self.colour)
    }

    fn choice_near(&self, wx: f64, wy: f64) -> Option<usize> {
        targets::choice_near(&self.choices(), wx, wy, self.cam.zoom)
    }

    fn phase(&self) -> Phase {
        self.shared.borrow().game.phase()
    }

    /// A click or tap at a screen point.
    fn click(&mut self, sx: f64, sy: f64, is_mouse: bool) -> Option<Command> {
        let (wx, wy) = self.to_world(sx, sy);
        match self.phase() {
            Phase::Tile { tile } => {
                let pos = Pos::new(wx.floor() as i32, wy.floor() as i32);
                let places = self.placements();
                let (_, rots) = places.iter().find(|(p, _)| *p == pos)?;
                if is_mouse || self.hover == Some(pos) {
                    let rot = self.rotation_at(rots);
                    Some(Command::Apply(Action::PlaceTile { tile, pos, rot }))
                } else {
                    // First tap on a touch screen previews; the second places.
                    self.hover = Some(pos);
                    None
                }
            }
            p if choosing(p) => {
                let i = self.choice_near(wx, wy)?;
                Some(Command::Apply(self.choices().swap_remove(i).action))
            }
            _ => None,
        }
    }

    /// The mouse moved to (sx, sy): preview the tile on an open square, ring the spot of
    /// a choice, or else inspect the feature there. Returns whether to redraw, and
    /// `Command::Inspect` when the inspected feature changed.
    fn hover_at(&mut self, sx: f64, sy: f64) -> (bool, Option<Command>) {
        let (wx, wy) = self.to_world(sx, sy);
        let phase = if self.locked { Phase::Over } else { self.phase() };
        let over_target = match phase {
            Phase::Tile { .. } => {
                let pos = self.cam.square_at(sx, sy);
                let h = self.placements().iter().any(|(p, _)| *p == pos).then_some(pos);
                if h.is_some() && h != self.hover {
                    self.hover = h;
                    self.preview_changed = true;
                    return (true, self.inspect(None, sx, sy));
                }
                h.is_some()
            }
            p if choosing(p) => {
                let h = self.choice_near(wx, wy);
                let changed = h != self.spot_hover;
                self.spot_hover = h;
                if h.is_some() {
                    return (changed, self.inspect(None, sx, sy));
                }
                changed
            }
            _ => false,
        };
        let target = targets::inspect_at(&self.shared.borrow().game, wx, wy);
        let cmd = self.inspect(target, sx, sy);
        (over_target || cmd.is_some(), cmd)
    }

    /// Inspect `target` (asked for at screen point sx, sy); `Command::Inspect` if that
    /// changes what is inspected.
    fn inspect(&mut self, target: Option<Inspecting>, sx: f64, sy: f64) -> Option<Command> {
        if target == self.inspecting {
            return None;
        }
        self.inspecting = target;
        self.inspect_point = (sx, sy);
        Some(Command::Inspect)
    }

    fn rotate(&mut self) {
        let places = self.placements();
        let Some(pos) = self.hover.or_else(|| places.first().map(|p| p.0)) else { return };
        let Some((_, rots)) = places.iter().find(|(p, _)| *p == pos) else { return };
        let cur = self.rotation_at(rots);
        let i = rots.iter().position(|r| *r == cur).unwrap_or(0);
        self.rot = rots[(i + 1) % rots.len()].quarters();
        self.hover = Some(pos);
        self.preview_changed = true;
    }

    /// The rotation the preview shows at the hovered position (or would show first).
    fn preview_rotation(&self) -> u8 {
        let places = self.placements();
        let at = self.hover.and_then(|h| places.iter().find(|(p, _)| *p == h)).or(places.first());
        at.map(|(_, rots)| self.rotation_at(rots).quarters()).unwrap_or(self.rot)
    }

    /// Move keyboard focus to the next (or previous) option; false when it runs off the end.
    fn cycle(&mut self, back: bool) -> bool {
        let n = match self.phase() {
            Phase::Tile { .. } => self.placements().len(),
            p if choosing(p) => self.choices().len(),
            _ => 0,
        };
        if n == 0 {
            return false;
        }
        let next = match (self.focus, back) {
            (None, false) => Some(0),
            (None, true) => Some(n - 1),
            (Some(i), false) if i + 1 < n => Some(i + 1),
            (Some(i), true) if i > 0 => Some(i - 1),
            _ => None,
        };
        self.focus = next;
        if let (Some(i), Phase::Tile { .. }) = (next, self.phase()) {
            let p = self.placements()[i].0;
            self.hover = Some(p);
            self.cam.x = p.x as f64 + 0.5;
            self.cam.y = p.y as f64 + 0.5;
        }
        if let (Some(i), true) = (next, choosing(self.phase())) {
            self.spot_hover = Some(i);
        }
        next.is_some()
    }

    fn confirm(&mut self) -> Option<Command> {
        match self.phase() {
            Phase::Tile { tile } => {
                let places = self.placements();
                let pos = self.hover?;
                let (_, rots) = places.iter().find(|(p, _)| *p == pos)?;
                Some(Command::Apply(Action::PlaceTile { tile, pos, rot: self.rotation_at(rots) }))
            }
            Phase::Figure { .. } => match self.spot_hover.or(self.focus) {
                Some(i) => self.choices().into_iter().nth(i).map(|c| Command::Apply(c.action)),
                None => Some(Command::Apply(Action::Pass)),
            },
            // Enter with nothing chosen: no meeple, or no more removal.
            Phase::Coop(Step::Meeple { .. } | Step::Removal { .. }) => match self.spot_hover.or(self.focus) {
                Some(i) => self.choices().into_iter().nth(i).map(|c| Command::Apply(c.action)),
                None => Some(Command::Apply(Action::Pass)),
            },
            // A ghost (or the cat) must go somewhere: Enter needs a chosen meeple.
            p if choosing(p) => self
                .spot_hover
                .or(self.focus)
                .and_then(|i| self.choices().into_iter().nth(i))
                .map(|c| Command::Apply(c.action)),
            _ => None,
        }
    }

    fn frame(&mut self) {
        let t0 = now();
        self.sync_size();
        let version = self.shared.borrow().version;
        if version != self.seen_version {
            if self.motion && self.seen_version != u64::MAX {
                let s = self.shared.borrow();
                let new: Vec<_> =
                    s.recent.iter().filter(|(v, _)| *v > self.seen_version).map(|(_, e)| e.clone()).collect();
                self.anims.extend(motion::from_events(&s.game, &new, t0));
            }
            self.seen_version = version;
            self.spot_hover = None;
            self.inspecting = None;
            self.focus = None;
            if !matches!(self.phase(), Phase::Tile { .. }) {
                self.hover = None;
            }
            if !self.user_camera {
                self.fitted = false;
            }
        }
        if !self.fitted {
            self.fit();
        }
        motion::running(&mut self.anims, t0);
        self.clock = t0;
        self.draw();
        let t1 = now();
        let dt = t1 - t0;
        if self.frames == 0 {
            self.first_frame_at = t1;
        }
        self.frames += 1;
        self.draw_total_ms += dt;
        self.draw_max_ms = self.draw_max_ms.max(dt);
    }

    fn draw(&self) {
        let ctx = &self.ctx;
        let (k, dpr) = (self.cam.zoom, self.dpr);
        ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok();
        ctx.set_fill_style_str("#26352b");
        ctx.fill_rect(0.0, 0.0, self.cam.width, self.cam.height);
        ctx.set_transform(
            dpr * k,
            0.0,
            0.0,
            dpr * k,
            dpr * (self.cam.width / 2.0 - self.cam.x * k),
            dpr * (self.cam.height / 2.0 - self.cam.y * k),
        )
        .ok();
        ctx.set_line_cap("round");
        ctx.set_line_join("round");

        let s = self.shared.borrow();
        let g = &s.game;
        let tiles = g.tiles().clone();
        let visible = |p: Pos| self.cam.shows(p);
        let detail = k >= 40.0;

        for placed in g.board().squares() {
            if !visible(placed.pos) {
                continue;
            }
            if placed.face_down {
                coop_draw::draw_back(ctx, placed.pos);
            } else if let Some(t) = self.progress(|e| *e == Effect::Settle(placed.pos)) {
                // Settling: a little larger, with a shadow, easing down into the square.
                let grow = 1.0 + 0.14 * (1.0 - motion::ease_out(t));
                ctx.save();
                ctx.translate(placed.pos.x as f64 + 0.5, placed.pos.y as f64 + 0.5).ok();
                ctx.scale(grow, grow).ok();
                ctx.set_shadow_color("rgba(0,0,0,0.45)");
                ctx.set_shadow_blur(18.0 * (grow - 1.0) / 0.14);
                draw_tile_at(ctx, tiles.get(placed.tile), Pos::new(0, 0), placed.rot, detail);
                ctx.restore();
            } else {
                draw_tile_at(ctx, tiles.get(placed.tile), placed.pos, placed.rot, detail);
            }
        }
        if let Some(last) = g.board().squares().last().filter(|_| g.board().squares().len() > 1) {
            ctx.set_stroke_style_str("rgba(255,255,255,0.85)");
            ctx.set_line_width(2.5 / k);
            ctx.stroke_rect(last.pos.x as f64 + 0.02, last.pos.y as f64 + 0.02, 0.96, 0.96);
        }

        let player = g.current_player();
        let color = if g.is_coop() {
            // The colour the meeple step places (the chosen one if the seat owns it).
            let own = crate::engine::coop::colours_of(g.setup().players.len(), player);
            let c = if own.contains(&self.colour) { self.colour } else { own.start };
            coop_draw::COLOUR_HEX[c as usize].to_string()
        } else {
            g.setup().players[player].color.clone().unwrap_or_else(|| COLORS[player % 5].to_string())
        };
        // A computer's turn shows the board without the choices a person would click.
        let phase = if self.locked { Phase::Over } else { g.phase() };
        match phase {
            Phase::Tile { tile } => {
                drop(s);
                let places = self.placements();
                let s = self.shared.borrow();
                ctx.set_line_dash(&to_js(&json!([0.08, 0.06]))).ok();
                for (i, (p, _)) in places.iter().enumerate() {
                    let hot = self.hover == Some(*p) || self.focus == Some(i);
                    ctx.set_fill_style_str(if hot { "rgba(255,236,140,0.45)" } else { "rgba(255,236,140,0.18)" });
                    ctx.fill_rect(p.x as f64, p.y as f64, 1.0, 1.0);
                    ctx.set_stroke_style_str("rgba(255,236,140,0.9)");
                    ctx.set_line_width(1.5 / k);
                    ctx.stroke_rect(p.x as f64 + 0.04, p.y as f64 + 0.04, 0.92, 0.92);
                }
                ctx.set_line_dash(&to_js(&json!([]))).ok();
                if let Some((pos, rots)) = self.hover.and_then(|h| places.iter().find(|(p, _)| *p == h)) {
                    ctx.set_global_alpha(0.88);
                    draw_tile_at(ctx, s.game.tiles().get(tile), *pos, self.rotation_at(rots), detail);
                    ctx.set_global_alpha(1.0);
                    ctx.set_stroke_style_str(&color);
                    ctx.set_line_width(3.0 / k);
                    ctx.stroke_rect(pos.x as f64, pos.y as f64, 1.0, 1.0);
                }
                self.draw_figures(&s);
            }
            p if choosing(p) => {
                let ghost_step = !matches!(g.phase(), Phase::Figure { .. } | Phase::Coop(Step::Meeple { .. }));
                self.draw_figures(&s);
                drop(s);
                for (i, c) in self.choices().iter().enumerate() {
                    if c.square {
                        // A square to clear, to remove ghosts from, or for the face-down tile.
                        let hot = self.spot_hover == Some(i) || self.focus == Some(i);
                        ctx.set_stroke_style_str(if hot { "#ffffff" } else { "rgba(200,220,255,0.9)" });
                        ctx.set_line_width(if hot { 4.0 / k } else { 2.5 / k });
                        ctx.stroke_rect(c.x - 0.44, c.y - 0.44, 0.88, 0.88);
                        continue;
                    }
                    if ghost_step {
                        // A ring around each meeple the ghost may haunt.
                        let hot = self.spot_hover == Some(i) || self.focus == Some(i);
                        ctx.begin_path();
                        ctx.arc(c.x, c.y, if hot { 0.19 } else { 0.16 }, 0.0, 2.0 * PI).ok();
                        ctx.set_stroke_style_str(if hot { "#ffffff" } else { "rgba(200,220,255,0.9)" });
                        ctx.set_line_width(if hot { 4.0 / k } else { 2.5 / k });
                        ctx.stroke();
                        continue;
                    }
                    let hot = self.spot_hover == Some(i) || self.focus == Some(i);
                    ctx.begin_path();
                    ctx.arc(c.x, c.y, if hot { SPOT_RADIUS * 1.3 } else { SPOT_RADIUS }, 0.0, 2.0 * PI).ok();
                    ctx.set_fill_style_str(if hot { &color } else { "rgba(255,255,255,0.8)" });
                    ctx.fill();
                    ctx.set_stroke_style_str(if hot { "#ffffff" } else { &color });
                    ctx.set_line_width(3.0 / k);
                    ctx.stroke();
                }
            }
            _ => self.draw_figures(&s),
        }
        self.draw_motion();
        if let Some((pos, feature, mist)) = self.inspecting {
            for part in [mist, feature].into_iter().flatten() {
                self.draw_inspected(pos, part);
            }
        }
    }

    /// How far the first running animation whose effect matches is (0…1).
    fn progress(&self, matches: impl Fn(&Effect) -> bool) -> Option<f64> {
        self.anims.iter().filter(|a| matches(&a.effect)).find_map(|a| a.progress(self.clock))
    }

    /// The effects drawn over the board: scored squares glowing, points rising in the
    /// scorer's colour, figures flying home or fleeing.
    fn draw_motion(&self) {
        let (ctx, k) = (&self.ctx, self.cam.zoom);
        for a in &self.anims {
            let Some(t) = a.progress(self.clock) else { continue };
            if a.start > self.clock {
                continue;
            }
            let e = motion::ease_out(t);
            match &a.effect {
                Effect::Glow(p) => {
                    ctx.set_stroke_style_str(&format!("rgba(255,214,90,{:.3})", 1.0 - t));
                    ctx.set_line_width(6.0 / k);
                    ctx.stroke_rect(p.x as f64 + 0.03, p.y as f64 + 0.03, 0.94, 0.94);
                }
                Effect::Float { text, player, x, y } => {
                    ctx.save();
                    ctx.set_global_alpha(1.0 - t * t * t);
                    ctx.set_font("bold 0.34px system-ui, sans-serif");
                    ctx.set_text_align("center");
                    ctx.set_line_width(0.07);
                    ctx.set_stroke_style_str("rgba(0,0,0,0.75)");
                    ctx.stroke_text(text, *x, y - 0.6 * e).ok();
                    ctx.set_fill_style_str(&color_of(&self.shared, *player));
                    ctx.fill_text(text, *x, y - 0.6 * e).ok();
                    ctx.restore();
                }
                Effect::Home { player, from } | Effect::Flee { player, from } => {
                    let flee = matches!(a.effect, Effect::Flee { .. });
                    // Home: up and away to the side where the players' panel is; fleeing:
                    // straight up, trembling, grey with fright.
                    let (dx, dy) = if flee { (0.08 * (t * 40.0).sin(), -1.1 * e) } else { (0.9 * e, -0.9 * e) };
                    ctx.save();
                    ctx.translate(from.x as f64 + 0.5 + dx, from.y as f64 + 0.5 + dy).ok();
                    ctx.scale(0.25 * (1.0 - 0.4 * e), 0.25 * (1.0 - 0.4 * e)).ok();
                    ctx.set_global_alpha(1.0 - t);
                    let color = if flee { "#9a9a9a".to_string() } else { color_of(&self.shared, *player) };
                    render::draw_figure(ctx, FigureKind::Meeple, &color, false);
                    ctx.restore();
                }
                Effect::Settle(_) | Effect::Drop(_) | Effect::Haunt(_) => {}
            }
        }
    }

    /// Outline the feature under `part` of the tile at `pos`: every part of it, and for a
    /// building the squares its value counts.
    fn draw_inspected(&self, pos: Pos, part: Part) {
        let s = self.shared.borrow();
        let g = &s.game;
        let Some(i) = g.inspect(pos, part) else { return };
        let (ctx, k) = (&self.ctx, self.cam.zoom);
        let mist = matches!(part, Part::Mist(_));
        ctx.set_fill_style_str(if mist { "rgba(190,200,255,0.35)" } else { "rgba(255,255,255,0.3)" });
        ctx.set_stroke_style_str(if mist { "#c9d2ff" } else { "#ffffff" });
        ctx.set_line_width(4.0 / k);
        // Each part in its tile's frame.
        let outline = |parts: &[(Pos, u8)]| {
            for (at, local) in parts {
                let Some(placed) = g.board().at(*at) else { continue };
                ctx.save();
                ctx.translate(at.x as f64 + 0.5, at.y as f64 + 0.5).ok();
                ctx.rotate(placed.rot.quarters() as f64 * PI / 2.0).ok();
                ctx.translate(-0.5, -0.5).ok();
                render::highlight_part(ctx, g.tiles().get(placed.tile), *local);
                ctx.restore();
            }
        };
        outline(&i.parts);
        // A field's farm hint: the completed cities it touches, outlined in gold.
        ctx.set_fill_style_str("rgba(255,214,90,0.25)");
        ctx.set_stroke_style_str("#ffd65a");
        for (at, local) in &i.cities {
            if let Some(city) = g.inspect(*at, Part::Node(*local)) {
                outline(&city.parts);
            }
        }
        ctx.set_line_dash(&to_js(&json!([0.06, 0.05]))).ok();
        ctx.set_line_width(2.0 / k);
        for q in &i.area {
            ctx.stroke_rect(q.x as f64 + 0.03, q.y as f64 + 0.03, 0.94, 0.94);
        }
        ctx.set_line_dash(&to_js(&json!([]))).ok();
    }

    /// An ongoing challenge: both buildings ringed in red, joined by a dashed line.
    fn draw_challenges(&self, s: &session::Session) {
        let g = &s.game;
        let ctx = &self.ctx;
        for c in g.challenges() {
            let at = |n: u32| g.board().square(g.features().node(n).square).pos;
            let (a, b) = (at(c.shrine), at(c.monastery));
            ctx.set_stroke_style_str("rgba(200,30,30,0.9)");
            ctx.set_line_width(3.0 / self.cam.zoom);
            for p in [a, b] {
                ctx.begin_path();
                ctx.arc(p.x as f64 + 0.5, p.y as f64 + 0.5, 0.3, 0.0, 2.0 * PI).ok();
                ctx.stroke();
            }
            ctx.set_line_dash(&to_js(&json!([0.06, 0.05]))).ok();
            ctx.begin_path();
            ctx.move_to(a.x as f64 + 0.5, a.y as f64 + 0.5);
            ctx.line_to(b.x as f64 + 0.5, b.y as f64 + 0.5);
            ctx.stroke();
            ctx.set_line_dash(&to_js(&json!([]))).ok();
        }
    }

    /// Ghosts trapped in spell circles, drawn in their circles (mode A).
    fn draw_circle_ghosts(&self, s: &session::Session) {
        let g = &s.game;
        for sq in g.board().squares() {
            let def = g.tiles().get(sq.tile);
            for (m, region) in def.mist.iter().enumerate() {
                let node = sq.node_base + def.mist_node(m as u8) as u32;
                let n = g.circle_ghosts_at(node);
                let a = art::anchor(def, def.mist_node(m as u8));
                for k in 0..n.min(region.circles) {
                    // The same place as the ring, in the tile's printed frame, then turned.
                    let dx = (k as f64 - (region.circles as f64 - 1.0) / 2.0) * 0.17;
                    let p = art::rotate(art::Pt { x: a.x + dx, y: a.y }, sq.rot.quarters());
                    self.ctx.save();
                    self.ctx.translate(sq.pos.x as f64 + p.x, sq.pos.y as f64 + p.y).ok();
                    self.ctx.scale(0.12, 0.12).ok();
                    render::draw_ghost(&self.ctx);
                    self.ctx.restore();
                }
            }
        }
    }

    fn draw_figures(&self, s: &session::Session) {
        let g = &s.game;
        if g.is_coop() {
            coop_draw::draw_ghosts(&self.ctx, g);
        } else {
            self.draw_challenges(s);
            self.draw_circle_ghosts(s);
        }
        for f in g.figures() {
            let node = g.features().node(f.node);
            let placed = g.board().square(node.square);
            let def = g.tiles().get(placed.tile);
            let p = art::rotate(art::anchor(def, node.local), placed.rot.quarters());
            let mark = if g.is_coop() { f.owner % 6 } else { f.owner % 5 };
            let color = if g.is_coop() {
                coop_draw::COLOUR_HEX[f.owner as usize % 6].to_string()
            } else {
                g.setup().players[f.owner as usize]
                    .color
                    .clone()
                    .unwrap_or_else(|| COLORS[f.owner as usize % 5].to_string())
            };
            // Dropping onto its spot from a little above.
            let drop = self.progress(|e| *e == Effect::Drop(f.node)).map_or(0.0, |t| 1.0 - motion::ease_out(t));
            self.ctx.save();
            self.ctx.translate(placed.pos.x as f64 + p.x, placed.pos.y as f64 + p.y - 0.5 * drop).ok();
            self.ctx.scale(0.25, 0.25).ok();
            self.ctx.set_global_alpha(1.0 - 0.6 * drop);
            render::draw_figure(&self.ctx, f.kind, &color, node.kind == FeatureKind::Field);
            if self.marks {
                render::draw_mark(&self.ctx, mark);
            }
            self.ctx.set_global_alpha(1.0);
            if g.is_coop() {
                coop_draw::draw_companions(&self.ctx, g, f.node);
            } else if g.cat() == crate::engine::spells::Cat::At(f.node) {
                self.ctx.save();
                self.ctx.translate(-0.75, 0.25).ok();
                self.ctx.scale(0.6, 0.6).ok();
                render::draw_cat(&self.ctx);
                self.ctx.restore();
            }
            // Its ghosts stand beside it, one or two (a third scares it off).
            let haunt = self.progress(|e| *e == Effect::Haunt(f.node)).map_or(0.0, |t| 1.0 - motion::ease_out(t));
            for i in 0..f.ghosts {
                // The newest ghost drifts in from above.
                let drift = if i + 1 == f.ghosts { haunt } else { 0.0 };
                self.ctx.save();
                // Large enough to count at any zoom.
                self.ctx.translate(0.7 + i as f64 * 0.62 + drift, -0.3 - 2.4 * drift).ok();
                self.ctx.set_global_alpha(1.0 - 0.8 * drift);
                self.ctx.scale(0.8, 0.8).ok();
                render::draw_ghost(&self.ctx);
                self.ctx.restore();
            }
            self.ctx.restore();
        }
    }
}

fn draw_tile_at(ctx: &CanvasRenderingContext2d, def: &crate::engine::TileDef, pos: Pos, rot: Rotation, detail: bool) {
    ctx.save();
    ctx.translate(pos.x as f64 + 0.5, pos.y as f64 + 0.5).ok();
    ctx.rotate(rot.quarters() as f64 * PI / 2.0).ok();
    ctx.translate(-0.5, -0.5).ok();
    render::draw_tile(ctx, def, rot.quarters(), detail);
    ctx.restore();
}

/// Tell the page what is inspected now (never while the view is borrowed): a
/// `boardinspect` event on the canvas whose `detail` is `{x, y, feature, mist}` (CSS
/// pixels on the canvas, and each an inspection as `game.inspect` gives it, or null), or
/// null when nothing is.
fn tell_inspection(state: &Rc<RefCell<State>>) {
    let (canvas, detail) = {
        let st = state.borrow();
        let s = st.shared.borrow();
        let detail = match st.inspecting {
            None => Value::Null,
            Some((pos, feature, mist)) => {
                let of = |part: Option<Part>| part.map_or(Value::Null, |p| super::api::inspection_json(&s, pos, p));
                let (x, y) = st.inspect_point;
                json!({"x": x, "y": y, "feature": of(feature), "mist": of(mist)})
            }
        };
        (st.canvas.clone(), detail)
    };
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&to_js(&detail));
    if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict("boardinspect", &init) {
        canvas.dispatch_event(&ev).ok();
    }
}

/// Tell the page the previewed rotation changed (never while the view is borrowed:
/// the page's listener reads it back).
fn announce_preview(state: &Rc<RefCell<State>>) {
    let canvas = {
        let mut st = state.borrow_mut();
        if !std::mem::take(&mut st.preview_changed) {
            return;
        }
        st.canvas.clone()
    };
    if let Ok(ev) = web_sys::Event::new("previewchange") {
        canvas.dispatch_event(&ev).ok();
    }
}

fn run(shared: &Shared, cmd: Option<Command>) {
    match cmd {
        Some(Command::Apply(a)) => {
            if let Err(e) = session::apply(shared, &a) {
                web_sys::console::warn_1(&format!("refused: {e}").into());
            }
        }
        Some(Command::Undo) => {
            session::undo(shared);
        }
        Some(Command::Inspect) | None => {}
    }
}

#[wasm_bindgen]
impl BoardView {
    /// Attach a board to a canvas element for a game. The canvas takes its size from CSS.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement, game: &WasmGame) -> Result<BoardView, JsError> {
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .ok_or_else(|| JsError::new("this canvas has no 2D context"))?
            .unchecked_into();
        let shared = game.shared.clone();
        if canvas.get_attribute("tabindex").is_none() {
            canvas.set_attribute("tabindex", "0").ok();
        }
        if canvas.get_attribute("aria-label").is_none() {
            canvas.set_attribute("aria-label", "Game board").ok();
        }
        let state = Rc::new(RefCell::new(State {
            shared: shared.clone(),
            canvas: canvas.clone(),
            ctx,
            cam: Camera::default(),
            inspecting: None,
            inspect_point: (0.0, 0.0),
            anims: Vec::new(),
            clock: 0.0,
            motion: !prefers_reduced_motion(),
            marks: false,
            dpr: 0.0,
            hover: None,
            rot: 0,
            spot_hover: None,
            focus: None,
            figure: FigureKind::Meeple,
            colour: 0,
            pointers: Vec::new(),
            pinch: None,
            fitted: false,
            user_camera: false,
            seen_version: u64::MAX,
            frames: 0,
            draw_total_ms: 0.0,
            draw_max_ms: 0.0,
            first_frame_at: 0.0,
            preview_changed: false,
            locked: false,
            remote: false,
        }));

        // One pending animation frame at most; drawing happens only there.
        let frame = Rc::new(Frame { pending: Cell::new(None), callback: RefCell::new(None) });
        {
            let weak: Weak<RefCell<State>> = Rc::downgrade(&state);
            let f = Rc::downgrade(&frame);
            *frame.callback.borrow_mut() = Some(Closure::new(move |_t: f64| {
                if let Some(f) = f.upgrade() {
                    f.pending.set(None);
                }
                if let Some(st) = weak.upgrade() {
                    if let Ok(mut st) = st.try_borrow_mut() {
                        st.frame();
                        // Animations draw every frame until they end.
                        if let (false, Some(f)) = (st.anims.is_empty(), f.upgrade()) {
                            f.request();
                        }
                    }
                }
            }));
        }
        let request: Rc<dyn Fn()> = {
            let frame = frame.clone();
            Rc::new(move || frame.request())
        };
        let watch_id = {
            let request = request.clone();
            shared.borrow_mut().watch(Rc::new(move |_| request()))
        };

        let mut view = BoardView { state, request, frame, listeners: Vec::new(), watch_id, shared };
        view.listen(&canvas, "pointerdown", |st, e| {
            let e: &PointerEvent = e.unchecked_ref();
            let (x, y) = (e.offset_x() as f64, e.offset_y() as f64);
            st.canvas.set_pointer_capture(e.pointer_id()).ok();
            st.canvas.focus().ok();
            st.pointers.push(Pointer { id: e.pointer_id(), x, y, down_x: x, down_y: y, down_at: now(), moved: false });
            if st.pointers.len() == 2 {
                st.pinch = Some((st.pointers[0].x - st.pointers[1].x).hypot(st.pointers[0].y - st.pointers[1].y));
            }
            (false, None)
        });
        view.listen(&canvas, "pointermove", |st, e| {
            let e: &PointerEvent = e.unchecked_ref();
            let (x, y) = (e.offset_x() as f64, e.offset_y() as f64);
            let Some(i) = st.pointers.iter().position(|p| p.id == e.pointer_id()) else {
                return if e.pointer_type() == "mouse" { st.hover_at(x, y) } else { (false, None) };
            };
            let (px, py) = (st.pointers[i].x, st.pointers[i].y);
            st.pointers[i].x = x;
            st.pointers[i].y = y;
            if (x - st.pointers[i].down_x).hypot(y - st.pointers[i].down_y) > 5.0 {
                st.pointers[i].moved = true;
            }
            if st.pointers.len() >= 2 {
                let d = (st.pointers[0].x - st.pointers[1].x).hypot(st.pointers[0].y - st.pointers[1].y);
                let (mx, my) =
                    ((st.pointers[0].x + st.pointers[1].x) / 2.0, (st.pointers[0].y + st.pointers[1].y) / 2.0);
                if let Some(d0) = st.pinch.filter(|d0| *d0 > 0.0) {
                    st.zoom_at(mx, my, d / d0);
                }
                st.pinch = Some(d);
                st.pan((x - px) / 2.0, (y - py) / 2.0);
                return (true, None);
            }
            if st.pointers[i].moved {
                st.pan(x - px, y - py);
                return (true, None);
            }
            (false, None)
        });
        let up = |st: &mut State, e: &web_sys::Event| {
            let e: &PointerEvent = e.unchecked_ref();
            let Some(i) = st.pointers.iter().position(|p| p.id == e.pointer_id()) else { return (false, None) };
            let p = st.pointers.remove(i);
            st.pinch = None;
            let was_multi = !st.pointers.is_empty();
            if p.moved || was_multi || e.type_() == "pointercancel" || e.button() > 0 {
                return (true, None);
            }
            // A touch that rested inspects what is under it; the next tap clears it.
            if e.pointer_type() != "mouse" && now() - p.down_at >= LONG_PRESS_MS {
                let (wx, wy) = st.to_world(p.x, p.y);
                let target = targets::inspect_at(&st.shared.borrow().game, wx, wy);
                return (true, st.inspect(target, p.x, p.y));
            }
            if e.pointer_type() != "mouse" && st.inspecting.is_some() {
                return (true, st.inspect(None, p.x, p.y));
            }
            let cmd = st.click(p.x, p.y, e.pointer_type() == "mouse");
            (true, cmd)
        };
        view.listen(&canvas, "pointerup", up);
        view.listen(&canvas, "pointercancel", up);
        view.listen(&canvas, "pointerleave", |st, e| {
            let e: &PointerEvent = e.unchecked_ref();
            if e.pointer_type() == "mouse" && st.pointers.is_empty() {
                let had_spot = st.spot_hover.take().is_some();
                let cmd = st.inspect(None, 0.0, 0.0);
                return (had_spot || cmd.is_some(), cmd);
            }
            (false, None)
        });
        view.listen(&canvas, "wheel", |st, e| {
            let e: &WheelEvent = e.unchecked_ref();
            e.prevent_default();
            let unit = if e.delta_mode() == 1 { 16.0 } else { 1.0 };
            st.zoom_at(e.offset_x() as f64, e.offset_y() as f64, (-e.delta_y() * unit * 0.0015).exp());
            (true, None)
        });
        view.listen(&canvas, "contextmenu", |st, e| {
            e.prevent_default();
            st.rotate();
            (true, None)
        });
        view.listen(&canvas, "keydown", |st, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            match e.key().as_str() {
                "r" | "R" => st.rotate(),
                "Tab" => {
                    if !st.cycle(e.shift_key()) {
                        return (true, None); // let focus leave the board
                    }
                }
                "Enter" | " " => {
                    e.prevent_default();
                    return (true, st.confirm());
                }
                "Escape" => return (true, Some(Command::Undo)),
                "f" | "F" => {
                    st.user_camera = false;
                    st.fit()
                }
                "+" | "=" => st.zoom_at(st.cam.width / 2.0, st.cam.height / 2.0, 1.25),
                "-" => st.zoom_at(st.cam.width / 2.0, st.cam.height / 2.0, 0.8),
                // The board moves under a fixed view: the left arrow shows what is west.
                "ArrowLeft" => st.pan(60.0, 0.0),
                "ArrowRight" => st.pan(-60.0, 0.0),
                "ArrowUp" => st.pan(0.0, 60.0),
                "ArrowDown" => st.pan(0.0, -60.0),
                _ => return (false, None),
            }
            e.prevent_default();
            (true, None)
        });
        if let Some(w) = web_sys::window() {
            view.listen(&w, "resize", |_, _| (true, None));
        }
        (view.request)();
        Ok(view)
    }

    fn listen(
        &mut self,
        target: &web_sys::EventTarget,
        name: &'static str,
        handler: impl Fn(&mut State, &web_sys::Event) -> (bool, Option<Command>) + 'static,
    ) {
        let weak = Rc::downgrade(&self.state);
        let request = self.request.clone();
        let shared = self.shared.clone();
        let cb = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            let Some(st) = weak.upgrade() else { return };
            let (redraw, cmd, remote) = match st.try_borrow_mut() {
                Ok(mut st) => {
                    // Input never waits for an animation: it ends at once.
                    if matches!(name, "pointerdown" | "keydown") {
                        st.anims.clear();
                    }
                    let (redraw, cmd) = handler(&mut st, &e);
                    // A computer's turn: look (inspect), never play.
                    let cmd = cmd.filter(|c| matches!(c, Command::Inspect) || !st.locked);
                    (redraw, cmd, (st.remote).then(|| st.canvas.clone()))
                }
                Err(_) => return,
            };
            // Applied with the view released: subscribers may read it. Online, the page
            // sends it instead (there is no undo there).
            match (remote, cmd) {
                (_, Some(Command::Inspect)) => tell_inspection(&st),
                (Some(canvas), Some(Command::Apply(a))) => {
                    let tiles = shared.borrow().game.tiles().clone();
                    let detail = to_js(&crate::record::RecordAction::from_action(&a, &tiles).to_value());
                    let init = web_sys::CustomEventInit::new();
                    init.set_detail(&detail);
                    if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict("boardaction", &init) {
                        canvas.dispatch_event(&ev).ok();
                    }
                }
                (Some(_), Some(Command::Undo)) => {}
                (_, cmd) => run(&shared, cmd),
            }
            announce_preview(&st);
            if redraw {
                request();
            }
        });
        let opts = web_sys::AddEventListenerOptions::new();
        opts.set_passive(false);
        target
            .add_event_listener_with_callback_and_add_event_listener_options(name, cb.as_ref().unchecked_ref(), &opts)
            .ok();
        self.listeners.push((target.clone(), name, cb));
    }

    /// Turn the previewed tile to its next legal rotation.
    pub fn rotate(&self) {
        self.state.borrow_mut().rotate();
        announce_preview(&self.state);
        (self.request)();
    }

    /// The rotation of the tile preview, for the page's own drawing of the drawn tile.
    #[wasm_bindgen(js_name = previewRotation)]
    pub fn preview_rotation(&self) -> u8 {
        self.state.borrow().preview_rotation()
    }

    /// Place no figure (confirms the tile placement).
    pub fn pass(&self) -> Result<(), JsError> {
        session::apply(&self.shared, &Action::Pass).map(|_| ()).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Lock the board while a computer player is on turn: clicks, touches and keys then
    /// pan and zoom but play nothing, and no placement preview is drawn.
    #[wasm_bindgen(js_name = setLocked)]
    pub fn set_locked(&self, locked: bool) {
        self.state.borrow_mut().locked = locked;
        (self.request)();
    }

    /// Online play: moves made on this board are not applied but sent to the page as a
    /// `boardaction` event on the canvas (`event.detail`: the action in record form), and
    /// Escape takes nothing back; the game changes when the server says so.
    #[wasm_bindgen(js_name = setRemote)]
    pub fn set_remote(&self, remote: bool) {
        self.state.borrow_mut().remote = remote;
        (self.request)();
    }

    /// Whether moves animate (a tile settling, points rising, figures flying home). Never
    /// under the system's `prefers-reduced-motion`; turning it off ends what is running.
    #[wasm_bindgen(js_name = setMotion)]
    pub fn set_motion(&self, on: bool) {
        let mut st = self.state.borrow_mut();
        st.motion = on && !prefers_reduced_motion();
        if !st.motion {
            st.anims.clear();
        }
        drop(st);
        (self.request)();
    }

    /// Whether figures carry their seat's colour-blind mark (a shape per seat, or per
    /// colour in the cooperative game, as the page's swatches show).
    #[wasm_bindgen(js_name = setMarks)]
    pub fn set_marks(&self, on: bool) {
        self.state.borrow_mut().marks = on;
        (self.request)();
    }

    /// How many animations are running now.
    pub fn animating(&self) -> usize {
        self.state.borrow().anims.len()
    }

    /// Take back this turn's tile placement. Returns whether there was one.
    pub fn undo(&self) -> bool {
        session::undo(&self.shared)
    }

    /// Choose which figure clicks place: `meeple`, `guard` or `abbot`.
    #[wasm_bindgen(js_name = setFigure)]
    pub fn set_figure(&self, kind: &str) -> Result<(), JsError> {
        let k = FigureKind::ALL
            .into_iter()
            .find(|k| k.name() == kind)
            .ok_or_else(|| JsError::new("figure must be meeple, guard or abbot"))?;
        self.state.borrow_mut().figure = k;
        (self.request)();
        Ok(())
    }

    /// Choose which colour clicks place in the cooperative game (`red`, `green`, …).
    #[wasm_bindgen(js_name = setColour)]
    pub fn set_colour(&self, colour: &str) -> Result<(), JsError> {
        let c = crate::engine::coop::COLOURS
            .iter()
            .position(|c| *c == colour)
            .ok_or_else(|| JsError::new("colour must be red, green, blue, yellow, black or pink"))?;
        self.state.borrow_mut().colour = c as u8;
        (self.request)();
        Ok(())
    }

    /// Zoom and pan so the whole board is in view.
    pub fn fit(&self) {
        let mut st = self.state.borrow_mut();
        st.sync_size();
        st.user_camera = false;
        st.fit();
        drop(st);
        (self.request)();
    }

    /// Ask for a redraw (e.g. after the canvas was resized by the page).
    pub fn redraw(&self) {
        (self.request)();
    }

    /// Where the centre of square (x, y) is on the canvas, in CSS pixels.
    #[wasm_bindgen(js_name = screenPoint)]
    pub fn screen_point(&self, x: f64, y: f64) -> JsValue {
        let st = self.state.borrow();
        let (sx, sy) = st.cam.to_screen(x + 0.5, y + 0.5);
        to_js(&json!({"x": sx, "y": sy}))
    }

    /// The clickable choices of the figure step: `[{action, x, y}]` in CSS pixels.
    #[wasm_bindgen(js_name = spotPoints)]
    pub fn spot_points(&self) -> JsValue {
        let st = self.state.borrow();
        let tiles = TileSet::builtin();
        let list: Vec<Value> = st
            .choices()
            .iter()
            .map(|c| {
                let (sx, sy) = st.cam.to_screen(c.x, c.y);
                json!({"action": crate::record::RecordAction::from_action(&c.action, &tiles).to_value(), "x": sx, "y": sy})
            })
            .collect();
        to_js(&Value::Array(list))
    }

    /// Camera: `{x, y, zoom}` (board units; zoom in CSS pixels per square).
    pub fn camera(&self) -> JsValue {
        let st = self.state.borrow();
        to_js(&json!({"x": st.cam.x, "y": st.cam.y, "zoom": st.cam.zoom}))
    }

    /// Drawing statistics: frames drawn, mean and longest draw time in milliseconds, and
    /// when the first frame was finished (`performance.now()` milliseconds).
    pub fn stats(&self) -> JsValue {
        let st = self.state.borrow();
        let mean = if st.frames > 0 { st.draw_total_ms / st.frames as f64 } else { 0.0 };
        to_js(
            &json!({"frames": st.frames, "drawMsMean": mean, "drawMsMax": st.draw_max_ms, "firstFrameAt": st.first_frame_at}),
        )
    }

    /// Forget the drawing statistics (to measure one interaction).
    #[wasm_bindgen(js_name = resetStats)]
    pub fn reset_stats(&self) {
        let mut st = self.state.borrow_mut();
        st.draw_total_ms = 0.0;
        st.draw_max_ms = 0.0;
        st.frames = st.frames.min(1);
    }

    /// Detach from the canvas and the game.
    pub fn destroy(&mut self) {
        self.frame.cancel();
        for (t, name, cb) in self.listeners.drain(..) {
            t.remove_event_listener_with_callback(name, cb.as_ref().unchecked_ref()).ok();
        }
        self.shared.borrow_mut().unwatch(self.watch_id);
    }
}

impl Drop for BoardView {
    fn drop(&mut self) {
        self.destroy();
    }
}

/// Draw one tile, centred and turned, into a small canvas (the drawn-tile preview).
#[wasm_bindgen(js_name = drawTile)]
pub fn draw_tile(canvas: &HtmlCanvasElement, tile: &str, rotation: u8) -> Result<(), JsError> {
    let tiles = TileSet::builtin();
    let idx = tiles.index_of(tile).ok_or_else(|| JsError::new(&format!("unknown tile {tile:?}")))?;
    let rot = Rotation::new(rotation).ok_or_else(|| JsError::new("rotation must be 0..3"))?;
    let ctx: CanvasRenderingContext2d =
        canvas.get_context("2d").ok().flatten().ok_or_else(|| JsError::new("no 2D context"))?.unchecked_into();
    let dpr = web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0);
    let css = canvas.client_width().max(1) as f64;
    canvas.set_width((css * dpr) as u32);
    canvas.set_height((css * dpr) as u32);
    ctx.set_transform(css * dpr, 0.0, 0.0, css * dpr, 0.0, 0.0).ok();
    ctx.clear_rect(0.0, 0.0, 1.0, 1.0);
    ctx.set_line_cap("round");
    draw_tile_at(&ctx, tiles.get(idx), Pos::new(0, 0), rot, true);
    Ok(())
}

/// The colour of a seat (the player's own, or the default palette).
#[wasm_bindgen(js_name = playerColor)]
pub fn player_color(game: &WasmGame, player: usize) -> String {
    color_of(&game.shared, player)
}
