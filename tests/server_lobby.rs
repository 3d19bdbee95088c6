//! Issue 38's public lobby and quick play online, with real WebSocket clients against a
//! server on 127.0.0.1, on either store (`CARC_TEST_STORE=postgres` as for
//! tests/server.rs): public rooms with an open seat wait in the lobby and are taken there
//! without a secret, public games are listed live and watched, private rooms never show;
//! quick play pairs two players who ask for the same sets and clock, and no others; the
//! limits per address hold.
#![cfg(feature = "server")]

#[path = "support/online.rs"]
mod online;
#[path = "support/postgres.rs"]
mod postgres;

use online::*;
use serde_json::{json, Value};
use std::time::Duration;

/// The lobby as a fresh connection reads it once the last reading is stale.
async fn lobby(addr: std::net::SocketAddr) -> Value {
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let mut c = Client::connect(addr).await;
    c.send(json!({"type": "lobby"})).await;
    c.until("lobby").await
}

fn rooms(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|r| r["room"].as_str().unwrap()).collect()
}

/// Issue 38, lobby: a public room with an open seat waits in the lobby (names, sets and
/// clock; no secret); anyone takes its seat with the room id alone; once its game runs it
/// is listed live and a watcher joins it from there. A private room never shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_rooms_wait_in_the_lobby_and_their_games_are_watched_from_it() {
    let (addr, _srv) = server(|_| {}, db("lobby")).await;
    let mut ann = Client::connect(addr).await;
    let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Seat", "kind": "open"}]);
    ann.send(json!({"type": "create", "seats": seats, "sets": ["base"], "public": true, "clock": {"base": 600, "increment": 5}}))
        .await;
    let created = ann.until("created").await;
    assert!(created.get("open").is_none(), "a public room's seats need no secret: {created}");
    let room = created["room"].as_str().unwrap().to_string();
    let mut cy = Client::connect(addr).await;
    create(&mut cy, seats.clone(), json!(["base"]), json!({})).await;
    ann.send(json!({"type": "join", "room": room, "token": created["tokens"][0]})).await;
    assert_eq!(ann.until("room").await["public"], true);

    let l = lobby(addr).await;
    assert_eq!(rooms(&l["waiting"]), [room.as_str()], "only the public room: {l}");
    assert_eq!(l["waiting"][0]["clock"], json!({"base": 600, "increment": 5, "timeout": "computer"}));
    assert_eq!(l["waiting"][0]["seats"], json!([{"name": "Ann", "kind": "person"}, {"name": "Seat", "kind": "open"}]));
    assert!(l["live"].as_array().unwrap().is_empty());

    // Bo takes the open seat from the lobby: the room id is enough.
    let mut bo = Client::connect(addr).await;
    bo.send(json!({"type": "claim", "room": room, "name": "Bo"})).await;
    let claimed = bo.until("claimed").await;
    bo.send(json!({"type": "join", "room": room, "token": claimed["token"]})).await;
    bo.until("room").await;
    ann.send(json!({"type": "start"})).await;
    ann.until("state").await;

    let l = lobby(addr).await;
    assert!(l["waiting"].as_array().unwrap().is_empty(), "{l}");
    assert_eq!(rooms(&l["live"]), [room.as_str()]);
    assert_eq!(
        (l["live"][0]["status"].clone(), l["live"][0]["seats"][1]["name"].clone()),
        (json!("playing"), json!("Bo"))
    );
    let mut wim = Client::connect(addr).await;
    wim.send(json!({"type": "join", "room": l["live"][0]["room"]})).await;
    assert_eq!(wim.until("room").await["you"], Value::Null);
    let state = wim.until("state").await;
    assert!(state["legal"].is_null() && state["clock"]["running"] == 0, "a watcher's view: {state}");
}

