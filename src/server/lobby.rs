//! What each client message does, one function per message: create, join, claim, start
//! or rematch, act, chat, hand a seat to a computer, and "my games". A join or a claim goes
//! first to where its room is served ([`super::hub::room`]).

use super::accounts::{self, Account, AccountError};
use super::bots::play_computers;
use super::clock::{ClockRule, Timeout};
use super::forward;
use super::hub::{self, room, Place, Server, Unserved};
use super::protocol::{self, ClientMsg, SeatKind, ServerMsg};
use super::quick::{Paired, QuickRefusal, Ticket, Wish};
use super::random::{random_id, random_seed};
use super::ratings;
use super::refusal::{RatedWhy, Refusal};
use super::room::{self, hash, seat_meta, Meta, Progress, Room};
use super::socket::{leave, Client};
use super::store::{self, Lease};
use crate::ai::Level;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::Mutex;

/// What handling a message came to.
pub(super) enum Handled {
    /// Answers for the client.
    Replies(Vec<ServerMsg>),
    /// Its room is served by another instance, now connected: pass the message on.
    Forward(Box<forward::Upstream>),
    /// Its room is served elsewhere and this connection was forwarded here: the client
    /// reconnects (instances never forward in a chain).
    Moved,
}

/// A message, answered by its own function below; a join or a claim goes first to where
/// its room is served.
pub(super) async fn handle(server: &Arc<Server>, c: &mut Client, m: ClientMsg, ip: IpAddr) -> Handled {
    let answer = match m {
        ClientMsg::Ping => Ok(vec![ServerMsg::Pong]),
        ClientMsg::Legal => match &c.room {
            Some(r) => r.lock().await.legal().map(|m| vec![m]),
            None => Err(Refusal::JoinFirst),
        },
        ClientMsg::Create { seats, sets, options, absent_secs, clock, public, rated, duplicate } => {
            let accounts = vec![c.account.clone()];
            let room = NewRoom { seats, sets, options, absent_secs, clock, public, rated, duplicate, accounts };
            create(server, ip, room).await.map(|m| vec![m])
        }
        ClientMsg::Lobby => server.listing.answer(&server.store, server.config.time.now_ms()).await.map(|m| vec![m]),
        ClientMsg::Quick { name, sets, clock, rated } => {
            return quick(server, c, ip, name, Wish { sets, clock, rated }).await;
        }
        ClientMsg::QuickCancel => {
            server.quick.cancel(c.id);
            c.quick = None;
            Ok(vec![ServerMsg::Quick { waiting: false }])
        }
        ClientMsg::Join { room: id, token, name } => match served(server, c, &id, ip).await {
            Ok(r) => join(server, c, r, token, name).await,
            Err(elsewhere) => return elsewhere,
        },
        ClientMsg::Claim { room: id, name, secret } => match served(server, c, &id, ip).await {
            Ok(r) => claim(server, r, name, secret, c.account.as_ref()).await,
            Err(elsewhere) => return elsewhere,
        },
        ClientMsg::Start | ClientMsg::Rematch => start(server, c).await,
        ClientMsg::Act { n, action } => act(server, c, n, action).await,
        ClientMsg::Games { rooms } => games(server, rooms).await.map(|m| vec![m]),
        ClientMsg::Chat { text } => chat(server, c, text).await,
        ClientMsg::Computer { seat, level } => computer(server, c, ip, seat, level).await,
    };
    Handled::Replies(answer.unwrap_or_else(|e| vec![ServerMsg::refused(&e)]))
}

/// The room a join or a claim names, when it is served here; otherwise what to do with the
/// message (pass it to the owner, send the client back, or refuse it).
async fn served(server: &Arc<Server>, c: &mut Client, id: &str, ip: IpAddr) -> Result<Arc<Mutex<Room>>, Handled> {
    match room(server, id, ip, c.account_id(), !c.forwarded).await {
        Ok(Place::Here(r)) => {
            // A game whose turn is a computer's when it was loaded goes on.
            play_computers(server.clone(), r.clone());
            Ok(r)
        }
        Ok(Place::There(up)) => {
            leave(c).await;
            Err(Handled::Forward(up))
        }
        Err(Unserved::Elsewhere) => Err(Handled::Moved),
        Err(Unserved::Refused(e)) => Err(Handled::Replies(vec![ServerMsg::refused(&e)])),
    }
}

