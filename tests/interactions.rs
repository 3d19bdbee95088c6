//! Interactions between the modules (RULES.md §6 and the DECISION register) that the
//! numbered scenarios do not cover directly. Boards built by real moves; base start tile
//! D at (0,0) unless the Ghosts set is in play (then the 2×2 start tile, see
//! tests/ghost_rules.rs).

mod common;
use carcassonne::engine::{Action, Event, FeatureKind, FigureKind, Options, PlayError, Pos, SpellMode, Spot};
use common::*;

#[test]
fn dec_24_an_abbot_may_be_a_heretic_and_dec_22_taking_it_back_ends_the_challenge() {
    let options = Options { abbot: true, ..Options::default() };
    let draw = ["base.U", "base.B", "shrines.S", "base.U", "base.U", "base.E", "base.E", "base.E", "base.E"];
    let mut g = game_in(&["Red", "Blue"], &["base", "shrines"], &draw, options);
    tile_pass(&mut g, "base.U", 1, 0, 0);
    tile(&mut g, "base.B", 0, 1, 0);
    figure(&mut g, FigureKind::Meeple, "building"); // Blue's monk
    tile(&mut g, "shrines.S", 1, 1, 0);
    let ev = figure(&mut g, FigureKind::Abbot, "building"); // Red's abbot as a heretic (DEC-24)
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeStarted { heretic: 0, monk: 1, .. })));
    tile_pass(&mut g, "base.U", 2, 0, 0);
    tile(&mut g, "base.U", -1, 0, 0);
    // The shrine has D, (1,0), (2,0), M: 4 neighbours. Taking the abbot back scores 1 + 4.
    let ev = g.apply(&Action::RetrieveAbbot { pos: Pos::new(1, 1) }).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::ChallengeEnded { .. })), "DEC-22");
    assert!(g.challenges().is_empty());
    assert_eq!(g.scores(), vec![5, 0]);
    // Blue's monastery now completes on its own terms: 9 for Blue, no challenge.
    tile_pass(&mut g, "base.E", -1, 1, 3);
    tile_pass(&mut g, "base.E", 0, 2, 2);
    tile_pass(&mut g, "base.E", 1, 2, 2);
    let ev = tile_pass(&mut g, "base.E", -1, 2, 2);
    let m = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::Monastery).expect("the monastery scores");
    assert_eq!(m.shares[0].points, 9);
}

#[test]
fn ghost_castle_2_and_ghost_cem_2_no_abbot_on_a_castle_or_a_cemetery() {
    let options = Options { abbot: true, ..Options::default() };
    let mut g = game_in(&["Red", "Blue"], &["base", "ghosts"], &["ghosts.08", "ghosts.01"], options);
    tile(&mut g, "ghosts.08", -1, 0, 0); // a cemetery
    let abbot = Action::PlaceFigure { figure: FigureKind::Abbot, spot: Spot::Building };
    assert!(matches!(g.apply(&abbot), Err(PlayError::FigureNotAllowed { feature: FeatureKind::Cemetery, .. })));
    assert!(!g.legal_actions().contains(&abbot));
    figure(&mut g, FigureKind::Guard, "building"); // a guard may keep it (GHOST-GUARD-2)
    tile(&mut g, "ghosts.01", 2, 0, 3); // a haunted castle
    assert!(matches!(g.apply(&abbot), Err(PlayError::FigureNotAllowed { feature: FeatureKind::Castle, .. })));
}

#[test]
fn spellc_a_5_eloise_pays_at_final_scoring_too() {
    // Her pile of 7 is drained by four circle tiles while nobody has a meeple out; she
    // waits and joins Red's highwayman, whose road is still open at the end.
    let draw = ["spellcircles.04", "spellcircles.01", "spellcircles.03", "spellcircles.07", "base.U"];
    let options = Options { spell_mode: SpellMode::A, ..Options::default() };
    let mut g = game_in(&["Red", "Blue"], &["base", "ghosts", "spellcircles"], &draw, options);
    tile_pass(&mut g, "spellcircles.04", 2, 0, 0);
    tile_pass(&mut g, "spellcircles.01", 2, 1, 0);
    tile_pass(&mut g, "spellcircles.03", -1, 0, 3);
    tile_pass(&mut g, "spellcircles.07", 0, 2, 0);
    tile(&mut g, "base.U", 3, 1, 0);
    let ev = meeple(&mut g, "E"); // on se's road through .01: open at its east end
    assert!(g.is_over());
    let road = scorings(&ev).into_iter().find(|s| s.feature == FeatureKind::Road).expect("final road");
    assert_eq!((road.complete, road.tiles, road.value), (false, 3, 3), "se, .01 and the U");
    assert!(ev.iter().any(|e| matches!(e, Event::CatScored { player: 0, points: 7 })));
    assert_eq!(g.scores(), vec![10, 0], "the road's 3, then Eloïse's 7");
}
