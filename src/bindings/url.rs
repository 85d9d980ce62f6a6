//! The URL Standard (§6 API, §3 hosts, §5 application/x-www-form-urlencoded) for `js/url.js`.
//!
//! One crossing per operation. Strings arrive in the io input buffer (UTF-8); when an
//! operation takes two (an input and its base, an href and a setter's value), JS writes the
//! second right after the first and passes both lengths. A parsed URL crosses back as its
//! href (ASCII) in the io output buffer plus the nine offsets of [`Url::components`] in one
//! small record of `u32`s that JS reads in place; JS keeps both in the URL object's own fields
//! (no Rust object per URL, so nothing to free) and serves every getter by slicing. When the
//! href is exactly the input, nothing is written and JS keeps the caller's string.
//!
//! URLSearchParams lists live in JS, and so do the form-urlencoded parser and serializer
//! (`js/url.js`): only a query whose percent-encoded bytes are not UTF-8, which JS's
//! `decodeURIComponent` refuses, is parsed here ([`url_form_parse`]), in one crossing.

use super::Global;
use super::io::{input_text, set_output, with_input_bytes, with_input_str};
use crate::url::form_urlencoded;
use crate::url::host::parse_host_into;
use crate::url::{Errors, QueryEncoder, Url, Utf8, component};
use alloc::borrow::Cow;
use alloc::{string::String, vec::Vec};
use core::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

/// The record: the components (indices in `url::component`), then the href's length in the
/// output buffer.
const RECORD_LEN: usize = component::COUNT + 1;
const HREF_LEN: usize = component::COUNT;

/// `base_len` when there is no base.
const NO_BASE: u32 = u32::MAX;

/// What a parse or setter call returns.
const FAILURE: u32 = 0;
/// The href equals the string JS compared it with (the input; for a setter, the old href).
const HREF_UNCHANGED: u32 = 1;
/// The href is in the output buffer.
const HREF_IN_OUTPUT: u32 = 2;

static RECORD: Global<Cell<[u32; RECORD_LEN]>> = Global::new(Cell::new([0; RECORD_LEN]));
/// The ranges of [`url_form_parse`].
static RANGES: Global<RefCell<Vec<u32>>> = Global::new(RefCell::new(Vec::new()));

/// Where the U+FFFDs that stand for lone surrogates are in the strings JS wrote for the next
/// parse with validation errors (ascending byte offsets into the input buffer): JS sets them
/// through [`url_lone_surrogates`] only for a string that is not well-formed UTF-16 (the UTF-8
/// write made each lone surrogate U+FFFD), and that parse takes them.
static LONE_SURROGATES: Global<RefCell<Vec<u32>>> = Global::new(RefCell::new(Vec::new()));

/// Makes room for `count` lone surrogates' byte offsets for the next parse with validation
/// errors to take, and returns their address (JS fills them in ascending order).
#[wasm_bindgen(js_name = urlLoneSurrogates)]
pub fn url_lone_surrogates(count: usize) -> *mut u32 {
    LONE_SURROGATES.with_borrow_mut(|offsets| {
        offsets.clear();
        offsets.resize(count, 0);
        offsets.as_mut_ptr()
    })
}

/// The lone surrogates JS set for this parse (none when it set none), leaving none for the next.
pub(super) fn take_lone_surrogates() -> Vec<u32> {
    LONE_SURROGATES.with_borrow_mut(core::mem::take)
}

/// An error-collecting sink for the string at bytes `[start, end)` of the input buffer, which
/// knows the string's lone surrogates (`offsets`: [`take_lone_surrogates`]).
pub(super) fn errors_for(offsets: &[u32], start: usize, end: usize) -> Errors {
    let mut errors = Errors::new(true);
    errors.lone_surrogates = offsets
        .iter()
        .map(|&offset| offset as usize)
        .filter(|offset| (start..end).contains(offset))
        .map(|offset| offset - start)
        .collect();
    errors
}

/// Address of the record (fixed for the life of the instance).
#[wasm_bindgen(js_name = urlRecord)]
pub fn url_record() -> *mut u32 {
    RECORD.as_ptr().cast()
}

