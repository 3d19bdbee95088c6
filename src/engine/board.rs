//! The board: which tile lies on which square, and the set of open positions.
//!
//! Squares live in a dense grid that grows as the board does, so a lookup is an index
//! computation. Each open position carries the edge constraint its neighbours impose,
//! packed so that checking a rotated tile against it is one mask-and-compare.

use super::geometry::{Pos, Rotation, Side};
use super::tiles::{TileDef, TileIdx};

/// Index of a placed square in [`Board::squares`], in placement order.
pub type SquareIdx = u16;
const EMPTY: u32 = u32::MAX;
const OPEN_FLAG: u32 = 1 << 31;

/// A tile lying on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Where it lies.
    pub pos: Pos,
    /// Which tile kind.
    pub tile: TileIdx,
    /// How it is turned.
    pub rot: Rotation,
    /// Index of its first node in the feature graph.
    pub node_base: u32,
    /// How many of its 8 surrounding squares are filled.
    pub neighbours: u8,
    /// A tile lying face down (the cooperative game's haunted cemetery, COOP-3c): no
    /// terrain, no features, no constraint on its neighbours' edges (COOP-1a-2).
    pub face_down: bool,
}

/// An empty square next to the board, with the edge terrain its neighbours require.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Open {
    /// The empty square.
    pub pos: Pos,
    /// Required terrain, 4 bits per side (as [`TileDef::signature`]).
    pub required: u16,
    /// Which 4-bit groups of `required` apply.
    pub mask: u16,
    /// The same constraint as one number ([`super::tiles::constraint_code`]), for
    /// [`TileDef::fitting_code`].
    pub code: u16,
}

