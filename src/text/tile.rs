//! A tile told in words, for the unseen tiles' tooltips and the drawn tile's description
//! to screen readers: "a city cap with a straight road", "a monastery with a road end",
//! "een kruising van 4 wegen". Built from the catalogue's data, so every set's tiles are
//! told, also those of a tile file of one's own.

use super::Lang;
use crate::engine::tiles::{FeatureKind, Segment, TileDef};

/// The sides (N, E, S, W) a segment reaches, as a 4-bit mask.
fn sides(seg: &Segment) -> u8 {
    (0..12).filter(|p| seg.ports & (1 << p) != 0).fold(0, |m, p| m | (1 << (p / 3)))
}

/// One part of a tile, before it is worded.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A city reaching `sides` sides, with `arms` pennants (coats of arms).
    City {
        sides: u32,
        arms: u8,
    },
    /// Several city caps apart (one side each).
    Caps(usize),
    /// A road (or the river) running through: straight or bending.
    Through {
        river: bool,
        straight: bool,
    },
    /// Roads meeting: `n` road ends at a crossing (3 or 4), one end alone (a road leading
    /// to a building or a city), two apart, or the river's spring or lake.
    Crossing(usize),
    RoadEnd,
    /// Two roads that end on the tile (at a tower, a building or a city).
    Roads,
    Spring,
    Lake,
    Building(FeatureKind),
    Tower,
    Mist,
    Circles(u8),
    Field,
}

fn parts(def: &TileDef) -> Vec<Part> {
    let mut out = Vec::new();
    if let Some(b) = def.building {
        out.push(Part::Building(b));
    }
    let cities: Vec<&Segment> = def.segments.iter().filter(|s| s.kind == FeatureKind::City).collect();
    if cities.len() > 1 && cities.iter().all(|c| sides(c).count_ones() == 1 && c.pennants == 0) {
        out.push(Part::Caps(cities.len()));
    } else {
        out.extend(cities.iter().map(|c| Part::City { sides: sides(c).count_ones(), arms: c.pennants }));
    }
    for kind in [FeatureKind::Road, FeatureKind::River] {
        let river = kind == FeatureKind::River;
        let segs: Vec<u8> = def.segments.iter().filter(|s| s.kind == kind).map(sides).collect();
        let ends = segs.iter().filter(|m| m.count_ones() == 1).count();
        for m in segs.iter().filter(|m| m.count_ones() == 2) {
            out.push(Part::Through { river, straight: *m == 0b0101 || *m == 0b1010 });
        }
        match (river, ends) {
            (_, 0) => {}
            (true, _) if def.id.contains("lake") => out.push(Part::Lake),
            (true, _) => out.push(Part::Spring),
            (false, 1) => out.push(Part::RoadEnd),
            (false, 2) => out.push(Part::Roads),
            (false, n) => out.push(Part::Crossing(n)),
        }
    }
    if def.tower.is_some() {
        out.push(Part::Tower);
    }
    if !def.mist.is_empty() {
        out.push(Part::Mist);
    }
    let circles: u8 = def.mist.iter().map(|m| m.circles).sum();
    if circles > 0 {
        out.push(Part::Circles(circles));
    }
    if out.is_empty() || out.iter().all(|p| matches!(p, Part::Tower | Part::Mist | Part::Circles(_))) {
        out.insert(0, Part::Field);
    }
    out
}