/// Splits the input text into the first string (`first_len` bytes) and the rest.
fn split(text: &str, first_len: usize) -> (&str, &str) {
    // encodeInto wrote the two strings separately, so the split falls on a character
    // boundary; should it not, the second string is treated as empty.
    match (text.get(..first_len), text.get(first_len..)) {
        (Some(first), Some(second)) => (first, second),
        _ => (text, ""),
    }
}

/// The input's and the optional base's total length in bytes.
fn input_and_base_len(input_len: usize, base_len: u32) -> usize {
    input_len.saturating_add(if base_len == NO_BASE {
        0
    } else {
        base_len as usize
    })
}

/// The input string and the optional base after it.
fn input_and_base(text: &str, input_len: usize, base_len: u32) -> (&str, Option<&str>) {
    let (input, base) = split(text, input_len);
    (input, (base_len != NO_BASE).then_some(base))
}

/// Runs `f` on the input string and the optional base after it.
fn with_input_and_base<R>(
    input_len: usize,
    base_len: u32,
    f: impl FnOnce(&str, Option<&str>) -> R,
) -> R {
    with_input_str(input_and_base_len(input_len, base_len), |text| {
        let (input, base) = input_and_base(text, input_len, base_len);
        f(input, base)
    })
}

/// Puts `url` in the record, and its href in the output buffer unless it equals `same_as`.
fn store(url: Url, same_as: &str) -> u32 {
    let mut record = [0; RECORD_LEN];
    record[..component::COUNT].copy_from_slice(&url.components());
    let status = if url.href_equals(same_as) {
        HREF_UNCHANGED
    } else {
        // The href is at most u32::MAX bytes (the parser's input limit guarantees it).
        record[HREF_LEN] = u32::try_from(set_output(url.into_string().into_bytes())).unwrap_or(0);
        HREF_IN_OUTPUT
    };
    RECORD.set(record);
    status
}

/// The API URL parser (`new URL(input, base)`, `URL.parse`) on `input_len` bytes of input
/// followed by `base_len` bytes of base (`NO_BASE`: none). Returns `FAILURE`, or the URL is in
/// the record and the output buffer (`HREF_UNCHANGED`: its href is the input).
#[wasm_bindgen(js_name = urlParse)]
pub fn url_parse(input_len: usize, base_len: u32) -> u32 {
    with_input_bytes(input_and_base_len(input_len, base_len), |bytes| {
        // Without a base, an already-normalized input is its own href: only the offsets cross
        // back (and its bytes, ASCII, need no UTF-8 check).
        if base_len == NO_BASE
            && let Some(components) = Url::normalized_components(bytes)
        {
            let mut record = [0; RECORD_LEN];
            record[..component::COUNT].copy_from_slice(&components);
            RECORD.set(record);
            return HREF_UNCHANGED;
        }
        let (input, base) = input_and_base(input_text(bytes), input_len, base_len);
        match Url::api_parse(input, base) {
            Ok(url) => store(url, input),
            Err(_) => FAILURE,
        }
    })
}

/// `URL.canParse(input, base)`, the input laid out as for [`url_parse`].
#[wasm_bindgen(js_name = urlCanParse)]
pub fn url_can_parse(input_len: usize, base_len: u32) -> bool {
    with_input_and_base(input_len, base_len, Url::can_parse)
}

