//! Infra §7 "Forgiving base64".

use super::code_points::is_ascii_whitespace;
use std::borrow::Cow;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// RFC 4648 Table 1 read backwards: byte → six-bit value, or `INVALID`.
const INVALID: u8 = 0xFF;
const DECODE_TABLE: [u8; 256] = {
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
    let mut output = Vec::with_capacity(data.len().div_ceil(3) * 4);
    let mut chunks = data.chunks_exact(3);
    for chunk in &mut chunks {
        let n = u32::from(chunk[0]) << 16 | u32::from(chunk[1]) << 8 | u32::from(chunk[2]);
        output.extend_from_slice(&[
            ALPHABET[(n >> 18) as usize & 63],
            ALPHABET[(n >> 12) as usize & 63],
            ALPHABET[(n >> 6) as usize & 63],
            ALPHABET[n as usize & 63],
        ]);
    }
    match *chunks.remainder() {
        [a] => {
            let n = u32::from(a) << 16;
            output.extend_from_slice(&[
                ALPHABET[(n >> 18) as usize & 63],
                ALPHABET[(n >> 12) as usize & 63],
                b'=',
                b'=',
            ]);
        }
        [a, b] => {
            let n = u32::from(a) << 16 | u32::from(b) << 8;
            output.extend_from_slice(&[
                ALPHABET[(n >> 18) as usize & 63],
                ALPHABET[(n >> 12) as usize & 63],
                ALPHABET[(n >> 6) as usize & 63],
                b'=',
            ]);
        }
        _ => {}
    }
    // Every byte pushed comes from ALPHABET or is '=': ASCII, hence UTF-8.
    String::from_utf8(output).unwrap_or_default()
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
    // 4.–9. Every code point must be in the alphabet (non-ASCII UTF-8 bytes never are);
    // decode groups of four, then the 12- or 18-bit remainder, discarding its low bits.
    let mut output = Vec::with_capacity(data.len() / 4 * 3 + 2);
    let mut groups = data.chunks_exact(4);
    for group in &mut groups {
        let (a, b, c, d) = (
            DECODE_TABLE[group[0] as usize],
            DECODE_TABLE[group[1] as usize],
            DECODE_TABLE[group[2] as usize],
            DECODE_TABLE[group[3] as usize],
        );
        if a.max(b).max(c).max(d) == INVALID {
            return None;
        }
        let n = u32::from(a) << 18 | u32::from(b) << 12 | u32::from(c) << 6 | u32::from(d);
        output.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
    }
    let mut buffer = 0u32;
    let remainder = groups.remainder();
    for &byte in remainder {
        let value = DECODE_TABLE[byte as usize];
        if value == INVALID {
            return None;
        }
        buffer = buffer << 6 | u32::from(value);
    }
    match remainder.len() {
        2 => output.push((buffer >> 4) as u8),
        3 => output.extend_from_slice(&[(buffer >> 10) as u8, (buffer >> 2) as u8]),
        _ => {}
    }
    Some(output)
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
