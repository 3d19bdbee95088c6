//! Figures on the board, found and named: the square and spot a figure stands on (as a
//! record names it), the figure at a square and spot, the node a spot names. Every set's
//! choices point at figures through these; they belong to the core, not to a set.

use super::board::SquareIdx;
use super::features::{NodeIdx, NO_FIGURE};
use super::game::Game;
use super::geometry::Pos;
use super::moves::Spot;
use super::tiles::FeatureKind;

impl Game {
    /// The square a figure stands on.
    pub(crate) fn figure_pos(&self, fig: usize) -> Pos {
        self.board.square(self.features.node(self.figures[fig].node).square).pos
    }

    /// The node a spot names on the tile of `square` ([`super::tiles::TileDef::spot_local`]), if any.
    pub(crate) fn spot_node(&self, square: SquareIdx, spot: Spot) -> Option<NodeIdx> {
        let local = self.def_at(square).spot_local(spot)?;
        Some(self.board.square(square).node_base + local as NodeIdx)
    }

    /// The figure standing at a square and spot.
    pub(crate) fn figure_at(&self, pos: Pos, spot: Spot) -> Option<usize> {
        // A face-down square has no features (COOP-DEF-8).
        let square = self.board.square_at(pos).filter(|&s| !self.board.square(s).face_down)?;
        let o = self.features.node(self.spot_node(square, spot)?).occupant;
        (o != NO_FIGURE).then_some(o as usize)
    }

    /// Kind of feature the figure stands on (for the log).
    pub fn figure_feature(&self, fig: usize) -> FeatureKind {
        self.features.node(self.figures[fig].node).kind
    }

    /// Where a figure stands, as a record names it: its square and spot.
    pub fn figure_spot(&self, fig: usize) -> (Pos, Spot) {
        let node = self.features.node(self.figures[fig].node);
        let placed = self.board.square(node.square);
        let def = self.tiles.get(placed.tile);
        let spot = match def.segments.get(node.local as usize) {
            Some(seg) => Spot::Port(seg.anchor()),
            None => Spot::Building,
        };
        (placed.pos, spot)
    }

    /// The spot the lists name the figure at `pos` and `spot` by (any port of its
    /// segment names it); the spot as given when no figure stands there.
    pub(crate) fn figure_named(&self, pos: Pos, spot: Spot) -> Spot {
        self.figure_at(pos, spot).map_or(spot, |i| self.figure_spot(i).1)
    }
}
