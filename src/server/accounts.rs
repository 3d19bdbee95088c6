//! Accounts (docs/online.md, "Accounts"): a display name unique on the server, the passkeys
//! that sign in as it, and sessions. Everything here is the store's tables
//! ([`super::store::SIDE_SCHEMA`]) read and written the same on SQLite and PostgreSQL; the
//! WebAuthn ceremonies and the cookie are [`super::passkeys`]'s. Anonymous play with seat
//! tokens needs none of this.

use super::random::random_id;
use super::room::hash;
use super::store::sql::{stmt, Stmt, Value};
use super::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use webauthn_rs::prelude::{Passkey, PasskeyAuthentication, PasskeyRegistration};

/// Days a session lasts (the cookie's Max-Age too).
pub const SESSION_DAYS: u64 = 30;
/// Days a bot's key lasts.
pub const BOT_KEY_DAYS: u64 = 365;
/// The most passkeys one account keeps.
pub const MAX_PASSKEYS: usize = 10;
/// Seconds a ceremony (between its two requests) stays open.
pub const CEREMONY_SECS: u64 = 300;
/// The most ceremonies open on the server at once: beyond this, new ones are refused
/// until some finish or expire (every start costs a row).
pub const MAX_CEREMONIES: i64 = 10_000;

const DAY_MS: u64 = 86_400_000;

/// An account as the server knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Account {
    /// Its id (a UUID, also the WebAuthn user handle).
    pub id: String,
    /// Its display name, unique on the server.
    pub name: String,
    /// Played by a program: a computer's anchor account, or a bot's.
    pub bot: bool,
}

impl Account {
    fn from_row(row: &[Value]) -> Account {
        Account { id: row[0].text().to_string(), name: row[1].text().to_string(), bot: row[2].int() != 0 }
    }
}

/// What a name is unique by: case folded, so that "Ann" and "ann" are one name. The name
/// itself is already normalised ([`super::protocol::name`]).
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Names kept for the server's computers' accounts ("Computer (hard)"): nobody signs up
/// as one.
pub fn reserved(name: &str) -> bool {
    let key = name_key(name);
    key == "computer" || key.starts_with("computer (")
}

/// The account with this id, if any.
pub async fn by_id(store: &Store, id: &str) -> Result<Option<Account>, AccountError> {
    let done = store.run(stmt("SELECT id, name, bot FROM accounts WHERE id = $1", [id.into()])).await?;
    Ok(done.rows.first().map(|r| Account::from_row(r)))
}

/// A WebAuthn ceremony between its two requests: what it is for, and the state the
/// second request is checked against. Kept in the store, so that any instance may answer
/// the second request.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ceremony {
    /// Making an account with its first passkey.
    SignUp {
        /// The page's origin the ceremony was made for.
        origin: String,
        /// The new account's id.
        account: String,
        /// Its name (checked free at the start, and again at the end).
        name: String,
        /// WebAuthn's state.
        state: PasskeyRegistration,
    },
    /// A signed-in account adding a passkey.
    AddPasskey {
        /// The page's origin.
        origin: String,
        /// The account.
        account: String,
        /// WebAuthn's state.
        state: PasskeyRegistration,
    },
    /// Signing in (or, with `delete`, proving the account's owner is here to delete it).
    SignIn {
        /// The page's origin.
        origin: String,
        /// The account.
        account: String,
        /// A deletion, not a sign-in.
        delete: bool,
        /// WebAuthn's state.
        state: PasskeyAuthentication,
    },
}

impl Ceremony {
    /// The origin it was made for.
    pub fn origin(&self) -> &str {
        match self {
            Ceremony::SignUp { origin, .. } | Ceremony::AddPasskey { origin, .. } | Ceremony::SignIn { origin, .. } => {
                origin
            }
        }
    }
}

/// Why an account request failed.
#[derive(Debug)]
pub enum AccountError {
    /// Another account has the name.
    NameTaken,
    /// No account has the name.
    NoSuchAccount,
    /// The ceremony expired, was used, or never was.
    NoCeremony,
    /// Too many ceremonies open on the server.
    Busy,
    /// The account has [`MAX_PASSKEYS`].
    TooManyPasskeys,
    /// The store failed.
    Store(StoreError),
}

