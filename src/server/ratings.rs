//! Ratings kept (issue 38; docs/online.md, "Ratings"): one Glicko-2 rating
//! ([`super::rating`]) per account and kind of game, and a history row per rated game.
//!
//! Glicko-2 rates a *period's* games together against the opponents' ratings at the
//! period's start. A period here is [`Config::rating_period_secs`](super::Config) (a day
//! by default), and a rating is shown live: after each game, an account's rating is its
//! rating at the period's start updated by all its games of the period so far, so a game
//! moves the leaderboard at once and the period's end changes nothing. An account that
//! skips periods has its deviation widened once for each (the paper's step 6 alone).

use super::accounts::AccountError;
use super::rating::{Game as RatedGame, Rating, TAU};
use super::store::sql::{stmt, Stmt, Value};
use super::store::{Store, StoreError};
use serde::Serialize;

/// The kind of game a rated room's setup is rated in: its sets (base first, the others
/// sorted, joined by `+`), and `+abbot` with the Abbot. Rated games use the standard
/// rules: none with co-op or any other option.
pub fn kind(sets: &[String], options: &serde_json::Value) -> Option<String> {
    if options.as_object().is_some_and(|o| o.keys().any(|k| k != "abbot")) {
        return None;
    }
    let mut others: Vec<&str> = sets.iter().map(String::as_str).filter(|s| *s != "base").collect();
    others.sort_unstable();
    others.dedup();
    let mut kind = std::iter::once("base").chain(others).collect::<Vec<_>>().join("+");
    if options.get("abbot").and_then(serde_json::Value::as_bool) == Some(true) {
        kind.push_str("+abbot");
    }
    Some(kind)
}

/// An account's rating in one kind of game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Held {
    /// The kind of game ([`kind`]).
    pub kind: String,
    /// The rating.
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
    Ok(done.rows.iter().map(|r| held(r)).collect())
}

fn held(r: &[Value]) -> Held {
    Held { kind: r[0].text().to_string(), rating: r[1].real(), deviation: r[2].real(), games: r[3].int() }
}

/// The statements that delete everything kept of an account's ratings.
pub fn forget(account: &str) -> Vec<Stmt> {
    vec![
        stmt("DELETE FROM ratings WHERE account = $1", [account.into()]),
        stmt("DELETE FROM rating_history WHERE account = $1", [account.into()]),
    ]
}

/// One side of a rated game that ended.
#[derive(Clone, Debug)]
pub struct Side {
    /// The account.
    pub account: String,
    /// 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
}

/// A rating row as stored: the rating shown, and the one at the start of `period`.
#[derive(Clone, Copy, Debug)]
struct Row {
    base: Rating,
    period: i64,
    games: i64,
}

/// The rating at the start of period `now` of a row based at an earlier period: the base
/// updated by its period's games, then widened once for every period without games.
fn at_start(row: Row, games_of_base: &[RatedGame], now: i64) -> Rating {
    if row.period >= now {
        return row.base;
    }
    let mut r = row.base.after(games_of_base, TAU);
    for _ in row.period + 1..now {
        r = r.after(&[], TAU);
    }
    r
}

/// The account's row in a kind, if it has one.
async fn row(store: &Store, account: &str, kind: &str) -> Result<Option<Row>, StoreError> {
    let done = store
        .run(stmt(
            "SELECT base_rating, base_deviation, base_volatility, period, games FROM ratings
             WHERE account = $1 AND kind = $2",
            [account.into(), kind.into()],
        ))
        .await?;
    Ok(done.rows.first().map(|r| Row {
        base: Rating { rating: r[0].real(), deviation: r[1].real(), volatility: r[2].real() },
        period: r[3].int(),
        games: r[4].int(),
    }))
}

