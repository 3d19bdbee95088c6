//! What the tiles still to come can do, counted exactly from public information (the
//! unseen tiles' counts, [`Game::unseen_tiles`]): for a road, city or building, how many
//! tiles it still needs and, when one would do, how many of the unseen tiles complete it;
//! for the board, the open squares that no tile still to be placed can fill, which stay
//! empty for the rest of the game.

use super::board::Open;
use super::features::NodeIdx;
use super::game::{Game, Phase};
use super::geometry::{Port, Pos, Rotation, Side};
use super::inspect::Part;
use super::tiles::{FeatureKind, TileIdx};

/// What the unseen tiles can do for one road, city or building that is not complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The tiles nobody has seen (the stack, and in the cooperative game the tiles lying
    /// face down): each is equally likely to be the next one drawn.
    pub unseen: u16,
    /// What completing it takes.
    pub needs: Needs,
}

/// What completing a feature takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Needs {
    /// One more tile on its one open square: `closers` of the unseen tiles complete it
    /// there in some rotation (0: none does in one move).
    Last {
        /// Unseen tiles (copies) that complete it with one placement.
        closers: u16,
    },
    /// At least this many more tiles, one on each open square; each of them can still be
    /// filled.
    Tiles(u16),
    /// A square it needs can never be filled (no tile still to be placed fits it), or a
    /// tile lying face down blocks it (COOP-3c-2): it will never be completed.
    Never,
}

impl Game {
    /// What the unseen tiles can do for the road, city or building under `part` of the
    /// tile at `pos`; `None` where there is none, it is complete, it is another kind
    /// (field, mist, cemetery), or no tile is left unseen.
    pub fn odds(&self, pos: Pos, part: Part) -> Option<Odds> {
        let i = self.inspect(pos, part)?;
        if i.complete {
            return None;
        }
        let unseen: Vec<(TileIdx, u16)> = self.unseen_tiles().into_iter().filter(|&(_, c)| c > 0).collect();
        let total: u16 = unseen.iter().map(|&(_, c)| c).sum();
        if total == 0 {
            return None;
        }
        let (first, local) = i.parts[0];
        let node = self.board.at(first)?.node_base + local as NodeIdx;
        let needs = match i.kind {
            FeatureKind::Road | FeatureKind::City => self.edge_needs(node, &unseen),
            FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden | FeatureKind::Castle => {
                self.ring_needs(first, &unseen)
            }
            _ => return None,
        };
        Some(Odds { unseen: total, needs })
    }

    /// The open squares no tile still to be placed fits (by its edges and every set's
    /// placement rule), in the board's order of open squares: nothing will ever lie
    /// there, so nothing that needs one of them will ever be completed. The tiles still
    /// to be placed are the unseen ones and the one drawn and not yet placed. None once the
    /// game is over: then no tile is to come at all.
    pub fn dead_squares(&self) -> Vec<Pos> {
        if self.is_over() {
            return Vec::new();
        }
        let mut to_come: Vec<(TileIdx, u16)> = self.unseen_tiles().into_iter().filter(|&(_, c)| c > 0).collect();
        if let Phase::Tile { tile } = self.phase {
            to_come.push((tile, 1));
        }
        self.board.open().iter().filter(|o| self.fitting_copies(o, &to_come) == 0).map(|o| o.pos).collect()
    }

    /// The rotations in which `tile` may be placed on the open square `o` (its edges and
    /// every set's placement rule), as a bit per rotation.
    fn fills(&self, tile: TileIdx, o: &Open) -> u8 {
        let fit = self.tiles.get(tile).fitting_code(o.code);
        let allowed =
            |r: u8| fit >> r & 1 == 1 && self.placement_allowed(tile, o.pos, Rotation::ALL[r as usize]).is_ok();
        (0..4u8).filter(|&r| allowed(r)).fold(0, |mask, r| mask | 1 << r)
    }

    /// Whether no tile still to be placed (an unseen one, or the one drawn) fits `o`.
    fn dead(&self, o: &Open, unseen: &[(TileIdx, u16)]) -> bool {
        let drawn = matches!(self.phase, Phase::Tile { tile } if self.fills(tile, o) != 0);
        !drawn && self.fitting_copies(o, unseen) == 0
    }

