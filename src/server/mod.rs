//! `carc serve`: online play (docs/online.md). One native process serves the built game
//! (`dist/`) and a WebSocket at `/ws` through which players create rooms, join them by
//! link, and play. The server holds every room's game (authoritative: each action is
//! checked by the engine), commits each action to the store (SQLite, or PostgreSQL shared
//! by several instances) before anyone hears of it, plays computer seats with the game's
//! bots, and never sends the seed or the order of the unseen tiles while a game runs.
//! Under PostgreSQL a room lives on the instance holding its lease, and another instance
//! forwards its clients there ([`forward`]). Only with `--features server`.

pub mod forward;
pub mod listener;
pub mod planners;
pub mod protocol;
pub mod quota;
pub mod room;
pub mod statics;
pub mod store;

use crate::ai::Level;
use crate::engine::TileSet;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use protocol::{ClientMsg, SeatKind, ServerMsg, MAX_MESSAGE};
use room::{hash, seat_meta, Meta, Progress, Room};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex as StdMutex, RwLock, Weak};
use std::time::{Duration, Instant};
use store::{Db, Instance, Lease, Store};
use tokio::sync::Mutex;

/// How the server runs; `carc serve` fills it from its flags.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Where rooms are kept: a SQLite file, or PostgreSQL shared with other instances.
    pub db: Db,
    /// PostgreSQL: the WebSocket address other instances forward this one's rooms' clients
    /// to (default `ws://<the address bound>/ws`, with 127.0.0.1 for an unspecified host).
    pub advertise: Option<String>,
    /// PostgreSQL: seconds a room's lease lasts unless renewed (every third of that). When
    /// an instance dies, its rooms move to another after at most this long.
    pub lease_secs: f64,
    /// The built game to serve (none: only the WebSocket).
    pub dist: Option<PathBuf>,
    /// Origins besides the server's own whose pages may open the WebSocket.
    pub allow_origins: Vec<String>,
    /// Milliseconds between a computer's actions (0 in tests).
    pub bot_delay_ms: u64,
    /// Seconds a room with nobody in it stays in memory.
    pub idle_secs: u64,
    /// Most TCP connections at once (WebSockets and plain requests alike).
    pub max_connections: usize,
    /// Most TCP connections at once from one address (IPv4, or IPv6 /64); not applied
    /// behind a trusted proxy, where every connection comes from the proxy.
    pub connections_per_address: usize,
    /// Seconds a new connection has to send its first request's headers.
    pub request_timeout_secs: u64,
    /// Seconds a connection may send nothing before it is closed; WebSockets are pinged a
    /// third of that, so a live browser always answers in time.
    pub idle_timeout_secs: u64,
    /// Most live rooms at once: rooms in memory, that is someone is in them or they were
    /// active in the last `idle_secs` (finished and idle rooms wait on disk and count not).
    pub max_rooms: u64,
    /// Rooms one address (an IPv6 /64) may create per hour; refused creates count not.
    pub rooms_per_address: usize,
    /// Behind a reverse proxy: take the client's address from the last `X-Forwarded-For`
    /// entry (the one the proxy added) instead of the connection's.
    pub trust_proxy: bool,
    /// Connections that may watch one room at once.
    pub watchers_per_room: usize,
    /// Computer seats one address may ask for per hour (in rooms it creates and seats it
    /// hands over): each costs CPU for a whole game.
    pub computers_per_address: usize,
    /// Computers' plans made at once (blocking threads); one address gets at most half.
    pub planners: usize,
    /// Messages a connection may send per second (a burst of twice as many is allowed).
    pub messages_per_sec: u32,
}

impl Config {
    /// Defaults for `addr` and `db` (a SQLite path, or a [`Db`]).
    pub fn new(addr: SocketAddr, db: impl Into<Db>) -> Config {
        Config {
            addr,
            db: db.into(),
            advertise: None,
            lease_secs: 10.0,
            dist: None,
            allow_origins: Vec::new(),
            bot_delay_ms: 400,
            idle_secs: 120,
            max_connections: 10_000,
            connections_per_address: 64,
            request_timeout_secs: 10,
            idle_timeout_secs: 60,
            max_rooms: 1_000_000,
            rooms_per_address: 200,
            trust_proxy: false,
            computers_per_address: 40,
            watchers_per_room: 500,
            planners: std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            messages_per_sec: 20,
        }
    }
}

/// Everything the handlers share.
pub struct Server {
    config: Config,
    store: Store,
    tiles: Arc<TileSet>,
    rooms: StdMutex<HashMap<String, Arc<Mutex<Room>>>>,
    rooms_made: quota::Quota,
    computers_asked: quota::Quota,
    planners: planners::Planners,
    /// Other instances' addresses: exempt from the per-address connection cap.
    peers: Arc<RwLock<HashSet<IpAddr>>>,
}

