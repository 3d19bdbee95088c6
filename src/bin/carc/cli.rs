//! The subcommands' work: each reads its parsed arguments ([`crate::args`]) and returns
//! what it prints, or the message of its failure.

use crate::args::{
    ArenaArgs, Cli, Command, CoopArgs, GameArgs, PerftArgs, ReviewArgs, SelfplayArgs, ServeArgs, TilesArg,
};
use crate::progress::Progress;
use carcassonne::engine::coop::levels::LevelTable;
use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Deck, Event, Game, Options, PlayerSetup, Set, Setup, TileSet};
use carcassonne::record::{parse_options, Record};
use carcassonne::selfplay::{perft, play_out};
use carcassonne::summary::summary;
use clap::{CommandFactory, Parser};
use serde_json::json;
use std::ffi::OsString;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Run the command line; returns the process exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(once_each(args.into_iter().collect())) {
        Ok(cli) => cli,
        Err(e) => return clap_error(e),
    };
    match dispatch(cli.command) {
        Ok(out) => {
            use std::io::Write;
            // A closed pipe (`carc … | head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout().lock(), "{out}");
            0
        }
        Err(msg) => {
            eprintln!("carc: {msg}");
            2
        }
    }
}

/// An option given twice counts once: with the same value, silently (scripts that add
/// their flags to a common set do so); with another value the last one is used, as a
/// script that overrides a common flag means, and carc says so on stderr. A switch given
/// twice is refused by clap.
fn once_each(args: Vec<OsString>) -> Vec<OsString> {
    let cli = Cli::command();
    let Some(sub) = args.get(1).and_then(|a| a.to_str()).and_then(|name| cli.find_subcommand(name)) else {
        return args;
    };
    let takes_value =
        |name: &str| sub.get_arguments().find(|a| a.get_long() == Some(name)).map(|a| a.get_action().takes_values());
    let mut seen: Vec<(String, OsString)> = Vec::new();
    let mut out: Vec<OsString> = args[..2].to_vec();
    let mut rest = args[2..].iter();
    while let Some(arg) = rest.next() {
        let Some(name) = arg.to_str().and_then(|a| a.strip_prefix("--")).filter(|n| !n.is_empty() && !n.contains('='))
        else {
            out.push(arg.clone());
            continue;
        };
        if takes_value(name) != Some(true) {
            out.push(arg.clone());
            continue;
        }
        let Some(value) = rest.next() else {
            out.push(arg.clone());
            continue;
        };
        match seen.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) if v == value => {}
            Some((_, v)) => {
                eprintln!(
                    "carc: --{name} is given twice ({}, then {}): the last is used",
                    v.to_string_lossy(),
                    value.to_string_lossy()
                );
                *v = value.clone();
            }
            None => seen.push((name.to_string(), value.clone())),
        }
    }
    for (name, value) in seen {
        out.extend([OsString::from(format!("--{name}")), value]);
    }
    out
}

/// Help and the version go to stdout (status 0); a misuse to stderr (status 2), an
/// unknown subcommand named as such, with clap's suggestion.
fn clap_error(e: clap::Error) -> i32 {
    use clap::error::{ContextKind, ErrorKind};
    if e.kind() == ErrorKind::InvalidSubcommand {
        if let Some(name) = e.get(ContextKind::InvalidSubcommand) {
            eprintln!("carc: unknown command \"{name}\"");
        }
    }
    let _ = e.print();
    e.exit_code()
}

fn dispatch(command: Command) -> Result<String, String> {
    match command {
        Command::Replay { file, events, tiles } => replay(&file, events, &tiles),
        Command::Share { file, tiles } => share_cmd(&file, &tiles),
        Command::Guide { file } => guide_cmd(&file),
        Command::Tiles { tiles } => {
            let out = carcassonne::summary::tile_catalogue(&*load_tiles(&tiles)?);
            Ok(serde_json::to_string_pretty(&out).expect("plain data"))
        }
        Command::Review(a) => review_cmd(&a),
        Command::Selfplay(a) => selfplay(&a),
        Command::Perft(a) => perft_cmd(&a),
        Command::Arena(a) => arena_cmd(&a),
        Command::Serve(a) => {
            a.check()?;
            serve(a)
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "carc", &mut out);
            Ok(String::from_utf8(out).expect("a completion script is text").trim_end().to_string())
        }
    }
}

/// A file's name for messages.
fn shown(path: &Path) -> String {
    path.display().to_string()
}

fn load_tiles(t: &TilesArg) -> Result<Arc<TileSet>, String> {
    let Some(dir) = &t.tiles else {
        return Ok(TileSet::builtin());
    };
    let dir = shown(dir);
    let mut files = Vec::new();
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{dir}: {e}"))?;
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().and_then(|x| x.to_str()) == Some("toml") {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            files.push((stem, text));
        }
    }
    if files.is_empty() {
        return Err(format!("{dir}: no .toml tile files found"));
    }
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    TileSet::with_files(&refs).map(Arc::new).map_err(|e| e.to_string())
}

