//! Online play's view of a game: the record every player at the table may know, and a
//! server's action message followed in a player's copy (docs/online.md).

use super::{ActionError, Record, RecordAction};
use crate::engine::{Action, Deck, Game, TileIdx};
use serde_json::Value;
use std::fmt;

/// Why a server's action message cannot be followed; the copy is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowError {
    /// Not an action message: what is wrong with it.
    Malformed(String),
    /// The copy is at another action than the message (`n`).
    OutOfStep {
        /// Actions in the copy.
        at: usize,
        /// The message's `n`.
        message: usize,
    },
    /// Its action cannot be played in the copy.
    Action(ActionError),
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::Malformed(m) => f.write_str(m),
            FollowError::OutOfStep { at, message } => {
                write!(f, "out of step: the copy is at action {at}, the message at {message}")
            }
            FollowError::Action(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FollowError {}

impl From<&str> for FollowError {
    fn from(m: &str) -> FollowError {
        FollowError::Malformed(m.to_string())
    }
}

impl Record {
    /// The record as every player at the table may know it: an explicit draw of the tiles
    /// drawn so far, then the tiles nobody has seen (those still to come and those laid face
    /// down) in catalogue order, which says which tiles remain but nothing of their order.
    /// Replayed, it gives the same position as the game (the next tiles stand in for the
    /// unseen ones until `Game::reveal` names them). Online play sends this, never the seed.
    pub fn public_of(game: &Game) -> Record {
        let tiles = game.tiles();
        let deck = game.draw_order();
        let drawn = game.drawn();
        let hidden_at = game.unseen_draws();
        let mut unseen: Vec<TileIdx> = deck[drawn..].to_vec();
        unseen.extend(hidden_at.iter().map(|&p| deck[p]));
        // River tiles are drawn first and the lake last: kept so, as every player knows.
        let class = |t: &TileIdx| {
            let river: u32 = tiles
                .get(*t)
                .segments
                .iter()
                .filter(|s| s.kind == crate::engine::FeatureKind::River)
                .map(|s| s.edge_count() as u32)
                .sum();
            match river {
                0 => 2,
                1 => 1,
                _ => 0,
            }
        };
        crate::engine::sort::sort_by_key(&mut unseen, |t| (class(t), *t));
        let mut stand_ins = unseen.iter().copied();
        let mut order: Vec<TileIdx> = (0..drawn)
            .map(|p| if hidden_at.contains(&p) { stand_ins.next().expect("one per face-down tile") } else { deck[p] })
            .collect();
        order.extend(stand_ins);
        let mut setup = game.setup().clone();
        setup.deck = Deck::Draw(order.iter().map(|t| tiles.get(*t).id.to_string()).collect());
        setup.options.unlimited_copies = true;
        Record {
            setup,
            actions: game.history().iter().map(|a| RecordAction::from_action(a, tiles)).collect(),
            notes: Vec::new(),
        }
    }

    /// Online play: follow a server's `action` message (`{"n", "action", "reveal"}`,
    /// docs/online.md) in a player's copy of the game: the tiles it drew go next, then the
    /// action. Refused, changing nothing, when the copy is not at action `n`.
    pub fn follow(game: &mut Game, message: &Value) -> Result<(), FollowError> {
        *game = Record::followed(game, message)?.0;
        Ok(())
    }

    /// What following `message` does to `game` (see [`Record::follow`]): the tiles to put
    /// next and the action, checked on a copy, so that the caller may apply them knowing they
    /// will be taken (the wasm API's `follow` applies them through its session).
    pub fn to_follow(game: &Game, message: &Value) -> Result<(Vec<Option<TileIdx>>, Action), FollowError> {
        let (_, reveal, action) = Record::followed(game, message)?;
        Ok((reveal, action))
    }

    /// The game after `message`, with the tiles it revealed and the action it applied.
    fn followed(game: &Game, message: &Value) -> Result<(Game, Vec<Option<TileIdx>>, Action), FollowError> {
        let n = message["n"].as_u64().ok_or("an action message has \"n\"")? as usize;
        if n != game.history().len() {
            return Err(FollowError::OutOfStep { at: game.history().len(), message: n });
        }
        let reveal = message["reveal"]
            .as_array()
            .ok_or("an action message has \"reveal\"")?
            .iter()
            .map(|t| match t.as_str() {
                None => Ok(None),
                Some(id) => game
                    .tiles()
                    .index_of(id)
                    .map(Some)
                    .ok_or_else(|| FollowError::Malformed(format!("unknown tile {id:?}"))),
            })
            .collect::<Result<Vec<Option<TileIdx>>, FollowError>>()?;
        let malformed = |e| FollowError::Action(ActionError::Malformed(e));
        let action = RecordAction::from_value(&message["action"]).and_then(|a| a.to_action(game)).map_err(malformed)?;
        let mut next = game.clone();
        next.reveal(&reveal);
        next.apply(&action).map_err(|e| FollowError::Action(ActionError::Illegal(e)))?;
        Ok((next, reveal, action))
    }
}
