//! The Encoding Standard's JavaScript API (§8) and hooks, over `crate::encoding`.
//!
//! Byte input arrives in the io input buffer. Decoded text goes to a UTF-16 output buffer that
//! `js/encoding.js` turns into a string in one call; encoded bytes go to the io output buffer.
//! A `TextDecoder`'s streaming state lives in a [`TextDecoderCore`] object, which the glue's
//! FinalizationRegistry frees with its JS wrapper (`--weak-refs`).

use super::errors::{encoding_error, encoding_for_label};
use super::io::{set_output, with_input_bytes, with_input_str};
use crate::encoding::{
    self, Decoder, DecoderErrorMode, Encoder, EncoderErrorMode, Encoding, EncodingError,
    TextDecoder, TextDecoderError, TextEncoderStreamState, encode_into_utf8, utf16_to_utf8,
};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Buffers above this many code units are released after use (as in io.rs).
const RETAIN_LIMIT: usize = 1 << 21;

thread_local! {
    /// Decoded text as UTF-16 code units (little-endian, wasm's byte order), for JS to read.
    static UTF16: RefCell<Vec<u16>> = const { RefCell::new(Vec::new()) };
}

/// Address of the UTF-16 output buffer (valid until the next call into the module).
#[wasm_bindgen(js_name = encodingUtf16Output)]
pub fn encoding_utf16_output() -> *const u16 {
    UTF16.with_borrow(|output| output.as_ptr())
}

/// Makes the UTF-16 buffer `len` code units long for JS to write a string into; its address.
#[wasm_bindgen(js_name = encodingUtf16Input)]
pub fn encoding_utf16_input(len: usize) -> *mut u16 {
    UTF16.with_borrow_mut(|buffer| {
        buffer.clear();
        if buffer.capacity() > RETAIN_LIMIT.max(len) {
            *buffer = Vec::new();
        }
        buffer.resize(len, 0);
        buffer.as_mut_ptr()
    })
}

fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// The state of one `TextDecoder` (or `TextDecoderStream`).
#[wasm_bindgen]
pub struct TextDecoderCore {
    inner: TextDecoder,
}

#[wasm_bindgen]
impl TextDecoderCore {
    /// The constructor steps: a RangeError for an unknown label, for replacement, and for an
    /// encoding this build does not include.
    #[wasm_bindgen(constructor)]
    pub fn new(label: &str, fatal: bool, ignore_bom: bool) -> Result<TextDecoderCore, JsValue> {
        TextDecoder::new(label, fatal, ignore_bom)
            .map(|inner| TextDecoderCore { inner })
            .map_err(|error| match error {
                TextDecoderError::UnknownLabel | TextDecoderError::Replacement => range_error(
                    &format!("The encoding label provided ('{label}') is invalid."),
                ),
                TextDecoderError::NotIncluded(encoding) => {
                    encoding_error(EncodingError::NotIncluded(encoding))
                }
            })
    }

    /// The `encoding` getter: the encoding's name, lowercased.
    #[wasm_bindgen(getter)]
    pub fn encoding(&self) -> String {
        self.inner.encoding().lowercase_name().to_owned()
    }

    /// `decode()` on `len` input bytes; the result is that many UTF-16 code units in the
    /// UTF-16 output buffer. A TypeError in fatal mode.
    pub fn decode(&mut self, len: usize, stream: bool) -> Result<usize, JsValue> {
        with_input_bytes(len, |input| {
            UTF16.with_borrow_mut(|output| {
                output.clear();
                if output.capacity() > RETAIN_LIMIT {
                    *output = Vec::new();
                }
                self.inner
                    .decode_to_utf16(input, stream, output)
                    .map(|()| output.len())
                    .map_err(|_| type_error("The encoded data was not valid."))
            })
        })
    }
}

/// `TextEncoder.encode()` of the `len` UTF-16 code units JS wrote with `encodingUtf16Input`;
/// the UTF-8 goes to the io output buffer.
#[wasm_bindgen(js_name = textEncoderEncode)]
pub fn text_encoder_encode(len: usize) -> usize {
    UTF16.with_borrow(|input| {
        let mut output = Vec::new();
        utf16_to_utf8(input.get(..len).unwrap_or(input), &mut output);
        set_output(output)
    })
}

/// `TextEncoder.encodeInto()` of the `len` UTF-16 code units JS wrote, into a destination of
/// `capacity` bytes; the bytes go to the io output buffer. Returns (code units read) · 2^32 +
/// (bytes written), exact in an f64 since both fit in 32 bits.
#[wasm_bindgen(js_name = textEncoderEncodeInto)]
pub fn text_encoder_encode_into(len: usize, capacity: usize) -> f64 {
    UTF16.with_borrow(|input| {
        let source = input.get(..len).unwrap_or(input);
        // At most three bytes per code unit are ever written.
        let mut destination = vec![0; capacity.min(source.len().saturating_mul(3))];
        let (read, written) = encode_into_utf8(source, &mut destination);
        destination.truncate(written);
        set_output(destination);
        read as f64 * 4_294_967_296.0 + written as f64
    })
}

/// A `TextEncoderStream`'s state.
#[wasm_bindgen]
#[derive(Default)]
pub struct TextEncoderStreamCore {
    inner: TextEncoderStreamState,
}

#[wasm_bindgen]
impl TextEncoderStreamCore {
    /// A new stream's state.
    #[wasm_bindgen(constructor)]
    pub fn new() -> TextEncoderStreamCore {
        TextEncoderStreamCore::default()
    }

