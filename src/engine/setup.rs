//! Game setup: players, tile sets, options and the deck (a seed or an explicit order).

use super::sets::Set;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Fewest and most players of a competitive game (BASE-COMP-5, DEC-02).
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=5;
/// Most players of a puzzle or scenario with an explicit draw (one seat allowed).
pub const PUZZLE_PLAYERS: std::ops::RangeInclusive<usize> = 1..=5;

// Limits no real game reaches (the biggest deck, every set at once, has under 200 tiles).
// Anything from outside (a record, a share link, an element attribute) is refused beyond
// them, which also keeps every counter of the board far from overflowing.

/// Most tiles an explicit draw may list.
pub const MAX_DRAW: usize = 1_000;
/// Longest player name, in characters.
pub const MAX_NAME: usize = 64;

/// Rule options; anything not named keeps its default (BASE-COMP-4, DEC-01: farmers on,
/// as the 3rd-edition base game has them (BASE-COMP-3); the Abbot and the River, which the
/// base box also holds (BASE-COMP-2), only when chosen).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Meeples may be placed on fields and fields score at the end (default on).
    pub farmers: bool,
    /// The Abbot module: one abbot per player, gardens (default off).
    pub abbot: bool,
    /// Include tiles only some printings have (the RGG shrine tile; default off).
    pub optional_tiles: bool,
    /// For puzzles and scenarios with an explicit draw order: any number of copies of a
    /// tile may be drawn (default off: no more copies than the sets contain).
    pub unlimited_copies: bool,
    /// House rule SHRINE-CH-13 (default off): a challenge's winner also scores the
    /// losing building's current value.
    pub shrine_house_rule: bool,
    /// The Spell Circles' competitive mode: `"B"` (default, SPELLC-B: a tile with n circles
    /// brings n ghosts per case) or `"A"` (SPELLC-A: circles trap ghosts; not yet played).
    pub spell_mode: SpellMode,
    /// Eloïse the cat in Spell Circles mode A (default on; SPELLC-A-1).
    pub eloise: bool,
    /// The first edition's "tiny city" rule (default off): a completed city of two squares
    /// scores 1 per square and 1 per coat of arms (2 without arms) instead of 4 (BASE-CITY-2
    /// has no such exception in the 3rd edition). Written to records only when on.
    #[serde(skip_serializing_if = "is_false")]
    pub tiny_city: bool,
    /// The cooperative game, Mists over Carcassonne (COOP.md), at a level: `{"level": n}`
    /// (default none: the competitive game). Written to records only when chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coop: Option<super::coop::CoopOptions>,
    /// The seat that plays first (default 0: the first seat, BASE-SETUP-3). A duplicate
    /// match's second game starts with the other seat on the same tile order (issue 38).
    /// Written to records only when not 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub first_player: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The two competitive ways to play The Spell Circles (RULES.md §5.3, §5.4; mode B is the
/// default, DEC-25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpellMode {
    /// SPELLC-B, the default: n circles on a tile bring n ghosts per case.
    #[default]
    B,
    /// SPELLC-A: circles attract and trap ghosts; Eloïse the cat.
    A,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            farmers: true,
            abbot: false,
            optional_tiles: false,
            unlimited_copies: false,
            shrine_house_rule: false,
            spell_mode: SpellMode::B,
            eloise: true,
            tiny_city: false,
            coop: None,
            first_player: 0,
        }
    }
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// Display name.
    pub name: String,
    /// Display colour (the engine does not use it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// The level of the computer player in this seat (`easy`, `medium`, `hard`, `expert`), none
    /// for a person. The engine does not use it; the page and records keep it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<String>,
    /// The cooperative game only: the colours this seat plays, by name (`red`, `green`,
    /// `blue`, `yellow`, `black`, `pink`), as many as the seat owns (COOP-SETUP-3). None:
    /// the first colours in that order that no other seat names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<Vec<String>>,
}

impl PlayerSetup {
    /// A player with just a name.
    pub fn named(name: &str) -> PlayerSetup {
        PlayerSetup { name: name.to_string(), color: None, computer: None, colours: None }
    }
}

/// Whether a colour is `#rgb` or `#rrggbb` (hex digits only): the only form the page
/// writes into a style, so that a record or a link cannot inject CSS.
pub fn is_color(c: &str) -> bool {
    let hex = c.strip_prefix('#').unwrap_or("");
    c.starts_with('#') && matches!(hex.len(), 3 | 6) && hex.bytes().all(|b| b.is_ascii_hexdigit())
}

impl Setup {
    /// The checks on the seats and the draw that keep outside input harmless.
    pub(crate) fn check_limits(&self) -> Result<(), SetupError> {
        for (seat, p) in self.players.iter().enumerate() {
            let chars = p.name.chars().count();
            if chars > MAX_NAME {
                return Err(SetupError::NameTooLong { seat, chars });
            }
            if let Some(color) = p.color.as_deref().filter(|c| !is_color(c)) {
                return Err(SetupError::BadColor { seat, color: color.to_string() });
            }
            if p.colours.is_some() && self.options.coop.is_none() {
                return Err(SetupError::SeatColours {
                    seat,
                    why: "they are for the cooperative game; a competitive seat has one \"color\"".into(),
                });
            }
        }
        match &self.deck {
            Deck::Draw(ids) if ids.len() > MAX_DRAW => Err(SetupError::DrawTooLong(ids.len())),
            _ => Ok(()),
        }
    }
}

/// Where the tile order comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deck {
    /// Shuffle every tile of the chosen sets with this seed.
    Seed(u64),
    /// Draw exactly these tiles (catalogue ids), first to last.
    Draw(Vec<String>),
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seats in turn order; the first seat starts (BASE-SETUP-3, DEC-03: the host's order).
    pub players: Vec<PlayerSetup>,
    /// Tile sets, in the order given; `base` is always needed. The order matters only for
    /// the shuffle (the deck is built set by set), so a record replays exactly.
    pub sets: Vec<Set>,
    /// Rule options.
    pub options: Options,
    /// The tile order.
    pub deck: Deck,
}