/// The account's games of a period in a kind, as Glicko-2 reads them.
async fn games_of(store: &Store, account: &str, kind: &str, period: i64) -> Result<Vec<RatedGame>, StoreError> {
    let done = store
        .run(stmt(
            "SELECT opponent_rating, opponent_deviation, score FROM rating_history
             WHERE account = $1 AND kind = $2 AND period = $3 ORDER BY at",
            [account.into(), kind.into(), period.into()],
        ))
        .await?;
    Ok(done
        .rows
        .iter()
        .map(|r| RatedGame {
            opponent: Rating { rating: r[0].real(), deviation: r[1].real(), volatility: 0.06 },
            score: r[2].real(),
        })
        .collect())
}

/// Rate a game that ended: game `game` of room `room`, in `kind`, between two sides, at
/// `now` (milliseconds since 1970) with periods of `period_ms`. Once only: a game already
/// rated is left as it is (a room loaded again after a crash asks again). Both ratings
/// and both history rows are written in one transaction, which is refused and tried
/// again if either rating changed meanwhile (another game of the same player ended on
/// another instance).
pub async fn record(
    store: &Store,
    room: &str,
    game: u32,
    kind: &str,
    sides: [Side; 2],
    now: u64,
    period_ms: u64,
) -> Result<(), StoreError> {
    let period = (now / period_ms.max(1)) as i64;
    for _ in 0..8 {
        let done = store
            .run(stmt(
                "SELECT count(*) FROM rating_history WHERE room = $1 AND game = $2",
                [room.into(), (game as i64).into()],
            ))
            .await?;
        if done.rows.first().is_some_and(|r| r[0].int() > 0) {
            return Ok(());
        }
        // Each side's rating at this period's start, and its games of the period so far.
        let mut start = Vec::new();
        for side in &sides {
            let r = row(store, &side.account, kind).await?;
            let rating = match r {
                None => Rating::default(),
                Some(r) => at_start(r, &games_of(store, &side.account, kind, r.period).await?, period),
            };
            let so_far = match r {
                Some(r) if r.period == period => games_of(store, &side.account, kind, period).await?,
                _ => Vec::new(),
            };
            start.push((r, rating, so_far));
        }
        let mut stmts = Vec::new();
        for (i, side) in sides.iter().enumerate() {
            let (r, base, so_far) = &start[i];
            let opponent = &sides[1 - i];
            let theirs = start[1 - i].1;
            let mut games = so_far.clone();
            games.push(RatedGame { opponent: theirs, score: side.score });
            let shown = base.after(&games, TAU);
            if !shown.rating.is_finite() || !shown.deviation.is_finite() || !shown.volatility.is_finite() {
                return Err(StoreError::Db("a rating that is not a number".into()));
            }
            let values = [
                side.account.clone().into(),
                kind.into(),
                shown.rating.into(),
                shown.deviation.into(),
                shown.volatility.into(),
                base.rating.into(),
                base.deviation.into(),
                base.volatility.into(),
                period.into(),
                (now as i64).into(),
                r.map_or(0, |r| r.games).into(),
            ];
            let sql = match r {
                // A first game: the row must not exist yet (a key taken: another game came
                // first, try again).
                None => {
                    "INSERT INTO ratings (account, kind, rating, deviation, volatility, base_rating,
                         base_deviation, base_volatility, period, updated, games)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS BIGINT) + 1)"
                }
                // The row as it was read, or none changed (another game came first: again).
                Some(_) => {
                    "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, base_rating = $6,
                         base_deviation = $7, base_volatility = $8, period = $9, updated = $10,
                         games = CAST($11 AS BIGINT) + 1
                     WHERE account = $1 AND kind = $2 AND games = $11"
                }
            };
            stmts.push(Stmt { sql, params: values.into() });
            stmts.push(stmt(
                "INSERT INTO rating_history (room, game, account, kind, at, period, opponent, opponent_rating,
                     opponent_deviation, score, rating, deviation)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                [
                    room.into(),
                    (game as i64).into(),
                    side.account.clone().into(),
                    kind.into(),
                    (now as i64).into(),
                    period.into(),
                    opponent.account.clone().into(),
                    theirs.rating.into(),
                    theirs.deviation.into(),
                    side.score.into(),
                    shown.rating.into(),
                    shown.deviation.into(),
                ],
            ));
        }
        match store.transact_all(stmts).await {
            Ok(()) => return Ok(()),
            Err(StoreError::Taken) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::Db("the ratings kept changing: the game was not rated".into()))
}

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The account's name.
    pub name: String,
    /// Played by a program (a computer's anchor account, or a bot).
    pub bot: bool,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated games played.
    pub games: i64,
}