fn english(p: Part) -> String {
    let arms = |n: u8| match n {
        0 => String::new(),
        1 => " with a pennant".to_string(),
        n => format!(" with {n} pennants"),
    };
    match p {
        Part::City { sides: 1, arms: a } => format!("a city cap{}", arms(a)),
        Part::City { sides: 4, arms: a } => format!("a city on all four sides{}", arms(a)),
        Part::City { sides, arms: a } => format!("a city across {sides} sides{}", arms(a)),
        Part::Caps(n) => format!("{n} separate city caps"),
        Part::Through { river: false, straight: true } => "a straight road".into(),
        Part::Through { river: false, straight: false } => "a bend in the road".into(),
        Part::Through { river: true, straight: true } => "a straight stretch of river".into(),
        Part::Through { river: true, straight: false } => "a bend in the river".into(),
        Part::Crossing(n) => format!("a crossing of {n} roads"),
        Part::RoadEnd => "a road".into(),
        Part::Roads => "2 roads".into(),
        Part::Spring => "the river's spring".into(),
        Part::Lake => "the river's lake".into(),
        Part::Building(b) => match b {
            FeatureKind::Monastery => "a monastery",
            FeatureKind::Shrine => "a shrine",
            FeatureKind::Garden => "a garden",
            FeatureKind::Castle => "a haunted castle",
            FeatureKind::Cemetery => "a cemetery",
            _ => "a building",
        }
        .into(),
        Part::Tower => "a watchtower".into(),
        Part::Mist => "mist".into(),
        Part::Circles(1) => "a spell circle".into(),
        Part::Circles(n) => format!("{n} spell circles"),
        Part::Field => "a field".into(),
    }
}

fn dutch(p: Part) -> String {
    let arms = |n: u8| match n {
        0 => String::new(),
        1 => " met een wimpel".to_string(),
        n => format!(" met {n} wimpels"),
    };
    match p {
        Part::City { sides: 1, arms: a } => format!("een stadsrand{}", arms(a)),
        Part::City { sides: 4, arms: a } => format!("een stad aan alle vier de kanten{}", arms(a)),
        Part::City { sides, arms: a } => format!("een stad over {sides} kanten{}", arms(a)),
        Part::Caps(n) => format!("{n} losse stadsranden"),
        Part::Through { river: false, straight: true } => "een rechte weg".into(),
        Part::Through { river: false, straight: false } => "een bocht in de weg".into(),
        Part::Through { river: true, straight: true } => "een recht stuk rivier".into(),
        Part::Through { river: true, straight: false } => "een bocht in de rivier".into(),
        Part::Crossing(n) => format!("een kruising van {n} wegen"),
        Part::RoadEnd => "een weg".into(),
        Part::Roads => "2 wegen".into(),
        Part::Spring => "de bron van de rivier".into(),
        Part::Lake => "het meer van de rivier".into(),
        Part::Building(b) => match b {
            FeatureKind::Monastery => "een klooster",
            FeatureKind::Shrine => "een cultusplaats",
            FeatureKind::Garden => "een tuin",
            FeatureKind::Castle => "een spookslot",
            FeatureKind::Cemetery => "een kerkhof",
            _ => "een gebouw",
        }
        .into(),
        Part::Tower => "een wachttoren".into(),
        Part::Mist => "mist".into(),
        Part::Circles(1) => "een spreukencirkel".into(),
        Part::Circles(n) => format!("{n} spreukencirkels"),
        Part::Field => "een veld".into(),
    }
}

