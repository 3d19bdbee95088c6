//! What happened: the structured event list each applied action returns, for the UI's
//! log, animations and tests.

use super::ghosts::GhostCase;
use super::moves::FigureKind;
use super::tiles::{FeatureKind, Tower};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::Arc;

/// One player's part in a scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    /// Seat index.
    pub player: usize,
    /// Figures the player had on the feature.
    pub figures: u16,
    /// Ghosts next to those figures.
    pub ghosts: u16,
    /// Points the player receives (0 without majority).
    pub points: i32,
}

/// A feature scored, during the game or at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// What was scored.
    pub feature: FeatureKind,
    /// Completed (in-game) or not (final scoring).
    pub complete: bool,
    /// Squares the feature covers (roads, cities) or counted around it (buildings).
    pub tiles: u16,
    /// Coats of arms (cities).
    pub pennants: u16,
    /// Completed cities supplied (fields).
    pub cities: u16,
    /// The feature's value before any per-player adjustment.
    pub value: i32,
    /// Every player with figures on it.
    pub shares: Vec<Share>,
    /// A square of the feature, for the UI to point at.
    pub x: i32,
    /// A square of the feature, for the UI to point at.
    pub y: i32,
    /// The feature's part on that square (the tile's node index, as
    /// [`crate::engine::Inspection::parts`] numbers them): with `x` and `y` it names the
    /// feature, so a page can outline it ([`crate::engine::Part::Node`]).
    pub part: u8,
}

