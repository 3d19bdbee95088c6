//! Nederlands, met de termen van de Nederlandse spelregels (999 Games): struikrover, ridder,
//! monnik, boer, weide, klooster, wapenschild; spoken, spookslotten, kerkhoven,
//! bewakingsmeeples, spreukencirkels, wachttorens, ketters en cultusplaatsen.

use super::choice::{ChoiceWords, Named, PlanStep, Why};
use super::speech::{per_draw, CardLine, CardState, Case, Cx, FeatureRef, Owners, Place, PlaceAs, Speech, Thing};
use super::tile::TilePart;
use super::{join_with, Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::tiles::{StartSquare, Tower};
use crate::engine::{Event, FeatureKind, FigureKind, GhostCase, Needs, PlayError, Pos, Scoring, SetupError, Side};
use crate::record::{ActionError, RecordError};

/// Dutch.
pub(crate) struct Dutch;

const L: Lang = Lang::Nl;

fn count(n: impl Into<i64>, one: &str, other: &str) -> String {
    L.count(n, one, other)
}

fn and<S: AsRef<str>>(items: &[S]) -> String {
    join_with(items, "en")
}

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

/// A feature's noun and whether it is a het-word (which changes the article and the
/// adjective).
fn noun(feature: FeatureKind) -> (&'static str, bool) {
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
        FeatureKind::Mist => ("mistbank", false),
    }
}

/// "de stad", "het klooster".
fn the(feature: FeatureKind) -> String {
    let (n, het) = noun(feature);
    format!("{} {n}", if het { "het" } else { "de" })
}

fn figure(figure: FigureKind) -> &'static str {
    match figure {
        FigureKind::Meeple => "meeple",
        FigureKind::Guard => "bewakingsmeeple",
        FigureKind::Abbot => "abt",
    }
}

/// A colour of the cooperative game, inflected before "meeple".
fn colour(c: u8) -> &'static str {
    ["rode", "groene", "blauwe", "gele", "zwarte", "roze"].get(c as usize).copied().unwrap_or("?")
}

/// Rufus or Ronja.
fn hound(h: u8) -> &'static str {
    if h == 0 {
        "Rufus"
    } else {
        "Ronja"
    }
}

fn ghosts(n: impl Into<i64>) -> String {
    count(n, "spook", "spoken")
}

/// What was scored, e.g. "een stad van 5 tegels met 1 wimpel".
fn scored_feature(s: &Scoring) -> String {
    let (n, het) = noun(s.feature);
    // "een onafgemaakte stad", "een onafgemaakt klooster".
    let a = if s.complete { format!("een {n}") } else { format!("een onafgemaakt{} {n}", if het { "" } else { "e" }) };
    match s.feature {
        FeatureKind::City => {
            let p =
                if s.pennants > 0 { format!(" met {}", count(s.pennants, "wimpel", "wimpels")) } else { String::new() };
            format!("{a} van {}{p}", count(s.tiles, "tegel", "tegels"))
        }
        FeatureKind::Road => format!("{a} van {}", count(s.tiles, "tegel", "tegels")),
        FeatureKind::Field if s.cities == 0 => "een weide naast geen voltooide stad".to_string(),
        FeatureKind::Field => format!("een weide naast {}", count(s.cities, "voltooide stad", "voltooide steden")),
        FeatureKind::Castle => format!("{a} met {}", count(s.tiles, "mistige tegel", "mistige tegels")),
        k if k.is_building() && s.complete => format!("een voltooid{} {n}", if het { "" } else { "e" }),
        _ => format!("{a} met {}", count(s.tiles.saturating_sub(1), "buurtegel", "buurtegels")),
    }
}

fn thing(t: &Thing) -> String {
    match t {
        Thing::Start => "de starttegel".into(),
        Thing::StartPart(q) => format!("het {}e vak van de starttegel", corner(*q)),
        Thing::FaceDown => "een gedekte tegel".into(),
        Thing::Tile(parts) => Dutch.tile(parts),
    }
}

fn direction(side: Side) -> &'static str {
    match side {
        Side::N => "ten noorden van",
        Side::E => "ten oosten van",
        Side::S => "ten zuiden van",
        Side::W => "ten westen van",
    }
}

