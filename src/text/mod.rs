//! What the game says in words, in four languages: the log's sentences for events ("Red
//! scored a city of 5 tiles with 1 pennant: 12"), the hover card of a feature, a tile and a
//! square in words, and every refusal.
//!
//! The parts are kept apart by job. This module and [`speech`] hold what is said as data
//! (an [`Event`], a [`speech::Place`], a [`speech::CardLine`], a [`speech::FeatureRef`]);
//! `card.rs`, `tile.rs` and `errors.rs` decide what to say; each language's file (`en.rs`,
//! `nl.rs`, `de.rs`, `fr.rs`) says all of it in its own grammar, through the
//! [`speech::Speech`] trait, so that no sentence is glued from another language's pieces.
//! Counted words take their form from [`Lang::plural`] (the CLDR categories the page's
//! `Intl.PluralRules` uses), not from `n == 1`.

mod card;
mod choice;
#[cfg(speech = "de")]
mod de;
#[cfg(speech = "en")]
mod en;
mod errors;
#[cfg(test)]
mod every;
#[cfg(speech = "fr")]
mod fr;
#[cfg(speech = "nl")]
mod nl;
pub(crate) mod pack;
#[cfg(speech = "en")]
mod remote;
mod speech;
mod tile;

pub use card::{feature_name, inspection, inspection_in, ruin_card, spot_name, CardContext};
pub use choice::{choice_labels, plan_steps};
pub use errors::{play_error, play_error_on, record_error, setup_error};
#[cfg(speech = "en")]
pub use pack::set_transport;
pub use pack::{answer as pack_answer, request_from_json as pack_request_from_json, Transport};
pub use tile::{describe_tile, place_name, place_relation};

use crate::engine::{Event, Game};
use speech::{Cx, Speech};
use std::str::FromStr;

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Dutch, in the terms of the Dutch rule books (999 Games).
    Nl,
    /// German, in the terms of Hans im Glück's rule books.
    De,
    /// French, in the terms of the French rule books (Filosofia, Z-Man).
    Fr,
}

/// The plural category of a whole number (CLDR's, as `Intl.PluralRules` gives it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    /// One: 1 in English, Dutch and German; 0 and 1 in French.
    One,
    /// Many: French millions ("1 000 000 de tuiles"); a word's form is then its `Other`.
    Many,
    /// Any other number.
    Other,
}

impl Lang {
    /// Every language, in the order the page lists them.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Nl, Lang::De, Lang::Fr];

    /// Its two-letter code (BCP 47), as the page and records name it.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Nl => "nl",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The plural category of `n` in this language (CLDR: `one` is i = 1 in English, Dutch
    /// and German, i = 0 or 1 in French; `many` is French for whole millions).
    pub fn plural(self, n: i64) -> Plural {
        let n = n.unsigned_abs();
        match self {
            Lang::Fr if n <= 1 => Plural::One,
            Lang::Fr if n % 1_000_000 == 0 => Plural::Many,
            Lang::Fr => Plural::Other,
            _ if n == 1 => Plural::One,
            _ => Plural::Other,
        }
    }

    /// `one` or `other`, as `n` wants it in this language.
    pub fn pick<'a>(self, n: impl Into<i64>, one: &'a str, other: &'a str) -> &'a str {
        match self.plural(n.into()) {
            Plural::One => one,
            Plural::Many | Plural::Other => other,
        }
    }

    /// "3 tiles": the number and the word in the form it wants.
    pub fn count(self, n: impl Into<i64>, one: &str, other: &str) -> String {
        let n = n.into();
        format!("{n} {}", self.pick(n, one, other))
    }

    /// The language's sentences: this build's own, or its text pack's (`pack`).
    #[cfg(speech = "en")]
    fn speech(self) -> &'static dyn Speech {
        match self.built_in() {
            Some(s) if !pack::sent(self) => s,
            _ => remote::remote(self),
        }
    }

    /// A text pack speaks its one language, whatever it is asked.
    #[cfg(not(speech = "en"))]
    fn speech(self) -> &'static dyn Speech {
        #[cfg(speech = "nl")]
        let only = &nl::Dutch;
        #[cfg(speech = "de")]
        let only = &de::German;
        #[cfg(speech = "fr")]
        let only = &fr::French;
        let _ = self;
        only
    }

    /// The language's sentences, if this build speaks it itself (`cfg(speech)`, set by
    /// build.rs from the features).
    fn built_in(self) -> Option<&'static dyn Speech> {
        match self {
            #[cfg(speech = "en")]
            Lang::En => Some(&en::English),
            #[cfg(speech = "nl")]
            Lang::Nl => Some(&nl::Dutch),
            #[cfg(speech = "de")]
            Lang::De => Some(&de::German),
            #[cfg(speech = "fr")]
            Lang::Fr => Some(&fr::French),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::ALL.into_iter().find(|l| l.code() == s).ok_or_else(|| {
            let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            format!("unknown language {s:?} ({})", codes.join(", "))
        })
    }
}

/// One line for the log in English, squares by their coordinates; `names` are the
/// players' names in seat order.
pub fn describe(event: &Event, names: &[String]) -> String {
    describe_in(Lang::En, event, names)
}

/// One line for the log in `lang`, squares by their coordinates.
pub fn describe_in(lang: Lang, event: &Event, names: &[String]) -> String {
    lang.speech().event(event, &Cx::new(lang, names, None))
}

/// One line for the log in `lang`, with the game it happened in: squares are told by what
/// lies beside them ("Ann placed a tile east of the start tile: a straight road"), not by
/// their coordinates.
pub fn describe_on(lang: Lang, game: &Game, event: &Event, names: &[String]) -> String {
    lang.speech().event(event, &Cx::new(lang, names, Some(game)))
}

/// The page's own lines (not engine events).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Line {
    /// A player took this turn's tile back.
    TileUndone(String),
    /// A player took back a whole turn.
    TurnUndone(String),
    /// Another record was loaded.
    Loaded,
}

/// The text of a page line in `lang`.
pub fn line(lang: Lang, line: Line) -> String {
    lang.speech().line(line)
}

/// "A, B and C", with the language's last joining word.
fn join_with<S: AsRef<str>>(items: &[S], and: &str) -> String {
    match items {
        [] => String::new(),
        [a] => a.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {and} {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_categories_are_cldr_s() {
        for (lang, n, want) in [
            (Lang::En, 0, Plural::Other),
            (Lang::En, 1, Plural::One),
            (Lang::Nl, 2, Plural::Other),
            (Lang::De, 1, Plural::One),
            (Lang::De, 0, Plural::Other),
            (Lang::Fr, 0, Plural::One),
            (Lang::Fr, 1, Plural::One),
            (Lang::Fr, 2, Plural::Other),
            (Lang::Fr, 1_000_000, Plural::Many),
        ] {
            assert_eq!(lang.plural(n), want, "{lang:?} {n}");
        }
        assert_eq!(Lang::Fr.count(0, "tuile", "tuiles"), "0 tuile");
        assert_eq!(Lang::En.count(0, "tile", "tiles"), "0 tiles");
    }

    #[test]
    fn languages_are_named_by_their_codes() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
        assert_eq!("es".parse::<Lang>().unwrap_err(), "unknown language \"es\" (en, nl, de, fr)");
    }
}
