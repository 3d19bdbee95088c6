//! The hover card of an inspected feature ([`Inspection`]): a title and a few lines, told
//! as [`CardLine`]s that each language words; a feature by its kind and owners; a tile's
//! spot by its side; the start tile's ruin.

use super::speech::{CardLine, CardState, FeatureRef, Owners};
use super::Lang;
use crate::engine::{FeatureKind, Game, Inspection, Odds, Part, Port, Pos, Rotation, Side, Spot, TileDef};

/// What a card knows beyond the feature itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardContext {
    /// The tile just placed completed it: it scores at the end of this turn (BASE-END-1).
    pub scores_this_turn: bool,
    /// A figure of this seat waits on it for *End turn* (the page's confirmation): the
    /// card shows the feature as it will be once the figure is confirmed.
    pub pending: Option<usize>,
    /// What the unseen tiles can do for it ([`Game::odds`]), where the player shows the odds.
    pub odds: Option<Odds>,
}

/// The card's lines, as data: the title first.
fn card_lines(i: &Inspection, names: &[String], cx: CardContext) -> Vec<CardLine> {
    let kind = i.kind;
    let state = match kind {
        FeatureKind::Field | FeatureKind::Cemetery | FeatureKind::River => CardState::None,
        FeatureKind::Mist if i.limited => CardState::Limited,
        _ if i.complete => CardState::Done,
        _ => CardState::Open,
    };
    let mut lines = vec![CardLine::Title { kind, state }];
    let v = i.now;
    match kind {
        FeatureKind::Road | FeatureKind::City => {
            lines.push(CardLine::Extent { kind, tiles: v.tiles, arms: v.pennants, open: i.open_ends })
        }
        FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => {
            lines.push(CardLine::Filled { squares: v.tiles })
        }
        FeatureKind::Castle => lines.push(CardLine::Misty { squares: v.tiles }),
        FeatureKind::Field => lines.push(CardLine::Field { cities: v.cities, value: v.value }),
        FeatureKind::Mist => lines.push(CardLine::Mist { regions: i.parts.len() as i64, open: i.open_ends }),
        FeatureKind::Cemetery | FeatureKind::River => {}
    }
    if !matches!(kind, FeatureKind::Mist | FeatureKind::River | FeatureKind::Cemetery | FeatureKind::Field) {
        lines.push(CardLine::Worth {
            complete: i.complete,
            this_turn: cx.scores_this_turn,
            value: v.value,
            if_completed: i.if_completed.map(|c| c.value),
        });
    }
    if let Some(o) = cx.odds {
        lines.push(CardLine::Odds { kind, unseen: o.unseen, needs: o.needs });
    }
    // A waiting figure counts as if confirmed, and the card says so.
    let mut holders = i.holders.clone();
    let mut majority = i.majority.clone();
    if let Some(seat) = cx.pending {
        match holders.iter_mut().find(|h| h.player == seat) {
            Some(h) => h.figures += 1,
            None => holders.push(crate::engine::Holder { player: seat, figures: 1, ghosts: 0 }),
        }
        let most = holders.iter().map(|h| h.figures).max().unwrap_or(0);
        majority = holders.iter().filter(|h| h.figures == most).map(|h| h.player).collect();
        lines.push(CardLine::IfConfirmed);
    }
    if holders.is_empty() {
        if kind != FeatureKind::Mist {
            lines.push(CardLine::Nobody);
        }
    } else {
        for h in &holders {
            lines.push(CardLine::Holder {
                name: names.get(h.player).map_or("?", String::as_str).to_string(),
                figures: h.figures,
                ghosts: h.ghosts,
                majority: majority.contains(&h.player),
            });
        }
    }
    lines
}

/// The card's title and lines in `lang`; `names` are the players' names in seat order.
pub fn inspection(lang: Lang, i: &Inspection, names: &[String]) -> (String, Vec<String>) {
    inspection_in(lang, i, names, CardContext::default())
}