/// The setup of `players` seats with the sets and options given (`coop`: the
/// cooperative game's seat count and default set).
fn setup_from(g: &GameArgs, players: usize, coop: bool, seed: u64) -> Result<Setup, String> {
    // Checked before the seats are made: a huge count must not allocate.
    let seats = if coop { 1..=5 } else { carcassonne::engine::setup::PLAYERS };
    if !seats.contains(&players) {
        return Err(carcassonne::engine::SetupError::PlayerCount(players).to_string());
    }
    let default_sets = if coop { "ghosts" } else { "base" };
    let sets = g.sets.as_deref().unwrap_or(default_sets);
    let options = match &g.options {
        None => Options::default(),
        Some(text) => {
            let v: serde_json::Value =
                serde_json::from_str(text).map_err(|e| format!("--options must be a JSON object: {e}"))?;
            parse_options(Some(&v)).map_err(|e| e.to_string())?
        }
    };
    Ok(Setup {
        players: (1..=players).map(|i| PlayerSetup::named(&format!("Player {i}"))).collect(),
        sets: sets.split(',').map(|s| s.trim().parse::<Set>()).collect::<Result<_, _>>()?,
        options,
        deck: Deck::Seed(seed),
    })
}

#[cfg(not(feature = "server"))]
fn serve(_: ServeArgs) -> Result<String, String> {
    Err("this carc was built without online play: cargo build --release --features server".into())
}

/// `carc serve`: online play until the process is stopped.
#[cfg(feature = "server")]
fn serve(a: ServeArgs) -> Result<String, String> {
    use carcassonne::server::{bind, Config};
    let mut config = Config::new(std::net::SocketAddr::new(a.host, a.port), a.db.as_str());
    config.dist = a.dist.is_dir().then(|| a.dist.clone());
    if let Some(o) = &a.allow_origin {
        config.allow_origins = o.split(',').map(|s| s.trim().trim_end_matches('/').to_string()).collect();
    }
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    config.bot_delay_ms = a.bot_delay_ms;
    config.idle_secs = a.idle_secs;
    config.max_connections = size(a.max_connections);
    config.max_rooms = a.max_rooms;
    config.rooms_per_address = size(a.rooms_per_address);
    config.messages_per_sec = a.messages_per_sec;
    config.connections_per_address = size(a.connections_per_address);
    config.request_timeout_secs = a.request_timeout_secs;
    config.idle_timeout_secs = a.idle_timeout_secs;
    config.computers_per_address = size(a.computers_per_address);
    if let Some(n) = a.planners {
        config.planners = size(n);
    }
    config.watchers_per_room = size(a.watchers_per_room);
    config.trust_proxy = a.trust_proxy;
    config.advertise = a.advertise;
    config.lease_secs = a.lease_secs;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let (addr, run) = bind(config.clone()).await.map_err(|e| e.to_string())?;
        // The line tests and scripts wait for: where to connect.
        println!("carc serve: http://{addr}/ (database {})", config.db);
        if config.dist.is_none() {
            println!("carc serve: no {}/ to serve: only the WebSocket at /ws (build the game first)", shown(&a.dist));
        }
        use std::io::Write;
        std::io::stdout().flush().ok();
        run.await;
        Ok::<(), String>(())
    })?;
    Ok(String::new())
}

/// `carc guide FILE`: check a guided game and print, for each narrated step, who acts
/// next and the public state there (as `carc replay` prints it), for guide authors.
fn guide_cmd(file: &Path) -> Result<String, String> {
    let file = shown(file);
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let guide = carcassonne::guide::Guide::parse(&text).map_err(|e| format!("{file}: {e}"))?;
    let mut steps = Vec::new();
    guide
        .play(|step, game| {
            let actor = guide.actors.get(step.at).copied();
            steps.push(json!({"at": step.at, "actor": actor, "learner": actor == Some(guide.you),
                "say": step.say.get("en"), "state": summary(game)}));
            Ok(())
        })
        .map_err(|e| format!("{file}: {e}"))?;
    Ok(serde_json::to_string_pretty(&json!({"id": guide.id, "actions": guide.actors.len(), "steps": steps}))
        .expect("plain data"))
}

/// A record read from a file, with the file named in its errors.
fn read_record(file: &Path) -> Result<Record, String> {
    let file = shown(file);
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    Record::parse(&text).map_err(|e| format!("{file}: {e}"))
}

/// `carc share FILE`: the record's share code (it must replay).
fn share_cmd(file: &Path, tiles: &TilesArg) -> Result<String, String> {
    let record = read_record(file)?;
    carcassonne::share::encode(&record, load_tiles(tiles)?).map_err(|e| format!("{}: {e}", shown(file)))
}

