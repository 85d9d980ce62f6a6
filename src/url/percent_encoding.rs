//! URL §1.3 "Percent-encoded bytes": the percent-encode sets, percent-decode, and
//! percent-encode after encoding with a pluggable query encoder.

use crate::infra::strings::push_decimal;
use alloc::borrow::Cow;
use alloc::{string::String, vec::Vec};

/// A percent-encode set: a set of ASCII code points plus, always, every code point above
/// U+007E (~) (each set in the spec includes the C0 control percent-encode set). Kept as a
/// 256-bit table over UTF-8 code units, with every byte of a non-ASCII code point set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PercentEncodeSet {
    /// Bit `b % 64` of `bits[b / 64]` says whether byte `b` is encoded.
    bits: [u64; 4],
}

impl PercentEncodeSet {
    const fn with(mut self, byte: u8) -> Self {
        self.bits[(byte / 64) as usize] |= 1 << (byte % 64);
        self
    }

    const fn with_all(mut self, bytes: &[u8]) -> Self {
        let mut i = 0;
        while i < bytes.len() {
            self = self.with(bytes[i]);
            i += 1;
        }
        self
    }

    /// Whether the byte `byte` (a UTF-8 code unit) is encoded by this set. Every byte of a
    /// non-ASCII code point is.
    #[inline(always)]
    pub const fn contains(&self, byte: u8) -> bool {
        self.bits[(byte / 64) as usize] & (1 << (byte % 64)) != 0
    }
}

const fn c0_control_set() -> PercentEncodeSet {
    let mut set = PercentEncodeSet {
        bits: [0, 0, u64::MAX, u64::MAX],
    };
    let mut b = 0;
    while b < 0x20 {
        set = set.with(b);
        b += 1;
    }
    set.with(0x7F)
}

/// The C0 control percent-encode set: C0 controls and all code points above U+007E (~).
pub const C0_CONTROL: PercentEncodeSet = c0_control_set();
/// The fragment percent-encode set.
pub const FRAGMENT: PercentEncodeSet = C0_CONTROL.with_all(b" \"<>`");
/// The query percent-encode set.
pub const QUERY: PercentEncodeSet = C0_CONTROL.with_all(b" \"#<>");
/// The special-query percent-encode set.
pub const SPECIAL_QUERY: PercentEncodeSet = QUERY.with(b'\'');
/// The path percent-encode set.
pub const PATH: PercentEncodeSet = QUERY.with_all(b"?^`{}");
/// The userinfo percent-encode set.
pub const USERINFO: PercentEncodeSet = PATH.with_all(b"/:;=@[\\]|");
/// The component percent-encode set (JavaScript's `encodeURIComponent()`).
pub const COMPONENT: PercentEncodeSet = USERINFO.with_all(b"$%&+,");
/// The application/x-www-form-urlencoded percent-encode set.
pub const APPLICATION_X_WWW_FORM_URLENCODED: PercentEncodeSet = COMPONENT.with_all(b"!'()~");

pub(crate) const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Percent-encode a byte: "%" followed by two ASCII upper hex digits, appended to `output`.
#[inline]
pub fn percent_encode_byte(byte: u8, output: &mut String) {
    output.push('%');
    output.push(char::from(UPPER_HEX[usize::from(byte >> 4)]));
    output.push(char::from(UPPER_HEX[usize::from(byte & 0xF)]));
}

/// Appends `bytes` (UTF-8 of a scalar value string, or an encoder's output) to `output`,
/// percent-encoding those in `set`. Runs of bytes outside the set are copied at once.
#[inline]
pub(crate) fn percent_encode_bytes_into(bytes: &[u8], set: &PercentEncodeSet, output: &mut String) {
    // SAFETY: only ASCII is appended: bytes outside `set` (every set contains all bytes
    // >= 0x80) and "%" with two hex digits. ASCII is UTF-8, so `output` stays valid.
    let out = unsafe { output.as_mut_vec() };
    out.reserve(bytes.len());
    let mut run_start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        if set.contains(byte) {
            out.extend_from_slice(&bytes[run_start..i]);
            out.extend_from_slice(&[
                b'%',
                UPPER_HEX[usize::from(byte >> 4)],
                UPPER_HEX[usize::from(byte & 0xF)],
            ]);
            run_start = i + 1;
        }
    }
    out.extend_from_slice(&bytes[run_start..]);
}

