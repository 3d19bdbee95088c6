//! Rooms on disk, in one of two stores with the same tables (docs/online.md, Storage):
//! SQLite in a file for one server ([`sqlite`], the default), or PostgreSQL shared by
//! several `carc serve` instances ([`postgres`]). Each room is a row of metadata (seats,
//! hashed tokens, status) and, per game played in it, its setup (with the seed: only the
//! server reads it) and an append-only action log numbered 0, 1, 2 …; appending a number
//! that exists is refused (the primary key). An action is on disk before anyone is told it
//! happened.
//!
//! Under PostgreSQL one instance at a time owns a room, by a lease row that it renews;
//! every write also checks the lease, so an instance that lost one (a pause longer than the
//! lease) can no longer change the room.

pub mod postgres;
pub mod sql;
pub mod sqlite;

use super::clock::Time;
use super::protocol::ChatLine;
use std::collections::HashSet;
use std::path::PathBuf;

/// Where rooms are kept: `carc serve --db` takes a file name or a `postgres://` URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Db {
    /// A SQLite file (one server).
    Sqlite(PathBuf),
    /// A PostgreSQL connection string (any number of servers).
    Postgres(String),
}

impl From<PathBuf> for Db {
    fn from(path: PathBuf) -> Db {
        Db::Sqlite(path)
    }
}

impl From<&str> for Db {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; anything else a SQLite file.
    fn from(s: &str) -> Db {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Db::Postgres(s.to_string())
        } else {
            Db::Sqlite(PathBuf::from(s))
        }
    }
}

impl std::fmt::Display for Db {
    /// The file, or the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Db::Sqlite(p) => write!(f, "{}", p.display()),
            Db::Postgres(url) => match (url.find("://"), url.rfind('@')) {
                (Some(s), Some(at)) if at > s => write!(f, "{}://…{}", &url[..s], &url[at..]),
                _ => f.write_str(url),
            },
        }
    }
}

/// Who this instance is, for the PostgreSQL store's leases.
#[derive(Clone, Debug)]
pub struct Instance {
    /// A random id, new at every start.
    pub id: String,
    /// The WebSocket address other instances forward a room's clients to.
    pub url: String,
    /// Seconds a lease lasts unless renewed (renewed every third of that).
    pub lease_secs: f64,
}

/// Who serves a room now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// This instance: load it (or keep it) here.
    Ours,
    /// Another live instance, at this WebSocket address.
    Theirs(String),
}

/// A room's progress as saved with each change: the JSON "my games" reads, and the running
/// clock's deadline (milliseconds since 1970) in a column of its own, so that the store can
/// find rooms whose time runs out and move deadlines past a server's absence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressRow {
    /// The progress (JSON).
    pub json: String,
    /// When the running clock runs out, if one runs.
    pub deadline: Option<u64>,
}

impl ProgressRow {
    /// The deadline as the databases keep it.
    pub fn deadline(&self) -> Option<i64> {
        self.deadline.map(|d| d.min(i64::MAX as u64) as i64)
    }
}

/// A room as stored: its metadata and its current game's setup and actions.
pub struct Stored {
    /// The metadata (JSON).
    pub meta: String,
    /// The current game: its number, setup (JSON) and actions (JSON each), if one began.
    pub game: Option<(u32, String, Vec<String>)>,
    /// The last [`super::protocol::CHAT_KEPT`] lines of its chat, oldest first.
    pub chat: Vec<ChatLine>,
    /// Its progress (JSON), with the clocks, once a game began.
    pub progress: Option<String>,
    /// The running clock's deadline, as moved past any absence of its server.
    pub deadline: Option<u64>,
}

/// A room as "my games" lists it: its id, metadata and progress (JSON; none before a
/// game started, or in rooms older than progress).
pub struct Summary {
    /// The room.
    pub id: String,
    /// Its metadata.
    pub meta: String,
    /// Its progress.
    pub progress: Option<String>,
}

