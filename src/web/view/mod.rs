//! The board on a canvas, as JavaScript sees it (`BoardView`): its state, the frame loop
//! and the API. Drawing is in [`draw`], the DOM's events in [`input`]; what a point on
//! the board means (camera, hit targets, animations) is plain Rust in `crate::ui`, tested
//! natively. Redraws only when something changed, in one animation frame; crisp on
//! high-DPI screens.

mod draw;
mod input;

use draw::draw_tile_at;

use super::api::WasmGame;
use super::coop_draw;
use super::render::{self, Piece, COLORS};
use super::session::{self, Shared};
use super::to_js;
use crate::art;
use crate::engine::tiles::FeatureKind;
use crate::engine::{Action, FigureKind, Part, Phase, Pos, Rotation, Spot, SpotSquare, TileSet};
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

/// The board's background unless the host sets one (`setBackground`).
const DEFAULT_BACKGROUND: &str = "#26352b";
/// The most squares `setHighlights` takes (a board never has more).
const MAX_HIGHLIGHTS: usize = 512;

/// How long a touch must rest to inspect instead of click (ms).
const LONG_PRESS_MS: f64 = 450.0;

/// The tile under the pointer and the parts of it being inspected (feature, mist).
use crate::ui::targets::Inspected as Inspecting;

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
    /// Whether the odds show (`setOdds`): the dead squares drawn, the card's odds line.
    odds: bool,
    /// The dead squares ([`crate::engine::Game::dead_squares`]) and the game version they
    /// were found for.
    dead: (u64, Vec<Pos>),
    /// Keyboard inspection (`I`): which part of the tile in the middle of the board is
    /// inspected (`targets::inspect_parts`), or `None`.
    key_inspect: Option<usize>,
    /// The colour behind the board (`setBackground`), a CSS colour.
    background: String,
    /// Squares the host asks to show outlined (`setHighlights`), e.g. a replay's subject.
    highlights: Vec<Pos>,
    /// The host's arrows, square to square (a study's note).
    arrows: Vec<(Pos, Pos)>,
    /// The host's marked choices (tiles or figures), and whether each is the better (a
    /// review's).
    marked: Vec<(crate::record::RecordAction, bool)>,
    /// A feature the host outlines (`setSpotlight`), e.g. the one the final scoring counts:
    /// a square of it and its node there.
    spotlight: Option<(Pos, u8)>,
    /// The main pointer is a finger: figure spots are made fingertip targets.
    touch: bool,
    /// Whether a figure waits for a confirmation before it is played (`setConfirm`): a
    /// mis-click then ends no turn.
    confirm: bool,
    /// The figure placed but not yet confirmed: shown on its spot until a second click on
    /// it, Enter or `confirmPending()` plays it; Escape or `cancelPending()` takes it back.
    pending: Option<Action>,
    /// The long press's timer (`window.setTimeout`'s handle) while a finger rests.
    press_timer: Option<i32>,
    /// The function that timer calls: the card shows while the finger is still down.
    press_fn: Option<js_sys::Function>,
    /// The finger down now rested long enough: its card shows, and lifting it hides the
    /// card and clicks nothing.
    pressed_long: bool,
}

/// What an input asks for once the view is no longer borrowed.
enum Command {
    Apply(Action),
    Undo,
    /// The inspected feature changed: tell the page.
    Inspect,
    /// A figure waits for its confirmation, or no longer does: tell the page.
    Pending,
    /// The tile cannot go on this square: tell the page why.
    Refused(Pos, targets::Refusal),
    /// The keyboard reached a square the tile can take, in so many rotations.
    Focus(Pos, usize),
}

