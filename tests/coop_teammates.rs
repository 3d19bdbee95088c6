//! What a computer teammate weighs in the cooperative game (src/ai/eval.rs, `team_value`),
//! on boards built by real moves; the expected values are worked out from the rules
//! (COOP.md) and the evaluation's documented weights (docs/coop.md, "Computer teammates").

mod common;

use carcassonne::ai::eval::team_value;
use carcassonne::engine::Game;
use common::coop::*;

/// At `lvl`, two players, after the bench: red's road end at (-3,-2), open to the east.
/// Blue's seat then lays a road end (ghosts.x-end, turned to open west) with a blue meeple
/// at `x`.
fn blue_road_end_at(lvl: u8, x: i32) -> Game {
    let mut draw = bench_draw(3);
    draw.extend(["ghosts.x-end", "ghosts.x-end"]);
    draw.resize(60, "ghosts.11");
    let mut g = coop_game(level(lvl), 2, false, &draw);
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
    assert!((join_gain(6) - 2.0 * 0.6 * 0.9).abs() < 1e-4, "gain {}", join_gain(6));
}

/// How much more blue's road end is worth facing red's than facing away.
fn join_gain(lvl: u8) -> f32 {
    let facing = blue_road_end_at(lvl, -1);
    let away = blue_road_end_at(lvl, -4);
    assert_eq!(facing.coop().markers, away.coop().markers);
    assert_eq!(facing.active_pile_left(), away.active_pile_left());
    team_value(&facing) - team_value(&away)
}

/// At level 5 the one team marker rises by a joined road's value once for each colour on
/// it (COOP-3a-1): the join to come counts the same 2 × 0.6 × 0.9 there, where the
/// face-down tiles (COOP-3c) leave too few tiles to score one colour at a time. At level 4
/// it is not counted (it made teams hold features open and lose to the pile: docs/coop.md).
#[test]
fn the_join_to_come_counts_for_the_team_marker_at_level_5_not_at_level_4() {
    assert!((join_gain(5) - 2.0 * 0.6 * 0.9).abs() < 1e-4, "gain {}", join_gain(5));
    assert_eq!(join_gain(4), 0.0);
}

/// Level 5, solo: cemetery C (ghosts.06) at (-3,-2) above the bench has 5 empty
/// neighbours. While it is open a tile of the active pile goes face down every turn
/// (COOP-3c), and it closes only when all 8 are occupied (COOP-DEF-3): a road end laid on
/// its neighbour (-2,-2) is worth one point (`CEMETERY`) more than the same tile at
/// (-5,-2), out of its reach. At level 2, where an open cemetery costs ghosts, not tiles,
/// the two are worth the same.
#[test]
fn a_tile_beside_an_open_cemetery_is_worth_a_point_more_at_level_5() {
    let gain = |lvl: u8| {
        let at = |x: i32| {
            let mut draw = bench_draw(6);
            // At level 5 the tile after the cemetery goes face down (COOP-3c).
            draw.extend(if lvl == 5 {
                &["ghosts.06", "ghosts.11", "ghosts.x-end"][..]
            } else {
                &["ghosts.06", "ghosts.x-end"]
            });
            draw.resize(60, "ghosts.11");
            let mut g = coop_game(level(lvl), 1, false, &draw);
            bench(&mut g, 6);
            turn(&mut g, "ghosts.06", -3, -2, 2);
            if lvl == 5 {
                face_down(&mut g, -4, -2);
            }
            turn(&mut g, "ghosts.x-end", x, -2, 0);
            assert_eq!(g.coop_open_cemeteries().len(), 1);
            g
        };
        let (near, far) = (at(-2), at(-5));
        assert_eq!(
            (near.coop().markers.clone(), near.active_pile_left()),
            (far.coop().markers.clone(), far.active_pile_left())
        );
        team_value(&near) - team_value(&far)
    };
    assert!((gain(5) - 1.0).abs() < 1e-4, "gain {}", gain(5));
    assert_eq!(gain(2), 0.0);
}
