//! `carc`: the engine on the command line (native only).
//!
//! - `carc replay FILE [--events] [--tiles DIR]`: replay a game record, print the state as JSON.
//! - `carc share FILE [--tiles DIR]`: a record's share code (`c1.…`), as the page's share link holds.
//! - `carc tiles [--tiles DIR]`: every tile with its spots named as records name them, as JSON.
//! - `carc guide FILE`: check a guided game (docs/guides.md); print the state at each narrated step.
//! - `carc selfplay [--games N] [--seed S] [--sets base,…] [--players P]`: random games, JSON summary.
//! - `carc perft --seed S --depth D [--sets …] [--players P]`: count legal action sequences.
//! - `carc arena --a LEVEL --b LEVEL [--games N] [--sets …] [--seed S]`: computer players' match.
//! - `carc serve [--port P] [--db FILE] [--dist DIR] [--allow-origin O,…]`: online play
//!   (docs/online.md; built with `--features server`).
//! - `--coop LEVEL` (with `--levels FILE`): the cooperative game; `selfplay` then reports the
//!   team's win rate, `arena` compares two teams on the same decks.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::run(std::env::args().skip(1).collect()));
}

#[cfg(target_arch = "wasm32")]
fn main() {}

/// A long run's progress on a terminal: games done, the win rate so far with its 95%
/// interval, and the time left, on stderr; nothing when stderr is not a terminal.
#[cfg(not(target_arch = "wasm32"))]
mod progress {
    use carcassonne::ai::arena::wilson;
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    use std::sync::Mutex;

    /// One bar for `games` games.
    pub struct Progress {
        bar: Option<ProgressBar>,
        /// Points won (a tie counts half) and games ended.
        tally: Mutex<(f64, u32)>,
    }

    impl Progress {
        /// A bar named `what` (for example "level 3, hard"), shown only on a terminal.
        pub fn new(what: &str, games: u64) -> Progress {
            let bar = std::io::stderr().is_terminal().then(|| {
                let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
                let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} · {eta} left")
                    .expect("a valid template")
                    .progress_chars("=> ");
                bar.set_style(style);
                bar.set_prefix(what.to_string());
                bar
            });
            Progress { bar, tally: Mutex::new((0.0, 0)) }
        }

