//! Procedural tile art as geometry: city outlines, road curves and the points where
//! figures stand, in a tile's printed orientation on the unit square (x east, y south).
//! Plain Rust, so it is tested natively; the canvas renderer turns it into drawing calls.

use crate::engine::geometry::{mask_ports, Port, Side};
use crate::engine::tiles::{FeatureKind, Segment, TileDef};

/// A point on the unit square of a tile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    /// East.
    pub x: f64,
    /// South.
    pub y: f64,
}

const fn pt(x: f64, y: f64) -> Pt {
    Pt { x, y }
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCmd {
    /// Start a new sub-path.
    Move(Pt),
    /// Straight line.
    Line(Pt),
    /// Quadratic curve through a control point.
    Quad(Pt, Pt),
}

/// Corner at the clockwise start of a side (N starts at the north-west corner).
fn corner_start(side: Side) -> Pt {
    [pt(0.0, 0.0), pt(1.0, 0.0), pt(1.0, 1.0), pt(0.0, 1.0)][side as usize]
}

fn corner_end(side: Side) -> Pt {
    corner_start(Side::from_index(side as usize + 1))
}

/// Outward unit normal of a side.
fn normal(side: Side) -> (f64, f64) {
    [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)][side as usize]
}

/// Where a port lies on the tile's edge.
pub fn port_point(p: Port) -> Pt {
    let side = p.side();
    let t = [0.25, 0.5, 0.75][p.index() % 3];
    let (a, b) = (corner_start(side), corner_end(side));
    pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

/// Middle of a side.
pub fn side_mid(side: Side) -> Pt {
    port_point(Port::middle(side))
}

fn sides_of(mask: u16) -> Vec<Side> {
    Side::ALL.into_iter().filter(|s| mask & Port::middle(*s).bit() != 0).collect()
}

/// The outline of a city segment: straight along its edges, curving through the tile
/// between them, as a closed path.
pub fn city_outline(seg: &Segment) -> Vec<PathCmd> {
    let sides = sides_of(seg.ports);
    if sides.len() == 4 {
        return vec![
            PathCmd::Move(pt(0.0, 0.0)),
            PathCmd::Line(pt(1.0, 0.0)),
            PathCmd::Line(pt(1.0, 1.0)),
            PathCmd::Line(pt(0.0, 1.0)),
            PathCmd::Line(pt(0.0, 0.0)),
        ];
    }
    // Start at a city side whose predecessor is not a city side, walk clockwise.
    let is_city = |s: Side| sides.contains(&s);
    let first = Side::ALL.into_iter().find(|s| is_city(*s) && !is_city(Side::from_index(*s as usize + 3))).unwrap();
    let mut out = vec![PathCmd::Move(corner_start(first))];
    let mut i = first as usize;
    for _ in 0..4 {
        let s = Side::from_index(i);
        if is_city(s) {
            out.push(PathCmd::Line(corner_end(s)));
            i += 1;
            continue;
        }
        // A gap of one or more non-city sides: curve across to the next city side.
        let mut gap = vec![s];
        let mut j = i + 1;
        while !is_city(Side::from_index(j)) {
            gap.push(Side::from_index(j));
            j += 1;
        }
        let to = corner_start(Side::from_index(j));
        let ctrl = match gap.len() {
            3 => {
                // A cap: bulge a little into the tile, away from the city's own side.
                let (nx, ny) = normal(Side::from_index(j));
                pt(0.5 + nx * 0.12, 0.5 + ny * 0.12)
            }
            2 => {
                let (ax, ay) = normal(gap[0]);
                let (bx, by) = normal(gap[1]);
                pt(0.5 + (ax + bx) * 0.05, 0.5 + (ay + by) * 0.05)
            }
            _ => {
                let (nx, ny) = normal(gap[0]);
                pt(0.5 + nx * 0.08, 0.5 + ny * 0.08)
            }
        };
        out.push(PathCmd::Quad(ctrl, to));
        i = j;
        if Side::from_index(i) == first {
            break;
        }
    }
    out
}

/// The centre line of a road or river segment: edge to edge through the middle, or from
/// its edge to the middle of the tile where it ends.
pub fn road_path(seg: &Segment) -> Vec<PathCmd> {
    let sides = sides_of(seg.ports);
    let c = pt(0.5, 0.5);
    match sides.as_slice() {
        [a, b] => vec![PathCmd::Move(side_mid(*a)), PathCmd::Quad(c, side_mid(*b))],
        [a] => vec![PathCmd::Move(side_mid(*a)), PathCmd::Line(c)],
        _ => vec![],
    }
}

/// Where a figure on local node `local` stands, in printed orientation.
pub fn anchor(def: &TileDef, local: u8) -> Pt {
    if let Some(seg) = def.segments.get(local as usize) {
        return segment_anchor(def, seg);
    }
    if let Some(m) = def.mist.get(local as usize - def.segments.len()) {
        let ports: Vec<Port> = mask_ports(m.ports).collect();
        return ports.get(ports.len() / 2).map(|p| inward(port_point(*p), 0.2)).unwrap_or(pt(0.5, 0.3));
    }
    pt(0.5, 0.5)
}

fn inward(p: Pt, by: f64) -> Pt {
    pt(p.x + (0.5 - p.x) * by * 2.0, p.y + (0.5 - p.y) * by * 2.0)
}

fn segment_anchor(def: &TileDef, seg: &Segment) -> Pt {
    let sides = sides_of(seg.ports);
    match seg.kind {
        FeatureKind::City => match sides.len() {
            1 => inward(side_mid(sides[0]), 0.3),
            2 if sides[0].opposite() == sides[1] => pt(0.5, 0.5),
            2 => {
                let (a, b) = (side_mid(sides[0]), side_mid(sides[1]));
                inward(pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0), 0.15)
            }
            3 => {
                let missing = Side::ALL.into_iter().find(|s| !sides.contains(s)).unwrap();
                inward(side_mid(missing.opposite()), 0.33)
            }
            _ => pt(0.42, 0.42),
        },
        FeatureKind::Road | FeatureKind::River => match sides.as_slice() {
            [a, _] if def.building.is_some() => {
                // Clear of the building in the middle.
                let m = side_mid(*a);
                pt((m.x + 0.5) / 2.0, (m.y + 0.5) / 2.0)
            }
            [a, b] if a.opposite() == *b => {
                // A little off centre, so a crossing road or river keeps its own spot.
                let m = side_mid(*a);
                pt(m.x + (0.5 - m.x) * 0.7, m.y + (0.5 - m.y) * 0.7)
            }
            [a, b] => {
                let (p, q) = (side_mid(*a), side_mid(*b));
                pt(0.25 * p.x + 0.5 * 0.5 + 0.25 * q.x, 0.25 * p.y + 0.5 * 0.5 + 0.25 * q.y)
            }
            [a] => {
                let m = side_mid(*a);
                pt(m.x + (0.5 - m.x) * 0.3, m.y + (0.5 - m.y) * 0.3)
            }
            _ => pt(0.5, 0.5),
        },
        _ => {
            // A field: near one of its half-edge ports, a little inside the tile.
            let halves: Vec<Port> = mask_ports(seg.ports).filter(|p| !p.is_middle()).collect();
            let p = halves[halves.len() / 2];
            inward(port_point(p), 0.16)
        }
    }
}

