//! UTF-8 (§8.1): the UTF-8 decoder. (The UTF-8 encoder is a Rust string's own bytes.)

use super::decoder::{Handled, Handler, Queue, Sink};

/// The UTF-8 decoder's state (§8.1.1).
#[derive(Clone, Debug)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower_boundary: u8,
    upper_boundary: u8,
}

impl Default for Utf8Decoder {
    fn default() -> Self {
        Utf8Decoder {
            code_point: 0,
            bytes_seen: 0,
            bytes_needed: 0,
            lower_boundary: 0x80,
            upper_boundary: 0xBF,
        }
    }
}

impl Utf8Decoder {
    /// Whether the decoder holds no partial sequence.
    pub(crate) fn is_initial(&self) -> bool {
        self.bytes_needed == 0
    }
}

impl Handler for Utf8Decoder {
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled {
        let Some(byte) = byte else {
            // 1. End-of-queue with bytes needed: set bytes needed to 0 and return error.
            if self.bytes_needed != 0 {
                self.bytes_needed = 0;
                return Handled::Error;
            }
            // 2. End-of-queue: finished.
            return Handled::Finished;
        };
        // 3. If UTF-8 bytes needed is 0, based on byte:
        if self.bytes_needed == 0 {
            match byte {
                0x00..=0x7F => return Handled::One(char::from(byte)),
                0xC2..=0xDF => {
                    self.bytes_needed = 1;
                    self.code_point = u32::from(byte & 0x1F);
                }
                0xE0..=0xEF => {
                    if byte == 0xE0 {
                        self.lower_boundary = 0xA0;
                    }
                    if byte == 0xED {
                        self.upper_boundary = 0x9F;
                    }
                    self.bytes_needed = 2;
                    self.code_point = u32::from(byte & 0xF);
                }
                0xF0..=0xF4 => {
                    if byte == 0xF0 {
                        self.lower_boundary = 0x90;
                    }
                    if byte == 0xF4 {
                        self.upper_boundary = 0x8F;
                    }
                    self.bytes_needed = 3;
                    self.code_point = u32::from(byte & 0x7);
                }
                _ => return Handled::Error,
            }
            return Handled::Continue;
        }
        // 4. A byte outside the boundaries: reset, restore the byte, return error.
        if !(self.lower_boundary..=self.upper_boundary).contains(&byte) {
            *self = Utf8Decoder::default();
            queue.restore(&[byte]);
            return Handled::Error;
        }
        // 5.-7. Reset the boundaries, accumulate six bits, count the byte.
        self.lower_boundary = 0x80;
        self.upper_boundary = 0xBF;
        self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
        self.bytes_seen += 1;
        // 8. More bytes needed: continue.
        if self.bytes_seen != self.bytes_needed {
            return Handled::Continue;
        }
        // 9.-11. Return the code point and reset.
        let code_point = self.code_point;
        *self = Utf8Decoder::default();
        Handled::code_point(code_point)
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        if self.bytes_needed != 0 {
            return 0;
        }
        sink.push_valid_utf8(src)
    }

    /// Bytes needed and seen (2 bits each), the boundaries (3 bits: which lead byte set them)
    /// and the code point so far (at most 15 bits: a 4-byte lead's 3 and two trail bytes' 12).
    fn state(&self) -> u32 {
        let boundaries = BOUNDARIES
            .iter()
            .position(|&b| b == (self.lower_boundary, self.upper_boundary))
            .unwrap_or(0) as u32;
        u32::from(self.bytes_needed)
            | (u32::from(self.bytes_seen) << 2)
            | (boundaries << 4)
            | (self.code_point << 7)
    }

    fn set_state(&mut self, state: u32) {
        let bytes_needed = (state & 3) as u8;
        let bytes_seen = ((state >> 2) & 3) as u8;
        let code_point = state >> 7;
        let Some(&(lower, upper)) = BOUNDARIES.get(((state >> 4) & 7) as usize) else {
            return;
        };
        let valid = if bytes_needed == 0 {
            state == 0
        } else {
            bytes_seen < bytes_needed && code_point < 1 << 15
        };
        if valid {
            *self = Utf8Decoder {
                code_point,
                bytes_seen,
                bytes_needed,
                lower_boundary: lower,
                upper_boundary: upper,
            };
        }
    }
}

/// The boundaries the decoder can hold: the default, then those after E0, ED, F0 and F4.
const BOUNDARIES: [(u8, u8); 5] = [
    (0x80, 0xBF),
    (0xA0, 0xBF),
    (0x80, 0x9F),
    (0x90, 0xBF),
    (0x80, 0x8F),
];