        /// A game ended with `points` for the side counted (1 won, 0.5 tie, 0 lost).
        pub fn game(&self, points: f64) {
            let Some(bar) = &self.bar else { return };
            let (won, n) = {
                let mut t = self.tally.lock().unwrap_or_else(|e| e.into_inner());
                t.0 += points;
                t.1 += 1;
                *t
            };
            let rate = won / n as f64;
            let (lo, hi) = wilson(rate, n as f64);
            bar.set_message(format!("won {:.1}% [{:.1}, {:.1}]", 100.0 * rate, 100.0 * lo, 100.0 * hi));
            bar.inc(1);
        }
    }

    impl Drop for Progress {
        fn drop(&mut self) {
            if let Some(bar) = &self.bar {
                bar.finish_and_clear();
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use crate::progress::Progress;
    use carcassonne::engine::coop::levels::LevelTable;
    use carcassonne::engine::coop::CoopOptions;
    use carcassonne::engine::rng::Rng;
    use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Set, Setup, TileSet};
    use carcassonne::record::{parse_options, Record};
    use carcassonne::selfplay::{perft, play_out};
    use carcassonne::summary::summary;
    use serde_json::json;
    use std::collections::HashMap;
    use std::sync::Arc;
    use std::time::Instant;

    const USAGE: &str = "usage:
  carc replay FILE [--events] [--tiles DIR]
  carc share FILE [--tiles DIR]      (the record's share code)
  carc tiles [--tiles DIR]           (every tile and its spots, as records name them)
  carc guide FILE                    (check a guided game; print each narrated step's state)
  carc selfplay [--games N] [--seed S] [--sets base[,...]] [--players P] [--options JSON] [--tiles DIR]
  carc perft --seed S --depth D [--sets base[,...]] [--players P] [--options JSON] [--tiles DIR]
  carc arena --a LEVEL --b LEVEL [--games N] [--seed S] [--sets base[,...]] [--options JSON] [--tiles DIR]
             (levels: easy, medium, hard; N games in seat-swapped pairs, two players)

The cooperative game (Mists over Carcassonne):
  carc selfplay --coop 1|1,2,..|all [--bots random|easy|medium|hard|all] [--players P]
                [--sets ghosts[,spellcircles]] [--games N] [--seed S] [--threads T] [--levels FILE]
             (the team's win rate per level and per computer level; P 1 to 5, default 2)
  carc arena --coop LEVEL --a LEVEL --b LEVEL [--games N] [--players P] [--threads T] [--levels FILE]
             (two teams on the same decks)
--levels FILE reads the level table from FILE instead of the built-in data/coop-levels.toml.

Online play (built with --features server; docs/online.md):
  carc serve [--port 8080] [--host 127.0.0.1] [--db carcassonne.db] [--dist dist]
             [--allow-origin https://fan.site,...] [--bot-delay-ms 400] [--idle-secs 120]
             [--max-connections N] [--max-rooms N] [--rooms-per-address N] [--messages-per-sec N]
             [--connections-per-address 64] [--request-timeout-secs 10] [--idle-timeout-secs 60]
             [--computers-per-address 40] [--planners N]
             [--watchers-per-room 500] [--trust-proxy]
             --db postgres://user@host/db: several instances share the rooms
             [--advertise ws://this-host:port/ws] [--lease-secs 10]

Sets are named as the catalogue files: base, river, ghosts, spellcircles, watchtowers, shrines.
--options takes the rule options as in a record, e.g. '{\"abbot\": true, \"spell_mode\": \"A\"}'.
--tiles DIR replaces the built-in tile files with every SET.toml found in DIR.";

    /// Run the command line; returns the process exit code.
    pub fn run(args: Vec<String>) -> i32 {
        match dispatch(args) {
            Ok(out) => {
                use std::io::Write;
                // A closed pipe (`carc … | head`) is not an error worth a panic.
                let _ = writeln!(std::io::stdout().lock(), "{out}");
                0
            }
            Err(msg) => {
                eprintln!("carc: {msg}");
                if msg.starts_with("usage") || msg.contains("unknown command") {
                    eprintln!("{USAGE}");
                }
                2
            }
        }
    }

    struct Flags {
        positional: Vec<String>,
        values: HashMap<String, String>,
        switches: Vec<String>,
    }

    fn parse_flags(args: &[String], with_value: &[&str], switches: &[&str]) -> Result<Flags, String> {
        let mut f = Flags { positional: vec![], values: HashMap::new(), switches: vec![] };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                if with_value.contains(&name) {
                    let v = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
                    f.values.insert(name.to_string(), v.clone());
                } else if switches.contains(&name) {
                    f.switches.push(name.to_string());
                } else {
                    return Err(format!("unknown option --{name}"));
                }
            } else {
                f.positional.push(a.clone());
            }
        }
        Ok(f)
    }

    fn number<T: std::str::FromStr>(f: &Flags, name: &str, default: Option<T>) -> Result<T, String> {
        match f.values.get(name) {
            Some(v) => v.parse().map_err(|_| format!("--{name} must be a whole number, not {v:?}")),
            None => default.ok_or_else(|| format!("--{name} is required")),
        }
    }

    fn load_tiles(f: &Flags) -> Result<Arc<TileSet>, String> {
        let Some(dir) = f.values.get("tiles") else {
            return Ok(TileSet::builtin());
        };
        let mut files = Vec::new();
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))?;
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

    fn setup_from(f: &Flags, seed: u64) -> Result<Setup, String> {
        let players: usize = number(f, "players", Some(2))?;
        // Checked before the seats are made: a huge count must not allocate.
        let seats = if f.values.contains_key("coop") { 1..=5 } else { carcassonne::engine::setup::PLAYERS };
        if !seats.contains(&players) {
            return Err(carcassonne::engine::SetupError::PlayerCount(players).to_string());
        }
        let default_sets = if f.values.contains_key("coop") { "ghosts" } else { "base" };
        let sets = f.values.get("sets").map(String::as_str).unwrap_or(default_sets);
        let options = match f.values.get("options") {
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

    fn dispatch(args: Vec<String>) -> Result<String, String> {
        let Some((cmd, rest)) = args.split_first() else {
            return Err("usage: a command is needed".into());
        };
        match cmd.as_str() {
            "replay" => replay(parse_flags(rest, &["tiles"], &["events"])?),
            "share" => share_cmd(parse_flags(rest, &["tiles"], &[])?),
            "guide" => guide_cmd(parse_flags(rest, &[], &[])?),
            "tiles" => {
                let f = parse_flags(rest, &["tiles"], &[])?;
                let out = carcassonne::summary::tile_catalogue(&*load_tiles(&f)?);
                Ok(serde_json::to_string_pretty(&out).expect("plain data"))
            }
            "selfplay" => selfplay(parse_flags(
                rest,
                &["games", "seed", "sets", "players", "options", "tiles", "coop", "bots", "levels", "threads"],
                &[],
            )?),
            "perft" => perft_cmd(parse_flags(rest, &["seed", "depth", "sets", "players", "options", "tiles"], &[])?),
            "arena" => arena_cmd(parse_flags(
                rest,
                &["a", "b", "games", "seed", "sets", "options", "tiles", "coop", "players", "levels", "threads"],
                &[],
            )?),
            "serve" => serve(parse_flags(
                rest,
                &[
                    "port",
                    "host",
                    "db",
                    "dist",
                    "allow-origin",
                    "bot-delay-ms",
                    "idle-secs",
                    "max-connections",
                    "max-rooms",
                    "rooms-per-address",
                    "messages-per-sec",
                    "connections-per-address",
                    "request-timeout-secs",
                    "idle-timeout-secs",
                    "computers-per-address",
                    "planners",
                    "watchers-per-room",
                    "advertise",
                    "lease-secs",
                ],
                &["trust-proxy"],
            )?),
            "help" | "--help" | "-h" => Ok(USAGE.to_string()),
            other => Err(format!("unknown command {other:?}")),
        }
    }

    #[cfg(not(feature = "server"))]
    fn serve(_: Flags) -> Result<String, String> {
        Err("this carc was built without online play: cargo build --release --features server".into())
    }

    /// `carc serve`: online play until the process is stopped.
    #[cfg(feature = "server")]
    fn serve(f: Flags) -> Result<String, String> {
        use carcassonne::server::{bind, Config};
        let port: u16 = number(&f, "port", Some(8080))?;
        let host = f.values.get("host").map(String::as_str).unwrap_or("127.0.0.1");
        let addr: std::net::SocketAddr =
            format!("{host}:{port}").parse().map_err(|_| format!("--host {host:?} is not an IP address"))?;
        let db = f.values.get("db").map(String::as_str).unwrap_or("carcassonne.db");
        let mut config = Config::new(addr, db);
        let dist = f.values.get("dist").map(String::as_str).unwrap_or("dist");
        config.dist = std::path::Path::new(dist).is_dir().then(|| dist.into());
        if let Some(o) = f.values.get("allow-origin") {
            config.allow_origins = o.split(',').map(|s| s.trim().trim_end_matches('/').to_string()).collect();
        }
        config.bot_delay_ms = number(&f, "bot-delay-ms", Some(config.bot_delay_ms))?;
        config.idle_secs = number(&f, "idle-secs", Some(config.idle_secs))?;
        config.max_connections = number(&f, "max-connections", Some(config.max_connections))?;
        config.max_rooms = number(&f, "max-rooms", Some(config.max_rooms))?;
        config.rooms_per_address = number(&f, "rooms-per-address", Some(config.rooms_per_address))?;
        config.messages_per_sec = number(&f, "messages-per-sec", Some(config.messages_per_sec))?;
        config.connections_per_address = number(&f, "connections-per-address", Some(config.connections_per_address))?;
        config.request_timeout_secs = number(&f, "request-timeout-secs", Some(config.request_timeout_secs))?;
        config.idle_timeout_secs = number(&f, "idle-timeout-secs", Some(config.idle_timeout_secs))?;
        config.computers_per_address = number(&f, "computers-per-address", Some(config.computers_per_address))?;
        config.planners = number(&f, "planners", Some(config.planners))?;
        config.watchers_per_room = number(&f, "watchers-per-room", Some(config.watchers_per_room))?;
        config.trust_proxy = f.switches.iter().any(|s| s == "trust-proxy");
        config.advertise = f.values.get("advertise").cloned();
        config.lease_secs = number(&f, "lease-secs", Some(config.lease_secs))?;
        if !(1.0..=3600.0).contains(&config.lease_secs) {
            return Err("--lease-secs is from 1 to 3600".into());
        }
        let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
        runtime.block_on(async {
            let (addr, run) = bind(config.clone()).await?;
            // The line tests and scripts wait for: where to connect.
            println!("carc serve: http://{addr}/ (database {})", config.db);
            if config.dist.is_none() {
                println!("carc serve: no {dist}/ to serve: only the WebSocket at /ws (build the game first)");
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
    fn guide_cmd(f: Flags) -> Result<String, String> {
        let [file] = f.positional.as_slice() else {
            return Err("usage: carc guide FILE".into());
        };
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
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

    /// `carc share FILE`: the record's share code (it must replay).
    fn share_cmd(f: Flags) -> Result<String, String> {
        let [file] = f.positional.as_slice() else {
            return Err("usage: carc share FILE".into());
        };
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let record = Record::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        carcassonne::share::encode(&record, load_tiles(&f)?).map_err(|e| format!("{file}: {e}"))
    }

    fn replay(f: Flags) -> Result<String, String> {
        let [file] = f.positional.as_slice() else {
            return Err("usage: carc replay FILE".into());
        };
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let tiles = load_tiles(&f)?;
        let record = Record::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let (game, events) = record.replay(tiles).map_err(|e| format!("{file}: {e}"))?;
        let mut out = summary(&game);
        if f.switches.iter().any(|s| s == "events") {
            out["events"] = serde_json::to_value(&events).expect("plain data");
        }
        Ok(serde_json::to_string_pretty(&out).expect("plain data"))
    }

    /// The level table: the built-in one, or `--levels FILE`.
    fn level_table(f: &Flags) -> Result<LevelTable, String> {
        match f.values.get("levels") {
            None => Ok(LevelTable::builtin().clone()),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                LevelTable::parse(&text).map_err(|e| format!("{path}: {e}"))
            }
        }
    }

    /// The cooperative levels `--coop` names: `3`, `1,2,5` or `all`.
    fn coop_levels(f: &Flags) -> Result<Vec<u8>, String> {
        let text = f.values.get("coop").map(String::as_str).unwrap_or("1");
        if text == "all" {
            return Ok((1..=6).collect());
        }
        text.split(',')
            .map(|s| s.trim().parse::<u8>().ok().filter(|n| (1..=6).contains(n)))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| format!("--coop takes levels 1 to 6 (\"3\", \"1,2\" or \"all\"), not {text:?}"))
    }

    /// A cooperative setup of level `n` from the flags.
    fn coop_setup(f: &Flags, table: &LevelTable, n: u8, seed: u64) -> Result<Setup, String> {
        let mut setup = setup_from(f, seed)?;
        let level = table.level(n).ok_or_else(|| format!("no level {n}"))?.clone();
        setup.options.coop = Some(CoopOptions { level, piles: None });
        Ok(setup)
    }

    /// `selfplay --coop`: the team's win rate per level, for random play and computer levels.
    fn coop_selfplay(f: &Flags) -> Result<String, String> {
        use carcassonne::ai::{team::team_games, Level};
        let games: u32 = number(f, "games", Some(1000))?;
        let seed: u64 = number(f, "seed", Some(1))?;
        let threads: usize = number(f, "threads", Some(1))?;
        let bots: Vec<Level> = match f.values.get("bots").map(String::as_str).unwrap_or("random") {
            "all" => Level::ALL.to_vec(),
            list => list.split(',').map(|s| s.trim().parse()).collect::<Result<_, _>>()?,
        };
        let tiles = load_tiles(f)?;
        let table = level_table(f)?;
        let start = Instant::now();
        let mut rows = Vec::new();
        for n in coop_levels(f)? {
            let setup = coop_setup(f, &table, n, seed)?;
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
        let first = setup_from(f, seed)?;
        Ok(json!({
            "coop": rows, "players": first.players.len(), "sets": first.sets, "seed": seed,
            "seconds": start.elapsed().as_secs_f64(),
        })
        .to_string())
    }

    fn selfplay(f: Flags) -> Result<String, String> {
        if f.values.contains_key("coop") {
            return coop_selfplay(&f);
        }
        let games: u64 = number(&f, "games", Some(100))?;
        let seed: u64 = number(&f, "seed", Some(1))?;
        let tiles = load_tiles(&f)?;
        let first = setup_from(&f, seed)?;
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

    fn perft_cmd(f: Flags) -> Result<String, String> {
        let seed: u64 = number(&f, "seed", None)?;
        let depth: u32 = number(&f, "depth", None)?;
        let tiles = load_tiles(&f)?;
        let game = Game::new(tiles, setup_from(&f, seed)?).map_err(|e| e.to_string())?;
        let start = Instant::now();
        let nodes = perft(&game, depth);
        Ok(json!({"seed": seed, "depth": depth, "nodes": nodes, "seconds": start.elapsed().as_secs_f64()}).to_string())
    }

    fn arena_cmd(f: Flags) -> Result<String, String> {
        use carcassonne::ai::{arena::arena, team::team_games, Level};
        let level = |name: &str| -> Result<Level, String> {
            f.values.get(name).ok_or_else(|| format!("--{name} is required"))?.parse()
        };
        let (a, b) = (level("a")?, level("b")?);
        if f.values.contains_key("coop") {
            // Two teams on the same decks (game i has the same deck for both).
            let [n] = coop_levels(&f)?[..] else { return Err("--coop takes one level in an arena".into()) };
            let games: u32 = number(&f, "games", Some(200))?;
            let seed: u64 = number(&f, "seed", Some(1))?;
            let threads: usize = number(&f, "threads", Some(1))?;
            let tiles = load_tiles(&f)?;
            let setup = coop_setup(&f, &level_table(&f)?, n, seed)?;
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
        let games: u32 = number(&f, "games", Some(200))?;
        if games == 0 || games % 2 == 1 {
            return Err(format!("--games must be a positive even number (seat-swapped pairs), not {games}"));
        }
        let seed: u64 = number(&f, "seed", Some(1))?;
        let tiles = load_tiles(&f)?;
        let setup = setup_from(&f, seed)?;
        let start = Instant::now();
        let progress = Progress::new(&format!("{a} against {b}"), games as u64);
        let r = arena(&tiles, &setup, a, b, games / 2, seed, &|won| progress.game(won)).map_err(|e| e.to_string())?;
        Ok(json!({
            "a": a.name(), "b": b.name(), "sets": setup.sets, "seed": seed,
            "games": r.games, "wins_a": r.wins_a, "win_rate_a": r.rate(),
            "ci95": [r.ci95.0, r.ci95.1], "mean_score_diff": r.mean_diff,
            "seconds": start.elapsed().as_secs_f64(),
        })
        .to_string())
    }
}
