//! Infra §7 "Forgiving base64".

use super::code_points::is_ascii_whitespace;
use alloc::{string::String, vec, vec::Vec};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// RFC 4648 Table 1 read backwards: byte → six-bit value, or `INVALID`.
const INVALID: u8 = 0xFF;
static DECODE_TABLE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 64 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// Forgiving-base64 encode: RFC 4648 §4 base64, with padding.
pub fn forgiving_base64_encode(data: &[u8]) -> String {
    // Every byte is from ALPHABET or is '=': ASCII, hence UTF-8.
    String::from_utf8(forgiving_base64_encode_to_ascii(data)).unwrap_or_default()
}

/// [`forgiving_base64_encode`] as the ASCII bytes of the result (what the wasm bindings hand
/// to JS, which needs no UTF-8 check).
pub fn forgiving_base64_encode_to_ascii(data: &[u8]) -> Vec<u8> {
    let mut output = vec![0; data.len().div_ceil(3) * 4];
    // Six bytes make eight characters: two groups per iteration.
    let mut pairs = data.chunks_exact(6);
    let (paired, rest_output) = output.split_at_mut(data.len() / 6 * 8);
    for (pair, octet) in (&mut pairs).zip(paired.chunks_exact_mut(8)) {
        let [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map(|i| u32::from(pair[i]));
        octet[..4].copy_from_slice(&encode_quad(a << 16 | b << 8 | c));
        octet[4..].copy_from_slice(&encode_quad(d << 16 | e << 8 | f));
    }
    let rest = pairs.remainder();
    let mut groups = rest.chunks_exact(3);
    let mut quads = rest_output.chunks_exact_mut(4);
    for (group, quad) in (&mut groups).zip(&mut quads) {
        let n = u32::from(group[0]) << 16 | u32::from(group[1]) << 8 | u32::from(group[2]);
        quad.copy_from_slice(&encode_quad(n));
    }
    // The last, partial group: 1 byte gives 2 characters and "==", 2 bytes give 3 and "=".
    if let Some(quad) = quads.next() {
        let (n, characters) = match *groups.remainder() {
            [a] => (u32::from(a) << 16, 2),
            [a, b] => (u32::from(a) << 16 | u32::from(b) << 8, 3),
            _ => (0, 0),
        };
        quad.copy_from_slice(&encode_quad(n));
        quad[characters..].fill(b'=');
    }
    output
}

fn encode_quad(n: u32) -> [u8; 4] {
    [
        ALPHABET[(n >> 18) as usize & 63],
        ALPHABET[(n >> 12) as usize & 63],
        ALPHABET[(n >> 6) as usize & 63],
        ALPHABET[n as usize & 63],
    ]
}

/// Forgiving-base64 decode: `None` is the spec's failure.
pub fn forgiving_base64_decode(data: &str) -> Option<Vec<u8>> {
    forgiving_base64_decode_utf8(data.as_bytes())
}

/// [`forgiving_base64_decode`] of a string given as its UTF-8 bytes. Any byte that is not
/// ASCII fails (no non-ASCII code point is in the alphabet), so the bytes need not be checked
/// for being valid UTF-8 first.
pub fn forgiving_base64_decode_utf8(data: &[u8]) -> Option<Vec<u8>> {
    // 1. Remove all ASCII whitespace from data. Data rarely has any, so it is first decoded
    //    as it is; whitespace fails that attempt like any byte outside the alphabet, and only
    //    then is it looked for and removed.
    decode_without_whitespace(data).or_else(|| {
        let is_whitespace = |b: &u8| is_ascii_whitespace(char::from(*b));
        if !data.iter().any(is_whitespace) {
            return None;
        }
        let stripped: Vec<u8> = data.iter().copied().filter(|b| !is_whitespace(b)).collect();
        decode_without_whitespace(&stripped)
    })
}

/// Steps 2–9 of forgiving-base64 decode, on data without ASCII whitespace.
fn decode_without_whitespace(mut data: &[u8]) -> Option<Vec<u8>> {
    // The steps count code points; bytes count the same as long as every byte is ASCII, and a
    // non-ASCII code point fails step 4 whatever the count, so counting bytes is equivalent.
    // 2. If data's length divides by 4, remove one or two trailing U+003D (=).
    if data.len().is_multiple_of(4) {
        for _ in 0..2 {
            data = data.strip_suffix(b"=").unwrap_or(data);
        }
    }
    // 3. If data's length % 4 is 1, failure.
    if data.len() % 4 == 1 {
        return None;
    }
    // 4.–9. Every code point must be in the alphabet (non-ASCII UTF-8 bytes never are); decode
    // groups of four into three bytes, then the 12- or 18-bit remainder, dropping its low bits.
    let mut output = vec![0; data.len() / 4 * 3 + (data.len() % 4).saturating_sub(1)];
    // Valid values are below 64 and INVALID has its top bit set, so OR-ing every value tells
    // at the end whether one was invalid, and the loop has no branch but its own.
    let mut values_ored = 0;
    let mut groups = data.chunks_exact(4);
    let mut triples = output.chunks_exact_mut(3);
    for (group, triple) in (&mut groups).zip(&mut triples) {
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| DECODE_TABLE[usize::from(group[i])]);
        values_ored |= a | b | c | d;
        let n = u32::from(a) << 18 | u32::from(b) << 12 | u32::from(c) << 6 | u32::from(d);
        triple.copy_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
    }
    if values_ored & 0x80 != 0 {
        return None;
    }
    let remainder = groups.remainder();
    if !remainder.is_empty() {
        let n = decode_sextets(remainder)? << (6 * (4 - remainder.len()));
        let tail = triples.into_remainder();
        let last = [(n >> 16) as u8, (n >> 8) as u8];
        tail.copy_from_slice(&last[..tail.len()]);
    }
    Some(output)
}

/// Up to three alphabet characters as one big-endian number of six-bit digits.
fn decode_sextets(characters: &[u8]) -> Option<u32> {
    characters
        .iter()
        .try_fold(0u32, |n, &byte| match DECODE_TABLE[byte as usize] {
            INVALID => None,
            value => Some(n << 6 | u32::from(value)),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc4648_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(forgiving_base64_encode(plain.as_bytes()), encoded);
            assert_eq!(forgiving_base64_decode(encoded).unwrap(), plain.as_bytes());
        }
    }

    #[test]
    fn forgiving_rules() {
        assert_eq!(forgiving_base64_decode(" Zm 9v\tYg\n").unwrap(), b"foob");
        assert_eq!(forgiving_base64_decode("Zm9vYg").unwrap(), b"foob");
        assert_eq!(forgiving_base64_decode("ab").unwrap(), [0x69]); // low bits discarded
        assert_eq!(forgiving_base64_decode("Zg="), None); // padding only when length % 4 == 0
        assert_eq!(forgiving_base64_decode("Zg==="), None);
        assert_eq!(forgiving_base64_decode("Zm9vY"), None); // length % 4 == 1
        assert_eq!(forgiving_base64_decode("Zm=v"), None);
        assert_eq!(forgiving_base64_decode("Zm9\u{e9}"), None);
        assert_eq!(forgiving_base64_decode("\x0BZm9v"), None); // VT is not ASCII whitespace
        assert_eq!(forgiving_base64_decode("===="), None);
    }

    #[test]
    fn every_byte_value_round_trips() {
        let data: Vec<u8> = (0..=255).cycle().take(1000).collect();
        for len in 0..data.len() {
            let encoded = forgiving_base64_encode(&data[..len]);
            assert_eq!(forgiving_base64_decode(&encoded).unwrap(), &data[..len]);
        }
    }
}
