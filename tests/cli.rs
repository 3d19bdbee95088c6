//! The `carc` command line: replay, selfplay and perft, and its errors.

use std::process::Command;

fn carc(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_carc")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn replay_prints_the_final_state() {
    let (code, out, err) = carc(&["replay", &data("sample-game.json")]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["over"], true);
    assert_eq!(v["scores"].as_array().unwrap().len(), 3);
    assert_eq!(v["players"][0]["name"], "Ann");
    assert!(v["meeples_in_supply"].is_array());
    assert!(v.get("events").is_none());
    let (_, out, _) = carc(&["replay", &data("sample-game.json"), "--events"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let events = v["events"].as_array().unwrap();
    assert_eq!(events.last().unwrap()["type"], "game_over");
}

#[test]
fn replay_of_a_corrupt_record_fails_naming_the_action() {
    let dir = std::env::temp_dir().join(format!("carc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data("sample-game.json")).unwrap()).unwrap();
    v["actions"][4]["x"] = serde_json::json!(40);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let (code, out, err) = carc(&["replay", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("action 5"), "{err}");
    std::fs::write(&bad, "{").unwrap();
    let (code, _, err) = carc(&["replay", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("not JSON"), "{err}");
    let (code, _, err) = carc(&["replay", dir.join("missing.json").to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("missing.json"), "{err}");
}

#[test]
fn selfplay_summarises_random_games() {
    let (code, out, err) = carc(&["selfplay", "--games", "20", "--seed", "3", "--players", "4"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 20);
    assert_eq!(v["players"], 4);
    assert!(v["turns"].as_u64().unwrap() > 20 * 60);
    assert!(v["mean_score"].as_f64().unwrap() > 0.0);
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    // Same seed, same games.
    let (_, again, _) = carc(&["selfplay", "--games", "20", "--seed", "3", "--players", "4"]);
    let w: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!((v["turns"].clone(), v["mean_score"].clone()), (w["turns"].clone(), w["mean_score"].clone()));
}

#[test]
fn sets_that_cannot_be_combined_and_unknown_sets_are_refused() {
    // BASE-RIVER-2, DEC-15: the River is not played with the mist sets.
    let (code, _, err) = carc(&["selfplay", "--sets", "base,river,ghosts"]);
    assert_ne!(code, 0);
    assert!(err.contains("\"river\" cannot be played with \"ghosts\"") && err.contains("DEC-15"), "{err}");
    let (code, _, err) = carc(&["selfplay", "--sets", "base,dragons"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown tile set"), "{err}");
    let (code, _, err) = carc(&["selfplay", "--players", "9"]);
    assert_ne!(code, 0);
    assert!(err.contains("2 to 5"), "{err}");
}

#[test]
fn perft_counts_and_bad_arguments() {
    let (code, out, err) = carc(&["perft", "--seed", "1", "--depth", "3"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["nodes"].as_u64().unwrap() > 0);
    let (code, _, err) = carc(&["perft", "--seed", "x", "--depth", "3"]);
    assert_ne!(code, 0);
    assert!(err.contains("--seed"), "{err}");
    let (code, _, err) = carc(&["frobnicate"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown command"), "{err}");
}

#[test]
fn a_corrected_tile_directory_is_used() {
    let dir = std::env::temp_dir().join(format!("carc-tiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("base.toml"), "not = [valid").unwrap();
    let (code, _, err) = carc(&["selfplay", "--games", "1", "--tiles", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("tile file base"), "{err}");
}

/// `carc replay` pins down who stands where, with their ghosts: TEST-01's position before
/// Blue's turn (the draw holds one more tile, so the game is unfinished, not scored).
#[test]
fn replay_prints_the_figures_of_an_unfinished_game() {
    let dir = std::env::temp_dir().join(format!("carc-cli-figures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("test-01.json");
    let record = serde_json::json!({
        "format": "carcassonne-record", "version": 1,
        "setup": {"players": ["Red", "Blue"], "sets": ["base"], "draw": ["base.X", "base.T"]},
        "actions": [{"tile": "base.X", "x": 1, "y": 0, "rotation": 0}, {"figure": "meeple", "at": "W"}],
    });
    std::fs::write(&file, record.to_string()).unwrap();
    let (code, out, err) = carc(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["over"], false);
    assert_eq!(v["phase"], serde_json::json!({"step": "tile", "tile": "base.T"}));
    assert_eq!(
        v["figures"],
        serde_json::json!([{"player": 0, "kind": "meeple", "x": 1, "y": 0, "at": "W", "feature": "road", "ghosts": 0}])
    );
    assert_eq!(v["scores"], serde_json::json!([0, 0]));
    std::fs::remove_dir_all(&dir).ok();
}

/// `selfplay --coop`: the team's win rate per level and computer level, as JSON.
#[test]
fn selfplay_reports_cooperative_win_rates() {
    let (code, out, err) =
        carc(&["selfplay", "--coop", "1,5", "--bots", "random,easy", "--games", "6", "--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["coop"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!((rows[0]["level"].as_u64(), rows[0]["bots"].as_str()), (Some(1), Some("random")));
    for r in rows {
        let (won, games) = (r["won"].as_u64().unwrap(), r["games"].as_u64().unwrap());
        assert_eq!(games, 6);
        assert_eq!(won + r["lost_ghosts"].as_u64().unwrap() + r["lost_pile"].as_u64().unwrap(), 6);
        assert_eq!(r["win_rate"].as_f64().unwrap(), won as f64 / 6.0);
    }
    assert_eq!(v["sets"], serde_json::json!(["ghosts"]));
    // Not on a terminal: no progress lines.
    assert_eq!(err, "");
    // The same games whatever the number of threads.
    let (_, one, _) = carc(&["selfplay", "--coop", "1,5", "--bots", "random,easy", "--games", "6", "--threads", "1"]);
    let w = serde_json::from_str::<serde_json::Value>(&one).unwrap();
    for (a, b) in rows.iter().zip(w["coop"].as_array().unwrap()) {
        assert_eq!((a["won"].clone(), a["mean_turns"].clone()), (b["won"].clone(), b["mean_turns"].clone()));
    }
}

/// On a terminal a long run shows its progress on stderr: the games done, the win rate so
/// far with its interval and the time left; the JSON on stdout is the same.
#[test]
fn a_long_run_shows_its_progress_on_a_terminal() {
    let carc = env!("CARGO_BIN_EXE_carc");
    // `script` gives the command a terminal and writes what it printed to the file.
    let log = std::env::temp_dir().join(format!("carc-progress-{}.log", std::process::id()));
    let command = format!("{carc} selfplay --coop 1 --bots medium --games 12 2>&1 >/dev/null");
    let status = Command::new("script").args(["-qec", &command, log.to_str().unwrap()]).status().unwrap();
    assert!(status.success());
    let shown = String::from_utf8_lossy(&std::fs::read(&log).unwrap()).into_owned();
    std::fs::remove_file(&log).ok();
    assert!(shown.contains("level 1, medium"), "{shown:?}");
    assert!(shown.contains("/12") && shown.contains("won ") && shown.contains("left"), "{shown:?}");
}

/// `--levels FILE` plays a corrected level table without a rebuild; a broken one is refused
/// naming the level and the field.
#[test]
fn a_level_file_is_read_at_run_time() {
    let dir = std::env::temp_dir().join(format!("carc-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let builtin = include_str!("../data/coop-levels.toml");
    // Level 1 with a goal of 1: random teams now win.
    let easy = dir.join("easy.toml");
    std::fs::write(&easy, builtin.replacen("goal = 50            # DZ-SETUP, WMB, RDS", "goal = 1", 1)).unwrap();
    let args = ["selfplay", "--coop", "1", "--games", "40"];
    let (_, before, _) = carc(&args);
    let (code, after, err) = carc(&[&args[..], &["--levels", easy.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let won = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap()["coop"][0]["won"].as_u64().unwrap();
    assert_eq!(won(&before), 0);
    assert!(won(&after) > 3, "{after}");
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, builtin.replacen("ghosts = 13", "ghosts = 0", 1)).unwrap();
    let (code, _, err) = carc(&["selfplay", "--coop", "5", "--levels", broken.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("level 5") && err.contains("ghosts"), "{err}");
    let (code, _, err) = carc(&["selfplay", "--coop", "7"]);
    assert_ne!(code, 0);
    assert!(err.contains("1 to 6"), "{err}");
    let (code, _, err) = carc(&["selfplay", "--coop", "1", "--players", "6"]);
    assert_ne!(code, 0);
    assert!(err.contains("1 to 5"), "{err}");
}

/// `arena --coop`: two teams on the same decks.
#[test]
fn arena_compares_two_cooperative_teams() {
    let (code, out, err) = carc(&["arena", "--coop", "1", "--a", "easy", "--b", "random", "--games", "6"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["coop"].as_u64(), v["games"].as_u64()), (Some(1), Some(6)));
    assert!(v["won_a"].as_u64().unwrap() >= v["won_b"].as_u64().unwrap());
}

#[test]
fn share_prints_a_records_code_and_tiles_the_catalogue() {
    let (code, out, err) = carc(&["share", &data("sample-game.json")]);
    assert_eq!(code, 0, "{err}");
    let code_text = out.trim();
    assert!(code_text.starts_with("c1."), "{code_text}");
    let record = carcassonne::share::decode(code_text, carcassonne::engine::TileSet::builtin()).unwrap();
    let sample =
        carcassonne::record::Record::parse(&std::fs::read_to_string(data("sample-game.json")).unwrap()).unwrap();
    assert_eq!(record.to_value()["actions"], sample.to_value()["actions"]);
    let (code, _, err) = carc(&["share", "/nonexistent.json"]);
    assert_ne!(code, 0);
    assert!(err.contains("nonexistent"), "{err}");

    let (code, out, err) = carc(&["tiles"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().unwrap().len(), carcassonne::engine::TileSet::builtin().tiles().len());
    assert!(!v[0]["spots"].as_array().unwrap().is_empty());
}

/// `carc replay --events` of cooperative games: every event type printed is one that
/// docs/record-format.md names, so a scenario author can read the output from the docs.
#[test]
fn cooperative_event_names_are_documented() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/record-format.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("carc-coop-events-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for (seed, level, sets) in [(3u64, 3u8, "ghosts"), (4, 5, "ghosts,spellcircles"), (5, 6, "ghosts")] {
        use carcassonne::engine::{coop::CoopOptions, Deck, Game, Options, PlayerSetup, Set, Setup, TileSet};
        let setup = Setup {
            players: vec![PlayerSetup::named("Ann"), PlayerSetup::named("Bo")],
            sets: sets.split(',').map(|s| Set::from_name(s).unwrap()).collect(),
            options: Options { coop: CoopOptions::level(level), ..Options::default() },
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut bot = carcassonne::ai::Bot::new(carcassonne::ai::Level::Easy, seed);
        while !g.is_over() {
            let a = bot.choose(&g).unwrap();
            g.apply(&a).unwrap();
        }
        let file = dir.join(format!("{seed}.json"));
        std::fs::write(&file, carcassonne::record::Record::of_game(&g).to_json()).unwrap();
        let (code, out, err) = carc(&["replay", file.to_str().unwrap(), "--events"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        for e in v["events"].as_array().unwrap() {
            seen.insert(e["type"].as_str().unwrap().to_string());
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(seen.contains("team_scored") && seen.contains("pile_opened"), "{seen:?}");
    for name in &seen {
        assert!(doc.contains(&format!("`{name}`")), "docs/record-format.md does not name the event {name} ({seen:?})");
    }
}

/// Every subcommand explains itself with `--help` (and `-h`), on stdout with status 0, and
/// starts nothing: `carc serve -h` prints its options instead of serving on port 8080.
#[test]
fn every_subcommand_has_help_and_serve_h_starts_nothing() {
    let subcommands = ["replay", "share", "tiles", "guide", "selfplay", "perft", "arena", "serve", "completions"];
    let (code, out, _) = carc(&["--help"]);
    assert_eq!(code, 0);
    for sub in subcommands {
        assert!(out.contains(&format!("  {sub} ")), "carc --help lists {sub}: {out}");
        for flag in ["--help", "-h"] {
            let started = std::time::Instant::now();
            let (code, out, err) = carc(&[sub, flag]);
            assert_eq!(code, 0, "carc {sub} {flag}: {err}");
            assert!(out.contains(&format!("Usage: carc {sub}")), "carc {sub} {flag}: {out}");
            assert!(started.elapsed().as_secs() < 10, "carc {sub} {flag} returned at once");
        }
    }
    let (_, out, _) = carc(&["serve", "--help"]);
    for option in ["--messages-per-sec", "--max-connections", "--advertise", "--lease-secs", "--trust-proxy"] {
        assert!(out.contains(option), "serve --help names {option}");
    }
    let (code, out, _) = carc(&["--version"]);
    assert_eq!((code, out.trim()), (0, concat!("carc ", env!("CARGO_PKG_VERSION"))));
    let (code, out, err) = carc(&["completions", "bash"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("complete") && out.contains("selfplay") && out.contains("--messages-per-sec"), "{out}");
}

/// Misspelt or unknown options are refused with a suggestion, stray words and repeated
/// switches refused; an option repeated with another value is not passed over in silence.
#[test]
fn misspelt_stray_and_repeated_arguments_are_refused() {
    let (code, _, err) = carc(&["selfplay", "--gmes", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("'--gmes'") && err.contains("similar argument exists: '--games'"), "{err}");
    let (code, _, err) = carc(&["selfpaly"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown command") && err.contains("'selfplay'"), "{err}");
    let (code, out, err) = carc(&["replay", &data("sample-game.json"), "extra"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("unexpected argument 'extra'"), "{err}");
    // Another value: the last is used, and carc says so (a script overriding a common flag).
    let (code, out, err) = carc(&["selfplay", "--games", "1", "--seed", "3", "--games", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("--games is given twice (1, then 2): the last is used"), "{err}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["games"], 2);
    let (code, _, err) = carc(&["replay", &data("sample-game.json"), "--events", "--events"]);
    assert_eq!(code, 2);
    assert!(err.contains("'--events' cannot be used multiple times"), "{err}");
    // The same value twice (a script adding its flags to a common set) counts once.
    let (code, out, err) = carc(&["selfplay", "--games", "2", "--seed", "3", "--games", "2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["games"], 2);
    let (code, _, err) = carc(&["selfplay", "--bots", "easy"]);
    assert_eq!(code, 2);
    assert!(err.contains("--coop"), "--bots needs --coop: {err}");
}

/// Values that would make a server refuse every message or reset every connection are
/// refused before it starts, with the range that makes sense.
#[test]
fn senseless_serve_values_are_refused_with_a_reason() {
    for (option, value, says) in [
        ("--messages-per-sec", "0", "0 is not in 1..=100000"),
        ("--max-connections", "0", "0 is not in 1..=10000000"),
        ("--connections-per-address", "0", "0 is not in 1..="),
        ("--idle-timeout-secs", "1", "1 is not in 3..="),
        ("--planners", "0", "0 is not in 1..="),
        ("--lease-secs", "0.5", "--lease-secs is from 1 to 3600"),
        ("--port", "70000", "70000"),
        ("--host", "localhost", "invalid IP address"),
    ] {
        let (code, out, err) = carc(&["serve", option, value]);
        assert_eq!(code, 2, "serve {option} {value}");
        assert!(out.is_empty(), "serve {option} {value} started nothing: {out}");
        assert!(err.contains(option) && err.contains(says), "serve {option} {value}: {err}");
    }
    let (code, out, err) = carc(&["serve", "--advertise", "ws://10.0.0.1:8080/ws"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("--advertise is for instances sharing PostgreSQL"), "{err}");
}
