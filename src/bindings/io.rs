//! The data path between JS and wasm memory, shared by every facade that moves bulk data.
//!
//! wasm-bindgen's own string passing walks the string in a JS loop and allocates per call;
//! for large inputs that costs more than the algorithms themselves. Instead, JS writes its
//! input (`TextEncoder.encodeInto`, or bytes) straight into one reusable input buffer, and reads
//! results from the output buffer: one crossing per operation and no glue code per call.

use super::Global;
use alloc::vec::Vec;
use core::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Buffers above this many bytes are released after use, so that one huge call does not pin
/// its memory for the life of the module.
const RETAIN_LIMIT: usize = 1 << 22;

static INPUT: Global<RefCell<Vec<u8>>> = Global::new(RefCell::new(Vec::new()));
static OUTPUT: Global<RefCell<Vec<u8>>> = Global::new(RefCell::new(Vec::new()));

/// Makes the input buffer `capacity` bytes long, keeping what JS already wrote (so JS can grow it
/// mid-write); returns its address, which moves when it grows.
#[wasm_bindgen(js_name = ioInput)]
pub fn io_input(capacity: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.resize(capacity, 0);
        input.as_mut_ptr()
    })
}

/// Address of the output buffer (valid until the next call into the module).
#[wasm_bindgen(js_name = ioOutput)]
pub fn io_output() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}

/// Runs `f` on the first `len` bytes JS wrote into the input buffer (fewer if JS lied).
#[cfg(any(
    feature = "url",
    feature = "encoding",
    feature = "html",
    feature = "public-suffix-list",
    feature = "mime-type-records"
))]
pub fn with_input_bytes<R>(len: usize, f: impl FnOnce(&[u8]) -> R) -> R {
    INPUT.with_borrow_mut(|input| {
        let result = f(&input[..len.min(input.len())]);
        if input.capacity() > RETAIN_LIMIT {
            *input = Vec::new();
        }
        result
    })
}

/// Runs `f` on the input as a string. `encodeInto` always writes valid UTF-8; should the length
/// not fall on a character boundary anyway, the input is cut at the last valid one.
#[cfg(any(
    feature = "url",
    feature = "encoding-legacy",
    feature = "html",
    feature = "public-suffix-list",
    feature = "mime-type-records"
))]
pub fn with_input_str<R>(len: usize, f: impl FnOnce(&str) -> R) -> R {
    with_input_bytes(len, |bytes| f(input_text(bytes)))
}

/// Input bytes as a string, cut at the last character boundary should they not be UTF-8.
#[cfg(any(
    feature = "url",
    feature = "encoding-legacy",
    feature = "html",
    feature = "public-suffix-list",
    feature = "mime-type-records",
    feature = "html-encoding-sniffing"
))]
pub fn input_text(bytes: &[u8]) -> &str {
    match core::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => core::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    }
}

/// Replaces the output buffer's contents with `bytes`' and returns their length for JS to read.
#[cfg(any(
    feature = "url",
    feature = "encoding",
    feature = "html",
    feature = "public-suffix-list",
    feature = "mime-type-records"
))]
pub fn set_output(bytes: Vec<u8>) -> usize {
    OUTPUT.with_borrow_mut(|output| {
        *output = bytes;
        output.len()
    })
}

/// Releases an oversized output buffer once JS has copied it out.
#[wasm_bindgen(js_name = ioRelease)]
pub fn io_release() {
    OUTPUT.with_borrow_mut(|output| {
        if output.capacity() > RETAIN_LIMIT {
            *output = Vec::new();
        }
    });
}
