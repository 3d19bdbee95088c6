//! Deutsch, mit den Begriffen der Spielregeln von Hans im Glück: Plättchen, Meeple,
//! Wegelagerer, Ritter, Mönch, Bauer, Straße, Stadt, Kloster, Wiese, Wappen, Abt, Garten;
//! aus „Nebel über Carcassonne“ Nebel, Geister, Friedhöfe, Spukschlösser; Wächter,
//! Zauberkreise, Wachtürme, Ketzer und Kultstätten wie im Glossar (docs/glossary.json)
//! begründet.
//!
//! German declines: every noun here carries its gender, and a phrase is built in the case
//! its preposition wants (`auf` + dative for where, `von` + dative, `für` + accusative).

use super::choice::{ChoiceWords, Named, PlanStep, Why};
use super::speech::{per_draw, CardLine, CardState, Cx, FeatureRef, Owners, Place, PlaceAs, Speech, Thing};
use super::tile::TilePart;
use super::{join_with, Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::tiles::{StartSquare, Tower};
use crate::engine::{Event, FeatureKind, FigureKind, GhostCase, Needs, PlayError, Pos, Scoring, SetupError, Side};
use crate::record::{ActionError, RecordError};

/// German.
pub(crate) struct German;

const L: Lang = Lang::De;

fn count(n: impl Into<i64>, one: &str, other: &str) -> String {
    L.count(n, one, other)
}

fn and<S: AsRef<str>>(items: &[S]) -> String {
    join_with(items, "und")
}

/// A noun's gender.
#[derive(Clone, Copy, PartialEq, Eq)]
enum G {
    M,
    F,
    N,
}

use super::speech::Case;

/// A feature's noun and gender.
fn noun(kind: FeatureKind) -> (&'static str, G) {
    match kind {
        FeatureKind::Road => ("Straße", G::F),
        FeatureKind::City => ("Stadt", G::F),
        FeatureKind::Field => ("Wiese", G::F),
        FeatureKind::Monastery => ("Kloster", G::N),
        FeatureKind::Shrine => ("Kultstätte", G::F),
        FeatureKind::Garden => ("Garten", G::M),
        FeatureKind::Castle => ("Spukschloss", G::N),
        FeatureKind::Cemetery => ("Friedhof", G::M),
        FeatureKind::River => ("Fluss", G::M),
        FeatureKind::Mist => ("Nebelbank", G::F),
    }
}

/// The definite article.
fn der(g: G, case: Case) -> &'static str {
    match (case, g) {
        (Case::Nom, G::M) => "der",
        (Case::Acc, G::M) => "den",
        (Case::Dat, G::M | G::N) => "dem",
        (Case::Dat, G::F) => "der",
        (_, G::F) => "die",
        (_, G::N) => "das",
    }
}

/// The indefinite article.
fn ein(g: G, case: Case) -> &'static str {
    match (case, g) {
        (Case::Nom, G::M) | (Case::Nom | Case::Acc, G::N) => "ein",
        (Case::Acc, G::M) => "einen",
        (Case::Dat, G::M | G::N) => "einem",
        (Case::Dat, G::F) => "einer",
        (_, G::F) => "eine",
    }
}

/// An adjective's ending after the indefinite article (mixed declension).
fn mixed(g: G, case: Case) -> &'static str {
    match (case, g) {
        (Case::Dat, _) | (Case::Acc, G::M) => "en",
        (_, G::M) => "er",
        (_, G::F) => "e",
        (_, G::N) => "es",
    }
}

/// "die Stadt", "dem Kloster".
fn the(kind: FeatureKind, case: Case) -> String {
    let (n, g) = noun(kind);
    format!("{} {n}", der(g, case))
}

/// "eine Stadt", "einem Kloster".
fn a(kind: FeatureKind, case: Case) -> String {
    let (n, g) = noun(kind);
    format!("{} {n}", ein(g, case))
}

/// "von dem" is "vom".
fn von(np: &str) -> String {
    match np.strip_prefix("dem ") {
        Some(rest) => format!("vom {rest}"),
        None => format!("von {np}"),
    }
}

/// Where a figure is put (`setzen` + accusative of direction): "auf eine Straße".
fn onto(feature: FeatureKind) -> String {
    match feature {
        FeatureKind::Road | FeatureKind::Field | FeatureKind::Cemetery => format!("auf {}", a(feature, Case::Acc)),
        FeatureKind::River | FeatureKind::Mist => "auf das Spielfeld".into(),
        k => format!("in {}", a(k, Case::Acc)),
    }
}

/// Where a figure stands (dative): "auf dieser Straße".
fn on_this(feature: FeatureKind) -> String {
    let (n, g) = noun(feature);
    let this = if g == G::F { "dieser" } else { "diesem" };
    let prep = match feature {
        FeatureKind::Road | FeatureKind::Field | FeatureKind::Cemetery => "auf",
        _ => "in",
    };
    format!("{prep} {this} {n}")
}

/// A figure's role, in the accusative (`setzte einen Ritter`).
fn role(figure: FigureKind, feature: FeatureKind) -> &'static str {
    match (figure, feature) {
        (FigureKind::Abbot, _) => "den Abt",
        (FigureKind::Guard, FeatureKind::Field) => "einen Wächter als Bauern",
        (FigureKind::Guard, _) => "einen Wächter",
        (_, FeatureKind::Road) => "einen Wegelagerer",
        (_, FeatureKind::City) => "einen Ritter",
        (_, FeatureKind::Field) => "einen Bauern",
        (_, FeatureKind::Monastery) => "einen Mönch",
        (_, FeatureKind::Shrine) => "einen Ketzer",
        _ => "einen Meeple",
    }
}

/// A figure's noun (all three are masculine).
fn figure(kind: FigureKind) -> &'static str {
    match kind {
        FigureKind::Meeple => "Meeple",
        FigureKind::Guard => "Wächter",
        FigureKind::Abbot => "Abt",
    }
}

/// A colour of the cooperative game as a noun ("Rot").
fn colour_noun(c: u8) -> &'static str {
    ["Rot", "Grün", "Blau", "Gelb", "Schwarz", "Rosa"].get(c as usize).copied().unwrap_or("?")
}

/// A colour as an adjective with its ending ("roten"); rosa takes none.
fn colour(c: u8, ending: &str) -> String {
    let stem = ["rot", "grün", "blau", "gelb", "schwarz", "rosa"].get(c as usize).copied().unwrap_or("?");
    if stem == "rosa" {
        stem.to_string()
    } else {
        format!("{stem}{ending}")
    }
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
    count(n, "Geist", "Geister")
}

fn tiles(n: impl Into<i64>) -> String {
    count(n, "Plättchen", "Plättchen")
}

