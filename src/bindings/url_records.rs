//! The URL Standard's record-level algorithms (URL records as whatwg-url's API hands them to
//! jsdom: `basicURLParse`, `serializeURL`, `isValidURLString`, …) for a JavaScript facade.
//!
//! One crossing per operation, no serde: JS writes strings into the io input buffer and a
//! record's other values into [`url_records_in`]'s table, and reads results from the io
//! output buffer and [`url_record_out`]'s table.
//!
//! # A record, JS → wasm
//! Its strings go into the input buffer one after another, UTF-8 (after the operation's input
//! string, if any): scheme, username, password, host (a domain or opaque host; nothing for
//! other hosts), path (serialized by the URL path serializer: an opaque path itself, a list
//! "/" before each segment), query (if non-null), fragment (if non-null). Its table of
//! [`RECORD_IN_LEN`] `u32`s (slot 0: the URL; slot 1: the base URL):
//!
//! | index | value |
//! |---|---|
//! | 0, 1, 2 | UTF-8 lengths of scheme, username, password |
//! | 3 | host kind: 0 null, 1 domain, 2 IPv4, 3 IPv6, 4 opaque, 5 empty |
//! | 4 | UTF-8 length of the host string (domain or opaque host; else 0) |
//! | 5 | the IPv4 address |
//! | 6–9 | the IPv6 address's pieces, two per `u32`, the first in the high half |
//! | 10 | the port, or `NONE` (`u32::MAX`) |
//! | 11 | UTF-8 length of the serialized path |
//! | 12 | 1 if the path is opaque, 0 if it is a list |
//! | 13, 14 | UTF-8 lengths of query and fragment, or `NONE` for null |
//!
//! A segment containing "/" thus becomes several, as [`UrlRecord`](crate::url::UrlRecord)'s
//! conversion to a URL documents; lengths that overrun the input make the strings after them
//! empty.
//!
//! # A record, wasm → JS
//! Its serialization (href) in the output buffer, and in [`url_record_out`]'s table of
//! [`RECORD_OUT_LEN`] `u32`s:
//!
//! | index | value |
//! |---|---|
//! | 0–8 | [`Url::components`] (layout in [`component`]) |
//! | 9 | the href's length in bytes in the output buffer |
//! | 10 | 1 if the href is ASCII; otherwise it is UTF-8 (from a record JS made up) and the offsets in 0–8 are UTF-16 indices, not bytes |
//! | 11 | the IPv4 address (host kind 2) |
//! | 12–15 | the IPv6 address's pieces (host kind 3), two per `u32`, the first in the high half |
//! | 16 | address of the validation errors: a `u32` pair per error, its type's index in [`url_validation_error_names`] and its UTF-16 position in the input |
//! | 17 | the number of validation errors |
//!
//! JS slices the fields from the href as [`Url::components`] documents (the path list is the
//! serialized path without its first "/", split on "/"; the empty string is the empty list).

use super::Global;
use super::io::{input_text, set_output, with_input_bytes, with_input_str};
use super::url::{NO_LABEL, errors_for, query_encoding, take_lone_surrogates, utf16_index};
use crate::url::percent_encoding::{USERINFO, percent_decode, utf8_percent_encode};
use crate::url::record::Parts;
use crate::url::{
    Errors, Host, HostKind, ParseOptions, ParserState, QueryEncoder, Url, ValidationErrorKind,
    component, is_valid_url_string,
};
use alloc::{string::String, vec::Vec};
use core::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

/// The `u32`s of one record JS writes (see the module docs).
pub const RECORD_IN_LEN: usize = 15;
/// The `u32`s of the record wasm writes back (see the module docs).
pub const RECORD_OUT_LEN: usize = 18;

/// An absent port, query or fragment in the tables.
const NONE: u32 = component::NONE;

// Indices of a record's table, JS → wasm.
const SCHEME_LEN: usize = 0;
const USERNAME_LEN: usize = 1;
const PASSWORD_LEN: usize = 2;
const HOST_KIND: usize = 3;
const HOST_LEN: usize = 4;
const IPV4: usize = 5;
const IPV6_IN: usize = 6;
const PORT: usize = 10;
const PATH_LEN: usize = 11;
const PATH_OPAQUE: usize = 12;
const QUERY_LEN: usize = 13;
const FRAGMENT_LEN: usize = 14;

