//! Infra §7 "Forgiving base64".

use super::code_points::is_ascii_whitespace;
use std::borrow::Cow;

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
    let mut output = vec![0; data.len().div_ceil(3) * 4];
    let mut groups = data.chunks_exact(3);
    let mut quads = output.chunks_exact_mut(4);
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
    // Every byte is from ALPHABET or is '=': ASCII, hence UTF-8.
    String::from_utf8(output).unwrap_or_default()
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
    // 1. Remove all ASCII whitespace from data (no copy when there is none, the usual case).
    let bytes = data.as_bytes();
    let mut data: Cow<[u8]> = if bytes.iter().any(|&b| is_ascii_whitespace(char::from(b))) {
        Cow::Owned(
            bytes
                .iter()
                .copied()
                .filter(|&b| !is_ascii_whitespace(char::from(b)))
                .collect(),
        )
    } else {
        Cow::Borrowed(bytes)
    };
    // The steps count code points; bytes count the same as long as every byte is ASCII, and a
    // non-ASCII code point fails step 4 whatever the count, so counting bytes is equivalent.
    // 2. If data's length divides by 4, remove one or two trailing U+003D (=).
    if data.len() % 4 == 0 {
        let padding = data
            .iter()
            .rev()
            .take(2)
            .take_while(|&&b| b == b'=')
            .count();
        let unpadded = data.len() - padding;
        match &mut data {
            Cow::Borrowed(slice) => *slice = &slice[..unpadded],
            Cow::Owned(vec) => vec.truncate(unpadded),
        }
    }
    // 3. If data's length % 4 is 1, failure.
    if data.len() % 4 == 1 {
        return None;
    }
    // 4.–9. Every code point must be in the alphabet (non-ASCII UTF-8 bytes never are); decode
    // groups of four into three bytes, then the 12- or 18-bit remainder, dropping its low bits.
    let mut output = vec![0; data.len() / 4 * 3 + (data.len() % 4).saturating_sub(1)];
    let mut groups = data.chunks_exact(4);
    let mut triples = output.chunks_exact_mut(3);
    for (group, triple) in (&mut groups).zip(&mut triples) {
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| DECODE_TABLE[group[i] as usize]);
        // Valid values are below 64; INVALID has the top bit set: one test for all four.
        if (a | b | c | d) & 0x80 != 0 {
            return None;
        }
        let n = u32::from(a) << 18 | u32::from(b) << 12 | u32::from(c) << 6 | u32::from(d);
        triple.copy_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
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
