//! The account requests (docs/online.md, "Accounts"): WebAuthn ceremonies with passkeys
//! (webauthn-rs) and the session cookie. Each ceremony is two POSTs, a start that answers
//! the browser's options and a `finish` that takes what the authenticator made; its state
//! waits in the store between the two ([`accounts::Ceremony`]), so any instance may
//! answer the second.
//!
//! Requests change something only from the server's own pages: a POST must carry an
//! Origin that is the server's own (the Host it was asked by), which also names the
//! WebAuthn relying party (the host's name: accounts need the server reached by a name,
//! such as `localhost`, not by an address). The session is a cookie (`HttpOnly`,
//! `SameSite=Strict`, `Secure` when the page is https), never a URL.

use super::accounts::{self, Account, AccountError, Ceremony};
use super::address::client_address;
use super::hub::Server;
use super::listener;
use super::quota::Taken;
use axum::extract::{ConnectInfo, DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::Arc;
use webauthn_rs::prelude::{PublicKeyCredential, RegisterPublicKeyCredential, Url, Uuid, Webauthn, WebauthnBuilder};

/// The session cookie's name.
pub const COOKIE: &str = "carc_session";
/// The most bytes an account request's body may have (a passkey's answer is a few KB).
pub const MAX_BODY: usize = 64 * 1024;

/// The routes, under `/account`.
pub(super) fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/account", get(me))
        .route("/account/sign-up", post(sign_up))
        .route("/account/sign-in", post(sign_in))
        .route("/account/passkey", post(add_passkey))
        .route("/account/delete", post(delete))
        .route("/account/finish", post(finish))
        .route("/account/sign-out", post(sign_out))
        .route("/account/bot-key", post(bot_key))
        .layer(DefaultBodyLimit::max(MAX_BODY))
}

/// A refused request: its status, code and English text.
struct Refused(StatusCode, &'static str, String);

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.1, "message": self.2 }));
        (self.0, [(header::CACHE_CONTROL, "no-store")], body).into_response()
    }
}

impl From<AccountError> for Refused {
    fn from(e: AccountError) -> Refused {
        match e {
            AccountError::NameTaken => {
                Refused(StatusCode::CONFLICT, "name_taken", "another account has that name".into())
            }
            AccountError::NoSuchAccount => {
                Refused(StatusCode::NOT_FOUND, "no_such_account", "no account has that name".into())
            }
            AccountError::NoCeremony => {
                Refused(StatusCode::BAD_REQUEST, "no_ceremony", "that request expired or was used: start again".into())
            }
            AccountError::Busy => Refused(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server has too many passkey requests open: try again in a few minutes".into(),
            ),
            AccountError::TooManyPasskeys => Refused(
                StatusCode::CONFLICT,
                "too_many_passkeys",
                format!("an account keeps at most {} passkeys", accounts::MAX_PASSKEYS),
            ),
            AccountError::Store(e) => Refused(StatusCode::INTERNAL_SERVER_ERROR, "store", e.to_string()),
        }
    }
}

fn bad(code: &'static str, message: impl Into<String>) -> Refused {
    Refused(StatusCode::BAD_REQUEST, code, message.into())
}

fn signed_out() -> Refused {
    Refused(StatusCode::UNAUTHORIZED, "signed_out", "sign in first".into())
}

/// The page's origin, which must be the server's own: `http(s)://` and the Host asked.
fn own_origin(headers: &HeaderMap) -> Result<String, Refused> {
    let forbidden =
        || Refused(StatusCode::FORBIDDEN, "origin", "accounts are made only on the server's own page".into());
    let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()).ok_or_else(forbidden)?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if origin == format!("http://{host}") || origin == format!("https://{host}") {
        Ok(origin.to_string())
    } else {
        Err(forbidden())
    }
}

/// The relying party for an origin: its host's name.
fn webauthn(origin: &str) -> Result<Webauthn, Refused> {
    let no_name =
        || bad("no_domain", "passkeys need the server reached by a name (such as localhost), not by an address");
    let url = Url::parse(origin).map_err(|_| no_name())?;
    let rp_id = url.domain().ok_or_else(no_name)?;
    WebauthnBuilder::new(rp_id, &url).and_then(|b| b.rp_name("Carcassonne").build()).map_err(|_| no_name())
}

/// A token as made (44 base64url characters), or nothing.
fn well_formed(v: &str) -> Option<String> {
    (v.len() == 44 && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')).then(|| v.to_string())
}

/// The session's token from the request's cookies.
fn token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .and_then(|(_, v)| well_formed(v))
}

/// A bot's key from an `Authorization: Bearer` header.
fn bearer(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    well_formed(v.strip_prefix("Bearer ")?.trim())
}

/// The account the request's cookie (a page) or bearer key (a bot) signs in as, if any
/// (the WebSocket asks this too).
pub(super) async fn account_of(server: &Server, headers: &HeaderMap) -> Option<Account> {
    let token = token(headers).or_else(|| bearer(headers))?;
    accounts::session(&server.store, &token, server.config.time.now_ms()).await.ok().flatten()
}

