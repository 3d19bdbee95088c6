//! One room: its seats (who may play which seat, by hashed token), its game (held here,
//! the only copy whose tile order is real), and what everyone in it is told. Every action
//! is checked by the engine, committed to the store, and only then applied and broadcast.

use super::clock::{Clock, ClockFrame, ClockRule, Time, Timeout};
use super::protocol::{
    ChatLine, DuplicateFrame, Occupant, RoomFrame, SeatFrame, SeatKind, ServerMsg, CHAT_KEPT, MAX_LEGAL,
};
use super::refusal::{RatedWhy, Refusal};
use super::store::{ProgressRow, Store, Stored};
use crate::ai::Level;
use crate::engine::{Game, TileSet};
use crate::record::{parse_setup, ActionError, Record, RecordAction};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Mutex};

/// Connections that may play one seat at once (a player's tabs and devices).
pub const CONNECTIONS_PER_SEAT: u32 = 8;

/// What a room's channel carries to each of its connections.
#[derive(Clone, Debug)]
pub enum Broadcast {
    /// A message every connection sends on as it is.
    Frame(Arc<str>),
    /// The room frame, which each connection sends with its own `you` and `host`.
    Room(Arc<RoomFrame>),
    /// A frame whose copy for the connections of the seat to play says more (its legal
    /// actions): `theirs` to them, `all` to everyone else.
    Seated {
        /// For everyone else.
        all: Arc<str>,
        /// The seat to play.
        seat: usize,
        /// For that seat's connections.
        theirs: Arc<str>,
    },
    /// The room left this instance (its lease went to another): each connection closes
    /// with 1012 and its client reconnects, to the new owner.
    Moved,
}

impl Broadcast {
    /// The frame to send to a connection playing `you` (hosting or not); `None` for
    /// [`Broadcast::Moved`].
    pub fn text_for(&self, you: Option<usize>, host: bool) -> Option<Arc<str>> {
        match self {
            Broadcast::Frame(text) => Some(text.clone()),
            Broadcast::Seated { all, seat, theirs } => {
                Some(if you == Some(*seat) { theirs.clone() } else { all.clone() })
            }
            Broadcast::Room(frame) => Some(ServerMsg::Room(RoomFrame { you, host, ..(**frame).clone() }).text().into()),
            Broadcast::Moved => None,
        }
    }
}

/// Chat lines one seat may say in [`CHAT_WINDOW`].
pub const CHAT_PER_WINDOW: usize = 5;

/// The window of the chat's rate limit.
pub const CHAT_WINDOW: Duration = Duration::from_secs(10);

/// How often at most a room tells everyone how many watch it.
pub const WATCHERS_EVERY: Duration = Duration::from_secs(2);

/// A seat as stored.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatMeta {
    /// The name shown.
    pub name: String,
    /// Who sits there.
    pub kind: Occupant,
    /// A computer's level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The SHA-256 of the seat's token (hex), for seats people play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// In a rated room: the account that plays the seat (a computer's anchor account for a
    /// computer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<String>,
}

/// A room as stored (`rooms.meta`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Meta {
    /// The seats, creator (host) first.
    pub seats: Vec<SeatMeta>,
    /// Tile sets.
    pub sets: Vec<String>,
    /// Rule options.
    pub options: Value,
    /// Seconds away before the host may hand a seat to a computer.
    pub absent_secs: u64,
    /// The current game's number (0: still in the lobby).
    pub game: u32,
    /// The SHA-256 of the host's own token (hex) when no person sits in seat 0 (a room of
    /// computers only): whoever joins with it hosts the room without a seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// The SHA-256 of the open link's secret (hex), in a room with open seats: only who
    /// holds the open link may claim one (a room id alone, which watchers know, is not
    /// enough). Rooms made before open links had secrets have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<String>,
    /// The room's clock (none: untimed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRule>,
    /// The seat that lost the current game on time (a clock whose rule is a loss): the
    /// game ended there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_on_time: Option<usize>,
    /// Listed in the lobby (its open seats are taken without the open link's secret).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// A rated room: the kind of game its games are rated in ([`super::ratings::kind`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<String>,
    /// A duplicate room: its games are matches of two on one tile order, the seats swapped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duplicate: Option<Duplicate>,
}

