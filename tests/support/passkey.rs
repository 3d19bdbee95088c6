//! A software passkey for the server's account tests: a P-256 key that answers WebAuthn's
//! registration ("none" attestation) and sign-in as a browser's authenticator would, with
//! user presence and verification. The page's tests use Chromium's virtual authenticator.
#![allow(dead_code)]

use openssl::bn::{BigNum, BigNumContext};
use openssl::ec::{EcGroup, EcKey};
use openssl::ecdsa::EcdsaSig;
use openssl::nid::Nid;
use openssl::pkey::Private;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// One passkey on one device.
pub struct SoftKey {
    key: EcKey<Private>,
    id: Vec<u8>,
    counter: u32,
}

/// Bytes as base64url without padding, as WebAuthn's JSON writes them.
fn base64url(b: &[u8]) -> String {
    openssl::base64::encode_block(b).trim_end_matches('=').replace('+', "-").replace('/', "_")
}

/// A CBOR byte or text string's head (major type `major`, length `n`).
fn head(major: u8, n: usize, out: &mut Vec<u8>) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=255 => out.extend([m | 24, n as u8]),
        _ => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
    }
}

fn cbor_bytes(b: &[u8], out: &mut Vec<u8>) {
    head(2, b.len(), out);
    out.extend(b);
}

fn cbor_text(s: &str, out: &mut Vec<u8>) {
    head(3, s.len(), out);
    out.extend(s.as_bytes());
}

impl SoftKey {
    /// A new key with a random credential id.
    pub fn new() -> SoftKey {
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let mut id = vec![0u8; 16];
        openssl::rand::rand_bytes(&mut id).unwrap();
        SoftKey { key: EcKey::generate(&group).unwrap(), id, counter: 0 }
    }

    fn client_data(kind: &str, options: &Value, origin: &str) -> Vec<u8> {
        let challenge = options["publicKey"]["challenge"].as_str().expect("a challenge");
        json!({ "type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false }).to_string().into_bytes()
    }

    fn rp_hash(options: &Value, fallback: &str) -> Vec<u8> {
        let rp =
            options["publicKey"]["rp"]["id"].as_str().or(options["publicKey"]["rpId"].as_str()).unwrap_or(fallback);
        Sha256::digest(rp.as_bytes()).to_vec()
    }

    /// The answer to a registration's options (`{"publicKey": …}`) from a page at `origin`.
    pub fn register(&mut self, options: &Value, origin: &str) -> Value {
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let (mut x, mut y, mut ctx) = (BigNum::new().unwrap(), BigNum::new().unwrap(), BigNumContext::new().unwrap());
        self.key.public_key().affine_coordinates(&group, &mut x, &mut y, &mut ctx).unwrap();
        // The COSE key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}.
        let mut cose = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
        cbor_bytes(&x.to_vec_padded(32).unwrap(), &mut cose);
        cose.push(0x22);
        cbor_bytes(&y.to_vec_padded(32).unwrap(), &mut cose);
        let mut auth = Self::rp_hash(options, "localhost");
        auth.push(0x45); // user present, user verified, attested credential data
        auth.extend(self.counter.to_be_bytes());
        auth.extend([0u8; 16]);
        auth.extend((self.id.len() as u16).to_be_bytes());
        auth.extend(&self.id);
        auth.extend(cose);
        let mut attestation = vec![0xa3];
        cbor_text("fmt", &mut attestation);
        cbor_text("none", &mut attestation);
        cbor_text("attStmt", &mut attestation);
        attestation.push(0xa0);
        cbor_text("authData", &mut attestation);
        cbor_bytes(&auth, &mut attestation);
        let id = base64url(&self.id);
        json!({
            "id": id, "rawId": id, "type": "public-key", "extensions": {},
            "response": {
                "attestationObject": base64url(&attestation),
                "clientDataJSON": base64url(&Self::client_data("webauthn.create", options, origin)),
            },
        })
    }

    /// The answer to a sign-in's options from a page at `origin` (the counter goes up).
    pub fn sign(&mut self, options: &Value, origin: &str) -> Value {
        self.counter += 1;
        let client = Self::client_data("webauthn.get", options, origin);
        let mut auth = Self::rp_hash(options, "localhost");
        auth.push(0x05); // user present, user verified
        auth.extend(self.counter.to_be_bytes());
        let mut signed = auth.clone();
        signed.extend(Sha256::digest(&client));
        let sig = EcdsaSig::sign(&Sha256::digest(&signed), &self.key).unwrap().to_der().unwrap();
        let id = base64url(&self.id);
        json!({
            "id": id, "rawId": id, "type": "public-key", "extensions": {},
            "response": {
                "authenticatorData": base64url(&auth),
                "clientDataJSON": base64url(&client),
                "signature": base64url(&sig),
                "userHandle": null,
            },
        })
    }
}

/// An answer to a plain HTTP request.
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The header lines, as sent.
    pub head: String,
    /// The body (JSON where it is).
    pub body: Value,
}

impl Answer {
    /// The `Set-Cookie` header, if any.
    pub fn cookie(&self) -> Option<String> {
        self.head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
            .map(|l| l.split_once(':').unwrap().1.trim().to_string())
    }

    /// The session token the `Set-Cookie` header keeps.
    pub fn token(&self) -> Option<String> {
        let c = self.cookie()?;
        let v = c.split(';').next()?.split_once('=')?.1.to_string();
        (!v.is_empty()).then_some(v)
    }
}

/// A request to the server at `addr` as a page at `origin` would send it (Host the
/// origin's host), with the session cookie `token` if given.
pub async fn request(
    addr: std::net::SocketAddr,
    origin: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Answer {
    let host = origin.split_once("://").map_or(origin, |(_, h)| h);
    let mut headers = format!("Origin: {origin}\r\n");
    if let Some(t) = token {
        headers.push_str(&format!("Cookie: other=1; carc_session={t}\r\n"));
    }
    raw(addr, method, path, host, &headers, body.map(|b| b.to_string()).unwrap_or_default()).await
}

/// A request with these header lines (each ending in `\r\n`) and this body.
pub async fn raw(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    headers: &str,
    body: String,
) -> Answer {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Answer { status, head: head.to_string(), body: serde_json::from_str(body).unwrap_or(Value::Null) }
}

/// A new account named `name` with a fresh software passkey: its session's token.
pub async fn account(addr: std::net::SocketAddr, name: &str) -> String {
    let origin = format!("http://localhost:{}", addr.port());
    let start = request(addr, &origin, "POST", "/account/sign-up", None, Some(&json!({ "name": name }))).await;
    assert_eq!(start.status, 200, "{:?}", start.body);
    let credential = SoftKey::new().register(&start.body["options"], &origin);
    let body = json!({ "ceremony": start.body["ceremony"], "credential": credential });
    let made = request(addr, &origin, "POST", "/account/finish", None, Some(&body)).await;
    assert_eq!(made.status, 200, "{:?}", made.body);
    made.token().unwrap()
}
