//! Drawing the board each frame: tiles, previews, choices, figures, ghosts, the inspected
//! feature's outline and the running animations.
use super::*;

impl State {
    pub(super) fn frame(&mut self) {
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
        if self.odds && self.dead.0 != version {
            self.dead = (version, self.shared.borrow().game.dead_squares());
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
        render::set_piece_zoom(k);
        ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok();
        ctx.set_fill_style_str(&self.background);
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
                // Back to the square's corner: the tile grows about its centre, in place.
                ctx.translate(-0.5, -0.5).ok();
                ctx.set_shadow_color("rgba(0,0,0,0.45)");
                ctx.set_shadow_blur(18.0 * (grow - 1.0) / 0.14);
                draw_tile_at(ctx, tiles.get(placed.tile), Pos::new(0, 0), placed.rot, detail);
                ctx.restore();
            } else {
                draw_tile_at(ctx, tiles.get(placed.tile), placed.pos, placed.rot, detail);
            }
        }
        // Squares no tile still to come can fill: shaded and crossed out.
        if self.odds {
            let marks = crate::ui::palette::legal_marks(&self.background);
            ctx.set_fill_style_str(marks.dead);
            ctx.set_stroke_style_str(marks.cross);
            ctx.set_line_width(2.0 / k);
            for p in self.dead.1.iter().filter(|p| visible(**p)) {
                let (x, y) = (p.x as f64, p.y as f64);
                ctx.fill_rect(x, y, 1.0, 1.0);
                ctx.begin_path();
                ctx.move_to(x + 0.3, y + 0.3);
                ctx.line_to(x + 0.7, y + 0.7);
                ctx.move_to(x + 0.7, y + 0.3);
                ctx.line_to(x + 0.3, y + 0.7);
                ctx.stroke();
            }
        }
        // Each seat's last tile, framed in its colour; the very last one also in white.
        let last_tiles = s.last_tiles();
        drop(s);
        for (seat, pos) in last_tiles.iter().enumerate() {
            let Some(p) = pos else { continue };
            ctx.set_stroke_style_str(&color_of(&self.shared, seat));
            ctx.set_line_width(3.5 / k);
            ctx.stroke_rect(p.x as f64 + 0.07, p.y as f64 + 0.07, 0.86, 0.86);
        }
        let s = self.shared.borrow();
        let g = &s.game;
        if let Some(last) = g.board().squares().last().filter(|_| g.board().squares().len() > 1) {
            ctx.set_stroke_style_str("rgba(255,255,255,0.85)");
            ctx.set_line_width(2.5 / k);
            ctx.stroke_rect(last.pos.x as f64 + 0.02, last.pos.y as f64 + 0.02, 0.96, 0.96);
        }
        // The host's highlighted squares (a replay's subject): a gold frame, over
        // the last tiles' frames so that it shows on a square just played.
        if !self.highlights.is_empty() {
            ctx.set_stroke_style_str("#ffd54a");
            ctx.set_line_width(4.0 / k);
            for p in self.highlights.iter().filter(|p| visible(**p)) {
                ctx.stroke_rect(p.x as f64 + 0.06, p.y as f64 + 0.06, 0.88, 0.88);
            }
        }
        // The host's arrows (a study's note): gold, with a dark edge to read on any tile.
        for &(from, to) in &self.arrows {
            let (x0, y0) = (from.x as f64 + 0.5, from.y as f64 + 0.5);
            let (x1, y1) = (to.x as f64 + 0.5, to.y as f64 + 0.5);
            let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
            if len < 0.01 {
                continue;
            }
            let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
            // The head ends short of the square's centre; the shaft stops at the head.
            let (hx, hy) = (x1 - ux * 0.2, y1 - uy * 0.2);
            let (bx, by) = (hx - ux * 0.3, hy - uy * 0.3);
            for (colour, width) in [("rgba(0,0,0,0.6)", 0.16), ("#ffd54a", 0.1)] {
                ctx.set_stroke_style_str(colour);
                ctx.set_fill_style_str(colour);
                ctx.set_line_width(width);
                ctx.begin_path();
                ctx.move_to(x0, y0);
                ctx.line_to(bx, by);
                ctx.stroke();
                let grow = width - 0.1;
                ctx.begin_path();
                ctx.move_to(hx + ux * grow, hy + uy * grow);
                ctx.line_to(bx - uy * (0.18 + grow), by + ux * (0.18 + grow));
                ctx.line_to(bx + uy * (0.18 + grow), by - ux * (0.18 + grow));
                ctx.close_path();
                ctx.fill();
            }
        }