impl Server {
    /// The shared state of a server on this configuration's database, listening at `addr`.
    async fn open(config: Config, addr: SocketAddr) -> Result<Arc<Server>, String> {
        let host = if addr.ip().is_unspecified() { std::net::Ipv4Addr::LOCALHOST.into() } else { addr.ip() };
        let me = Instance {
            id: random_id(),
            url: config.advertise.clone().unwrap_or_else(|| format!("ws://{}/ws", SocketAddr::new(host, addr.port()))),
            lease_secs: config.lease_secs.max(1.0),
        };
        Ok(Arc::new(Server {
            store: Store::open(&config.db, &me).await?,
            peers: Arc::default(),
            tiles: TileSet::builtin(),
            rooms: StdMutex::new(HashMap::new()),
            rooms_made: quota::Quota::new(config.rooms_per_address, "rooms"),
            computers_asked: quota::Quota::new(config.computers_per_address, "computer players"),
            planners: planners::Planners::new(config.planners),
            config,
        }))
    }
}

/// The address limits count by: an IPv4 address, or an IPv6 address's /64 (one household
/// or machine usually holds a whole /64, so counting single IPv6 addresses counts nothing).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
        v4 => v4,
    }
}

/// The client's address: the connection's, or behind a trusted proxy the last entry of
/// `X-Forwarded-For` (earlier entries are whatever the client wrote).
fn client_address(peer: IpAddr, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    let forwarded = || {
        let all = headers.get_all("x-forwarded-for").into_iter().filter_map(|v| v.to_str().ok());
        all.flat_map(|v| v.split(',')).filter_map(|a| a.trim().parse::<IpAddr>().ok()).next_back()
    };
    address_key(if trust_proxy { forwarded().unwrap_or(peer) } else { peer })
}

/// 128 random bits as base64url (22 characters): room ids and seat tokens.
pub fn random_id() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the system's random generator");
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(22);
    let mut acc = 0u32;
    let mut bits = 0;
    for byte in b {
        acc = (acc << 8) | byte as u32;
        bits += 8;
        while bits >= 6 {
            bits -= 6;
            out.push(A[((acc >> bits) & 63) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(A[((acc << (6 - bits)) & 63) as usize] as char);
    }
    out
}

fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the system's random generator");
    u64::from_le_bytes(b)
}

/// Start serving; returns the address bound (port 0 picks a free one) and a future that
/// runs until the process ends.
pub async fn bind(config: Config) -> Result<(SocketAddr, impl std::future::Future<Output = ()>), String> {
    let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| format!("{}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let server = Server::open(config.clone(), addr).await?;
    // `/server.json` overrides the static copy's `{"server": false}`: the page offers online
    // play only where this answers (www/online.js).
    let mut app = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(|| async { "ok" }))
        .route(
            "/server.json",
            get(|| async {
                ([(header::CACHE_CONTROL, "no-store")], axum::Json(serde_json::json!({ "server": true })))
            }),
        )
        .with_state(server.clone());
    if let Some(dist) = &config.dist {
        app = app.fallback_service(tower_http::services::ServeDir::new(dist).append_index_html_on_directories(true));
    }
    let statics = Arc::new(statics::Statics::open(config.dist.as_deref())?);
    let app = app.layer(axum::middleware::from_fn_with_state(statics, statics::guard));
    let listener = listener::Guarded::new(listener, &config, server.peers.clone());
    tokio::spawn(sweep(Arc::downgrade(&server)));
    if matches!(server.store, Store::Postgres(_)) {
        tokio::spawn(leases(Arc::downgrade(&server)));
    }
    let run = async move {
        let app = app.into_make_service_with_connect_info::<listener::Peer>();
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("carc serve: {e}");
        }
    };
    Ok((addr, run))
}

/// Rooms nobody is in leave memory after a while (they load again on the next visit).
/// Ends with the server (it holds it weakly).
async fn sweep(server: Weak<Server>) {
    loop {
        let Some(every) = server.upgrade().map(|s| s.config.idle_secs.clamp(1, 30)) else { return };
        tokio::time::sleep(Duration::from_secs(every)).await;
        let Some(s) = server.upgrade() else { return };
        sweep_once(&s);
    }
}