/// The complete, valid UTF-8 sequence at the start of `src`, if any: (length, scalar value).
#[inline(always)]
fn sequence(src: &[u8]) -> Option<(usize, u32)> {
    let trail = |b: u8| b & 0xC0 == 0x80;
    let bits = |b: u8| u32::from(b & 0x3F);
    match *src {
        [lead @ 0xE0..=0xEF, second, third, ..]
            if trail(third)
                && match lead {
                    0xE0 => (0xA0..=0xBF).contains(&second),
                    0xED => (0x80..=0x9F).contains(&second),
                    _ => trail(second),
                } =>
        {
            Some((
                3,
                (u32::from(lead & 0xF) << 12) | (bits(second) << 6) | bits(third),
            ))
        }
        [lead @ 0xC2..=0xDF, second, ..] if trail(second) => {
            Some((2, (u32::from(lead & 0x1F) << 6) | bits(second)))
        }
        [lead @ 0xF0..=0xF4, second, third, fourth, ..]
            if trail(third)
                && trail(fourth)
                && match lead {
                    0xF0 => (0x90..=0xBF).contains(&second),
                    0xF4 => (0x80..=0x8F).contains(&second),
                    _ => trail(second),
                } =>
        {
            Some((
                4,
                (u32::from(lead & 0x7) << 18)
                    | (bits(second) << 12)
                    | (bits(third) << 6)
                    | bits(fourth),
            ))
        }
        _ => None,
    }
}

/// The scalar value a complete, valid UTF-8 sequence (ASCII included) at the start of `src`
/// encodes, and its length; None at the end or at anything else.
#[inline(always)]
pub(super) fn next_scalar(src: &[u8]) -> Option<(usize, char)> {
    match *src.first()? {
        lead @ 0..0x80 => Some((1, char::from(lead))),
        _ => sequence(src)
            .and_then(|(length, code_point)| Some((length, char::from_u32(code_point)?))),
    }
}

/// The length of the longest prefix of `src` that is complete, valid UTF-8: what the UTF-8
/// decoder decodes without error. ASCII eight bytes at a time, then sequences back to back.
pub(crate) fn valid_up_to(src: &[u8]) -> usize {
    let mut read = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let Some(&lead) = rest.first() else {
            return read;
        };
        if lead < 0x80 {
            let long = rest.get(..8).is_some_and(super::ascii::is_ascii_word);
            read += if long {
                super::ascii::ascii_prefix_len(rest)
            } else {
                1
            };
            continue;
        }
        let mut rest = rest;
        while let Some((length, _)) = sequence(rest) {
            read += length;
            rest = rest.get(length..).unwrap_or_default();
        }
        if rest.first().is_none_or(|&b| b >= 0x80) {
            return read;
        }
    }
}

/// The longest prefix of `src` that is complete, valid UTF-8, as a `str`.
pub(crate) fn valid_prefix(src: &[u8]) -> &str {
    let valid = src.get(..valid_up_to(src)).unwrap_or_default();
    debug_assert!(core::str::from_utf8(valid).is_ok());
    // SAFETY: `valid_up_to` accepts exactly the sequences `sequence` decodes, which are the
    // well-formed UTF-8 sequences of Unicode's table 3-7 (the standard's UTF-8 decoder
    // boundaries), and ASCII; the tests compare it with `core::str::from_utf8` on every
    // sequence of up to three bytes and every four-byte sequence's boundary cases.
    unsafe { core::str::from_utf8_unchecked(valid) }
}

