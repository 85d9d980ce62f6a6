//! Infra §4.6 "Strings": case mapping, isomorphic coding, whitespace handling and splitting.
//!
//! A spec "position variable" is a byte index into the `str`, always on a char boundary.

use super::code_points::{is_ascii_whitespace, is_c0_control};
use alloc::{string::String, vec::Vec};
use core::cmp::Ordering;

/// ASCII lowercase: every ASCII upper alpha replaced by its ASCII lower alpha.
pub fn ascii_lowercase(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// ASCII uppercase: every ASCII lower alpha replaced by its ASCII upper alpha.
pub fn ascii_uppercase(s: &str) -> String {
    s.to_ascii_uppercase()
}

/// ASCII case-insensitive match: equal after ASCII lowercasing both.
pub fn ascii_case_insensitive_eq(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// An ASCII string: every code point is an ASCII code point.
pub fn is_ascii_string(s: &str) -> bool {
    s.is_ascii()
}

/// Isomorphic encode: each code point (≤ U+00FF) becomes the byte of the same value.
/// Returns `None` where the spec's assertion would fail (a code point above U+00FF).
pub fn isomorphic_encode(s: &str) -> Option<Vec<u8>> {
    isomorphic_encode_utf8(s.as_bytes())
}

/// [`isomorphic_encode`] of a string given as its UTF-8 bytes. Works on them directly:
/// U+0000..U+007F are one byte, U+0080..U+00FF are the two-byte sequences led by 0xC2 or 0xC3,
/// and any other lead byte is a code point above U+00FF (or not UTF-8), hence `None`.
pub fn isomorphic_encode_utf8(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut output = Vec::with_capacity(bytes.len());
    let mut position = 0;
    while let Some(&byte) = bytes.get(position) {
        if byte < 0x80 {
            output.push(byte);
            position += 1;
        } else if byte == 0xC2 || byte == 0xC3 {
            let continuation = bytes.get(position + 1)?;
            output.push((byte & 0x03) << 6 | continuation & 0x3F);
            position += 2;
        } else {
            return None;
        }
    }
    Some(output)
}

/// Isomorphic decode: each byte becomes the code point of the same value.
pub fn isomorphic_decode(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// Strip newlines: remove every U+000A LF and U+000D CR.
pub fn strip_newlines(s: &str) -> String {
    s.chars().filter(|&c| c != '\n' && c != '\r').collect()
}

/// Normalize newlines: CR LF and lone CR both become LF.
pub fn normalize_newlines(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

/// Strip leading and trailing ASCII whitespace.
pub fn strip_leading_and_trailing_ascii_whitespace(s: &str) -> &str {
    s.trim_matches(is_ascii_whitespace)
}

/// Strip leading and trailing C0 control or space (the URL parser's first step).
pub fn strip_leading_and_trailing_c0_control_or_space(s: &str) -> &str {
    s.trim_matches(|c| is_c0_control(c) || c == ' ')
}

/// Strip and collapse ASCII whitespace: runs of ASCII whitespace become one U+0020 SPACE,
/// then leading and trailing whitespace is removed.
pub fn strip_and_collapse_ascii_whitespace(s: &str) -> String {
    split_on_ascii_whitespace(s).collect::<Vec<_>>().join(" ")
}

/// Collect a sequence of code points meeting `condition`, starting at `*position` and
/// advancing it past them.
pub fn collect_code_points<'a>(
    input: &'a str,
    position: &mut usize,
    condition: impl Fn(char) -> bool,
) -> &'a str {
    let start = *position;
    let rest = &input[start..];
    let len = rest.find(|c| !condition(c)).unwrap_or(rest.len());
    *position = start + len;
    &input[start..*position]
}

/// Skip ASCII whitespace: collect and discard ASCII whitespace at `*position`.
pub fn skip_ascii_whitespace(input: &str, position: &mut usize) {
    collect_code_points(input, position, is_ascii_whitespace);
}

/// Strictly split a string on `delimiter`: every delimiter starts a new token, so empty
/// tokens are kept and nothing is trimmed.
pub fn strictly_split(input: &str, delimiter: char) -> impl Iterator<Item = &str> {
    input.split(delimiter)
}

/// Split a string on ASCII whitespace: the non-empty runs between ASCII whitespace.
pub fn split_on_ascii_whitespace(input: &str) -> impl Iterator<Item = &str> {
    input
        .split(is_ascii_whitespace)
        .filter(|token| !token.is_empty())
}

/// Split a string on commas: tokens between U+002C (,) with ASCII whitespace stripped.
/// Empty tokens between commas are kept, but the spec's loop ends at the end of the input,
/// so the empty string gives no token and a trailing comma adds none.
pub fn split_on_commas(input: &str) -> impl Iterator<Item = &str> {
    let body = (!input.is_empty()).then(|| input.strip_suffix(',').unwrap_or(input));
    body.into_iter()
        .flat_map(|body| body.split(','))
        .map(strip_leading_and_trailing_ascii_whitespace)
}

/// Code unit less than: compares as sequences of UTF-16 code units, which orders astral
/// characters below U+E000..U+FFFF unlike a comparison by code point.
pub fn code_unit_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// `n`'s decimal digits, written at the end of `buffer` (u64::MAX has 20): the slice holding
/// them. Not an Infra term: the serializers' and the encoders' shared way to write numbers
/// without `core::fmt`, whose machinery would otherwise stay in each wasm that formats one.
#[cfg(any(
    feature = "url",
    feature = "html",
    feature = "encoding",
    feature = "data-url"
))]
pub(crate) fn decimal_digits(n: u64, buffer: &mut [u8; 20]) -> &[u8] {
    let mut len = 0;
    let mut rest = n;
    for slot in buffer.iter_mut().rev() {
        *slot = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    buffer.get(buffer.len() - len..).unwrap_or_default()
}

/// Appends `n` in decimal.
#[cfg(any(
    feature = "url",
    feature = "html",
    feature = "html-encoding-sniffing",
    feature = "data-url"
))]
pub(crate) fn push_decimal(out: &mut String, n: u64) {
    push_zero_padded_decimal(out, n, 1);
}

