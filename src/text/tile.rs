//! A tile told in words, for the unseen tiles' tooltips and the drawn tile's description
//! to screen readers ("a city cap with a straight road", "een kruising van 4 wegen"), and a
//! square told by what lies beside it ("east of the start tile"). Built from the
//! catalogue's data, so every set's tiles are told, also those of a tile file of one's own;
//! each language words the parts ([`TilePart`]) and places ([`Place`]) in its own file.

use super::speech::{Place, PlaceAs, Thing};
use super::Lang;
use crate::engine::tiles::{FeatureKind, Segment, TileDef};
use crate::engine::{Game, Pos, Side};
use serde::{Deserialize, Serialize};

/// The sides (N, E, S, W) a segment reaches, as a 4-bit mask.
fn sides(seg: &Segment) -> u8 {
    (0..12).filter(|p| seg.ports & (1 << p) != 0).fold(0, |m, p| m | (1 << (p / 3)))
}

/// One part of a tile, before it is worded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum TilePart {
    /// A city reaching `sides` sides, with `arms` pennants (coats of arms).
    City { sides: u32, arms: u8 },
    /// Several city caps apart (one side each).
    Caps(usize),
    /// A road (or the river) running through: straight or bending.
    Through { river: bool, straight: bool },
    /// `n` road ends meeting at a crossing (3 or 4).
    Crossing(usize),
    /// One road end alone (a road leading to a building or a city).
    RoadEnd,
    /// Two roads that end on the tile (at a tower, a building or a city).
    Roads,
    /// The river's spring.
    Spring,
    /// The river's lake.
    Lake,
    /// A building: monastery, shrine, garden, haunted castle or cemetery.
    Building(FeatureKind),
    /// A watchtower.
    Tower,
    /// Mist.
    Mist,
    /// Spell circles, counted.
    Circles(u8),
    /// A field alone (nothing else worth naming).
    Field,
}

/// A tile's parts, the main one first.
pub(crate) fn parts(def: &TileDef) -> Vec<TilePart> {
    use TilePart as Part;
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

/// The tile in words in `lang`: its main part, then "with" the others ("a monastery with
/// a road", "a city cap with a bend in the road and mist").
pub fn describe_tile(lang: Lang, def: &TileDef) -> String {
    lang.speech().tile(&parts(def))
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
pub fn place_name(lang: Lang, game: &Game, pos: Pos) -> String {
    lang.speech().place(&place_of(game, pos), PlaceAs::Name)
}

/// Where a square lies, by its neighbour ("east of the start tile"), without naming what
/// lies on it; its coordinates when nothing is beside it.
pub fn place_relation(lang: Lang, game: &Game, pos: Pos) -> String {
    lang.speech().place(&place_of(game, pos), PlaceAs::Relation)
}

/// What lies on a square (if anything) and the neighbour it is named by (the start tile if
/// it is one, else the first of N, E, S, W); the start tile is a place of its own and has no
/// neighbour to be named by.
pub(crate) fn place_of(game: &Game, pos: Pos) -> Place {
    let board = game.board();
    let start = |p: Pos| board.square_at(p).is_some_and(|i| i == 0 || game.def_at(i).start.is_some());
    let thing = |p: Pos| -> Option<Thing> {
        let i = board.square_at(p)?;
        Some(if start(p) {
            Thing::Start
        } else if board.square(i).face_down {
            Thing::FaceDown
        } else {
            Thing::Tile(parts(game.def_at(i)))
        })
    };
    // A square of the 2×2 start tile is named as that square; beside one, the whole tile.
    let here = match board.square_at(pos).and_then(|i| game.def_at(i).start) {
        Some(part) => Some(Thing::StartPart(part)),
        None => thing(pos),
    };
    let mut place = Place { x: pos.x, y: pos.y, here, by: None };
    if start(pos) {
        return place;
    }
    place.by = neighbours_of(game, pos).into_iter().next();
    place
}

/// Every tile beside a square (north, east, south, west), the start tile first, each with
/// the side of it the square lies on ("east of the start tile": `E`).
pub(crate) fn neighbours_of(game: &Game, pos: Pos) -> Vec<(Side, Thing)> {
    let board = game.board();
    let start = |p: Pos| board.square_at(p).is_some_and(|i| i == 0 || game.def_at(i).start.is_some());
    // The start tile first; the others stay in N, E, S, W order.
    let (start_first, others): (Vec<_>, Vec<_>) =
        [(Side::S, (0, -1)), (Side::W, (1, 0)), (Side::N, (0, 1)), (Side::E, (-1, 0))]
            .into_iter()
            .filter_map(|(side, (dx, dy))| {
                let p = Pos::new(pos.x + dx, pos.y + dy);
                let i = board.square_at(p)?;
                let thing = if start(p) {
                    Thing::Start
                } else if board.square(i).face_down {
                    Thing::FaceDown
                } else {
                    Thing::Tile(parts(game.def_at(i)))
                };
                Some((start(p), side, thing))
            })
            .partition(|(s, _, _)| *s);
    start_first.into_iter().chain(others).map(|(_, side, t)| (side, t)).collect()
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
    /// by what lies there. A square of the cooperative game's 2×2 start tile is named as
    /// that square; beside it, the start tile is the whole tile.
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
        assert_eq!(
            describe_on(Lang::En, &g, &e, &names),
            "The team drives 2 ghosts away from the start tile's north-west square"
        );
        assert_eq!(
            describe_on(Lang::De, &g, &e, &names),
            "Das Team vertreibt 2 Geister vom nordwestlichen Feld des Startplättchens"
        );
        let e = Event::FaceDownPlaced { x: 0, y: -1 };
        assert_eq!(describe_on(Lang::En, &g, &e, &names), "A tile is laid face down north of the start tile");
        assert_eq!(
            describe_on(Lang::Nl, &g, &e, &names),
            "Een tegel wordt gedekt neergelegd ten noorden van de starttegel"
        );
    }
}
