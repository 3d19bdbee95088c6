//! What a player may ask about the board without changing it: one feature's extent,
//! holders and value now and if completed, and the tiles nobody has seen yet. Public
//! information only (a face-down tile's kind stays hidden), so a hover card or a
//! "tiles left" panel can show it to every player.

use super::features::NodeIdx;
use super::game::Game;
use super::geometry::{Port, Pos};
use super::moves::Spot;
use super::scoring::FeatureValue;
use super::tiles::{FeatureKind, TileIdx, NO_SEG};

/// What is known about the feature under one spot of a placed tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspection {
    /// Road, city, field, monastery, shrine, garden, castle, cemetery or mist (bank).
    pub kind: FeatureKind,
    /// Every part of it: the square and the part's index on that tile (as
    /// [`Game::inspect`]'s nodes are numbered: segments, then mist regions, then the
    /// building), sorted by square (north to south, west to east): the same feature
    /// inspected from any of its parts is the same inspection.
    pub parts: Vec<(Pos, u8)>,
    /// The squares a building's value counts (itself and its filled neighbours, or for a
    /// castle the misty squares of its 3×3); empty for roads, cities, fields and mist.
    pub area: Vec<Pos>,
    /// Closed (roads, cities, mist banks) or surrounded (buildings); fields never are.
    pub complete: bool,
    /// Road ends, city edges or misty ports still open (roads, cities, mist banks).
    pub open_ends: i16,
    /// A mist bank that touches a clear port and can never be completed (GHOST-MIST-5).
    pub limited: bool,
    /// What it is worth if the game ended now (final scoring, BASE-END-2; a field: what
    /// each majority farmer would get, BASE-FIELD-2).
    pub now: FeatureValue,
    /// What it would be worth completed as it is, for a feature that can still be
    /// completed; `None` for fields, cemeteries, mist and completed features.
    pub if_completed: Option<FeatureValue>,
    /// Per player holding figures on it: figures and the ghosts beside them.
    pub holders: Vec<Holder>,
    /// The players with the most figures there, who would score it (BASE-MAJ-1).
    pub majority: Vec<usize>,
    /// Fields: one part (square and node, as in `parts`) of each completed city the
    /// field touches (BASE-FIELD-2), sorted as `parts`; [`Part::Node`] inspects it.
    pub cities: Vec<(Pos, u8)>,
}

/// One player's stake in a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    /// The seat.
    pub player: usize,
    /// Figures of that player on the feature (guards included, as in scoring).
    pub figures: u16,
    /// Ghosts next to those figures (GHOST-SCORE-2 costs 2 each when it is scored).
    pub ghosts: u16,
}

/// Which part of a placed tile to inspect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The road, city, field or building a figure could stand on ([`Spot`], ports as printed).
    Spot(Spot),
    /// The mist region touching this printed port.
    Mist(Port),
    /// A node of the tile by its index (segments, then mist regions, then the building),
    /// as [`Inspection::parts`] and [`Inspection::cities`] name them.
    Node(u8),
    /// The ruin where the four squares of the Ghosts start tile meet (GHOST-START-4). It is
    /// no feature, so [`Game::inspect`] finds none there; the page describes it
    /// (`text::ruin_card`).
    Ruin,
}

impl Game {
    /// The feature under `part` of the tile at `pos`, or `None` if no tile is there, it
    /// lies face down, or that part of it has no feature.
    pub fn inspect(&self, pos: Pos, part: Part) -> Option<Inspection> {
        let square = self.board.square_at(pos)?;
        let placed = self.board.square(square);
        if placed.face_down {
            return None;
        }
        let def = self.tiles.get(placed.tile);
        let local = match part {
            Part::Spot(spot) => def.spot_local(spot).unwrap_or(NO_SEG),
            Part::Mist(p) => match def.mist_at(p) {
                NO_SEG => NO_SEG,
                m => def.mist_node(m),
            },
            Part::Ruin => NO_SEG,
            // Only the nodes the tile has.
            Part::Node(n) => {
                let nodes = def.segments.len() + def.mist.len() + usize::from(def.building.is_some());
                if (n as usize) < nodes {
                    n
                } else {
                    NO_SEG
                }
            }
        };
        if local == NO_SEG {
            return None;
        }
        Some(self.inspect_node(placed.node_base + local as NodeIdx))
    }

