//! Computer players.
//!
//! A [`Bot`] chooses the next action for whoever is to act. It sees only public
//! information: every look ahead happens on a [`Game::determinize`] copy. It is
//! deterministic given its seed, so a game against it replays exactly.
//!
//! - [`eval`]: the static evaluation (projected scores and meeple economy).
//! - [`search`]: turn plans, the greedy choice and the Monte Carlo search.
//! - [`arena`]: seat-swapped matches between levels.
//! - [`advice`]: the cooperative game's pace, drain and a plan's reasons (*Hint*).
//! - [`team`]: cooperative games played by a team of one level (win rates).
//! - [`review`]: a game's decisions judged by the points they lost, and its draws' luck.
//! - [`planted`]: games with one planted bad move, which the review must find.

pub mod advice;
pub mod arena;
pub mod eval;
pub mod outlook;
pub mod planted;
pub mod review;
pub mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod team;

use crate::engine::rng::Rng;
use crate::engine::{Action, Game};
use search::{Budget, Judge, Rollout, SearchStats};
use std::fmt;
use std::str::FromStr;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal action: the baseline measurements compare against.
    Random,
    /// Best turn by static evaluation, with noise.
    Easy,
    /// Monte Carlo search over the best plans, a modest budget.
    Medium,
    /// The same search over three times the plans with fifteen times the simulations,
    /// looking two rounds ahead (one where ghosts are in play, see [`Budget::for_game`]);
    /// in the cooperative game, a round played by good teammates ([`Level::coop_budget`]).
    Hard,
    /// The search of hard judged by the expected final scores ([`outlook`]): completion
    /// chances from the unseen tiles, dead squares, figures that will come back.
    Expert,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 5] = [Level::Random, Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name as the command line and the page write it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The search budget (none for easy).
    pub fn budget(self) -> Option<Budget> {
        match self {
            Level::Random | Level::Easy => None,
            Level::Medium => Some(Budget {
                candidates: 8,
                simulations: 800,
                rounds: 1,
                rollout: Rollout::Random,
                judge: Judge::Standing,
            }),
            Level::Hard => Some(Budget {
                candidates: 24,
                simulations: 12000,
                rounds: 2,
                rollout: Rollout::Random,
                judge: Judge::Standing,
            }),
            Level::Expert => Some(EXPERT),
        }
    }

    /// The search budget in the cooperative game (none for easy). Medium weighs its best
    /// plans on a few draws with no look-ahead; hard plays the round after each plan as
    /// good teammates would ([`Rollout::Greedy`]). A random look-ahead made both weaker
    /// than the evaluation alone (docs/coop.md, "Computer teammates").
    pub fn coop_budget(self) -> Option<Budget> {
        match self {
            Level::Random | Level::Easy => None,
            Level::Medium => Some(Budget {
                candidates: 8,
                simulations: 64,
                rounds: 0,
                rollout: Rollout::Random,
                judge: Judge::Standing,
            }),
            Level::Hard | Level::Expert => Some(Budget {
                candidates: 8,
                simulations: 64,
                rounds: 1,
                rollout: Rollout::Greedy,
                judge: Judge::Standing,
            }),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown level '{s}' (random, easy, medium, hard or expert)"))
    }
}

/// The expert's competitive budget (docs/computers.md: how it was chosen and measured).
pub const EXPERT: Budget = Budget {
    candidates: 24,
    simulations: 12000,
    rounds: 2,
    rollout: Rollout::Random,
    judge: Judge::Outlook(outlook::WEIGHTS),
};

/// Points of noise the easy level adds to each plan's value.
const EASY_NOISE: f32 = 4.0;

/// How a bot decides.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Strategy {
    Random,
    Greedy {
        noise: f32,
    },
    /// The budget for competitive games, and the one for the cooperative game.
    Search {
        budget: Budget,
        coop: Budget,
    },
}

/// A computer player. It remembers the rest of the turn it planned, so the steps after
/// the tile (figure, ghost, cat) cost nothing.
#[derive(Clone, Debug)]
pub struct Bot {
    strategy: Strategy,
    rng: Rng,
    /// The rest of the current plan, and the history length at which it continues.
    pending: Vec<Action>,
    at: usize,
    last: SearchStats,
    decisions: u32,
}

impl Bot {
    /// A bot of a level whose choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        let strategy = match (level.budget(), level.coop_budget()) {
            (Some(budget), Some(coop)) => Strategy::Search { budget, coop },
            _ if level == Level::Random => Strategy::Random,
            _ => Strategy::Greedy { noise: EASY_NOISE },
        };
        Bot::with_strategy(strategy, seed)
    }

    /// A searching bot with a budget of your own (a strength between or beyond the levels),
    /// the same in the cooperative game.
    pub fn with_budget(budget: Budget, seed: u64) -> Bot {
        Bot::with_strategy(Strategy::Search { budget, coop: budget }, seed)
    }

    fn with_strategy(strategy: Strategy, seed: u64) -> Bot {
        Bot {
            strategy,
            rng: Rng::new(seed),
            pending: Vec::new(),
            at: usize::MAX,
            last: SearchStats::default(),
            decisions: 0,
        }
    }

    /// How many decisions (plans) it has made: a step taken from a plan made earlier is no
    /// decision.
    pub fn decisions(&self) -> u32 {
        self.decisions
    }

    /// What the last search did.
    pub fn last_search(&self) -> SearchStats {
        self.last
    }

    /// The action for the player to act in `game`, or `None` when the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        if game.is_over() {
            return None;
        }
        let step = game.history().len();
        if step == self.at {
            if let Some(&next) = self.pending.first() {
                if game.check(&next).is_ok() {
                    self.pending.remove(0);
                    self.at = step + 1;
                    return Some(next);
                }
            }
        }
        let mut actions = self.plan(game).into_iter();
        let first = actions.next()?;
        self.pending = actions.collect();
        self.at = step + 1;
        Some(first)
    }

    /// The actions from the current step to the end of the acting player's turn (the
    /// random level gives one at a time); empty when the game is over. A page shows them
    /// one by one so that a person can follow the computer's turn.
    pub fn plan(&mut self, game: &Game) -> Vec<Action> {
        self.last = SearchStats::default();
        if game.is_over() {
            return Vec::new();
        }
        self.decisions += 1;
        match self.strategy {
            Strategy::Random => {
                let legal = game.legal_actions();
                vec![legal[self.rng.below(legal.len())]]
            }
            Strategy::Greedy { noise } => search::greedy(game, &mut self.rng, noise).actions,
            Strategy::Search { budget, coop } => {
                let budget = if game.is_coop() { coop } else { budget.for_game(game) };
                let (plan, stats) = search::monte_carlo(game, &mut self.rng, budget);
                self.last = stats;
                plan.actions
            }
        }
    }
}
