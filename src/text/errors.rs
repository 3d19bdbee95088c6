//! Why a move, a record or a setup was refused, in the page's language. English is each
//! error's own `Display`; Dutch is written here, so that a Dutch notice never shows an
//! English sentence (a record's syntax details, meant for its author, stay English).

use super::nl::{building, figure_name};
use super::Lang;
use crate::engine::moves::Restriction;
use crate::engine::{FeatureKind, PlayError, SetupError};
use crate::record::{ActionError, RecordError};

/// Why an action was refused.
pub fn play_error(lang: Lang, e: &PlayError) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        PlayError::GameOver => "het spel is afgelopen".into(),
        PlayError::WrongStep { expected } => format!("nu niet: het spel wacht op {}", awaited(expected)),
        PlayError::NotNow(expected) => format!("geen antwoord op deze stap: het spel wacht op {}", awaited(expected)),
        PlayError::WrongTile { drawn, given } => format!("de getrokken tegel is {drawn}, niet {given}"),
        PlayError::Occupied(p) => format!("op vak {p} ligt al een tegel"),
        PlayError::NotAdjacent(p) => format!("vak {p} raakt geen gelegde tegel"),
        PlayError::EdgeMismatch { pos, rot } => {
            format!("de tegel, {} keer gedraaid, past niet bij de buren op {pos}", rot.quarters())
        }
        PlayError::Forbidden(why) => format!("niet toegestaan: {}", restriction(why)),
        PlayError::NoSuchSpot(s) => format!("de tegel heeft bij {s} geen plek voor een figuur"),
        PlayError::FeatureOccupied(k) => {
            let (noun, het) = building(*k);
            format!("op {} {noun} staat al een figuur", if het { "dat" } else { "die" })
        }
        PlayError::FigureNotAllowed { figure, feature } => {
            format!("een {} mag niet op een {} staan", figure_name(*figure), noun(*feature))
        }
        PlayError::NoneInSupply(k) => format!("er is geen {} meer in de voorraad", figure_name(*k)),
        PlayError::NoAbbotThere(p) => format!("je hebt geen abt op {p}"),
        PlayError::AbbotsBuildingComplete(p) => format!(
            "de abt op {p} kan niet worden teruggenomen: zijn gebouw is af en telt deze beurt (BASE-ABBOT-4)"
        ),
        PlayError::NotACircleTarget(p) => format!(
            "geen figuur op {p} mag deze toverkring een spook geven (ze trekt er een van een figuur met een spook op de 8 vakken rond de gelegde tegel)"
        ),
        PlayError::NotACatTarget(p) => format!("op {p} staat geen figuur waar Eloïse naast kan zitten"),
        PlayError::NotAGhostTarget(p) => format!(
            "geen meeple op {p} mag dit spook krijgen (wie de mist uitbreidt, spookt bij een meeple van een ander; wie haar begrenst, bij een eigen; nooit bij een bewakingsmeeple)"
        ),
    }
}

/// A rule beyond edge matching, in Dutch.
fn restriction(r: &Restriction) -> String {
    match r {
        Restriction::NoFarmers => "in dit spel doen boeren niet mee".into(),
        Restriction::BordersTwo { building, other } => {
            format!("een {} mag aan niet meer dan één {} grenzen", noun(*building), noun(*other))
        }
        Restriction::MakesBorderTwo { building: placed, other, at } => {
            let (neighbour, het) = building(*other);
            format!(
                "{} {neighbour} op {at} grenst al aan een {}; {} mag niet aan twee grenzen",
                if het { "het" } else { "de" },
                noun(*placed),
                if het { "het" } else { "ze" }
            )
        }
        Restriction::RiverMustExtend => {
            "een riviertegel moet de rivier voortzetten vanaf haar open einde (BASE-RIVER-1)".into()
        }
        Restriction::RiverUTurn => {
            "de rivier mag niet op twee tegels na elkaar dezelfde kant op buigen: dat is een U-bocht (BASE-RIVER-1)"
                .into()
        }
    }
}

/// A feature's noun in Dutch.
fn noun(kind: FeatureKind) -> &'static str {
    building(kind).0
}

/// What a step waits for (the engine's `expects()` texts), in Dutch.
fn awaited(expected: &str) -> &'static str {
    match expected {
        "a tile placement" => "het leggen van een tegel",
        "a ghost placement (choose a meeple to haunt)" => "een spook (kies een meeple om bij te spoken)",
        "a spell circle to attract a ghost (choose a meeple beside the tile)" => {
            "een toverkring die een spook aantrekt (kies een meeple naast de tegel)"
        }
        "Eloïse to be placed next to a meeple" => "Eloïse, naast een meeple",
        "a figure placement or a pass" => "een figuur, of geen",
        "nothing (the game is over)" => "niets (het spel is afgelopen)",
        "a meeple to bury on the closed cemetery" => "een meeple om te begraven op het gesloten kerkhof",
        "the extending mist region that places one ghost fewer" => {
            "het mistgebied dat groeit en één spook minder krijgt"
        }
        "a ghost around the tile for its spell circle" => "een spook rond de tegel voor haar toverkring",
        "the open cemetery that receives a ghost" => "het open kerkhof dat een spook krijgt",
        "the mist region that receives the ghost" => "het mistgebied dat het spook krijgt",
        "a meeple for Eloïse" => "een meeple voor Eloïse",
        "a meeple on the tile, or none" => "een meeple op de tegel, of geen",
        "a completed feature to score, or to give up for removing ghosts" => {
            "een voltooid gebied om te tellen, of om op te geven voor het verjagen van spoken"
        }
        "a meeple for the hound" => "een meeple voor de hond",
        "a square around the hound to remove ghosts from, or none" => {
            "een vak rond de hond om spoken van te verjagen, of geen"
        }
        "a square for the face-down tile" => "een vak voor de omgekeerde tegel",
        _ => "een andere zet",
    }
}

