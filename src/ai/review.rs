//! The review of a game (issue 37): every decision of every seat judged by the expected
//! final margin it gave up, and each draw's luck apart from the decisions.
//!
//! A turn is judged where it starts, with its tile in hand: the plans of the turn (as the
//! search lists them, [`search::plans_by`]), the best by the judge's static value and those
//! that share a beginning with the turn played, are each played out on the same
//! determinisations of the unseen tiles (common random numbers, so that two plans differ
//! by what they do, not by their draws) and valued by the judge at the end. The best value
//! reachable after a step's choice, less the best value reachable before it, is what the
//! step lost: a tile's square and rotation, a figure, each set's choice. The steps' losses
//! add up to the turn's. Steps with one possible answer are not listed.
//!
//! The draw's luck compares the best static value with the tile drawn against its average
//! over every tile that could have been drawn ([`Game::with_drawn`]): "Bo drew 11 points
//! better than an average draw".
//!
//! In the cooperative game every value is the team's chance to win, in percent
//! ([`super::eval::team_chance`]), and a loss is the chance given up, in percentage points
//! ([`Unit::Chance`]).
//!
//! Deterministic: the same game and the same [`Settings`] give the same review.

use super::eval::team_chance;
use super::search::{self, play_out, Budget, Judge, Plan};
use super::Level;
use crate::engine::rng::Rng;
use crate::engine::{Action, Event, Game, Phase, TileSet};
use std::sync::Arc;

/// How a review judges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Whose judge and look-ahead: the level's judge, rounds and rollout.
    pub level: Level,
    /// Plans played out per turn, besides those sharing a beginning with the turn played.
    pub candidates: usize,
    /// Determinisations each plan is played out on (in the cooperative game a fifth of
    /// them, [`COOP_SHARE`]).
    pub simulations: u32,
    /// The seed every determinisation follows from.
    pub seed: u64,
}

impl Default for Settings {
    /// The expert's judge; a 2-player base game in a few seconds on one core
    /// (docs/review.md).
    fn default() -> Settings {
        Settings { level: Level::Expert, candidates: 8, simulations: 120, seed: 1 }
    }
}

/// What a review's values are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Expected final margin, in points: the seat's score less the best other.
    #[default]
    Points,
    /// The cooperative team's chance to win, in percent; losses in percentage points.
    Chance,
}

impl Unit {
    /// The unit of `game`'s review.
    pub fn of(game: &Game) -> Unit {
        if game.is_coop() {
            Unit::Chance
        } else {
            Unit::Points
        }
    }
}

/// How bad a decision was, by the expected points (or the co-op team's chance, in
/// percentage points) it lost (docs/review.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Lost less than half a point: as good as the best found.
    Best,
    /// Less than 2 points.
    Good,
    /// Less than 5.
    Inaccuracy,
    /// Less than 10.
    Mistake,
    /// 10 points or more.
    Blunder,
}

impl Class {
    /// The class of a decision that lost `loss` expected points.
    pub fn of(loss: f32) -> Class {
        Class::by([0.5, 2.0, 5.0, 10.0], loss)
    }

    /// The class of a decision that lost `loss` in `unit`: points as [`Class::of`]; the
    /// co-op team's chance, in percentage points, below 1, 4, 8 and 15.
    pub fn in_unit(unit: Unit, loss: f32) -> Class {
        match unit {
            Unit::Points => Class::of(loss),
            Unit::Chance => Class::by([1.0, 4.0, 8.0, 15.0], loss),
        }
    }

    fn by(limits: [f32; 4], loss: f32) -> Class {
        match limits.iter().position(|&l| loss < l) {
            Some(0) => Class::Best,
            Some(1) => Class::Good,
            Some(2) => Class::Inaccuracy,
            Some(3) => Class::Mistake,
            _ => Class::Blunder,
        }
    }
}

/// One decision judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Its index among the game's actions.
    pub index: usize,
    /// The player who took it.
    pub seat: usize,
    /// The expected final margin (the seat's score less the best other) after the choice
    /// played, with the rest of the turn played as well as the review found.
    pub played: f32,
    /// The same after the best choice found.
    pub best: f32,
    /// `best - played`, never below 0.
    pub loss: f32,
    /// Its class by `loss`.
    pub class: Class,
    /// The best plan found from this step to the end of the turn; its first action is the
    /// better choice (the one played when the loss is 0).
    pub better: Vec<Action>,
}