/// What was scored, in the accusative: "eine Stadt aus 5 Plättchen mit 1 Wappen".
fn scored_feature(s: &Scoring) -> String {
    let (n, g) = noun(s.feature);
    let art = ein(g, Case::Acc);
    let open = if s.complete { String::new() } else { format!("unfertig{} ", mixed(g, Case::Acc)) };
    match s.feature {
        FeatureKind::City => {
            let p = if s.pennants > 0 { format!(" mit {} Wappen", s.pennants) } else { String::new() };
            format!("{art} {open}{n} aus {}{p}", tiles(s.tiles))
        }
        FeatureKind::Road => format!("{art} {open}{n} aus {}", tiles(s.tiles)),
        FeatureKind::Field if s.cities == 0 => "eine Wiese an keiner abgeschlossenen Stadt".to_string(),
        FeatureKind::Field => {
            format!("eine Wiese an {}", count(s.cities, "abgeschlossenen Stadt", "abgeschlossenen Städten"))
        }
        FeatureKind::Castle => {
            format!("{art} {open}{n} mit {}", count(s.tiles, "nebligen Plättchen", "nebligen Plättchen"))
        }
        k if k.is_building() && s.complete => format!("{art} vollständig{} {n}", mixed(g, Case::Acc)),
        _ => {
            format!("{art} {open}{n} mit {}", count(s.tiles.saturating_sub(1), "Nachbarplättchen", "Nachbarplättchen"))
        }
    }
}

/// A tile's part in `case` (the first part of a tile is in the case the sentence wants;
/// the others follow "mit" in the dative).
fn part(p: TilePart, case: Case) -> String {
    let dat = case == Case::Dat;
    let arms = |n: u8| match n {
        0 => String::new(),
        1 => " mit einem Wappen".to_string(),
        n => format!(" mit {n} Wappen"),
    };
    // An indefinite noun phrase with an optional adjective.
    let np = |adj: &str, n: &str, g: G| {
        let adj = if adj.is_empty() { String::new() } else { format!("{adj}{} ", mixed(g, case)) };
        format!("{} {adj}{n}", ein(g, case))
    };
    match p {
        TilePart::City { sides: 1, arms: a } => format!("{}{}", np("", "Stadtrand", G::M), arms(a)),
        TilePart::City { sides: 4, arms: a } => format!("{} an allen vier Seiten{}", np("", "Stadt", G::F), arms(a)),
        TilePart::City { sides, arms: a } => format!("{} über {sides} Seiten{}", np("", "Stadt", G::F), arms(a)),
        TilePart::Caps(n) => {
            format!("{n} getrennte{} Stadtränder{}", if dat { "n" } else { "" }, if dat { "n" } else { "" })
        }
        TilePart::Through { river: false, straight: true } => np("gerad", "Straße", G::F),
        TilePart::Through { river: false, straight: false } => np("", "Straßenkurve", G::F),
        TilePart::Through { river: true, straight: true } => np("gerad", "Flussstück", G::N),
        TilePart::Through { river: true, straight: false } => np("", "Flussbiegung", G::F),
        TilePart::Crossing(n) => format!("{} von {n} Straßen", np("", "Kreuzung", G::F)),
        TilePart::RoadEnd => np("", "Straße", G::F),
        TilePart::Roads => "2 Straßen".into(),
        TilePart::Spring => format!("{} Quelle des Flusses", der(G::F, case)),
        TilePart::Lake => format!("{} See des Flusses", der(G::M, case)),
        TilePart::Building(b) => match b {
            FeatureKind::Monastery
            | FeatureKind::Shrine
            | FeatureKind::Garden
            | FeatureKind::Castle
            | FeatureKind::Cemetery => a(b, case),
            _ => np("", "Gebäude", G::N),
        },
        TilePart::Tower => np("", "Wachturm", G::M),
        TilePart::Mist => "Nebel".into(),
        TilePart::Circles(1) => np("", "Zauberkreis", G::M),
        TilePart::Circles(n) => format!("{n} Zauberkreise{}", if dat { "n" } else { "" }),
        TilePart::Field => np("", "Wiese", G::F),
    }
}

/// A tile in `case`: its main part, then "mit" the others.
fn tile_in(parts: &[TilePart], case: Case) -> String {
    match parts {
        [] => String::new(),
        [one] => part(*one, case),
        [first, rest @ ..] => {
            let rest: Vec<String> = rest.iter().map(|p| part(*p, Case::Dat)).collect();
            let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
            format!("{} mit {}", part(*first, case), and(&rest))
        }
    }
}

fn thing(t: &Thing, case: Case) -> String {
    match t {
        Thing::Start => format!("{} Startplättchen", der(G::N, case)),
        Thing::StartPart(q) => {
            format!("{} {}{} Feld des Startplättchens", der(G::N, case), corner(*q), weak(G::N, case))
        }
        Thing::FaceDown => format!("{} verdeckt{} Plättchen", ein(G::N, case), mixed(G::N, case)),
        Thing::Tile(parts) => tile_in(parts, case),
    }
}

fn direction(side: Side) -> &'static str {
    match side {
        Side::N => "nördlich",
        Side::E => "östlich",
        Side::S => "südlich",
        Side::W => "westlich",
    }
}

/// A square by what lies there and where, in `case`; its coordinates when nothing is
/// beside it.
fn place_name(p: &Place, case: Case) -> String {
    let rel = p.by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), von(&thing(t, Case::Dat))));
    match (&p.here, rel) {
        (Some(h), Some(rel)) => format!("{} {rel}", thing(h, case)),
        (Some(h), None) => thing(h, case),
        (None, Some(rel)) => rel,
        (None, None) => format!("({}, {})", p.x, p.y),
    }
}

/// A corner of the 2×2 start tile, as an adjective's stem ("nordwestlich").
fn corner(q: StartSquare) -> &'static str {
    match q {
        StartSquare::Nw => "nordwestlich",
        StartSquare::Ne => "nordöstlich",
        StartSquare::Sw => "südwestlich",
        StartSquare::Se => "südöstlich",
    }
}

/// A short noun for what lies on a square, in `case`: "das Startplättchen", "dem Friedhof".
fn brief(t: &Thing, case: Case) -> String {
    let (n, g) = match t {
        Thing::StartPart(_) => return thing(t, case),
        Thing::Start => ("Startplättchen", G::N),
        Thing::FaceDown => {
            return format!("{} verdeckte{} Plättchen", der(G::N, case), if case == Case::Dat { "n" } else { "" })
        }
        Thing::Tile(parts) => match parts.first() {
            Some(TilePart::City { .. } | TilePart::Caps(_)) => ("Stadt", G::F),
            Some(TilePart::Through { river: true, .. }) => ("Fluss", G::M),
            Some(TilePart::Through { river: false, .. } | TilePart::RoadEnd | TilePart::Roads) => ("Straße", G::F),
            Some(TilePart::Crossing(_)) => ("Kreuzung", G::F),
            Some(TilePart::Spring) => ("Quelle", G::F),
            Some(TilePart::Lake) => ("See", G::M),
            Some(TilePart::Building(b)) => noun(*b),
            Some(TilePart::Tower) => ("Wachturm", G::M),
            Some(TilePart::Mist) => ("Nebel", G::M),
            Some(TilePart::Circles(_)) => ("Zauberkreis", G::M),
            Some(TilePart::Field) | None => ("Wiese", G::F),
        },
    };
    format!("{} {n}", der(g, case))
}

