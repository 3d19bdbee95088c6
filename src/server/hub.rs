//! The rooms this instance holds in memory ([`Server`], shared by every connection): a
//! room found, loaded from the store, or (PostgreSQL) found at the instance holding its
//! lease ([`room`]); idle rooms swept out of memory ([`sweep`]); leases renewed, and rooms
//! whose lease was lost let go ([`leases`]); seats whose time ran out dealt with
//! ([`clocks`]).

use super::config::Config;
use super::refusal::Refusal;
use super::room::{self, Room};
use super::store::{Instance, Lease, Store, StoreError};
use super::{address::address_key, forward, listing, planners, quick, quota, random::random_id};
use crate::engine::TileSet;
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, RwLock, Weak};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// Everything the handlers share.
pub struct Server {
    pub(super) config: Config,
    pub(super) store: Store,
    pub(super) tiles: Arc<TileSet>,
    pub(super) rooms: StdMutex<HashMap<String, Arc<Mutex<Room>>>>,
    pub(super) rooms_made: quota::Quota,
    pub(super) computers_asked: quota::Quota,
    /// Passkey ceremonies started per address (sign-ups, sign-ins, passkeys added).
    pub(super) account_requests: quota::Quota,
    /// Accounts made per address.
    pub(super) accounts_made: quota::Quota,
    pub(super) planners: planners::Planners,
    /// Other instances' addresses: exempt from the per-address connection cap.
    pub(super) peers: Arc<RwLock<HashSet<IpAddr>>>,
    /// Quick play's queue (used where this instance pairs).
    pub(super) quick: quick::QuickPlay,
    /// This instance holds the quick-play lease (PostgreSQL: it pairs for all).
    pub(super) quick_held: AtomicBool,
    /// The public lobby, as last read.
    pub(super) listing: listing::Listing,
    /// Numbers connections (a quick-play ticket is cancelled by its connection's).
    pub(super) connections: AtomicU64,
}

impl Server {
    /// The shared state of a server on this configuration's database, listening at `addr`.
    pub(super) async fn open(config: Config, addr: SocketAddr) -> Result<Arc<Server>, StoreError> {
        let host = if addr.ip().is_unspecified() { std::net::Ipv4Addr::LOCALHOST.into() } else { addr.ip() };
        let me = Instance {
            id: random_id(),
            url: config.advertise.clone().unwrap_or_else(|| format!("ws://{}/ws", SocketAddr::new(host, addr.port()))),
            lease_secs: config.lease_secs.max(1.0),
        };
        Ok(Arc::new(Server {
            store: Store::open(&config.db, &me, &config.time).await?,
            peers: Arc::default(),
            tiles: TileSet::builtin(),
            rooms: StdMutex::new(HashMap::new()),
            rooms_made: quota::Quota::new(config.rooms_per_address, "rooms"),
            computers_asked: quota::Quota::new(config.computers_per_address, "computer players"),
            account_requests: quota::Quota::new(config.account_requests_per_address, "passkey requests"),
            accounts_made: quota::Quota::new(config.accounts_per_address, "accounts"),
            planners: planners::Planners::new(config.planners),
            quick: quick::QuickPlay::default(),
            quick_held: AtomicBool::new(false),
            listing: listing::Listing::default(),
            connections: AtomicU64::new(0),
            config,
        }))
    }
}

