//! Online play's test clients, shared by the server suites: a fresh database on either
//! store, a server on 127.0.0.1, a WebSocket client that keeps what it received, and a
//! player's mirror of a room's game kept as the page keeps it.
#![allow(dead_code)]

use crate::postgres;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Game, TileSet};
use carcassonne::record::{Record, RecordAction};
use carcassonne::server::store::Db;
use carcassonne::server::{bind, Config};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A fresh folder for a test.
pub fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carc-server-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fresh database: a SQLite file, or with `CARC_TEST_STORE=postgres` a new database in
/// the throwaway cluster.
pub fn db(name: &str) -> Db {
    if postgres::wanted() {
        return Db::Postgres(postgres::cluster().database(name));
    }
    let p = dir(name).join("rooms.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
    }
    Db::Sqlite(p)
}

/// Run SQL on a test's database (to set up what an older server or a crash left).
pub async fn sql(db: &Db, sqlite: &str, postgres: &str) {
    match db {
        Db::Sqlite(p) => rusqlite::Connection::open(p).unwrap().execute_batch(sqlite).unwrap(),
        Db::Postgres(url) => pg(url).await.batch_execute(postgres).await.unwrap(),
    }
}

pub async fn pg(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    client
}

/// Everything the database holds, as text, to look for strings in it.
pub async fn dump(db: &Db) -> String {
    match db {
        Db::Sqlite(p) => {
            let mut all = Vec::new();
            for suffix in ["", "-wal"] {
                if let Ok(b) = std::fs::read(format!("{}{suffix}", p.display())) {
                    all.extend(b);
                }
            }
            String::from_utf8_lossy(&all).into_owned()
        }
        Db::Postgres(url) => {
            let c = pg(url).await;
            let mut all = String::new();
            for q in ["SELECT meta FROM rooms", "SELECT setup FROM games", "SELECT action FROM actions"] {
                for row in c.query(q, &[]).await.unwrap() {
                    all.push_str(row.get::<_, &str>(0));
                }
            }
            all
        }
    }
}

