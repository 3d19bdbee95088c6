//! The JavaScript API: `new Game(options)`, snapshots, legal actions, `apply`, undo,
//! subscriptions and records. Documented in `docs/api.md`.

use super::session::{self, Session, Shared};
use super::{from_js, to_js};
use crate::engine::scoring::FeatureValue;
use crate::engine::{Deck, FigureKind, Game as EngineGame, Part, Phase, Pos, Set, Spot, TileSet};
use crate::record::{parse_setup, Record, RecordAction};
use crate::summary::summary;
use crate::text::Lang;
use serde_json::{json, Value};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A game, held in WebAssembly memory behind this handle.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    pub(crate) shared: Shared,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// Start a game. `options`: `{players: [{name, color, colours?}] | [names], sets: ["base"],
    /// options: {farmers, abbot}, seed?: number | string | BigInt, draw?: [tile ids],
    /// lang?: "en" | "nl" | "de" | "fr"}` (`lang`: the events' and the errors' language,
    /// English unless given). A missing seed is drawn from the browser's cryptographic generator; a seed beyond
    /// 2^53 must be a string or a BigInt (a number would have been rounded already).
    /// Throws an Error that says what is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<WasmGame, JsError> {
        let mut v = from_js(&options)?;
        if !v.is_object() {
            return Err(JsError::new("new Game(options): options must be an object"));
        }
        let lang = match v.as_object_mut().and_then(|o| o.remove("lang")) {
            None => Lang::En,
            Some(l) => {
                let l = l.as_str().ok_or_else(|| JsError::new("lang: a language code (en, nl, de, fr)"))?;
                l.parse().map_err(|e: String| JsError::new(&format!("lang: {e}")))?
            }
        };
        if v.get("seed").is_none() && v.get("draw").is_none() {
            // Any 64-bit seed: records write those beyond 2^53 as strings.
            v["seed"] = json!(super::random_u64().to_string());
        }
        let setup = parse_setup(&v).map_err(|e| record_js(lang, &e))?;
        let game = EngineGame::new(TileSet::builtin(), setup)
            .map_err(|e| JsError::new(&crate::text::setup_error(lang, &e)))?;
        let opening = game.opening_events().to_vec();
        let shared = Session::new(game, &opening, Vec::new());
        shared.borrow_mut().lang = lang;
        Ok(WasmGame { shared })
    }

    /// Load a game from a record (JSON text), replaying it. Throws on a corrupt record,
    /// naming the action that fails, in `lang` (`"en"`, the default, `"nl"`, `"de"` or
    /// `"fr"`), which is also the game's language from then on.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str, lang: Option<String>) -> Result<WasmGame, JsError> {
        let lang = lang_of(lang);
        let record = Record::parse(text).map_err(|e| record_js(lang, &e))?;
        let (game, events, turn_scores) =
            session::replay(&record, TileSet::builtin()).map_err(|e| record_js(lang, &e))?;
        let shared = Session::new(game, &events, turn_scores);
        shared.borrow_mut().lang = lang;
        Ok(WasmGame { shared })
    }

    /// The notes a study's record (JSON text) carries, checked (docs/record-format.md):
    /// `[{at, text?: {lang: text}, arrows?: [[[x, y], [x, y]]], squares?: [[x, y]],
    /// suggest?: action}]`, sorted by `at`. Throws, in `lang`, on a record that is not one.
    #[wasm_bindgen(js_name = recordNotes)]
    pub fn record_notes(text: &str, lang: Option<String>) -> Result<JsValue, JsError> {
        let record = Record::parse(text).map_err(|e| record_js(lang_of(lang), &e))?;
        Ok(to_js(&record.notes_value()))
    }

    /// The public state as a plain object (never the order of the face-down tiles).
    pub fn snapshot(&self) -> JsValue {
        to_js(&snapshot_json(&self.shared.borrow()))
    }

    /// Every legal action of the current step, in record form
    /// (`{tile, x, y, rotation}`, `{figure, at}`, `{retrieve_abbot, x, y}`, `{pass: true}`).
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> JsValue {
        let s = self.shared.borrow();
        let tiles = s.game.tiles().clone();
        let list: Vec<Value> =
            s.game.legal_actions().iter().map(|a| RecordAction::from_action(a, &tiles).to_value()).collect();
        to_js(&Value::Array(list))
    }

    /// Apply an action (record form). Returns the events, each with a readable `text`.
    /// An illegal action throws an Error with the reason and changes nothing.
    pub fn apply(&self, action: JsValue) -> Result<JsValue, JsError> {
        let v = from_js(&action)?;
        let ra = RecordAction::from_value(&v).map_err(|e| JsError::new(&e.to_string()))?;
        let a = ra.to_action(&self.shared.borrow().game).map_err(|e| JsError::new(&e.to_string()))?;
        session::apply(&self.shared, &a).map_err(|e| self.refusal(&e))
    }

    /// Take back this turn's tile placement (with any ghost, circle or cat choice made
    /// since) before a figure or a pass confirms the turn. Returns whether there was one.
    pub fn undo(&self) -> bool {
        session::undo(&self.shared)
    }

    /// In a game against computer players, take back the last turn of a person: the game
    /// goes back to the start of that turn (no points of it are kept, and the tile in hand
    /// is the one drawn then). Throws, changing nothing, when there is none.
    #[wasm_bindgen(js_name = undoTurn)]
    pub fn undo_turn(&self) -> Result<(), JsError> {
        session::undo_turn(&self.shared).map_err(|e| JsError::new(&e))
    }

    /// Replace this game by the one in a record (JSON text), keeping subscribers and
    /// board views: used to step through a replay. Throws, changing nothing, on a bad record.
    #[wasm_bindgen(js_name = loadRecord)]
    pub fn load_record(&self, text: &str) -> Result<(), JsError> {
        let lang = self.shared.borrow().lang;
        let record = Record::parse(text).map_err(|e| record_js(lang, &e))?;
        session::load(&self.shared, &record).map_err(|e| record_js(lang, &e))
    }

    /// The game so far as a share code (`c1.…`, URL-safe, `docs/record-format.md`).
    #[wasm_bindgen(js_name = shareCode)]
    pub fn share_code(&self) -> Result<String, JsError> {
        let s = self.shared.borrow();
        crate::share::encode(&Record::of_game(&s.game), s.game.tiles().clone())
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// The record (JSON text) that a share code holds. Throws with the reason on a
    /// damaged code, in `lang` (`"en"`, the default, or `"nl"`).
    #[wasm_bindgen(js_name = recordFromShareCode)]
    pub fn record_from_share_code(code: &str, lang: Option<String>) -> Result<String, JsError> {
        crate::share::decode(code, TileSet::builtin()).map(|r| r.to_json()).map_err(|e| record_js(lang_of(lang), &e))
    }

    /// Online play: follow a server's `action` message (`{n, action, reveal}`, as it came):
    /// its tiles go next, then the action is applied, as `Record::follow` does on the server's
    /// side and in the tests. All or nothing: a message out of step (`n` is not this game's
    /// action count), with an unknown tile or an illegal action throws and changes nothing.
    /// Returns the events, as `apply` does.
    pub fn follow(&self, message: JsValue) -> Result<JsValue, JsError> {
        let v = from_js(&message)?;
        let (reveal, action) =
            Record::to_follow(&self.shared.borrow().game, &v).map_err(|e| JsError::new(&e.to_string()))?;
        self.shared.borrow_mut().game.reveal(&reveal);
        session::apply(&self.shared, &action).map_err(|e| self.refusal(&e))
    }

    /// The language of the events' `text` from now on: `"en"` (the default), `"nl"`, `"de"`
    /// or `"fr"`. Throws, changing nothing, on another.
    #[wasm_bindgen(js_name = setLanguage)]
    pub fn set_language(&self, lang: &str) -> Result<(), JsError> {
        self.shared.borrow_mut().lang = lang.parse().map_err(|e: String| JsError::new(&e))?;
        Ok(())
    }

    /// Call `callback(events)` after every change (actions from any source, undo).
    /// Returns an id for `unsubscribe`.
    pub fn subscribe(&self, callback: js_sys::Function) -> u32 {
        self.shared.borrow_mut().watch(Rc::new(move |events: &JsValue| {
            if let Err(e) = callback.call1(&JsValue::NULL, events) {
                web_sys::console::error_2(&"a game subscriber threw:".into(), &e);
            }
        }))
    }

    /// Stop a subscription. Returns whether it existed.
    pub fn unsubscribe(&self, id: u32) -> bool {
        self.shared.borrow_mut().unwatch(id)
    }

    /// A tile of the catalogue told in words in the game's language ("a city cap with a
    /// straight road"), by its id. Throws on an unknown id.
    #[wasm_bindgen(js_name = describeTile)]
    pub fn describe_tile(&self, id: &str) -> Result<String, JsError> {
        let s = self.shared.borrow();
        let tiles = s.game.tiles();
        let idx = tiles
            .index_of(id)
            .ok_or_else(|| JsError::new(&format!("no tile {:?}", id.chars().take(40).collect::<String>())))?;
        Ok(crate::text::describe_tile(s.lang, tiles.get(idx)))
    }

    /// Square (x, y) named by what is beside it, in the game's language ("east of the start
    /// tile", "a straight road north of a city cap"): the page says where without
    /// coordinates. A square with nothing beside it keeps them ("(5, 5)").
    #[wasm_bindgen(js_name = placeName)]
    pub fn place_name(&self, x: i32, y: i32) -> String {
        let s = self.shared.borrow();
        crate::text::place_name(s.lang, &s.game, crate::engine::Pos::new(x, y))
    }

    /// Where square (x, y) lies, by its neighbour ("north of the start tile"), in the game's
    /// language, without naming what lies there; its coordinates when nothing is beside it.
    #[wasm_bindgen(js_name = placeRelation)]
    pub fn place_relation(&self, x: i32, y: i32) -> String {
        let s = self.shared.borrow();
        crate::text::place_relation(s.lang, &s.game, crate::engine::Pos::new(x, y))
    }

    /// The buttons of the cooperative step the game waits for, `[{action, label}]`: every
    /// legal action but a pass (the meeple step's meeples are placed on the board), in the
    /// engine's order, which the board numbers too; each label names its target by the
    /// shortest words that set it apart from the others ("Take 4 points: the red meeple's
    /// road"), in the game's language. Empty in any other step.
    #[wasm_bindgen(js_name = choiceLabels)]
    pub fn choice_labels(&self) -> JsValue {
        let s = self.shared.borrow();
        let tiles = s.game.tiles().clone();
        let list: Vec<Value> = crate::text::choice_labels(s.lang, &s.game)
            .iter()
            .map(|(a, label)| json!({"action": RecordAction::from_action(a, &tiles).to_value(), "label": label}))
            .collect();
        to_js(&Value::Array(list))
    }

    /// A plan for this turn (actions in record form, as `thinkTurn` gives them) told step by
    /// step in the game's language, each step an infinitive phrase named on the game as it
    /// stands before it ("place the tile north of the start tile, turned a quarter to the
    /// right"). The telling stops at an action that does not fit.
    #[wasm_bindgen(js_name = planWords)]
    pub fn plan_words(&self, actions: JsValue) -> Result<JsValue, JsError> {
        let v = from_js(&actions)?;
        let list = v.as_array().ok_or_else(|| JsError::new("planWords(actions): actions must be an array"))?;
        let s = self.shared.borrow();
        // Each action is read on the game as the plan has left it.
        let mut g = s.game.clone();
        let mut plan = Vec::new();
        for item in list.iter().take(32) {
            let Ok(ra) = RecordAction::from_value(item) else { break };
            let Ok(a) = ra.to_action(&g) else { break };
            if g.apply(&a).is_err() {
                break;
            }
            plan.push(a);
        }
        Ok(to_js(&crate::text::plan_steps(s.lang, &s.game, &plan)))
    }

    /// The feature at spot `at` (`"N"`, `"building"`, …) of the tile at (x, y), named by
    /// what it is and whose it is, in the game's language: "Ann's road of 4 tiles", "the
    /// city of 3 tiles with the red meeple". `null` where there is none.
    #[wasm_bindgen(js_name = featureName)]
    pub fn feature_name(&self, x: i32, y: i32, at: &str) -> Option<String> {
        let spot = crate::record::parse_spot(at).ok()?;
        let s = self.shared.borrow();
        crate::text::feature_name(s.lang, &s.game, Pos::new(x, y), spot, &s.names())
    }

    /// A spot (`"N"`, `"building"`, …, as printed) named by its feature and the side of
    /// the board it faces, in the game's language ("the road on the north side"): on
    /// `tile` turned `rotation` quarter turns (a plan's tile, not placed yet), or else on
    /// the tile just placed. `null` where there is no such feature.
    #[wasm_bindgen(js_name = spotName)]
    pub fn spot_name(&self, at: &str, tile: Option<String>, rotation: Option<u8>) -> Option<String> {
        let spot = crate::record::parse_spot(at).ok()?;
        let s = self.shared.borrow();
        let g = &s.game;
        let (def, rot) = match tile {
            Some(id) => (g.tiles().get(g.tiles().index_of(&id)?), crate::engine::Rotation::new(rotation.unwrap_or(0))?),
            None => {
                let placed = g.board().square(g.figure_square()?);
                (g.tiles().get(placed.tile), placed.rot)
            }
        };
        crate::text::spot_name(s.lang, def, rot, spot)
    }

    /// Each seat's last tile on the board, `[x, y]` or `null` per seat (the board frames it
    /// in the seat's colour).
    #[wasm_bindgen(js_name = lastTiles)]
    pub fn last_tiles(&self) -> JsValue {
        let tiles: Vec<Option<[i32; 2]>> =
            self.shared.borrow().last_tiles().into_iter().map(|p| p.map(|p| [p.x, p.y])).collect();
        to_js(&tiles)
    }

    /// What an action would do, without doing it: the events `apply` would return (with
    /// `text`), on a copy of the game. Throws, changing nothing, if it is not legal now.
    pub fn preview(&self, action: JsValue) -> Result<JsValue, JsError> {
        let v = from_js(&action)?;
        let ra = RecordAction::from_value(&v).map_err(|e| JsError::new(&e.to_string()))?;
        let s = self.shared.borrow();
        let a = ra.to_action(&s.game).map_err(|e| JsError::new(&e.to_string()))?;
        let events =
            s.game.clone().apply(&a).map_err(|e| JsError::new(&crate::text::play_error_on(s.lang, &s.game, &e)))?;
        Ok(to_js(&s.events_json(&events)))
    }

    /// Why an action (record form) may not be played now, in the game's language with its
    /// squares in words, or `null` if it may: the page says in its own words why a server
    /// refused a move (the server's `illegal_action` names the move, not the reason's text).
    #[wasm_bindgen(js_name = whyNot)]
    pub fn why_not(&self, action: JsValue) -> Result<Option<String>, JsError> {
        let v = from_js(&action)?;
        let s = self.shared.borrow();
        let ra = RecordAction::from_value(&v).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(match ra.to_action(&s.game) {
            Err(e) => Some(e.to_string()),
            Ok(a) => s.game.check(&a).err().map(|e| crate::text::play_error_on(s.lang, &s.game, &e)),
        })
    }

    /// Every event of the game so far, from the opening on, as `subscribe` hears them (with
    /// `text` in the game's language): the page rebuilds its log from them after a reload.
    /// The game is replayed from its record to find them, so this costs a replay.
    #[wasm_bindgen(js_name = eventLog)]
    pub fn event_log(&self) -> Result<JsValue, JsError> {
        let s = self.shared.borrow();
        let (_, events) =
            Record::of_game(&s.game).replay(TileSet::builtin()).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(to_js(&s.events_json(&events)))
    }

    /// The game so far as a record (JSON text, `docs/record-format.md`).
    #[wasm_bindgen(js_name = exportRecord)]
    pub fn export_record(&self) -> String {
        Record::of_game(&self.shared.borrow().game).to_json()
    }

    /// Bytes of WebAssembly memory in use by the module (all games together).
    #[wasm_bindgen(js_name = memoryBytes)]
    pub fn memory_bytes() -> f64 {
        let mem: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
        let buf: js_sys::ArrayBuffer = mem.buffer().unchecked_into();
        buf.byte_length() as f64
    }

    /// What is known about the feature under one part of the tile at (x, y), or null
    /// where there is none (no tile, a face-down tile, no such part): `part` is a port as
    /// printed (`"N"`, `"Wn"`, …), `"building"`, or `"mist:<port>"` for the mist bank there,
    /// or `"ruin"` for the Ghosts start tile's ruin (only `{kind: "ruin", title, lines}`).
    /// `{kind, complete, limited, open_ends, now: {value, tiles, pennants, cities},
    /// if_completed, holders: [{player, figures, ghosts}], majority, parts: [[x, y, node]],
    /// area: [[x, y]], cities: [[x, y, node]], odds, title, lines}`, `title` and `lines` in
    /// the game's language; `odds` (null where there are none: a complete feature, a field,
    /// mist, no tile unseen) is `{unseen, needs}`, `needs` being `{"last": {"closers": n}}`
    /// (one tile completes it: n of the unseen ones do), `{"tiles": n}` (at least n more)
    /// or `"never"` (a square it needs can never be filled). Throws on a part that is no
    /// port name.
    pub fn inspect(&self, x: i32, y: i32, part: &str) -> Result<JsValue, JsError> {
        let part = parse_part(part).map_err(|e| JsError::new(&e))?;
        Ok(to_js(&inspection_json(&self.shared.borrow(), Pos::new(x, y), part, None, true)))
    }

    /// The tiles nobody has seen yet, by kind in catalogue order: `[{tile, set, count}]`
    /// (the stack and any tiles laid face down; their order stays hidden).
    #[wasm_bindgen(js_name = unseenTiles)]
    pub fn unseen_tiles(&self) -> JsValue {
        let s = self.shared.borrow();
        let tiles = s.game.tiles();
        let list: Vec<Value> = s
            .game
            .unseen_tiles()
            .into_iter()
            .map(|(t, count)| {
                let def = tiles.get(t);
                json!({"tile": &*def.id, "set": &def.set, "count": count, "text": crate::text::describe_tile(s.lang, def)})
            })
            .collect();
        to_js(&list)
    }

    /// The scores at the start of every turn and now: `[[score per player], …]`, one row
    /// per turn played plus the current scores (after final scoring once the game ends).
    #[wasm_bindgen(js_name = scoreTimeline)]
    pub fn score_timeline(&self) -> JsValue {
        let s = self.shared.borrow();
        let mut rows: Vec<&[i32]> = s.turn_scores.iter().map(|(_, v)| v.as_slice()).collect();
        let now = s.game.scores();
        rows.push(&now);
        to_js(&rows)
    }

    /// Every tile of the catalogue with its spots named as records name them (the tile
    /// gallery): `[{id, set, count, reconstructed, optional, start_tile, building, tower,
    /// spots: [{at, kind, ports, pennants, figures, point}], mist, note}]`.
    pub fn tiles() -> JsValue {
        to_js(&crate::summary::tile_catalogue(&TileSet::builtin()))
    }

    /// The built-in guided games (docs/guides.md), in the order the page offers them:
    /// `[{id, topic, title, sets}]` (`title` per language).
    pub fn guides() -> JsValue {
        let list: Value = serde_json::from_str(crate::guide::INDEX).unwrap_or_default();
        to_js(&list)
    }

    /// A guided game, read and checked (docs/guides.md): a guide's JSON text, or (where the
    /// guides are built in: not in the page's own module, which reads `guides/<id>.json`) a
    /// built-in one by its id (`base`). Returns the guide with `actors` (who acts at each
    /// action); throws with the reason for anything that is not a guide that plays.
    pub fn guide(source: &str) -> Result<JsValue, JsError> {
        let name = source.trim();
        let guide = if name.starts_with('{') {
            crate::guide::Guide::parse(source).map_err(|e| JsError::new(&e.to_string()))?
        } else {
            builtin_guide(name)?
        };
        Ok(to_js(&guide.to_value()))
    }

    /// The tile sets: `[{name, title, playable, reconstructed, needs, excludes}]` (`needs`:
    /// sets it is played with; `excludes`: sets it cannot be played with).
    pub fn sets() -> JsValue {
        let ts = TileSet::builtin();
        let list: Vec<Value> = Set::ALL
            .iter()
            .map(|&set| {
                json!({
                    "name": set.name(),
                    "title": set.title(),
                    "playable": true,
                    "reconstructed": ts.set_tiles(set.name()).any(|(_, t)| t.reconstructed),
                    "needs": crate::engine::flow::needs(set).iter().map(|s| s.name()).collect::<Vec<_>>(),
                    "excludes": crate::engine::flow::excludes(set).iter().map(|s| s.name()).collect::<Vec<_>>(),
                })
            })
            .collect();
        to_js(&Value::Array(list))
    }
}

