//! The SQLite store: a file, nothing to install, one server. One writer thread commits
//! what arrives together in one transaction (group commit, `synchronous = FULL`).

use super::sql::{self, Done, Stmt, Value};
use super::{ProgressRow, StoreError, Stored, Summary, CHAT_ON_DISK};
use crate::server::clock::Time;
use crate::server::protocol::{ChatLine, CHAT_KEPT};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// One write for the writer thread.
enum Write {
    /// Create or replace a room's metadata (and its progress, when its clock changed).
    Room { id: String, meta: String, progress: Option<ProgressRow> },
    /// A new room, listed in the lobby from `public_at` (milliseconds since 1970) if public.
    NewRoom { id: String, meta: String, public_at: Option<i64> },
    /// A game of a room begins: its setup (seed included) and the room's metadata naming
    /// it, in one transaction, so that a crash leaves both or neither.
    Game { room: String, game: u32, setup: String, meta: String, progress: ProgressRow },
    /// Append one action, and the room's progress after it; refused if that number exists.
    Action { room: String, game: u32, seq: u32, action: String, progress: ProgressRow },
    /// Append a chat line, dropping the oldest beyond [`CHAT_ON_DISK`].
    Chat { room: String, line: ChatLine },
}

type Reply = oneshot::Sender<Result<(), StoreError>>;

/// How often at most the writer notes that the server is alive while nothing is written.
pub const ALIVE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The database: a writer thread for rooms' writes, a connection for their reads, and one
/// for the other tables ([`sql`]: accounts, ratings), which change seldom.
pub struct Sqlite {
    writes: mpsc::Sender<(Write, Reply)>,
    read: Arc<Mutex<Connection>>,
    side: Arc<Mutex<Connection>>,
}

fn open(path: &Path) -> Result<Connection, StoreError> {
    let c = Connection::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    c.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA busy_timeout = 5000;
         CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, meta TEXT NOT NULL);
         CREATE TABLE IF NOT EXISTS games (room TEXT NOT NULL, game INTEGER NOT NULL, setup TEXT NOT NULL,
                                           PRIMARY KEY (room, game));
         CREATE TABLE IF NOT EXISTS actions (room TEXT NOT NULL, game INTEGER NOT NULL, seq INTEGER NOT NULL,
                                             action TEXT NOT NULL, PRIMARY KEY (room, game, seq));
         CREATE TABLE IF NOT EXISTS chat (room TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
                                          name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL,
                                          PRIMARY KEY (room, n));",
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    let fail = |e: rusqlite::Error| StoreError::from(format!("{}: {e}", path.display()));
    // Files made before "my games" lack the rooms' progress; before clocks, the running
    // clock's deadline; before the lobby, when a public room was made.
    for (column, add) in [
        ("progress", "ALTER TABLE rooms ADD COLUMN progress TEXT"),
        (
            "deadline",
            "ALTER TABLE rooms ADD COLUMN deadline INTEGER;
             CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;",
        ),
        (
            "public_at",
            "ALTER TABLE rooms ADD COLUMN public_at INTEGER;
             CREATE INDEX IF NOT EXISTS rooms_public ON rooms (public_at) WHERE public_at IS NOT NULL;",
        ),
    ] {
        let has = c
            .prepare("SELECT 1 FROM pragma_table_info('rooms') WHERE name = ?1")
            .and_then(|mut q| q.exists([column]))
            .map_err(fail)?;
        if !has {
            c.execute_batch(add).map_err(fail)?;
        }
    }
    // The time the server was last alive.
    c.execute_batch("CREATE TABLE IF NOT EXISTS alive (one INTEGER PRIMARY KEY CHECK (one = 1), at INTEGER NOT NULL)")
        .map_err(fail)?;
    c.execute_batch(super::SIDE_SCHEMA).map_err(fail)?;
    Ok(c)
}

