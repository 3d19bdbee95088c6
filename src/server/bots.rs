//! The computers' turns in a room: while a computer has the turn it plans (on the bounded
//! pool, [`super::planners`]) and plays, one task per room at a time.

use super::hub::Server;
use super::random::random_seed;
use super::room::Room;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// While a computer has the turn, let it play (one task per room at a time).
pub(super) fn play_computers(server: Arc<Server>, room: Arc<Mutex<Room>>) {
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
                super::ratings::settle(&server.store, &r, server.config.rating_period_secs).await;
                moved = true;
            }
            if !moved {
                room.lock().await.bot_running = false;
                return;
            }
        }
    });
}
