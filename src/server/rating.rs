//! Glicko-2 ratings (issue 38), as Glickman's "Example of the Glicko-2 system" (2012)
//! describes them: a rating, its deviation and its volatility, updated once per rating
//! period from the games played in it. Pure arithmetic, no store: the rooms and the store
//! decide what a period is and what is kept.

/// The Glicko-2 scale factor between the public scale (1500 ± …) and the internal one.
const SCALE: f64 = 173.7178;

/// How far the volatility is allowed to move in one period (the paper's τ, "reasonable
/// choices are between 0.3 and 1.2"): 0.5, the middle, as in the paper's example.
pub const TAU: f64 = 0.5;

/// The convergence tolerance of the volatility's iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A player's rating on the public scale.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating: 1500 for a newcomer.
    pub rating: f64,
    /// Its deviation: 350 for a newcomer, smaller as games are played.
    pub deviation: f64,
    /// How erratic the player's results are: 0.06 for a newcomer.
    pub volatility: f64,
}

impl Default for Rating {
    /// A newcomer: 1500 ± 350, volatility 0.06 (the paper's recommended start).
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

/// One game of a rating period: the opponent's rating before the period and the score
/// (1 a win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent as rated at the period's start.
    pub opponent: Rating,
    /// 1, 0.5 or 0.
    pub score: f64,
}

/// The paper's g(φ): how much a game against an uncertain opponent counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score against an opponent at μj with deviation φj.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after a period in which `games` were played (steps 2 to 8 of the paper).
    /// A period with no game only widens the deviation. Scores outside 0..=1 and ratings
    /// that are not finite are the caller's error: they give a rating that is not finite,
    /// which [`Rating::is_valid`] tells.
    pub fn after(self, games: &[Game], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: phi * SCALE, ..self };
        }
        // Step 3 and 4: the estimated variance v and improvement Δ.
        let (mut inv_v, mut sum) = (0.0, 0.0);
        for game in games {
            let mu_j = (game.opponent.rating - 1500.0) / SCALE;
            let phi_j = game.opponent.deviation / SCALE;
            let (g_j, e) = (g(phi_j), expected(mu, mu_j, phi_j));
            inv_v += g_j * g_j * e * (1.0 - e);
            sum += g_j * (game.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm on f.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            // f is positive far enough below a; 100 steps of τ is far beyond any real σ.
            while f(a - k * tau) < 0.0 && k < 100.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        let mut rounds = 0;
        while (big_b - big_a).abs() > EPSILON && rounds < 1000 {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
            rounds += 1;
        }
        let sigma = (big_a / 2.0).exp();
        // Steps 6 to 8.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating { rating: mu * SCALE + 1500.0, deviation: phi * SCALE, volatility: sigma }
    }

    /// Whether every number is finite and the deviation and volatility positive: what a
    /// store may keep.
    pub fn is_valid(&self) -> bool {
        self.rating.is_finite()
            && self.deviation.is_finite()
            && self.deviation > 0.0
            && self.volatility.is_finite()
            && self.volatility > 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    #[test]
    fn the_papers_worked_example() {
        // Glickman, "Example of the Glicko-2 system": 1500 / 200 / 0.06 beats 1400 / 30, loses
        // to 1550 / 100 and to 1700 / 300, τ = 0.5: 1464.06 / 151.52 / 0.05999.
        let games = [
            Game { opponent: r(1400.0, 30.0), score: 1.0 },
            Game { opponent: r(1550.0, 100.0), score: 0.0 },
            Game { opponent: r(1700.0, 300.0), score: 0.0 },
        ];
        let after = r(1500.0, 200.0).after(&games, TAU);
        // The paper rounds as it goes (μ' = -0.2069, then 173.7178 μ' + 1500 = 1464.06);
        // unrounded it is 1464.0507, 151.5165 and 0.0599960: the same to its last digit.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_period_without_games_widens() {
        let a = Rating::default();
        let won = a.after(&[Game { opponent: a, score: 1.0 }], TAU);
        let lost = a.after(&[Game { opponent: a, score: 0.0 }], TAU);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        // Symmetric between equals.
        assert!((won.rating - 1500.0 + lost.rating - 1500.0).abs() < 1e-9);
        assert!(won.deviation < 350.0);
        let idle = r(1600.0, 50.0).after(&[], TAU);
        assert_eq!(idle.rating, 1600.0);
        assert!(idle.deviation > 50.0);
    }

    #[test]
    fn nonsense_gives_a_rating_no_store_keeps() {
        let bad = Rating { rating: f64::NAN, ..Rating::default() };
        assert!(!bad.after(&[Game { opponent: Rating::default(), score: 1.0 }], TAU).is_valid());
        assert!(Rating::default().is_valid());
    }
}
