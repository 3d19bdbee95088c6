//! Issue 38's accounts with passkeys, on either store (`CARC_TEST_STORE=postgres` as for
//! tests/server.rs), against a server on 127.0.0.1 asked as `localhost` (a passkey's
//! relying party is a name): sign-up, sign-in on another device with the same passkey, a
//! second passkey, deletion with everything kept of the account; the session cookie's
//! flags; every request from another site, with a forged or replayed answer, or past the
//! limits refused without changing anything. The passkey is a software one
//! (tests/support/passkey.rs); the page's test uses Chromium's virtual authenticator.
#![cfg(feature = "server")]

#[path = "support/online.rs"]
mod online;
#[path = "support/passkey.rs"]
mod passkey;
#[path = "support/postgres.rs"]
mod postgres;

use carcassonne::server::clock::Time;
use online::*;
use passkey::{request, Answer, SoftKey};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

fn origin(addr: SocketAddr) -> String {
    format!("http://localhost:{}", addr.port())
}

/// Sign up as `name` with `key`: the finishing answer.
async fn sign_up(addr: SocketAddr, name: &str, key: &mut SoftKey) -> Answer {
    let o = origin(addr);
    let start = request(addr, &o, "POST", "/account/sign-up", None, Some(&json!({ "name": name }))).await;
    assert_eq!(start.status, 200, "{:?}", start.body);
    let credential = key.register(&start.body["options"], &o);
    let body = json!({ "ceremony": start.body["ceremony"], "credential": credential });
    request(addr, &o, "POST", "/account/finish", None, Some(&body)).await
}

/// Sign in as `name` with `key` (on a device with no session yet).
async fn sign_in(addr: SocketAddr, name: &str, key: &mut SoftKey) -> Answer {
    let o = origin(addr);
    let start = request(addr, &o, "POST", "/account/sign-in", None, Some(&json!({ "name": name }))).await;
    if start.status != 200 {
        return start;
    }
    let credential = key.sign(&start.body["options"], &o);
    let body = json!({ "ceremony": start.body["ceremony"], "credential": credential });
    request(addr, &o, "POST", "/account/finish", None, Some(&body)).await
}

async fn me(addr: SocketAddr, token: &str) -> Value {
    let a = request(addr, &origin(addr), "GET", "/account", Some(token), None).await;
    assert_eq!(a.status, 200);
    a.body["account"].clone()
}

#[tokio::test]
async fn a_passkey_makes_an_account_signs_in_on_another_device_adds_a_passkey_and_deletes_it_all() {
    let db = db("accounts-life");
    let (addr, _run) = server(|_| {}, db.clone()).await;
    let o = origin(addr);
    let mut phone = SoftKey::new();
    let made = sign_up(addr, "Ann Tiler", &mut phone).await;
    assert_eq!(made.status, 200, "{:?}", made.body);
    assert_eq!(made.body["account"]["name"], "Ann Tiler");
    assert_eq!(made.body["account"]["passkeys"], 1);
    let cookie = made.cookie().unwrap();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"), "{cookie}");
    assert!(!cookie.contains("Secure"), "a page over plain http gets no Secure cookie: {cookie}");
    let first = made.token().unwrap();
    assert_eq!(me(addr, &first).await["name"], "Ann Tiler");
    assert_eq!(me(addr, "A".repeat(44).as_str()).await, Value::Null, "an unknown session is nobody");

    // The name is unique, whatever its case; the computers' names are kept.
    for (name, code) in [("ann tiler", "name_taken"), ("Computer (hard)", "name_reserved"), ("", "name")] {
        let a = request(addr, &o, "POST", "/account/sign-up", None, Some(&json!({ "name": name }))).await;
        assert_eq!(a.body["error"], code, "{name}: {:?}", a.body);
    }

    // Another device with the same (synced) passkey signs in by the name.
    let other = sign_in(addr, "ANN TILER", &mut phone).await;
    assert_eq!(other.status, 200, "{:?}", other.body);
    let second = other.token().unwrap();
    assert_ne!(first, second, "each device has a session of its own");
    // A key that is not the account's is refused, and so is an answer used twice.
    let mut stranger = SoftKey::new();
    let forged = sign_in(addr, "Ann Tiler", &mut stranger).await;
    assert_eq!((forged.status, forged.body["error"].as_str()), (401, Some("passkey")), "{:?}", forged.body);
    assert!(forged.token().is_none());
    let start = request(addr, &o, "POST", "/account/sign-in", None, Some(&json!({ "name": "Ann Tiler" }))).await;
    let body = json!({ "ceremony": start.body["ceremony"], "credential": phone.sign(&start.body["options"], &o) });
    assert_eq!(request(addr, &o, "POST", "/account/finish", None, Some(&body)).await.status, 200);
    let again = request(addr, &o, "POST", "/account/finish", None, Some(&body)).await;
    assert_eq!(again.body["error"], "no_ceremony", "a ceremony answers once");

    // A second passkey (a security key), added while signed in; both sign in.
    let mut key = SoftKey::new();
    let start = request(addr, &o, "POST", "/account/passkey", Some(&first), None).await;
    assert_eq!(start.status, 200, "{:?}", start.body);
    let excluded = start.body["options"]["publicKey"]["excludeCredentials"].as_array().map_or(0, Vec::len);
    assert_eq!(excluded, 1, "the first passkey is not made twice on one authenticator");
    let body = json!({ "ceremony": start.body["ceremony"], "credential": key.register(&start.body["options"], &o) });
    let added = request(addr, &o, "POST", "/account/finish", Some(&first), Some(&body)).await;
    assert_eq!(added.body["account"]["passkeys"], 2, "{:?}", added.body);
    assert_eq!(sign_in(addr, "Ann Tiler", &mut key).await.status, 200);
    assert_eq!(request(addr, &o, "POST", "/account/passkey", None, None).await.status, 401, "signed out");

    // Signing out ends that session only.
    let out = request(addr, &o, "POST", "/account/sign-out", Some(&second), None).await;
    assert!(out.cookie().unwrap().contains("Max-Age=0"));
    assert_eq!(me(addr, &second).await, Value::Null);
    assert_eq!(me(addr, &first).await["name"], "Ann Tiler");

    // Deleting needs the session and a passkey's answer; then nothing of the account is kept.
    let start = request(addr, &o, "POST", "/account/delete", Some(&first), None).await;
    assert_eq!(start.status, 200, "{:?}", start.body);
    let body = json!({ "ceremony": start.body["ceremony"], "credential": stranger.sign(&start.body["options"], &o) });
    assert_eq!(request(addr, &o, "POST", "/account/finish", Some(&first), Some(&body)).await.status, 401);
    assert_eq!(me(addr, &first).await["name"], "Ann Tiler", "a refused deletion deletes nothing");
    let start = request(addr, &o, "POST", "/account/delete", Some(&first), None).await;
    let body = json!({ "ceremony": start.body["ceremony"], "credential": phone.sign(&start.body["options"], &o) });
    let gone = request(addr, &o, "POST", "/account/finish", Some(&first), Some(&body)).await;
    assert_eq!(gone.body["deleted"], true, "{:?}", gone.body);
    assert!(gone.cookie().unwrap().contains("Max-Age=0"));
    assert_eq!(me(addr, &first).await, Value::Null);
    assert_eq!(sign_in(addr, "Ann Tiler", &mut phone).await.body["error"], "no_such_account");
    let kept = dump(&db).await;
    assert!(!kept.contains("Ann Tiler") && !kept.to_lowercase().contains("ann tiler"), "the name is gone");
    // The name is free again.
    assert_eq!(sign_up(addr, "Ann Tiler", &mut SoftKey::new()).await.status, 200);
}

