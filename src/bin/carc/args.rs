//! `carc`'s command line as data (clap): every subcommand, its options, their defaults and
//! the ranges a value must fall in, so that `--help` says it all and a senseless value is
//! refused before anything starts.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// The engine on the command line: replay and share records, list the tiles, check guides,
/// play random and computer games, and serve online play.
#[derive(Parser, Debug)]
#[command(
    name = "carc",
    version,
    about = "Carcassonne on the command line: records, tiles, guides, random and computer games, online play",
    after_help = "Sets are named as the catalogue files: base, river, ghosts, spellcircles, watchtowers, shrines.\n\
                  --options takes the rule options as in a record, e.g. '{\"abbot\": true, \"spell_mode\": \"A\"}'.\n\
                  --tiles DIR replaces the built-in tile files with every SET.toml found in DIR."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay a game record and print its final state as JSON (exits non-zero naming the
    /// action that fails in a corrupt or illegal record).
    Replay {
        /// The record (docs/record-format.md).
        file: PathBuf,
        /// Add the event log.
        #[arg(long)]
        events: bool,
        #[command(flatten)]
        tiles: TilesArg,
    },
    /// Print a record's share code (c1.…), as the page's share link holds it.
    Share {
        /// The record.
        file: PathBuf,
        #[command(flatten)]
        tiles: TilesArg,
    },
    /// Print every tile with its spots named as records name them, as JSON.
    Tiles {
        #[command(flatten)]
        tiles: TilesArg,
    },
    /// Check a guided game (docs/guides.md) and print the state at each narrated step.
    Guide {
        /// The guide's JSON file.
        file: PathBuf,
    },
    /// Review a game record: every decision judged by the expected points it lost, each
    /// draw's luck, and per player the average loss, the points lost and the luck, as JSON
    /// (docs/review.md).
    Review(ReviewArgs),
    /// Play random games and print a JSON summary; with --coop, the team's win rate per
    /// level and per computer level.
    Selfplay(SelfplayArgs),
    /// Count the legal action sequences to a depth (perft).
    Perft(PerftArgs),
    /// Play two computer levels against each other in seat-swapped pairs of games; with
    /// --coop, two teams on the same decks.
    Arena(ArenaArgs),
    /// Serve the built game and its online rooms (docs/online.md; needs --features server).
    Serve(ServeArgs),
    /// Print a shell completion script, e.g. `carc completions bash > /etc/bash_completion.d/carc`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// `--tiles DIR`.
#[derive(Args, Debug, Default)]
pub struct TilesArg {
    /// Replace the built-in tile files with every SET.toml in DIR.
    #[arg(long, value_name = "DIR")]
    pub tiles: Option<PathBuf>,
}

/// The game's setup: sets, players and rule options.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The sets, comma-separated (default base; ghosts with --coop).
    #[arg(long, value_name = "SET,…")]
    pub sets: Option<String>,
    /// The rule options as in a record, a JSON object.
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
    #[command(flatten)]
    pub tiles: TilesArg,
}

/// The cooperative game's levels.
#[derive(Args, Debug)]
pub struct CoopArgs {
    /// Play the cooperative game (Mists over Carcassonne) at these levels: 3, 1,2,5 or all.
    #[arg(long, value_name = "LEVELS")]
    pub coop: Option<String>,
    /// Read the level table from FILE instead of the built-in data/coop-levels.toml.
    #[arg(long, value_name = "FILE")]
    pub levels: Option<PathBuf>,
    /// Threads: games played side by side.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
}

/// `carc selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Games to play (default 100; 1000 per level and computer level with --coop).
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// The first seed.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Players (2 to 5; 1 to 5 with --coop).
    #[arg(long, default_value_t = 2, value_name = "P")]
    pub players: usize,
    /// With --coop: the team's computer levels, comma-separated, or all.
    #[arg(long, value_name = "LEVEL,…", requires = "coop")]
    pub bots: Option<String>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub coop: CoopArgs,
}

/// `carc perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The deck's seed.
    #[arg(long, value_name = "S")]
    pub seed: u64,
    /// How many actions deep.
    #[arg(long, value_name = "D")]
    pub depth: u32,
    /// Players (2 to 5).
    #[arg(long, default_value_t = 2, value_name = "P")]
    pub players: usize,
    #[command(flatten)]
    pub game: GameArgs,
}