/// PostgreSQL: renew the leases of the rooms in memory every third of their time (a room
/// that left memory lets its lease lapse). A room whose lease was lost (this instance
/// paused, or could not reach the database, past the lease, and another took the room)
/// leaves memory, and its clients are told to reconnect, which brings them to the new
/// owner. Also keeps the list of peers fresh. Ends with the server.
async fn leases(server: Weak<Server>) {
    loop {
        let Some(every) = server.upgrade().map(|s| s.config.lease_secs.max(1.0) / 3.0) else { return };
        tokio::time::sleep(Duration::from_secs_f64(every)).await;
        let Some(s) = server.upgrade() else { return };
        // Rooms loaded after this list keep the lease they just took until the next round.
        let held: Vec<(String, Arc<Mutex<Room>>)> =
            s.rooms.lock().expect("rooms").iter().map(|(id, r)| (id.clone(), r.clone())).collect();
        let ids: Vec<String> = held.iter().map(|(id, _)| id.clone()).collect();
        match s.store.renew(&ids).await {
            Ok(Some(kept)) => {
                for (id, room) in held.into_iter().filter(|(id, _)| !kept.contains(id)) {
                    {
                        let mut rooms = s.rooms.lock().expect("rooms");
                        if rooms.get(&id).is_some_and(|r| Arc::ptr_eq(r, &room)) {
                            rooms.remove(&id);
                        }
                    }
                    let _ = room.lock().await.tx.send(Arc::from(room::MOVED));
                }
            }
            Ok(None) => {}
            // The leases lapse unless a later round succeeds; writes check them meanwhile.
            Err(e) => eprintln!("carc serve: renewing leases: {e}"),
        }
        let peers = s.store.peers().await.iter().filter_map(|url| forward::host_of(url)).map(address_key).collect();
        *s.peers.write().expect("peers") = peers;
    }
}

/// One pass of the sweep: unload idle rooms, and forget addresses that created nothing in
/// the last hour.
fn sweep_once(server: &Server) {
    let idle = server.config.idle_secs;
    // Under the map's lock, and only rooms the map alone holds: a join that has found a
    // room but not yet locked it holds a reference, so its room stays (issue 22, defect
    // 11: it used to be unloaded under the join, which then went on in an orphaned copy).
    server.rooms.lock().expect("rooms").retain(|_, room| {
        if Arc::strong_count(room) > 1 {
            return true;
        }
        let Ok(r) = room.try_lock() else { return true };
        let empty = r.watchers == 0 && r.connected.iter().all(|c| *c == 0) && !r.bot_running;
        !(empty && r.last_active.elapsed().as_secs() >= idle)
    });
    server.rooms_made.prune();
    server.computers_asked.prune();
}

/// The WebSocket, only for pages of allowed origins (against cross-site WebSocket
/// hijacking): the server's own, and those given with `--allow-origin`. A client that
/// sends no Origin is not a browser page and may connect.
async fn upgrade(
    State(server): State<Arc<Server>>,
    ConnectInfo(listener::Peer(peer)): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Some(origin) = headers.get("origin").and_then(|o| o.to_str().ok()) {
        let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("");
        let own = origin == format!("http://{host}") || origin == format!("https://{host}");
        if !own && !server.config.allow_origins.iter().any(|o| o == origin) {
            return (StatusCode::FORBIDDEN, "this origin may not open the game's WebSocket").into_response();
        }
    }
    // Another instance forwarding a client names the client's address (with the secret).
    let forwarded = forward::forwarded_for(&headers, server.store.cluster_secret());
    let ip = forwarded.unwrap_or_else(|| client_address(peer.ip(), &headers, server.config.trust_proxy));
    // Small buffers: a message is at most 16 KB, and the default 128 KB read buffer (zeroed
    // on every read) was most of the server's work under load.
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| connection(server, socket, ip, forwarded.is_some()))
}

/// One client: what it joined, as which seat, and its message budget.
struct Client {
    room: Option<Arc<Mutex<Room>>>,
    seat: Option<usize>,
    /// May host the room (start, rematch, hand seats to computers): seat 0's player, or
    /// one who joined with the host's own token. Fixed at join: who hosts never changes.
    hosts: bool,
    rx: Option<tokio::sync::broadcast::Receiver<Arc<str>>>,
    /// The room's owner, when the room is served by another instance: what concerns the
    /// room goes there, and what it sends comes back.
    upstream: Option<forward::Upstream>,
    /// Forwarded here by another instance: never forwarded again (no loops).
    forwarded: bool,
    budget: f64,
    refilled: Instant,
}

/// What the message budget says of one more frame.
enum Budget {
    /// Within the rate: handle it.
    Ok,
    /// Over it: refuse it.
    Over,
    /// Seconds' worth over it: close the connection.
    Flood,
}

impl Client {
    /// Spend one frame of the budget, refilled at `rate` a second up to a burst of twice
    /// that. Frames refused still count, so a client that keeps on is cut off after about
    /// four seconds' worth of them.
    fn spend(&mut self, rate: u32) -> Budget {
        let rate = rate as f64;
        self.budget = (self.budget + self.refilled.elapsed().as_secs_f64() * rate).min(2.0 * rate);
        self.refilled = Instant::now();
        self.budget -= 1.0;
        if self.budget >= 0.0 {
            Budget::Ok
        } else if self.budget > -4.0 * rate.max(1.0) {
            Budget::Over
        } else {
            Budget::Flood
        }
    }
}

