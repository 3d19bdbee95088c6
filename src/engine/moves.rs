//! Actions a player takes, the figures they use, and why an action can be refused.

use super::geometry::{Port, Pos, Rotation};
use super::tiles::{FeatureKind, TileIdx};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// A figure a player owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FigureKind {
    /// A regular meeple.
    Meeple,
    /// A guard meeple (Ghosts, Castles & Cemeteries): never haunted.
    Guard,
    /// The abbot (Abbot module): monasteries, shrines and gardens only.
    Abbot,
}

impl FigureKind {
    /// All kinds, in supply order.
    pub const ALL: [FigureKind; 3] = [FigureKind::Meeple, FigureKind::Guard, FigureKind::Abbot];

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            FigureKind::Meeple => "meeple",
            FigureKind::Guard => "guard",
            FigureKind::Abbot => "abbot",
        }
    }

    /// Whether this figure may stand on a feature of `kind` (BASE-MEEPLE-2, BASE-ABBOT-2,
    /// GHOST-CEM-2, GHOST-CASTLE-2, GHOST-ABBOT-2, SHRINE-CH-12, X-6): never on a river
    /// (BASE-RIVER-1) or in the mist, where the spell circles are (GHOST-FIELD-3, SPELL-9).
    /// Meeples, guards and abbots are the figures (MODEL-6).
    pub const fn may_occupy(self, kind: FeatureKind) -> bool {
        match self {
            FigureKind::Abbot => matches!(kind, FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden),
            FigureKind::Meeple | FigureKind::Guard => matches!(
                kind,
                FeatureKind::Road
                    | FeatureKind::City
                    | FeatureKind::Field
                    | FeatureKind::Monastery
                    | FeatureKind::Shrine
                    | FeatureKind::Castle
                    | FeatureKind::Cemetery
            ),
        }
    }
}

/// Where on the just-placed tile a figure goes: the segment that owns a printed port,
/// or the tile's building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Spot {
    /// The road, city or field owning this port of the tile as printed.
    Port(Port),
    /// The monastery, shrine, castle, cemetery or garden.
    Building,
}

impl Spot {
    /// The spot as it lies after turning its tile by `rot` (the building stays itself).
    pub const fn rotate(self, rot: Rotation) -> Spot {
        match self {
            Spot::Port(p) => Spot::Port(p.rotate(rot)),
            Spot::Building => Spot::Building,
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Port(p) => f.write_str(p.name()),
            Spot::Building => f.write_str("building"),
        }
    }
}

/// One step a player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Place the drawn tile.
    PlaceTile {
        /// The drawn tile (checked against the draw).
        tile: TileIdx,
        /// Where.
        pos: Pos,
        /// How turned.
        rot: Rotation,
    },
    /// Put a figure from the supply on the tile just placed.
    PlaceFigure {
        /// Which figure.
        figure: FigureKind,
        /// Where on the tile.
        spot: Spot,
    },
    /// Take the abbot back from this square and score it at once (BASE-ABBOT-4).
    RetrieveAbbot {
        /// The abbot's square.
        pos: Pos,
    },
    /// Place no figure this turn (or, in the cooperative game, decline an optional choice).
    Pass,
    /// A move of a step that a set owns (its choices: [`super::choice`]).
    Set(super::choice::SetMove),
}

/// The square an action's spot lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpotSquare {
    /// The tile just placed (a figure, a co-op meeple).
    Placed,
    /// A square named by the action.
    At(Pos),
}

impl Action {
    /// The figure's spot the action names, and its square, if it names one: a figure put on
    /// the tile just placed, or a set's move that points at a figure (a ghost's, a circle's
    /// or Eloïse's target; a co-op meeple, burial, scoring, removal or hound). Notation
    /// turns and renames spots through this and [`Action::with_spot`] without knowing any
    /// set's moves.
    pub fn spot(&self) -> Option<(SpotSquare, Spot)> {
        match *self {
            Action::PlaceFigure { spot, .. } => Some((SpotSquare::Placed, spot)),
            Action::Set(m) => m.spot(),
            Action::PlaceTile { .. } | Action::RetrieveAbbot { .. } | Action::Pass => None,
        }
    }

    /// The square the action points at as a square rather than at a figure on it (a
    /// co-op hound's or face-down square, the square a removal takes ghosts from).
    pub fn square(&self) -> Option<Pos> {
        match *self {
            Action::Set(m) => m.square(),
            _ => None,
        }
    }

    /// The ghost spot (the mist's, a cemetery's) the action chooses, and its square.
    pub fn ghost_spot(&self) -> Option<(Pos, crate::engine::coop::GhostSpot)> {
        match *self {
            Action::Set(m) => m.ghost_spot(),
            _ => None,
        }
    }

    /// The figure the action puts on the tile just placed, and its colour where the
    /// figures have colours of their own (the cooperative game's meeples).
    pub fn new_figure(&self) -> Option<(FigureKind, Option<u8>)> {
        match *self {
            Action::PlaceFigure { figure, .. } => Some((figure, None)),
            Action::Set(m) => m.new_figure(),
            _ => None,
        }
    }

    /// The action naming `spot` in place of the spot it names (unchanged if it names none).
    pub fn with_spot(self, spot: Spot) -> Action {
        match self {
            Action::PlaceFigure { figure, .. } => Action::PlaceFigure { figure, spot },
            Action::Set(m) => Action::Set(m.with_spot(spot)),
            other => other,
        }
    }
}