/// One turn's draw: the best static value with the tile drawn, and its average over every
/// tile that could have been drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Draw {
    /// The index of the turn's first action.
    pub index: usize,
    /// The player who drew.
    pub seat: usize,
    /// The expected margin at the turn's start, as the review judged it (for the chart).
    pub expected: f32,
    /// `drawn - average` of the static values: how much better than an average draw.
    pub luck: f32,
}

/// A player's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerReview {
    /// Decisions judged (steps with more than one possible answer).
    pub decisions: u32,
    /// The expected points lost by them in all.
    pub points_lost: f32,
    /// `points_lost / decisions`: the lower, the more accurate.
    pub average_loss: f32,
    /// The draws' luck in all, in expected points.
    pub draw_luck: f32,
}

/// A whole game's review.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Review {
    /// What its values are: points, or the co-op team's chance to win.
    pub unit: Unit,
    /// Every decision judged, in the game's order.
    pub decisions: Vec<Decision>,
    /// Every turn's draw, in order.
    pub draws: Vec<Draw>,
    /// Per seat.
    pub players: Vec<PlayerReview>,
}

/// Reviews the actions `game` has been played with, from its start. `progress(done,
/// total)` is told after each turn (in actions) and stops the review when it answers
/// false: then `None`.
pub fn review(game: &Game, settings: Settings, mut progress: impl FnMut(usize, usize) -> bool) -> Option<Review> {
    let tiles: Arc<TileSet> = game.tiles().clone();
    let mut g = Game::new(tiles, game.setup().clone()).expect("a game's own setup");
    let history = game.history();
    let budget = judge_budget(settings.level, &g);
    let unit = Unit::of(&g);
    // The team's look-ahead plays its round greedily, each turn listing every plan: a
    // fifth of the simulations keeps a co-op game's review near the competitive one's
    // time (docs/review.md).
    let settings = match unit {
        Unit::Chance => Settings { simulations: (settings.simulations / COOP_SHARE).max(1), ..settings },
        Unit::Points => settings,
    };
    let mut out = Review { unit, players: vec![PlayerReview::default(); g.players().len()], ..Review::default() };
    let mut i = 0;
    while i < history.len() {
        if !matches!(g.phase(), Phase::Tile { .. }) {
            // A step before any tile (none in the rules today): played, not judged.
            g.apply(&history[i]).expect("the game's own actions");
            i += 1;
            continue;
        }
        let seat = g.current_player();
        let end = turn_end(&g, &history[i..]) + i;
        let played = &history[i..end];
        let mut rng = Rng::new(settings.seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let turn = judge_turn(&g, played, budget, settings, unit, &mut rng);
        let luck = draw_luck(&g, budget.judge, &mut rng);
        out.draws.push(Draw { index: i, seat, expected: turn.first().map_or(0.0, |(_, d)| d.best), luck });
        for (k, d) in turn {
            if k >= played.len() {
                continue;
            }
            out.decisions.push(Decision { index: i + k, seat, ..d });
        }
        for a in played {
            g.apply(a).expect("the game's own actions");
        }
        i = end;
        if !progress(i, history.len()) {
            return None;
        }
    }
    for d in &out.decisions {
        let p = &mut out.players[d.seat];
        p.decisions += 1;
        p.points_lost += d.loss;
    }
    for d in &out.draws {
        out.players[d.seat].draw_luck += d.luck;
    }
    for p in &mut out.players {
        p.average_loss = if p.decisions > 0 { p.points_lost / p.decisions as f32 } else { 0.0 };
    }
    Some(out)
}

/// The cooperative game's review plays out one plan this many times fewer than
/// [`Settings::simulations`].
pub const COOP_SHARE: u32 = 5;

/// The judge and look-ahead of `level` (easy and random have none, and are judged as
/// hard): its competitive budget, or in the cooperative game its team budget, whose
/// look-ahead plays the round as good teammates would (a random one misjudges, docs/coop.md).
fn judge_budget(level: Level, game: &Game) -> Budget {
    let budget = if game.is_coop() { Level::coop_budget } else { Level::budget };
    budget(level).or(budget(Level::Hard)).expect("hard searches")
}

/// How many of `actions` (the game's, from a turn's start in `g`) belong to that turn.
fn turn_end(g: &Game, actions: &[Action]) -> usize {
    let me = g.current_player();
    let mut g = g.clone();
    for (n, a) in actions.iter().enumerate() {
        g.apply(a).expect("the game's own actions");
        if g.is_over() || g.current_player() != me || matches!(g.phase(), Phase::Tile { .. }) {
            return n + 1;
        }
    }
    actions.len()
}

/// The decisions of the turn `played` from `g` (its tile step), keyed by their step in
/// the turn: forced steps left out.
fn judge_turn(
    g: &Game,
    played: &[Action],
    budget: Budget,
    settings: Settings,
    unit: Unit,
    rng: &mut Rng,
) -> Vec<(usize, Decision)> {
    let me = g.current_player();
    let budget = budget.for_game(g);
    let listed = search::plans_by(&g.determinize(rng), budget.judge);
    // The best plans, and the best few sharing each beginning of the turn played.
    let mut plans: Vec<Vec<Action>> = listed.iter().take(settings.candidates).map(|p| p.actions.clone()).collect();
    for k in 1..played.len() {
        let sharing = listed.iter().filter(|p| p.actions.starts_with(&played[..k])).take(3);
        plans.extend(sharing.map(|p: &Plan| p.actions.clone()));
    }
    plans.push(played.to_vec());
    let mut unique: Vec<Vec<Action>> = Vec::new();
    for p in plans {
        if !unique.contains(&p) {
            unique.push(p);
        }
    }
    let plans = unique;
    let seeds: Vec<u64> = (0..settings.simulations).map(|_| rng.next_u64()).collect();
    let values: Vec<f32> = plans.iter().map(|p| played_out(g, p, me, budget, &seeds)).collect();
    // The best value found after each beginning of the turn played, and the plan behind it.
    let best_after = |k: usize| {
        plans
            .iter()
            .zip(&values)
            .filter(|(p, _)| p.len() >= k && p.starts_with(&played[..k]))
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(p, v)| (p.clone(), *v))
            .expect("the turn played is among the plans")
    };
    let mut out = Vec::new();
    let mut at = g.clone();
    for k in 0..played.len() {
        let choices = at.legal_actions().len();
        at.apply(&played[k]).expect("the game's own actions");
        if choices < 2 {
            continue;
        }
        let (better, best) = best_after(k);
        let (_, after) = best_after(k + 1);
        let loss = (best - after).max(0.0);
        let better = better[k..].to_vec();
        let class = Class::in_unit(unit, loss);
        out.push((k, Decision { index: k, seat: me, played: after, best, loss, class, better }));
    }
    // The turn's start, for the chart, even when every step was forced.
    if out.first().is_none_or(|(k, _)| *k != 0) {
        let (better, best) = best_after(0);
        out.insert(
            0,
            (usize::MAX, Decision { index: 0, seat: me, played: best, best, loss: 0.0, class: Class::Best, better }),
        );
    }
    out
}

