//! The searches behind the levels.
//!
//! A decision is taken per turn, not per step: the bot lists every *plan* (the actions
//! from now to the end of its turn: each tile placement with each figure choice, the
//! ghost, circle and cat choices that follow taken greedily), scores
//! each by the static evaluation, and then either picks the best with some noise (easy)
//! or spends a simulation budget on the most promising plans (medium, hard): each
//! simulation draws a determinisation of the unseen tiles, plays the plan, plays the
//! following turns with a random policy, and evaluates; a UCB1 rule shares the budget.
//! Every copy the search plays on is a [`Game::determinize`] copy, so the real hidden
//! order is never read.

use super::eval::margin;
use super::outlook::{expected_margin, Weights};
use crate::engine::coop::Step;
use crate::engine::rng::Rng;
use crate::engine::{Action, Event, Game, Phase, SetStep};

/// The actions from the current step to the end of the acting player's turn (every tile
/// placement and figure choice; ghost, circle and cat choices greedily), and the
/// static value of the position they reach.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The actions, in order; the first is the one to play now.
    pub actions: Vec<Action>,
    /// The evaluation after the last one, for the player who plays them.
    pub value: f32,
}

/// At most this many plans are listed (a guard against pathological turns).
const MAX_PLANS: usize = 4000;

/// The steps a plan lists every answer of: the figure (competitive), the meeple and the
/// "points or ghosts" choice (cooperative). The other choices are taken greedily.
fn branches(phase: Phase) -> bool {
    matches!(phase, Phase::Figure { .. } | Phase::Set(SetStep::Coop(Step::Meeple { .. } | Step::Score)))
}

/// Whether `game` has moved past `player`'s turn (or ended).
fn turn_done(game: &Game, player: usize) -> bool {
    game.is_over() || game.current_player() != player || matches!(game.phase(), Phase::Tile { .. })
}

/// Every plan for the player to act in `game` (a determinised copy), best first by the
/// static evaluation.
pub fn plans(game: &Game) -> Vec<Plan> {
    plans_by(game, Judge::Standing)
}

/// Every plan for the player to act in `game` (a determinised copy), best first by `judge`.
pub fn plans_by(game: &Game, judge: Judge) -> Vec<Plan> {
    listed(game, judge, &mut 0)
}

/// [`plans_by`], adding to `judged` the positions it valued: each plan's end, and each
/// option of the steps taken greedily (what a listing costs: at levels 5 and 6 the square of
/// every face-down tile is such a step, so a plan there costs several times one elsewhere).
fn listed(game: &Game, judge: Judge, judged: &mut usize) -> Vec<Plan> {
    let me = game.current_player();
    let mut out = Vec::new();
    let mut prefix = Vec::new();
    let mut legal = Vec::new();
    game.legal_actions_into(&mut legal);
    for a in legal {
        extend(game, me, a, judge, &mut prefix, &mut out, judged);
    }
    // Best first, and among equals the order they were found in (as a stable sort would,
    // without linking one: the unstable sort is the one the rest of the game uses).
    let mut found: Vec<(usize, Plan)> = out.into_iter().enumerate().collect();
    crate::engine::sort::sort_by(&mut found, |(i, a), (j, b)| b.value.total_cmp(&a.value).then(i.cmp(j)).is_lt());
    found.into_iter().map(|(_, p)| p).collect()
}

fn extend(
    game: &Game,
    me: usize,
    action: Action,
    judge: Judge,
    prefix: &mut Vec<Action>,
    out: &mut Vec<Plan>,
    judged: &mut usize,
) {
    if out.len() >= MAX_PLANS {
        return;
    }
    let mut g = game.clone();
    if g.apply(&action).is_err() {
        return;
    }
    prefix.push(action);
    if turn_done(&g, me) {
        *judged += 1;
        out.push(Plan { actions: prefix.clone(), value: judge.value(&g, me) });
    } else if branches(g.phase()) {
        for a in g.legal_actions() {
            extend(&g, me, a, judge, prefix, out, judged);
        }
    } else {
        // Ghost, circle and cat choices can follow each other several times in a turn;
        // listing every combination multiplies the plans past use, so each is taken
        // greedily (best position right after it).
        // (A plain loop: the page's .wasm is smaller for it. The last of equals wins.)
        let mut best: Option<(f32, Action)> = None;
        for a in g.legal_actions() {
            let mut next = g.clone();
            if next.apply(&a).is_err() {
                continue;
            }
            *judged += 1;
            let v = judge.value(&next, me);
            if best.is_none_or(|(b, _)| v.total_cmp(&b).is_ge()) {
                best = Some((v, a));
            }
        }
        if let Some((_, a)) = best {
            extend(&g, me, a, judge, prefix, out, judged);
        }
    }
    prefix.pop();
}

