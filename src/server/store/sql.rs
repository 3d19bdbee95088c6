//! Plain statements that run the same on both stores, for the tables that are not rooms':
//! accounts, their passkeys and sessions, and ratings (`server::accounts`,
//! `server::ratings`). Rooms keep their own paths (the SQLite writer's group commit,
//! PostgreSQL's fenced single statements); these tables change seldom, so each store runs
//! them on a connection of their own, a list of statements in one transaction.
//!
//! A statement is written once, with PostgreSQL's `$1`, `$2` … placeholders; SQLite reads
//! them as `?1`, `?2` … (no statement here has a `$` anywhere else). Values are text,
//! 64-bit integers and doubles only (the columns are TEXT, BIGINT and DOUBLE PRECISION).

/// A value bound to a placeholder, or read from a column.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// TEXT.
    Text(String),
    /// BIGINT (SQLite's INTEGER).
    Int(i64),
    /// DOUBLE PRECISION (SQLite's REAL).
    Real(f64),
    /// NULL (read only: no statement binds one).
    Null,
}

impl Value {
    /// The text, or "" for any other value.
    pub fn text(&self) -> &str {
        match self {
            Value::Text(s) => s,
            _ => "",
        }
    }

    /// The integer, or 0 for any other value.
    pub fn int(&self) -> i64 {
        match self {
            Value::Int(i) => *i,
            _ => 0,
        }
    }

    /// The double (an integer converted), or 0.
    pub fn real(&self) -> f64 {
        match self {
            Value::Real(r) => *r,
            Value::Int(i) => *i as f64,
            _ => 0.0,
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Text(s)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<f64> for Value {
    fn from(r: f64) -> Value {
        Value::Real(r)
    }
}

/// One statement and its values.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// The SQL, with `$n` placeholders.
    pub sql: &'static str,
    /// The values, `$1` first.
    pub params: Vec<Value>,
}

/// A statement with its values: `stmt(SQL, [a.into(), b.into()])`.
pub fn stmt<const N: usize>(sql: &'static str, params: [Value; N]) -> Stmt {
    Stmt { sql, params: params.into() }
}

/// A row read: its columns in order.
pub type Row = Vec<Value>;

/// What each statement of a transaction did: the rows it returned (`RETURNING` or a
/// `SELECT`), and how many rows it changed.
#[derive(Clone, Debug, Default)]
pub struct Done {
    /// Rows returned.
    pub rows: Vec<Row>,
    /// Rows changed (for a statement that returns rows: how many it returned).
    pub changed: u64,
}

/// SQLite's spelling of a statement.
pub(super) fn sqlite_sql(sql: &str) -> String {
    sql.replace('$', "?")
}
