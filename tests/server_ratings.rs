//! Issue 38's rated games and Glicko-2 ratings online, on either store
//! (`CARC_TEST_STORE=postgres` as for tests/server.rs): three rated games whose results are
//! those of Glickman's worked example give its numbers (1464.06, 151.52, 0.05999); a rated
//! game against a computer rates its anchor account, marked as a program on the
//! leaderboard; what a rated room needs (accounts, two seats, a clock, the standard rules)
//! and what it refuses (a seat handed to a computer, a player against themselves); a game
//! is rated once, even when its room is loaded again.
#![cfg(feature = "server")]

#[path = "support/online.rs"]
mod online;
#[path = "support/passkey.rs"]
mod passkey;
#[path = "support/postgres.rs"]
mod postgres;

use carcassonne::server::clock::Time;
use carcassonne::server::store::Db;
use online::*;
use passkey::{account, request};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

/// A rating period longer than any test (all games in one period, period 0).
const LONG_PERIOD: u64 = 4_000_000_000;

fn origin(addr: SocketAddr) -> String {
    format!("http://localhost:{}", addr.port())
}

/// A rated base room made by `host` (signed in) with an open seat and a `secs` clock;
/// `guest` claims the seat; the host starts. Returns (room, host's client, guest's client).
async fn rated_game(addr: SocketAddr, host: &str, guest: &str, secs: u64) -> (String, Client, Client) {
    let mut h = Client::signed_in(addr, host).await;
    h.send(json!({"type": "create", "rated": true, "sets": ["base"], "clock": {"base": secs},
        "seats": [{"name": "me", "kind": "person"}, {"name": "Open", "kind": "open"}]}))
        .await;
    let made = h.until("created").await;
    let room = made["room"].as_str().unwrap().to_string();
    h.send(json!({"type": "join", "room": room, "token": made["tokens"][0]})).await;
    let frame = h.until("room").await;
    assert_eq!(frame["rated"], "base", "{frame}");
    let mut g = Client::signed_in(addr, guest).await;
    g.send(json!({"type": "claim", "room": room, "name": "ignored", "secret": made["open"]})).await;
    let claimed = g.until("claimed").await;
    g.send(json!({"type": "join", "room": room, "token": claimed["token"]})).await;
    g.until("room").await;
    h.send(json!({"type": "start"})).await;
    h.until("state").await;
    (room, h, g)
}

/// Seat 0 (the host, to play first) lets its time run out: the game is over, seat 1 won.
async fn host_runs_out(time: &Time, h: &mut Client, secs: u64) {
    time.advance(Duration::from_secs(secs + 1));
    let out = h.until("timeout").await;
    assert_eq!((out["seat"].as_u64(), out["rule"].as_str()), (Some(0), Some("loss")), "{out}");
}

async fn me(addr: SocketAddr, token: &str) -> Value {
    request(addr, &origin(addr), "GET", "/account", Some(token), None).await.body["account"].clone()
}

