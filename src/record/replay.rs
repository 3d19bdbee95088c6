//! A record played through the engine: every action checked, forced choices a record may
//! leave out taken, and spots on tiles the record turned another way that looks the same
//! read as the record meant them.

use super::{ActionError, Record, RecordAction, RecordError};
use crate::engine::{Action, Event, Game, Phase, PlayError, Pos, Rotation, SpotSquare, TileSet};
use std::sync::Arc;

impl Record {
    /// Replay the record from the start; returns the game and every event.
    pub fn replay(&self, tiles: Arc<TileSet>) -> Result<(Game, Vec<Event>), RecordError> {
        self.replay_each(tiles, |_, _| {})
    }

    /// Replay the record, calling `each(game, action)` before every action is applied
    /// (forced choices the record leaves out included; see the format document): a choice
    /// step with a single possible answer may be omitted, and an `attract` the engine made
    /// by itself (a forced attraction) may be written or left out.
    pub fn replay_each(
        &self,
        tiles: Arc<TileSet>,
        mut each: impl FnMut(&Game, &Action),
    ) -> Result<(Game, Vec<Event>), RecordError> {
        let mut game = Game::new(tiles, self.setup.clone()).map_err(RecordError::Setup)?;
        let mut events = game.opening_events().to_vec();
        let mut forced_attractions: Vec<(i32, i32)> = Vec::new();
        // Co-op choices the engine made itself during the last action (one answer each).
        let mut forced_coop: Vec<Action> = Vec::new();
        // Squares the record placed at another rotation that looks the same as the one the
        // engine keeps: (square, quarter turns between them), to read later spots on them.
        let mut turned: Vec<(Pos, u8)> = Vec::new();
        let mut legal = Vec::new();
        for (index, ra) in self.actions.iter().enumerate() {
            let fail = |e: ActionError| RecordError::Action { index, action: ra.to_value().to_string(), error: e };
            let refuse = |e: PlayError| fail(ActionError::Illegal(e));
            if let RecordAction::Attract { x, y, .. } = *ra {
                // A circle waiting now takes the attraction as its answer.
                let waiting = ra.answers(game.phase());
                if let Some(i) = forced_attractions.iter().position(|p| *p == (x, y)).filter(|_| !waiting) {
                    forced_attractions.remove(i);
                    continue;
                }
            }
            if let RecordAction::Coop(m) = *ra {
                // A written choice the engine already made (it had one answer): the record
                // may write it. Only when it is refused now, so a waiting step takes it first.
                let action = turn_spots(m.into(), &game, &turned);
                if let Some(i) = forced_coop.iter().position(|f| *f == game.canonical(&action)) {
                    if game.check(&action).is_err() {
                        forced_coop.remove(i);
                        continue;
                    }
                }
            }
            loop {
                let action = turn_spots(ra.to_action(&game).map_err(|e| fail(e.into()))?, &game, &turned);
                let refused = game.check(&action).err();
                // A choice step the record skips: take its only answer, then try again.
                game.legal_actions_into(&mut legal);
                let skipped =
                    refused.is_some() && legal.len() == 1 && is_choice(game.phase()) && !ra.answers(game.phase());
                let action = match (refused, skipped) {
                    (None, _) => action,
                    (Some(_), true) => legal[0],
                    (Some(e), false) => return Err(refuse(e)),
                };
                each(&game, &action);
                let from = events.len();
                let made = if matches!(action, Action::PlaceTile { .. }) { 0 } else { game.coop_forced().len() };
                game.apply_into(&action, &mut events).map_err(refuse)?;
                if let Action::PlaceTile { pos, rot, .. } = action {
                    let kept = game.board().at(pos).map_or(rot, |p| p.rot);
                    if kept != rot {
                        turned.push((pos, (rot.quarters() + 4 - kept.quarters()) % 4));
                    }
                }
                forced_coop =
                    game.coop_forced().get(made..).unwrap_or_default().iter().map(|m| Action::from(*m)).collect();
                forced_attractions = events[from..]
                    .iter()
                    .filter_map(|e| match e {
                        Event::CircleFilled { from: Some(_), x, y } => Some((*x, *y)),
                        _ => None,
                    })
                    .collect();
                if !skipped {
                    break;
                }
            }
        }
        Ok((game, events))
    }
}

/// An action's spot read on a square the record placed at another (equivalent) rotation
/// than the engine keeps: the printed port the record names, turned onto the kept tile.
fn turn_spots(action: Action, game: &Game, turned: &[(Pos, u8)]) -> Action {
    let Some((on, spot)) = action.spot() else { return action };
    let pos = match on {
        SpotSquare::At(pos) => Some(pos),
        SpotSquare::Placed => match game.figure_square() {
            Some(square) => Some(game.board().square(square).pos),
            None => game.board().squares().last().map(|s| s.pos),
        },
    };
    match pos.and_then(|pos| turned.iter().find(|(p, _)| *p == pos)) {
        Some(&(_, q)) => action.with_spot(spot.rotate(Rotation::new(q).expect("a quarter turn below 4"))),
        None => action,
    }
}

/// Whether the step is a choice that follows a tile (ghost, circle, cat).
fn is_choice(phase: Phase) -> bool {
    matches!(phase, Phase::Set(_))
}