/// Rotate a printed-orientation point by clockwise quarter turns about the centre.
pub fn rotate(p: Pt, quarters: u8) -> Pt {
    let mut q = p;
    for _ in 0..quarters % 4 {
        q = pt(1.0 - q.y, q.x);
    }
    q
}

/// Where the `k`-th of a mist region's `n` spell circles lies, in its tile's printed frame:
/// side by side about the region's anchor `a`, far enough apart that a ghost trapped in
/// each (ringed) stays apart from the next, and all of them inside the tile.
pub fn circle_point(a: Pt, k: u8, n: u8) -> Pt {
    const GAP: f64 = 0.27;
    const MARGIN: f64 = 0.16;
    let half = (n.max(1) as f64 - 1.0) / 2.0 * GAP;
    let x = a.x.clamp(MARGIN + half, 1.0 - MARGIN - half);
    pt(x + (k as f64 - (n as f64 - 1.0) / 2.0) * GAP, a.y.clamp(MARGIN, 1.0 - MARGIN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TileSet;

    /// Every spell circle of every tile lies inside its tile, apart from the others.
    #[test]
    fn spell_circles_lie_inside_their_tile_apart() {
        let tiles = TileSet::builtin();
        for t in tiles.tiles() {
            for (m, region) in t.mist.iter().enumerate() {
                let a = anchor(t, t.mist_node(m as u8));
                let pts: Vec<Pt> = (0..region.circles).map(|k| circle_point(a, k, region.circles)).collect();
                for p in &pts {
                    assert!((0.15..=0.85).contains(&p.x) && (0.15..=0.85).contains(&p.y), "{}: {p:?}", t.id);
                }
                if let [p, q] = pts[..] {
                    assert!((p.x - q.x).abs() >= 0.26, "{}: circles too close", t.id);
                }
            }
        }
    }

    #[test]
    fn rotation_moves_north_to_east() {
        let p = rotate(pt(0.5, 0.0), 1);
        assert!((p.x - 1.0).abs() < 1e-9 && (p.y - 0.5).abs() < 1e-9);
    }

    #[test]
    fn every_segment_of_every_tile_has_a_distinct_anchor_inside_the_tile() {
        let ts = TileSet::builtin();
        for t in ts.tiles() {
            // Figures stand on segments and buildings (never on mist).
            let spots = (0..t.segments.len() as u8).chain(t.building_node());
            let pts: Vec<Pt> = spots.map(|l| anchor(t, l)).collect();
            for (i, p) in pts.iter().enumerate() {
                assert!((0.05..=0.95).contains(&p.x) && (0.05..=0.95).contains(&p.y), "{} node {i}: {p:?}", t.id);
                for q in &pts[..i] {
                    let d = ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
                    assert!(d > 0.08, "{}: anchors {i} too close to another ({p:?} {q:?})", t.id);
                }
            }
            for s in &t.segments {
                if s.kind == FeatureKind::City {
                    assert!(matches!(city_outline(s)[0], PathCmd::Move(_)));
                }
            }
        }
    }
}
