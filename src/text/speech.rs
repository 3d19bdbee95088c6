//! What a language says, as one trait ([`Speech`]) over the data of a sentence: each
//! language's file implements all of it in its own grammar. The data types here are what
//! the topic modules (`card.rs`, `tile.rs`, `errors.rs`) hand over: a square's place, a
//! line of a feature's card, a feature by kind and owners.

use super::choice::{ChoiceWords, Named, PlanStep};
use super::tile::{place_of, TilePart};
use super::{Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::{Event, FeatureKind, Game, Needs, PlayError, Pos, SetupError, Side};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// Everything a language says.
pub(crate) trait Speech: Sync {
    /// A log line for an event.
    fn event(&self, e: &Event, cx: &Cx) -> String;
    /// A page line.
    fn line(&self, l: Line) -> String;
    /// A tile by its parts, the first the main one: "a city cap with a straight road".
    fn tile(&self, parts: &[TilePart]) -> String;
    /// A square in words, as `as_` asks.
    fn place(&self, p: &Place, as_: PlaceAs) -> String;
    /// One line (or the title) of a feature's card.
    fn card(&self, line: &CardLine) -> String;
    /// A feature by what it is and whose it is.
    fn feature(&self, f: &FeatureRef) -> String;
    /// A spot of a tile by its feature and the side it faces (`None`: a building).
    fn spot(&self, kind: FeatureKind, side: Option<Side>) -> String;
    /// A choice's target ("the red meeple's road", "the cemetery west of the city", "the
    /// mist to the north"), in `case` (German declines; the others say it alike).
    fn named(&self, n: &Named, case: Case) -> String;
    /// A choice's button label.
    fn choice(&self, c: &ChoiceWords) -> String;
    /// A plan's step, as an infinitive phrase ("place the tile …").
    fn plan(&self, s: &PlanStep) -> String;
    /// The start tile's ruin: its title and two lines.
    fn ruin(&self) -> (String, [String; 2]);
    /// Why an action was refused.
    fn play_error(&self, e: &PlayError, cx: &Cx) -> String;
    /// A placement rule beyond edge matching.
    fn restriction(&self, r: &Restriction, cx: &Cx) -> String;
    /// Why a game could not be set up.
    fn setup_error(&self, e: &SetupError) -> String;
    /// Why a record could not be read or replayed.
    fn record_error(&self, e: &RecordError, cx: &Cx) -> String;
}

/// What a sentence may need beyond its data: the seats' names, and how squares are told
/// (in words from the game, or from what a text pack was sent; without either they keep
/// their coordinates).
pub(crate) struct Cx<'a> {
    /// The language (for counted words).
    pub lang: Lang,
    names: &'a [String],
    squares: Squares<'a>,
}

/// Where a [`Cx`] learns what lies on and beside a square.
enum Squares<'a> {
    /// Nowhere: squares keep their coordinates.
    None,
    /// The game.
    Game(&'a Game),
    #[cfg_attr(not(speech = "en"), allow(dead_code))]
    /// The game, noting every square and tile asked about (for a text pack, which has no
    /// game: `text::pack`).
    Noting(&'a Game, RefCell<Known>),
    /// What was noted for this sentence (in a text pack).
    Known(&'a Known),
}

/// The squares and tiles a sentence asked its game about, for a text pack to tell them as
/// the game would (`text::pack`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Known {
    /// Whether squares are told in words at all (there was a game).
    pub game: bool,
    /// The squares asked about.
    pub places: Vec<Place>,
    /// The tiles asked about, by id, with their parts.
    pub tiles: Vec<(String, Vec<TilePart>)>,
}

impl<'a> Cx<'a> {
    pub fn new(lang: Lang, names: &'a [String], game: Option<&'a Game>) -> Cx<'a> {
        Cx { lang, names, squares: game.map_or(Squares::None, Squares::Game) }
    }

    /// A context that tells squares from what a text pack was sent.
    pub fn known(lang: Lang, names: &'a [String], known: &'a Known) -> Cx<'a> {
        Cx { lang, names, squares: Squares::Known(known) }
    }

    /// The seats' names.
    #[cfg_attr(not(speech = "en"), allow(dead_code))]
    pub fn names(&self) -> &'a [String] {
        self.names
    }

    #[cfg_attr(not(speech = "en"), allow(dead_code))]
    /// `say` in `lang` with this context, noting every square and tile it asks the game
    /// about: what a text pack needs to say the same in its language.
    pub fn noting<T>(&self, lang: Lang, say: impl FnOnce(&Cx) -> T) -> (T, Known) {
        let squares = match self.squares {
            Squares::Game(g) | Squares::Noting(g, _) => Squares::Noting(g, RefCell::default()),
            Squares::None => Squares::None,
            Squares::Known(k) => Squares::Known(k),
        };
        let cx = Cx { lang, names: self.names, squares };
        let said = say(&cx);
        let known = match cx.squares {
            Squares::Noting(_, k) => Known { game: true, ..k.into_inner() },
            Squares::Known(k) => k.clone(),
            Squares::None | Squares::Game(_) => Known::default(),
        };
        (said, known)
    }

    /// A seat's name ("?" for a seat the names do not have).
    pub fn name(&self, seat: usize) -> &'a str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// The square `(x, y)`: what lies there and beside it (with a game), or only its
    /// coordinates.
    pub fn place(&self, x: i32, y: i32) -> Place {
        let bare = || Place { x, y, here: None, by: None };
        match &self.squares {
            Squares::None => bare(),
            Squares::Game(g) => place_of(g, Pos::new(x, y)),
            Squares::Noting(g, known) => {
                let p = place_of(g, Pos::new(x, y));
                let mut k = known.borrow_mut();
                if !k.places.iter().any(|q| q.x == x && q.y == y) {
                    k.places.push(p.clone());
                }
                p
            }
            Squares::Known(k) => k.places.iter().find(|q| q.x == x && q.y == y).cloned().unwrap_or_else(bare),
        }
    }

    /// A square in words, as `as_` asks, in this language.
    pub fn at(&self, x: i32, y: i32, as_: PlaceAs) -> String {
        self.lang.speech().place(&self.place(x, y), as_)
    }

    /// The parts of the tile `id`, if the game knows it.
    pub fn tile(&self, id: &str) -> Option<Vec<TilePart>> {
        let of = |g: &Game| {
            let def = g.tiles().get(g.tiles().index_of(id)?);
            Some(super::tile::parts(def))
        };
        match &self.squares {
            Squares::None => None,
            Squares::Game(g) => of(g),
            Squares::Noting(g, known) => {
                let parts = of(g)?;
                let mut k = known.borrow_mut();
                if !k.tiles.iter().any(|(t, _)| t == id) {
                    k.tiles.push((id.to_string(), parts.clone()));
                }
                Some(parts)
            }
            Squares::Known(k) => k.tiles.iter().find(|(t, _)| t == id).map(|(_, p)| p.clone()),
        }
    }

    /// Whether squares can be told in words.
    pub fn knows_squares(&self) -> bool {
        match &self.squares {
            Squares::None => false,
            Squares::Game(_) | Squares::Noting(..) => true,
            Squares::Known(k) => k.game,
        }
    }
}

