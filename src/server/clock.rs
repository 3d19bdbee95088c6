//! A room's clocks (issue 38): how much time each seat has, whose clock runs, and when it
//! runs out. Pure arithmetic on milliseconds since 1970 read from a [`Time`], so that a
//! test moves time forward instead of waiting (a correspondence clock's days pass at once).
//!
//! One model covers every clock a room may have: each seat starts with `base`; when its
//! turn ends it gets `increment` back, but never more than `max` in all. "15 minutes a
//! player" is 900 + 0; "10 + 5 s" is 600 + 5; a correspondence clock of a day a move with
//! at most 3 days banked is 86,400 + 86,400 with a maximum of 259,200 seconds.
//!
//! A clock runs only while a person's seat is to play (connected or not): a computer's
//! seat never runs out. The server is the authority: clients are told each seat's time
//! left when a turn changes and count the running one down themselves.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The longest base time or maximum a clock may have: 30 days.
pub const MAX_CLOCK_SECS: u64 = 30 * 86_400;
/// The longest increment: 7 days.
pub const MAX_INCREMENT_SECS: u64 = 7 * 86_400;

/// What happens to a seat whose time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Timeout {
    /// A casual room: a computer takes the seat and the game goes on.
    Computer,
    /// The seat loses, and the game ends (a rated game's rule).
    Loss,
}

/// A room's clock, as its host asked for it (seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRule {
    /// Seconds each seat starts with.
    pub base: u64,
    /// Seconds a seat gets back when its turn ends.
    pub increment: u64,
    /// At most this many seconds banked (a correspondence clock); none: no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// What happens when a seat's time runs out.
    pub timeout: Timeout,
}

impl ClockRule {
    /// Whether the numbers are in range: a base of 1 s to 30 days, an increment up to 7
    /// days, a maximum from the base to 30 days. The reason otherwise.
    pub fn check(&self) -> Result<(), &'static str> {
        if !(1..=MAX_CLOCK_SECS).contains(&self.base) {
            return Err("a clock's base is 1 second to 30 days");
        }
        if self.increment > MAX_INCREMENT_SECS {
            return Err("a clock's increment is at most 7 days");
        }
        if self.max.is_some_and(|m| m < self.base || m > MAX_CLOCK_SECS) {
            return Err("a clock's maximum is from its base to 30 days");
        }
        Ok(())
    }
}

/// The seat whose clock runs, and when it runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    /// The seat to play.
    pub seat: usize,
    /// When its time is up, in milliseconds since 1970.
    pub deadline: u64,
}

/// The clocks of a room's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The rule.
    pub rule: ClockRule,
    /// Milliseconds left for each seat whose clock is stopped (the running seat's at the
    /// start of its turn).
    pub left: Vec<u64>,
    /// The clock running, if one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<Running>,
}

/// The clocks as a client is told them: milliseconds left for each seat at the moment the
/// frame was made, and the seat whose clock runs (the client counts it down).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockFrame {
    /// Milliseconds left per seat.
    pub left: Vec<u64>,
    /// The seat whose clock runs (null: none).
    pub running: Option<usize>,
}

impl Clock {
    /// Every seat with the base time, no clock running.
    pub fn new(rule: ClockRule, seats: usize) -> Clock {
        Clock { rule, left: vec![rule.base * 1000; seats], running: None }
    }

    /// Milliseconds `seat` has left at `now`.
    pub fn left_at(&self, seat: usize, now: u64) -> u64 {
        match self.running {
            Some(r) if r.seat == seat => r.deadline.saturating_sub(now),
            _ => self.left.get(seat).copied().unwrap_or(0),
        }
    }

    /// The seat whose time has run out at `now`, if one has.
    pub fn expired(&self, now: u64) -> Option<usize> {
        self.running.filter(|r| r.deadline <= now).map(|r| r.seat)
    }

    /// The turn passes (or the game ends, or a computer takes the seat): the seat that was
    /// running keeps what it has left plus the increment (capped), and `next`'s clock
    /// starts (none: no clock runs).
    pub fn pass_turn(&mut self, next: Option<usize>, now: u64) {
        if let Some(r) = self.running.take() {
            let kept = r.deadline.saturating_sub(now) + self.rule.increment * 1000;
            self.left[r.seat] = self.rule.max.map_or(kept, |m| kept.min(m * 1000));
        }
        self.running =
            next.filter(|&s| s < self.left.len()).map(|seat| Running { seat, deadline: now + self.left[seat] });
    }