#[tokio::test]
async fn account_requests_from_elsewhere_or_past_the_limits_are_refused() {
    let time = Time::default();
    let t = time.clone();
    let (addr, _run) = server(
        move |c| {
            c.time = t;
            c.account_requests_per_address = 4;
            c.accounts_per_address = 2;
        },
        db("accounts-limits"),
    )
    .await;
    let o = origin(addr);
    let name = json!({ "name": "Bo" });
    // Another site's page, no Origin, and an address instead of a name.
    let host = format!("localhost:{}", addr.port());
    let evil = "Origin: http://evil.example\r\n";
    let other = passkey::raw(addr, "POST", "/account/sign-up", &host, evil, name.to_string()).await;
    assert_eq!((other.status, other.body["error"].as_str()), (403, Some("origin")));
    let bare = passkey::raw(addr, "POST", "/account/sign-up", &host, "", name.to_string()).await;
    assert_eq!(bare.status, 403, "a POST without an Origin is no page's");
    let ip = format!("http://127.0.0.1:{}", addr.port());
    let by_ip = request(addr, &ip, "POST", "/account/sign-up", None, Some(&name)).await;
    assert_eq!(by_ip.body["error"], "no_domain", "{:?}", by_ip.body);
    // A body over 64 KB is not read.
    let big = json!({ "name": "x".repeat(70_000) });
    assert_eq!(request(addr, &o, "POST", "/account/sign-up", None, Some(&big)).await.status, 413);
    // Not JSON, and a credential of the wrong shape.
    let junk = passkey::raw(addr, "POST", "/account/finish", &host, &format!("Origin: {o}\r\n"), "{".into()).await;
    assert!(junk.status == 400 || junk.status == 422, "{}", junk.status);

    // A ceremony expires after 5 minutes.
    let mut key = SoftKey::new();
    let start = request(addr, &o, "POST", "/account/sign-up", None, Some(&name)).await;
    let body = json!({ "ceremony": start.body["ceremony"], "credential": key.register(&start.body["options"], &o) });
    time.advance(Duration::from_secs(301));
    assert_eq!(request(addr, &o, "POST", "/account/finish", None, Some(&body)).await.body["error"], "no_ceremony");
    let wrong = json!({ "ceremony": start.body["ceremony"], "credential": { "id": 1 } });
    assert_eq!(request(addr, &o, "POST", "/account/finish", None, Some(&wrong)).await.body["error"], "no_ceremony");

    // Accounts made per address per hour: 2 (refused requests above took none of the 4
    // passkey requests an hour; the expired start took one).
    assert_eq!(sign_up(addr, "Bo", &mut SoftKey::new()).await.status, 200);
    assert_eq!(sign_up(addr, "Cy", &mut SoftKey::new()).await.status, 200);
    let third = sign_up_start(addr, "Di").await;
    let body = json!({ "ceremony": third.body["ceremony"], "credential": SoftKey::new().register(&third.body["options"], &o) });
    let refused = request(addr, &o, "POST", "/account/finish", None, Some(&body)).await;
    assert_eq!((refused.status, refused.body["error"].as_str()), (429, Some("quota")), "{:?}", refused.body);
    // Passkey requests per address per hour: 4 in all, Di's start was the fourth.
    let seventh = request(addr, &o, "POST", "/account/sign-in", None, Some(&json!({ "name": "Bo" }))).await;
    assert_eq!(seventh.status, 429, "{:?}", seventh.body);
    assert!(seventh.body["message"].as_str().unwrap().contains("passkey requests"));
}