/// A built-in guide by its id.
#[cfg(builtin_guides)]
fn builtin_guide(name: &str) -> Result<crate::guide::Guide, JsError> {
    crate::guide::Guide::builtin(name).ok_or_else(|| {
        let shown: String = name.chars().take(40).collect();
        JsError::new(&format!(
            "no built-in guide is called {shown:?}; a guide is a built-in name or a guide's JSON text"
        ))
    })
}

/// The page's module reads no guide by name: its files are fetched (`guides/<id>.json`).
#[cfg(not(builtin_guides))]
fn builtin_guide(name: &str) -> Result<crate::guide::Guide, JsError> {
    let shown: String = name.chars().take(40).collect();
    Err(JsError::new(&format!(
        "this build reads guides from their JSON text: {shown:?} is in guides/{shown}.json beside the page"
    )))
}

/// A language named by an optional argument: English unless it is one the game speaks.
fn lang_of(lang: Option<String>) -> Lang {
    lang.and_then(|l| l.parse().ok()).unwrap_or_default()
}

/// A record's error as thrown, in `lang`.
fn record_js(lang: Lang, e: &crate::record::RecordError) -> JsError {
    JsError::new(&crate::text::record_error(lang, e))
}

impl WasmGame {
    /// A refused action as thrown, in the game's language.
    fn refusal(&self, e: &crate::engine::PlayError) -> JsError {
        let s = self.shared.borrow();
        JsError::new(&crate::text::play_error_on(s.lang, &s.game, e))
    }
}

