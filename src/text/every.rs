//! Every text in every language: one of each event, refusal, setup and record error, card
//! line, tile part and place is said in each of the four languages, in words of its own
//! (no English word on a Dutch, German or French line, no placeholder left). The lists are
//! kept whole by exhaustive matches, so a new variant fails to compile here until it is
//! added.

use super::choice::{ChoiceWords, Named, PlanStep, Why};
use super::speech::{CardLine, CardState, Case, Cx, FeatureRef, Owners, Place, PlaceAs, Thing};
use super::tile::TilePart;
use super::{Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::tiles::Tower;
use crate::engine::{
    Event, FeatureKind, FigureKind, GhostCase, Needs, PlayError, Pos, Rotation, Scoring, Set, SetupError, Share, Side,
    Spot,
};
use crate::record::{ActionError, ParseActionError, RecordError};

/// Words that betray an English sentence (whole words, case-insensitive).
/// ("of", "score", "team" and "points" are Dutch, German or French words too.)
const ENGLISH: [&str; 20] = [
    "the", "with", "and", "tile", "tiles", "ghost", "ghosts", "road", "roads", "city", "field", "scored", "placed",
    "player", "supply", "not", "square", "from", "for", "turn",
];

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).map(str::to_lowercase)
}

/// `text` in `lang` reads as that language: not empty, no placeholder, no English word.
fn check(lang: Lang, what: &str, text: &str, english: &str) {
    // CARC_PRINT_TEXTS=de prints a language's texts, for a translator to read them all.
    if std::env::var("CARC_PRINT_TEXTS").is_ok_and(|l| l == lang.code()) {
        println!("{text}");
    }
    assert!(!text.trim().is_empty(), "{lang:?} {what}: empty");
    assert!(!text.contains('{') && !text.contains("  "), "{lang:?} {what}: {text:?}");
    if lang == Lang::En {
        return;
    }
    assert_ne!(text, english, "{lang:?} {what}: the English sentence");
    // Names in quotes are the record's own (sets, tiles, options), in any language.
    let unquoted: String = text.split(['"', '«', '»']).step_by(2).collect::<Vec<_>>().join(" ");
    for w in words(&unquoted) {
        assert!(!ENGLISH.contains(&w.as_str()), "{lang:?} {what}: English word {w:?} in {text:?}");
    }
}

fn scoring(feature: FeatureKind, complete: bool, shares: Vec<Share>) -> Scoring {
    Scoring { feature, complete, tiles: 3, pennants: 1, cities: 2, value: 8, shares, x: 0, y: 0, part: 0 }
}

fn share(player: usize, ghosts: u16, points: i32) -> Share {
    Share { player, figures: 1, ghosts, points }
}

