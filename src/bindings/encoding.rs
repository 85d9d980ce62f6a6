//! The Encoding Standard's JavaScript API (§8) and hooks, over `crate::encoding`.
//!
//! Byte input arrives in the io input buffer. Decoded text goes to a UTF-16 output buffer that
//! `js/encoding.js` turns into a string in one call; encoded bytes go to the io output buffer.
//! No object lives in wasm per JS object: a `TextDecoder`'s state is one word that JS keeps and
//! passes with each call, and a `TextEncoderStream`'s leading surrogate stays in JS.

use super::Global;
use super::errors::{encoding_error, encoding_for_label, invalid_label_message};
#[cfg(all(feature = "encoding-legacy", not(feature = "url")))]
use super::io::with_input_str;
use super::io::{set_output, with_input_bytes};
use crate::encoding::{
    self, Decoder, DecoderErrorMode, Encoder, EncoderErrorMode, Encoding, EncodingError,
    TextDecoder, TextDecoderError,
};
use alloc::{borrow::ToOwned, string::String, vec::Vec};
use core::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

/// Buffers above this many code units are released after use (as in io.rs).
const RETAIN_LIMIT: usize = 1 << 21;

/// Decoded text as UTF-16 code units (little-endian, wasm's byte order), for JS to read.
static UTF16: Global<RefCell<Vec<u16>>> = Global::new(RefCell::new(Vec::new()));

/// Address of the UTF-16 output buffer (valid until the next call into the module).
#[wasm_bindgen(js_name = encodingUtf16Output)]
pub fn encoding_utf16_output() -> *const u16 {
    UTF16.with_borrow(|output| output.as_ptr())
}

fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// `new TextDecoder(label)`'s get an encoding: the encoding's position in [`Encoding::ALL`],
/// which is how JS names it to [`text_decoder_decode`]. A RangeError for an unknown label, for
/// replacement, and for an encoding this build does not include.
#[wasm_bindgen(js_name = textDecoderEncoding)]
pub fn text_decoder_encoding(label: &str) -> Result<u32, JsValue> {
    let encoding = TextDecoder::new(label, false, false)
        .map_err(|error| match error {
            TextDecoderError::UnknownLabel | TextDecoderError::Replacement => {
                range_error(&invalid_label_message(label))
            }
            TextDecoderError::NotIncluded(encoding) => {
                encoding_error(EncodingError::NotIncluded(encoding))
            }
        })?
        .encoding();
    Ok(Encoding::ALL
        .iter()
        .position(|&e| e == encoding)
        .unwrap_or_default() as u32)
}

/// The lowercase name (the `encoding` getter's value) of the encoding at `index` in
/// [`Encoding::ALL`].
#[wasm_bindgen(js_name = encodingLowercaseName)]
pub fn encoding_lowercase_name(index: u32) -> String {
    encoding_at(index).lowercase_name().to_owned()
}

fn encoding_at(index: u32) -> Encoding {
    Encoding::ALL
        .get(index as usize)
        .copied()
        .unwrap_or(Encoding::Utf8)
}

/// [`text_decoder_decode`]'s option bits.
const FATAL: u32 = 1;
const IGNORE_BOM: u32 = 2;
const STREAM: u32 = 4;

/// The state the last [`text_decoder_decode`] left its `TextDecoder` in.
static TEXT_DECODER_STATE: Global<Cell<u32>> = Global::new(Cell::new(0));

/// `TextDecoder.decode()` on `len` input bytes for a `TextDecoder` whose state JS keeps: the
/// encoding (see [`text_decoder_encoding`]), the options (fatal 1, ignoreBOM 2, stream 4) and
/// the state word [`TextDecoder::state`] gave last time (0 for a new object). The result is
/// that many UTF-16 code units in the UTF-16 output buffer; the new state word is
/// [`text_decoder_state`]'s. A TypeError in fatal mode. No wasm object per `TextDecoder`: its
/// few bytes of state cross with each call, so memory stays flat however many there are.
#[wasm_bindgen(js_name = textDecoderDecode)]
pub fn text_decoder_decode(
    len: usize,
    encoding: u32,
    options: u32,
    state: u32,
) -> Result<usize, JsValue> {
    with_input_bytes(len, |input| {
        decode_to_utf16_output(input, encoding, options, state)
    })
    .map_err(|error| match error {
        DecodeError::Malformed => type_error(MALFORMED_MESSAGE),
        DecodeError::Construct(error) => text_decoder_error(error),
    })
}

const MALFORMED_MESSAGE: &str = "The encoded data was not valid.";