/// Appends `n` in decimal with leading zeros to at least `min_digits` digits ("0007" for 7
/// and 4): the dates' and times' fixed-width fields.
#[cfg(any(
    feature = "url",
    feature = "html",
    feature = "html-encoding-sniffing",
    feature = "data-url"
))]
pub(crate) fn push_zero_padded_decimal(out: &mut String, n: u64, min_digits: usize) {
    let mut buffer = [0; 20];
    let digits = decimal_digits(n, &mut buffer);
    out.extend(core::iter::repeat_n(
        '0',
        min_digits.saturating_sub(digits.len()),
    ));
    out.extend(digits.iter().map(|&digit| char::from(digit)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn isomorphic_round_trip() {
        let bytes: Vec<u8> = (0..=255).collect();
        let text = isomorphic_decode(&bytes);
        assert_eq!(text.chars().count(), 256);
        assert_eq!(isomorphic_encode(&text).unwrap(), bytes);
        assert_eq!(isomorphic_encode("\u{100}"), None);
    }

    #[test]
    fn whitespace_helpers() {
        assert_eq!(
            strip_leading_and_trailing_ascii_whitespace("\t a b \x0C"),
            "a b"
        );
        assert_eq!(
            strip_leading_and_trailing_ascii_whitespace("\x0B a\x0B"),
            "\x0B a\x0B"
        );
        assert_eq!(
            strip_and_collapse_ascii_whitespace("  a \n\t b  c "),
            "a b c"
        );
        assert_eq!(strip_newlines("a\r\nb\nc\r"), "abc");
        assert_eq!(normalize_newlines("a\r\nb\rc\n"), "a\nb\nc\n");
        assert_eq!(
            strip_leading_and_trailing_c0_control_or_space("\x00 a\x1F "),
            "a"
        );
    }

    #[test]
    fn splitting() {
        assert_eq!(
            split_on_ascii_whitespace(" a  b\tc ").collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        assert_eq!(
            split_on_commas(" a , ,b").collect::<Vec<_>>(),
            ["a", "", "b"]
        );
        assert_eq!(split_on_commas("").count(), 0);
        assert_eq!(split_on_commas(",").collect::<Vec<_>>(), [""]);
        assert_eq!(split_on_commas("a, ").collect::<Vec<_>>(), ["a", ""]);
        assert_eq!(split_on_commas("a,").collect::<Vec<_>>(), ["a"]);
        assert_eq!(split_on_commas("a,,").collect::<Vec<_>>(), ["a", ""]);
        assert_eq!(
            strictly_split("a,,b", ',').collect::<Vec<_>>(),
            ["a", "", "b"]
        );
    }

    #[test]
    fn collecting_with_a_position() {
        let input = "  123abc";
        let mut position = 0;
        skip_ascii_whitespace(input, &mut position);
        assert_eq!(
            collect_code_points(input, &mut position, |c| c.is_ascii_digit()),
            "123"
        );
        assert_eq!(&input[position..], "abc");
    }

    #[test]
    fn code_unit_order_differs_from_code_point_order() {
        assert_eq!(code_unit_cmp("\u{1F600}", "\u{FFFD}"), Ordering::Less);
        assert_eq!(code_unit_cmp("a", "b"), Ordering::Less);
        assert!(
            ascii_case_insensitive_eq("HeLLo", "hello") && !ascii_case_insensitive_eq("ß", "SS")
        );
        assert_eq!(ascii_lowercase("ÀB"), "Àb");
        assert_eq!(ascii_uppercase("àb"), "àB");
        assert!(is_ascii_string("abc") && !is_ascii_string("é"));
    }

    #[test]
    #[cfg(any(
        feature = "url",
        feature = "html",
        feature = "html-encoding-sniffing",
        feature = "data-url"
    ))]
    fn decimals_match_core_fmt() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            100,
            999,
            1000,
            65535,
            4_294_967_295,
            u64::MAX,
        ] {
            let mut out = String::new();
            push_decimal(&mut out, n);
            assert_eq!(out, n.to_string());
            for width in [0, 2, 3, 4, 25] {
                let mut out = String::from("x");
                push_zero_padded_decimal(&mut out, n, width);
                assert_eq!(out, format!("x{n:0width$}"));
            }
        }
    }
}