/// One of every event (and, for those that say more than one thing, each of its forms).
fn events() -> Vec<Event> {
    use FeatureKind as K;
    let mut out = vec![
        Event::TileDrawn { player: 0, tile: "base.U".into(), tiles_left: 5 },
        Event::TileDrawn { player: 0, tile: "base.U".into(), tiles_left: 1 },
        Event::TileDiscarded { player: 0, tile: "base.U".into() },
        Event::TilePlaced { player: 0, tile: "base.U".into(), x: 1, y: 0, rotation: 1 },
        Event::Passed { player: 1 },
        Event::AbbotRetrieved { player: 1, x: 1, y: 0 },
        Event::GhostSkipped { player: 0, case: GhostCase::Extend, reason: "no ghosts left in the supply".into() },
        Event::GhostSkipped {
            player: 0,
            case: GhostCase::Limit,
            reason: "the player has no meeple a ghost may haunt".into(),
        },
        Event::GuardRewarded { player: 0, reserve_left: 2 },
        Event::GuardReserveEmpty { player: 0 },
        Event::GhostPenalty { player: 1, ghosts: 2, points: -2 },
        Event::ChallengeStarted { heretic: 0, monk: 1, shrine_x: 0, shrine_y: 1, monastery_x: 1, monastery_y: 1 },
        Event::ChallengeWon { winner: 0, loser: 1, building: K::Shrine, bonus: 0 },
        Event::ChallengeWon { winner: 1, loser: 0, building: K::Monastery, bonus: 9 },
        Event::ChallengeEnded { reason: "a participant left the board".into() },
        Event::CircleGhostsReleased { count: 1, x: 0, y: 0 },
        Event::CircleGhostsReleased { count: 3, x: 0, y: 0 },
        Event::CircleFilled { from: Some(1), x: 0, y: 0 },
        Event::CircleFilled { from: None, x: 0, y: 0 },
        Event::CatPlaced { player: 0, x: 0, y: 0 },
        Event::CatWaits,
        Event::CatScored { player: 0, points: 3 },
        Event::ScoreFloored { player: 1, unclamped: -2 },
        Event::GameOver { scores: vec![40, 12], winners: vec![0] },
        Event::GameOver { scores: vec![40, 40], winners: vec![0, 1] },
        Event::GhostsReleased { count: 2, x: 1, y: 0 },
        Event::GhostsRemoved { x: 1, y: 0, count: 3 },
        Event::GhostAttracted { from_x: 1, from_y: 1, x: 1, y: 0 },
        Event::MeepleReturned { colour: 2, x: 0, y: 0 },
        Event::MeepleBuried { colour: 1, x: 1, y: 0 },
        Event::HoundReached { hound: 0 },
        Event::PileOpened { pile: 2, tiles: 12 },
        Event::HoundPlaced { hound: 1, colour: 3, x: 0, y: 0 },
        Event::HoundLost { hound: 0 },
        Event::HoundScored { hound: 1, points: 4 },
        Event::CatJoined { colour: 5, x: 0, y: 0 },
        Event::TeamCatScored { points: 2 },
        Event::FaceDownPlaced { x: 0, y: -1 },
        Event::TeamWon { turn: 30, markers: vec![50] },
        Event::TeamLost { turn: 20, why: "pile".into(), needed: 0, supply: 0, pile: 1, piles: 1 },
        Event::TeamLost { turn: 20, why: "pile".into(), needed: 0, supply: 0, pile: 2, piles: 3 },
        Event::TeamLost { turn: 20, why: "ghosts".into(), needed: 3, supply: 1, pile: 1, piles: 1 },
    ];
    for case in [GhostCase::Extend, GhostCase::Limit] {
        out.push(Event::GhostPlaced { player: 0, owner: 1, case, x: 0, y: 0, ghosts: 2 });
        out.push(Event::GhostPlaced { player: 0, owner: 0, case, x: 0, y: 0, ghosts: 1 });
    }
    for spot in ["mist", "circle", "cemetery"] {
        out.push(Event::GhostsPlaced { x: 1, y: 0, count: 2, spot: spot.into() });
    }
    for tower in [Tower::Meeple, Tower::Arms, Tower::Road, Tower::Monastery, Tower::City] {
        out.push(Event::TowerScored { player: 0, tower, x: 0, y: 0, count: 2, points: 4 });
    }
    let kinds =
        [K::Road, K::City, K::Field, K::Monastery, K::Shrine, K::Castle, K::Cemetery, K::Garden, K::River, K::Mist];
    for feature in kinds {
        for figure in FigureKind::ALL {
            out.push(Event::FigurePlaced { player: 0, figure, x: 0, y: 0, spot: "N".into(), feature });
            out.push(Event::FigureScared { player: 1, figure, feature, x: 0, y: 0 });
            out.push(Event::FigureReturned { player: 1, figure, x: 0, y: 0 });
        }
        out.push(Event::MeeplePlaced { player: 0, colour: 0, x: 0, y: 0, spot: "N".into(), feature });
        out.push(Event::TeamScored { feature, value: 4, colours: vec![0, 1], points: 4, x: 0, y: 0 });
        out.push(Event::ScoringGivenUp { feature, x: 0, y: 0 });
        for complete in [true, false] {
            out.push(Event::Scored(scoring(feature, complete, vec![share(0, 0, 8)])));
            out.push(Event::Scored(scoring(feature, complete, vec![share(0, 1, 6)])));
            out.push(Event::Scored(scoring(feature, complete, vec![share(0, 0, 8), share(1, 0, 8)])));
            out.push(Event::Scored(scoring(feature, complete, vec![share(0, 4, 0)])));
        }
    }
    out
}