/// A server on 127.0.0.1 (a free port) for the rest of the test; returns its address.
pub async fn server(config: impl FnOnce(&mut Config), db: Db) -> (SocketAddr, tokio::task::JoinHandle<()>) {
    let mut c = Config::new("127.0.0.1:0".parse().unwrap(), db);
    c.bot_delay_ms = 0;
    // A server a test stops leaves its leases: a short lease lets the next one take over soon.
    c.lease_secs = 2.0;
    config(&mut c);
    let (addr, run) = bind(c).await.unwrap();
    (addr, tokio::spawn(run))
}

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A client: its socket, and every message it has received (text frames).
pub struct Client {
    pub ws: Ws,
    pub seen: Vec<Value>,
    pub frames: Vec<String>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await.unwrap();
        Client { ws, seen: Vec::new(), frames: Vec::new() }
    }

    /// A client signed in by a session's cookie (`carc_session=token`).
    pub async fn signed_in(addr: SocketAddr, token: &str) -> Client {
        Client::with_header(addr, "cookie", &format!("carc_session={token}")).await
    }

    /// A bot signed in by its key (`Authorization: Bearer key`).
    pub async fn bot(addr: SocketAddr, key: &str) -> Client {
        Client::with_header(addr, "authorization", &format!("Bearer {key}")).await
    }

    async fn with_header(addr: SocketAddr, name: &'static str, value: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
        request.headers_mut().insert(name, value.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        Client { ws, seen: Vec::new(), frames: Vec::new() }
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    pub async fn send_text(&mut self, t: &str) {
        self.ws.send(Message::Text(t.to_string().into())).await.unwrap();
    }

    /// The next message (within 10 s), or None if the connection ended.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next()).await.expect("a message in time")?;
            match m.ok()? {
                Message::Text(t) => {
                    self.frames.push(t.to_string());
                    let v: Value = serde_json::from_str(&t).unwrap();
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// Messages until one of type `kind` (returned).
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await.unwrap_or_else(|| panic!("closed while waiting for {kind}"));
            if v["type"] == kind {
                return v;
            }
            assert_ne!(v["type"], "error", "waiting for {kind}: {v}");
        }
    }
}

/// Create a room as its first seat; returns (room id, tokens).
pub async fn create(c: &mut Client, seats: Value, sets: Value, options: Value) -> (String, Vec<Value>) {
    c.send(json!({"type": "create", "seats": seats, "sets": sets, "options": options})).await;
    let v = c.until("created").await;
    (v["room"].as_str().unwrap().to_string(), v["tokens"].as_array().unwrap().clone())
}

/// A base room of two people, Ann (seat 0, the creator) and Bo; returns (room id, tokens).
pub async fn ann_and_bo(c: &mut Client) -> (String, Vec<Value>) {
    create(c, json!([{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "person"}]), json!(["base"]), json!({}))
        .await
}

/// A player's mirror of the room's game, kept by the messages as the page keeps it.
#[derive(Default)]
pub struct Mirror {
    pub game: Option<Game>,
}

impl Mirror {
    pub fn take(&mut self, v: &Value) {
        match v["type"].as_str() {
            Some("state") => {
                let r = Record::from_value(v["record"].clone()).unwrap();
                self.game = Some(r.replay(TileSet::builtin()).unwrap().0);
            }
            Some("action") => {
                let g = self.game.as_mut().expect("a state before actions");
                Record::follow(g, v).unwrap();
            }
            _ => {}
        }
    }
}

/// Play a room's game to the end with these clients (one per seat, or None for a seat a
/// computer plays), each choosing random legal moves from its own mirror.
pub async fn play_out(clients: &mut [Client], seed: u64) -> Value {
    let mut mirrors: Vec<Mirror> = clients.iter().map(|_| Mirror::default()).collect();
    let mut rng = Rng::new(seed);
    // Each client's seat: from its "room" message.
    let mut seats: Vec<Option<usize>> = vec![None; clients.len()];
    for (i, c) in clients.iter().enumerate() {
        for v in &c.seen {
            if v["type"] == "room" && !v["you"].is_null() {
                seats[i] = v["you"].as_u64().map(|s| s as usize);
            }
            mirrors[i].take(v);
        }
    }
    loop {
        // Everyone reads what is waiting; whoever is on turn moves.
        for (i, c) in clients.iter_mut().enumerate() {
            while let Ok(Some(Ok(Message::Text(t)))) = tokio::time::timeout(Duration::from_millis(2), c.ws.next()).await
            {
                c.frames.push(t.to_string());
                let v: Value = serde_json::from_str(&t).unwrap();
                assert_ne!(v["type"], "error", "{v}");
                mirrors[i].take(&v);
                c.seen.push(v);
            }
        }
        let done = mirrors.iter().all(|m| m.game.as_ref().is_some_and(|g| g.is_over()));
        if done {
            let last = clients[0].seen.iter().rev().find(|v| v["type"] == "state").unwrap().clone();
            return last;
        }
        for (i, c) in clients.iter_mut().enumerate() {
            let Some(g) = mirrors[i].game.as_ref() else { continue };
            if g.is_over() || seats[i] != Some(g.current_player()) {
                continue;
            }
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len())];
            let v = RecordAction::from_action(&a, g.tiles()).to_value();
            c.send(json!({"type": "act", "n": g.history().len(), "action": v})).await;
            // Wait for it to come back before deciding again.
            loop {
                let v = c.next().await.unwrap();
                assert_ne!(v["type"], "error", "{v}");
                mirrors[i].take(&v);
                if v["type"] == "action" {
                    break;
                }
            }
        }
    }
}

/// Whether `actual` is what the document shows: "…" is any value, an upper-case word is an
/// id the server made (the same one wherever it appears), an object names only some fields.
pub fn as_documented(expected: &Value, actual: &Value, ids: &mut std::collections::HashMap<String, Value>) -> bool {
    match expected {
        Value::String(s) if s == "…" => true,
        Value::String(s) if !s.is_empty() && s.chars().all(|c| c.is_ascii_uppercase()) => {
            ids.entry(s.clone()).or_insert_with(|| actual.clone()) == actual
        }
        Value::Object(o) => o.iter().all(|(k, v)| actual.get(k).is_some_and(|a| as_documented(v, a, ids))),
        Value::Array(a) => actual
            .as_array()
            .is_some_and(|b| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| as_documented(x, y, ids))),
        _ => expected == actual,
    }
}