/// Decodes the longest prefix of `src` that is complete, valid UTF-8 and fits in `dst`;
/// returns (bytes read, units written).
pub(crate) fn decode_valid_prefix_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let Some(&lead) = rest.first() else {
            return (read, written);
        };
        if lead < 0x80 {
            // A long ASCII run word by word; a short one (a space between words) inline.
            let long = rest.get(..8).is_some_and(super::ascii::is_ascii_word);
            let copied = if long {
                super::ascii::widen_ascii(rest, dst.get_mut(written..).unwrap_or_default())
            } else if let Some(slot) = dst.get_mut(written) {
                *slot = u16::from(lead);
                1
            } else {
                0
            };
            if copied == 0 {
                // Output full.
                return (read, written);
            }
            read += copied;
            written += copied;
            continue;
        }
        // Non-ASCII: decode sequences back to back until something else comes.
        let mut rest = rest;
        loop {
            // Runs of two-byte sequences (Cyrillic, Greek, Arabic, Hebrew text) and of
            // three-byte ones outside E0/ED's narrower second-byte ranges (most CJK text) skip
            // the general match.
            while let (Some(&[lead, second]), Some(slot)) =
                (rest.first_chunk::<2>(), dst.get_mut(written))
            {
                if !(second & 0xC0 == 0x80 && matches!(lead, 0xC2..=0xDF)) {
                    break;
                }
                *slot = (u16::from(lead & 0x1F) << 6) | u16::from(second & 0x3F);
                written += 1;
                read += 2;
                rest = rest.get(2..).unwrap_or_default();
            }
            while let (Some(&[lead, second, third]), Some(slot)) =
                (rest.first_chunk::<3>(), dst.get_mut(written))
            {
                let trails = (u16::from(second) << 8 | u16::from(third)) & 0xC0C0 == 0x8080;
                if !(trails && matches!(lead, 0xE1..=0xEC | 0xEE..=0xEF)) {
                    break;
                }
                *slot = (u16::from(lead & 0xF) << 12)
                    | (u16::from(second & 0x3F) << 6)
                    | u16::from(third & 0x3F);
                written += 1;
                read += 3;
                rest = rest.get(3..).unwrap_or_default();
            }
            let Some((length, code_point)) = sequence(rest) else {
                break;
            };
            if code_point >= 0x10000 {
                let Some([high, low]) = dst
                    .get_mut(written..written + 2)
                    .and_then(|s| <&mut [u16; 2]>::try_from(s).ok())
                else {
                    return (read, written);
                };
                let offset = code_point - 0x10000;
                *high = 0xD800 | (offset >> 10) as u16;
                *low = 0xDC00 | (offset & 0x3FF) as u16;
                written += 2;
            } else {
                let Some(slot) = dst.get_mut(written) else {
                    return (read, written);
                };
                *slot = code_point as u16;
                written += 1;
            }
            read += length;
            rest = rest.get(length..).unwrap_or_default();
        }
        if rest.first().is_none_or(|&b| b >= 0x80) {
            // Invalid or incomplete: the handler takes over.
            return (read, written);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn std_valid_up_to(bytes: &[u8]) -> usize {
        core::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), str::len)
    }

    #[test]
    fn validation_agrees_with_the_standard_library_exhaustively() {
        let mut bytes = [0u8; 4];
        for first in 0x80..=0xFFu8 {
            for second in 0..=0xFFu8 {
                for third in 0..=0xFFu8 {
                    bytes[..3].copy_from_slice(&[first, second, third]);
                    assert_eq!(valid_up_to(&bytes[..3]), std_valid_up_to(&bytes[..3]));
                }
                assert_eq!(
                    valid_up_to(&[first, second]),
                    std_valid_up_to(&[first, second])
                );
            }
            for second in 0x80..=0xBFu8 {
                for third in [0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF] {
                    for fourth in [0x00, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                        bytes = [first, second, third, fourth];
                        assert_eq!(valid_up_to(&bytes), std_valid_up_to(&bytes), "{bytes:02X?}");
                    }
                }
            }
        }
        let text = "ascii then \u{E9}\u{4E00}\u{1F600}, and more ascii after it";
        assert_eq!(valid_prefix(text.as_bytes()), text);
        assert_eq!(valid_prefix(b"abc\xE4\xB8"), "abc");
    }

    /// next_scalar's answer, from the standard library: the first character of the valid prefix.
    fn std_next_scalar(bytes: &[u8]) -> Option<(usize, char)> {
        let valid = core::str::from_utf8(&bytes[..std_valid_up_to(bytes)]).ok()?;
        valid.chars().next().map(|c| (c.len_utf8(), c))
    }

    #[test]
    fn next_scalar_agrees_with_the_standard_library_exhaustively() {
        for first in 0..=0xFFu8 {
            for second in 0..=0xFFu8 {
                for third in 0..=0xFFu8 {
                    let bytes = [first, second, third];
                    assert_eq!(next_scalar(&bytes), std_next_scalar(&bytes), "{bytes:02X?}");
                }
            }
            for second in 0x80..=0xBFu8 {
                for fourth in [0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF] {
                    let bytes = [first, second, 0x80, fourth];
                    assert_eq!(next_scalar(&bytes), std_next_scalar(&bytes), "{bytes:02X?}");
                }
            }
        }
        assert_eq!(next_scalar(b""), None);
    }
}