/// Why a game could not be set up.
pub fn setup_error(lang: Lang, e: &SetupError) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        SetupError::PlayerCount(n) => format!(
            "een spel heeft 2 tot 5 spelers nodig, niet {n} (het coöperatieve spel, of een puzzel met een vaste trekstapel: 1 tot 5)"
        ),
        SetupError::NameTooLong { seat, chars } => format!(
            "de naam van speler {} is {chars} tekens lang; een naam heeft er hoogstens {}",
            seat + 1,
            crate::engine::setup::MAX_NAME
        ),
        SetupError::BadColor { seat, .. } => {
            format!("de kleur van speler {} is geen kleur als \"#d9342b\" (# en 3 of 6 hexadecimale cijfers)", seat + 1)
        }
        SetupError::SeatColours { seat, .. } => {
            format!("de kleuren van speler {} passen niet bij het coöperatieve spel", seat + 1)
        }
        SetupError::DrawTooLong(n) => format!("de trekstapel noemt {n} tegels: te veel voor een spel"),
        SetupError::UnknownSet(s) => format!("onbekende uitbreiding {s:?}"),
        SetupError::NoBase => "elk spel heeft de basisdoos (\"base\") nodig".into(),
        SetupError::DuplicateSet(s) => format!("de uitbreiding \"{s}\" staat er twee keer"),
        SetupError::UnknownTile(t) => format!("de trekstapel noemt tegel {t:?}, die niet in de gekozen dozen zit"),
        SetupError::OptionalTile(t) => format!(
            "de trekstapel noemt tegel {t:?}, die alleen sommige drukken hebben: zet de optie \"optional_tiles\" aan"
        ),
        SetupError::TooManyCopies { tile, available } => {
            format!("de trekstapel heeft meer exemplaren van {tile} dan de {available} in de dozen")
        }
        SetupError::NoStartTile => "de tegels van deze dozen hebben geen starttegel".into(),
        SetupError::Requires { set, needs } => format!("de uitbreiding \"{set}\" wordt gespeeld met \"{needs}\": voeg die toe"),
        SetupError::Excludes { set, other, .. } => {
            format!("de uitbreiding \"{set}\" kan niet samen met \"{other}\" worden gespeeld")
        }
        SetupError::DrawOrder(_) => "de volgorde van de trekstapel breekt een regel".into(),
        SetupError::NotAvailable(what) => format!("{what} is in deze versie nog niet beschikbaar"),
        SetupError::Coop(_) => "deze opzet van het coöperatieve spel is volgens de regels niet mogelijk".into(),
    }
}

/// Why a record (a file, a saved game, a share code) could not be read or replayed.
pub fn record_error(lang: Lang, e: &RecordError) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        RecordError::Malformed(m) if m.starts_with("the share code") => "de deelcode is beschadigd".into(),
        RecordError::Malformed(_) => "dit is geen geldig spelverslag: het is beschadigd of van een andere soort".into(),
        RecordError::Version(m) if m.contains("newer") => {
            "dit is gemaakt door een nieuwere versie van het spel; deze versie kan het niet lezen".into()
        }
        RecordError::Version(_) => "deze versie van het formaat bestaat niet".into(),
        RecordError::Setup(s) => format!("de opzet van het verslag is niet speelbaar: {}", setup_error(lang, s)),
        RecordError::Action { index, error: ActionError::Illegal(why), .. } => {
            format!("zet {} kan niet worden gespeeld: {}", index + 1, play_error(lang, why))
        }
        RecordError::Action { index, .. } => format!("zet {} is onleesbaar", index + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FigureKind, Pos};

    #[test]
    fn refusals_read_in_dutch_and_english_as_before() {
        let e = PlayError::FigureNotAllowed { figure: FigureKind::Abbot, feature: FeatureKind::City };
        assert_eq!(play_error(Lang::En, &e), e.to_string());
        assert_eq!(play_error(Lang::Nl, &e), "een abt mag niet op een stad staan");
        let e = PlayError::Forbidden(Restriction::RiverMustExtend);
        assert!(play_error(Lang::Nl, &e).starts_with("niet toegestaan: een riviertegel"));
        let e = PlayError::WrongStep { expected: "a figure placement or a pass" };
        assert_eq!(play_error(Lang::Nl, &e), "nu niet: het spel wacht op een figuur, of geen");
        let e = RecordError::Action {
            index: 4,
            action: String::new(),
            error: ActionError::Illegal(PlayError::Occupied(Pos::new(1, 0))),
        };
        assert_eq!(record_error(Lang::Nl, &e), "zet 5 kan niet worden gespeeld: op vak (1, 0) ligt al een tegel");
        assert_eq!(setup_error(Lang::Nl, &SetupError::NoBase), "elk spel heeft de basisdoos (\"base\") nodig");
    }

    /// Every step's text has its Dutch: none falls back to "een andere zet". The texts
    /// are read from the `expects` functions' source (the core's and each set's), so a new
    /// step cannot be missed.
    #[test]
    fn every_awaited_step_has_its_dutch() {
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
                assert_ne!(awaited(text), "een andere zet", "{text:?} has no Dutch");
                seen += 1;
            }
        }
        assert_eq!(seen, 17, "the core's 3 texts, the ghosts' 1, the circles' 2 and the co-op steps' 11");
    }
}
