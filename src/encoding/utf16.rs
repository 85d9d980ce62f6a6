//! UTF-16BE/LE (§14.2–14.4): the shared UTF-16 decoder.

use super::decoder::{Handled, Handler, Queue, Sink};
use crate::infra::code_points::{is_leading_surrogate, is_trailing_surrogate};

/// The shared UTF-16 decoder's state (§14.2.1).
#[derive(Clone, Debug)]
pub(crate) struct Utf16Decoder {
    leading_byte: Option<u8>,
    leading_surrogate: Option<u16>,
    is_utf16be: bool,
}

impl Utf16Decoder {
    pub(crate) fn new(is_utf16be: bool) -> Self {
        Utf16Decoder {
            leading_byte: None,
            leading_surrogate: None,
            is_utf16be,
        }
    }

    fn unit(&self, first: u8, second: u8) -> u16 {
        if self.is_utf16be {
            u16::from_be_bytes([first, second])
        } else {
            u16::from_le_bytes([first, second])
        }
    }
}

impl Handler for Utf16Decoder {
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled {
        let Some(byte) = byte else {
            // 1.-2. End-of-queue: error if a byte or surrogate is held, else finished.
            if self.leading_byte.is_some() || self.leading_surrogate.is_some() {
                self.leading_byte = None;
                self.leading_surrogate = None;
                return Handled::Error;
            }
            return Handled::Finished;
        };
        // 3. No leading byte: keep this one.
        let Some(leading_byte) = self.leading_byte else {
            self.leading_byte = Some(byte);
            return Handled::Continue;
        };
        // 4.-5. The code unit, in the decoder's byte order.
        let code_unit = self.unit(leading_byte, byte);
        self.leading_byte = None;
        // 6. A leading surrogate is held.
        if let Some(leading_surrogate) = self.leading_surrogate.take() {
            if is_trailing_surrogate(u32::from(code_unit)) {
                let scalar = 0x10000
                    + ((u32::from(leading_surrogate) - 0xD800) << 10)
                    + (u32::from(code_unit) - 0xDC00);
                return Handled::code_point(scalar);
            }
            // Restore the unit's two bytes, in input order, and return error.
            queue.restore(&[leading_byte, byte]);
            return Handled::Error;
        }
        // 7. A leading surrogate: hold it.
        if is_leading_surrogate(u32::from(code_unit)) {
            self.leading_surrogate = Some(code_unit);
            return Handled::Continue;
        }
        // 8. A lone trailing surrogate: error.
        if is_trailing_surrogate(u32::from(code_unit)) {
            return Handled::Error;
        }
        // 9. Return code point codeUnit.
        Handled::code_point(u32::from(code_unit))
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        if self.leading_byte.is_some() || self.leading_surrogate.is_some() {
            return 0;
        }
        let mut read = 0;
        while sink.remaining() >= S::MAX_STEP {
            let Some(&[a, b]) = src.get(read..read + 2) else {
                break;
            };
            let unit = self.unit(a, b);
            if !(0xD800..=0xDFFF).contains(&unit) {
                sink.push_bmp(unit);
                read += 2;
                continue;
            }
            // A surrogate pair in full, or stop for the handler.
            let Some(&[c, d]) = src.get(read + 2..read + 4) else {
                break;
            };
            let trailing = self.unit(c, d);
            if !is_leading_surrogate(u32::from(unit)) || !is_trailing_surrogate(u32::from(trailing))
            {
                break;
            }
            let scalar =
                0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(trailing) - 0xDC00);
            sink.push(char::from_u32(scalar).unwrap_or('\u{FFFD}'));
            read += 4;
        }
        read
    }

    /// The leading byte (bit 8 says there is one) and the leading surrogate (bit 9 says there
    /// is one; bits 10-19 are its offset from U+D800).
    fn state(&self) -> u32 {
        self.leading_byte.map_or(0, |byte| 0x100 | u32::from(byte))
            | self
                .leading_surrogate
                .map_or(0, |unit| 0x200 | (u32::from(unit - 0xD800) << 10))
    }

    fn set_state(&mut self, state: u32) {
        let no_byte = state & 0x100 == 0 && state & 0xFF != 0;
        let no_surrogate = state & 0x200 == 0 && state >> 10 != 0;
        if state >> 20 != 0 || no_byte || no_surrogate {
            return;
        }
        self.leading_byte = (state & 0x100 != 0).then_some(state as u8);
        self.leading_surrogate = (state & 0x200 != 0).then_some(0xD800 + (state >> 10) as u16);
    }
}