/// The mean value for `me` of `plan` played from `g` and played out on each seed's
/// determinisation (in the cooperative game, the team's chance to win); a plan a
/// determinisation refuses counts as the worst.
fn played_out(g: &Game, plan: &[Action], me: usize, budget: Budget, seeds: &[u64]) -> f32 {
    let (mut legal, mut events): (Vec<Action>, Vec<Event>) = (Vec::new(), Vec::new());
    let mut total = 0.0;
    for &seed in seeds {
        let mut rng = Rng::new(seed);
        let mut d = g.determinize(&mut rng);
        if plan.iter().any(|a| d.apply_into(a, &mut events).is_err()) {
            return f32::NEG_INFINITY;
        }
        play_out(&mut d, budget, &mut rng, &mut legal, &mut events);
        total += value(&d, budget.judge, me);
    }
    total / seeds.len().max(1) as f32
}

/// The review's value of `game` for `me`: the judge's, or in the cooperative game the
/// team's chance to win, in percent.
fn value(game: &Game, judge: Judge, me: usize) -> f32 {
    in_unit(game, judge.value(game, me))
}

/// A judge's value `v` of a position in `game` as the review counts it: as it is, or in the
/// cooperative game as the team's chance to win, in percent.
fn in_unit(game: &Game, v: f32) -> f32 {
    if game.is_coop() {
        100.0 * team_chance(game, v)
    } else {
        v
    }
}

/// The drawn tile's best static value less its average over the tiles that could have
/// been drawn (the one drawn among them), weighted by their copies (in the cooperative
/// game, as the team's chance).
fn draw_luck(g: &Game, judge: Judge, rng: &mut Rng) -> f32 {
    let mut best = |g: &Game| {
        let plan = search::plans_by(&g.determinize(rng), judge).into_iter().next();
        in_unit(g, plan.map_or(0.0, |p| p.value))
    };
    let drawn = best(g);
    let (mut sum, mut copies) = (drawn, 1.0);
    for (tile, count) in g.unseen_tiles() {
        if let Some(other) = g.with_drawn(tile).filter(|_| count > 0) {
            sum += count as f32 * best(&other);
            copies += count as f32;
        }
    }
    drawn - sum / copies
}
