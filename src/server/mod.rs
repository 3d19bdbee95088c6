//! `carc serve`: online play (docs/online.md). One native process serves the built game
//! (`dist/`) and a WebSocket at `/ws` through which players create rooms, join them by
//! link, and play. The server holds every room's game (authoritative: each action is
//! checked by the engine), commits each action to the store (SQLite, or PostgreSQL shared
//! by several instances) before anyone hears of it, plays computer seats with the game's
//! bots, and never sends the seed or the order of the unseen tiles while a game runs.
//! Under PostgreSQL a room lives on the instance holding its lease, and another instance
//! forwards its clients there ([`forward`]). Only with `--features server`.

pub mod accounts;
mod address;
mod bots;
pub mod clock;
pub mod config;
pub mod forward;
mod hub;
mod leaderboard;
pub mod listener;
pub mod listing;
mod lobby;
mod passkeys;
pub mod planners;
pub mod protocol;
pub mod quick;
pub mod quota;
mod random;
pub mod rating;
pub mod ratings;
pub mod refusal;
pub mod room;
mod socket;
pub mod start;
pub mod statics;
pub mod store;

pub use address::address_key;
pub use config::Config;
pub use random::random_id;

use axum::http::header;
use axum::routing::get;
use axum::Router;
use hub::Server;
use start::StartError;
use std::net::SocketAddr;
use std::sync::Arc;
use store::Store;

/// Start serving; returns the address bound (port 0 picks a free one) and a future that
/// runs until the process ends.
pub async fn bind(config: Config) -> Result<(SocketAddr, impl std::future::Future<Output = ()>), StartError> {
    let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| StartError::Bind(config.addr, e))?;
    let addr = listener.local_addr().map_err(|e| StartError::Bind(config.addr, e))?;
    let server = Server::open(config.clone(), addr).await?;
    // `/server.json` overrides the static copy's `{"server": false}`: the page offers online
    // play only where this answers (www/online.js).
    let mut app = Router::new()
        .route("/ws", get(socket::upgrade))
        .route("/health", get(|| async { "ok" }))
        .route(
            "/server.json",
            get(|| async {
                ([(header::CACHE_CONTROL, "no-store")], axum::Json(serde_json::json!({ "server": true })))
            }),
        )
        .merge(passkeys::routes())
        .merge(leaderboard::routes())
        .with_state(server.clone());
    if let Some(dist) = &config.dist {
        app = app.fallback_service(tower_http::services::ServeDir::new(dist).append_index_html_on_directories(true));
    }
    let statics = Arc::new(statics::Statics::open(config.dist.as_deref())?);
    let secret: Option<Arc<str>> = server.store.cluster_secret().map(Arc::from);
    let app = app
        .layer(axum::middleware::from_fn_with_state(statics, statics::guard))
        .layer(axum::middleware::from_fn_with_state(secret, listener::probation));
    let listener = listener::Guarded::new(listener, &config, server.peers.clone());
    tokio::spawn(hub::sweep(Arc::downgrade(&server)));
    tokio::spawn(hub::clocks(Arc::downgrade(&server)));
    if matches!(server.store, Store::Postgres(_)) {
        tokio::spawn(hub::leases(Arc::downgrade(&server)));
    }
    let run = async move {
        let app = app.into_make_service_with_connect_info::<listener::Peer>();
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("carc serve: {e}");
        }
    };
    Ok((addr, run))
}