impl From<StoreError> for AccountError {
    fn from(e: StoreError) -> AccountError {
        AccountError::Store(e)
    }
}

fn passkey_id(p: &Passkey) -> String {
    serde_json::to_string(p.cred_id()).unwrap_or_default()
}

fn passkey_json(p: &Passkey) -> String {
    serde_json::to_string(p).unwrap_or_default()
}

/// The account with this name, if any.
pub async fn by_name(store: &Store, name: &str) -> Result<Option<Account>, AccountError> {
    let done =
        store.run(stmt("SELECT id, name, bot FROM accounts WHERE name_key = $1", [name_key(name).into()])).await?;
    Ok(done.rows.first().map(|r| Account::from_row(r)))
}

/// Make an account with its first passkey (both or neither); `NameTaken` if the name was
/// taken meanwhile.
pub async fn create(store: &Store, id: &str, name: &str, passkey: &Passkey, now: u64) -> Result<Account, AccountError> {
    let now = now as i64;
    let r = store
        .transact(vec![
            stmt(
                "INSERT INTO accounts (id, name, name_key, bot, created) VALUES ($1, $2, $3, 0, $4)",
                [id.into(), name.into(), name_key(name).into(), now.into()],
            ),
            add_passkey_stmt(id, passkey, now),
        ])
        .await;
    match r {
        Ok(_) => Ok(Account { id: id.to_string(), name: name.to_string(), bot: false }),
        Err(StoreError::Taken) => Err(AccountError::NameTaken),
        Err(e) => Err(e.into()),
    }
}

/// The account (a computer's or a bot's) with this name, made if missing: a program's
/// account has no passkey and never signs in through the page.
pub async fn program_account(store: &Store, name: &str, now: u64) -> Result<Account, AccountError> {
    if let Some(a) = by_name(store, name).await? {
        return Ok(a);
    }
    let id = random_id();
    let insert = stmt(
        "INSERT INTO accounts (id, name, name_key, bot, created) VALUES ($1, $2, $3, 1, $4) ON CONFLICT DO NOTHING",
        [id.into(), name.into(), name_key(name).into(), (now as i64).into()],
    );
    store.run(insert).await?;
    by_name(store, name).await?.ok_or(AccountError::NoSuchAccount)
}

fn add_passkey_stmt(account: &str, passkey: &Passkey, now: i64) -> Stmt {
    stmt(
        "INSERT INTO passkeys (id, account, passkey, created, used) VALUES ($1, $2, $3, $4, $4)",
        [passkey_id(passkey).into(), account.into(), passkey_json(passkey).into(), now.into()],
    )
}

/// An account's passkeys.
pub async fn passkeys(store: &Store, account: &str) -> Result<Vec<Passkey>, AccountError> {
    let done =
        store.run(stmt("SELECT passkey FROM passkeys WHERE account = $1 ORDER BY created", [account.into()])).await?;
    Ok(done.rows.iter().filter_map(|r| serde_json::from_str(r[0].text()).ok()).collect())
}

/// Add a passkey to an account (at most [`MAX_PASSKEYS`]).
pub async fn add_passkey(store: &Store, account: &str, passkey: &Passkey, now: u64) -> Result<(), AccountError> {
    if passkeys(store, account).await?.len() >= MAX_PASSKEYS {
        return Err(AccountError::TooManyPasskeys);
    }
    store.run(add_passkey_stmt(account, passkey, now as i64)).await?;
    Ok(())
}

/// Keep a passkey's new state after a sign-in (its counter), and when it was used.
pub async fn used_passkey(store: &Store, passkey: &Passkey, now: u64) -> Result<(), AccountError> {
    store
        .run(stmt(
            "UPDATE passkeys SET passkey = $2, used = $3 WHERE id = $1",
            [passkey_id(passkey).into(), passkey_json(passkey).into(), (now as i64).into()],
        ))
        .await?;
    Ok(())
}

