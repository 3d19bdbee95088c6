//! The invariants docs/ARCHITECTURE.md states, checked on the source: a line there that
//! says "Invariant:" is kept true here.

use std::path::{Path, PathBuf};

fn sources(dir: &str) -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut out);
    assert!(!out.is_empty(), "{dir} has sources");
    out
}

/// Invariant: the engine imports nothing outside `engine/` (no web, no notation, no AI).
#[test]
fn the_engine_imports_nothing_outside_itself() {
    for (path, text) in sources("src/engine") {
        for (i, line) in text.lines().enumerate() {
            let outside = line.match_indices("crate::").any(|(at, _)| !line[at..].starts_with("crate::engine"));
            assert!(!outside, "{}:{}: {line}", path.display(), i + 1);
        }
    }
}

/// Invariant: only `engine/choice.rs` names a set's choice functions; the core reaches
/// them through `SetStep`.
#[test]
fn only_choice_rs_names_a_sets_choice_functions() {
    let named = ["actions(", "check(", "apply(", "canonical("];
    for (path, text) in sources("src") {
        if path.ends_with("engine/choice.rs") {
            continue;
        }
        for set in ["ghosts::", "spells::", "coop::"] {
            for f in named {
                let call = format!("{set}{f}");
                assert!(!text.contains(&call), "{} calls {call}", path.display());
            }
        }
    }
}

/// Invariant: the online server's store knows no game: it keeps text (rooms, setups,
/// actions, chat) and leases, and imports nothing of the engine, the notation or the AI.
#[test]
fn the_store_knows_no_game() {
    for (path, text) in sources("src/server/store") {
        for module in ["crate::engine", "crate::record", "crate::ai", "crate::share"] {
            assert!(!text.contains(module), "{} uses {module}", path.display());
        }
    }
}

/// Invariant: no set's move is taken apart in the user interface or the fuzzing: they ask
/// the engine (`Action::spot`, `square`, `ghost_spot`, `new_figure`, `SetStep::takes`,
/// `SetStep::describe`, `Game::figure_square`, `Game::may_pass`).
#[test]
fn the_interface_takes_no_sets_move_apart() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = ["src/fuzzing.rs", "src/summary.rs", "src/record/replay.rs"]
        .map(|f| (root.join(f), std::fs::read_to_string(root.join(f)).unwrap()));
    for (path, text) in sources("src/web").into_iter().chain(sources("src/ui")).chain(files) {
        for pattern in [
            "ghosts::Move",
            "spells::Move",
            "coop::Move",
            "Move as CoopMove",
            "SetMove::Ghosts",
            "SetMove::Spells",
            "SetMove::Coop",
            "spells::Step::",
            "ghosts::Step",
        ] {
            assert!(!text.contains(pattern), "{} spells out {pattern}", path.display());
        }
    }
}

/// Every "Invariant:" line of docs/ARCHITECTURE.md has its test in this file.
#[test]
fn every_stated_invariant_is_tested() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ARCHITECTURE.md")).unwrap();
    let this = include_str!("invariants.rs");
    let stated: Vec<&str> =
        doc.lines().filter_map(|l| l.trim_start_matches("- ").strip_prefix("Invariant: ")).collect();
    assert!(stated.len() >= 4, "{stated:?}");
    for s in stated {
        let key: String = s.chars().take(30).collect();
        assert!(this.contains(&format!("/// Invariant: {key}")), "no test for the invariant {s:?}");
    }
}

/// Invariant: the page's hosts route no move and restate no button's rule: `www/app.js`
/// and `www/carcassonne-game.js` ask the `Table` (`act`, `pass`, `buttons`).
#[test]
fn the_pages_hosts_route_no_move() {
    for file in ["www/app.js", "www/carcassonne-game.js"] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
        // A guide's offer, a room's act, a game's apply of a move, or a step named to say
        // whether it may pass: each is the Table's (controller.js) or the engine's.
        for pattern in ["offer(", "online.act(", "online?.act(", ".apply(", "passes", "\"figure\" ||", "\"removal\""] {
            assert!(!text.contains(pattern), "{file} has {pattern:?}");
        }
    }
}