impl Sqlite {
    /// Open (or create) the database at `path` and start its writer. Running clocks are
    /// moved on by the time since the server was last alive, which the writer notes with
    /// every commit and at least every [`ALIVE_EVERY`] (from `time`): the time a server
    /// was away is charged to no one.
    pub fn open(path: &Path, time: Time) -> Result<Sqlite, StoreError> {
        let mut writer = open(path)?;
        let now = time.now_ms();
        writer
            .execute(
                "UPDATE rooms SET deadline = deadline + (SELECT max(0, ?1 - at) FROM alive)
                 WHERE deadline IS NOT NULL AND EXISTS (SELECT 1 FROM alive)",
                [now as i64],
            )
            .map_err(|e| format!("{}: {e}", path.display()))?;
        writer
            .execute("INSERT INTO alive (one, at) VALUES (1, ?1) ON CONFLICT (one) DO UPDATE SET at = ?1", [now as i64])
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let read = open(path)?;
        let side = open(path)?;
        // What the side tables delete (an account) is overwritten, not left in free pages.
        side.execute_batch("PRAGMA secure_delete = ON").map_err(|e| format!("{}: {e}", path.display()))?;
        let (tx, rx) = mpsc::channel::<(Write, Reply)>();
        std::thread::Builder::new()
            .name("carc-store".into())
            .spawn(move || loop {
                let first = match rx.recv_timeout(ALIVE_EVERY) {
                    Ok(w) => w,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        let _ = writer.execute("UPDATE alive SET at = ?1", [time.now_ms() as i64]);
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                };
                // Everything waiting goes into one transaction: one sync to disk for all.
                let mut batch = vec![first];
                while batch.len() < 512 {
                    match rx.try_recv() {
                        Ok(w) => batch.push(w),
                        Err(_) => break,
                    }
                }
                let results = commit(&mut writer, &batch, time.now_ms());
                for ((_, reply), r) in batch.into_iter().zip(results) {
                    let _ = reply.send(r);
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Sqlite { writes: tx, read: Arc::new(Mutex::new(read)), side: Arc::new(Mutex::new(side)) })
    }

    async fn write(&self, w: Write) -> Result<(), StoreError> {
        let (reply, done) = oneshot::channel();
        self.writes.send((w, reply)).map_err(|_| "the database writer stopped".to_string())?;
        done.await.map_err(|_| "the database writer stopped".to_string())?
    }

    /// Store a room's metadata (and progress).
    pub async fn put_room(&self, id: &str, meta: String, progress: Option<ProgressRow>) -> Result<(), StoreError> {
        self.write(Write::Room { id: id.into(), meta, progress }).await
    }

    /// Store a new room (listed in the lobby from `public_at`, if given).
    pub async fn new_room(&self, id: &str, meta: String, public_at: Option<u64>) -> Result<(), StoreError> {
        self.write(Write::NewRoom { id: id.into(), meta, public_at: public_at.map(|t| t as i64) }).await
    }

    /// The public rooms made after `since` (milliseconds since 1970), newest first, at
    /// most `limit`: their metadata and progress.
    pub async fn public_rooms(&self, since: u64, limit: usize) -> Result<Vec<Summary>, StoreError> {
        let read = self.read.clone();
        let work = move || {
            let c = read.lock().map_err(|_| "the database lock is poisoned")?;
            let mut q = c
                .prepare_cached(
                    "SELECT id, meta, progress FROM rooms WHERE public_at > ?1 ORDER BY public_at DESC LIMIT ?2",
                )
                .map_err(|e| e.to_string())?;
            let rows = q
                .query_map(params![since as i64, limit as i64], |r| {
                    Ok(Summary { id: r.get(0)?, meta: r.get(1)?, progress: r.get(2)? })
                })
                .map_err(|e| e.to_string())?;
            Ok(rows.collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())?)
        };
        tokio::task::spawn_blocking(work).await.map_err(|_| "reading rooms failed")?
    }

    /// Rooms whose running clock runs out before `before` (milliseconds since 1970), at
    /// most `limit`, soonest first.
    pub async fn due(&self, before: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        let read = self.read.clone();
        let work = move || {
            let c = read.lock().map_err(|_| "the database lock is poisoned")?;
            let mut q = c
                .prepare_cached("SELECT id FROM rooms WHERE deadline < ?1 ORDER BY deadline LIMIT ?2")
                .map_err(|e| e.to_string())?;
            let ids = q.query_map(params![before as i64, limit as i64], |r| r.get(0)).map_err(|e| e.to_string())?;
            Ok(ids.collect::<Result<Vec<String>, _>>().map_err(|e| e.to_string())?)
        };
        tokio::task::spawn_blocking(work).await.map_err(|_| "reading rooms failed")?
    }

    /// Store the start of a game of a room together with the room's metadata that names it
    /// (both or neither: a crash between two writes once filed later moves under the old
    /// game number).
    pub async fn put_game(
        &self,
        room: &str,
        game: u32,
        setup: String,
        meta: String,
        progress: ProgressRow,
    ) -> Result<(), StoreError> {
        self.write(Write::Game { room: room.into(), game, setup, meta, progress }).await
    }

    /// Append an action; refused if number `seq` is taken (another writer was first).
    pub async fn append(
        &self,
        room: &str,
        game: u32,
        seq: u32,
        action: String,
        progress: ProgressRow,
    ) -> Result<(), StoreError> {
        self.write(Write::Action { room: room.into(), game, seq, action, progress }).await
    }

    /// These rooms' metadata and progress.
    pub async fn summaries(&self, ids: &[String]) -> Result<Vec<Summary>, StoreError> {
        let (read, ids) = (self.read.clone(), ids.to_vec());
        let work = move || {
            let c = read.lock().map_err(|_| "the database lock is poisoned")?;
            let mut q =
                c.prepare_cached("SELECT meta, progress FROM rooms WHERE id = ?1").map_err(|e| e.to_string())?;
            let mut out = Vec::new();
            for id in ids {
                let row = q
                    .query_row([&id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?)))
                    .optional()
                    .map_err(|e| e.to_string())?;
                if let Some((meta, progress)) = row {
                    out.push(Summary { id, meta, progress });
                }
            }
            Ok(out)
        };
        tokio::task::spawn_blocking(work).await.map_err(|_| "reading rooms failed")?
    }