/// Wait until the ratings have been written (they follow the timeout frame).
async fn rated_games(addr: SocketAddr, token: &str, n: i64) -> Value {
    for _ in 0..100 {
        let a = me(addr, token).await;
        if a["ratings"][0]["games"].as_i64() == Some(n) {
            return a["ratings"][0].clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{n} rated games never showed: {}", me(addr, token).await);
}

/// Set an account's rating (as the start of period 0) straight in the database.
async fn seed(db: &Db, name: &str, rating: f64, deviation: f64) {
    let q = format!(
        "INSERT INTO ratings (account, kind, rating, deviation, volatility, base_rating, base_deviation,
             base_volatility, period, games, updated)
         SELECT id, 'base', {rating}, {deviation}, 0.06, {rating}, {deviation}, 0.06, 0, 0, 0
         FROM accounts WHERE name = '{name}'"
    );
    sql(db, &q, &q).await;
}

/// An account's volatility as kept.
async fn volatility(db: &Db, name: &str) -> f64 {
    let q = "SELECT r.volatility FROM ratings r JOIN accounts a ON a.id = r.account WHERE a.name = $1";
    match db {
        Db::Sqlite(p) => {
            let c = rusqlite::Connection::open(p).unwrap();
            c.query_row(&q.replace('$', "?"), [name], |r| r.get(0)).unwrap()
        }
        Db::Postgres(url) => pg(url).await.query_one(q, &[&name]).await.unwrap().get(0),
    }
}

#[tokio::test]
async fn three_rated_games_give_the_worked_example_of_glickmans_paper() {
    let db = db("ratings-paper");
    let time = Time::default();
    let t = time.clone();
    let (addr, _run) = server(
        move |c| {
            c.time = t;
            c.rating_period_secs = LONG_PERIOD;
        },
        db.clone(),
    )
    .await;
    let [pat, ann, bo, cy] =
        [account(addr, "Pat").await, account(addr, "Ann").await, account(addr, "Bo").await, account(addr, "Cy").await];
    // The paper's player and opponents, as at the period's start.
    for (name, r, d) in [("Pat", 1500.0, 200.0), ("Ann", 1400.0, 30.0), ("Bo", 1550.0, 100.0), ("Cy", 1700.0, 300.0)] {
        seed(&db, name, r, d).await;
    }
    // Pat beats Ann (Ann, to play first, runs out of time), then loses to Bo and to Cy.
    let (_, mut h, _g) = rated_game(addr, &ann, &pat, 10).await;
    host_runs_out(&time, &mut h, 10).await;
    rated_games(addr, &pat, 1).await;
    for opponent in [&bo, &cy] {
        let (_, mut h, _g) = rated_game(addr, &pat, opponent, 10).await;
        host_runs_out(&time, &mut h, 10).await;
    }
    let r = rated_games(addr, &pat, 3).await;
    // Unrounded, the paper's numbers are 1464.0507 and 151.5165 (it prints 1464.06 and
    // 151.52, having rounded as it went): within 0.01 of both.
    assert!((r["rating"].as_f64().unwrap() - 1464.0507).abs() < 0.01, "{r}");
    assert!((r["deviation"].as_f64().unwrap() - 151.5165).abs() < 0.01, "{r}");
    let volatility = volatility(&db, "Pat").await;
    assert!((volatility - 0.059996).abs() < 0.000_01, "the paper's 0.05999: {volatility}");
    // The history: three games, each with the rating after it; the leaderboard.
    let h = request(addr, &origin(addr), "GET", "/ratings/history?name=pat&kind=base", None, None).await;
    let games = h.body["games"].as_array().unwrap();
    assert_eq!(games.iter().map(|g| g["score"].as_f64().unwrap()).collect::<Vec<_>>(), [1.0, 0.0, 0.0]);
    assert_eq!(games.iter().map(|g| g["opponent"].as_str().unwrap()).collect::<Vec<_>>(), ["Ann", "Bo", "Cy"]);
    assert!((games[2]["rating"].as_f64().unwrap() - 1464.0507).abs() < 0.01);
    let board = request(addr, &origin(addr), "GET", "/ratings/board?kind=base", None, None).await;
    let names: Vec<&str> =
        board.body["board"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Cy", "Bo", "Pat", "Ann"], "{}", board.body);
    assert!(board.body["board"].as_array().unwrap().iter().all(|l| l["bot"] == false));
    // Ann (1400 ± 30) lost to Pat (1500 ± 200): by the paper's steps her rating is
    // 1398.14, and her deviation widens to 31.67 (a game against so uncertain an opponent
    // tells less than the period's volatility adds).
    let a = rated_games(addr, &ann, 1).await;
    assert!((a["rating"].as_f64().unwrap() - 1398.14).abs() < 0.01, "{a}");
    assert!((a["deviation"].as_f64().unwrap() - 31.67).abs() < 0.01, "{a}");
    let kinds = request(addr, &origin(addr), "GET", "/ratings", None, None).await;
    assert_eq!(kinds.body["kinds"], json!([{"kind": "base", "players": 4}]));
}

#[tokio::test]
async fn a_rated_game_against_a_computer_rates_its_anchor_account_and_is_rated_once() {
    let db = db("ratings-computer");
    let time = Time::default();
    let t = time.clone();
    let (addr, run) = server(move |c| c.time = t, db.clone()).await;
    let dee = account(addr, "Dee").await;
    let mut c = Client::signed_in(addr, &dee).await;
    c.send(json!({"type": "create", "rated": true, "sets": ["base"], "options": {"abbot": true},
        "clock": {"base": 30, "timeout": "computer"},
        "seats": [{"name": "Dee", "kind": "person"}, {"name": "Bot", "kind": "computer", "level": "easy"}]}))
        .await;
    let made = c.until("created").await;
    let room = made["room"].as_str().unwrap().to_string();
    c.send(json!({"type": "join", "room": room, "token": made["tokens"][0]})).await;
    let frame = c.until("room").await;
    assert_eq!(frame["rated"], "base+abbot");
    assert_eq!(frame["clock"]["timeout"], "loss", "a rated room's clock loses, whatever was asked");
    assert_eq!(frame["seats"][1]["name"], "Computer (easy)");
    c.send(json!({"type": "start"})).await;
    c.until("state").await;
    // Handing a seat to a computer is no way out of a rated game.
    c.send(json!({"type": "computer", "seat": 0, "level": "hard"})).await;
    let refused = c.until("error").await;
    assert_eq!(refused["code"], "rated", "{refused}");
    host_runs_out(&time, &mut c, 30).await;
    let r = rated_games(addr, &dee, 1).await;
    assert!(r["rating"].as_f64().unwrap() < 1500.0 && r["kind"] == "base+abbot", "{r}");
    let board = request(addr, &origin(addr), "GET", "/ratings/board?kind=base%2Babbot", None, None).await;
    let lines = board.body["board"].as_array().unwrap();
    assert_eq!(lines[0]["name"], "Computer (easy)");
    assert_eq!(lines[0]["bot"], true, "the computers' accounts are marked");
    assert_eq!(lines[1]["bot"], false);
    // The server stops and starts again; the room is loaded again: still one rated game.
    drop(c);
    run.abort();
    let _ = run.await;
    let t = time.clone();
    let (addr, _run) = server(move |c| c.time = t, db.clone()).await;
    let mut w = Client::connect(addr).await;
    w.send(json!({"type": "join", "room": room})).await;
    w.until("room").await;
    assert_eq!(rated_games(addr, &dee, 1).await["games"], 1);
}

#[tokio::test]
async fn a_rated_room_needs_accounts_two_seats_a_clock_and_the_standard_rules() {
    let (addr, _run) = server(|_| {}, db("ratings-refusals")).await;
    let eve = account(addr, "Eve").await;
    let two = json!([{"name": "Eve", "kind": "person"}, {"name": "Open", "kind": "open"}]);
    let cases = [
        (None, json!({"seats": two, "sets": ["base"], "clock": {"base": 600}}), "sign in"),
        (Some(&eve), json!({"seats": two, "sets": ["base"]}), "needs a clock"),
        (
            Some(&eve),
            json!({"seats": [{"name": "Eve", "kind": "person"}, {"name": "A", "kind": "open"}, {"name": "B", "kind": "open"}],
                   "sets": ["base"], "clock": {"base": 600}}),
            "two seats",
        ),
        (
            Some(&eve),
            json!({"seats": two, "sets": ["base"], "clock": {"base": 600}, "options": {"coop": {"level": 1}}}),
            "standard rules",
        ),
        (
            Some(&eve),
            json!({"seats": [{"name": "Eve", "kind": "person"}, {"name": "Fay", "kind": "person"}], "sets": ["base"], "clock": {"base": 600}}),
            "not invited by link",
        ),
    ];
    for (token, create, why) in cases {
        let mut c = match token {
            Some(t) => Client::signed_in(addr, t).await,
            None => Client::connect(addr).await,
        };
        let mut m = create.clone();
        m["type"] = json!("create");
        m["rated"] = json!(true);
        c.send(m).await;
        let e = c.until("error").await;
        assert_eq!(e["code"], "rated", "{create}: {e}");
        assert!(e["message"].as_str().unwrap().contains(why), "{why}: {e}");
    }
    // A rated room's open seat: not for someone signed out, nor for its own creator.
    let mut host = Client::signed_in(addr, &eve).await;
    host.send(json!({"type": "create", "rated": true, "public": true, "sets": ["base"], "clock": {"base": 600}, "seats": two})).await;
    let room = host.until("created").await["room"].as_str().unwrap().to_string();
    let mut anon = Client::connect(addr).await;
    anon.send(json!({"type": "claim", "room": room, "name": "Zed"})).await;
    assert!(anon.until("error").await["message"].as_str().unwrap().contains("sign in"));
    let mut again = Client::signed_in(addr, &eve).await;
    again.send(json!({"type": "claim", "room": room, "name": "Eve"})).await;
    assert!(again.until("error").await["message"].as_str().unwrap().contains("already play"));
    // The lobby shows it as rated.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    anon.send(json!({"type": "lobby"})).await;
    let lobby = anon.until("lobby").await;
    assert_eq!(lobby["waiting"][0]["rated"], "base", "{lobby}");
    // Quick play: rated wishes need an account and a clock.
    anon.send(json!({"type": "quick", "name": "Zed", "sets": ["base"], "clock": {"base": 300, "increment": 3}, "rated": true})).await;
    assert_eq!(anon.until("error").await["code"], "rated");
    host.send(json!({"type": "quick", "name": "Eve", "sets": ["base"], "rated": true})).await;
    assert_eq!(host.until("error").await["code"], "rated");
}

#[tokio::test]
async fn a_bots_account_plays_rated_games_with_its_key_and_is_marked_on_the_leaderboard() {
    let time = Time::default();
    let t = time.clone();
    let (addr, _run) = server(move |c| c.time = t, db("ratings-bot")).await;
    let (robo, hu) = (account(addr, "Robo").await, account(addr, "Hu").await);
    let o = origin(addr);
    assert_eq!(request(addr, &o, "POST", "/account/bot-key", None, None).await.status, 401, "signed in only");
    let made = request(addr, &o, "POST", "/account/bot-key", Some(&robo), None).await;
    let key = made.body["key"].as_str().expect("a key").to_string();
    assert_eq!(me(addr, &robo).await["bot"], true, "the account is a program's now");
    // The program connects with its key in a header (never in the address) and plays.
    let mut bot = Client::bot(addr, &key).await;
    bot.send(json!({"type": "create", "rated": true, "sets": ["base"], "clock": {"base": 10},
        "seats": [{"name": "x", "kind": "person"}, {"name": "Open", "kind": "open"}]}))
        .await;
    let room = bot.until("created").await;
    bot.send(json!({"type": "join", "room": room["room"], "token": room["tokens"][0]})).await;
    assert_eq!(bot.until("room").await["seats"][0]["name"], "Robo");
    let mut h = Client::signed_in(addr, &hu).await;
    h.send(json!({"type": "claim", "room": room["room"], "name": "Hu", "secret": room["open"]})).await;
    h.until("claimed").await;
    bot.send(json!({"type": "start"})).await;
    bot.until("state").await;
    host_runs_out(&time, &mut bot, 10).await;
    rated_games(addr, &hu, 1).await;
    let board = request(addr, &o, "GET", "/ratings/board?kind=base", None, None).await;
    let lines = board.body["board"].as_array().unwrap();
    assert_eq!((lines[0]["name"].as_str(), lines[0]["bot"].as_bool()), (Some("Hu"), Some(false)));
    assert_eq!((lines[1]["name"].as_str(), lines[1]["bot"].as_bool()), (Some("Robo"), Some(true)));
    // A key that is not one signs nobody in.
    let mut nobody = Client::bot(addr, &"A".repeat(44)).await;
    nobody
        .send(json!({"type": "create", "rated": true, "sets": ["base"], "clock": {"base": 10},
        "seats": [{"name": "x", "kind": "person"}, {"name": "Open", "kind": "open"}]}))
        .await;
    assert_eq!(nobody.until("error").await["params"]["reason"], "sign_in_to_make");
}