/// A message as a WebSocket frame.
fn frame(m: &ServerMsg) -> Message {
    Message::Text(m.text().into())
}

fn error(message: impl Into<String>) -> ServerMsg {
    ServerMsg::error(message)
}

/// The close frame for a message the socket itself refused (tungstenite's error says which
/// kind): 1009 for one over the size limit, 1007 for text that is not UTF-8, 1001 for a
/// client silent past the idle timeout ([`listener`]), else 1002.
fn refusal(error: &str) -> Message {
    let (code, reason) = if error.contains("Space limit exceeded") {
        (1009, format!("a message is at most {MAX_MESSAGE} bytes"))
    } else if error.contains("idle too long") {
        (1001, "nothing heard for too long".to_string())
    } else if error.contains("UTF-8") {
        (1007, "a message is UTF-8 text".to_string())
    } else {
        (1002, "not a WebSocket message".to_string())
    };
    Message::Close(Some(axum::extract::ws::CloseFrame { code, reason: reason.into() }))
}

async fn connection(server: Arc<Server>, mut socket: WebSocket, ip: IpAddr, forwarded: bool) {
    let mut c = Client {
        room: None,
        seat: None,
        hosts: false,
        rx: None,
        upstream: None,
        forwarded,
        budget: 0.0,
        refilled: Instant::now(),
    };
    c.budget = 2.0 * server.config.messages_per_sec as f64;
    // Pings keep a live client's connection from the idle timeout (browsers answer them).
    let every = Duration::from_secs((server.config.idle_timeout_secs / 3).max(1));
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        let incoming = async {
            match c.rx.as_mut() {
                Some(rx) => Some(rx.recv().await),
                None => std::future::pending().await,
            }
        };
        let owner = async {
            match c.upstream.as_mut() {
                Some(up) => futures_util::StreamExt::next(up).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            msg = socket.recv() => {
                let msg = match msg {
                    Some(Ok(msg)) => msg,
                    // Too big or not UTF-8: close with the code that says so, and why.
                    Some(Err(e)) => {
                        let _ = socket.send(refusal(&e.to_string())).await;
                        break;
                    }
                    None => break,
                };
                if matches!(msg, Message::Close(_)) {
                    break;
                }
                // Every frame spends the budget (pings, pongs and binary frames too: the
                // socket answers a ping by itself). Far over it, the connection is closed.
                match c.spend(server.config.messages_per_sec) {
                    Budget::Ok => {}
                    Budget::Over => {
                        if matches!(msg, Message::Text(_)) && socket.send(frame(&error("too many messages: slow down"))).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Budget::Flood => {
                        let close = axum::extract::ws::CloseFrame { code: 1008, reason: "too many messages".into() };
                        if socket.send(Message::Close(Some(close))).await.is_ok() {
                            // The closing handshake, briefly: the client reads the reason
                            // instead of a reset from frames it had still in flight.
                            let drain = async { while let Some(Ok(m)) = socket.recv().await { if matches!(m, Message::Close(_)) { break } } };
                            let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
                        }
                        break;
                    }
                }
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Binary(_) => { let _ = socket.send(frame(&error("messages are JSON text"))).await; continue; }
                    _ => continue,
                };
                let replies = match protocol::parse(&text) {
                    // While the room is served elsewhere, what concerns it goes there.
                    Ok(m) if c.upstream.is_some() && m.in_room() => {
                        if pass_up(&mut c, text).await.is_err() {
                            let _ = socket.send(forward::moved()).await;
                            break;
                        }
                        continue;
                    }
                    Ok(m) => {
                        // Errors say which request they answer ("re").
                        let kind = m.kind();
                        match handle(&server, &mut c, m, ip).await {
                            Handled::Replies(replies) => replies.into_iter().map(|r| r.re(kind)).collect(),
                            Handled::Moved => {
                                let _ = socket.send(forward::moved()).await;
                                break;
                            }
                            Handled::Forward(up) => {
                                c.upstream = Some(*up);
                                if pass_up(&mut c, text).await.is_err() {
                                    let _ = socket.send(forward::moved()).await;
                                    break;
                                }
                                continue;
                            }
                        }
                    }
                    // A refused message of a known type still says what it answers.
                    Err(e) => vec![match protocol::kind_of(&text) {
                        Some(kind) => error(e).re(kind),
                        None => error(e),
                    }],
                };
                for r in replies {
                    if socket.send(frame(&r)).await.is_err() { break }
                }
            }
            _ = pings.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() { break }
            }
            up = owner => {
                use tokio_tungstenite::tungstenite::Message as Up;
                match up {
                    Some(Ok(Up::Text(t))) => {
                        if socket.send(Message::Text(t.as_str().into())).await.is_err() { break }
                    }
                    Some(Ok(Up::Ping(_) | Up::Pong(_) | Up::Frame(_) | Up::Binary(_))) => {}
                    // The owner closed or died: the client reconnects, to whoever holds the room next.
                    _ => {
                        let _ = socket.send(forward::moved()).await;
                        break;
                    }
                }
            }
            out = incoming => {
                match out {
                    // The room left this instance: the client reconnects to its new owner.
                    Some(Ok(text)) if &*text == room::MOVED => {
                        let _ = socket.send(forward::moved()).await;
                        break;
                    }
                    Some(Ok(text)) => {
                        // A room frame for everyone says this client's own `you` and `host`.
                        let own = Room::for_client(&text, c.seat, c.hosts).unwrap_or_else(|| text.to_string());
                        if socket.send(Message::Text(own.into())).await.is_err() { break }
                    }
                    // Lagged far behind: send the whole state again.
                    Some(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => {
                        if let Some(room) = &c.room {
                            let r = room.lock().await;
                            let info = r.info(c.seat, c.hosts);
                            let state = r.state();
                            drop(r);
                            let _ = socket.send(frame(&info)).await;
                            if let Some(s) = state { let _ = socket.send(frame(&s)).await; }
                        }
                    }
                    _ => { c.rx = None; }
                }
            }
        }
    }
    leave(&mut c).await;
}