/// Hex value of an ASCII hex digit byte.
#[inline(always)]
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// Percent-decode a byte sequence (URL §1.3): each "%" followed by two ASCII hex digits becomes
/// the byte they name; every other byte stays. Borrows when there is nothing to decode.
///
/// ```
/// use webweft::url::percent_encoding::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G%7e\xFF"), b"%%s%1G~\xFF");
/// ```
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.contains(&b'%') {
        return Cow::Borrowed(input);
    }
    let Some(first) = input.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(input);
    };
    let mut output = Vec::with_capacity(input.len());
    output.extend_from_slice(&input[..first]);
    let mut i = first;
    while let Some(&byte) = input.get(i) {
        i += 1;
        if byte == b'%'
            && let (Some(high), Some(low)) = (
                input.get(i).copied().and_then(hex_value),
                input.get(i + 1).copied().and_then(hex_value),
            )
        {
            output.push(high << 4 | low);
            i += 2;
            continue;
        }
        output.push(byte);
    }
    Cow::Owned(output)
}

/// Percent-decode a scalar value string (URL §1.3): percent-decode its UTF-8 encoding.
///
/// ```
/// use webweft::url::percent_encoding::percent_decode_str;
/// assert_eq!(&*percent_decode_str("‽%25%2E"), b"\xE2\x80\xBD%.");
/// ```
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}

/// UTF-8 percent-encode a scalar value string using `set`. Borrows when nothing is encoded.
pub fn utf8_percent_encode<'a>(input: &'a str, set: &PercentEncodeSet) -> Cow<'a, str> {
    match input.bytes().position(|b| set.contains(b)) {
        None => Cow::Borrowed(input),
        Some(_) => {
            let mut output = String::with_capacity(input.len() + 8);
            percent_encode_bytes_into(input.as_bytes(), set, &mut output);
            Cow::Owned(output)
        }
    }
}

/// UTF-8 percent-encode a scalar value using `set`, appending to `output`.
pub fn utf8_percent_encode_code_point(
    code_point: char,
    set: &PercentEncodeSet,
    output: &mut String,
) {
    let mut buffer = [0; 4];
    percent_encode_bytes_into(code_point.encode_utf8(&mut buffer).as_bytes(), set, output);
}

/// One piece of an encoder's output for [`QueryEncoder::encode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodedPiece<'a> {
    /// Bytes the encoder produced.
    Bytes(&'a [u8]),
    /// A code point the encoding cannot represent ("encode or fail" returned an error).
    Unmappable(char),
}

/// The encoding the URL parser's query state and the application/x-www-form-urlencoded
/// serializer encode with (the spec's `encoding` argument, already passed through the
/// Encoding Standard's "get an output encoding"). UTF-8 is [`Utf8`], the default; the
/// Encoding module provides implementations for the legacy encodings.
pub trait QueryEncoder {
    /// True for UTF-8, which the parser then handles on its own fast path.
    fn is_utf8(&self) -> bool {
        false
    }

