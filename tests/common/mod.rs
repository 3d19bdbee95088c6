//! Helpers for scenario tests: a game from an explicit draw order, and one-line moves.
#![allow(dead_code)]

use carcassonne::engine::{ghosts, spells, SetStep};
use carcassonne::engine::{
    Action, Deck, Event, FigureKind, Game, Options, Phase, PlayerSetup, Pos, Rotation, Set, Setup, TileSet,
};
use carcassonne::record::parse_spot;

/// A game for the named players drawing exactly `draw` (catalogue ids) in order.
pub fn game(players: &[&str], draw: &[&str]) -> Game {
    game_with(players, draw, Options::default())
}

/// As [`game`], with options.
pub fn game_with(players: &[&str], draw: &[&str], options: Options) -> Game {
    let setup = Setup {
        players: players.iter().map(|n| PlayerSetup::named(n)).collect(),
        sets: vec![Set::Base],
        options,
        deck: Deck::Draw(draw.iter().map(|s| s.parse().unwrap()).collect()),
    };
    Game::new(TileSet::builtin(), setup).expect("valid setup")
}

/// Place the drawn tile (which must be `id`) at (x, y) turned `rot` quarter turns.
pub fn tile(g: &mut Game, id: &str, x: i32, y: i32, rot: u8) -> Vec<Event> {
    let Phase::Tile { tile } = g.phase() else { panic!("expected a tile step, got {:?}", g.phase()) };
    assert_eq!(&*g.tiles().get(tile).id, id, "drawn tile");
    let a = Action::PlaceTile { tile, pos: Pos::new(x, y), rot: Rotation::new(rot).unwrap() };
    g.apply(&a).unwrap_or_else(|e| panic!("placing {id} at ({x},{y}) r{rot}: {e}"))
}

/// Place a figure at a printed port name or "building".
pub fn figure(g: &mut Game, kind: FigureKind, at: &str) -> Vec<Event> {
    let a = Action::PlaceFigure { figure: kind, spot: parse_spot(at).unwrap() };
    g.apply(&a).unwrap_or_else(|e| panic!("placing a {} at {at}: {e}", kind.name()))
}

/// Place a regular meeple.
pub fn meeple(g: &mut Game, at: &str) -> Vec<Event> {
    figure(g, FigureKind::Meeple, at)
}

/// Place no figure.
pub fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(&Action::Pass).expect("pass")
}

/// A turn without a figure.
pub fn tile_pass(g: &mut Game, id: &str, x: i32, y: i32, rot: u8) -> Vec<Event> {
    let mut ev = tile(g, id, x, y, rot);
    ev.extend(pass(g));
    ev
}

/// Regular meeples in a player's supply.
pub fn supply(g: &Game, player: usize) -> u8 {
    g.players()[player].in_supply(FigureKind::Meeple)
}

/// The `Scored` events among `events`.
pub fn scorings(events: &[Event]) -> Vec<&carcassonne::engine::Scoring> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// A base + Ghosts, Castles & Cemeteries game drawing exactly `draw`.
pub fn ghost_game(players: &[&str], draw: &[&str]) -> Game {
    ghost_game_with(players, draw, Options::default())
}

/// As [`ghost_game`], with options.
pub fn ghost_game_with(players: &[&str], draw: &[&str], options: Options) -> Game {
    let setup = Setup {
        players: players.iter().map(|n| PlayerSetup::named(n)).collect(),
        sets: vec![Set::Base, Set::Ghosts],
        options,
        deck: Deck::Draw(draw.iter().map(|s| s.parse().unwrap()).collect()),
    };
    Game::new(TileSet::builtin(), setup).expect("valid setup")
}

/// Put the pending ghost next to the figure at (x, y) standing at `at`.
pub fn ghost(g: &mut Game, x: i32, y: i32, at: &str) -> Vec<Event> {
    let a = Action::from(ghosts::Move { pos: Pos::new(x, y), spot: parse_spot(at).unwrap() });
    g.apply(&a).unwrap_or_else(|e| panic!("ghost at ({x},{y}) {at}: {e}"))
}

/// Ghosts next to the figure standing on square (x, y).
pub fn ghosts_at(g: &Game, x: i32, y: i32) -> u8 {
    let i = (0..g.figures().len()).find(|&i| g.figure_spot(i).0 == Pos::new(x, y)).expect("a figure there");
    g.figures()[i].ghosts
}

/// The phase's step name: "tile", "ghost:extend", "ghost:limit", "figure" or "over".
pub fn step(g: &Game) -> String {
    match g.phase() {
        Phase::Tile { .. } => "tile".into(),
        Phase::Set(SetStep::Ghosts(ghosts::Step { case, .. })) => {
            format!("ghost:{}", serde_json::to_value(case).unwrap().as_str().unwrap())
        }
        Phase::Set(SetStep::Spells(spells::Step::Circle { .. })) => "circle".into(),
        Phase::Set(SetStep::Spells(spells::Step::Cat { .. })) => "cat".into(),
        Phase::Figure { .. } => "figure".into(),
        Phase::Set(SetStep::Coop(step)) => format!("coop:{}", step.name()),
        Phase::Over => "over".into(),
    }
}

/// A game with the given sets drawing exactly `draw`.
pub fn game_in(players: &[&str], sets: &[&str], draw: &[&str], options: Options) -> Game {
    let setup = Setup {
        players: players.iter().map(|n| PlayerSetup::named(n)).collect(),
        sets: sets.iter().map(|s| s.parse().unwrap()).collect(),
        options,
        deck: Deck::Draw(draw.iter().map(|s| s.parse().unwrap()).collect()),
    };
    Game::new(TileSet::builtin(), setup).expect("valid setup")
}
pub mod coop;