/// Keeps [`events`] whole: a new event is a compile error here until it is listed there.
#[allow(dead_code)]
fn every_event_is_listed(e: &Event) {
    match e {
        Event::TileDrawn { .. }
        | Event::TileDiscarded { .. }
        | Event::TilePlaced { .. }
        | Event::FigurePlaced { .. }
        | Event::Passed { .. }
        | Event::AbbotRetrieved { .. }
        | Event::GhostPlaced { .. }
        | Event::GhostSkipped { .. }
        | Event::FigureScared { .. }
        | Event::GuardRewarded { .. }
        | Event::GuardReserveEmpty { .. }
        | Event::GhostPenalty { .. }
        | Event::TowerScored { .. }
        | Event::ChallengeStarted { .. }
        | Event::ChallengeWon { .. }
        | Event::ChallengeEnded { .. }
        | Event::CircleGhostsReleased { .. }
        | Event::CircleFilled { .. }
        | Event::CatPlaced { .. }
        | Event::CatWaits
        | Event::CatScored { .. }
        | Event::Scored(_)
        | Event::FigureReturned { .. }
        | Event::ScoreFloored { .. }
        | Event::GameOver { .. }
        | Event::GhostsPlaced { .. }
        | Event::GhostsReleased { .. }
        | Event::GhostsRemoved { .. }
        | Event::GhostAttracted { .. }
        | Event::MeeplePlaced { .. }
        | Event::MeepleReturned { .. }
        | Event::MeepleBuried { .. }
        | Event::TeamScored { .. }
        | Event::ScoringGivenUp { .. }
        | Event::HoundReached { .. }
        | Event::PileOpened { .. }
        | Event::HoundPlaced { .. }
        | Event::HoundLost { .. }
        | Event::HoundScored { .. }
        | Event::CatJoined { .. }
        | Event::TeamCatScored { .. }
        | Event::FaceDownPlaced { .. }
        | Event::TeamWon { .. }
        | Event::TeamLost { .. } => {}
    }
}

fn play_errors() -> Vec<PlayError> {
    let p = Pos::new(1, 0);
    let mut out = vec![
        PlayError::GameOver,
        PlayError::WrongStep { expected: "a figure placement or a pass".into() },
        PlayError::NotNow("a meeple for the hound".into()),
        PlayError::WrongTile { drawn: "base.U".into(), given: "base.V".into() },
        PlayError::Occupied(p),
        PlayError::NotAdjacent(Pos::new(5, 5)),
        PlayError::NoSuchSpot(Spot::Building),
        PlayError::NoAbbotThere(p),
        PlayError::AbbotsBuildingComplete(p),
        PlayError::NotAGhostTarget(p),
        PlayError::NotACircleTarget(p),
        PlayError::NotACatTarget(p),
        PlayError::Forbidden(Restriction::NoFarmers),
        PlayError::Forbidden(Restriction::BordersTwo { building: FeatureKind::Shrine, other: FeatureKind::Monastery }),
        PlayError::Forbidden(Restriction::MakesBorderTwo {
            building: FeatureKind::Monastery,
            other: FeatureKind::Shrine,
            at: p,
        }),
        PlayError::Forbidden(Restriction::RiverMustExtend),
        PlayError::Forbidden(Restriction::RiverUTurn),
    ];
    for rot in Rotation::ALL {
        out.push(PlayError::EdgeMismatch { pos: p, rot });
    }
    for k in [FeatureKind::Road, FeatureKind::City, FeatureKind::Monastery, FeatureKind::Garden, FeatureKind::Field] {
        out.push(PlayError::FeatureOccupied(k));
        for figure in FigureKind::ALL {
            out.push(PlayError::FigureNotAllowed { figure, feature: k });
            out.push(PlayError::NoneInSupply(figure));
        }
    }
    out
}