/// The tables that are not rooms', the same on both stores ([`sql`]): accounts (a name
/// unique by its key, case and width folded), their passkeys, sessions (by the hash of
/// the cookie's token), the WebAuthn ceremonies between their two requests, and ratings
/// with their history (one row per rated game and account).
pub const SIDE_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
                                         bot BIGINT NOT NULL, created BIGINT NOT NULL);
    CREATE TABLE IF NOT EXISTS passkeys (id TEXT PRIMARY KEY, account TEXT NOT NULL, passkey TEXT NOT NULL,
                                         created BIGINT NOT NULL, used BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys (account);
    CREATE TABLE IF NOT EXISTS sessions (hash TEXT PRIMARY KEY, account TEXT NOT NULL, expires BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account);
    CREATE TABLE IF NOT EXISTS ceremonies (id TEXT PRIMARY KEY, state TEXT NOT NULL, expires BIGINT NOT NULL);
    CREATE TABLE IF NOT EXISTS ratings (account TEXT NOT NULL, kind TEXT NOT NULL,
                                        rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
                                        volatility DOUBLE PRECISION NOT NULL, base_rating DOUBLE PRECISION NOT NULL,
                                        base_deviation DOUBLE PRECISION NOT NULL, base_volatility DOUBLE PRECISION NOT NULL,
                                        period BIGINT NOT NULL, games BIGINT NOT NULL, updated BIGINT NOT NULL,
                                        PRIMARY KEY (account, kind));
    CREATE INDEX IF NOT EXISTS ratings_board ON ratings (kind, rating);
    CREATE TABLE IF NOT EXISTS rating_history (room TEXT NOT NULL, game BIGINT NOT NULL, account TEXT NOT NULL,
                                               kind TEXT NOT NULL, at BIGINT NOT NULL, period BIGINT NOT NULL,
                                               opponent TEXT NOT NULL, opponent_rating DOUBLE PRECISION NOT NULL,
                                               opponent_deviation DOUBLE PRECISION NOT NULL, score DOUBLE PRECISION NOT NULL,
                                               rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
                                               PRIMARY KEY (room, game, account));
    CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history (account, kind, at);";

/// Chat lines kept on disk per room: older ones are deleted as new ones come.
pub const CHAT_ON_DISK: u64 = 100;

/// The database.
pub enum Store {
    /// One server's file.
    Sqlite(sqlite::Sqlite),
    /// Shared by instances.
    Postgres(postgres::Postgres),
}

impl Store {
    /// Open (or create) the database; under PostgreSQL, register this instance. A SQLite
    /// file's running clocks move past the time its server was away (`time` is the
    /// server's).
    pub async fn open(db: &Db, me: &Instance, time: &Time) -> Result<Store, StoreError> {
        Ok(match db {
            Db::Sqlite(path) => Store::Sqlite(sqlite::Sqlite::open(path, time.clone())?),
            Db::Postgres(url) => Store::Postgres(postgres::Postgres::open(url, me.clone()).await?),
        })
    }

    /// Store a room's metadata, and with it (in one write) its progress when a change of
    /// seats also changed the clocks.
    pub async fn put_room(&self, id: &str, meta: String, progress: Option<ProgressRow>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.put_room(id, meta, progress).await,
            Store::Postgres(p) => p.put_room(id, meta, progress).await,
        }
    }

    /// Store a new room's metadata; a public one is listed in the lobby from `public_at`
    /// (milliseconds since 1970). Refused (`Taken`) if the id exists.
    pub async fn new_room(&self, id: &str, meta: String, public_at: Option<u64>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.new_room(id, meta, public_at).await,
            Store::Postgres(p) => p.new_room(id, meta, public_at).await,
        }
    }

    /// The public rooms made after `since` (milliseconds since 1970), newest first, at most
    /// `limit`: the lobby reads which wait for players and which are played from them.
    pub async fn public_rooms(&self, since: u64, limit: usize) -> Result<Vec<Summary>, StoreError> {
        match self {
            Store::Sqlite(s) => s.public_rooms(since, limit).await,
            Store::Postgres(p) => p.public_rooms(since, limit).await,
        }
    }

    /// Rooms whose running clock runs out before `before` (milliseconds since 1970) and
    /// that no live instance holds, at most `limit`: the clock watch loads them.
    pub async fn due(&self, before: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.due(before, limit).await,
            Store::Postgres(p) => p.due(before, limit).await,
        }
    }

    /// Store the start of a game of a room together with the room's metadata that names it
    /// and its progress (all or nothing: a crash between two writes once filed later moves
    /// under the old game number).
    pub async fn put_game(
        &self,
        room: &str,
        game: u32,
        setup: String,
        meta: String,
        progress: ProgressRow,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.put_game(room, game, setup, meta, progress).await,
            Store::Postgres(p) => p.put_game(room, game, setup, meta, progress).await,
        }
    }

    /// Append an action and the room's progress after it (both or neither); refused if
    /// number `seq` is taken (another writer was first).
    pub async fn append(
        &self,
        room: &str,
        game: u32,
        seq: u32,
        action: String,
        progress: ProgressRow,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.append(room, game, seq, action, progress).await,
            Store::Postgres(p) => p.append(room, game, seq, action, progress).await,
        }
    }

    /// For "my games": each of these rooms that exists, with its metadata and progress (as
    /// the last write left them; no game is loaded).
    pub async fn summaries(&self, ids: &[String]) -> Result<Vec<Summary>, StoreError> {
        match self {
            Store::Sqlite(s) => s.summaries(ids).await,
            Store::Postgres(p) => p.summaries(ids).await,
        }
    }

    /// Append a line to a room's chat (deleting lines older than the last
    /// [`CHAT_ON_DISK`]); refused if its number is taken.
    pub async fn put_chat(&self, room: &str, line: &ChatLine) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.put_chat(room, line.clone()).await,
            Store::Postgres(p) => p.put_chat(room, line).await,
        }
    }

    /// A room as stored, if it exists.
    pub async fn load(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load(id).await,
            Store::Postgres(p) => p.load(id).await,
        }
    }

    /// Run statements on the tables that are not rooms' ([`sql`]) in one transaction: all
    /// of them or none. A unique key taken is [`StoreError::Taken`].
    pub async fn transact(&self, stmts: Vec<sql::Stmt>) -> Result<Vec<sql::Done>, StoreError> {
        match self {
            Store::Sqlite(s) => s.transact(stmts, false).await,
            Store::Postgres(p) => p.transact(stmts, false).await,
        }
    }

    /// As [`Store::transact`], but every statement must change a row: if one changes none
    /// (a row changed since it was read), nothing is written and the answer is
    /// [`StoreError::Taken`].
    pub async fn transact_all(&self, stmts: Vec<sql::Stmt>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.transact(stmts, true).await.map(|_| ()),
            Store::Postgres(p) => p.transact(stmts, true).await.map(|_| ()),
        }
    }

    /// After a deletion that must leave nothing behind (an account): SQLite's log is
    /// written into the file and emptied. PostgreSQL reclaims deleted rows by its own
    /// vacuum.
    pub async fn scrub(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.scrub().await,
            Store::Postgres(_) => Ok(()),
        }
    }

    /// One statement of [`Store::transact`]'s.
    pub async fn run(&self, stmt: sql::Stmt) -> Result<sql::Done, StoreError> {
        Ok(self.transact(vec![stmt]).await?.pop().unwrap_or_default())
    }

    /// Take (or keep) the lease of a room, or say who holds it. A SQLite file has one
    /// server: always this one.
    pub async fn lease(&self, room: &str) -> Result<Lease, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(Lease::Ours),
            Store::Postgres(p) => p.lease(room).await,
        }
    }

    /// Renew the leases of these rooms (those in memory); returns those still held (None:
    /// every room, there being no one else). Leases of rooms not named lapse by themselves.
    pub async fn renew(&self, rooms: &[String]) -> Result<Option<HashSet<String>>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(None),
            Store::Postgres(p) => p.renew(rooms).await.map(Some),
        }
    }

    /// Give a room's lease up (the room does not exist after all).
    pub async fn release(&self, room: &str) {
        if let Store::Postgres(p) = self {
            p.release(room).await;
        }
    }

    /// The secret instances show one another when one forwards a client to another (only
    /// who can read the database knows it); None with one server.
    pub fn cluster_secret(&self) -> Option<&str> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(p) => Some(p.secret()),
        }
    }

    /// The addresses other live instances advertise (their connections forward clients,
    /// so the per-address cap does not apply to them).
    pub async fn peers(&self) -> Vec<String> {
        match self {
            Store::Sqlite(_) => Vec::new(),
            Store::Postgres(p) => p.peers().await,
        }
    }
}

/// Why the store refused a write, or failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// A second append of one action number: another move came first.
    Taken,
    /// A write (or a forwarded client's room) by an instance that no longer holds the room's
    /// lease: the client reconnects, to the owner.
    NotOurs,
    /// The database failed, or could not be reached: its message.
    Db(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Taken => f.write_str("that action number is taken: another move came first"),
            StoreError::NotOurs => f.write_str("this server no longer holds the room: reconnect"),
            StoreError::Db(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<String> for StoreError {
    fn from(message: String) -> StoreError {
        StoreError::Db(message)
    }
}

impl From<&str> for StoreError {
    fn from(message: &str) -> StoreError {
        StoreError::Db(message.to_string())
    }
}

/// A store error as the text a client is told, at the boundary where a message is written.
impl From<StoreError> for String {
    fn from(e: StoreError) -> String {
        e.to_string()
    }
}