/// `join`: follow the room, with a seat's token to play it (under a `name` its player chose,
/// before the game starts), without to watch; the answer is the room, its game and its chat.
async fn join(
    server: &Server,
    c: &mut Client,
    r: Arc<Mutex<Room>>,
    token: Option<String>,
    name: Option<String>,
) -> Result<Vec<ServerMsg>, Refusal> {
    leave(c).await;
    let mut guard = r.lock().await;
    // Named first: a name that cannot be saved leaves the client outside, as it was.
    if let (Some(token), Some(name)) = (token.as_deref(), name) {
        guard.rename(&server.store, token, name).await?;
    }
    let (seat, hosts) = guard.enter(token.as_deref(), server.config.watchers_per_room)?;
    c.rx = Some(guard.tx.subscribe());
    c.seat = seat;
    c.hosts = hosts;
    c.room = Some(r.clone());
    let mut out = vec![guard.info(seat, c.hosts)];
    out.extend(guard.state(seat));
    out.extend(guard.chat());
    Ok(out)
}

/// `claim`: take an open seat under a name; the answer is the seat's token.
async fn claim(
    server: &Server,
    r: Arc<Mutex<Room>>,
    name: String,
    secret: Option<String>,
    account: Option<&Account>,
) -> Result<Vec<ServerMsg>, Refusal> {
    let mut guard = r.lock().await;
    let (seat, token) = guard.claim(&server.store, name, secret.as_deref(), account).await?;
    Ok(vec![ServerMsg::Claimed { room: guard.id.clone(), seat, token }])
}

/// `start` and `rematch`: the host starts a game (everyone hears of it).
async fn start(server: &Arc<Server>, c: &Client) -> Result<Vec<ServerMsg>, Refusal> {
    let r = c.room.clone().ok_or(Refusal::JoinFirst)?;
    let mut guard = r.lock().await;
    if !c.hosts {
        return Err(Refusal::OnlyHostStarts);
    }
    if guard.game.is_some() && !guard.is_over() {
        return Err(Refusal::GameRunning);
    }
    guard.start(&server.store, &server.tiles, random_seed()).await?;
    let info = guard.info(None, false);
    guard.broadcast(info);
    guard.broadcast_state();
    drop(guard);
    play_computers(server.clone(), r);
    Ok(vec![])
}

/// `act`: a player's action for its own seat (everyone hears of it).
async fn act(server: &Arc<Server>, c: &Client, n: usize, action: Value) -> Result<Vec<ServerMsg>, Refusal> {
    let (Some(r), Some(seat)) = (c.room.clone(), c.seat) else {
        return Err(Refusal::WatcherMayNotAct);
    };
    let mut guard = r.lock().await;
    if guard.computer(seat).is_some() {
        return Err(Refusal::ComputerPlaysSeat);
    }
    guard.act(&server.store, seat, n, &action).await?;
    ratings::settle(&server.store, &guard, server.config.rating_period_secs).await;
    drop(guard);
    play_computers(server.clone(), r);
    Ok(vec![])
}

/// `chat`: a player says something to the room.
async fn chat(server: &Server, c: &Client, text: String) -> Result<Vec<ServerMsg>, Refusal> {
    let (Some(r), Some(seat)) = (c.room.clone(), c.seat) else {
        return Err(Refusal::WatcherMayNotChat);
    };
    r.lock().await.say(&server.store, seat, text).await?;
    Ok(vec![])
}

/// `computer`: the host hands a seat to a computer (counted against the address's quota).
async fn computer(
    server: &Arc<Server>,
    c: &Client,
    ip: IpAddr,
    seat: usize,
    level: String,
) -> Result<Vec<ServerMsg>, Refusal> {
    let r = c.room.clone().ok_or(Refusal::JoinFirst)?;
    let level: Level = level.parse().map_err(Refusal::Level)?;
    if !c.hosts {
        return Err(Refusal::OnlyHostHandsOver);
    }
    let taken = server.computers_asked.take(ip, 1)?;
    let mut guard = r.lock().await;
    if let Err(e) = guard.hand_to_computer(&server.store, seat, level).await {
        server.computers_asked.give_back(taken);
        return Err(e);
    }
    drop(guard);
    play_computers(server.clone(), r);
    Ok(vec![])
}