// Indices of the table wasm → JS after the components.
const HREF_LEN: usize = component::COUNT;
const HREF_ASCII: usize = component::COUNT + 1;
const IPV4_OUT: usize = component::COUNT + 2;
const IPV6_OUT: usize = component::COUNT + 3;
const ERRORS_ADDRESS: usize = component::COUNT + 7;
const ERROR_COUNT: usize = component::COUNT + 8;

/// What [`url_basic_parse`] returns: failure, nothing to read.
const FAILURE: u32 = 0;
/// The URL parsed: the record is in the output table and buffer.
const PARSED: u32 = 1;
/// Failure, after the state machine modified the given URL: the modified record is in the
/// output table and buffer (basicURLParse returns null, but the object passed as `url` changed).
const FAILURE_MODIFIED: u32 = 2;

/// [`url_basic_parse`]'s `records` bits: a URL is in slot 0, a base URL in slot 1.
const URL_GIVEN: u32 = 1;
const BASE_GIVEN: u32 = 2;

/// [`url_basic_parse`]'s `state` for no state override; otherwise 1 + the state's index in
/// [`ParserState::ALL`].
const NO_STATE_OVERRIDE: u32 = 0;

static RECORDS_IN: Global<Cell<[u32; 2 * RECORD_IN_LEN]>> =
    Global::new(Cell::new([0; 2 * RECORD_IN_LEN]));
static RECORD_OUT: Global<Cell<[u32; RECORD_OUT_LEN]>> =
    Global::new(Cell::new([0; RECORD_OUT_LEN]));
static ERRORS: Global<RefCell<Vec<u32>>> = Global::new(RefCell::new(Vec::new()));

/// Address of the input records' table: slot 0 (the URL) at index 0, slot 1 (the base URL)
/// at [`RECORD_IN_LEN`]; fixed for the life of the instance.
#[wasm_bindgen(js_name = urlRecordsIn)]
pub fn url_records_in() -> *mut u32 {
    RECORDS_IN.as_ptr().cast()
}

/// Address of the output record's table (fixed for the life of the instance).
#[wasm_bindgen(js_name = urlRecordOut)]
pub fn url_record_out() -> *const u32 {
    RECORD_OUT.as_ptr().cast()
}

/// The validation error types' names (URL §1.1) joined by "\n", in the output buffer (the
/// indices of [`url_basic_parse`]'s errors index this list); returns the length. JS reads it
/// once.
#[wasm_bindgen(js_name = urlValidationErrorNames)]
pub fn url_validation_error_names() -> usize {
    let mut names = String::new();
    for kind in ValidationErrorKind::ALL {
        if !names.is_empty() {
            names.push('\n');
        }
        names.push_str(kind.as_str());
    }
    set_output(names.into_bytes())
}

/// Reads record `slot` from its table, its strings from `text` starting at `*at` (which
/// moves past them), and builds the URL the serializer makes of it.
fn read_record(slot: usize, text: &str, at: &mut usize) -> Url {
    let table = RECORDS_IN.get();
    let fields = &table[slot * RECORD_IN_LEN..(slot + 1) * RECORD_IN_LEN];
    let mut take = |len: u32| -> Option<&str> {
        if len == NONE {
            return None;
        }
        let start = *at;
        *at = at.saturating_add(len as usize);
        Some(text.get(start..*at).unwrap_or(""))
    };
    let scheme = take(fields[SCHEME_LEN]).unwrap_or("");
    let username = take(fields[USERNAME_LEN]).unwrap_or("");
    let password = take(fields[PASSWORD_LEN]).unwrap_or("");
    let host_text = take(fields[HOST_LEN]).unwrap_or("");
    let path = take(fields[PATH_LEN]).unwrap_or("");
    let query = take(fields[QUERY_LEN]);
    let fragment = take(fields[FRAGMENT_LEN]);
    let mut serialized_host = String::new();
    let host = match fields[HOST_KIND] {
        1 => Some(HostKind::Domain),
        2 => {
            Host::Ipv4(fields[IPV4]).serialize_into(&mut serialized_host);
            Some(HostKind::Ipv4)
        }
        3 => {
            Host::Ipv6(unpack_ipv6(&fields[IPV6_IN..IPV6_IN + 4]))
                .serialize_into(&mut serialized_host);
            Some(HostKind::Ipv6)
        }
        4 => Some(HostKind::Opaque),
        5 => Some(HostKind::Empty),
        _ => None,
    };
    let host_text = match host {
        Some(HostKind::Ipv4 | HostKind::Ipv6) => serialized_host.as_str(),
        _ => host_text,
    };
    Url::from_parts(Parts {
        scheme,
        username,
        password,
        host: host.map(|kind| (host_text, kind)),
        port: u16::try_from(fields[PORT]).ok(),
        path,
        opaque_path: fields[PATH_OPAQUE] == 1,
        query,
        fragment,
    })
}

