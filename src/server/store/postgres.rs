//! The PostgreSQL store: several `carc serve` instances share one database. The tables are
//! SQLite's, plus `leases` (which instance serves a room, until when), `instances` (where
//! each live instance can be reached) and `cluster` (the secret instances show each other).
//!
//! Every write is one statement, so a connection can carry several at once and nothing is
//! ever half written; each checks in the same statement that this instance still holds the
//! room's lease (fencing: an instance paused past its lease can no longer write).

use super::sql::{Done, Stmt, Value};
use super::{Instance, Lease, ProgressRow, StoreError, Stored, Summary, CHAT_ON_DISK};
use crate::server::protocol::{ChatLine, CHAT_KEPT};
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};
use tokio::sync::Mutex;
use tokio_postgres::{Client, NoTls};

/// Connections kept open (each carries many statements at once): the first for leases
/// alone, so that a write waiting on a lock never holds a renewal up past the lease.
const CONNECTIONS: usize = 4;

/// The shared database, as one instance sees it.
pub struct Postgres {
    url: String,
    me: Instance,
    secret: String,
    clients: Vec<Mutex<Arc<Client>>>,
    next: AtomicUsize,
    /// The connection for the tables that are not rooms' ([`super::sql`]), whose
    /// transactions need a connection of their own.
    side: Mutex<Box<Client>>,
}

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, meta TEXT NOT NULL);
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS progress TEXT;
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS deadline BIGINT;
    CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS public_at BIGINT;
    CREATE INDEX IF NOT EXISTS rooms_public ON rooms (public_at) WHERE public_at IS NOT NULL;
    CREATE TABLE IF NOT EXISTS games (room TEXT NOT NULL, game INTEGER NOT NULL, setup TEXT NOT NULL,
                                      PRIMARY KEY (room, game));
    CREATE TABLE IF NOT EXISTS actions (room TEXT NOT NULL, game INTEGER NOT NULL, seq INTEGER NOT NULL,
                                        action TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now(),
                                        PRIMARY KEY (room, game, seq));
    CREATE TABLE IF NOT EXISTS chat (room TEXT NOT NULL, n BIGINT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
                                     text TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (room, n));
    CREATE TABLE IF NOT EXISTS leases (room TEXT PRIMARY KEY, owner TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL);
    CREATE INDEX IF NOT EXISTS leases_owner ON leases (owner);
    CREATE TABLE IF NOT EXISTS instances (id TEXT PRIMARY KEY, url TEXT NOT NULL, seen TIMESTAMPTZ NOT NULL);
    CREATE TABLE IF NOT EXISTS cluster (one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one), secret TEXT NOT NULL);";

/// The lease check every write makes in its own statement: `$1` is the room, `$k` this
/// instance.
fn held(k: u8) -> String {
    format!("EXISTS (SELECT 1 FROM leases WHERE room = $1 AND owner = ${k} AND expires > now())")
}

/// The fenced writes, made once (not at every action).
static PUT_ROOM: LazyLock<String> = LazyLock::new(|| {
    format!(
        "INSERT INTO rooms (id, meta) SELECT $1, $2 WHERE {h}
         ON CONFLICT (id) DO UPDATE SET meta = $2 WHERE {h}",
        h = held(3)
    )
});
static PUT_ROOM_PROGRESS: LazyLock<String> =
    LazyLock::new(|| format!("UPDATE rooms SET meta = $2, progress = $4, deadline = $5 WHERE id = $1 AND {}", held(3)));
static NEW_ROOM: LazyLock<String> =
    LazyLock::new(|| format!("INSERT INTO rooms (id, meta, public_at) SELECT $1, $2, $4 WHERE {}", held(3)));