/// Where a duplicate room's match stands (docs/online.md, "Duplicate matches"): two games
/// on the same tile order, the second begun by the second seat; the match is the sum of
/// the two games' margins.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Duplicate {
    /// The first game's final points, once the second game runs (none: the first runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Vec<i32>>,
}

impl Meta {
    /// A room's metadata before its first game.
    pub fn new(seats: Vec<SeatMeta>, sets: Vec<String>, options: Value, absent_secs: u64) -> Meta {
        Meta {
            seats,
            sets,
            options,
            absent_secs,
            game: 0,
            host: None,
            open: None,
            clock: None,
            lost_on_time: None,
            public: false,
            rated: None,
            duplicate: None,
        }
    }

    /// The seat a token plays, if any (every seat compared, in constant time each).
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        let h = hash(token);
        let mut found = None;
        for (i, s) in self.seats.iter().enumerate() {
            if s.token.as_deref().is_some_and(|t| same(t, &h)) {
                found = Some(i);
            }
        }
        found
    }
}

/// Where a room's game stands, saved with every action for "my games" (read without
/// loading the game), with its clocks (a room loads them from here).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Progress {
    /// The game is over (played out, or lost on time).
    pub over: bool,
    /// Whose turn it is.
    pub turn: usize,
    /// Actions played.
    pub actions: usize,
    /// When the last was played (or the game began), in seconds since 1970.
    pub at: u64,
    /// The clocks, in a room with a clock (the running one's deadline is the store's
    /// column: it moves past a server's absence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
}

impl Progress {
    /// A game's progress now, with its clocks and whether it ended on time, as the store
    /// keeps it.
    pub fn row(game: &Game, clock: Option<&Clock>, lost_on_time: bool) -> ProgressRow {
        let p = Progress {
            over: game.is_over() || lost_on_time,
            turn: game.current_player(),
            actions: game.history().len(),
            at: now(),
            clock: clock.cloned(),
        };
        ProgressRow { json: serde_json::to_string(&p).expect("plain data"), deadline: clock.and_then(Clock::deadline) }
    }
}

/// Seconds since 1970.
pub fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A room in memory.
pub struct Room {
    /// Its id (also in its links).
    pub id: String,
    /// Its stored part.
    pub meta: Meta,
    /// The game, once started.
    pub game: Option<Game>,
    /// Connections per seat.
    pub connected: Vec<u32>,
    /// Since when a seat has had no connection.
    pub away_since: Vec<Option<Instant>>,
    /// Whether someone has played each seat since this server loaded the room: a seat
    /// nobody has opened reads "invited", not "away". Kept in memory only: after a restart
    /// or a move to another instance, a seat counts as come again once it reconnects.
    pub came: Vec<bool>,
    /// Connections watching without a seat.
    pub watchers: u32,
    /// Every message for everyone in the room.
    pub tx: broadcast::Sender<Broadcast>,
    /// A computer is playing a turn.
    pub bot_running: bool,
    /// The last time anything happened (for unloading idle rooms).
    pub last_active: Instant,
    /// When the watcher count was last told, and whether a telling is scheduled.
    watchers_told: Option<Instant>,
    watchers_pending: bool,
    /// Itself, for the delayed telling of the watcher count.
    me: Weak<Mutex<Room>>,
    /// The address its computers think for (the creator's, or whoever loaded it from disk),
    /// so that one address's rooms share one address's part of the planners.
    pub address: IpAddr,
    /// The last [`CHAT_KEPT`] chat lines, oldest first.
    chat: VecDeque<ChatLine>,
    /// When each seat said its last lines (for the chat's rate limit).
    said: Vec<VecDeque<Instant>>,
    /// The current game's clocks, in a room with a clock.
    pub clock: Option<Clock>,
    /// Where the room reads the time (the server's, which tests move).
    pub time: Time,
}

