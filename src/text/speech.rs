//! What a language says, as one trait ([`Speech`]) over the data of a sentence: each
//! language's file implements all of it in its own grammar. The data types here are what
//! the topic modules (`card.rs`, `tile.rs`, `errors.rs`) hand over: a square's place, a
//! line of a feature's card, a feature by kind and owners.

use super::choice::{ChoiceWords, Named, PlanStep};
use super::tile::{place_of, TilePart};
use super::{Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::{Event, FeatureKind, Game, PlayError, Pos, SetupError, Side};
use crate::record::RecordError;

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
    fn ruin(&self) -> (&'static str, [&'static str; 2]);
    /// Why an action was refused.
    fn play_error(&self, e: &PlayError, cx: &Cx) -> String;
    /// A placement rule beyond edge matching.
    fn restriction(&self, r: &Restriction, cx: &Cx) -> String;
    /// Why a game could not be set up.
    fn setup_error(&self, e: &SetupError) -> String;
    /// Why a record could not be read or replayed.
    fn record_error(&self, e: &RecordError, cx: &Cx) -> String;
    /// What a step waits for (the engine's `expects()` text); `None` for a text it does not
    /// know (a test reads every `expects()` source, so none is missed).
    fn awaited(&self, expected: &str) -> Option<&'static str>;
    /// The engine's reasons in events (`GhostSkipped`, `ChallengeEnded`); `None` for one it
    /// does not know (a test lists them).
    fn reason(&self, reason: &str) -> Option<&'static str>;
}

/// What a sentence may need beyond its data: the seats' names, and the game (to name
/// squares in words; without it they keep their coordinates).
pub(crate) struct Cx<'a> {
    /// The language (for counted words).
    pub lang: Lang,
    names: &'a [String],
    game: Option<&'a Game>,
}

impl<'a> Cx<'a> {
    pub fn new(lang: Lang, names: &'a [String], game: Option<&'a Game>) -> Cx<'a> {
        Cx { lang, names, game }
    }

    /// A seat's name ("?" for a seat the names do not have).
    pub fn name(&self, seat: usize) -> &'a str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// The square `(x, y)`: what lies there and beside it (with a game), or only its
    /// coordinates.
    pub fn place(&self, x: i32, y: i32) -> Place {
        match self.game {
            Some(g) => place_of(g, Pos::new(x, y)),
            None => Place { x, y, here: None, by: None },
        }
    }

    /// A square in words, as `as_` asks, in this language.
    pub fn at(&self, x: i32, y: i32, as_: PlaceAs) -> String {
        self.lang.speech().place(&self.place(x, y), as_)
    }

    /// The parts of the tile `id`, if the game knows it.
    pub fn tile(&self, id: &str) -> Option<Vec<TilePart>> {
        let g = self.game?;
        let def = g.tiles().get(g.tiles().index_of(id)?);
        Some(super::tile::parts(def))
    }

    /// Whether squares can be told in words.
    pub fn knows_squares(&self) -> bool {
        self.game.is_some()
    }
}

/// The grammatical case a name is said in, for languages that decline (German).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Case {
    /// The subject, or a label alone.
    Nom,
    /// The direct object.
    Acc,
    /// After most prepositions.
    Dat,
}

/// What lies on a square or beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub x: i32,
    pub y: i32,
    /// What lies on the square (`None`: nothing, or not known).
    pub here: Option<Thing>,
    /// The square lies on side `Side` of this neighbour ("east of the start tile": `E`).
    pub by: Option<(Side, Thing)>,
}

/// How a square is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CardLine<'a> {
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
    /// The lines after it count a figure that waits for *End turn* as confirmed.
    IfConfirmed,
    /// No figure on it.
    Nobody,
    /// A player's stake: "Ann: 1 figure, 1 ghost (majority)".
    Holder { name: &'a str, figures: u16, ghosts: u16, majority: bool },
}

/// A feature by what it is and whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FeatureRef<'a> {
    pub kind: FeatureKind,
    /// Squares, for roads and cities ("the road of 4 tiles").
    pub tiles: Option<u16>,
    pub owners: Owners<'a>,
}

/// Whose a feature is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Owners<'a> {
    /// Nobody's (no figure, or no majority).
    Nobody,
    /// The majority players, by name.
    Players(Vec<&'a str>),
    /// The cooperative game: its meeples' colours (`coop::COLOURS` indices).
    Colours(Vec<u8>),
}
