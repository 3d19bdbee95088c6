//! Share codes: a whole game record packed into a short, URL-safe text for links
//! (`…/#r=<code>`). A code is `c1.` followed by unpadded base64url of: the setup as
//! compact JSON (length-prefixed), then each action as its index in the list of legal
//! actions at that point (LEB128 varints). The sample game (142 actions) is 323
//! characters, against 5.6 KB of record JSON. Specified in `docs/record-format.md`.

use crate::engine::{Game, TileSet};
use crate::record::{parse_setup, Record, RecordError};
use serde_json::Value;
use std::sync::Arc;

/// The prefix of codes this build writes; the digit is the code format's version.
pub const PREFIX: &str = "c1.";
/// Longest share code read (a whole game of every set is well under 1,000 characters).
pub const MAX_CODE: usize = 64 << 10;

fn damaged(m: impl Into<String>) -> RecordError {
    RecordError::Malformed(format!("the share code is damaged: {}", m.into()))
}

/// Pack a record into a share code. Fails only if the record does not replay.
pub fn encode(record: &Record, tiles: Arc<TileSet>) -> Result<String, RecordError> {
    let setup = compact_setup(record);
    let mut bytes = Vec::with_capacity(setup.len() + 2 * record.actions.len() + 4);
    put_varint(&mut bytes, setup.len() as u64);
    bytes.extend_from_slice(setup.as_bytes());
    let mut legal = Vec::new();
    let mut missing = None;
    record.replay_each(tiles, |game, action| {
        game.legal_actions_into(&mut legal);
        let action = game.canonical(action);
        match legal.iter().position(|a| *a == action) {
            Some(i) => put_varint(&mut bytes, i as u64),
            None => missing = missing.or(Some(game.history().len())),
        }
    })?;
    if let Some(at) = missing {
        return Err(RecordError::Malformed(format!("action {} is not in the list of legal actions", at + 1)));
    }
    Ok(format!("{PREFIX}{}", base64url(&bytes)))
}

/// A code from a setup and action indices as they are, legal or not: for tests and
/// fuzzing of the decoder, which must refuse every bad index.
pub fn pack(record: &Record, indices: &[u64]) -> String {
    let setup = compact_setup(record);
    let mut bytes = Vec::new();
    put_varint(&mut bytes, setup.len() as u64);
    bytes.extend_from_slice(setup.as_bytes());
    for &i in indices {
        put_varint(&mut bytes, i);
    }
    format!("{PREFIX}{}", base64url(&bytes))
}

/// Unpack a share code into a record (replaying it, so a damaged code is refused with
/// the move where it breaks).
pub fn decode(code: &str, tiles: Arc<TileSet>) -> Result<Record, RecordError> {
    let code = code.trim();
    if code.len() > MAX_CODE {
        return Err(damaged(format!("it is {} characters long; a share code is at most {MAX_CODE}", code.len())));
    }
    let body = match code.split_once('.') {
        Some(("c1", body)) => body,
        Some((v, _)) if v.starts_with('c') && v.len() > 1 && v[1..].chars().all(|c| c.is_ascii_digit()) => {
            let shown: String = v.chars().take(12).collect();
            return Err(RecordError::Version(match v[1..].trim_start_matches('0') {
                "" => format!("this share code says version \"{shown}\", which never existed; this version reads version 1 (\"c1.\")"),
                _ => format!(
                    "this share code is of version \"{shown}\", written by a newer version of the game; this version reads version 1 (\"c1.\")"
                ),
            }));
        }
        _ => return Err(damaged(format!("it must start with {PREFIX:?}"))),
    };
    let bytes = unbase64url(body).ok_or_else(|| damaged("it holds characters that are not base64url"))?;
    let mut at = 0;
    let len = get_varint(&bytes, &mut at).ok_or_else(|| damaged("it ends too soon"))?;
    let len = usize::try_from(len).map_err(|_| damaged("its setup length is impossible"))?;
    let setup_bytes = bytes.get(at..at.saturating_add(len)).ok_or_else(|| damaged("it ends inside the setup"))?;
    at += len;
    let setup: Value = serde_json::from_slice(setup_bytes).map_err(|_| damaged("its setup is not JSON"))?;
    let mut game = Game::new(tiles, parse_setup(&setup)?).map_err(RecordError::Setup)?;
    let mut legal = Vec::new();
    while at < bytes.len() {
        if game.history().len() >= crate::record::MAX_ACTIONS {
            return Err(damaged(format!("it holds more than {} moves", crate::record::MAX_ACTIONS)));
        }
        let move_no = game.history().len() + 1;
        let i = get_varint(&bytes, &mut at).ok_or_else(|| damaged(format!("move {move_no} is cut off")))?;
        game.legal_actions_into(&mut legal);
        // On wasm32 `usize` is 32 bits: an index beyond it is refused, never cut short.
        let action = *usize::try_from(i)
            .ok()
            .and_then(|i| legal.get(i))
            .ok_or_else(|| damaged(format!("move {move_no} is not one of the {} legal moves", legal.len())))?;
        game.apply(&action).map_err(|e| damaged(format!("move {move_no}: {e}")))?;
    }
    Ok(Record::of_game(&game))
}

/// The record's setup as JSON without the options left at their defaults.
fn compact_setup(record: &Record) -> String {
    let mut setup = record.setup_value();
    let defaults = serde_json::to_value(crate::engine::Options::default()).expect("plain data");
    if let Some(options) = setup.get_mut("options").and_then(Value::as_object_mut) {
        options.retain(|k, v| defaults.get(k) != Some(v));
    }
    setup.to_string()
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(v);
        }
    }
    None
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub(crate) fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn unbase64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        acc = acc << 6 | ALPHABET.iter().position(|a| *a == c)? as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(97).wrapping_add(n)).collect();
            assert_eq!(unbase64url(&base64url(&bytes)).unwrap(), bytes);
        }
        // RFC 4648 test vectors, without padding.
        assert_eq!(base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn varints_round_trip() {
        let mut out = Vec::new();
        for v in [0, 1, 127, 128, 300, 16_383, 16_384, u64::from(u32::MAX)] {
            out.clear();
            put_varint(&mut out, v);
            assert_eq!(get_varint(&out, &mut 0), Some(v));
        }
        assert_eq!(get_varint(&[0x80], &mut 0), None);
    }
}
