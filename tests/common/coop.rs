//! Helpers for the cooperative scenarios (tests/coop_rules.rs): a game of a level (or of a
//! level changed as a corrected level file would change it) drawing exactly the tiles
//! named, one-line moves for every step, and readings of the state.
#![allow(dead_code)]

use carcassonne::engine::coop::levels::{Level, LevelTable};
use carcassonne::engine::coop::{CoopOptions, GhostSpot, Move, COLOURS};
use carcassonne::engine::tiles::BUILTIN_FILES;
use carcassonne::engine::SetStep;
use carcassonne::engine::{Action, Deck, Event, Game, Options, Phase, PlayerSetup, Pos, Rotation, Set, Setup, TileSet};
use carcassonne::record::parse_spot;
use std::sync::Arc;

/// The test tiles (tests/data/coop/test-tiles.toml) appended to the real ghosts catalogue.
pub const TEST_TILES: &str = include_str!("../data/coop/test-tiles.toml");

/// The catalogue with the test tiles in the ghosts set.
pub fn tiles() -> Arc<TileSet> {
    let ghosts = BUILTIN_FILES.iter().find(|f| f.0 == "ghosts").expect("ghosts").1;
    Arc::new(TileSet::with_files(&[("ghosts", &format!("{ghosts}\n{TEST_TILES}"))]).expect("valid test tiles"))
}

/// Level `n` of the built-in table.
pub fn level(n: u8) -> Level {
    LevelTable::builtin().level(n).expect("a level").clone()
}

/// A cooperative game of `level` for `seats` players, with or without the Spell Circles,
/// drawing exactly `draw` (copies unlimited, so a scenario may draw a tile twice).
pub fn coop_game(level: Level, seats: usize, circles: bool, draw: &[&str]) -> Game {
    coop_game_in(tiles(), level, seats, circles, draw)
}

/// As [`coop_game`] with another catalogue.
pub fn coop_game_in(tiles: Arc<TileSet>, level: Level, seats: usize, circles: bool, draw: &[&str]) -> Game {
    let mut sets = vec![Set::Ghosts];
    if circles {
        sets.push(Set::SpellCircles);
    }
    let setup = Setup {
        players: (0..seats).map(|i| PlayerSetup::named(&format!("P{}", i + 1))).collect(),
        sets,
        options: Options {
            coop: Some(CoopOptions { level, piles: None }),
            unlimited_copies: true,
            ..Options::default()
        },
        deck: Deck::Draw(draw.iter().map(|s| s.parse().unwrap()).collect()),
    };
    Game::new(tiles, setup).expect("valid setup")
}

/// The index of a colour by name.
pub fn colour(name: &str) -> u8 {
    COLOURS.iter().position(|c| *c == name).unwrap_or_else(|| panic!("no colour {name}")) as u8
}

/// The step awaited: "tile", "coop:meeple", "coop:score", … or "over".
pub fn step(g: &Game) -> String {
    match g.phase() {
        Phase::Tile { .. } => "tile".into(),
        Phase::Set(SetStep::Coop(s)) => format!("coop:{}", s.name()),
        Phase::Over => "over".into(),
        other => format!("{other:?}"),
    }
}

/// Place the drawn tile (which must be `id`) at (x, y) turned `rot` quarter turns.
pub fn place(g: &mut Game, id: &str, x: i32, y: i32, rot: u8) -> Vec<Event> {
    let Phase::Tile { tile } = g.phase() else { panic!("expected a tile step, got {}", step(g)) };
    assert_eq!(&*g.tiles().get(tile).id, id, "drawn tile");
    let a = Action::PlaceTile { tile, pos: Pos::new(x, y), rot: Rotation::new(rot).unwrap() };
    g.apply(&a).unwrap_or_else(|e| panic!("placing {id} at ({x},{y}) r{rot}: {e}"))
}

/// A whole quiet turn: the tile, no meeple, and nothing else to decide.
pub fn turn(g: &mut Game, id: &str, x: i32, y: i32, rot: u8) -> Vec<Event> {
    let mut ev = place(g, id, x, y, rot);
    assert_eq!(step(g), "coop:meeple", "after placing {id} at ({x},{y})");
    ev.extend(pass(g));
    ev
}

/// The tile and a meeple of `colour` at a printed port (or "building").
pub fn turn_with(g: &mut Game, id: &str, x: i32, y: i32, rot: u8, colour_name: &str, at: &str) -> Vec<Event> {
    let mut ev = place(g, id, x, y, rot);
    ev.extend(meeple(g, colour_name, at));
    ev
}

