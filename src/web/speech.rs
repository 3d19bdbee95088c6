//! The text packs in the browser (`text::pack`): a pack's one export, `say`, and the page
//! module's way to it, `globalThis.carcSay(lang, request)`, which `www/text.js` defines
//! once it has loaded the language's pack.

use wasm_bindgen::prelude::*;

/// A pack's answer to a request (`text::pack`'s bytes), as bytes; throws on anything that
/// is not a request for this pack's language.
#[cfg(speech_pack)]
#[wasm_bindgen]
pub fn say(request: &[u8]) -> Result<Vec<u8>, JsError> {
    crate::text::pack_answer(request).map_err(|e| JsError::new(&e))
}

#[cfg(not(any(feature = "worker", speech_pack)))]
#[wasm_bindgen]
extern "C" {
    /// The page's way to its packs (`www/text.js`): a language's answer, `undefined`
    /// until its pack is loaded.
    #[wasm_bindgen(catch, js_namespace = globalThis, js_name = carcSay)]
    fn carc_say(lang: &str, request: &[u8]) -> Result<JsValue, JsValue>;
}

/// A request to `lang`'s pack through the page; `None` while it is not loaded (or throws).
#[cfg(not(any(feature = "worker", speech_pack)))]
pub(crate) fn ask_pack(lang: crate::text::Lang, request: &[u8]) -> Option<Vec<u8>> {
    let answer = carc_say(lang.code(), request).ok()?;
    answer.is_instance_of::<js_sys::Uint8Array>().then(|| js_sys::Uint8Array::new(&answer).to_vec())
}