/// The card's title and lines in `lang`, knowing what `cx` says (a feature that scores at
/// the end of this turn, a figure that waits on it for *End turn*).
pub fn inspection_in(lang: Lang, i: &Inspection, names: &[String], cx: CardContext) -> (String, Vec<String>) {
    let speech = lang.speech();
    let mut lines = card_lines(i, names, cx).iter().map(|l| speech.card(l)).collect::<Vec<_>>();
    let title = lines.remove(0);
    (title, lines)
}

/// A feature named by what it is and whose it is: "Ann's road of 4 tiles", "Ann and
/// Bo's city of 3 tiles", "the monastery"; in the cooperative game by its meeples'
/// colours: "the road of 4 tiles with the red meeple". `names` are the seats' names;
/// `None` where `pos` and `spot` name no feature.
pub fn feature_name(lang: Lang, game: &Game, pos: Pos, spot: Spot, names: &[String]) -> Option<String> {
    let i = game.inspect(pos, Part::Spot(spot))?;
    let tiles = matches!(i.kind, FeatureKind::Road | FeatureKind::City).then_some(i.now.tiles);
    let owners = if game.is_coop() {
        let colours: Vec<u8> = i.holders.iter().map(|h| game.palette_colour(h.player as u8)).collect();
        if colours.is_empty() {
            Owners::Nobody
        } else {
            Owners::Colours(colours)
        }
    } else {
        let owners: Vec<String> = i.majority.iter().filter_map(|p| names.get(*p).cloned()).collect();
        if owners.is_empty() {
            Owners::Nobody
        } else {
            Owners::Players(owners)
        }
    };
    Some(lang.speech().feature(&FeatureRef { kind: i.kind, tiles, owners }))
}

/// A spot of a tile (as printed) named by its feature and the side of the board it lies on
/// once the tile is turned `rot`: "the road on the north side", "de stad aan de oostkant",
/// "the monastery". The side is the one most of the feature's edge lies on (a field below
/// a road across touches east, south and west, and is "on the south side"), the spot's own
/// side where it is among them. `None` where the tile has no feature there.
pub fn spot_name(lang: Lang, def: &TileDef, rot: Rotation, spot: Spot) -> Option<String> {
    let local = def.spot_local(spot)? as usize;
    let segment = def.segments.get(local);
    let kind = segment.map(|s| s.kind).or(def.building)?;
    let side = match (spot, segment) {
        (Spot::Port(port), Some(seg)) => {
            let on = |side: Side| Port::of_side(side).into_iter().filter(|p| seg.ports & p.bit() != 0).count();
            let most = Side::ALL.into_iter().map(on).max().unwrap_or(0);
            let own = port.side();
            let side =
                if on(own) == most { own } else { Side::ALL.into_iter().find(|&s| on(s) == most).unwrap_or(own) };
            Some(Port::middle(side).rotate(rot).side())
        }
        (Spot::Port(port), None) => Some(port.rotate(rot).side()),
        (Spot::Building, _) => None,
    };
    Some(lang.speech().spot(kind, side))
}

/// The card of the start tile's ruin, which is no feature (GHOST-START-4).
pub fn ruin_card(lang: Lang) -> (String, Vec<String>) {
    let (title, lines) = lang.speech().ruin();
    (title, lines.into())
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
        // Its field below the road (ports Es Se Sw Ws, named by Es) lies mostly on the south
        // edge; turned once, on the west.
        let es = Spot::Port(crate::engine::Port::from_name("Es").unwrap());
        assert_eq!(
            spot_name(Lang::En, d, Rotation::new(0).unwrap(), es).as_deref(),
            Some("the field on the south side")
        );
        assert_eq!(spot_name(Lang::En, d, r1, es).as_deref(), Some("the field on the west side"));
        // The field between city and road (En Wn) is as much east as west: its own side.
        let en = Spot::Port(crate::engine::Port::from_name("En").unwrap());
        assert_eq!(
            spot_name(Lang::En, d, Rotation::new(0).unwrap(), en).as_deref(),
            Some("the field on the east side")
        );
    }

    #[test]
    fn the_ruin_is_described_as_no_feature_in_both_languages() {
        assert_eq!(ruin_card(Lang::En).0, "Ruin");
        assert_eq!(ruin_card(Lang::Nl).0, "Ruïne");
        assert!(ruin_card(Lang::Nl).1[1].contains("nooit punten"));
    }
}
