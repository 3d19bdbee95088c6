//! Find the little boards of the "How to play" drawer (www/help.js): for each rule, the
//! smallest seeded two-player game (fewest tiles on the board) in which it happens, as the
//! tiles drawn and the moves played, checked by replaying them from an explicit draw.
//! `cargo run --release --example find_help_boards`
//!
//! - ghosts: a meeple with two ghosts beside it (GHOST-SCARE-1: a third scares it off);
//! - watchtowers: Ann's meeple on a tower tile's road or city, the tile before the one that
//!   completes it (TOWER-9, the bonus comes first);
//! - shrines: a challenge just started (SHRINE-CH-1);
//! - spellcircles: mode A, circles that drew ghosts from meeples beside them (SPELLC-A-3).

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Action, Deck, Event, Game, Options, Phase, Set, Setup, SpellMode, TileSet};
use carcassonne::record::Record;
use serde_json::{json, Value};

/// The most tiles a help board may have on it.
const MAX_TILES: usize = 9;

/// Whether the moves so far show the rule: the game now, the events of the last move, and
/// the game when this turn's tile was placed; `Some(k)` keeps the first `k` moves.
type Wanted = fn(&Game, &[Event], &Game) -> Option<usize>;

/// Play seeded games with a taste for placing figures; the smallest board showing the rule.
fn search(sets: &[Set], options: &Options, wanted: Wanted) -> Option<(usize, Value)> {
    let mut best: Option<(usize, Value)> = None;
    for seed in 0..60_000u64 {
        let setup = Setup { options: options.clone(), ..Setup::base(&["Ann", "Bo"], seed).with_sets(sets) };
        let mut g = Game::new(TileSet::builtin(), setup.clone()).expect("allowed sets");
        let mut rng = Rng::new(seed ^ 0x5eed);
        // The tiles dealt, the first one too (drawn when the game was made).
        let mut drawn: Vec<String> = Vec::new();
        if let Phase::Tile { tile } = g.phase() {
            drawn.push(g.tiles().get(tile).id.to_string());
        }
        let mut turn_start = g.clone();
        loop {
            let placed = g.board().squares().len();
            if g.is_over() || placed > MAX_TILES || best.as_ref().is_some_and(|(n, _)| placed >= *n) {
                break;
            }
            let legal = g.legal_actions();
            let figures: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::PlaceFigure { .. })).collect();
            let action = if !figures.is_empty() && rng.below(100) < 85 {
                *figures[rng.below(figures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            if matches!(action, Action::PlaceTile { .. }) {
                turn_start = g.clone();
            }
            let events = g.apply(&action).expect("a listed action");
            for e in &events {
                match e {
                    Event::TileDrawn { tile, .. } => drawn.push(tile.to_string()),
                    Event::TileDiscarded { .. } => break,
                    _ => {}
                }
            }
            if events.iter().any(|e| matches!(e, Event::TileDiscarded { .. })) {
                break;
            }
            if let Some(keep) = wanted(&g, &events, &turn_start) {
                let record = Record::of_game(&g);
                let moves: Vec<Value> = record.actions[..keep].iter().map(|a| a.to_value()).collect();
                let n = g.board().squares().len();
                best = Some((n, json!({ "seed": seed, "drawn": drawn, "moves": moves })));
                break;
            }
        }
    }
    best
}

/// Check a board by replaying it from an explicit draw, and give what help.js needs.
fn check(sets: &[Set], options: &Options, found: &Value) -> Value {
    let drawn: Vec<String> = serde_json::from_value(found["drawn"].clone()).unwrap();
    let moves = found["moves"].as_array().unwrap();
    // The start tile is not drawn; the tiles after the moves are not needed but one, the
    // tile in hand when the board is shown.
    let setup = Setup {
        options: options.clone(),
        deck: Deck::Draw(drawn.clone()),
        ..Setup::base(&["Ann", "Bo"], 0).with_sets(sets)
    };
    let text = json!({ "format": carcassonne::record::FORMAT, "version": carcassonne::record::VERSION,
        "setup": Record { setup, actions: vec![], notes: vec![] }.setup_value(), "actions": moves });
    let (g, _) =
        Record::parse(&text.to_string()).and_then(|r| r.replay(TileSet::builtin())).expect("the board replays");
    json!({ "sets": sets.iter().map(|s| s.name()).collect::<Vec<_>>(), "draw": drawn, "moves": moves, "tiles": g.board().squares().len() })
}

fn main() {
    let base = Options::default();
    let mode_a = Options { spell_mode: SpellMode::A, eloise: false, ..Options::default() };
    let cases: [(&str, Vec<Set>, &Options, Wanted); 4] = [
        ("ghosts", vec![Set::Ghosts], &base, |g, _, _| {
            g.figures().iter().any(|f| f.ghosts == 2).then(|| g.history().len())
        }),
        // Bo's tile completes what Ann's meeple on the tower tile stands on: shown before it.
        ("watchtowers", vec![Set::Watchtowers], &base, |_, events, before| {
            (before.current_player() == 1 && events.iter().any(|e| matches!(e, Event::TowerScored { player: 0, .. })))
                .then(|| before.history().len())
        }),
        ("shrines", vec![Set::Shrines], &base, |g, events, _| {
            events.iter().any(|e| matches!(e, Event::ChallengeStarted { .. })).then(|| g.history().len())
        }),
        ("spellcircles", vec![Set::Ghosts, Set::SpellCircles], &mode_a, |g, events, _| {
            events.iter().any(|e| matches!(e, Event::CircleFilled { from: Some(_), .. })).then(|| g.history().len())
        }),
    ];
    for (name, sets, options, wanted) in cases {
        match search(&sets, options, wanted) {
            Some((n, found)) => println!("{name} ({n} tiles): {}", check(&sets, options, &found)),
            None => println!("{name}: none found"),
        }
    }
}
