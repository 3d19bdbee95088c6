//! Online play (`carc serve`, docs/online.md) with real WebSocket clients against servers on
//! 127.0.0.1: whole games, spectators, every security rule, reconnecting, a restart from
//! the database, the hidden tile order, and a fuzz loop over the message parser.
//!
//! The suite runs against either store: SQLite by default, PostgreSQL (a throwaway cluster,
//! a database per test) with `CARC_TEST_STORE=postgres`; scripts/test.sh runs both.
#![cfg(feature = "server")]

#[path = "support/online.rs"]
mod online;
#[path = "support/passkey.rs"]
mod passkey;
#[path = "support/postgres.rs"]
mod postgres;

use carcassonne::engine::rng::Rng;
use carcassonne::engine::TileSet;
use carcassonne::record::{Record, RecordAction};
use carcassonne::server::protocol;
use carcassonne::server::store::Db;
use futures_util::{SinkExt, StreamExt};
use online::*;
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_between_four_clients_and_a_spectator_who_cannot_act() {
    let (addr, _srv) = server(|_| {}, db("four")).await;
    let mut host = Client::connect(addr).await;
    let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "person"},
        {"name": "Cy", "kind": "person"}, {"name": "Di", "kind": "person"}]);
    let (room, tokens) = create(&mut host, seats, json!(["base", "ghosts"]), json!({})).await;
    assert_eq!(room.len(), 22, "128 random bits");
    let mut clients = vec![host];
    for _ in 1..4 {
        clients.push(Client::connect(addr).await);
    }
    for (c, t) in clients.iter_mut().zip(&tokens) {
        c.send(json!({"type": "join", "room": room, "token": t})).await;
        c.until("room").await;
    }
    let mut watcher = Client::connect(addr).await;
    watcher.send(json!({"type": "join", "room": room})).await;
    let info = watcher.until("room").await;
    assert!(info["you"].is_null());
    // Only the host starts.
    clients[1].send(json!({"type": "start"})).await;
    assert!(clients[1].until("error").await["message"].as_str().unwrap().contains("host"));
    clients[0].send(json!({"type": "start"})).await;
    for c in clients.iter_mut() {
        c.until("state").await;
    }
    watcher.until("state").await;
    // The watcher may not act.
    watcher.send(json!({"type": "act", "n": 0, "action": {"pass": true}})).await;
    assert!(watcher.until("error").await["message"].as_str().unwrap().contains("watchers may not"));

    let last = play_out(&mut clients, 7).await;
    let final_record = Record::from_value(last["final"].clone()).unwrap();
    // A rematch: the same seats, a new game from its start, for everyone in the room.
    clients[0].send(json!({"type": "rematch"})).await;
    let again = loop {
        let v = clients[1].next().await.unwrap();
        if v["type"] == "state" && v["n"] == 0 {
            break v;
        }
    };
    assert!(again.get("final").is_none());
    let (replayed, _) = final_record.replay(TileSet::builtin()).unwrap();
    assert!(replayed.is_over());
    // The watcher saw every action, in order, and ends with the same position.
    let mut m = Mirror::default();
    for v in watcher.seen.clone() {
        m.take(&v);
    }
    while !m.game.as_ref().is_some_and(|g| g.is_over()) {
        let v = watcher.next().await.unwrap();
        m.take(&v);
    }
    assert_eq!(carcassonne::summary::summary(m.game.as_ref().unwrap()), carcassonne::summary::summary(&replayed));

    // The hidden draw order never left the server before the end: no frame holds the
    // seed, and every public draw list shows the tiles not yet drawn in catalogue order.
    let carcassonne::engine::Deck::Seed(seed) = final_record.setup.deck else { panic!("a seeded game") };
    for c in clients.iter().chain([&watcher]) {
        for f in &c.frames {
            let v: Value = serde_json::from_str(f).unwrap();
            if v.get("final").is_some() {
                continue;
            }
            assert!(!f.contains(&seed.to_string()), "the seed in a frame: {f}");
            if v["type"] == "state" {
                let draw = v["record"]["setup"]["draw"].as_array().unwrap();
                let r = Record::from_value(v["record"].clone()).unwrap();
                let g = r.replay(TileSet::builtin()).unwrap().0;
                let idx: Vec<u16> =
                    draw[g.drawn()..].iter().map(|t| g.tiles().index_of(t.as_str().unwrap()).unwrap()).collect();
                assert!(idx.windows(2).all(|w| w[0] <= w[1]), "unseen tiles in catalogue order");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_seats_token_plays_it_and_only_on_its_turn() {
    let db = db("security");
    let (addr, _srv) = server(|_| {}, db.clone()).await;
    let mut a = Client::connect(addr).await;
    let (room, tokens) = ann_and_bo(&mut a).await;
    // Tokens are stored hashed: the database holds neither token.
    let conn = dump(&db).await;
    for t in &tokens {
        assert!(!conn.contains(t.as_str().unwrap()), "a raw token in the database");
    }
    let mut b = Client::connect(addr).await;
    // A wrong token, a made-up room.
    b.send(json!({"type": "join", "room": room, "token": "AAAAAAAAAAAAAAAAAAAAAA"})).await;
    assert!(b.until("error").await["message"].as_str().unwrap().contains("not in this room"));
    b.send(json!({"type": "join", "room": "AAAAAAAAAAAAAAAAAAAAAA", "token": tokens[1]})).await;
    assert!(b.until("error").await["message"].as_str().unwrap().contains("no such room"));
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    a.until("room").await;
    b.send(json!({"type": "join", "room": room, "token": tokens[1]})).await;
    assert_eq!(b.until("room").await["you"], 1);
    a.send(json!({"type": "start"})).await;
    let state = a.until("state").await;
    b.until("state").await;
    let mut m = Mirror::default();
    m.take(&state);
    let g = m.game.as_ref().unwrap();
    let legal = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
    // Bo acts on Ann's turn; Ann acts on an old position; a nonsense action.
    // Each refusal says its reason as a code (and its numbers) for a page to word, beside
    // the English text (docs/online.md).
    b.send(json!({"type": "act", "n": 0, "action": legal})).await;
    let e = b.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("not your turn"));
    assert_eq!((&e["code"], &e["re"]), (&json!("not_your_turn"), &json!("act")), "{e}");
    a.send(json!({"type": "act", "n": 3, "action": legal})).await;
    let e = a.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("moved on"));
    assert_eq!((&e["code"], &e["params"]), (&json!("moved_on"), &json!({"at": 0, "n": 3})), "{e}");
    a.send(json!({"type": "act", "n": 0, "action": {"tile": "base.A", "x": 50, "y": 50, "rotation": 0}})).await;
    let e = a.until("error").await;
    assert_eq!(e["code"], "illegal_action", "{e}");
    assert!(e["params"]["detail"].as_str().is_some_and(|d| !d.is_empty()), "{e}");
    // Nothing changed: the same move is still the first, and it is played once.
    a.send(json!({"type": "act", "n": 0, "action": legal})).await;
    let act = a.until("action").await;
    assert_eq!(act["n"], 0);
    a.send(json!({"type": "act", "n": 0, "action": legal})).await; // sent twice: refused
    assert!(a.until("error").await["message"].as_str().unwrap().contains("moved on"));
    // Malformed and unknown messages get an error, never a crash, and the connection lives.
    for bad in ["nonsense", "{}", "[1,2]", r#"{"type":"fly"}"#, r#"{"type":"act","n":"x"}"#] {
        a.send_text(bad).await;
        a.until("error").await;
    }
    a.send(json!({"type": "ping"})).await;
    a.until("pong").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_origins_sizes_rates_and_rooms_per_address() {
    let (addr, _srv) = server(
        |c| {
            c.allow_origins = vec!["https://fan.example".into()];
            c.rooms_per_address = 3;
            c.messages_per_sec = 5;
            c.max_connections = 6;
        },
        db("limits"),
    )
    .await;
    // Origins: the server's own and the allowed fan site open the socket; another does not.
    let with_origin = |o: &str| {
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        req.headers_mut().insert("origin", o.parse().unwrap());
        req
    };
    assert!(tokio_tungstenite::connect_async(with_origin("https://evil.example")).await.is_err());
    assert!(tokio_tungstenite::connect_async(with_origin("https://fan.example")).await.is_ok());
    assert!(tokio_tungstenite::connect_async(with_origin(&format!("http://{addr}"))).await.is_ok());
    // Too big a message closes nothing else but is refused.
    let mut c = Client::connect(addr).await;
    c.send_text(&format!(r#"{{"type":"ping","x":"{}"}}"#, "y".repeat(protocol::MAX_MESSAGE))).await;
    assert!(c.next().await.is_none() || c.seen.last().is_some_and(|v| v["type"] == "error"));
    // Rooms per address.
    let mut c = Client::connect(addr).await;
    for i in 0..4 {
        c.send(json!({"type": "create", "seats": [{"name": "A", "kind": "person"}, {"name": "B", "kind": "open"}],
            "sets": ["base"]}))
            .await;
        let v = c.next().await.unwrap();
        if i < 3 {
            assert_eq!(v["type"], "created", "{v}");
        } else {
            assert!(v["message"].as_str().unwrap().contains("too many rooms"), "{v}");
        }
    }
    // Messages per second: a burst beyond twice the rate is refused.
    let mut refused = 0;
    for _ in 0..20 {
        c.send(json!({"type": "ping"})).await;
    }
    for _ in 0..20 {
        if c.next().await.unwrap()["type"] == "error" {
            refused += 1;
        }
    }
    assert!(refused >= 5, "{refused} refused");
    // Connections in all (6): the next ones are turned away.
    let mut held = Vec::new();
    for _ in 0..6 {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await {
            held.push(ws);
        }
    }
    assert!(tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reconnects_with_the_token_and_a_restart_loses_nothing() {
    let db = db("restart");
    let (addr, srv) = server(|_| {}, db.clone()).await;
    let mut a = Client::connect(addr).await;
    let (room, tokens) = create(
        &mut a,
        json!([{"name": "Ann", "kind": "person"}, {"name": "Eas", "kind": "computer", "level": "easy"}]),
        json!(["base"]),
        json!({}),
    )
    .await;
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    a.until("room").await;
    a.send(json!({"type": "start"})).await;
    let mut m = Mirror::default();
    m.take(&a.until("state").await);
    // Ann plays a few turns against the computer.
    let mut rng = Rng::new(3);
    for _ in 0..6 {
        while m.game.as_ref().unwrap().current_player() != 0 {
            let v = a.next().await.unwrap();
            m.take(&v);
        }
        let g = m.game.as_ref().unwrap();
        let legal = g.legal_actions();
        let act = RecordAction::from_action(&legal[rng.below(legal.len())], g.tiles()).to_value();
        a.send(json!({"type": "act", "n": g.history().len(), "action": act})).await;
        loop {
            let v = a.next().await.unwrap();
            m.take(&v);
            if v["type"] == "action" {
                break;
            }
        }
    }
    let seen = m.game.as_ref().unwrap().history().len();
    // The connection drops; the token brings Ann back to the same position.
    drop(a);
    let mut a = Client::connect(addr).await;
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    assert_eq!(a.until("room").await["you"], 0);
    let state = a.until("state").await;
    assert!(state["n"].as_u64().unwrap() as usize >= seen);
    // The server stops (its task is dropped) and another starts on the same database.
    srv.abort();
    drop(a);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (addr2, _srv2) = server(|_| {}, db).await;
    let mut a = Client::connect(addr2).await;
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    a.until("room").await;
    let again = a.until("state").await;
    let r1 = Record::from_value(state["record"].clone()).unwrap();
    let r2 = Record::from_value(again["record"].clone()).unwrap();
    assert!(r2.actions.len() >= r1.actions.len());
    assert_eq!(r1.actions[..], r2.actions[..r1.actions.len()], "every acknowledged action is still there");
}

/// Issue 41: the expert plays an online seat as the other levels do, its level told to
/// every client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expert_computer_plays_its_seat_online() {
    let (addr, _srv) = server(|_| {}, db("expert")).await;
    let mut a = Client::connect(addr).await;
    let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Exp", "kind": "computer", "level": "expert"}]);
    let (room, tokens) = create(&mut a, seats, json!(["base"]), json!({})).await;
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    let seen = a.until("room").await;
    assert_eq!(seen["seats"][1]["level"], "expert", "{seen}");
    a.send(json!({"type": "start"})).await;
    let mut m = Mirror::default();
    m.take(&a.until("state").await);
    // Ann places her first tile without a figure; the expert answers with its whole turn.
    let g = m.game.as_ref().unwrap();
    let tile = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
    a.send(json!({"type": "act", "n": 0, "action": tile})).await;
    a.send(json!({"type": "act", "n": 1, "action": {"pass": true}})).await;
    // Every action comes back to Ann's mirror: hers, then the expert's turn to its end.
    while m.game.as_ref().unwrap().history().len() < 3 || m.game.as_ref().unwrap().current_player() != 0 {
        let v = a.next().await.unwrap();
        m.take(&v);
    }
    assert_eq!(m.game.as_ref().unwrap().turn(), 2, "the expert played the second turn and Ann has the third");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_seats_are_claimed_and_an_absent_seat_goes_to_a_computer() {
    let (addr, _srv) = server(|_| {}, db("claim")).await;
    let mut host = Client::connect(addr).await;
    host.send(json!({"type": "create", "sets": ["base"],
        "seats": [{"name": "Ann", "kind": "person"}, {"name": "Open seat", "kind": "open"}]}))
        .await;
    let created = host.until("created").await;
    let (room, tokens, open) = (created["room"].clone(), created["tokens"].clone(), created["open"].clone());
    assert!(open.is_string(), "a room with an open seat has an open link's secret: {created}");
    host.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    let first = host.until("room").await;
    // Nobody has opened the second seat yet: it reads "invited" (or "free"), not "away".
    assert_eq!(first["seats"][1]["came"], false, "{first}");
    // Issue 22, defect 13: the room id alone (which every watcher knows), or a wrong secret,
    // takes no seat; the open link's secret does.
    let mut guest = Client::connect(addr).await;
    for wrong in [
        json!({"type": "claim", "room": room, "name": "Gus"}),
        json!({"type": "claim", "room": room, "name": "Gus", "secret": tokens[0]}),
    ] {
        guest.send(wrong).await;
        let e = guest.until("error").await;
        assert!(e["message"].as_str().unwrap().contains("open link"), "{e}");
    }
    guest.send(json!({"type": "claim", "room": room, "name": "Gus", "secret": open})).await;
    let claimed = guest.until("claimed").await;
    assert_eq!(claimed["seat"], 1);
    let mut other = Client::connect(addr).await;
    other.send(json!({"type": "claim", "room": room, "name": "Late", "secret": open})).await;
    assert!(other.until("error").await["message"].as_str().unwrap().contains("no open seat"));
    // Gus joins with his new token, leaves; the room waits 120 s before a computer may
    // take his seat.
    guest.send(json!({"type": "join", "room": room, "token": claimed["token"]})).await;
    let info = guest.until("room").await;
    assert_eq!(info["seats"][1]["name"], "Gus");
    assert_eq!(info["seats"][0]["came"], true, "Ann is here");
    drop(guest);
    // The host hears Gus come (after the claim's frame), then go: away now, no longer
    // only invited.
    while host.until("room").await["seats"][1]["connected"] != true {}
    let gone = loop {
        let info = host.until("room").await;
        if info["seats"][1]["connected"] != true {
            break info;
        }
    };
    assert_eq!(gone["seats"][1]["came"], true, "{gone}");
    host.send(json!({"type": "computer", "seat": 1, "level": "easy"})).await;
    let e = host.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("waits 120 s"), "{e}");
    assert_eq!(e["code"], "not_away_long_enough", "{e}");
    assert_eq!(e["params"]["absent"], 120, "{e}");

    // A room that waits 0 s: Gus leaves mid-game and the host lets a computer play on.
    let mut host = Client::connect(addr).await;
    host.send(
        json!({"type": "create", "seats": [{"name": "Ann", "kind": "person"}, {"name": "Gus", "kind": "person"}],
        "sets": ["base"], "absent_secs": 0}),
    )
    .await;
    let created = host.until("created").await;
    let (room, tokens) = (created["room"].clone(), created["tokens"].as_array().unwrap().clone());
    host.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    host.until("room").await;
    host.send(json!({"type": "start"})).await;
    let mut m = Mirror::default();
    m.take(&host.until("state").await);
    let g = m.game.as_ref().unwrap();
    let first = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
    host.send(json!({"type": "act", "n": 0, "action": first})).await;
    host.until("action").await;
    host.send(json!({"type": "act", "n": 1, "action": {"pass": true}})).await;
    host.until("action").await;
    // Gus's turn, and Gus is not there: a computer takes his seat and plays his turn.
    host.send(json!({"type": "computer", "seat": 1, "level": "easy"})).await;
    let info = host.until("room").await;
    assert_eq!(info["seats"][1]["kind"], "computer");
    let mut moved = 0;
    while moved < 2 {
        let v = host.until("action").await;
        assert_eq!(v["by"], 1);
        moved += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_endpoint_lists_rooms() {
    let (addr, _srv) = server(|_| {}, db("list")).await;
    for path in ["/rooms", "/api/rooms", "/ws/rooms", "/"] {
        let out = http_get(addr, path).await;
        assert!(out.starts_with("HTTP/1.1 404"), "{path}: {}", out.lines().next().unwrap_or(""));
    }
    // What the page asks to learn that a server is there (the static copy's file says false).
    let out = http_get(addr, "/server.json").await;
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    assert!(out.ends_with(r#"{"server":true}"#), "{out}");
}

/// The whole answer to a plain HTTP GET ("" if the server closed the connection).
async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    http_get_with(addr, path, "").await
}

/// As [`http_get`], with more header lines (each ending in `\r\n`).
async fn http_get_with(addr: std::net::SocketAddr, path: &str, headers: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // A connection the server refuses reads as nothing.
    let mut s = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}\r\n");
    let mut out = String::new();
    if s.write_all(request.as_bytes()).await.is_ok() {
        let _ = s.read_to_string(&mut out).await;
    }
    out
}

#[test]
fn a_hundred_thousand_mutated_messages_never_panic_the_parser() {
    let seeds = [
        r#"{"type":"create","seats":[{"name":"A","kind":"person"},{"name":"B","kind":"computer","level":"easy"}],"sets":["base","ghosts"],"options":{"coop":{"level":2}},"absent_secs":60}"#,
        r#"{"type":"join","room":"abcdefghijklmnopqrstuv","token":"ABCDEFGHIJKLMNOPQRSTUV"}"#,
        r#"{"type":"act","n":12,"action":{"tile":"base.D","x":1,"y":0,"rotation":2}}"#,
        r#"{"type":"claim","room":"r","name":"Zoë"}"#,
        r#"{"type":"computer","seat":2,"level":"hard"}"#,
        r#"{"type":"create","seats":[{"name":"A","kind":"person"},{"name":"B","kind":"open"}],"sets":["base"],"clock":{"base":300,"increment":3,"max":900,"timeout":"loss"},"public":true}"#,
        r#"{"type":"quick","name":"Ann","sets":["base","river"],"clock":{"base":86400,"increment":86400}}"#,
    ];
    let mut rng = Rng::new(42);
    let n: usize = std::env::var("CARC_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let mut accepted = 0;
    for _ in 0..n {
        let mut b = seeds[rng.below(seeds.len())].as_bytes().to_vec();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(b.len().max(1));
            match rng.below(4) {
                0 if !b.is_empty() => {
                    b.remove(at);
                }
                1 => b.insert(at, (rng.next_u64() & 0xff) as u8),
                2 if !b.is_empty() => b[at] = b"{}[]\":,0123456789aA\\ "[rng.below(21)],
                _ => {
                    let copy = b.clone();
                    b.extend_from_slice(&copy[at..]);
                }
            }
        }
        if protocol::parse(&String::from_utf8_lossy(&b)).is_ok() {
            accepted += 1;
        }
    }
    assert!(accepted > 0 && accepted < n, "{accepted} of {n} accepted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_action_log_refuses_a_second_append_of_the_same_number() {
    use carcassonne::server::store::{Instance, Lease, ProgressRow, Store, StoreError};
    let me = Instance { id: "test".into(), url: "ws://127.0.0.1:1/ws".into(), lease_secs: 30.0 };
    let store = Store::open(&db("log"), &me, &Default::default()).await.unwrap();
    let p = || ProgressRow { json: "{}".into(), deadline: None };
    assert_eq!(store.lease("r").await.unwrap(), Lease::Ours);
    store.put_room("r", "{}".into(), None).await.unwrap();
    store.put_game("r", 1, "{}".into(), r#"{"game":1}"#.into(), p()).await.unwrap();
    store.append("r", 1, 0, r#"{"pass":true}"#.into(), p()).await.unwrap();
    let e = store.append("r", 1, 0, r#"{"pass":true}"#.into(), p()).await.unwrap_err();
    assert_eq!(e, StoreError::Taken);
    assert!(e.to_string().contains("taken"), "{e}");
    store.append("r", 1, 1, r#"{"pass":true}"#.into(), p()).await.unwrap();
    let stored = store.load("r").await.unwrap().unwrap();
    assert_eq!(stored.game.unwrap().2.len(), 2);
}

/// Issue 22, defect 1: an older server saved a game's start and the room's metadata in two
/// writes, and a SIGKILL between them left the room naming game 0 while game 1 was saved.
/// Moves acknowledged after that were filed under game 0 and vanished on the next load. The
/// room's game number now comes from the saved game, and a start writes both in one
/// transaction (the fault test kills during starts).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_left_between_a_games_start_and_its_metadata_loses_no_move() {
    let db = db("halfstart");
    let (addr, srv) = server(|_| {}, db.clone()).await;
    let mut a = Client::connect(addr).await;
    let (room, tokens) = ann_and_bo(&mut a).await;
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    a.until("room").await;
    a.send(json!({"type": "start"})).await;
    a.until("state").await;
    srv.abort();
    drop(a);
    tokio::time::sleep(Duration::from_millis(100)).await;
    // The state the old server's crash left: game 1 saved, the metadata still at game 0.
    sql(
        &db,
        &format!("UPDATE rooms SET meta = json_set(meta, '$.game', 0) WHERE id = '{room}'"),
        &format!("UPDATE rooms SET meta = jsonb_set(meta::jsonb, '{{game}}', '0')::text WHERE id = '{room}'"),
    )
    .await;

    let mut played = Vec::new();
    for round in 0..3 {
        let (addr, srv) = server(|_| {}, db.clone()).await;
        let mut a = Client::connect(addr).await;
        a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
        assert_eq!(a.until("room").await["game"], 1, "round {round}: the room names the saved game");
        let mut m = Mirror::default();
        let state = a.until("state").await;
        let record = Record::from_value(state["record"].clone()).unwrap();
        assert_eq!(record.actions.iter().map(RecordAction::to_value).collect::<Vec<_>>(), played, "round {round}");
        m.take(&state);
        // Ann plays her tile and passes on the meeple; each is acknowledged, then the server dies.
        let g = m.game.as_ref().unwrap();
        if g.current_player() == 0 && round < 2 {
            let first = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
            a.send(json!({"type": "act", "n": g.history().len(), "action": first})).await;
            played.push(a.until("action").await["action"].clone());
        }
        srv.abort();
        drop(a);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(played.len(), 2);
}

/// Issue 22, defect 5: a claim or a hand-over to a computer that cannot be saved changes
/// nothing, in memory as on disk. The test holds the database's write lock (SQLite) or a
/// lock on the rooms table (PostgreSQL), so both saves fail after the store's 5 s timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_or_hand_over_that_cannot_be_saved_changes_nothing() {
    let db = db("savefirst");
    let (addr, _srv) = server(|_| {}, db.clone()).await;
    let mut host = Client::connect(addr).await;
    host.send(json!({"type": "create", "absent_secs": 0, "sets": ["base"],
        "seats": [{"name": "Ann", "kind": "person"}, {"name": "Open", "kind": "open"}, {"name": "Cy", "kind": "person"}]}))
    .await;
    let created = host.until("created").await;
    let (room, tokens) = (created["room"].clone(), created["tokens"].clone());
    host.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    host.until("room").await;
    let lock = Held::take(&db).await;
    let mut guest = Client::connect(addr).await;
    // One after the other: each holds the room while its save waits 5 s.
    guest.send(json!({"type": "claim", "room": room, "name": "Gus", "secret": created["open"]})).await;
    let e = guest.until("error").await;
    assert!(Held::refused(&e), "{e}");
    host.send(json!({"type": "computer", "seat": 2, "level": "easy"})).await;
    let e = host.until("error").await;
    assert!(Held::refused(&e), "{e}");
    lock.release().await;
    // Memory agrees with the disk: the seat is still open and Cy still a person.
    let mut watcher = Client::connect(addr).await;
    watcher.send(json!({"type": "join", "room": room})).await;
    let info = watcher.until("room").await;
    assert_eq!(info["seats"][1]["kind"], "open", "{info}");
    assert_eq!(info["seats"][1]["name"], "Open", "{info}");
    assert_eq!(info["seats"][2]["kind"], "person", "{info}");
    // And with the lock gone, both go through.
    guest.send(json!({"type": "claim", "room": room, "name": "Gus", "secret": created["open"]})).await;
    assert_eq!(guest.until("claimed").await["seat"], 1);
    host.send(json!({"type": "computer", "seat": 2, "level": "easy"})).await;
    loop {
        let info = host.until("room").await;
        if info["seats"][2]["kind"] == "computer" {
            assert_eq!(info["seats"][1]["name"], "Gus");
            break;
        }
    }
}

/// A lock a test holds on the database, so that the server's writes wait and fail.
enum Held {
    Sqlite(rusqlite::Connection),
    Postgres(tokio_postgres::Client),
}

impl Held {
    async fn take(db: &Db) -> Held {
        match db {
            Db::Sqlite(p) => {
                let c = rusqlite::Connection::open(p).unwrap();
                c.execute_batch("BEGIN EXCLUSIVE").unwrap();
                Held::Sqlite(c)
            }
            Db::Postgres(url) => {
                let c = pg(url).await;
                c.batch_execute("BEGIN; LOCK TABLE rooms IN ACCESS EXCLUSIVE MODE").await.unwrap();
                Held::Postgres(c)
            }
        }
    }

    /// Whether an error frame says a write waited on the lock too long.
    fn refused(e: &Value) -> bool {
        let m = e["message"].as_str().unwrap_or("");
        m.contains("locked") || m.contains("statement timeout")
    }

    async fn release(self) {
        match self {
            Held::Sqlite(c) => c.execute_batch("ROLLBACK").unwrap(),
            Held::Postgres(c) => c.batch_execute("ROLLBACK").await.unwrap(),
        }
    }
}

/// How a connection ends: the close frame's code and reason (None: no close frame).
async fn close_of(ws: &mut Ws) -> Option<(u16, String)> {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await.expect("the server answers in time") {
            Some(Ok(Message::Close(f))) => return f.map(|f| (u16::from(f.code), f.reason.to_string())),
            Some(Ok(_)) => continue,
            _ => return None,
        }
    }
}

/// Issue 22, defect 9: a message refused for a bad field still says what it answers (`re`),
/// and one the socket cannot read closes with the code that says why, and a reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_name_the_request_and_bad_frames_close_with_a_reason() {
    use tokio_tungstenite::tungstenite::protocol::frame::{coding::OpCode, Frame};
    let (addr, _srv) = server(|_| {}, db("refusals")).await;
    let mut c = Client::connect(addr).await;
    for (bad, re) in [
        (r#"{"type":"act","n":-1}"#, "act"),
        (r#"{"type":"join","room":"a b"}"#, "join"),
        (r#"{"type":"computer","seat":9,"level":"easy"}"#, "computer"),
        (r#"{"type":"create","seats":[]}"#, "create"),
        // Defect 10: a name that turns the text after it around.
        (r#"{"type":"claim","room":"r","name":"a\u202Eevil"}"#, "claim"),
        (r#"{"type":"create","seats":[{"name":" ","kind":"person"}],"sets":["base"]}"#, "create"),
    ] {
        c.send_text(bad).await;
        let e = c.until("error").await;
        assert_eq!(e["re"], re, "{bad}: {e}");
    }
    // A type nobody knows has nothing to answer.
    c.send_text(r#"{"type":"fly"}"#).await;
    assert!(c.until("error").await.get("re").is_none());
    // Too big: 1009.
    c.send_text(&format!(r#"{{"type":"ping","x":"{}"}}"#, "y".repeat(protocol::MAX_MESSAGE))).await;
    let (code, reason) = close_of(&mut c.ws).await.expect("a close frame");
    assert_eq!(code, 1009);
    assert!(reason.contains("at most"), "{reason}");
    // Not UTF-8: 1007.
    let mut c = Client::connect(addr).await;
    c.ws.send(Message::Frame(Frame::message(
        vec![b'{', 0xff, 0xfe, b'}'],
        OpCode::Data(tokio_tungstenite::tungstenite::protocol::frame::coding::Data::Text),
        true,
    )))
    .await
    .unwrap();
    let (code, reason) = close_of(&mut c.ws).await.expect("a close frame");
    assert_eq!(code, 1007);
    assert!(reason.contains("UTF-8"), "{reason}");
}

/// Issue 22, defect 8: WebSocket pings and binary frames spend the message budget as text
/// does; a client that keeps on far past it is cut off (1008). Before, 20,000 pings got
/// 20,000 pongs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_and_binary_frames_are_rate_limited_too() {
    let (addr, _srv) = server(|c| c.messages_per_sec = 5, db("pings")).await;
    for binary in [false, true] {
        let mut c = Client::connect(addr).await;
        for i in 0..2_000u32 {
            let m = if binary {
                Message::Binary(vec![1, 2, 3].into())
            } else {
                Message::Ping(i.to_le_bytes().to_vec().into())
            };
            if c.ws.send(m).await.is_err() {
                break;
            }
        }
        let mut answers = 0;
        let closed = loop {
            match tokio::time::timeout(Duration::from_secs(10), c.ws.next()).await.expect("an answer in time") {
                Some(Ok(Message::Close(f))) => break f.map(|f| u16::from(f.code)),
                Some(Ok(Message::Pong(_) | Message::Text(_))) => answers += 1,
                Some(Ok(_)) => {}
                _ => break None,
            }
        };
        assert_eq!(closed, Some(1008), "binary {binary}");
        // The burst (10) and four seconds' worth refused (20), not 2,000.
        assert!(answers <= 40, "binary {binary}: {answers} answers");
    }
}

/// Issue 22, defects 4 and 7: `--max-rooms` counts live rooms (in memory), not every room
/// ever made, so rooms that went idle free their places; a refused create does not count
/// against the address; behind `--trust-proxy` each forwarded address has its own quota.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_limits_count_live_rooms_and_real_creates_per_forwarded_address() {
    let (addr, _srv) = server(
        |c| {
            c.max_rooms = 2;
            c.idle_secs = 1;
            c.rooms_per_address = 3;
            c.trust_proxy = true;
        },
        db("liverooms"),
    )
    .await;
    let connect_as = |who: &'static str| async move {
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        req.headers_mut().insert("x-forwarded-for", who.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        Client { ws, seen: Vec::new(), frames: Vec::new() }
    };
    let room = json!({"type": "create", "seats": [{"name": "A", "kind": "person"}, {"name": "B", "kind": "open"}],
        "sets": ["base"]});
    let mut a = connect_as("198.51.100.1").await;
    // Refused creates (a bad set) do not count.
    for _ in 0..5 {
        let mut bad = room.clone();
        bad["sets"] = json!(["nope"]);
        a.send(bad).await;
        assert!(!a.until("error").await["message"].as_str().unwrap().contains("too many"));
    }
    for _ in 0..2 {
        a.send(room.clone()).await;
        a.until("created").await;
    }
    a.send(room.clone()).await;
    let e = a.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("as many rooms"), "{e}");
    // Nobody is in those two rooms: after the idle time they leave memory and free places.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    a.send(room.clone()).await;
    a.until("created").await;
    // The address's third create of the hour (the refused ones not counted), then its quota.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    a.send(room.clone()).await;
    let e = a.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("too many rooms this hour"), "{e}");
    // Another client behind the same proxy has its own quota.
    let mut b = connect_as("198.51.100.2").await;
    b.send(room).await;
    b.until("created").await;
}

/// Issue 22, defect 14: every response carries a content security policy (with the hashes
/// of a page's inline code), nosniff and no-referrer, and a symlink that leads out of
/// `--dist` serves nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn static_files_carry_security_headers_and_stay_inside_dist() {
    let base = dir("statics");
    let dist = base.join("dist");
    let outside = base.join("outside");
    let _ = std::fs::remove_dir_all(&dist);
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(dist.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><script src=\"a.js\"></script>").unwrap();
    std::fs::write(dist.join("inline.html"), "<!doctype html><script>alert(1)</script>").unwrap();
    std::fs::write(dist.join("embed.html"), "<!doctype html><script type=\"module\" src=\"embed.js\"></script>")
        .unwrap();
    std::fs::write(dist.join("sub/real.txt"), "inside").unwrap();
    std::fs::write(outside.join("secret.txt"), "secret").unwrap();
    std::os::unix::fs::symlink(outside.join("secret.txt"), dist.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink(&outside, dist.join("out")).unwrap();
    std::os::unix::fs::symlink(dist.join("sub/real.txt"), dist.join("alias.txt")).unwrap();
    let (addr, _srv) = server(|c| c.dist = Some(dist.clone()), db("statics")).await;
    let header = |out: &str, name: &str| {
        out.lines()
            .find(|l| l.to_ascii_lowercase().starts_with(&format!("{name}:")))
            .map(|l| l[name.len() + 1..].trim().to_string())
    };
    for path in ["/", "/index.html", "/sub/real.txt", "/alias.txt", "/server.json", "/nothing", "/ws"] {
        let out = http_get(addr, path).await;
        assert_eq!(header(&out, "x-content-type-options").as_deref(), Some("nosniff"), "{path}");
        assert_eq!(header(&out, "referrer-policy").as_deref(), Some("no-referrer"), "{path}");
        let csp = header(&out, "content-security-policy").unwrap_or_default();
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval';"), "{path}: {csp}");
        assert!(csp.contains("object-src 'none'"), "{path}: {csp}");
    }
    // Issue 38: only embed.html may be framed by other sites; the full page and the rest
    // only by the server's own pages.
    for path in ["/", "/index.html", "/inline.html", "/sub/real.txt", "/ws"] {
        let out = http_get(addr, path).await;
        let csp = header(&out, "content-security-policy").unwrap_or_default();
        assert!(csp.ends_with("; frame-ancestors 'self'"), "{path}: {csp}");
        assert_eq!(header(&out, "x-frame-options").as_deref(), Some("SAMEORIGIN"), "{path}");
    }
    let out = http_get(addr, "/embed.html?lang=nl").await;
    assert!(!header(&out, "content-security-policy").unwrap().contains("frame-ancestors"), "{out}");
    assert_eq!(header(&out, "x-frame-options"), None);
    assert!(http_get(addr, "/").await.contains("a.js"));
    assert!(http_get(addr, "/alias.txt").await.ends_with("inside"), "a symlink inside dist is served");
    let out = http_get(addr, "/inline.html").await;
    let csp = header(&out, "content-security-policy").unwrap();
    assert!(csp.contains("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"), "{csp}");
    for path in ["/leak.txt", "/out/secret.txt", "/out/", "/%6Ceak.txt", "/out%2Fsecret.txt"] {
        let out = http_get(addr, path).await;
        assert!(out.starts_with("HTTP/1.1 404"), "{path}: {}", out.lines().next().unwrap_or(""));
        assert!(!out.contains("secret"), "{path}");
    }
}

/// Issue 22, defect 3: computer seats cost CPU for a whole game, so an address may ask
/// for only so many an hour, in rooms it creates and in seats it hands over; refused
/// requests count not. (The planners' pool itself is tested in `server::planners`.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_asks_for_a_bounded_number_of_computer_players() {
    let (addr, _srv) = server(|c| c.computers_per_address = 3, db("computers")).await;
    let mut a = Client::connect(addr).await;
    let two = json!({"type": "create", "sets": ["base"], "absent_secs": 0, "seats": [{"name": "A", "kind": "person"},
        {"name": "B", "kind": "person"}, {"name": "C", "kind": "computer", "level": "hard"}, {"name": "D", "kind": "computer", "level": "easy"}]});
    a.send(two.clone()).await;
    let created = a.until("created").await;
    a.send(two).await;
    let e = a.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("too many computer players"), "{e}");
    // A refused create gives its computers back: one more may be asked for, by a hand-over.
    a.send(json!({"type": "join", "room": created["room"], "token": created["tokens"][0]})).await;
    a.until("room").await;
    a.send(json!({"type": "computer", "seat": 1, "level": "easy"})).await;
    loop {
        if a.until("room").await["seats"][1]["kind"] == "computer" {
            break;
        }
    }
    let mut b = Client::connect(addr).await;
    b.send(json!({"type": "create", "sets": ["base"], "seats": [{"name": "A", "kind": "person"},
        {"name": "C", "kind": "computer", "level": "easy"}]}))
        .await;
    let e = b.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("too many computer players"), "{e}");
    b.send(json!({"type": "create", "sets": ["base"], "seats": [{"name": "A", "kind": "person"}, {"name": "B", "kind": "open"}]}))
        .await;
    b.until("created").await;
}

/// Issue 22, defect 6: watchers coming and going cost the room's members O(1) frames each
/// (their count, at most every 2 s), not a whole room frame per arrival to everyone; a
/// room takes so many watchers and a seat so many connections. Before, 600 watchers joining
/// and leaving made 196,495 frames.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_come_and_go_in_few_frames_and_are_capped() {
    let (addr, _srv) = server(|c| c.watchers_per_room = 40, db("watchers")).await;
    let mut a = Client::connect(addr).await;
    let (room, tokens) = ann_and_bo(&mut a).await;
    a.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    a.until("room").await;
    let mut crowd = Vec::new();
    for _ in 0..40 {
        let mut w = Client::connect(addr).await;
        w.send(json!({"type": "join", "room": room})).await;
        w.until("room").await;
        crowd.push(w);
    }
    let mut late = Client::connect(addr).await;
    late.send(json!({"type": "join", "room": room})).await;
    let e = late.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("40 watchers"), "{e}");
    // Everyone leaves; a little later Ann has heard the final count once more.
    drop(crowd);
    let mut frames = Vec::new();
    let until = tokio::time::Instant::now() + Duration::from_millis(3000);
    while let Ok(Some(v)) = tokio::time::timeout_at(until, a.next()).await {
        frames.push(v);
    }
    let told: Vec<&Value> = a.seen.iter().filter(|v| v["type"] == "watchers").collect();
    assert!(a.seen.iter().filter(|v| v["type"] == "room").count() == 1, "no room frame for watchers: {:?}", a.seen);
    assert!(told.len() <= 4, "80 arrivals and departures told {} times", told.len());
    assert_eq!(told.last().unwrap()["watchers"], 0);
    // A seat's connections are capped too.
    let mut tabs = Vec::new();
    for _ in 0..7 {
        let mut t = Client::connect(addr).await;
        t.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
        t.until("room").await;
        tabs.push(t);
    }
    let mut ninth = Client::connect(addr).await;
    ninth.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    assert!(ninth.until("error").await["message"].as_str().unwrap().contains("8 places"));
}

/// Whether the server ended a TCP connection (EOF or reset) within `secs`, reading
/// whatever comes first.
async fn ended_within(s: &mut TcpStream, secs: f64) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 4096];
    let until = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        match tokio::time::timeout_at(until, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

/// Issue 22, defect 2: raw TCP connections count against the per-address cap from the
/// moment they are accepted; a connection that never finishes its request's headers, or a
/// WebSocket that never answers the server's pings, is closed by the timeouts; a live
/// WebSocket client (which answers pings) stays. Before, 300 silent connections held the
/// server's places for good.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_and_slow_connections_end_and_one_address_holds_few() {
    use tokio::io::AsyncWriteExt;
    let (addr, _srv) = server(
        |c| {
            c.connections_per_address = 5;
            c.request_timeout_secs = 1;
            c.idle_timeout_secs = 2;
        },
        db("timeouts"),
    )
    .await;
    let mut silent = Vec::new();
    for _ in 0..5 {
        silent.push(TcpStream::connect(addr).await.unwrap());
    }
    // The sixth from this address is closed at once, and so is a plain request.
    let mut sixth = TcpStream::connect(addr).await.unwrap();
    assert!(ended_within(&mut sixth, 0.5).await, "over the per-address cap");
    assert_eq!(http_get(addr, "/server.json").await, "");
    // The silent ones end by the request timeout; then the server answers again.
    for s in &mut silent {
        assert!(ended_within(s, 2.0).await, "a silent connection ends");
    }
    assert!(http_get(addr, "/server.json").await.starts_with("HTTP/1.1 200"));
    // A request that trickles its headers ends too.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let started = std::time::Instant::now();
    slow.write_all(b"GET /server.json HTTP/1.1\r\n").await.unwrap();
    let mut ended = false;
    for _ in 0..12 {
        if slow.write_all(b"X-Slow: 1\r\n").await.is_err() || ended_within(&mut slow, 0.25).await {
            ended = true;
            break;
        }
    }
    assert!(ended && started.elapsed() < Duration::from_millis(2500), "a slow request ends");
    // A WebSocket client that reads (and so answers pings) stays past the idle timeout; one
    // that reads nothing does not.
    let mut live = Client::connect(addr).await;
    let mut mute = Client::connect(addr).await;
    let until = tokio::time::Instant::now() + Duration::from_millis(4500);
    let mut pinged = 0;
    while let Ok(m) = tokio::time::timeout_at(until, live.ws.next()).await {
        assert!(matches!(m, Some(Ok(Message::Ping(_)))), "{m:?}");
        pinged += 1;
    }
    assert!(pinged >= 2, "{pinged} pings");
    live.send(json!({"type": "ping"})).await;
    live.until("pong").await;
    let mut closed = false;
    for _ in 0..10 {
        match tokio::time::timeout(Duration::from_secs(2), mute.ws.next()).await {
            Ok(Some(Ok(Message::Ping(_)))) => continue,
            Ok(_) => {
                closed = true;
                break;
            }
            Err(_) => break,
        }
    }
    assert!(closed, "a client that never answers is closed");
}

/// One line of an exchange written in docs/online.md: who, sent (→) or received (←), what.
struct Line {
    who: String,
    sends: bool,
    message: Value,
}

/// The exchange that follows `<!-- exchange: NAME -->` in docs/online.md.
fn documented_exchange(name: &str) -> Vec<Line> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/online.md")).unwrap();
    let start = doc.find(&format!("<!-- exchange: {name} -->")).unwrap_or_else(|| panic!("no exchange {name}"));
    let block = doc[start..].split("```").nth(1).expect("a fenced block");
    block
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (who, rest) = l.split_once(' ').unwrap();
            let (arrow, json) = rest.split_once(' ').unwrap();
            let message = serde_json::from_str(json).unwrap_or_else(|e| panic!("{l}: {e}"));
            Line { who: who.to_string(), sends: arrow == "→", message }
        })
        .collect()
}

/// The ids the server made, in place of their names, in a message to send.
fn with_ids(v: &Value, ids: &std::collections::HashMap<String, Value>) -> Value {
    match v {
        Value::String(s) => ids.get(s).cloned().unwrap_or_else(|| v.clone()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), with_ids(v, ids))).collect()),
        Value::Array(a) => Value::Array(a.iter().map(|v| with_ids(v, ids)).collect()),
        _ => v.clone(),
    }
}

/// Play an exchange of docs/online.md against a server, line by line: each client sends what
/// the page shows and receives (among other frames) what it shows.
async fn play_documented(name: &str) {
    play_documented_signed_in(name, &[]).await;
}

/// As [`play_documented`], with the clients named in `signed_in` signed in to accounts of
/// their names ("ann" as "Ann"), made with a software passkey first.
async fn play_documented_signed_in(name: &str, signed_in: &[&str]) {
    let (addr, _server) = server(|_| {}, db(name)).await;
    let mut sessions = std::collections::HashMap::new();
    for who in signed_in {
        let mut display = who.to_string();
        display[..1].make_ascii_uppercase();
        sessions.insert(who.to_string(), passkey::account(addr, &display).await);
    }
    let mut clients: std::collections::HashMap<String, (Client, Mirror)> = Default::default();
    let mut ids = std::collections::HashMap::new();
    for line in documented_exchange(name) {
        if !clients.contains_key(&line.who) {
            let c = match sessions.get(&line.who) {
                Some(token) => Client::signed_in(addr, token).await,
                None => Client::connect(addr).await,
            };
            clients.insert(line.who.clone(), (c, Mirror::default()));
        }
        let (c, mirror) = clients.get_mut(&line.who).unwrap();
        if line.sends {
            let mut m = with_ids(&line.message, &ids);
            // A move whose tile the page cannot know: the first legal one of the client's copy.
            if m["type"] == "act" && m["action"]["tile"] == "…" {
                let g = mirror.game.as_ref().expect("a state before a move");
                m["action"] = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
            }
            c.send(m).await;
            continue;
        }
        loop {
            let v = c.next().await.unwrap_or_else(|| panic!("{}: closed waiting for {}", line.who, line.message));
            mirror.take(&v);
            if v["type"] == line.message["type"] && as_documented(&line.message, &v, &mut ids) {
                break;
            }
            assert!(v["type"] != "error" || line.message["type"] == "error", "{}: {v}", line.who);
        }
    }
}

/// docs/online.md's plain client: create, join, start, move, watch, and a watcher refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_client_exchange() {
    play_documented("plain_client_exchange").await;
}

/// docs/online.md's bot: whose turn it is and the legal actions in the frames to the seat
/// to play, and a `legal` request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_exchange() {
    play_documented("bot_exchange").await;
}