/// An adjective's ending after the definite article (weak declension).
fn weak(g: G, case: Case) -> &'static str {
    match (case, g) {
        (Case::Nom, _) | (Case::Acc, G::F | G::N) => "e",
        _ => "en",
    }
}

/// The genitive of a meeple of a colour: "des roten Meeples".
fn of_meeple(c: u8) -> String {
    format!("des {} Meeples", colour(c, "en"))
}

fn sides(sides: &[Side]) -> String {
    let names: Vec<&str> = sides
        .iter()
        .map(|s| match s {
            Side::N => "Norden",
            Side::E => "Osten",
            Side::S => "Süden",
            Side::W => "Westen",
        })
        .collect();
    format!("im {}", and(&names))
}

fn capital(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// "zu dem" is "zum", "zu der" is "zur".
fn zu(np: &str) -> String {
    if let Some(rest) = np.strip_prefix("dem ") {
        format!("zum {rest}")
    } else if let Some(rest) = np.strip_prefix("der ") {
        format!("zur {rest}")
    } else {
        format!("zu {np}")
    }
}

/// A nominative noun phrase with the definite article as the accusative (only the
/// masculine article changes: "der Garten" is "den Garten").
fn accusative(np: &str) -> String {
    match np.strip_prefix("der ") {
        Some(rest) => format!("den {rest}"),
        None => np.to_string(),
    }
}

/// The preposition a figure is put with: "auf" a road, field or cemetery, else "in".
fn prep(feature: FeatureKind) -> &'static str {
    match feature {
        FeatureKind::Road | FeatureKind::Field | FeatureKind::Cemetery | FeatureKind::River | FeatureKind::Mist => {
            "auf"
        }
        _ => "in",
    }
}

fn turned(quarters: u8) -> &'static str {
    match quarters % 4 {
        0 => "ohne es zu drehen",
        1 => "um eine Vierteldrehung nach rechts gedreht",
        2 => "auf den Kopf gedreht",
        _ => "um eine Vierteldrehung nach links gedreht",
    }
}

