//! Engine benchmarks: `cargo bench` (or `cargo bench -- placements` for one group).

use carcassonne::ai::search::Judge;
use carcassonne::ai::{Bot, Level};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Action, Game, Phase, Set, Setup, TileSet};
use carcassonne::selfplay::random_game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;

/// A 2-player base game played randomly for `actions` actions, stopped at a tile step.
fn mid_game(actions: usize) -> Game {
    let mut g = Game::new(TileSet::builtin(), Setup::base(&["A", "B"], 7)).unwrap();
    let mut rng = Rng::new(3);
    let mut legal = Vec::new();
    for _ in 0..actions {
        g.legal_actions_into(&mut legal);
        g.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    while !matches!(g.phase(), Phase::Tile { .. }) {
        g.apply(&Action::Pass).unwrap();
    }
    g
}

fn placements(c: &mut Criterion) {
    let g = mid_game(70); // ~35 tiles on the board
    let mut out = Vec::new();
    c.bench_function("placements/mid_game_35_tiles", |b| {
        b.iter(|| {
            black_box(&g).legal_actions_into(&mut out);
            black_box(out.len())
        })
    });
    let late = mid_game(130);
    c.bench_function("placements/late_game_65_tiles", |b| {
        b.iter(|| {
            black_box(&late).legal_actions_into(&mut out);
            black_box(out.len())
        })
    });
    // The two above list one position over and over, so the branch predictor learns it;
    // in a game every listing is a new board and a new tile. This one cycles through 64
    // positions of different games, as a game does.
    let varied: Vec<Game> = (0..64u64)
        .map(|seed| {
            let mut g = Game::new(TileSet::builtin(), Setup::base(&["A", "B"], seed)).unwrap();
            let mut rng = Rng::new(seed);
            let mut legal = Vec::new();
            for _ in 0..(40 + seed as usize % 60) {
                g.legal_actions_into(&mut legal);
                g.apply(&legal[rng.below(legal.len())]).unwrap();
            }
            while !matches!(g.phase(), Phase::Tile { .. }) {
                g.apply(&Action::Pass).unwrap();
            }
            g
        })
        .collect();
    let mut next = 0;
    c.bench_function("placements/varied_64_positions", |b| {
        b.iter(|| {
            next = (next + 1) % varied.len();
            black_box(&varied[next]).legal_actions_into(&mut out);
            black_box(out.len())
        })
    });
    c.bench_function("apply/place_tile_and_pass", |b| {
        let mut legal = Vec::new();
        g.legal_actions_into(&mut legal);
        let a = legal[legal.len() / 2];
        b.iter_batched(
            || g.clone(),
            |mut g| {
                g.apply(&a).unwrap();
                g.apply(&Action::Pass).unwrap();
                g
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("clone/mid_game", |b| b.iter(|| black_box(&g).clone()));
}

fn whole_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    // One uniformly random game per iteration, on a new deck each time.
    let mut bench = |name: &str, players: &[&str], extra: &[&str]| {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut setup = Setup::base(players, seed);
                setup.sets.extend(extra.iter().map(|s| s.parse::<Set>().unwrap()));
                black_box(random_game(TileSet::builtin(), setup, seed).unwrap().scores())
            })
        });
    };
    bench("base_2p", &["P0", "P1"], &[]);
    bench("base_5p", &["P0", "P1", "P2", "P3", "P4"], &[]);
    bench("base_ghosts_2p", &["A", "B"], &["ghosts"]);
    bench("all_sets_3p", &["A", "B", "C"], &["ghosts", "watchtowers", "shrines", "spellcircles"]);
    bench("river_towers_shrines_2p", &["A", "B"], &["river", "watchtowers", "shrines"]);
    // The cooperative game: random teams (they lose early, so also a game's worth of
    // steps per second: see coop_steps).
    for (name, level, circles) in [("coop_level1_2p", 1, false), ("coop_level5_circles_2p", 5, true)] {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(TileSet::builtin(), coop_setup(level, circles, seed), seed).unwrap().turn())
            })
        });
    }
    group.finish();
}

/// A cooperative setup for two players.
fn coop_setup(level: u8, circles: bool, seed: u64) -> Setup {
    let mut setup = Setup::base(&["A", "B"], seed);
    setup.sets = if circles { vec![Set::Ghosts, Set::SpellCircles] } else { vec![Set::Ghosts] };
    setup.options.coop = carcassonne::engine::coop::CoopOptions::level(level);
    setup
}

/// Cooperative turns played by an easy team (a whole game), and one decision of each
/// level in a cooperative middle game.
fn coop_bots(c: &mut Criterion) {
    let mut group = c.benchmark_group("coop");
    group.sample_size(10);
    let tiles = TileSet::builtin();
    let mut seed = 0u64;
    group.bench_function("easy_team_game_level1", |b| {
        b.iter(|| {
            seed += 1;
            let g =
                carcassonne::ai::team::team_game(&tiles, &coop_setup(1, false, seed), Level::Easy, seed, seed).unwrap();
            black_box(g.turn())
        })
    });
    // A middle game: an easy team's first 12 turns.
    let mut g = carcassonne::engine::Game::new(tiles.clone(), coop_setup(3, true, 7)).unwrap();
    let mut bot = Bot::new(Level::Easy, 1);
    while g.turn() < 12 && !g.is_over() {
        let a = bot.choose(&g).unwrap();
        g.apply(&a).unwrap();
    }
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let mut seed = 0;
        group.bench_function(format!("decision_{level}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(Bot::new(level, seed).choose(&g))
            })
        });
    }
    group.finish();
}

/// Computer players: a whole decision per level in a middle-game position, and the
/// search's simulations per second (throughput counts simulations). The expert's
/// evaluation: one position valued by the standings and by the outlook.
fn bots(c: &mut Criterion) {
    let g = mid_game(40);
    let mut group = c.benchmark_group("bot");
    group.sample_size(10);
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
        if let Some(budget) = level.budget() {
            group.throughput(Throughput::Elements(budget.simulations as u64));
        }
        let mut seed = 0;
        group.bench_function(format!("decision_{level}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(Bot::new(level, seed).choose(&g))
            })
        });
    }
    group.bench_function("judge_standing", |b| b.iter(|| black_box(Judge::Standing.value(&g, 0))));
    group.bench_function("judge_outlook", |b| {
        b.iter(|| black_box(Judge::Outlook(carcassonne::ai::outlook::WEIGHTS).value(&g, 0)))
    });
    group.finish();
}

criterion_group!(benches, placements, whole_games, bots, coop_bots);
criterion_main!(benches);
