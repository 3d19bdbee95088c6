//! One game as the page sees it: the engine state, the snapshot that undoes a tile
//! placement before it is confirmed, the running score breakdown, and subscribers.

use crate::engine::{Action, Event, Game, Phase, PlayError, TileSet};
use crate::record::{Record, RecordError};
use crate::text::{describe_on, line, Lang, Line};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsValue;

/// A session shared by the API handle and any board views.
pub type Shared = Rc<RefCell<Session>>;

/// `Session::placed_by` for a square no seat placed (the start, a face-down tile).
pub const NOBODY: u8 = u8::MAX;
type Watcher = Rc<dyn Fn(&JsValue)>;

/// State behind one `Game` handle.
pub struct Session {
    /// The engine state.
    pub game: Game,
    /// The state before this turn's tile went down, while the turn is unconfirmed (its
    /// ghost, circle, cat and figure steps are still to come; none of them draws a tile).
    pub before_tile: Option<Game>,
    /// Points per player and category ("city", "final field", …), from the events.
    pub tally: Vec<BTreeMap<String, i32>>,
    /// The scores at the start of each turn: the index of its tile placement in the
    /// history, and every player's score then (the end-of-game chart).
    pub turn_scores: TurnScores,
    /// Bumped on every change; views redraw when it moves.
    pub version: u64,
    /// The events of the latest moves, each with the version it brought (the board view
    /// animates those newer than what it has drawn); a few dozen at most.
    pub recent: Vec<(u64, Event)>,
    /// The language of the events' `text`.
    pub lang: Lang,
    /// Who placed each square of the board, in the board's order: a seat, or [`NOBODY`]
    /// for the start and face-down tiles (the board marks each seat's last tile).
    pub placed_by: Vec<u8>,
    watchers: Vec<(u32, Watcher)>,
    next_id: u32,
}

impl Session {
    /// A session for a game, given every event so far (to build the score breakdown) and
    /// the scores at the start of each turn played ([`replay`] notes them).
    pub fn new(game: Game, events: &[Event], turn_scores: TurnScores) -> Shared {
        let mut s = Session {
            tally: vec![BTreeMap::new(); game.players().len()],
            turn_scores,
            recent: Vec::new(),
            game,
            before_tile: None,
            version: 0,
            lang: Lang::En,
            placed_by: Vec::new(),
            watchers: Vec::new(),
            next_id: 1,
        };
        s.count(events);
        s.note_tiles(events);
        Rc::new(RefCell::new(s))
    }

