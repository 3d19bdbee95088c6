//! The hover card of an inspected feature ([`Inspection`]): a title and a few lines, in
//! English and in Dutch (the Dutch rule books' terms).

use super::{join_with, plural, Lang};
use crate::engine::{FeatureKind, Game, Inspection, Part, Pos, Rotation, Side, Spot, TileDef};

/// Words that differ per language.
struct Words {
    and: &'static str,
    open: &'static str,
    done: &'static str,
}

const EN: Words = Words { and: "and", open: "incomplete", done: "completed" };
const NL: Words = Words { and: "en", open: "onvoltooid", done: "voltooid" };

fn noun(lang: Lang, kind: FeatureKind) -> &'static str {
    match (lang, kind) {
        (Lang::En, FeatureKind::Road) => "Road",
        (Lang::En, FeatureKind::City) => "City",
        (Lang::En, FeatureKind::Field) => "Field",
        (Lang::En, FeatureKind::Monastery) => "Monastery",
        (Lang::En, FeatureKind::Shrine) => "Shrine",
        (Lang::En, FeatureKind::Garden) => "Garden",
        (Lang::En, FeatureKind::Castle) => "Haunted castle",
        (Lang::En, FeatureKind::Cemetery) => "Cemetery",
        (Lang::En, FeatureKind::River) => "River",
        (Lang::En, FeatureKind::Mist) => "Mist bank",
        (Lang::Nl, FeatureKind::Road) => "Weg",
        (Lang::Nl, FeatureKind::City) => "Stad",
        (Lang::Nl, FeatureKind::Field) => "Weide",
        (Lang::Nl, FeatureKind::Monastery) => "Klooster",
        (Lang::Nl, FeatureKind::Shrine) => "Cultusplaats",
        (Lang::Nl, FeatureKind::Garden) => "Tuin",
        (Lang::Nl, FeatureKind::Castle) => "Spookslot",
        (Lang::Nl, FeatureKind::Cemetery) => "Kerkhof",
        (Lang::Nl, FeatureKind::River) => "Rivier",
        (Lang::Nl, FeatureKind::Mist) => "Mistbank",
    }
}

/// The card's title and lines; `names` are the players' names in seat order.
pub fn inspection(lang: Lang, i: &Inspection, names: &[String]) -> (String, Vec<String>) {
    let w = match lang {
        Lang::En => &EN,
        Lang::Nl => &NL,
    };
    let en = lang == Lang::En;
    let kind = i.kind;
    let state = match kind {
        FeatureKind::Field | FeatureKind::Cemetery | FeatureKind::River => String::new(),
        FeatureKind::Mist if i.limited => {
            (if en { " (limited: never completed)" } else { " (begrensd: nooit voltooid)" }).to_string()
        }
        _ => format!(" ({})", if i.complete { w.done } else { w.open }),
    };
    let title = format!("{}{state}", noun(lang, kind));
    let mut lines = Vec::new();
    let v = i.now;
    match kind {
        FeatureKind::Road | FeatureKind::City => {
            let mut what = vec![if en { plural(v.tiles, "tile", "tiles") } else { plural(v.tiles, "tegel", "tegels") }];
            if v.pennants > 0 {
                what.push(if en {
                    plural(v.pennants, "coat of arms", "coats of arms")
                } else {
                    plural(v.pennants, "wapenschild", "wapenschilden")
                });
            }
            if i.open_ends > 0 {
                let ends = match (en, kind) {
                    (true, FeatureKind::Road) => plural(i.open_ends, "open end", "open ends"),
                    (true, _) => plural(i.open_ends, "open edge", "open edges"),
                    (false, FeatureKind::Road) => plural(i.open_ends, "open uiteinde", "open uiteinden"),
                    (false, _) => plural(i.open_ends, "open rand", "open randen"),
                };
                what.push(ends);
            }
            lines.push(join_with(&what.iter().map(String::as_str).collect::<Vec<_>>(), w.and));
        }
        FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => lines.push(if en {
            format!("{} of 9 squares filled", v.tiles)
        } else {
            format!("{} van de 9 vakken gevuld", v.tiles)
        }),
        FeatureKind::Castle => lines.push(if en {
            plural(v.tiles, "misty square around it", "misty squares around it")
        } else {
            plural(v.tiles, "mistig vak eromheen", "mistige vakken eromheen")
        }),
        FeatureKind::Field => lines.push(if en {
            format!(
                "Touches {}: {} per farmer majority",
                plural(v.cities, "completed city", "completed cities"),
                v.value
            )
        } else {
            format!(
                "Grenst aan {}: {} voor de meeste boeren",
                plural(v.cities, "voltooide stad", "voltooide steden"),
                v.value
            )
        }),
        FeatureKind::Mist => {
            let ends = if en {
                plural(i.open_ends, "open misty port", "open misty ports")
            } else {
                plural(i.open_ends, "open mistige poort", "open mistige poorten")
            };
            let n = i.parts.len() as i64;
            let regions =
                if en { plural(n, "mist region", "mist regions") } else { plural(n, "mistgebied", "mistgebieden") };
            lines.push(format!("{regions}, {ends}"));
        }
        FeatureKind::Cemetery | FeatureKind::River => {}
    }
    let scores = !matches!(kind, FeatureKind::Mist | FeatureKind::River | FeatureKind::Cemetery | FeatureKind::Field);
    if scores {
        let mut worth = if i.complete {
            if en {
                format!("Scored: {}", v.value)
            } else {
                format!("Gewaardeerd: {}", v.value)
            }
        } else if en {
            format!("Now: {}", v.value)
        } else {
            format!("Nu: {}", v.value)
        };
        if let Some(c) = i.if_completed {
            worth += &if en { format!(" · completed: {}", c.value) } else { format!(" · voltooid: {}", c.value) };
        }
        lines.push(worth);
    }
    let name = |p: usize| names.get(p).map(String::as_str).unwrap_or("?");
    if i.holders.is_empty() {
        if kind != FeatureKind::Mist {
            lines.push((if en { "Nobody holds it" } else { "Niemand bezet het" }).to_string());
        }
    } else {
        for h in &i.holders {
            let figures =
                if en { plural(h.figures, "figure", "figures") } else { plural(h.figures, "figuur", "figuren") };
            let mut s = format!("{}: {figures}", name(h.player));
            if h.ghosts > 0 {
                s += &format!(
                    ", {}",
                    if en { plural(h.ghosts, "ghost", "ghosts") } else { plural(h.ghosts, "spook", "spoken") }
                );
            }
            if i.majority.contains(&h.player) {
                s += if en { " (majority)" } else { " (meerderheid)" };
            }
            lines.push(s);
        }
    }
    (title, lines)
}

