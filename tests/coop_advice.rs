//! What the cooperative game tells a player (src/ai/advice.rs): the reasons *Hint* gives
//! for a plan, the pace and the drain the team panel shows. Each scenario is built by real
//! moves; the expected reasons are read from the rules (COOP.md), not from the code.

mod common;

use carcassonne::ai::advice::{reasons, Drain, Pace, Reason};
use carcassonne::engine::coop::Move;
use carcassonne::engine::{Action, Game, Phase, Pos, Rotation};
use carcassonne::record::parse_spot;
use common::coop::*;
use serde_json::json;

/// The tile in hand placed at (x, y) turned `rot`, as an action of a plan.
fn tile(g: &Game, x: i32, y: i32, rot: u8) -> Action {
    let Phase::Tile { tile } = g.phase() else { panic!("expected a tile step, got {}", step(g)) };
    Action::PlaceTile { tile, pos: Pos::new(x, y), rot: Rotation::new(rot).unwrap() }
}

fn spot(at: &str) -> carcassonne::engine::Spot {
    parse_spot(at).unwrap()
}

fn pace(mark: &'static str, value: u32, away: u32, tiles: usize, behind: bool) -> Reason {
    Reason::Pace(Pace { mark, value, away, tiles, behind })
}

/// COOP-TEST-19's board (cemetery C with 3 ghosts, 3 of its 4 sides filled): blue's tile
/// closes it.
#[test]
fn a_plan_that_closes_the_last_cemetery_says_so_and_counts_its_ghosts() {
    let g = cemetery_c_closing();
    assert_eq!((on(&g, 2, 0), supply(&g), g.coop_open_cemeteries().len()), (3, 6, 1));
    let plan = [tile(&g, 2, 1, 2), Action::from(Move::Bury { pos: Pos::new(2, -1), spot: spot("E") }), Action::Pass];
    let before = g.clone();
    assert_eq!(
        reasons(&g, &plan),
        vec![
            // COOP-1c: C closes, the last open one: no more extra ghosts (COOP-2a-4).
            Reason::ClosesCemetery { closed: 1, open: 0, drain: Drain::Ghost },
            // COOP-1c-1: C's 3 ghosts go back; the tile brings none: 6 + 3.
            Reason::GhostsBack { n: 3, supply: 9 },
            // Blue placed no meeple and keeps all 5.
            Reason::KeepsMeeples { left: 5 },
            // Level 2: no hounds, the goal 75 with 0 points; 2 tiles left to draw once the
            // next player has drawn the 8th: 75 needs far more than 1.5 a tile.
            pace("goal", 75, 75, 2, true),
        ]
    );
    assert_eq!(g, before, "reasons change nothing");
    // A plan for another position says nothing rather than something false.
    assert_eq!(reasons(&g, &[Action::Pass]), vec![]);
}

/// COOP-TEST-21's board at level 3, solo, Rufus at 6 and Ronja at 50: blue's city of 3
/// completes for 6 and passes Rufus, who goes with green's meeple on G and removes 2
/// ghosts from G and 3 from the cemetery H at once.
#[test]
fn a_plan_that_scores_and_reaches_a_hound_says_both_and_the_pace_after() {
    let lvl = carcassonne::engine::coop::levels::Level { hounds: vec![6, 50], ..level(3) };
    let mut draw = bench_draw(8);
    draw.extend([
        "ghosts.05",
        "ghosts.14",
        "ghosts.x-mist1",
        "ghosts.x-mist1",
        "ghosts.x-mist1",
        "ghosts.x-city",
        "ghosts.44",
    ]);
    draw.resize(60, "ghosts.11"); // three piles of 20
    let mut g = coop_game(lvl, 1, false, &draw);
    bench(&mut g, 8);
    turn(&mut g, "ghosts.05", 2, 0, 0);
    turn_with(&mut g, "ghosts.14", 3, 0, 1, "green", "E");
    for x in [-1, -3, -5] {
        turn(&mut g, "ghosts.x-mist1", x, -2, 0);
    }
    turn_with(&mut g, "ghosts.x-city", 1, 2, 1, "blue", "E");
    assert_eq!((on(&g, 3, 0), on(&g, 2, 0), supply(&g), score(&g)), (2, 4, 3, 0));
    let plan = [
        tile(&g, 1, 3, 0),
        Action::Pass,
        Action::from(Move::Points { pos: Pos::new(1, 2), spot: spot("E") }),
        Action::from(Move::With { pos: Pos::new(3, 0), spot: spot("E") }),
        Action::from(Move::Clear { pos: Pos::new(3, 0) }),
        Action::from(Move::Clear { pos: Pos::new(2, 0) }),
    ];
    assert_eq!(
        reasons(&g, &plan),
        vec![
            // COOP-3b-1: 6 reaches Rufus; pile 2 opens.
            Reason::ReachesHound { hound: "Rufus", pile: 2 },
            // A city of 3 without a pennant: 2 a square (COOP-3a).
            Reason::Scores { points: 6 },
            // Rufus's removal at level 3: 2 from G, 3 from H; the tile brings none: 3 + 5.
            Reason::GhostsBack { n: 5, supply: 8 },
            // No meeple on the city tile: solo, 3 in each of 4 colours (COOP-SETUP-3),
            // less green's on G; blue's came back from the city.
            Reason::KeepsMeeples { left: 11 },
            // Ronja at 50 is 44 away; pile 2 held 4 + 20 and the next turn drew one.
            pace("Ronja", 50, 44, 23, true),
        ]
    );
}