static PUT_GAME: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH g AS (INSERT INTO games (room, game, setup) SELECT $1, $2, $3 WHERE {} RETURNING 1)
         UPDATE rooms SET meta = $4, progress = $6, deadline = $7 WHERE id = $1 AND EXISTS (SELECT 1 FROM g)",
        held(5)
    )
});
// The action and the room's progress after it, in one statement.
static APPEND: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH a AS (INSERT INTO actions (room, game, seq, action) SELECT $1, $2, $3, $4 WHERE {} RETURNING 1)
         UPDATE rooms SET progress = $6, deadline = $7 WHERE id = $1 AND EXISTS (SELECT 1 FROM a)",
        held(5)
    )
});
static PUT_CHAT: LazyLock<String> = LazyLock::new(|| {
    format!("INSERT INTO chat (room, n, seat, name, text, at) SELECT $1, $2, $3, $4, $5, $6 WHERE {}", held(7))
});

/// A fenced write changed its row, or this instance does not hold the lease.
fn fenced(changed: u64) -> Result<(), StoreError> {
    if changed == 1 {
        Ok(())
    } else {
        Err(StoreError::NotOurs)
    }
}

async fn connect(url: &str) -> Result<Client, StoreError> {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(|e| format!("PostgreSQL: {e}"))?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    // As SQLite's busy timeout: a write that waits 5 s on a lock fails instead of hanging.
    client.batch_execute("SET statement_timeout = 5000").await.map_err(|e| format!("PostgreSQL: {e}"))?;
    Ok(client)
}

fn err(e: tokio_postgres::Error) -> StoreError {
    match e.code() {
        Some(c) if *c == tokio_postgres::error::SqlState::UNIQUE_VIOLATION => StoreError::Taken,
        _ => StoreError::Db(match e.as_db_error() {
            Some(db) => format!("PostgreSQL: {}", db.message()),
            None => format!("PostgreSQL: {e}"),
        }),
    }
}

impl Postgres {
    /// Connect, make the tables if they are missing (one instance at a time), and register
    /// this instance.
    pub async fn open(url: &str, me: Instance) -> Result<Postgres, StoreError> {
        let first = connect(url).await?;
        first
            .batch_execute(&format!(
                "BEGIN; SELECT pg_advisory_xact_lock(7230861); {SCHEMA} {side}
                 INSERT INTO cluster (secret) VALUES (md5(random()::text || clock_timestamp()::text)
                     || md5(random()::text || clock_timestamp()::text)) ON CONFLICT DO NOTHING;
                 COMMIT;",
                side = super::SIDE_SCHEMA
            ))
            .await
            .map_err(err)?;
        let secret: String = first.query_one("SELECT secret FROM cluster", &[]).await.map_err(err)?.get(0);
        first
            .execute(
                "INSERT INTO instances (id, url, seen) VALUES ($1, $2, now())
                 ON CONFLICT (id) DO UPDATE SET url = $2, seen = now()",
                &[&me.id, &me.url],
            )
            .await
            .map_err(err)?;
        let mut clients = vec![Mutex::new(Arc::new(first))];
        for _ in 1..CONNECTIONS {
            clients.push(Mutex::new(Arc::new(connect(url).await?)));
        }
        let side = Mutex::new(Box::new(connect(url).await?));
        Ok(Postgres { url: url.to_string(), me, secret, clients, next: AtomicUsize::new(0), side })
    }

