//! One game as the page sees it: the engine state, the snapshot that undoes a tile
//! placement before it is confirmed, the running score breakdown, and subscribers.

use crate::engine::{Action, Event, Game, PlayError};
use crate::text::describe;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::JsValue;

/// A session shared by the API handle and any board views.
pub type Shared = Rc<RefCell<Session>>;
type Watcher = Rc<dyn Fn(&JsValue)>;

/// State behind one `Game` handle.
pub struct Session {
    /// The engine state.
    pub game: Game,
    /// The state before this turn's tile went down, while the placement is unconfirmed.
    pub before_tile: Option<Game>,
    /// Points per player and category ("city", "final field", …), from the events.
    pub tally: Vec<BTreeMap<String, i32>>,
    /// Bumped on every change; views redraw when it moves.
    pub version: u64,
    watchers: Vec<(u32, Watcher)>,
    next_id: u32,
}

impl Session {
    /// A session for a game, given every event so far (to build the score breakdown).
    pub fn new(game: Game, events: &[Event]) -> Shared {
        let mut s = Session {
            tally: vec![BTreeMap::new(); game.players().len()],
            game,
            before_tile: None,
            version: 0,
            watchers: Vec::new(),
            next_id: 1,
        };
        s.count(events);
        Rc::new(RefCell::new(s))
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
                    let mut v = serde_json::to_value(e).expect("plain data");
                    v["text"] = json!(describe(e, &names));
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
        let before = matches!(action, Action::PlaceTile { .. }).then(|| s.game.clone());
        let events = s.game.apply(action)?;
        s.before_tile = before;
        s.count(&events);
        s.version += 1;
        super::to_js(&s.events_json(&events))
    };
    notify(shared, &payload);
    Ok(payload)
}

/// Take back this turn's tile placement (before a figure or a pass confirms it).
pub fn undo(shared: &Shared) -> bool {
    let payload = {
        let mut s = shared.borrow_mut();
        let Some(before) = s.before_tile.take() else { return false };
        let player = s.game.current_player();
        s.game = before;
        s.version += 1;
        let name = s.names()[player].clone();
        super::to_js(&json!([{ "type": "undone", "player": player, "text": format!("{name} took the tile back") }]))
    };
    notify(shared, &payload);
    true
}