fn unpack_ipv6(packed: &[u32]) -> [u16; 8] {
    let mut pieces = [0; 8];
    for (i, &pair) in packed.iter().enumerate().take(4) {
        pieces[2 * i] = (pair >> 16) as u16;
        pieces[2 * i + 1] = pair as u16;
    }
    pieces
}

/// Writes `url` (if any) to the output table and buffer, and the validation errors' place.
fn write_record(url: Option<Url>, error_count: usize) {
    let mut out = [0; RECORD_OUT_LEN];
    out[ERRORS_ADDRESS] = ERRORS.with_borrow(|errors| to_u32(errors.as_ptr().addr()));
    out[ERROR_COUNT] = to_u32(error_count);
    if let Some(url) = url {
        out[..component::COUNT].copy_from_slice(&url.components());
        let href = url.href();
        if href.is_ascii() {
            out[HREF_ASCII] = 1;
        } else {
            // Offsets in UTF-16 code units, as JS slices.
            for i in [0, 1, 2, 3, 5, 6, 7] {
                if out[i] != NONE {
                    out[i] = to_u32(utf16_index(href, out[i] as usize));
                }
            }
        }
        if let Some(kind @ (HostKind::Ipv4 | HostKind::Ipv6)) = url.host_kind() {
            match Host::from_serialized(kind, url.hostname().into()) {
                Host::Ipv4(address) => out[IPV4_OUT] = address,
                Host::Ipv6(pieces) => {
                    for (i, pair) in pieces.chunks_exact(2).enumerate() {
                        out[IPV6_OUT + i] = u32::from(pair[0]) << 16 | u32::from(pair[1]);
                    }
                }
                _ => {}
            }
        }
        out[HREF_LEN] = to_u32(set_output(url.into_string().into_bytes()));
    }
    RECORD_OUT.set(out);
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The basic URL parser (URL §4.4), whatwg-url's `basicURLParse(input, { baseURL, url,
/// stateOverride, encoding })`, `parseURL` and `parseURLWithValidationErrors`.
///
/// The input buffer holds `input_len` bytes of input, then the URL's strings (`records` has
/// `URL_GIVEN`: slot 0), then the base URL's (`BASE_GIVEN`: slot 1), then `label_len` bytes of
/// an encoding label (`NO_LABEL`: UTF-8), whose output encoding encodes the query (an unknown
/// label is a RangeError). Without the Encoding module (the npm package's url wasm) it is the
/// name of an encoding other than UTF-8 that JS got from the label through the encoding area,
/// as for `urlParseWithErrors`. `state` is 0, or 1 + the state override's index in
/// [`ParserState::ALL`] (JS maps whatwg-url's names, which are [`ParserState::name`]'s).
/// With `collect_errors` the validation errors are in the errors buffer; the input's lone
/// surrogates JS set ([`url_lone_surrogates`](super::url::url_lone_surrogates)) are invalid URL
/// units where the parser validates URL units, as whatwg-url reports them.
///
/// Returns `FAILURE` (0), `PARSED` (1: the record is in the output table and buffer) or, when a
/// URL was given, `FAILURE_MODIFIED` (2: failure, and the given URL as the state machine left
/// it is in the output).
#[wasm_bindgen(js_name = urlBasicParse)]
pub fn url_basic_parse(
    input_len: usize,
    records: u32,
    state: u32,
    label_len: u32,
    collect_errors: bool,
) -> Result<u32, JsValue> {
    let lone_surrogates = take_lone_surrogates();
    with_input_bytes(usize::MAX, |bytes| {
        let text = input_text(bytes);
        let input = text.get(..input_len).unwrap_or("");
        let mut at = input.len();
        let url = (records & URL_GIVEN != 0).then(|| read_record(0, text, &mut at));
        let base = (records & BASE_GIVEN != 0).then(|| read_record(1, text, &mut at));
        let label = (label_len != NO_LABEL).then(|| {
            text.get(at..at.saturating_add(label_len as usize))
                .unwrap_or("")
        });
        let labelled;
        let encoding: Option<&dyn QueryEncoder> = match label {
            None => None,
            Some(label) => {
                labelled = query_encoding(label)?;
                Some(&labelled)
            }
        };
        let state_override = match state {
            NO_STATE_OVERRIDE => None,
            n => ParserState::ALL.get(n as usize - 1).copied(),
        };
        let options = ParseOptions {
            base: base.as_ref(),
            encoding,
            state_override,
        };
        let mut errors = if collect_errors {
            errors_for(&lone_surrogates, 0, input.len())
        } else {
            Errors::off()
        };
        let (status, url) = match url {
            Some(mut given) => match given.basic_parse_in_place(input, options, &mut errors) {
                Ok(()) => (PARSED, Some(given)),
                Err(_) => (FAILURE_MODIFIED, Some(given)),
            },
            None => match Url::basic_parse(input, options, &mut errors) {
                Ok(parsed) => (PARSED, Some(parsed)),
                Err(_) => (FAILURE, None),
            },
        };
        let error_count = ERRORS.with_borrow_mut(|buffer| {
            buffer.clear();
            for error in errors.into_list() {
                buffer.push(error.kind as u32);
                buffer.push(to_u32(utf16_index(input, error.position)));
            }
            buffer.len() / 2
        });
        write_record(url, error_count);
        Ok(status)
    })
}

/// Operations on the record in slot 0 (its strings alone in the input buffer, `len` bytes),
/// each writing a string to the output buffer and returning its length.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum UrlRecordOperation {
    /// The URL serializer (URL §4.5): `serializeURL(url, false)`.
    Serialize,
    /// The URL serializer with exclude fragment: `serializeURL(url, true)`.
    SerializeExcludingFragment,
    /// The host serializer (URL §3.6) on the record's host (`serializeHost(host)`: JS puts the
    /// host in a record with no other fields); "" for a null host.
    SerializeHost,
    /// The ASCII serialization of the URL's origin (URL §4.7, HTML): `serializeURLOrigin`.
    SerializeOrigin,
}