fn replay(file: &Path, with_events: bool, tiles: &TilesArg) -> Result<String, String> {
    let record = read_record(file)?;
    let (game, events) = record.replay(load_tiles(tiles)?).map_err(|e| format!("{}: {e}", shown(file)))?;
    let mut out = summary(&game);
    if with_events {
        out["events"] = events.iter().map(Event::to_json).collect();
    }
    Ok(serde_json::to_string_pretty(&out).expect("plain data"))
}

/// `carc review FILE`: the review as JSON (docs/review.md).
fn review_cmd(a: &ReviewArgs) -> Result<String, String> {
    use carcassonne::ai::review::{review, Settings};
    use carcassonne::ai::Level;
    let level: Level = a.judge.parse()?;
    if !matches!(level, Level::Hard | Level::Expert) {
        return Err(format!("--judge {level}: hard or expert"));
    }
    let record = read_record(&a.file)?;
    let (game, _) = record.replay(load_tiles(&a.tiles)?).map_err(|e| format!("{}: {e}", shown(&a.file)))?;
    let settings = Settings { level, candidates: a.candidates as usize, simulations: a.simulations, seed: a.seed };
    let started = Instant::now();
    let r = review(&game, settings, |_, _| true).expect("never cancelled");
    let mut out = carcassonne::summary::review_json(&game, &r, &settings);
    out["seconds"] = json!((started.elapsed().as_secs_f64() * 100.0).round() / 100.0);
    Ok(serde_json::to_string_pretty(&out).expect("plain data"))
}

/// The level table: the built-in one, or `--levels FILE`.
fn level_table(c: &CoopArgs) -> Result<LevelTable, String> {
    match &c.levels {
        None => Ok(LevelTable::builtin().clone()),
        Some(path) => {
            let path = shown(path);
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            LevelTable::parse(&text).map_err(|e| format!("{path}: {e}"))
        }
    }
}

/// The cooperative levels `--coop` names: `3`, `1,2,5` or `all`.
fn coop_levels(text: &str) -> Result<Vec<u8>, String> {
    if text == "all" {
        return Ok((1..=6).collect());
    }
    text.split(',')
        .map(|s| s.trim().parse::<u8>().ok().filter(|n| (1..=6).contains(n)))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| format!("--coop takes levels 1 to 6 (\"3\", \"1,2\" or \"all\"), not {text:?}"))
}

/// A cooperative setup of level `n`.
fn coop_setup(g: &GameArgs, players: usize, table: &LevelTable, n: u8, seed: u64) -> Result<Setup, String> {
    let mut setup = setup_from(g, players, true, seed)?;
    let level = table.level(n).ok_or_else(|| format!("no level {n}"))?.clone();
    setup.options.coop = Some(CoopOptions { level, piles: None });
    Ok(setup)
}

/// `selfplay --coop`: the team's win rate per level, for random play and computer levels.
fn coop_selfplay(a: &SelfplayArgs, levels: &str) -> Result<String, String> {
    use carcassonne::ai::{team::team_games, Level};
    let games = u32::try_from(a.games.unwrap_or(1000)).map_err(|_| "--games is at most 4294967295 with --coop")?;
    let (seed, threads) = (a.seed, a.coop.threads as usize);
    let bots: Vec<Level> = match a.bots.as_deref().unwrap_or("random") {
        "all" => Level::ALL.to_vec(),
        list => list.split(',').map(|s| s.trim().parse()).collect::<Result<_, _>>()?,
    };
    let tiles = load_tiles(&a.game.tiles)?;
    let table = level_table(&a.coop)?;
    let start = Instant::now();
    let mut rows = Vec::new();
    for n in coop_levels(levels)? {
        let setup = coop_setup(&a.game, a.players, &table, n, seed)?;
        for &bot in &bots {
            let t = Instant::now();
            let progress = Progress::new(&format!("level {n}, {bot}"), games as u64);
            let on_game = |won: bool| progress.game(if won { 1.0 } else { 0.0 });
            let r = team_games(&tiles, &setup, bot, games, seed, threads, &on_game).map_err(|e| e.to_string())?;
            let (lo, hi) = r.ci95();
            rows.push(json!({
                "level": n, "bots": bot.name(), "games": r.games, "won": r.won, "win_rate": r.rate(),
                "ci95": [lo, hi], "lost_ghosts": r.lost_ghosts, "lost_pile": r.lost_pile,
                "mean_turns": r.turns as f64 / r.games.max(1) as f64,
                "mean_lowest_marker": r.score as f64 / r.games.max(1) as f64,
                "seconds": t.elapsed().as_secs_f64(),
            }));
        }
    }
    let first = setup_from(&a.game, a.players, true, seed)?;
    Ok(json!({
        "coop": rows, "players": first.players.len(), "sets": first.sets, "seed": seed,
        "seconds": start.elapsed().as_secs_f64(),
    })
    .to_string())
}