/// The tile in words in `lang`: its main part, then "with" the others ("a monastery with
/// a road", "a city cap with a bend in the road and mist").
pub fn describe_tile(lang: Lang, def: &TileDef) -> String {
    let (word, with, and): (fn(Part) -> String, &str, &str) = match lang {
        Lang::En => (english, "with", "and"),
        Lang::Nl => (dutch, "met", "en"),
    };
    let words: Vec<String> = parts(def).into_iter().map(word).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [first, rest @ ..] => {
            let rest = match rest {
                [one] => one.clone(),
                [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
                [] => unreachable!("two words or more"),
            };
            format!("{first} {with} {rest}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TileSet;

    fn told(lang: Lang, id: &str) -> String {
        let tiles = TileSet::builtin();
        let def = tiles.get(tiles.index_of(id).expect("a tile"));
        describe_tile(lang, def)
    }

    /// The base tiles as their catalogue draws them (../shared/tiles/base.toml).
    #[test]
    fn base_tiles_are_told_by_their_parts() {
        for (id, en) in [
            ("base.D", "a city cap with a straight road"),
            ("base.A", "a monastery with a road"),
            ("base.B", "a monastery"),
            ("base.C", "a city on all four sides with a pennant"),
            ("base.F", "a city across 2 sides with a pennant"),
            ("base.H", "2 separate city caps"),
            ("base.J", "a city cap with a bend in the road"),
            ("base.L", "a city cap with a crossing of 3 roads"),
            ("base.U", "a straight road"),
            ("base.V", "a bend in the road"),
            ("base.X", "a crossing of 4 roads"),
        ] {
            assert_eq!(told(Lang::En, id), en, "{id}");
        }
        assert_eq!(told(Lang::Nl, "base.D"), "een stadsrand met een rechte weg");
        assert_eq!(told(Lang::Nl, "base.X"), "een kruising van 4 wegen");
        assert_eq!(told(Lang::Nl, "base.C"), "een stad aan alle vier de kanten met een wimpel");
    }

    /// The river's spring and lake, and every tile of every set gets a sentence.
    #[test]
    fn every_tile_of_every_set_is_told() {
        assert_eq!(told(Lang::En, "river.spring"), "the river's spring");
        assert_eq!(told(Lang::En, "river.lake"), "the river's lake");
        for def in TileSet::builtin().tiles() {
            for lang in [Lang::En, Lang::Nl] {
                let words = describe_tile(lang, def);
                assert!(!words.is_empty() && !words.contains("  "), "{}: {words:?}", def.id);
            }
        }
    }
}

/// A square named by what is beside it, for a page that shows no coordinates: "east of the
/// start tile", "north of a city cap with a straight road"; a square with a tile is named
/// by the tile and its neighbour ("a straight road east of the start tile"). A square with
/// nothing beside it keeps its coordinates.
pub fn place_name(lang: Lang, game: &crate::engine::Game, pos: crate::engine::Pos) -> String {
    let (here, relation) = place_parts(lang, game, pos);
    match (here, relation) {
        (Some(it), Some(rel)) => format!("{it} {rel}"),
        (Some(it), None) => it,
        (None, Some(rel)) => rel,
        (None, None) => format!("({}, {})", pos.x, pos.y),
    }
}

/// Where a square lies, by its neighbour ("east of the start tile"), without naming what
/// lies on it; its coordinates when nothing is beside it.
pub fn place_relation(lang: Lang, game: &crate::engine::Game, pos: crate::engine::Pos) -> String {
    match place_parts(lang, game, pos) {
        (Some(start), None) => start,
        (_, Some(rel)) => rel,
        (None, None) => format!("({}, {})", pos.x, pos.y),
    }
}

/// What lies on a square (if anything) and where it lies by a neighbour (if one is beside
/// it); the start tile is a place of its own and has no relation.
fn place_parts(lang: Lang, game: &crate::engine::Game, pos: crate::engine::Pos) -> (Option<String>, Option<String>) {
    use crate::engine::Pos;
    let board = game.board();
    let start = |p: Pos| board.square_at(p).is_some_and(|i| i == 0 || game.def_at(i).start.is_some());
    let tile = |p: Pos| -> Option<String> {
        let i = board.square_at(p)?;
        Some(match (start(p), board.square(i).face_down, lang) {
            (true, _, Lang::En) => "the start tile".into(),
            (true, _, Lang::Nl) => "de starttegel".into(),
            (_, true, Lang::En) => "a face-down tile".into(),
            (_, true, Lang::Nl) => "een gedekte tegel".into(),
            _ => describe_tile(lang, game.def_at(i)),
        })
    };
    // The neighbour to name it by: the start tile if it is one, else the first of N, E, S, W.
    let sides = [(0, -1), (1, 0), (0, 1), (-1, 0)];
    let neighbours: Vec<(usize, Pos)> = sides
        .iter()
        .enumerate()
        .map(|(k, (dx, dy))| (k, Pos::new(pos.x + dx, pos.y + dy)))
        .filter(|(_, p)| board.at(*p).is_some())
        .collect();
    let by = neighbours.iter().find(|(_, p)| start(*p)).or(neighbours.first());
    let here = board.at(pos).is_some().then(|| tile(pos)).flatten();
    if start(pos) {
        return (here, None);
    }
    let Some(&(k, p)) = by else {
        return (here, None);
    };
    // The neighbour lies on side k of the square: the square lies opposite, seen from it.
    let dir = match (lang, k) {
        (Lang::En, 0) => "south of",
        (Lang::En, 1) => "west of",
        (Lang::En, 2) => "north of",
        (Lang::En, _) => "east of",
        (Lang::Nl, 0) => "ten zuiden van",
        (Lang::Nl, 1) => "ten westen van",
        (Lang::Nl, 2) => "ten noorden van",
        (Lang::Nl, _) => "ten oosten van",
    };
    (here, Some(format!("{dir} {}", tile(p).unwrap_or_default())))
}

#[cfg(test)]
mod places {
    use super::*;
    use crate::engine::{Action, Deck, Game, Options, PlayerSetup, Pos, Rotation, Set, Setup, TileSet};

    /// TEST-01's board: the crossing east of the start tile, then a city west of it.
    #[test]
    fn squares_are_named_by_their_neighbours() {
        let setup = Setup {
            players: vec![PlayerSetup::named("Red"), PlayerSetup::named("Blue")],
            sets: vec![Set::Base],
            options: Options::default(),
            deck: Deck::Draw(vec!["base.X".into(), "base.T".into()]),
        };
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let tile = g.tiles().index_of("base.X").unwrap();
        g.apply(&Action::PlaceTile { tile, pos: Pos::new(1, 0), rot: Rotation::ALL[0] }).unwrap();
        let name = |x, y| place_name(Lang::En, &g, Pos::new(x, y));
        assert_eq!(name(0, 0), "the start tile");
        assert_eq!(name(1, 0), "a crossing of 4 roads east of the start tile");
        assert_eq!(name(0, -1), "north of the start tile");
        assert_eq!(name(2, 0), "east of a crossing of 4 roads");
        assert_eq!(name(1, 1), "south of a crossing of 4 roads");
        assert_eq!(name(5, 5), "(5, 5)");
        assert_eq!(place_name(Lang::Nl, &g, Pos::new(-1, 0)), "ten westen van de starttegel");
        assert_eq!(place_relation(Lang::En, &g, Pos::new(1, 0)), "east of the start tile");
        assert_eq!(place_relation(Lang::En, &g, Pos::new(0, 0)), "the start tile");
        // The log's line for a tile placed: where, then what.
        let names = ["Red".to_string(), "Blue".to_string()];
        let placed = crate::engine::Event::TilePlaced { player: 0, tile: "base.X".into(), x: 1, y: 0, rotation: 0 };
        assert_eq!(
            crate::text::describe_on(Lang::En, &g, &placed, &names),
            "Red placed a tile east of the start tile: a crossing of 4 roads"
        );
        assert_eq!(
            crate::text::describe_on(Lang::Nl, &g, &placed, &names),
            "Red legde een tegel ten oosten van de starttegel: een kruising van 4 wegen"
        );
    }
}

#[cfg(test)]
mod sentences {
    use crate::engine::coop::CoopOptions;
    use crate::engine::{Deck, Event, Game, Options, PlayerSetup, Set, Setup, TileSet};
    use crate::text::{describe_on, Lang};

    /// The co-op log's squares in words: "at (x, y)" by where the square lies, "from (x, y)"
    /// by what lies there. The start tile (2×2) of the cooperative game: its squares are
    /// "the start tile".
    #[test]
    fn coop_sentences_name_their_squares() {
        let setup = Setup {
            players: vec![PlayerSetup::named("Ann")],
            sets: vec![Set::Ghosts],
            options: Options { coop: CoopOptions::level(1), unlimited_copies: true, ..Options::default() },
            deck: Deck::Draw(vec!["ghosts.44".into(), "ghosts.11".into()]),
        };
        let g = Game::new(TileSet::builtin(), setup).unwrap();
        let names = ["Ann".to_string()];
        let e = Event::GhostsRemoved { x: 0, y: 0, count: 2 };
        assert_eq!(describe_on(Lang::En, &g, &e, &names), "The team drives 2 ghosts away from the start tile");
        let e = Event::FaceDownPlaced { x: 0, y: -1 };
        assert_eq!(describe_on(Lang::En, &g, &e, &names), "A tile is laid face down north of the start tile");
        assert_eq!(
            describe_on(Lang::Nl, &g, &e, &names),
            "Een tegel wordt gedekt neergelegd ten noorden van de starttegel"
        );
    }
}
