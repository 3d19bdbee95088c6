//! Forwarding, under PostgreSQL (docs/online.md): a client may connect to any instance, but
//! a room lives on the one instance that holds its lease. An instance a client reaches for
//! a room held elsewhere opens a WebSocket to the owner (the address it advertises in the
//! database) and passes on the client's messages about that room, and everything the owner
//! sends back. The owner believes the client's address a forwarder names only with the
//! cluster's secret, which only who reads the database knows. When either side goes away,
//! the client is closed with 1012 and reconnects by itself; by then, or once the lease has
//! run out, an instance that is alive holds the room.
//!
//! Forwarding was chosen over `LISTEN/NOTIFY`: the room keeps one copy, on one instance, so
//! presence, watchers, hand-overs and computers stay as on one server, and nothing but the
//! lease has to agree across instances.

use super::address_key;
use axum::extract::ws::{CloseFrame, Message};
use axum::http::HeaderMap;
use std::net::IpAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The connection to a room's owner.
pub type Upstream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The header a forwarder shows the cluster's secret in.
const SECRET: &str = "x-carc-forwarder";
/// The header a forwarder names its client's address in.
const CLIENT: &str = "x-carc-client";
/// The header a forwarder names its client's account in (the id; signed in by its cookie
/// on the forwarding instance).
const ACCOUNT: &str = "x-carc-account";

/// Why the instance that holds a room cannot be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// Its advertised address is no WebSocket address: the address and why.
    Address(String, String),
    /// The cluster's secret cannot go in a header.
    Secret,
    /// The client's address cannot go in a header.
    Client,
    /// The connection failed: why.
    Failed(String),
    /// No answer within 2 s.
    Silent,
}

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreachable::Address(url, e) => write!(f, "{url}: {e}"),
            Unreachable::Secret => f.write_str("a bad cluster secret"),
            Unreachable::Client => f.write_str("a bad address"),
            Unreachable::Failed(e) => write!(f, "the room's server cannot be reached: {e}"),
            Unreachable::Silent => f.write_str("the room's server does not answer"),
        }
    }
}

/// Connect to the owner at `url` for a client at `ip`, signed in as `account` (2 s at most).
pub async fn open(url: &str, secret: &str, ip: IpAddr, account: Option<&str>) -> Result<Upstream, Unreachable> {
    let mut request = url.into_client_request().map_err(|e| Unreachable::Address(url.into(), e.to_string()))?;
    let headers = request.headers_mut();
    headers.insert(SECRET, secret.parse().map_err(|_| Unreachable::Secret)?);
    headers.insert(CLIENT, ip.to_string().parse().map_err(|_| Unreachable::Client)?);
    if let Some(a) = account {
        headers.insert(ACCOUNT, a.parse().map_err(|_| Unreachable::Client)?);
    }
    // Small buffers, as the server's own sockets: the default 128 KB read buffer per
    // forwarded client was most of a forwarding instance's memory.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    let connect = tokio_tungstenite::connect_async_with_config(request, Some(config), true);
    match tokio::time::timeout(Duration::from_secs(2), connect).await {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(Unreachable::Failed(e.to_string())),
        Err(_) => Err(Unreachable::Silent),
    }
}

/// The client's address a forwarding instance names, if it shows the cluster's `secret`.
pub fn forwarded_for(headers: &HeaderMap, secret: Option<&str>) -> Option<IpAddr> {
    let shown = headers.get(SECRET)?.to_str().ok()?;
    if !super::room::same(shown, secret?) {
        return None;
    }
    Some(address_key(headers.get(CLIENT)?.to_str().ok()?.parse().ok()?))
}

/// The account a forwarding instance names (with the cluster's secret, which
/// [`forwarded_for`] checked).
pub fn forwarded_account(headers: &HeaderMap) -> Option<String> {
    Some(headers.get(ACCOUNT)?.to_str().ok()?.to_string())
}

/// The host of a `ws://host:port/…` address, when it is an IP address.
pub fn host_of(url: &str) -> Option<IpAddr> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split('/').next()?;
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next()?,
        None => authority.rsplit_once(':').map_or(authority, |(h, _)| h),
    };
    host.parse().ok()
}

/// The close frame that sends a client to reconnect: its room is served elsewhere now.
pub fn moved() -> Message {
    Message::Close(Some(CloseFrame { code: 1012, reason: "the room moved to another server: reconnect".into() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_of_advertised_addresses() {
        assert_eq!(host_of("ws://127.0.0.1:8080/ws"), Some("127.0.0.1".parse().unwrap()));
        assert_eq!(host_of("ws://[2001:db8::1]:80/ws"), Some("2001:db8::1".parse().unwrap()));
        assert_eq!(host_of("wss://game.example/ws"), None);
    }

    #[test]
    fn only_the_clusters_secret_names_a_client() {
        let mut h = HeaderMap::new();
        h.insert(SECRET, "s3cret".parse().unwrap());
        h.insert(CLIENT, "203.0.113.9".parse().unwrap());
        assert_eq!(forwarded_for(&h, Some("s3cret")), Some("203.0.113.9".parse().unwrap()));
        assert_eq!(forwarded_for(&h, Some("other")), None);
        assert_eq!(forwarded_for(&h, None), None, "one server has no forwarders");
        assert_eq!(forwarded_for(&HeaderMap::new(), Some("s3cret")), None);
    }
}