fn part(p: TilePart) -> String {
    let arms = |n: u8| match n {
        0 => String::new(),
        1 => " met een wimpel".to_string(),
        n => format!(" met {n} wimpels"),
    };
    match p {
        TilePart::City { sides: 1, arms: a } => format!("een stadsrand{}", arms(a)),
        TilePart::City { sides: 4, arms: a } => format!("een stad aan alle vier de kanten{}", arms(a)),
        TilePart::City { sides, arms: a } => format!("een stad over {sides} kanten{}", arms(a)),
        TilePart::Caps(n) => format!("{n} losse stadsranden"),
        TilePart::Through { river: false, straight: true } => "een rechte weg".into(),
        TilePart::Through { river: false, straight: false } => "een bocht in de weg".into(),
        TilePart::Through { river: true, straight: true } => "een recht stuk rivier".into(),
        TilePart::Through { river: true, straight: false } => "een bocht in de rivier".into(),
        TilePart::Crossing(n) => format!("een kruising van {n} wegen"),
        TilePart::RoadEnd => "een weg".into(),
        TilePart::Roads => "2 wegen".into(),
        TilePart::Spring => "de bron van de rivier".into(),
        TilePart::Lake => "het meer van de rivier".into(),
        TilePart::Building(b) => match b {
            FeatureKind::Monastery => "een klooster",
            FeatureKind::Shrine => "een cultusplaats",
            FeatureKind::Garden => "een tuin",
            FeatureKind::Castle => "een spookslot",
            FeatureKind::Cemetery => "een kerkhof",
            _ => "een gebouw",
        }
        .into(),
        TilePart::Tower => "een wachttoren".into(),
        TilePart::Mist => "mist".into(),
        TilePart::Circles(1) => "een spreukencirkel".into(),
        TilePart::Circles(n) => format!("{n} spreukencirkels"),
        TilePart::Field => "een veld".into(),
    }
}

/// A corner of the 2×2 start tile, as an adjective's stem ("noordwestelijk").
fn corner(q: StartSquare) -> &'static str {
    match q {
        StartSquare::Nw => "noordwestelijk",
        StartSquare::Ne => "noordoostelijk",
        StartSquare::Sw => "zuidwestelijk",
        StartSquare::Se => "zuidoostelijk",
    }
}

/// A short noun for what lies on a square: "de starttegel", "het kerkhof", "de stad".
fn brief(t: &Thing) -> String {
    let kind = match t {
        Thing::StartPart(_) => return thing(t),
        Thing::Start => return "de starttegel".into(),
        Thing::FaceDown => return "de gedekte tegel".into(),
        Thing::Tile(parts) => match parts.first() {
            Some(TilePart::City { .. } | TilePart::Caps(_)) => FeatureKind::City,
            Some(TilePart::Through { river: true, .. }) => FeatureKind::River,
            Some(TilePart::Through { river: false, .. } | TilePart::RoadEnd | TilePart::Roads) => FeatureKind::Road,
            Some(TilePart::Crossing(_)) => return "de kruising".into(),
            Some(TilePart::Spring) => return "de bron".into(),
            Some(TilePart::Lake) => return "het meer".into(),
            Some(TilePart::Building(b)) => *b,
            Some(TilePart::Tower) => return "de wachttoren".into(),
            Some(TilePart::Mist) => FeatureKind::Mist,
            Some(TilePart::Circles(_)) => return "de spreukencirkel".into(),
            Some(TilePart::Field) | None => FeatureKind::Field,
        },
    };
    the(kind)
}

fn sides(sides: &[Side]) -> String {
    let names: Vec<&str> = sides
        .iter()
        .map(|s| match s {
            Side::N => "noordkant",
            Side::E => "oostkant",
            Side::S => "zuidkant",
            Side::W => "westkant",
        })
        .collect();
    let names: Vec<String> = names.iter().map(|n| format!("de {n}")).collect();
    and(&names.iter().map(String::as_str).collect::<Vec<_>>())
}

fn capital(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

fn turned(quarters: u8) -> &'static str {
    match quarters % 4 {
        0 => "zonder hem te draaien",
        1 => "een kwartslag naar rechts gedraaid",
        2 => "ondersteboven gedraaid",
        _ => "een kwartslag naar links gedraaid",
    }
}

