//! Board geometry: positions, sides, rotations and the 12-port model of a square.
//!
//! Conventions (also in `docs/record-format.md`): `x` grows to the east, `y` grows to the
//! south (screen order). A rotation is a number of clockwise quarter turns applied to the
//! tile as printed in the catalogue.
//!
//! The data model of RULES.md §0: the board is a grid of squares (MODEL-1); each square
//! has four edges of three ports each, facing ports mirrored across an edge (MODEL-2).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A square of the board grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Column; grows to the east.
    pub x: i32,
    /// Row; grows to the south.
    pub y: i32,
}

impl Pos {
    /// A position from its coordinates.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// The orthogonal neighbour across `side`.
    pub const fn step(self, side: Side) -> Pos {
        match side {
            Side::N => Pos::new(self.x, self.y - 1),
            Side::E => Pos::new(self.x + 1, self.y),
            Side::S => Pos::new(self.x, self.y + 1),
            Side::W => Pos::new(self.x - 1, self.y),
        }
    }

    /// The 8 surrounding squares (orthogonal and diagonal), clockwise from north.
    pub fn ring(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x, y - 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x + 1, y),
            Pos::new(x + 1, y + 1),
            Pos::new(x, y + 1),
            Pos::new(x - 1, y + 1),
            Pos::new(x - 1, y),
            Pos::new(x - 1, y - 1),
        ]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One of the four edges of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// North.
    N = 0,
    /// East.
    E = 1,
    /// South.
    S = 2,
    /// West.
    W = 3,
}

impl Side {
    /// All four sides in clockwise order.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side with index `i` (taken modulo 4).
    pub const fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    /// The side facing this one across an edge.
    pub const fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// The letter used by the catalogue.
    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// The side named by a catalogue letter.
    pub fn from_letter(s: &str) -> Option<Side> {
        match s {
            "N" => Some(Side::N),
            "E" => Some(Side::E),
            "S" => Some(Side::S),
            "W" => Some(Side::W),
            _ => None,
        }
    }
}

/// Clockwise quarter turns (0..=3) applied to a tile as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rotation(u8);

impl Rotation {
    /// All four rotations.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// A rotation from a number of quarter turns, if it is 0..=3.
    pub const fn new(quarters: u8) -> Option<Rotation> {
        if quarters < 4 {
            Some(Rotation(quarters))
        } else {
            None
        }
    }

    /// The number of clockwise quarter turns.
    pub const fn quarters(self) -> u8 {
        self.0
    }

    /// Where the printed side `side` faces on the board after this rotation.
    pub const fn apply_side(self, side: Side) -> Side {
        Side::from_index(side as usize + self.0 as usize)
    }

    /// Which printed side faces the board side `side`.
    pub const fn unapply_side(self, side: Side) -> Side {
        Side::from_index(side as usize + 4 - self.0 as usize)
    }
}

impl TryFrom<u8> for Rotation {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Rotation::new(v).ok_or_else(|| format!("rotation must be 0, 1, 2 or 3 (got {v})"))
    }
}

impl From<Rotation> for u8 {
    fn from(r: Rotation) -> u8 {
        r.0
    }
}

impl From<u8> for Port {
    fn from(i: u8) -> Port {
        Port::new(i)
    }
}

impl From<Port> for u8 {
    fn from(p: Port) -> u8 {
        p.0
    }
}

/// One of the 12 ports of a square: three per edge, listed clockwise from the
/// north-west corner (`Nw N Ne En E Es Se S Sw Ws W Wn`), as in the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "u8", into = "u8")]
pub struct Port(u8);

impl Port {
    /// Catalogue names, indexed by port number.
    pub const NAMES: [&'static str; 12] = ["Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn"];

    /// The port with number `i` (0..12).
    pub const fn new(i: u8) -> Port {
        Port(i % 12)
    }

    /// All 12 ports in clockwise order.
    pub fn all() -> impl Iterator<Item = Port> {
        (0..12).map(Port)
    }

    /// The port's number, 0..12.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The port's bit in a 12-bit port mask.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// The edge the port lies on.
    pub const fn side(self) -> Side {
        Side::from_index(self.0 as usize / 3)
    }

    /// Whether this is the middle port of its edge (where roads run).
    pub const fn is_middle(self) -> bool {
        self.0 % 3 == 1
    }

    /// The middle port of an edge.
    pub const fn middle(side: Side) -> Port {
        Port(side as u8 * 3 + 1)
    }

    /// The three ports of an edge, clockwise.
    pub const fn of_side(side: Side) -> [Port; 3] {
        let b = side as u8 * 3;
        [Port(b), Port(b + 1), Port(b + 2)]
    }

    /// The port of the neighbouring square that touches this one (mirrored: `Nw`↔`Sw`).
    pub const fn facing(self) -> Port {
        let side = self.0 / 3;
        let k = self.0 % 3;
        Port(((side + 2) % 4) * 3 + (2 - k))
    }

    /// This printed port's place on the board after `rot`.
    pub const fn rotate(self, rot: Rotation) -> Port {
        Port((self.0 + 3 * rot.0) % 12)
    }

    /// The printed port that lies at this board port under `rot`.
    pub const fn unrotate(self, rot: Rotation) -> Port {
        Port((self.0 + 12 - 3 * rot.0) % 12)
    }

    /// The catalogue name (`"Nw"`, `"N"`, …).
    pub const fn name(self) -> &'static str {
        Port::NAMES[self.0 as usize]
    }

    /// The port with a catalogue name.
    pub fn from_name(s: &str) -> Option<Port> {
        Port::NAMES.iter().position(|n| *n == s).map(|i| Port(i as u8))
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Rotate a 12-bit port mask by `rot`.
pub const fn rotate_mask(mask: u16, rot: Rotation) -> u16 {
    let s = 3 * rot.0 as u32;
    ((mask << s) | (mask >> (12 - s))) & 0xfff
}

/// Iterate the ports set in a 12-bit mask, clockwise from `Nw`.
pub fn mask_ports(mask: u16) -> impl Iterator<Item = Port> {
    (0..12u8).filter(move |i| mask & (1 << i) != 0).map(Port)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_ports_pair_up_mirrored() {
        let pairs = [("Nw", "Sw"), ("N", "S"), ("Ne", "Se"), ("En", "Wn"), ("E", "W"), ("Es", "Ws")];
        for (a, b) in pairs {
            let (pa, pb) = (Port::from_name(a).unwrap(), Port::from_name(b).unwrap());
            assert_eq!(pa.facing(), pb, "{a}");
            assert_eq!(pb.facing(), pa, "{b}");
        }
    }

    #[test]
    fn rotation_moves_ports_clockwise() {
        let r1 = Rotation::new(1).unwrap();
        assert_eq!(Port::from_name("Nw").unwrap().rotate(r1).name(), "En");
        assert_eq!(Port::from_name("W").unwrap().rotate(r1).name(), "N");
        assert_eq!(Port::from_name("N").unwrap().rotate(r1).unrotate(r1).name(), "N");
        assert_eq!(rotate_mask(0b111, r1), 0b111_000);
        assert_eq!(rotate_mask(0b111 << 9, r1), 0b111);
        assert_eq!(r1.apply_side(Side::W), Side::N);
        assert_eq!(r1.unapply_side(Side::N), Side::W);
    }
}