/// The URL setters (§6.1).
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum UrlSetter {
    Href,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

/// Runs `setter` with `value_len` bytes of value on the URL whose href is the first
/// `href_len` bytes of input. Returns `FAILURE` (only the href setter fails: a TypeError),
/// `HREF_UNCHANGED` (for the href setter: the new href is the value; for the others: the URL
/// did not change), or `HREF_IN_OUTPUT` with the new URL in the record and the output buffer.
#[wasm_bindgen(js_name = urlSet)]
pub fn url_set(setter: UrlSetter, href_len: usize, value_len: usize) -> u32 {
    with_input_str(href_len.saturating_add(value_len), |text| {
        let (href, value) = split(text, href_len);
        if let UrlSetter::Href = setter {
            return match Url::parse(value, None) {
                Ok(url) => store(url, value),
                Err(_) => FAILURE,
            };
        }
        // An href is a URL serialization, which parses back to the same URL.
        let Ok(mut url) = Url::parse(href, None) else {
            return FAILURE;
        };
        match setter {
            UrlSetter::Href => {}
            UrlSetter::Protocol => url.set_protocol(value),
            UrlSetter::Username => url.set_username(value),
            UrlSetter::Password => url.set_password(value),
            UrlSetter::Host => url.set_host(value),
            UrlSetter::Hostname => url.set_hostname(value),
            UrlSetter::Port => url.set_port(value),
            UrlSetter::Pathname => url.set_pathname(value),
            UrlSetter::Search => url.set_search(value),
            UrlSetter::Hash => url.set_hash(value),
        }
        store(url, href)
    })
}

/// `label_len` of [`url_parse_with_errors`] when no encoding label was given.
pub(super) const NO_LABEL: u32 = u32::MAX;

/// Like [`url_parse`], also collecting validation errors (URL §1.1), and with an optional
/// encoding label (`label_len` bytes after the input and base; `NO_LABEL`: none) whose output
/// encoding encodes the query. Returns `[status, type, position, inBase, …]`: per error its
/// type name, its position (a UTF-16 index into the string it was found in) and whether that
/// string is the base (whose errors come first; a base that fails to parse makes the input's
/// parse a failure without errors of its own). An unknown label is a RangeError. The lone
/// surrogates JS set ([`url_lone_surrogates`]) are invalid URL units where the parser validates
/// URL units.
#[wasm_bindgen(js_name = urlParseWithErrors)]
pub fn url_parse_with_errors(
    input_len: usize,
    base_len: u32,
    label_len: u32,
) -> Result<js_sys::Array, JsValue> {
    let base_len = (base_len != NO_BASE).then_some(base_len as usize);
    let label_len = (label_len != NO_LABEL).then_some(label_len as usize);
    let total = input_len
        .saturating_add(base_len.unwrap_or(0))
        .saturating_add(label_len.unwrap_or(0));
    let lone_surrogates = take_lone_surrogates();
    with_input_str(total, |text| {
        let (input, rest) = split(text, input_len);
        let (base_text, label) = split(rest, base_len.unwrap_or(0));
        let base = base_len.map(|_| base_text);
        let labelled;
        let encoding: &dyn QueryEncoder = match label_len {
            None => &Utf8,
            Some(_) => {
                labelled = query_encoding(label)?;
                &labelled
            }
        };
        let out = js_sys::Array::new();
        // Errors, not a Vec: the sink type the rest of the module parses with (one parser).
        let push_errors = |text: &str, errors: Errors, in_base: bool| {
            for error in errors.into_list() {
                out.push(&JsValue::from_str(error.kind.as_str()));
                out.push(&JsValue::from(utf16_index(text, error.position) as f64));
                out.push(&JsValue::from_bool(in_base));
            }
        };
        let mut status = FAILURE;
        let mut base_url = None;
        if let Some(base) = base {
            let mut errors = errors_for(&lone_surrogates, input.len(), input.len() + base.len());
            base_url = Url::parse_with(base, None, &Utf8, &mut errors).ok();
            push_errors(base, errors, true);
        }
        if base.is_none() || base_url.is_some() {
            let mut errors = errors_for(&lone_surrogates, 0, input.len());
            if let Ok(url) = Url::parse_with(input, base_url.as_ref(), encoding, &mut errors) {
                status = store(url, input);
            }
            push_errors(input, errors, false);
        }
        out.unshift(&JsValue::from(status));
        Ok(out)
    })
}

/// The query encoding for `label`: get an encoding, then get an output encoding (the URL
/// parser's caller's steps; replacement and UTF-16BE/LE give UTF-8).
#[cfg(feature = "encoding")]
pub(super) fn query_encoding(label: &str) -> Result<crate::encoding::Encoding, JsValue> {
    let encoding = crate::encoding::Encoding::for_label(label)
        .ok_or_else(|| {
            js_sys::RangeError::new(&alloc::format!(
                "parseURL: the encoding label provided ('{label}') is invalid."
            ))
        })?
        .output_encoding();
    // Without its encoder the query would silently be UTF-8.
    encoding
        .check_included()
        .map_err(|error| js_sys::RangeError::new(&alloc::format!("parseURL: {error}")))?;
    Ok(encoding)
}

/// Without the Encoding module (the npm package's url wasm): `name` is an encoding other
/// than UTF-8 that `js/url.js` got from the label through the encoding area, whose encoder
/// this wasm asks for the query's bytes through JS.
#[cfg(not(feature = "encoding"))]
pub(super) fn query_encoding(name: &str) -> Result<JsQueryEncoder<'_>, JsValue> {
    Ok(JsQueryEncoder(name))
}

