//! Issue 38's clocks online, with real WebSocket clients against a server on 127.0.0.1, on
//! either store (`CARC_TEST_STORE=postgres` as for tests/server.rs): a casual room's seat
//! that runs out goes to a computer, a rated rule's seat loses, the increment is earned, a
//! correspondence clock banks at most its maximum (the server's time moved forward by the
//! test, not waited for), and the time a server was away is charged to no one.
#![cfg(feature = "server")]

#[path = "support/online.rs"]
mod online;
#[path = "support/postgres.rs"]
mod postgres;

use carcassonne::record::RecordAction;
use carcassonne::server::clock::Time;
use online::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

const DAY: u64 = 86_400_000;

/// Ann (seat 0, the host) and Bo in a base room with this clock, both joined, the game
/// started; returns their clients and mirrors, and the room and tokens.
async fn clocked_game(addr: SocketAddr, clock: Value) -> (Client, Client, Mirror, Mirror, String, Vec<Value>) {
    let mut ann = Client::connect(addr).await;
    let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "person"}]);
    ann.send(json!({"type": "create", "seats": seats, "sets": ["base"], "clock": clock})).await;
    let created = ann.until("created").await;
    let room = created["room"].as_str().unwrap().to_string();
    let tokens = created["tokens"].as_array().unwrap().clone();
    ann.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    let frame = ann.until("room").await;
    assert_eq!(frame["clock"]["base"], clock["base"], "the room tells its clock: {frame}");
    let mut bo = Client::connect(addr).await;
    bo.send(json!({"type": "join", "room": room, "token": tokens[1]})).await;
    bo.until("room").await;
    ann.send(json!({"type": "start"})).await;
    let (mut am, mut bm) = (Mirror::default(), Mirror::default());
    let state = ann.until("state").await;
    am.take(&state);
    bm.take(&bo.until("state").await);
    assert_eq!(state["clock"]["running"], 0, "Ann's clock runs from the start: {state}");
    (ann, bo, am, bm, room, tokens)
}

/// The client whose seat is to play plays its whole turn (the first legal action at each
/// step); returns the action frame that passed the turn on (or ended the game).
async fn play_turn(c: &mut Client, m: &mut Mirror) -> Value {
    let seat = m.game.as_ref().unwrap().current_player();
    loop {
        let g = m.game.as_ref().unwrap();
        let a = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
        c.send(json!({"type": "act", "n": g.history().len(), "action": a})).await;
        let v = c.until("action").await;
        m.take(&v);
        let g = m.game.as_ref().unwrap();
        if g.is_over() || g.current_player() != seat {
            return v;
        }
    }
}

/// The other client reads up to the action frame `n` (its mirror kept up to date).
async fn catch_up(c: &mut Client, m: &mut Mirror, v: &Value) {
    while m.game.as_ref().unwrap().history().len() <= v["n"].as_u64().unwrap() as usize {
        let f = c.until("action").await;
        m.take(&f);
    }
}

fn left(frame: &Value, seat: usize) -> u64 {
    frame["clock"]["left"][seat].as_u64().unwrap_or_else(|| panic!("no clock: {frame}"))
}

/// Issue 38, clocks: in a casual room (`"timeout": "computer"`) a seat whose time runs out,
/// connected or not, goes to a hard computer, which plays on; the other seat's clock then
/// runs when the turn comes to it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_casual_room_a_computer_takes_the_seat_whose_time_ran_out() {
    let time = Time::default();
    let t = time.clone();
    let (addr, _srv) = server(move |c| c.time = t, db("clock-casual")).await;
    let (ann, mut bo, _, _, _, _) = clocked_game(addr, json!({"base": 60, "timeout": "computer"})).await;
    drop(ann);
    time.advance(Duration::from_secs(61));
    let out = bo.until("timeout").await;
    assert_eq!((out["seat"].clone(), out["rule"].clone()), (json!(0), json!("computer")), "{out}");
    assert_eq!(out["clock"], json!({"left": [0, 60_000], "running": null}));
    let room = bo.until("room").await;
    assert_eq!(
        (room["seats"][0]["kind"].clone(), room["seats"][0]["level"].clone()),
        (json!("computer"), json!("hard"))
    );
    assert_eq!(room["status"], "playing");
    // The computer plays seat 0's turn; then Bo's clock runs.
    let passed = loop {
        let v = bo.until("action").await;
        assert_eq!(v["by"], 0);
        if v["turn"] == 1 {
            break v;
        }
    };
    assert_eq!(passed["clock"]["running"], 1, "{passed}");
    assert_eq!(left(&passed, 0), 0, "a computer's seat never runs");
    assert!(left(&passed, 1) <= 60_000 && left(&passed, 1) > 55_000, "{passed}");
}