/// The grid of placed squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    min_x: i32,
    min_y: i32,
    width: i32,
    height: i32,
    /// Per cell: `EMPTY`, a square index, or `OPEN_FLAG | open index`.
    cells: Vec<u32>,
    squares: Vec<Placed>,
    open: Vec<Open>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board with room for `squares` placed squares.
    pub fn with_capacity(squares: usize) -> Board {
        let mut b = Board::new();
        b.squares.reserve(squares);
        b.open.reserve(squares + 8);
        b
    }

    /// An empty board.
    pub fn new() -> Board {
        let (w, h) = (24, 24);
        Board {
            min_x: -12,
            min_y: -12,
            width: w,
            height: h,
            cells: vec![EMPTY; (w * h) as usize],
            squares: Vec::new(),
            open: Vec::new(),
        }
    }

    fn cell(&self, p: Pos) -> Option<usize> {
        let (dx, dy) = (p.x - self.min_x, p.y - self.min_y);
        if dx < 0 || dy < 0 || dx >= self.width || dy >= self.height {
            None
        } else {
            Some((dy * self.width + dx) as usize)
        }
    }

    /// Grow the grid so that `p` and its neighbours fit.
    fn reserve(&mut self, p: Pos) {
        if p.x > self.min_x
            && p.y > self.min_y
            && p.x + 1 < self.min_x + self.width
            && p.y + 1 < self.min_y + self.height
        {
            return;
        }
        // Grow geometrically (by half the size, at least 8) on the side that needs it, so a
        // board of n squares is copied O(log n) times, not O(n).
        let (gx, gy) = ((self.width / 2).max(8), (self.height / 2).max(8));
        let min_x = if p.x <= self.min_x { (p.x - 8).min(self.min_x - gx) } else { self.min_x };
        let min_y = if p.y <= self.min_y { (p.y - 8).min(self.min_y - gy) } else { self.min_y };
        let (old_max_x, old_max_y) = (self.min_x + self.width, self.min_y + self.height);
        let max_x = if p.x + 1 >= old_max_x { (p.x + 9).max(old_max_x + gx) } else { old_max_x };
        let max_y = if p.y + 1 >= old_max_y { (p.y + 9).max(old_max_y + gy) } else { old_max_y };
        let (w, h) = (max_x - min_x, max_y - min_y);
        let mut cells = vec![EMPTY; (w * h) as usize];
        for y in 0..self.height {
            for x in 0..self.width {
                let v = self.cells[(y * self.width + x) as usize];
                let (nx, ny) = (x + self.min_x - min_x, y + self.min_y - min_y);
                cells[(ny * w + nx) as usize] = v;
            }
        }
        *self = Board {
            min_x,
            min_y,
            width: w,
            height: h,
            cells,
            squares: std::mem::take(&mut self.squares),
            open: std::mem::take(&mut self.open),
        };
    }

    /// The square at `p`, if a tile lies there.
    pub fn square_at(&self, p: Pos) -> Option<SquareIdx> {
        match self.cell(p).map(|c| self.cells[c]) {
            Some(v) if v != EMPTY && v & OPEN_FLAG == 0 => Some(v as SquareIdx),
            _ => None,
        }
    }

    /// The tile lying at `p`.
    pub fn at(&self, p: Pos) -> Option<&Placed> {
        self.square_at(p).map(|s| &self.squares[s as usize])
    }

    /// Whether `p` is filled.
    pub fn is_filled(&self, p: Pos) -> bool {
        self.square_at(p).is_some()
    }

    /// All placed squares in placement order.
    pub fn squares(&self) -> &[Placed] {
        &self.squares
    }

    /// A placed square by index.
    pub fn square(&self, s: SquareIdx) -> &Placed {
        &self.squares[s as usize]
    }

    /// The open positions (empty squares orthogonally next to the board).
    pub fn open(&self) -> &[Open] {
        &self.open
    }

    /// The open position at `p`, if it is one.
    pub fn open_at(&self, p: Pos) -> Option<&Open> {
        match self.cell(p).map(|c| self.cells[c]) {
            Some(v) if v != EMPTY && v & OPEN_FLAG != 0 => Some(&self.open[(v & !OPEN_FLAG) as usize]),
            _ => None,
        }
    }

    /// Whether `def` turned by `rot` matches every neighbour of the open position.
    pub fn fits(open: &Open, def: &TileDef, rot: Rotation) -> bool {
        def.signature(rot) & open.mask == open.required
    }

    /// Put a tile on an empty square. The caller has checked legality; this keeps the
    /// open-position set and the neighbour counts up to date.
    pub fn place(&mut self, pos: Pos, tile: TileIdx, def: &TileDef, rot: Rotation, node_base: u32) -> SquareIdx {
        self.put(pos, tile, Some((def, rot)), node_base)
    }

    /// Put a tile face down on an empty square: it fills the square (for adjacency and
    /// for surrounded buildings) but asks nothing of the edges around it (COOP-1a-2).
    pub fn place_face_down(&mut self, pos: Pos, tile: TileIdx, node_base: u32) -> SquareIdx {
        self.put(pos, tile, None, node_base)
    }

    fn put(&mut self, pos: Pos, tile: TileIdx, face: Option<(&TileDef, Rotation)>, node_base: u32) -> SquareIdx {
        self.reserve(pos);
        let idx = self.squares.len() as SquareIdx;
        if let Some(o) = self.open_at(pos).copied() {
            self.remove_open(o.pos);
        }
        let mut neighbours = 0;
        for q in pos.ring() {
            if let Some(s) = self.square_at(q) {
                self.squares[s as usize].neighbours += 1;
                neighbours += 1;
            }
        }
        let rot = face.map_or(Rotation::ALL[0], |f| f.1);
        self.squares.push(Placed { pos, tile, rot, node_base, neighbours, face_down: face.is_none() });
        let c = self.cell(pos).expect("reserved");
        self.cells[c] = idx as u32;
        for side in Side::ALL {
            let q = pos.step(side);
            if self.is_filled(q) {
                continue;
            }
            let slot = self.cell(q).expect("reserved");
            if self.cells[slot] == EMPTY {
                self.cells[slot] = OPEN_FLAG | self.open.len() as u32;
                self.open.push(Open { pos: q, required: 0, mask: 0, code: 0 });
            }
            if let Some((def, rot)) = face {
                let terrain = def.terrain(rot, side) as u16;
                let facing = side.opposite() as u16 * 4;
                let o = &mut self.open[(self.cells[slot] & !OPEN_FLAG) as usize];
                o.required |= terrain << facing;
                o.mask |= 0xf << facing;
                o.code += super::tiles::constraint_code(side.opposite() as u8, terrain as u8);
            }
        }
        idx
    }

    fn remove_open(&mut self, p: Pos) {
        let c = self.cell(p).expect("open cell exists");
        let i = (self.cells[c] & !OPEN_FLAG) as usize;
        self.cells[c] = EMPTY;
        self.open.swap_remove(i);
        if let Some(moved) = self.open.get(i) {
            let mc = self.cell(moved.pos).expect("open cell exists");
            self.cells[mc] = OPEN_FLAG | i as u32;
        }
    }

    /// Smallest and largest occupied coordinates, as (min, max), if any tile lies.
    pub fn bounds(&self) -> Option<(Pos, Pos)> {
        let first = self.squares.first()?.pos;
        Some(self.squares.iter().fold((first, first), |(lo, hi), s| {
            (Pos::new(lo.x.min(s.pos.x), lo.y.min(s.pos.y)), Pos::new(hi.x.max(s.pos.x), hi.y.max(s.pos.y)))
        }))
    }
}