    /// Append a chat line.
    pub async fn put_chat(&self, room: &str, line: ChatLine) -> Result<(), StoreError> {
        self.write(Write::Chat { room: room.into(), line }).await
    }

    /// Run statements in one transaction (all or none), on the side connection; with
    /// `every`, each must change a row (else none is written: [`StoreError::Taken`]).
    pub async fn transact(&self, stmts: Vec<Stmt>, every: bool) -> Result<Vec<Done>, StoreError> {
        let side = self.side.clone();
        let work = move || {
            let mut c = side.lock().map_err(|_| "the database lock is poisoned")?;
            // Reads alone (a session looked up at every signed-in connection) take no write
            // lock from the rooms' writer; a write takes it at once (no upgrade deadlock).
            let reads = stmts.iter().all(|s| s.sql.trim_start().starts_with("SELECT"));
            let behavior =
                if reads { rusqlite::TransactionBehavior::Deferred } else { rusqlite::TransactionBehavior::Immediate };
            let tx = c.transaction_with_behavior(behavior).map_err(side_err)?;
            let mut done = Vec::with_capacity(stmts.len());
            for s in &stmts {
                let d = run_side(&tx, s).map_err(side_err)?;
                if every && d.changed == 0 {
                    return Err(StoreError::Taken);
                }
                done.push(d);
            }
            tx.commit().map_err(side_err)?;
            Ok(done)
        };
        tokio::task::spawn_blocking(work).await.map_err(|_| "the database failed")?
    }