    /// The copies among `tiles` that may be placed on `o` in some rotation.
    fn fitting_copies(&self, o: &Open, tiles: &[(TileIdx, u16)]) -> u16 {
        tiles.iter().filter(|&&(t, _)| self.fills(t, o) != 0).map(|&(_, c)| c).sum()
    }

    /// The open squares (empty, next to the board) that the road or city of `node` reaches
    /// with an edge: each must be filled for it to complete, and a tile there may join it to
    /// another feature that reaches the same square. Also whether an edge of it faces a tile
    /// lying face down, which never joins it (COOP-3c-2).
    pub fn edge_squares(&self, node: NodeIdx) -> (Vec<Pos>, bool) {
        let f = &self.features;
        let (mut squares, mut blocked) = (Vec::new(), false);
        for m in f.members(node) {
            let nd = f.node(m);
            let placed = self.board.square(nd.square);
            let Some(seg) = self.tiles.get(placed.tile).segments.get(nd.local as usize) else { continue };
            for side in Side::ALL {
                if !Port::of_side(side).iter().any(|p| seg.ports & p.unrotate(placed.rot).bit() != 0) {
                    continue;
                }
                let next = placed.pos.step(side);
                if self.board.open_at(next).is_some() {
                    if !squares.contains(&next) {
                        squares.push(next);
                    }
                } else if self.is_coop() {
                    blocked |= self.board.at(next).is_some_and(|p| p.face_down);
                }
            }
        }
        (squares, blocked)
    }

    /// A road's or city's needs: the squares its open ends face, each of which must be
    /// filled.
    fn edge_needs(&self, node: NodeIdx, unseen: &[(TileIdx, u16)]) -> Needs {
        let (squares, blocked) = self.edge_squares(node);
        if blocked {
            return Needs::Never;
        }
        let open: Vec<Open> = squares.iter().filter_map(|&q| self.board.open_at(q).copied()).collect();
        self.needs_on(&open, unseen, |tile, rot, o| self.closes(node, tile, o.pos, rot))
    }

    /// A building's needs: its empty neighbours (BASE-MON-1).
    fn ring_needs(&self, centre: Pos, unseen: &[(TileIdx, u16)]) -> Needs {
        let empty = centre.ring().into_iter().filter(|q| !self.board.is_filled(*q)).count();
        // A neighbour not yet next to the board is filled later, when it is: only open
        // ones can be dead. The last one is always open (its neighbours in the ring are
        // filled).
        let open: Vec<Open> = centre.ring().iter().filter_map(|q| self.board.open_at(*q).copied()).collect();
        match (empty, self.needs_on(&open, unseen, |_, _, _| true)) {
            (1, needs) | (_, needs @ Needs::Never) => needs,
            (n, _) => Needs::Tiles(n as u16),
        }
    }

    /// The needs of a feature whose open squares are `squares`: with one, the unseen copies
    /// that complete it there (`completes` asked of each rotation that may be placed).
    fn needs_on(
        &self,
        squares: &[Open],
        unseen: &[(TileIdx, u16)],
        completes: impl Fn(TileIdx, Rotation, &Open) -> bool,
    ) -> Needs {
        if squares.iter().any(|o| self.dead(o, unseen)) {
            return Needs::Never;
        }
        match squares {
            [o] => {
                let closers = unseen
                    .iter()
                    .filter(|&&(t, _)| {
                        let rotations = self.fills(t, o);
                        (0..4).any(|r| rotations >> r & 1 == 1 && completes(t, Rotation::ALL[r], o))
                    })
                    .map(|&(_, c)| c)
                    .sum();
                Needs::Last { closers }
            }
            _ => Needs::Tiles(squares.len() as u16),
        }
    }

    /// Whether `tile` turned `rot` on `pos` completes the road or city of `node`: placed on
    /// a copy of the board and asked.
    fn closes(&self, node: NodeIdx, tile: TileIdx, pos: Pos, rot: Rotation) -> bool {
        let mut g = self.clone();
        g.put_tile(pos, tile, rot);
        g.features.is_closed(node)
    }
}
