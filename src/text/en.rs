//! English: the log, the cards, tiles and squares, and every refusal.

use super::choice::{ChoiceWords, Named, PlanStep, Why};
use super::speech::{per_draw, CardLine, CardState, Case, Cx, FeatureRef, Owners, Place, PlaceAs, Speech, Thing};
use super::tile::TilePart;
use super::{join_with, Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::tiles::{StartSquare, Tower};
use crate::engine::{Event, FeatureKind, FigureKind, GhostCase, Needs, PlayError, Scoring, SetupError, Side};
use crate::record::{ActionError, RecordError};

/// English.
pub(crate) struct English;

const L: Lang = Lang::En;

fn count(n: impl Into<i64>, one: &str, other: &str) -> String {
    L.count(n, one, other)
}

fn and<S: AsRef<str>>(items: &[S]) -> String {
    join_with(items, "and")
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

/// A feature's noun, lower case.
fn noun(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Road => "road",
        FeatureKind::City => "city",
        FeatureKind::Field => "field",
        FeatureKind::Monastery => "monastery",
        FeatureKind::Shrine => "shrine",
        FeatureKind::Garden => "garden",
        FeatureKind::Castle => "haunted castle",
        FeatureKind::Cemetery => "cemetery",
        FeatureKind::River => "river",
        FeatureKind::Mist => "mist bank",
    }
}

/// A feature's noun in the cooperative game, whose castles are plain castles.
fn coop_noun(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Castle => "castle",
        k => noun(k),
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

fn figure(kind: FigureKind) -> &'static str {
    match kind {
        FigureKind::Meeple => "meeple",
        FigureKind::Guard => "guard meeple",
        FigureKind::Abbot => "abbot",
    }
}

/// A colour of the cooperative game by its index.
fn colour(c: u8) -> &'static str {
    crate::engine::coop::COLOURS.get(c as usize).copied().unwrap_or("?")
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
    count(n, "ghost", "ghosts")
}

/// What was scored, e.g. "a city of 5 tiles with 1 pennant".
fn scored_feature(s: &Scoring) -> String {
    let a = |noun: &str| if s.complete { format!("a {noun}") } else { format!("an unfinished {noun}") };
    match s.feature {
        FeatureKind::City => {
            let p = if s.pennants > 0 {
                format!(" with {}", count(s.pennants, "pennant", "pennants"))
            } else {
                String::new()
            };
            format!("{} of {}{p}", a("city"), count(s.tiles, "tile", "tiles"))
        }
        FeatureKind::Road => format!("{} of {}", a("road"), count(s.tiles, "tile", "tiles")),
        FeatureKind::Field if s.cities == 0 => "a field beside no completed city".to_string(),
        FeatureKind::Field => format!("a field beside {}", count(s.cities, "completed city", "completed cities")),
        FeatureKind::Castle => format!("{} with {}", a("haunted castle"), count(s.tiles, "misty tile", "misty tiles")),
        k if k.is_building() && s.complete => format!("a completed {}", noun(k)),
        k => format!("{} with {}", a(noun(k)), count(s.tiles.saturating_sub(1), "neighbour", "neighbours")),
    }
}

fn thing(t: &Thing) -> String {
    match t {
        Thing::Start => "the start tile".into(),
        Thing::StartPart(q) => format!("the start tile's {} square", corner(*q)),
        Thing::FaceDown => "a face-down tile".into(),
        Thing::Tile(parts) => English.tile(parts),
    }
}

fn direction(side: Side) -> &'static str {
    match side {
        Side::N => "north of",
        Side::E => "east of",
        Side::S => "south of",
        Side::W => "west of",
    }
}