/// Answer a step.
pub fn play(g: &mut Game, m: Move) -> Vec<Event> {
    g.apply(&Action::from(m)).unwrap_or_else(|e| panic!("{m:?} at step {}: {e}", step(g)))
}

/// Decline: no meeple, or no more hound removal.
pub fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(&Action::Pass).unwrap_or_else(|e| panic!("pass at step {}: {e}", step(g)))
}

/// A meeple of `colour` on the tile just placed, at a printed port or "building".
pub fn meeple(g: &mut Game, colour_name: &str, at: &str) -> Vec<Event> {
    play(g, Move::Meeple { colour: colour(colour_name), spot: parse_spot(at).unwrap() })
}

/// Take the points of the feature with a meeple at (x, y) `at`.
pub fn points(g: &mut Game, x: i32, y: i32, at: &str) -> Vec<Event> {
    play(g, Move::Points { pos: Pos::new(x, y), spot: parse_spot(at).unwrap() })
}

/// Give that feature's points up to remove ghosts from square (fx, fy).
pub fn remove(g: &mut Game, x: i32, y: i32, at: &str, fx: i32, fy: i32) -> Vec<Event> {
    play(g, Move::Remove { pos: Pos::new(x, y), spot: parse_spot(at).unwrap(), from: Pos::new(fx, fy) })
}

/// Choose a ghost spot: "mist", "mist 1", "circle", "cemetery".
pub fn choose(g: &mut Game, x: i32, y: i32, spot: &str) -> Vec<Event> {
    play(g, Move::Ghost { pos: Pos::new(x, y), spot: GhostSpot::parse(spot).unwrap() })
}

/// Eloïse or a hound goes with the meeple at (x, y) `at`.
pub fn with(g: &mut Game, x: i32, y: i32, at: &str) -> Vec<Event> {
    play(g, Move::With { pos: Pos::new(x, y), spot: parse_spot(at).unwrap() })
}

/// A hound removes up to 3 ghosts from (x, y).
pub fn clear(g: &mut Game, x: i32, y: i32) -> Vec<Event> {
    play(g, Move::Clear { pos: Pos::new(x, y) })
}

/// The face-down tile goes on (x, y).
pub fn face_down(g: &mut Game, x: i32, y: i32) -> Vec<Event> {
    play(g, Move::FaceDown { pos: Pos::new(x, y) })
}

/// Bury the meeple at (x, y) `at` on the cemetery that closed.
pub fn bury(g: &mut Game, x: i32, y: i32, at: &str) -> Vec<Event> {
    play(g, Move::Bury { pos: Pos::new(x, y), spot: parse_spot(at).unwrap() })
}

/// The team's score (the one marker, levels 1–5).
pub fn score(g: &Game) -> u32 {
    assert_eq!(g.coop().markers.len(), 1, "one team marker");
    g.coop().markers[0]
}

/// A colour's index among the colours in play (markers, `players`), by name.
pub fn in_play(g: &Game, colour_name: &str) -> usize {
    let c = colour(colour_name);
    g.coop().palette.iter().position(|&p| p == c).unwrap_or_else(|| panic!("{colour_name} is not in play"))
}

/// One colour's marker (level 6).
pub fn marker(g: &Game, colour_name: &str) -> u32 {
    g.coop().markers[in_play(g, colour_name)]
}

/// Ghosts on the board, circles and cemeteries included.
pub fn board(g: &Game) -> u8 {
    g.coop_ghosts_on_board()
}

/// Ghosts that can still be placed: the separate supply and Eloïse's pile.
pub fn supply(g: &Game) -> u8 {
    g.coop_supply()
}

/// Ghosts on the square at (x, y), every spot.
pub fn on(g: &Game, x: i32, y: i32) -> u8 {
    let sq = g.board().square_at(Pos::new(x, y)).expect("a square");
    g.coop_ghosts_at(sq)
}

/// Ghosts in one spot of the square at (x, y).
pub fn on_spot(g: &Game, x: i32, y: i32, spot: &str) -> u8 {
    let sq = g.board().square_at(Pos::new(x, y)).expect("a square");
    g.coop().ghosts_in(sq, GhostSpot::parse(spot).unwrap())
}

/// Meeples of a colour in its supply.
pub fn meeples(g: &Game, colour_name: &str) -> u8 {
    g.players()[in_play(g, colour_name)].in_supply(carcassonne::engine::FigureKind::Meeple)
}

