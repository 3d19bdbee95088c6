//! Property tests over thousands of seeded random games: no panic, every tile placed or
//! discarded exactly once, figures conserved, scores never below 0, every listed action
//! accepted, illegal actions refused without a trace, and records replaying exactly.

use carcassonne::engine::rng::Rng;
use carcassonne::engine::tiles::{constraint_code, CONSTRAINTS};
use carcassonne::engine::{ghosts, spells, SetMove, SetStep};
use carcassonne::engine::{
    Action, Deck, Event, FeatureKind, FigureKind, Game, Options, Phase, PlayError, PlayerSetup, Port, Pos, Rotation,
    Set, Setup, SpellMode, Spot, TileSet,
};
use carcassonne::record::Record;

/// Every combination of sets the rules allow: the Spell Circles only with Ghosts, the
/// River never with the mist sets (BASE-RIVER-2, DEC-15). 16 in all.
fn combinations() -> Vec<Vec<Set>> {
    let extra = [Set::River, Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines];
    (0..32u32)
        .map(|m| {
            let mut sets = vec![Set::Base];
            sets.extend(extra.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, s)| *s));
            sets
        })
        .filter(|sets| {
            let has = |s: Set| sets.contains(&s);
            (!has(Set::SpellCircles) || has(Set::Ghosts)) && !(has(Set::River) && has(Set::Ghosts))
        })
        .collect()
}

fn setup(seed: u64) -> Setup {
    let combos = combinations();
    let players = 2 + (seed % 4) as usize;
    // Spell Circles games alternate between mode A (with or without Eloïse) and mode B.
    let spell_mode = if seed % 3 == 1 { SpellMode::B } else { SpellMode::A };
    let options = Options {
        farmers: seed % 7 != 3,
        abbot: seed % 5 == 1 || seed % 16 == 15,
        spell_mode,
        eloise: seed % 5 != 0,
        tiny_city: seed % 11 == 4,
        shrine_house_rule: seed % 13 == 6,
        ..Options::default()
    };
    // Every combination in turn, and every fifth game all five competitive sets at once
    // (no River: it is not played with the mist sets).
    let sets = if seed % 5 == 4 {
        vec![Set::Base, Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines]
    } else {
        combos[(seed / 5 * 4 + seed % 5) as usize % combos.len()].clone()
    };
    Setup {
        players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets,
        options,
        deck: Deck::Seed(seed),
    }
}

