//! De logregels in het Nederlands, met de termen van de Nederlandse spelregels (spoken,
//! spookslotten, kerkhoven, bewakingsmeeples, spreukencirkels, wachttorens, ketters en
//! cultusplaatsen).

use super::{join_with, plural};
use crate::engine::tiles::Tower;
use crate::engine::{Event, FeatureKind, FigureKind, GhostCase, Scoring};

fn role(figure: FigureKind, feature: FeatureKind) -> &'static str {
    match (figure, feature) {
        (FigureKind::Abbot, _) => "de abt",
        (FigureKind::Guard, FeatureKind::Field) => "een bewakingsmeeple als boer",
        (FigureKind::Guard, _) => "een bewakingsmeeple",
        (_, FeatureKind::Road) => "een struikrover",
        (_, FeatureKind::City) => "een ridder",
        (_, FeatureKind::Field) => "een boer",
        (_, FeatureKind::Monastery) => "een monnik",
        (_, FeatureKind::Shrine) => "een ketter",
        _ => "een meeple",
    }
}

fn place(feature: FeatureKind) -> &'static str {
    match feature {
        FeatureKind::Road => "op een weg",
        FeatureKind::City => "in een stad",
        FeatureKind::Field => "in een weide",
        FeatureKind::Monastery => "in een klooster",
        FeatureKind::Shrine => "in een cultusplaats",
        FeatureKind::Castle => "in een spookslot",
        FeatureKind::Cemetery => "op een kerkhof",
        FeatureKind::Garden => "in een tuin",
        FeatureKind::River | FeatureKind::Mist => "op het bord",
    }
}

/// A building's noun and whether it is a het-word (which changes the adjective).
pub(super) fn building(feature: FeatureKind) -> (&'static str, bool) {
    match feature {
        FeatureKind::Monastery => ("klooster", true),
        FeatureKind::Shrine => ("cultusplaats", false),
        FeatureKind::Castle => ("spookslot", true),
        FeatureKind::Cemetery => ("kerkhof", true),
        FeatureKind::Garden => ("tuin", false),
        FeatureKind::Road => ("weg", false),
        FeatureKind::City => ("stad", false),
        FeatureKind::Field => ("weide", false),
        FeatureKind::River => ("rivier", false),
        FeatureKind::Mist => ("mist", false),
    }
}

pub(super) fn figure_name(figure: FigureKind) -> &'static str {
    match figure {
        FigureKind::Meeple => "meeple",
        FigureKind::Guard => "bewakingsmeeple",
        FigureKind::Abbot => "abt",
    }
}

/// A colour of the cooperative game in Dutch (inflected, before "meeple").
pub(super) fn kleur(colour: u8) -> &'static str {
    ["rode", "groene", "blauwe", "gele", "zwarte", "roze"].get(colour as usize).copied().unwrap_or("?")
}

/// Rufus or Ronja.
fn hond(hound: u8) -> &'static str {
    if hound == 0 {
        "Rufus"
    } else {
        "Ronja"
    }
}

fn spoken(n: impl Into<i64>) -> String {
    plural(n, "spook", "spoken")
}

/// What was scored, e.g. "een stad van 5 tegels met 1 wimpel".
fn scored_feature(s: &Scoring) -> String {
    let (noun, het) = building(s.feature);
    // "een onafgemaakte stad", "een onafgemaakt klooster".
    let a = if s.complete {
        format!("een {noun}")
    } else {
        format!("een onafgemaakt{} {noun}", if het { "" } else { "e" })
    };
    match s.feature {
        FeatureKind::City => {
            let p = if s.pennants > 0 {
                format!(" met {}", plural(s.pennants, "wimpel", "wimpels"))
            } else {
                String::new()
            };
            format!("{a} van {}{p}", plural(s.tiles, "tegel", "tegels"))
        }
        FeatureKind::Road => format!("{a} van {}", plural(s.tiles, "tegel", "tegels")),
        FeatureKind::Field if s.cities == 0 => "een weide naast geen voltooide stad".to_string(),
        FeatureKind::Field => format!("een weide naast {}", plural(s.cities, "voltooide stad", "voltooide steden")),
        FeatureKind::Castle => format!("{a} met {}", plural(s.tiles, "mistige tegel", "mistige tegels")),
        k if k.is_building() && s.complete => format!("een voltooid{} {noun}", if het { "" } else { "e" }),
        _ => format!("{a} met {}", plural(s.tiles.saturating_sub(1), "buurtegel", "buurtegels")),
    }
}