/// docs/online.md's clock: a one-second clock runs out and a computer takes the seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clock_exchange() {
    play_documented("clock_exchange").await;
}

/// docs/online.md's rated game: two accounts, a one-second clock that Ann lets run out, and
/// she loses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_exchange() {
    play_documented_signed_in("rated_exchange", &["ann", "bo"]).await;
}

/// docs/online.md's duplicate match: two computers' first game, then the second on the same
/// tiles with the second seat first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn duplicate_exchange() {
    play_documented("duplicate_exchange").await;
}

/// docs/online.md's quick play: two players paired, the game found in the lobby and watched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_exchange() {
    play_documented("quick_exchange").await;
}

/// The legal actions go to the seat to play only: the other seat and a watcher hear whose
/// turn it is, never what it may play; they are exactly the engine's, and a `legal` request
/// answers the same to anyone in the room (a refusal before the game starts).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn legal_actions_go_to_the_seat_to_play_only() {
    let (addr, _server) = server(|_| {}, db("legal")).await;
    let mut ann = Client::connect(addr).await;
    let (room, tokens) = ann_and_bo(&mut ann).await;
    let (mut bo, mut wim) = (Client::connect(addr).await, Client::connect(addr).await);
    for (c, token) in [(&mut ann, Some(&tokens[0])), (&mut bo, Some(&tokens[1])), (&mut wim, None)] {
        let join = match token {
            Some(t) => json!({"type": "join", "room": room, "token": t}),
            None => json!({"type": "join", "room": room}),
        };
        c.send(join).await;
        c.until("room").await;
    }
    ann.send(json!({"type": "legal"})).await;
    let refused = ann.until("error").await;
    assert_eq!((refused["code"].as_str(), refused["re"].as_str()), (Some("not_started"), Some("legal")), "{refused}");
    ann.send(json!({"type": "start"})).await;
    let (a, b, w) = (ann.until("state").await, bo.until("state").await, wim.until("state").await);
    for v in [&a, &b, &w] {
        assert_eq!(v["turn"], 0, "{v}");
    }
    assert!(b.get("legal").is_none() && w.get("legal").is_none(), "{b}\n{w}");
    let mut mirror = Mirror::default();
    mirror.take(&a);
    let g = mirror.game.as_ref().unwrap();
    let engine: Vec<Value> =
        g.legal_actions().iter().map(|x| RecordAction::from_action(x, g.tiles()).to_value()).collect();
    assert_eq!(a["legal"], json!(engine));
    // A watcher asks: the same list.
    wim.send(json!({"type": "legal"})).await;
    let asked = wim.until("legal").await;
    assert_eq!(asked, json!({"type": "legal", "n": 0, "turn": 0, "actions": engine}));
    // Ann places her tile: her figure step is listed to her alone.
    ann.send(json!({"type": "act", "n": 0, "action": engine[0]})).await;
    let a1 = ann.until("action").await;
    assert_eq!(a1["turn"], 0);
    assert!(a1["legal"].as_array().is_some_and(|l| l.contains(&json!({"pass": true}))), "{a1}");
    let (b1, w1) = (bo.until("action").await, wim.until("action").await);
    assert!(b1.get("legal").is_none() && w1.get("legal").is_none() && b1["turn"] == 0, "{b1}");
    // She passes: now Bo's copy alone lists his moves.
    ann.send(json!({"type": "act", "n": 1, "action": {"pass": true}})).await;
    let (a2, b2, w2) = (ann.until("action").await, bo.until("action").await, wim.until("action").await);
    for v in [&a2, &b2, &w2] {
        assert_eq!((v["n"].as_u64(), v["turn"].as_u64()), (Some(1), Some(1)), "{v}");
    }
    assert!(b2["legal"].as_array().is_some_and(|l| !l.is_empty()), "{b2}");
    assert!(a2.get("legal").is_none() && w2.get("legal").is_none());
}

