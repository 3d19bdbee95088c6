//! Why a move, a record or a setup was refused, in the page's language. Each error's own
//! `Display` is English for logs and the command line; the page's sentences are each
//! language's (its file's `play_error`, `setup_error`, `record_error`), with squares in
//! words when the game is at hand, so that a notice never shows another language's sentence
//! (a record's syntax details, meant for its author, stay English).

use super::speech::Cx;
use super::Lang;
use crate::engine::{Game, PlayError, SetupError};
use crate::record::RecordError;

/// Why an action was refused, squares by their coordinates.
pub fn play_error(lang: Lang, e: &PlayError) -> String {
    lang.speech().play_error(e, &Cx::new(lang, &[], None))
}

/// Why an action was refused in `game`: squares in words ("there is already a tile east of
/// the start tile").
pub fn play_error_on(lang: Lang, game: &Game, e: &PlayError) -> String {
    lang.speech().play_error(e, &Cx::new(lang, &[], Some(game)))
}

/// Why a game could not be set up.
pub fn setup_error(lang: Lang, e: &SetupError) -> String {
    lang.speech().setup_error(e)
}

/// Why a record (a file, a saved game, a share code) could not be read or replayed.
pub fn record_error(lang: Lang, e: &RecordError) -> String {
    lang.speech().record_error(e, &Cx::new(lang, &[], None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::Restriction;
    use crate::engine::{FeatureKind, FigureKind, Pos};
    use crate::record::ActionError;

    #[test]
    fn refusals_read_in_each_language() {
        let e = PlayError::FigureNotAllowed { figure: FigureKind::Abbot, feature: FeatureKind::City };
        assert_eq!(play_error(Lang::En, &e), "an abbot may not be placed on a city");
        assert_eq!(play_error(Lang::Nl, &e), "een abt mag niet op een stad staan");
        assert_eq!(play_error(Lang::De, &e), "ein Abt darf nicht in eine Stadt gesetzt werden");
        assert_eq!(play_error(Lang::Fr, &e), "un abbé ne peut pas être placé dans une ville");
        let e = PlayError::Forbidden(Restriction::RiverMustExtend);
        assert!(play_error(Lang::Nl, &e).starts_with("niet toegestaan: een riviertegel"));
        let e = PlayError::WrongStep { expected: "a figure placement or a pass".into() };
        assert_eq!(play_error(Lang::Nl, &e), "nu niet: het spel wacht op een figuur, of geen");
        let e = RecordError::Action {
            index: 4,
            action: String::new(),
            error: ActionError::Illegal(PlayError::Occupied(Pos::new(1, 0))),
        };
        assert_eq!(record_error(Lang::Nl, &e), "zet 5 kan niet worden gespeeld: op (1, 0) ligt al een tegel");
        assert_eq!(
            record_error(Lang::De, &e),
            "Zug 5 kann nicht gespielt werden: auf (1, 0) liegt schon ein Plättchen"
        );
        assert_eq!(setup_error(Lang::Nl, &SetupError::NoBase), "elk spel heeft de basisdoos (\"base\") nodig");
    }

    /// A step's text and an event's reason, as `lang` says them.
    fn said(lang: Lang, text: &str) -> (Option<&'static str>, Option<&'static str>) {
        use crate::text::{de::German, en::English, fr::French, nl::Dutch};
        match lang {
            Lang::En => (English.awaited(text), English.reason(text)),
            Lang::Nl => (Dutch.awaited(text), Dutch.reason(text)),
            Lang::De => (German.awaited(text), German.reason(text)),
            Lang::Fr => (French.awaited(text), French.reason(text)),
        }
    }

    /// Every step's text is said in every language. The texts are read from the `expects`
    /// functions' source (the core's and each set's), so a new step cannot be missed.
    #[test]
    fn every_awaited_step_is_said_in_every_language() {
        let sources = [
            include_str!("../engine/game.rs"),
            include_str!("../engine/ghosts.rs"),
            include_str!("../engine/spells.rs"),
            include_str!("../engine/coop/steps.rs"),
        ];
        let mut seen = 0;
        for src in sources {
            let body = &src[src.find("fn expects(self)").unwrap()..];
            let body = &body[..body.find("\n    }\n").unwrap()];
            for line in body.lines().filter(|l| l.contains('"')) {
                let text = line.split('"').nth(1).unwrap();
                for lang in Lang::ALL {
                    assert!(said(lang, text).0.is_some(), "{text:?} has no {lang:?}");
                }
                seen += 1;
            }
        }
        assert_eq!(seen, 17, "the core's 3 texts, the ghosts' 1, the circles' 2 and the co-op steps' 11");
    }

    /// The engine's reasons in events (a ghost that cannot come, a challenge that ends) are
    /// said in every language; each is checked to be the engine's own text.
    #[test]
    fn every_reason_is_said_in_every_language() {
        let ghosts = include_str!("../engine/ghosts.rs");
        let shrines = include_str!("../engine/shrines.rs");
        for (src, text) in [
            (ghosts, "no ghosts left in the supply"),
            (ghosts, "no other player has a meeple a ghost may haunt"),
            (ghosts, "the player has no meeple a ghost may haunt"),
            (shrines, "both buildings were completed at once: both score"),
            (shrines, "a participant left the board"),
        ] {
            assert!(src.contains(&format!("\"{text}\"")), "{text:?} is the engine's");
            for lang in Lang::ALL {
                assert!(said(lang, text).1.is_some(), "{text:?} has no {lang:?}");
            }
        }
        // Every reason the engine gives is one of those.
        let given = ghosts.matches("Some(\"").count()
            + ghosts.matches("=> \"no other").count()
            + ghosts.matches("=> \"the player has").count()
            + shrines.matches("reason: \"").count();
        assert_eq!(given, 5);
    }
}