/// A feature named by what it is and whose it is: "Ann's road of 4 tiles", "Ann and
/// Bo's city of 3 tiles", "the monastery nobody holds"; in the cooperative game by its
/// meeples' colours: "the road of 4 tiles with the red meeple". `names` are the seats'
/// names; `None` where `pos` and `spot` name no feature.
pub fn feature_name(lang: Lang, game: &Game, pos: Pos, spot: Spot, names: &[String]) -> Option<String> {
    let i = game.inspect(pos, Part::Spot(spot))?;
    let en = lang == Lang::En;
    let what = match i.kind {
        FeatureKind::Road | FeatureKind::City => {
            let n = i.now.tiles;
            let noun = noun(lang, i.kind).to_lowercase();
            if en {
                format!("{noun} of {}", plural(n, "tile", "tiles"))
            } else {
                format!("{noun} van {}", plural(n, "tegel", "tegels"))
            }
        }
        kind => noun(lang, kind).to_lowercase(),
    };
    let article = match (en, i.kind) {
        (true, _) => "the",
        (false, FeatureKind::Monastery | FeatureKind::Castle | FeatureKind::Cemetery) => "het",
        (false, _) => "de",
    };
    if game.is_coop() {
        let colours: Vec<&str> = i
            .holders
            .iter()
            .map(|h| {
                let c = game.palette_colour(h.player as u8) as usize;
                if en {
                    crate::engine::coop::COLOURS.get(c).copied().unwrap_or("?")
                } else {
                    super::nl::kleur(c as u8)
                }
            })
            .collect();
        return Some(match (en, colours.len()) {
            (_, 0) => format!("{article} {what}"),
            (true, 1) => format!("the {what} with the {} meeple", colours[0]),
            (true, _) => format!("the {what} with the {} meeples", join_with(&colours, "and")),
            (false, 1) => format!("{article} {what} met de {} meeple", colours[0]),
            (false, _) => format!("{article} {what} met de {} meeples", join_with(&colours, "en")),
        });
    }
    let owners: Vec<&str> = i.majority.iter().filter_map(|p| names.get(*p).map(String::as_str)).collect();
    Some(match (en, owners.is_empty()) {
        (true, true) => format!("the {what}"),
        (true, false) => format!("{}'s {what}", join_with(&owners, "and")),
        (false, true) => format!("{article} {what}"),
        (false, false) => format!("{article} {what} van {}", join_with(&owners, "en")),
    })
}