    /// Note who placed the squares `events` add, then fill the start's squares in front
    /// (they come with no event), so that `placed_by` runs with the board.
    fn note_tiles(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::TilePlaced { player, .. } => self.placed_by.push(*player as u8),
                Event::FaceDownPlaced { .. } => self.placed_by.push(NOBODY),
                _ => {}
            }
        }
        let squares = self.game.board().squares().len();
        if self.placed_by.len() < squares {
            let missing = squares - self.placed_by.len();
            self.placed_by.splice(0..0, std::iter::repeat_n(NOBODY, missing));
        }
        self.placed_by.truncate(squares);
    }

    /// Each seat's last tile on the board, if it has placed one.
    pub fn last_tiles(&self) -> Vec<Option<crate::engine::Pos>> {
        let squares = self.game.board().squares();
        (0..self.game.setup().players.len())
            .map(|seat| {
                let i = self.placed_by.iter().rposition(|&p| p as usize == seat)?;
                squares.get(i).map(|sq| sq.pos)
            })
            .collect()
    }

    fn count(&mut self, events: &[Event]) {
        let mut add = |player: usize, cat: String, points: i32| {
            *self.tally[player].entry(cat).or_insert(0) += points;
        };
        // The winning building of a challenge is scored right after `ChallengeWon`; its
        // points are shown as the challenge's, apart from ordinary buildings.
        let mut won: Option<crate::engine::FeatureKind> = None;
        for e in events {
            match e {
                Event::Scored(sc) => {
                    let cat = if won.take_if(|k| *k == sc.feature && sc.complete).is_some() {
                        "challenge won".to_string()
                    } else if sc.complete {
                        sc.feature.name().to_string()
                    } else {
                        format!("final {}", sc.feature.name())
                    };
                    for sh in &sc.shares {
                        add(sh.player, cat.clone(), sh.points);
                    }
                }
                // Tower bonuses, challenge bonuses and ghost penalties are lines of their own.
                Event::TowerScored { player, points, .. } => add(*player, "tower".into(), *points),
                Event::ChallengeWon { winner, bonus, building, .. } => {
                    won = Some(*building);
                    if *bonus > 0 {
                        add(*winner, "challenge bonus".into(), *bonus);
                    }
                }
                Event::GhostPenalty { player, points, .. } => add(*player, "final ghosts".into(), *points),
                _ => {}
            }
        }
    }

    /// Players' names in seat order.
    pub fn names(&self) -> Vec<String> {
        self.game.setup().players.iter().map(|p| p.name.clone()).collect()
    }

    /// Events as JSON objects, each with a readable `text`.
    pub fn events_json(&self, events: &[Event]) -> Value {
        let names = self.names();
        Value::Array(
            events
                .iter()
                .map(|e| {
                    let mut v = e.to_json();
                    v["text"] = json!(describe_on(self.lang, &self.game, e, &names));
                    v
                })
                .collect(),
        )
    }

    /// Register a callback for every change; returns its id.
    pub fn watch(&mut self, w: Watcher) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.watchers.push((id, w));
        id
    }

    /// Remove a callback.
    pub fn unwatch(&mut self, id: u32) -> bool {
        let n = self.watchers.len();
        self.watchers.retain(|(i, _)| *i != id);
        n != self.watchers.len()
    }
}

/// The scores at the start of each turn: the index of its tile placement in the history,
/// and every player's score then.
pub type TurnScores = Vec<(usize, Vec<i32>)>;

/// Replay a record, noting the scores at the start of each turn on the way (one pass).
pub fn replay(record: &Record, tiles: Arc<TileSet>) -> Result<(Game, Vec<Event>, TurnScores), RecordError> {
    let mut marks = Vec::new();
    let (game, events) = record.replay_each(tiles, |g, a| {
        if matches!(a, Action::PlaceTile { .. }) {
            marks.push((g.history().len(), g.scores()));
        }
    })?;
    Ok((game, events, marks))
}

/// Tell every watcher, without holding the session borrowed (they may read it).
fn notify(shared: &Shared, payload: &JsValue) {
    let watchers: Vec<Watcher> = shared.borrow().watchers.iter().map(|(_, w)| w.clone()).collect();
    for w in watchers {
        w(payload);
    }
}

/// Apply an action; on success every watcher hears the events. Nothing changes on error.
pub fn apply(shared: &Shared, action: &Action) -> Result<JsValue, PlayError> {
    let payload = {
        let mut s = shared.borrow_mut();
        // A tile placement starts a turn: the game before it (to take the tile back) and
        // the scores at the turn's start (the chart).
        let placing = matches!(action, Action::PlaceTile { .. });
        let before = placing.then(|| s.game.clone());
        let mark = placing.then(|| (s.game.history().len(), s.game.scores()));
        let player = s.game.current_player();
        let events = s.game.apply(action)?;
        s.turn_scores.extend(mark);
        s.note_tiles(&events);
        // The turn can be taken back until it ends: the next tile is drawn only then.
        let turn_goes_on =
            !s.game.is_over() && s.game.current_player() == player && !matches!(s.game.phase(), Phase::Tile { .. });
        s.before_tile = if turn_goes_on { before.or_else(|| s.before_tile.take()) } else { None };
        s.count(&events);
        s.version += 1;
        let version = s.version;
        s.recent.extend(events.iter().map(|e| (version, e.clone())));
        let extra = s.recent.len().saturating_sub(64);
        s.recent.drain(..extra);
        super::to_js(&s.events_json(&events))
    };
    notify(shared, &payload);
    Ok(payload)
}