#[cfg(not(feature = "encoding"))]
#[wasm_bindgen(raw_module = "#query-encoder")]
extern "C" {
    /// The encoding area's `encodingEncodeQuery` (src/bindings/encoding.rs): `input` encoded
    /// with the encoding `encoding`, a `u32` per byte and `UNMAPPABLE | code point` for each
    /// code point it cannot represent. It never throws (`js/query-encoder.js` keeps an
    /// exception for `js/url.js` to rethrow after this call, and returns nothing).
    #[wasm_bindgen(js_name = encodeQuery)]
    fn encode_query(encoding: &str, input: &str) -> Vec<u32>;
}

/// Marks an unmappable code point in [`encode_query`]'s result.
#[cfg(not(feature = "encoding"))]
const UNMAPPABLE: u32 = 1 << 31;

/// A query encoding whose encoder is in the encoding area's wasm.
#[cfg(not(feature = "encoding"))]
pub(super) struct JsQueryEncoder<'a>(&'a str);

#[cfg(not(feature = "encoding"))]
impl QueryEncoder for JsQueryEncoder<'_> {
    fn encode(&self, input: &str, sink: &mut dyn FnMut(crate::url::EncodedPiece<'_>)) {
        use crate::url::EncodedPiece;
        let mut bytes = Vec::with_capacity(input.len());
        for piece in encode_query(self.0, input) {
            if piece & UNMAPPABLE == 0 {
                bytes.push(piece as u8);
            } else {
                sink(EncodedPiece::Bytes(&bytes));
                bytes.clear();
                let code_point = char::from_u32(piece & !UNMAPPABLE).unwrap_or('\u{FFFD}');
                sink(EncodedPiece::Unmappable(code_point));
            }
        }
        sink(EncodedPiece::Bytes(&bytes));
    }
}

/// The UTF-16 index of byte offset `position` in `text` (clamped to its end).
pub(super) fn utf16_index(text: &str, position: usize) -> usize {
    let mut end = position.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).map_or(0, |s| s.encode_utf16().count())
}
/// Marks a range of [`url_form_parse`] that is in the decoded text, not in the input.
const IN_OUTPUT: u32 = 1 << 31;

