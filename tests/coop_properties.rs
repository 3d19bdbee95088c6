//! Property tests of the cooperative game (COOP.md) over thousands of seeded random games
//! at every level, with 1 to 5 players, with and without the Spell Circles: no panic, every
//! ghost and meeple accounted for, the markers never falling, every listed move accepted,
//! unlisted ones refused without a trace, and records replaying exactly.

use carcassonne::engine::coop::{colours_in_play, Cat, CoopOptions, GhostSpot, Hound, Move};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::SetStep;
use carcassonne::engine::{
    Action, Deck, FeatureKind, FigureKind, Game, Options, Phase, PlayerSetup, Port, Pos, Rotation, Set, Setup, Spot,
    TileSet,
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

/// The first seed of the random games: 0 by default; a long run's later rounds start past
/// the seeds it has played (`CARC_PROPERTY_FROM`, scripts/long-run.sh).
fn first_seed() -> u64 {
    std::env::var("CARC_PROPERTY_FROM").ok().and_then(|n| n.parse().ok()).unwrap_or(0)
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

/// Actions to try against the step awaited: every kind of cooperative move on squares of
/// the board and beyond, the competitive actions, and passes.
fn candidates(g: &Game) -> Vec<Action> {
    let mut squares: Vec<Pos> = g.board().squares().iter().map(|s| s.pos).collect();
    squares.truncate(12);
    squares.push(Pos::new(1000, -1000));
    if let Some(o) = g.board().open().first() {
        squares.push(o.pos);
    }
    let spots = [Spot::Building, Spot::Port(Port::all().next().unwrap()), Spot::Port(Port::all().nth(4).unwrap())];
    let ghost_spots = [GhostSpot::Mist(0), GhostSpot::Mist(1), GhostSpot::Circle(0), GhostSpot::Cemetery];
    let mut out = vec![
        Action::Pass,
        Action::RetrieveAbbot { pos: Pos::new(0, 0) },
        Action::PlaceFigure { figure: FigureKind::Meeple, spot: Spot::Building },
        Action::PlaceTile { tile: 0, pos: Pos::new(5, 5), rot: Rotation::ALL[0] },
        Action::from(Move::BuryFromSupply { colour: 5 }),
        Action::from(Move::BuryFromSupply { colour: 0 }),
    ];
    for colour in [0, 3, 5] {
        for spot in spots {
            out.push(Action::from(Move::Meeple { colour, spot }));
        }
    }
    for &pos in &squares {
        out.push(Action::from(Move::Clear { pos }));
        out.push(Action::from(Move::FaceDown { pos }));
        for spot in ghost_spots {
            out.push(Action::from(Move::Ghost { pos, spot }));
        }
        for spot in spots {
            out.push(Action::from(Move::Bury { pos, spot }));
            out.push(Action::from(Move::With { pos, spot }));
            out.push(Action::from(Move::Points { pos, spot }));
            out.push(Action::from(Move::Remove { pos, spot, from: squares[0] }));
        }
    }
    out
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
        if thorough || step % 7 == 0 {
            for a in &legal {
                let mut c = g.clone();
                c.apply(a).unwrap_or_else(|e| panic!("seed {seed}: listed action {a:?} refused: {e}"));
            }
            // An unlisted action is refused and changes nothing, or (a spot named another
            // way) does exactly what a listed one does.
            for a in candidates(&g) {
                if legal.contains(&a) {
                    continue;
                }
                let mut c = g.clone();
                match c.apply(&a) {
                    Err(_) => assert!(c == g, "seed {seed}: refused {a:?} changed the game"),
                    Ok(_) => assert!(
                        legal.iter().any(|l| {
                            let mut d = g.clone();
                            d.apply(l).is_ok() && d == c
                        }),
                        "seed {seed}: unlisted {a:?} accepted in {:?} and does what no listed action does",
                        g.phase()
                    ),
                }
            }
        }
        let markers = g.coop().markers.clone();
        let a = legal[rng.below(legal.len())];
        g.apply(&a).unwrap();
        check_invariants(&g, &markers);
        if let Phase::Set(SetStep::Coop(_)) = g.phase() {
            assert!(!g.legal_actions().is_empty());
        }
        step += 1;
    }
    g
}

#[test]
fn thousands_of_random_cooperative_games_keep_every_invariant() {
    let mut won = [0u32; 6];
    for seed in first_seed()..first_seed() + games() {
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

#[test]
fn cooperative_games_travel_as_share_codes() {
    for seed in (0..120).step_by(7) {
        let g = play_checked(seed, false);
        let record = Record::of_game(&g);
        let code = carcassonne::share::encode(&record, TileSet::builtin()).unwrap();
        let back = carcassonne::share::decode(&code, TileSet::builtin()).unwrap();
        let (replayed, _) = back.replay(TileSet::builtin()).unwrap();
        assert!(replayed == g, "seed {seed}: the share code's game differs");
    }
}

/// record-format.md, "Forced choices": a co-op choice with one answer may be written or left
/// out. Random games at every level (circles on and off) are replayed from two records: one
/// without any step that had a single legal answer (a burial, Eloïse's or a hound's meeple,
/// a lone "no meeple"), and one that also writes every choice the engine made by itself (the
/// only cemetery for the extra ghost, the only ghost a circle can draw, the only region of a
/// level-5 ghost, the region placing one fewer). Both give the same game.
#[test]
fn forced_cooperative_choices_may_be_written_or_left_out() {
    let mut left_out: std::collections::BTreeMap<&str, u32> = Default::default();
    let mut written: std::collections::BTreeMap<&str, u32> = Default::default();
    // Random teams, and easy ones, which reach the hounds.
    for seed in 0..1800 {
        let mut g = Game::new(TileSet::builtin(), setup(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0xf0ced);
        let mut bot = (seed >= 1500).then(|| carcassonne::ai::Bot::new(carcassonne::ai::Level::Easy, seed));
        let (mut short, mut long) = (Vec::<(Option<&str>, _)>::new(), Vec::new());
        while !g.is_over() {
            let legal = g.legal_actions();
            let a = match bot.as_mut() {
                Some(bot) => bot.choose(&g).unwrap(),
                None => legal[rng.below(legal.len())],
            };
            let record = |a: &Action| carcassonne::record::RecordAction::from_action(a, g.tiles());
            // (None: left out; a record stops where it ends, so trailing ones are put back.)
            match g.phase() {
                Phase::Set(SetStep::Coop(step)) if legal.len() == 1 => short.push((Some(step.name()), record(&a))),
                _ => short.push((None, record(&a))),
            }
            long.push(record(&a));
            let before = if matches!(a, Action::PlaceTile { .. }) { 0 } else { g.coop_forced().len() };
            g.apply(&a).unwrap();
            for m in &g.coop_forced()[before.min(g.coop_forced().len())..] {
                // One the step now waiting would take is read as that step's answer: such a
                // forced choice must be left out (record-format.md).
                if g.check(&Action::from(*m)).is_ok() {
                    continue;
                }
                let kind = match m {
                    Move::Ghost { spot: GhostSpot::Cemetery, .. } => "cemetery ghost",
                    Move::Ghost { .. } => "mist or circle ghost",
                    Move::BuryFromSupply { .. } => "burial from a supply",
                    _ => "other",
                };
                *written.entry(kind).or_default() += 1;
                long.push(carcassonne::record::RecordAction::from_action(&Action::from(*m), g.tiles()));
            }
        }
        let kept = short.iter().rposition(|(left, _)| left.is_none()).map_or(0, |i| i + 1);
        let mut actions = Vec::new();
        for (i, (left, a)) in short.into_iter().enumerate() {
            match left {
                Some(step) if i < kept => *left_out.entry(step).or_default() += 1,
                _ => actions.push(a),
            }
        }
        for (name, actions) in [("short", actions), ("long", long)] {
            let record = Record { setup: g.setup().clone(), actions, notes: Vec::new() };
            let (replayed, _) = Record::parse(&record.to_json())
                .unwrap()
                .replay(TileSet::builtin())
                .unwrap_or_else(|e| panic!("seed {seed}: the {name} record is refused: {e}\n{}", record.to_json()));
            assert!(replayed == g, "seed {seed}: the {name} record replays another game");
        }
    }
    eprintln!("left out: {left_out:?}; written: {written:?}");
    for step in ["bury", "cat", "hound", "meeple"] {
        assert!(left_out.get(step).copied().unwrap_or(0) > 0, "no lone {step} answer left out: {left_out:?}");
    }
    for kind in ["cemetery ghost", "mist or circle ghost"] {
        assert!(written.get(kind).copied().unwrap_or(0) > 0, "no {kind} written: {written:?}");
    }
}