impl Speech for Dutch {
    fn event(&self, event: &Event, cx: &Cx) -> String {
        let name = |p: usize| cx.name(p);
        let at = |x: i32, y: i32| cx.at(x, y, PlaceAs::At);
        match event {
            Event::TileDrawn { player, tiles_left, .. } => {
                format!("{} trok een tegel (nog {})", name(*player), count(*tiles_left, "tegel", "tegels"))
            }
            Event::TileDiscarded { tile, .. } => {
                format!("{tile} past nergens en gaat uit het spel; er wordt een andere tegel getrokken")
            }
            Event::TilePlaced { player, tile, x, y, .. } => match cx.tile(tile) {
                Some(parts) if cx.knows_squares() => {
                    format!("{} legde een tegel {}: {}", name(*player), at(*x, *y), self.tile(&parts))
                }
                _ => format!("{} legde een tegel {}", name(*player), at(*x, *y)),
            },
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
                        format!("{prefix}{} {had} {what}: geen punten", and(&holders))
                    }
                    [one] => {
                        let sh = s.shares.iter().find(|sh| sh.points > 0).expect("a winner");
                        let lost = if sh.points != s.value && sh.ghosts > 0 {
                            format!(" ({} − {} voor {})", s.value, s.value - sh.points, ghosts(sh.ghosts))
                        } else {
                            String::new()
                        };
                        format!("{prefix}{one} scoorde {what}: {}{lost}", sh.points)
                    }
                    many => {
                        let pts = s.shares.iter().find(|sh| sh.points > 0).map_or(0, |sh| sh.points);
                        format!("{prefix}{} scoorden {what}: elk {pts}", and(many))
                    }
                }
            }
            Event::GhostPlaced { player, owner, case, ghosts: n, .. } => {
                let why = match case {
                    GhostCase::Extend => "breidde de mist uit",
                    GhostCase::Limit => "begrensde de mist",
                };
                let whose = if owner == player {
                    "de eigen meeple".to_string()
                } else {
                    format!("de meeple van {}", name(*owner))
                };
                format!("{} {why}: een spook gaat bij {whose} staan ({})", name(*player), ghosts(*n))
            }
            Event::GhostSkipped { reason, case, .. } => {
                let what = match case {
                    GhostCase::Extend => "uitbreiden",
                    GhostCase::Limit => "begrenzen",
                };
                format!("Geen spook voor het {what} van de mist: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::FigureScared { player, figure: f, .. } => {
                format!("Een derde spook joeg de {} van {} weg (geen punten)", figure(*f), name(*player))
            }
            Event::GuardRewarded { player, reserve_left } => {
                format!("{} krijgt een bewakingsmeeple uit de reserve (daar nog {reserve_left})", name(*player))
            }
            Event::GuardReserveEmpty { player } => {
                format!("De reserve bewakingsmeeples van {} is leeg: geen beloning", name(*player))
            }
            Event::GhostPenalty { player, ghosts: n, points } => {
                format!("Eindtelling: {} verliest {} voor {}", name(*player), -points, ghosts(*n))
            }
            Event::TowerScored { player, tower, count: n, points, .. } => {
                let what = match tower {
                    Tower::Meeple => count(*n, "meeple", "meeples"),
                    Tower::Arms => count(*n, "wapenschild", "wapenschilden"),
                    Tower::Road => count(*n, "tegel met een weg", "tegels met een weg"),
                    Tower::Monastery => count(*n, "klooster", "kloosters"),
                    Tower::City => count(*n, "tegel met een stad", "tegels met een stad"),
                };
                format!("De wachttoren van {} telt {what}: {points}", name(*player))
            }
            Event::ChallengeStarted { heretic, monk, .. } => format!(
                "Uitdaging! De ketter van {} tegen de monnik van {}: het eerst voltooide gebouw wint",
                name(*heretic),
                name(*monk)
            ),
            Event::ChallengeWon { winner, loser, building, bonus } => {
                let extra =
                    if *bonus > 0 { format!(" en krijgt {bonus} voor het andere gebouw") } else { String::new() };
                format!(
                    "{} wint de uitdaging met {}{extra}; {} krijgt niets",
                    name(*winner),
                    the(*building),
                    name(*loser)
                )
            }
            Event::ChallengeEnded { reason } => {
                format!("De uitdaging eindigt: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::CircleGhostsReleased { count: n, .. } => {
                let leave = L.pick(*n, "verlaat", "verlaten");
                format!("De mistbank is voltooid: {} {leave} de spreukencirkels", ghosts(*n))
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
            Event::FigureReturned { player, figure: f, .. } => {
                format!("De {} van {} ging terug naar de voorraad", figure(*f), name(*player))
            }
            Event::ScoreFloored { player, .. } => format!("De score van {} blijft op 0", name(*player)),
            Event::GhostsPlaced { x, y, count: n, spot } => {
                let where_ = match &**spot {
                    "circle" => "in een spreukencirkel",
                    "cemetery" => "op een kerkhof",
                    _ => "op de mist",
                };
                let verb = L.pick(*n, "verschijnt", "verschijnen");
                format!("{} {verb} {where_} {}", ghosts(*n), at(*x, *y))
            }
            Event::GhostsReleased { count: n, x, y } => {
                let verb = L.pick(*n, "gaat", "gaan");
                format!("{} {} {verb} terug naar de voorraad", ghosts(*n), at(*x, *y))
            }
            Event::GhostsRemoved { x, y, count: n } => {
                format!("Het team verjaagt {} {}", ghosts(*n), cx.at(*x, *y, PlaceAs::From))
            }
            Event::GhostAttracted { from_x, from_y, x, y } => format!(
                "De spreukencirkel {} trekt een spook weg {}",
                at(*x, *y),
                cx.at(*from_x, *from_y, PlaceAs::From)
            ),
            Event::MeeplePlaced { player, colour: c, feature, .. } => {
                format!("{} zette een {} meeple {}", name(*player), colour(*c), place(*feature))
            }
            Event::MeepleReturned { colour: c, .. } => format!("De {} meeple gaat terug naar de voorraad", colour(*c)),
            Event::MeepleBuried { colour: c, x, y } => {
                format!("Het kerkhof {} sluit: de {} meeple wordt begraven", at(*x, *y), colour(*c))
            }
            Event::TeamScored { feature, value, colours, points, .. } => {
                let who: Vec<&str> = colours.iter().map(|c| colour(*c)).collect();
                let each = if points == value { "" } else { " elk" };
                format!("Het team scoort {} ({}):{each} {points}", the(*feature), and(&who))
            }
            Event::ScoringGivenUp { feature, .. } => {
                format!("Het team ziet af van de punten voor {} om spoken te verjagen", the(*feature))
            }
            Event::HoundReached { hound: h } => {
                format!("De score bereikt {}: de volgende stapel gaat open", hound(*h))
            }
            Event::PileOpened { pile, tiles } => {
                format!("Stapel {pile} is nu in het spel ({})", count(*tiles, "tegel", "tegels"))
            }
            Event::HoundPlaced { hound: h, colour: c, .. } => {
                format!("{} loopt mee met de {} meeple", hound(*h), colour(*c))
            }
            Event::HoundLost { hound: h } => format!("{} verlaat het spel", hound(*h)),
            Event::HoundScored { hound: h, points } => {
                format!("{} brengt {points} op voor de spoken op het bord", hound(*h))
            }
            Event::CatJoined { colour: c, .. } => format!("Kat Eloïse gaat bij de {} meeple zitten", colour(*c)),
            Event::TeamCatScored { points } => {
                format!("Eloïse brengt {points} op voor de spoken in de spreukencirkels")
            }
            Event::FaceDownPlaced { x, y } => format!("Een tegel wordt gedekt neergelegd {}", at(*x, *y)),
            Event::TeamWon { turn, .. } => format!("Het team haalde het doel in beurt {turn}: gewonnen!"),
            Event::TeamLost { turn, why, piles: 1, .. } if why == "pile" => {
                format!("De stapel raakte op in beurt {turn} voor het doel: de spoken winnen")
            }
            Event::TeamLost { turn, why, pile, piles, .. } if why == "pile" => {
                format!("Stapel {pile} van {piles} raakte op in beurt {turn}: de spoken winnen")
            }
            Event::TeamLost { turn, needed, supply, .. } => {
                let were = L.pick(*needed, "was", "waren");
                format!(
                    "In beurt {turn} {were} {} nodig maar er waren er nog {supply}: de spoken winnen",
                    ghosts(*needed)
                )
            }
            Event::GameOver { scores, winners } => {
                let ws: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
                let best = winners.first().map_or(0, |w| scores[*w]);
                let points = count(best, "punt", "punten");
                if ws.len() == 1 {
                    format!("Einde van het spel: {} wint met {points}", ws[0])
                } else {
                    format!("Einde van het spel: {} delen de overwinning met {points}", and(&ws))
                }
            }
        }
    }

    fn line(&self, l: Line) -> String {
        match l {
            Line::TileUndone(n) => format!("{n} nam de tegel terug"),
            Line::TurnUndone(n) => format!("{n} nam de beurt terug"),
            Line::Loaded => "Het spel is geladen".to_string(),
        }
    }

    fn tile(&self, parts: &[TilePart]) -> String {
        let words: Vec<String> = parts.iter().map(|p| part(*p)).collect();
        match words.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [first, rest @ ..] => {
                let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
                format!("{first} met {}", and(&rest))
            }
        }
    }

    fn place(&self, p: &Place, as_: PlaceAs) -> String {
        let coords = format!("({}, {})", p.x, p.y);
        let rel = p.by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), thing(t)));
        match (as_, &p.here, rel) {
            (PlaceAs::Name, Some(h), Some(rel)) => format!("{} {rel}", thing(h)),
            (PlaceAs::Name | PlaceAs::Relation, Some(h @ (Thing::Start | Thing::StartPart(_))), _) => thing(h),
            (PlaceAs::Name, Some(h), None) => thing(h),
            (PlaceAs::Name | PlaceAs::Relation | PlaceAs::At, _, Some(rel)) => rel,
            (PlaceAs::Name | PlaceAs::Relation, None, None) => coords,
            (PlaceAs::At, Some(h), None) => format!("op {}", thing(h)),
            (PlaceAs::At, None, None) => format!("op {coords}"),
            (PlaceAs::From, _, _) => format!("van {}", self.place(p, PlaceAs::Name)),
            (PlaceAs::Relation, Some(_), None) => coords,
        }
    }

    fn card(&self, line: &CardLine) -> String {
        match line {
            CardLine::Title { kind, state } => {
                let mut n = noun(*kind).0.to_string();
                n[..1].make_ascii_uppercase();
                match state {
                    CardState::None => n,
                    CardState::Open => format!("{n} (onvoltooid)"),
                    CardState::Done => format!("{n} (voltooid)"),
                    CardState::Limited => format!("{n} (begrensd: nooit voltooid)"),
                }
            }
            CardLine::Extent { kind, tiles, arms, open } => {
                let mut what = vec![count(*tiles, "tegel", "tegels")];
                if *arms > 0 {
                    what.push(count(*arms, "wapenschild", "wapenschilden"));
                }
                if *open > 0 {
                    what.push(match kind {
                        FeatureKind::Road => count(*open, "open uiteinde", "open uiteinden"),
                        _ => count(*open, "open rand", "open randen"),
                    });
                }
                and(&what.iter().map(String::as_str).collect::<Vec<_>>())
            }
            CardLine::Filled { squares } => format!("{squares} van de 9 vakken gevuld"),
            CardLine::Misty { squares } => count(*squares, "mistig vak eromheen", "mistige vakken eromheen"),
            CardLine::Field { cities, value } => format!(
                "Grenst aan {}: {value} voor de meeste boeren",
                count(*cities, "voltooide stad", "voltooide steden")
            ),
            CardLine::Mist { regions, open } => format!(
                "{}, {}",
                count(*regions, "mistgebied", "mistgebieden"),
                count(*open, "open mistige poort", "open mistige poorten")
            ),
            CardLine::Worth { this_turn: true, value, .. } => format!("Scoort {value} aan het einde van deze beurt"),
            CardLine::Odds { kind, unseen, needs } => {
                let (n, het) = noun(*kind);
                let this = format!("{} {n}", if het { "dit" } else { "deze" });
                match *needs {
                    Needs::Last { closers: 0 } => {
                        format!("Geen enkele nog niet geziene tegel voltooit {this} in één keer")
                    }
                    Needs::Last { closers } => format!(
                        "{closers} van de {unseen} nog niet geziene tegels {} {this}: {}% bij elke trekking",
                        if closers == 1 { "voltooit" } else { "voltooien" },
                        per_draw(closers, *unseen)
                    ),
                    Needs::Tiles(t) => format!("Nog minstens {} nodig", count(t, "tegel", "tegels")),
                    Needs::Never => format!("Geen tegel meer kan {this} voltooien"),
                }
            }
            CardLine::IfConfirmed => "Als je de figuur bevestigt:".to_string(),
            CardLine::Worth { complete: true, value, .. } => format!("Gewaardeerd: {value}"),
            CardLine::Worth { value, if_completed, .. } => match if_completed {
                Some(c) => format!("Nu: {value} · voltooid: {c}"),
                None => format!("Nu: {value}"),
            },
            CardLine::Nobody => "Niemand bezet het".to_string(),
            CardLine::Holder { name, figures, ghosts: g, majority } => {
                let mut s = format!("{name}: {}", count(*figures, "figuur", "figuren"));
                if *g > 0 {
                    s += &format!(", {}", ghosts(*g));
                }
                if *majority {
                    s += " (meerderheid)";
                }
                s
            }
        }
    }

    fn feature(&self, f: &FeatureRef) -> String {
        let the = the(f.kind);
        let what = match f.tiles {
            Some(n) => format!("{the} van {}", count(n, "tegel", "tegels")),
            None => the,
        };
        match &f.owners {
            Owners::Nobody => what,
            Owners::Players(names) => format!("{what} van {}", and(names)),
            Owners::Colours(cs) => {
                let names: Vec<&str> = cs.iter().map(|c| colour(*c)).collect();
                let meeples = if cs.len() == 1 { "meeple" } else { "meeples" };
                format!("{what} met de {} {meeples}", and(&names))
            }
        }
    }

    fn spot(&self, kind: FeatureKind, side: Option<Side>) -> String {
        let side = match side {
            None => return the(kind),
            Some(Side::N) => "noordkant",
            Some(Side::E) => "oostkant",
            Some(Side::S) => "zuidkant",
            Some(Side::W) => "westkant",
        };
        format!("{} aan de {side}", the(kind))
    }

    fn named(&self, n: &Named, _: Case) -> String {
        match n {
            Named::Meeple { colour: c, feature, near, at } => {
                let mut s = match feature {
                    Some(k) => format!(
                        "de {} meeple {} {}",
                        colour(*c),
                        if matches!(k, FeatureKind::Road | FeatureKind::Field) { "op" } else { "in" },
                        the(*k)
                    ),
                    None => format!("de {} meeple", colour(*c)),
                };
                if let Some((side, t)) = near {
                    s = format!("{s} {} {}", direction(*side), brief(t));
                }
                if let Some(p) = at {
                    s = format!("{s} {}", self.place(p, PlaceAs::At));
                }
                s
            }
            Named::Feature { kind, colours, near, at } => {
                let who: Vec<&str> = colours.iter().map(|c| colour(*c)).collect();
                let mut s = match who.len() {
                    0 => the(*kind),
                    1 => format!("{} van de {} meeple", the(*kind), who[0]),
                    _ => format!("{} van de {} meeples", the(*kind), and(&who)),
                };
                if let Some((side, t)) = near {
                    s = format!("{s} {} {}", direction(*side), brief(t));
                }
                if let Some(p) = at {
                    s = format!("{s} {}", self.place(p, PlaceAs::At));
                }
                s
            }
            Named::Square { full: Some(p), .. } => self.place(p, PlaceAs::Name),
            Named::Square { here, by, .. } => {
                let rel = by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), brief(t)));
                match (here, rel) {
                    (Some(h), Some(rel)) => format!("{} {rel}", brief(h)),
                    (Some(h), None) => brief(h),
                    (None, Some(rel)) => rel,
                    (None, None) => "het vak".into(),
                }
            }
            Named::Mist { sides: s, on } => {
                let mut out = if s.is_empty() { "de mist".to_string() } else { format!("de mist aan {}", sides(s)) };
                if let Some(on) = on {
                    out = format!("{out} op {}", self.named(on, Case::Dat));
                }
                out
            }
            Named::Coords(n, x, y) => format!("{} ({x}, {y})", self.named(n, Case::Nom)),
        }
    }

    fn choice(&self, c: &ChoiceWords) -> String {
        let name = |n: &Named| self.named(n, Case::Nom);
        capital(match c {
            ChoiceWords::Points { points, feature } => {
                format!("neem {}: {}", count(*points, "punt", "punten"), name(feature))
            }
            ChoiceWords::Remove { ghosts: g, from, instead_of } => {
                let mut s = format!("verjaag in plaats daarvan {} van {}", ghosts(*g), name(from));
                if let Some(f) = instead_of {
                    s += &format!(" (en geef {} op)", name(f));
                }
                s
            }
            ChoiceWords::Bury { meeple } => format!("begraaf {}", name(meeple)),
            ChoiceWords::BuryColour { colour: c } => format!("begraaf een {} meeple uit de voorraad", colour(*c)),
            ChoiceWords::Spot { spot, .. } => name(spot),
            ChoiceWords::Attract { from } => format!("een spook van {}", name(from)),
            ChoiceWords::With { meeple, .. } => name(meeple),
            ChoiceWords::Clear { ghosts: g, from } => format!("verjaag {} van {}", ghosts(*g), name(from)),
            ChoiceWords::FaceDown { at } => name(at),
        })
    }

    fn plan(&self, s: &PlanStep) -> String {
        let name = |n: &Named| self.named(n, Case::Acc);
        match s {
            PlanStep::Tile { at, quarters } => format!("de tegel {at} leggen, {}", turned(*quarters)),
            PlanStep::Figure { figure, feature, spot } => format!("{} op {spot} zetten", role(*figure, *feature)),
            PlanStep::Meeple { colour: c, spot, .. } => format!("een {} meeple op {spot} zetten", colour(*c)),
            PlanStep::Pass => "geen meeple zetten".into(),
            PlanStep::Retrieve { at } => format!("de abt {at} terugnemen"),
            PlanStep::SetChoice => "de keuze maken die volgt".into(),
            PlanStep::Choice(c) => match c.as_ref() {
                ChoiceWords::Points { points, feature } => {
                    format!("de {} van {} nemen", count(*points, "punt", "punten"), name(feature))
                }
                ChoiceWords::Remove { ghosts: g, from, instead_of: Some(f) } => {
                    format!("de punten van {} opgeven om {} van {} te verjagen", name(f), ghosts(*g), name(from))
                }
                ChoiceWords::Remove { ghosts: g, from, .. } => {
                    format!("die punten opgeven om {} van {} te verjagen", ghosts(*g), name(from))
                }
                ChoiceWords::Bury { meeple } => format!("{} begraven", name(meeple)),
                ChoiceWords::BuryColour { colour: c } => format!("een {} meeple uit de voorraad begraven", colour(*c)),
                ChoiceWords::Spot { why: Why::Fewer, spot } => format!("{} één spook minder laten krijgen", name(spot)),
                ChoiceWords::Spot { why: Why::CemeteryGhost, spot } => {
                    format!("het extra spook op {} zetten", name(spot))
                }
                ChoiceWords::Spot { why: Why::MistGhost, spot } => {
                    format!("het spook van het kerkhof in {} zetten", name(spot))
                }
                ChoiceWords::Spot { spot, .. } => format!("{} kiezen", name(spot)),
                ChoiceWords::Attract { from } => {
                    format!("de spreukencirkel een spook van {} laten trekken", name(from))
                }
                ChoiceWords::With { why: Why::Hound(h), meeple } => {
                    format!("{} met {} mee laten lopen", hound(*h), name(meeple))
                }
                ChoiceWords::With { meeple, .. } => format!("Eloïse bij {} zetten", name(meeple)),
                ChoiceWords::Clear { ghosts: g, from } => format!("{} van {} verjagen", ghosts(*g), name(from)),
                ChoiceWords::FaceDown { at } => format!("de gedekte tegel {} leggen", name(at)),
            },
        }
    }

    fn ruin(&self) -> (String, [String; 2]) {
        (
            "Ruïne".into(),
            [
                "Waar de vier vakken van de starttegel samenkomen: hier eindigen wegen en scheiden weiden".into(),
                "Alleen decoratie: er kan geen figuur op staan en ze levert nooit punten op".into(),
            ],
        )
    }

    fn play_error(&self, e: &PlayError, cx: &Cx) -> String {
        let at = |p: &Pos| cx.at(p.x, p.y, PlaceAs::At);
        let awaited = |t: &str| self.awaited(t).unwrap_or("een andere zet");
        match e {
            PlayError::GameOver => "het spel is afgelopen".into(),
            PlayError::WrongStep { expected } => format!("nu niet: het spel wacht op {}", awaited(expected)),
            PlayError::NotNow(expected) => {
                format!("geen antwoord op deze stap: het spel wacht op {}", awaited(expected))
            }
            PlayError::WrongTile { drawn, given } => format!("de getrokken tegel is {drawn}, niet {given}"),
            PlayError::Occupied(p) => format!("{} ligt al een tegel", at(p)),
            PlayError::NotAdjacent(p) => format!("het vak {} raakt geen gelegde tegel", at(p)),
            PlayError::EdgeMismatch { pos, rot } => format!(
                "de tegel, {}, past niet bij de buren {}",
                match rot.quarters() {
                    0 => "zoals hij gedrukt is",
                    1 => "een kwartslag naar rechts gedraaid",
                    2 => "ondersteboven gedraaid",
                    _ => "een kwartslag naar links gedraaid",
                },
                at(pos)
            ),
            PlayError::Forbidden(why) => format!("niet toegestaan: {}", self.restriction(why, cx)),
            PlayError::NoSuchSpot(s) => format!("de tegel heeft bij {s} geen plek voor een figuur"),
            PlayError::FeatureOccupied(k) => {
                let het = noun(*k).1;
                format!("op {} {} staat al een figuur", if het { "dat" } else { "die" }, noun(*k).0)
            }
            PlayError::FigureNotAllowed { figure: f, feature } => {
                format!("een {} mag niet op een {} staan", figure(*f), noun(*feature).0)
            }
            PlayError::NoneInSupply(k) => format!("er is geen {} meer in de voorraad", figure(*k)),
            PlayError::NoAbbotThere(p) => format!("je hebt geen abt {}", at(p)),
            PlayError::AbbotsBuildingComplete(p) => format!(
                "de abt {} kan niet worden teruggenomen: zijn gebouw is af en telt deze beurt (BASE-ABBOT-4)",
                at(p)
            ),
            PlayError::NotACircleTarget(p) => format!(
                "geen figuur {} mag deze spreukencirkel een spook geven (ze trekt er een van een figuur met een spook op de 8 vakken rond de gelegde tegel)",
                at(p)
            ),
            PlayError::NotACatTarget(p) => format!("{} staat geen figuur waar Eloïse naast kan zitten", at(p)),
            PlayError::NotAGhostTarget(p) => format!(
                "geen meeple {} mag dit spook krijgen (wie de mist uitbreidt, spookt bij een meeple van een ander; wie haar begrenst, bij een eigen; nooit bij een bewakingsmeeple)",
                at(p)
            ),
        }
    }

    fn restriction(&self, r: &Restriction, cx: &Cx) -> String {
        match r {
            Restriction::NoFarmers => "in dit spel doen boeren niet mee".into(),
            Restriction::BordersTwo { building, other } => {
                format!("een {} mag aan niet meer dan één {} grenzen", noun(*building).0, noun(*other).0)
            }
            Restriction::MakesBorderTwo { building, other, at } => {
                let het = noun(*other).1;
                format!(
                    "{} {} grenst al aan een {}; {} mag niet aan twee grenzen",
                    the(*other),
                    cx.at(at.x, at.y, PlaceAs::At),
                    noun(*building).0,
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

    fn setup_error(&self, e: &SetupError) -> String {
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
            SetupError::FirstPlayer(n) => {
                format!("\"first_player\" {n} is geen plaats (plaatsen tellen vanaf 0; niet in het coöperatieve spel)")
            }
            SetupError::UnknownTile(t) => format!("de trekstapel noemt tegel {t:?}, die niet in de gekozen dozen zit"),
            SetupError::OptionalTile(t) => format!(
                "de trekstapel noemt tegel {t:?}, die alleen sommige drukken hebben: zet de optie \"optional_tiles\" aan"
            ),
            SetupError::TooManyCopies { tile, available } => {
                format!("de trekstapel heeft meer exemplaren van {tile} dan de {available} in de dozen")
            }
            SetupError::NoStartTile => "de tegels van deze dozen hebben geen starttegel".into(),
            SetupError::Requires { set, needs } => {
                format!("de uitbreiding \"{set}\" wordt gespeeld met \"{needs}\": voeg die toe")
            }
            SetupError::Excludes { set, other, .. } => {
                format!("de uitbreiding \"{set}\" kan niet samen met \"{other}\" worden gespeeld")
            }
            SetupError::DrawOrder(_) => "de volgorde van de trekstapel breekt een regel".into(),
            SetupError::NotAvailable(what) => format!("{what} is in deze versie nog niet beschikbaar"),
            SetupError::Coop(_) => "deze opzet van het coöperatieve spel is volgens de regels niet mogelijk".into(),
        }
    }

    fn record_error(&self, e: &RecordError, cx: &Cx) -> String {
        match e {
            RecordError::Malformed(m) if m.starts_with("the share code") => "de deelcode is beschadigd".into(),
            RecordError::Malformed(_) => {
                "dit is geen geldig spelverslag: het is beschadigd of van een andere soort".into()
            }
            RecordError::Version(m) if m.contains("newer") => {
                "dit is gemaakt door een nieuwere versie van het spel; deze versie kan het niet lezen".into()
            }
            RecordError::Version(_) => "deze versie van het formaat bestaat niet".into(),
            RecordError::Setup(s) => format!("de opzet van het verslag is niet speelbaar: {}", self.setup_error(s)),
            RecordError::Action { index, error: ActionError::Illegal(why), .. } => {
                format!("zet {} kan niet worden gespeeld: {}", index + 1, self.play_error(why, cx))
            }
            RecordError::Action { index, .. } => format!("zet {} is onleesbaar", index + 1),
        }
    }
}

impl Dutch {
    /// What a step waits for, from the engine's `expects()` text.
    pub(super) fn awaited(&self, expected: &str) -> Option<&'static str> {
        Some(match expected {
            "a tile placement" => "het leggen van een tegel",
            "a ghost placement (choose a meeple to haunt)" => "een spook (kies een meeple om bij te spoken)",
            "a spell circle to attract a ghost (choose a meeple beside the tile)" => {
                "een spreukencirkel die een spook aantrekt (kies een meeple naast de tegel)"
            }
            "Eloïse to be placed next to a meeple" => "Eloïse, naast een meeple",
            "a figure placement or a pass" => "een figuur, of geen",
            "nothing (the game is over)" => "niets (het spel is afgelopen)",
            "a meeple to bury on the closed cemetery" => "een meeple om te begraven op het gesloten kerkhof",
            "the extending mist region that places one ghost fewer" => {
                "het mistgebied dat groeit en één spook minder krijgt"
            }
            "a ghost around the tile for its spell circle" => "een spook rond de tegel voor haar spreukencirkel",
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
            "a square for the face-down tile" => "een vak voor de gedekte tegel",
            _ => return None,
        })
    }

    /// The engine's reason in an event.
    pub(super) fn reason(&self, reason: &str) -> Option<&'static str> {
        Some(match reason {
            "no ghosts left in the supply" => "er zijn geen spoken meer in de voorraad",
            "no other player has a meeple a ghost may haunt" => {
                "geen andere speler heeft een meeple waar een spook bij mag komen"
            }
            "the player has no meeple a ghost may haunt" => "de speler heeft geen meeple waar een spook bij mag komen",
            "both buildings were completed at once: both score" => {
                "beide gebouwen werden tegelijk voltooid: beide scoren"
            }
            "a participant left the board" => "een deelnemer verliet het bord",
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Share;
    use crate::text::{describe_in, line};

    #[test]
    fn dutch_lines_use_the_dutch_rule_books_terms() {
        let names: Vec<String> = ["Rood", "Zwart", "Blauw"].iter().map(|s| s.to_string()).collect();
        let nl = |e: &Event| describe_in(Lang::Nl, e, &names);
        let city = crate::text::en::tests::city(vec![Share { player: 0, figures: 2, ghosts: 0, points: 12 }]);
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
                case: GhostCase::Extend,
                reason: "no ghosts left in the supply".into()
            }),
            "Geen spook voor het uitbreiden van de mist: er zijn geen spoken meer in de voorraad"
        );
        assert_eq!(line(Lang::Nl, Line::TurnUndone("Rood".into())), "Rood nam de beurt terug");
    }
}