/// A board drawn on a canvas, attached to a game.
#[wasm_bindgen]
pub struct BoardView {
    state: Rc<RefCell<State>>,
    request: Rc<dyn Fn()>,
    frame: Rc<Frame>,
    listeners: Vec<Listener>,
    /// What the long press's timer calls (kept alive here; State holds the function).
    long_press: Option<Closure<dyn FnMut()>>,
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

/// A fingertip's target in CSS pixels (WCAG 2.5.5).
const FINGER: f64 = 44.0;

/// Whether the main pointer is a finger (a phone or a tablet).
fn touch_screen() -> bool {
    web_sys::window().and_then(|w| w.match_media("(pointer: coarse)").ok().flatten()).is_some_and(|m| m.matches())
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
        return coop_draw::COLOUR_HEX[s.game.palette_colour(c) as usize % 6].to_string();
    }
    seat_color(&s.game, player)
}

/// A competitive seat's colour: the player's own, else the default palette's.
fn seat_color(g: &crate::engine::Game, player: usize) -> String {
    g.setup().players.get(player).and_then(|p| p.color.clone()).unwrap_or_else(|| COLORS[player % 5].to_string())
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
        // On a touch screen a figure's spots are fingertip targets: while they are offered,
        // the camera closes in on them until they lie a finger (44 px) apart.
        if self.touch && self.shared.borrow().game.figure_square().is_some() {
            let choices = self.choices();
            if let Some(gap) = targets::spot_gap(&choices).filter(|g| *g > 0.0) {
                let points: Vec<&Choice> = choices.iter().filter(|c| !c.square).collect();
                let n = points.len() as f64;
                self.cam.x = points.iter().map(|c| c.x).sum::<f64>() / n;
                self.cam.y = points.iter().map(|c| c.y).sum::<f64>() / n;
                self.cam.zoom = self.cam.zoom.max(FINGER / gap).min(crate::ui::camera::MAX_ZOOM);
            }
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
        if self.touch {
            // A fingertip: 22 px around each spot (44 px targets, WCAG 2.5.5).
            let reach = (SPOT_RADIUS * 1.6).max(FINGER / 2.0 / self.cam.zoom);
            return targets::choice_within(&self.choices(), wx, wy, reach);
        }
        targets::choice_near(&self.choices(), wx, wy, self.cam.zoom)
    }

    fn phase(&self) -> Phase {
        self.shared.borrow().game.phase()
    }
}