fn selfplay(a: &SelfplayArgs) -> Result<String, String> {
    if let Some(levels) = &a.coop.coop {
        return coop_selfplay(a, levels);
    }
    let (games, seed) = (a.games.unwrap_or(100), a.seed);
    let tiles = load_tiles(&a.game.tiles)?;
    let first = setup_from(&a.game, a.players, false, seed)?;
    Game::new(tiles.clone(), first.clone()).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let (mut turns, mut score_sum, mut scores) = (0u64, 0i64, 0u64);
    let mut seeds = Rng::new(seed);
    for _ in 0..games {
        let setup = Setup { deck: Deck::Seed(seeds.next_u64()), ..first.clone() };
        let mut game = Game::new(tiles.clone(), setup).map_err(|e| e.to_string())?;
        play_out(&mut game, &mut Rng::new(seeds.next_u64()));
        turns += game.turn() as u64;
        score_sum += game.scores().iter().map(|s| *s as i64).sum::<i64>();
        scores += game.players().len() as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    Ok(json!({
        "games": games,
        "players": first.players.len(),
        "sets": first.sets,
        "seed": seed,
        "turns": turns,
        "mean_turns": turns as f64 / games.max(1) as f64,
        "mean_score": score_sum as f64 / scores.max(1) as f64,
        "seconds": secs,
        "games_per_sec": games as f64 / secs.max(1e-9),
    })
    .to_string())
}

fn perft_cmd(a: &PerftArgs) -> Result<String, String> {
    let tiles = load_tiles(&a.game.tiles)?;
    let game = Game::new(tiles, setup_from(&a.game, a.players, false, a.seed)?).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let nodes = perft(&game, a.depth);
    Ok(json!({"seed": a.seed, "depth": a.depth, "nodes": nodes, "seconds": start.elapsed().as_secs_f64()}).to_string())
}

fn arena_cmd(args: &ArenaArgs) -> Result<String, String> {
    use carcassonne::ai::{arena::arena, team::team_games, Level};
    let (a, b): (Level, Level) = (args.a.parse()?, args.b.parse()?);
    let (games, seed) = (args.games, args.seed);
    let tiles = load_tiles(&args.game.tiles)?;
    if let Some(levels) = &args.coop.coop {
        // Two teams on the same decks (game i has the same deck for both).
        let [n] = coop_levels(levels)?[..] else { return Err("--coop takes one level in an arena".into()) };
        let threads = args.coop.threads as usize;
        let setup = coop_setup(&args.game, args.players, &level_table(&args.coop)?, n, seed)?;
        let start = Instant::now();
        let team = |level: Level| {
            let progress = Progress::new(&format!("level {n}, {level}"), games as u64);
            let on_game = |won: bool| progress.game(if won { 1.0 } else { 0.0 });
            team_games(&tiles, &setup, level, games, seed, threads, &on_game).map_err(|e| e.to_string())
        };
        let (ra, rb) = (team(a)?, team(b)?);
        return Ok(json!({
            "coop": n, "a": a.name(), "b": b.name(), "games": games, "players": setup.players.len(),
            "won_a": ra.won, "won_b": rb.won, "win_rate_a": ra.rate(), "win_rate_b": rb.rate(),
            "ci95_a": [ra.ci95().0, ra.ci95().1], "ci95_b": [rb.ci95().0, rb.ci95().1],
            "seconds": start.elapsed().as_secs_f64(),
        })
        .to_string());
    }
    if games == 0 || games % 2 == 1 {
        return Err(format!("--games must be a positive even number (seat-swapped pairs), not {games}"));
    }
    let setup = setup_from(&args.game, args.players, false, seed)?;
    let start = Instant::now();
    let progress = Progress::new(&format!("{a} against {b}"), games as u64);
    let threads = args.coop.threads as usize;
    let r =
        arena(&tiles, &setup, a, b, games / 2, seed, threads, &|won| progress.game(won)).map_err(|e| e.to_string())?;
    Ok(json!({
        "a": a.name(), "b": b.name(), "sets": setup.sets, "seed": seed,
        "games": r.games, "wins_a": r.wins_a, "win_rate_a": r.rate(),
        "ci95": [r.ci95.0, r.ci95.1], "mean_score_diff": r.mean_diff,
        "ms_per_decision": [r.mean_ms(0), r.mean_ms(1)],
        "slowest_ms": [r.slowest[0].as_secs_f64() * 1000.0, r.slowest[1].as_secs_f64() * 1000.0],
        "seconds": start.elapsed().as_secs_f64(),
    })
    .to_string())
}
