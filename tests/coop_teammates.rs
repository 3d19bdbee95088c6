//! What a computer teammate weighs in the cooperative game (src/ai/eval.rs, `team_value`),
//! on boards built by real moves; the expected values are worked out from the rules
//! (COOP.md) and the evaluation's documented weights (docs/coop.md, "Computer teammates").

mod common;

use carcassonne::ai::eval::team_value;
use carcassonne::engine::Game;
use common::coop::*;

/// Level 6, two players, after the bench: red's road end at (-3,-2), open to the east.
/// Blue's seat then lays a road end (ghosts.x-end, turned to open west) with a blue meeple
/// at `x`.
fn blue_road_end_at(x: i32) -> Game {
    let mut draw = bench_draw(3);
    draw.extend(["ghosts.x-end", "ghosts.x-end"]);
    draw.resize(60, "ghosts.11");
    let mut g = coop_game(level(6), 2, false, &draw);
    bench(&mut g, 3);
    turn_with(&mut g, "ghosts.x-end", -3, -2, 0, "red", "E");
    turn_with(&mut g, "ghosts.x-end", x, -2, 2, "blue", "E");
    g
}

/// Two colours' roads that reach the same open square may be joined by one tile, and then
/// each colour scores the whole road (COOP-3a-1), which at level 6 every colour needs on
/// its own marker (COOP-DEC-13). A teammate counts that join before it is made: blue's
/// road end facing red's across the square (-2,-2) is worth more than the same road end
/// facing away at (-4,-2), by exactly the join's chance (0.6) times each road's worth to
/// the other colour: a road of one square scores 1 (COOP-3a), counted at 0.9 while open
/// with one open end, so 2 × 0.6 × 0.9.
#[test]
fn a_road_that_one_tile_could_join_to_another_colours_is_worth_more_at_level_6() {
    let facing = blue_road_end_at(-1);
    let away = blue_road_end_at(-4);
    assert_eq!(facing.coop().markers, away.coop().markers);
    assert_eq!(facing.active_pile_left(), away.active_pile_left());
    let gain = team_value(&facing) - team_value(&away);
    assert!((gain - 2.0 * 0.6 * 0.9).abs() < 1e-4, "gain {gain}");
}