/// The client leaves its room (closing or joining another), here or at its owner.
async fn leave(c: &mut Client) {
    if let Some(room) = c.room.take() {
        c.hosts = false;
        room.lock().await.exit(c.seat.take());
    }
    c.rx = None;
    if let Some(mut up) = c.upstream.take() {
        let _ = futures_util::SinkExt::close(&mut up).await;
    }
}

/// Pass a client's message to its room's owner.
async fn pass_up(c: &mut Client, text: String) -> Result<(), ()> {
    use tokio_tungstenite::tungstenite::Message as Up;
    let up = c.upstream.as_mut().ok_or(())?;
    futures_util::SinkExt::send(up, Up::Text(text.into())).await.map_err(|_| ())
}

/// Where a room is served.
enum Place {
    /// Here, in memory.
    Here(Arc<Mutex<Room>>),
    /// By another instance, connected to for this client.
    There(Box<forward::Upstream>),
}

/// What handling a message came to.
enum Handled {
    /// Answers for the client.
    Replies(Vec<ServerMsg>),
    /// Its room is served by another instance, now connected: pass the message on.
    Forward(Box<forward::Upstream>),
    /// Its room is served elsewhere and this connection was forwarded here: the client
    /// reconnects (instances never forward in a chain).
    Moved,
}