/// Meeples on the board.
pub fn on_board(g: &Game) -> usize {
    g.figures().len()
}

/// The draw list of [`bench`]: the tile that closes the start tile's city, then `n` fields.
pub fn bench_draw(n: usize) -> Vec<&'static str> {
    let mut d = vec!["ghosts.44"];
    d.extend(std::iter::repeat_n("ghosts.11", n));
    d
}

/// A row of plain tiles north-west of the start tile to build on: ghosts.44 at (0,-1)
/// closing the start tile's city, then the field tile ghosts.11 at (-1,-1) … (-n,-1).
/// Row y = -2 above it then takes any tile with a field on its south edge.
pub fn bench(g: &mut Game, n: i32) {
    turn(g, "ghosts.44", 0, -1, 2);
    for x in 1..=n {
        turn(g, "ghosts.11", -x, -1, 0);
    }
}

/// The order build_road places the squares of a road of `n` (0 = east end) with `k` meeples:
/// the meeple squares 0, 2, 4 … first, then the rest from east to west.
fn road_order(n: usize, k: usize) -> Vec<usize> {
    let k = k.max(1).min(n.div_ceil(2));
    let mut order: Vec<usize> = (0..k).map(|i| if i == k - 1 && k > 1 { n - 1 } else { 2 * i }).collect();
    let rest: Vec<usize> = (0..n).filter(|i| !order.contains(i)).collect();
    order.extend(rest);
    order
}

/// The draw list for a road of `n` squares with `k` meeples.
pub fn road_draw_k(n: usize, k: usize) -> Vec<&'static str> {
    road_order(n, k).iter().map(|&i| if i == 0 || i == n - 1 { "ghosts.x-end" } else { "ghosts.23" }).collect()
}

/// Build a road of `n` squares on row y (over a row of fields) from x = `east` westwards,
/// with a meeple of each of `colours` (the first on the east end, the last on the west
/// end, the others every second square), and stop at the scoring step it opens.
pub fn build_road(g: &mut Game, east: i32, y: i32, n: usize, colours: &[&str]) {
    assert!(n >= 2 && n + 1 >= 2 * colours.len(), "meeples need a square between them");
    let order = road_order(n, colours.len());
    for (j, &i) in order.iter().enumerate() {
        let x = east - i as i32;
        let (id, rot) = match i {
            0 => ("ghosts.x-end", 2),
            _ if i == n - 1 => ("ghosts.x-end", 0),
            _ => ("ghosts.23", 0),
        };
        place(g, id, x, y, rot);
        match colours.get(j) {
            Some(c) => meeple(g, c, if id == "ghosts.x-end" { "E" } else { "W" }),
            None => pass(g),
        };
    }
    assert_eq!(step(g), "coop:score", "the road is complete");
}

/// Build a road and take its points.
pub fn score_road(g: &mut Game, east: i32, y: i32, n: usize, colours: &[&str]) {
    build_road(g, east, y, n, colours);
    points(g, east, y, "E");
}

/// COOP-TEST-19's board at level 2, 4 players: cemetery C at (2, 0) east of the start tile
/// holds 3 ghosts (the supply 6), yellow's knight stands in the city north of it at
/// (2, -1), 3 of C's 4 sides are filled, and blue draws ghosts.x-end, which fills the 4th
/// at (2, 1) turned twice.
pub fn cemetery_c_closing() -> Game {
    let draw = [
        "ghosts.05",
        "ghosts.x-mist1",
        "ghosts.x-mist1",
        "ghosts.x-city",
        "ghosts.x-mist1",
        "ghosts.11",
        "ghosts.x-end",
        "ghosts.x-mist1",
        "ghosts.11",
        "ghosts.11",
    ];
    let mut g = coop_game(level(2), 4, false, &draw);
    turn(&mut g, "ghosts.05", 2, 0, 0); // red's turn: cemetery C
    turn(&mut g, "ghosts.x-mist1", -1, 1, 0); // green: 1 ghost, 1 on C
    turn(&mut g, "ghosts.x-mist1", -1, 2, 0); // blue: 1, 1 on C
    turn_with(&mut g, "ghosts.x-city", 2, -1, 1, "yellow", "E"); // a knight in the city north of C
    turn(&mut g, "ghosts.x-mist1", -1, 3, 0); // red: 1, 1 on C
    turn(&mut g, "ghosts.11", 3, 0, 0); // green: C's east side (3 of 4 now)
    g
}