/// The SHA-256 of a token, as hex.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Equal without an early exit: the time taken says nothing of where two hashes differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Room {
    /// A new room from its stored metadata (and game, when loaded).
    pub fn new(id: String, meta: Meta, game: Option<Game>) -> Room {
        let n = meta.seats.len();
        let (tx, _) = broadcast::channel(1024);
        Room {
            id,
            meta,
            game,
            connected: vec![0; n],
            away_since: vec![Some(Instant::now()); n],
            came: vec![false; n],
            watchers: 0,
            tx,
            bot_running: false,
            last_active: Instant::now(),
            address: IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
            watchers_told: None,
            watchers_pending: false,
            me: Weak::new(),
            chat: VecDeque::new(),
            said: vec![VecDeque::new(); n],
            clock: None,
            time: Time::default(),
        }
    }

    /// The room, shared (as the server's map and its connections hold it).
    pub fn shared(self) -> Arc<Mutex<Room>> {
        Arc::new_cyclic(|me| {
            let mut room = self;
            room.me = me.clone();
            Mutex::new(room)
        })
    }

    /// A connection enters: with a seat's token to play it, the host's token to host, or
    /// none to watch. Returns its seat and whether it hosts. A seat's coming is told to
    /// everyone (a whole room frame: at most five seats of at most
    /// [`CONNECTIONS_PER_SEAT`] connections each); a watcher's only as the count, at most
    /// every [`WATCHERS_EVERY`], so that many watchers coming and going cost O(1) frames
    /// each (issue 22, defect 6).
    pub fn enter(&mut self, token: Option<&str>, max_watchers: usize) -> Result<(Option<usize>, bool), Refusal> {
        let host = token.is_some_and(|t| self.is_host_token(t));
        let seat = match token.map(|t| self.seat_of(t)) {
            Some(None) if !host => return Err(Refusal::UnknownSeatLink),
            Some(s) => s,
            None => None,
        };
        match seat {
            Some(s) if self.connected[s] >= CONNECTIONS_PER_SEAT => return Err(Refusal::SeatOpenTooOften),
            Some(s) => {
                self.connected[s] += 1;
                self.away_since[s] = None;
                self.came[s] = true;
                self.broadcast(self.info(None, false));
            }
            None if self.watchers as usize >= max_watchers => {
                return Err(Refusal::TooManyWatchers { max: max_watchers })
            }
            None => {
                self.watchers += 1;
                self.watchers_changed();
            }
        }
        self.last_active = Instant::now();
        Ok((seat, self.hosts(seat, host)))
    }

    /// A connection leaves (closing, or joining another room).
    pub fn exit(&mut self, seat: Option<usize>) {
        match seat {
            Some(s) => {
                self.connected[s] = self.connected[s].saturating_sub(1);
                if self.connected[s] == 0 {
                    self.away_since[s] = Some(Instant::now());
                }
                self.broadcast(self.info(None, false));
            }
            None => {
                self.watchers = self.watchers.saturating_sub(1);
                self.watchers_changed();
            }
        }
        self.last_active = Instant::now();
    }

    /// The watcher count changed: tell it now, or once [`WATCHERS_EVERY`] has passed since
    /// it was last told.
    fn watchers_changed(&mut self) {
        if self.watchers_pending {
            return;
        }
        let wait = self.watchers_told.map_or(Duration::ZERO, |t| WATCHERS_EVERY.saturating_sub(t.elapsed()));
        if wait.is_zero() {
            self.tell_watchers();
            return;
        }
        self.watchers_pending = true;
        let me = self.me.clone();
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            if let Some(room) = me.upgrade() {
                room.lock().await.tell_watchers();
            }
        });
    }

    fn tell_watchers(&mut self) {
        self.watchers_pending = false;
        self.watchers_told = Some(Instant::now());
        self.broadcast(ServerMsg::Watchers { watchers: self.watchers });
    }

    /// A room as stored, by replaying its game's actions (CPU work: not on async threads).
    pub fn from_stored(id: &str, stored: Stored, tiles: &Arc<TileSet>) -> Result<Room, Refusal> {
        let chat = stored.chat;
        let damaged = |e: String| Refusal::Damaged(format!("room {id}: {e}"));
        let mut meta: Meta = serde_json::from_str(&stored.meta).map_err(|e| damaged(e.to_string()))?;
        let game = match stored.game {
            None => None,
            Some((number, setup, actions)) => {
                // The game's number is the saved game's: a room saved by an older server that
                // died between writing a game and its metadata files moves where they reload.
                meta.game = number;
                let setup: Value = serde_json::from_str(&setup).map_err(|e| damaged(e.to_string()))?;
                let setup = parse_setup(&setup).map_err(|e| damaged(e.to_string()))?;
                let mut game = Game::new(tiles.clone(), setup).map_err(|e| damaged(e.to_string()))?;
                for a in actions {
                    let v: Value = serde_json::from_str(&a).map_err(|e| damaged(e.to_string()))?;
                    let a =
                        RecordAction::from_value(&v).and_then(|a| a.to_action(&game)).map_err(|e| damaged(e.into()))?;
                    game.apply(&a).map_err(|e| damaged(format!("a stored action is refused: {e}")))?;
                }
                Some(game)
            }
        };
        let clock = match (&game, stored.progress.as_deref().map(serde_json::from_str::<Progress>)) {
            (Some(_), Some(Ok(p))) => p.clock.map(|mut c| {
                // The store's deadline, moved past any absence of the room's server.
                if let (Some(r), Some(d)) = (c.running.as_mut(), stored.deadline) {
                    r.deadline = d;
                }
                c
            }),
            (Some(_), Some(Err(e))) => return Err(damaged(e.to_string())),
            _ => None,
        };
        let mut room = Room::new(id.to_string(), meta, game);
        room.chat = chat.into();
        room.clock = clock;
        Ok(room)
    }

    /// Whether a token is the host's own (rooms of computers only), compared in constant time.
    pub fn is_host_token(&self, token: &str) -> bool {
        self.meta.host.as_deref().is_some_and(|h| same(h, &hash(token)))
    }

    /// Whether a connection playing `seat` (or hosting with the host's token: `host_token`)
    /// may start the game, ask for a rematch and hand seats to computers.
    pub fn hosts(&self, seat: Option<usize>, host_token: bool) -> bool {
        host_token || (seat == Some(0) && self.meta.host.is_none())
    }

    /// The seat a token plays, if any.
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        self.meta.seat_of(token)
    }

    /// The computer level playing a seat now, if a computer plays it.
    pub fn computer(&self, seat: usize) -> Option<Level> {
        let s = self.meta.seats.get(seat)?;
        (s.kind == Occupant::Computer).then(|| s.level.as_deref().unwrap_or("easy").parse().unwrap_or(Level::Easy))
    }

    /// Whose turn it is and whether a computer plays it (the game running and not over).
    pub fn computer_to_play(&self) -> Option<Level> {
        self.computer(self.to_play()?)
    }

    /// Whether the current game is over: played out, or lost on time.
    pub fn is_over(&self) -> bool {
        self.meta.lost_on_time.is_some() || self.game.as_ref().is_some_and(|g| g.is_over())
    }

    /// The clocks as told now.
    fn clock_frame(&self) -> Option<ClockFrame> {
        self.clock.as_ref().map(|c| c.frame(self.time.now_ms()))
    }

    /// The seat whose time has run out, if one has.
    pub fn out_of_time(&self) -> Option<usize> {
        self.clock.as_ref()?.expired(self.time.now_ms())
    }

    /// A seat's time ran out: by the room's rule a computer takes the seat (a hard one) or
    /// the seat loses and the game ends. Saved first (the seats and the clocks in one
    /// write), then told: a `timeout` frame, the room, and for a loss the final state.
    /// Returns whether a seat ran out.
    pub async fn time_out(&mut self, store: &Store) -> Result<bool, Refusal> {
        let (Some(seat), Some(mut clock)) = (self.out_of_time(), self.clock.clone()) else { return Ok(false) };
        clock.stop_at_zero();
        let mut meta = self.meta.clone();
        match clock.rule.timeout {
            Timeout::Computer => {
                let s = &mut meta.seats[seat];
                s.kind = Occupant::Computer;
                s.level = Some(Level::Hard.name().into());
                s.token = None;
            }
            Timeout::Loss => meta.lost_on_time = Some(seat),
        }
        let rule = clock.rule.timeout;
        self.save_meta_and_clock(store, meta, clock).await?;
        self.broadcast(ServerMsg::Timeout { seat, rule, clock: self.clock_frame().expect("a clock") });
        self.broadcast(self.info(None, false));
        if rule == Timeout::Loss {
            self.broadcast_state();
        }
        Ok(true)
    }

    /// Tell everyone in the room.
    pub fn broadcast(&self, message: ServerMsg) {
        let _ = self.tx.send(match message {
            ServerMsg::Room(frame) => Broadcast::Room(Arc::new(frame)),
            other => Broadcast::Frame(other.text().into()),
        });
    }

    /// The room as a client sees it: seats (names, kinds, who is connected), status, and
    /// for that client `you` (its seat, or null) and `host` (whether it hosts, as
    /// [`Room::hosts`] says). A frame for everyone carries `you: null, host: false`; each
    /// connection fills in its own ([`Broadcast::text_for`]) before sending.
    pub fn info(&self, you: Option<usize>, host: bool) -> ServerMsg {
        let status = match &self.game {
            None => "lobby",
            Some(_) if self.is_over() => "over",
            Some(_) => "playing",
        };
        ServerMsg::Room(RoomFrame {
            room: self.id.clone(),
            you,
            host,
            status,
            game: self.meta.game,
            absent_secs: self.meta.absent_secs,
            clock: self.meta.clock,
            lost_on_time: self.meta.lost_on_time,
            public: self.meta.public,
            rated: self.meta.rated.clone(),
            duplicate: self
                .meta
                .duplicate
                .as_ref()
                .map(|d| DuplicateFrame { game: if d.first.is_some() { 2 } else { 1 }, first: d.first.clone() }),
            watchers: self.watchers,
            seats: self
                .meta
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatFrame {
                    name: s.name.clone(),
                    kind: s.kind,
                    level: s.level.clone(),
                    connected: self.connected[i] > 0,
                    away_secs: self.away_since[i].map(|t| t.elapsed().as_secs()),
                    came: self.came[i],
                })
                .collect(),
        })
    }

    /// The game as a connection playing `you` may see it (never the seed or the order of
    /// unseen tiles), with its legal actions when `you` is to play, or once it is over the
    /// whole record.
    pub fn state(&self, you: Option<usize>) -> Option<ServerMsg> {
        let turn = self.to_play();
        self.state_with(turn, you.filter(|&y| Some(y) == turn).map(|_| self.legal_actions()))
    }

    /// The `state` frame with `turn` and `legal` as given.
    fn state_with(&self, turn: Option<usize>, legal: Option<Vec<Value>>) -> Option<ServerMsg> {
        let g = self.game.as_ref()?;
        Some(ServerMsg::State {
            n: g.history().len(),
            turn,
            legal,
            record: Record::public_of(g).to_value(),
            whole: self.is_over().then(|| Record::of_game(g).to_value()),
            clock: self.clock_frame(),
        })
    }

    /// The seat to play: none before a game or once it is over.
    fn to_play(&self) -> Option<usize> {
        self.game.as_ref().filter(|_| !self.is_over()).map(|g| g.current_player())
    }

    /// The legal actions of the step awaited, in record form (at most [`MAX_LEGAL`]; none
    /// before a game or once it is over).
    fn legal_actions(&self) -> Vec<Value> {
        let Some(g) = self.game.as_ref().filter(|_| !self.is_over()) else { return Vec::new() };
        let tiles = g.tiles();
        g.legal_actions().iter().take(MAX_LEGAL).map(|a| RecordAction::from_action(a, tiles).to_value()).collect()
    }

    /// The answer to `legal`: the seat to play and its legal actions.
    pub fn legal(&self) -> Result<ServerMsg, Refusal> {
        let g = self.game.as_ref().ok_or(Refusal::NotStarted)?;
        Ok(ServerMsg::Legal { n: g.history().len(), turn: self.to_play(), actions: self.legal_actions() })
    }

    /// Tell everyone the game as it stands: the seat to play hears its legal actions too.
    pub fn broadcast_state(&self) {
        let turn = self.to_play();
        let Some(all) = self.state_with(turn, None) else { return };
        match turn {
            Some(seat) => {
                let mut theirs = all.clone();
                if let ServerMsg::State { legal, .. } = &mut theirs {
                    *legal = Some(self.legal_actions());
                }
                self.broadcast_seated(all, seat, theirs);
            }
            None => self.broadcast(all),
        }
    }

    /// Tell `seat`'s connections `theirs` and everyone else `all`.
    fn broadcast_seated(&self, all: ServerMsg, seat: usize, theirs: ServerMsg) {
        let _ = self.tx.send(Broadcast::Seated { all: all.text().into(), seat, theirs: theirs.text().into() });
    }

    /// Start a game of this room with a fresh seed (the first, or a rematch).
    pub async fn start(&mut self, store: &Store, tiles: &Arc<TileSet>, seed: u64) -> Result<(), Refusal> {
        let players: Vec<Value> = self
            .meta
            .seats
            .iter()
            .map(|s| match &s.level {
                Some(level) if s.kind == Occupant::Computer => json!({"name": s.name, "computer": level}),
                _ => json!({"name": s.name}),
            })
            .collect();
        let mut meta = self.meta.clone();
        let (mut options, mut seed) = (self.meta.options.clone(), seed);
        // A duplicate match's second game: the first game's tile order, the second seat
        // first. Any other start begins a new match.
        if let Some(d) = meta.duplicate.as_mut() {
            match &self.game {
                Some(g) if d.first.is_none() && self.is_over() => {
                    if let crate::engine::Deck::Seed(s) = g.setup().deck {
                        seed = s;
                    }
                    d.first = Some(g.scores());
                    options["first_player"] = json!(1);
                }
                _ => d.first = None,
            }
        }
        let setup_v = json!({"players": players, "sets": self.meta.sets, "options": options, "seed": seed.to_string()});
        let setup = parse_setup(&setup_v).map_err(|e| Refusal::Setup(e.to_string()))?;
        let game = Game::new(tiles.clone(), setup).map_err(|e| Refusal::Setup(e.to_string()))?;
        // Saved first, in one write with the metadata that names it; memory changes after.
        meta.game += 1;
        meta.lost_on_time = None;
        // The first seat's clock starts with the game (unless a computer plays it).
        let first = game.current_player();
        let mut clock = meta.clock.map(|rule| Clock::new(rule, meta.seats.len()));
        if let Some(c) = clock.as_mut() {
            c.pass_turn(self.computer(first).is_none().then_some(first), self.time.now_ms());
        }
        let setup_text = Record::of_game(&game).setup_value().to_string();
        let meta_text = serde_json::to_string(&meta).expect("plain data");
        store.put_game(&self.id, meta.game, setup_text, meta_text, Progress::row(&game, clock.as_ref(), false)).await?;
        self.meta = meta;
        self.game = Some(game);
        self.clock = clock;
        self.last_active = Instant::now();
        Ok(())
    }

    /// Check an action with the engine, commit it, apply it and tell everyone. `n` is the
    /// number of actions the player had seen: a move made on an old position is refused.
    pub async fn act(&mut self, store: &Store, seat: usize, n: usize, action: &Value) -> Result<(), Refusal> {
        let game = self.game.as_ref().ok_or(Refusal::NotStarted)?;
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if game.current_player() != seat {
            return Err(Refusal::NotYourTurn);
        }
        // A move that comes after the time ran out is too late, even if the clock watch has
        // not yet dealt with the seat.
        if self.out_of_time() == Some(seat) {
            return Err(Refusal::OutOfTime);
        }
        if n != game.history().len() {
            return Err(Refusal::MovedOn { at: game.history().len(), n });
        }
        let a = RecordAction::from_value(action)?.to_action(game)?;
        let mut next = game.clone();
        let drawn = next.drawn();
        next.apply(&a).map_err(|e| Refusal::Action(ActionError::Illegal(e)))?;
        let tiles = next.tiles().clone();
        let done = *next.history().last().expect("just applied");
        let record_action = RecordAction::from_action(&done, &tiles).to_value();
        // The clocks: a turn that passed stops this seat's (with its increment) and starts
        // the next person's.
        let mut clock = self.clock.clone();
        let next_seat = (!next.is_over()).then(|| next.current_player());
        if let Some(c) = clock.as_mut().filter(|_| next_seat != Some(seat)) {
            c.pass_turn(next_seat.filter(|&s| self.computer(s).is_none()), self.time.now_ms());
        }
        let progress = Progress::row(&next, clock.as_ref(), false);
        store.append(&self.id, self.meta.game, n as u32, record_action.to_string(), progress).await?;
        // What the action drew, named unless it went face down.
        let reveal: Vec<Option<String>> = (drawn..next.drawn())
            .map(|p| (!next.unseen_draws().contains(&p)).then(|| tiles.get(next.draw_order()[p]).id.to_string()))
            .collect();
        let over = next.is_over();
        self.game = Some(next);
        self.clock = clock;
        self.last_active = Instant::now();
        let turn = self.to_play();
        let clock = self.clock_frame();
        let frame = |legal| ServerMsg::Action {
            n,
            action: record_action.clone(),
            reveal: reveal.clone(),
            by: seat,
            turn,
            legal,
            clock: clock.clone(),
        };
        match turn {
            Some(next) => self.broadcast_seated(frame(None), next, frame(Some(self.legal_actions()))),
            None => self.broadcast(frame(None)),
        }
        if over {
            self.broadcast_state();
            self.broadcast(self.info(None, false));
        }
        Ok(())
    }

    /// The chat as a joining connection is told it (None: nothing said yet).
    pub fn chat(&self) -> Option<ServerMsg> {
        (!self.chat.is_empty()).then(|| ServerMsg::Chat { lines: self.chat.iter().cloned().collect() })
    }

    /// A player says something: at most [`CHAT_PER_WINDOW`] lines in [`CHAT_WINDOW`] per
    /// seat; saved, then kept and told to everyone (watchers read, only players write).
    pub async fn say(&mut self, store: &Store, seat: usize, text: String) -> Result<(), Refusal> {
        let said = self.said.get_mut(seat).ok_or(Refusal::NoSuchSeat)?;
        while said.front().is_some_and(|t| t.elapsed() >= CHAT_WINDOW) {
            said.pop_front();
        }
        if said.len() >= CHAT_PER_WINDOW {
            return Err(Refusal::ChatTooFast);
        }
        let n = self.chat.back().map_or(0, |l| l.n + 1);
        let line = ChatLine { n, seat, name: self.meta.seats[seat].name.clone(), text, at: now() };
        store.put_chat(&self.id, &line).await?;
        self.said[seat].push_back(Instant::now());
        self.chat.push_back(line.clone());
        while self.chat.len() > CHAT_KEPT {
            self.chat.pop_front();
        }
        self.last_active = Instant::now();
        self.broadcast(ServerMsg::Chat { lines: vec![line] });
        Ok(())
    }

    /// Save new metadata, and only once it is on disk make it the room's and tell everyone:
    /// a failed save leaves memory as the disk has it.
    async fn save_meta(&mut self, store: &Store, meta: Meta) -> Result<(), Refusal> {
        store.put_room(&self.id, serde_json::to_string(&meta).expect("plain data"), None).await?;
        self.meta = meta;
        self.last_active = Instant::now();
        self.broadcast(self.info(None, false));
        Ok(())
    }

    /// Save new metadata and clocks in one write (the seats changed the clocks), then make
    /// them the room's.
    async fn save_meta_and_clock(&mut self, store: &Store, meta: Meta, clock: Clock) -> Result<(), Refusal> {
        let g = self.game.as_ref().ok_or(Refusal::NotStarted)?;
        let progress = Progress::row(g, Some(&clock), meta.lost_on_time.is_some());
        store.put_room(&self.id, serde_json::to_string(&meta).expect("plain data"), Some(progress)).await?;
        self.meta = meta;
        self.clock = Some(clock);
        self.last_active = Instant::now();
        Ok(())
    }

    /// Take the first open seat under `name` (the name counts only before the game starts:
    /// it is in the setup), with the open link's `secret`. In a rated room the claimer is
    /// signed in as `account` (not the other seat's), whose name the seat takes. Returns the
    /// seat and its new token.
    pub async fn claim(
        &mut self,
        store: &Store,
        name: String,
        secret: Option<&str>,
        account: Option<&super::accounts::Account>,
    ) -> Result<(usize, String), Refusal> {
        if let Some(open) = &self.meta.open {
            if !secret.is_some_and(|s| same(open, &hash(s))) {
                return Err(Refusal::OpenLinkNeeded);
            }
        }
        let seat = self.meta.seats.iter().position(|s| s.kind == Occupant::Open).ok_or(Refusal::NoOpenSeat)?;
        let (name, account) = match (&self.meta.rated, account) {
            (None, _) => (name, None),
            (Some(_), None) => return Err(Refusal::Rated(RatedWhy::SignInToTake)),
            (Some(_), Some(a)) if self.meta.seats.iter().any(|s| s.account.as_deref() == Some(&a.id)) => {
                return Err(Refusal::Rated(RatedWhy::AlreadyPlaying))
            }
            (Some(_), Some(a)) => (a.name.clone(), Some(a.id.clone())),
        };
        let token = super::random_id();
        let mut meta = self.meta.clone();
        let s = &mut meta.seats[seat];
        s.kind = Occupant::Person;
        s.token = Some(hash(&token));
        s.account = account;
        if self.game.is_none() {
            s.name = name;
        }
        self.save_meta(store, meta).await?;
        Ok((seat, token))
    }

    /// The seat `token` plays is named `name` by its player (an invited seat bears the name
    /// the host gave it until then). Only before the game starts, as for a claim: the names
    /// are in the game's setup. A token that plays no seat is refused.
    pub async fn rename(&mut self, store: &Store, token: &str, name: String) -> Result<(), Refusal> {
        let seat = self.seat_of(token).ok_or(Refusal::UnknownSeatLink)?;
        if self.game.is_some() || self.meta.seats[seat].name == name {
            return Ok(());
        }
        let mut meta = self.meta.clone();
        meta.seats[seat].name = name;
        self.save_meta(store, meta).await
    }

    /// A seat now played by a computer (the host's choice for an absent player).
    pub async fn hand_to_computer(&mut self, store: &Store, seat: usize, level: Level) -> Result<(), Refusal> {
        if self.meta.rated.is_some() {
            return Err(Refusal::Rated(RatedWhy::HandOver));
        }
        let absent = self.meta.absent_secs;
        let s = self.meta.seats.get(seat).ok_or(Refusal::NoSuchSeat)?;
        if s.kind == Occupant::Computer {
            return Err(Refusal::ComputerAlready);
        }
        if self.connected[seat] > 0 {
            return Err(Refusal::PlayerConnected);
        }
        let away = self.away_since[seat].map_or(0, |t| t.elapsed().as_secs());
        if away < absent {
            return Err(Refusal::NotAwayLongEnough { away, absent });
        }
        let mut meta = self.meta.clone();
        let s = &mut meta.seats[seat];
        s.kind = Occupant::Computer;
        s.level = Some(level.name().into());
        s.token = None;
        // A computer's seat has no running clock: the seat's stops with what it has left.
        let running = self.clock.as_ref().and_then(|c| c.running).is_some_and(|r| r.seat == seat);
        if !running {
            return self.save_meta(store, meta).await;
        }
        let mut clock = self.clock.clone().expect("a running clock");
        clock.pause(self.time.now_ms());
        self.save_meta_and_clock(store, meta, clock).await?;
        self.broadcast(self.info(None, false));
        Ok(())
    }
}

/// The kind a requested seat is stored as.
pub fn seat_meta(name: &str, kind: &SeatKind, token_hash: Option<String>) -> SeatMeta {
    match kind {
        SeatKind::Person => {
            SeatMeta { name: name.into(), kind: Occupant::Person, level: None, token: token_hash, account: None }
        }
        SeatKind::Open => SeatMeta { name: name.into(), kind: Occupant::Open, level: None, token: None, account: None },
        SeatKind::Computer(level) => SeatMeta {
            name: name.into(),
            kind: Occupant::Computer,
            level: Some(level.clone()),
            token: None,
            account: None,
        },
    }
}
