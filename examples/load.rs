//! The load test of online play (a benchmark, not a test; loopback only, bounded): N rooms
//! of 4 bot clients each play base games at full speed against a `carc serve` in this
//! process for a fixed time. Reports actions per second, the latency from a client's move
//! to its broadcast coming back (p50, p99), and memory per idle and per active room.
//!
//! With `--think-ms T` each client waits T ms before its move, as a person would; the
//! default 0 plays at full speed.
//!
//! With `--store postgres` the rooms are kept in a throwaway PostgreSQL cluster (as the
//! tests start one), and `--instances 2` runs two servers on it: rooms are made on each in
//! turn and every client connects to one of the two, so half of them reach their room
//! forwarded by the other instance. Memory is the whole process's (servers and clients).
//!
//! With `--clock S` every room has a clock of S seconds a player plus 5 s a move (issue 38):
//! each move then also stops one clock and starts the next, saved with the action.
//!
//!   cargo run --release --features server --example load -- [--rooms 100,1000,2000] [--secs 20] [--think-ms 0]
//!       [--store sqlite|postgres] [--instances 1|2] [--clock 3600]

#[cfg(not(feature = "server"))]
fn main() {
    eprintln!("build with --features server");
}

#[cfg(feature = "server")]
fn main() {
    load::main();
}

#[cfg(feature = "server")]
#[path = "../tests/support/postgres.rs"]
mod postgres;

#[cfg(feature = "server")]
mod load {
    use carcassonne::engine::rng::Rng;
    use carcassonne::engine::{Game, TileSet};
    use carcassonne::record::{Record, RecordAction};
    use carcassonne::server::store::Db;
    use carcassonne::server::{bind, Config};
    use futures_util::{SinkExt, StreamExt};
    use serde_json::{json, Value};
    use std::net::SocketAddr;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    use tokio_tungstenite::tungstenite::Message;