/// The application/x-www-form-urlencoded string parser (§5.3) on `len` bytes of input (a
/// URL's query, or a URLSearchParams init without its "?"). Returns how many strings (names
/// and values, alternating) it found; their `[start, end)` ranges in UTF-16 code units, two
/// `u32`s per string, are at the address in record[0]. A name or value that decoding left as
/// it was is a range of the input (JS slices its own string); the others are decoded into the
/// output buffer (its length in record[1], record[2] = 1 if it is ASCII) and their range's
/// start and end have `IN_OUTPUT` set.
#[wasm_bindgen(js_name = urlFormParse)]
pub fn url_form_parse(len: usize) -> u32 {
    with_input_str(len, |input| {
        RANGES.with_borrow_mut(|ranges| {
            ranges.clear();
            let mut output = String::new();
            let mut output_units = 0;
            // The input position reached, in bytes and in UTF-16 code units.
            let (mut at_byte, mut at_unit) = (0, 0);
            let ascii = input.is_ascii();
            form_urlencoded::parse_each(input, |name, value| {
                for part in [name, value] {
                    let units = utf16_len(&part);
                    match part {
                        // (An empty value may not point into the input.)
                        Cow::Borrowed("") => ranges.extend([0, 0]),
                        Cow::Borrowed(part) => {
                            let start = part.as_ptr().addr().saturating_sub(input.as_ptr().addr());
                            if ascii {
                                at_unit = to_u32(start);
                            } else {
                                let skipped = input.get(at_byte..start).unwrap_or("");
                                at_unit += utf16_len(skipped);
                            }
                            at_byte = start;
                            ranges.extend([at_unit, at_unit + units]);
                        }
                        Cow::Owned(part) => {
                            output.push_str(&part);
                            ranges.extend([
                                output_units | IN_OUTPUT,
                                (output_units + units) | IN_OUTPUT,
                            ]);
                            output_units += units;
                        }
                    }
                }
            });
            let mut record = [0; RECORD_LEN];
            record[0] = to_u32(ranges.as_ptr().addr());
            record[2] = u32::from(output.is_ascii());
            record[1] = to_u32(set_output(output.into_bytes()));
            RECORD.set(record);
            to_u32(ranges.len() / 2)
        })
    })
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn utf16_len(string: &str) -> u32 {
    if string.is_ascii() {
        return to_u32(string.len());
    }
    to_u32(string.chars().map(char::len_utf16).sum())
}

/// Host operations for `js/url.js`, on `len` bytes of input.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum UrlHostOperation {
    /// The host parser (§3.5), then the host serializer: a host's canonical form.
    Parse,
    /// Domain to ASCII (§3.3) with beStrict false.
    DomainToAscii,
    /// Domain to Unicode (§3.3) with beStrict false (Unicode output).
    DomainToUnicode,
    /// Domain to ASCII (§3.3) with beStrict true.
    DomainToAsciiStrict,
    /// Domain to Unicode (§3.3) with beStrict true (Unicode output).
    DomainToUnicodeStrict,
    /// The host parser, then the host serializer if the host is a domain: the input of a public
    /// suffix or registrable domain lookup (§3.2, in the public-suffix wasm).
    ParseDomain,
}

/// Returned by [`url_host_operation`] when there is no result (failure, or null).
const NO_RESULT: i32 = -1;

