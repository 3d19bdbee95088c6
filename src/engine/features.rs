//! The feature graph: every segment, mist region and building on the board is a node;
//! union-find joins nodes into features (roads, cities, fields, mist banks) as tiles
//! are placed, so that completion and occupancy are known without rescanning the board.
//!
//! Each feature also keeps its members in a circular linked list (merged in O(1)), walked
//! only when a feature is scored or inspected.

use super::board::SquareIdx;
use super::tiles::FeatureKind;

/// Index of a node in the feature graph.
pub type NodeIdx = u32;
/// Marker for "no figure on this node".
pub const NO_FIGURE: u16 = u16::MAX;

/// One node: a segment, mist region or building of one placed square. Fields marked
/// "root" are meaningful only on the feature's representative node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    parent: NodeIdx,
    next: NodeIdx,
    /// The square the node lies on.
    pub square: SquareIdx,
    /// Its local index on the tile (segments, then mist regions, then the building).
    pub local: u8,
    /// What kind of feature it belongs to.
    pub kind: FeatureKind,
    /// Figure standing on this node, or `NO_FIGURE`.
    pub occupant: u16,
    size: u16,
    /// Root: ends not yet closed (roads: road ends; cities: city edges; mist: misty ports).
    open: i16,
    /// Root: coats of arms in the feature.
    pennants: u16,
    /// Root: figures standing on the feature.
    figures: u16,
    /// Root (mist): the bank touches a clear port somewhere and can never be completed.
    limited: bool,
}

/// The whole feature graph of a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    nodes: Vec<Node>,
}

