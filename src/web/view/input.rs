//! The board's input: pointers (click, drag, pinch, long press), the wheel and the keys,
//! and what each means for the game: a placement, a choice, an inspection, the camera.
use super::*;

impl State {
    /// A finger went down alone: start the long press's timer.
    fn start_press(&mut self) {
        self.cancel_press();
        let (Some(w), Some(f)) = (web_sys::window(), self.press_fn.as_ref()) else { return };
        self.press_timer = w.set_timeout_with_callback_and_timeout_and_arguments_0(f, LONG_PRESS_MS as i32).ok();
    }

    /// The finger moved, lifted or was joined by another: no long press.
    pub(super) fn cancel_press(&mut self) {
        if let (Some(h), Some(w)) = (self.press_timer.take(), web_sys::window()) {
            w.clear_timeout_with_handle(h);
        }
    }

    /// The long press's timer ran: if one finger still rests where it went down, inspect
    /// what is under it. Returns whether that changed what is inspected.
    fn press_rested(&mut self) -> bool {
        self.press_timer = None;
        let [p] = self.pointers.as_slice() else { return false };
        if p.moved {
            return false;
        }
        let (x, y) = (p.x, p.y);
        self.pressed_long = true;
        let (wx, wy) = self.to_world(x, y);
        let target = targets::inspect_at(&self.shared.borrow().game, wx, wy);
        self.inspect(target, x, y).is_some()
    }

    /// A click or tap at a screen point.
    fn click(&mut self, sx: f64, sy: f64, is_mouse: bool) -> Option<Command> {
        let (wx, wy) = self.to_world(sx, sy);
        match self.phase() {
            Phase::Tile { tile } => {
                let pos = Pos::new(wx.floor() as i32, wy.floor() as i32);
                let places = self.placements();
                let Some((_, rots)) = places.iter().find(|(p, _)| *p == pos) else {
                    // An empty square the tile cannot take: say why.
                    return targets::refusal(&self.shared.borrow().game, pos).map(|r| Command::Refused(pos, r));
                };
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
                self.chosen(self.choices().swap_remove(i).action)
            }
            _ => None,
        }
    }