    /// Write what the log holds into the file and empty the log, so that deleted rows
    /// (overwritten there: `secure_delete`) linger in no old page of the log either.
    pub async fn scrub(&self) -> Result<(), StoreError> {
        let side = self.side.clone();
        let work = move || {
            let c = side.lock().map_err(|_| "the database lock is poisoned")?;
            c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(side_err)
        };
        tokio::task::spawn_blocking(work).await.map_err(|_| "the database failed")?
    }

    /// A room as stored, if it exists (read off the async threads).
    pub async fn load(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        let (read, id) = (self.read.clone(), id.to_string());
        tokio::task::spawn_blocking(move || load(&read, &id)).await.map_err(|_| "loading the room failed")?
    }
}

/// One of [`Sqlite::transact`]'s statements.
fn run_side(tx: &rusqlite::Transaction, s: &Stmt) -> rusqlite::Result<Done> {
    use rusqlite::types::{Value as V, ValueRef};
    let mut q = tx.prepare_cached(&sql::sqlite_sql(s.sql))?;
    let params = s.params.iter().map(|v| match v {
        Value::Text(t) => V::Text(t.clone()),
        Value::Int(i) => V::Integer(*i),
        Value::Real(r) => V::Real(*r),
        Value::Null => V::Null,
    });
    let columns = q.column_count();
    if columns == 0 {
        let changed = q.execute(rusqlite::params_from_iter(params))?;
        return Ok(Done { rows: Vec::new(), changed: changed as u64 });
    }
    let mut rows = Vec::new();
    let mut found = q.query(rusqlite::params_from_iter(params))?;
    while let Some(r) = found.next()? {
        let row = (0..columns)
            .map(|i| {
                Ok(match r.get_ref(i)? {
                    ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
                    ValueRef::Integer(i) => Value::Int(i),
                    ValueRef::Real(f) => Value::Real(f),
                    ValueRef::Null | ValueRef::Blob(_) => Value::Null,
                })
            })
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.push(row);
    }
    let changed = rows.len() as u64;
    Ok(Done { rows, changed })
}

fn side_err(e: rusqlite::Error) -> StoreError {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => StoreError::Taken,
        e => StoreError::Db(e.to_string()),
    }
}

fn load(read: &Mutex<Connection>, id: &str) -> Result<Option<Stored>, StoreError> {
    let c = read.lock().map_err(|_| "the database lock is poisoned")?;
    let e = |e: rusqlite::Error| e.to_string();
    let Some((meta, progress, deadline)) = c
        .query_row("SELECT meta, progress, deadline FROM rooms WHERE id = ?1", [id], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?, r.get::<_, Option<i64>>(2)?))
        })
        .optional()
        .map_err(e)?
    else {
        return Ok(None);
    };
    let game: Option<(u32, String)> = c
        .query_row("SELECT game, setup FROM games WHERE room = ?1 ORDER BY game DESC LIMIT 1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()
        .map_err(e)?;
    let game = match game {
        None => None,
        Some((n, setup)) => {
            let mut q =
                c.prepare_cached("SELECT action FROM actions WHERE room = ?1 AND game = ?2 ORDER BY seq").map_err(e)?;
            let actions = q.query_map(params![id, n], |r| r.get::<_, String>(0)).map_err(e)?;
            Some((n, setup, actions.collect::<Result<Vec<_>, _>>().map_err(e)?))
        }
    };
    let mut q = c
        .prepare_cached("SELECT n, seat, name, text, at FROM chat WHERE room = ?1 ORDER BY n DESC LIMIT ?2")
        .map_err(e)?;
    let lines = q
        .query_map(params![id, CHAT_KEPT as i64], |r| {
            Ok(ChatLine {
                n: r.get::<_, i64>(0)? as u64,
                seat: r.get::<_, i64>(1)? as usize,
                name: r.get(2)?,
                text: r.get(3)?,
                at: r.get::<_, i64>(4)? as u64,
            })
        })
        .map_err(e)?;
    let mut chat = lines.collect::<Result<Vec<_>, _>>().map_err(e)?;
    chat.reverse();
    Ok(Some(Stored { meta, game, chat, progress, deadline: deadline.map(|d| d.max(0) as u64) }))
}

