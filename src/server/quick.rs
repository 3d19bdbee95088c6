//! Quick play (issue 38): players who ask for the same settings (sets and clock) are paired
//! as soon as both have asked, in a room made for them whose game starts at once. One
//! instance pairs (the holder of the `~quick` lease under PostgreSQL; the others forward
//! a `quick` request there), so two players on different instances still meet.
//!
//! A ticket waits in memory with the connection that asked: a connection that closes or
//! cancels leaves the queue, and one whose answer channel is gone is skipped. Bounded:
//! [`QUICK_PER_ADDRESS`] tickets per address and [`MAX_WAITING`] in all.

use super::clock::ClockRule;
use std::net::IpAddr;
use std::sync::Mutex;
use tokio::sync::oneshot;

/// The lease name of the instance that pairs (not a room id: those never hold `~`).
pub const QUICK_LEASE: &str = "~quick";
/// Tickets one address may have waiting at once (a household with a few players).
pub const QUICK_PER_ADDRESS: usize = 4;
/// Tickets waiting at once on the instance that pairs.
pub const MAX_WAITING: usize = 10_000;

/// What a player asks quick play for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wish {
    /// The tile sets (base first; compared as a set).
    pub sets: Vec<String>,
    /// The clock (none: untimed).
    pub clock: Option<ClockRule>,
    /// A rated game (both signed in).
    pub rated: bool,
}

impl Wish {
    /// Two wishes pair when this is equal.
    fn key(&self) -> String {
        let mut sets = self.sets.clone();
        sets.sort();
        sets.dedup();
        format!("{sets:?}|{:?}|{}", self.clock, self.rated)
    }
}

/// A player waiting: who, where from, and how to tell them their room.
pub struct Ticket {
    /// The name the others will see.
    pub name: String,
    /// The address asking (for the per-address bound and the room's quota).
    pub ip: IpAddr,
    /// What was asked for.
    pub wish: Wish,
    /// Tells the waiting connection its seat's token and room once paired.
    pub tell: oneshot::Sender<Paired>,
    /// The connection that asked, to cancel by.
    pub connection: u64,
    /// The account signed in (a rated game's seat is its).
    pub account: Option<super::accounts::Account>,
}

/// A pairing as told to one of its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The room.
    pub room: String,
    /// The seat.
    pub seat: usize,
    /// The seat's token.
    pub token: String,
}

/// Why a quick-play request waits no more, or could not wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuickRefusal {
    /// The address has [`QUICK_PER_ADDRESS`] tickets waiting.
    TooMany,
    /// [`MAX_WAITING`] tickets are waiting.
    Full,
}

/// The queue of the instance that pairs.
#[derive(Default)]
pub struct QuickPlay {
    waiting: Mutex<Vec<Ticket>>,
}

impl QuickPlay {
    /// A ticket asks: the longest-waiting ticket of the same wish (from another
    /// connection, still listening) is taken out and returned to pair with; otherwise the
    /// ticket waits (returns None), within the bounds.
    pub fn ask(&self, ticket: Ticket) -> Result<Option<Ticket>, QuickRefusal> {
        let mut waiting = self.waiting.lock().expect("quick play");
        waiting.retain(|t| !t.tell.is_closed());
        let key = ticket.wish.key();
        if let Some(i) = waiting.iter().position(|t| t.wish.key() == key && t.connection != ticket.connection) {
            return Ok(Some(waiting.remove(i)));
        }
        if waiting.iter().filter(|t| t.ip == ticket.ip).count() >= QUICK_PER_ADDRESS {
            return Err(QuickRefusal::TooMany);
        }
        if waiting.len() >= MAX_WAITING {
            return Err(QuickRefusal::Full);
        }
        waiting.retain(|t| t.connection != ticket.connection);
        waiting.push(ticket);
        Ok(None)
    }

    /// A connection's ticket leaves the queue; whether it was there.
    pub fn cancel(&self, connection: u64) -> bool {
        let mut waiting = self.waiting.lock().expect("quick play");
        let before = waiting.len();
        waiting.retain(|t| t.connection != connection);
        waiting.len() < before
    }

    /// A ticket taken to pair whose room could not be made waits again, first in line.
    pub fn put_back(&self, ticket: Ticket) {
        self.waiting.lock().expect("quick play").insert(0, ticket);
    }

    /// Tickets waiting now (closed ones included until the next request).
    pub fn len(&self) -> usize {
        self.waiting.lock().expect("quick play").len()
    }

    /// Whether nobody waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket(connection: u64, ip: &str, sets: &[&str]) -> (Ticket, oneshot::Receiver<Paired>) {
        let (tell, rx) = oneshot::channel();
        let wish = Wish { sets: sets.iter().map(|s| s.to_string()).collect(), clock: None, rated: false };
        (Ticket { name: format!("p{connection}"), ip: ip.parse().unwrap(), wish, tell, connection, account: None }, rx)
    }

    #[test]
    fn the_same_wish_pairs_the_longest_waiting_and_a_closed_ticket_is_skipped() {
        let q = QuickPlay::default();
        let (a, a_rx) = ticket(1, "10.0.0.1", &["base", "river"]);
        let (b, _b_rx) = ticket(2, "10.0.0.2", &["base", "river"]);
        let (c, _c_rx) = ticket(3, "10.0.0.3", &["base"]);
        assert!(q.ask(a).unwrap().is_none());
        drop(a_rx); // the first asker left
        assert!(q.ask(b).unwrap().is_none(), "a closed ticket does not pair");
        assert!(q.ask(c).unwrap().is_none(), "another wish waits apart");
        let (d, _d_rx) = ticket(4, "10.0.0.4", &["river", "base"]);
        assert_eq!(q.ask(d).unwrap().map(|t| t.connection), Some(2), "sets compared as a set");
        assert_eq!(q.len(), 1);
        assert!(q.cancel(3) && q.is_empty());
    }

    #[test]
    fn an_address_has_a_few_tickets_waiting_at_most() {
        let q = QuickPlay::default();
        let mut keep = Vec::new();
        for i in 0..QUICK_PER_ADDRESS as u64 {
            let (t, rx) = ticket(i, "10.0.0.1", &[&format!("set{i}")]);
            keep.push(rx);
            assert!(q.ask(t).unwrap().is_none());
        }
        let (t, _rx) = ticket(99, "10.0.0.1", &["other"]);
        assert_eq!(q.ask(t).err(), Some(QuickRefusal::TooMany));
        let (t, _rx) = ticket(100, "10.0.0.1", &["set0"]);
        assert!(q.ask(t).unwrap().is_some(), "pairing needs no new place");
    }
}
