//! Rules you can trace: every rule ID of RULES.md for the sets the engine plays is cited in
//! `src/` or `tests/` (where it is implemented and tested), or listed with its reason in
//! `docs/rules-not-code.md`; and IDs are always written out in full (`TOWER-8, TOWER-9`,
//! never `TOWER-8/9`), so that `grep -rn TOWER-9` finds every place.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every rule ID RULES.md defines: `- **ID` items, the DECISION register's `| DEC-NN |` rows.
/// The cooperative game's IDs (COOP-*) belong to COOP.md, which replaces RULES.md §7.
fn rule_ids(rules: &str) -> Vec<String> {
    ids_in(rules).into_iter().filter(|id| !id.starts_with("COOP")).collect()
}

/// Every COOP-* ID COOP.md defines (rules, DECISIONs and test scenarios).
fn coop_ids(coop: &str) -> Vec<String> {
    ids_in(coop).into_iter().filter(|id| id.starts_with("COOP")).collect()
}

fn ids_in(rules: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for line in rules.lines() {
        let head = line.strip_prefix("- **").or_else(|| line.strip_prefix("| "));
        let Some(head) = head else { continue };
        let id: String = head.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        let well_formed = id.contains('-')
            && id.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && id.rsplit('-').next().is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()));
        if well_formed && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

fn files(dir: &Path, ext: &[&str], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| ext.contains(&e)) {
            out.push(path);
        }
    }
}

/// Whether `text` cites `id` as a whole ID (not `TOWER-1` inside `TOWER-10`, not `CAT-1`
/// inside `COOP-CAT-1`).
fn cites(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + id.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// `PREFIX-N/M` and `PREFIX-N…M` forms: several IDs written as one.
fn ranges(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices('-') {
        let prefix_ok = i > 0 && bytes[i - 1].is_ascii_uppercase();
        let digits = text[i + 1..].chars().take_while(|c| c.is_ascii_digit()).count();
        if !prefix_ok || digits == 0 {
            continue;
        }
        let rest = &text[i + 1 + digits..];
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_lowercase());
        if rest.starts_with('/') && rest[1..].starts_with(|c: char| c.is_ascii_digit())
            || rest.starts_with('…') && rest['…'.len_utf8()..].starts_with(|c: char| c.is_ascii_digit())
        {
            let start = text[..i].rfind(|c: char| !(c.is_ascii_uppercase() || c == '-')).map_or(0, |s| s + 1);
            let tail: String = rest.chars().take(4).collect();
            found.push(format!("{}{tail}", &text[start..i + 1 + digits]));
        }
    }
    found
}

/// Everything that may cite a rule ID: `src/`, `tests/` and docs/rules-not-code.md.
fn cited_text() -> String {
    let mut paths = Vec::new();
    files(&root().join("src"), &["rs"], &mut paths);
    files(&root().join("tests"), &["rs", "mjs"], &mut paths);
    let mut text: String = paths.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    text += &std::fs::read_to_string(root().join("docs/rules-not-code.md")).unwrap();
    text
}

#[test]
fn every_rule_id_is_implemented_tested_or_explained() {
    let rules = root().join("../shared/rules/RULES.md");
    if !rules.is_file() {
        // A user's clone has no ../shared; CI always has it beside the clone.
        assert!(std::env::var_os("CI").is_none(), "CI must have ../shared/rules beside the clone");
        eprintln!("note: ../shared/rules/RULES.md not found; the rule-ID check runs in CI");
        return;
    }
    let ids = rule_ids(&std::fs::read_to_string(rules).unwrap());
    assert!(ids.len() > 250, "RULES.md read: {} IDs", ids.len());
    let text = cited_text();
    let missing: Vec<&String> = ids.iter().filter(|id| !cites(&text, id)).collect();
    assert!(
        missing.is_empty(),
        "rule IDs neither cited in src/ or tests/ nor listed in docs/rules-not-code.md: {missing:?}"
    );
}

/// The same for the cooperative game: every COOP-* ID of COOP.md, rules, DECISIONs and the
/// COOP-TEST scenarios, is cited in `src/` or `tests/` or explained.
#[test]
fn every_coop_rule_id_is_implemented_tested_or_explained() {
    let coop = root().join("../shared/rules/COOP.md");
    if !coop.is_file() {
        assert!(std::env::var_os("CI").is_none(), "CI must have ../shared/rules beside the clone");
        return;
    }
    let ids = coop_ids(&std::fs::read_to_string(coop).unwrap());
    assert!(ids.len() > 150, "COOP.md read: {} IDs", ids.len());
    assert!(ids.iter().filter(|id| id.starts_with("COOP-TEST-")).count() >= 47);
    let text = cited_text();
    let missing: Vec<&String> = ids.iter().filter(|id| !cites(&text, id)).collect();
    assert!(missing.is_empty(), "COOP IDs neither cited nor listed in docs/rules-not-code.md: {missing:?}");
}

#[test]
fn rule_ids_are_written_out_in_full() {
    let mut paths = Vec::new();
    files(&root().join("src"), &["rs"], &mut paths);
    files(&root().join("tests"), &["rs", "mjs"], &mut paths);
    files(&root().join("docs"), &["md"], &mut paths);
    for p in paths {
        if p.ends_with("rule_ids.rs") {
            continue;
        }
        let found = ranges(&std::fs::read_to_string(&p).unwrap());
        assert!(found.is_empty(), "{}: write each rule ID in full, not {found:?}", p.display());
    }
}

#[test]
fn the_checks_themselves_work() {
    assert_eq!(rule_ids("- **TOWER-9** x\n| DEC-05 | y |\n- **COOP-1a** z\n| a | b |"), ["TOWER-9", "DEC-05"]);
    assert_eq!(coop_ids("- **COOP-1a** z\n| COOP-DEC-05 | y |\n- **TOWER-9** x"), ["COOP-1a", "COOP-DEC-05"]);
    assert!(cites("see TOWER-9.", "TOWER-9") && !cites("TOWER-90", "TOWER-9"));
    assert!(!cites("COOP-CAT-1", "CAT-1") && cites("(CAT-1)", "CAT-1"));
    assert_eq!(ranges("as TOWER-8/9 says").len(), 1);
    assert_eq!(ranges("TEST-01…16").len(), 1);
    assert!(ranges("TOWER-8, TOWER-9 and 3/4 of a square").is_empty());
}

/// The pipeline table of `docs/ARCHITECTURE.md` is the one that heads `src/engine/flow.rs`.
#[test]
fn the_architecture_document_shows_the_pipeline_of_flow_rs() {
    let flow = std::fs::read_to_string(root().join("src/engine/flow.rs")).unwrap();
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let rows: Vec<&str> = flow.lines().filter_map(|l| l.strip_prefix("//! |")).collect();
    assert!(rows.len() >= 12, "the table in flow.rs");
    for row in rows {
        assert!(doc.lines().any(|l| l.strip_prefix('|') == Some(row)), "ARCHITECTURE.md lacks the row |{row}");
    }
}