/// docs/online.md's showcase: a room of computers only, hosted with the host token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn showcase_exchange() {
    play_documented("showcase_exchange").await;
}

/// A showcase's host token hosts that room only, plays no seat, and nobody else may start
/// it; a room with a person in seat 0 has no host token, and seat 0 is never open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_showcase_is_hosted_by_its_own_token_only() {
    let (addr, _server) = server(|_| {}, db("showcase-host")).await;
    let mut a = Client::connect(addr).await;
    let bots =
        json!([{"name": "A", "kind": "computer", "level": "easy"}, {"name": "B", "kind": "computer", "level": "easy"}]);
    a.send(json!({"type": "create", "seats": bots, "sets": ["base"]})).await;
    let created = a.until("created").await;
    let (room, host) = (created["room"].clone(), created["host"].clone());
    assert_eq!(created["tokens"], json!([null, null]));
    // Another room's host token does nothing here.
    a.send(json!({"type": "create", "seats": bots, "sets": ["base"]})).await;
    let other = a.until("created").await;
    let mut stranger = Client::connect(addr).await;
    stranger.send(json!({"type": "join", "room": room, "token": other["host"]})).await;
    assert!(stranger.until("error").await["message"].as_str().unwrap().contains("not in this room"));
    // A watcher may not start it, nor hand a seat on.
    stranger.send(json!({"type": "join", "room": room})).await;
    let info = stranger.until("room").await;
    assert_eq!((info["you"].clone(), info["host"].clone()), (Value::Null, json!(false)));
    stranger.send(json!({"type": "start"})).await;
    assert!(stranger.until("error").await["message"].as_str().unwrap().contains("only the host"));
    // The host may, and cannot act for a computer's seat.
    a.send(json!({"type": "join", "room": room, "token": host})).await;
    assert_eq!(a.until("room").await["host"], json!(true));
    a.send(json!({"type": "start"})).await;
    a.until("state").await;
    a.send(json!({"type": "act", "n": 0, "action": {"pass": true}})).await;
    assert!(a.until("error").await["message"].as_str().unwrap().contains("watchers may not"));
    // The computers play the game to its end.
    loop {
        let v = stranger.until("state").await;
        if v.get("final").is_some() {
            break;
        }
    }
    // A person's room has no host token; seat 0 open is refused.
    let mut p = Client::connect(addr).await;
    let (_, tokens) = create(
        &mut p,
        json!([{"name": "P", "kind": "person"}, {"name": "Q", "kind": "open"}]),
        json!(["base"]),
        json!({}),
    )
    .await;
    assert!(p.seen.last().unwrap().get("host").is_none() && tokens[0].is_string());
    p.send(json!({"type": "create", "seats": [{"name": "O", "kind": "open"}], "sets": ["base"]})).await;
    assert!(p.until("error").await["message"].as_str().unwrap().contains("never open"));
}

