//! Computer players: they only choose legal actions in every combination of sets (every
//! choice step included), never read the hidden tile order, are deterministic given a
//! seed, and are stronger than chance.

use carcassonne::ai::arena::{arena, wilson};
use carcassonne::ai::search::{Budget, Rollout};
use carcassonne::ai::{Bot, Level};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{spells, SetMove, SetStep};
use carcassonne::engine::{Action, Deck, Game, Options, Phase, PlayerSetup, Setup, SpellMode, TileSet};
use carcassonne::selfplay::play_out;

/// Every combination the engine plays, with the options that add choice steps.
fn combinations() -> Vec<(Vec<&'static str>, Options)> {
    let all = Options { abbot: true, ..Options::default() };
    let mode_a = Options { spell_mode: SpellMode::A, eloise: true, ..Options::default() };
    let mode_b = Options { spell_mode: SpellMode::B, ..Options::default() };
    vec![
        (vec!["base"], Options { abbot: true, ..Options::default() }),
        (vec!["base", "ghosts"], Options::default()),
        (vec!["base", "watchtowers"], Options::default()),
        (vec!["base", "shrines"], Options { shrine_house_rule: true, ..Options::default() }),
        (vec!["base", "ghosts", "spellcircles"], mode_b),
        (vec!["base", "ghosts", "spellcircles"], mode_a.clone()),
        (vec!["base", "ghosts", "watchtowers", "shrines"], all),
        (vec!["base", "ghosts", "spellcircles", "watchtowers", "shrines"], Options { abbot: true, ..mode_a.clone() }),
        // BASE-RIVER-1: river turns first, then land, with the other competitive sets.
        (vec!["base", "river"], Options::default()),
        (vec!["base", "river", "watchtowers", "shrines"], Options { abbot: true, ..Options::default() }),
    ]
}

fn setup(sets: &[&str], options: Options, players: usize, seed: u64) -> Setup {
    Setup {
        players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets: sets.iter().map(|s| s.parse().unwrap()).collect(),
        options,
        deck: Deck::Seed(seed),
    }
}

/// A small search budget, so that debug-build tests exercise the search in every set.
const SMALL: Budget = Budget { candidates: 4, simulations: 24, rounds: 1, rollout: Rollout::Random };

/// Play a game with these bots, checking each chosen action against the listed ones.
/// Returns the game and the kinds of step the bots decided.
fn play(mut game: Game, bots: &mut [Bot]) -> (Game, Vec<&'static str>) {
    let mut kinds = Vec::new();
    while let Some(a) = bots[game.current_player()].choose(&game) {
        assert!(game.legal_actions().contains(&a), "bot chose an unlisted action {a:?}");
        let kind = match a {
            Action::PlaceTile { .. } => "tile",
            Action::PlaceFigure { .. } => "figure",
            Action::Set(SetMove::Ghosts(_)) => "ghost",
            Action::Set(SetMove::Spells(spells::Move::Attract { .. })) => "attract",
            Action::Set(SetMove::Spells(spells::Move::Cat { .. })) => "cat",
            _ => "other",
        };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
        game.apply(&a).expect("a listed action is accepted");
    }
    (game, kinds)
}

