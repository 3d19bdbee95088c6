//! One client's WebSocket: the origin check at the upgrade, the message budget, pings, and
//! the loop that passes frames between the client, its room's broadcast and (when the room
//! is served by another instance) the room's owner. What a message does is
//! [`super::lobby`]'s.

use super::accounts::{self, Account};
use super::address::client_address;
use super::hub::Server;
use super::lobby::{handle, Handled};
use super::protocol::{self, ServerMsg, MAX_MESSAGE};
use super::room::{self, Room};
use super::{forward, listener, passkeys};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// The WebSocket, only for pages of allowed origins (against cross-site WebSocket
/// hijacking): the server's own, and those given with `--allow-origin`. A client that
/// sends no Origin is not a browser page and may connect.
pub(super) async fn upgrade(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
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
    let ip = forwarded.unwrap_or_else(|| client_address(peer.addr.ip(), &headers, server.config.trust_proxy));
    // Signed in by the session cookie here, or (forwarded) as the forwarder says.
    let account = match forwarded {
        Some(_) => match forward::forwarded_account(&headers) {
            Some(id) => accounts::by_id(&server.store, &id).await.ok().flatten(),
            None => None,
        },
        None => passkeys::account_of(&server, &headers).await,
    };
    // Small buffers: a message is at most 16 KB, and the default 128 KB read buffer (zeroed
    // on every read) was most of the server's work under load.
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| connection(server, socket, ip, forwarded.is_some(), account))
}

/// One client: what it joined, as which seat, and its message budget.
pub(super) struct Client {
    /// The room joined.
    pub(super) room: Option<Arc<Mutex<Room>>>,
    /// The seat played (none: watching).
    pub(super) seat: Option<usize>,
    /// May host the room (start, rematch, hand seats to computers): seat 0's player, or
    /// one who joined with the host's own token. Fixed at join: who hosts never changes.
    pub(super) hosts: bool,
    /// The room's broadcast.
    pub(super) rx: Option<tokio::sync::broadcast::Receiver<room::Broadcast>>,
    /// The room's owner, when the room is served by another instance: what concerns the
    /// room goes there, and what it sends comes back.
    upstream: Option<forward::Upstream>,
    /// Forwarded here by another instance: never forwarded again (no loops).
    pub(super) forwarded: bool,
    /// The account signed in (the session cookie at the upgrade).
    pub(super) account: Option<Account>,
    /// This connection's number on this instance.
    pub(super) id: u64,
    /// Waiting for quick play: the pairing, when it comes.
    pub(super) quick: Option<tokio::sync::oneshot::Receiver<super::quick::Paired>>,
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
    /// The signed-in account's id.
    pub(super) fn account_id(&self) -> Option<&str> {
        self.account.as_ref().map(|a| a.id.as_str())
    }

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

async fn connection(server: Arc<Server>, mut socket: WebSocket, ip: IpAddr, forwarded: bool, account: Option<Account>) {
    let mut c = Client {
        room: None,
        seat: None,
        hosts: false,
        rx: None,
        upstream: None,
        forwarded,
        account,
        id: server.connections.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        quick: None,
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
        let paired = async {
            match c.quick.as_mut() {
                Some(rx) => rx.await.ok(),
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
                        if matches!(msg, Message::Text(_)) && socket.send(frame(&ServerMsg::error("slow_down", "too many messages: slow down"))).await.is_err() {
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
                    Message::Binary(_) => { let _ = socket.send(frame(&ServerMsg::error("not_text", "messages are JSON text"))).await; continue; }
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
                    // A refused message of a known type still says what it answers; the
                    // refusal becomes text here, where it is written to the client.
                    Err(e) => vec![match protocol::kind_of(&text) {
                        Some(kind) => ServerMsg::bad(&e).re(kind),
                        None => ServerMsg::bad(&e),
                    }],
                };
                for r in replies {
                    if socket.send(frame(&r)).await.is_err() { break }
                }
            }
            p = paired => {
                c.quick = None;
                if let Some(p) = p {
                    let m = ServerMsg::Paired { room: p.room, seat: p.seat, token: p.token };
                    if socket.send(frame(&m)).await.is_err() { break }
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
                    Some(Ok(b)) => match b.text_for(c.seat, c.hosts) {
                        Some(text) => if socket.send(Message::Text((&*text).into())).await.is_err() { break },
                        None => {
                            let _ = socket.send(forward::moved()).await;
                            break;
                        }
                    },
                    // Lagged far behind: send the whole state again.
                    Some(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => {
                        if let Some(room) = &c.room {
                            let r = room.lock().await;
                            let info = r.info(c.seat, c.hosts);
                            let state = r.state(c.seat);
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

/// The client leaves its room (closing or joining another), here or at its owner, and
/// waits for quick play no more (its ticket, whose channel closes, is skipped).
pub(super) async fn leave(c: &mut Client) {
    c.quick = None;
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
