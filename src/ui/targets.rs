//! What a point on the board means in the current step: the legal placements of the
//! drawn tile, the spots a choice step offers (figure, ghost, circle, cat, the
//! cooperative game's steps), and the part of a placed tile under the pointer for
//! inspection. Board coordinates: one square is 1×1, square (x, y) spans x…x+1, y…y+1.

use crate::art::{self, Pt};
use crate::engine::board::SquareIdx;
use crate::engine::coop::GhostSpot;
use crate::engine::geometry::Port;
use crate::engine::tiles::NO_SEG;
use crate::engine::{Action, FigureKind, Game, Part, Phase, Pos, Rotation, Spot, SpotSquare};

/// The radius of a figure spot's ring, in squares.
pub const SPOT_RADIUS: f64 = 0.09;

/// One thing the player can click in the current step, in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// What the click does.
    pub action: Action,
    /// Board x.
    pub x: f64,
    /// Board y.
    pub y: f64,
    /// A whole square (a removal, a face-down tile), drawn as a square; else a point.
    pub square: bool,
    /// The cooperative step's number for it, as its button says ("1. Take 4 points: …"):
    /// its place among the step's legal actions but a pass, from 1. `None` where no button
    /// lists the choice (the figure step, a co-op meeple, a competitive set's choice).
    pub number: Option<u16>,
}

/// Whether the step is answered by clicking one of [`choices`].
pub fn choosing(phase: Phase) -> bool {
    matches!(phase, Phase::Figure { .. } | Phase::Set(_))
}

/// Legal positions for the drawn tile, each with its legal rotations, in the order of
/// the legal-move list.
pub fn placements(g: &Game) -> Vec<(Pos, Vec<Rotation>)> {
    let mut out: Vec<(Pos, Vec<Rotation>)> = Vec::new();
    for a in g.legal_actions() {
        if let Action::PlaceTile { pos, rot, .. } = a {
            match out.iter_mut().find(|(p, _)| *p == pos) {
                Some((_, rots)) => rots.push(rot),
                None => out.push((pos, vec![rot])),
            }
        }
    }
    out
}

/// Why the drawn tile cannot go on an empty square, for the page to say when it is clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No tile beside it: a tile goes next to one already placed (BASE-TILE-1).
    Isolated,
    /// A river tile: it must extend the river from its open end, without a U-turn
    /// (BASE-RIVER-1).
    River,
    /// Beside tiles whose edges it matches in no rotation (BASE-TILE-2).
    Fits,
}

impl Refusal {
    /// Its name, as the page's texts name it (`refused.isolated`, …).
    pub fn name(self) -> &'static str {
        match self {
            Refusal::Isolated => "isolated",
            Refusal::River => "river",
            Refusal::Fits => "fits",
        }
    }
}

/// Why the drawn tile cannot go on the empty square `pos`; `None` where it can go, where
/// a tile lies already, or when no tile is in hand.
pub fn refusal(g: &Game, pos: Pos) -> Option<Refusal> {
    let Phase::Tile { tile } = g.phase() else { return None };
    if g.board().at(pos).is_some() || placements(g).iter().any(|(p, _)| *p == pos) {
        return None;
    }
    let beside = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .iter()
        .any(|(dx, dy)| g.board().at(Pos::new(pos.x + dx, pos.y + dy)).is_some());
    if !beside {
        return Some(Refusal::Isolated);
    }
    let river = g.tiles().get(tile).segments.iter().any(|s| s.kind == crate::engine::tiles::FeatureKind::River);
    Some(if river { Refusal::River } else { Refusal::Fits })
}

/// The board point of local node `local` (segment, mist region or building) of the tile
/// on square `sq`, where a figure on it stands.
fn node_point(g: &Game, sq: SquareIdx, local: u8) -> (f64, f64) {
    let placed = g.board().square(sq);
    let p = art::rotate(art::anchor(g.def_at(sq), local), placed.rot.quarters());
    (placed.pos.x as f64 + p.x, placed.pos.y as f64 + p.y)
}

/// The local node a spot names on the tile of square `sq`.
fn spot_node(g: &Game, sq: SquareIdx, spot: Spot) -> Option<u8> {
    g.def_at(sq).spot_local(spot)
}

/// Where the ghosts of a cooperative-game spot stand on a square: the first one's point.
pub fn ghost_spot_point(g: &Game, sq: SquareIdx, spot: GhostSpot) -> (f64, f64) {
    let def = g.def_at(sq);
    let (local, dy) = match spot {
        GhostSpot::Mist(r) => (def.mist_node(r), 0.1),
        GhostSpot::Circle(r) => (def.mist_node(r), 0.0),
        GhostSpot::Cemetery => (def.building_node().unwrap_or(0), -0.12),
    };
    let (x, y) = node_point(g, sq, local);
    let top = g.board().square(sq).pos.y as f64;
    (x, (y + dy).clamp(top + 0.1, top + 0.9))
}