/// The cookie that keeps a session (`token`) or ends it (None).
fn cookie(origin: &str, token: Option<&str>) -> HeaderValue {
    let secure = if origin.starts_with("https://") { "; Secure" } else { "" };
    let text = match token {
        Some(t) => format!(
            "{COOKIE}={t}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{secure}",
            accounts::SESSION_DAYS * 86_400
        ),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// What the page is told of its account.
async fn about(server: &Server, account: &Account) -> Result<Value, Refused> {
    let passkeys = accounts::passkey_count(&server.store, &account.id).await?;
    let ratings = super::ratings::of(&server.store, &account.id).await?;
    Ok(json!({ "id": account.id, "name": account.name, "bot": account.bot, "passkeys": passkeys, "ratings": ratings }))
}

/// An answer that keeps a session (`token`) or ends it (None) in the cookie.
fn with_cookie(origin: &str, token: Option<&str>, body: Value) -> Response {
    no_store(([(header::SET_COOKIE, cookie(origin, token))], Json(body)))
}

fn no_store<T: IntoResponse>(body: T) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], body).into_response()
}

/// `GET /account`: the signed-in account, or `{"account": null}`.
async fn me(State(server): State<Arc<Server>>, headers: HeaderMap) -> Result<Response, Refused> {
    let account = match account_of(&server, &headers).await {
        Some(a) => about(&server, &a).await?,
        None => Value::Null,
    };
    Ok(no_store(Json(json!({ "account": account }))))
}

/// A quota unit for the request's address.
fn quota(
    server: &Server,
    quota: &super::quota::Quota,
    peer: &listener::Peer,
    headers: &HeaderMap,
) -> Result<Taken, Refused> {
    let ip: IpAddr = client_address(peer.addr.ip(), headers, server.config.trust_proxy);
    quota.take(ip, 1).map_err(|r| Refused(StatusCode::TOO_MANY_REQUESTS, "quota", r.to_string()))
}

/// The answer to a ceremony's start: its id and the browser's options.
async fn opened(server: &Server, ceremony: Ceremony, options: impl serde::Serialize) -> Result<Response, Refused> {
    let id = accounts::open_ceremony(&server.store, &ceremony, server.config.time.now_ms()).await?;
    Ok(no_store(Json(json!({ "ceremony": id, "options": options }))))
}

fn name_field(body: &Value) -> Result<String, Refused> {
    let raw = body.get("name").and_then(Value::as_str).ok_or_else(|| bad("name", "a name is needed"))?;
    let name = super::protocol::name(raw).map_err(|e| bad("name", e.to_string()))?;
    if accounts::reserved(&name) {
        return Err(bad("name_reserved", "that name is kept for the server's computers"));
    }
    Ok(name)
}

/// `POST /account/sign-up {name}`: a new account's passkey, first step.
async fn sign_up(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response, Refused> {
    let origin = own_origin(&headers)?;
    let name = name_field(&body)?;
    let w = webauthn(&origin)?;
    quota(&server, &server.account_requests, &peer, &headers)?;
    if accounts::by_name(&server.store, &name).await?.is_some() {
        return Err(AccountError::NameTaken.into());
    }
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| bad("random", e.to_string()))?;
    let id = Uuid::from_bytes(bytes);
    let (options, state) =
        w.start_passkey_registration(id, &name, &name, None).map_err(|e| bad("webauthn", e.to_string()))?;
    opened(&server, Ceremony::SignUp { origin, account: id.to_string(), name, state }, options).await
}

