//! Connections as they arrive (issue 22, defect 2): every TCP connection counts against
//! `--max-connections` and, unless behind a trusted proxy, against the per-address cap
//! (IPv4 or IPv6 /64) from the moment it is accepted, not only once it becomes a WebSocket.
//! A connection must send its first request's headers within `request_timeout_secs`, and one
//! that sends nothing for `idle_timeout_secs` is closed (the server pings WebSockets more
//! often than that, and browsers answer by themselves). Silent or slow connections so end
//! by themselves, and one address cannot hold the server's places.
//!
//! Under PostgreSQL another instance forwards many clients, each over a connection of its
//! own, from its one address. A connection from an instance's address past the cap is let
//! in on probation, and its first request must show the cluster's secret ([`probation`]);
//! an address alone proves nothing (with the default `127.0.0.1`, every local client shares
//! it).

use super::{address_key, Config};
use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// Open connections: in all and per address.
#[derive(Default)]
pub struct Counts {
    all: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// A listener that counts, caps and times connections.
pub struct Guarded {
    inner: TcpListener,
    counts: Arc<Mutex<Counts>>,
    max: usize,
    per_address: Option<usize>,
    request_timeout: Duration,
    idle_timeout: Duration,
    /// Other instances' addresses (PostgreSQL): connections from them past the per-address
    /// cap are let in on probation, until their first request shows the cluster's secret.
    peers: Arc<RwLock<HashSet<IpAddr>>>,
}

impl Guarded {
    /// Guard `inner` with the limits of `config`; connections from `peers` past the
    /// per-address cap are let in on probation.
    pub fn new(inner: TcpListener, config: &Config, peers: Arc<RwLock<HashSet<IpAddr>>>) -> Guarded {
        Guarded {
            inner,
            peers,
            counts: Arc::default(),
            max: config.max_connections,
            // Behind a proxy every connection comes from the proxy: the proxy caps addresses.
            per_address: (!config.trust_proxy).then_some(config.connections_per_address),
            request_timeout: Duration::from_secs(config.request_timeout_secs.max(1)),
            idle_timeout: Duration::from_secs(config.idle_timeout_secs.max(1)),
        }
    }

    /// Take a place for a connection from `ip`, if the caps allow: `None` if not, else
    /// whether it is on probation (past the per-address cap, from another instance's address).
    fn admit(&self, ip: IpAddr) -> Option<bool> {
        let mut c = self.counts.lock().expect("counts");
        let mine = c.per_address.get(&ip).copied().unwrap_or(0);
        let capped = self.per_address.is_some_and(|cap| mine >= cap);
        let probation = capped && self.peers.read().expect("peers").contains(&ip);
        if c.all >= self.max || (capped && !probation) {
            return None;
        }
        c.all += 1;
        *c.per_address.entry(ip).or_insert(0) += 1;
        Some(probation)
    }
}

impl Listener for Guarded {
    type Io = Timed;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Timed, SocketAddr) {
        loop {
            let (stream, peer) = match self.inner.accept().await {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors and the like: wait, as axum's own listener does.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let ip = address_key(peer.ip());
            let Some(probation) = self.admit(ip) else {
                drop(stream); // closed at once: the caller sees the connection end
                continue;
            };
            let _ = stream.set_nodelay(true);
            let timed = Timed {
                inner: stream,
                _place: Place { counts: self.counts.clone(), ip },
                deadline: Box::pin(tokio::time::sleep(self.request_timeout)),
                idle: self.idle_timeout,
                headers_seen: false,
                tail: 0,
                probation,
            };
            return (timed, peer);
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// The connection's place in the counts, given back when it closes.
struct Place {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut c = self.counts.lock().expect("counts");
        c.all = c.all.saturating_sub(1);
        if let Some(n) = c.per_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.per_address.remove(&self.ip);
            }
        }
    }
}

/// A TCP connection with its deadlines: the first request's headers by the request
/// timeout, then some bytes every idle timeout.
pub struct Timed {
    inner: TcpStream,
    /// Held for its `Drop`: the place is given back when the connection closes.
    _place: Place,
    deadline: Pin<Box<Sleep>>,
    idle: Duration,
    headers_seen: bool,
    /// How many bytes of `\r\n\r\n` (the end of the first request's headers) the last
    /// bytes read match.
    tail: u8,
    /// Let in past the per-address cap from an instance's address: its requests must show
    /// the cluster's secret.
    probation: bool,
}

impl Timed {
    /// Note bytes read: they move the idle deadline, and end the first headers' deadline once
    /// a blank line has come.
    fn saw(&mut self, bytes: &[u8]) {
        if !self.headers_seen {
            const END: &[u8; 4] = b"\r\n\r\n";
            for b in bytes {
                self.tail = match (*b == END[self.tail as usize], *b == b'\r') {
                    (true, _) => self.tail + 1,
                    (false, true) => 1,
                    (false, false) => 0,
                };
                if self.tail == 4 {
                    self.headers_seen = true;
                    break;
                }
            }
        }
        if self.headers_seen {
            self.deadline.as_mut().reset(Instant::now() + self.idle);
        }
    }
}

impl AsyncRead for Timed {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                let this = &mut *self;
                this.saw(&buf.filled()[before..]);
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    let what = if self.headers_seen { "idle too long" } else { "request too slow" };
                    Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, what)))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Timed {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The connection, for handlers (`ConnectInfo<Peer>`).
#[derive(Clone, Copy, Debug)]
pub struct Peer {
    /// The peer's address.
    pub addr: SocketAddr,
    /// Let in on probation: past the per-address cap, from an instance's address.
    pub probation: bool,
}

impl Connected<IncomingStream<'_, Guarded>> for Peer {
    fn connect_info(stream: IncomingStream<'_, Guarded>) -> Peer {
        Peer { addr: *stream.remote_addr(), probation: stream.io().probation }
    }
}

/// A request on a connection let in on probation is served only if it shows the cluster's
/// `secret` (a forwarding instance); any other is answered 503 and its connection closed, as
/// the cap would have closed it.
pub async fn probation(
    axum::extract::State(secret): axum::extract::State<Option<Arc<str>>>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<Peer>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if peer.probation && super::forward::forwarded_for(request.headers(), secret.as_deref()).is_none() {
        let close = [(axum::http::header::CONNECTION, "close")];
        return (axum::http::StatusCode::SERVICE_UNAVAILABLE, close, "too many connections from this address")
            .into_response();
    }
    next.run(request).await
}