/// Something that happened in the game. Serde's form is externally tagged (`{"tile_placed":
/// {...}}`), which reads back cheaply (the text packs, `text::pack`); the form the page and
/// the CLI show is [`Event::to_json`]'s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A player's turn began and they drew a tile.
    TileDrawn {
        /// Seat.
        player: usize,
        /// Tile id.
        tile: Arc<str>,
        /// Tiles still in the stack after this one (the cooperative game: in the active
        /// pile, the one tiles may be drawn from).
        tiles_left: u32,
    },
    /// The drawn tile fits nowhere and leaves the game (BASE-TILE-4).
    TileDiscarded {
        /// Seat.
        player: usize,
        /// Tile id.
        tile: Arc<str>,
    },
    /// A tile was placed.
    TilePlaced {
        /// Seat.
        player: usize,
        /// Tile id.
        tile: Arc<str>,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Clockwise quarter turns.
        rotation: u8,
    },
    /// A figure was placed on the tile just placed.
    FigurePlaced {
        /// Seat.
        player: usize,
        /// Which figure.
        figure: FigureKind,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The printed port (or `building`) it stands at.
        spot: Cow<'static, str>,
        /// The feature it stands on.
        feature: FeatureKind,
    },
    /// The player placed no figure.
    Passed {
        /// Seat.
        player: usize,
    },
    /// An abbot was taken back (BASE-ABBOT-4); a `Scored` event follows.
    AbbotRetrieved {
        /// Seat.
        player: usize,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A ghost was put next to a meeple (GHOST-PLACE).
    GhostPlaced {
        /// The active player, who chose.
        player: usize,
        /// The haunted meeple's owner.
        owner: usize,
        /// Extending or limiting the mist.
        case: GhostCase,
        /// Column of the meeple.
        x: i32,
        /// Row of the meeple.
        y: i32,
        /// Ghosts now next to it.
        ghosts: u8,
    },
    /// A ghost that should come could not (GHOST-PLACE-6).
    GhostSkipped {
        /// The active player.
        player: usize,
        /// Extending or limiting the mist.
        case: GhostCase,
        /// Why not.
        reason: Cow<'static, str>,
    },
    /// A third ghost scared a figure off the board (GHOST-SCARE-1); no points.
    FigureScared {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: FigureKind,
        /// The feature it stood on.
        feature: FeatureKind,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A completed cemetery brought a guard meeple from the reserve (GHOST-CEM-4).
    GuardRewarded {
        /// Who gets it.
        player: usize,
        /// Guards left in that player's reserve.
        reserve_left: u8,
    },
    /// A completed cemetery's keeper found the reserve empty (GHOST-CEM-5).
    GuardReserveEmpty {
        /// The keeper's owner.
        player: usize,
    },
    /// Final scoring: −1 per ghost next to the player's figures (GHOST-END-1).
    GhostPenalty {
        /// Seat.
        player: usize,
        /// Ghosts counted.
        ghosts: u16,
        /// The (negative) points.
        points: i32,
    },
    /// A watchtower paid its bonus (TOWER-3, TOWER-4, TOWER-8).
    TowerScored {
        /// The owner of the meeple on the tower tile.
        player: usize,
        /// The tower's symbol.
        tower: Tower,
        /// Column of the tower.
        x: i32,
        /// Row of the tower.
        y: i32,
        /// What it counted in its 3×3.
        count: u16,
        /// Points.
        points: i32,
    },
    /// A heretic and a monk now challenge each other (SHRINE-CH-2).
    ChallengeStarted {
        /// The heretic's owner.
        heretic: usize,
        /// The monk's owner.
        monk: usize,
        /// Column of the shrine.
        shrine_x: i32,
        /// Row of the shrine.
        shrine_y: i32,
        /// Column of the monastery.
        monastery_x: i32,
        /// Row of the monastery.
        monastery_y: i32,
    },
    /// A challenge was won by completing a building first (SHRINE-CH-5); the `Scored`
    /// event of the winner's building follows.
    ChallengeWon {
        /// The winner.
        winner: usize,
        /// The loser, whose figure goes home with nothing.
        loser: usize,
        /// The winner's building.
        building: FeatureKind,
        /// House rule SHRINE-CH-13: the loser's building's value, added for the winner.
        bonus: i32,
    },
    /// A challenge ended without a winner (SHRINE-CH-6, SHRINE-CH-9, SHRINE-CH-10).
    ChallengeEnded {
        /// Why.
        reason: Cow<'static, str>,
    },
    /// Mode A: a completed mist bank set its circle ghosts free (SPELLC-A-2).
    CircleGhostsReleased {
        /// How many.
        count: u8,
        /// Column of the tile that completed the bank.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Mode A: a circle took a ghost, from a meeple (`from`: its owner) or the supply.
    CircleFilled {
        /// The owner of the meeple the ghost came from, if any.
        from: Option<usize>,
        /// Column of that meeple (or of the circle's tile).
        x: i32,
        /// Row.
        y: i32,
    },
    /// Eloïse now stands next to this player's meeple.
    CatPlaced {
        /// The meeple's owner.
        player: usize,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Eloïse has no meeple to go to; she joins the next one placed (CAT-6).
    CatWaits,
    /// Eloïse's bonus: 1 per ghost in the circles (SPELLC-A-5).
    CatScored {
        /// The owner of her meeple.
        player: usize,
        /// Points.
        points: i32,
    },
    /// A feature was scored.
    Scored(Scoring),
    /// A figure went back to its owner's supply.
    FigureReturned {
        /// Seat.
        player: usize,
        /// Which figure.
        figure: FigureKind,
        /// Column it stood on.
        x: i32,
        /// Row it stood on.
        y: i32,
    },
    /// A player's total would have gone below 0 and stopped at 0 (DEC-05).
    ScoreFloored {
        /// Seat.
        player: usize,
        /// The total before the floor.
        unclamped: i32,
    },
    /// The game ended; final totals and the winners (ties share, BASE-END-3).
    GameOver {
        /// Totals by seat.
        scores: Vec<i32>,
        /// Seats with the highest total.
        winners: Vec<usize>,
    },
    // ---- the cooperative game (COOP.md); `colour` indexes `coop::COLOURS`.
    /// Ghosts came onto a square (COOP-2a): its symbols, a circle, a cemetery.
    GhostsPlaced {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// How many.
        count: u8,
        /// Where on the square: `mist`, `circle`, `cemetery`.
        spot: Cow<'static, str>,
    },
    /// A finished mist bank or a closed cemetery gave its ghosts back (COOP-1b, COOP-1c-1).
    GhostsReleased {
        /// How many.
        count: u8,
        /// Column of the square that finished or closed it.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The team removed ghosts from a square (COOP-3a-2, COOP-3b-1).
    GhostsRemoved {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// How many.
        count: u8,
    },
    /// A spell circle drew a ghost from a neighbouring square (COOP-SC-2).
    GhostAttracted {
        /// Column the ghost came from.
        from_x: i32,
        /// Row.
        from_y: i32,
        /// Column of the circle's tile.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A player put a meeple of one of their colours on the tile (COOP-2b).
    MeeplePlaced {
        /// Seat.
        player: usize,
        /// The meeple's colour.
        colour: u8,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The printed port (or `building`) it stands at.
        spot: Cow<'static, str>,
        /// The feature it stands on.
        feature: FeatureKind,
    },
    /// A scored meeple went back to its colour's supply (COOP-3a-3).
    MeepleReturned {
        /// Its colour.
        colour: u8,
        /// Column it stood on.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A meeple was buried on a closed cemetery (COOP-1c).
    MeepleBuried {
        /// Its colour.
        colour: u8,
        /// Column of the cemetery.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A completed feature was scored jointly (COOP-3a-1).
    TeamScored {
        /// What was scored.
        feature: FeatureKind,
        /// Its value.
        value: i32,
        /// The colours on it.
        colours: Vec<u8>,
        /// Points the team (or each of those colours, level 6) received.
        points: i32,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The team gave up a scoring to remove ghosts (COOP-3a-2).
    ScoringGivenUp {
        /// What was completed.
        feature: FeatureKind,
        /// Column of the feature.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A hound was reached on the score track (COOP-3b-1): the next pile opens.
    HoundReached {
        /// 0 Rufus, 1 Ronja.
        hound: u8,
    },
    /// The next pile is active; the rest of the old one lies on top (COOP-3b-1).
    PileOpened {
        /// The pile now active (1-based).
        pile: u8,
        /// Tiles in it now.
        tiles: u32,
    },
    /// A hound went with a meeple.
    HoundPlaced {
        /// 0 Rufus, 1 Ronja.
        hound: u8,
        /// The meeple's colour.
        colour: u8,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A hound found no meeple (or was buried with its meeple) and left the game.
    HoundLost {
        /// 0 Rufus, 1 Ronja.
        hound: u8,
    },
    /// A hound's meeple was scored: 1 per ghost on the board (COOP-3b-3).
    HoundScored {
        /// 0 Rufus, 1 Ronja.
        hound: u8,
        /// Points.
        points: i32,
    },
    /// Eloïse went with a meeple (COOP-CAT-2, COOP-CAT-4).
    CatJoined {
        /// The meeple's colour.
        colour: u8,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Eloïse's meeple was scored: 1 per ghost in a spell circle (COOP-CAT-3).
    TeamCatScored {
        /// Points.
        points: i32,
    },
    /// A tile was placed face down next to an open cemetery (COOP-3c).
    FaceDownPlaced {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The team reached the goal: won (COOP-END-1).
    TeamWon {
        /// The turn it happened on (1-based).
        turn: u32,
        /// The score markers.
        markers: Vec<u32>,
    },
    /// The team lost (COOP-END-2, COOP-END-3).
    TeamLost {
        /// The turn it happened on (1-based).
        turn: u32,
        /// Why: `ghosts` (with `needed` and `supply`) or `pile`.
        why: Cow<'static, str>,
        /// Ghosts needed (when short of ghosts).
        needed: u8,
        /// Ghosts in the supply then.
        supply: u8,
        /// The active pile then (1-based; 1 with one stack).
        pile: u8,
        /// Piles in the game (1: one stack).
        piles: u8,
    },
}

impl Event {
    /// The event as JSON, its kind under `type`: `{"type": "tile_placed", "player": 0, …}`
    /// (docs/api.md).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value;
        match serde_json::to_value(self) {
            Ok(Value::String(kind)) => serde_json::json!({ "type": kind }),
            Ok(Value::Object(outer)) => match outer.into_iter().next() {
                Some((kind, Value::Object(mut fields))) => {
                    fields.insert("type".into(), Value::String(kind));
                    Value::Object(fields)
                }
                Some((kind, _)) => serde_json::json!({ "type": kind }),
                None => Value::Null,
            },
            _ => Value::Null,
        }
    }
}
