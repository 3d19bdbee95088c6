//! Scoring: feature values (BASE-ROAD/CITY/MON/FIELD), majorities (BASE-MAJ), returning
//! figures, the per-turn score floor (DEC-05) and final scoring (BASE-END).

use super::board::SquareIdx;
use super::events::{Event, Scoring, Share};
use super::features::{NodeIdx, NO_FIGURE};
use super::flow::ScoredFeature;
use super::game::{Game, Phase};
use super::tiles::FeatureKind;

/// Most seats a game can have (BASE-COMP-5); per-player tallies live on the stack.
pub(crate) const MAX_SEATS: usize = 6;

/// Which kind of scoring a feature gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scored {
    /// Completed during the game: full value, −2 per ghost of a majority player
    /// (GHOST-SCORE-2), figures return.
    Completed,
    /// An abbot taken back early (BASE-ABBOT-4): the end-of-game value, −2 per ghost
    /// (GHOST-SCORE-6), the abbot returns.
    Retrieved,
    /// Final scoring: the incomplete value; ghosts cost −1 separately (GHOST-END-1);
    /// figures stay.
    Final,
}

/// What a feature is worth and what it is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureValue {
    /// Points for each majority player.
    pub value: i32,
    /// Squares covered (roads, cities) or counted (buildings: the building and its filled neighbours).
    pub tiles: u16,
    /// Coats of arms (cities).
    pub pennants: u16,
    /// Completed cities touching the field (fields).
    pub cities: u16,
}

impl Game {
    /// The value of the feature containing `node`, scored as complete (in-game) or not
    /// (final scoring). Every count is of squares, so the 2×2 start tile counts as four
    /// (GHOST-START-2, GHOST-START-3, DEC-04, X-3); spell circles change no value (SPELL-10).
    pub fn feature_value(&self, node: NodeIdx, complete: bool) -> FeatureValue {
        let f = &self.features;
        let kind = f.node(node).kind;
        let mut v = FeatureValue { value: 0, tiles: 0, pennants: 0, cities: 0 };
        match kind {
            FeatureKind::Road | FeatureKind::City => {
                // BASE-ROAD-2, BASE-ROAD-3, BASE-CITY-2, BASE-CITY-3.
                v.tiles = self.distinct_squares(node);
                // The first edition's tiny city (option): a completed 2-square city scores as
                // an incomplete one.
                let tiny = self.setup.options.tiny_city && v.tiles == 2;
                let per_tile = if kind == FeatureKind::City && complete && !tiny { 2 } else { 1 };
                if kind == FeatureKind::City {
                    v.pennants = f.pennants(node);
                }
                v.value = per_tile * (v.tiles as i32 + v.pennants as i32);
            }
            // BASE-MON-1, BASE-MON-2; a garden or monastery with an abbot scores the same
            // (BASE-ABBOT-3); shrines exactly like monasteries (SHRINE-PLACE-1).
            FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => {
                let placed = self.board.square(f.node(node).square);
                v.tiles = 1 + placed.neighbours as u16;
                v.value = if complete { 9 } else { v.tiles as i32 };
            }
            FeatureKind::Castle => {
                // GHOST-CASTLE-3, GHOST-CASTLE-4: per square with mist in the 3×3 (castle
                // included); any mist region makes a square misty, spell-circle tiles too
                // (GHOST-CASTLE-5, DEC-13, X-7).
                let placed = self.board.square(f.node(node).square);
                let misty = std::iter::once(placed.pos)
                    .chain(placed.pos.ring())
                    .filter(|q| self.board.at(*q).is_some_and(|p| self.tiles.get(p.tile).has_mist()))
                    .count() as u16;
                v.tiles = misty;
                v.value = if complete { 2 } else { 1 } * misty as i32;
            }
            // BASE-FIELD-2: 3 per completed city the field touches, each city once.
            FeatureKind::Field => {
                v.cities = self.field_cities(node).len() as u16;
                v.value = 3 * v.cities as i32;
            }
            FeatureKind::Cemetery | FeatureKind::River | FeatureKind::Mist => {}
        }
        v
    }

    /// The completed cities (their roots) a field touches, each once (BASE-FIELD-2).
    pub(crate) fn field_cities(&self, node: NodeIdx) -> Vec<NodeIdx> {
        let f = &self.features;
        let mut cities: Vec<NodeIdx> = Vec::new();
        for n in f.members(node) {
            let nd = f.node(n);
            let placed = self.board.square(nd.square);
            for &c in &self.tiles.get(placed.tile).segments[nd.local as usize].cities {
                let city = f.root(placed.node_base + c as NodeIdx);
                if f.is_closed(city) && !cities.contains(&city) {
                    cities.push(city);
                }
            }
        }
        cities
    }

    /// Squares the feature containing `node` covers (a square with two of its segments
    /// counts once, BASE-ROAD-2, BASE-CITY-2).
    pub fn distinct_squares(&self, node: NodeIdx) -> u16 {
        const INLINE: usize = 64;
        let (mut seen, mut n, mut more) = ([0 as SquareIdx; INLINE], 0, Vec::new());
        for m in self.features.members(node) {
            let sq = self.features.node(m).square;
            if seen[..n].contains(&sq) || more.contains(&sq) {
                continue;
            }
            if n < INLINE {
                seen[n] = sq;
                n += 1;
            } else {
                more.push(sq);
            }
        }
        (n + more.len()) as u16
    }

    /// Indices (into `figures`) of the figures standing on the feature containing `node`.
    pub fn figures_on_feature(&self, node: NodeIdx) -> Vec<usize> {
        let f = &self.features;
        f.members(node)
            .filter_map(|n| {
                let o = f.node(n).occupant;
                (o != NO_FIGURE).then_some(o as usize)
            })
            .collect()
    }

