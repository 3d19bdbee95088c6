//! Guided games (docs/guides.md, data/guides/*.json): every built-in guide plays through the
//! engine, each scripted action legal and in the engine's own form, and each narrated step
//! shows the state its words describe (its `expect`, checked against the public summary).
//! A broken guide is refused with a message that says what is wrong.

use carcassonne::guide::{Guide, GuideError, BUILTIN, MAX_GUIDE_BYTES};
use serde_json::{json, Value};

fn builtin(id: &str) -> Value {
    let text = BUILTIN.iter().find(|(name, _)| *name == id).unwrap().1;
    serde_json::from_str(text).unwrap()
}

fn parse(v: &Value) -> Result<Guide, GuideError> {
    Guide::parse(&v.to_string())
}

#[test]
fn every_builtin_guide_plays_and_shows_what_it_says() {
    let files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/data/guides"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(files.len(), BUILTIN.len(), "every file in data/guides is built in: {files:?}");
    for (id, text) in BUILTIN {
        let g = Guide::parse(text).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(g.id, *id);
        assert!(files.contains(&format!("{id}.json")));
        // The learner has moves to make, and the guide ends with words.
        assert!(g.actors.contains(&g.you), "{id}: the learner never moves");
        assert_eq!(g.steps.last().unwrap().at, g.actors.len(), "{id}: the last words come after the last move");
        let mut checked = 0;
        g.play(|step, _| {
            checked += step.expect.is_some() as usize;
            Ok(())
        })
        .unwrap();
        assert!(checked >= 3, "{id}: only {checked} steps say what the board shows");
    }
}

/// Every text is in English and Dutch, and every learner's move has words and a hint.
#[test]
fn every_builtin_text_is_in_every_language_and_every_learner_move_is_narrated() {
    // The page's languages (src/text's Lang::ALL, www/text.js's LANGUAGES).
    let langs: Vec<&str> = carcassonne::text::Lang::ALL.iter().map(|l| l.code()).collect();
    for (id, _) in BUILTIN {
        let g = Guide::builtin(id).unwrap();
        let both = |t: &carcassonne::guide::Texts, what: &str| {
            for lang in &langs {
                let said = t.0.get(*lang).map_or("", String::as_str);
                assert!(!said.trim().is_empty(), "{id}: {what} lacks {lang}");
                // No coordinates in the narration: squares are told in words, as the board does.
                assert!(
                    !said.contains("(0,") && !said.contains("(-"),
                    "{id}: {what} ({lang}) names a square by coordinates"
                );
            }
        };
        both(&g.title, "the title");
        assert!(langs.iter().all(|l| g.names.contains_key(*l)), "{id}: names in every language");
        for s in &g.steps {
            both(&s.say, &format!("step {}", s.at));
            if let Some(h) = &s.hint {
                both(h, &format!("the hint of step {}", s.at));
            }
            // The learner's own moves each have words of their own, so a refused move's hint fits it.
            if g.actors.get(s.at) == Some(&g.you) {
                assert!(s.hint.is_some(), "{id}: the learner's step {} has no hint", s.at);
            }
        }
        // Every move of the learner is narrated.
        for (k, &actor) in g.actors.iter().enumerate() {
            if actor == g.you {
                assert!(g.steps.iter().any(|s| s.at == k), "{id}: the learner's move {} has no words", k + 1);
            }
        }
    }
}

/// Whenever points were scored since the last narrated step, the step that tells of them
/// checks the score (`scores`, or the team's `markers`), and the last step checks the end.
#[test]
fn every_score_the_narration_tells_of_is_checked() {
    for (id, _) in BUILTIN {
        let g = Guide::builtin(id).unwrap();
        let mut last: Option<Value> = None;
        g.play(|step, game| {
            let s = carcassonne::summary::summary(game);
            let now = if s["coop"].is_object() { s["coop"]["markers"].clone() } else { s["scores"].clone() };
            if last.as_ref().is_some_and(|l| *l != now) {
                let e = step.expect.as_ref();
                let checks = e.is_some_and(|e| e.get("scores").is_some() || e.pointer("/coop/markers").is_some());
                assert!(checks, "{id}: the step before action {} follows points but does not check them", step.at + 1);
            }
            last = Some(now);
            Ok(())
        })
        .unwrap();
        let end =
            g.steps.last().unwrap().expect.as_ref().unwrap_or_else(|| panic!("{id}: the last step checks nothing"));
        assert!(end.get("over").is_some(), "{id}: the last step says whether the game is over");
    }
}

#[test]
fn an_expectation_that_does_not_hold_is_refused_with_what_differs() {
    let mut g = builtin("base");
    let last = g["steps"].as_array().unwrap().len() - 1;
    g["steps"][last]["expect"]["scores"] = json!([12, 2]);
    let e = parse(&g).unwrap_err().to_string();
    assert_eq!(e, "the step before action 13 does not show what it says: scores[1] is 1, the guide says 2");
    g["steps"][last]["expect"] = json!({"no_such_field": 1});
    assert!(parse(&g).unwrap_err().to_string().contains("no_such_field is not in the summary"));
}