impl Speech for German {
    fn event(&self, event: &Event, cx: &Cx) -> String {
        let name = |p: usize| cx.name(p);
        let at = |x: i32, y: i32| cx.at(x, y, PlaceAs::At);
        match event {
            Event::TileDrawn { player, tiles_left, .. } => {
                format!("{} zog ein Plättchen (noch {})", name(*player), tiles(*tiles_left))
            }
            Event::TileDiscarded { tile, .. } => {
                format!("{tile} passt nirgends und kommt aus dem Spiel; ein anderes Plättchen wird gezogen")
            }
            Event::TilePlaced { player, tile, x, y, .. } => match cx.tile(tile) {
                Some(parts) if cx.knows_squares() => {
                    format!("{} legte ein Plättchen {}: {}", name(*player), at(*x, *y), self.tile(&parts))
                }
                _ => format!("{} legte ein Plättchen {}", name(*player), at(*x, *y)),
            },
            Event::FigurePlaced { player, figure, feature, .. } => {
                format!("{} setzte {} {}", name(*player), role(*figure, *feature), onto(*feature))
            }
            Event::Passed { player } => format!("{} setzte keinen Meeple", name(*player)),
            Event::AbbotRetrieved { player, .. } => format!("{} nahm den Abt zurück", name(*player)),
            Event::Scored(s) => {
                let winners: Vec<&str> = s.shares.iter().filter(|sh| sh.points > 0).map(|sh| name(sh.player)).collect();
                let what = scored_feature(s);
                let prefix = if s.complete { "" } else { "Schlusswertung: " };
                let holders: Vec<&str> = s.shares.iter().map(|sh| name(sh.player)).collect();
                match winners.as_slice() {
                    [] => {
                        let had = if holders.len() == 1 { "hatte" } else { "hatten" };
                        format!("{prefix}{} {had} {what}: keine Punkte", and(&holders))
                    }
                    [one] => {
                        let sh = s.shares.iter().find(|sh| sh.points > 0).expect("a winner");
                        let lost = if sh.points != s.value && sh.ghosts > 0 {
                            format!(" ({} − {} für {})", s.value, s.value - sh.points, ghosts(sh.ghosts))
                        } else {
                            String::new()
                        };
                        format!("{prefix}{one} wertete {what}: {}{lost}", sh.points)
                    }
                    many => {
                        let pts = s.shares.iter().find(|sh| sh.points > 0).map_or(0, |sh| sh.points);
                        format!("{prefix}{} werteten {what}: je {pts}", and(many))
                    }
                }
            }
            Event::GhostPlaced { player, owner, case, ghosts: n, .. } => {
                let why = match case {
                    GhostCase::Extend => "erweiterte den Nebel",
                    GhostCase::Limit => "begrenzte den Nebel",
                };
                let whose = if owner == player {
                    "beim eigenen Meeple".to_string()
                } else {
                    format!("beim Meeple von {}", name(*owner))
                };
                format!("{} {why}: ein Geist spukt {whose} ({})", name(*player), ghosts(*n))
            }
            Event::GhostSkipped { reason, case, .. } => {
                let what = match case {
                    GhostCase::Extend => "Erweitern",
                    GhostCase::Limit => "Begrenzen",
                };
                format!("Kein Geist für das {what} des Nebels: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::FigureScared { player, figure: f, .. } => {
                format!("Ein dritter Geist verjagte den {} von {} (keine Punkte)", figure(*f), name(*player))
            }
            Event::GuardRewarded { player, reserve_left } => {
                format!("{} erhält einen Wächter aus der Reserve (dort noch {reserve_left})", name(*player))
            }
            Event::GuardReserveEmpty { player } => {
                format!("Die Wächter-Reserve von {} ist leer: keine Belohnung", name(*player))
            }
            Event::GhostPenalty { player, ghosts: n, points } => {
                format!("Schlusswertung: {} verliert {} für {}", name(*player), -points, ghosts(*n))
            }
            Event::TowerScored { player, tower, count: n, points, .. } => {
                let what = match tower {
                    Tower::Meeple => count(*n, "Meeple", "Meeple"),
                    Tower::Arms => count(*n, "Wappen", "Wappen"),
                    Tower::Road => count(*n, "Plättchen mit Straße", "Plättchen mit Straße"),
                    Tower::Monastery => count(*n, "Kloster", "Klöster"),
                    Tower::City => count(*n, "Plättchen mit Stadt", "Plättchen mit Stadt"),
                };
                format!("Der Wachturm von {} zählt {what}: {points}", name(*player))
            }
            Event::ChallengeStarted { heretic, monk, .. } => format!(
                "Herausforderung! Der Ketzer von {} gegen den Mönch von {}: das zuerst fertige Gebäude gewinnt",
                name(*heretic),
                name(*monk)
            ),
            Event::ChallengeWon { winner, loser, building, bonus } => {
                let extra =
                    if *bonus > 0 { format!(" und erhält {bonus} für das andere Gebäude") } else { String::new() };
                format!(
                    "{} gewinnt die Herausforderung mit {}{extra}; {} bekommt nichts",
                    name(*winner),
                    the(*building, Case::Dat),
                    name(*loser)
                )
            }
            Event::ChallengeEnded { reason } => {
                format!("Die Herausforderung endet: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::CircleGhostsReleased { count: n, .. } => {
                let leave = L.pick(*n, "verlässt", "verlassen");
                format!("Die Nebelbank ist abgeschlossen: {} {leave} die Zauberkreise", ghosts(*n))
            }
            Event::CircleFilled { from: Some(p), .. } => {
                format!("Ein Zauberkreis zieht einen Geist vom Meeple von {} ab", name(*p))
            }
            Event::CircleFilled { from: None, .. } => "Ein Zauberkreis zieht einen Geist aus dem Vorrat".to_string(),
            Event::CatPlaced { player, .. } => {
                format!("Die Katze Eloïse setzt sich zum Meeple von {}", name(*player))
            }
            Event::CatWaits => "Eloïse wartet auf den nächsten Meeple, der eingesetzt wird".to_string(),
            Event::CatScored { player, points } => {
                format!("Eloïse bringt {} {points} für die Geister in den Zauberkreisen", name(*player))
            }
            Event::FigureReturned { player, figure: f, .. } => {
                format!("Der {} von {} kehrte in den Vorrat zurück", figure(*f), name(*player))
            }
            Event::ScoreFloored { player, .. } => format!("Der Punktestand von {} bleibt bei 0", name(*player)),
            Event::GhostsPlaced { x, y, count: n, spot } => {
                let where_ = match &**spot {
                    "circle" => "in einem Zauberkreis",
                    "cemetery" => "auf einem Friedhof",
                    _ => "im Nebel",
                };
                let verb = L.pick(*n, "erscheint", "erscheinen");
                format!("{} {verb} {where_} {}", ghosts(*n), at(*x, *y))
            }
            Event::GhostsReleased { count: n, x, y } => {
                let verb = L.pick(*n, "kehrt", "kehren");
                format!("{} {} {verb} in den Vorrat zurück", ghosts(*n), at(*x, *y))
            }
            Event::GhostsRemoved { x, y, count: n } => {
                format!("Das Team vertreibt {} {}", ghosts(*n), cx.at(*x, *y, PlaceAs::From))
            }
            Event::GhostAttracted { from_x, from_y, x, y } => format!(
                "Der Zauberkreis {} zieht einen Geist {} ab",
                at(*x, *y),
                cx.at(*from_x, *from_y, PlaceAs::From)
            ),
            Event::MeeplePlaced { player, colour: c, feature, .. } => {
                format!("{} setzte einen {} Meeple {}", name(*player), colour(*c, "en"), onto(*feature))
            }
            Event::MeepleReturned { colour: c, .. } => {
                format!("Der {} Meeple kehrt in seinen Vorrat zurück", colour(*c, "e"))
            }
            Event::MeepleBuried { colour: c, x, y } => {
                format!("Der Friedhof {} schließt sich: der {} Meeple wird begraben", at(*x, *y), colour(*c, "e"))
            }
            Event::TeamScored { feature, value, colours, points, .. } => {
                let who: Vec<&str> = colours.iter().map(|c| colour_noun(*c)).collect();
                let each = if points == value { "" } else { "je " };
                format!("Das Team wertet {} ({}): {each}{points}", the(*feature, Case::Acc), and(&who))
            }
            Event::ScoringGivenUp { feature, .. } => {
                format!("Das Team verzichtet auf die Punkte für {}, um Geister zu vertreiben", the(*feature, Case::Acc))
            }
            Event::HoundReached { hound: h } => {
                format!("Der Punktestand erreicht {}: der nächste Stapel wird geöffnet", hound(*h))
            }
            Event::PileOpened { pile, tiles: n } => format!("Stapel {pile} ist jetzt im Spiel ({})", tiles(*n)),
            Event::HoundPlaced { hound: h, colour: c, .. } => {
                format!("{} läuft mit dem {} Meeple", hound(*h), colour(*c, "en"))
            }
            Event::HoundLost { hound: h } => format!("{} verlässt das Spiel", hound(*h)),
            Event::HoundScored { hound: h, points } => {
                format!("{} bringt {points} für die Geister auf dem Spielfeld", hound(*h))
            }
            Event::CatJoined { colour: c, .. } => {
                format!("Die Katze Eloïse setzt sich zum {} Meeple", colour(*c, "en"))
            }
            Event::TeamCatScored { points } => format!("Eloïse bringt {points} für die Geister in den Zauberkreisen"),
            Event::FaceDownPlaced { x, y } => format!("Ein Plättchen wird {} verdeckt gelegt", at(*x, *y)),
            Event::TeamWon { turn, .. } => format!("Das Team erreichte das Ziel in Zug {turn}: Sieg!"),
            Event::TeamLost { turn, why, piles: 1, .. } if why == "pile" => {
                format!("Der Stapel war in Zug {turn} vor dem Ziel aufgebraucht: die Geister gewinnen")
            }
            Event::TeamLost { turn, why, pile, piles, .. } if why == "pile" => {
                format!("Stapel {pile} von {piles} war in Zug {turn} aufgebraucht: die Geister gewinnen")
            }
            Event::TeamLost { turn, needed, supply, .. } => {
                let were = L.pick(*needed, "wurde", "wurden");
                let left = L.pick(*supply, "war", "waren");
                format!(
                    "In Zug {turn} {were} {} gebraucht, aber es {left} nur noch {supply} übrig: die Geister gewinnen",
                    ghosts(*needed)
                )
            }
            Event::GameOver { scores, winners } => {
                let ws: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
                let best = winners.first().map_or(0, |w| scores[*w]);
                let points = count(best, "Punkt", "Punkten");
                if ws.len() == 1 {
                    format!("Spielende: {} gewinnt mit {points}", ws[0])
                } else {
                    format!("Spielende: {} teilen sich den Sieg mit {points}", and(&ws))
                }
            }
        }
    }

    fn line(&self, l: Line) -> String {
        match l {
            Line::TileUndone(n) => format!("{n} nahm das Plättchen zurück"),
            Line::TurnUndone(n) => format!("{n} nahm den Zug zurück"),
            Line::Loaded => "Das Spiel wurde geladen".to_string(),
        }
    }

    fn tile(&self, parts: &[TilePart]) -> String {
        tile_in(parts, Case::Nom)
    }

    fn place(&self, p: &Place, as_: PlaceAs) -> String {
        let coords = format!("({}, {})", p.x, p.y);
        let rel = p.by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), von(&thing(t, Case::Dat))));
        match (as_, &p.here, rel) {
            (PlaceAs::Name, _, _) => place_name(p, Case::Nom),
            (PlaceAs::Relation, Some(h @ (Thing::Start | Thing::StartPart(_))), _) => thing(h, Case::Nom),
            (PlaceAs::Relation | PlaceAs::At, _, Some(rel)) => rel,
            (PlaceAs::Relation, _, None) => coords,
            (PlaceAs::At, Some(h), None) => format!("auf {}", thing(h, Case::Dat)),
            (PlaceAs::At, None, None) => format!("auf {coords}"),
            (PlaceAs::From, _, _) => von(&place_name(p, Case::Dat)),
        }
    }

    fn card(&self, line: &CardLine) -> String {
        match line {
            CardLine::Title { kind, state } => {
                let n = noun(*kind).0;
                match state {
                    CardState::None => n.to_string(),
                    CardState::Open => format!("{n} (unfertig)"),
                    CardState::Done => format!("{n} (abgeschlossen)"),
                    CardState::Limited => format!("{n} (begrenzt: nie abgeschlossen)"),
                }
            }
            CardLine::Extent { kind, tiles: t, arms, open } => {
                let mut what = vec![tiles(*t)];
                if *arms > 0 {
                    what.push(format!("{arms} Wappen"));
                }
                if *open > 0 {
                    what.push(match kind {
                        FeatureKind::Road => count(*open, "offenes Ende", "offene Enden"),
                        _ => count(*open, "offene Kante", "offene Kanten"),
                    });
                }
                and(&what.iter().map(String::as_str).collect::<Vec<_>>())
            }
            CardLine::Filled { squares } => format!("{squares} von 9 Feldern belegt"),
            CardLine::Misty { squares } => count(*squares, "nebliges Feld ringsum", "neblige Felder ringsum"),
            CardLine::Field { cities, value } => format!(
                "Grenzt an {}: {value} für die Mehrheit der Bauern",
                count(*cities, "abgeschlossene Stadt", "abgeschlossene Städte")
            ),
            CardLine::Mist { regions, open } => format!(
                "{}, {}",
                count(*regions, "Nebelgebiet", "Nebelgebiete"),
                count(*open, "offener Nebelrand", "offene Nebelränder")
            ),
            CardLine::Worth { this_turn: true, value, .. } => format!("Wird am Ende dieses Zuges gewertet: {value}"),
            CardLine::Odds { kind, unseen, needs } => {
                let (n, g) = noun(*kind);
                let this = format!("{} {n}", ["diesen", "diese", "dieses"][g as usize]);
                match *needs {
                    Needs::Last { closers: 0 } => {
                        format!("Kein noch nicht gesehenes Plättchen vollendet {this} auf einmal")
                    }
                    Needs::Last { closers } => format!(
                        "{closers} der {unseen} noch nicht gesehenen Plättchen {} {this}: {}\u{a0}% bei jedem Ziehen",
                        if closers == 1 { "vollendet" } else { "vollenden" },
                        per_draw(closers, *unseen)
                    ),
                    Needs::Tiles(t) => format!("Braucht noch mindestens {t} Plättchen"),
                    Needs::Never => format!("Kein Plättchen mehr kann {this} vollenden"),
                }
            }
            CardLine::IfConfirmed => "Wenn du die Figur bestätigst:".to_string(),
            CardLine::Worth { complete: true, value, .. } => format!("Gewertet: {value}"),
            CardLine::Worth { value, if_completed, .. } => match if_completed {
                Some(c) => format!("Jetzt: {value} · abgeschlossen: {c}"),
                None => format!("Jetzt: {value}"),
            },
            CardLine::Nobody => "Unbesetzt".to_string(),
            CardLine::Holder { name, figures, ghosts: g, majority } => {
                let mut s = format!("{name}: {}", count(*figures, "Figur", "Figuren"));
                if *g > 0 {
                    s += &format!(", {}", ghosts(*g));
                }
                if *majority {
                    s += " (Mehrheit)";
                }
                s
            }
        }
    }

    fn feature(&self, f: &FeatureRef) -> String {
        let the = the(f.kind, Case::Nom);
        let what = match f.tiles {
            Some(n) => format!("{the} aus {}", tiles(n)),
            None => the,
        };
        match &f.owners {
            Owners::Nobody => what,
            Owners::Players(names) => format!("{what} von {}", and(names)),
            Owners::Colours(cs) if cs.len() == 1 => format!("{what} mit dem {} Meeple", colour(cs[0], "en")),
            Owners::Colours(cs) => {
                let names: Vec<&str> = cs.iter().map(|c| colour_noun(*c)).collect();
                format!("{what} mit den Meeple in {}", and(&names))
            }
        }
    }

    fn spot(&self, kind: FeatureKind, side: Option<Side>) -> String {
        let side = match side {
            None => return the(kind, Case::Nom),
            Some(Side::N) => "Nordseite",
            Some(Side::E) => "Ostseite",
            Some(Side::S) => "Südseite",
            Some(Side::W) => "Westseite",
        };
        format!("{} an der {side}", the(kind, Case::Nom))
    }

    fn named(&self, n: &Named, case: Case) -> String {
        match n {
            Named::Meeple { colour: c, feature, near, at } => {
                let mut s = match feature {
                    Some(k) => {
                        let place = format!("{} {}", prep(*k), the(*k, Case::Dat)).replacen("in dem ", "im ", 1);
                        format!("{} {} Meeple {place}", der(G::M, case), colour(*c, weak(G::M, case)))
                    }
                    None => format!("{} {} Meeple", der(G::M, case), colour(*c, weak(G::M, case))),
                };
                if let Some((side, t)) = near {
                    s = format!("{s} {} {}", direction(*side), von(&brief(t, Case::Dat)));
                }
                if let Some(p) = at {
                    s = format!("{s} {}", self.place(p, PlaceAs::At));
                }
                s
            }
            Named::Feature { kind, colours, near, at } => {
                let mut s = match colours.as_slice() {
                    [] => the(*kind, case),
                    [c] => format!("{} {}", the(*kind, case), of_meeple(*c)),
                    cs => {
                        let who: Vec<String> = cs.iter().map(|c| colour(*c, "en")).collect();
                        let who: Vec<&str> = who.iter().map(String::as_str).collect();
                        format!("{} der {} Meeple", the(*kind, case), and(&who))
                    }
                };
                if let Some((side, t)) = near {
                    s = format!("{s} {} {}", direction(*side), von(&brief(t, Case::Dat)));
                }
                if let Some(p) = at {
                    s = format!("{s} {}", self.place(p, PlaceAs::At));
                }
                s
            }
            Named::Square { full: Some(p), .. } => place_name(p, case),
            Named::Square { here, by, .. } => {
                let rel = by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), von(&brief(t, Case::Dat))));
                match (here, rel) {
                    (Some(h), Some(rel)) => format!("{} {rel}", brief(h, case)),
                    (Some(h), None) => brief(h, case),
                    (None, Some(rel)) => rel,
                    (None, None) => format!("{} Feld", der(G::N, case)),
                }
            }
            Named::Mist { sides: s, on } => {
                let mut out = format!("{} Nebel", der(G::M, case));
                if !s.is_empty() {
                    out = format!("{out} {}", sides(s));
                }
                if let Some(on) = on {
                    out = format!("{out} auf {}", self.named(on, Case::Dat));
                }
                out
            }
            Named::Coords(n, x, y) => format!("{} ({x}, {y})", self.named(n, case)),
        }
    }

    fn choice(&self, c: &ChoiceWords) -> String {
        let nom = |n: &Named| self.named(n, Case::Nom);
        let from = |n: &Named| von(&self.named(n, Case::Dat));
        capital(match c {
            ChoiceWords::Points { points, feature } => {
                format!("{} nehmen: {}", count(*points, "Punkt", "Punkte"), nom(feature))
            }
            ChoiceWords::Remove { ghosts: g, from: f, instead_of } => {
                let mut s = format!("stattdessen {} {} vertreiben", ghosts(*g), from(f));
                if let Some(i) = instead_of {
                    s += &format!(" (und auf {} verzichten)", self.named(i, Case::Acc));
                }
                s
            }
            ChoiceWords::Bury { meeple } => format!("{} begraben", self.named(meeple, Case::Acc)),
            ChoiceWords::BuryColour { colour: c } => {
                format!("einen {} Meeple aus dem Vorrat begraben", colour(*c, "en"))
            }
            ChoiceWords::Spot { spot, .. } => nom(spot),
            ChoiceWords::Attract { from: f } => format!("einen Geist {}", from(f)),
            ChoiceWords::With { meeple, .. } => nom(meeple),
            ChoiceWords::Clear { ghosts: g, from: f } => format!("{} {} vertreiben", ghosts(*g), from(f)),
            ChoiceWords::FaceDown { at } => nom(at),
        })
    }

    fn plan(&self, s: &PlanStep) -> String {
        let acc = |n: &Named| self.named(n, Case::Acc);
        let dat = |n: &Named| self.named(n, Case::Dat);
        match s {
            PlanStep::Tile { at, quarters } => format!("das Plättchen {at} legen, {}", turned(*quarters)),
            PlanStep::Figure { figure, feature, spot } => {
                format!("{} {} {} setzen", role(*figure, *feature), prep(*feature), accusative(spot))
            }
            PlanStep::Meeple { colour: c, feature, spot } => {
                format!("einen {} Meeple {} {} setzen", colour(*c, "en"), prep(*feature), accusative(spot))
            }
            PlanStep::Pass => "keinen Meeple setzen".into(),
            PlanStep::Retrieve { at } => format!("den Abt {at} zurücknehmen"),
            PlanStep::SetChoice => "die folgende Wahl treffen".into(),
            PlanStep::Choice(c) => match c.as_ref() {
                ChoiceWords::Points { points, feature } => {
                    let the = L.pick(*points, "den", "die");
                    format!("{the} {} für {} nehmen", count(*points, "Punkt", "Punkte"), acc(feature))
                }
                ChoiceWords::Remove { ghosts: g, from, instead_of: Some(f) } => format!(
                    "auf die Punkte für {} verzichten und {} {} vertreiben",
                    acc(f),
                    ghosts(*g),
                    von(&dat(from))
                ),
                ChoiceWords::Remove { ghosts: g, from, .. } => {
                    format!("auf diese Punkte verzichten und {} {} vertreiben", ghosts(*g), von(&dat(from)))
                }
                ChoiceWords::Bury { meeple } => format!("{} begraben", acc(meeple)),
                ChoiceWords::BuryColour { colour: c } => {
                    format!("einen {} Meeple aus dem Vorrat begraben", colour(*c, "en"))
                }
                ChoiceWords::Spot { why: Why::Fewer, spot } => format!("{} einen Geist weniger geben", dat(spot)),
                ChoiceWords::Spot { why: Why::CemeteryGhost, spot } => {
                    format!("den zusätzlichen Geist auf {} setzen", acc(spot))
                }
                ChoiceWords::Spot { why: Why::MistGhost, spot } => {
                    format!("den Geist des Friedhofs in {} setzen", acc(spot))
                }
                ChoiceWords::Spot { spot, .. } => format!("{} wählen", acc(spot)),
                ChoiceWords::Attract { from } => {
                    format!("den Zauberkreis einen Geist {} ziehen lassen", von(&dat(from)))
                }
                ChoiceWords::With { why: Why::Hound(h), meeple } => {
                    format!("{} mit {} laufen lassen", hound(*h), dat(meeple))
                }
                ChoiceWords::With { meeple, .. } => format!("Eloïse {} setzen", zu(&dat(meeple))),
                ChoiceWords::Clear { ghosts: g, from } => format!("{} {} vertreiben", ghosts(*g), von(&dat(from))),
                ChoiceWords::FaceDown { at } => format!("das verdeckte Plättchen {} legen", self.named(at, Case::Nom)),
            },
        }
    }

    fn ruin(&self) -> (String, [String; 2]) {
        (
            "Ruine".into(),
            [
                "Wo die vier Felder des Startplättchens zusammentreffen: hier enden Straßen und trennen sich Wiesen"
                    .into(),
                "Nur Schmuck: keine Figur kann darauf stehen, und sie bringt nie Punkte".into(),
            ],
        )
    }

    fn play_error(&self, e: &PlayError, cx: &Cx) -> String {
        let at = |p: &Pos| cx.at(p.x, p.y, PlaceAs::At);
        let awaited = |t: &str| self.awaited(t).unwrap_or("einen anderen Zug");
        match e {
            PlayError::GameOver => "das Spiel ist vorbei".into(),
            PlayError::WrongStep { expected } => format!("jetzt nicht: das Spiel wartet auf {}", awaited(expected)),
            PlayError::NotNow(expected) => {
                format!("keine Antwort auf diesen Schritt: das Spiel wartet auf {}", awaited(expected))
            }
            PlayError::WrongTile { drawn, given } => format!("das gezogene Plättchen ist {drawn}, nicht {given}"),
            PlayError::Occupied(p) => format!("{} liegt schon ein Plättchen", at(p)),
            PlayError::NotAdjacent(p) => {
                format!("das Feld {} grenzt an kein gelegtes Plättchen", cx.at(p.x, p.y, PlaceAs::Relation))
            }
            PlayError::EdgeMismatch { pos, rot } => format!(
                "das Plättchen passt {}, {}, nicht zu seinen Nachbarn",
                at(pos),
                match rot.quarters() {
                    0 => "so wie gedruckt",
                    1 => "um eine Vierteldrehung nach rechts gedreht",
                    2 => "auf den Kopf gedreht",
                    _ => "um eine Vierteldrehung nach links gedreht",
                }
            ),
            PlayError::Forbidden(why) => format!("nicht erlaubt: {}", self.restriction(why, cx)),
            PlayError::NoSuchSpot(s) => format!("das Plättchen hat bei {s} keinen Platz für eine Figur"),
            PlayError::FeatureOccupied(k) => format!("{} steht schon eine Figur", on_this(*k)),
            PlayError::FigureNotAllowed { figure: f, feature } => {
                format!("ein {} darf nicht {} gesetzt werden", figure(*f), onto(*feature))
            }
            PlayError::NoneInSupply(k) => format!("im Vorrat ist kein {} mehr", figure(*k)),
            PlayError::NoAbbotThere(p) => format!("du hast keinen Abt {}", at(p)),
            PlayError::AbbotsBuildingComplete(p) => format!(
                "der Abt {} kann nicht zurückgenommen werden: sein Gebäude ist fertig und wird in diesem Zug gewertet (BASE-ABBOT-4)",
                at(p)
            ),
            PlayError::NotACircleTarget(p) => format!(
                "keine Figur {} darf diesem Zauberkreis einen Geist geben (er zieht ihn von einer Figur mit Geist auf den 8 Feldern um das gerade gelegte Plättchen)",
                at(p)
            ),
            PlayError::NotACatTarget(p) => {
                format!("{} steht keine Figur, neben die sich Eloïse setzen kann", at(p))
            }
            PlayError::NotAGhostTarget(p) => format!(
                "kein Meeple {} darf diesen Geist bekommen (wer den Nebel erweitert, lässt ihn bei einem fremden Meeple spuken, wer ihn begrenzt, bei einem eigenen; nie bei einem Wächter)",
                at(p)
            ),
        }
    }

    fn restriction(&self, r: &Restriction, cx: &Cx) -> String {
        match r {
            Restriction::NoFarmers => "in diesem Spiel gibt es keine Bauern".into(),
            Restriction::BordersTwo { building, other } => {
                format!("{} darf an höchstens {} grenzen", a(*building, Case::Nom), a(*other, Case::Acc))
            }
            Restriction::MakesBorderTwo { building, other, at } => {
                let pronoun = match noun(*other).1 {
                    G::M => "er",
                    G::F => "sie",
                    G::N => "es",
                };
                format!(
                    "{} {} grenzt schon an {}; {pronoun} darf nicht an zwei grenzen",
                    the(*other, Case::Nom),
                    cx.at(at.x, at.y, PlaceAs::At),
                    a(*building, Case::Acc)
                )
            }
            Restriction::RiverMustExtend => {
                "ein Flussplättchen muss den Fluss an seinem offenen Ende fortsetzen (BASE-RIVER-1)".into()
            }
            Restriction::RiverUTurn => {
                "der Fluss darf nicht auf zwei Plättchen nacheinander in dieselbe Richtung biegen: das wäre eine Kehrtwende (BASE-RIVER-1)"
                    .into()
            }
        }
    }

    fn setup_error(&self, e: &SetupError) -> String {
        match e {
            SetupError::PlayerCount(n) => format!(
                "ein Spiel braucht 2 bis 5 Spieler, nicht {n} (das kooperative Spiel oder ein Rätsel mit fester Reihenfolge der Plättchen: 1 bis 5)"
            ),
            SetupError::NameTooLong { seat, chars } => format!(
                "der Name von Spieler {} ist {chars} Zeichen lang; ein Name hat höchstens {}",
                seat + 1,
                crate::engine::setup::MAX_NAME
            ),
            SetupError::BadColor { seat, .. } => format!(
                "die Farbe von Spieler {} ist keine Farbe wie \"#d9342b\" (# und 3 oder 6 Hexadezimalziffern)",
                seat + 1
            ),
            SetupError::SeatColours { seat, .. } => {
                format!("die Farben von Spieler {} passen nicht zum kooperativen Spiel", seat + 1)
            }
            SetupError::DrawTooLong(n) => format!("die Reihenfolge nennt {n} Plättchen: zu viele für ein Spiel"),
            SetupError::UnknownSet(s) => format!("unbekannte Erweiterung {s:?}"),
            SetupError::NoBase => "jedes Spiel braucht das Grundspiel (\"base\")".into(),
            SetupError::DuplicateSet(s) => format!("die Erweiterung \"{s}\" steht zweimal da"),
            SetupError::FirstPlayer(n) => {
                format!("\"first_player\" {n} nennt keinen Platz (Plätze zählen ab 0; nicht im kooperativen Spiel)")
            }
            SetupError::UnknownTile(t) => {
                format!("die Reihenfolge nennt das Plättchen {t:?}, das in keiner gewählten Schachtel ist")
            }
            SetupError::OptionalTile(t) => format!(
                "die Reihenfolge nennt das Plättchen {t:?}, das nur manche Auflagen haben: schalte die Option \"optional_tiles\" ein"
            ),
            SetupError::TooManyCopies { tile, available } => {
                format!("die Reihenfolge hat mehr Exemplare von {tile} als die {available} in den Schachteln")
            }
            SetupError::NoStartTile => "die Plättchen dieser Schachteln haben kein Startplättchen".into(),
            SetupError::Requires { set, needs } => {
                format!("die Erweiterung \"{set}\" wird mit \"{needs}\" gespielt: füge sie hinzu")
            }
            SetupError::Excludes { set, other, .. } => {
                format!("die Erweiterung \"{set}\" kann nicht mit \"{other}\" gespielt werden")
            }
            SetupError::DrawOrder(_) => "die Reihenfolge der Plättchen bricht eine Regel".into(),
            SetupError::NotAvailable(what) => format!("{what} gibt es in dieser Version noch nicht"),
            SetupError::Coop(_) => "dieser Aufbau des kooperativen Spiels ist nach den Regeln nicht möglich".into(),
        }
    }

    fn record_error(&self, e: &RecordError, cx: &Cx) -> String {
        match e {
            RecordError::Malformed(m) if m.starts_with("the share code") => "der Teilen-Code ist beschädigt".into(),
            RecordError::Malformed(_) => {
                "das ist keine gültige Spielaufzeichnung: sie ist beschädigt oder von anderer Art".into()
            }
            RecordError::Version(m) if m.contains("newer") => {
                "das wurde von einer neueren Version des Spiels gemacht; diese Version kann es nicht lesen".into()
            }
            RecordError::Version(_) => "diese Version des Formats gibt es nicht".into(),
            RecordError::Setup(s) => {
                format!("der Aufbau der Aufzeichnung ist nicht spielbar: {}", self.setup_error(s))
            }
            RecordError::Action { index, error: ActionError::Illegal(why), .. } => {
                format!("Zug {} kann nicht gespielt werden: {}", index + 1, self.play_error(why, cx))
            }
            RecordError::Action { index, .. } => format!("Zug {} ist unleserlich", index + 1),
        }
    }
}