/// Keeps [`play_errors`] whole.
#[allow(dead_code)]
fn every_play_error_is_listed(e: &PlayError) {
    match e {
        PlayError::GameOver
        | PlayError::WrongStep { .. }
        | PlayError::WrongTile { .. }
        | PlayError::Occupied(_)
        | PlayError::NotAdjacent(_)
        | PlayError::EdgeMismatch { .. }
        | PlayError::Forbidden(_)
        | PlayError::NoSuchSpot(_)
        | PlayError::FeatureOccupied(_)
        | PlayError::FigureNotAllowed { .. }
        | PlayError::NoneInSupply(_)
        | PlayError::NoAbbotThere(_)
        | PlayError::AbbotsBuildingComplete(_)
        | PlayError::NotAGhostTarget(_)
        | PlayError::NotACircleTarget(_)
        | PlayError::NotACatTarget(_)
        | PlayError::NotNow(_) => {}
    }
}

fn setup_errors() -> Vec<SetupError> {
    vec![
        SetupError::PlayerCount(7),
        SetupError::NameTooLong { seat: 1, chars: 80 },
        SetupError::BadColor { seat: 0, color: "red".into() },
        SetupError::SeatColours { seat: 0, why: "x".into() },
        SetupError::DrawTooLong(2000),
        SetupError::UnknownSet("dragons".into()),
        SetupError::NoBase,
        SetupError::DuplicateSet(Set::River),
        SetupError::UnknownTile("base.Z".into()),
        SetupError::OptionalTile("base.Y".into()),
        SetupError::TooManyCopies { tile: "base.U".into(), available: 8 },
        SetupError::NoStartTile,
        SetupError::Requires { set: Set::SpellCircles, needs: Set::Ghosts },
        SetupError::Excludes { set: Set::River, other: Set::Ghosts, why: "x".into() },
        SetupError::DrawOrder("x".into()),
        SetupError::NotAvailable("x".into()),
        SetupError::Coop("x".into()),
        SetupError::FirstPlayer(3),
    ]
}

/// Keeps [`setup_errors`] whole.
#[allow(dead_code)]
fn every_setup_error_is_listed(e: &SetupError) {
    match e {
        SetupError::PlayerCount(_)
        | SetupError::NameTooLong { .. }
        | SetupError::BadColor { .. }
        | SetupError::SeatColours { .. }
        | SetupError::DrawTooLong(_)
        | SetupError::UnknownSet(_)
        | SetupError::NoBase
        | SetupError::DuplicateSet(_)
        | SetupError::UnknownTile(_)
        | SetupError::OptionalTile(_)
        | SetupError::TooManyCopies { .. }
        | SetupError::NoStartTile
        | SetupError::Requires { .. }
        | SetupError::Excludes { .. }
        | SetupError::DrawOrder(_)
        | SetupError::NotAvailable(_)
        | SetupError::Coop(_)
        | SetupError::FirstPlayer(_) => {}
    }
}

fn record_errors() -> Vec<RecordError> {
    vec![
        RecordError::Malformed("the share code is damaged".into()),
        RecordError::Malformed("expected value at line 1".into()),
        RecordError::Version("made by a newer version".into()),
        RecordError::Version("version 0".into()),
        RecordError::Setup(SetupError::NoBase),
        RecordError::Action {
            index: 3,
            action: String::new(),
            error: ActionError::Illegal(PlayError::Occupied(Pos::new(1, 0))),
        },
        RecordError::Action {
            index: 3,
            action: String::new(),
            error: ActionError::Malformed(ParseActionError::from("x".to_string())),
        },
    ]
}

