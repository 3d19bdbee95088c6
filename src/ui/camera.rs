//! Where the board is on the screen: a centre in board units (one square is 1×1), a
//! zoom in CSS pixels per square, and the size of the canvas in CSS pixels.

use crate::engine::Pos;

/// The smallest zoom (CSS pixels per square).
pub const MIN_ZOOM: f64 = 10.0;
/// The largest zoom.
pub const MAX_ZOOM: f64 = 220.0;
/// The largest zoom fitting the board picks by itself (a small board stays readable
/// without filling the screen with one tile).
pub const FIT_MAX_ZOOM: f64 = 110.0;

/// The board's camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The board point at the canvas's centre, x.
    pub x: f64,
    /// The board point at the canvas's centre, y.
    pub y: f64,
    /// CSS pixels per square.
    pub zoom: f64,
    /// The canvas's width in CSS pixels.
    pub width: f64,
    /// The canvas's height in CSS pixels.
    pub height: f64,
    /// CSS pixels along each edge (top, right, bottom, left) that the host covers with its
    /// own bars: fitting the board keeps it inside what is left.
    pub inset: [f64; 4],
}

impl Default for Camera {
    fn default() -> Camera {
        Camera { x: 0.5, y: 0.5, zoom: 80.0, width: 0.0, height: 0.0, inset: [0.0; 4] }
    }
}

impl Camera {
    /// The board point under a screen point.
    pub fn to_world(&self, sx: f64, sy: f64) -> (f64, f64) {
        ((sx - self.width / 2.0) / self.zoom + self.x, (sy - self.height / 2.0) / self.zoom + self.y)
    }

    /// The screen point of a board point.
    pub fn to_screen(&self, wx: f64, wy: f64) -> (f64, f64) {
        ((wx - self.x) * self.zoom + self.width / 2.0, (wy - self.y) * self.zoom + self.height / 2.0)
    }

    /// The square under a screen point.
    pub fn square_at(&self, sx: f64, sy: f64) -> Pos {
        let (wx, wy) = self.to_world(sx, sy);
        Pos::new(wx.floor() as i32, wy.floor() as i32)
    }