impl German {
    /// What a step waits for, from the engine's `expects()` text.
    pub(super) fn awaited(&self, expected: &str) -> Option<&'static str> {
        Some(match expected {
            "a tile placement" => "das Legen eines Plättchens",
            "a ghost placement (choose a meeple to haunt)" => "einen Geist (wähle einen Meeple, bei dem er spukt)",
            "a spell circle to attract a ghost (choose a meeple beside the tile)" => {
                "einen Zauberkreis, der einen Geist anzieht (wähle einen Meeple neben dem Plättchen)"
            }
            "Eloïse to be placed next to a meeple" => "Eloïse, neben einem Meeple",
            "a figure placement or a pass" => "eine Figur, oder keine",
            "nothing (the game is over)" => "nichts (das Spiel ist vorbei)",
            "a meeple to bury on the closed cemetery" => {
                "einen Meeple, der auf dem geschlossenen Friedhof begraben wird"
            }
            "the extending mist region that places one ghost fewer" => {
                "das wachsende Nebelgebiet, das einen Geist weniger bekommt"
            }
            "a ghost around the tile for its spell circle" => {
                "einen Geist rund um das Plättchen für seinen Zauberkreis"
            }
            "the open cemetery that receives a ghost" => "den offenen Friedhof, der einen Geist bekommt",
            "the mist region that receives the ghost" => "das Nebelgebiet, das den Geist bekommt",
            "a meeple for Eloïse" => "einen Meeple für Eloïse",
            "a meeple on the tile, or none" => "einen Meeple auf dem Plättchen, oder keinen",
            "a completed feature to score, or to give up for removing ghosts" => {
                "ein abgeschlossenes Gebiet zum Werten, oder zum Verzichten, um Geister zu vertreiben"
            }
            "a meeple for the hound" => "einen Meeple für den Hund",
            "a square around the hound to remove ghosts from, or none" => {
                "ein Feld um den Hund, von dem Geister vertrieben werden, oder keines"
            }
            "a square for the face-down tile" => "ein Feld für das verdeckte Plättchen",
            _ => return None,
        })
    }

    /// The engine's reason in an event.
    pub(super) fn reason(&self, reason: &str) -> Option<&'static str> {
        Some(match reason {
            "no ghosts left in the supply" => "im Vorrat sind keine Geister mehr",
            "no other player has a meeple a ghost may haunt" => {
                "kein anderer Spieler hat einen Meeple, bei dem ein Geist spuken darf"
            }
            "the player has no meeple a ghost may haunt" => {
                "der Spieler hat keinen Meeple, bei dem ein Geist spuken darf"
            }
            "both buildings were completed at once: both score" => {
                "beide Gebäude wurden zugleich fertig: beide werden gewertet"
            }
            "a participant left the board" => "ein Beteiligter hat das Spielfeld verlassen",
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Share;
    use crate::text::describe_in;

    #[test]
    fn german_lines_decline_as_german_does() {
        let names: Vec<String> = ["Rot", "Schwarz", "Blau"].iter().map(|s| s.to_string()).collect();
        let de = |e: &Event| describe_in(Lang::De, e, &names);
        let city = crate::text::en::tests::city(vec![Share { player: 0, figures: 2, ghosts: 0, points: 12 }]);
        assert_eq!(de(&Event::Scored(city.clone())), "Rot wertete eine Stadt aus 5 Plättchen mit 1 Wappen: 12");
        let castle = Scoring {
            feature: FeatureKind::Castle,
            complete: false,
            tiles: 3,
            value: 3,
            shares: vec![Share { player: 2, figures: 1, ghosts: 1, points: 1 }],
            ..city.clone()
        };
        assert_eq!(
            de(&Event::Scored(castle)),
            "Schlusswertung: Blau wertete ein unfertiges Spukschloss mit 3 nebligen Plättchen: 1 (3 − 2 für 1 Geist)"
        );
        let garden = Scoring {
            feature: FeatureKind::Garden,
            tiles: 9,
            value: 9,
            shares: vec![Share { player: 0, figures: 1, ghosts: 0, points: 9 }],
            ..city.clone()
        };
        assert_eq!(de(&Event::Scored(garden)), "Rot wertete einen vollständigen Garten: 9");
        let placed = Event::FigurePlaced {
            player: 1,
            figure: FigureKind::Meeple,
            x: 0,
            y: 0,
            spot: "N".into(),
            feature: FeatureKind::Road,
        };
        assert_eq!(de(&placed), "Schwarz setzte einen Wegelagerer auf eine Straße");
        let tie = Event::GameOver { scores: vec![40, 12, 40], winners: vec![0, 2] };
        assert_eq!(de(&tie), "Spielende: Rot und Blau teilen sich den Sieg mit 40 Punkten");
        let one = Event::GhostsReleased { count: 1, x: 1, y: 0 };
        assert_eq!(de(&one), "1 Geist auf (1, 0) kehrt in den Vorrat zurück");
    }

    #[test]
    fn tiles_are_declined_after_their_preposition() {
        let straight = [TilePart::Through { river: false, straight: true }];
        assert_eq!(tile_in(&straight, Case::Nom), "eine gerade Straße");
        assert_eq!(tile_in(&straight, Case::Dat), "einer geraden Straße");
        let cap = [TilePart::City { sides: 1, arms: 0 }, TilePart::Through { river: true, straight: true }];
        assert_eq!(tile_in(&cap, Case::Dat), "einem Stadtrand mit einem geraden Flussstück");
        assert_eq!(von(&thing(&Thing::Start, Case::Dat)), "vom Startplättchen");
    }
}
