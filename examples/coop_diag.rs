//! Where a cooperative team's points come from and where it loses (a measurement, not a
//! test): two seats of one computer level at one level, and per game the tiles placed and
//! laid face down, the points of features (and of those with several colours), of the
//! hounds, the burials, the cemeteries placed and their empty neighbours then, and the
//! losses by the hounds passed (0: lost in pile 1), and the time a decision takes.
//! docs/coop.md has its figures.
//!
//! `cargo run --release --example coop_diag -- LEVEL N GAMES [FIRST]` (games FIRST to
//! FIRST + GAMES − 1, so that two runs side by side split the work).

use carcassonne::ai::{Bot, Level};
use carcassonne::engine::coop::levels::LevelTable;
use carcassonne::engine::coop::{CoopOptions, Hound};
use carcassonne::engine::{Deck, Event, Game, PlayerSetup, Pos, Set, Setup, TileSet};

#[derive(Default)]
struct Tally {
    won: u32,
    placed: u32,
    face_down: u32,
    features: i64,
    shared: i64,
    hounds: i64,
    buried: u32,
    cemeteries: u32,
    empty_then: u32,
    given_up: u32,
    lost_by_hounds: [u32; 3],
    decisions: u32,
    ms: f64,
    slowest: f64,
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| a.get(i).cloned().unwrap_or_else(|| d.to_string());
    let level: Level = arg(0, "hard").parse().expect("a computer level");
    let n: u8 = arg(1, "5").parse().expect("a level, 1 to 6");
    let games: u64 = arg(2, "40").parse().expect("a number of games");
    let first: u64 = arg(3, "0").parse().expect("the first game");
    let rules = LevelTable::builtin().level(n).expect("a level, 1 to 6").clone();
    let mut t = Tally::default();
    for i in first..first + games {
        let setup = Setup {
            players: vec![PlayerSetup::named("A"), PlayerSetup::named("B")],
            sets: vec![Set::Ghosts],
            options: carcassonne::engine::Options {
                coop: Some(CoopOptions { level: rules.clone(), piles: None }),
                ..Default::default()
            },
            deck: Deck::Seed(1000 + i),
        };
        let mut g = Game::new(TileSet::builtin(), setup).expect("a cooperative game");
        let mut bots: Vec<Bot> = (0..2).map(|k| Bot::new(level, i * 7 + k)).collect();
        loop {
            let seat = g.current_player();
            let (before, clock) = (bots[seat].decisions(), std::time::Instant::now());
            let Some(action) = bots[seat].choose(&g) else { break };
            if bots[seat].decisions() > before {
                let ms = clock.elapsed().as_secs_f64() * 1000.0;
                t.decisions += 1;
                t.ms += ms;
                t.slowest = t.slowest.max(ms);
            }
            for e in g.apply(&action).expect("a bot's action is legal") {
                tally(&g, &e, &mut t);
            }
        }
        let (why, _) = g.coop().ending.expect("a finished game");
        if why.won() {
            t.won += 1;
        } else {
            let passed = g.coop().hounds.iter().filter(|h| **h != Hound::Track).count();
            t.lost_by_hounds[passed.min(2)] += 1;
        }
    }
    let per = |x: f64| x / games as f64;
    println!(
        "won {}/{games}; per game: placed {:.1}, face down {:.1}, feature points {:.1} (several colours {:.1}), \
         hounds {:.1}, buried {:.1}, cemeteries {:.1} with {:.2} empty neighbours each, scorings given up {:.1}; \
         losses by hounds passed {:?}; \
         a decision {:.0} ms on average, the slowest {:.0} ms",
        t.won,
        per(t.placed as f64),
        per(t.face_down as f64),
        per(t.features as f64),
        per(t.shared as f64),
        per(t.hounds as f64),
        per(t.buried as f64),
        per(t.cemeteries as f64),
        t.empty_then as f64 / t.cemeteries.max(1) as f64,
        per(t.given_up as f64),
        t.lost_by_hounds,
        t.ms / t.decisions.max(1) as f64,
        t.slowest
    );
}

fn tally(g: &Game, e: &Event, t: &mut Tally) {
    match e {
        Event::FaceDownPlaced { .. } => t.face_down += 1,
        Event::TilePlaced { x, y, .. } => {
            t.placed += 1;
            let pos = Pos::new(*x, *y);
            if g.coop_open_cemeteries().contains(&pos) {
                t.cemeteries += 1;
                t.empty_then += 8 - g.board().at(pos).map_or(8, |s| s.neighbours as u32);
            }
        }
        Event::TeamScored { points, colours, .. } => {
            t.features += *points as i64;
            if colours.len() > 1 {
                t.shared += *points as i64;
            }
        }
        Event::ScoringGivenUp { .. } => t.given_up += 1,
        Event::HoundScored { points, .. } => t.hounds += *points as i64,
        Event::MeepleBuried { .. } => t.buried += 1,
        _ => {}
    }
}