impl Features {
    /// An empty graph with room for `nodes` nodes.
    pub fn with_capacity(nodes: usize) -> Features {
        Features { nodes: Vec::with_capacity(nodes) }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the graph is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A node by index.
    pub fn node(&self, n: NodeIdx) -> &Node {
        &self.nodes[n as usize]
    }

    /// Add a node that forms a feature of its own.
    pub fn add(&mut self, kind: FeatureKind, square: SquareIdx, local: u8, open: i16, pennants: u16) -> NodeIdx {
        let n = self.nodes.len() as NodeIdx;
        self.nodes.push(Node {
            parent: n,
            next: n,
            square,
            local,
            kind,
            occupant: NO_FIGURE,
            size: 1,
            open,
            pennants,
            figures: 0,
            limited: false,
        });
        n
    }

    /// The feature's representative, with path halving.
    pub fn find(&mut self, mut n: NodeIdx) -> NodeIdx {
        while self.nodes[n as usize].parent != n {
            let gp = self.nodes[self.nodes[n as usize].parent as usize].parent;
            self.nodes[n as usize].parent = gp;
            n = gp;
        }
        n
    }

    /// The feature's representative, without changing anything.
    pub fn root(&self, mut n: NodeIdx) -> NodeIdx {
        while self.nodes[n as usize].parent != n {
            n = self.nodes[n as usize].parent;
        }
        n
    }

    /// Join the features of `a` and `b`; returns the new representative. Features that were
    /// occupied separately keep all their figures (BASE-MEEPLE-4); mist regions joined by
    /// misty–misty contacts form one mist bank (GHOST-MIST-4, DEC-07) (MODEL-4).
    pub fn union(&mut self, a: NodeIdx, b: NodeIdx) -> NodeIdx {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        if self.nodes[ra as usize].size < self.nodes[rb as usize].size {
            std::mem::swap(&mut ra, &mut rb);
        }
        let b_node = self.nodes[rb as usize].clone();
        let a_node = &mut self.nodes[ra as usize];
        a_node.size += b_node.size;
        a_node.open += b_node.open;
        a_node.pennants += b_node.pennants;
        a_node.figures += b_node.figures;
        a_node.limited |= b_node.limited;
        self.nodes[rb as usize].parent = ra;
        // Splice the two circular member lists.
        let na = self.nodes[ra as usize].next;
        self.nodes[ra as usize].next = b_node.next;
        self.nodes[rb as usize].next = na;
        ra
    }

    /// Close `k` open ends of the feature containing `n`.
    pub fn close_ends(&mut self, n: NodeIdx, k: i16) {
        let r = self.find(n);
        self.nodes[r as usize].open -= k;
    }

    /// Mark the mist bank containing `n` as limited (it touches a clear port).
    pub fn limit(&mut self, n: NodeIdx) {
        let r = self.find(n);
        self.nodes[r as usize].limited = true;
    }

    /// Ends of the feature still open.
    pub fn open_ends(&self, n: NodeIdx) -> i16 {
        self.nodes[self.root(n) as usize].open
    }

    /// Whether a road, city or mist bank is closed: no open end (BASE-ROAD-1: both ends
    /// terminate or the road loops; BASE-CITY-1: no gap in the walls); a mist bank also
    /// never touched a clear port (GHOST-MIST-5, DEC-07). Buildings and fields are not judged
    /// here.
    pub fn is_closed(&self, n: NodeIdx) -> bool {
        let r = &self.nodes[self.root(n) as usize];
        r.open == 0 && !r.limited
    }

    /// Whether the mist bank containing `n` touches a clear port.
    pub fn is_limited(&self, n: NodeIdx) -> bool {
        self.nodes[self.root(n) as usize].limited
    }

    /// Coats of arms in the feature.
    pub fn pennants(&self, n: NodeIdx) -> u16 {
        self.nodes[self.root(n) as usize].pennants
    }

    /// Figures standing anywhere on the feature.
    pub fn figures(&self, n: NodeIdx) -> u16 {
        self.nodes[self.root(n) as usize].figures
    }

    /// Record that figure `fig` stands on node `n`.
    pub fn set_occupant(&mut self, n: NodeIdx, fig: u16) {
        self.nodes[n as usize].occupant = fig;
        let r = self.find(n);
        self.nodes[r as usize].figures += 1;
    }

    /// Record that the figure on node `n` left.
    pub fn clear_occupant(&mut self, n: NodeIdx) {
        self.nodes[n as usize].occupant = NO_FIGURE;
        let r = self.find(n);
        self.nodes[r as usize].figures -= 1;
    }

    /// Re-point a node's occupant index (figures are stored compactly and move).
    pub fn move_occupant(&mut self, n: NodeIdx, fig: u16) {
        self.nodes[n as usize].occupant = fig;
    }

    /// Every node of the feature containing `n`.
    pub fn members(&self, n: NodeIdx) -> Members<'_> {
        Members { features: self, start: n, cur: Some(n) }
    }
}

/// Iterator over the nodes of one feature.
pub struct Members<'a> {
    features: &'a Features,
    start: NodeIdx,
    cur: Option<NodeIdx>,
}

impl Iterator for Members<'_> {
    type Item = NodeIdx;
    fn next(&mut self) -> Option<NodeIdx> {
        let c = self.cur?;
        let nx = self.features.nodes[c as usize].next;
        self.cur = if nx == self.start { None } else { Some(nx) };
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_merges_counts_and_member_lists() {
        let mut f = Features::default();
        let a = f.add(FeatureKind::Road, 0, 0, 2, 0);
        let b = f.add(FeatureKind::Road, 1, 0, 1, 0);
        let c = f.add(FeatureKind::Road, 2, 0, 1, 0);
        f.union(a, b);
        f.close_ends(a, 2);
        f.union(b, c);
        f.close_ends(c, 2);
        assert_eq!(f.open_ends(a), 0);
        assert!(f.is_closed(c));
        let mut m: Vec<_> = f.members(c).collect();
        m.sort();
        assert_eq!(m, vec![a, b, c]);
        f.set_occupant(b, 7);
        assert_eq!(f.figures(a), 1);
        f.clear_occupant(b);
        assert_eq!(f.figures(c), 0);
    }
}
