//! The built game's files as the server sends them (issue 22, defect 14): every response
//! carries security headers, and no request reaches a file outside `--dist` through a
//! symlink. The content security policy allows the page's own scripts, styles, workers and
//! WebAssembly, and no inline code but the inline scripts and styles the built pages hold,
//! by their hashes (read once at start: the offline page and the API example have some).
//!
//! Only `embed.html` may be framed by other sites (docs/embedding.md); everything else,
//! the full page first, only by the server's own pages (`frame-ancestors 'self'` and
//! `X-Frame-Options: SAMEORIGIN`), so that no site can dress the game up as its own and
//! lead a player to click in it (issue 38, with accounts coming).

use super::start::StartError;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The served folder and the policy of each of its pages.
pub struct Statics {
    /// `--dist`, canonical (symlinks resolved), or None when only the WebSocket is served.
    root: Option<PathBuf>,
    /// URL path of a page with inline code → its policy.
    pages: HashMap<String, HeaderValue>,
    /// The policy of every other response.
    default: HeaderValue,
}

/// The page any site may frame.
pub const FRAMABLE: &str = "/embed.html";

/// The policy of a page whose inline scripts and styles have these `'sha256-…'` sources;
/// `framable`: any site may frame it (else only the server's own pages).
pub fn policy(scripts: &[String], styles: &[String], framable: bool) -> String {
    let list = |v: &[String]| v.iter().map(|h| format!(" {h}")).collect::<String>();
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{}; style-src 'self'{}; img-src 'self' data: blob:; \
         connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'{}",
        list(scripts),
        list(styles),
        if framable { "" } else { "; frame-ancestors 'self'" }
    )
}

/// The `'sha256-…'` sources of a page's inline `<script>` (without `src`) and `<style>`
/// elements, as a browser hashes them (the exact text between the tags).
pub fn inline_hashes(html: &str) -> (Vec<String>, Vec<String>) {
    let hash = |body: &str| {
        let url = crate::share::base64url(&Sha256::digest(body.as_bytes()));
        let std: String = url
            .chars()
            .map(|c| {
                if c == '-' {
                    '+'
                } else if c == '_' {
                    '/'
                } else {
                    c
                }
            })
            .collect();
        format!("'sha256-{std}{}'", "=".repeat((4 - std.len() % 4) % 4))
    };
    let mut found = (Vec::new(), Vec::new());
    for (tag, into) in [("script", &mut found.0), ("style", &mut found.1)] {
        let mut rest = html;
        while let Some(start) = rest.find(&format!("<{tag}")) {
            let after = &rest[start..];
            let Some(open_end) = after.find('>') else { break };
            let Some(close) = after.find(&format!("</{tag}>")) else { break };
            if close > open_end && !after[..open_end].contains(" src=") {
                into.push(hash(&after[open_end + 1..close]));
            }
            rest = &after[close.max(open_end)..];
        }
    }
    found
}

impl Statics {
    /// Read the pages of `dist` (top level) for their inline code.
    pub fn open(dist: Option<&Path>) -> Result<Statics, StartError> {
        let default = HeaderValue::from_str(&policy(&[], &[], false)).expect("ASCII");
        let Some(dist) = dist else { return Ok(Statics { root: None, pages: HashMap::new(), default }) };
        let root = dist.canonicalize().map_err(|e| StartError::Dist(dist.into(), e))?;
        let mut pages = HashMap::new();
        pages.insert(FRAMABLE.to_string(), HeaderValue::from_str(&policy(&[], &[], true)).expect("ASCII"));
        for entry in std::fs::read_dir(&root).map_err(|e| StartError::Dist(root.clone(), e))?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.ends_with(".html") {
                continue;
            }
            let Ok(html) = std::fs::read_to_string(entry.path()) else { continue };
            let (scripts, styles) = inline_hashes(&html);
            if scripts.is_empty() && styles.is_empty() {
                continue;
            }
            let framable = format!("/{name}") == FRAMABLE;
            let p = HeaderValue::from_str(&policy(&scripts, &styles, framable))
                .map_err(|e| StartError::Policy(name.clone(), e.to_string()))?;
            if name == "index.html" {
                pages.insert("/".to_string(), p.clone());
            }
            pages.insert(format!("/{name}"), p);
        }
        Ok(Statics { root: Some(root), pages, default })
    }

    /// Whether a request path stays inside the served folder once symlinks are resolved (a
    /// path that names nothing is left to the file service, which answers 404).
    fn inside(&self, path: &str) -> bool {
        let Some(root) = &self.root else { return true };
        let Some(decoded) = percent_decode(path) else { return false };
        let relative = decoded.trim_start_matches('/');
        match root.join(relative).canonicalize() {
            Ok(real) => real.starts_with(root),
            Err(_) => true,
        }
    }
}

/// A URL path with its `%XX` escapes decoded, if it is UTF-8.
fn percent_decode(path: &str) -> Option<String> {
    let b = path.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The middleware: refuse paths that leave the folder, and add the headers to every
/// response (the WebSocket's and the health check's too).
pub async fn guard(State(statics): State<Arc<Statics>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    // The file system is asked (off the async threads) only where there are files.
    let inside = match statics.root {
        None => true,
        Some(_) => {
            let (s, p) = (statics.clone(), path.clone());
            tokio::task::spawn_blocking(move || s.inside(&p)).await.unwrap_or(false)
        }
    };
    let mut response = if inside { next.run(request).await } else { StatusCode::NOT_FOUND.into_response() };
    let h = response.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // Seat tokens can sit in a page's address: never send it on.
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::CONTENT_SECURITY_POLICY, statics.pages.get(&path).unwrap_or(&statics.default).clone());
    // Browsers without frame-ancestors read this instead.
    if path != FRAMABLE {
        h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_code_is_hashed_as_browsers_do() {
        let html = "<script type=\"module\" src=\"a.js\"></script><script>alert(1)</script><style>p{}</style>";
        let (scripts, styles) = inline_hashes(html);
        // `echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64`
        assert_eq!(scripts, vec!["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='".to_string()]);
        assert_eq!(styles.len(), 1);
        assert_eq!(percent_decode("/a%20b/%2e%2e"), Some("/a b/..".into()));
        assert_eq!(percent_decode("/%zz"), None);
    }
}