/// Runs `operation` on the record in slot 0, whose strings are the `len` bytes of input.
#[wasm_bindgen(js_name = urlRecordOperation)]
pub fn url_record_operation(operation: UrlRecordOperation, len: usize) -> usize {
    with_input_str(len, |text| {
        let url = read_record(0, text, &mut 0);
        let output = match operation {
            UrlRecordOperation::Serialize => url.into_string(),
            UrlRecordOperation::SerializeExcludingFragment => {
                String::from(url.serialize_excluding_fragment())
            }
            UrlRecordOperation::SerializeHost => String::from(url.hostname()),
            UrlRecordOperation::SerializeOrigin => url.origin().ascii_serialization(),
        };
        set_output(output.into_bytes())
    })
}

/// Whether `input_len` bytes of input are a valid URL string (URL §4.3), with the base URL's
/// strings after them (`has_base`: slot 1): `isValidURLString(input, { baseURL })`.
#[wasm_bindgen(js_name = urlIsValidString)]
pub fn url_is_valid_string(input_len: usize, has_base: bool) -> bool {
    with_input_bytes(usize::MAX, |bytes| {
        let text = input_text(bytes);
        let input = text.get(..input_len).unwrap_or("");
        let base = has_base.then(|| read_record(1, text, &mut input.len()));
        is_valid_url_string(input, base.as_ref())
    })
}

/// UTF-8 percent-encodes `len` bytes of input with the userinfo percent-encode set (set the
/// username / set the password, URL §4.4: JS assigns the result); returns the output's length.
#[wasm_bindgen(js_name = urlEncodeUserinfo)]
pub fn url_encode_userinfo(len: usize) -> usize {
    with_input_str(len, |input| {
        set_output(String::from(utf8_percent_encode(input, &USERINFO)).into_bytes())
    })
}

