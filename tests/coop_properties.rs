//! Property tests of the cooperative game (COOP.md) over thousands of seeded random games
//! at every level, with 1 to 5 players, with and without the Spell Circles: no panic, every
//! ghost and meeple accounted for, the markers never falling, every listed move accepted,
//! unlisted ones refused without a trace, and records replaying exactly.

use carcassonne::engine::coop::{colours_in_play, Cat, CoopOptions, Hound};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    Action, Deck, FeatureKind, FigureKind, Game, Options, Phase, PlayerSetup, Set, Setup, TileSet,
};
use carcassonne::record::Record;

fn setup(seed: u64) -> Setup {
    let level = 1 + (seed % 6) as u8;
    let players = 1 + (seed / 6 % 5) as usize;
    let circles = seed / 30 % 2 == 1;
    let mut sets = vec![Set::Ghosts];
    if circles {
        sets.push(Set::SpellCircles);
    }
    Setup {
        players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets,
        options: Options { coop: CoopOptions::level(level), ..Options::default() },
        deck: Deck::Seed(seed),
    }
}

fn games() -> u64 {
    std::env::var("CARC_PROPERTY_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

/// Meeples each colour owns at the start (COOP-SETUP-3, COOP-DEC-15).
fn meeples_per_colour(g: &Game) -> u32 {
    let seats = g.setup().players.len();
    let level6 = g.coop().markers.len() > 1;
    match seats {
        1 | 2 => 3,
        _ if level6 => 4,
        _ => 5,
    }
}

fn check_invariants(g: &Game, markers_before: &[u32]) {
    let st = g.coop();
    let level = st.level();
    // COOP-SETUP-4, COOP-SC-1: every ghost is on the board, in the supply or on Eloïse's pile.
    let total = g.coop_ghosts_on_board() as u32 + st.supply as u32 + st.pile as u32;
    assert_eq!(total, level.ghosts as u32, "ghosts accounted for");
    assert!(st.ghosts.iter().all(|g| g.2 > 0), "no empty ghost entry");
    // COOP-SETUP-3: every meeple in a supply, on the board or buried.
    let colours = colours_in_play(g.setup().players.len());
    assert_eq!(g.players().len(), colours as usize);
    for c in 0..colours {
        let supply = g.players()[c as usize].in_supply(FigureKind::Meeple) as u32;
        let board = g.figures().iter().filter(|f| f.owner == c).count() as u32;
        let buried = st.buried.iter().filter(|b| b.colour == c).count() as u32;
        assert_eq!(supply + board + buried, meeples_per_colour(g), "meeples of colour {c}");
    }
    // COOP-2b-1: meeples only on roads, cities and castles.
    for f in g.figures() {
        assert_eq!(f.kind, FigureKind::Meeple);
        let kind = g.features().node(f.node).kind;
        assert!(matches!(kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Castle), "a meeple on {kind:?}");
    }
    // The markers only rise.
    assert!(st.markers.iter().zip(markers_before).all(|(a, b)| a >= b), "a marker fell");
    // Eloïse and the hounds stand with meeples on the board.
    let occupied = |node| g.features().node(node).occupant != u16::MAX && g.figures().iter().any(|f| f.node == node);
    if let Cat::At(node) = st.cat {
        assert!(occupied(node), "Eloïse with a meeple");
    }
    assert_eq!(st.cat == Cat::Off, !g.setup().sets.contains(&Set::SpellCircles));
    for h in &st.hounds {
        if let Hound::With { node, .. } = *h {
            assert!(occupied(node), "a hound with a meeple");
        }
    }
    // COOP-END: a game ends only by the goal, the ghosts or the last pile.
    assert_eq!(g.is_over(), st.ending.is_some());
    if let Some((why, _)) = st.ending {
        if why.won() {
            assert!(st.markers.iter().all(|m| *m >= level.goal));
        }
    }
}

fn play_checked(seed: u64, thorough: bool) -> Game {
    let mut g = Game::new(TileSet::builtin(), setup(seed)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    check_invariants(&g, &[]);
    let mut rng = Rng::new(seed ^ 0xc00b);
    let mut legal = Vec::new();
    let mut step = 0u64;
    while !g.is_over() {
        g.legal_actions_into(&mut legal);
        assert!(!legal.is_empty(), "seed {seed}: a live game always offers an action ({:?})", g.phase());
        let mut dedup = legal.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), legal.len(), "seed {seed}: no action listed twice: {legal:?}");
        if thorough || step % 13 == 0 {
            for a in &legal {
                let mut c = g.clone();
                c.apply(a).unwrap_or_else(|e| panic!("seed {seed}: listed action {a:?} refused: {e}"));
            }
            for a in [Action::Pass, Action::RetrieveAbbot { pos: carcassonne::engine::Pos::new(0, 0) }] {
                if legal.contains(&a) {
                    continue;
                }
                let before = g.clone();
                assert!(g.apply(&a).is_err(), "seed {seed}: unlisted {a:?} accepted in {:?}", g.phase());
                assert!(g == before);
            }
        }
        let markers = g.coop().markers.clone();
        let a = legal[rng.below(legal.len())];
        g.apply(&a).unwrap();
        check_invariants(&g, &markers);
        if let Phase::Coop(_) = g.phase() {
            assert!(!g.legal_actions().is_empty());
        }
        step += 1;
    }
    g
}

#[test]
fn thousands_of_random_cooperative_games_keep_every_invariant() {
    let mut won = [0u32; 6];
    for seed in 0..games() {
        let g = play_checked(seed, seed < 30);
        let (why, _) = g.coop().ending.expect("ended");
        if why.won() {
            won[g.coop().level().level as usize - 1] += 1;
        }
    }
    eprintln!("random teams won by level: {won:?}");
}

#[test]
fn every_recorded_cooperative_game_replays_exactly() {
    for seed in 0..300 {
        let g = play_checked(seed, false);
        let text = Record::of_game(&g).to_json();
        let (replayed, _) = Record::parse(&text).unwrap().replay(TileSet::builtin()).unwrap();
        assert!(replayed == g, "seed {seed}: the replay differs");
    }
}
