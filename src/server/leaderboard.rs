//! The ratings' HTTP routes (docs/online.md, "Ratings"): the kinds rated, a kind's
//! leaderboard (the top 100) and an account's history in a kind. Read-only and public:
//! names and ratings are what the leaderboard shows anyway.

use super::hub::Server;
use super::ratings;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

/// The routes, under `/ratings`.
pub(super) fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/ratings", get(kinds))
        .route("/ratings/board", get(board))
        .route("/ratings/history", get(history))
}

/// The longest kind asked for (every set's name joined is far shorter).
const MAX_KIND: usize = 200;

fn answer(r: Result<serde_json::Value, String>) -> Response {
    match r {
        Ok(v) => ([(header::CACHE_CONTROL, "no-store")], Json(v)).into_response(),
        Err(e) => (StatusCode::BAD_REQUEST, Json(json!({ "error": "ratings", "message": e }))).into_response(),
    }
}

fn kind(q: &HashMap<String, String>) -> Result<&str, String> {
    let k = q.get("kind").map(String::as_str).unwrap_or("base");
    if k.is_empty() || k.len() > MAX_KIND {
        return Err("which kind of game?".into());
    }
    Ok(k)
}

/// `GET /ratings`: the kinds anyone is rated in, with how many accounts.
async fn kinds(State(server): State<Arc<Server>>) -> Response {
    let r = ratings::kinds(&server.store).await.map_err(|e| e.to_string());
    answer(
        r.map(
            |k| json!({ "kinds": k.iter().map(|(kind, n)| json!({"kind": kind, "players": n})).collect::<Vec<_>>() }),
        ),
    )
}

/// `GET /ratings/board?kind=base`: the top 100 of a kind.
async fn board(State(server): State<Arc<Server>>, Query(q): Query<HashMap<String, String>>) -> Response {
    let r = async {
        let kind = kind(&q)?;
        let lines = ratings::board(&server.store, kind).await.map_err(|e| e.to_string())?;
        Ok(json!({ "kind": kind, "board": lines }))
    };
    answer(r.await)
}

/// `GET /ratings/history?name=Ann&kind=base`: an account's rated games in a kind.
async fn history(State(server): State<Arc<Server>>, Query(q): Query<HashMap<String, String>>) -> Response {
    let r = async {
        let kind = kind(&q)?;
        let name = super::protocol::name(q.get("name").map_or("", String::as_str)).map_err(|e| e.to_string())?;
        let account = super::accounts::by_name(&server.store, &name)
            .await
            .map_err(|_| "the database failed".to_string())?
            .ok_or("no account has that name")?;
        let games = ratings::history(&server.store, &account.id, kind).await.map_err(|e| e.to_string())?;
        Ok(json!({ "name": account.name, "bot": account.bot, "kind": kind, "games": games }))
    };
    answer(r.await)
}