/// Rooms nobody is in leave memory after a while (they load again on the next visit).
/// Ends with the server (it holds it weakly).
pub(super) async fn sweep(server: Weak<Server>) {
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
pub(super) async fn leases(server: Weak<Server>) {
    loop {
        let Some(every) = server.upgrade().map(|s| s.config.lease_secs.max(1.0) / 3.0) else { return };
        tokio::time::sleep(Duration::from_secs_f64(every)).await;
        let Some(s) = server.upgrade() else { return };
        // Rooms loaded after this list keep the lease they just took until the next round.
        let held: Vec<(String, Arc<Mutex<Room>>)> =
            s.rooms.lock().expect("rooms").iter().map(|(id, r)| (id.clone(), r.clone())).collect();
        let mut ids: Vec<String> = held.iter().map(|(id, _)| id.clone()).collect();
        let pairs = s.quick_held.load(Ordering::Relaxed);
        if pairs {
            ids.push(quick::QUICK_LEASE.to_string());
        }
        match s.store.renew(&ids).await {
            Ok(Some(kept)) => {
                if pairs && !kept.contains(quick::QUICK_LEASE) {
                    s.quick_held.store(false, Ordering::Relaxed);
                }
                for (id, room) in held.into_iter().filter(|(id, _)| !kept.contains(id)) {
                    {
                        let mut rooms = s.rooms.lock().expect("rooms");
                        if rooms.get(&id).is_some_and(|r| Arc::ptr_eq(r, &room)) {
                            rooms.remove(&id);
                        }
                    }
                    let _ = room.lock().await.tx.send(room::Broadcast::Moved);
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

/// How often the clock watch looks at the rooms in memory.
const CLOCK_TICK: Duration = Duration::from_millis(200);
/// How often it looks in the store for rooms whose time runs out soon (rooms not in
/// memory: swept, or served by an instance that died).
const CLOCK_STORE_TICKS: u32 = 5;
/// Rooms the clock watch loads at most per look at the store.
const CLOCK_LOADS: usize = 100;

/// The clock watch: a seat whose time ran out is dealt with by its room's rule (a computer
/// takes it, or it loses) within [`CLOCK_TICK`]; rooms whose time runs out within two
/// looks at the store are loaded first, wherever they were. Ends with the server.
pub(super) async fn clocks(server: Weak<Server>) {
    let mut tick = 0u32;
    loop {
        tokio::time::sleep(CLOCK_TICK).await;
        let Some(s) = server.upgrade() else { return };
        if tick % CLOCK_STORE_TICKS == 0 {
            let soon = s.config.time.now_ms() + 2 * CLOCK_STORE_TICKS as u64 * CLOCK_TICK.as_millis() as u64;
            for id in s.store.due(soon, CLOCK_LOADS).await.unwrap_or_default() {
                if s.rooms.lock().expect("rooms").contains_key(&id) {
                    continue;
                }
                if let Ok(Place::Here(r)) = room(&s, &id, std::net::Ipv4Addr::UNSPECIFIED.into(), None, false).await {
                    super::bots::play_computers(s.clone(), r);
                }
            }
        }
        tick = tick.wrapping_add(1);
        let held: Vec<Arc<Mutex<Room>>> = s.rooms.lock().expect("rooms").values().cloned().collect();
        for r in held {
            // A room busy (a move being saved) is looked at on the next tick.
            let Ok(mut guard) = r.try_lock() else { continue };
            if guard.out_of_time().is_none() {
                continue;
            }
            match guard.time_out(&s.store).await {
                Ok(true) => {
                    super::ratings::settle(&s.store, &guard, s.config.rating_period_secs).await;
                    drop(guard);
                    super::bots::play_computers(s.clone(), r);
                }
                Ok(false) => {}
                Err(e) => eprintln!("carc serve: room {}: a clock ran out but could not be saved: {e}", guard.id),
            }
        }
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
    server.account_requests.prune();
    server.accounts_made.prune();
}

/// Where a room is served.
pub(super) enum Place {
    /// Here, in memory.
    Here(Arc<Mutex<Room>>),
    /// By another instance, connected to for this client.
    There(Box<forward::Upstream>),
}

/// Why a room is not served to a client.
#[derive(Debug)]
pub(super) enum Unserved {
    /// Another instance holds it and this connection was forwarded here: the client
    /// reconnects (instances never forward in a chain).
    Elsewhere,
    /// No such room, or it could not be loaded or reached.
    Refused(Refusal),
}

impl From<StoreError> for Unserved {
    fn from(e: StoreError) -> Unserved {
        match e {
            StoreError::NotOurs => Unserved::Elsewhere,
            e => Unserved::Refused(Refusal::Store(e)),
        }
    }
}

impl From<Refusal> for Unserved {
    fn from(r: Refusal) -> Unserved {
        Unserved::Refused(r)
    }
}

/// Where quick play pairs: here (None), or (PostgreSQL) at the instance holding the
/// quick-play lease, connected to for a client at `ip` (taken here when nobody holds it).
pub(super) async fn quick_host(
    server: &Arc<Server>,
    ip: IpAddr,
    account: Option<&str>,
    may_forward: bool,
) -> Result<Option<forward::Upstream>, Unserved> {
    let deadline = Instant::now() + Duration::from_secs_f64(server.config.lease_secs.max(1.0) + 2.0);
    loop {
        let url = match server.store.lease(quick::QUICK_LEASE).await? {
            Lease::Ours => {
                server.quick_held.store(true, Ordering::Relaxed);
                return Ok(None);
            }
            Lease::Theirs(_) if !may_forward => return Err(Unserved::Elsewhere),
            Lease::Theirs(url) => url,
        };
        let secret = server.store.cluster_secret().unwrap_or_default();
        match forward::open(&url, secret, ip, account).await {
            Ok(up) => return Ok(Some(up)),
            Err(e) if Instant::now() > deadline => return Err(Unserved::Refused(Refusal::Unreachable(e))),
            Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    }
}

/// A room by id: in memory, loaded from the store once its lease is ours, or (PostgreSQL)
/// served by the instance holding its lease, connected to for a client at `ip`. An owner
/// that cannot be reached (it died) is tried again until its lease has run out and this
/// instance takes the room. A room loaded from disk plans its computers as the address
/// that loaded it.
pub(super) async fn room(
    server: &Arc<Server>,
    id: &str,
    ip: IpAddr,
    account: Option<&str>,
    may_forward: bool,
) -> Result<Place, Unserved> {
    let deadline = Instant::now() + Duration::from_secs_f64(server.config.lease_secs.max(1.0) + 2.0);
    loop {
        if let Some(r) = server.rooms.lock().expect("rooms").get(id) {
            return Ok(Place::Here(r.clone()));
        }
        let url = match server.store.lease(id).await? {
            Lease::Ours => break,
            Lease::Theirs(_) if !may_forward => return Err(Unserved::Elsewhere),
            Lease::Theirs(url) => url,
        };
        let secret = server.store.cluster_secret().unwrap_or_default();
        match forward::open(&url, secret, ip, account).await {
            Ok(up) => return Ok(Place::There(Box::new(up))),
            Err(e) if Instant::now() > deadline => return Err(Unserved::Refused(Refusal::Unreachable(e))),
            Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    }
    let Some(stored) = server.store.load(id).await? else {
        server.store.release(id).await;
        return Err(Unserved::Refused(Refusal::NoSuchRoom));
    };
    // Replaying a room is CPU work: not on the async threads.
    let (tiles, key) = (server.tiles.clone(), id.to_string());
    let mut loaded = tokio::task::spawn_blocking(move || Room::from_stored(&key, stored, &tiles))
        .await
        .map_err(|_| Unserved::Refused(Refusal::Damaged("loading the room failed".into())))??;
    loaded.address = ip;
    loaded.time = server.config.time.clone();
    // A rated game that ended while its rating was not written (a crash between the two).
    super::ratings::settle(&server.store, &loaded, server.config.rating_period_secs).await;
    let mut rooms = server.rooms.lock().expect("rooms");
    let r = rooms.entry(id.to_string()).or_insert_with(|| loaded.shared()).clone();
    Ok(Place::Here(r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::room::Meta;
    use serde_json::json;

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
        let meta = Meta::new(vec![], vec![], json!({}), 0);
        let id = "r".to_string();
        server.rooms.lock().unwrap().insert(id.clone(), Room::new(id.clone(), meta, None).shared());
        let Ok(Place::Here(entering)) = room(&server, &id, "127.0.0.1".parse().unwrap(), None, false).await else {
            panic!("the room is here")
        };
        sweep_once(&server);
        let kept = server.rooms.lock().unwrap().get(&id).cloned().expect("the room stays while a join holds it");
        assert!(Arc::ptr_eq(&kept, &entering));
        drop((kept, entering));
        sweep_once(&server);
        assert!(server.rooms.lock().unwrap().is_empty(), "an idle room nobody holds is unloaded");
    }
}