#[test]
fn an_action_not_written_as_the_engine_writes_it_is_refused_with_the_right_form() {
    let mut g = builtin("base");
    // Any port of the city names it, but a guide writes the segment's first port.
    g["record"]["actions"][1] = json!({"figure": "meeple", "at": "N"});
    let e = parse(&g).unwrap_err().to_string();
    assert!(e.contains("action 2") && e.ends_with(r#"as the engine does: {"figure":"meeple","at":"Nw"}"#), "{e}");
}

#[test]
fn an_illegal_or_missing_step_is_refused_naming_the_action() {
    let mut g = builtin("base");
    g["record"]["actions"][0]["x"] = json!(5);
    let e = parse(&g).unwrap_err().to_string();
    assert!(e.starts_with("the guide's game: action 1 ("), "{e}");
    // A forced step left out: a guide writes every step.
    let mut g = builtin("ghosts");
    let actions = g["record"]["actions"].as_array_mut().unwrap();
    actions.remove(3); // Bo's only possible ghost
    g["steps"] = json!([{"at": 0, "say": {"en": "Go."}}]);
    let e = parse(&g).unwrap_err().to_string();
    assert!(e.contains("a guide writes every step"), "{e}");
}

#[test]
fn malformed_guides_are_refused_with_a_clear_message() {
    let base = builtin("base");
    let cases: Vec<(Value, &str)> = vec![
        (json!([]), "expected a JSON object"),
        (
            {
                let mut g = base.clone();
                g["format"] = json!("x");
                g
            },
            "\"format\" must be \"carcassonne-guide\"",
        ),
        (
            {
                let mut g = base.clone();
                g["version"] = json!(2);
                g
            },
            "this guide has version 2",
        ),
        (
            {
                let mut g = base.clone();
                g["surprise"] = json!(1);
                g
            },
            "unknown field \"surprise\"",
        ),
        (
            {
                let mut g = base.clone();
                g["id"] = json!("Not An Id");
                g
            },
            "\"id\" must be 1 to 40",
        ),
        (
            {
                let mut g = base.clone();
                g["you"] = json!(2);
                g
            },
            "\"you\" must be the learner's seat, 0 to 1",
        ),
        (
            {
                let mut g = base.clone();
                g["title"] = json!({"nl": "alleen"});
                g
            },
            "title needs an English text",
        ),
        (
            {
                let mut g = base.clone();
                g["names"] = json!({"en": ["One"]});
                g
            },
            "must list 2 names",
        ),
        (
            {
                let mut g = base.clone();
                g["steps"] = json!([]);
                g
            },
            "a guide has 1 to",
        ),
        (
            {
                let mut g = base.clone();
                g["steps"][0]["at"] = json!(99);
                g
            },
            "step 1: \"at\" must be an action index, 0 to 12",
        ),
        (
            {
                let mut g = base.clone();
                g["steps"][1]["at"] = json!(0);
                g
            },
            "steps come in order",
        ),
        (
            {
                let mut g = base.clone();
                g["steps"][0]["show"] = json!("here");
                g
            },
            "\"show\" is a list",
        ),
        (
            {
                let mut g = base.clone();
                g["steps"][0]["say"]["en"] = json!("x".repeat(1001));
                g
            },
            "1 to 1000 characters",
        ),
        (
            {
                let mut g = base.clone();
                g["steps"][0]["say"]["EN!"] = json!("x");
                g
            },
            "is not a language code",
        ),
        (
            {
                let mut g = base.clone();
                g["record"]["version"] = json!(9);
                g
            },
            "format version 9",
        ),
    ];
    for (g, want) in cases {
        let e = parse(&g).unwrap_err().to_string();
        assert!(e.contains(want), "{want:?} not in {e:?}");
    }
    let huge = format!("{{\"pad\": \"{}\"}}", "x".repeat(MAX_GUIDE_BYTES));
    assert!(Guide::parse(&huge).unwrap_err().to_string().contains("a guide is at most 256 KB"));
    assert!(Guide::parse("{not json").unwrap_err().to_string().starts_with("not a valid guide: not JSON"));
}

#[test]
fn a_guide_round_trips_through_its_json() {
    for (id, _) in BUILTIN {
        let g = Guide::builtin(id).unwrap();
        let v = g.to_value();
        assert_eq!(v["actors"].as_array().unwrap().len(), g.record.actions.len());
        // What the page gets reads back as the same guide.
        let mut again = v.clone();
        let obj = again.as_object_mut().unwrap();
        obj.remove("actors");
        obj.remove("sets");
        assert_eq!(parse(&again).unwrap(), g, "{id}");
    }
}

/// The example file in docs/guides.md is a guide that plays, so the document stays true.
#[test]
fn the_documented_example_is_a_guide_that_plays() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guides.md")).unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let g = Guide::parse(&doc[start..end]).unwrap_or_else(|e| panic!("docs/guides.md: {e}"));
    assert_eq!(g.id, "my-first");
    assert_eq!(g.actors, vec![0, 0, 1, 1]);
}