    /// Runs "encode or fail" repeatedly over `input` with ONE fresh encoder (the
    /// ISO-2022-JP encoder is stateful, so the whole input must go through one call),
    /// passing each run of output bytes and each unmappable code point to `sink`, in order.
    fn encode(&self, input: &str, sink: &mut dyn FnMut(EncodedPiece<'_>));
}

/// The UTF-8 encoding.
#[derive(Clone, Copy, Debug, Default)]
pub struct Utf8;

impl QueryEncoder for Utf8 {
    fn is_utf8(&self) -> bool {
        true
    }

    fn encode(&self, input: &str, sink: &mut dyn FnMut(EncodedPiece<'_>)) {
        sink(EncodedPiece::Bytes(input.as_bytes()))
    }
}

/// Percent-encode after encoding, appending to `output`. `set` must include all non-ASCII
/// code points (every set in this module does).
pub fn percent_encode_after_encoding(
    encoding: &dyn QueryEncoder,
    input: &str,
    set: &PercentEncodeSet,
    space_as_plus: bool,
    output: &mut String,
) {
    if encoding.is_utf8() && !space_as_plus {
        percent_encode_bytes_into(input.as_bytes(), set, output);
        return;
    }
    encoding.encode(input, &mut |piece| match piece {
        EncodedPiece::Bytes(bytes) => {
            if space_as_plus {
                for chunk in bytes.split(|&b| b == b' ').enumerate() {
                    if chunk.0 > 0 {
                        output.push('+');
                    }
                    percent_encode_bytes_into(chunk.1, set, output);
                }
            } else {
                percent_encode_bytes_into(bytes, set, output);
            }
        }
        EncodedPiece::Unmappable(code_point) => {
            // "%26%23", the code point in decimal, "%3B": an escaped "&#NNNN;".
            output.push_str("%26%23");
            push_decimal(output, code_point.into());
            output.push_str("%3B");
        }
    });
}

/// UTF-8 percent-encode a scalar value string using `set`, appending to `output`.
pub fn utf8_percent_encode_into(input: &str, set: &PercentEncodeSet, output: &mut String) {
    percent_encode_bytes_into(input.as_bytes(), set, output);
}

#[cfg(test)]
mod tests {
    use super::*;

    struct ShiftJisLike;
    // A two-mapping toy encoder standing in for Shift_JIS to test the hook's contract.
    impl QueryEncoder for ShiftJisLike {
        fn encode(&self, input: &str, sink: &mut dyn FnMut(EncodedPiece<'_>)) {
            for c in input.chars() {
                match c {
                    '≡' => sink(EncodedPiece::Bytes(&[0x81, 0xDF])),
                    c if c.is_ascii() => sink(EncodedPiece::Bytes(&[c as u8])),
                    c => sink(EncodedPiece::Unmappable(c)),
                }
            }
        }
    }

    #[test]
    fn spec_summary_table() {
        let mut out = String::new();
        percent_encode_byte(0x23, &mut out);
        percent_encode_byte(0x7F, &mut out);
        assert_eq!(out, "%23%7F");
        assert_eq!(&*percent_decode(b"%25%s%1G"), b"%%s%1G");
        assert_eq!(&*percent_decode_str("‽%25%2E"), b"\xE2\x80\xBD\x25\x2E");
        let mut out = String::new();
        percent_encode_after_encoding(&ShiftJisLike, " ", &USERINFO, false, &mut out);
        assert_eq!(out, "%20");
        out.clear();
        percent_encode_after_encoding(&ShiftJisLike, "≡", &USERINFO, false, &mut out);
        assert_eq!(out, "%81%DF");
        out.clear();
        percent_encode_after_encoding(&ShiftJisLike, "‽", &USERINFO, false, &mut out);
        assert_eq!(out, "%26%238253%3B");
        out.clear();
        percent_encode_after_encoding(&ShiftJisLike, "1+1 ≡ 2%20‽", &USERINFO, true, &mut out);
        assert_eq!(out, "1+1+%81%DF+2%20%26%238253%3B");
        out.clear();
        utf8_percent_encode_code_point('≡', &USERINFO, &mut out);
        utf8_percent_encode_code_point('‽', &USERINFO, &mut out);
        assert_eq!(out, "%E2%89%A1%E2%80%BD");
        assert_eq!(
            utf8_percent_encode("Say what‽", &USERINFO),
            "Say%20what%E2%80%BD"
        );
    }

    #[test]
    fn sets_match_their_definitions() {
        let form = APPLICATION_X_WWW_FORM_URLENCODED;
        for b in 0..=0x7Fu8 {
            let unreserved = b.is_ascii_alphanumeric() || b"*-._".contains(&b);
            assert_eq!(form.contains(b), !unreserved, "{b:#x}");
        }
        assert!(COMPONENT.contains(b'%') && !USERINFO.contains(b'%'));
        assert!(SPECIAL_QUERY.contains(b'\'') && !QUERY.contains(b'\''));
        assert!(FRAGMENT.contains(b'`') && !QUERY.contains(b'`') && PATH.contains(b'`'));
        assert!(
            C0_CONTROL.contains(0x7F) && !C0_CONTROL.contains(b'~') && C0_CONTROL.contains(0x80)
        );
    }
}