/// What can be clicked in the step awaited: the spots of the figure step (for `figure`,
/// or the first kind that has any) and abbot retrievals; the figures a ghost, circle or
/// cat may go to; in the cooperative game `colour`'s spots and the step's choices.
pub fn choices(g: &Game, figure: FigureKind, colour: u8) -> Vec<Choice> {
    let point = |a: Action, (x, y): (f64, f64)| Choice { action: a, x, y, square: false, number: None };
    match g.phase() {
        Phase::Set(_) => set_choices(g, colour),
        Phase::Figure { square } => {
            let legal = g.legal_actions();
            let offered =
                |k: FigureKind| legal.iter().any(|a| matches!(a, Action::PlaceFigure { figure, .. } if *figure == k));
            let kind = if offered(figure) { Some(figure) } else { FigureKind::ALL.into_iter().find(|k| offered(*k)) };
            legal
                .into_iter()
                .filter_map(|a| match a {
                    Action::PlaceFigure { figure, spot } if Some(figure) == kind => {
                        Some(point(a, node_point(g, square, spot_node(g, square, spot)?)))
                    }
                    // The abbot to take back, just above it.
                    Action::RetrieveAbbot { pos } => g
                        .figures()
                        .iter()
                        .map(|f| g.features().node(f.node))
                        .zip(g.figures())
                        .find(|(node, f)| f.kind == FigureKind::Abbot && g.board().square(node.square).pos == pos)
                        .map(|(node, _)| {
                            let (x, y) = node_point(g, node.square, node.local);
                            point(a, (x, y - 0.18))
                        }),
                    _ => None,
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The choices of a set's step, each where its move points (the engine says: a figure's
/// spot, a ghost spot or a whole square), so that no set's move is taken apart here. In
/// the cooperative game's meeple step only `colour`'s spots (or those of the first colour
/// the seat may place); in its scoring step the features' meeples (points) and, for the
/// first feature only, the squares to remove ghosts from.
fn set_choices(g: &Game, colour: u8) -> Vec<Choice> {
    let legal = g.legal_actions();
    let colours: Vec<u8> = legal.iter().filter_map(|a| a.new_figure()?.1).collect();
    let colour = if colours.contains(&colour) { colour } else { colours.first().copied().unwrap_or(colour) };
    // A removal names a feature's figure and a square; those of the first feature show.
    let first_feature = legal.iter().filter(|a| a.square().is_none()).find_map(Action::spot);
    let spot_point = |(at, spot): (SpotSquare, Spot)| -> Option<(f64, f64)> {
        let sq = match at {
            SpotSquare::Placed => g.figure_square()?,
            SpotSquare::At(pos) => g.board().square_at(pos)?,
        };
        Some(node_point(g, sq, spot_node(g, sq, spot)?))
    };
    let centre = |pos: Pos| (pos.x as f64 + 0.5, pos.y as f64 + 0.5);
    // A cooperative step's choices are buttons too, numbered in the engine's order (a pass
    // has none); the meeple step's meeples are placed on the board only.
    let numbered = g.is_coop() && !legal.iter().any(|a| a.new_figure().is_some());
    let buttons: Vec<Action> = legal.iter().copied().filter(|a| *a != Action::Pass).collect();
    let mut out = Vec::new();
    for a in legal {
        let (point, square) = if let Some((_, Some(c))) = a.new_figure() {
            if c != colour {
                continue;
            }
            (a.spot().and_then(spot_point), false)
        } else if let Some((pos, spot)) = a.ghost_spot() {
            (g.board().square_at(pos).map(|sq| ghost_spot_point(g, sq, spot)), false)
        } else if let Some(from) = a.square() {
            if a.spot().is_some_and(|s| Some(s) != first_feature) {
                continue;
            }
            (Some(centre(from)), true)
        } else if let Some(at) = a.spot() {
            (spot_point(at), false)
        } else {
            continue; // a pass, or a burial from the supply: buttons, not the board
        };
        if let Some((x, y)) = point {
            let number = numbered.then(|| buttons.iter().position(|b| *b == a)).flatten().map(|i| i as u16 + 1);
            out.push(Choice { action: a, x, y, square, number });
        }
    }
    out
}

/// The choice a click at board point (wx, wy) means: the nearest within reach (a little
/// more than a spot's ring, and never less than 14 CSS pixels at `zoom`).
pub fn choice_near(choices: &[Choice], wx: f64, wy: f64, zoom: f64) -> Option<usize> {
    choice_within(choices, wx, wy, (SPOT_RADIUS * 1.6).max(14.0 / zoom))
}

/// The smallest distance between two point choices (a figure's spots), in board units:
/// how far apart the targets are.
pub fn spot_gap(choices: &[Choice]) -> Option<f64> {
    let points: Vec<&Choice> = choices.iter().filter(|c| !c.square).collect();
    let mut gap: Option<f64> = None;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            let d = (a.x - b.x).hypot(a.y - b.y);
            gap = Some(gap.map_or(d, |g| g.min(d)));
        }
    }
    gap
}

/// The choice nearest to a board point within `reach` board units.
pub fn choice_within(choices: &[Choice], wx: f64, wy: f64, reach: f64) -> Option<usize> {
    choices
        .iter()
        .enumerate()
        .map(|(i, c)| (i, (c.x - wx).hypot(c.y - wy)))
        .filter(|(_, d)| *d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// What is inspected: the tile, its feature (a spot: port or building) and the mist bank
/// there.
pub type Inspected = (Pos, Option<Part>, Option<Part>);

/// The part of a placed tile under a board point, for inspection: the building when the
/// point is near the middle of a tile that has one, else the road, city or field of the
/// nearest port; and the mist at that port, if any. `None` off the board and on a tile
/// lying face down.
pub fn inspect_at(g: &Game, wx: f64, wy: f64) -> Option<Inspected> {
    let pos = Pos::new(wx.floor() as i32, wy.floor() as i32);
    let placed = g.board().at(pos)?;
    if placed.face_down {
        return None;
    }
    let def = g.tiles().get(placed.tile);
    // Back to the tile as printed: undo its quarter turns.
    let local = Pt { x: wx - pos.x as f64, y: wy - pos.y as f64 };
    let printed = art::rotate(local, (4 - placed.rot.quarters()) % 4);
    if def.building.is_some() && (printed.x - 0.5).hypot(printed.y - 0.5) < 0.22 {
        return Some((pos, Some(Part::Spot(Spot::Building)), None));
    }
    // The start tile's ruin, drawn with a radius of 0.2 about its centre.
    if let Some((cx, cy)) = def.start.map(|sq| sq.ruin_corner()) {
        if (printed.x - cx as f64).hypot(printed.y - cy as f64) < 0.2 {
            return Some((pos, Some(Part::Ruin), None));
        }
    }
    let port = Port::all().min_by(|a, b| {
        let (pa, pb) = (art::port_point(*a), art::port_point(*b));
        let da = (pa.x - printed.x).hypot(pa.y - printed.y);
        let db = (pb.x - printed.x).hypot(pb.y - printed.y);
        da.total_cmp(&db)
    })?;
    let feature = (def.owner(port) != NO_SEG).then_some(Part::Spot(Spot::Port(port)));
    let mist = (def.mist_at(port) != NO_SEG).then_some(Part::Mist(port));
    (feature.is_some() || mist.is_some()).then_some((pos, feature, mist))
}

/// Every part of the tile at `pos` to inspect, each feature once, with a board point on it
/// (for the keyboard, which steps through them): the building first, then the start tile's
/// ruin, then the roads,
/// cities, fields and mist banks at its ports, clockwise from the north-west. Empty off
/// the board and on a tile lying face down.
pub fn inspect_parts(g: &Game, pos: Pos) -> Vec<((f64, f64), Inspected)> {
    let Some(placed) = g.board().at(pos).filter(|p| !p.face_down) else { return Vec::new() };
    let def = g.tiles().get(placed.tile);
    let mut out = Vec::new();
    let centre = (pos.x as f64 + 0.5, pos.y as f64 + 0.5);
    if def.building.is_some() {
        out.extend(inspect_at(g, centre.0, centre.1).map(|t| (centre, t)));
    }
    if let Some((cx, cy)) = def.start.map(|sq| sq.ruin_corner()) {
        let p = art::rotate(art::Pt { x: 0.9 * cx as f64 + 0.05, y: 0.9 * cy as f64 + 0.05 }, placed.rot.quarters());
        let at = (pos.x as f64 + p.x, pos.y as f64 + p.y);
        out.extend(inspect_at(g, at.0, at.1).map(|t| (at, t)));
    }
    let mut seen = Vec::new();
    for port in Port::all() {
        let key = (def.owner(port), def.mist_at(port));
        if (key.0 == NO_SEG && key.1 == NO_SEG) || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        // A little inside the tile from the port, turned as the tile lies.
        let p = art::rotate(art::port_point(port), placed.rot.quarters());
        let at = (pos.x as f64 + 0.8 * p.x + 0.1, pos.y as f64 + 0.8 * p.y + 0.1);
        out.extend(inspect_at(g, at.0, at.1).map(|t| (at, t)));
    }
    out
}
