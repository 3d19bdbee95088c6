//! Scoring: feature values (BASE-ROAD/CITY/MON/FIELD), majorities (BASE-MAJ), returning
//! figures, the per-turn score floor (DEC-05) and final scoring (BASE-END).

use super::events::{Event, Scoring, Share};
use super::features::{NodeIdx, NO_FIGURE};
use super::game::{Game, Phase};
use super::tiles::FeatureKind;

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
    /// (final scoring).
    pub fn feature_value(&self, node: NodeIdx, complete: bool) -> FeatureValue {
        let f = &self.features;
        let kind = f.node(node).kind;
        let mut v = FeatureValue { value: 0, tiles: 0, pennants: 0, cities: 0 };
        match kind {
            FeatureKind::Road | FeatureKind::City => {
                let mut squares: Vec<u16> = f.members(node).map(|n| f.node(n).square).collect();
                squares.sort_unstable();
                squares.dedup();
                v.tiles = squares.len() as u16;
                let per_tile = if kind == FeatureKind::City && complete { 2 } else { 1 };
                if kind == FeatureKind::City {
                    v.pennants = f.pennants(node);
                }
                v.value = per_tile * (v.tiles as i32 + v.pennants as i32);
            }
            FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden => {
                let placed = self.board.square(f.node(node).square);
                v.tiles = 1 + placed.neighbours as u16;
                v.value = if complete { 9 } else { v.tiles as i32 };
            }
            FeatureKind::Castle => {
                // GHOST-CASTLE-3/4: per square with mist in the 3×3 (castle included).
                let placed = self.board.square(f.node(node).square);
                let misty = std::iter::once(placed.pos)
                    .chain(placed.pos.ring())
                    .filter(|q| self.board.at(*q).is_some_and(|p| self.tiles.get(p.tile).has_mist()))
                    .count() as u16;
                v.tiles = misty;
                v.value = if complete { 2 } else { 1 } * misty as i32;
            }
            FeatureKind::Field => {
                let mut cities: Vec<NodeIdx> = Vec::new();
                for n in f.members(node) {
                    let nd = f.node(n);
                    let placed = self.board.square(nd.square);
                    let def = self.tiles.get(placed.tile);
                    for &c in &def.segments[nd.local as usize].cities {
                        let city = f.root(placed.node_base + c as NodeIdx);
                        if f.is_closed(city) && !cities.contains(&city) {
                            cities.push(city);
                        }
                    }
                }
                v.cities = cities.len() as u16;
                v.value = 3 * v.cities as i32;
            }
            FeatureKind::Cemetery | FeatureKind::River | FeatureKind::Mist => {}
        }
        v
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

    /// Score the feature containing `node` into this turn's deltas: every player with the
    /// most figures on it receives the full value (BASE-MAJ-1), less 2 per ghost next to
    /// their own figures there in the game (GHOST-SCORE-2); players without majority get
    /// nothing and no penalty. In the game, all its figures then go back to their
    /// supplies with their ghosts (BASE-MAJ-3, GHOST-SCORE-4), and a cemetery's keeper
    /// brings a guard from the reserve (GHOST-CEM-4).
    pub(crate) fn score_feature(&mut self, node: NodeIdx, how: Scored, events: &mut Vec<Event>) {
        let figs = self.figures_on_feature(node);
        if figs.is_empty() {
            return; // BASE-MAJ-2, GHOST-CEM-8
        }
        let complete = how == Scored::Completed;
        let value = self.feature_value(node, complete);
        let n = self.players.len();
        let (mut count, mut ghosts) = (vec![0u16; n], vec![0u16; n]);
        for &i in &figs {
            count[self.figures[i].owner as usize] += 1;
            ghosts[self.figures[i].owner as usize] += self.figures[i].ghosts as u16;
        }
        let top = *count.iter().max().expect("players");
        let mut shares = Vec::new();
        for (player, &c) in count.iter().enumerate() {
            if c > 0 {
                let penalty = if how == Scored::Final { 0 } else { 2 * ghosts[player] as i32 };
                let points = if c == top { value.value - penalty } else { 0 };
                self.deltas[player] += points;
                shares.push(Share { player, figures: c, ghosts: ghosts[player], points });
            }
        }
        let pos = self.board.square(self.features.node(node).square).pos;
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
        }));
        self.cat_bonus(&figs, events); // SPELLC-A-5, after the feature's points
        if how != Scored::Final {
            let kind = self.features.node(node).kind;
            let mut nodes: Vec<NodeIdx> = figs.iter().map(|&i| self.figures[i].node).collect();
            nodes.sort_unstable();
            for n in nodes {
                let idx = self.features.node(n).occupant as usize;
                self.remove_figure(idx, events);
            }
            if kind == FeatureKind::Cemetery && complete {
                for player in (0..n).filter(|&p| count[p] == top) {
                    self.reward_guard(player, events);
                }
            }
        }
    }

    /// Apply this turn's summed deltas; a total never goes below 0 (DEC-05).
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
        roots.sort_by_key(|&r| (self.features.node(r).kind == FeatureKind::Field, r));
        // GHOST-CEM-7: cemeteries are not scored at the end.
        for r in roots {
            if self.features.node(r).kind != FeatureKind::Cemetery {
                self.score_feature(r, Scored::Final, events);
            }
        }
        self.final_ghost_penalty(events);
        self.settle_deltas(events);
        self.phase = Phase::Over;
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..scores.len()).filter(|&p| scores[p] == best).collect();
        events.push(Event::GameOver { scores, winners });
    }
}
