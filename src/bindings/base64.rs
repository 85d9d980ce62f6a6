//! `atob`/`btoa` (HTML §8.3) and forgiving-base64 on bytes (Infra §7).

use super::errors::dom_exception;
use crate::infra::{forgiving_base64_decode, forgiving_base64_encode, strings};
use wasm_bindgen::prelude::*;

/// HTML `btoa(data)`: throws InvalidCharacterError for a code point above U+00FF.
#[wasm_bindgen]
pub fn btoa(data: &str) -> Result<String, JsValue> {
    let bytes = strings::isomorphic_encode(data).ok_or_else(|| {
        dom_exception(
            "btoa: the string contains a character outside the Latin1 range (above U+00FF)",
            "InvalidCharacterError",
        )
    })?;
    Ok(forgiving_base64_encode(&bytes))
}

/// HTML `atob(data)`: throws InvalidCharacterError where forgiving-base64 decode fails.
#[wasm_bindgen]
pub fn atob(data: &str) -> Result<String, JsValue> {
    forgiving_base64_decode(data)
        .map(|bytes| strings::isomorphic_decode(&bytes))
        .ok_or_else(|| {
            dom_exception(
                "atob: the string is not valid base64",
                "InvalidCharacterError",
            )
        })
}

/// Forgiving-base64 encode of bytes.
#[wasm_bindgen(js_name = base64Encode)]
pub fn base64_encode(data: &[u8]) -> String {
    forgiving_base64_encode(data)
}

/// Forgiving-base64 decode into bytes; throws InvalidCharacterError on failure.
#[wasm_bindgen(js_name = base64Decode)]
pub fn base64_decode(data: &str) -> Result<Vec<u8>, JsValue> {
    forgiving_base64_decode(data).ok_or_else(|| {
        dom_exception(
            "base64Decode: the string is not valid base64",
            "InvalidCharacterError",
        )
    })
}