    fn inspect_node(&self, node: NodeIdx) -> Inspection {
        let f = &self.features;
        let kind = f.node(node).kind;
        let parts = self.places(f.members(node));
        let building =
            matches!(kind, FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden | FeatureKind::Castle);
        let centre = self.board.square(f.node(node).square).pos;
        let area = if building { self.building_area(kind, centre) } else { Vec::new() };
        let complete = match kind {
            FeatureKind::Road | FeatureKind::City | FeatureKind::Mist => f.is_closed(node),
            _ if building => self.board.square(f.node(node).square).neighbours == 8,
            _ => false,
        };
        let open_ends = match kind {
            FeatureKind::Road | FeatureKind::City | FeatureKind::Mist => f.open_ends(node),
            _ => 0,
        };
        let limited = kind == FeatureKind::Mist && f.is_limited(node);
        let can_complete = !complete && (building || matches!(kind, FeatureKind::Road | FeatureKind::City));
        let (holders, majority) = self.holders(node);
        Inspection {
            kind,
            parts,
            area,
            complete,
            open_ends,
            limited,
            now: self.feature_value(node, complete),
            if_completed: can_complete.then(|| self.completed_value(node, kind)),
            holders,
            majority,
            cities: match kind {
                FeatureKind::Field => self.places(self.field_cities(node).into_iter()),
                _ => Vec::new(),
            },
        }
    }

    /// Where nodes lie, as square and node of that tile, sorted north to south, west to
    /// east (as [`Inspection::parts`] lists them).
    fn places(&self, nodes: impl Iterator<Item = NodeIdx>) -> Vec<(Pos, u8)> {
        let f = &self.features;
        let mut at: Vec<(Pos, u8)> =
            nodes.map(|n| (self.board.square(f.node(n).square).pos, f.node(n).local)).collect();
        super::sort::sort_by_key(&mut at, |(p, local)| (p.y, p.x, *local));
        at
    }

    /// The squares a building's value counts: itself and its filled neighbours, or for a
    /// castle its misty squares (GHOST-CASTLE-3).
    fn building_area(&self, kind: FeatureKind, centre: Pos) -> Vec<Pos> {
        std::iter::once(centre)
            .chain(centre.ring())
            .filter(|q| match self.board.at(*q) {
                Some(p) if kind == FeatureKind::Castle => !p.face_down && self.tiles.get(p.tile).has_mist(),
                Some(_) => true,
                None => false,
            })
            .collect()
    }

    /// The value of a road, city or building if it were completed now: its squares as
    /// they are, scored complete. A building completed has all 8 neighbours (BASE-MON-1);
    /// a castle's value then still counts only misty squares, so it stays as it is.
    fn completed_value(&self, node: NodeIdx, kind: FeatureKind) -> FeatureValue {
        let mut v = self.feature_value(node, true);
        if matches!(kind, FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden) {
            v.tiles = 9;
        }
        v
    }

    /// Figures and ghosts per player on the feature, and who has the most.
    fn holders(&self, node: NodeIdx) -> (Vec<Holder>, Vec<usize>) {
        let (count, ghosts) = self.stakes(&self.figures_on_feature(node));
        let n = self.players.len();
        let top = count[..n].iter().copied().max().unwrap_or(0);
        let holders = (0..n)
            .filter(|&p| count[p] > 0)
            .map(|player| Holder { player, figures: count[player], ghosts: ghosts[player] })
            .collect();
        let majority = (0..n).filter(|&p| top > 0 && count[p] == top).collect();
        (holders, majority)
    }

    /// The tiles nobody has seen yet, by kind, in catalogue order: the stack and the
    /// tiles drawn face down (COOP-3c), which are the same to every player. The count of
    /// each kind is public; their order is not.
    pub fn unseen_tiles(&self) -> Vec<(TileIdx, u16)> {
        let mut count = vec![0u16; self.tiles.tiles().len()];
        let hidden = self.deck[self.next_draw..].iter().chain(self.unseen_draws().iter().map(|&d| &self.deck[d]));
        for &t in hidden {
            count[t as usize] += 1;
        }
        count.iter().enumerate().filter(|(_, &c)| c > 0).map(|(t, &c)| (t as TileIdx, c)).collect()
    }
}