    /// A choice clicked: played at once, or a figure shown on its spot to be confirmed by a
    /// second click on it (or Enter), so that a mis-click ends no turn.
    fn chosen(&mut self, action: Action) -> Option<Command> {
        if !self.confirm || !places_figure(&action) || self.pending == Some(action) {
            self.pending = None;
            return Some(Command::Apply(action));
        }
        self.pending = Some(action);
        Some(Command::Pending)
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
                if let Some(i) = h {
                    // A figure's spot: the feature it would join, outlined and told.
                    let target = self.spot_target(i);
                    return (changed, self.inspect(target, sx, sy));
                }
                changed
            }
            _ => false,
        };
        let target = targets::inspect_at(&self.shared.borrow().game, wx, wy);
        let cmd = self.inspect(target, sx, sy);
        (over_target || cmd.is_some(), cmd)
    }

    /// The feature a figure on choice `i` would join, to inspect; `None` for a choice that
    /// places no figure.
    pub(super) fn spot_target(&self, i: usize) -> Option<Inspecting> {
        let s = self.shared.borrow();
        let g = &s.game;
        let spot = figure_spot(&self.choices().into_iter().nth(i)?.action)?;
        let pos = g.board().square(g.figure_square()?).pos;
        Some((pos, Some(Part::Spot(spot)), None))
    }

    /// Inspect the feature of the choice the keyboard reached (its card beside it).
    fn inspect_focus(&mut self) -> Option<Command> {
        let i = self.focus.filter(|_| choosing(self.phase()))?;
        let c = self.choices().into_iter().nth(i)?;
        let (sx, sy) = self.cam.to_screen(c.x, c.y);
        let target = self.spot_target(i);
        self.inspect(target, sx, sy)
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

    /// Keyboard inspection (`I`): move it on with `step` (from the part reached and how
    /// many parts the tile in the middle of the board has, to the part to reach, or `None`
    /// to stop), then inspect that part: outlined, its card beside it.
    fn key_inspection(&mut self, step: impl FnOnce(Option<usize>, usize) -> Option<usize>) -> Option<Command> {
        // The tile in the middle of what the bars leave free (the board is fitted there).
        let (cx, cy) = self.cam.free_centre();
        let parts = targets::inspect_parts(&self.shared.borrow().game, self.cam.square_at(cx, cy));
        self.key_inspect = step(self.key_inspect, parts.len());
        match self.key_inspect.and_then(|i| parts.get(i)) {
            Some(&(at, target)) => {
                let (sx, sy) = self.cam.to_screen(at.0, at.1);
                self.inspect(Some(target), sx, sy)
            }
            None => self.inspect(None, cx, cy),
        }
    }

    pub(super) fn rotate(&mut self) {
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
    pub(super) fn preview_rotation(&self) -> u8 {
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
        if let Some(a) = self.pending.take() {
            return Some(Command::Apply(a));
        }
        match self.phase() {
            Phase::Tile { tile } => {
                let places = self.placements();
                let pos = self.hover?;
                let (_, rots) = places.iter().find(|(p, _)| *p == pos)?;
                Some(Command::Apply(Action::PlaceTile { tile, pos, rot: self.rotation_at(rots) }))
            }
            p if choosing(p) => match self.spot_hover.or(self.focus) {
                Some(i) => self.choices().into_iter().nth(i).map(|c| Command::Apply(c.action)),
                // Enter with nothing chosen: no figure, or no more removal, where the step
                // may pass; a ghost (or the cat) must go somewhere.
                None => self.shared.borrow().game.may_pass().then_some(Command::Apply(Action::Pass)),
            },
            _ => None,
        }
    }
}

impl BoardView {
    /// Wire the canvas's (and the window's) events to this view.
    pub(super) fn wire_input(&mut self, canvas: &HtmlCanvasElement) {
        let view = self;
        view.wire_long_press();
        view.listen(canvas, "pointerdown", |st, e| {
            let e: &PointerEvent = e.unchecked_ref();
            let (x, y) = (e.offset_x() as f64, e.offset_y() as f64);
            st.canvas.set_pointer_capture(e.pointer_id()).ok();
            st.canvas.focus().ok();
            st.pointers.push(Pointer { id: e.pointer_id(), x, y, down_x: x, down_y: y, down_at: now(), moved: false });
            st.cancel_press();
            if st.pointers.len() == 2 {
                st.pinch = Some((st.pointers[0].x - st.pointers[1].x).hypot(st.pointers[0].y - st.pointers[1].y));
            }
            // A finger that rests shows its card while it is down (the timer checks it
            // is still the one finger and has not moved); a tap first hides a card shown.
            let mut cmd = None;
            if e.pointer_type() != "mouse" && st.pointers.len() == 1 {
                st.start_press();
                if st.inspecting.is_some() {
                    cmd = st.inspect(None, x, y);
                }
            }
            (cmd.is_some(), cmd)
        });
        view.listen(canvas, "pointermove", |st, e| {
            let e: &PointerEvent = e.unchecked_ref();
            let (x, y) = (e.offset_x() as f64, e.offset_y() as f64);
            let Some(i) = st.pointers.iter().position(|p| p.id == e.pointer_id()) else {
                if e.pointer_type() != "mouse" {
                    return (false, None);
                }
                st.key_inspect = None; // the mouse takes over
                return st.hover_at(x, y);
            };
            let (px, py) = (st.pointers[i].x, st.pointers[i].y);
            st.pointers[i].x = x;
            st.pointers[i].y = y;
            if (x - st.pointers[i].down_x).hypot(y - st.pointers[i].down_y) > 5.0 {
                st.pointers[i].moved = true;
                st.cancel_press();
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
            st.cancel_press();
            // The card of a long press goes with the finger.
            if std::mem::take(&mut st.pressed_long) {
                return (true, st.inspect(None, p.x, p.y));
            }
            let was_multi = !st.pointers.is_empty();
            if p.moved || was_multi || e.type_() == "pointercancel" || e.button() > 0 {
                return (true, None);
            }
            // A touch that rested (its timer did not run: a busy page) clicks nothing.
            if e.pointer_type() != "mouse" && now() - p.down_at >= LONG_PRESS_MS {
                return (true, None);
            }
            let cmd = st.click(p.x, p.y, e.pointer_type() == "mouse");
            (true, cmd)
        };
        view.listen(canvas, "pointerup", up);
        view.listen(canvas, "pointercancel", up);
        view.listen(canvas, "pointerleave", |st, e| {
            let e: &PointerEvent = e.unchecked_ref();
            if e.pointer_type() == "mouse" && st.pointers.is_empty() {
                let had_spot = st.spot_hover.take().is_some();
                let cmd = st.inspect(None, 0.0, 0.0);
                return (had_spot || cmd.is_some(), cmd);
            }
            (false, None)
        });
        view.listen(canvas, "wheel", |st, e| {
            let e: &WheelEvent = e.unchecked_ref();
            e.prevent_default();
            let unit = if e.delta_mode() == 1 { 16.0 } else { 1.0 };
            st.zoom_at(e.offset_x() as f64, e.offset_y() as f64, (-e.delta_y() * unit * 0.0015).exp());
            (true, None)
        });
        view.listen(canvas, "contextmenu", |st, e| {
            e.prevent_default();
            st.rotate();
            (true, None)
        });
        view.listen(canvas, "keydown", |st, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            match e.key().as_str() {
                "r" | "R" => st.rotate(),
                "Tab" => {
                    if !st.cycle(e.shift_key()) {
                        return (true, None); // let focus leave the board
                    }
                    if let Some(cmd) = st.inspect_focus() {
                        e.prevent_default();
                        return (true, Some(cmd));
                    }
                    if let (Some(i), Phase::Tile { .. }) = (st.focus, st.phase()) {
                        let places = st.placements();
                        if let Some((p, rots)) = places.get(i) {
                            e.prevent_default();
                            return (true, Some(Command::Focus(*p, rots.len())));
                        }
                    }
                }
                "Enter" | " " => {
                    e.prevent_default();
                    return (true, st.confirm());
                }
                // A figure waiting for its confirmation goes back first; then the tile.
                "Escape" if st.pending.take().is_some() => return (true, Some(Command::Pending)),
                "Escape" => return (true, Some(Command::Undo)),
                "f" | "F" => {
                    st.user_camera = false;
                    st.fit()
                }
                "+" | "=" => st.zoom_at(st.cam.width / 2.0, st.cam.height / 2.0, 1.25),
                "-" => st.zoom_at(st.cam.width / 2.0, st.cam.height / 2.0, 0.8),
                // I: inspect the tile in the middle of the board, part by part.
                "i" | "I" => {
                    e.prevent_default();
                    // Its first part, the next one, or none after the last.
                    let cmd = st.key_inspection(|reached, parts| match reached {
                        None => Some(0),
                        Some(i) if i + 1 < parts => Some(i + 1),
                        Some(_) => None,
                    });
                    return (true, cmd);
                }
                // The board moves under a fixed view: the left arrow shows what is west.
                // Inspecting, it moves a whole square, and the next tile's first part is
                // inspected.
                key @ ("ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown") => {
                    let (dx, dy) = match key {
                        "ArrowLeft" => (-1, 0),
                        "ArrowRight" => (1, 0),
                        "ArrowUp" => (0, -1),
                        _ => (0, 1),
                    };
                    e.prevent_default();
                    if st.key_inspect.is_some() {
                        st.user_camera = true;
                        st.cam.step_square(dx, dy);
                        return (true, st.key_inspection(|_, _| Some(0)));
                    }
                    st.pan(-60.0 * f64::from(dx), -60.0 * f64::from(dy));
                    return (true, st.inspect(None, 0.0, 0.0));
                }
                _ => return (false, None),
            }
            e.prevent_default();
            (true, None)
        });
        if let Some(w) = web_sys::window() {
            view.listen(&w, "resize", |_, _| (true, None));
        }
    }

    /// The long press's timer callback: the resting finger's card, shown while it is down.
    fn wire_long_press(&mut self) {
        let weak = Rc::downgrade(&self.state);
        let request = self.request.clone();
        let cb = Closure::<dyn FnMut()>::new(move || {
            let Some(st) = weak.upgrade() else { return };
            let shown = match st.try_borrow_mut() {
                Ok(mut st) => st.press_rested(),
                Err(_) => return,
            };
            if shown {
                tell_inspection(&st);
                request();
            }
        });
        self.state.borrow_mut().press_fn = Some(cb.as_ref().unchecked_ref::<js_sys::Function>().clone());
        self.long_press = Some(cb);
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
            match cmd {
                Some(Command::Inspect) => tell_inspection(&st),
                Some(Command::Pending) => tell_pending(&st),
                Some(Command::Refused(pos, why)) => tell_refused(&st, pos, why),
                Some(Command::Focus(pos, rotations)) => tell_focus(&st, pos, rotations),
                cmd => deliver(&shared, remote, cmd),
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
}
