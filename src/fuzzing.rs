//! What the fuzz targets check, for any input: `fuzz/` runs these under libFuzzer
//! (`docs/testing.md`), and `tests/fuzz_smoke.rs` runs them on thousands of seeded
//! mutations in every test run. Each returns normally for any input, valid or not; a panic
//! (a broken invariant included) is a finding.
//!
//! - [`record_text`]: the record parser and replay: a record that is accepted replays,
//!   writes itself out, reads back to the same game and has a share code.
//! - [`share_code`]: the share-code decoder: an accepted code's record re-encodes to it.
//! - [`tile_file`]: the tile-file loader: an accepted file gives tiles that start games.
//! - [`actions`]: any action, legal or not, on a game reached by earlier bytes: a refused
//!   one changes nothing, an accepted one leaves a game that replays and has a code.
//! - [`pack_request`]: a text pack's `say` (`text::pack`): any bytes are refused or
//!   answered with a sentence ([`pack_seeds`] are requests to start from).

use crate::engine::rng::Rng;
use crate::engine::{Action, FigureKind, Game, Port, Pos, Rotation, Set, Setup, Spot, TileSet};
use crate::record::Record;
use crate::share;
use std::sync::Arc;

/// A game that was accepted must travel every way without change.
fn travels(game: &Game) {
    let record = Record::of_game(game);
    let text = record.to_json();
    let (again, _) = Record::parse(&text)
        .and_then(|r| r.replay(game.tiles().clone()))
        .unwrap_or_else(|e| panic!("an accepted game's record does not replay: {e}\n{text}"));
    assert!(again == *game, "the replayed record differs from the game\n{text}");
    let code = share::encode(&record, game.tiles().clone())
        .unwrap_or_else(|e| panic!("an accepted game has no share code: {e}\n{text}"));
    let back =
        share::decode(&code, game.tiles().clone()).unwrap_or_else(|e| panic!("its share code does not decode: {e}"));
    assert_eq!(back, record, "the share code gives another record");
}

/// The record parser and replay, on any bytes.
pub fn record_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(record) = Record::parse(text) else { return };
    if let Ok((game, _)) = record.replay(TileSet::builtin()) {
        travels(&game);
    }
}

/// The share-code decoder, on any bytes.
pub fn share_code(data: &[u8]) {
    let Ok(code) = std::str::from_utf8(data) else { return };
    let Ok(record) = share::decode(code, TileSet::builtin()) else { return };
    let (game, _) = record.replay(TileSet::builtin()).expect("a decoded record replays");
    travels(&game);
}

/// The tile-file loader, on any bytes as the `watchtowers` set's file: an accepted
/// catalogue plays a short random game with that set without a panic.
pub fn tile_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(tiles) = TileSet::with_files(&[("watchtowers", text)]) else { return };
    let tiles = Arc::new(tiles);
    let setup = Setup::base(&["A", "B"], data.len() as u64).with_sets(&[Set::Watchtowers]);
    if let Ok(mut game) = Game::new(tiles, setup) {
        let mut rng = Rng::new(7);
        for _ in 0..60 {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.apply(&legal[rng.below(legal.len())]).expect("a listed action is accepted");
        }
        travels(&game);
    }
}

