//! The Spell Circles, competitive mode B (SPELLC-B, the default): TEST-70…72 of RULES.md
//! §11. The 2×2 start tile of Ghosts, Castles & Cemeteries lies at (0,0)–(1,1); a tile at
//! (2,0) meets ne's misty east edge (see tests/ghost_rules.rs).

mod common;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    Action, Deck, Event, Game, GhostCase, Options, PlayerSetup, Setup, SetupError, SpellMode, TileSet,
};
use common::*;

const SETS: &[&str] = &["base", "ghosts", "spellcircles"];

fn placed(ev: &[Event]) -> Vec<(usize, GhostCase)> {
    ev.iter()
        .filter_map(|e| if let Event::GhostPlaced { owner, case, .. } = e { Some((*owner, *case)) } else { None })
        .collect()
}

#[test]
fn test_70_spellc_b_2_two_circles_extending_bring_two_ghosts_to_opponents() {
    let draw = ["base.U", "base.U", "base.U", "base.U", "spellcircles.04"];
    let mut g = game_in(&["Red", "Blue"], SETS, &draw, Options::default());
    tile_pass(&mut g, "base.U", -1, 0, 0);
    tile(&mut g, "base.U", 2, 1, 0);
    meeple(&mut g, "E"); // Blue's highwayman
    tile_pass(&mut g, "base.U", -2, 0, 0);
    tile(&mut g, "base.U", 3, 1, 0);
    meeple(&mut g, "Nw"); // Blue's farmer
    tile(&mut g, "spellcircles.04", 2, 0, 1); // mist on its west and east edges, 2 circles
    assert_eq!(g.ghosts_pending(), vec![GhostCase::Extend, GhostCase::Extend]);
    let mut ev = ghost(&mut g, 2, 1, "E");
    ev.extend(ghost(&mut g, 3, 1, "Nw")); // Red distributes them
    assert_eq!(placed(&ev), vec![(1, GhostCase::Extend), (1, GhostCase::Extend)]);
    assert_eq!((step(&g), g.ghost_supply()), ("figure".to_string(), 13));
}

#[test]
fn test_71_spellc_b_2_one_circle_limiting_brings_one_ghost_as_without_circles() {
    let mut g = game_in(&["Red", "Blue"], SETS, &["base.U", "base.U", "spellcircles.02"], Options::default());
    tile(&mut g, "base.U", -1, 0, 0);
    meeple(&mut g, "E");
    tile_pass(&mut g, "base.U", -2, 0, 0);
    tile(&mut g, "spellcircles.02", 2, 0, 0); // clear west edge against ne's mist
    assert_eq!(g.ghosts_pending(), vec![GhostCase::Limit]);
    let ev = ghost(&mut g, -1, 0, "E");
    assert_eq!(placed(&ev), vec![(0, GhostCase::Limit)]);
    assert_eq!(g.ghost_supply(), 14);
}

/// SPELLC-B-3 with a short supply: the ghosts come one by one, extend before limit, and
/// once the supply is empty the rest are skipped. Positions found in seeded 5-player
/// games (it takes 12 ghosts on the board), then checked against the rule.
#[test]
fn test_72_spellc_b_3_a_short_supply_serves_the_first_ghosts_only() {
    let mut seen = 0;
    for seed in 0..6000u64 {
        if seen >= 3 {
            break;
        }
        let setup = Setup {
            players: (0..5).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
            sets: SETS.iter().map(|s| s.to_string()).collect(),
            options: Options::default(),
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut rng = Rng::new(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len())];
            let before = g.ghost_supply();
            let ev = g.apply(&a).unwrap();
            let Action::PlaceTile { tile, .. } = a else { continue };
            if g.tiles().get(tile).circles() != 2 || before > 3 {
                continue;
            }
            // Follow this turn's ghosts to the figure step, choosing the first target.
            let mut events = ev;
            while matches!(g.phase(), carcassonne::engine::Phase::Ghost { .. }) {
                let l = g.legal_actions();
                events.extend(g.apply(&l[0]).unwrap());
            }
            if events.iter().any(|e| matches!(e, Event::FigureScared { .. })) {
                continue; // a scare refills the supply mid-way
            }
            let cases: Vec<GhostCase> = events
                .iter()
                .filter_map(|e| match e {
                    Event::GhostPlaced { case, .. } | Event::GhostSkipped { case, .. } => Some(*case),
                    _ => None,
                })
                .collect();
            let placed_n = events.iter().filter(|e| matches!(e, Event::GhostPlaced { .. })).count();
            if cases.is_empty() {
                continue;
            }
            // Two per case, extend first.
            assert!(cases.len() == 2 || cases.len() == 4, "{cases:?}");
            assert!(cases.windows(2).all(|w| !(w[0] == GhostCase::Limit && w[1] == GhostCase::Extend)));
            assert!(placed_n <= before as usize, "never more ghosts than the supply had");
            for e in &events {
                if let Event::GhostSkipped { reason, .. } = e {
                    assert!(reason.contains("no ghosts left") || reason.contains("meeple"), "{reason}");
                }
            }
            if before == 3 && cases.len() == 4 && placed_n == 3 {
                seen += 1; // the literal TEST-72: 2 to opponents, 1 to the player, the 4th skipped
                assert!(matches!(
                    events.iter().rev().find(|e| matches!(e, Event::GhostSkipped { .. })),
                    Some(Event::GhostSkipped { case: GhostCase::Limit, .. })
                ));
            }
        }
    }
    assert!(seen > 0, "the literal case (supply 3, extend and limit, 3 placed) was reached");
}

#[test]
fn spell_circles_need_the_ghosts_set_and_mode_a_is_refused_clearly() {
    let setup = |sets: &[&str], options: Options| Setup {
        players: vec![PlayerSetup::named("A"), PlayerSetup::named("B")],
        sets: sets.iter().map(|s| s.to_string()).collect(),
        options,
        deck: Deck::Seed(1),
    };
    let e = Game::new(TileSet::builtin(), setup(&["base", "spellcircles"], Options::default())).unwrap_err();
    assert!(matches!(e, SetupError::Requires { .. }));
    assert!(e.to_string().contains("\"ghosts\""));
    let a = Options { spell_mode: SpellMode::A, ..Options::default() };
    let e = Game::new(TileSet::builtin(), setup(SETS, a)).unwrap_err();
    assert!(e.to_string().contains("mode A"), "{e}");
}
