//! Computer players: they only choose legal actions in every combination of sets (every
//! choice step included), never read the hidden tile order, are deterministic given a
//! seed, and are stronger than chance.

use carcassonne::ai::arena::{arena, wilson};
use carcassonne::ai::outlook::WEIGHTS;
use carcassonne::ai::search::{Budget, Judge, Rollout};
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
const SMALL: Budget =
    Budget { candidates: 4, simulations: 24, rounds: 1, rollout: Rollout::Random, judge: Judge::Standing };

/// The same budget judged as the expert judges ([`Judge::Outlook`]).
const SMALL_EXPERT: Budget = Budget { judge: Judge::Outlook(WEIGHTS), ..SMALL };

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
                .map(|p| match (p + round as usize + i) % 4 {
                    0 => Bot::new(Level::Easy, seed * 10 + p as u64),
                    1 => Bot::with_budget(SMALL, seed * 10 + p as u64),
                    // The expert's judge over every set's features (castles, shrines, mist).
                    2 => Bot::with_budget(SMALL_EXPERT, seed * 10 + p as u64),
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
        for budget in [SMALL, SMALL_EXPERT] {
            let a = Bot::with_budget(budget, 3).choose(&game);
            assert_eq!(a, Bot::with_budget(budget, 3).choose(&other), "{sets:?} {budget:?}");
        }
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
    assert!("grandmaster".parse::<Level>().unwrap_err().contains("unknown level"));
}

#[test]
fn easy_beats_a_random_player_clearly() {
    let tiles = TileSet::builtin();
    let base = setup(&["base"], Options::default(), 2, 0);
    let r = arena(&tiles, &base, Level::Easy, Level::Random, 10, 4, 2, &|_| {}).unwrap();
    assert_eq!(r.games, 20);
    // A greedy player that keeps its meeples for scoring features wins nearly always.
    assert!(r.rate() >= 0.9, "easy won {} of 20 against random", r.wins_a);
    assert!(r.mean_diff > 20.0, "mean margin {}", r.mean_diff);
}

#[test]
fn an_arena_plays_the_same_games_on_any_number_of_threads() {
    let tiles = TileSet::builtin();
    let base = setup(&["base"], Options::default(), 2, 0);
    let one = arena(&tiles, &base, Level::Easy, Level::Random, 3, 9, 1, &|_| {}).unwrap();
    let two = arena(&tiles, &base, Level::Easy, Level::Random, 3, 9, 2, &|_| {}).unwrap();
    assert_eq!((one.games, one.wins_a, one.mean_diff), (two.games, two.wins_a, two.mean_diff));
    assert_eq!(one.decisions, two.decisions);
    // Easy decides once per turn: a two-player base game has 71 tiles after the start
    // (35 or 36 turns a seat, fewer if a tile fits nowhere). Random decides every step.
    assert!((6 * 34..=6 * 36).contains(&one.decisions[0]), "{:?}", one.decisions);
    assert!(one.decisions[1] > one.decisions[0], "{:?}", one.decisions);
}

#[test]
fn the_expert_shares_its_simulations_as_two_players_would() {
    let tiles = TileSet::builtin();
    let expert = Level::Expert.budget().unwrap();
    let two = Game::new(tiles.clone(), setup(&["base"], Options::default(), 2, 1)).unwrap();
    let five = Game::new(tiles.clone(), setup(&["base", "ghosts"], Options::default(), 5, 1)).unwrap();
    assert_eq!(expert.for_game(&two), expert);
    let b = expert.for_game(&five);
    assert_eq!((b.simulations, b.rounds), (expert.simulations * 2 / 5, 1));
    // Hard keeps its whole budget.
    assert_eq!(Level::Hard.budget().unwrap().for_game(&five).simulations, 12000);
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

mod outlook {
    //! The expert's evaluation on boards built by real moves: a city whose open square no
    //! unseen tile fits can never be completed (BASE-CITY-2 doubles only a completed city),
    //! so it gains nothing and its knight never comes back.

    use carcassonne::ai::outlook::{expected_standings, Weights, WEIGHTS};
    use carcassonne::engine::{Action, Deck, FigureKind, Game, Options, Phase, PlayerSetup, Pos, Rotation, Set, Setup};
    use carcassonne::engine::{Spot, TileSet};

    /// A base game of Red and Blue drawing exactly `draw`.
    fn red_and_blue(draw: &[&str]) -> Game {
        let setup = Setup {
            players: vec![PlayerSetup::named("Red"), PlayerSetup::named("Blue")],
            sets: vec![Set::Base],
            options: Options::default(),
            deck: Deck::Draw(draw.iter().map(|s| s.parse().unwrap()).collect()),
        };
        Game::new(TileSet::builtin(), setup).unwrap()
    }

    /// Red extends the start tile's city north with base.F (its coat of arms) and puts a
    /// knight on it; the city stays open at (0, -2), which needs a city edge. Blue then
    /// draws `blue`, and `rest` stays unseen.
    fn open_city(blue: &str, rest: &[&str]) -> Game {
        let draw: Vec<&str> = ["base.F", blue].iter().chain(rest).copied().collect();
        let mut g = red_and_blue(&draw);
        let Phase::Tile { tile } = g.phase() else { panic!("a tile step") };
        g.apply(&Action::PlaceTile { tile, pos: Pos::new(0, -1), rot: Rotation::new(1).unwrap() }).unwrap();
        let knight = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::PlaceFigure { figure: FigureKind::Meeple, spot } if is_city(&g, *spot)))
            .expect("a knight's spot on the city");
        g.apply(&knight).unwrap();
        assert_eq!(g.current_player(), 1);
        g
    }

    fn is_city(g: &Game, spot: Spot) -> bool {
        g.inspect(Pos::new(0, -1), carcassonne::engine::Part::Spot(spot))
            .is_some_and(|i| i.kind == carcassonne::engine::FeatureKind::City)
    }

    #[test]
    fn a_city_no_unseen_tile_can_close_gains_nothing_and_keeps_its_knight() {
        // Only monasteries (no city edge) are left unseen: the square north is dead.
        let dead = open_city("base.B", &["base.B", "base.B"]);
        let projected = dead.projected_scores();
        // The incomplete city: 2 squares and 1 coat of arms (BASE-END-2).
        assert_eq!(projected, vec![3, 0]);
        let figure = WEIGHTS.figure * 2.0 / 4.0; // 2 of the 4 tiles of the draw are left
        let s = expected_standings(&dead, &WEIGHTS);
        // Red: the city as it is, 6 meeples in the supply (two of them counted again as the
        // reserve), the knight never back.
        let reserve = 2.0 * WEIGHTS.reserve;
        assert!((s[0] - (3.0 + (6.0 + reserve) * figure)).abs() < 1e-4, "{s:?}");
        assert!((s[1] - (7.0 + reserve) * figure).abs() < 1e-4, "{s:?}");
    }

    #[test]
    fn a_city_an_unseen_tile_can_close_is_worth_more_than_it_scores_now() {
        // base.E (a city edge) is left unseen: the square north can be filled.
        let alive = open_city("base.B", &["base.E", "base.B"]);
        let dead = open_city("base.B", &["base.B", "base.B"]);
        assert_eq!(alive.projected_scores(), dead.projected_scores());
        let (a, d) = (expected_standings(&alive, &WEIGHTS), expected_standings(&dead, &WEIGHTS));
        // One open square, which 1 of the 2 unseen tiles fits, with 2 tiles left: filled with
        // chance 1 - (1 - 1/2)^(share × 2). Completed, the city scores 6 rather than 3
        // (BASE-CITY-2), and the knight comes back, worth a figure in the supply.
        let chance = 1.0 - 0.5f32.powf(WEIGHTS.share * 2.0);
        let figure = WEIGHTS.figure * 2.0 / 4.0;
        assert!(chance > 0.05);
        assert!((a[0] - d[0] - chance * (3.0 + figure)).abs() < 1e-4, "{a:?} against {d:?}");
        assert_eq!(a[1], d[1], "Blue has nothing on it");
    }

    /// Red puts a meeple out on each of its turns (some come back from completed roads and
    /// cities) until it keeps one figure; Blue keeps all seven. A player with no figure
    /// left cannot claim what a tile opens, so the last two in the supply are each worth
    /// `reserve` more of a figure's worth: the reserve adds one such share for Red and two
    /// for Blue.
    #[test]
    fn the_last_figures_in_the_supply_are_worth_more() {
        let draw: Vec<&str> =
            [["base.B"; 4], ["base.E"; 4], ["base.U"; 4]].concat().into_iter().chain(["base.V"; 8]).collect();
        let mut g = red_and_blue(&draw);
        let place = |g: &mut Game| {
            let tile = g.legal_actions().into_iter().find(|a| matches!(a, Action::PlaceTile { .. })).unwrap();
            g.apply(&tile).unwrap();
        };
        while g.players()[0].in_supply(FigureKind::Meeple) > 1 {
            assert!(g.tiles_left() >= 3, "Red keeps more than one figure to the end");
            place(&mut g);
            let meeple = g
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::PlaceFigure { figure: FigureKind::Meeple, .. }))
                .unwrap_or(Action::Pass);
            g.apply(&meeple).unwrap();
            place(&mut g);
            g.apply(&Action::Pass).unwrap();
        }
        assert_eq!(g.players()[1].in_supply(FigureKind::Meeple), 7);
        let plain = Weights { reserve: 0.0, ..WEIGHTS };
        let (with, without) = (expected_standings(&g, &WEIGHTS), expected_standings(&g, &plain));
        // The figures' worth falls with the share of the draw still to come.
        let share = WEIGHTS.reserve * WEIGHTS.figure * g.tiles_left() as f32 / draw.len() as f32;
        assert!(share > 0.0);
        assert!((with[0] - without[0] - share).abs() < 1e-4, "{with:?} against {without:?}");
        assert!((with[1] - without[1] - 2.0 * share).abs() < 1e-4, "{with:?} against {without:?}");
        const { assert!(WEIGHTS.reserve > 0.0) };
    }

    /// Red's city (the start tile's and base.F, 2 squares and a coat of arms: 3 now) and
    /// Blue's (base.E at (1,-2), 1 square) both reach the open square (0,-2). A tile there
    /// would join them with one knight each, and both would score the whole (BASE-MAJ-1):
    /// a threat to Red and a chance for Blue. Red then draws base.C; both unseen tiles
    /// (base.N) fit the square, so each city is taken to complete and double (BASE-CITY-2):
    /// 6 for Red's, 2 for Blue's. The outlook counts the join at its weight's chance: Blue
    /// gains Red's 6, Red gains Blue's 2.
    #[test]
    fn two_cities_one_tile_could_join_are_a_threat_to_the_larger_and_a_chance_for_the_other() {
        let mut g = red_and_blue(&["base.F", "base.B", "base.B", "base.E", "base.C", "base.N", "base.N"]);
        let place = |g: &mut Game, x, y, rot| {
            let Phase::Tile { tile } = g.phase() else { panic!("a tile step") };
            g.apply(&Action::PlaceTile { tile, pos: Pos::new(x, y), rot: Rotation::new(rot).unwrap() }).unwrap();
        };
        let knight = |g: &mut Game, at: Pos| {
            let a = g
                .legal_actions()
                .into_iter()
                .find(|a| {
                    matches!(a, Action::PlaceFigure { figure: FigureKind::Meeple, spot }
                        if g.inspect(at, carcassonne::engine::Part::Spot(*spot))
                            .is_some_and(|i| i.kind == carcassonne::engine::FeatureKind::City))
                })
                .expect("a knight's spot on the city");
            g.apply(&a).unwrap();
        };
        place(&mut g, 0, -1, 1);
        knight(&mut g, Pos::new(0, -1));
        place(&mut g, 1, -1, 0);
        g.apply(&Action::Pass).unwrap();
        let red_second = g.legal_actions().into_iter().find(|a| matches!(a, Action::PlaceTile { .. })).unwrap();
        g.apply(&red_second).unwrap();
        g.apply(&Action::Pass).unwrap();
        place(&mut g, 1, -2, 3); // its city edge faces west, onto (0,-2)
        knight(&mut g, Pos::new(1, -2));
        assert_eq!(g.projected_scores(), vec![3, 1]);
        let apart = Weights { join: 0.0, ..WEIGHTS };
        let (with, without) = (expected_standings(&g, &WEIGHTS), expected_standings(&g, &apart));
        assert!((with[0] - without[0] - WEIGHTS.join * 2.0).abs() < 1e-4, "{with:?} against {without:?}");
        assert!((with[1] - without[1] - WEIGHTS.join * 6.0).abs() < 1e-4, "{with:?} against {without:?}");
        const { assert!(WEIGHTS.join > 0.0) };
    }
}
