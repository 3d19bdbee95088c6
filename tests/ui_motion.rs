//! The animations a move sets off (src/ui/motion.rs), from real moves: which effect, for
//! whom, where, and that each ends. Boards as in base_rules.rs and ghost_rules.rs.

mod common;
use carcassonne::engine::{FigureKind, Pos};
use carcassonne::ui::motion::{from_events, running, Effect};
use common::*;

/// TEST-01 (BASE-ROAD-2): the crossing with Red's highwayman, then the city tile that
/// closes the road: it settles, the road glows, "+3" rises in Red's colour, the
/// highwayman flies home.
#[test]
fn a_scoring_move_settles_the_tile_then_shows_the_points_and_sends_the_figure_home() {
    let mut g = game(&["Red", "Blue"], &["base.X", "base.T"]);
    let ev = tile(&mut g, "base.X", 1, 0, 0);
    assert_eq!(
        from_events(&g, &ev, 0.0).iter().map(|a| &a.effect).collect::<Vec<_>>(),
        vec![&Effect::Settle(Pos::new(1, 0))]
    );
    let ev = meeple(&mut g, "W");
    let drops = from_events(&g, &ev, 0.0);
    assert_eq!(drops.len(), 1);
    assert_eq!(drops[0].effect, Effect::Drop(g.figures()[0].node), "the new highwayman drops");
    let mut ev = tile(&mut g, "base.T", -1, 0, 3);
    ev.extend(pass(&mut g));
    let mut anims = from_events(&g, &ev, 1000.0);
    let effects: Vec<&Effect> = anims.iter().map(|a| &a.effect).collect();
    assert!(effects.contains(&&Effect::Settle(Pos::new(-1, 0))));
    let float = anims.iter().find(|a| matches!(a.effect, Effect::Float { .. })).expect("points rise");
    let Effect::Float { text, player, .. } = &float.effect else { unreachable!() };
    assert_eq!((text.as_str(), *player), ("+3", 0));
    assert!(float.start > 1000.0, "after the tile has settled a moment");
    assert!(effects.iter().any(|e| matches!(e, Effect::Home { player: 0, .. })), "the highwayman goes home");
    assert!(effects.iter().any(|e| matches!(e, Effect::Glow(_))));
    // Each runs its course and is gone.
    assert_eq!(anims[0].progress(1000.0), Some(0.0));
    running(&mut anims, 1000.0 + 100.0);
    assert!(!anims.is_empty());
    running(&mut anims, 1000.0 + 5000.0);
    assert!(anims.is_empty());
}

/// GHOST-PLACE-2: Red's monastery tile limits sw's mist, so a ghost haunts Red's own
/// highwayman: the ghost drifts onto it.
#[test]
fn a_ghost_drifts_onto_the_haunted_meeple() {
    let mut g = ghost_game(&["Red", "Blue"], &["base.U", "base.B", "base.B", "base.U"]);
    tile(&mut g, "base.U", 2, 1, 0);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.B", 2, 0, 0); // limits ne's mist: Blue has no meeple to haunt
    tile(&mut g, "base.B", -1, 1, 0); // limits sw's mist: Red's highwayman
    let ev = ghost(&mut g, 2, 1, "E");
    let highwayman = g.figures().iter().find(|f| f.ghosts == 1).expect("the haunted highwayman");
    assert_eq!(highwayman.kind, FigureKind::Meeple);
    let anims = from_events(&g, &ev, 0.0);
    assert_eq!(anims.iter().map(|a| &a.effect).collect::<Vec<_>>(), vec![&Effect::Haunt(highwayman.node)]);
}
