//! Issue 38's duplicate matches online, on either store (`CARC_TEST_STORE=postgres` as for
//! tests/server.rs): a duplicate room's match is two games on one tile order, the second
//! begun by the second seat; the room frame tells which game runs and the first game's
//! points; the lobby marks the room; a new rematch after the second game begins a new match
//! on a new order. Refused for more than two seats and for the cooperative game.
#![cfg(feature = "server")]

#[path = "support/online.rs"]
mod online;
#[path = "support/postgres.rs"]
mod postgres;

use carcassonne::engine::TileSet;
use carcassonne::record::Record;
use online::*;
use serde_json::{json, Value};

/// The tiles the game dealt, in order, from a final state's record.
fn tiles_played(state: &Value) -> Vec<String> {
    let actions = state["final"]["actions"].as_array().expect("a final record");
    actions.iter().filter_map(|a| a["tile"].as_str().map(String::from)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_match_deals_the_same_tiles_with_the_seats_swapped() {
    let (addr, _run) = server(|c| c.messages_per_sec = 1_000, db("duplicate")).await;
    let mut ann = Client::connect(addr).await;
    ann.send(json!({"type": "create", "duplicate": true, "public": true, "sets": ["base"],
        "seats": [{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "person"}]}))
        .await;
    let made = ann.until("created").await;
    let room = made["room"].as_str().unwrap().to_string();
    let mut bo = Client::connect(addr).await;
    for (c, t) in [(&mut ann, &made["tokens"][0]), (&mut bo, &made["tokens"][1])] {
        c.send(json!({"type": "join", "room": room, "token": t})).await;
        let frame = c.until("room").await;
        assert_eq!(frame["duplicate"], json!({"game": 1}), "{frame}");
    }
    ann.send(json!({"type": "start"})).await;
    let state = ann.until("state").await;
    assert_eq!(state["turn"], 0, "Ann begins the first game");
    let first = play_out(&mut [ann, bo], 1).await;
    let ann_client = Client::connect(addr).await;
    let (mut ann, mut bo) = (ann_client, Client::connect(addr).await);
    for (c, t) in [(&mut ann, &made["tokens"][0]), (&mut bo, &made["tokens"][1])] {
        c.send(json!({"type": "join", "room": room, "token": t})).await;
        c.until("room").await;
    }
    let points1 = Record::from_value(first["final"].clone()).unwrap().replay(TileSet::builtin()).unwrap().0.scores();
    // The second game: the same tiles, Bo first; the frame carries the first game's points.
    ann.send(json!({"type": "rematch"})).await;
    let frame = loop {
        let f = bo.until("room").await;
        if f["duplicate"]["game"] == 2 {
            break f;
        }
    };
    let state = bo.until("state").await;
    assert_eq!(state["turn"], 1, "Bo begins the second game");
    assert_eq!(state["record"]["setup"]["options"]["first_player"], 1, "{}", state["record"]["setup"]);
    let second = play_out(&mut [ann, bo], 2).await;
    // The final records (which show the seed once the game is over): one seed, and the
    // tiles dealt in one order (as far as both games placed the same tiles: a tile that
    // fits nowhere is set aside where it comes).
    let seed = &first["final"]["setup"]["seed"];
    assert!(!seed.is_null() && *seed == second["final"]["setup"]["seed"], "{seed}");
    let (t1, t2) = (tiles_played(&first), tiles_played(&second));
    let same = t1.iter().zip(&t2).take_while(|(a, b)| a == b).count();
    assert!(same >= 20 && t1.len() >= 60, "the same tile order ({same} of {} alike)", t1.len());
    assert_eq!(frame["duplicate"]["first"], json!(points1), "the first game's points: {frame}");
    // The lobby marks the room while its game is played.
    let (mut ann, mut bo) = (Client::connect(addr).await, Client::connect(addr).await);
    for (c, t) in [(&mut ann, &made["tokens"][0]), (&mut bo, &made["tokens"][1])] {
        c.send(json!({"type": "join", "room": room, "token": t})).await;
        c.until("room").await;
    }
    ann.send(json!({"type": "rematch"})).await;
    ann.until("state").await;
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    let mut wim = Client::connect(addr).await;
    wim.send(json!({"type": "lobby"})).await;
    let lobby = wim.until("lobby").await;
    assert_eq!(lobby["live"][0]["duplicate"], true, "{lobby}");
    // That rematch, after the second game, began a new match: game 1 again, Ann first.
    let mut w = Client::connect(addr).await;
    w.send(json!({"type": "join", "room": room})).await;
    let frame = w.until("room").await;
    assert_eq!(frame["duplicate"], json!({"game": 1}), "{frame}");
    let state = w.until("state").await;
    assert_eq!(state["turn"], 0);
    assert!(state["record"]["setup"]["options"].get("first_player").is_none());
}

#[tokio::test]
async fn a_duplicate_match_is_for_two_seats_and_not_the_cooperative_game() {
    let (addr, _run) = server(|_| {}, db("duplicate-refused")).await;
    let mut c = Client::connect(addr).await;
    let three =
        json!([{"name": "A", "kind": "person"}, {"name": "B", "kind": "person"}, {"name": "C", "kind": "person"}]);
    let two = json!([{"name": "A", "kind": "person"}, {"name": "B", "kind": "person"}]);
    for (seats, options) in
        [(three, json!({})), (two.clone(), json!({"coop": {"level": 1}})), (two, json!({"first_player": 1}))]
    {
        c.send(json!({"type": "create", "duplicate": true, "seats": seats, "sets": ["base"], "options": options}))
            .await;
        let e = c.until("error").await;
        assert_eq!(e["code"], "setup", "{e}");
    }
}
