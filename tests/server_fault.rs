//! The fault test of online play: `carc serve` (the real binary) runs many concurrent games
//! of bot clients over WebSockets and is killed with SIGKILL at random moments, several
//! times, then restarted on the same database. The clients reconnect by themselves. In the
//! end every action a client was told of (the server tells only after the commit) is in the
//! game's record, and every game ends with the result its record replays to. Bounded: it
//! fails rather than run past two minutes.
//!
//! And the same across two instances on one PostgreSQL: clients on both, either killed
//! mid-game and mid-start, the other carrying the games on.
#![cfg(feature = "server")]

#[path = "support/passkey.rs"]
mod passkey;
#[path = "support/postgres.rs"]
mod postgres;

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Game, TileSet};
use carcassonne::record::{Record, RecordAction};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A running `carc serve`, SIGKILLed when dropped: a failing test never leaves a server
/// behind (one would hold the test's output open and hang whoever reads it).
struct Serving(Child);

impl Serving {
    /// SIGKILL, and wait for the process to end.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Start the server on a free port; returns the process and its address.
fn start(db: &std::path::Path) -> (Serving, String) {
    start_on(db.to_str().unwrap(), &[])
}

/// Start the server on a database (a file or a URL) with more flags.
fn start_on(db: &str, more: &[&str]) -> (Serving, String) {
    start_on_port(db, "0", more).expect("carc serve starts on a free port")
}

/// Start the server, for a test that starts it again at the same address, on a port below
/// the kernel's ephemeral range (another one if that is taken): while it is down, no
/// outgoing connection and no port-0 listener of a test running alongside can take it.
fn start_restartable(db: &str, more: &[&str]) -> (Serving, String) {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    let mut rng = Rng::new(u64::from(nanos) ^ u64::from(std::process::id()));
    attempts(5, Duration::ZERO, || start_on_port(db, &(10_000 + rng.below(22_000)).to_string(), more))
        .expect("carc serve starts on one of five ports below the ephemeral range")
}

/// Start the server again at `port` once the kernel has freed it (it may take a moment).
fn start_again(db: &str, port: &str, more: &[&str]) -> (Serving, String) {
    attempts(20, Duration::from_millis(250), || start_on_port(db, port, more))
        .expect("carc serve starts again at its port")
}

/// `start` until it gives a server, `times` tries in all, `pause` apart.
fn attempts(
    times: usize,
    pause: Duration,
    mut start: impl FnMut() -> Option<(Serving, String)>,
) -> Option<(Serving, String)> {
    for tries in 1..=times {
        if let Some(serving) = start() {
            return Some(serving);
        }
        if tries < times {
            std::thread::sleep(pause);
        }
    }
    None
}

/// Start the server on a database at a port (0: a free one); None if it could not listen
/// there (it says why on stderr and exits).
fn start_on_port(db: &str, port: &str, more: &[&str]) -> Option<(Serving, String)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(["serve", "--port", port, "--db", db, "--dist", "/nonexistent", "--bot-delay-ms", "0"])
        .args(more)
        .args(["--rooms-per-address", "1000", "--messages-per-sec", "1000", "--connections-per-address", "1000"])
        .args(["--computers-per-address", "1000"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("carc serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let serving = Serving(child);
    let addr = line.split("http://").nth(1).and_then(|s| s.split('/').next())?.to_string();
    Some((serving, addr))
}

/// What a room's clients have been told: action n → the action.
type Acked = Arc<Mutex<BTreeMap<String, BTreeMap<usize, Value>>>>;

/// One bot client for one seat: plays random legal moves (waiting `pace` to twice that ms
/// before each), reconnecting whenever the connection drops (to any of `addrs`, chosen at
/// random each time), until it sees the game over. Returns the final state message.
async fn bot(
    addrs: Arc<Mutex<Vec<String>>>,
    room: String,
    token: String,
    seed: u64,
    pace: u64,
    acked: Acked,
) -> (String, Value) {
    let mut rng = Rng::new(seed);
    loop {
        let url = {
            let addrs = addrs.lock().unwrap();
            format!("ws://{}/ws", addrs[rng.below(addrs.len())])
        };
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        if ws
            .send(Message::Text(json!({"type": "join", "room": room, "token": token}).to_string().into()))
            .await
            .is_err()
        {
            continue;
        }
        let mut game: Option<Game> = None;
        let mut seat = None;
        loop {
            let Some(Ok(m)) = ws.next().await else { break };
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(&t).unwrap();
            match v["type"].as_str() {
                Some("room") if !v["you"].is_null() => seat = v["you"].as_u64().map(|s| s as usize),
                Some("state") => {
                    if v.get("final").is_some() {
                        return (room, v);
                    }
                    let r = Record::from_value(v["record"].clone()).unwrap();
                    game = Some(r.replay(TileSet::builtin()).unwrap().0);
                }
                Some("action") => {
                    let Some(g) = game.as_mut() else { continue };
                    let n = v["n"].as_u64().unwrap() as usize;
                    acked.lock().unwrap().entry(room.clone()).or_default().insert(n, v["action"].clone());
                    if Record::follow(g, &v).is_err() {
                        game = None; // out of step: wait for the next state
                        continue;
                    }
                }
                _ => {}
            }
            if let (Some(g), Some(s)) = (game.as_ref(), seat) {
                if !g.is_over() && g.current_player() == s && matches!(v["type"].as_str(), Some("state" | "action")) {
                    // A person's pace, roughly: the kills must fall while games are played,
                    // and the server answers a move in well under a millisecond.
                    tokio::time::sleep(Duration::from_millis(pace + rng.below(pace as usize + 1) as u64)).await;
                    let legal = g.legal_actions();
                    let a = RecordAction::from_action(&legal[rng.below(legal.len())], g.tiles()).to_value();
                    let msg = json!({"type": "act", "n": g.history().len(), "action": a});
                    if ws.send(Message::Text(msg.to_string().into())).await.is_err() {
                        break;
                    }
                }
            }
        }
        // The connection dropped (the server died): reconnect and catch up.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_killed_mid_game_loses_no_acknowledged_action() {
    let dir = std::env::temp_dir().join(format!("carc-fault-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.db");
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let (mut child, first) = start(&db);
    let addr = Arc::new(Mutex::new(vec![first]));
    let started = Instant::now();

    // Eight rooms: two bot clients each, and in half of them a computer seat as well.
    let mut rooms = Vec::new();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", addr.lock().unwrap()[0])).await.unwrap();
    for i in 0..8 {
        let mut seats = vec![json!({"name": "A", "kind": "person"}), json!({"name": "B", "kind": "person"})];
        if i % 2 == 1 {
            seats.push(json!({"name": "C", "kind": "computer", "level": "easy"}));
        }
        let sets = if i % 3 == 0 { json!(["base", "ghosts"]) } else { json!(["base"]) };
        let create = json!({"type": "create", "seats": seats, "sets": sets});
        ws.send(Message::Text(create.to_string().into())).await.unwrap();
        let v = loop {
            let Some(Ok(Message::Text(t))) = ws.next().await else { panic!("created") };
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "created" {
                break v;
            }
        };
        let room = v["room"].as_str().unwrap().to_string();
        let token0 = v["tokens"][0].as_str().unwrap().to_string();
        // The host starts the game.
        let (mut host, _) =
            tokio_tungstenite::connect_async(format!("ws://{}/ws", addr.lock().unwrap()[0])).await.unwrap();
        host.send(Message::Text(json!({"type": "join", "room": room, "token": token0}).to_string().into()))
            .await
            .unwrap();
        host.send(Message::Text(json!({"type": "start"}).to_string().into())).await.unwrap();
        while let Some(Ok(Message::Text(t))) = host.next().await {
            if t.contains("\"type\":\"state\"") {
                break;
            }
        }
        drop(host);
        rooms.push((room, v["tokens"].as_array().unwrap().clone()));
    }
    drop(ws);

    let acked: Acked = Arc::new(Mutex::new(BTreeMap::new()));
    let mut bots = Vec::new();
    for (r, (room, tokens)) in rooms.iter().enumerate() {
        for (s, t) in tokens.iter().enumerate() {
            let Some(t) = t.as_str() else { continue };
            bots.push(tokio::spawn(bot(
                addr.clone(),
                room.clone(),
                t.to_string(),
                (r * 10 + s) as u64,
                15,
                acked.clone(),
            )));
        }
    }

    // Kill the server at random moments, five times, and start it again each time; the
    // kills fall while games are being played.
    let mut rng = Rng::new(99);
    for k in 0..5 {
        tokio::time::sleep(Duration::from_millis(150 + rng.below(600) as u64)).await;
        let running = bots.iter().filter(|b| !b.is_finished()).count();
        if k < 3 {
            assert!(running > 0, "kill {k} came after every game had ended");
        }
        child.kill(); // SIGKILL
        tokio::time::sleep(Duration::from_millis(rng.below(200) as u64)).await;
        let (c, a) = start(&db);
        child = c;
        *addr.lock().unwrap() = vec![a];
    }

    let mut finals = Vec::new();
    for b in bots {
        let left = Duration::from_secs(120).saturating_sub(started.elapsed());
        finals.push(tokio::time::timeout(left, b).await.expect("every game finishes in time").unwrap());
    }
    child.kill();

    let acked = acked.lock().unwrap();
    let mut told = 0;
    for (room, fin) in &finals {
        let record = Record::from_value(fin["final"].clone()).unwrap();
        for (n, v) in acked.get(room).into_iter().flatten() {
            assert_eq!(record.actions.get(*n).map(RecordAction::to_value).as_ref(), Some(v), "room {room}: action {n}");
            told += 1;
        }
        let (game, _) = record.replay(TileSet::builtin()).unwrap();
        assert!(game.is_over());
        let state = Record::from_value(fin["record"].clone()).unwrap().replay(TileSet::builtin()).unwrap().0;
        assert_eq!(game.scores(), state.scores(), "room {room}: the record replays to the result");
    }
    assert_eq!(finals.len(), bots_count(&rooms));
    assert!(told > 500, "{told} acknowledged actions checked");
    eprintln!(
        "fault test: {} games, 5 kills, {told} checks of acknowledged actions (per client), {:.1} s",
        rooms.len(),
        started.elapsed().as_secs_f64()
    );
}

fn bots_count(rooms: &[(String, Vec<Value>)]) -> usize {
    rooms.iter().map(|(_, t)| t.iter().filter(|t| t.is_string()).count()).sum()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket to the server (retrying while it starts).
async fn connect(addr: &str) -> Ws {
    for _ in 0..100 {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await {
            return ws;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the server at {addr} takes no connection");
}

async fn send(ws: &mut Ws, v: Value) -> bool {
    ws.send(Message::Text(v.to_string().into())).await.is_ok()
}

/// The first message `pick` keeps, within `secs`; None if the connection ends first (the
/// server was killed) or nothing came.
async fn first<T>(ws: &mut Ws, secs: u64, mut pick: impl FnMut(&Value) -> Option<T>) -> Option<T> {
    let until = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let m = tokio::time::timeout_at(until, ws.next()).await.ok()??.ok()?;
        let Message::Text(t) = m else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if let Some(x) = pick(&v) {
            return Some(x);
        }
    }
}

/// The room frame and (if a game runs) the state a seat's token is told on joining.
async fn look(addr: &str, room: &str, token: &str) -> (Value, Option<Value>) {
    let mut ws = connect(addr).await;
    send(&mut ws, json!({"type": "join", "room": room, "token": token})).await;
    let info = first(&mut ws, 10, |v| (v["type"] == "room" || v["type"] == "error").then(|| v.clone())).await.unwrap();
    assert_eq!(info["type"], "room", "{info}");
    let state = match info["status"].as_str() {
        Some("lobby") => None,
        _ => first(&mut ws, 10, |v| (v["type"] == "state").then(|| v.clone())).await,
    };
    (info, state)
}

/// Kill the server 1 to 15 ms after `go` is sent to every socket at once, restart it, and
/// return the new address and what each socket had been told by then (`pick`).
async fn kill_during<T: Send + 'static>(
    child: &mut Serving,
    db: &std::path::Path,
    rng: &mut Rng,
    sockets: Vec<(Ws, Value)>,
    pick: fn(&Value) -> Option<T>,
) -> (String, Vec<Option<T>>) {
    let mut tasks = Vec::new();
    for (mut ws, go) in sockets {
        tasks.push(tokio::spawn(async move {
            if !send(&mut ws, go).await {
                return None;
            }
            first(&mut ws, 10, pick).await
        }));
    }
    tokio::time::sleep(Duration::from_millis(1 + rng.below(15) as u64)).await;
    child.kill(); // SIGKILL
    let mut told = Vec::new();
    for t in tasks {
        told.push(t.await.unwrap());
    }
    let (c, addr) = start(db);
    *child = c;
    (addr, told)
}

/// Issue 22, defect 1: SIGKILL while many rooms at once start their games, take open seats,
/// hand seats to computers and start rematches. Whatever a client was told is what the
/// rooms hold after the restart, and moves acknowledged after it stay (an older server,
/// killed between a game's two writes, lost them and then refused every move after a
/// rematch).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_killed_while_rooms_start_claim_and_hand_over_keeps_what_it_told() {
    let dir = std::env::temp_dir().join(format!("carc-fault-starts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.db");
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let started = Instant::now();
    let (mut child, mut addr) = start(&db);
    let mut rng = Rng::new(7);
    const ROOMS: usize = 80;

    // Rooms of Ann (the host), an open seat and Cy, who never comes.
    let mut rooms = Vec::new();
    let mut ws = connect(&addr).await;
    for _ in 0..ROOMS {
        let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Open", "kind": "open"},
            {"name": "Cy", "kind": "person"}]);
        send(&mut ws, json!({"type": "create", "seats": seats, "sets": ["base"], "absent_secs": 0})).await;
        let v = first(&mut ws, 10, |v| (v["type"] == "created").then(|| v.clone())).await.unwrap();
        rooms.push((
            v["room"].as_str().unwrap().to_string(),
            v["tokens"][0].as_str().unwrap().to_string(),
            v["open"].clone(),
        ));
    }
    drop(ws);

    // 1. Every room's host starts and a guest claims the open seat, all at once; kill.
    let mut sockets = Vec::new();
    for (room, token, open) in &rooms {
        let mut host = connect(&addr).await;
        send(&mut host, json!({"type": "join", "room": room, "token": token})).await;
        first(&mut host, 10, |v| (v["type"] == "room").then_some(())).await.unwrap();
        sockets.push((host, json!({"type": "start"})));
        sockets.push((connect(&addr).await, json!({"type": "claim", "room": room, "name": "Gus", "secret": open})));
    }
    let pick: fn(&Value) -> Option<Value> =
        |v| matches!(v["type"].as_str(), Some("state" | "claimed")).then(|| v.clone());
    let (a, told) = kill_during(&mut child, &db, &mut rng, sockets, pick).await;
    addr = a;
    let (mut starts_told, mut claims_told) = (0, 0);
    for (i, (room, token, _)) in rooms.iter().enumerate() {
        let (info, state) = look(&addr, room, token).await;
        if told[2 * i].is_some() {
            starts_told += 1;
            assert_eq!(info["game"], 1, "room {room}: its start was told");
            assert_eq!(state.unwrap()["n"], 0);
        } else {
            assert!(info["game"] == 0 || info["game"] == 1, "{info}");
        }
        if let Some(claimed) = &told[2 * i + 1] {
            claims_told += 1;
            let t = claimed["token"].as_str().unwrap();
            let (seen, _) = look(&addr, room, t).await;
            assert_eq!(seen["you"], 1, "room {room}: the claimed seat is Gus's");
        }
    }

    // 2. Every host starts what did not start, then hands Cy's seat to a computer; kill.
    let mut sockets = Vec::new();
    for (room, token, _) in &rooms {
        let mut host = connect(&addr).await;
        send(&mut host, json!({"type": "join", "room": room, "token": token})).await;
        let info = first(&mut host, 10, |v| (v["type"] == "room").then(|| v.clone())).await.unwrap();
        if info["status"] == "lobby" {
            send(&mut host, json!({"type": "start"})).await;
            first(&mut host, 10, |v| (v["type"] == "state").then_some(())).await.unwrap();
        }
        sockets.push((host, json!({"type": "computer", "seat": 2, "level": "easy"})));
    }
    let pick: fn(&Value) -> Option<Value> =
        |v| (v["type"] == "room" && v["seats"][2]["kind"] == "computer").then(|| v.clone());
    let (a, told) = kill_during(&mut child, &db, &mut rng, sockets, pick).await;
    addr = a;
    let mut handovers_told = 0;
    for (i, (room, token, _)) in rooms.iter().enumerate() {
        let (info, _) = look(&addr, room, token).await;
        if told[i].is_some() {
            handovers_told += 1;
            assert_eq!(info["seats"][2]["kind"], "computer", "room {room}: the hand-over was told");
        }
    }

    // 3. The games are played out: Ann by a bot client, every other seat by a computer.
    let acked: Acked = Arc::new(Mutex::new(BTreeMap::new()));
    let shared = Arc::new(Mutex::new(vec![addr.clone()]));
    let mut bots = Vec::new();
    for (i, (room, token, _)) in rooms.iter().enumerate() {
        let mut host = connect(&addr).await;
        send(&mut host, json!({"type": "join", "room": room, "token": token})).await;
        let info = first(&mut host, 10, |v| (v["type"] == "room").then(|| v.clone())).await.unwrap();
        for seat in [1, 2] {
            if info["seats"][seat]["kind"] != "computer" {
                send(&mut host, json!({"type": "computer", "seat": seat, "level": "easy"})).await;
                first(&mut host, 10, |v| (v["type"] == "room" && v["seats"][seat]["kind"] == "computer").then_some(()))
                    .await
                    .unwrap_or_else(|| panic!("room {room}: seat {seat} to a computer"));
            }
        }
        drop(host);
        bots.push(tokio::spawn(bot(shared.clone(), room.clone(), token.clone(), i as u64, 0, acked.clone())));
    }
    for b in bots {
        let left = Duration::from_secs(150).saturating_sub(started.elapsed());
        tokio::time::timeout(left, b).await.expect("every game finishes in time").unwrap();
    }

    // 4. Every host asks for a rematch at once; kill. Then Ann plays the new game's first
    //    action; after one more kill it is still there.
    let mut sockets = Vec::new();
    for (room, token, _) in &rooms {
        let mut host = connect(&addr).await;
        send(&mut host, json!({"type": "join", "room": room, "token": token})).await;
        first(&mut host, 10, |v| (v["type"] == "state" && v.get("final").is_some()).then_some(())).await.unwrap();
        sockets.push((host, json!({"type": "rematch"})));
    }
    let pick: fn(&Value) -> Option<Value> = |v| (v["type"] == "state" && v.get("final").is_none()).then(|| v.clone());
    let (a, told) = kill_during(&mut child, &db, &mut rng, sockets, pick).await;
    addr = a;
    let mut rematches_told = 0;
    let mut played = Vec::new();
    for (i, (room, token, _)) in rooms.iter().enumerate() {
        let mut host = connect(&addr).await;
        send(&mut host, json!({"type": "join", "room": room, "token": token})).await;
        let info = first(&mut host, 10, |v| (v["type"] == "room").then(|| v.clone())).await.unwrap();
        if told[i].is_some() {
            rematches_told += 1;
            assert_eq!(info["game"], 2, "room {room}: the rematch was told");
        }
        if info["status"] != "playing" {
            send(&mut host, json!({"type": "rematch"})).await;
        }
        let state = first(&mut host, 10, |v| (v["type"] == "state" && v.get("final").is_none()).then(|| v.clone()))
            .await
            .unwrap();
        let g = Record::from_value(state["record"].clone()).unwrap().replay(TileSet::builtin()).unwrap().0;
        if g.current_player() != 0 || g.is_over() {
            continue;
        }
        let a = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
        send(&mut host, json!({"type": "act", "n": g.history().len(), "action": a})).await;
        let ack =
            first(&mut host, 10, |v| (v["type"] == "action" || v["type"] == "error").then(|| v.clone())).await.unwrap();
        assert_eq!(ack["type"], "action", "room {room}: a move after the rematch is taken: {ack}");
        played.push((i, ack["n"].as_u64().unwrap() as usize, ack["action"].clone()));
    }
    child.kill();
    let (mut child, addr) = start(&db);
    for (i, n, action) in &played {
        let (room, token, _) = &rooms[*i];
        let (info, state) = look(&addr, room, token).await;
        assert_eq!(info["game"], 2);
        let record = Record::from_value(state.unwrap()["record"].clone()).unwrap();
        assert_eq!(record.actions.get(*n).map(RecordAction::to_value).as_ref(), Some(action), "room {room}");
    }
    child.kill();
    assert!(!played.is_empty());
    eprintln!(
        "fault test (starts): {ROOMS} rooms, 4 kills; told before the kill: {starts_told} starts, {claims_told} claims, \
         {handovers_told} hand-overs, {rematches_told} rematches; {} moves after the rematch kept; {:.1} s",
        played.len(),
        started.elapsed().as_secs_f64()
    );
}

/// Issue 22, beyond one machine: two `carc serve` instances on one PostgreSQL. Rooms are
/// made on both (each instance owns what it made); clients connect to either at random, so
/// the players of one game sit on both and the owner's clients reach it forwarded. Either
/// instance is SIGKILLed, also while hosts start their games; while it is down the other
/// takes its rooms once their leases lapse and the games go on there, and each dead
/// instance comes back on a new port. Whatever a client was told is in the final records,
/// and every record replays. Bounded: two minutes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_carry_the_games_through_kills_of_either() {
    let url = postgres::cluster().database("two_instances");
    let started = Instant::now();
    let flags = ["--lease-secs", "2", "--rooms-per-address", "1000"];
    let mut servers = [start_on(&url, &flags), start_on(&url, &flags)];
    let addrs = Arc::new(Mutex::new(servers.iter().map(|(_, a)| a.clone()).collect::<Vec<_>>()));
    let mut rng = Rng::new(2222);

    // Twenty rooms, made in turn on each instance: two bot clients each, a computer in some.
    let mut rooms = Vec::new();
    for i in 0..20 {
        let mut ws = connect(&servers[i % 2].1).await;
        let mut seats = vec![json!({"name": "A", "kind": "person"}), json!({"name": "B", "kind": "person"})];
        if i % 3 == 1 {
            seats.push(json!({"name": "C", "kind": "computer", "level": "easy"}));
        }
        send(&mut ws, json!({"type": "create", "seats": seats, "sets": ["base"]})).await;
        let v = first(&mut ws, 10, |v| (v["type"] == "created").then(|| v.clone())).await.unwrap();
        rooms.push((v["room"].as_str().unwrap().to_string(), v["tokens"].as_array().unwrap().clone()));
    }

    // The hosts of instance 0's rooms start them through instance 1 (forwarded to the
    // owner), and instance 0 is killed 0 to 3 ms after: mid-start.
    let mut hosts = Vec::new();
    for (room, tokens) in rooms.iter().step_by(2) {
        let mut host = connect(&servers[1].1).await;
        send(&mut host, json!({"type": "join", "room": room, "token": tokens[0]})).await;
        first(&mut host, 10, |v| (v["type"] == "room").then_some(())).await.expect("joined through the other instance");
        hosts.push(tokio::spawn(async move {
            send(&mut host, json!({"type": "start"})).await;
            first(&mut host, 10, |v| (v["type"] == "state").then_some(())).await.is_some()
        }));
    }
    tokio::time::sleep(Duration::from_millis(rng.below(4) as u64)).await;
    servers[0].0.kill();
    let mut told_started = Vec::new();
    for h in hosts {
        told_started.push(h.await.unwrap());
    }
    // Every room, instance 0's taken over by instance 1 once their leases lapse: a start
    // that was told stands; the others start now.
    for (i, (room, tokens)) in rooms.iter().enumerate() {
        let mut host = connect(&servers[1].1).await;
        send(&mut host, json!({"type": "join", "room": room, "token": tokens[0]})).await;
        let info =
            first(&mut host, 10, |v| (v["type"] == "room").then(|| v.clone())).await.expect("the room is served");
        if i % 2 == 0 && told_started[i / 2] {
            assert_eq!(info["game"], 1, "room {room}: its start was told, so it stands");
        }
        if info["status"] == "lobby" {
            send(&mut host, json!({"type": "start"})).await;
            first(&mut host, 10, |v| (v["type"] == "state").then_some(())).await.expect("started");
        }
    }
    servers[0] = start_on(&url, &flags);
    *addrs.lock().unwrap() = vec![servers[0].1.clone(), servers[1].1.clone()];

    let acked: Acked = Arc::new(Mutex::new(BTreeMap::new()));
    let mut bots = Vec::new();
    for (r, (room, tokens)) in rooms.iter().enumerate() {
        for (s, t) in tokens.iter().enumerate() {
            let Some(t) = t.as_str() else { continue };
            let seed = (r * 10 + s) as u64;
            bots.push(tokio::spawn(bot(addrs.clone(), room.clone(), t.to_string(), seed, 40, acked.clone())));
        }
    }
    let told = || acked.lock().unwrap().values().map(|m| m.len()).sum::<usize>();

    // Kill either instance four times mid-game. Twice it stays down for three seconds and
    // the games must go on through the other one meanwhile.
    for k in 0..4 {
        tokio::time::sleep(Duration::from_millis(300 + rng.below(500) as u64)).await;
        let victim = k % 2;
        assert!(bots.iter().any(|b| !b.is_finished()), "kill {k} came after every game had ended");
        servers[victim].0.kill();
        *addrs.lock().unwrap() = vec![servers[1 - victim].1.clone()];
        if k < 2 {
            let before = told();
            tokio::time::sleep(Duration::from_secs(3)).await;
            assert!(told() > before, "kill {k}: no game went on through the other instance");
        } else {
            tokio::time::sleep(Duration::from_millis(rng.below(300) as u64)).await;
        }
        servers[victim] = start_on(&url, &flags);
        *addrs.lock().unwrap() = vec![servers[0].1.clone(), servers[1].1.clone()];
    }

    let mut finals = Vec::new();
    for b in bots {
        let left = Duration::from_secs(120).saturating_sub(started.elapsed());
        finals.push(tokio::time::timeout(left, b).await.expect("every game finishes in time").unwrap());
    }
    let acked = acked.lock().unwrap();
    let mut checked = 0;
    for (room, fin) in &finals {
        let record = Record::from_value(fin["final"].clone()).unwrap();
        for (n, v) in acked.get(room).into_iter().flatten() {
            assert_eq!(record.actions.get(*n).map(RecordAction::to_value).as_ref(), Some(v), "room {room}: action {n}");
            checked += 1;
        }
        let (game, _) = record.replay(TileSet::builtin()).unwrap();
        assert!(game.is_over(), "room {room}: the record replays to its end");
    }
    assert_eq!(finals.len(), bots_count(&rooms));
    assert!(checked > 500, "{checked} acknowledged actions checked");
    eprintln!(
        "two-instance fault test: {} games, 5 kills ({} starts told before the first), {checked} checks, {:.1} s",
        rooms.len(),
        told_started.iter().filter(|t| **t).count(),
        started.elapsed().as_secs_f64()
    );
}

/// Issue 40: an instance restarted at its old address recognises the rooms it held before
/// (their leases name its earlier run, at the same address) and takes them over at once.
/// Before, it forwarded their clients to itself, which sent them back with 1012, until the
/// old leases ran out (ten closes a client in 2.8 s with a 3 s lease; here 30 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_restarted_at_its_address_takes_its_rooms_back_at_once() {
    let url = postgres::cluster().database("restart_same_address");
    let (mut first_run, addr) = start_restartable(&url, &["--lease-secs", "30"]);
    let mut ws = connect(&addr).await;
    let seats = [json!({"name": "A", "kind": "person"}), json!({"name": "B", "kind": "person"})];
    send(&mut ws, json!({"type": "create", "seats": seats, "sets": ["base"]})).await;
    let v = first(&mut ws, 10, |v| (v["type"] == "created").then(|| v.clone())).await.unwrap();
    let (room, token) = (v["room"].as_str().unwrap().to_string(), v["tokens"][0].clone());
    send(&mut ws, json!({"type": "join", "room": room, "token": token})).await;
    first(&mut ws, 10, |v| (v["type"] == "room").then_some(())).await.expect("joined");
    drop(ws);
    first_run.kill();
    // The same address again (the port was just freed).
    let port = addr.rsplit(':').next().unwrap();
    let (_second_run, again) = start_again(&url, port, &["--lease-secs", "30"]);
    assert_eq!(again, addr);
    let started = Instant::now();
    let mut ws = connect(&again).await;
    send(&mut ws, json!({"type": "join", "room": room, "token": token})).await;
    let info = first(&mut ws, 5, |v| (v["type"] == "room").then(|| v.clone())).await;
    assert!(info.is_some(), "the restarted instance serves its room at once, not after the old lease");
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// Make a base room of Ann and Bo with `clock` on the instance at `addr` and start it there;
/// returns the room and its tokens.
async fn clocked_room(addr: &str, clock: Value) -> (String, Vec<Value>) {
    let mut ws = connect(addr).await;
    let seats = [json!({"name": "Ann", "kind": "person"}), json!({"name": "Bo", "kind": "person"})];
    send(&mut ws, json!({"type": "create", "seats": seats, "sets": ["base"], "clock": clock})).await;
    let v = first(&mut ws, 10, |v| (v["type"] == "created").then(|| v.clone())).await.unwrap();
    let (room, tokens) = (v["room"].as_str().unwrap().to_string(), v["tokens"].as_array().unwrap().clone());
    send(&mut ws, json!({"type": "join", "room": room, "token": tokens[0]})).await;
    first(&mut ws, 10, |v| (v["type"] == "room").then_some(())).await.expect("joined");
    send(&mut ws, json!({"type": "start"})).await;
    first(&mut ws, 10, |v| (v["type"] == "state").then_some(())).await.expect("started");
    (room, tokens)
}

/// Issue 38, clocks across SIGKILLs of the owner: two instances on PostgreSQL. A room's
/// clock runs while its owner is alive; when the owner is killed, the time until the other
/// instance takes the room over is charged to no one, twice over (each instance is owner
/// once). A room whose players are all gone still runs out: the clock watch of the
/// surviving instance takes it over and a computer takes the seat when its time is up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_keep_clocks_right_across_kills_of_the_owner() {
    let url = postgres::cluster().database("clock_kills");
    let flags = ["--lease-secs", "2"];
    let mut servers = [start_on(&url, &flags), start_on(&url, &flags)];
    let (room, tokens) = clocked_room(&servers[0].1, json!({"base": 60})).await;
    let (lonely, _) = clocked_room(&servers[0].1, json!({"base": 4})).await;
    let left = |state: &Option<Value>, seat: usize| state.as_ref().unwrap()["clock"]["left"][seat].as_u64().unwrap();

    // Ann's clock runs 2 s on instance 0, which dies; 4 s later instance 1 serves the room.
    tokio::time::sleep(Duration::from_secs(2)).await;
    servers[0].0.kill();
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (_, state) = look(&servers[1].1, &room, tokens[0].as_str().unwrap()).await;
    // At most a renewal (2/3 s) of the 2 s uncounted; 6 s charged would leave 54 s.
    assert!((57_300..=58_100).contains(&left(&state, 0)), "{state:?}");

    // Ann plays her turn through instance 1; Bo's clock runs 2 s there, and it dies too.
    servers[0] = start_on(&url, &flags);
    let mut ann = connect(&servers[1].1).await;
    send(&mut ann, json!({"type": "join", "room": room, "token": tokens[0]})).await;
    let state = first(&mut ann, 10, |v| (v["type"] == "state").then(|| v.clone())).await.unwrap();
    let mut game = Record::from_value(state["record"].clone()).unwrap().replay(TileSet::builtin()).unwrap().0;
    while game.current_player() == 0 {
        let a = RecordAction::from_action(&game.legal_actions()[0], game.tiles()).to_value();
        send(&mut ann, json!({"type": "act", "n": game.history().len(), "action": a})).await;
        let v = first(&mut ann, 10, |v| (v["type"] == "action").then(|| v.clone())).await.unwrap();
        Record::follow(&mut game, &v).unwrap();
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    servers[1].0.kill();
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (_, state) = look(&servers[0].1, &room, tokens[1].as_str().unwrap()).await;
    assert!((57_300..=58_100).contains(&left(&state, 1)), "{state:?}");
    assert_eq!(state.as_ref().unwrap()["clock"]["running"], 1);

    // The room nobody is in: Ann's 4 s and then Bo's ran out across both deaths, each time
    // after the surviving instance's clock watch took the room over by itself, and computers
    // play both seats.
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let mut ws = connect(&servers[0].1).await;
        send(&mut ws, json!({"type": "join", "room": lonely})).await;
        let info = first(&mut ws, 10, |v| (v["type"] == "room").then(|| v.clone())).await.unwrap();
        let kinds: Vec<&str> = info["seats"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
        if kinds == ["computer", "computer"] {
            break;
        }
        assert!(Instant::now() < until, "the lonely room's clocks never ran out: {info}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Issue 38, quick play beyond one machine: two instances on PostgreSQL. Ann asks on one,
/// Bo on the other; the instance holding the quick-play lease pairs them (the other
/// forwards Bo's request there), and each plays the room through the instance it reached.
/// When the pairing instance dies, the other takes the lease and pairs the next players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_play_pairs_players_on_different_instances() {
    let url = postgres::cluster().database("quick_two");
    let flags = ["--lease-secs", "2"];
    let mut servers = [start_on(&url, &flags), start_on(&url, &flags)];
    let ask =
        |name: &str| json!({"type": "quick", "name": name, "sets": ["base"], "clock": {"base": 300, "increment": 3}});
    let paired = |v: &Value| (v["type"] == "paired").then(|| v.clone());
    let mut ann = connect(&servers[0].1).await;
    send(&mut ann, ask("Ann")).await;
    first(&mut ann, 10, |v| (v["type"] == "quick").then_some(())).await.expect("Ann waits");
    let mut bo = connect(&servers[1].1).await;
    send(&mut bo, ask("Bo")).await;
    let (a, b) = (first(&mut ann, 10, paired).await.unwrap(), first(&mut bo, 10, paired).await.unwrap());
    assert_eq!(a["room"], b["room"]);
    for (ws, p) in [(&mut ann, &a), (&mut bo, &b)] {
        send(ws, json!({"type": "join", "room": p["room"], "token": p["token"]})).await;
        let state =
            first(ws, 10, |v| (v["type"] == "state").then(|| v.clone())).await.expect("the game, from either instance");
        assert_eq!(state["clock"]["running"], 0);
    }
    // The pairing instance dies; once its lease lapses the other pairs.
    servers[0].0.kill();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut cy = connect(&servers[1].1).await;
    send(&mut cy, ask("Cy")).await;
    first(&mut cy, 10, |v| (v["type"] == "quick").then_some(())).await.expect("Cy waits");
    servers[0] = start_on(&url, &flags);
    let mut dee = connect(&servers[0].1).await;
    send(&mut dee, ask("Dee")).await;
    let (c, d) = (first(&mut cy, 10, paired).await.unwrap(), first(&mut dee, 10, paired).await.unwrap());
    assert_eq!(c["room"], d["room"]);
}

/// A WebSocket signed in by a session's cookie.
async fn connect_as(addr: &str, token: &str) -> Ws {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request.headers_mut().insert("cookie", format!("carc_session={token}").parse().unwrap());
    tokio_tungstenite::connect_async(request).await.expect("the server takes the connection").0
}

/// Issue 38: a signed-in player who reaches a rated room through the instance that does not
/// hold it keeps the account there: the forwarding instance names it to the owner (believed
/// only with the cluster's secret), so the seat claimed is the account's; a player signed
/// out is refused the same way through either instance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_player_forwarded_to_a_rooms_owner_keeps_the_account() {
    let url = postgres::cluster().database("accounts_two");
    let flags = ["--lease-secs", "2"];
    let servers = [start_on(&url, &flags), start_on(&url, &flags)];
    let addrs: Vec<std::net::SocketAddr> = servers.iter().map(|s| s.1.parse().unwrap()).collect();
    let (ann, bo) = (passkey::account(addrs[0], "Ann").await, passkey::account(addrs[1], "Bo").await);
    let mut a = connect_as(&servers[0].1, &ann).await;
    send(
        &mut a,
        json!({"type": "create", "rated": true, "sets": ["base"], "clock": {"base": 600},
        "seats": [{"name": "x", "kind": "person"}, {"name": "Open", "kind": "open"}]}),
    )
    .await;
    let made = first(&mut a, 10, |v| (v["type"] == "created").then(|| v.clone())).await.expect("a rated room");
    let claim = json!({"type": "claim", "room": made["room"], "name": "Whoever", "secret": made["open"]});
    // Signed out, through the other instance: refused by the owner.
    let mut anon = connect(&servers[1].1).await;
    send(&mut anon, claim.clone()).await;
    let refused = first(&mut anon, 10, |v| (v["type"] == "error").then(|| v.clone())).await.expect("a refusal");
    assert_eq!(refused["params"]["reason"], "sign_in_to_take", "{refused}");
    // Bo, signed in on the other instance: forwarded with his account.
    let mut b = connect_as(&servers[1].1, &bo).await;
    send(&mut b, claim).await;
    let claimed = first(&mut b, 10, |v| (v["type"] == "claimed").then(|| v.clone())).await.expect("Bo's seat");
    send(&mut b, json!({"type": "join", "room": made["room"], "token": claimed["token"]})).await;
    let room = first(&mut b, 10, |v| (v["type"] == "room").then(|| v.clone())).await.expect("the room");
    assert_eq!(room["seats"][1]["name"], "Bo", "the seat is the account's, by its name: {room}");
    assert_eq!(room["rated"], "base");
}
