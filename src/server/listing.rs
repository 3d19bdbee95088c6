//! The public lobby (issue 38): which public rooms wait for players and which games are
//! played, read from the store (so every instance lists every instance's rooms) and kept
//! for [`LOBBY_EVERY`], so that however often clients ask, the store is read about once a
//! second. Nothing listed is more than a watcher sees: names, kinds, sets, clock, status.

use super::protocol::{LobbyRoom, LobbySeat, Occupant, ServerMsg, LOBBY_KEPT};
use super::refusal::Refusal;
use super::room::{Meta, Progress};
use super::store::{Store, Summary};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long one reading of the lobby is answered from memory.
pub const LOBBY_EVERY: Duration = Duration::from_secs(1);
/// Public rooms read at most per reading (the newest).
pub const LOBBY_READ: usize = 1000;
/// Public rooms older than this are not listed (milliseconds).
pub const LOBBY_AGE_MS: u64 = 30 * 86_400_000;

/// The lobby as last read.
#[derive(Default)]
pub struct Listing {
    read: Mutex<Option<(Instant, ServerMsg)>>,
}

impl Listing {
    /// The lobby frame: from memory if read less than [`LOBBY_EVERY`] ago, else from the
    /// store (`now`: milliseconds since 1970).
    pub async fn answer(&self, store: &Store, now: u64) -> Result<ServerMsg, Refusal> {
        if let Some((at, frame)) = self.read.lock().expect("lobby").as_ref() {
            if at.elapsed() < LOBBY_EVERY {
                return Ok(frame.clone());
            }
        }
        let rooms = store.public_rooms(now.saturating_sub(LOBBY_AGE_MS), LOBBY_READ).await?;
        let frame = lobby_of(&rooms);
        *self.read.lock().expect("lobby") = Some((Instant::now(), frame.clone()));
        Ok(frame)
    }
}

/// The lobby frame of these public rooms (newest first): those in their lobby with an open
/// seat wait for players; those whose game runs are live. Rooms that do not read are left
/// out.
pub fn lobby_of(rooms: &[Summary]) -> ServerMsg {
    let (mut waiting, mut live) = (Vec::new(), Vec::new());
    for s in rooms {
        let Ok(meta) = serde_json::from_str::<Meta>(&s.meta) else { continue };
        if !meta.public {
            continue;
        }
        let progress = s.progress.as_deref().and_then(|p| serde_json::from_str::<Progress>(p).ok());
        let entry = |status| LobbyRoom {
            room: s.id.clone(),
            sets: meta.sets.clone(),
            clock: meta.clock,
            rated: meta.rated.clone(),
            duplicate: meta.duplicate.is_some(),
            seats: meta
                .seats
                .iter()
                .map(|seat| LobbySeat { name: seat.name.clone(), kind: seat.kind, level: seat.level.clone() })
                .collect(),
            status,
            actions: progress.as_ref().map_or(0, |p| p.actions),
            moved_at: progress.as_ref().map(|p| p.at),
        };
        match &progress {
            None if meta.game == 0
                && meta.seats.iter().any(|seat| seat.kind == Occupant::Open)
                && waiting.len() < LOBBY_KEPT =>
            {
                waiting.push(entry("lobby"))
            }
            Some(p) if meta.game > 0 && !p.over && live.len() < LOBBY_KEPT => live.push(entry("playing")),
            _ => {}
        }
    }
    ServerMsg::Lobby { waiting, live }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::room::{seat_meta, Meta};
    use serde_json::json;

    fn summary(id: &str, public: bool, game: u32, open: bool, progress: Option<&str>) -> Summary {
        let kind =
            if open { crate::server::protocol::SeatKind::Open } else { crate::server::protocol::SeatKind::Person };
        let mut seats = vec![seat_meta("Ann", &crate::server::protocol::SeatKind::Person, Some("secret-hash".into()))];
        seats.push(seat_meta("Bo", &kind, None));
        let meta = Meta {
            game,
            public,
            open: Some("open-hash".into()),
            ..Meta::new(seats, vec!["base".into()], json!({}), 120)
        };
        Summary { id: id.into(), meta: serde_json::to_string(&meta).unwrap(), progress: progress.map(str::to_string) }
    }

    /// Issue 38: the lobby lists public rooms with an open seat as waiting and public games
    /// being played as live; private rooms, full rooms and finished games not; and nothing
    /// hidden (no token, no open link's secret) is in it.
    #[test]
    fn the_lobby_lists_open_public_rooms_and_live_games_only() {
        let playing = r#"{"over":false,"turn":1,"actions":7,"at":100}"#;
        let over = r#"{"over":true,"turn":0,"actions":140,"at":200}"#;
        let rooms = [
            summary("wait", true, 0, true, None),
            summary("full", true, 0, false, None),
            summary("private", false, 0, true, None),
            summary("live", true, 1, false, Some(playing)),
            summary("done", true, 1, false, Some(over)),
        ];
        let frame = lobby_of(&rooms);
        let ServerMsg::Lobby { waiting, live } = &frame else { panic!("a lobby frame") };
        assert_eq!(waiting.iter().map(|r| r.room.as_str()).collect::<Vec<_>>(), ["wait"]);
        assert_eq!(live.iter().map(|r| r.room.as_str()).collect::<Vec<_>>(), ["live"]);
        assert_eq!((live[0].actions, live[0].moved_at), (7, Some(100)));
        let text = frame.text();
        assert!(!text.contains("hash") && !text.contains("token"), "{text}");
    }
}
