//! How a server runs: `carc serve` fills a [`Config`] from its command line.

use super::clock::Time;
use super::store::Db;
use std::net::SocketAddr;
use std::path::PathBuf;

/// How the server runs; `carc serve` fills it from its flags.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Where rooms are kept: a SQLite file, or PostgreSQL shared with other instances.
    pub db: Db,
    /// PostgreSQL: the WebSocket address other instances forward this one's rooms' clients
    /// to (default `ws://<the address bound>/ws`, with 127.0.0.1 for an unspecified host).
    pub advertise: Option<String>,
    /// PostgreSQL: seconds a room's lease lasts unless renewed (every third of that). When
    /// an instance dies, its rooms move to another after at most this long.
    pub lease_secs: f64,
    /// The built game to serve (none: only the WebSocket).
    pub dist: Option<PathBuf>,
    /// Origins besides the server's own whose pages may open the WebSocket.
    pub allow_origins: Vec<String>,
    /// Milliseconds between a computer's actions (0 in tests).
    pub bot_delay_ms: u64,
    /// Seconds a room with nobody in it stays in memory.
    pub idle_secs: u64,
    /// Most TCP connections at once (WebSockets and plain requests alike).
    pub max_connections: usize,
    /// Most TCP connections at once from one address (IPv4, or IPv6 /64); not applied
    /// behind a trusted proxy, where every connection comes from the proxy.
    pub connections_per_address: usize,
    /// Seconds a new connection has to send its first request's headers.
    pub request_timeout_secs: u64,
    /// Seconds a connection may send nothing before it is closed; WebSockets are pinged a
    /// third of that, so a live browser always answers in time.
    pub idle_timeout_secs: u64,
    /// Most live rooms at once: rooms in memory, that is someone is in them or they were
    /// active in the last `idle_secs` (finished and idle rooms wait on disk and count not).
    pub max_rooms: u64,
    /// Rooms one address (an IPv6 /64) may create per hour; refused creates count not.
    pub rooms_per_address: usize,
    /// Behind a reverse proxy: take the client's address from the last `X-Forwarded-For`
    /// entry (the one the proxy added) instead of the connection's.
    pub trust_proxy: bool,
    /// Connections that may watch one room at once.
    pub watchers_per_room: usize,
    /// Computer seats one address may ask for per hour (in rooms it creates and seats it
    /// hands over): each costs CPU for a whole game.
    pub computers_per_address: usize,
    /// Passkey requests (a sign-up, sign-in, added passkey or deletion begun) one address
    /// may make per hour.
    pub account_requests_per_address: usize,
    /// Accounts one address may make per hour.
    pub accounts_per_address: usize,
    /// Seconds a Glicko-2 rating period lasts (ratings are shown live within it).
    pub rating_period_secs: u64,
    /// Computers' plans made at once (blocking threads); one address gets at most half.
    pub planners: usize,
    /// Messages a connection may send per second (a burst of twice as many is allowed).
    pub messages_per_sec: u32,
    /// Where the server reads the time (the system's; tests move it forward).
    pub time: Time,
}

impl Config {
    /// Defaults for `addr` and `db` (a SQLite path, or a [`Db`]).
    pub fn new(addr: SocketAddr, db: impl Into<Db>) -> Config {
        Config {
            addr,
            db: db.into(),
            advertise: None,
            lease_secs: 10.0,
            dist: None,
            allow_origins: Vec::new(),
            bot_delay_ms: 400,
            idle_secs: 120,
            max_connections: 10_000,
            connections_per_address: 64,
            request_timeout_secs: 10,
            idle_timeout_secs: 60,
            max_rooms: 1_000_000,
            rooms_per_address: 200,
            trust_proxy: false,
            computers_per_address: 40,
            watchers_per_room: 500,
            account_requests_per_address: 60,
            accounts_per_address: 10,
            rating_period_secs: 86_400,
            planners: std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            messages_per_sec: 20,
            time: Time::default(),
        }
    }
}