/// Issue 38, clocks: with the rated rule (`"timeout": "loss"`) the seat whose time runs out
/// loses and the game ends: the room is over with the seat named, the final record is told,
/// a late move is refused, and the host may ask for a rematch with fresh clocks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_rated_rule_a_seat_whose_time_ran_out_loses() {
    let time = Time::default();
    let t = time.clone();
    let (addr, _srv) = server(move |c| c.time = t, db("clock-loss")).await;
    let (mut ann, mut bo, mut am, mut bm, room, tokens) =
        clocked_game(addr, json!({"base": 30, "increment": 2, "timeout": "loss"})).await;
    let v = play_turn(&mut ann, &mut am).await;
    catch_up(&mut bo, &mut bm, &v).await;
    // Bo lets his time run out.
    time.advance(Duration::from_secs(33));
    let out = ann.until("timeout").await;
    assert_eq!((out["seat"].clone(), out["rule"].clone()), (json!(1), json!("loss")), "{out}");
    let frame = ann.until("room").await;
    assert_eq!((frame["status"].clone(), frame["lost_on_time"].clone()), (json!("over"), json!(1)), "{frame}");
    let state = ann.until("state").await;
    assert!(state["final"].is_object() && state["turn"].is_null(), "{state}");
    let g = bm.game.as_ref().unwrap();
    let a = RecordAction::from_action(&g.legal_actions()[0], g.tiles()).to_value();
    bo.send(json!({"type": "act", "n": g.history().len(), "action": a})).await;
    let refused = loop {
        let v = bo.next().await.unwrap();
        if v["type"] == "error" {
            break v;
        }
    };
    assert_eq!(refused["code"], "over", "{refused}");
    // "My games" reads the game as over from the store.
    let mut asker = Client::connect(addr).await;
    asker.send(json!({"type": "games", "rooms": [{"room": room, "token": tokens[1]}]})).await;
    assert_eq!(asker.until("games").await["games"][0]["status"], "over");
    ann.send(json!({"type": "rematch"})).await;
    let frame = ann.until("room").await;
    assert!(frame["lost_on_time"].is_null() && frame["status"] == "playing", "{frame}");
    let again = ann.until("state").await;
    assert_eq!(again["clock"]["running"], 0, "{again}");
    assert!(left(&again, 1) == 30_000 && left(&again, 0) > 29_000, "fresh clocks: {again}");
}

/// Issue 38, clocks: the increment comes back when a turn ends; a correspondence clock (a
/// day a move, at most 3 days banked) never banks more, with the server's time moved on by
/// days instead of waited for; and a late move is refused before the watch deals with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_increment_is_earned_and_a_correspondence_clock_banks_at_most_its_maximum() {
    let time = Time::default();
    let t = time.clone();
    let (addr, _srv) = server(move |c| c.time = t, db("clock-days")).await;
    let clock = json!({"base": 86_400, "increment": 86_400, "max": 259_200});
    let (mut ann, mut bo, mut am, mut bm, _, _) = clocked_game(addr, clock).await;
    time.advance(Duration::from_secs(12 * 3600));
    let v = play_turn(&mut ann, &mut am).await;
    let used = DAY + DAY / 2 - left(&v, 0);
    assert!(used < 2_000, "half a day used, a day back: {v}");
    assert_eq!(v["clock"]["running"], 1);
    assert!(left(&v, 1) > DAY - 1_000, "Bo's day runs: {v}");
    catch_up(&mut bo, &mut bm, &v).await;
    let v = play_turn(&mut bo, &mut bm).await;
    assert!(left(&v, 1) > 2 * DAY - 2_000, "{v}");
    catch_up(&mut ann, &mut am, &v).await;
    let v = play_turn(&mut ann, &mut am).await;
    assert!(left(&v, 0) > 5 * DAY / 2 - 4_000, "{v}");
    catch_up(&mut bo, &mut bm, &v).await;
    let v = play_turn(&mut bo, &mut bm).await;
    catch_up(&mut ann, &mut am, &v).await;
    let v = play_turn(&mut ann, &mut am).await;
    assert_eq!(left(&v, 0), 3 * DAY, "capped at 3 days: {v}");
    catch_up(&mut bo, &mut bm, &v).await;
    // Three days and a second later Bo is out of time.
    time.advance(Duration::from_secs(3 * 86_400 + 1));
    let out = ann.until("timeout").await;
    assert_eq!(out["seat"], 1, "{out}");
}