/// Why a decode through the bindings failed.
enum DecodeError {
    /// Fatal mode met malformed input: the TypeError.
    Malformed,
    /// The decoder could not be made (JS passed an encoding this build lacks).
    Construct(TextDecoderError),
}

fn text_decoder_error(error: TextDecoderError) -> JsValue {
    match error {
        TextDecoderError::NotIncluded(encoding) => {
            encoding_error(EncodingError::NotIncluded(encoding))
        }
        // Only a state word for the replacement encoding gets here (JS never passes one).
        TextDecoderError::UnknownLabel | TextDecoderError::Replacement => {
            range_error("The replacement encoding cannot be used with TextDecoder.")
        }
    }
}

/// Decodes `input` for [`text_decoder_decode`] into the UTF-16 output buffer.
fn decode_to_utf16_output(
    input: &[u8],
    encoding: u32,
    options: u32,
    state: u32,
) -> Result<usize, DecodeError> {
    let mut decoder = TextDecoder::with_state(
        encoding_at(encoding),
        options & FATAL != 0,
        options & IGNORE_BOM != 0,
        state,
    )
    .map_err(DecodeError::Construct)?;
    let result = UTF16.with_borrow_mut(|output| {
        if output.capacity() > RETAIN_LIMIT {
            *output = Vec::new();
        }
        decoder
            .decode_to_utf16_buffer(input, options & STREAM != 0, output)
            .map_err(|_| DecodeError::Malformed)
    });
    TEXT_DECODER_STATE.set(decoder.state());
    result
}

/// The index the decoder of the encoding at `index` in [`Encoding::ALL`] looks its two-byte
/// characters up in (pointer → code point, 0 for null), for js/fallback/multi-byte.js; empty
/// for the encodings without a JavaScript run. Only in the build without WebAssembly.
#[cfg(all(feature = "encoding-legacy", target_os = "none"))]
#[wasm_bindgen(js_name = encodingDecoderIndex)]
pub fn encoding_decoder_index(index: u32) -> Vec<u32> {
    encoding::decoder_index(encoding_at(index)).unwrap_or_default()
}

/// Inputs up to this many bytes may cross through [`SmallArea`].
const SMALL_INPUT: usize = 256;

/// A fixed area of wasm memory for short decodes, whose address JS asks for once: JS writes
/// the bytes at its start, [`text_decoder_decode_small`] writes the UTF-16 after them, so a
/// short decode is one call with no buffer to size or look up.
#[repr(C)]
struct SmallArea {
    input: [u8; SMALL_INPUT],
    /// Room for what `SMALL_INPUT` bytes decode to (`Decoder::max_utf16_buffer_length`).
    output: [u16; SMALL_INPUT + 16],
}

static SMALL_AREA: Global<RefCell<SmallArea>> = Global::new(RefCell::new(SmallArea {
    input: [0; SMALL_INPUT],
    output: [0; SMALL_INPUT + 16],
}));

/// The address of [`SmallArea`]: input bytes at it, UTF-16 output `SMALL_INPUT` bytes after.
#[wasm_bindgen(js_name = textDecoderSmallArea)]
pub fn text_decoder_small_area() -> *mut u8 {
    SMALL_AREA.with_borrow_mut(|area| core::ptr::from_mut(area).cast())
}

/// [`text_decoder_decode`] of `len` bytes: up to 8 passed in `low` and `high` (little-endian,
/// so the call writes nothing to memory first), else up to 256 that JS wrote into
/// [`SmallArea`]. Up to three UTF-16 code units come back in the result, so that JS reads no
/// memory either: (count · 2^48 + the units, 16 bits each, first lowest), at least 2^48; else
/// the result is the count of units in the area's output. Failures are negative numbers, for JS
/// to throw (a `Result` would cost an allocation per call): -1 the TypeError of fatal mode, -2
/// an encoding this build lacks.
#[wasm_bindgen(js_name = textDecoderDecodeSmall)]
pub fn text_decoder_decode_small(
    len: usize,
    encoding: u32,
    options: u32,
    state: u32,
    low: u32,
    high: u32,
) -> f64 {
    SMALL_AREA.with_borrow_mut(|area| {
        let [a, b, c, d] = low.to_le_bytes();
        let [e, f, g, h] = high.to_le_bytes();
        let packed = [a, b, c, d, e, f, g, h];
        let input = match packed.get(..len) {
            Some(input) => input,
            None => area.input.get(..len).unwrap_or(&area.input),
        };
        let units = match decode_to_utf16_output(input, encoding, options, state) {
            Ok(units) => units,
            Err(DecodeError::Malformed) => return -1.0,
            Err(DecodeError::Construct(_)) => return -2.0,
        };
        UTF16.with_borrow(|decoded| {
            let decoded = decoded.get(..units).unwrap_or_default();
            if let (1..=3, Some(&first)) = (decoded.len(), decoded.first()) {
                let second = decoded.get(1).copied().unwrap_or(0);
                let third = decoded.get(2).copied().unwrap_or(0);
                let packed =
                    u64::from(first) | (u64::from(second) << 16) | (u64::from(third) << 32);
                // Exact in an f64: below 2^50.
                return ((decoded.len() as u64) << 48 | packed) as f64;
            }
            // At most `SMALL_INPUT + 16` units: the zip never cuts the output short.
            let pairs = area.output.iter_mut().zip(decoded);
            pairs.map(|(to, &from)| *to = from).count() as f64
        })
    })
}

