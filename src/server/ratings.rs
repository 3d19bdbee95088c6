//! Ratings kept (issue 38; docs/online.md, "Ratings"): one Glicko-2 rating
//! ([`super::rating`]) per account and kind of game, and a history row per rated game.

use super::accounts::AccountError;
use super::store::sql::{stmt, Stmt};
use super::store::Store;
use serde::Serialize;

/// An account's rating in one kind of game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Held {
    /// The kind of game .
    pub kind: String,
    /// The rating, rounded to a whole number where shown.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated games played in this kind.
    pub games: i64,
}

/// An account's ratings, one per kind it has played.
pub async fn of(store: &Store, account: &str) -> Result<Vec<Held>, AccountError> {
    let done = store
        .run(stmt(
            "SELECT kind, rating, deviation, games FROM ratings WHERE account = $1 ORDER BY kind",
            [account.into()],
        ))
        .await?;
    Ok(done
        .rows
        .iter()
        .map(|r| Held { kind: r[0].text().to_string(), rating: r[1].real(), deviation: r[2].real(), games: r[3].int() })
        .collect())
}

/// The statements that delete everything kept of an account's ratings.
pub fn forget(account: &str) -> Vec<Stmt> {
    vec![
        stmt("DELETE FROM ratings WHERE account = $1", [account.into()]),
        stmt("DELETE FROM rating_history WHERE account = $1", [account.into()]),
    ]
}
