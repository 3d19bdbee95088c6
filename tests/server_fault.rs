//! The fault test of online play: `carc serve` (the real binary) runs many concurrent games
//! of bot clients over WebSockets and is killed with SIGKILL at random moments, several
//! times, then restarted on the same database. The clients reconnect by themselves. In the
//! end every action a client was told of (the server tells only after the commit) is in the
//! game's record, and every game ends with the result its record replays to. Bounded: it
//! fails rather than run past two minutes.
#![cfg(feature = "server")]

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

/// Start the server on a free port; returns the process and its address.
fn start(db: &std::path::Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(["serve", "--port", "0", "--db", db.to_str().unwrap(), "--dist", "/nonexistent", "--bot-delay-ms", "0"])
        .args(["--rooms-per-address", "1000", "--messages-per-sec", "1000"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("carc serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|s| s.split('/').next()).expect("the address line").to_string();
    (child, addr)
}

/// What a room's clients have been told: action n → the action.
type Acked = Arc<Mutex<BTreeMap<String, BTreeMap<usize, Value>>>>;

/// One bot client for one seat: plays random legal moves, reconnecting whenever the
/// connection drops, until it sees the game over. Returns the final state message.
async fn bot(addr: Arc<Mutex<String>>, room: String, token: String, seed: u64, acked: Acked) -> (String, Value) {
    let mut rng = Rng::new(seed);
    loop {
        let url = format!("ws://{}/ws", addr.lock().unwrap());
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
    let addr = Arc::new(Mutex::new(first));
    let started = Instant::now();

    // Eight rooms: two bot clients each, and in half of them a computer seat as well.
    let mut rooms = Vec::new();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", addr.lock().unwrap())).await.unwrap();
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
            tokio_tungstenite::connect_async(format!("ws://{}/ws", addr.lock().unwrap())).await.unwrap();
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
            bots.push(tokio::spawn(bot(addr.clone(), room.clone(), t.to_string(), (r * 10 + s) as u64, acked.clone())));
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
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        tokio::time::sleep(Duration::from_millis(rng.below(200) as u64)).await;
        let (c, a) = start(&db);
        child = c;
        *addr.lock().unwrap() = a;
    }

    let mut finals = Vec::new();
    for b in bots {
        let left = Duration::from_secs(120).saturating_sub(started.elapsed());
        finals.push(tokio::time::timeout(left, b).await.expect("every game finishes in time").unwrap());
    }
    child.kill().unwrap();
    child.wait().unwrap();

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
