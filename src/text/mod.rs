//! Readable sentences for the event log ("Red scored a city of 5 tiles with 1 pennant: 12"),
//! in English here and in Dutch in [`nl`].

mod card;
mod errors;
mod nl;
mod tile;

pub use card::{feature_name, inspection, ruin_card, spot_name};
pub use errors::{play_error, record_error, setup_error};
pub use tile::{describe_tile, place_name, place_relation};

use crate::engine::{Event, FeatureKind, FigureKind, Scoring};
use std::str::FromStr;

/// A language of the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Dutch, in the terms of the Dutch rule books.
    Nl,
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s {
            "en" => Ok(Lang::En),
            "nl" => Ok(Lang::Nl),
            other => Err(format!("unknown language {other:?} (en or nl)")),
        }
    }
}

/// As [`describe_in`], with the game the event happened in: a tile placed is told by
/// where it lies and what it shows ("Ann placed a tile east of the start tile: a straight
/// road"), not by its coordinates.
pub fn describe_on(lang: Lang, game: &crate::engine::Game, event: &Event, names: &[String]) -> String {
    let Event::TilePlaced { player, tile, x, y, .. } = event else {
        return places_in_words(lang, game, &describe_in(lang, event, names));
    };
    let Some(def) = game.tiles().index_of(tile).map(|i| game.tiles().get(i)) else {
        return describe_in(lang, event, names);
    };
    let name = names.get(*player).map_or("?", |n| n.as_str());
    let (where_, what) = (place_relation(lang, game, crate::engine::Pos::new(*x, *y)), describe_tile(lang, def));
    match lang {
        Lang::En => format!("{name} placed a tile {where_}: {what}"),
        Lang::Nl => format!("{name} legde een tegel {where_}: {what}"),
    }
}

/// A sentence's squares, written "(x, y)", told in words: " at (x, y)" / " op (x, y)" by
/// where the square lies ("north of the start tile"), any other by what lies there and
/// where ("a city cap north of the start tile").
fn places_in_words(lang: Lang, game: &crate::engine::Game, text: &str) -> String {
    let at = match lang {
        Lang::En => " at ",
        Lang::Nl => " op ",
    };
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else { break };
        let pair: Vec<Option<i32>> = rest[open + 1..close].split(", ").map(|n| n.parse().ok()).collect();
        let (head, tail) = (&rest[..open], &rest[close + 1..]);
        match pair.as_slice() {
            [Some(x), Some(y)] => {
                let pos = crate::engine::Pos::new(*x, *y);
                match head.strip_suffix(at) {
                    Some(before) => {
                        out.push_str(before);
                        out.push(' ');
                        out.push_str(&place_relation(lang, game, pos));
                    }
                    None => {
                        out.push_str(head);
                        out.push_str(&place_name(lang, game, pos));
                    }
                }
            }
            _ => {
                out.push_str(head);
                out.push_str(&rest[open..=close]);
            }
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// One line for the log in `lang`; `names` are the players' names in seat order.
pub fn describe_in(lang: Lang, event: &Event, names: &[String]) -> String {
    match lang {
        Lang::En => describe(event, names),
        Lang::Nl => nl::describe(event, names),
    }
}

/// The page's own lines (not engine events) in `lang`.
#[derive(Clone, Copy, Debug)]
pub enum Line<'a> {
    /// A player took this turn's tile back.
    TileUndone(&'a str),
    /// A player took back a whole turn.
    TurnUndone(&'a str),
    /// Another record was loaded.
    Loaded,
}

/// The text of a page line.
pub fn line(lang: Lang, line: Line) -> String {
    match (lang, line) {
        (Lang::En, Line::TileUndone(n)) => format!("{n} took the tile back"),
        (Lang::En, Line::TurnUndone(n)) => format!("{n} took back their turn"),
        (Lang::En, Line::Loaded) => "The game was loaded".to_string(),
        (Lang::Nl, Line::TileUndone(n)) => format!("{n} nam de tegel terug"),
        (Lang::Nl, Line::TurnUndone(n)) => format!("{n} nam de beurt terug"),
        (Lang::Nl, Line::Loaded) => "Het spel is geladen".to_string(),
    }
}

fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "A, B and C" with `and` as the last joining word.
fn join_with(names: &[&str], and: &str) -> String {
    match names {
        [] => String::new(),
        [a] => a.to_string(),
        [rest @ .., last] => format!("{} {and} {last}", rest.join(", ")),
    }
}

fn join_names(names: &[&str]) -> String {
    join_with(names, "and")
}

fn role(figure: FigureKind, feature: FeatureKind) -> &'static str {
    match (figure, feature) {
        (FigureKind::Abbot, _) => "their abbot",
        (FigureKind::Guard, FeatureKind::Field) => "a guard farmer",
        (FigureKind::Guard, _) => "a guard meeple",
        (_, FeatureKind::Road) => "a highwayman",
        (_, FeatureKind::City) => "a knight",
        (_, FeatureKind::Field) => "a farmer",
        (_, FeatureKind::Monastery) => "a monk",
        (_, FeatureKind::Shrine) => "a heretic",
        _ => "a meeple",
    }
}

fn place(feature: FeatureKind) -> &'static str {
    match feature {
        FeatureKind::Road => "on a road",
        FeatureKind::City => "in a city",
        FeatureKind::Field => "in a field",
        FeatureKind::Monastery => "in a monastery",
        FeatureKind::Shrine => "in a shrine",
        FeatureKind::Castle => "in a haunted castle",
        FeatureKind::Cemetery => "on a cemetery",
        FeatureKind::Garden => "in a garden",
        FeatureKind::River | FeatureKind::Mist => "on the board",
    }
}

/// "extend" or "limit", for "extended the mist" / "limiting the mist".
fn mist_verb(case: crate::engine::GhostCase) -> &'static str {
    match case {
        crate::engine::GhostCase::Extend => "extend",
        crate::engine::GhostCase::Limit => "limit",
    }
}

