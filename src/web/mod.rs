//! The browser side (WebAssembly only): the JavaScript API ([`api`]), computer players
//! ([`bot`], run in a Web Worker), the shared game
//! session behind it ([`session`]), and the canvas board ([`view`], drawn by [`render`]).

pub mod api;
pub mod bot;
pub mod render;
pub mod session;
pub mod view;

use wasm_bindgen::prelude::*;

/// Runs once when the module loads: panics go to the console instead of vanishing.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| web_sys::console::error_1(&info.to_string().into())));
}

/// Parse JSON text produced by serde_json into a JavaScript value.
pub(crate) fn to_js(v: &serde_json::Value) -> JsValue {
    js_sys::JSON::parse(&v.to_string()).unwrap_or(JsValue::NULL)
}

/// A JavaScript value as serde_json, via JSON text.
pub(crate) fn from_js(v: &JsValue) -> Result<serde_json::Value, JsError> {
    let text = js_sys::JSON::stringify(v).map_err(|_| JsError::new("the value cannot be written as JSON"))?;
    let text: String = text.into();
    serde_json::from_str(&text).map_err(|e| JsError::new(&format!("bad JSON: {e}")))
}