    fn rss_kb() -> u64 {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).map(|l| l.to_string()))
            .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
            .unwrap_or(0)
    }

    struct Stats {
        actions: AtomicU64,
        latencies: Mutex<Vec<f64>>,
        stop: AtomicBool,
        /// Each client's pause before its move (ms).
        think_ms: u64,
    }

    async fn send(
        ws: &mut tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
        v: Value,
    ) -> bool {
        ws.send(Message::Text(v.to_string().into())).await.is_ok()
    }

    type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

    /// One room's four clients, driven by one task (four connections, one mirror of the
    /// game, so that the clients cost the machine less than the server they measure): each
    /// client joins its seat and plays random moves on its turn; the host starts a rematch
    /// when a game ends. Latency: from a client's move to that client receiving it back.
    async fn room_clients(addrs: Vec<SocketAddr>, room: String, tokens: Vec<String>, seed: u64, stats: Arc<Stats>) {
        let mut socks: Vec<Ws> = Vec::new();
        // Small buffers, as the server's: the default 128 KB one is zeroed on every read.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(8 * 1024)
            .write_buffer_size(8 * 1024);
        for (i, t) in tokens.iter().enumerate() {
            // Seat i of room r connects to instance (r + i) mod the instances.
            let addr = addrs[(seed as usize + i) % addrs.len()];
            let Ok((mut ws, _)) =
                tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), Some(config), false).await
            else {
                return;
            };
            send(&mut ws, json!({"type": "join", "room": room, "token": t})).await;
            socks.push(ws);
        }
        let mut rng = Rng::new(seed);
        let mut game: Option<Game> = None;
        let mut waiting: Option<(usize, usize, Instant)> = None; // (seat, n, sent)
        let mut started = false;
        while !stats.stop.load(Ordering::Relaxed) {
            let (s, text) = {
                let mut nexts: Vec<_> = socks.iter_mut().map(|w| Box::pin(w.next())).collect();
                let pick = tokio::time::timeout(
                    Duration::from_millis(500),
                    futures_util::future::select_all(nexts.iter_mut()),
                )
                .await;
                let Ok((Some(Ok(Message::Text(t))), i, _)) = pick else { continue };
                (i, t.to_string())
            };
            if let Some((seat, n, t0)) = waiting {
                if seat == s && text.starts_with("{\"type\":\"action\"") && text.contains(&format!("\"n\":{n},")) {
                    stats.latencies.lock().unwrap().push(t0.elapsed().as_secs_f64() * 1000.0);
                    waiting = None;
                }
            }
            // The mirror follows the host's connection only.
            if s != 0 {
                continue;
            }
            let v: Value = serde_json::from_str(&text).unwrap();
            match v["type"].as_str() {
                Some("room")
                    if !started
                        && v["status"] == "lobby"
                        && v["seats"].as_array().is_some_and(|a| a.iter().all(|x| x["connected"] == true)) =>
                {
                    started = true;
                    send(&mut socks[0], json!({"type": "start"})).await;
                }
                Some("state") => {
                    let r = Record::from_value(v["record"].clone()).unwrap();
                    let g = r.replay(TileSet::builtin()).unwrap().0;
                    if g.is_over() {
                        send(&mut socks[0], json!({"type": "rematch"})).await;
                    }
                    game = Some(g);
                }
                Some("action") => {
                    let Some(g) = game.as_mut() else { continue };
                    stats.actions.fetch_add(1, Ordering::Relaxed);
                    Record::follow(g, &v).unwrap();
                }
                _ => continue,
            }
            if let Some(g) = game.as_ref().filter(|g| !g.is_over()) {
                let seat = g.current_player();
                let legal = g.legal_actions();
                let a = RecordAction::from_action(&legal[rng.below(legal.len())], g.tiles()).to_value();
                let n = g.history().len();
                if stats.think_ms > 0 {
                    tokio::time::sleep(Duration::from_millis(stats.think_ms)).await;
                }
                waiting = Some((seat, n, Instant::now()));
                send(&mut socks[seat], json!({"type": "act", "n": n, "action": a})).await;
            }
        }
    }

    async fn create_room(ws: &mut Ws, clock: Option<u64>) -> (String, Vec<String>) {
        let seats: Vec<Value> = (0..4).map(|i| json!({"name": format!("P{i}"), "kind": "person"})).collect();
        let mut create = json!({"type": "create", "seats": seats, "sets": ["base"]});
        if let Some(base) = clock {
            create["clock"] = json!({"base": base, "increment": 5});
        }
        send(ws, create).await;
        loop {
            let Some(Ok(Message::Text(t))) = ws.next().await else { panic!("create") };
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "created" {
                let tokens = v["tokens"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
                return (v["room"].as_str().unwrap().to_string(), tokens);
            }
        }
    }

    fn percentile(v: &mut [f64], p: f64) -> f64 {
        if v.is_empty() {
            return 0.0;
        }
        v.sort_by(|a, b| a.total_cmp(b));
        v[((v.len() - 1) as f64 * p).round() as usize]
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let get = |k: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).cloned();
        let sizes: Vec<usize> = get("--rooms")
            .unwrap_or_else(|| "100,1000".into())
            .split(',')
            .map(|n| n.parse().expect("--rooms 100,1000"))
            .collect();
        let secs: u64 = get("--secs").and_then(|s| s.parse().ok()).unwrap_or(20);
        let think_ms: u64 = get("--think-ms").and_then(|s| s.parse().ok()).unwrap_or(0);
        let store = get("--store").unwrap_or_else(|| "sqlite".into());
        let instances: usize = get("--instances").and_then(|s| s.parse().ok()).unwrap_or(1);
        let clock: Option<u64> = get("--clock").map(|s| s.parse().expect("--clock seconds"));
        assert!(store == "sqlite" || store == "postgres", "--store sqlite|postgres");
        assert!(instances == 1 || store == "postgres", "several instances share PostgreSQL only");
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        rt.block_on(async move {
            for n in sizes {
                let dir = std::env::temp_dir().join(format!("carc-load-{}-{n}", std::process::id()));
                std::fs::create_dir_all(&dir).unwrap();
                let db = match store.as_str() {
                    "postgres" => Db::Postgres(super::postgres::cluster().database(&format!("load{n}"))),
                    _ => Db::Sqlite(dir.join("rooms.db")),
                };
                let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db);
                config.bot_delay_ms = 0;
                config.rooms_per_address = usize::MAX;
                config.max_connections = 20_000;
                config.connections_per_address = usize::MAX;
                config.messages_per_sec = 10_000;
                config.idle_secs = 3600;
                let mut addrs = Vec::new();
                let mut servers = Vec::new();
                for _ in 0..instances {
                    let (addr, run) = bind(config.clone()).await.unwrap();
                    addrs.push(addr);
                    servers.push(tokio::spawn(run));
                }
                let mut creators = Vec::new();
                for addr in &addrs {
                    creators.push(tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await.unwrap().0);
                }
                let before = rss_kb();
                let mut rooms = Vec::new();
                for r in 0..n {
                    rooms.push(create_room(&mut creators[r % instances], clock).await);
                }
                let idle = rss_kb();
                let stats = Arc::new(Stats {
                    actions: AtomicU64::new(0),
                    latencies: Mutex::new(Vec::new()),
                    stop: AtomicBool::new(false),
                    think_ms,
                });
                let mut tasks = Vec::new();
                for (r, (room, tokens)) in rooms.iter().enumerate() {
                    let addrs = addrs.clone();
                    tasks.push(tokio::spawn(room_clients(
                        addrs,
                        room.clone(),
                        tokens.clone(),
                        r as u64,
                        stats.clone(),
                    )));
                }
                // Everyone connects and the games start; then the clock runs.
                tokio::time::sleep(Duration::from_millis(1000 + 2 * n as u64)).await;
                let t0 = Instant::now();
                stats.actions.store(0, Ordering::Relaxed);
                stats.latencies.lock().unwrap().clear();
                tokio::time::sleep(Duration::from_secs(secs)).await;
                let actions = stats.actions.load(Ordering::Relaxed);
                let elapsed = t0.elapsed().as_secs_f64();
                let active = rss_kb();
                stats.stop.store(true, Ordering::Relaxed);
                let mut lat = std::mem::take(&mut *stats.latencies.lock().unwrap());
                for t in tasks {
                    let _ = tokio::time::timeout(Duration::from_secs(5), t).await;
                }
                for s in servers {
                    s.abort();
                }
                println!(
                    "{}",
                    json!({
                        "store": store, "instances": instances, "clock_secs": clock,
                        "rooms": n, "connections": 4 * n, "think_ms": think_ms, "seconds": elapsed,
                        "actions_per_sec": actions as f64 / elapsed,
                        "latency_ms_p50": percentile(&mut lat, 0.5), "latency_ms_p99": percentile(&mut lat, 0.99),
                        "moves_timed": lat.len(),
                        "kb_per_idle_room": (idle.saturating_sub(before)) as f64 / n as f64,
                        "kb_per_active_room": (active.saturating_sub(before)) as f64 / n as f64,
                    })
                );
                let _ = std::fs::remove_dir_all(&dir);
            }
        });
    }
}