/// Runs `operation` on `len` bytes of input; the result (ASCII, except for
/// `DomainToUnicode` and `DomainToUnicodeStrict`) is in the output buffer and this returns its
/// length, or `NO_RESULT`.
#[wasm_bindgen(js_name = urlHostOperation)]
pub fn url_host_operation(operation: UrlHostOperation, len: usize) -> i32 {
    with_input_str(len, |input| {
        let result = match operation {
            UrlHostOperation::Parse => {
                // The parser writes the serialization; no Host value to serialize again.
                let mut serialized = String::new();
                parse_host_into(input, false, &mut serialized, &mut Errors::off(), 0)
                    .ok()
                    .map(|_| serialized)
            }
            UrlHostOperation::DomainToAscii | UrlHostOperation::DomainToAsciiStrict => {
                let be_strict = matches!(operation, UrlHostOperation::DomainToAsciiStrict);
                crate::url::domain_to_ascii(input, be_strict)
                    .ok()
                    .map(|ascii| ascii.into_owned())
            }
            UrlHostOperation::DomainToUnicode | UrlHostOperation::DomainToUnicodeStrict => {
                let be_strict = matches!(operation, UrlHostOperation::DomainToUnicodeStrict);
                Some(crate::url::domain_to_unicode(input, be_strict).0)
            }
            UrlHostOperation::ParseDomain => match crate::url::Host::parse(input, false) {
                Ok(crate::url::Host::Domain(domain)) => Some(domain),
                _ => None,
            },
        };
        result.map_or(NO_RESULT, |result| {
            i32::try_from(set_output(result.into_bytes())).unwrap_or(NO_RESULT)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Writes the strings one after the other into the input buffer; returns their lengths.
    fn write_inputs(texts: &[&str]) -> Vec<usize> {
        let joined = texts.concat();
        let address = io_input(joined.len());
        // SAFETY: io_input just made the input buffer `joined.len()` bytes long at `address`.
        unsafe { core::ptr::copy_nonoverlapping(joined.as_ptr(), address, joined.len()) };
        texts.iter().map(|text| text.len()).collect()
    }

    fn record() -> [u32; RECORD_LEN] {
        RECORD.get()
    }

    fn output(len: u32) -> String {
        // SAFETY: the last call left `len` bytes in the output buffer at io_output().
        let bytes = unsafe { core::slice::from_raw_parts(io_output(), len as usize) };
        String::from_utf8_lossy(bytes).into_owned()
    }

    #[wasm_bindgen_test]
    fn a_parse_fills_the_record_and_keeps_an_equal_input() {
        let lengths = write_inputs(&["https://a.test/p?q#f"]);
        assert_eq!(url_parse(lengths[0], NO_BASE), HREF_UNCHANGED);
        let expected = Url::parse("https://a.test/p?q#f", None)
            .unwrap()
            .components();
        assert_eq!(record()[..component::COUNT], expected);

        let lengths = write_inputs(&["../x y", "https://a.test/b/c"]);
        assert_eq!(url_parse(lengths[0], lengths[1] as u32), HREF_IN_OUTPUT);
        assert_eq!(output(record()[HREF_LEN]), "https://a.test/x%20y");
        let lengths = write_inputs(&["a b"]);
        assert_eq!(url_parse(lengths[0], NO_BASE), FAILURE);
        assert!(!url_can_parse(lengths[0], NO_BASE));
    }

    #[wasm_bindgen_test]
    fn setters_report_whether_the_href_changed() {
        let lengths = write_inputs(&["https://a.test/", "8080"]);
        assert_eq!(
            url_set(UrlSetter::Port, lengths[0], lengths[1]),
            HREF_IN_OUTPUT
        );
        assert_eq!(output(record()[HREF_LEN]), "https://a.test:8080/");
        let lengths = write_inputs(&["https://a.test/", "443"]);
        assert_eq!(
            url_set(UrlSetter::Port, lengths[0], lengths[1]),
            HREF_UNCHANGED
        );
        let lengths = write_inputs(&["https://a.test/", "not a url"]);
        assert_eq!(url_set(UrlSetter::Href, lengths[0], lengths[1]), FAILURE);
        let lengths = write_inputs(&["https://a.test/", "sc:x"]);
        assert_eq!(
            url_set(UrlSetter::Href, lengths[0], lengths[1]),
            HREF_UNCHANGED
        );
        assert_eq!(record()[component::PATHNAME_START], 3);
    }

    /// The parsed pairs, resolved as js/url.js resolves the ranges.
    fn parsed_pairs(input: &str) -> Vec<String> {
        let count = url_form_parse(write_inputs(&[input])[0]);
        let [address, len, ..] = record();
        let decoded: Vec<u16> = output(len).encode_utf16().collect();
        let units: Vec<u16> = input.encode_utf16().collect();
        // SAFETY: the ranges buffer holds 2 u32s per string at `address`.
        let ranges =
            unsafe { core::slice::from_raw_parts(address as *const u32, 2 * count as usize) };
        ranges
            .chunks_exact(2)
            .map(|r| {
                let (source, start, end) = if r[0] & IN_OUTPUT != 0 {
                    (&decoded, r[0] & !IN_OUTPUT, r[1] & !IN_OUTPUT)
                } else {
                    (&units, r[0], r[1])
                };
                String::from_utf16_lossy(&source[start as usize..end as usize])
            })
            .collect()
    }

    #[wasm_bindgen_test]
    fn form_parse_ranges_point_into_the_input_or_the_decoded_text() {
        assert_eq!(
            parsed_pairs("a=b&&c&é=%C3%A9+x&=&d="),
            ["a", "b", "c", "", "é", "é x", "", "", "d", ""]
        );
        assert_eq!(
            parsed_pairs("💩=1&x=💩&%F0%9F%92%A9"),
            ["💩", "1", "x", "💩", "💩", ""]
        );
        assert_eq!(record()[2], 0, "the decoded text is not ASCII");
    }

    #[wasm_bindgen_test]
    fn validation_errors_have_utf16_positions() {
        let lengths = write_inputs(&["\u{1F600}https://a\\b"]);
        let result = url_parse_with_errors(lengths[0], NO_BASE, NO_LABEL).unwrap();
        assert_eq!(result.get(0), FAILURE);
        let lengths = write_inputs(&["é\\b", "https://a.test/"]);
        let result = url_parse_with_errors(lengths[0], lengths[1] as u32, NO_LABEL).unwrap();
        assert_eq!(result.get(0), HREF_IN_OUTPUT);
        assert_eq!(result.get(1), "invalid-reverse-solidus");
        assert_eq!(result.get(2), 1, "a UTF-16 index, not a byte offset");
        assert_eq!(result.get(3), false);
    }

    #[wasm_bindgen_test]
    fn lone_surrogates_split_between_the_input_and_the_base() {
        let lengths = write_inputs(&["\u{FFFD}", "https://a.test/\u{FFFD}"]);
        // Byte offsets into the input buffer: the input's U+FFFD, the base's after it.
        let offsets = [0, 3 + 15];
        let address = url_lone_surrogates(offsets.len());
        // SAFETY: url_lone_surrogates just made room for `offsets.len()` u32s at `address`.
        unsafe { core::ptr::copy_nonoverlapping(offsets.as_ptr(), address, offsets.len()) };
        let result = url_parse_with_errors(lengths[0], lengths[1] as u32, NO_LABEL).unwrap();
        assert_eq!(result.get(0), HREF_IN_OUTPUT);
        // The base's error first, at its UTF-16 index into the base; then the input's.
        assert_eq!(result.length(), 7);
        assert_eq!(result.get(1), "invalid-URL-unit");
        assert_eq!(result.get(2), 15);
        assert_eq!(result.get(3), true);
        assert_eq!(result.get(4), "invalid-URL-unit");
        assert_eq!(result.get(5), 0);
        assert_eq!(result.get(6), false);
    }

    #[cfg(feature = "encoding")]
    #[wasm_bindgen_test]
    fn an_encoding_label_follows_the_input_and_base() {
        let parse = |texts: &[&str]| {
            let lengths = write_inputs(texts);
            url_parse_with_errors(lengths[0], lengths[1] as u32, lengths[2] as u32).map(|result| {
                assert_eq!(result.get(0), HREF_IN_OUTPUT);
                output(record()[HREF_LEN])
            })
        };
        assert_eq!(
            parse(&["?\u{e9}#\u{e9}", "https://a.test/", " Latin1 "]).unwrap(),
            "https://a.test/?%E9#%C3%A9"
        );
        // The output encoding of UTF-16LE is UTF-8.
        assert_eq!(
            parse(&["?\u{e9}", "https://a.test/", "utf-16le"]).unwrap(),
            "https://a.test/?%C3%A9"
        );
        assert!(parse(&["?x", "https://a.test/", "no such label"]).is_err());
    }

    #[wasm_bindgen_test]
    fn host_operations() {
        let run = |operation, input: &str| {
            let len = url_host_operation(operation, write_inputs(&[input])[0]);
            (len >= 0).then(|| output(len as u32))
        };
        assert_eq!(
            run(UrlHostOperation::Parse, "EXAMPLE.com").as_deref(),
            Some("example.com")
        );
        assert_eq!(
            run(UrlHostOperation::Parse, "0x7f.1").as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(run(UrlHostOperation::Parse, "a b"), None);
        assert_eq!(
            run(UrlHostOperation::DomainToAscii, "ÉX.test").as_deref(),
            Some("xn--x-9fa.test")
        );
        assert_eq!(
            run(UrlHostOperation::DomainToUnicode, "xn--x-9fa.test").as_deref(),
            Some("éx.test")
        );
        assert_eq!(
            run(UrlHostOperation::DomainToAscii, "a_b.test").as_deref(),
            Some("a_b.test")
        );
        assert_eq!(run(UrlHostOperation::DomainToAsciiStrict, "a_b.test"), None);
        assert_eq!(
            run(UrlHostOperation::DomainToUnicodeStrict, "xn--sth").as_deref(),
            Some("\u{24AA}")
        );
        // The public suffix lookups' input: a domain, canonical, or nothing.
        assert_eq!(
            run(UrlHostOperation::ParseDomain, "A.GitHub.io").as_deref(),
            Some("a.github.io")
        );
        assert_eq!(run(UrlHostOperation::ParseDomain, "[::1]"), None);
        assert_eq!(run(UrlHostOperation::ParseDomain, "127.1"), None);
    }
}