/// `carc arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Side A's level: random, easy, medium, hard or expert.
    #[arg(long = "a", value_name = "LEVEL")]
    pub a: String,
    /// Side B's level.
    #[arg(long = "b", value_name = "LEVEL")]
    pub b: String,
    /// Games: an even number (seat-swapped pairs), or teams' games with --coop.
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub games: u32,
    /// The first seed.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Players (2; 1 to 5 with --coop).
    #[arg(long, default_value_t = 2, value_name = "P")]
    pub players: usize,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub coop: CoopArgs,
}

/// `carc review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The record (docs/record-format.md).
    pub file: PathBuf,
    /// The seed every determinisation follows from: the same record and settings give the
    /// same review.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Whose judge: hard or expert.
    #[arg(long, default_value = "expert", value_name = "LEVEL")]
    pub judge: String,
    /// Determinisations each plan is played out on.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=100_000), value_name = "N")]
    pub simulations: u32,
    /// Plans played out per turn besides those sharing a beginning with the turn played.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=200), value_name = "N")]
    pub candidates: u32,
    #[command(flatten)]
    pub tiles: TilesArg,
}

/// `carc serve`: every limit an operator may set, with the range that makes sense.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port (0: any free one, printed on start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1", value_name = "IP")]
    pub host: std::net::IpAddr,
    /// Where rooms are kept: a SQLite file, or postgres://user@host/db shared by several
    /// instances.
    #[arg(long, default_value = "carcassonne.db", value_name = "FILE|URL")]
    pub db: String,
    /// The built game to serve (without it, only the WebSocket).
    #[arg(long, default_value = "dist", value_name = "DIR")]
    pub dist: PathBuf,
    /// Origins besides the server's own whose pages may open the WebSocket, comma-separated.
    #[arg(long, value_name = "ORIGIN,…")]
    pub allow_origin: Option<String>,
    /// Milliseconds between a computer's actions (0 in tests).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub bot_delay_ms: u64,
    /// Seconds a room with nobody in it stays in memory.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub idle_secs: u64,
    /// Most TCP connections at once.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max_connections: u64,
    /// Most live rooms at once.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_rooms: u64,
    /// Rooms one address may create per hour.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub rooms_per_address: u64,
    /// Messages a connection may send per second (a burst of twice as many is allowed).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub messages_per_sec: u32,
    /// Most TCP connections at once from one address (not applied behind a trusted proxy).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub connections_per_address: u64,
    /// Seconds a new connection has to send its first request's headers.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub request_timeout_secs: u64,
    /// Seconds a connection may send nothing before it is closed (pinged a third of that).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(3..=86_400))]
    pub idle_timeout_secs: u64,
    /// Computer seats one address may ask for per hour (0: none).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub computers_per_address: u64,
    /// Computers' plans made at once (default: the cores less one).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_024))]
    pub planners: Option<u64>,
    /// Connections that may watch one room at once (0: no watchers).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub watchers_per_room: u64,
    /// Behind a reverse proxy: take the client's address from the last X-Forwarded-For entry.
    #[arg(long)]
    pub trust_proxy: bool,
    /// PostgreSQL only: the WebSocket address other instances send this one's clients to.
    #[arg(long, value_name = "ws://HOST:PORT/ws")]
    pub advertise: Option<String>,
    /// PostgreSQL only: seconds a room's lease lasts unless renewed (1 to 3600).
    #[arg(long, default_value_t = 10.0, value_parser = lease_secs)]
    pub lease_secs: f64,
}

impl ServeArgs {
    /// What clap cannot see in one argument: `--advertise` only where instances share
    /// PostgreSQL (as `Db` reads `--db`).
    pub fn check(&self) -> Result<(), String> {
        let postgres = self.db.starts_with("postgres://") || self.db.starts_with("postgresql://");
        if self.advertise.is_some() && !postgres {
            return Err("--advertise is for instances sharing PostgreSQL (--db postgres://…); \
                        a server on SQLite sends nobody elsewhere"
                .into());
        }
        Ok(())
    }
}

/// A lease of 1 to 3600 seconds.
fn lease_secs(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (1.0..=3600.0).contains(&v) => Ok(v),
        _ => Err("--lease-secs is from 1 to 3600".into()),
    }
}
