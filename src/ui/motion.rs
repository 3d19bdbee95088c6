//! The board's animations, as data: what the events of one move set in motion (a tile
//! settling, a figure dropping onto its spot, "+N" rising in the scorer's colour where a
//! feature scored, figures flying home or fleeing a ghost, a ghost drifting onto its
//! meeple), each with a start and a length in milliseconds. The view draws them; any
//! input finishes them at once, so they never hold a player up.

use crate::engine::{Event, Game, Pos};

/// One effect on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// The tile just placed settles into its square.
    Settle(Pos),
    /// The figure on this node (of the feature graph) drops onto its spot.
    Drop(u32),
    /// A scored square lights up.
    Glow(Pos),
    /// Points rise from a scored feature.
    Float {
        /// "+12" (or "−2" where ghosts cost more than the feature brought).
        text: String,
        /// Whose points (their colour).
        player: usize,
        /// Where they rise from, board x.
        x: f64,
        /// Board y.
        y: f64,
    },
    /// A figure goes back to its owner's supply.
    Home {
        /// The owner.
        player: usize,
        /// The square it stood on.
        from: Pos,
    },
    /// A figure scared off by a third ghost leaves.
    Flee {
        /// The owner.
        player: usize,
        /// The square it stood on.
        from: Pos,
    },
    /// The newest ghost beside the figure on this node drifts in.
    Haunt(u32),
}

/// An effect with its time: it runs from `start` for `length` ms.
#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    /// What moves.
    pub effect: Effect,
    /// When it starts (ms, the page's clock).
    pub start: f64,
    /// How long it runs (ms).
    pub length: f64,
}

impl Anim {
    /// How far along it is at `now`, 0…1 (0 before it starts); `None` once it is over.
    pub fn progress(&self, now: f64) -> Option<f64> {
        let t = (now - self.start) / self.length;
        (t < 1.0).then_some(t.max(0.0))
    }
}

/// Fast at first, gently at the end.
pub fn ease_out(t: f64) -> f64 {
    1.0 - (1.0 - t.clamp(0.0, 1.0)).powi(3)
}

/// The animations for the events of one move, starting at `now`, in `g` as it is after
/// them. Scoring follows the tile by a moment, so that the eye sees cause, then effect.
pub fn from_events(g: &Game, events: &[Event], now: f64) -> Vec<Anim> {
    let mut out = Vec::new();
    let mut at = |effect: Effect, delay: f64, length: f64| out.push(Anim { effect, start: now + delay, length });
    // Several scorings in one move rise one after another.
    let mut floats = 0.0;
    for e in events {
        match e {
            Event::TilePlaced { x, y, .. } => at(Effect::Settle(Pos::new(*x, *y)), 0.0, 240.0),
            Event::FigurePlaced { x, y, spot, .. } => {
                let spot = crate::record::parse_spot(spot).ok();
                if let Some(i) = spot.and_then(|s| g.figure_at(Pos::new(*x, *y), s)) {
                    at(Effect::Drop(g.figures()[i].node), 0.0, 280.0);
                }
            }
            Event::Scored(s) => {
                let pos = Pos::new(s.x, s.y);
                at(Effect::Glow(pos), 120.0, 900.0);
                for (k, share) in s.shares.iter().filter(|sh| sh.points != 0).enumerate() {
                    let text =
                        if share.points > 0 { format!("+{}", share.points) } else { format!("−{}", -share.points) };
                    let (x, y) = (s.x as f64 + 0.5, s.y as f64 + 0.35 + 0.28 * k as f64);
                    at(Effect::Float { text, player: share.player, x, y }, 150.0 + floats, 1300.0);
                }
                floats += 250.0;
            }
            Event::FigureReturned { player, x, y, .. } => {
                at(Effect::Home { player: *player, from: Pos::new(*x, *y) }, 150.0, 700.0)
            }
            Event::FigureScared { player, x, y, .. } => {
                at(Effect::Flee { player: *player, from: Pos::new(*x, *y) }, 150.0, 900.0)
            }
            Event::GhostPlaced { x, y, ghosts, .. } => {
                // The haunted figure: on that square, with that many ghosts now.
                let node = g
                    .figures()
                    .iter()
                    .map(|f| (f, g.features().node(f.node)))
                    .find(|(f, n)| f.ghosts == *ghosts && g.board().square(n.square).pos == Pos::new(*x, *y));
                if let Some((f, _)) = node {
                    at(Effect::Haunt(f.node), 0.0, 600.0);
                }
            }
            _ => {}
        }
    }
    out
}

/// The animations still running at `now` (the rest are dropped).
pub fn running(anims: &mut Vec<Anim>, now: f64) {
    anims.retain(|a| a.progress(now).is_some());
}