/// Issue 22, chat: players say plain text (one line, normalised, at most 300 characters, no
/// hiding characters), at most five lines in ten seconds each; everyone in the room reads
/// it, watchers included, who may not write; the chat is kept with the room, so a restart
/// and a late joiner see the last lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_chat_in_plain_text_within_limits_and_the_room_keeps_it() {
    let db = db("chat");
    let (addr, srv) = server(|_| {}, db.clone()).await;
    let mut ann = Client::connect(addr).await;
    let (room, tokens) = ann_and_bo(&mut ann).await;
    ann.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    ann.until("room").await;
    let mut bo = Client::connect(addr).await;
    bo.send(json!({"type": "join", "room": room, "token": tokens[1]})).await;
    bo.until("room").await;
    let mut watcher = Client::connect(addr).await;
    watcher.send(json!({"type": "join", "room": room})).await;
    watcher.until("room").await;

    // Markup is text like any other; white space runs become one space.
    ann.send(json!({"type": "chat", "text": "  hello <b>Bo</b>\n\tready?  "})).await;
    for c in [&mut ann, &mut bo, &mut watcher] {
        let line = &c.until("chat").await["lines"][0];
        assert_eq!(line["text"], "hello <b>Bo</b> ready?");
        assert_eq!((line["seat"].clone(), line["name"].clone(), line["n"].clone()), (json!(0), json!("Ann"), json!(0)));
        assert!(line["at"].as_u64().unwrap() > 1_700_000_000);
    }
    // Watchers read but do not write; hiding characters, emptiness and length are refused.
    watcher.send(json!({"type": "chat", "text": "hi"})).await;
    let e = watcher.until("error").await;
    assert_eq!(e["re"], "chat", "{e}");
    assert!(e["message"].as_str().unwrap().contains("only a player"), "{e}");
    for bad in [json!("a\u{202E}b"), json!("   "), json!("x".repeat(301)), json!(5)] {
        bo.send(json!({"type": "chat", "text": bad})).await;
        assert_eq!(bo.until("error").await["re"], "chat", "{bad}");
    }
    bo.send(json!({"type": "chat", "text": "é".repeat(300)})).await;
    assert_eq!(bo.until("chat").await["lines"][0]["seat"], 1);
    assert_eq!(ann.until("chat").await["lines"][0]["seat"], 1, "Ann reads Bo");
    // Five lines in ten seconds per seat: Ann's sixth is refused.
    for i in 1..5 {
        ann.send(json!({"type": "chat", "text": format!("line {i}")})).await;
        assert_eq!(ann.until("chat").await["lines"][0]["text"], format!("line {i}"));
    }
    ann.send(json!({"type": "chat", "text": "one too many"})).await;
    let e = ann.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("at most 5 chat messages"), "{e}");

    // Kept with the room: after a restart, a joiner is told the lines in order.
    srv.abort();
    drop((ann, bo, watcher));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (addr, _srv) = server(|_| {}, db).await;
    let mut late = Client::connect(addr).await;
    late.send(json!({"type": "join", "room": room})).await;
    let lines = late.until("chat").await["lines"].as_array().unwrap().clone();
    let texts: Vec<&str> = lines.iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 6);
    assert_eq!(texts[0], "hello <b>Bo</b> ready?");
    assert_eq!(texts[5], "line 4");
    assert_eq!(lines.iter().map(|l| l["n"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
}

/// Issue 22, "my games": a browser asks how the rooms it holds seats in stand, with the
/// tokens it keeps; the server answers from the store (no room is loaded): the seat each
/// token plays now (none once handed to a computer), the names, lobby / playing / over,
/// whose turn it is, the actions played and when the last was. Rooms that do not exist are
/// left out; more than 50 at once are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_games_tell_each_rooms_turn_and_last_move_from_the_store() {
    let (addr, _srv) = server(|_| {}, db("mygames")).await;
    let mut ann = Client::connect(addr).await;
    // Bo's seat may go to a computer as soon as he is away (absent_secs 0).
    ann.send(json!({"type": "create", "sets": ["base"], "absent_secs": 0,
        "seats": [{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "person"}]}))
        .await;
    let created = ann.until("created").await;
    let (playing, tokens) = (created["room"].as_str().unwrap().to_string(), created["tokens"].clone());
    let (lobby, lobby_tokens) = ann_and_bo(&mut ann).await;
    ann.send(json!({"type": "join", "room": playing, "token": tokens[0]})).await;
    ann.until("room").await;
    ann.send(json!({"type": "start"})).await;
    let mut m = Mirror::default();
    m.take(&ann.until("state").await);
    // Ann plays her first tile and no meeple: two actions, then it is Bo's turn.
    for _ in 0..2 {
        let g = m.game.as_ref().unwrap();
        assert_eq!(g.current_player(), 0);
        let a = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
        ann.send(json!({"type": "act", "n": g.history().len(), "action": a})).await;
        m.take(&ann.until("action").await);
    }
    assert_eq!(m.game.as_ref().unwrap().current_player(), 1);
    // A showcase of computers plays to its end.
    let bots = json!([{"name": "Ex", "kind": "computer", "level": "easy"}, {"name": "Wy", "kind": "computer", "level": "easy"}]);
    ann.send(json!({"type": "create", "seats": bots, "sets": ["base"]})).await;
    let show = ann.until("created").await;
    let over = show["room"].as_str().unwrap().to_string();
    ann.send(json!({"type": "join", "room": over, "token": show["host"]})).await;
    ann.until("room").await;
    ann.send(json!({"type": "start"})).await;
    while ann.until("state").await.get("final").is_none() {}

    let mut bo = Client::connect(addr).await;
    let ghost = "AAAAAAAAAAAAAAAAAAAAAA";
    bo.send(json!({"type": "games", "rooms": [
        {"room": playing, "token": tokens[1]}, {"room": ghost, "token": ghost},
        {"room": lobby, "token": lobby_tokens[1]}, {"room": over, "token": show["host"]},
        {"room": playing, "token": ghost}]}))
        .await;
    let games = bo.until("games").await["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 4, "the room that does not exist is left out: {games:?}");
    let (p, l, o, stranger) = (&games[0], &games[1], &games[2], &games[3]);
    assert_eq!(
        (p["room"].as_str(), p["seat"].clone(), p["status"].clone()),
        (Some(playing.as_str()), json!(1), json!("playing"))
    );
    assert_eq!(
        (p["turn"].clone(), p["actions"].clone(), p["names"].clone()),
        (json!(1), json!(2), json!(["Ann", "Bo"]))
    );
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    assert!(now.abs_diff(p["moved_at"].as_u64().unwrap()) < 30, "{p}");
    assert_eq!(
        (l["status"].clone(), l["turn"].clone(), l["moved_at"].clone()),
        (json!("lobby"), Value::Null, Value::Null)
    );
    assert_eq!((o["status"].clone(), o["turn"].clone(), o["seat"].clone()), (json!("over"), Value::Null, Value::Null));
    assert!(o["actions"].as_u64().unwrap() > 100);
    assert_eq!(stranger["seat"], Value::Null, "a token that plays no seat there");
    // Bo's seat handed to a computer: his token plays none any more.
    ann.send(json!({"type": "join", "room": playing, "token": tokens[0]})).await;
    ann.until("room").await;
    ann.send(json!({"type": "computer", "seat": 1, "level": "easy"})).await;
    while ann.until("room").await["seats"][1]["kind"] != "computer" {}
    bo.send(json!({"type": "games", "rooms": [{"room": playing, "token": tokens[1]}]})).await;
    let e = bo.until("games").await;
    assert_eq!(e["games"][0]["seat"], Value::Null, "{e}");
    let many: Vec<Value> = (0..51).map(|_| json!({"room": ghost, "token": ghost})).collect();
    bo.send(json!({"type": "games", "rooms": many})).await;
    let e = bo.until("error").await;
    assert_eq!(e["re"], "games", "{e}");
}

/// Issue 40: under PostgreSQL the per-address cap was lifted for every address an instance
/// advertises, whoever connected from it; with the default 127.0.0.1 every local client was
/// uncapped (150 of 150 idle connections stayed open with a cap of 64). Now a connection from
/// an instance's address past the cap is let in on probation, and served only if its
/// request shows the cluster's secret, as a forwarding instance's does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_connection_with_the_clusters_secret_passes_the_per_address_cap() {
    let url = postgres::cluster().database("peer_cap");
    let (addr, _srv) = server(
        |c| {
            c.connections_per_address = 3;
            c.lease_secs = 1.0;
        },
        Db::Postgres(url.clone()),
    )
    .await;
    // A second instance on the same database, as on one machine: it advertises 127.0.0.1,
    // the address every client here has, and the first counts it among its peers once a
    // leases' round (every third of a second here) has read them.
    let (_other, _other_srv) = server(|c| c.lease_secs = 1.0, Db::Postgres(url.clone())).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let secret: String = pg(&url).await.query_one("SELECT secret FROM cluster", &[]).await.unwrap().get(0);
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    // Past the cap: refused however many are tried, unless the secret is shown.
    let get = |headers: String| async move { http_get_with(addr, "/server.json", &headers).await };
    for _ in 0..10 {
        let answer = get(String::new()).await;
        assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 503"), "past the cap: {answer:?}");
    }
    let wrong = get("x-carc-forwarder: not-the-secret\r\n".into()).await;
    assert!(wrong.is_empty() || wrong.starts_with("HTTP/1.1 503"), "a wrong secret: {wrong:?}");
    let forwarder = get(format!("x-carc-forwarder: {secret}\r\nx-carc-client: 203.0.113.9\r\n")).await;
    assert!(forwarder.starts_with("HTTP/1.1 200"), "an instance forwarding a client passes: {forwarder:?}");
    // Within the cap again, anyone is served.
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(http_get(addr, "/server.json").await.starts_with("HTTP/1.1 200"));
}