        let player = g.current_player();
        let color = if g.is_coop() {
            // The colour the meeple step places (the chosen one if the seat owns it).
            let own = crate::engine::coop::colours_of(g.setup().players.len(), player).map(|c| g.palette_colour(c));
            let c = own.clone().find(|&c| c == self.colour).or_else(|| own.clone().next()).unwrap_or(0);
            coop_draw::COLOUR_HEX[c as usize % 6].to_string()
        } else {
            seat_color(g, player)
        };
        // A computer's turn shows the board without the choices a person would click.
        let phase = if self.locked { Phase::Over } else { g.phase() };
        match phase {
            Phase::Tile { tile } => {
                drop(s);
                let places = self.placements();
                let s = self.shared.borrow();
                ctx.set_line_dash(&to_js(&json!([0.08, 0.06]))).ok();
                let marks = crate::ui::palette::legal_marks(&self.background);
                for (i, (p, _)) in places.iter().enumerate() {
                    let hot = self.hover == Some(*p) || self.focus == Some(i);
                    ctx.set_fill_style_str(if hot { marks.hot } else { marks.fill });
                    ctx.fill_rect(p.x as f64, p.y as f64, 1.0, 1.0);
                    ctx.set_stroke_style_str(marks.edge);
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
                let ghost_step = g.figure_square().is_none();
                self.draw_figures(&s);
                drop(s);
                let choices = self.choices();
                // The numbers the step's buttons show, beside their targets, drawn last.
                let numbered: Vec<&Choice> = choices.iter().filter(|c| c.number.is_some()).collect();
                for (i, c) in choices.iter().enumerate() {
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
                // The figure itself on the spot under the pointer (or the keyboard), faint,
                // and solid in a dashed ring once clicked and waiting for End turn.
                if !ghost_step {
                    let hot = self.spot_hover.or(self.focus).and_then(|i| self.choices().into_iter().nth(i));
                    if let Some(c) = hot.filter(|c| Some(c.action) != self.pending && figure_spot(&c.action).is_some())
                    {
                        self.draw_figure_on(c.action, &color, false);
                    }
                }
                if let Some(a) = self.pending {
                    self.draw_figure_on(a, &color, true);
                }
                for c in numbered {
                    draw_number(ctx, c, k);
                }
            }
            _ => self.draw_figures(&s),
        }
        self.draw_motion();
        self.draw_marked(&color);
        if let Some((pos, node)) = self.spotlight {
            self.draw_inspected(pos, Part::Node(node));
            self.draw_ring(pos, Part::Node(node));
        }
        if let Some((pos, feature, mist)) = self.inspecting {
            for part in [mist, feature].into_iter().flatten() {
                self.draw_inspected(pos, part);
            }
        }
        if self.key_inspect.is_some() {
            // Where the keyboard looks (`I`): a ring on the part inspected.
            ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok();
            ctx.begin_path();
            let (x, y) = self.inspect_point;
            ctx.arc(x, y, 9.0, 0.0, 2.0 * PI).ok();
            ctx.set_line_width(4.0);
            ctx.set_stroke_style_str("rgba(0,0,0,0.7)");
            ctx.stroke();
            ctx.set_line_width(2.0);
            ctx.set_stroke_style_str("#ffd54a");
            ctx.stroke();
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

    /// The figure an action places, on its spot: faint where the pointer rests, or solid in
    /// a dashed ring while it waits for its confirmation (`pending`).
    fn draw_figure_on(&self, a: Action, color: &str, pending: bool) {
        let Some(c) = self.choices().into_iter().find(|c| c.action == a) else { return };
        let (ctx, k) = (&self.ctx, self.cam.zoom);
        // A figure of the player's colour, or of its own (a co-op meeple); else the faint
        // ring an abbot retrieval gets.
        let (kind, color) = match a.new_figure() {
            Some((figure, None)) => (figure, color.to_string()),
            Some((figure, Some(colour))) => (figure, coop_draw::COLOUR_HEX[colour as usize % 6].to_string()),
            None => (FigureKind::Abbot, "rgba(255,255,255,0.6)".to_string()),
        };
        ctx.save();
        ctx.translate(c.x, c.y).ok();
        if pending {
            ctx.begin_path();
            ctx.arc(0.0, 0.0, 0.2, 0.0, 2.0 * PI).ok();
            ctx.set_fill_style_str("rgba(255,255,255,0.35)");
            ctx.fill();
            ctx.set_line_dash(&to_js(&json!([0.05, 0.035]))).ok();
            ctx.set_stroke_style_str("#ffffff");
            ctx.set_line_width(3.0 / k);
            ctx.stroke();
            ctx.set_line_dash(&to_js(&json!([]))).ok();
        } else {
            ctx.set_global_alpha(0.6);
        }
        ctx.scale(0.25, 0.25).ok();
        render::draw_figure(ctx, kind, &color, false);
        ctx.restore();
    }

    /// The host's marked moves (a review's played and better move, side by side), each if
    /// it is a choice of the step shown: a tile faint on its square in its rotation, a
    /// figure faint on its spot; the better in gold, the one played in white dashes.
    fn draw_marked(&self, color: &str) {
        if self.marked.is_empty() {
            return;
        }
        self.draw_marked_tiles();
        let tiles = self.shared.borrow().game.tiles().clone();
        let (ctx, k) = (&self.ctx, self.cam.zoom);
        for c in self.choices() {
            let ra = crate::record::RecordAction::from_action(&c.action, &tiles);
            let Some(&(_, better)) = self.marked.iter().find(|(m, _)| *m == ra) else { continue };
            let Some((kind, _)) = c.action.new_figure() else { continue };
            ctx.save();
            ctx.translate(c.x, c.y).ok();
            ctx.begin_path();
            ctx.arc(0.0, 0.0, 0.21, 0.0, 2.0 * PI).ok();
            ctx.set_fill_style_str("rgba(255,255,255,0.3)");
            ctx.fill();
            if !better {
                ctx.set_line_dash(&to_js(&json!([0.05, 0.035]))).ok();
            }
            ctx.set_stroke_style_str(if better { "#ffd54a" } else { "#ffffff" });
            ctx.set_line_width(if better { 4.0 / k } else { 3.0 / k });
            ctx.stroke();
            ctx.set_line_dash(&to_js(&json!([]))).ok();
            ctx.set_global_alpha(0.8);
            ctx.scale(0.25, 0.25).ok();
            render::draw_figure(ctx, kind, color, false);
            ctx.restore();
        }
    }

    /// The marked tile placements of a tile step: the tile drawn faint in its rotation,
    /// framed in gold for the better, in white dashes for the one played.
    fn draw_marked_tiles(&self) {
        let s = self.shared.borrow();
        let Phase::Tile { tile } = s.game.phase() else { return };
        let (ctx, k) = (&self.ctx, self.cam.zoom);
        let places = targets::placements(&s.game);
        for (m, better) in &self.marked {
            let Ok(Action::PlaceTile { pos, rot, .. }) = m.to_action(&s.game) else { continue };
            if !places.iter().any(|(p, rots)| *p == pos && rots.contains(&rot)) {
                continue;
            }
            ctx.set_global_alpha(0.6);
            draw_tile_at(ctx, s.game.tiles().get(tile), pos, rot, k >= 40.0);
            ctx.set_global_alpha(1.0);
            if !better {
                ctx.set_line_dash(&to_js(&json!([0.08, 0.06]))).ok();
            }
            ctx.set_stroke_style_str(if *better { "#ffd54a" } else { "#ffffff" });
            ctx.set_line_width(if *better { 4.0 / k } else { 3.0 / k });
            ctx.stroke_rect(pos.x as f64 + 0.04, pos.y as f64 + 0.04, 0.92, 0.92);
            ctx.set_line_dash(&to_js(&json!([]))).ok();
        }
    }

    /// A gold frame around every square of the feature under `part` (and a building's
    /// area), a few pixels out whatever the zoom: the spotlight shows on a board zoomed out.
    fn draw_ring(&self, pos: Pos, part: Part) {
        let s = self.shared.borrow();
        let Some(i) = s.game.inspect(pos, part) else { return };
        let squares = i.parts.iter().map(|(p, _)| *p).chain(i.area.iter().copied());
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for p in squares {
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
        if x0 > x1 {
            return;
        }
        let (ctx, k) = (&self.ctx, self.cam.zoom);
        let pad = 6.0 / k;
        ctx.set_stroke_style_str("#ffd65a");
        ctx.set_line_width(3.0 / k);
        ctx.stroke_rect(
            x0 as f64 - pad,
            y0 as f64 - pad,
            (x1 - x0 + 1) as f64 + 2.0 * pad,
            (y1 - y0 + 1) as f64 + 2.0 * pad,
        );
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
                    // On its ring, in the tile's printed frame, then turned.
                    let p = art::rotate(art::circle_point(a, k, region.circles), sq.rot.quarters());
                    self.ctx.save();
                    self.ctx.translate(sq.pos.x as f64 + p.x, sq.pos.y as f64 + p.y).ok();
                    render::draw_piece(&self.ctx, Piece::Trapped);
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
            let mark = if g.is_coop() { g.palette_colour(f.owner) % 6 } else { f.owner % 5 };
            let color = if g.is_coop() {
                coop_draw::COLOUR_HEX[mark as usize].to_string()
            } else {
                seat_color(g, f.owner as usize)
            };
            // Dropping onto its spot from a little above.
            let drop = self.progress(|e| *e == Effect::Drop(f.node)).map_or(0.0, |t| 1.0 - motion::ease_out(t));
            self.ctx.save();
            self.ctx.translate(placed.pos.x as f64 + p.x, placed.pos.y as f64 + p.y - 0.5 * drop).ok();
            self.ctx.save();
            self.ctx.scale(0.25, 0.25).ok();
            self.ctx.set_global_alpha(1.0 - 0.6 * drop);
            render::draw_figure(&self.ctx, f.kind, &color, node.kind == FeatureKind::Field);
            if self.marks {
                render::draw_mark(&self.ctx, mark);
            }
            self.ctx.restore();
            // Its companions and ghosts beside it, in board units.
            if g.is_coop() {
                coop_draw::draw_companions(&self.ctx, g, f.node);
            } else if g.cat() == crate::engine::spells::Cat::At(f.node) {
                self.ctx.save();
                let s = render::piece_scale();
                self.ctx.translate(-0.22 * s, 0.06 * s).ok();
                render::draw_piece(&self.ctx, Piece::Cat);
                self.ctx.restore();
            }
            // Its ghosts stand beside it, one or two (a third scares it off).
            let haunt = self.progress(|e| *e == Effect::Haunt(f.node)).map_or(0.0, |t| 1.0 - motion::ease_out(t));
            let s = render::piece_scale();
            for i in 0..f.ghosts {
                // The newest ghost drifts in from above.
                let drift = if i + 1 == f.ghosts { haunt } else { 0.0 };
                self.ctx.save();
                self.ctx
                    .translate((0.22 + i as f64 * render::GHOST_GAP) * s + 0.2 * drift, -0.075 * s - 0.6 * drift)
                    .ok();
                self.ctx.set_global_alpha(1.0 - 0.8 * drift);
                render::draw_piece(&self.ctx, Piece::Ghost);
                self.ctx.restore();
            }
            self.ctx.restore();
        }
    }
}

pub(super) fn draw_tile_at(
    ctx: &CanvasRenderingContext2d,
    def: &crate::engine::TileDef,
    pos: Pos,
    rot: Rotation,
    detail: bool,
) {
    ctx.save();
    ctx.translate(pos.x as f64 + 0.5, pos.y as f64 + 0.5).ok();
    ctx.rotate(rot.quarters() as f64 * PI / 2.0).ok();
    ctx.translate(-0.5, -0.5).ok();
    render::draw_tile(ctx, def, rot.quarters(), detail);
    ctx.restore();
}

/// A choice's number, as its button says, in a dark badge beside its target (at the top
/// left of a square; up and right of a spot), about 18 CSS pixels across at any zoom `k`.
fn draw_number(ctx: &CanvasRenderingContext2d, c: &Choice, k: f64) {
    let Some(n) = c.number else { return };
    let r = 9.0 / k;
    let (x, y) = if c.square {
        (c.x - 0.44 + r * 1.2, c.y - 0.44 + r * 1.2)
    } else {
        (c.x + SPOT_RADIUS + r * 0.5, c.y - SPOT_RADIUS - r * 0.5)
    };
    ctx.begin_path();
    ctx.arc(x, y, r, 0.0, 2.0 * PI).ok();
    ctx.set_fill_style_str("#1d2a3a");
    ctx.fill();
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(1.5 / k);
    ctx.stroke();
    ctx.set_fill_style_str("#ffffff");
    ctx.set_font(&format!("bold {}px system-ui, sans-serif", 12.0 / k));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.fill_text(&n.to_string(), x, y + 0.5 / k).ok();
    ctx.set_text_baseline("alphabetic");
}