/// The plan with the best value plus uniform noise of ±`noise` points.
pub fn greedy(game: &Game, rng: &mut Rng, noise: f32) -> Plan {
    let d = game.determinize(rng);
    let all = plans(&d);
    let mut best = 0;
    let mut best_value = f32::NEG_INFINITY;
    for (i, p) in all.iter().enumerate() {
        let v = p.value + noise * (2.0 * unit(rng) - 1.0);
        if v > best_value {
            best = i;
            best_value = v;
        }
    }
    all.into_iter().nth(best).expect("a player to act always has a legal action")
}

/// A uniform number in [0, 1).
fn unit(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

/// How much search a level spends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Plans kept for simulation (the best by static value).
    pub candidates: usize,
    /// Simulations in all.
    pub simulations: u32,
    /// Rounds of turns (every seat's) played after the plan before evaluating.
    pub rounds: u32,
    /// How those turns are played.
    pub rollout: Rollout,
    /// How plans and the positions simulations reach are valued.
    pub judge: Judge,
}

/// How a search values a position for a player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judge {
    /// The margin of the standings as if the game ended now ([`super::eval::margin`]); in
    /// the cooperative game, the team's value.
    Standing,
    /// The margin of the expected final standings ([`super::outlook`]): completion
    /// chances from the unseen tiles, figures that will come back. The cooperative game
    /// is valued as by `Standing`.
    Outlook(Weights),
}

impl Judge {
    /// The value of `game` for `player`.
    pub fn value(self, game: &Game, player: usize) -> f32 {
        match self {
            Judge::Outlook(w) if !game.is_coop() => expected_margin(game, player, &w),
            _ => margin(game, player),
        }
    }
}

/// How a simulation plays the turns after the plan it tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// A uniformly random legal action at each step: cheap, so thousands of simulations fit.
    Random,
    /// Each turn the best plan by the static evaluation, as the easy level without noise
    /// plays: a thousand times dearer, but it sees what a random turn hides. The
    /// cooperative game needs it: a random teammate leaves cemeteries open, gives up points
    /// for ghosts at random and strews meeples, so a random look-ahead judged plans worse
    /// than none (docs/coop.md, "Computer teammates").
    Greedy,
}

impl Budget {
    /// The budget as used in `game`: with ghosts in play the random rollouts through ghost,
    /// circle and cat steps are noisy enough that a second round costs more than it
    /// tells, so the look-ahead stops after one round (measured with `carc arena` when
    /// hard had 16 plans and 4,000 simulations: it won 50% against medium on all sets with
    /// two rounds, 58% with one; on the base game 59% with two rounds, 52.5% with one).
    ///
    /// The outlook costs more with more seats (more figures to weigh, more turns in each
    /// simulated round): a search judged by it spends the simulations of two players'
    /// share, so that the expert's slowest decision in a 5-player game with every set stays
    /// within the browser's second (it was 603 ms natively with the whole budget).
    pub fn for_game(self, game: &Game) -> Budget {
        let rounds = if game.has_set(crate::engine::Set::Ghosts) { self.rounds.min(1) } else { self.rounds };
        let simulations = match self.judge {
            Judge::Outlook(_) => self.simulations * 2 / game.players().len().max(2) as u32,
            Judge::Standing => self.simulations,
        };
        Budget { rounds, simulations, ..self }
    }
}

/// Statistics of one search, for reports and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Plans listed.
    pub plans: usize,
    /// Simulations run.
    pub simulations: u32,
}