/// `POST /account/sign-in {name}`: signing in with one of the account's passkeys.
async fn sign_in(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response, Refused> {
    let origin = own_origin(&headers)?;
    let name = name_field(&body)?;
    let w = webauthn(&origin)?;
    quota(&server, &server.account_requests, &peer, &headers)?;
    let account = accounts::by_name(&server.store, &name).await?.ok_or(AccountError::NoSuchAccount)?;
    authenticate(&server, &w, origin, account, false).await
}

/// A sign-in (or deletion) ceremony for the account's passkeys.
async fn authenticate(
    server: &Server,
    w: &Webauthn,
    origin: String,
    account: Account,
    delete: bool,
) -> Result<Response, Refused> {
    let passkeys = accounts::passkeys(&server.store, &account.id).await?;
    if passkeys.is_empty() {
        return Err(AccountError::NoSuchAccount.into());
    }
    let (options, state) = w.start_passkey_authentication(&passkeys).map_err(|e| bad("webauthn", e.to_string()))?;
    opened(server, Ceremony::SignIn { origin, account: account.id, delete, state }, options).await
}

/// `POST /account/passkey`: a signed-in account adds a passkey (another device's).
async fn add_passkey(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let origin = own_origin(&headers)?;
    let account = account_of(&server, &headers).await.ok_or_else(signed_out)?;
    let w = webauthn(&origin)?;
    quota(&server, &server.account_requests, &peer, &headers)?;
    let passkeys = accounts::passkeys(&server.store, &account.id).await?;
    if passkeys.len() >= accounts::MAX_PASSKEYS {
        return Err(AccountError::TooManyPasskeys.into());
    }
    let id = Uuid::parse_str(&account.id).map_err(|_| bad("account", "this account cannot hold passkeys"))?;
    let exclude = passkeys.iter().map(|p| p.cred_id().clone()).collect();
    let (options, state) = w
        .start_passkey_registration(id, &account.name, &account.name, Some(exclude))
        .map_err(|e| bad("webauthn", e.to_string()))?;
    opened(&server, Ceremony::AddPasskey { origin, account: account.id, state }, options).await
}

/// `POST /account/delete`: deleting the signed-in account, confirmed with a passkey.
async fn delete(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let origin = own_origin(&headers)?;
    let account = account_of(&server, &headers).await.ok_or_else(signed_out)?;
    let w = webauthn(&origin)?;
    quota(&server, &server.account_requests, &peer, &headers)?;
    authenticate(&server, &w, origin, account, true).await
}

/// `POST /account/finish {ceremony, credential}`: the authenticator's answer to a ceremony.
async fn finish(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Result<Response, Refused> {
    let origin = own_origin(&headers)?;
    let id = body.get("ceremony").and_then(Value::as_str).ok_or_else(|| bad("ceremony", "which request?"))?;
    let credential =
        body.get("credential").cloned().ok_or_else(|| bad("credential", "the passkey's answer is missing"))?;
    let now = server.config.time.now_ms();
    let ceremony = accounts::take_ceremony(&server.store, id, now).await?;
    if ceremony.origin() != origin {
        return Err(AccountError::NoCeremony.into());
    }
    let w = webauthn(&origin)?;
    let refused = |e: webauthn_rs::prelude::WebauthnError| {
        Refused(StatusCode::UNAUTHORIZED, "passkey", format!("the passkey's answer was not accepted ({e})"))
    };
    let parse = |what| bad("credential", format!("the passkey's answer is not a {what}"));
    let account = match ceremony {
        Ceremony::SignUp { account, name, state, .. } => {
            let cred: RegisterPublicKeyCredential =
                serde_json::from_value(credential).map_err(|_| parse("registration"))?;
            let passkey = w.finish_passkey_registration(&cred, &state).map_err(refused)?;
            let taken = quota(&server, &server.accounts_made, &peer, &headers)?;
            match accounts::create(&server.store, &account, &name, &passkey, now).await {
                Ok(a) => a,
                Err(e) => {
                    server.accounts_made.give_back(taken);
                    return Err(e.into());
                }
            }
        }
        Ceremony::AddPasskey { account, state, .. } => {
            let me = account_of(&server, &headers).await.filter(|a| a.id == account).ok_or_else(signed_out)?;
            let cred: RegisterPublicKeyCredential =
                serde_json::from_value(credential).map_err(|_| parse("registration"))?;
            let passkey = w.finish_passkey_registration(&cred, &state).map_err(refused)?;
            accounts::add_passkey(&server.store, &me.id, &passkey, now).await?;
            return Ok(no_store(Json(json!({ "account": about(&server, &me).await? }))));
        }
        Ceremony::SignIn { account, delete, state, .. } => {
            let cred: PublicKeyCredential = serde_json::from_value(credential).map_err(|_| parse("sign-in"))?;
            let result = w.finish_passkey_authentication(&cred, &state).map_err(refused)?;
            for mut passkey in accounts::passkeys(&server.store, &account).await? {
                if passkey.update_credential(&result).is_some() {
                    accounts::used_passkey(&server.store, &passkey, now).await?;
                }
            }
            if delete {
                account_of(&server, &headers).await.filter(|a| a.id == account).ok_or_else(signed_out)?;
                accounts::delete(&server.store, &account).await?;
                return Ok(with_cookie(&origin, None, json!({ "deleted": true })));
            }
            accounts::by_id(&server.store, &account).await?.ok_or(AccountError::NoSuchAccount)?
        }
    };
    let token = accounts::open_session(&server.store, &account.id, now).await?;
    Ok(with_cookie(&origin, Some(&token), json!({ "account": about(&server, &account).await? })))
}

/// `POST /account/bot-key`: a key for a program to play as the signed-in account, which
/// is marked as a program's from now on (docs/online.md, "A bot").
async fn bot_key(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<listener::Peer>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    own_origin(&headers)?;
    let account = account_of(&server, &headers).await.ok_or_else(signed_out)?;
    quota(&server, &server.account_requests, &peer, &headers)?;
    let key = accounts::bot_key(&server.store, &account.id, server.config.time.now_ms()).await?;
    Ok(no_store(Json(json!({ "key": key, "days": accounts::BOT_KEY_DAYS }))))
}

/// `POST /account/sign-out`: the session ends, here and in the cookie.
async fn sign_out(State(server): State<Arc<Server>>, headers: HeaderMap) -> Result<Response, Refused> {
    let origin = own_origin(&headers)?;
    if let Some(t) = token(&headers) {
        accounts::close_session(&server.store, &t).await?;
    }
    Ok(with_cookie(&origin, None, json!({ "account": null })))
}