    /// Per seat, how many of the figures `figs` (indices into `figures`) are theirs and how
    /// many ghosts stand beside those.
    pub(crate) fn stakes(&self, figs: &[usize]) -> ([u16; MAX_SEATS], [u16; MAX_SEATS]) {
        let (mut count, mut ghosts) = ([0u16; MAX_SEATS], [0u16; MAX_SEATS]);
        for &i in figs {
            let fig = &self.figures[i];
            count[fig.owner as usize] += 1;
            ghosts[fig.owner as usize] += fig.ghosts as u16;
        }
        (count, ghosts)
    }

    /// Score the feature containing `node` into this turn's deltas: every player with the
    /// most figures on it receives the full value (BASE-MAJ-1), less 2 per ghost next to
    /// their own figures there in the game (GHOST-SCORE-2); players without majority get
    /// nothing and no penalty. The sets in play then add to it (`scored`: Eloïse). In the
    /// game, all its figures go back to their supplies (BASE-MAJ-3, GHOST-SCORE-4) and the
    /// sets react (`returned`: a cemetery keeper's guard, GHOST-CEM-4).
    pub(crate) fn score_feature(&mut self, node: NodeIdx, how: Scored, events: &mut Vec<Event>) {
        let figs = self.figures_on_feature(node);
        if figs.is_empty() {
            return; // BASE-MAJ-2, GHOST-CEM-8
        }
        let complete = how == Scored::Completed;
        let value = self.feature_value(node, complete);
        let n = self.players.len();
        let (count, ghosts) = self.stakes(&figs);
        let top = *count[..n].iter().max().expect("players");
        let mut shares = Vec::new();
        let (mut majority, mut majorities) = ([0usize; MAX_SEATS], 0);
        for (player, &c) in count[..n].iter().enumerate() {
            if c > 0 {
                // GHOST-SCORE-1, GHOST-SCORE-2, GHOST-CASTLE-6, GHOST-CEM-6, GHOST-ABBOT-3: in
                // every scoring during the game (an abbot taken back too, GHOST-SCORE-6), −2 per
                // ghost next to a majority player's own figures there; at the end the −1 per
                // ghost is a step of its own (GHOST-END-1).
                let penalty = if how == Scored::Final { 0 } else { 2 * ghosts[player] as i32 };
                let points = if c == top { value.value - penalty } else { 0 };
                self.deltas[player] += points;
                shares.push(Share { player, figures: c, ghosts: ghosts[player], points });
                if c == top {
                    majority[majorities] = player;
                    majorities += 1;
                }
            }
        }
        let at = self.features.node(node);
        let (pos, part) = (self.board.square(at.square).pos, at.local);
        events.push(Event::Scored(Scoring {
            feature: self.features.node(node).kind,
            complete,
            tiles: value.tiles,
            pennants: value.pennants,
            cities: value.cities,
            value: value.value,
            shares,
            x: pos.x,
            y: pos.y,
            part,
        }));
        let scored = ScoredFeature { node, how, figures: &figs, majority: &majority[..majorities] };
        self.feature_scored(&scored, events);
        // BASE-MEEPLE-6, BASE-FIELD-3: figures leave only when scored during the game, so
        // farmers (scored only at the end) never come back.
        if how != Scored::Final {
            // Figures leave in the order of their nodes (indices move as figures leave).
            let mut nodes = figs.iter().map(|&i| self.figures[i].node).collect::<Vec<_>>();
            super::sort::sort(&mut nodes);
            for n in nodes {
                let idx = self.features.node(n).occupant as usize;
                self.remove_figure(idx, events);
            }
            let scored = ScoredFeature { figures: &[], ..scored };
            self.feature_returned(&scored, events);
        }
    }

    /// Apply this turn's summed deltas; a total never goes below 0 (GHOST-SCORE-3, DEC-05).
    pub(crate) fn settle_deltas(&mut self, events: &mut Vec<Event>) {
        for (player, d) in self.deltas.iter_mut().enumerate() {
            let total = self.players[player].score + *d;
            if total < 0 {
                events.push(Event::ScoreFloored { player, unclamped: total });
            }
            self.players[player].score = total.max(0);
            *d = 0;
        }
    }

    /// The totals if the game ended now: every figure's feature scored as in final
    /// scoring (BASE-END), without changing this game. A quick, public-only estimate of
    /// where the players stand (used by the computer players).
    pub fn projected_scores(&self) -> Vec<i32> {
        if self.phase == Phase::Over {
            return self.scores();
        }
        let mut g = self.clone();
        let mut events = Vec::new();
        // A step half done (a figure just placed, a ghost pending) settles as at turn end.
        g.final_scoring(&mut events);
        g.scores()
    }

    /// Score every occupied incomplete feature, then the fields (BASE-END-2), and end.
    pub(crate) fn final_scoring(&mut self, events: &mut Vec<Event>) {
        let mut roots: Vec<NodeIdx> = Vec::new();
        for fig in &self.figures {
            let r = self.features.root(fig.node);
            if !roots.contains(&r) {
                roots.push(r);
            }
        }
        // Fields last, as the rules list them; otherwise in order of placement.
        super::sort::sort_by_key(&mut roots, |&r| (self.features.node(r).kind == FeatureKind::Field, r));
        // GHOST-CEM-7: cemeteries are not scored at the end.
        for r in roots {
            if self.features.node(r).kind != FeatureKind::Cemetery {
                self.score_feature(r, Scored::Final, events);
            }
        }
        self.final_hooks(events);
        self.settle_deltas(events);
        self.phase = Phase::Over;
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..scores.len()).filter(|&p| scores[p] == best).collect();
        events.push(Event::GameOver { scores, winners });
    }
}