/// Monte Carlo search over the best plans with determinised draws.
pub fn monte_carlo(game: &Game, rng: &mut Rng, budget: Budget) -> (Plan, SearchStats) {
    let me = game.current_player();
    let mut all = plans_by(&game.determinize(rng), budget.judge);
    let listed = all.len();
    all.truncate(budget.candidates.max(1));
    if all.len() == 1 {
        return (all.pop().expect("one plan"), SearchStats { plans: listed, simulations: 0 });
    }
    let mut visits = vec![0u32; all.len()];
    let mut totals = vec![0f32; all.len()];
    let mut legal = Vec::new();
    let mut events = Vec::new();
    // Greedy rollouts list every plan of every turn they play: past this many plans in all,
    // the search stops once each candidate has had a simulation, and past this many
    // positions valued it stops at once (the best candidates have had theirs), so that a
    // crowded board keeps a decision within the browser's second. The slowest native
    // decision of a hard co-op team fell from 499 ms to 237 ms at level 3, and at level 5,
    // where each plan also chooses a face-down square, from 1,125 ms to 578 ms: docs/coop.md.
    let (mut work, mut judged) = (0usize, 0usize);
    let mut simulations = 0;
    for n in 0..budget.simulations {
        if (work >= GREEDY_WORK && n as usize >= all.len()) || judged >= GREEDY_JUDGED {
            break;
        }
        simulations += 1;
        let pick = if (n as usize) < all.len() { n as usize } else { ucb(&visits, &totals, n) };
        let mut g = game.determinize(rng);
        for a in &all[pick].actions {
            events.clear();
            // A plan made on another determinisation is still legal: the unseen order
            // only matters from the next draw on.
            if g.apply_into(a, &mut events).is_err() {
                break;
            }
        }
        let (plans, valued) = play_out(&mut g, budget, rng, &mut legal, &mut events);
        (work, judged) = (work + plans, judged + valued);
        visits[pick] += 1;
        totals[pick] += budget.judge.value(&g, me);
    }
    let best = (0..all.len())
        .max_by(|&a, &b| {
            let mean = |i: usize| totals[i] / visits[i].max(1) as f32;
            visits[a].cmp(&visits[b]).then(mean(a).total_cmp(&mean(b)))
        })
        .expect("at least one plan");
    let stats = SearchStats { plans: listed, simulations };
    (all.swap_remove(best), stats)
}

/// The turns a simulation plays after the plan it tries: `budget.rounds` rounds of every
/// seat's, as `budget.rollout` says. Returns the plans a greedy rollout listed and the
/// positions it valued.
pub(super) fn play_out(
    g: &mut Game,
    budget: Budget,
    rng: &mut Rng,
    legal: &mut Vec<Action>,
    events: &mut Vec<Event>,
) -> (usize, usize) {
    let horizon = budget.rounds * g.players().len() as u32;
    match budget.rollout {
        Rollout::Random => {
            random_turns(g, horizon, rng, legal, events);
            (0, 0)
        }
        Rollout::Greedy => greedy_turns(g, horizon, budget.judge, events),
    }
}

/// `turns` turns of random actions (a turn ends when the seat to act changes).
fn random_turns(g: &mut Game, turns: u32, rng: &mut Rng, legal: &mut Vec<Action>, events: &mut Vec<Event>) {
    let mut done = 0;
    let mut last = g.current_player();
    while !g.is_over() && done < turns {
        let a = g.random_action(rng, legal);
        events.clear();
        g.apply_into(&a, events).expect("listed actions are legal");
        if g.current_player() != last {
            done += 1;
            last = g.current_player();
        }
    }
}

/// The most plans the greedy rollouts of one search list (see `monte_carlo`).
const GREEDY_WORK: usize = 25_000;

/// The most positions they value: more than the decisions of levels 1 to 4 reach (at most
/// 48,452 in 8 games a level, `examples/coop_diag`), so that only levels 5 and 6 stop here.
const GREEDY_JUDGED: usize = 100_000;

/// `turns` turns, each the best plan by `judge` (a solo player's turns too:
/// a plan always ends its turn). Returns the plans listed and the positions valued.
fn greedy_turns(g: &mut Game, turns: u32, judge: Judge, events: &mut Vec<Event>) -> (usize, usize) {
    let (mut work, mut judged) = (0, 0);
    for _ in 0..turns {
        if g.is_over() {
            break;
        }
        let all = listed(g, judge, &mut judged);
        work += all.len();
        let Some(best) = all.into_iter().next() else { break };
        for a in &best.actions {
            events.clear();
            g.apply_into(a, events).expect("a plan is legal on the game it was made on");
        }
    }
    (work, judged)
}

/// Exploration weight, in points of margin.
const EXPLORE: f32 = 10.0;

/// The plan UCB1 would simulate next.
fn ucb(visits: &[u32], totals: &[f32], n: u32) -> usize {
    let ln = (n as f32).ln();
    (0..visits.len())
        .max_by(|&a, &b| {
            let score = |i: usize| totals[i] / visits[i] as f32 + EXPLORE * (ln / visits[i] as f32).sqrt();
            score(a).total_cmp(&score(b))
        })
        .expect("at least one plan")
}