    /// Zoom by `factor` (clamped to [`MIN_ZOOM`]…[`MAX_ZOOM`]), keeping the board point
    /// under the screen point (sx, sy) where it is.
    pub fn zoom_at(&mut self, sx: f64, sy: f64, factor: f64) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let (wx, wy) = self.to_world(sx, sy);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        self.x = wx - (sx - self.width / 2.0) / self.zoom;
        self.y = wy - (sy - self.height / 2.0) / self.zoom;
    }

    /// Move the board by a screen distance (a drag: the board follows the pointer).
    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.x -= dx / self.zoom;
        self.y -= dy / self.zoom;
    }

    /// The keyboard's inspection: bring the middle of the square next to the one in the
    /// middle of the free part now (`dx`, `dy` in -1, 0, 1) to that middle.
    pub fn step_square(&mut self, dx: i32, dy: i32) {
        let (fx, fy) = self.free_centre();
        let (wx, wy) = self.to_world(fx, fy);
        self.x += wx.floor() + 0.5 + f64::from(dx) - wx;
        self.y += wy.floor() + 0.5 + f64::from(dy) - wy;
    }

    /// Show the squares from `lo` to `hi` with one square of margin all round (for the
    /// open positions), centred in the part of the canvas the host's bars leave free
    /// (`inset`); `false` (and no change) while the canvas has no size.
    pub fn fit(&mut self, lo: Pos, hi: Pos) -> bool {
        if self.width <= 0.0 || self.height <= 0.0 {
            return false;
        }
        let [top, right, bottom, left] = self.inset.map(|v| if v.is_finite() { v.max(0.0) } else { 0.0 });
        // Bars that would leave less than a quarter of the canvas are not kept clear: a tiny
        // box still shows its board. (The element caps its bars at 45% and 30% of its box,
        // so with its margins a quarter is left even at 300 px.)
        let (free_w, free_h) = (self.width - left - right, self.height - top - bottom);
        let (free_w, left, right) =
            if free_w >= self.width / 4.0 { (free_w, left, right) } else { (self.width, 0.0, 0.0) };
        let (free_h, top, bottom) =
            if free_h >= self.height / 4.0 { (free_h, top, bottom) } else { (self.height, 0.0, 0.0) };
        let (w, h) = ((hi.x - lo.x + 3) as f64, (hi.y - lo.y + 3) as f64);
        self.zoom = (free_w / w).min(free_h / h).clamp(MIN_ZOOM, FIT_MAX_ZOOM);
        // The board's centre goes to the free part's centre.
        self.x = (lo.x + hi.x + 1) as f64 / 2.0 - (left - right) / 2.0 / self.zoom;
        self.y = (lo.y + hi.y + 1) as f64 / 2.0 - (top - bottom) / 2.0 / self.zoom;
        true
    }

    /// The middle of the part of the canvas the host's bars leave free, in CSS pixels (the
    /// canvas's middle when the bars would leave less than a quarter of it, as `fit` does).
    pub fn free_centre(&self) -> (f64, f64) {
        let [top, right, bottom, left] = self.inset.map(|v| if v.is_finite() { v.max(0.0) } else { 0.0 });
        let (l, r) = if self.width - left - right >= self.width / 4.0 { (left, right) } else { (0.0, 0.0) };
        let (t, b) = if self.height - top - bottom >= self.height / 4.0 { (top, bottom) } else { (0.0, 0.0) };
        ((l + self.width - r) / 2.0, (t + self.height - b) / 2.0)
    }

    /// Whether any part of the square `p` is on the canvas.
    pub fn shows(&self, p: Pos) -> bool {
        let (x0, y0) = self.to_world(0.0, 0.0);
        let (x1, y1) = self.to_world(self.width, self.height);
        (p.x as f64) < x1 && (p.x + 1) as f64 > x0 && (p.y as f64) < y1 && (p.y + 1) as f64 > y0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cam() -> Camera {
        Camera { x: 0.5, y: 0.5, zoom: 100.0, width: 800.0, height: 600.0, inset: [0.0; 4] }
    }

    #[test]
    fn the_keyboard_steps_from_square_to_square() {
        let mut c = cam();
        c.x = 0.3;
        c.y = -0.2;
        c.step_square(1, 0);
        assert_eq!((c.x, c.y), (1.5, -0.5));
        c.step_square(0, 1);
        assert_eq!((c.x, c.y), (1.5, 0.5));
        c.step_square(-1, -1);
        assert_eq!((c.x, c.y), (0.5, -0.5));
    }

    #[test]
    fn screen_and_board_points_are_inverse() {
        let c = cam();
        assert_eq!(c.to_world(400.0, 300.0), (0.5, 0.5));
        assert_eq!(c.square_at(400.0, 300.0), Pos::new(0, 0));
        assert_eq!(c.square_at(349.0, 300.0), Pos::new(-1, 0), "past the west edge of the centre square");
        assert_eq!(c.square_at(351.0, 300.0), Pos::new(0, 0));
        let (wx, wy) = c.to_world(123.0, 456.0);
        let (sx, sy) = c.to_screen(wx, wy);
        assert!((sx - 123.0).abs() < 1e-9 && (sy - 456.0).abs() < 1e-9);
    }

    #[test]
    fn zooming_keeps_the_point_under_the_pointer_and_stays_in_bounds() {
        let mut c = cam();
        let before = c.to_world(100.0, 80.0);
        c.zoom_at(100.0, 80.0, 1.5);
        assert_eq!(c.zoom, 150.0);
        let after = c.to_world(100.0, 80.0);
        assert!((before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9);
        c.zoom_at(0.0, 0.0, 1000.0);
        assert_eq!(c.zoom, MAX_ZOOM);
        c.zoom_at(0.0, 0.0, 1e-6);
        assert_eq!(c.zoom, MIN_ZOOM);
        let was = c;
        c.zoom_at(0.0, 0.0, f64::NAN);
        c.zoom_at(0.0, 0.0, -2.0);
        assert_eq!(c, was, "a nonsense factor changes nothing");
    }

    #[test]
    fn a_drag_moves_the_board_with_the_pointer() {
        let mut c = cam();
        let under = c.to_world(200.0, 200.0);
        c.pan(30.0, -20.0);
        let moved = c.to_world(230.0, 180.0);
        assert!((under.0 - moved.0).abs() < 1e-9 && (under.1 - moved.1).abs() < 1e-9);
    }

    #[test]
    fn fit_centres_the_board_with_a_margin() {
        let mut c = cam();
        // 5 squares wide, 1 high: 7 × 3 with the margin; 800/7 ≈ 114 caps at 110.
        assert!(c.fit(Pos::new(-2, 0), Pos::new(2, 0)));
        assert_eq!((c.x, c.y, c.zoom), (0.5, 0.5, FIT_MAX_ZOOM));
        // 40 squares wide: 800 / 42.
        assert!(c.fit(Pos::new(0, 0), Pos::new(39, 0)));
        assert!((c.zoom - 800.0 / 42.0).abs() < 1e-9);
        assert!(c.shows(Pos::new(-1, 0)) && c.shows(Pos::new(40, 0)), "the margin squares are on screen");
        assert!(!c.shows(Pos::new(0, 30)));
        let mut none = Camera::default();
        assert!(!none.fit(Pos::new(0, 0), Pos::new(1, 1)), "no size yet: nothing to fit");
    }

    #[test]
    fn fitting_keeps_the_board_clear_of_the_hosts_bars() {
        // A 400×300 box with a 60 px bar on top and an 80 px bar below: squares -1..=1
        // (with their margin, 5×5) fit into the 160 px between the bars.
        let mut c = Camera { inset: [60.0, 0.0, 80.0, 0.0], width: 400.0, height: 300.0, ..cam() };
        assert!(c.fit(Pos::new(-1, -1), Pos::new(1, 1)));
        assert_eq!(c.zoom, 32.0);
        for (wx, wy) in [(-2.0, -2.0), (3.0, 3.0)] {
            let (_, sy) = c.to_screen(wx, wy);
            assert!((60.0..=220.0).contains(&sy), "{wy} is drawn at {sy}, under a bar");
        }
        let (_, mid) = c.to_screen(0.5, 0.5);
        assert_eq!(mid, 140.0, "centred between the bars");
        // A guide's tall narration in a 300 px box leaves 28% between the bars: kept clear.
        let mut guided = Camera { inset: [130.0, 0.0, 86.0, 0.0], width: 400.0, height: 300.0, ..cam() };
        assert!(guided.fit(Pos::new(0, 0), Pos::new(0, 0)));
        assert_eq!(guided.zoom, 28.0);
        assert_eq!(guided.to_screen(0.5, 0.5), (200.0, 172.0));
        // Bars covering most of the box are ignored rather than squeezing the board away.
        let mut tiny = Camera { inset: [150.0, 0.0, 120.0, 0.0], width: 400.0, height: 300.0, ..cam() };
        assert!(tiny.fit(Pos::new(0, 0), Pos::new(0, 0)));
        assert_eq!(tiny.to_screen(0.5, 0.5), (200.0, 150.0));
        // Nonsense insets change nothing.
        let mut odd = Camera { inset: [f64::NAN, -5.0, f64::INFINITY, 0.0], width: 400.0, height: 300.0, ..cam() };
        assert!(odd.fit(Pos::new(0, 0), Pos::new(0, 0)));
        assert_eq!(odd.to_screen(0.5, 0.5), (200.0, 150.0));
    }
}