/// Issue 38, quick play: two players asking for the same sets and clock are paired at once
/// in a public room whose game has begun (the one who waited in seat 0); a different wish
/// waits apart; a cancelled request pairs no more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_play_pairs_the_same_wishes_only() {
    let (addr, _srv) = server(|_| {}, db("quick")).await;
    let wish = json!({"type": "quick", "name": "Ann", "sets": ["base"], "clock": {"base": 5, "increment": 3}});
    let mut ann = Client::connect(addr).await;
    ann.send(wish.clone()).await;
    assert_eq!(ann.until("quick").await["waiting"], true);
    let mut cy = Client::connect(addr).await;
    cy.send(json!({"type": "quick", "name": "Cy", "sets": ["base", "river"], "clock": {"base": 5, "increment": 3}}))
        .await;
    assert_eq!(cy.until("quick").await["waiting"], true);
    let mut dee = Client::connect(addr).await;
    dee.send(json!({"type": "quick", "name": "Dee", "sets": ["base"], "clock": {"base": 300}})).await;
    assert_eq!(dee.until("quick").await["waiting"], true);
    dee.send(json!({"type": "quick_cancel"})).await;
    assert_eq!(dee.until("quick").await["waiting"], false);

    let mut bo = Client::connect(addr).await;
    bo.send(json!({"type": "quick", "name": "Bo", "sets": ["base"], "clock": {"base": 5, "increment": 3}})).await;
    let mine = bo.until("paired").await;
    let theirs = ann.until("paired").await;
    assert_eq!((theirs["seat"].clone(), mine["seat"].clone()), (json!(0), json!(1)));
    assert_eq!(theirs["room"], mine["room"]);
    for (c, p) in [(&mut ann, &theirs), (&mut bo, &mine)] {
        c.send(json!({"type": "join", "room": p["room"], "token": p["token"]})).await;
        let frame = c.until("room").await;
        assert_eq!((frame["public"].clone(), frame["status"].clone()), (json!(true), json!("playing")), "{frame}");
        assert_eq!(frame["seats"][0]["name"], "Ann");
        assert_eq!(frame["seats"][1]["name"], "Bo");
        let state = c.until("state").await;
        assert_eq!(state["clock"]["running"], 0, "the game and Ann's clock run: {state}");
    }
    // Cy joins a room instead of waiting: his wish pairs no more.
    cy.send(json!({"type": "join", "room": mine["room"]})).await;
    cy.until("room").await;
    let mut fay = Client::connect(addr).await;
    fay.send(json!({"type": "quick", "name": "Fay", "sets": ["river", "base"], "clock": {"base": 5, "increment": 3}}))
        .await;
    assert_eq!(fay.until("quick").await["waiting"], true, "Cy left the queue by joining a room");
    // Dee cancelled: another player asking for her wish waits.
    let mut eve = Client::connect(addr).await;
    eve.send(json!({"type": "quick", "name": "Eve", "sets": ["base"], "clock": {"base": 300}})).await;
    assert_eq!(eve.until("quick").await["waiting"], true);
    // The quick game is listed live.
    assert!(rooms(&lobby(addr).await["live"]).contains(&mine["room"].as_str().unwrap()));
}

/// Issue 38, limits: an address has at most 4 quick-play requests waiting, a wish that
/// starts no game is refused before it waits, and a lobby reading is kept for a second
/// however often it is asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_play_and_the_lobby_are_bounded() {
    let (addr, _srv) = server(|_| {}, db("quick-limits")).await;
    let mut waiting = Vec::new();
    for i in 0..4 {
        let mut c = Client::connect(addr).await;
        c.send(json!({"type": "quick", "name": format!("P{i}"), "sets": ["base"], "clock": {"base": 60 + i}})).await;
        assert_eq!(c.until("quick").await["waiting"], true);
        waiting.push(c);
    }
    let mut fifth = Client::connect(addr).await;
    fifth.send(json!({"type": "quick", "name": "P5", "sets": ["base"], "clock": {"base": 99}})).await;
    let refused = fifth.until("error").await;
    assert_eq!((refused["code"].clone(), refused["params"]["max"].clone()), (json!("quick_too_many"), json!(4)));
    // One leaves: its place is free again.
    drop(waiting.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    fifth.send(json!({"type": "quick", "name": "P5", "sets": ["base"], "clock": {"base": 99}})).await;
    assert_eq!(fifth.until("quick").await["waiting"], true);
    let mut odd = Client::connect(addr).await;
    odd.send(json!({"type": "quick", "name": "Odd", "sets": ["spellcircles"]})).await;
    assert_eq!(odd.until("error").await["code"], "setup");
    // A room made public after a reading is not listed until the reading is a second old.
    let mut c = Client::connect(addr).await;
    c.send(json!({"type": "lobby"})).await;
    assert!(c.until("lobby").await["waiting"].as_array().unwrap().is_empty());
    let seats = json!([{"name": "Ann", "kind": "person"}, {"name": "Seat", "kind": "open"}]);
    c.send(json!({"type": "create", "seats": seats, "sets": ["base"], "public": true})).await;
    c.until("created").await;
    c.send(json!({"type": "lobby"})).await;
    assert!(c.until("lobby").await["waiting"].as_array().unwrap().is_empty(), "read less than a second ago");
    assert_eq!(lobby(addr).await["waiting"].as_array().unwrap().len(), 1);
}
