//! A long run's progress on a terminal: games done, the win rate so far with its 95%

//! interval, and the time left, on stderr; nothing when stderr is not a terminal.
use carcassonne::ai::arena::wilson;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;

/// One bar for `games` games.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// Points won (a tie counts half) and games ended.
    tally: Mutex<(f64, u32)>,
}

impl Progress {
    /// A bar named `what` (for example "level 3, hard"), shown only on a terminal.
    pub fn new(what: &str, games: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} · {eta} left")
                .expect("a valid template")
                .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(what.to_string());
            bar
        });
        Progress { bar, tally: Mutex::new((0.0, 0)) }
    }

    /// A game ended with `points` for the side counted (1 won, 0.5 tie, 0 lost).
    pub fn game(&self, points: f64) {
        let Some(bar) = &self.bar else { return };
        let (won, n) = {
            let mut t = self.tally.lock().unwrap_or_else(|e| e.into_inner());
            t.0 += points;
            t.1 += 1;
            *t
        };
        let rate = won / n as f64;
        let (lo, hi) = wilson(rate, n as f64);
        bar.set_message(format!("won {:.1}% [{:.1}, {:.1}]", 100.0 * rate, 100.0 * lo, 100.0 * hi));
        bar.inc(1);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