impl Setup {
    /// A base game for the named players, shuffled by `seed`.
    pub fn base(names: &[&str], seed: u64) -> Setup {
        Setup {
            players: names.iter().map(|n| PlayerSetup::named(n)).collect(),
            sets: vec![Set::Base],
            options: Options::default(),
            deck: Deck::Seed(seed),
        }
    }

    /// The same setup with more sets.
    pub fn with_sets(mut self, sets: &[Set]) -> Setup {
        self.sets.extend_from_slice(sets);
        self
    }

    /// Whether a set is in play.
    pub fn has_set(&self, set: Set) -> bool {
        self.sets.contains(&set)
    }
}

/// Why a setup cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SetupError {
    /// Not 2–5 players (1–5 with an explicit draw).
    PlayerCount(usize),
    /// A player's name longer than [`MAX_NAME`] characters.
    NameTooLong {
        /// The seat (0-based).
        seat: usize,
        /// Its length in characters.
        chars: usize,
    },
    /// A colour that is not `#rgb` or `#rrggbb` (anything else could inject CSS).
    BadColor {
        /// The seat (0-based).
        seat: usize,
        /// The colour given.
        color: String,
    },
    /// A seat's `colours` the cooperative game cannot give it.
    SeatColours {
        /// The seat (0-based).
        seat: usize,
        /// Why not.
        why: String,
    },
    /// An explicit draw longer than [`MAX_DRAW`] tiles.
    DrawTooLong(usize),
    /// A set name the catalogue does not have.
    UnknownSet(String),
    /// The base game is missing.
    NoBase,
    /// A set named twice.
    DuplicateSet(Set),
    /// A drawn tile id that is not in the chosen sets.
    UnknownTile(String),
    /// A drawn tile that only some printings have, without the `optional_tiles` option.
    OptionalTile(String),
    /// More copies of a tile in the draw than the sets contain.
    TooManyCopies {
        /// Tile id.
        tile: String,
        /// Copies in the sets.
        available: u32,
    },
    /// The catalogue has no start tile for these sets.
    NoStartTile,
    /// A set that needs another set (The Spell Circles need Ghosts, Castles & Cemeteries).
    Requires {
        /// The set chosen.
        set: Set,
        /// The set it needs.
        needs: Set,
    },
    /// Two sets that cannot be played together (the River and the mist sets, DEC-15).
    Excludes {
        /// The set chosen.
        set: Set,
        /// The set it cannot be played with.
        other: Set,
        /// Why not (the rules' own words; a `Cow` so that the text packs can read it back).
        why: std::borrow::Cow<'static, str>,
    },
    /// An explicit draw in an order the rules do not allow (the River's tiles come first).
    DrawOrder(String),
    /// An option value this version does not play yet.
    NotAvailable(String),
    /// A cooperative setup the rules or the level's numbers do not allow.
    Coop(String),
    /// `first_player` names no seat (or is set in the cooperative game, whose turn order
    /// the level gives).
    FirstPlayer(usize),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PlayerCount(n) => {
                write!(
                    f,
                    "a game needs 2 to 5 players, not {n} (the cooperative game, or a puzzle with an explicit \"draw\", 1 to 5)"
                )
            }
            SetupError::NameTooLong { seat, chars } => {
                write!(f, "player {}'s name is {chars} characters long; names are at most {MAX_NAME}", seat + 1)
            }
            SetupError::BadColor { seat, color } => {
                let shown: String = color.chars().take(40).collect();
                write!(
                    f,
                    "player {}'s colour {shown:?} is not a colour like \"#d9342b\" (# and 3 or 6 hex digits)",
                    seat + 1
                )
            }
            SetupError::SeatColours { seat, why } => write!(f, "player {}'s \"colours\": {why}", seat + 1),
            SetupError::DrawTooLong(n) => {
                write!(f, "the draw lists {n} tiles; a draw has at most {MAX_DRAW} (a whole game has under 200)")
            }
            SetupError::UnknownSet(s) => write!(f, "unknown tile set {s:?}; the sets are {}", Set::names()),
            SetupError::NoBase => write!(f, "every game needs the \"base\" set"),
            SetupError::DuplicateSet(s) => write!(f, "the set \"{s}\" is named twice"),
            SetupError::FirstPlayer(n) => {
                write!(f, "\"first_player\" {n} names no seat (seats count from 0; not in the cooperative game)")
            }
            SetupError::UnknownTile(t) => write!(f, "the draw names tile {t:?}, which is not in the chosen sets"),
            SetupError::OptionalTile(t) => write!(
                f,
                "the draw names tile {t:?}, which only some printings have: set the option \"optional_tiles\" to true"
            ),
            SetupError::TooManyCopies { tile, available } => {
                write!(f, "the draw has more copies of {tile} than the {available} the sets contain")
            }
            SetupError::NoStartTile => write!(f, "the tile catalogue has no start tile for these sets"),
            SetupError::Requires { set, needs } => write!(f, "the set \"{set}\" is played with \"{needs}\": add it"),
            SetupError::Excludes { set, other, why } => {
                write!(f, "the set \"{set}\" cannot be played with \"{other}\": {why}")
            }
            SetupError::DrawOrder(why) => write!(f, "the draw order breaks a rule: {why}"),
            SetupError::NotAvailable(what) => write!(f, "{what} is not available in this version yet"),
            SetupError::Coop(why) => write!(f, "the cooperative game: {why}"),
        }
    }
}

impl std::error::Error for SetupError {}