    /// The running clock stops with what it has left, without the increment (a computer
    /// takes the seat).
    pub fn pause(&mut self, now: u64) {
        if let Some(r) = self.running.take() {
            self.left[r.seat] = r.deadline.saturating_sub(now);
        }
    }

    /// The running seat's time ran out: it has none left and no clock runs.
    pub fn stop_at_zero(&mut self) {
        if let Some(r) = self.running.take() {
            self.left[r.seat] = 0;
        }
    }

    /// The clocks as told at `now`.
    pub fn frame(&self, now: u64) -> ClockFrame {
        ClockFrame {
            left: (0..self.left.len()).map(|s| self.left_at(s, now)).collect(),
            running: self.running.map(|r| r.seat),
        }
    }

    /// The running clock's deadline (what the store keeps in its own column, to find
    /// rooms whose time runs out and to move deadlines past a server's absence).
    pub fn deadline(&self) -> Option<u64> {
        self.running.map(|r| r.deadline)
    }
}

/// Where a server reads the time: the system's clock plus an offset that only tests move
/// (the injected clock of issue 38's correspondence test). Clones share the offset.
#[derive(Clone, Debug, Default)]
pub struct Time {
    offset_ms: Arc<AtomicU64>,
}

impl Time {
    /// Milliseconds since 1970.
    pub fn now_ms(&self) -> u64 {
        let system =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        system + self.offset_ms.load(Ordering::Relaxed)
    }

    /// Move this server's time forward (tests only: nothing else calls it).
    pub fn advance(&self, by: Duration) {
        self.offset_ms.fetch_add(by.as_millis() as u64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(base: u64, increment: u64, max: Option<u64>) -> ClockRule {
        ClockRule { base, increment, max, timeout: Timeout::Computer }
    }

    #[test]
    fn a_turn_uses_time_and_earns_the_increment() {
        let mut c = Clock::new(rule(600, 5, None), 2);
        c.pass_turn(Some(0), 1_000);
        assert_eq!(c.left_at(0, 4_000), 597_000, "3 s used");
        assert_eq!(c.expired(600_999), None);
        assert_eq!(c.expired(601_000), Some(0));
        c.pass_turn(Some(1), 11_000);
        assert_eq!(c.left, vec![595_000, 600_000], "10 s used, 5 s back");
        assert_eq!(c.frame(12_500), ClockFrame { left: vec![595_000, 598_500], running: Some(1) });
        c.pass_turn(None, 12_500);
        assert_eq!((c.left[1], c.running), (603_500, None));
    }

    #[test]
    fn a_correspondence_clock_banks_at_most_its_maximum() {
        let day = 86_400_000;
        let mut c = Clock::new(rule(86_400, 86_400, Some(259_200)), 2);
        c.pass_turn(Some(0), 0);
        c.pass_turn(Some(1), 1_000);
        assert_eq!(c.left[0], 2 * day - 1_000);
        c.pass_turn(Some(0), 2_000);
        c.pass_turn(Some(1), 3_000);
        assert_eq!(c.left[0], 3 * day - 2_000, "2 s used of 4 days");
        c.pass_turn(Some(0), 4_000);
        c.pass_turn(Some(1), 5_000);
        assert_eq!(c.left[0], 3 * day, "capped at 3 days");
        c.stop_at_zero();
        assert_eq!((c.left[1], c.running), (0, None));
    }

    #[test]
    fn rules_out_of_range_are_refused() {
        assert!(rule(900, 0, None).check().is_ok());
        assert!(rule(0, 5, None).check().is_err());
        assert!(rule(MAX_CLOCK_SECS + 1, 0, None).check().is_err());
        assert!(rule(60, MAX_INCREMENT_SECS + 1, None).check().is_err());
        assert!(rule(60, 0, Some(59)).check().is_err());
        assert!(rule(86_400, 86_400, Some(259_200)).check().is_ok());
    }
}