/// A meeple on a road that is not yet complete: the reason names the road and what it
/// would score now (1 a square, COOP-3a), and no meeple is said to be kept.
#[test]
fn a_plan_that_claims_a_road_names_its_value() {
    let mut draw = bench_draw(3);
    draw.extend(["ghosts.x-end", "ghosts.11", "ghosts.11"]);
    let mut g = coop_game(level(1), 2, false, &draw);
    bench(&mut g, 3); // 4 turns: the first player (red and green) again
                      // A road end above the bench, open to the west.
    let plan = [tile(&g, -1, -2, 2), Action::from(Move::Meeple { colour: 0, spot: spot("E") })];
    let why = reasons(&g, &plan);
    assert_eq!(why[0], Reason::Claims { feature: "road", value: 1 }, "{why:?}");
    assert!(!why.iter().any(|r| matches!(r, Reason::KeepsMeeples { .. } | Reason::Scores { .. })), "{why:?}");
}

/// The panel's pace and drain (summary `coop.pace`, `coop.drain`): two open cemeteries at
/// level 2 cost one more ghost a turn between them (COOP-2a-4: never more than one).
#[test]
fn the_panel_shows_the_pace_and_the_drain_of_open_cemeteries() {
    let mut g = coop_game(level(2), 1, false, &["ghosts.05", "ghosts.x-mist1", "ghosts.05", "ghosts.11", "ghosts.11"]);
    turn(&mut g, "ghosts.05", 2, 0, 0);
    turn(&mut g, "ghosts.x-mist1", -1, 1, 0);
    turn(&mut g, "ghosts.05", 0, -1, 2);
    let c = carcassonne::summary::summary(&g)["coop"].clone();
    assert_eq!(c["drain"], json!({"open": 2, "per": "ghost"}));
    assert_eq!(c["open_cemeteries"], json!([{"x": 2, "y": 0}, {"x": 0, "y": -1}]));
    assert_eq!(c["pace"], json!({"mark": "goal", "value": 75, "away": 75, "tiles": 1, "behind": true}));
}