fn card_lines() -> Vec<CardLine> {
    use FeatureKind as K;
    let mut out = vec![
        CardLine::Filled { squares: 5 },
        CardLine::Misty { squares: 3 },
        CardLine::Field { cities: 2, value: 6 },
        CardLine::Field { cities: 1, value: 3 },
        CardLine::Mist { regions: 2, open: 3 },
        CardLine::Worth { complete: true, this_turn: false, value: 8, if_completed: None },
        CardLine::Worth { complete: true, this_turn: true, value: 8, if_completed: None },
        CardLine::Worth { complete: false, this_turn: false, value: 5, if_completed: Some(10) },
        CardLine::Worth { complete: false, this_turn: false, value: 5, if_completed: None },
        CardLine::IfConfirmed,
        CardLine::Nobody,
        CardLine::Holder { name: "Ann".into(), figures: 2, ghosts: 1, majority: true },
        CardLine::Holder { name: "Ann".into(), figures: 1, ghosts: 0, majority: false },
    ];
    for kind in [K::Road, K::City, K::Monastery, K::Shrine, K::Garden, K::Castle] {
        for needs in [
            Needs::Last { closers: 2 },
            Needs::Last { closers: 1 },
            Needs::Last { closers: 0 },
            Needs::Tiles(3),
            Needs::Never,
        ] {
            out.push(CardLine::Odds { kind, unseen: 41, needs });
        }
    }
    for kind in [K::Road, K::City] {
        out.push(CardLine::Extent { kind, tiles: 3, arms: 2, open: 1 });
        out.push(CardLine::Extent { kind, tiles: 1, arms: 0, open: 2 });
    }
    for kind in
        [K::Road, K::City, K::Field, K::Monastery, K::Shrine, K::Castle, K::Cemetery, K::Garden, K::River, K::Mist]
    {
        for state in [CardState::None, CardState::Open, CardState::Done, CardState::Limited] {
            out.push(CardLine::Title { kind, state });
        }
    }
    out
}

fn tile_parts() -> Vec<Vec<TilePart>> {
    use TilePart as P;
    let mut out: Vec<Vec<TilePart>> = vec![
        vec![P::City { sides: 1, arms: 1 }, P::Through { river: false, straight: true }],
        vec![P::City { sides: 4, arms: 1 }],
        vec![P::City { sides: 2, arms: 2 }, P::Mist, P::Circles(2)],
        vec![P::Caps(2), P::Through { river: false, straight: false }],
        vec![P::Through { river: true, straight: true }],
        vec![P::Through { river: true, straight: false }, P::Tower],
        vec![P::Crossing(3)],
        vec![P::Field, P::Mist, P::Circles(1)],
        vec![P::Spring],
        vec![P::Lake],
        vec![P::Roads, P::Tower],
    ];
    for b in
        [FeatureKind::Monastery, FeatureKind::Shrine, FeatureKind::Garden, FeatureKind::Castle, FeatureKind::Cemetery]
    {
        out.push(vec![P::Building(b), P::RoadEnd]);
    }
    out
}

fn places() -> Vec<Place> {
    let straight = Thing::Tile(vec![TilePart::Through { river: false, straight: true }]);
    let mut out = vec![
        Place { x: 0, y: 0, here: Some(Thing::Start), by: None },
        Place { x: 1, y: 1, here: Some(Thing::StartPart(crate::engine::tiles::StartSquare::Se)), by: None },
        Place { x: 5, y: 5, here: None, by: None },
        Place { x: 0, y: -1, here: Some(Thing::FaceDown), by: Some((Side::N, Thing::Start)) },
    ];
    for side in [Side::N, Side::E, Side::S, Side::W] {
        out.push(Place { x: 1, y: 0, here: None, by: Some((side, Thing::Start)) });
        out.push(Place { x: 1, y: 0, here: Some(straight.clone()), by: Some((side, straight.clone())) });
    }
    out
}