/// A spot of a tile (as printed) named by its feature and the side of the board it lies on
/// once the tile is turned `rot`: "the road on the north side", "de stad aan de oostkant",
/// "the monastery". `None` where the tile has no feature there.
pub fn spot_name(lang: Lang, def: &TileDef, rot: Rotation, spot: Spot) -> Option<String> {
    let local = def.spot_local(spot)? as usize;
    let kind = def.segments.get(local).map(|s| s.kind).or(def.building)?;
    let noun = noun(lang, kind).to_lowercase();
    let article = match (lang, kind) {
        (Lang::En, _) => "the",
        (Lang::Nl, FeatureKind::Monastery | FeatureKind::Castle | FeatureKind::Cemetery) => "het",
        (Lang::Nl, _) => "de",
    };
    let Spot::Port(port) = spot else { return Some(format!("{article} {noun}")) };
    let side = match (lang, port.rotate(rot).side()) {
        (Lang::En, Side::N) => "north",
        (Lang::En, Side::E) => "east",
        (Lang::En, Side::S) => "south",
        (Lang::En, Side::W) => "west",
        (Lang::Nl, Side::N) => "noordkant",
        (Lang::Nl, Side::E) => "oostkant",
        (Lang::Nl, Side::S) => "zuidkant",
        (Lang::Nl, Side::W) => "westkant",
    };
    Some(match lang {
        Lang::En => format!("the {noun} on the {side} side"),
        Lang::Nl => format!("{article} {noun} aan de {side}"),
    })
}

/// The card of the start tile's ruin, which is no feature (GHOST-START-4).
pub fn ruin_card(lang: Lang) -> (String, Vec<String>) {
    let (title, lines): (&str, [&str; 2]) = match lang {
        Lang::En => (
            "Ruin",
            [
                "Where the start tile's four squares meet: roads end here and fields part",
                "Only decoration: no figure can stand on it and it never scores",
            ],
        ),
        Lang::Nl => (
            "Ruïne",
            [
                "Waar de vier vakken van de starttegel samenkomen: hier eindigen wegen en scheiden weiden",
                "Alleen decoratie: er kan geen figuur op staan en ze levert nooit punten op",
            ],
        ),
    };
    (title.to_string(), lines.iter().map(|l| l.to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scoring::FeatureValue;
    use crate::engine::{Holder, Pos};

    fn city() -> Inspection {
        Inspection {
            kind: FeatureKind::City,
            parts: vec![(Pos::new(0, 0), 0), (Pos::new(0, -1), 0)],
            area: vec![],
            complete: false,
            open_ends: 1,
            limited: false,
            now: FeatureValue { value: 5, tiles: 3, pennants: 2, cities: 0 },
            if_completed: Some(FeatureValue { value: 10, tiles: 3, pennants: 2, cities: 0 }),
            holders: vec![Holder { player: 0, figures: 1, ghosts: 1 }, Holder { player: 1, figures: 1, ghosts: 0 }],
            majority: vec![0, 1],
            cities: vec![],
        }
    }

    #[test]
    fn a_city_card_in_english_and_dutch() {
        let names = vec!["Ann".to_string(), "Bo".to_string()];
        let (title, lines) = inspection(Lang::En, &city(), &names);
        assert_eq!(title, "City (incomplete)");
        assert_eq!(
            lines,
            vec![
                "3 tiles, 2 coats of arms and 1 open edge",
                "Now: 5 · completed: 10",
                "Ann: 1 figure, 1 ghost (majority)",
                "Bo: 1 figure (majority)"
            ]
        );
        let (title, lines) = inspection(Lang::Nl, &city(), &names);
        assert_eq!(title, "Stad (onvoltooid)");
        assert_eq!(lines[0], "3 tegels, 2 wapenschilden en 1 open rand");
        assert_eq!(lines[2], "Ann: 1 figuur, 1 spook (meerderheid)");
    }

    #[test]
    fn a_spot_is_named_by_its_feature_and_its_side_once_turned() {
        let tiles = crate::engine::TileSet::builtin();
        let d = tiles.get(tiles.index_of("base.D").unwrap());
        let n = crate::engine::Port::from_name("N").unwrap();
        let r1 = Rotation::new(1).unwrap();
        // base.D: a city cap on the north edge, a road across; turned once, the city faces east.
        assert_eq!(
            spot_name(Lang::En, d, Rotation::new(0).unwrap(), Spot::Port(n)).as_deref(),
            Some("the city on the north side")
        );
        assert_eq!(spot_name(Lang::Nl, d, r1, Spot::Port(n)).as_deref(), Some("de stad aan de oostkant"));
        let b = tiles.get(tiles.index_of("base.B").unwrap());
        assert_eq!(spot_name(Lang::Nl, b, r1, Spot::Building).as_deref(), Some("het klooster"));
        assert_eq!(spot_name(Lang::En, d, r1, Spot::Building), None);
    }

    #[test]
    fn the_ruin_is_described_as_no_feature_in_both_languages() {
        assert_eq!(ruin_card(Lang::En).0, "Ruin");
        assert_eq!(ruin_card(Lang::Nl).0, "Ruïne");
        assert!(ruin_card(Lang::Nl).1[1].contains("nooit punten"));
    }
}