/// Issue 38, clocks: a server that stops and comes back later charges its absence to no
/// one (SQLite: the time it was last alive; PostgreSQL: the dead owner's last renewal of
/// the room's lease); the time before it stopped is charged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_a_server_was_away_is_charged_to_no_one() {
    let db = db("clock-away");
    let (addr, srv) = server(|_| {}, db.clone()).await;
    let (ann, bo, _, _, room, tokens) = clocked_game(addr, json!({"base": 60})).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    srv.abort();
    drop((ann, bo));
    tokio::time::sleep(Duration::from_secs(5)).await;
    let (addr, _srv) = server(|_| {}, db).await;
    let mut ann = Client::connect(addr).await;
    ann.send(json!({"type": "join", "room": room, "token": tokens[0]})).await;
    let state = ann.until("state").await;
    let left = left(&state, 0);
    // 3 s were played, of which at most one beat of the store (1 s) or one renewal of the
    // lease (2/3 s) went uncounted. Charging the 5 s away would leave at most 52 s.
    assert!((56_900..=58_100).contains(&left), "{state}");
    assert_eq!(state["clock"]["running"], 0);
}

/// Issue 38, clocks: a seat the host hands to a computer while its clock runs stops with
/// what it has left (a computer never runs out), and the next person's clock runs when the
/// turn comes to them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_handed_to_a_computer_stops_its_clock() {
    let time = Time::default();
    let t = time.clone();
    let (addr, _srv) = server(move |c| c.time = t, db("clock-handed")).await;
    let mut ann = Client::connect(addr).await;
    let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "person"}]);
    ann.send(json!({"type": "create", "seats": seats, "sets": ["base"], "absent_secs": 0, "clock": {"base": 600}}))
        .await;
    let created = ann.until("created").await;
    let room = created["room"].clone();
    ann.send(json!({"type": "join", "room": room, "token": created["tokens"][0]})).await;
    ann.until("room").await;
    ann.send(json!({"type": "start"})).await;
    let mut am = Mirror::default();
    am.take(&ann.until("state").await);
    // Ann plays her turn; Bo (never come) runs 100 s of his clock, then goes to a computer.
    let v = play_turn(&mut ann, &mut am).await;
    assert_eq!(v["clock"]["running"], 1);
    time.advance(Duration::from_secs(100));
    ann.send(json!({"type": "computer", "seat": 1, "level": "easy"})).await;
    let frame = ann.until("room").await;
    assert_eq!(frame["seats"][1]["kind"], "computer");
    // The computer plays Bo's turn; its clock stood at what was left, and Ann's runs again.
    let back = loop {
        let f = ann.until("action").await;
        if f["turn"] == 0 {
            break f;
        }
    };
    let bo = left(&back, 1);
    assert!((499_000..=500_000).contains(&bo), "100 s used, no increment, then stopped: {back}");
    assert_eq!(back["clock"]["running"], 0);
    time.advance(Duration::from_secs(3600));
    let out = ann.until("timeout").await;
    assert_eq!(out["seat"], 0, "Ann's clock ran out, never the computer's: {out}");
    assert_eq!(out["clock"]["left"][1].as_u64(), Some(bo));
}