/// The engine's reasons (written in English) in Dutch; an unknown one stays as it is.
fn reason(text: &str) -> &str {
    match text {
        "no ghosts left in the supply" => "er zijn geen spoken meer in de voorraad",
        "no other player has a meeple a ghost may haunt" => {
            "geen andere speler heeft een meeple waar een spook bij mag komen"
        }
        "the player has no meeple a ghost may haunt" => "de speler heeft geen meeple waar een spook bij mag komen",
        "both buildings were completed at once: both score" => "beide gebouwen werden tegelijk voltooid: beide scoren",
        "a participant left the board" => "een deelnemer verliet het bord",
        other => other,
    }
}

/// One log line in Dutch; `names` are the players' names in seat order.
pub fn describe(event: &Event, names: &[String]) -> String {
    let name = |p: usize| names.get(p).map(String::as_str).unwrap_or("?");
    let join = |ns: &[&str]| join_with(ns, "en");
    match event {
        Event::TileDrawn { player, tiles_left, .. } => {
            format!("{} trok een tegel (nog {})", name(*player), plural(*tiles_left, "tegel", "tegels"))
        }
        Event::TileDiscarded { tile, .. } => {
            format!("{tile} past nergens en gaat uit het spel; er wordt een andere tegel getrokken")
        }
        Event::TilePlaced { player, x, y, .. } => format!("{} legde een tegel op ({x}, {y})", name(*player)),
        Event::FigurePlaced { player, figure, feature, .. } => {
            format!("{} zette {} {}", name(*player), role(*figure, *feature), place(*feature))
        }
        Event::Passed { player } => format!("{} zette geen meeple", name(*player)),
        Event::AbbotRetrieved { player, .. } => format!("{} nam de abt terug", name(*player)),
        Event::Scored(s) => {
            let winners: Vec<&str> = s.shares.iter().filter(|sh| sh.points > 0).map(|sh| name(sh.player)).collect();
            let what = scored_feature(s);
            let prefix = if s.complete { "" } else { "Eindtelling: " };
            let holders: Vec<&str> = s.shares.iter().map(|sh| name(sh.player)).collect();
            match winners.as_slice() {
                [] => {
                    let had = if holders.len() == 1 { "had" } else { "hadden" };
                    format!("{prefix}{} {had} {what}: geen punten", join(&holders))
                }
                [one] => {
                    let sh = s.shares.iter().find(|sh| sh.points > 0).expect("a winner");
                    let ghosts = if sh.points != s.value && sh.ghosts > 0 {
                        format!(" ({} − {} voor {})", s.value, s.value - sh.points, spoken(sh.ghosts))
                    } else {
                        String::new()
                    };
                    format!("{prefix}{one} scoorde {what}: {}{ghosts}", sh.points)
                }
                many => {
                    let pts = s.shares.iter().find(|sh| sh.points > 0).map(|sh| sh.points).unwrap_or(0);
                    format!("{prefix}{} scoorden {what}: elk {pts}", join(many))
                }
            }
        }
        Event::GhostPlaced { player, owner, case, ghosts, .. } => {
            let why = match case {
                GhostCase::Extend => "breidde de mist uit",
                GhostCase::Limit => "begrensde de mist",
            };
            let whose =
                if owner == player { "de eigen meeple".to_string() } else { format!("de meeple van {}", name(*owner)) };
            format!("{} {why}: een spook gaat bij {whose} staan ({})", name(*player), spoken(*ghosts))
        }
        Event::GhostSkipped { reason: why, case, .. } => {
            let what = match case {
                GhostCase::Extend => "uitbreiden",
                GhostCase::Limit => "begrenzen",
            };
            format!("Geen spook voor het {what} van de mist: {}", reason(why))
        }
        Event::FigureScared { player, figure, .. } => {
            format!("Een derde spook joeg de {} van {} weg (geen punten)", figure_name(*figure), name(*player))
        }
        Event::GuardRewarded { player, reserve_left } => {
            format!("{} krijgt een bewakingsmeeple uit de reserve (daar nog {reserve_left})", name(*player))
        }
        Event::GuardReserveEmpty { player } => {
            format!("De reserve bewakingsmeeples van {} is leeg: geen beloning", name(*player))
        }
        Event::GhostPenalty { player, ghosts, points } => {
            format!("Eindtelling: {} verliest {} voor {}", name(*player), -points, spoken(*ghosts))
        }
        Event::TowerScored { player, tower, count, points, .. } => {
            let what = match tower {
                Tower::Meeple => plural(*count, "meeple", "meeples"),
                Tower::Arms => plural(*count, "wapenschild", "wapenschilden"),
                Tower::Road => plural(*count, "tegel met een weg", "tegels met een weg"),
                Tower::Monastery => plural(*count, "klooster", "kloosters"),
                Tower::City => plural(*count, "tegel met een stad", "tegels met een stad"),
            };
            format!("De wachttoren van {} telt {what}: {points}", name(*player))
        }
        Event::ChallengeStarted { heretic, monk, .. } => format!(
            "Uitdaging! De ketter van {} tegen de monnik van {}: het eerst voltooide gebouw wint",
            name(*heretic),
            name(*monk)
        ),
        Event::ChallengeWon { winner, loser, building: b, bonus } => {
            let (noun, het) = building(*b);
            let extra = if *bonus > 0 { format!(" en krijgt {bonus} voor het andere gebouw") } else { String::new() };
            let the = if het { "het" } else { "de" };
            format!("{} wint de uitdaging met {the} {noun}{extra}; {} krijgt niets", name(*winner), name(*loser))
        }
        Event::ChallengeEnded { reason: why } => format!("De uitdaging eindigt: {}", reason(why)),
        Event::CircleGhostsReleased { count, .. } => {
            let leave = if *count == 1 { "verlaat" } else { "verlaten" };
            format!("De mistbank is voltooid: {} {leave} de spreukencirkels", spoken(*count))
        }
        Event::CircleFilled { from: Some(p), .. } => {
            format!("Een spreukencirkel trekt een spook weg bij de meeple van {}", name(*p))
        }
        Event::CircleFilled { from: None, .. } => "Een spreukencirkel trekt een spook uit de voorraad".to_string(),
        Event::CatPlaced { player, .. } => format!("Kat Eloïse gaat bij de meeple van {} zitten", name(*player)),
        Event::CatWaits => "Eloïse wacht op de volgende meeple die geplaatst wordt".to_string(),
        Event::CatScored { player, points } => {
            format!("Eloïse brengt {} {points} op voor de spoken in de spreukencirkels", name(*player))
        }
        Event::FigureReturned { player, figure, .. } => {
            format!("De {} van {} ging terug naar de voorraad", figure_name(*figure), name(*player))
        }
        Event::ScoreFloored { player, .. } => format!("De score van {} blijft op 0", name(*player)),
        Event::GhostsPlaced { x, y, count, spot } => {
            let where_ = match *spot {
                "circle" => "in een spreukencirkel",
                "cemetery" => "op een kerkhof",
                _ => "op de mist",
            };
            let verb = if *count == 1 { "verschijnt" } else { "verschijnen" };
            format!("{} {verb} {where_} op ({x}, {y})", spoken(*count))
        }
        Event::GhostsReleased { count, x, y } => {
            let verb = if *count == 1 { "gaat" } else { "gaan" };
            format!("{} op ({x}, {y}) {verb} terug naar de voorraad", spoken(*count))
        }
        Event::GhostsRemoved { x, y, count } => {
            format!("Het team verjaagt {} van ({x}, {y})", spoken(*count))
        }
        Event::GhostAttracted { from_x, from_y, x, y } => {
            format!("De spreukencirkel op ({x}, {y}) trekt een spook weg van ({from_x}, {from_y})")
        }
        Event::MeeplePlaced { player, colour, feature, .. } => {
            format!("{} zette een {} meeple {}", name(*player), kleur(*colour), place(*feature))
        }
        Event::MeepleReturned { colour, .. } => format!("De {} meeple gaat terug naar de voorraad", kleur(*colour)),
        Event::MeepleBuried { colour, x, y } => {
            format!("Het kerkhof op ({x}, {y}) sluit: de {} meeple wordt begraven", kleur(*colour))
        }
        Event::TeamScored { feature, value, colours, points, .. } => {
            let who: Vec<&str> = colours.iter().map(|c| kleur(*c)).collect();
            let (noun, het) = building(*feature);
            let the = if het { "het" } else { "de" };
            let each = if points == value { "" } else { " elk" };
            format!("Het team scoort {the} {noun} ({}):{each} {points}", join(&who))
        }
        Event::ScoringGivenUp { feature, .. } => {
            let (noun, het) = building(*feature);
            let the = if het { "het" } else { "de" };
            format!("Het team ziet af van de punten voor {the} {noun} om spoken te verjagen")
        }
        Event::HoundReached { hound } => {
            format!("De score bereikt {}: de volgende stapel gaat open", hond(*hound))
        }
        Event::PileOpened { pile, tiles } => {
            format!("Stapel {pile} is nu in het spel ({})", plural(*tiles, "tegel", "tegels"))
        }
        Event::HoundPlaced { hound, colour, .. } => {
            format!("{} loopt mee met de {} meeple", hond(*hound), kleur(*colour))
        }
        Event::HoundLost { hound } => format!("{} verlaat het spel", hond(*hound)),
        Event::HoundScored { hound, points } => {
            format!("{} brengt {points} op voor de spoken op het bord", hond(*hound))
        }
        Event::CatJoined { colour, .. } => format!("Kat Eloïse gaat bij de {} meeple zitten", kleur(*colour)),
        Event::TeamCatScored { points } => {
            format!("Eloïse brengt {points} op voor de spoken in de spreukencirkels")
        }
        Event::FaceDownPlaced { x, y } => format!("Een tegel wordt gedekt neergelegd op ({x}, {y})"),
        Event::TeamWon { turn, .. } => format!("Het team haalde het doel in beurt {turn}: gewonnen!"),
        Event::TeamLost { turn, why: "pile", piles: 1, .. } => {
            format!("De stapel raakte op in beurt {turn} voor het doel: de spoken winnen")
        }
        Event::TeamLost { turn, why: "pile", pile, piles, .. } => {
            format!("Stapel {pile} van {piles} raakte op in beurt {turn}: de spoken winnen")
        }
        Event::TeamLost { turn, needed, supply, .. } => {
            format!("In beurt {turn} waren {} nodig maar er waren er nog {supply}: de spoken winnen", spoken(*needed))
        }
        Event::GameOver { scores, winners } => {
            let ws: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
            let best = winners.first().map(|w| scores[*w]).unwrap_or(0);
            if ws.len() == 1 {
                format!("Einde van het spel: {} wint met {best} punten", ws[0])
            } else {
                format!("Einde van het spel: {} delen de overwinning met {best} punten", join(&ws))
            }
        }
    }
}