/// Keep a ceremony for its second request, under a new id (returned). Expired ceremonies
/// are dropped first; `Busy` when [`MAX_CEREMONIES`] are open.
pub async fn open_ceremony(store: &Store, ceremony: &Ceremony, now: u64) -> Result<String, AccountError> {
    let id = random_id();
    let state = serde_json::to_string(ceremony).map_err(|e| StoreError::Db(e.to_string()))?;
    let expires = (now + CEREMONY_SECS * 1000) as i64;
    let done = store
        .transact(vec![
            stmt("DELETE FROM ceremonies WHERE expires < $1", [(now as i64).into()]),
            stmt(
                "INSERT INTO ceremonies (id, state, expires) SELECT $1, $2, $3
                 WHERE (SELECT count(*) FROM ceremonies) < $4",
                [id.clone().into(), state.into(), expires.into(), MAX_CEREMONIES.into()],
            ),
        ])
        .await?;
    if done.get(1).is_none_or(|d| d.changed == 0) {
        return Err(AccountError::Busy);
    }
    Ok(id)
}

/// Take a ceremony (once: it is deleted), if it is open.
pub async fn take_ceremony(store: &Store, id: &str, now: u64) -> Result<Ceremony, AccountError> {
    let done = store
        .run(stmt(
            "DELETE FROM ceremonies WHERE id = $1 AND expires >= $2 RETURNING state",
            [id.into(), (now as i64).into()],
        ))
        .await?;
    done.rows.first().and_then(|r| serde_json::from_str(r[0].text()).ok()).ok_or(AccountError::NoCeremony)
}

/// A new session for an account: the cookie's token (only its hash is stored).
pub async fn open_session(store: &Store, account: &str, now: u64) -> Result<String, AccountError> {
    session_for(store, account, now, SESSION_DAYS).await
}

/// A key for a program to play as the account (a session of [`BOT_KEY_DAYS`] that the
/// program shows in an `Authorization: Bearer` header), and the account marked as played
/// by a program from now on: the leaderboard says so. Earlier keys stay until they expire
/// or the account signs everything out by deleting itself.
pub async fn bot_key(store: &Store, account: &str, now: u64) -> Result<String, AccountError> {
    store.run(stmt("UPDATE accounts SET bot = 1 WHERE id = $1", [account.into()])).await?;
    session_for(store, account, now, BOT_KEY_DAYS).await
}

async fn session_for(store: &Store, account: &str, now: u64, days: u64) -> Result<String, AccountError> {
    let token = format!("{}{}", random_id(), random_id());
    let expires = (now + days * DAY_MS) as i64;
    store
        .transact(vec![
            stmt("DELETE FROM sessions WHERE expires < $1", [(now as i64).into()]),
            stmt(
                "INSERT INTO sessions (hash, account, expires) VALUES ($1, $2, $3)",
                [hash(&token).into(), account.into(), expires.into()],
            ),
        ])
        .await?;
    Ok(token)
}

/// The account a session's token signs in as, while it lasts.
pub async fn session(store: &Store, token: &str, now: u64) -> Result<Option<Account>, AccountError> {
    let done = store
        .run(stmt(
            "SELECT a.id, a.name, a.bot FROM sessions s JOIN accounts a ON a.id = s.account
             WHERE s.hash = $1 AND s.expires > $2",
            [hash(token).into(), (now as i64).into()],
        ))
        .await?;
    Ok(done.rows.first().map(|r| Account::from_row(r)))
}

/// End a session.
pub async fn close_session(store: &Store, token: &str) -> Result<(), AccountError> {
    store.run(stmt("DELETE FROM sessions WHERE hash = $1", [hash(token).into()])).await?;
    Ok(())
}

/// Delete an account and everything kept of it: passkeys, sessions, ratings and their
/// history (all or nothing). Games it played stay, under the name shown at the table.
pub async fn delete(store: &Store, account: &str) -> Result<(), AccountError> {
    let mut stmts = vec![
        stmt("DELETE FROM passkeys WHERE account = $1", [account.into()]),
        stmt("DELETE FROM sessions WHERE account = $1", [account.into()]),
    ];
    stmts.extend(super::ratings::forget(account));
    stmts.push(stmt("DELETE FROM accounts WHERE id = $1", [account.into()]));
    store.transact(stmts).await?;
    store.scrub().await?;
    Ok(())
}

/// How many passkeys an account has.
pub async fn passkey_count(store: &Store, account: &str) -> Result<usize, AccountError> {
    Ok(passkeys(store, account).await?.len())
}