    /// Run statements in one transaction (all or none), on the side connection; with
    /// `every`, each must change a row (else none is written: [`StoreError::Taken`]).
    pub async fn transact(&self, stmts: Vec<Stmt>, every: bool) -> Result<Vec<Done>, StoreError> {
        use tokio_postgres::types::{ToSql, Type};
        let mut c = self.side.lock().await;
        if c.is_closed() {
            **c = connect(&self.url).await?;
        }
        let tx = c.transaction().await.map_err(err)?;
        let mut done = Vec::with_capacity(stmts.len());
        for s in &stmts {
            let params: Vec<Box<dyn ToSql + Sync + Send>> = s
                .params
                .iter()
                .map(|v| -> Box<dyn ToSql + Sync + Send> {
                    match v {
                        Value::Text(t) => Box::new(t.clone()),
                        Value::Int(i) => Box::new(*i),
                        Value::Real(r) => Box::new(*r),
                        Value::Null => Box::new(None::<String>),
                    }
                })
                .collect();
            let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| &**p as &(dyn ToSql + Sync)).collect();
            let q = tx.prepare(s.sql).await.map_err(err)?;
            if q.columns().is_empty() {
                let changed = tx.execute(&q, &refs).await.map_err(err)?;
                if every && changed == 0 {
                    return Err(StoreError::Taken);
                }
                done.push(Done { rows: Vec::new(), changed });
                continue;
            }
            let rows: Vec<Vec<Value>> = tx
                .query(&q, &refs)
                .await
                .map_err(err)?
                .iter()
                .map(|r| {
                    (0..r.len())
                        .map(|i| match *r.columns()[i].type_() {
                            Type::INT8 => r.get::<_, Option<i64>>(i).map_or(Value::Null, Value::Int),
                            Type::INT4 => r.get::<_, Option<i32>>(i).map_or(Value::Null, |n| Value::Int(n as i64)),
                            Type::FLOAT8 => r.get::<_, Option<f64>>(i).map_or(Value::Null, Value::Real),
                            _ => r.get::<_, Option<String>>(i).map_or(Value::Null, Value::Text),
                        })
                        .collect()
                })
                .collect();
            done.push(Done { changed: rows.len() as u64, rows });
        }
        tx.commit().await.map_err(err)?;
        Ok(done)
    }

    /// The cluster's secret.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// A connection for rooms' data, taken in turn.
    async fn client(&self) -> Result<Arc<Client>, StoreError> {
        self.slot(1 + self.next.fetch_add(1, Ordering::Relaxed) % (self.clients.len() - 1)).await
    }

    /// The connection for leases.
    async fn leases(&self) -> Result<Arc<Client>, StoreError> {
        self.slot(0).await
    }

    /// A connection by number; one that broke (the database restarted) is replaced.
    async fn slot(&self, i: usize) -> Result<Arc<Client>, StoreError> {
        let mut c = self.clients[i].lock().await;
        if c.is_closed() {
            *c = Arc::new(connect(&self.url).await?);
        }
        Ok(c.clone())
    }

    fn lease_secs(&self) -> f64 {
        self.me.lease_secs
    }

    /// Store a room's metadata: a new room (its lease just taken) or one this instance holds;
    /// with its progress, in the same statement.
    pub async fn put_room(&self, id: &str, meta: String, progress: Option<ProgressRow>) -> Result<(), StoreError> {
        let c = self.client().await?;
        let changed = match progress {
            None => c.execute(PUT_ROOM.as_str(), &[&id, &meta, &self.me.id]).await,
            Some(p) => {
                let params: [&(dyn tokio_postgres::types::ToSql + Sync); 5] =
                    [&id, &meta, &self.me.id, &p.json, &p.deadline()];
                c.execute(PUT_ROOM_PROGRESS.as_str(), &params).await
            }
        };
        fenced(changed.map_err(err)?)
    }

    /// Store a new room (its lease just taken), listed in the lobby from `public_at`.
    pub async fn new_room(&self, id: &str, meta: String, public_at: Option<u64>) -> Result<(), StoreError> {
        let c = self.client().await?;
        let public_at = public_at.map(|t| t as i64);
        fenced(c.execute(NEW_ROOM.as_str(), &[&id, &meta, &self.me.id, &public_at]).await.map_err(err)?)
    }

    /// The public rooms made after `since`, newest first, at most `limit`.
    pub async fn public_rooms(&self, since: u64, limit: usize) -> Result<Vec<Summary>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT id, meta, progress FROM rooms WHERE public_at > $1 ORDER BY public_at DESC LIMIT $2",
                &[&(since as i64), &(limit as i64)],
            )
            .await
            .map_err(err)?;
        Ok(rows.iter().map(|r| Summary { id: r.get(0), meta: r.get(1), progress: r.get(2) }).collect())
    }

    /// Rooms whose running clock runs out before `before` (milliseconds since 1970) and
    /// that no other live instance holds, soonest first.
    pub async fn due(&self, before: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT id FROM rooms r WHERE deadline < $1 AND NOT EXISTS
                     (SELECT 1 FROM leases l WHERE l.room = r.id AND l.owner <> $3 AND l.expires > now())
                 ORDER BY deadline LIMIT $2",
                &[&(before.min(i64::MAX as u64) as i64), &(limit as i64), &self.me.id],
            )
            .await
            .map_err(err)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// A game's start, the metadata naming it and the progress, in one statement (all or
    /// nothing).
    pub async fn put_game(
        &self,
        room: &str,
        game: u32,
        setup: String,
        meta: String,
        progress: ProgressRow,
    ) -> Result<(), StoreError> {
        let c = self.client().await?;
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 7] =
            [&room, &(game as i32), &setup, &meta, &self.me.id, &progress.json, &progress.deadline()];
        fenced(c.execute(PUT_GAME.as_str(), &params).await.map_err(err)?)
    }

    /// Append an action: refused if its number is taken or the lease is not ours.
    pub async fn append(
        &self,
        room: &str,
        game: u32,
        seq: u32,
        action: String,
        progress: ProgressRow,
    ) -> Result<(), StoreError> {
        let c = self.client().await?;
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 7] =
            [&room, &(game as i32), &(seq as i32), &action, &self.me.id, &progress.json, &progress.deadline()];
        fenced(c.execute(APPEND.as_str(), &params).await.map_err(err)?)
    }

    /// Append a chat line (fenced by the lease) and drop the oldest beyond [`CHAT_ON_DISK`].
    pub async fn put_chat(&self, room: &str, line: &ChatLine) -> Result<(), StoreError> {
        let c = self.client().await?;
        let (n, seat, at) = (line.n as i64, line.seat as i32, line.at as i64);
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 7] =
            [&room, &n, &seat, &line.name, &line.text, &at, &self.me.id];
        fenced(c.execute(PUT_CHAT.as_str(), &params).await.map_err(err)?)?;
        let older = n - CHAT_ON_DISK as i64;
        c.execute("DELETE FROM chat WHERE room = $1 AND n <= $2", &[&room, &older]).await.map_err(err)?;
        Ok(())
    }

    /// These rooms' metadata and progress, in one query.
    pub async fn summaries(&self, ids: &[String]) -> Result<Vec<Summary>, StoreError> {
        let c = self.client().await?;
        let rows = c.query("SELECT id, meta, progress FROM rooms WHERE id = ANY($1)", &[&ids]).await.map_err(err)?;
        Ok(rows.iter().map(|r| Summary { id: r.get(0), meta: r.get(1), progress: r.get(2) }).collect())
    }

    /// A room as stored, if it exists.
    pub async fn load(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        let c = self.client().await?;
        let Some(row) =
            c.query_opt("SELECT meta, progress, deadline FROM rooms WHERE id = $1", &[&id]).await.map_err(err)?
        else {
            return Ok(None);
        };
        let (meta, progress, deadline): (String, Option<String>, Option<i64>) = (row.get(0), row.get(1), row.get(2));
        let game = c
            .query_opt("SELECT game, setup FROM games WHERE room = $1 ORDER BY game DESC LIMIT 1", &[&id])
            .await
            .map_err(err)?;
        let game = match game {
            None => None,
            Some(row) => {
                let (n, setup): (i32, String) = (row.get(0), row.get(1));
                let rows = c
                    .query("SELECT action FROM actions WHERE room = $1 AND game = $2 ORDER BY seq", &[&id, &n])
                    .await
                    .map_err(err)?;
                Some((n as u32, setup, rows.iter().map(|r| r.get(0)).collect()))
            }
        };
        let rows = c
            .query(
                "SELECT n, seat, name, text, at FROM chat WHERE room = $1 ORDER BY n DESC LIMIT $2",
                &[&id, &(CHAT_KEPT as i64)],
            )
            .await
            .map_err(err)?;
        let mut chat: Vec<ChatLine> = rows
            .iter()
            .map(|r| ChatLine {
                n: r.get::<_, i64>(0) as u64,
                seat: r.get::<_, i32>(1) as usize,
                name: r.get(2),
                text: r.get(3),
                at: r.get::<_, i64>(4) as u64,
            })
            .collect();
        chat.reverse();
        Ok(Some(Stored { meta, game, chat, progress, deadline: deadline.map(|d| d.max(0) as u64) }))
    }

    /// Take the room's lease if it is free, expired, ours, or held by an earlier run of this
    /// instance (one that listened at this very address, so it is gone: this one is
    /// listening there now), in one compare-and-set statement; else say which instance
    /// holds it. Without the last case a restarted instance forwarded its old rooms' clients
    /// to itself until their leases ran out.
    ///
    /// Taken from another owner that did not give it up (it died, or this instance's
    /// earlier run did), the room's running clock moves on by the time since that owner's
    /// last renewal, in the same statement: the time a dead instance was away is charged to
    /// no one. A lease given up (the room left memory) moves nothing: the clock ran on, and
    /// the clock watch of a live instance took the room back before it ran out.
    pub async fn lease(&self, room: &str) -> Result<Lease, StoreError> {
        let c = self.leases().await?;
        for _ in 0..3 {
            let ours = c
                .query_opt(
                    "WITH old AS (SELECT owner, expires FROM leases WHERE room = $1),
                     taken AS (INSERT INTO leases (room, owner, expires)
                               VALUES ($1, $2, now() + make_interval(secs => $3))
                         ON CONFLICT (room) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires
                             WHERE leases.owner = EXCLUDED.owner OR leases.expires <= now()
                                OR leases.owner IN (SELECT id FROM instances WHERE url = $4 AND id <> $2)
                         RETURNING owner),
                     moved AS (UPDATE rooms SET deadline = rooms.deadline + GREATEST(0, (EXTRACT(EPOCH FROM
                                   now() - (old.expires - make_interval(secs => $3))) * 1000)::bigint)
                               FROM old WHERE rooms.id = $1 AND rooms.deadline IS NOT NULL
                                   AND old.owner <> $2 AND EXISTS (SELECT 1 FROM taken))
                     SELECT owner FROM taken",
                    &[&room, &self.me.id, &self.lease_secs(), &self.me.url],
                )
                .await
                .map_err(err)?;
            if ours.is_some() {
                return Ok(Lease::Ours);
            }
            let theirs = c
                .query_opt(
                    "SELECT i.url FROM leases l JOIN instances i ON i.id = l.owner
                     WHERE l.room = $1 AND l.expires > now()",
                    &[&room],
                )
                .await
                .map_err(err)?;
            if let Some(row) = theirs {
                return Ok(Lease::Theirs(row.get(0)));
            }
            // Released or expired between the two statements: try again.
        }
        Err("the room's server is changing: try again".into())
    }

    /// Renew the leases of `rooms` and this instance's own row; the rooms it holds.
    pub async fn renew(&self, rooms: &[String]) -> Result<HashSet<String>, StoreError> {
        let c = self.leases().await?;
        c.execute("UPDATE instances SET seen = now() WHERE id = $1", &[&self.me.id]).await.map_err(err)?;
        let rows = c
            .query(
                "UPDATE leases SET expires = now() + make_interval(secs => $2)
                 WHERE owner = $1 AND room = ANY($3) AND expires > now() RETURNING room",
                &[&self.me.id, &self.lease_secs(), &rooms],
            )
            .await
            .map_err(err)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Give a lease up.
    pub async fn release(&self, room: &str) {
        if let Ok(c) = self.leases().await {
            let _ = c.execute("DELETE FROM leases WHERE room = $1 AND owner = $2", &[&room, &self.me.id]).await;
        }
    }

    /// Where the other instances seen in the last minute listen. Instances gone a day and
    /// leases lapsed an hour are forgotten (a join for a room that does not exist leaves
    /// none, but a crash between its lease and its release would).
    pub async fn peers(&self) -> Vec<String> {
        let Ok(c) = self.leases().await else { return Vec::new() };
        let _ = c.execute("DELETE FROM instances WHERE seen < now() - interval '1 day'", &[]).await;
        let _ = c.execute("DELETE FROM leases WHERE expires < now() - interval '1 hour'", &[]).await;
        match c
            .query("SELECT url FROM instances WHERE id <> $1 AND seen > now() - interval '1 minute'", &[&self.me.id])
            .await
        {
            Ok(rows) => rows.iter().map(|r| r.get(0)).collect(),
            Err(_) => Vec::new(),
        }
    }
}