/// Why an action was refused. The game is unchanged after a refusal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayError {
    /// The game has ended.
    GameOver,
    /// The action does not belong to the current step.
    WrongStep {
        /// What the current step wants (the engine's own words, always static; a `Cow` so
        /// that the text packs can read it back, `text::pack`).
        expected: Cow<'static, str>,
    },
    /// The action names another tile than the one drawn.
    WrongTile {
        /// The drawn tile.
        drawn: String,
        /// The tile named.
        given: String,
    },
    /// The square is taken.
    Occupied(Pos),
    /// The square touches no placed tile.
    NotAdjacent(Pos),
    /// An edge does not match its neighbour.
    EdgeMismatch {
        /// Where.
        pos: Pos,
        /// How turned.
        rot: Rotation,
    },
    /// A rule beyond edge matching forbids it.
    Forbidden(Restriction),
    /// The tile has no segment at that port.
    NoSuchSpot(Spot),
    /// The feature already holds a figure (BASE-MEEPLE-3).
    FeatureOccupied(FeatureKind),
    /// That figure may not stand on that feature.
    FigureNotAllowed {
        /// The figure.
        figure: FigureKind,
        /// The feature.
        feature: FeatureKind,
    },
    /// None of that figure left in the supply.
    NoneInSupply(FigureKind),
    /// The player has no abbot at that square.
    NoAbbotThere(Pos),
    /// The abbot there stands on a monastery or garden that is complete: it scores in this
    /// turn's step 3 and cannot be taken back (BASE-ABBOT-4).
    AbbotsBuildingComplete(Pos),
    /// No figure stands there that this ghost may haunt.
    NotAGhostTarget(Pos),
    /// No figure stands there that the spell circle may draw a ghost from (mode A).
    NotACircleTarget(Pos),
    /// No figure stands there for Eloïse to sit beside.
    NotACatTarget(Pos),
    /// Not one of the answers the step awaits (the cooperative game's steps).
    NotNow(Cow<'static, str>),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::WrongStep { expected } => {
                write!(f, "not now: the game is waiting for {expected}")
            }
            PlayError::WrongTile { drawn, given } => {
                write!(f, "the drawn tile is {drawn}, not {given}")
            }
            PlayError::Occupied(p) => write!(f, "square {p} already has a tile"),
            PlayError::NotAdjacent(p) => write!(f, "square {p} does not touch any placed tile"),
            PlayError::EdgeMismatch { pos, rot } => {
                write!(f, "the tile turned {} times does not match its neighbours at {pos}", rot.quarters())
            }
            PlayError::Forbidden(why) => write!(f, "not allowed: {why}"),
            PlayError::NoSuchSpot(s) => write!(f, "the tile has no feature at {s} for a figure"),
            PlayError::FeatureOccupied(k) => {
                write!(f, "that {} already has a figure on it", k.name())
            }
            PlayError::FigureNotAllowed { figure, feature } => {
                write!(f, "a {} may not be placed on a {}", figure.name(), feature.name())
            }
            PlayError::NoneInSupply(k) => write!(f, "no {} left in the supply", k.name()),
            PlayError::NoAbbotThere(p) => write!(f, "you have no abbot at {p}"),
            PlayError::AbbotsBuildingComplete(p) => write!(
                f,
                "the abbot at {p} cannot be taken back: its building is complete and scores this turn (BASE-ABBOT-4)"
            ),
            PlayError::NotNow(expected) => write!(f, "not an answer to this step: the game is waiting for {expected}"),
            PlayError::NotACircleTarget(p) => write!(
                f,
                "no figure at {p} may give a ghost to this spell circle (it draws from a figure with a ghost on the 8 squares around the tile just placed)"
            ),
            PlayError::NotACatTarget(p) => write!(f, "no figure stands at {p} for Eloïse to sit beside"),
            PlayError::NotAGhostTarget(p) => write!(
                f,
                "no meeple at {p} may receive this ghost (extending the mist haunts another player's meeple, limiting it your own; never a guard)"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// A rule beyond edge matching that forbids a placement (no text is built until an error
/// is shown: legal-move generation asks these questions thousands of times).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Restriction {
    /// Farmers are not in play (option `farmers` off).
    NoFarmers,
    /// SHRINE-PLACE-2: the new building would border two of the other kind.
    BordersTwo {
        /// The building placed (shrine or monastery).
        building: FeatureKind,
        /// The kind it may border only once.
        other: FeatureKind,
    },
    /// SHRINE-PLACE-3: a building of the other kind nearby would then border two.
    MakesBorderTwo {
        /// The building placed.
        building: FeatureKind,
        /// The neighbour that would border two.
        other: FeatureKind,
        /// Where that neighbour is.
        at: Pos,
    },
    /// BASE-RIVER-1: a river tile must continue the river from its open end.
    RiverMustExtend,
    /// BASE-RIVER-1: the river may not turn the same way twice in a row (a U-turn).
    RiverUTurn,
}

impl fmt::Display for Restriction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Restriction::NoFarmers => write!(f, "farmers are not in play in this game"),
            Restriction::BordersTwo { building, other } => {
                write!(f, "a {} may not border more than one {}", building.name(), other.name())
            }
            Restriction::MakesBorderTwo { building, other, at } => {
                write!(f, "the {} at {at} already borders a {}; it may not border two", other.name(), building.name())
            }
            Restriction::RiverMustExtend => {
                write!(f, "a river tile must continue the river from its open end (BASE-RIVER-1)")
            }
            Restriction::RiverUTurn => {
                write!(f, "the river may not bend the same way on two tiles in a row: that is a U-turn (BASE-RIVER-1)")
            }
        }
    }
}