fn named() -> Vec<Named> {
    let city = Thing::Tile(vec![TilePart::City { sides: 1, arms: 0 }]);
    let cemetery = Thing::Tile(vec![TilePart::Building(FeatureKind::Cemetery)]);
    let at = Place { x: 1, y: 0, here: Some(cemetery.clone()), by: Some((Side::W, city.clone())) };
    vec![
        Named::Meeple { colour: 0, feature: None, near: None, at: None },
        Named::Meeple { colour: 1, feature: Some(FeatureKind::Road), near: Some((Side::N, Thing::Start)), at: None },
        Named::Meeple { colour: 2, feature: Some(FeatureKind::City), near: None, at: Some(at.clone()) },
        Named::Feature { kind: FeatureKind::Road, colours: vec![], near: None, at: None },
        Named::Feature { kind: FeatureKind::City, colours: vec![3], near: Some((Side::E, city.clone())), at: None },
        Named::Feature { kind: FeatureKind::Castle, colours: vec![4, 5], near: None, at: Some(at.clone()) },
        Named::Square { here: Some(cemetery.clone()), by: None, full: None },
        Named::Square { here: Some(cemetery.clone()), by: Some((Side::W, city.clone())), full: None },
        Named::Square { here: None, by: Some((Side::S, Thing::Start)), full: None },
        Named::Square { here: None, by: None, full: Some(at.clone()) },
        Named::Mist { sides: vec![], on: None },
        Named::Mist { sides: vec![Side::N, Side::E], on: None },
        Named::Mist {
            sides: vec![Side::W],
            on: Some(Box::new(Named::Square { here: Some(city), by: None, full: None })),
        },
        Named::Coords(Box::new(Named::Square { here: Some(cemetery), by: None, full: None }), 1, 0),
    ]
}

fn choices() -> Vec<ChoiceWords> {
    let n = |i: usize| named()[i].clone();
    let mut out = vec![
        ChoiceWords::Points { points: 4, feature: n(4) },
        ChoiceWords::Points { points: 1, feature: n(3) },
        ChoiceWords::Remove { ghosts: 2, from: n(7), instead_of: None },
        ChoiceWords::Remove { ghosts: 1, from: n(6), instead_of: Some(n(4)) },
        ChoiceWords::Bury { meeple: n(1) },
        ChoiceWords::BuryColour { colour: 2 },
        ChoiceWords::Attract { from: n(7) },
        ChoiceWords::Clear { ghosts: 3, from: n(9) },
        ChoiceWords::FaceDown { at: n(8) },
    ];
    for why in [Why::Fewer, Why::CemeteryGhost, Why::MistGhost, Why::Other] {
        out.push(ChoiceWords::Spot { why, spot: n(11) });
    }
    for why in [Why::Cat, Why::Hound(0), Why::Hound(1)] {
        out.push(ChoiceWords::With { why, meeple: n(2) });
    }
    out
}

fn plan_steps(lang: Lang) -> Vec<PlanStep> {
    let s = lang.speech();
    let at = s.place(&places()[3], PlaceAs::At);
    let spot = s.spot(FeatureKind::City, Some(Side::N));
    let mut out: Vec<PlanStep> = (0..4).map(|quarters| PlanStep::Tile { at: at.clone(), quarters }).collect();
    for figure in FigureKind::ALL {
        out.push(PlanStep::Figure { figure, feature: FeatureKind::City, spot: spot.clone() });
    }
    out.extend([
        PlanStep::Meeple { colour: 1, feature: FeatureKind::City, spot: spot.clone() },
        PlanStep::Pass,
        PlanStep::Retrieve { at },
        PlanStep::SetChoice,
    ]);
    out.extend(choices().into_iter().map(|c| PlanStep::Choice(Box::new(c))));
    out
}