/// `"N"`, `"building"`, `"mist:N"` or `"ruin"` as a part of a tile to inspect.
fn parse_part(s: &str) -> Result<Part, String> {
    if s == "ruin" {
        return Ok(Part::Ruin);
    }
    match s.strip_prefix("mist:") {
        Some(port) => match crate::record::parse_spot(port)? {
            Spot::Port(p) => Ok(Part::Mist(p)),
            Spot::Building => Err("mist: a port name, such as mist:E".to_string()),
        },
        None => crate::record::parse_spot(s).map(Part::Spot).map_err(String::from),
    }
}

/// The card of a feature, as `Game.inspect` and the board's `boardinspect` give it (see
/// [`WasmGame::inspect`]); null where there is nothing to inspect. `pending`: a figure
/// waiting on its spot for *End turn* (the view's), counted as if confirmed when it stands
/// on this feature; `odds`: whether the card says what the unseen tiles can do.
pub(crate) fn inspection_json(
    s: &Session,
    pos: Pos,
    part: Part,
    pending: Option<crate::engine::Action>,
    odds: bool,
) -> Value {
    if part == Part::Ruin {
        let start = s.game.board().at(pos).is_some_and(|p| s.game.tiles().get(p.tile).start.is_some());
        if !start {
            return Value::Null;
        }
        let (title, lines) = crate::text::ruin_card(s.lang);
        return json!({"kind": "ruin", "title": title, "lines": lines});
    }
    let Some(i) = s.game.inspect(pos, part) else { return Value::Null };
    let odds = if odds { s.game.odds(pos, part) } else { None };
    let cx = crate::text::CardContext { odds, ..card_context(&s.game, &i, pending) };
    let (title, lines) = crate::text::inspection_in(s.lang, &i, &s.names(), cx);
    let value =
        |v: &FeatureValue| json!({"value": v.value, "tiles": v.tiles, "pennants": v.pennants, "cities": v.cities});
    let xy = |p: &Pos| json!([p.x, p.y]);
    json!({
        "kind": i.kind.name(),
        "complete": i.complete,
        "limited": i.limited,
        "open_ends": i.open_ends,
        "now": value(&i.now),
        "if_completed": i.if_completed.as_ref().map(value),
        "holders": i.holders.iter().map(|h| json!({"player": h.player, "figures": h.figures, "ghosts": h.ghosts})).collect::<Vec<_>>(),
        "majority": i.majority,
        "parts": i.parts.iter().map(|(p, n)| json!([p.x, p.y, n])).collect::<Vec<_>>(),
        "area": i.area.iter().map(xy).collect::<Vec<_>>(),
        "cities": i.cities.iter().map(|(p, n)| json!([p.x, p.y, n])).collect::<Vec<_>>(),
        "odds": odds.map(|o| json!({"unseen": o.unseen, "needs": o.needs})),
        "title": title,
        "lines": lines,
    })
}