/// A colour of the cooperative game by its index.
fn colour_name(colour: u8) -> &'static str {
    crate::engine::coop::COLOURS.get(colour as usize).copied().unwrap_or("?")
}

/// Rufus or Ronja.
fn hound_name(hound: u8) -> &'static str {
    if hound == 0 {
        "Rufus"
    } else {
        "Ronja"
    }
}

/// "a city", "a monastery", for the cooperative lines.
fn a_feature(feature: FeatureKind) -> String {
    match feature {
        FeatureKind::Road => "a road".into(),
        FeatureKind::City => "a city".into(),
        FeatureKind::Field => "a field".into(),
        k => format!("a {}", k.name()),
    }
}

/// What was scored, e.g. "a city of 5 tiles with 1 pennant".
pub fn scored_feature(s: &Scoring) -> String {
    let open = if s.complete { "" } else { "an unfinished " };
    let a = |noun: &str| if s.complete { format!("a {noun}") } else { format!("{open}{noun}") };
    match s.feature {
        FeatureKind::City => {
            let p = if s.pennants > 0 {
                format!(" with {}", plural(s.pennants, "pennant", "pennants"))
            } else {
                String::new()
            };
            format!("{} of {}{p}", a("city"), plural(s.tiles, "tile", "tiles"))
        }
        FeatureKind::Road => format!("{} of {}", a("road"), plural(s.tiles, "tile", "tiles")),
        FeatureKind::Field if s.cities == 0 => "a field beside no completed city".to_string(),
        FeatureKind::Field => format!("a field beside {}", plural(s.cities, "completed city", "completed cities")),
        FeatureKind::Castle => format!("{} with {}", a("haunted castle"), plural(s.tiles, "misty tile", "misty tiles")),
        k if k.is_building() && s.complete => format!("a completed {}", k.name()),
        k => format!("{} with {}", a(k.name()), plural(s.tiles.saturating_sub(1), "neighbour", "neighbours")),
    }
}

