//! A study's notes (issue 37, docs/record-format.md "Notes"): the hand-written study of the
//! docs reads back note for note and still replays; hostile notes are refused with a reason
//! that names the note, and nothing is read.

use carcassonne::engine::{Pos, TileSet};
use carcassonne::record::notes::{MAX_COORDINATE, MAX_MARKS, MAX_NOTES, MAX_TEXT_CHARS};
use carcassonne::record::{Record, RecordAction};
use serde_json::{json, Value};

fn study() -> Value {
    serde_json::from_str(include_str!("data/study.json")).expect("the study is JSON")
}

#[test]
fn the_hand_written_study_reads_back_and_replays() {
    let r = Record::parse(include_str!("data/study.json")).expect("the docs' study reads");
    assert_eq!(r.notes.len(), 3);
    let first = &r.notes[0];
    assert_eq!(first.at, 0);
    assert_eq!(first.text.len(), 2);
    assert_eq!(first.text[0].0, "en");
    assert!(first.text[1].1.starts_with("Rood legt"));
    assert_eq!(first.arrows, vec![(Pos::new(0, 0), Pos::new(1, 0))]);
    assert_eq!(first.squares, vec![Pos::new(1, 0)]);
    assert!(matches!(first.suggest, Some(RecordAction::Tile { x: 1, y: 0, .. })));
    // A bare string is English.
    assert_eq!(r.notes[2].text, vec![("en".to_string(), "The draw is exhausted: the game ends 3 to 0.".to_string())]);
    // The notes change nothing in the game.
    let (game, _) = r.replay(TileSet::builtin()).expect("it replays");
    assert_eq!(game.scores(), vec![3, 0]);
    // Written and read again: the same notes, in the same order.
    let again = Record::parse(&r.to_json()).expect("written back");
    assert_eq!(again, r);
    assert_eq!(Record::parse(&r.to_value().to_string()).expect("as a value"), r);
}

#[test]
fn notes_are_sorted_by_their_position() {
    let mut v = study();
    v["notes"].as_array_mut().unwrap().reverse();
    let r = Record::from_value(v).expect("reads");
    assert_eq!(r.notes.iter().map(|n| n.at).collect::<Vec<_>>(), vec![0, 2, 4]);
}

/// The study with its notes replaced by `notes`: the error's text, which must name why.
fn refused(notes: Value) -> String {
    let mut v = study();
    v["notes"] = notes;
    Record::from_value(v).expect_err("refused").to_string()
}

#[test]
fn hostile_notes_are_refused_with_the_reason() {
    let far = MAX_COORDINATE + 1;
    let cases: Vec<(Value, &str)> = vec![
        (json!("notes"), "must be a list"),
        (json!([{"at": 5, "text": "after the end"}]), "the record has 4 actions"),
        (json!([{"at": -1, "text": "before the start"}]), "\"at\" must be a whole number"),
        (json!([{"at": 0}]), "a note says something"),
        (json!([{"at": 0, "text": "x", "colour": "red"}]), "unknown field \"colour\""),
        (json!([{"at": 0, "text": {"english": "x"}}]), "not a language"),
        (json!([{"at": 0, "text": {"en": 3}}]), "must be a string"),
        (json!([{"at": 0, "text": "x".repeat(MAX_TEXT_CHARS + 1)}]), "at most 2000"),
        (json!([{"at": 0, "squares": [[far, 0]]}]), "from -256 to 256"),
        (json!([{"at": 0, "squares": [[0.5, 0]]}]), "whole numbers"),
        (json!([{"at": 0, "arrows": [[[0, 0], [0, 1], [0, 2]]]}]), "an arrow is"),
        (json!([{"at": 0, "arrows": vec![json!([[0, 0], [0, 1]]); MAX_MARKS + 1]}]), "at most 32"),
        (json!([{"at": 0, "suggest": {"tile": "base.X"}}]), "\"suggest\""),
    ];
    for (notes, why) in cases {
        let e = refused(notes.clone());
        assert!(e.contains(why), "{notes}: {e}");
        if notes.is_array() {
            assert!(e.contains("note 1"), "the note is named: {e}");
        }
    }
    let many: Vec<Value> = (0..=MAX_NOTES).map(|_| json!({"at": 0, "text": "x"})).collect();
    assert!(refused(json!(many)).contains("at most 500"));
    // Nine languages are too many; eight are not.
    let langs = ["en", "nl", "de", "fr", "it", "es", "pt", "da", "sv"];
    let text = |n: usize| Value::Object(langs[..n].iter().map(|l| (l.to_string(), json!("x"))).collect());
    assert!(refused(json!([{"at": 0, "text": text(9)}])).contains("at most 8 languages"));
    let mut v = study();
    v["notes"] = json!([{"at": 0, "text": text(8)}, {"at": 4, "text": {"de-CH": "Grüezi", "es-419": "hola"}}]);
    assert!(Record::from_value(v).is_ok());
}