fn part(p: TilePart) -> String {
    let arms = |n: u8| match n {
        0 => String::new(),
        1 => " with a pennant".to_string(),
        n => format!(" with {n} pennants"),
    };
    match p {
        TilePart::City { sides: 1, arms: a } => format!("a city cap{}", arms(a)),
        TilePart::City { sides: 4, arms: a } => format!("a city on all four sides{}", arms(a)),
        TilePart::City { sides, arms: a } => format!("a city across {sides} sides{}", arms(a)),
        TilePart::Caps(n) => format!("{n} separate city caps"),
        TilePart::Through { river: false, straight: true } => "a straight road".into(),
        TilePart::Through { river: false, straight: false } => "a bend in the road".into(),
        TilePart::Through { river: true, straight: true } => "a straight stretch of river".into(),
        TilePart::Through { river: true, straight: false } => "a bend in the river".into(),
        TilePart::Crossing(n) => format!("a crossing of {n} roads"),
        TilePart::RoadEnd => "a road".into(),
        TilePart::Roads => "2 roads".into(),
        TilePart::Spring => "the river's spring".into(),
        TilePart::Lake => "the river's lake".into(),
        TilePart::Building(b) => match b {
            FeatureKind::Monastery => "a monastery",
            FeatureKind::Shrine => "a shrine",
            FeatureKind::Garden => "a garden",
            FeatureKind::Castle => "a haunted castle",
            FeatureKind::Cemetery => "a cemetery",
            _ => "a building",
        }
        .into(),
        TilePart::Tower => "a watchtower".into(),
        TilePart::Mist => "mist".into(),
        TilePart::Circles(1) => "a spell circle".into(),
        TilePart::Circles(n) => format!("{n} spell circles"),
        TilePart::Field => "a field".into(),
    }
}

/// A corner of the 2×2 start tile.
fn corner(q: StartSquare) -> &'static str {
    match q {
        StartSquare::Nw => "north-west",
        StartSquare::Ne => "north-east",
        StartSquare::Sw => "south-west",
        StartSquare::Se => "south-east",
    }
}

/// A short noun for what lies on a square: "the start tile", "the cemetery", "the city".
fn brief(t: &Thing) -> String {
    let noun = match t {
        Thing::StartPart(_) => return thing(t),
        Thing::Start => "start tile",
        Thing::FaceDown => "face-down tile",
        Thing::Tile(parts) => match parts.first() {
            Some(TilePart::City { .. } | TilePart::Caps(_)) => "city",
            Some(TilePart::Through { river: true, .. }) => "river",
            Some(TilePart::Through { river: false, .. } | TilePart::RoadEnd | TilePart::Roads) => "road",
            Some(TilePart::Crossing(_)) => "crossing",
            Some(TilePart::Spring) => "spring",
            Some(TilePart::Lake) => "lake",
            Some(TilePart::Building(b)) => noun(*b),
            Some(TilePart::Tower) => "watchtower",
            Some(TilePart::Mist) => "mist",
            Some(TilePart::Circles(_)) => "spell circle",
            Some(TilePart::Field) | None => "field",
        },
    };
    format!("the {noun}")
}

fn sides(sides: &[Side]) -> String {
    let names: Vec<&str> = sides
        .iter()
        .map(|s| match s {
            Side::N => "north",
            Side::E => "east",
            Side::S => "south",
            Side::W => "west",
        })
        .collect();
    and(&names)
}

/// "The road": a label's first letter capitalised.
fn capital(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

fn turned(quarters: u8) -> &'static str {
    match quarters % 4 {
        0 => "without turning it",
        1 => "turned a quarter to the right",
        2 => "turned upside down",
        _ => "turned a quarter to the left",
    }
}