/// Any action on any reachable game: the first eight bytes seed the game (set
/// combination, players, deck); then every three bytes either play the n-th legal
/// action or try an arbitrary one.
pub fn actions(data: &[u8]) {
    if data.len() < 8 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().expect("eight bytes"));
    let combos: [&[Set]; 6] = [
        &[],
        &[Set::River, Set::Watchtowers],
        &[Set::Ghosts],
        &[Set::Ghosts, Set::SpellCircles, Set::Shrines],
        &[Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines],
        &[Set::Shrines, Set::Watchtowers],
    ];
    let mut setup = Setup::base(&["A", "B", "C"][..2 + (seed % 2) as usize], seed)
        .with_sets(combos[(seed >> 8) as usize % combos.len()]);
    setup.options.abbot = seed & 4 != 0;
    if seed & 8 != 0 {
        setup.options.spell_mode = crate::engine::SpellMode::A;
    }
    let mut game = Game::new(TileSet::builtin(), setup).expect("a valid setup");
    let tiles = game.tiles().tiles().len() as u16;
    let mut legal = Vec::new();
    let mut seen: Vec<Action> = Vec::new();
    for chunk in data[8..].chunks_exact(3) {
        game.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        if seen.len() < 64 {
            seen.extend(legal.iter().filter(|a| matches!(a, Action::Set(_))).take(64 - seen.len()));
        }
        let (a, b, c) = (chunk[0], chunk[1] as i32, chunk[2]);
        let action = match a % 8 {
            0..=3 => legal[(b as usize * 256 + c as usize) % legal.len()],
            4 => Action::PlaceTile {
                tile: (b as u16 * 7 + c as u16) % (tiles + 2),
                pos: Pos::new(b % 16 - 8, c as i32 % 16 - 8),
                rot: Rotation::ALL[(a / 8) as usize % 4],
            },
            5 => Action::PlaceFigure { figure: FigureKind::ALL[c as usize % 3], spot: spot(b as u8) },
            // A set's move listed earlier, now at another spot: out of its step, at a
            // figure that has gone, or at one never there (moves made up without naming
            // any set's moves, so that every set's are tried).
            6 if !seen.is_empty() => seen[(b as usize * 256 + c as usize) % seen.len()].with_spot(spot(a)),
            6 => Action::Pass,
            _ => [Action::Pass, Action::RetrieveAbbot { pos: Pos::new(b % 8 - 4, c as i32 % 8 - 4) }][b as usize % 2],
        };
        // A listed action is accepted; any other, if refused, changes nothing (the game is
        // copied only then: the copy is most of the cost of a step).
        if legal.contains(&action) {
            game.apply(&action).unwrap_or_else(|e| panic!("a listed action {action:?} was refused: {e}"));
        } else {
            let before = game.clone();
            if game.apply(&action).is_err() {
                assert!(game == before, "a refused action {action:?} changed the game");
            }
        }
    }
    travels(&game);
}

fn spot(b: u8) -> Spot {
    if b % 13 == 12 {
        Spot::Building
    } else {
        Spot::Port(Port::new(b % 12))
    }
}

/// A text pack's answer to any bytes as its request: refused, or a sentence.
pub fn pack_request(data: &[u8]) {
    if let Ok(answer) = crate::text::pack_answer(data) {
        match crate::text::pack::decode(&answer) {
            Ok(crate::text::pack::Answer::Text(_) | crate::text::pack::Answer::Card(..)) => {}
            Err(e) => panic!("an answer that does not read back: {e}"),
        }
    }
}

/// Requests as the page's module sends them (`text::pack`), to start [`pack_request`] from:
/// events with the squares they tell, a place, a plan's step, a card line, a record's error.
pub fn pack_seeds() -> Vec<Vec<u8>> {
    PACK_SEEDS
        .iter()
        .map(|json| crate::text::pack_request_from_json(json).unwrap_or_else(|e| panic!("a seed is a request: {e}")))
        .collect()
}

/// [`pack_seeds`] as JSON, for people to read.
const PACK_SEEDS: [&str; 9] = [
    r#"{"lang":"de","request":{"event":{"event":{"tile_placed":{"player":0,"tile":"ghosts.04","x":2,"y":0,"rotation":1}},"names":["Ann","Bo"],"known":{"game":true,"places":[{"x":2,"y":0,"here":{"Tile":[{"Building":"castle"},{"City":{"sides":1,"arms":0}},"Mist"]},"by":["E","Start"]}],"tiles":[["ghosts.04",[{"Building":"castle"},{"City":{"sides":1,"arms":0}},"Mist"]]]}}}}"#,
    r#"{"lang":"fr","request":{"event":{"event":{"figure_placed":{"player":1,"figure":"guard","x":2,"y":-1,"spot":"Nw","feature":"field"}},"names":["Ann","Bo"],"known":{"game":true,"places":[],"tiles":[]}}}}"#,
    r#"{"lang":"nl","request":{"event":{"event":{"ghost_skipped":{"player":1,"case":"limit","reason":"the player has no meeple a ghost may haunt"}},"names":["Ann"],"known":{"game":false,"places":[],"tiles":[]}}}}"#,
    r#"{"lang":"fr","request":{"place":{"place":{"x":2,"y":0,"here":null,"by":["E","Start"]},"as_":"At"}}}"#,
    r#"{"lang":"fr","request":{"plan":{"step":{"Tile":{"at":"à l'est de la tuile de départ","quarters":1}}}}}"#,
    r#"{"lang":"nl","request":{"card":{"line":{"Worth":{"complete":false,"this_turn":false,"value":1,"if_completed":2}}}}}"#,
    r#"{"lang":"de","request":{"named":{"named":{"Mist":{"sides":["W"],"on":{"Square":{"here":"Start","by":null,"full":null}}}},"case":"Dat"}}}"#,
    r#"{"lang":"de","request":{"record_error":{"error":{"Setup":"NoBase"},"names":[],"known":{"game":false,"places":[],"tiles":[]}}}}"#,
    r#"{"lang":"de","request":"ruin"}"#,
];