    /// Encode a chunk of `len` UTF-16 code units JS wrote; the bytes go to the io output buffer.
    #[wasm_bindgen(js_name = encodeChunk)]
    pub fn encode_chunk(&mut self, len: usize) -> usize {
        UTF16.with_borrow(|input| {
            let mut output = Vec::new();
            self.inner
                .encode_chunk(input.get(..len).unwrap_or(input), &mut output);
            set_output(output)
        })
    }

    /// Encode and flush; the bytes go to the io output buffer.
    pub fn flush(&mut self) -> usize {
        let mut output = Vec::new();
        self.inner.flush(&mut output);
        set_output(output)
    }
}

/// Get an encoding: the canonical name for `label`, or undefined.
#[wasm_bindgen(js_name = labelToEncoding)]
pub fn label_to_encoding(label: &str) -> Option<String> {
    Encoding::for_label(label).map(|encoding| encoding.name().to_owned())
}

/// BOM sniff of the `len` input bytes: the encoding's name, or undefined.
#[wasm_bindgen(js_name = encodingSniffBom)]
pub fn encoding_sniff_bom(len: usize) -> Option<String> {
    with_input_bytes(len, |input| {
        encoding::bom_sniff(input).map(|encoding| encoding.name().to_owned())
    })
}

/// Decode the `len` input bytes in the encoding `label` names (replacement included), as the
/// standard's "decode" hook (§6) does when `bom` (a BOM overrides the label and is removed);
/// without it, the bytes are decoded as they are. The UTF-16 goes to the UTF-16 output
/// buffer; a TypeError in `fatal` mode.
#[wasm_bindgen(js_name = encodingDecode)]
pub fn encoding_decode(len: usize, label: &str, fatal: bool, bom: bool) -> Result<usize, JsValue> {
    let label_encoding = encoding_for_label(label)?;
    with_input_bytes(len, |input| {
        // 1.-2. BOM sniff; a BOM's encoding wins and its bytes are read.
        let (encoding, input) = match encoding::bom_sniff(input).filter(|_| bom) {
            Some(Encoding::Utf8) => (Encoding::Utf8, input.get(3..).unwrap_or_default()),
            Some(bom_encoding) => (bom_encoding, input.get(2..).unwrap_or_default()),
            None => (label_encoding, input),
        };
        // 3. Process a queue with an instance of encoding's decoder.
        let mode = if fatal {
            DecoderErrorMode::Fatal
        } else {
            DecoderErrorMode::Replacement
        };
        let mut decoder = Decoder::new(encoding, mode).map_err(encoding_error)?;
        UTF16.with_borrow_mut(|output| {
            output.clear();
            if output.capacity() > RETAIN_LIMIT {
                *output = Vec::new();
            }
            decoder
                .decode_to_utf16_vec(input, output, true)
                .map(|()| output.len())
                .map_err(|_| type_error("The encoded data was not valid."))
        })
    })
}

/// Encode the `len` bytes of UTF-8 input text in the encoding `label` names (its output
/// encoding), with the error mode "fatal" or "html"; the bytes go to the io output buffer.
#[wasm_bindgen(js_name = encodingEncode)]
pub fn encoding_encode(len: usize, label: &str, html: bool) -> Result<usize, JsValue> {
    let encoding = encoding_for_label(label)?;
    let mut encoder = Encoder::new(encoding.output_encoding()).map_err(encoding_error)?;
    let mode = if html {
        EncoderErrorMode::Html
    } else {
        EncoderErrorMode::Fatal
    };
    with_input_str(len, |input| {
        let mut output = Vec::new();
        encoder.encode(input, &mut output, mode).map_err(|_| {
            type_error(&format!(
                "The text contains a character that {} cannot encode.",
                encoder.encoding()
            ))
        })?;
        Ok(set_output(output))
    })
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn write_input(bytes: &[u8]) -> usize {
        let address = io_input(bytes.len());
        // SAFETY: io_input just made the input buffer `bytes.len()` bytes long at `address`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), address, bytes.len()) };
        bytes.len()
    }

    fn utf16_output(len: usize) -> String {
        UTF16.with_borrow(|output| String::from_utf16_lossy(&output[..len]))
    }

    #[wasm_bindgen_test]
    fn decoding_streams_across_calls() {
        let mut decoder = TextDecoderCore::new("utf-8", false, false).unwrap();
        let len = decoder
            .decode(write_input(&[0xEF, 0xBB, 0xBF, 0xE2, 0x82]), true)
            .unwrap();
        assert_eq!(utf16_output(len), "");
        let len = decoder.decode(write_input(&[0xAC]), false).unwrap();
        assert_eq!(utf16_output(len), "\u{20AC}");
        assert!(
            TextDecoderCore::new("utf-8", true, false)
                .unwrap()
                .decode(write_input(&[0xFF]), false)
                .is_err()
        );
        assert!(TextDecoderCore::new("replacement", false, false).is_err());
    }

    #[wasm_bindgen_test]
    fn encode_into_reports_units_read() {
        let units: Vec<u16> = "a\u{1F600}b".encode_utf16().collect();
        let address = encoding_utf16_input(units.len());
        // SAFETY: the buffer was just made `units.len()` code units long at `address`.
        unsafe { std::ptr::copy_nonoverlapping(units.as_ptr(), address, units.len()) };
        assert_eq!(text_encoder_encode_into(units.len(), 4), 4_294_967_297.0);
        // SAFETY: the last call left one byte in the output buffer.
        assert_eq!(unsafe { *io_output() }, b'a');
    }
}
