//! The browser side (WebAssembly only): the JavaScript API (`api`), computer players
//! ([`bot`], run in a Web Worker), the shared game
//! session behind it (`session`), and the canvas board (`view`, drawn by `render`).
//!
//! With the `worker` feature only [`bot`] is built: the computers' own module, built for
//! speed (`scripts/post-build.mjs`, the `bot` profile) while the page's is built for size.
//! A text pack (`pack-de`, …) is only [`speech`]'s `say`.

#[cfg(not(any(feature = "worker", speech_pack)))]
pub mod api;
#[cfg(not(speech_pack))]
pub mod bot;
#[cfg(not(any(feature = "worker", speech_pack)))]
pub mod coop_draw;
#[cfg(not(any(feature = "worker", speech_pack)))]
pub mod render;
#[cfg(not(any(feature = "worker", speech_pack)))]
pub mod session;
#[cfg(not(feature = "worker"))]
pub mod speech;
#[cfg(not(any(feature = "worker", speech_pack)))]
pub mod view;

use wasm_bindgen::prelude::*;

/// Runs once when the module loads: panics go to the console with their message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    #[cfg(not(any(feature = "worker", speech_pack)))]
    crate::text::set_transport(speech::ask_pack);
}

#[cfg(not(speech_pack))]
/// A value for JavaScript, converted directly (no JSON text): plain objects and arrays;
/// a 64-bit number beyond 2^53 is an error, never rounded (seeds travel as strings).
pub(crate) fn to_js<T: serde::Serialize + ?Sized>(v: &T) -> JsValue {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

#[cfg(not(speech_pack))]
/// A JavaScript value as serde_json, converted directly: a BigInt that fits in 64 bits
/// stays exact, a number beyond 2^53 arrives as a fraction and is refused where a whole
/// number is wanted. Object fields that are `undefined` or `null` count as absent.
pub(crate) fn from_js(v: &JsValue) -> Result<serde_json::Value, JsError> {
    let mut value: serde_json::Value = serde_wasm_bindgen::from_value(v.clone())
        .map_err(|e| JsError::new(&format!("the value cannot be read: {e}")))?;
    if let Some(obj) = value.as_object_mut() {
        obj.retain(|_, v| !v.is_null());
    }
    Ok(value)
}

#[cfg(not(speech_pack))]
/// 64 bits from the browser's cryptographic generator (getrandom's `wasm_js` backend):
/// seeds of new games and the computers' choices when no seed is given.
pub(crate) fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    // The Web Crypto API is always there in a page or a worker; should it ever fail, the
    // clock still gives a different game.
    if getrandom::fill(&mut b).is_err() {
        return js_sys::Date::now().to_bits();
    }
    u64::from_le_bytes(b)
}