/// "My games": how each room stands, and which seat the token this browser holds there
/// plays in it now (none: handed to a computer). Read from the store as the last write left
/// it, so no room is loaded and any instance answers; rooms that do not exist are left out.
async fn games(server: &Server, asked: Vec<(String, String)>) -> Result<ServerMsg, Refusal> {
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

/// A room as `create` asks for it.
struct NewRoom {
    seats: Vec<protocol::SeatRequest>,
    sets: Vec<String>,
    options: Value,
    absent_secs: u64,
    clock: Option<ClockRule>,
    public: bool,
    /// A rated room.
    rated: bool,
    /// A duplicate room.
    duplicate: bool,
    /// The seats' accounts where known: the creator's (seat 0), both players' for quick play.
    accounts: Vec<Option<Account>>,
}

/// `quick`: wait for a player who wants the same sets and clock, or pair with one who
/// waits: a public room of the two is made (the one who waited longer in seat 0, the host)
/// and its game started; each hears `paired` with its seat's token. Where another
/// instance pairs (PostgreSQL), the request goes there.
async fn quick(server: &Arc<Server>, c: &mut Client, ip: IpAddr, name: String, wish: Wish) -> Handled {
    leave(c).await;
    match hub::quick_host(server, ip, c.account_id(), !c.forwarded).await {
        Ok(None) => {}
        Ok(Some(up)) => return Handled::Forward(Box::new(up)),
        Err(Unserved::Elsewhere) => return Handled::Moved,
        Err(Unserved::Refused(e)) => return Handled::Replies(vec![ServerMsg::refused(&e)]),
    }
    let answer = pair(server, c, ip, name, wish).await;
    Handled::Replies(vec![answer.unwrap_or_else(|e| ServerMsg::refused(&e))])
}

/// Queue a ticket, or pair it with the one that waited longest for the same wish.
async fn pair(
    server: &Arc<Server>,
    c: &mut Client,
    ip: IpAddr,
    name: String,
    wish: Wish,
) -> Result<ServerMsg, Refusal> {
    // A wish that could never start a game is refused before it waits.
    check_setup(server, ["A", "B"], &wish.sets, &json!({}))?;
    let (tell, rx) = tokio::sync::oneshot::channel();
    if wish.rated && (c.account.is_none() || wish.clock.is_none()) {
        return Err(Refusal::Rated(RatedWhy::QuickNeeds));
    }
    let account = c.account.clone();
    let ticket =
        Ticket { name: name.clone(), ip, wish: wish.clone(), tell, connection: c.id, account: account.clone() };
    let mate = match server.quick.ask(ticket) {
        Err(QuickRefusal::TooMany) => return Err(Refusal::QuickTooMany),
        Err(QuickRefusal::Full) => return Err(Refusal::QuickFull),
        Ok(None) => {
            c.quick = Some(rx);
            return Ok(ServerMsg::Quick { waiting: true });
        }
        Ok(Some(mate)) if wish.rated && mate.account.as_ref().map(|a| &a.id) == account.as_ref().map(|a| &a.id) => {
            server.quick.put_back(mate);
            return Err(Refusal::Rated(RatedWhy::Waiting));
        }
        Ok(Some(mate)) => mate,
    };
    let seats = [&mate.name, &name].map(|n| protocol::SeatRequest { name: n.clone(), kind: SeatKind::Person });
    let asked = NewRoom {
        seats: seats.into(),
        sets: wish.sets,
        options: json!({}),
        absent_secs: 120,
        clock: wish.clock,
        public: true,
        rated: wish.rated,
        duplicate: false,
        accounts: vec![mate.account.clone(), account],
    };
    let made = match create(server, ip, asked).await {
        Ok(ServerMsg::Created { room, tokens, .. }) => start_paired(server, &room).await.map(|()| (room, tokens)),
        Ok(_) => Err(Refusal::Damaged("a room was made without its tokens".into())),
        Err(e) => Err(e),
    };
    let (room, tokens) = match made {
        Ok(made) => made,
        Err(e) => {
            server.quick.put_back(mate);
            return Err(e);
        }
    };
    let token = |s: usize| tokens[s].clone().expect("a person's seat has a token");
    // A mate that left this very moment finds its seat's clock running, as any absent player.
    let _ = mate.tell.send(Paired { room: room.clone(), seat: 0, token: token(0) });
    Ok(ServerMsg::Paired { room, seat: 1, token: token(1) })
}

/// The game of a room quick play just made starts at once.
async fn start_paired(server: &Arc<Server>, id: &str) -> Result<(), Refusal> {
    let r = server.rooms.lock().expect("rooms").get(id).cloned().ok_or(Refusal::NoSuchRoom)?;
    let mut guard = r.lock().await;
    guard.start(&server.store, &server.tiles, random_seed()).await
}

/// Create a room: its seats' tokens (the creator's is seat 0's, the others are the invite
/// links), stored hashed; a room whose seat 0 is a computer (computers only, a showcase) has
/// a host token instead, for the creator. Limited per address and in all.
async fn create(server: &Arc<Server>, ip: IpAddr, asked: NewRoom) -> Result<ServerMsg, Refusal> {
    // The address's quotas are taken while the room is made, and given back if it is not.
    let computers = asked.seats.iter().filter(|s| matches!(s.kind, SeatKind::Computer(_))).count();
    let room_taken = server.rooms_made.take(ip, 1)?;
    let computers_taken = match server.computers_asked.take(ip, computers) {
        Ok(t) => t,
        Err(e) => {
            server.rooms_made.give_back(room_taken);
            return Err(e);
        }
    };
    let made = make_room(server, ip, asked).await;
    if made.is_err() {
        server.rooms_made.give_back(room_taken);
        server.computers_asked.give_back(computers_taken);
    }
    made
}

/// A rated room's conditions (docs/online.md, "Ratings"): two seats, the creator's (signed
/// in) and an open seat, a computer (under its anchor account) or, from quick play, the
/// other signed-in player; a clock, whose timeout becomes a loss; the standard rules.
/// Person seats take their accounts' names. Returns the kind and each seat's account.
async fn rated_room(
    server: &Server,
    seats: &mut [protocol::SeatRequest],
    sets: &[String],
    options: &Value,
    clock: &mut Option<ClockRule>,
    accounts: &[Option<Account>],
) -> Result<(String, Vec<Option<String>>), Refusal> {
    let kind = ratings::kind(sets, options).ok_or(Refusal::Rated(RatedWhy::Rules))?;
    if seats.len() != 2 {
        return Err(Refusal::Rated(RatedWhy::TwoSeats));
    }
    let rule = clock.as_mut().ok_or(Refusal::Rated(RatedWhy::Clock))?;
    rule.timeout = Timeout::Loss;
    let mut ids = Vec::new();
    for (i, seat) in seats.iter_mut().enumerate() {
        let id = match (&seat.kind, accounts.get(i).cloned().flatten()) {
            (SeatKind::Person, Some(a)) => {
                seat.name = a.name;
                Some(a.id)
            }
            (SeatKind::Person, None) if i == 0 => return Err(Refusal::Rated(RatedWhy::SignInToMake)),
            (SeatKind::Person, None) => return Err(Refusal::Rated(RatedWhy::Invited)),
            (SeatKind::Open, _) => None,
            (SeatKind::Computer(level), _) => {
                let level: Level = level.parse().map_err(Refusal::Level)?;
                let name = format!("Computer ({})", level.name());
                let now = server.config.time.now_ms();
                let a = accounts::program_account(&server.store, &name, now).await.map_err(|e| match e {
                    AccountError::Store(e) => Refusal::Store(e),
                    _ => Refusal::Damaged("the computer's account".into()),
                })?;
                seat.name = name;
                Some(a.id)
            }
        };
        ids.push(id);
    }
    if seats[0].kind != SeatKind::Person {
        return Err(Refusal::Rated(RatedWhy::FirstSeat));
    }
    if ids[0].is_some() && ids[0] == ids[1] {
        return Err(Refusal::Rated(RatedWhy::Yourself));
    }
    Ok((kind, ids))
}

/// Make a room once the address may (see [`create`]).
async fn make_room(server: &Arc<Server>, ip: IpAddr, asked: NewRoom) -> Result<ServerMsg, Refusal> {
    let NewRoom { mut seats, sets, options, absent_secs, mut clock, public, rated, duplicate, accounts } = asked;
    if duplicate && (seats.len() != 2 || options.get("coop").is_some_and(|c| !c.is_null())) {
        return Err(Refusal::Setup("a duplicate match is for two seats, not the cooperative game".into()));
    }
    if duplicate && options.get("first_player").is_some() {
        return Err(Refusal::Setup("a duplicate match chooses who starts each game itself".into()));
    }
    // Live rooms, counted in memory: no database work, and a room that ended and went idle
    // frees its place.
    if server.rooms.lock().expect("rooms").len() as u64 >= server.config.max_rooms {
        return Err(Refusal::ServerFull);
    }
    for s in &seats {
        if let SeatKind::Computer(level) = &s.kind {
            level.parse::<Level>().map_err(Refusal::Level)?;
        }
    }
    let rated_seats = match rated {
        true => Some(rated_room(server, &mut seats, &sets, &options, &mut clock, &accounts).await?),
        false => None,
    };
    let mut tokens = Vec::new();
    let meta_seats = seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let token = (s.kind == SeatKind::Person).then(random_id);
            let mut seat = seat_meta(&s.name, &s.kind, token.as_deref().map(hash));
            seat.account = rated_seats.as_ref().and_then(|(_, a)| a[i].clone());
            tokens.push(token);
            seat
        })
        .collect();
    let host = (seats[0].kind != SeatKind::Person).then(random_id);
    // A public room's open seats are taken from the lobby, without a secret.
    let open = (!public && seats.iter().any(|s| s.kind == SeatKind::Open)).then(random_id);
    let meta = Meta {
        host: host.as_deref().map(hash),
        open: open.as_deref().map(hash),
        clock,
        public,
        rated: rated_seats.map(|(kind, _)| kind),
        duplicate: duplicate.then(room::Duplicate::default),
        ..Meta::new(meta_seats, sets, options, absent_secs)
    };
    // The setup is checked now, so that a room that could never start is not made.
    let mut probe = Room::new(String::new(), meta.clone(), None);
    check_setup(server, meta.seats.iter().map(|s| s.name.as_str()), &meta.sets, &meta.options)?;
    let id = random_id();
    probe.id = id.clone();
    probe.address = ip;
    probe.time = server.config.time.clone();
    // A new id's lease is free: this instance serves the room it made.
    if server.store.lease(&id).await? != Lease::Ours {
        return Err(Refusal::NewRoomElsewhere);
    }
    let public_at = public.then(|| server.config.time.now_ms());
    server.store.new_room(&id, serde_json::to_string(&meta).expect("plain data"), public_at).await?;
    server.rooms.lock().expect("rooms").insert(id.clone(), probe.shared());
    Ok(ServerMsg::Created { room: id, tokens, host, open })
}

/// Refuses a setup that could never start a game (a room's, or a quick-play wish's), so
/// that no room is made and no wish waits for one: seats named `names`, `sets` and
/// `options` as the client gave them.
fn check_setup<'a>(
    server: &Server,
    names: impl IntoIterator<Item = &'a str>,
    sets: &[String],
    options: &Value,
) -> Result<(), Refusal> {
    let players: Vec<Value> = names.into_iter().map(|name| json!({ "name": name })).collect();
    let setup = json!({"players": players, "sets": sets, "options": options, "seed": 1});
    let setup = crate::record::parse_setup(&setup).map_err(|e| Refusal::Setup(e.to_string()))?;
    crate::engine::Game::new(server.tiles.clone(), setup).map_err(|e| Refusal::Setup(e.to_string()))?;
    Ok(())
}