/// Run `writes` in a savepoint: all of them, or (on an error) none.
fn together(tx: &rusqlite::Transaction, writes: impl FnOnce() -> rusqlite::Result<usize>) -> rusqlite::Result<usize> {
    tx.execute_batch("SAVEPOINT together")?;
    let r = writes();
    tx.execute_batch(if r.is_ok() { "RELEASE together" } else { "ROLLBACK TO together; RELEASE together" })?;
    r
}

/// Commit a batch of writes in one transaction, noting that the server is alive at `now`.
fn commit(c: &mut Connection, batch: &[(Write, Reply)], now: u64) -> Vec<Result<(), StoreError>> {
    let tx = match c.transaction() {
        Ok(tx) => tx,
        Err(e) => return batch.iter().map(|_| Err(StoreError::Db(e.to_string()))).collect(),
    };
    if let Err(e) = tx.execute("UPDATE alive SET at = ?1", [now as i64]) {
        return batch.iter().map(|_| Err(StoreError::Db(e.to_string()))).collect();
    }
    let results: Vec<Result<(), StoreError>> = batch
        .iter()
        .map(|(w, _)| {
            // Prepared once per connection (the statement cache), not per write.
            let run = |sql: &str, p: &[&dyn rusqlite::ToSql]| tx.prepare_cached(sql).and_then(|mut q| q.execute(p));
            let r = match w {
                Write::Room { id, meta, progress: None } => run(
                    "INSERT INTO rooms (id, meta) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET meta = ?2",
                    params![id, meta],
                ),
                Write::NewRoom { id, meta, public_at } => {
                    run("INSERT INTO rooms (id, meta, public_at) VALUES (?1, ?2, ?3)", params![id, meta, public_at])
                }
                Write::Room { id, meta, progress: Some(p) } => run(
                    "UPDATE rooms SET meta = ?2, progress = ?3, deadline = ?4 WHERE id = ?1",
                    params![id, meta, p.json, p.deadline()],
                ),
                // One savepoint each: the rows go in together or not at all, whatever else
                // the batch holds.
                Write::Game { room, game, setup, meta, progress } => together(&tx, || {
                    run("INSERT INTO games (room, game, setup) VALUES (?1, ?2, ?3)", params![room, game, setup])?;
                    run(
                        "UPDATE rooms SET meta = ?2, progress = ?3, deadline = ?4 WHERE id = ?1",
                        params![room, meta, progress.json, progress.deadline()],
                    )
                }),
                Write::Action { room, game, seq, action, progress } => together(&tx, || {
                    run(
                        "INSERT INTO actions (room, game, seq, action) VALUES (?1, ?2, ?3, ?4)",
                        params![room, game, seq, action],
                    )?;
                    run(
                        "UPDATE rooms SET progress = ?2, deadline = ?3 WHERE id = ?1",
                        params![room, progress.json, progress.deadline()],
                    )
                }),
                Write::Chat { room, line } => together(&tx, || {
                    run(
                        "INSERT INTO chat (room, n, seat, name, text, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![room, line.n as i64, line.seat as i64, line.name, line.text, line.at as i64],
                    )?;
                    let older = line.n as i64 - CHAT_ON_DISK as i64;
                    run("DELETE FROM chat WHERE room = ?1 AND n <= ?2", params![room, older])
                }),
            };
            r.map(|_| ()).map_err(|e| match e {
                rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
                    StoreError::Taken
                }
                e => StoreError::Db(e.to_string()),
            })
        })
        .collect();
    match tx.commit() {
        Ok(()) => results,
        Err(e) => batch.iter().map(|_| Err(StoreError::Db(e.to_string()))).collect(),
    }
}