#[test]
fn bots_only_choose_legal_actions_in_every_set_combination() {
    let tiles = TileSet::builtin();
    for (i, (sets, options)) in combinations().into_iter().enumerate() {
        let mut kinds: Vec<&str> = Vec::new();
        for round in 0..3u64 {
            let seed = 100 * i as u64 + round;
            let players = 2 + (round as usize % 3);
            let game = Game::new(tiles.clone(), setup(&sets, options.clone(), players, seed)).unwrap();
            let mut bots: Vec<Bot> = (0..players)
                .map(|p| match (p + round as usize) % 3 {
                    0 => Bot::new(Level::Easy, seed * 10 + p as u64),
                    1 => Bot::with_budget(SMALL, seed * 10 + p as u64),
                    _ => Bot::new(Level::Random, seed * 10 + p as u64),
                })
                .collect();
            let (game, seen) = play(game, &mut bots);
            assert!(game.is_over(), "{sets:?}: the game ends");
            assert!(game.scores().iter().all(|&s| s >= 0));
            for k in seen {
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
        // The choice steps of the sets were met, so they were decided by bots too.
        if sets.contains(&"ghosts") {
            assert!(kinds.contains(&"ghost"), "{sets:?}: bots placed ghosts ({kinds:?})");
        }
    }
}

/// Random play until the phase `want` comes up (or give up after many seeds).
/// A test on the step the game waits for.
type PhaseTest = fn(&Phase) -> bool;

fn position_with(want: PhaseTest, sets: &[&str], options: &Options) -> Option<Game> {
    let tiles = TileSet::builtin();
    for seed in 0..400 {
        let mut game = Game::new(tiles.clone(), setup(sets, options.clone(), 3, seed)).unwrap();
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            if want(&game.phase()) {
                return Some(game);
            }
            let legal = game.legal_actions();
            game.apply(&legal[rng.below(legal.len())]).unwrap();
        }
    }
    None
}

#[test]
fn bots_decide_every_choice_step() {
    let mode_a = Options { spell_mode: SpellMode::A, eloise: true, ..Options::default() };
    let spells = ["base", "ghosts", "spellcircles"];
    let steps: [(&str, PhaseTest); 4] = [
        ("ghost", |p| matches!(p, Phase::Set(SetStep::Ghosts(_)))),
        ("circle", |p| matches!(p, Phase::Set(SetStep::Spells(spells::Step::Circle { .. })))),
        ("cat", |p| matches!(p, Phase::Set(SetStep::Spells(spells::Step::Cat { .. })))),
        ("figure", |p| matches!(p, Phase::Figure { .. })),
    ];
    for (name, want) in steps {
        let game = position_with(want, &spells, &mode_a).unwrap_or_else(|| panic!("no {name} step found"));
        for (i, mut bot) in [
            Bot::new(Level::Easy, 1),
            Bot::new(Level::Medium, 2),
            Bot::with_budget(SMALL, 3),
            Bot::new(Level::Random, 4),
        ]
        .into_iter()
        .enumerate()
        {
            let a = bot.choose(&game).expect("a step to decide");
            assert!(game.legal_actions().contains(&a), "{name} step, bot {i}: {a:?} is listed");
        }
    }
}

#[test]
fn a_decision_never_depends_on_the_unseen_tile_order() {
    let tiles = TileSet::builtin();
    let mut checked = 0;
    for (i, (sets, options)) in combinations().into_iter().enumerate() {
        let mut game = Game::new(tiles.clone(), setup(&sets, options.clone(), 3, 7 + i as u64)).unwrap();
        let mut rng = Rng::new(i as u64);
        // Reach a middle-game position by random play, stopping at a tile step.
        let mut events = Vec::new();
        for _ in 0..40 {
            let legal = game.legal_actions();
            events.clear();
            game.apply_into(&legal[rng.below(legal.len())], &mut events).unwrap();
        }
        while !matches!(game.phase(), Phase::Tile { .. }) {
            let legal = game.legal_actions();
            game.apply(&legal[0]).unwrap();
        }
        // The same public position with the unseen tiles in another order.
        let other = game.determinize(&mut Rng::new(99));
        assert_ne!(game.draw_order(), other.draw_order(), "the hidden order differs");
        assert_eq!(game.legal_actions(), other.legal_actions());
        for level in [Level::Easy, Level::Medium] {
            let a = Bot::new(level, 5).choose(&game);
            let b = Bot::new(level, 5).choose(&other);
            assert_eq!(a, b, "{sets:?} {level}: same decision whatever the unseen order");
        }
        let a = Bot::with_budget(SMALL, 3).choose(&game);
        assert_eq!(a, Bot::with_budget(SMALL, 3).choose(&other));
        checked += 1;
    }
    assert_eq!(checked, combinations().len());
}

#[test]
fn a_bot_is_deterministic_given_its_seed() {
    let tiles = TileSet::builtin();
    let run = |seed: u64| {
        let game = Game::new(tiles.clone(), setup(&["base", "ghosts"], Options::default(), 2, 11)).unwrap();
        let mut bots = [Bot::new(Level::Easy, seed), Bot::with_budget(SMALL, seed + 1)];
        play(game, &mut bots).0
    };
    let (a, b) = (run(1), run(1));
    assert_eq!(a.history(), b.history());
    assert_eq!(a.scores(), b.scores());
    assert_ne!(run(2).history(), a.history(), "another seed plays differently");
}

#[test]
fn levels_parse_by_name() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("expert".parse::<Level>().unwrap_err().contains("unknown level"));
}

#[test]
fn easy_beats_a_random_player_clearly() {
    let tiles = TileSet::builtin();
    let base = setup(&["base"], Options::default(), 2, 0);
    let r = arena(&tiles, &base, Level::Easy, Level::Random, 10, 4, &|_| {}).unwrap();
    assert_eq!(r.games, 20);
    // A greedy player that keeps its meeples for scoring features wins nearly always.
    assert!(r.rate() >= 0.9, "easy won {} of 20 against random", r.wins_a);
    assert!(r.mean_diff > 20.0, "mean margin {}", r.mean_diff);
}

#[test]
fn the_wilson_interval_is_right() {
    // 150 wins of 200: the interval is [0.686, 0.805] (textbook Wilson score interval).
    let (lo, hi) = wilson(0.75, 200.0);
    assert!((lo - 0.6857).abs() < 1e-3 && (hi - 0.8050).abs() < 1e-3, "{lo} {hi}");
    let (lo, hi) = wilson(1.0, 20.0);
    assert!(hi <= 1.0 && (lo - 0.8389).abs() < 1e-3);
}

#[test]
fn a_search_reports_its_work() {
    let tiles = TileSet::builtin();
    let game = Game::new(tiles, setup(&["base"], Options::default(), 2, 3)).unwrap();
    let mut bot = Bot::with_budget(SMALL, 1);
    let a = bot.choose(&game).unwrap();
    assert!(matches!(a, Action::PlaceTile { .. }));
    let stats = bot.last_search();
    assert!(stats.plans > 1, "the start tile allows several plans");
    assert_eq!(stats.simulations, SMALL.simulations);
    // A finished game asks for nothing.
    let mut over = game.clone();
    play_out(&mut over, &mut Rng::new(1));
    assert_eq!(bot.choose(&over), None);
}