/// Percent-decodes `len` bytes of input (URL §1.3): `percentDecodeBytes(bytes)`, and
/// `percentDecodeString(string)` on the string's UTF-8; returns the output's length.
#[wasm_bindgen(js_name = urlPercentDecode)]
pub fn url_percent_decode(len: usize) -> usize {
    with_input_bytes(len, |input| set_output(percent_decode(input).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use crate::url::{UrlPath, UrlRecord};
    use alloc::borrow::ToOwned;
    use alloc::vec;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Lays out `texts` in the input buffer one after another.
    fn write_input(texts: &[&str]) {
        let joined = texts.concat();
        let address = io_input(joined.len());
        // SAFETY: io_input just made the input buffer `joined.len()` bytes long at `address`.
        unsafe { core::ptr::copy_nonoverlapping(joined.as_ptr(), address, joined.len()) };
    }

    /// A record's strings and table, as JS writes them (see the module docs).
    fn record_in(record: &UrlRecord) -> (Vec<String>, [u32; RECORD_IN_LEN]) {
        let mut table = [0; RECORD_IN_LEN];
        let mut strings = vec![
            record.scheme.clone(),
            record.username.clone(),
            record.password.clone(),
        ];
        let host = match &record.host {
            None => String::new(),
            Some(Host::Domain(s) | Host::Opaque(s)) => s.clone(),
            Some(_) => String::new(),
        };
        table[HOST_KIND] = record.host.as_ref().map_or(0, |h| h.kind() as u32);
        if let Some(Host::Ipv4(address)) = record.host {
            table[IPV4] = address;
        }
        if let Some(Host::Ipv6(pieces)) = record.host {
            for i in 0..4 {
                table[IPV6_IN + i] = u32::from(pieces[2 * i]) << 16 | u32::from(pieces[2 * i + 1]);
            }
        }
        strings.push(host);
        table[PORT] = record.port.map_or(NONE, u32::from);
        strings.push(record.serialize_path());
        table[PATH_OPAQUE] = u32::from(record.has_opaque_path());
        for (i, value) in [(QUERY_LEN, &record.query), (FRAGMENT_LEN, &record.fragment)] {
            table[i] = value.as_ref().map_or(NONE, |v| v.len() as u32);
            strings.extend(value.clone());
        }
        for (i, s) in [SCHEME_LEN, USERNAME_LEN, PASSWORD_LEN, HOST_LEN, PATH_LEN]
            .into_iter()
            .zip(&strings)
        {
            table[i] = s.len() as u32;
        }
        (strings, table)
    }

    fn set_slot(slot: usize, table: [u32; RECORD_IN_LEN]) {
        let mut all = RECORDS_IN.get();
        all[slot * RECORD_IN_LEN..(slot + 1) * RECORD_IN_LEN].copy_from_slice(&table);
        RECORDS_IN.set(all);
    }

    fn output(len: usize) -> Vec<u8> {
        // SAFETY: the last call left `len` bytes in the output buffer at io_output().
        unsafe { core::slice::from_raw_parts(io_output(), len) }.to_vec()
    }

    /// The record JS slices out of the output (see the module docs).
    fn record_out() -> UrlRecord {
        let out = RECORD_OUT.get();
        let href = String::from_utf8(output(out[HREF_LEN] as usize)).unwrap();
        let units: Vec<u16> = href.encode_utf16().collect();
        let slice = |a: u32, b: u32| String::from_utf16_lossy(&units[a as usize..b as usize]);
        let len = units.len() as u32;
        let c = |i: usize| (out[i] != NONE).then_some(out[i]);
        let host_kind = out[component::FLAGS] & 7;
        let path_end = c(component::SEARCH_START)
            .or(c(component::HASH_START))
            .unwrap_or(len);
        let path = slice(out[component::PATHNAME_START], path_end);
        UrlRecord {
            scheme: slice(0, out[component::PROTOCOL_END] - 1),
            username: if host_kind == 0 {
                String::new()
            } else {
                slice(
                    out[component::PROTOCOL_END] + 2,
                    out[component::USERNAME_END],
                )
            },
            password: if out[component::HOST_START] > out[component::USERNAME_END] + 1 {
                slice(
                    out[component::USERNAME_END] + 1,
                    out[component::HOST_START] - 1,
                )
            } else {
                String::new()
            },
            host: match host_kind {
                0 => None,
                1 => Some(Host::Domain(slice(
                    out[component::HOST_START],
                    out[component::HOST_END],
                ))),
                2 => Some(Host::Ipv4(out[IPV4_OUT])),
                3 => Some(Host::Ipv6(unpack_ipv6(&out[IPV6_OUT..IPV6_OUT + 4]))),
                4 => Some(Host::Opaque(slice(
                    out[component::HOST_START],
                    out[component::HOST_END],
                ))),
                _ => Some(Host::Empty),
            },
            port: c(component::PORT).map(|p| p as u16),
            path: if out[component::FLAGS] & 64 != 0 {
                UrlPath::Opaque(path)
            } else if path.is_empty() {
                UrlPath::Segments(Vec::new())
            } else {
                UrlPath::Segments(path[1..].split('/').map(String::from).collect())
            },
            query: c(component::SEARCH_START)
                .map(|q| slice(q + 1, c(component::HASH_START).unwrap_or(len))),
            fragment: c(component::HASH_START).map(|f| slice(f + 1, len)),
        }
    }

    fn parse(href: &str) -> UrlRecord {
        UrlRecord::basic_parse(href, ParseOptions::default()).unwrap()
    }

    /// `basicURLParse(input, { url, baseURL, stateOverride })` through the crossing.
    fn basic_parse(
        input: &str,
        url: Option<&UrlRecord>,
        base: Option<&UrlRecord>,
        state: Option<ParserState>,
    ) -> (u32, Option<UrlRecord>, Vec<(String, u32)>) {
        let mut texts = vec![input.to_owned()];
        let mut records = 0;
        for (slot, (record, bit)) in [(url, URL_GIVEN), (base, BASE_GIVEN)]
            .into_iter()
            .enumerate()
        {
            if let Some(record) = record {
                let (strings, table) = record_in(record);
                texts.extend(strings);
                set_slot(slot, table);
                records |= bit;
            }
        }
        write_input(&texts.iter().map(String::as_str).collect::<Vec<_>>());
        let state = state.map_or(NO_STATE_OVERRIDE, |s| {
            1 + ParserState::ALL.iter().position(|&t| t == s).unwrap() as u32
        });
        let status = url_basic_parse(input.len(), records, state, NO_LABEL, true).unwrap();
        let record = (status != FAILURE).then(record_out);
        let out = RECORD_OUT.get();
        // SAFETY: the errors buffer holds ERROR_COUNT pairs of u32 at ERRORS_ADDRESS.
        let pairs = unsafe {
            core::slice::from_raw_parts(
                out[ERRORS_ADDRESS] as *const u32,
                2 * out[ERROR_COUNT] as usize,
            )
        }
        .to_vec();
        let names = String::from_utf8(output(url_validation_error_names())).unwrap();
        let names: Vec<&str> = names.split('\n').collect();
        let errors = pairs
            .chunks_exact(2)
            .map(|p| (names[p[0] as usize].to_owned(), p[1]))
            .collect();
        (status, record, errors)
    }

    #[wasm_bindgen_test]
    fn records_cross_both_ways() {
        for href in [
            "https://user:pw@example.com:8080/a/b?q#f",
            "http://192.168.0.1/",
            "http://[1:2::3]:81/x",
            "file:///C:/dir/",
            "sc:opaque path?q",
            "sc://h/",
            "web+demo:/.//not-a-host/",
            "sc:",
        ] {
            let record = parse(href);
            let (status, back, errors) =
                basic_parse("", Some(&record), None, Some(ParserState::Fragment));
            assert_eq!(status, PARSED, "{href}");
            assert!(errors.is_empty());
            assert_eq!(back.unwrap(), record, "{href}");
        }
    }

    #[wasm_bindgen_test]
    fn parse_with_a_base_record_and_errors_in_utf16() {
        let base = parse("https://example.com/dir/file");
        let (status, url, errors) = basic_parse("é\\..\\x y", None, Some(&base), None);
        assert_eq!(status, PARSED);
        assert_eq!(
            url.unwrap().serialize(false),
            "https://example.com/dir/x%20y"
        );
        assert_eq!(errors[0], ("invalid-reverse-solidus".to_owned(), 1));
        let (status, url, _) = basic_parse("x", None, None, None);
        assert_eq!((status, url), (FAILURE, None));
    }

    /// Sets the lone surrogates of the next parse, as JS does.
    fn set_lone_surrogates(offsets: &[u32]) {
        let address = super::super::url::url_lone_surrogates(offsets.len());
        // SAFETY: url_lone_surrogates just made room for `offsets.len()` u32s at `address`.
        unsafe { core::ptr::copy_nonoverlapping(offsets.as_ptr(), address, offsets.len()) };
    }

    #[wasm_bindgen_test]
    fn the_lone_surrogates_js_sets_are_invalid_url_units_of_the_next_parse_only() {
        let input = "https://a.test/\u{FFFD}?\u{FFFD}";
        set_lone_surrogates(&[19]);
        let (status, _, errors) = basic_parse(input, None, None, None);
        assert_eq!(status, PARSED);
        // At UTF-16 index 17: the second U+FFFD.
        assert_eq!(errors, [("invalid-URL-unit".to_owned(), 17)]);
        let (_, _, errors) = basic_parse(input, None, None, None);
        assert!(errors.is_empty(), "{errors:?}");
    }

    #[wasm_bindgen_test]
    fn a_failing_state_override_hands_back_the_modified_url() {
        let url = parse("https://example.com:8080/p");
        let (status, modified, _) = basic_parse(
            "example.org:99999",
            Some(&url),
            None,
            Some(ParserState::Host),
        );
        assert_eq!(status, FAILURE_MODIFIED);
        assert_eq!(
            modified.unwrap().serialize(false),
            "https://example.org:8080/p"
        );
        let (status, same, _) =
            basic_parse("sc:", Some(&url), None, Some(ParserState::SchemeStart));
        assert_eq!((status, same), (PARSED, Some(url)));
    }

    #[wasm_bindgen_test]
    fn a_made_up_record_with_non_ascii_fields_slices_in_utf16() {
        let record = UrlRecord {
            scheme: "sc".into(),
            host: Some(Host::Opaque("hé".into())),
            path: UrlPath::Segments(vec!["💩".into()]),
            query: Some("q".into()),
            ..UrlRecord::default()
        };
        let (status, back, _) = basic_parse("", Some(&record), None, Some(ParserState::Fragment));
        assert_eq!(status, PARSED);
        assert_eq!(RECORD_OUT.get()[HREF_ASCII], 0);
        assert_eq!(back.unwrap(), record);
    }

    #[wasm_bindgen_test]
    fn record_operations() {
        let run = |record: &UrlRecord, operation| {
            let (strings, table) = record_in(record);
            write_input(&strings.iter().map(String::as_str).collect::<Vec<_>>());
            set_slot(0, table);
            let len = url_record_operation(operation, strings.concat().len());
            String::from_utf8(output(len)).unwrap()
        };
        let record = parse("blob:https://[::1]:443/uuid#f");
        assert_eq!(
            run(&record, UrlRecordOperation::Serialize),
            "blob:https://[::1]:443/uuid#f"
        );
        assert_eq!(
            run(&record, UrlRecordOperation::SerializeExcludingFragment),
            "blob:https://[::1]:443/uuid"
        );
        assert_eq!(
            run(&record, UrlRecordOperation::SerializeOrigin),
            "https://[::1]"
        );
        let host = UrlRecord {
            host: Some(Host::Ipv4(0x7F00_0001)),
            ..UrlRecord::default()
        };
        assert_eq!(run(&host, UrlRecordOperation::SerializeHost), "127.0.0.1");
    }

    #[wasm_bindgen_test]
    fn validity_userinfo_and_percent_decoding() {
        let base = parse("sc:opaque");
        let (strings, table) = record_in(&base);
        let mut texts = vec!["#frag"];
        texts.extend(strings.iter().map(String::as_str));
        write_input(&texts);
        set_slot(1, table);
        assert!(url_is_valid_string(5, true));
        write_input(&["?q"]);
        assert!(!url_is_valid_string(2, false));

        write_input(&["a b@c:d"]);
        let len = url_encode_userinfo(7);
        assert_eq!(output(len), b"a%20b%40c%3Ad");
        write_input(&["%41%zz‽"]);
        let len = url_percent_decode("%41%zz‽".len());
        assert_eq!(output(len), "A%zz‽".as_bytes());
    }
}