async fn sign_up_start(addr: SocketAddr, name: &str) -> Answer {
    request(addr, &origin(addr), "POST", "/account/sign-up", None, Some(&json!({ "name": name }))).await
}

#[tokio::test]
async fn a_page_over_https_gets_a_secure_cookie() {
    let (addr, _run) = server(|_| {}, db("accounts-https")).await;
    // As behind a TLS proxy: the page's origin is https, the Host the public one.
    let o = format!("https://localhost:{}", addr.port());
    let start = request(addr, &o, "POST", "/account/sign-up", None, Some(&json!({ "name": "Eve" }))).await;
    let mut key = SoftKey::new();
    let body = json!({ "ceremony": start.body["ceremony"], "credential": key.register(&start.body["options"], &o) });
    let made = request(addr, &o, "POST", "/account/finish", None, Some(&body)).await;
    assert_eq!(made.status, 200, "{:?}", made.body);
    assert!(made.cookie().unwrap().contains("; Secure"), "{:?}", made.cookie());
    // The answer must come from the origin the ceremony was made for.
    let start = request(addr, &o, "POST", "/account/sign-in", None, Some(&json!({ "name": "Eve" }))).await;
    let plain = origin(addr);
    let body = json!({ "ceremony": start.body["ceremony"], "credential": key.sign(&start.body["options"], &plain) });
    let mixed = request(addr, &plain, "POST", "/account/finish", None, Some(&body)).await;
    assert_eq!(mixed.body["error"], "no_ceremony", "{:?}", mixed.body);
}

/// docs/online.md's account exchange, line by line: each device sends what the page shows
/// (ids and the passkey's answers filled in) and gets what it shows.
#[tokio::test]
async fn account_exchange() {
    let (addr, _run) = server(|_| {}, db("accounts-exchange")).await;
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/online.md")).unwrap();
    let start = doc.find("<!-- exchange: account_exchange -->").expect("the exchange");
    let block = doc[start..].split("```").nth(1).expect("a fenced block");
    let o = origin(addr);
    let mut key = SoftKey::new(); // both devices hold it: a synced passkey
    let mut ids: std::collections::HashMap<String, Value> = Default::default();
    let (mut tokens, mut options) = (std::collections::HashMap::new(), Value::Null);
    let mut pending: Option<(String, Answer)> = None;
    for line in block.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let (who, rest) = line.split_once(' ').unwrap();
        let (arrow, rest) = rest.split_once(' ').unwrap();
        if arrow == "→" {
            let (method, rest) = rest.split_once(' ').unwrap();
            let (path, body) = rest.split_once(' ').unwrap_or((rest, ""));
            let body: Option<Value> = (!body.is_empty()).then(|| {
                let mut v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{line}: {e}"));
                if let Some(c) = v.get("ceremony").and_then(Value::as_str) {
                    v["ceremony"] = ids.get(c).cloned().unwrap_or(json!(c));
                }
                if v.get("credential").is_some() {
                    let registering = options["publicKey"].get("rp").is_some();
                    v["credential"] = if registering { key.register(&options, &o) } else { key.sign(&options, &o) };
                }
                v
            });
            let answer = request(addr, &o, method, path, tokens.get(who).map(String::as_str), body.as_ref()).await;
            pending = Some((who.to_string(), answer));
            continue;
        }
        let (status, expected) = rest.split_once(' ').unwrap();
        let expected: Value = serde_json::from_str(expected).unwrap_or_else(|e| panic!("{line}: {e}"));
        let (from, answer) = pending.take().expect("an answer follows a request");
        assert_eq!(from, who, "{line}");
        assert_eq!(answer.status.to_string(), status, "{line}: {:?}", answer.body);
        assert!(as_documented(&expected, &answer.body, &mut ids), "{line}: {}", answer.body);
        if answer.body.get("options").is_some() {
            options = answer.body["options"].clone();
        }
        if let Some(t) = answer.token() {
            tokens.insert(who.to_string(), t);
        }
    }
}