/// The state word the last [`text_decoder_decode`] left (JS keeps it for the next call).
#[wasm_bindgen(js_name = textDecoderState)]
pub fn text_decoder_state() -> u32 {
    TEXT_DECODER_STATE.get()
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
            if output.capacity() > RETAIN_LIMIT {
                *output = Vec::new();
            }
            let mut end = 0;
            decoder
                .decode_to_utf16_buffer(input, output, &mut end, true)
                .map(|()| end)
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
    // (The encoder checks the UTF-8 as it decodes it: see encode_valid_prefix.)
    with_input_bytes(len, |input| {
        let mut output = Vec::new();
        encoder
            .encode_valid_prefix(input, &mut output, mode)
            .map_err(|_| {
                type_error(&super::concat(&[
                    "The text contains a character that ",
                    encoder.encoding().name(),
                    " cannot encode.",
                ]))
            })?;
        Ok(set_output(output))
    })
}

/// Marks an unmappable code point in [`encoding_encode_query`]'s result (bytes are below 0x100).
#[cfg(all(feature = "encoding-legacy", not(feature = "url")))]
const UNMAPPABLE: u32 = 1 << 31;

/// The URL parser's query encoding for the url wasm, which has no encoders (`js/url.js`): `len`
/// bytes of input encoded with the output encoding of the encoding `name` names, one `u32` per
/// byte and `UNMAPPABLE | code point` for each code point that encoding cannot represent. Only
/// in the wasm of `webweft/encoding` (every encoder), which the url area uses; a wasm with the
/// URL parser encodes queries itself.
#[cfg(all(feature = "encoding-legacy", not(feature = "url")))]
#[wasm_bindgen(js_name = encodingEncodeQuery)]
pub fn encoding_encode_query(len: usize, name: &str) -> Result<Vec<u32>, JsValue> {
    let encoding = encoding_for_label(name)?;
    with_input_str(len, |input| {
        let mut pieces = Vec::with_capacity(input.len());
        encoding.encode_query(input, &mut |bytes, unmappable| {
            pieces.extend(bytes.iter().copied().map(u32::from));
            pieces.extend(unmappable.map(|code_point| UNMAPPABLE | u32::from(code_point)));
        });
        Ok(pieces)
    })
}

#[cfg(test)]
mod tests {
    use super::super::io::io_input;
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn write_input(bytes: &[u8]) -> usize {
        let address = io_input(bytes.len());
        // SAFETY: io_input just made the input buffer `bytes.len()` bytes long at `address`.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), address, bytes.len()) };
        bytes.len()
    }

    fn utf16_output(len: usize) -> String {
        UTF16.with_borrow(|output| String::from_utf16_lossy(&output[..len]))
    }

    #[wasm_bindgen_test]
    fn decoding_streams_across_calls() {
        let utf8 = text_decoder_encoding("utf-8").unwrap();
        let len = text_decoder_decode(
            write_input(&[0xEF, 0xBB, 0xBF, 0xE2, 0x82]),
            utf8,
            STREAM,
            0,
        )
        .unwrap();
        assert_eq!(utf16_output(len), "");
        let state = text_decoder_state();
        assert_ne!(state, 0);
        let len = text_decoder_decode(write_input(&[0xAC]), utf8, 0, state).unwrap();
        assert_eq!(utf16_output(len), "\u{20AC}");
        assert!(text_decoder_decode(write_input(&[0xFF]), utf8, FATAL, 0).is_err());
        assert!(text_decoder_encoding("replacement").is_err());
        assert_eq!(
            encoding_lowercase_name(text_decoder_encoding("sjis").unwrap()),
            "shift_jis"
        );
    }
}
