//! Quick play under load (issue 38; a benchmark, not a test; loopback only, bounded): N
//! clients, each from an address of its own (127.0.x.y, so that the per-address limits
//! count each once, as for players on their own connections), ask for quick play with the
//! same wish at the same moment against a `carc serve` in this process. Reports how long
//! each waited from its request to its `paired` frame (p50, p99, max), and how many pairs
//! were made (each a room whose game has started).
//!
//!   cargo run --release --features server --example quick_load -- [--clients 1000] [--store sqlite|postgres]

#[cfg(not(feature = "server"))]
fn main() {
    eprintln!("build with --features server");
}

#[cfg(feature = "server")]
fn main() {
    quick::main();
}

#[cfg(feature = "server")]
#[path = "../tests/support/postgres.rs"]
mod postgres;

#[cfg(feature = "server")]
mod quick {
    use carcassonne::server::store::Db;
    use carcassonne::server::{bind, Config};
    use futures_util::{SinkExt, StreamExt};
    use serde_json::{json, Value};
    use std::net::{Ipv4Addr, SocketAddr};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    use tokio::net::TcpSocket;
    use tokio_tungstenite::tungstenite::Message;

    fn percentile(v: &mut [f64], p: f64) -> f64 {
        if v.is_empty() {
            return 0.0;
        }
        v.sort_by(|a, b| a.total_cmp(b));
        v[((v.len() - 1) as f64 * p).round() as usize]
    }

    /// Client `i`'s own loopback address.
    fn address(i: usize) -> Ipv4Addr {
        Ipv4Addr::new(127, 0, (1 + i / 250) as u8, (1 + i % 250) as u8)
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let get = |k: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).cloned();
        let n: usize = get("--clients").and_then(|s| s.parse().ok()).unwrap_or(1000);
        let store = get("--store").unwrap_or_else(|| "sqlite".into());
        assert!(n % 2 == 0 && n <= 60_000, "--clients: an even number");
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        rt.block_on(async move {
            let dir = std::env::temp_dir().join(format!("carc-quick-load-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let db = match store.as_str() {
                "postgres" => Db::Postgres(super::postgres::cluster().database("quick_load")),
                _ => Db::Sqlite(dir.join("rooms.db")),
            };
            let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db);
            config.max_connections = 2 * n + 100;
            let (addr, run) = bind(config).await.unwrap();
            let server = tokio::spawn(run);
            // Everyone connects first; then all ask at once.
            let go = Arc::new(tokio::sync::Barrier::new(n + 1));
            let mut tasks = Vec::new();
            for i in 0..n {
                let go = go.clone();
                tasks.push(tokio::spawn(async move {
                    let socket = TcpSocket::new_v4().unwrap();
                    socket.bind(SocketAddr::new(address(i).into(), 0)).unwrap();
                    let stream = socket.connect(addr).await.unwrap();
                    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), stream).await.unwrap();
                    go.wait().await;
                    let wish = json!({"type": "quick", "name": format!("P{i}"), "sets": ["base"],
                        "clock": {"base": 300, "increment": 3}});
                    let t0 = Instant::now();
                    ws.send(Message::Text(wish.to_string().into())).await.unwrap();
                    loop {
                        let Some(Ok(Message::Text(t))) = ws.next().await else { return None };
                        let v: Value = serde_json::from_str(&t).unwrap();
                        if v["type"] == "paired" {
                            return Some((
                                t0.elapsed().as_secs_f64() * 1000.0,
                                v["room"].as_str().unwrap().to_string(),
                            ));
                        }
                        assert_ne!(v["type"], "error", "{v}");
                    }
                }));
            }
            go.wait().await;
            let started = Instant::now();
            let mut waits = Vec::new();
            let mut rooms = std::collections::HashSet::new();
            for t in tasks {
                if let Ok(Ok(Some((ms, room)))) = tokio::time::timeout(Duration::from_secs(30), t).await {
                    waits.push(ms);
                    rooms.insert(room);
                }
            }
            let all = started.elapsed().as_secs_f64();
            server.abort();
            println!(
                "{}",
                json!({
                    "store": store, "clients": n, "paired": waits.len(), "rooms": rooms.len(), "seconds": all,
                    "wait_ms_p50": percentile(&mut waits, 0.5), "wait_ms_p99": percentile(&mut waits, 0.99),
                    "wait_ms_max": percentile(&mut waits, 1.0),
                })
            );
            let _ = std::fs::remove_dir_all(&dir);
        });
    }
}