impl Speech for English {
    fn event(&self, event: &Event, cx: &Cx) -> String {
        let name = |p: usize| cx.name(p);
        let at = |x: i32, y: i32| cx.at(x, y, PlaceAs::At);
        match event {
            Event::TileDrawn { player, tiles_left, .. } => {
                format!("{} drew a tile ({} left)", name(*player), count(*tiles_left, "tile", "tiles"))
            }
            Event::TileDiscarded { tile, .. } => {
                format!("{tile} fits nowhere and leaves the game; another tile is drawn")
            }
            Event::TilePlaced { player, tile, x, y, .. } => match cx.tile(tile) {
                Some(parts) if cx.knows_squares() => {
                    format!("{} placed a tile {}: {}", name(*player), at(*x, *y), self.tile(&parts))
                }
                _ => format!("{} placed a tile {}", name(*player), at(*x, *y)),
            },
            Event::FigurePlaced { player, figure, feature, .. } => {
                format!("{} placed {} {}", name(*player), role(*figure, *feature), place(*feature))
            }
            Event::Passed { player } => format!("{} placed no meeple", name(*player)),
            Event::AbbotRetrieved { player, .. } => format!("{} took their abbot back", name(*player)),
            Event::Scored(s) => {
                let winners: Vec<&str> = s.shares.iter().filter(|sh| sh.points > 0).map(|sh| name(sh.player)).collect();
                let what = scored_feature(s);
                let prefix = if s.complete { "" } else { "Final scoring: " };
                let holders: Vec<&str> = s.shares.iter().map(|sh| name(sh.player)).collect();
                match winners.as_slice() {
                    // A majority player whose ghosts ate every point still took part.
                    [] => format!("{prefix}{} held {what}: no points", and(&holders)),
                    [one] => {
                        let sh = s.shares.iter().find(|sh| sh.points > 0).expect("a winner");
                        let lost = if sh.points != s.value && sh.ghosts > 0 {
                            format!(" ({} − {} for {})", s.value, s.value - sh.points, ghosts(sh.ghosts))
                        } else {
                            String::new()
                        };
                        format!("{prefix}{one} scored {what}: {}{lost}", sh.points)
                    }
                    many => {
                        let pts = s.shares.iter().find(|sh| sh.points > 0).map_or(0, |sh| sh.points);
                        format!("{prefix}{} scored {what}: {pts} each", and(many))
                    }
                }
            }
            Event::GhostPlaced { player, owner, case, ghosts: n, .. } => {
                let why = match case {
                    GhostCase::Extend => "extended the mist",
                    GhostCase::Limit => "limited the mist",
                };
                let whose = if owner == player { "their own".to_string() } else { format!("{}'s", name(*owner)) };
                format!("{} {why}: a ghost haunts {whose} meeple ({})", name(*player), ghosts(*n))
            }
            Event::GhostSkipped { reason, case, .. } => {
                let what = match case {
                    GhostCase::Extend => "extending",
                    GhostCase::Limit => "limiting",
                };
                format!("No ghost for {what} the mist: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::FigureScared { player, figure: f, feature, .. } => format!(
                "A third ghost scared {}'s {} off {} (no points)",
                name(*player),
                figure(*f),
                place(*feature).trim_start_matches("on ").trim_start_matches("in ")
            ),
            Event::GuardRewarded { player, reserve_left } => {
                format!("{} takes a guard meeple from the reserve ({} left there)", name(*player), reserve_left)
            }
            Event::GuardReserveEmpty { player } => format!("{}'s guard reserve is empty: no reward", name(*player)),
            Event::GhostPenalty { player, ghosts: n, points } => {
                format!("Final scoring: {} loses {} for {}", name(*player), -points, ghosts(*n))
            }
            Event::TowerScored { player, tower, count: n, points, .. } => {
                let what = match tower {
                    Tower::Meeple => count(*n, "meeple", "meeples"),
                    Tower::Arms => count(*n, "coat of arms", "coats of arms"),
                    Tower::Road => count(*n, "tile with a road", "tiles with a road"),
                    Tower::Monastery => count(*n, "monastery", "monasteries"),
                    Tower::City => count(*n, "tile with a city", "tiles with a city"),
                };
                format!("{}'s watchtower counts {what}: {points}", name(*player))
            }
            Event::ChallengeStarted { heretic, monk, .. } => format!(
                "Challenge! {}'s heretic against {}'s monk: the first building completed wins",
                name(*heretic),
                name(*monk)
            ),
            Event::ChallengeWon { winner, loser, building, bonus } => {
                let extra =
                    if *bonus > 0 { format!(" and takes {bonus} for the other building") } else { String::new() };
                format!(
                    "{} wins the challenge with the {}{extra}; {} gets nothing",
                    name(*winner),
                    noun(*building),
                    name(*loser)
                )
            }
            Event::ChallengeEnded { reason } => {
                format!("The challenge ends: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::CircleGhostsReleased { count: n, .. } => {
                format!("The mist bank is complete: {} leave the spell circles", ghosts(*n))
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
            Event::FigureReturned { player, figure: f, .. } => {
                format!("{}'s {} returned to the supply", name(*player), figure(*f))
            }
            Event::ScoreFloored { player, .. } => format!("{}'s score stops at 0", name(*player)),
            Event::GhostsPlaced { x, y, count: n, spot } => {
                let where_ = match &**spot {
                    "circle" => "in a spell circle",
                    "cemetery" => "on a cemetery",
                    _ => "on the mist",
                };
                format!("{} {where_} {}", count(*n, "ghost appears", "ghosts appear"), at(*x, *y))
            }
            Event::GhostsReleased { count: n, x, y } => {
                let go = L.pick(*n, "goes", "go");
                format!("{} {} {go} back to the supply", ghosts(*n), at(*x, *y))
            }
            Event::GhostsRemoved { x, y, count: n } => {
                format!("The team drives {} away {}", ghosts(*n), cx.at(*x, *y, PlaceAs::From))
            }
            Event::GhostAttracted { from_x, from_y, x, y } => {
                format!("The spell circle {} draws a ghost {}", at(*x, *y), cx.at(*from_x, *from_y, PlaceAs::From))
            }
            Event::MeeplePlaced { player, colour: c, feature, .. } => {
                format!("{} placed a {} meeple {}", name(*player), colour(*c), place(*feature))
            }
            Event::MeepleReturned { colour: c, .. } => format!("The {} meeple returns to its supply", colour(*c)),
            Event::MeepleBuried { colour: c, x, y } => {
                format!("The cemetery {} closes: the {} meeple is buried", at(*x, *y), colour(*c))
            }
            Event::TeamScored { feature, value, colours, points, .. } => {
                let who: Vec<&str> = colours.iter().map(|c| colour(*c)).collect();
                let each = if points == value { "" } else { " each" };
                format!("The team scores a {} ({}): {points}{each}", coop_noun(*feature), and(&who))
            }
            Event::ScoringGivenUp { feature, .. } => {
                format!("The team gives up the points of a {} to drive ghosts away", coop_noun(*feature))
            }
            Event::HoundReached { hound: h } => format!("The score reaches {}: the next pile opens", hound(*h)),
            Event::PileOpened { pile, tiles } => {
                format!("Pile {pile} is now in play ({})", count(*tiles, "tile", "tiles"))
            }
            Event::HoundPlaced { hound: h, colour: c, .. } => {
                format!("{} runs with the {} meeple", hound(*h), colour(*c))
            }
            Event::HoundLost { hound: h } => format!("{} leaves the game", hound(*h)),
            Event::HoundScored { hound: h, points } => {
                format!("{} brings {points} for the ghosts on the board", hound(*h))
            }
            Event::CatJoined { colour: c, .. } => format!("Eloïse the cat sits by the {} meeple", colour(*c)),
            Event::TeamCatScored { points } => format!("Eloïse brings {points} for the ghosts in the spell circles"),
            Event::FaceDownPlaced { x, y } => format!("A tile is laid face down {}", at(*x, *y)),
            Event::TeamWon { turn, .. } => format!("The team reached the goal on turn {turn}: victory!"),
            Event::TeamLost { turn, why, piles: 1, .. } if why == "pile" => {
                format!("The stack ran out on turn {turn} before the goal: the ghosts win")
            }
            Event::TeamLost { turn, why, pile, piles, .. } if why == "pile" => {
                format!("Pile {pile} of {piles} ran out on turn {turn}: the ghosts win")
            }
            Event::TeamLost { turn, needed, supply, .. } => format!(
                "On turn {turn}, {} needed but only {supply} left: the ghosts win",
                count(*needed, "ghost was", "ghosts were")
            ),
            Event::GameOver { scores, winners } => {
                let ws: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
                let best = winners.first().map_or(0, |w| scores[*w]);
                let points = count(best, "point", "points");
                if ws.len() == 1 {
                    format!("Game over: {} wins with {points}", ws[0])
                } else {
                    format!("Game over: {} share the victory with {points}", and(&ws))
                }
            }
        }
    }

    fn line(&self, l: Line) -> String {
        match l {
            Line::TileUndone(n) => format!("{n} took the tile back"),
            Line::TurnUndone(n) => format!("{n} took back their turn"),
            Line::Loaded => "The game was loaded".to_string(),
        }
    }

    fn tile(&self, parts: &[TilePart]) -> String {
        let words: Vec<String> = parts.iter().map(|p| part(*p)).collect();
        match words.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [first, rest @ ..] => {
                let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
                format!("{first} with {}", and(&rest))
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
            (PlaceAs::At, Some(h), None) => format!("on {}", thing(h)),
            (PlaceAs::At, None, None) => format!("at {coords}"),
            (PlaceAs::From, _, _) => format!("from {}", self.place(p, PlaceAs::Name)),
            (PlaceAs::Relation, Some(_), None) => coords,
        }
    }

    fn card(&self, line: &CardLine) -> String {
        match line {
            CardLine::Title { kind, state } => {
                let mut noun = noun(*kind).to_string();
                noun[..1].make_ascii_uppercase();
                match state {
                    CardState::None => noun,
                    CardState::Open => format!("{noun} (incomplete)"),
                    CardState::Done => format!("{noun} (completed)"),
                    CardState::Limited => format!("{noun} (limited: never completed)"),
                }
            }
            CardLine::Extent { kind, tiles, arms, open } => {
                let mut what = vec![count(*tiles, "tile", "tiles")];
                if *arms > 0 {
                    what.push(count(*arms, "coat of arms", "coats of arms"));
                }
                if *open > 0 {
                    what.push(match kind {
                        FeatureKind::Road => count(*open, "open end", "open ends"),
                        _ => count(*open, "open edge", "open edges"),
                    });
                }
                and(&what.iter().map(String::as_str).collect::<Vec<_>>())
            }
            CardLine::Filled { squares } => format!("{squares} of 9 squares filled"),
            CardLine::Misty { squares } => count(*squares, "misty square around it", "misty squares around it"),
            CardLine::Field { cities, value } => {
                format!("Touches {}: {value} per farmer majority", count(*cities, "completed city", "completed cities"))
            }
            CardLine::Mist { regions, open } => format!(
                "{}, {}",
                count(*regions, "mist region", "mist regions"),
                count(*open, "open misty port", "open misty ports")
            ),
            CardLine::Worth { this_turn: true, value, .. } => format!("Scores {value} at the end of this turn"),
            CardLine::Odds { kind, unseen, needs } => {
                let verb = if matches!(kind, FeatureKind::Road | FeatureKind::City) { "close" } else { "complete" };
                let n = noun(*kind);
                match *needs {
                    Needs::Last { closers: 0 } => format!("No single unseen tile can {verb} this {n}"),
                    Needs::Last { closers } => format!(
                        "{closers} of the {} {verb}{} this {n}: {}% on each draw",
                        count(*unseen, "unseen tile", "unseen tiles"),
                        if closers == 1 { "s" } else { "" },
                        per_draw(closers, *unseen)
                    ),
                    Needs::Tiles(t) => format!("Needs at least {}", count(t, "more tile", "more tiles")),
                    Needs::Never => format!("No tile left can {verb} this {n}"),
                }
            }
            CardLine::IfConfirmed => "If you confirm the figure:".to_string(),
            CardLine::Worth { complete: true, value, .. } => format!("Scored: {value}"),
            CardLine::Worth { value, if_completed, .. } => match if_completed {
                Some(c) => format!("Now: {value} · completed: {c}"),
                None => format!("Now: {value}"),
            },
            CardLine::Nobody => "Nobody holds it".to_string(),
            CardLine::Holder { name, figures, ghosts: g, majority } => {
                let mut s = format!("{name}: {}", count(*figures, "figure", "figures"));
                if *g > 0 {
                    s += &format!(", {}", ghosts(*g));
                }
                if *majority {
                    s += " (majority)";
                }
                s
            }
        }
    }

    fn feature(&self, f: &FeatureRef) -> String {
        let what = match f.tiles {
            Some(n) => format!("{} of {}", noun(f.kind), count(n, "tile", "tiles")),
            None => noun(f.kind).to_string(),
        };
        match &f.owners {
            Owners::Nobody => format!("the {what}"),
            Owners::Players(names) => format!("{}'s {what}", and(names)),
            Owners::Colours(cs) if cs.len() == 1 => format!("the {what} with the {} meeple", colour(cs[0])),
            Owners::Colours(cs) => {
                let names: Vec<&str> = cs.iter().map(|c| colour(*c)).collect();
                format!("the {what} with the {} meeples", and(&names))
            }
        }
    }

    fn spot(&self, kind: FeatureKind, side: Option<Side>) -> String {
        let side = match side {
            None => return format!("the {}", noun(kind)),
            Some(Side::N) => "north",
            Some(Side::E) => "east",
            Some(Side::S) => "south",
            Some(Side::W) => "west",
        };
        format!("the {} on the {side} side", noun(kind))
    }

    fn named(&self, n: &Named, _: Case) -> String {
        match n {
            Named::Meeple { colour: c, feature, near, at } => {
                let mut s = match feature {
                    Some(k) => format!(
                        "the {} meeple {} the {}",
                        colour(*c),
                        if *k == FeatureKind::City { "in" } else { "on" },
                        coop_noun(*k)
                    ),
                    None => format!("the {} meeple", colour(*c)),
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
                    0 => format!("the {}", coop_noun(*kind)),
                    1 => format!("the {} meeple's {}", who[0], coop_noun(*kind)),
                    _ => format!("the {} meeples' {}", and(&who), coop_noun(*kind)),
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
                    (None, None) => "the square".into(),
                }
            }
            Named::Mist { sides: s, on } => {
                let mut out =
                    if s.is_empty() { "the mist".to_string() } else { format!("the mist to the {}", sides(s)) };
                if let Some(on) = on {
                    out = format!("{out} on {}", self.named(on, Case::Dat));
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
                format!("take {}: {}", count(*points, "point", "points"), name(feature))
            }
            ChoiceWords::Remove { ghosts: g, from, instead_of } => {
                let mut s = format!("remove {} from {} instead", ghosts(*g), name(from));
                if let Some(f) = instead_of {
                    s += &format!(" (giving up {})", name(f));
                }
                s
            }
            ChoiceWords::Bury { meeple } => format!("bury {}", name(meeple)),
            ChoiceWords::BuryColour { colour: c } => format!("bury a {} meeple from the supply", colour(*c)),
            ChoiceWords::Spot { spot, .. } => name(spot),
            ChoiceWords::Attract { from } => format!("a ghost from {}", name(from)),
            ChoiceWords::With { meeple, .. } => name(meeple),
            ChoiceWords::Clear { ghosts: g, from } => format!("remove {} from {}", ghosts(*g), name(from)),
            ChoiceWords::FaceDown { at } => name(at),
        })
    }

    fn plan(&self, s: &PlanStep) -> String {
        let name = |n: &Named| self.named(n, Case::Acc);
        match s {
            PlanStep::Tile { at, quarters } => format!("place the tile {at}, {}", turned(*quarters)),
            PlanStep::Figure { figure: FigureKind::Abbot, spot, .. } => format!("put their abbot on {spot}"),
            PlanStep::Figure { figure, feature, spot } => format!("put {} on {spot}", role(*figure, *feature)),
            PlanStep::Meeple { colour: c, spot, .. } => format!("put a {} meeple on {spot}", colour(*c)),
            PlanStep::Pass => "place no meeple".into(),
            PlanStep::Retrieve { at } => format!("take the abbot back {at}"),
            PlanStep::SetChoice => "make the choice that follows".into(),
            PlanStep::Choice(c) => match c.as_ref() {
                ChoiceWords::Points { points, feature } => {
                    format!("take the {} of {}", count(*points, "point", "points"), name(feature))
                }
                ChoiceWords::Remove { ghosts: g, from, instead_of: Some(f) } => {
                    format!("give up the points of {} to remove {} from {}", name(f), ghosts(*g), name(from))
                }
                ChoiceWords::Remove { ghosts: g, from, .. } => {
                    format!("give those points up to remove {} from {}", ghosts(*g), name(from))
                }
                ChoiceWords::Bury { meeple } => format!("bury {}", name(meeple)),
                ChoiceWords::BuryColour { colour: c } => format!("bury a {} meeple from the supply", colour(*c)),
                ChoiceWords::Spot { why: Why::Fewer, spot } => format!("let {} take one ghost fewer", name(spot)),
                ChoiceWords::Spot { why: Why::CemeteryGhost, spot } => format!("put the extra ghost on {}", name(spot)),
                ChoiceWords::Spot { why: Why::MistGhost, spot } => {
                    format!("put the cemetery's ghost in {}", name(spot))
                }
                ChoiceWords::Spot { spot, .. } => format!("choose {}", name(spot)),
                ChoiceWords::Attract { from } => format!("let the spell circle draw a ghost from {}", name(from)),
                ChoiceWords::With { why: Why::Hound(h), meeple } => format!("send {} with {}", hound(*h), name(meeple)),
                ChoiceWords::With { meeple, .. } => format!("send Eloïse to {}", name(meeple)),
                ChoiceWords::Clear { ghosts: g, from } => format!("remove {} from {}", ghosts(*g), name(from)),
                ChoiceWords::FaceDown { at } => format!("lay the face-down tile {}", name(at)),
            },
        }
    }

    fn ruin(&self) -> (String, [String; 2]) {
        (
            "Ruin".into(),
            [
                "Where the start tile's four squares meet: roads end here and fields part".into(),
                "Only decoration: no figure can stand on it and it never scores".into(),
            ],
        )
    }

    fn play_error(&self, e: &PlayError, cx: &Cx) -> String {
        let at = |p: &crate::engine::Pos| cx.at(p.x, p.y, PlaceAs::At);
        match e {
            PlayError::GameOver => "the game is over".into(),
            PlayError::WrongStep { expected } => {
                format!("not now: the game is waiting for {}", self.awaited(expected).unwrap_or(expected))
            }
            PlayError::NotNow(expected) => format!(
                "not an answer to this step: the game is waiting for {}",
                self.awaited(expected).unwrap_or(expected)
            ),
            PlayError::WrongTile { drawn, given } => format!("the drawn tile is {drawn}, not {given}"),
            PlayError::Occupied(p) => format!("there is already a tile {}", at(p)),
            PlayError::NotAdjacent(p) => format!("the square {} does not touch any placed tile", at(p)),
            PlayError::EdgeMismatch { pos, rot } => format!(
                "the tile, {}, does not match its neighbours {}",
                match rot.quarters() {
                    0 => "as it is printed",
                    1 => "turned a quarter to the right",
                    2 => "turned upside down",
                    _ => "turned a quarter to the left",
                },
                at(pos)
            ),
            PlayError::Forbidden(why) => format!("not allowed: {}", self.restriction(why, cx)),
            PlayError::NoSuchSpot(s) => format!("the tile has no feature at {s} for a figure"),
            PlayError::FeatureOccupied(k) => format!("that {} already has a figure on it", noun(*k)),
            PlayError::FigureNotAllowed { figure: f, feature } => {
                let a = |w: &str| if w.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                let (f, k) = (figure(*f), noun(*feature));
                format!("{} {f} may not be placed on {} {k}", a(f), a(k))
            }
            PlayError::NoneInSupply(k) => format!("no {} left in the supply", figure(*k)),
            PlayError::NoAbbotThere(p) => format!("you have no abbot {}", at(p)),
            PlayError::AbbotsBuildingComplete(p) => format!(
                "the abbot {} cannot be taken back: its building is complete and scores this turn (BASE-ABBOT-4)",
                at(p)
            ),
            PlayError::NotACircleTarget(p) => format!(
                "no figure {} may give a ghost to this spell circle (it draws from a figure with a ghost on the 8 squares around the tile just placed)",
                at(p)
            ),
            PlayError::NotACatTarget(p) => format!("no figure stands {} for Eloïse to sit beside", at(p)),
            PlayError::NotAGhostTarget(p) => format!(
                "no meeple {} may receive this ghost (extending the mist haunts another player's meeple, limiting it your own; never a guard)",
                at(p)
            ),
        }
    }

    fn restriction(&self, r: &Restriction, cx: &Cx) -> String {
        match r {
            Restriction::MakesBorderTwo { building, other, at } => format!(
                "the {} {} already borders a {}; it may not border two",
                noun(*other),
                cx.at(at.x, at.y, PlaceAs::At),
                noun(*building)
            ),
            r => r.to_string(),
        }
    }

    fn setup_error(&self, e: &SetupError) -> String {
        e.to_string()
    }

    fn record_error(&self, e: &RecordError, cx: &Cx) -> String {
        match e {
            RecordError::Action { index, error: ActionError::Illegal(why), .. } => {
                format!("action {} cannot be played: {}", index + 1, self.play_error(why, cx))
            }
            e => e.to_string(),
        }
    }
}

impl English {
    /// What a step waits for, from the engine's `expects()` text.
    pub(super) fn awaited(&self, expected: &str) -> Option<&'static str> {
        // The engine's own texts are English.
        EXPECTED.iter().find(|t| **t == expected).copied()
    }

    /// The engine's reason in an event.
    pub(super) fn reason(&self, reason: &str) -> Option<&'static str> {
        REASONS.iter().find(|t| **t == reason).copied()
    }
}

/// What the steps wait for, as the engine says it (`expects()`).
const EXPECTED: [&str; 17] = [
    "a tile placement",
    "a ghost placement (choose a meeple to haunt)",
    "a spell circle to attract a ghost (choose a meeple beside the tile)",
    "Eloïse to be placed next to a meeple",
    "a figure placement or a pass",
    "nothing (the game is over)",
    "a meeple to bury on the closed cemetery",
    "the extending mist region that places one ghost fewer",
    "a ghost around the tile for its spell circle",
    "the open cemetery that receives a ghost",
    "the mist region that receives the ghost",
    "a meeple for Eloïse",
    "a meeple on the tile, or none",
    "a completed feature to score, or to give up for removing ghosts",
    "a meeple for the hound",
    "a square around the hound to remove ghosts from, or none",
    "a square for the face-down tile",
];

/// The engine's reasons in events, as it says them.
const REASONS: [&str; 5] = [
    "no ghosts left in the supply",
    "no other player has a meeple a ghost may haunt",
    "the player has no meeple a ghost may haunt",
    "both buildings were completed at once: both score",
    "a participant left the board",
];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::Share;
    use crate::text::{describe, describe_in};

    /// One ghost goes back, two go back.
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
    pub(crate) fn city(shares: Vec<Share>) -> Scoring {
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
}