/// What a card knows beyond the feature: completed by the tile just placed, it scores at
/// the end of this turn; a waiting figure on it counts as confirmed.
fn card_context(
    g: &EngineGame,
    i: &crate::engine::Inspection,
    pending: Option<crate::engine::Action>,
) -> crate::text::CardContext {
    let Some(sq) = g.figure_square() else { return crate::text::CardContext::default() };
    let placed = g.board().square(sq);
    let on_tile = |local: u8| i.parts.contains(&(placed.pos, local));
    let scores_this_turn = i.complete && i.parts.iter().any(|(p, _)| *p == placed.pos);
    let seat = pending.and_then(|a| {
        let (crate::engine::SpotSquare::Placed, spot) = a.spot()? else { return None };
        let local = g.tiles().get(placed.tile).spot_local(spot)?;
        if !on_tile(local) {
            return None;
        }
        // A co-op meeple counts for its colour, as the card's holders do.
        Some(match a.new_figure() {
            Some((_, Some(colour))) => {
                (0..g.players().len() as u8).find(|&c| g.palette_colour(c) == colour).map_or(0, usize::from)
            }
            _ => g.current_player(),
        })
    });
    crate::text::CardContext { scores_this_turn, pending: seat, odds: None }
}

/// The page's picture of a game: the summary plus the board, figures and breakdown.
pub(crate) fn snapshot_json(s: &Session) -> Value {
    let g = &s.game;
    let tiles = g.tiles();
    let mut v = summary(g);
    let board: Vec<Value> = g
        .board()
        .squares()
        .iter()
        .map(|p| match p.face_down {
            // Face down: which tile it is stays hidden (COOP-3c).
            true => json!({"x": p.pos.x, "y": p.pos.y, "face_down": true}),
            false => json!({"x": p.pos.x, "y": p.pos.y, "tile": &*tiles.get(p.tile).id, "rotation": p.rot.quarters()}),
        })
        .collect();
    let last = g.board().squares().last().map(|p| json!({"x": p.pos.x, "y": p.pos.y}));
    v["board"] = Value::Array(board);
    v["last"] = if g.board().squares().len() > 1 { last.unwrap_or(Value::Null) } else { Value::Null };
    v["can_undo"] = json!(s.before_tile.is_some());
    v["can_undo_turn"] = json!(session::person_turn_start(g).is_some());
    // Which steps may pass is the engine's rule alone (`Game::may_pass`); the page asks.
    v["may_pass"] = json!(g.may_pass());
    v["colors"] = json!(g.setup().players.iter().map(|p| p.color.clone()).collect::<Vec<_>>());
    v["computers"] = json!(g.setup().players.iter().map(|p| p.computer.clone()).collect::<Vec<_>>());
    v["actions"] = json!(g.history().len());
    v["sets"] = json!(g.setup().sets);
    v["tally"] = json!(s.tally);
    v["seeded"] = json!(matches!(g.setup().deck, Deck::Seed(_)));
    let at = |n: u32| {
        let p = g.board().square(g.features().node(n).square).pos;
        json!({"x": p.x, "y": p.y})
    };
    v["challenges"] = Value::Array(
        g.challenges().iter().map(|c| json!({"shrine": at(c.shrine), "monastery": at(c.monastery)})).collect(),
    );
    v["figure_kinds"] = json!(FigureKind::ALL
        .iter()
        .filter(|k| g.players()[g.current_player()].in_supply(**k) > 0 && matches!(g.phase(), Phase::Figure { .. }))
        .map(|k| k.name())
        .collect::<Vec<_>>());
    v
}