/// A room by id: in memory, loaded from the store once its lease is ours, or (PostgreSQL)
/// served by the instance holding its lease, connected to for a client at `ip`. An owner
/// that cannot be reached (it died) is tried again until its lease has run out and this
/// instance takes the room. A room loaded from disk plans its computers as the address
/// that loaded it.
async fn room(server: &Arc<Server>, id: &str, ip: IpAddr, may_forward: bool) -> Result<Place, String> {
    let deadline = Instant::now() + Duration::from_secs_f64(server.config.lease_secs.max(1.0) + 2.0);
    loop {
        if let Some(r) = server.rooms.lock().expect("rooms").get(id) {
            return Ok(Place::Here(r.clone()));
        }
        let url = match server.store.lease(id).await? {
            Lease::Ours => break,
            Lease::Theirs(_) if !may_forward => return Err(store::NOT_OURS.into()),
            Lease::Theirs(url) => url,
        };
        let secret = server.store.cluster_secret().unwrap_or_default();
        match forward::open(&url, secret, ip).await {
            Ok(up) => return Ok(Place::There(Box::new(up))),
            Err(e) if Instant::now() > deadline => return Err(e),
            Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    }
    let Some(stored) = server.store.load(id).await? else {
        server.store.release(id).await;
        return Err("no such room".into());
    };
    // Replaying a room is CPU work: not on the async threads.
    let (tiles, key) = (server.tiles.clone(), id.to_string());
    let mut loaded = tokio::task::spawn_blocking(move || Room::from_stored(&key, stored, &tiles))
        .await
        .map_err(|_| "loading the room failed")??;
    loaded.address = ip;
    let mut rooms = server.rooms.lock().expect("rooms");
    let r = rooms.entry(id.to_string()).or_insert_with(|| loaded.shared()).clone();
    drop(rooms);
    // A game whose turn is a computer's when it was loaded goes on.
    play_computers(server.clone(), r.clone());
    Ok(Place::Here(r))
}

/// A message: a join or a claim goes where its room is served; the rest is answered here.
async fn handle(server: &Arc<Server>, c: &mut Client, m: ClientMsg, ip: IpAddr) -> Handled {
    let (ClientMsg::Join { room: id, .. } | ClientMsg::Claim { room: id, .. }) = &m else {
        return Handled::Replies(here(server, c, m, ip, None).await);
    };
    match room(server, id, ip, !c.forwarded).await {
        Ok(Place::Here(r)) => Handled::Replies(here(server, c, m, ip, Some(r)).await),
        Ok(Place::There(up)) => {
            leave(c).await;
            Handled::Forward(up)
        }
        Err(e) if e == store::NOT_OURS => Handled::Moved,
        Err(e) => Handled::Replies(vec![error(e)]),
    }
}

/// Answer a message here; `found` is the room a join or a claim names, served here.
async fn here(
    server: &Arc<Server>,
    c: &mut Client,
    m: ClientMsg,
    ip: IpAddr,
    found: Option<Arc<Mutex<Room>>>,
) -> Vec<ServerMsg> {
    match m {
        ClientMsg::Ping => vec![ServerMsg::Pong],
        ClientMsg::Create { seats, sets, options, absent_secs } => {
            match create(server, ip, seats, sets, options, absent_secs).await {
                Ok(created) => vec![created],
                Err(e) => vec![error(e)],
            }
        }
        ClientMsg::Join { token, .. } => {
            let Some(r) = found else { return vec![error("no such room")] };
            leave(c).await;
            let mut guard = r.lock().await;
            let (seat, hosts) = match guard.enter(token.as_deref(), server.config.watchers_per_room) {
                Ok(entered) => entered,
                Err(e) => return vec![error(e)],
            };
            c.rx = Some(guard.tx.subscribe());
            c.seat = seat;
            c.hosts = hosts;
            c.room = Some(r.clone());
            let mut out = vec![guard.info(seat, c.hosts)];
            out.extend(guard.state());
            out.extend(guard.chat());
            out
        }
        ClientMsg::Claim { name, secret, .. } => {
            let Some(r) = found else { return vec![error("no such room")] };
            let mut guard = r.lock().await;
            match guard.claim(&server.store, name, secret.as_deref()).await {
                Ok((seat, token)) => {
                    vec![ServerMsg::Claimed { room: guard.id.clone(), seat, token }]
                }
                Err(e) => vec![error(e)],
            }
        }
        ClientMsg::Start | ClientMsg::Rematch => {
            let Some(r) = c.room.clone() else { return vec![error("join a room first")] };
            let mut guard = r.lock().await;
            if !c.hosts {
                return vec![error("only the host (the room's creator) may start a game")];
            }
            let over = guard.game.as_ref().is_some_and(|g| g.is_over());
            if guard.game.is_some() && !over {
                return vec![error("a game is being played")];
            }
            if let Err(e) = guard.start(&server.store, &server.tiles, random_seed()).await {
                return vec![error(e)];
            }
            let info = guard.info(None, false);
            guard.broadcast(info);
            if let Some(s) = guard.state() {
                guard.broadcast(s);
            }
            drop(guard);
            play_computers(server.clone(), r);
            vec![]
        }
        ClientMsg::Act { n, action } => {
            let (Some(r), Some(seat)) = (c.room.clone(), c.seat) else {
                return vec![error("only a player in a room may act (watchers may not)")];
            };
            let mut guard = r.lock().await;
            if guard.computer(seat).is_some() {
                return vec![error("a computer plays this seat now")];
            }
            if let Err(e) = guard.act(&server.store, seat, n, &action).await {
                return vec![error(e)];
            }
            drop(guard);
            play_computers(server.clone(), r);
            vec![]
        }
        ClientMsg::Games { rooms } => match games(server, rooms).await {
            Ok(g) => vec![g],
            Err(e) => vec![error(e)],
        },
        ClientMsg::Chat { text } => {
            let (Some(r), Some(seat)) = (c.room.clone(), c.seat) else {
                return vec![error("only a player in a room may chat (watchers read)")];
            };
            let mut guard = r.lock().await;
            match guard.say(&server.store, seat, text).await {
                Ok(()) => vec![],
                Err(e) => vec![error(e)],
            }
        }
        ClientMsg::Computer { seat, level } => {
            let Some(r) = c.room.clone() else { return vec![error("join a room first")] };
            let level: Level = match level.parse() {
                Ok(l) => l,
                Err(e) => return vec![error(e)],
            };
            if !c.hosts {
                return vec![error("only the host may hand a seat to a computer")];
            }
            let taken = match server.computers_asked.take(ip, 1) {
                Ok(t) => t,
                Err(e) => return vec![error(e)],
            };
            let mut guard = r.lock().await;
            if let Err(e) = guard.hand_to_computer(&server.store, seat, level).await {
                server.computers_asked.give_back(taken);
                return vec![error(e)];
            }
            drop(guard);
            play_computers(server.clone(), r);
            vec![]
        }
    }
}

/// "My games": how each room stands, and which seat the token this browser holds there
/// plays in it now (none: handed to a computer). Read from the store as the last write left
/// it, so no room is loaded and any instance answers; rooms that do not exist are left out.
async fn games(server: &Server, asked: Vec<(String, String)>) -> Result<ServerMsg, String> {
    let ids: Vec<String> = asked.iter().map(|(room, _)| room.clone()).collect();
    let found: HashMap<String, store::Summary> =
        server.store.summaries(&ids).await?.into_iter().map(|s| (s.id.clone(), s)).collect();
    let mut games = Vec::new();
    for (room, token) in asked {
        let Some(s) = found.get(&room) else { continue };
        let Ok(meta) = serde_json::from_str::<Meta>(&s.meta) else { continue };
        let progress = s.progress.as_deref().and_then(|p| serde_json::from_str::<Progress>(p).ok());
        let status = match &progress {
            _ if meta.game == 0 => "lobby",
            Some(p) if p.over => "over",
            _ => "playing",
        };
        games.push(protocol::GameLine {
            seat: meta.seat_of(&token),
            names: meta.seats.iter().map(|s| s.name.clone()).collect(),
            status,
            turn: progress.as_ref().filter(|_| status == "playing").map(|p| p.turn),
            actions: progress.as_ref().map_or(0, |p| p.actions),
            moved_at: progress.as_ref().map(|p| p.at),
            room,
        });
    }
    Ok(ServerMsg::Games { games })
}

/// Create a room: its seats' tokens (the creator's is seat 0's, the others are the invite
/// links), stored hashed; a room whose seat 0 is a computer (computers only, a showcase) has
/// a host token instead, for the creator. Limited per address and in all.
async fn create(
    server: &Arc<Server>,
    ip: IpAddr,
    seats: Vec<protocol::SeatRequest>,
    sets: Vec<String>,
    options: Value,
    absent_secs: u64,
) -> Result<ServerMsg, String> {
    // The address's quotas are taken while the room is made, and given back if it is not.
    let computers = seats.iter().filter(|s| matches!(s.kind, SeatKind::Computer(_))).count();
    let room_taken = server.rooms_made.take(ip, 1)?;
    let computers_taken = match server.computers_asked.take(ip, computers) {
        Ok(t) => t,
        Err(e) => {
            server.rooms_made.give_back(room_taken);
            return Err(e);
        }
    };
    let made = make_room(server, ip, seats, sets, options, absent_secs).await;
    if made.is_err() {
        server.rooms_made.give_back(room_taken);
        server.computers_asked.give_back(computers_taken);
    }
    made
}

/// Make a room once the address may (see [`create`]).
async fn make_room(
    server: &Arc<Server>,
    ip: IpAddr,
    seats: Vec<protocol::SeatRequest>,
    sets: Vec<String>,
    options: Value,
    absent_secs: u64,
) -> Result<ServerMsg, String> {
    // Live rooms, counted in memory: no database work, and a room that ended and went idle
    // frees its place.
    if server.rooms.lock().expect("rooms").len() as u64 >= server.config.max_rooms {
        return Err("the server holds as many rooms as it may".into());
    }
    for s in &seats {
        if let SeatKind::Computer(level) = &s.kind {
            level.parse::<Level>()?;
        }
    }
    let mut tokens = Vec::new();
    let meta_seats = seats
        .iter()
        .map(|s| {
            let token = (s.kind == SeatKind::Person).then(random_id);
            let seat = seat_meta(&s.name, &s.kind, token.as_deref().map(hash));
            tokens.push(token);
            seat
        })
        .collect();
    let host = (seats[0].kind != SeatKind::Person).then(random_id);
    let open = seats.iter().any(|s| s.kind == SeatKind::Open).then(random_id);
    let meta = Meta {
        seats: meta_seats,
        sets,
        options,
        absent_secs,
        game: 0,
        host: host.as_deref().map(hash),
        open: open.as_deref().map(hash),
    };
    // The setup is checked now, so that a room that could never start is not made.
    let mut probe = Room::new(String::new(), meta.clone(), None);
    let check = crate::record::parse_setup(&json!({
        "players": meta.seats.iter().map(|s| json!({"name": s.name})).collect::<Vec<_>>(),
        "sets": meta.sets, "options": meta.options, "seed": 1,
    }))
    .map_err(|e| e.to_string())?;
    crate::engine::Game::new(server.tiles.clone(), check).map_err(|e| e.to_string())?;
    let id = random_id();
    probe.id = id.clone();
    probe.address = ip;
    // A new id's lease is free: this instance serves the room it made.
    if server.store.lease(&id).await? != Lease::Ours {
        return Err("a new room could not be given to this server".into());
    }
    server.store.put_room(&id, serde_json::to_string(&meta).expect("plain data")).await?;
    server.rooms.lock().expect("rooms").insert(id.clone(), probe.shared());
    Ok(ServerMsg::Created { room: id, tokens, host, open })
}

/// While a computer has the turn, let it play (one task per room at a time).
fn play_computers(server: Arc<Server>, room: Arc<Mutex<Room>>) {
    tokio::spawn(async move {
        {
            let mut r = room.lock().await;
            if r.bot_running || r.computer_to_play().is_none() {
                return;
            }
            r.bot_running = true;
        }
        loop {
            // Checked and given up under one lock, so a turn passed to a computer just
            // after is never left unplayed.
            let job = {
                let mut r = room.lock().await;
                match (r.computer_to_play(), r.game.clone()) {
                    (Some(level), Some(g)) => Some((level, g, r.address)),
                    _ => {
                        r.bot_running = false;
                        None
                    }
                }
            };
            let Some((level, game, address)) = job else { return };
            let n = game.history().len();
            let seed = random_seed();
            let plan = server.planners.plan(address, level, seed, game).await;
            let mut moved = false;
            for (k, a) in plan.iter().enumerate() {
                if server.config.bot_delay_ms > 0 {
                    tokio::time::sleep(Duration::from_millis(server.config.bot_delay_ms)).await;
                }
                let mut r = room.lock().await;
                let Some(g) = r.game.as_ref() else { break };
                if g.history().len() != n + k || r.computer_to_play().is_none() {
                    break;
                }
                let v = crate::record::RecordAction::from_action(a, g.tiles()).to_value();
                let seat = g.current_player();
                if let Err(e) = r.act(&server.store, seat, n + k, &v).await {
                    eprintln!("carc serve: room {}: a computer's action was refused: {e}", r.id);
                    break;
                }
                moved = true;
            }
            if !moved {
                room.lock().await.bot_running = false;
                return;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn server(name: &str) -> Arc<Server> {
        let dir = std::env::temp_dir().join(format!("carc-unit-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("rooms.db");
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db);
        config.idle_secs = 0;
        Server::open(config, "127.0.0.1:0".parse().unwrap()).await.unwrap()
    }

    /// Issue 22, defect 11: a join that has found a room but not yet locked it keeps the
    /// room in memory through a sweep; before, the sweep unloaded it under the join, which
    /// went on in an orphaned copy while the next visitor loaded another.
    #[tokio::test]
    async fn the_sweep_never_unloads_a_room_a_join_is_entering() {
        let server = server("sweep").await;
        let meta =
            Meta { seats: vec![], sets: vec![], options: json!({}), absent_secs: 0, game: 0, host: None, open: None };
        let id = "r".to_string();
        server.rooms.lock().unwrap().insert(id.clone(), Room::new(id.clone(), meta, None).shared());
        let Ok(Place::Here(entering)) = room(&server, &id, "127.0.0.1".parse().unwrap(), false).await else {
            panic!("the room is here")
        };
        sweep_once(&server);
        let kept = server.rooms.lock().unwrap().get(&id).cloned().expect("the room stays while a join holds it");
        assert!(Arc::ptr_eq(&kept, &entering));
        drop((kept, entering));
        sweep_once(&server);
        assert!(server.rooms.lock().unwrap().is_empty(), "an idle room nobody holds is unloaded");
    }

    /// Issue 22, defect 7: an IPv6 /64 counts as one address, an IPv4-mapped one as its
    /// IPv4, and `X-Forwarded-For` is read only behind a trusted proxy, by its last entry.
    #[test]
    fn addresses_are_counted_by_ipv4_or_ipv6_64_and_the_proxy_header_only_when_trusted() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(address_key(ip("2001:db8:1:2:aaaa::1")), address_key(ip("2001:db8:1:2:bbbb::9")));
        assert_ne!(address_key(ip("2001:db8:1:2::1")), address_key(ip("2001:db8:1:3::1")));
        assert_eq!(address_key(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(address_key(ip("192.0.2.7")), ip("192.0.2.7"));
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", "203.0.113.9, 198.51.100.4".parse().unwrap());
        h.append("x-forwarded-for", "bogus, 198.51.100.5".parse().unwrap());
        assert_eq!(client_address(ip("127.0.0.1"), &h, true), ip("198.51.100.5"));
        assert_eq!(client_address(ip("127.0.0.1"), &h, false), ip("127.0.0.1"));
        assert_eq!(client_address(ip("127.0.0.1"), &HeaderMap::new(), true), ip("127.0.0.1"));
    }
}
