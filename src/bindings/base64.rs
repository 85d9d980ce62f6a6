//! `atob`/`btoa` (HTML §8.3) and forgiving-base64 on bytes (Infra §7).
//!
//! Inputs arrive in the io input buffer (strings as UTF-8); results go to the io output buffer
//! and the functions return their length. `js/base64.js` turns them into strings or bytes.
//! The algorithms take the input's UTF-8 bytes as they are: each rejects any byte it has no
//! use for, so a UTF-8 check first would only cost time.

use super::errors::dom_exception;
use super::io::{set_output, with_input_bytes};
use crate::infra::{forgiving_base64_decode_utf8, forgiving_base64_encode_to_ascii, strings};
use wasm_bindgen::prelude::*;

fn invalid_character(message: &str) -> JsValue {
    dom_exception(message, "InvalidCharacterError")
}

/// HTML `btoa(data)` on `len` bytes of input text; the output is ASCII.
/// Throws InvalidCharacterError for a code point above U+00FF.
#[wasm_bindgen(js_name = btoaInput)]
pub fn btoa_input(len: usize) -> Result<usize, JsValue> {
    with_input_bytes(len, |data| {
        let bytes = strings::isomorphic_encode_utf8(data).ok_or_else(|| {
            invalid_character(
                "btoa: the string contains a character outside the Latin1 range (above U+00FF)",
            )
        })?;
        Ok(set_output(forgiving_base64_encode_to_ascii(&bytes)))
    })
}

/// HTML `atob(data)` on `len` bytes of input text; the output bytes are the result's code points.
/// Throws InvalidCharacterError where forgiving-base64 decode fails.
#[wasm_bindgen(js_name = atobInput)]
pub fn atob_input(len: usize) -> Result<usize, JsValue> {
    with_input_bytes(len, |data| {
        forgiving_base64_decode_utf8(data)
            .map(set_output)
            .ok_or_else(|| invalid_character("atob: the string is not valid base64"))
    })
}

/// Forgiving-base64 encode of `len` input bytes; the output is ASCII.
#[wasm_bindgen(js_name = base64EncodeInput)]
pub fn base64_encode_input(len: usize) -> usize {
    with_input_bytes(len, |data| {
        set_output(forgiving_base64_encode_to_ascii(data))
    })
}

/// Forgiving-base64 decode of `len` bytes of input text into output bytes.
/// Throws InvalidCharacterError on failure.
#[wasm_bindgen(js_name = base64DecodeInput)]
pub fn base64_decode_input(len: usize) -> Result<usize, JsValue> {
    with_input_bytes(len, |data| {
        forgiving_base64_decode_utf8(data)
            .map(set_output)
            .ok_or_else(|| invalid_character("base64Decode: the string is not valid base64"))
    })
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use js_sys::Reflect;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn write_input(bytes: &[u8]) -> usize {
        let address = io_input(bytes.len());
        // SAFETY: io_input just made the input buffer `bytes.len()` bytes long at `address`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), address, bytes.len()) };
        bytes.len()
    }

    fn output(len: usize) -> Vec<u8> {
        // SAFETY: the last call left `len` bytes in the output buffer at io_output().
        unsafe { std::slice::from_raw_parts(io_output(), len) }.to_vec()
    }

    fn property(value: &JsValue, key: &str) -> JsValue {
        Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }

    #[wasm_bindgen_test]
    fn failures_are_invalid_character_dom_exceptions() {
        let errors = [
            atob_input(write_input(b"a")).unwrap_err(),
            btoa_input(write_input("\u{100}".as_bytes())).unwrap_err(),
            base64_decode_input(write_input(b"*")).unwrap_err(),
        ];
        for error in errors {
            assert_eq!(property(&error, "name"), "InvalidCharacterError");
            assert_eq!(property(&error, "code"), 5);
            assert_eq!(
                property(&property(&error, "constructor"), "name"),
                "DOMException"
            );
        }
    }

    #[wasm_bindgen_test]
    fn results_cross_the_boundary_intact() {
        let len = btoa_input(write_input("\u{ff}\u{0}".as_bytes())).unwrap();
        assert_eq!(output(len), b"/wA=");
        let len = atob_input(write_input(b"/wA=")).unwrap();
        assert_eq!(output(len), [0xFF, 0]);
        let len = base64_encode_input(write_input(&[1, 2, 3]));
        assert_eq!(output(len), b"AQID");
        let len = base64_decode_input(write_input(b" AQID ")).unwrap();
        assert_eq!(output(len), [1, 2, 3]);
    }

    #[wasm_bindgen_test]
    fn a_length_beyond_the_input_is_clamped() {
        let written = write_input(b"AQID");
        let len = base64_decode_input(written + 1000).unwrap();
        assert_eq!(output(len), [1, 2, 3]);
    }
}