/// The most accounts a leaderboard lists.
pub const BOARD: i64 = 100;

/// The leaderboard of a kind: the top [`BOARD`], best first.
pub async fn board(store: &Store, kind: &str) -> Result<Vec<Line>, StoreError> {
    let done = store
        .run(stmt(
            "SELECT a.name, a.bot, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account
             WHERE r.kind = $1 ORDER BY r.rating DESC, a.name LIMIT $2",
            [kind.into(), BOARD.into()],
        ))
        .await?;
    Ok(done
        .rows
        .iter()
        .map(|r| Line {
            name: r[0].text().to_string(),
            bot: r[1].int() != 0,
            rating: r[2].real(),
            deviation: r[3].real(),
            games: r[4].int(),
        })
        .collect())
}

/// The kinds anyone is rated in, with how many accounts each.
pub async fn kinds(store: &Store) -> Result<Vec<(String, i64)>, StoreError> {
    let done =
        store.run(stmt("SELECT kind, count(*) FROM ratings GROUP BY kind ORDER BY count(*) DESC, kind", [])).await?;
    Ok(done.rows.iter().map(|r| (r[0].text().to_string(), r[1].int())).collect())
}

/// One rated game in an account's history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Past {
    /// When it ended (milliseconds since 1970).
    pub at: i64,
    /// The opponent's name (none: a deleted account).
    pub opponent: Option<String>,
    /// 1, 0.5 or 0.
    pub score: f64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// The most games a history lists (the latest).
pub const HISTORY: i64 = 200;

/// An account's rated games in a kind, the latest [`HISTORY`], oldest first.
pub async fn history(store: &Store, account: &str, kind: &str) -> Result<Vec<Past>, StoreError> {
    let done = store
        .run(stmt(
            "SELECT h.at, a.name, h.score, h.rating, h.deviation FROM rating_history h
             LEFT JOIN accounts a ON a.id = h.opponent
             WHERE h.account = $1 AND h.kind = $2 ORDER BY h.at DESC, h.room DESC LIMIT $3",
            [account.into(), kind.into(), HISTORY.into()],
        ))
        .await?;
    let mut out: Vec<Past> = done
        .rows
        .iter()
        .map(|r| Past {
            at: r[0].int(),
            opponent: match &r[1] {
                Value::Text(t) => Some(t.clone()),
                _ => None,
            },
            score: r[2].real(),
            rating: r[3].real(),
            deviation: r[4].real(),
        })
        .collect();
    out.reverse();
    Ok(out)
}

/// Rate a rated room's game once it is over (nothing for other rooms, or a game still
/// running): a loss on time loses, otherwise the points decide (equal points a draw).
/// Failures are logged, never the move's: the game stands, and loading the room again
/// rates it then.
pub async fn settle(store: &Store, room: &super::room::Room, period_secs: u64) {
    let (Some(kind), true) = (&room.meta.rated, room.is_over()) else { return };
    let accounts: Vec<&str> = room.meta.seats.iter().filter_map(|s| s.account.as_deref()).collect();
    let (Some(game), &[a, b]) = (&room.game, &accounts[..]) else { return };
    let score0 = match room.meta.lost_on_time {
        Some(seat) => (seat != 0) as u8 as f64,
        None => {
            let points = game.scores();
            match points[0].cmp(&points[1]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            }
        }
    };
    let sides = [Side { account: a.into(), score: score0 }, Side { account: b.into(), score: 1.0 - score0 }];
    let now = room.time.now_ms();
    if let Err(e) = record(store, &room.id, room.meta.game, kind, sides, now, period_secs * 1000).await {
        eprintln!("carc serve: room {}: the game was not rated: {e}", room.id);
    }
}