/// Tell the page what is inspected now (never while the view is borrowed): a
/// `boardinspect` event on the canvas whose `detail` is `{x, y, feature, mist, keyboard}`
/// (CSS pixels on the canvas, each an inspection as `game.inspect` gives it or null, and
/// whether the keyboard asked: `I`), or null when nothing is.
fn tell_inspection(state: &Rc<RefCell<State>>) {
    let (canvas, detail) = {
        let st = state.borrow();
        let s = st.shared.borrow();
        let detail = match st.inspecting {
            None => Value::Null,
            Some((pos, feature, mist)) => {
                let of = |part: Option<Part>| {
                    part.map_or(Value::Null, |p| super::api::inspection_json(&s, pos, p, st.pending, st.odds))
                };
                let (x, y) = st.inspect_point;
                json!({"x": x, "y": y, "feature": of(feature), "mist": of(mist), "keyboard": st.key_inspect.is_some()})
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

/// Play a command with the view released (subscribers may read it). Online (`remote`: the
/// canvas), a move is told to the page as a `boardaction`, which sends it; nothing is taken
/// back there.
fn deliver(shared: &Shared, remote: Option<HtmlCanvasElement>, cmd: Option<Command>) {
    match (remote, cmd) {
        (Some(canvas), Some(Command::Apply(a))) => {
            let tiles = shared.borrow().game.tiles().clone();
            fire(&canvas, "boardaction", &to_js(&crate::record::RecordAction::from_action(&a, &tiles).to_value()));
        }
        (Some(_), Some(Command::Undo)) => {}
        (_, cmd) => run(shared, cmd),
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
        Some(Command::Inspect | Command::Pending | Command::Refused(..) | Command::Focus(..)) | None => {}
    }
}

/// The spot a figure placement (a meeple, guard or abbot, or a co-op meeple) puts its figure
/// on; `None` for any other action.
fn figure_spot(a: &Action) -> Option<Spot> {
    match a.spot() {
        Some((SpotSquare::Placed, spot)) => Some(spot),
        _ => None,
    }
}

/// Whether an action puts a figure on the board (or takes the abbot back): what
/// [`State::confirm`] holds back until it is confirmed.
fn places_figure(a: &Action) -> bool {
    figure_spot(a).is_some() || matches!(a, Action::RetrieveAbbot { .. })
}

/// Fire `name` on the canvas with `detail`, the view released (the page's listener may
/// call it).
fn tell(state: &Rc<RefCell<State>>, name: &str, detail: &JsValue) {
    let canvas = state.borrow().canvas.clone();
    fire(&canvas, name, detail);
}

/// Fire the custom event `name` with `detail` on `canvas`.
fn fire(canvas: &HtmlCanvasElement, name: &str, detail: &JsValue) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(detail);
    if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict(name, &init) {
        canvas.dispatch_event(&ev).ok();
    }
}

/// Tell the page why the tile cannot go on a square clicked (`boardrefused`, `detail`:
/// `{x, y, why}`, `why` one of `isolated`, `fits`, `river`).
fn tell_refused(state: &Rc<RefCell<State>>, pos: Pos, why: targets::Refusal) {
    tell(state, "boardrefused", &to_js(&json!({"x": pos.x, "y": pos.y, "why": why.name()})));
}

/// Tell the page the keyboard reached a square the tile can take (`boardfocus`, `detail`:
/// `{x, y, rotations}`), for it to say where that is.
fn tell_focus(state: &Rc<RefCell<State>>, pos: Pos, rotations: usize) {
    tell(state, "boardfocus", &to_js(&json!({"x": pos.x, "y": pos.y, "rotations": rotations})));
}

/// The figure waiting for its confirmation, in record form, or `null`.
fn pending_js(st: &State) -> JsValue {
    let tiles = st.shared.borrow().game.tiles().clone();
    st.pending
        .as_ref()
        .map_or(JsValue::NULL, |a| to_js(&crate::record::RecordAction::from_action(a, &tiles).to_value()))
}

/// Tell the page that the figure waiting for its confirmation changed (`figurepending`,
/// `detail`: the action in record form, or `null`), with the view released: the page's
/// listener may call the view.
fn tell_pending(state: &Rc<RefCell<State>>) {
    let detail = pending_js(&state.borrow());
    tell(state, "figurepending", &detail);
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
            odds: true,
            dead: (u64::MAX, Vec::new()),
            key_inspect: None,
            background: DEFAULT_BACKGROUND.to_string(),
            highlights: Vec::new(),
            arrows: Vec::new(),
            marked: Vec::new(),
            dpr: 0.0,
            hover: None,
            rot: 0,
            spot_hover: None,
            spotlight: None,
            confirm: true,
            pending: None,
            touch: touch_screen(),
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
            press_timer: None,
            press_fn: None,
            pressed_long: false,
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
            let weak = Rc::downgrade(&state);
            // Any move drops a figure still waiting for its confirmation (the step is over).
            shared.borrow_mut().watch(Rc::new(move |_| {
                if let Some(Ok(mut st)) = weak.upgrade().as_ref().map(|s| s.try_borrow_mut()) {
                    st.pending = None;
                }
                request()
            }))
        };

        let mut view = BoardView { state, request, frame, listeners: Vec::new(), long_press: None, watch_id, shared };
        view.wire_input(&canvas);
        (view.request)();
        Ok(view)
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

    /// Whether the odds show (on at first): squares no tile still to come can fill are
    /// marked on the board, and a feature's card says what the unseen tiles can complete.
    /// Purists turn them off.
    #[wasm_bindgen(js_name = setOdds)]
    pub fn set_odds(&self, on: bool) {
        self.state.borrow_mut().odds = on;
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

    /// The parts of the canvas the host covers with its own bars, in CSS pixels (top,
    /// right, bottom, left): fitting the board keeps it (and its legal squares) clear of
    /// them. Refits unless the player has moved the camera.
    #[wasm_bindgen(js_name = setInsets)]
    pub fn set_insets(&self, top: f64, right: f64, bottom: f64, left: f64) {
        let mut st = self.state.borrow_mut();
        // Camera::fit reads nonsense (negative, NaN, infinite) as no bar.
        let inset = [top, right, bottom, left];
        if st.cam.inset != inset {
            st.cam.inset = inset;
            if !st.user_camera {
                st.fitted = false;
            }
        }
        drop(st);
        (self.request)();
    }

    /// The colour behind the board: a CSS colour such as `#dfe8d2` (a light theme), at
    /// most 64 characters; anything the canvas cannot read shows as black. An empty
    /// string restores the default dark green.
    #[wasm_bindgen(js_name = setBackground)]
    pub fn set_background(&self, color: &str) -> Result<(), JsError> {
        if color.len() > 64 {
            return Err(JsError::new("a background colour has at most 64 characters"));
        }
        self.state.borrow_mut().background =
            if color.trim().is_empty() { DEFAULT_BACKGROUND.to_string() } else { color.trim().to_string() };
        (self.request)();
        Ok(())
    }

    /// Whether a figure waits for a confirmation (a second click on it, Enter, or
    /// `confirmPending()`) before it is played; on by default. Turning it off drops a figure
    /// waiting.
    #[wasm_bindgen(js_name = setConfirm)]
    pub fn set_confirm(&self, on: bool) {
        let dropped = {
            let mut st = self.state.borrow_mut();
            st.confirm = on;
            !on && st.pending.take().is_some()
        };
        if dropped {
            tell_pending(&self.state);
        }
        (self.request)();
    }

    /// The figure placed and waiting for its confirmation, in record form, or `null`.
    #[wasm_bindgen(getter)]
    pub fn pending(&self) -> JsValue {
        pending_js(&self.state.borrow())
    }

    /// Play the figure waiting for its confirmation (online: sent as a `boardaction`).
    /// Returns whether there was one.
    #[wasm_bindgen(js_name = confirmPending)]
    pub fn confirm_pending(&self) -> bool {
        let (cmd, remote) = {
            let mut st = self.state.borrow_mut();
            let Some(a) = st.pending.take() else { return false };
            (Some(Command::Apply(a)), st.remote.then(|| st.canvas.clone()))
        };
        deliver(&self.shared, remote, cmd);
        (self.request)();
        true
    }

    /// Take back the figure waiting for its confirmation. Returns whether there was one.
    #[wasm_bindgen(js_name = cancelPending)]
    pub fn cancel_pending(&self) -> bool {
        let had = self.state.borrow_mut().pending.take().is_some();
        if had {
            tell_pending(&self.state);
        }
        (self.request)();
        had
    }

    /// Outline one feature as the pointer's card does, e.g. the one a final scoring counts:
    /// `{x, y, part}` as a `scored` event names it (a field shows its cities too), or
    /// `null` to clear it. Throws, changing nothing, on anything else.
    #[wasm_bindgen(js_name = setSpotlight)]
    pub fn set_spotlight(&self, spot: JsValue) -> Result<(), JsError> {
        #[derive(serde::Deserialize)]
        struct Spot {
            x: i32,
            y: i32,
            part: u8,
        }
        let spot: Option<Spot> = serde_wasm_bindgen::from_value(spot)
            .map_err(|_| JsError::new("a spotlight is {x, y, part} (whole numbers) or null"))?;
        self.state.borrow_mut().spotlight = spot.map(|s| (Pos::new(s.x, s.y), s.part));
        (self.request)();
        Ok(())
    }

    /// The feature [`Self::set_spotlight`] outlines now: `{x, y, part}`, or `null`.
    #[wasm_bindgen(getter)]
    pub fn spotlight(&self) -> JsValue {
        let st = self.state.borrow();
        to_js(&st.spotlight.map(|(p, part)| json!({"x": p.x, "y": p.y, "part": part})).unwrap_or(Value::Null))
    }

    /// Outline squares in gold, e.g. the city a replay is about: `[[x, y], …]` (at most
    /// 512; an empty list clears them). Throws, changing nothing, on anything else.
    #[wasm_bindgen(js_name = setHighlights)]
    pub fn set_highlights(&self, squares: JsValue) -> Result<(), JsError> {
        let list: Vec<(i32, i32)> = serde_wasm_bindgen::from_value(squares)
            .map_err(|_| JsError::new("highlights are a list of [x, y] squares"))?;
        if list.len() > MAX_HIGHLIGHTS {
            return Err(JsError::new(&format!("at most {MAX_HIGHLIGHTS} highlighted squares")));
        }
        self.state.borrow_mut().highlights = list.into_iter().map(|(x, y)| Pos::new(x, y)).collect();
        (self.request)();
        Ok(())
    }

    /// The squares `setHighlights` outlines now, `[[x, y], …]`.
    #[wasm_bindgen(getter)]
    pub fn highlights(&self) -> JsValue {
        let list: Vec<[i32; 2]> = self.state.borrow().highlights.iter().map(|p| [p.x, p.y]).collect();
        to_js(&list)
    }

    /// Draw arrows from square to square, e.g. a study's note: `[[x0, y0, x1, y1], …]` (at
    /// most 32; an empty list clears them). Throws, changing nothing, on anything else.
    #[wasm_bindgen(js_name = setArrows)]
    pub fn set_arrows(&self, arrows: JsValue) -> Result<(), JsError> {
        let list: Vec<(i32, i32, i32, i32)> = serde_wasm_bindgen::from_value(arrows)
            .map_err(|_| JsError::new("arrows are a list of [x0, y0, x1, y1]"))?;
        if list.len() > crate::record::notes::MAX_MARKS {
            return Err(JsError::new(&format!("at most {} arrows", crate::record::notes::MAX_MARKS)));
        }
        self.state.borrow_mut().arrows =
            list.into_iter().map(|(a, b, c, d)| (Pos::new(a, b), Pos::new(c, d))).collect();
        (self.request)();
        Ok(())
    }

    /// Mark choices of the step shown, e.g. a review's played and better move side by
    /// side: `[{action, better}]` (a tile or figure action in record form; at most 8; `[]`
    /// clears them). A mark that is no choice of the step shown is not drawn. Throws,
    /// changing nothing, on anything else.
    #[wasm_bindgen(js_name = setMarkedMoves)]
    pub fn set_marked_moves(&self, marks: JsValue) -> Result<(), JsError> {
        let list = crate::web::from_js(&marks)?;
        let list = list.as_array().ok_or_else(|| JsError::new("marked moves are a list of {action, better}"))?;
        if list.len() > 8 {
            return Err(JsError::new("at most 8 marked moves"));
        }
        let mut marked = Vec::new();
        for m in list {
            let action = m.get("action").ok_or_else(|| JsError::new("a marked move has an action"))?;
            let ra = crate::record::RecordAction::from_value(action).map_err(|e| JsError::new(&e.to_string()))?;
            marked.push((ra, m.get("better").and_then(Value::as_bool).unwrap_or(false)));
        }
        self.state.borrow_mut().marked = marked;
        (self.request)();
        Ok(())
    }

    /// The choices `setMarkedMoves` marks now: `[{action, better}]`.
    #[wasm_bindgen(getter, js_name = markedMoves)]
    pub fn marked_moves(&self) -> JsValue {
        let list: Vec<Value> =
            self.state.borrow().marked.iter().map(|(a, b)| json!({"action": a.to_value(), "better": b})).collect();
        to_js(&Value::Array(list))
    }

    /// The arrows `setArrows` draws now, `[[x0, y0, x1, y1], …]`.
    #[wasm_bindgen(getter)]
    pub fn arrows(&self) -> JsValue {
        let list: Vec<[i32; 4]> = self.state.borrow().arrows.iter().map(|(a, b)| [a.x, a.y, b.x, b.y]).collect();
        to_js(&list)
    }

    /// Centre square (x, y) in the view, the zoom kept: a log line's place. The camera then
    /// stays there until `fit()` (or F).
    #[wasm_bindgen(js_name = centreOn)]
    pub fn centre_on(&self, x: i32, y: i32) {
        let mut st = self.state.borrow_mut();
        st.sync_size();
        st.user_camera = true;
        st.fitted = true;
        st.cam.x = x as f64 + 0.5;
        st.cam.y = y as f64 + 0.5;
        drop(st);
        (self.request)();
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

    /// The clickable choices of the step awaited: `[{action, x, y, number}]` in CSS pixels
    /// (`number`: the co-op button it is, as the board numbers it; `null` elsewhere).
    #[wasm_bindgen(js_name = spotPoints)]
    pub fn spot_points(&self) -> JsValue {
        let st = self.state.borrow();
        let tiles = TileSet::builtin();
        let list: Vec<Value> = st
            .choices()
            .iter()
            .map(|c| {
                let (sx, sy) = st.cam.to_screen(c.x, c.y);
                let action = crate::record::RecordAction::from_action(&c.action, &tiles).to_value();
                json!({"action": action, "x": sx, "y": sy, "number": c.number})
            })
            .collect();
        to_js(&Value::Array(list))
    }

    /// Camera: `{x, y, zoom, middle}` (board units; zoom in CSS pixels per square; `x`, `y`
    /// the point at the canvas's middle, `middle` `[x, y]` the one at the middle of the part
    /// the host's bars leave free, where the board is fitted and the keyboard inspects).
    pub fn camera(&self) -> JsValue {
        let st = self.state.borrow();
        let (fx, fy) = st.cam.free_centre();
        let (mx, my) = st.cam.to_world(fx, fy);
        to_js(&json!({"x": st.cam.x, "y": st.cam.y, "zoom": st.cam.zoom, "middle": [mx, my]}))
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
        if let Ok(mut st) = self.state.try_borrow_mut() {
            st.cancel_press();
            st.press_fn = None;
        }
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
    // A tile on its own shows its printed spell circles at their own size.
    render::set_piece_zoom(render::PIECE_ZOOM);
    draw_tile_at(&ctx, tiles.get(idx), Pos::new(0, 0), rot, true);
    Ok(())
}

/// Draw one board piece (`"ghost"`, `"trapped"`, `"cat"`, `"hound"` or `"circle"`)
/// centred in a canvas at `px_per_square` CSS pixels a square, as the board draws it at
/// that zoom: for a legend, and for the test that measures every piece.
#[wasm_bindgen(js_name = drawPiece)]
pub fn draw_piece(canvas: &HtmlCanvasElement, piece: &str, px_per_square: f64) -> Result<(), JsError> {
    let piece = Piece::from_name(piece).ok_or_else(|| JsError::new(&format!("unknown piece {piece:?}")))?;
    if !(1.0..=1000.0).contains(&px_per_square) {
        return Err(JsError::new("px_per_square must be 1..1000"));
    }
    let ctx: CanvasRenderingContext2d =
        canvas.get_context("2d").ok().flatten().ok_or_else(|| JsError::new("no 2D context"))?.unchecked_into();
    let dpr = web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0);
    let (w, h) = (canvas.client_width().max(1) as f64, canvas.client_height().max(1) as f64);
    canvas.set_width((w * dpr) as u32);
    canvas.set_height((h * dpr) as u32);
    let k = px_per_square * dpr;
    ctx.set_transform(k, 0.0, 0.0, k, w * dpr / 2.0, h * dpr / 2.0).ok();
    ctx.set_line_cap("round");
    ctx.set_line_join("round");
    render::set_piece_zoom(px_per_square);
    render::draw_piece(&ctx, piece);
    Ok(())
}

/// The colour of a seat (the player's own, or the default palette).
#[wasm_bindgen(js_name = playerColor)]
pub fn player_color(game: &WasmGame, player: usize) -> String {
    color_of(&game.shared, player)
}