/// Over hundreds of games played by easy teams at every level, with 1 to 5 players and
/// the circles on and off, every turn's plan has reasons: at least the pace, unless the
/// plan ends the game (a win says so); and a plan is always accepted by the real game
/// (its reasons are never left out because the plan was made on a guessed deck).
#[test]
fn every_plan_of_a_team_has_reasons() {
    use carcassonne::engine::coop::CoopOptions;
    use carcassonne::engine::{Deck, Options, PlayerSetup, Set, Setup, TileSet};
    for seed in 0..300u64 {
        let mut sets = vec![Set::Ghosts];
        if seed / 30 % 2 == 1 {
            sets.push(Set::SpellCircles);
        }
        let setup = Setup {
            players: (0..1 + (seed / 6 % 5) as usize).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
            sets,
            options: carcassonne::engine::Options {
                coop: CoopOptions::level(1 + (seed % 6) as u8),
                ..Options::default()
            },
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut bot = carcassonne::ai::Bot::new(carcassonne::ai::Level::Easy, seed);
        while !g.is_over() {
            let plan = bot.plan(&g);
            let why = reasons(&g, &plan);
            for a in &plan {
                g.apply(a).unwrap_or_else(|e| panic!("seed {seed}: the plan is refused: {e}"));
            }
            let won = g.coop().ending.is_some_and(|(e, _)| e.won());
            match g.is_over() {
                false => assert!(matches!(why.last(), Some(Reason::Pace(_))), "seed {seed}: {why:?}"),
                true if won => assert!(why.contains(&Reason::Wins), "seed {seed}: {why:?}"),
                true => {
                    assert!(!why.iter().any(|r| matches!(r, Reason::Pace(_) | Reason::Wins)), "seed {seed}: {why:?}")
                }
            }
        }
    }
}

/// At `lvl`, two players, after the bench (4 turns: red and green's seat again): red's
/// road end at (-3,-2), open to the east, and blue's seat to play with ghosts.23 in hand.
fn red_road_end(lvl: u8) -> Game {
    let mut draw = bench_draw(3);
    draw.extend(["ghosts.x-end", "ghosts.23", "ghosts.23", "ghosts.23"]);
    draw.resize(60, "ghosts.11");
    let mut g = coop_game(level(lvl), 2, false, &draw);
    bench(&mut g, 3);
    turn_with(&mut g, "ghosts.x-end", -3, -2, 0, "red", "E");
    g
}

/// Level 6, two players: red's road end at (-3,-2) and blue's road at (-1,-2), open to the
/// east, with one square between them. Every colour must pass each mark on its own marker
/// (COOP-DEC-13), and every colour on a feature scores the whole of it (COOP-3a-1): the
/// road joining them is worth it for both, 8 points short of Rufus each (COOP-DEC-14).
#[test]
fn a_plan_that_joins_two_colours_on_a_road_says_each_is_behind_its_mark() {
    let mut g = red_road_end(6);
    turn_with(&mut g, "ghosts.23", -1, -2, 0, "blue", "E");
    assert_eq!(g.coop().markers, vec![0, 0, 0, 0]);
    let join = [tile(&g, -2, -2, 0), Action::Pass];
    let lifts = |colour, too| Reason::Lifts { colour, away: 8, mark: "Rufus", feature: "road", too };
    let why = reasons(&g, &join);
    assert_eq!(why[..2], [lifts("red", true), lifts("blue", true)], "{why:?}");
    // The same tile with green's meeple on a road of its own (turned, west of red's end) puts
    // green on a road alone: no "too", and nobody joins.
    let alone = [tile(&g, -4, -2, 1), Action::from(Move::Meeple { colour: colour("green"), spot: spot("E") })];
    let why = reasons(&g, &alone);
    assert_eq!(why[0], lifts("green", false), "{why:?}");
    assert_eq!(why[1], Reason::Claims { feature: "road", value: 1 }, "{why:?}");
    assert!(!why.iter().any(|r| matches!(r, Reason::Lifts { too: true, .. })), "{why:?}");
}

/// Level 5, two players, one team marker: the level-6 test's roads. Every colour on a
/// feature scores its whole value for the team (COOP-3a-1), so blue's road beside red's,
/// both reaching the empty square (-2,-2), is worth a tile there that joins them; that
/// tile makes one road of 3 squares, worth 3 to each colour now (COOP-3a).
#[test]
fn at_level_5_a_plan_puts_a_colour_beside_another_and_a_tile_joins_them() {
    let mut g = red_road_end(5);
    let blue = [tile(&g, -1, -2, 0), Action::from(Move::Meeple { colour: colour("blue"), spot: spot("E") })];
    let why = reasons(&g, &blue);
    assert_eq!(
        why[..2],
        [
            Reason::Beside { colour: "blue", other: "red", feature: "road" },
            Reason::Claims { feature: "road", value: 1 }
        ],
        "{why:?}"
    );
    // The same tile turned, west of red's end, with blue on a road that reaches no square
    // red's does: no join to plan.
    let apart = [tile(&g, -4, -2, 1), Action::from(Move::Meeple { colour: colour("blue"), spot: spot("E") })];
    let why = reasons(&g, &apart);
    assert_eq!(why[0], Reason::Claims { feature: "road", value: 1 }, "{why:?}");
    assert!(!why.iter().any(|r| matches!(r, Reason::Beside { .. })), "{why:?}");
    turn_with(&mut g, "ghosts.23", -1, -2, 0, "blue", "E");
    let join = [tile(&g, -2, -2, 0), Action::Pass];
    let why = reasons(&g, &join);
    assert_eq!(why[0], Reason::Shares { colour: "red", other: "blue", feature: "road", value: 3 }, "{why:?}");
    assert!(!why.iter().any(|r| matches!(r, Reason::Lifts { .. })), "level 5 has one marker: {why:?}");
}