/// Every text of the lists in `lang`, each with what it says and its English, checked as
/// it is said: `(what, text, english)`.
pub(super) fn every_text(lang: Lang) -> Vec<(String, String, String)> {
    let names: Vec<String> = ["Ann", "Bo"].iter().map(|s| s.to_string()).collect();
    let en = Lang::En.speech();
    let cx = |lang| Cx::new(lang, &names, None);
    let mut out = Vec::new();
    let mut check = |lang: Lang, what: &str, text: &str, english: &str| {
        check(lang, what, text, english);
        out.push((what.to_string(), text.to_string(), english.to_string()));
    };
    {
        let s = lang.speech();
        let c = cx(lang);
        for e in events() {
            check(lang, &format!("{e:?}"), &s.event(&e, &c), &en.event(&e, &cx(Lang::En)));
        }
        for e in play_errors() {
            check(lang, &format!("{e:?}"), &s.play_error(&e, &c), &en.play_error(&e, &cx(Lang::En)));
        }
        for e in setup_errors() {
            check(lang, &format!("{e:?}"), &s.setup_error(&e), &en.setup_error(&e));
        }
        for e in record_errors() {
            check(lang, &format!("{e:?}"), &s.record_error(&e, &c), &en.record_error(&e, &cx(Lang::En)));
        }
        for l in card_lines() {
            check(lang, &format!("{l:?}"), &s.card(&l), &en.card(&l));
        }
        for parts in tile_parts() {
            check(lang, &format!("{parts:?}"), &s.tile(&parts), &en.tile(&parts));
        }
        for p in places() {
            for as_ in [PlaceAs::Name, PlaceAs::Relation, PlaceAs::At, PlaceAs::From] {
                let said = s.place(&p, as_);
                assert!(!said.is_empty() && !said.contains("  "), "{lang:?} {p:?} {as_:?}: {said:?}");
                if p.here.is_some() || p.by.is_some() {
                    check(lang, &format!("{p:?} {as_:?}"), &said, &en.place(&p, as_));
                }
            }
        }
        for kind in [FeatureKind::Road, FeatureKind::City, FeatureKind::Monastery, FeatureKind::Castle] {
            for owners in [
                Owners::Nobody,
                Owners::Players(vec!["Ann".into(), "Bo".into()]),
                Owners::Colours(vec![0]),
                Owners::Colours(vec![1, 2]),
            ] {
                let f = FeatureRef { kind, tiles: Some(3), owners };
                check(lang, &format!("{f:?}"), &s.feature(&f), &en.feature(&f));
            }
            for side in [None, Some(Side::N), Some(Side::W)] {
                check(lang, &format!("{kind:?} {side:?}"), &s.spot(kind, side), &en.spot(kind, side));
            }
        }
        for n in named() {
            for case in [Case::Nom, Case::Acc, Case::Dat] {
                check(lang, &format!("{n:?} {case:?}"), &s.named(&n, case), &en.named(&n, case));
            }
        }
        for c in choices() {
            check(lang, &format!("{c:?}"), &s.choice(&c), &en.choice(&c));
        }
        for (p, e) in plan_steps(lang).iter().zip(plan_steps(Lang::En)) {
            check(lang, &format!("{p:?}"), &s.plan(p), &en.plan(&e));
        }
        let (title, lines) = s.ruin();
        check(lang, "ruin", &format!("{title} {}", lines.join(" ")), "");
        for l in [Line::TileUndone("Ann".into()), Line::TurnUndone("Ann".into()), Line::Loaded] {
            check(lang, &format!("{l:?}"), &s.line(l.clone()), &en.line(l));
        }
    }
    out
}

#[test]
fn every_text_is_said_in_every_language() {
    for lang in Lang::ALL {
        assert!(!every_text(lang).is_empty());
    }
}