/// Replace the game with another (a loaded record or a rewound turn): the breakdown is
/// recounted from `events`, and every watcher hears `payload`.
fn replace(shared: &Shared, (game, events, turn_scores): (Game, Vec<Event>, TurnScores), payload: Value) {
    let payload = {
        let mut s = shared.borrow_mut();
        s.tally = vec![BTreeMap::new(); game.players().len()];
        s.turn_scores = turn_scores;
        s.game = game;
        s.before_tile = None;
        s.count(&events);
        s.placed_by.clear();
        s.note_tiles(&events);
        s.version += 1;
        super::to_js(&payload)
    };
    notify(shared, &payload);
}

/// Show another record in this session (a replay step, a loaded file). On error
/// nothing changes.
pub fn load(shared: &Shared, record: &Record) -> Result<(), RecordError> {
    let tiles = shared.borrow().game.tiles().clone();
    let replayed = replay(record, tiles)?;
    let text = line(shared.borrow().lang, Line::Loaded);
    let payload = json!([{ "type": "loaded", "actions": replayed.0.history().len(), "text": text }]);
    replace(shared, replayed, payload);
    Ok(())
}

/// Where the last turn of a person began (the index of its tile placement in the
/// history), in a game that has computer players.
pub fn person_turn_start(game: &Game) -> Option<usize> {
    let seats = &game.setup().players;
    if seats.iter().all(|p| p.computer.is_some()) || seats.iter().all(|p| p.computer.is_none()) {
        return None;
    }
    // Each turn has exactly one tile placement, so the k-th placement is turn k.
    game.history()
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Action::PlaceTile { .. }))
        .enumerate()
        .filter(|(turn, _)| seats[game.player_of_turn(*turn)].computer.is_none())
        .map(|(_, (index, _))| index)
        .last()
}

/// Take back the last turn of a person in a game against computer players: the game is
/// replayed up to the start of that turn, so no points of it survive and the tile in hand
/// is the one that person had drawn (nothing new is revealed).
pub fn undo_turn(shared: &Shared) -> Result<(), String> {
    let (record, tiles) = {
        let s = shared.borrow();
        let start = person_turn_start(&s.game).ok_or_else(|| {
            "there is no turn to take back: taking back a whole turn is for a person playing against computer players"
                .to_string()
        })?;
        let mut record = Record::of_game(&s.game);
        record.actions.truncate(start);
        (record, s.game.tiles().clone())
    };
    let replayed = replay(&record, tiles).map_err(|e| e.to_string())?;
    let who = replayed.0.current_player();
    let text = {
        let s = shared.borrow();
        line(s.lang, Line::TurnUndone(s.names()[who].clone()))
    };
    let payload = json!([{ "type": "turn_undone", "player": who, "text": text }]);
    replace(shared, replayed, payload);
    Ok(())
}

/// Take back this turn's tile placement and any ghost, circle or cat choice after it
/// (before a figure or a pass confirms the turn).
pub fn undo(shared: &Shared) -> bool {
    let payload = {
        let mut s = shared.borrow_mut();
        let Some(before) = s.before_tile.take() else { return false };
        let player = s.game.current_player();
        s.game = before;
        let squares = s.game.board().squares().len();
        s.placed_by.truncate(squares);
        let played = s.game.history().len();
        s.turn_scores.retain(|(at, _)| *at < played);
        s.version += 1;
        let name = s.names()[player].clone();
        let text = line(s.lang, Line::TileUndone(name));
        super::to_js(&json!([{ "type": "undone", "player": player, "text": text }]))
    };
    notify(shared, &payload);
    true
}