/// One line for the log; `names` are the players' names in seat order.
pub fn describe(event: &Event, names: &[String]) -> String {
    let name = |p: usize| names.get(p).map(String::as_str).unwrap_or("?");
    match event {
        Event::TileDrawn { player, tiles_left, .. } => {
            format!("{} drew a tile ({} left)", name(*player), plural(*tiles_left, "tile", "tiles"))
        }
        Event::TileDiscarded { tile, .. } => format!("{tile} fits nowhere and leaves the game; another tile is drawn"),
        Event::TilePlaced { player, x, y, .. } => format!("{} placed a tile at ({x}, {y})", name(*player)),
        Event::FigurePlaced { player, figure, feature, .. } => {
            format!("{} placed {} {}", name(*player), role(*figure, *feature), place(*feature))
        }
        Event::Passed { player } => format!("{} placed no meeple", name(*player)),
        Event::AbbotRetrieved { player, .. } => format!("{} took their abbot back", name(*player)),
        Event::Scored(s) => {
            let winners: Vec<&str> = s.shares.iter().filter(|sh| sh.points > 0).map(|sh| name(sh.player)).collect();
            // A majority player whose ghosts ate every point still took part.
            let what = scored_feature(s);
            let prefix = if s.complete { "" } else { "Final scoring: " };
            let holders: Vec<&str> = s.shares.iter().map(|sh| name(sh.player)).collect();
            match winners.as_slice() {
                [] => format!("{prefix}{} held {what}: no points", join_names(&holders)),
                [one] => {
                    let sh = s.shares.iter().find(|sh| sh.points > 0).expect("a winner");
                    let ghosts = if sh.points != s.value && sh.ghosts > 0 {
                        format!(" ({} − {} for {})", s.value, s.value - sh.points, plural(sh.ghosts, "ghost", "ghosts"))
                    } else {
                        String::new()
                    };
                    format!("{prefix}{one} scored {what}: {}{ghosts}", sh.points)
                }
                many => {
                    let pts = s.shares.iter().find(|sh| sh.points > 0).map(|sh| sh.points).unwrap_or(0);
                    format!("{prefix}{} scored {what}: {pts} each", join_names(many))
                }
            }
        }
        Event::GhostPlaced { player, owner, case, ghosts, .. } => {
            let why = format!("{}ed the mist", mist_verb(*case));
            let whose = if owner == player { "their own".to_string() } else { format!("{}'s", name(*owner)) };
            format!("{} {why}: a ghost haunts {whose} meeple ({})", name(*player), plural(*ghosts, "ghost", "ghosts"))
        }
        Event::GhostSkipped { reason, case, .. } => format!("No ghost for {}ing the mist: {reason}", mist_verb(*case)),
        Event::FigureScared { player, figure, feature, .. } => {
            format!(
                "A third ghost scared {}'s {} off {} (no points)",
                name(*player),
                figure.name(),
                place(*feature).trim_start_matches("on ").trim_start_matches("in ")
            )
        }
        Event::GuardRewarded { player, reserve_left } => {
            format!("{} takes a guard meeple from the reserve ({} left there)", name(*player), reserve_left)
        }
        Event::GuardReserveEmpty { player } => format!("{}'s guard reserve is empty: no reward", name(*player)),
        Event::GhostPenalty { player, ghosts, points } => {
            format!("Final scoring: {} loses {} for {}", name(*player), -points, plural(*ghosts, "ghost", "ghosts"))
        }
        Event::TowerScored { player, tower, count, points, .. } => {
            let what = match tower {
                crate::engine::tiles::Tower::Meeple => plural(*count, "meeple", "meeples"),
                crate::engine::tiles::Tower::Arms => plural(*count, "coat of arms", "coats of arms"),
                crate::engine::tiles::Tower::Road => plural(*count, "tile with a road", "tiles with a road"),
                crate::engine::tiles::Tower::Monastery => plural(*count, "monastery", "monasteries"),
                crate::engine::tiles::Tower::City => plural(*count, "tile with a city", "tiles with a city"),
            };
            format!("{}'s watchtower counts {what}: {points}", name(*player))
        }
        Event::ChallengeStarted { heretic, monk, .. } => {
            format!(
                "Challenge! {}'s heretic against {}'s monk: the first building completed wins",
                name(*heretic),
                name(*monk)
            )
        }
        Event::ChallengeWon { winner, loser, building, bonus } => {
            let extra = if *bonus > 0 { format!(" and takes {bonus} for the other building") } else { String::new() };
            format!(
                "{} wins the challenge with the {}{extra}; {} gets nothing",
                name(*winner),
                building.name(),
                name(*loser)
            )
        }
        Event::ChallengeEnded { reason } => format!("The challenge ends: {reason}"),
        Event::CircleGhostsReleased { count, .. } => {
            format!("The mist bank is complete: {} leave the spell circles", plural(*count, "ghost", "ghosts"))
        }
        Event::CircleFilled { from: Some(p), .. } => {
            format!("A spell circle draws a ghost away from {}'s meeple", name(*p))
        }
        Event::CircleFilled { from: None, .. } => "A spell circle draws a ghost from the supply".to_string(),
        Event::CatPlaced { player, .. } => format!("Eloïse the cat sits by {}'s meeple", name(*player)),
        Event::CatWaits => "Eloïse waits for the next meeple placed".to_string(),
        Event::CatScored { player, points } => {
            format!("Eloïse brings {} {points} for the ghosts in the spell circles", name(*player))
        }
        Event::FigureReturned { player, figure, .. } => {
            format!("{}'s {} returned to the supply", name(*player), figure.name())
        }
        Event::ScoreFloored { player, .. } => format!("{}'s score stops at 0", name(*player)),
        Event::GhostsPlaced { x, y, count, spot } => {
            let where_ = match *spot {
                "circle" => "in a spell circle",
                "cemetery" => "on a cemetery",
                _ => "on the mist",
            };
            format!("{} {where_} at ({x}, {y})", plural(*count, "ghost appears", "ghosts appear"))
        }
        Event::GhostsReleased { count, x, y } => {
            let go = if *count == 1 { "goes" } else { "go" };
            format!("{} at ({x}, {y}) {go} back to the supply", plural(*count, "ghost", "ghosts"))
        }
        Event::GhostsRemoved { x, y, count } => {
            format!("The team drives {} away from ({x}, {y})", plural(*count, "ghost", "ghosts"))
        }
        Event::GhostAttracted { from_x, from_y, x, y } => {
            format!("The spell circle at ({x}, {y}) draws a ghost from ({from_x}, {from_y})")
        }
        Event::MeeplePlaced { player, colour, feature, .. } => {
            format!("{} placed a {} meeple {}", name(*player), colour_name(*colour), place(*feature))
        }
        Event::MeepleReturned { colour, .. } => format!("The {} meeple returns to its supply", colour_name(*colour)),
        Event::MeepleBuried { colour, x, y } => {
            format!("The cemetery at ({x}, {y}) closes: the {} meeple is buried", colour_name(*colour))
        }
        Event::TeamScored { feature, value, colours, points, .. } => {
            let who: Vec<&str> = colours.iter().map(|c| colour_name(*c)).collect();
            if *points == *value {
                format!("The team scores {} ({}): {points}", a_feature(*feature), join_names(&who))
            } else {
                format!("The team scores {} ({}): {points} each", a_feature(*feature), join_names(&who))
            }
        }
        Event::ScoringGivenUp { feature, .. } => {
            format!("The team gives up the points of {} to drive ghosts away", a_feature(*feature))
        }
        Event::HoundReached { hound } => format!("The score reaches {}: the next pile opens", hound_name(*hound)),
        Event::PileOpened { pile, tiles } => {
            format!("Pile {pile} is now in play ({})", plural(*tiles, "tile", "tiles"))
        }
        Event::HoundPlaced { hound, colour, .. } => {
            format!("{} runs with the {} meeple", hound_name(*hound), colour_name(*colour))
        }
        Event::HoundLost { hound } => format!("{} leaves the game", hound_name(*hound)),
        Event::HoundScored { hound, points } => {
            format!("{} brings {points} for the ghosts on the board", hound_name(*hound))
        }
        Event::CatJoined { colour, .. } => format!("Eloïse the cat sits by the {} meeple", colour_name(*colour)),
        Event::TeamCatScored { points } => format!("Eloïse brings {points} for the ghosts in the spell circles"),
        Event::FaceDownPlaced { x, y } => format!("A tile is laid face down at ({x}, {y})"),
        Event::TeamWon { turn, .. } => format!("The team reached the goal on turn {turn}: victory!"),
        Event::TeamLost { turn, why: "pile", piles: 1, .. } => {
            format!("The stack ran out on turn {turn} before the goal: the ghosts win")
        }
        Event::TeamLost { turn, why: "pile", pile, piles, .. } => {
            format!("Pile {pile} of {piles} ran out on turn {turn}: the ghosts win")
        }
        Event::TeamLost { turn, needed, supply, .. } => format!(
            "On turn {turn}, {} needed but only {supply} left: the ghosts win",
            plural(*needed, "ghost was", "ghosts were")
        ),
        Event::GameOver { scores, winners } => {
            let ws: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
            let best = winners.first().map(|w| scores[*w]).unwrap_or(0);
            if ws.len() == 1 {
                format!("Game over: {} wins with {best} points", ws[0])
            } else {
                format!("Game over: {} share the victory with {best} points", join_names(&ws))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Share;

    /// One ghost goes back, two go back, in both languages.
    #[test]
    fn released_ghosts_agree_in_number() {
        let one = Event::GhostsReleased { count: 1, x: 1, y: 0 };
        let two = Event::GhostsReleased { count: 2, x: 1, y: 0 };
        assert_eq!(describe(&one, &[]), "1 ghost at (1, 0) goes back to the supply");
        assert_eq!(describe(&two, &[]), "2 ghosts at (1, 0) go back to the supply");
        assert!(describe_in(Lang::Nl, &one, &[]).ends_with("gaat terug naar de voorraad"));
        assert!(describe_in(Lang::Nl, &two, &[]).ends_with("gaan terug naar de voorraad"));
    }

    /// A completed city of 5 tiles with 1 pennant (12 points), shared out as given.
    fn city(shares: Vec<Share>) -> Scoring {
        Scoring {
            feature: FeatureKind::City,
            complete: true,
            tiles: 5,
            pennants: 1,
            cities: 0,
            value: 12,
            shares,
            x: 0,
            y: 0,
            part: 0,
        }
    }

    #[test]
    fn scoring_lines_read_naturally() {
        let names: Vec<String> = ["Red", "Black", "Blue"].iter().map(|s| s.to_string()).collect();
        let s = city(vec![
            Share { player: 0, figures: 2, ghosts: 0, points: 12 },
            Share { player: 1, figures: 1, ghosts: 1, points: 0 },
        ]);
        assert_eq!(describe(&Event::Scored(s.clone()), &names), "Red scored a city of 5 tiles with 1 pennant: 12");
        let tie = Scoring {
            feature: FeatureKind::Road,
            complete: false,
            tiles: 4,
            pennants: 0,
            value: 4,
            shares: vec![
                Share { player: 0, figures: 1, ghosts: 0, points: 4 },
                Share { player: 2, figures: 1, ghosts: 0, points: 4 },
            ],
            ..s
        };
        assert_eq!(
            describe(&Event::Scored(tie), &names),
            "Final scoring: Red and Blue scored an unfinished road of 4 tiles: 4 each"
        );
        let over = Event::GameOver { scores: vec![40, 12, 40], winners: vec![0, 2] };
        assert_eq!(describe(&over, &names), "Game over: Red and Blue share the victory with 40 points");
    }

    #[test]
    fn dutch_lines_use_the_dutch_rule_books_terms() {
        let names: Vec<String> = ["Rood", "Zwart", "Blauw"].iter().map(|s| s.to_string()).collect();
        let nl = |e: &Event| describe_in(Lang::Nl, e, &names);
        let city = city(vec![Share { player: 0, figures: 2, ghosts: 0, points: 12 }]);
        assert_eq!(nl(&Event::Scored(city.clone())), "Rood scoorde een stad van 5 tegels met 1 wimpel: 12");
        // A majority player whose ghosts cost points (−2 per ghost), in a haunted castle
        // left unfinished at the end: the het-word takes "onafgemaakt" without -e.
        let castle = Scoring {
            feature: FeatureKind::Castle,
            complete: false,
            tiles: 3,
            value: 3,
            shares: vec![Share { player: 2, figures: 1, ghosts: 1, points: 1 }],
            ..city.clone()
        };
        assert_eq!(
            nl(&Event::Scored(castle)),
            "Eindtelling: Blauw scoorde een onafgemaakt spookslot met 3 mistige tegels: 1 (3 − 2 voor 1 spook)"
        );
        let shrine = Scoring {
            feature: FeatureKind::Shrine,
            tiles: 9,
            value: 9,
            shares: vec![Share { player: 0, figures: 1, ghosts: 0, points: 9 }],
            ..city.clone()
        };
        assert_eq!(nl(&Event::Scored(shrine)), "Rood scoorde een voltooide cultusplaats: 9");
        let tie = Event::GameOver { scores: vec![40, 12, 40], winners: vec![0, 2] };
        assert_eq!(nl(&tie), "Einde van het spel: Rood en Blauw delen de overwinning met 40 punten");
        assert_eq!(
            nl(&Event::GhostSkipped {
                player: 0,
                case: crate::engine::GhostCase::Extend,
                reason: "no ghosts left in the supply"
            }),
            "Geen spook voor het uitbreiden van de mist: er zijn geen spoken meer in de voorraad"
        );
        assert_eq!(line(Lang::Nl, Line::TurnUndone("Rood")), "Rood nam de beurt terug");
        assert_eq!("de".parse::<Lang>().unwrap_err(), "unknown language \"de\" (en or nl)");
    }
}
