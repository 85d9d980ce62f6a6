//! Fetch's `data:` URL processor for `js/mimesniff.js` (and the data-urls drop-in over it, which
//! parses and serializes URLs with the whatwg-url area), in the mimesniff unit.
//!
//! The input buffer holds the URL's serialization with exclude fragment set (UTF-8). The MIME
//! type's serialization (code points ≤ U+00FF) goes out isomorphic encoded, then, on request,
//! the body.

use super::Global;
use super::io::{set_output, with_input_str};
use crate::fetch::data_url_processor_given_serialization;
use crate::infra::strings::isomorphic_encode;
use alloc::vec::Vec;
use core::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The body of the last URL processed, until `dataURLBody` moves it out.
static BODY: Global<RefCell<Vec<u8>>> = Global::new(RefCell::new(Vec::new()));

/// Processes the `len` input bytes: the MIME type's serialization's length in the output (the
/// body waits for [`data_url_body`]), or -1 for failure.
#[wasm_bindgen(js_name = dataURLProcess)]
pub fn data_url_process(len: usize) -> i32 {
    let processed =
        with_input_str(len, data_url_processor_given_serialization).and_then(|data_url| {
            Some((
                isomorphic_encode(&data_url.mime_type.serialize())?,
                data_url.body,
            ))
        });
    let Some((mime_type, body)) = processed else {
        return -1;
    };
    BODY.with_borrow_mut(|slot| *slot = body);
    set_output(mime_type) as i32
}

/// Moves the last processed URL's body to the output: its length.
#[wasm_bindgen(js_name = dataURLBody)]
pub fn data_url_body() -> usize {
    set_output(BODY.with_borrow_mut(core::mem::take))
}