/// How many random games the property tests play: 2,000 by default, and as many as
/// `CARC_PROPERTY_GAMES` says in a long run (docs/testing.md).
fn games() -> u64 {
    std::env::var("CARC_PROPERTY_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

/// The first seed of the random games: 0 by default; a long run's later rounds start past
/// the seeds it has played (`CARC_PROPERTY_FROM`, scripts/long-run.sh).
fn first_seed() -> u64 {
    std::env::var("CARC_PROPERTY_FROM").ok().and_then(|n| n.parse().ok()).unwrap_or(0)
}

#[test]
fn the_combinations_cover_every_allowed_set_and_both_spell_modes() {
    assert_eq!(combinations().len(), 16);
    let seen: Vec<Setup> = (0..200).map(setup).collect();
    for combo in combinations() {
        assert!(seen.iter().any(|s| s.sets == combo), "{combo:?} is played");
    }
    let all_five = |s: &Setup| s.sets.len() == 5;
    for mode in [SpellMode::A, SpellMode::B] {
        assert!(seen.iter().any(|s| all_five(s) && s.options.abbot && s.options.spell_mode == mode));
    }
}

fn check_invariants(g: &Game) {
    // Turns pass round the table: whole-turn undo on the page relies on it.
    if !g.is_over() {
        assert_eq!(g.current_player(), g.player_of_turn(g.turn() as usize));
    }
    let abbots = g.setup().options.abbot as usize;
    let ghosts = g.ghosts_in_play();
    // Challenges pair an occupied shrine with an occupied monastery next to it.
    for c in g.challenges() {
        assert_eq!(g.features().node(c.shrine).kind, FeatureKind::Shrine);
        assert_eq!(g.features().node(c.monastery).kind, FeatureKind::Monastery);
        assert!(g.figure_on(c.shrine).is_some() && g.figure_on(c.monastery).is_some());
    }
    // Each open square's constraint in both forms: the terrains as 4-bit groups, and
    // their base-5 code (the listing's lookup key).
    for o in g.board().open() {
        let code = (0..4).map(|side| constraint_code(side, (o.required >> (4 * side)) as u8 & 0xf)).sum::<u16>();
        assert_eq!(o.code, code, "{o:?}");
        assert!(usize::from(o.code) < CONSTRAINTS);
    }
    let (meeples, guards) = if ghosts { (5, 5) } else { (7, 0) };
    for (p, st) in g.players().iter().enumerate() {
        assert!(st.score >= 0, "score below 0");
        let on_board = |k: FigureKind| g.figures().iter().filter(|f| f.owner as usize == p && f.kind == k).count();
        assert_eq!(
            st.in_supply(FigureKind::Meeple) as usize + on_board(FigureKind::Meeple),
            meeples,
            "meeples of P{p}"
        );
        assert_eq!(st.in_supply(FigureKind::Abbot) as usize + on_board(FigureKind::Abbot), abbots, "abbot of P{p}");
        // GHOST-SETUP-3, GHOST-SETUP-4: 2 guards in the supply and 3 in reserve; they move, never vanish.
        let guards_seen = on_board(FigureKind::Guard) + st.in_supply(FigureKind::Guard) as usize + st.reserve as usize;
        assert_eq!(guards_seen, guards, "guards of P{p}");
    }
    // GHOST-SCORE-8, TEST-32b: every ghost is next to a meeple, in a circle, on the cat's pile or in
    // the supply; 15 in all.
    let on_figures: u32 = g.figures().iter().map(|f| f.ghosts as u32).sum();
    let total = on_figures + g.ghosts_in_circles() as u32 + g.ghost_supply() as u32;
    assert_eq!(total, if ghosts { 15 } else { 0 }, "ghosts accounted for");
    for f in g.figures() {
        assert!(f.ghosts < 3, "a meeple with 3 ghosts is scared off at once");
        assert!(f.kind != FigureKind::Guard || f.ghosts == 0, "guards are never haunted");
        // GHOST-FIELD-3: nobody stands in the mist (farmers only on clear field areas).
        assert_ne!(g.features().node(f.node).kind, FeatureKind::Mist);
        assert_ne!(g.features().node(f.node).kind, FeatureKind::River, "BASE-RIVER-1: nobody on the river");
    }
    // SHRINE-PLACE-4: no shrine borders two monasteries, no monastery two shrines.
    let building_at = |p: Pos| g.board().at(p).and_then(|s| g.tiles().get(s.tile).building);
    for sq in g.board().squares() {
        let other = match g.tiles().get(sq.tile).building {
            Some(FeatureKind::Shrine) => FeatureKind::Monastery,
            Some(FeatureKind::Monastery) => FeatureKind::Shrine,
            _ => continue,
        };
        let n = sq.pos.ring().into_iter().filter(|q| building_at(*q) == Some(other)).count();
        assert!(n <= 1, "a building at {} borders {n} of the other kind", sq.pos);
    }
    // TOWER-2: on a tower tile a figure stands on a road, city or field, never the tower.
    for f in g.figures() {
        let node = g.features().node(f.node);
        if g.def_at(node.square).tower.is_some() {
            assert!(matches!(node.kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Field));
        }
    }
    // BASE-RIVER-1: the river is one chain from the spring, and nobody stands on it.
    let rivers: Vec<u32> = (0..g.features().len() as u32)
        .filter(|&n| g.features().node(n).kind == FeatureKind::River)
        .map(|n| g.features().root(n))
        .collect();
    assert!(rivers.windows(2).all(|w| w[0] == w[1]), "one river");
    assert!(rivers.first().is_none_or(|&r| g.features().open_ends(r) <= 1), "at most one open end");
    // Every figure stands where the feature graph says it does.
    for (i, f) in g.figures().iter().enumerate() {
        assert_eq!(g.features().node(f.node).occupant as usize, i);
    }
}

/// Every action the step could be asked for that is not listed as legal.
fn illegal_candidates(g: &Game, legal: &[Action]) -> Vec<Action> {
    let mut out = Vec::new();
    match g.phase() {
        Phase::Tile { tile } => {
            out.push(Action::PlaceTile { tile, pos: Pos::new(0, 0), rot: Rotation::ALL[0] });
            out.push(Action::PlaceTile { tile, pos: Pos::new(1000, 1000), rot: Rotation::ALL[1] });
            let other = (tile + 1) % g.tiles().tiles().len() as u16;
            if let Some(Action::PlaceTile { pos, rot, .. }) = legal.first() {
                out.push(Action::PlaceTile { tile: other, pos: *pos, rot: *rot });
            }
            for o in g.board().open() {
                for rot in Rotation::ALL {
                    let a = Action::PlaceTile { tile, pos: o.pos, rot };
                    let listed = legal.iter().any(|l| matches!(l, Action::PlaceTile { pos, .. } if *pos == o.pos));
                    if !listed {
                        out.push(a);
                    }
                }
            }
            out.push(Action::Pass);
            out.push(Action::PlaceFigure { figure: FigureKind::Meeple, spot: Spot::Building });
        }
        Phase::Figure { square } => {
            // A spot is named by any port of its segment; the list names the first one.
            let def = g.def_at(square);
            let canonical = |spot: Spot| match spot {
                Spot::Port(p) if def.owner(p) != carcassonne::engine::tiles::NO_SEG => {
                    Spot::Port(def.segments[def.owner(p) as usize].anchor())
                }
                other => other,
            };
            for figure in FigureKind::ALL {
                for spot in Port::all().map(Spot::Port).chain([Spot::Building]) {
                    let listed = Action::PlaceFigure { figure, spot: canonical(spot) };
                    if !legal.contains(&listed) {
                        out.push(Action::PlaceFigure { figure, spot });
                    }
                }
            }
            out.push(Action::RetrieveAbbot { pos: Pos::new(0, 0) });
        }
        Phase::Set(SetStep::Ghosts(_)) => {
            out.push(Action::Pass);
            out.push(Action::from(ghosts::Move { pos: Pos::new(1000, 1000), spot: Spot::Building }));
            // Another set's move is the wrong step.
            out.push(Action::from(spells::Move::Cat { pos: Pos::new(0, 0), spot: Spot::Building }));
            // Every figure that is not listed (guards, the wrong player's) is refused.
            for i in 0..g.figures().len() {
                let (pos, spot) = g.figure_spot(i);
                let a = Action::from(ghosts::Move { pos, spot });
                if !legal.contains(&a) {
                    out.push(a);
                }
            }
        }
        Phase::Set(SetStep::Spells(spells::Step::Circle { .. }))
        | Phase::Set(SetStep::Spells(spells::Step::Cat { .. })) => {
            out.push(Action::Pass);
            out.push(Action::from(spells::Move::Attract { pos: Pos::new(1000, 1000), spot: Spot::Building }));
            out.push(Action::from(spells::Move::Cat { pos: Pos::new(1000, 1000), spot: Spot::Building }));
            out.push(Action::from(ghosts::Move { pos: Pos::new(0, 0), spot: Spot::Building }));
            for i in 0..g.figures().len() {
                let (pos, spot) = g.figure_spot(i);
                for a in
                    [Action::from(spells::Move::Attract { pos, spot }), Action::from(spells::Move::Cat { pos, spot })]
                {
                    if !legal.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
        Phase::Set(SetStep::Coop(_)) | Phase::Over => out.push(Action::Pass),
    }
    out
}

/// Play one random game, checking everything after every action.
fn play_checked(seed: u64, thorough: bool) -> Game {
    let mut g = Game::new(TileSet::builtin(), setup(seed)).unwrap();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let (mut legal, mut scratch) = (Vec::new(), Vec::new());
    let mut step = 0u64;
    while !g.is_over() {
        g.legal_actions_into(&mut legal);
        assert!(!legal.is_empty(), "a live game always offers an action");
        let mut dedup = legal.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), legal.len(), "no action listed twice");
        if thorough || step % 17 == 0 {
            for a in &legal {
                let mut c = g.clone();
                c.apply(a).unwrap_or_else(|e| panic!("seed {seed}: listed action {a:?} refused: {e}"));
            }
            for a in illegal_candidates(&g, &legal) {
                // Equivalent rotations of a symmetric tile are legal though listed once.
                if let Action::PlaceTile { pos, .. } = a {
                    if legal.iter().any(|l| matches!(l, Action::PlaceTile { pos: p, .. } if *p == pos)) {
                        continue;
                    }
                }
                if legal.contains(&a) {
                    continue;
                }
                let before = g.clone();
                let r = g.apply(&a);
                assert!(r.is_err(), "seed {seed}: unlisted action {a:?} was accepted");
                // A refusal names its own kind of choice: a ghost's, a circle's or Eloïse's.
                match (g.phase(), a, &r) {
                    (
                        Phase::Set(SetStep::Spells(spells::Step::Circle { .. })),
                        Action::Set(SetMove::Spells(spells::Move::Attract { .. })),
                        Err(e),
                    ) => {
                        assert!(matches!(e, PlayError::NotACircleTarget(_)), "seed {seed}: {e:?}")
                    }
                    (
                        Phase::Set(SetStep::Spells(spells::Step::Cat { .. })),
                        Action::Set(SetMove::Spells(spells::Move::Cat { .. })),
                        Err(e),
                    ) => {
                        assert!(matches!(e, PlayError::NotACatTarget(_)), "seed {seed}: {e:?}")
                    }
                    (Phase::Set(SetStep::Ghosts(_)), Action::Set(SetMove::Ghosts(_)), Err(e)) => {
                        assert!(matches!(e, PlayError::NotAGhostTarget(_)), "seed {seed}: {e:?}")
                    }
                    // One set's move in another set's step.
                    (Phase::Set(SetStep::Ghosts(_)), Action::Set(SetMove::Spells(_)), Err(e))
                    | (Phase::Set(SetStep::Spells(_)), Action::Set(SetMove::Ghosts(_)), Err(e)) => {
                        assert!(matches!(e, PlayError::WrongStep { .. }), "seed {seed}: {e:?}")
                    }
                    _ => {}
                }
                assert!(g == before, "seed {seed}: refused {a:?} changed the game");
            }
        }
        // Game::random_action picks the very action the list would, with the same draws.
        let mut same = rng.clone();
        let picked = g.random_action(&mut same, &mut scratch);
        let a = legal[rng.below(legal.len())];
        assert_eq!(picked, a, "seed {seed}: random_action differs from the list's pick");
        assert_eq!(same, rng, "seed {seed}: random_action drew differently");
        let circles_before = g.ghosts_in_circles();
        let ev = g.apply(&a).unwrap();
        // SPELL-3, SPELL-5: circle ghosts never move, except all at once when their bank is done.
        if !ev.iter().any(|e| matches!(e, Event::CircleGhostsReleased { .. })) {
            assert!(g.ghosts_in_circles() >= circles_before, "seed {seed}: a circle ghost moved");
        }
        check_invariants(&g);
        step += 1;
    }
    g
}

#[test]
fn thousands_of_random_games_keep_every_invariant() {
    for seed in first_seed()..first_seed() + games() {
        let g = play_checked(seed, seed < 20);
        // Every tile of the deck was placed or discarded exactly once.
        let start_squares = if g.ghosts_in_play() { 4 } else { 1 };
        let mut used: Vec<u16> = g.board().squares().iter().skip(start_squares).map(|s| s.tile).collect();
        used.extend_from_slice(g.discarded());
        used.sort_unstable();
        let mut deck = g.draw_order().to_vec();
        deck.sort_unstable();
        assert_eq!(used, deck, "seed {seed}");
        assert_eq!(g.tiles_left(), 0);
        assert!(g.legal_actions().is_empty());
    }
}

#[test]
fn every_recorded_game_replays_exactly() {
    for seed in 0..300 {
        let g = play_checked(seed, false);
        let text = Record::of_game(&g).to_json();
        let (replayed, _) = Record::parse(&text).unwrap().replay(TileSet::builtin()).unwrap();
        assert!(replayed == g, "seed {seed}: the replay differs");
        // Replaying a game in progress works too.
        let half =
            Record { actions: Record::of_game(&g).actions[..g.history().len() / 2].to_vec(), ..Record::of_game(&g) };
        let (partial, _) = half.replay(TileSet::builtin()).unwrap();
        assert!(!partial.is_over());
    }
}

#[test]
fn a_seed_always_gives_the_same_deck_and_game() {
    let a = play_checked(42, false);
    let b = play_checked(42, false);
    assert!(a == b);
    let c = Game::new(TileSet::builtin(), setup(43)).unwrap();
    assert_ne!(a.draw_order(), c.draw_order());
}