/// The grammatical case a name is said in, for languages that decline (German).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Case {
    /// The subject, or a label alone.
    Nom,
    /// The direct object.
    Acc,
    /// After most prepositions.
    Dat,
}

/// What lies on a square or beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Thing {
    /// The start tile (the 1×1 one, or the 2×2 one as a whole beside a square).
    Start,
    /// One square of the 2×2 start tile, named itself.
    StartPart(crate::engine::tiles::StartSquare),
    /// A tile laid face down (the cooperative game).
    FaceDown,
    /// A tile, by its parts.
    Tile(Vec<TilePart>),
}

/// A square: its coordinates, what lies on it, and the neighbour it is named by (the start
/// tile if it is one, else the first of north, east, south, west) with the side of that
/// neighbour the square lies on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Place {
    pub x: i32,
    pub y: i32,
    /// What lies on the square (`None`: nothing, or not known).
    pub here: Option<Thing>,
    /// The square lies on side `Side` of this neighbour ("east of the start tile": `E`).
    pub by: Option<(Side, Thing)>,
}

/// How a square is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum PlaceAs {
    /// By what lies there and where: "a straight road east of the start tile", "north of the
    /// start tile", "the start tile"; the coordinates when nothing is beside it.
    Name,
    /// Only where it lies: "east of the start tile", "the start tile", "(5, 5)".
    Relation,
    /// Where something is or happens, after a verb: "east of the start tile", "on the start
    /// tile", "at (5, 5)".
    At,
    /// Where something comes from: "from a straight road east of the start tile", "from the
    /// start tile", "from (5, 5)".
    From,
}

/// What a state of a feature is, for its card's title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CardState {
    /// Nothing said (fields, cemeteries, rivers).
    None,
    /// Still open.
    Open,
    /// Completed.
    Done,
    /// A mist bank that touches a clear port: never completed.
    Limited,
}

/// One line of a feature's card, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CardLine {
    /// The title: "City (incomplete)".
    Title { kind: FeatureKind, state: CardState },
    /// A road's or city's extent: "3 tiles, 2 coats of arms and 1 open edge".
    Extent { kind: FeatureKind, tiles: u16, arms: u16, open: i16 },
    /// A building's squares filled: "5 of 9 squares filled".
    Filled { squares: u16 },
    /// A haunted castle's misty squares: "3 misty squares around it".
    Misty { squares: u16 },
    /// A field: "Touches 2 completed cities: 6 per farmer majority".
    Field { cities: u16, value: i32 },
    /// A mist bank: "2 mist regions, 3 open misty ports".
    Mist { regions: i64, open: i16 },
    /// What it is worth: "Scored: 8", "Now: 5 · completed: 10"; `this_turn`: completed by
    /// the tile just placed, it scores at the end of this turn.
    Worth { complete: bool, this_turn: bool, value: i32, if_completed: Option<i32> },
    /// What the unseen tiles can do for it: "2 of the 41 unseen tiles close this city: 5%
    /// on each draw", "No tile left can close this city".
    Odds { kind: FeatureKind, unseen: u16, needs: Needs },
    /// The lines after it count a figure that waits for *End turn* as confirmed.
    IfConfirmed,
    /// No figure on it.
    Nobody,
    /// A player's stake: "Ann: 1 figure, 1 ghost (majority)".
    Holder { name: String, figures: u16, ghosts: u16, majority: bool },
}

/// The chance, in whole percent, that the next draw is one of `closers` of `unseen`
/// tiles: never 0 where one is (a draw of 1 in 300 is not "0%").
pub(crate) fn per_draw(closers: u16, unseen: u16) -> u32 {
    let p = (200 * closers as u32 + unseen as u32) / (2 * unseen.max(1) as u32);
    p.max(u32::from(closers > 0))
}

/// A feature by what it is and whose it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FeatureRef {
    pub kind: FeatureKind,
    /// Squares, for roads and cities ("the road of 4 tiles").
    pub tiles: Option<u16>,
    pub owners: Owners,
}

/// Whose a feature is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Owners {
    /// Nobody's (no figure, or no majority).
    Nobody,
    /// The majority players, by name.
    Players(Vec<String>),
    /// The cooperative game: its meeples' colours (`coop::COLOURS` indices).
    Colours(Vec<u8>),
}
