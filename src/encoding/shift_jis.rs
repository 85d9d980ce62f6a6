//! Shift_JIS (§12.3).

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::index;

/// The Shift_JIS decoder's state (§12.3.1), plus its index.
#[derive(Clone, Debug)]
pub(crate) struct ShiftJisDecoder {
    leading: u8,
    index: &'static [u16],
}

impl ShiftJisDecoder {
    pub(crate) fn new() -> Self {
        ShiftJisDecoder {
            leading: 0,
            index: index::jis0208(),
        }
    }

    fn pointer(leading: u8, byte: u8) -> Option<usize> {
        let offset = if byte < 0x7F { 0x40 } else { 0x41 };
        let leading_offset = if leading < 0xA0 { 0x81 } else { 0xC1 };
        matches!(byte, 0x40..=0x7E | 0x80..=0xFC)
            .then(|| usize::from(leading - leading_offset) * 188 + usize::from(byte - offset))
    }

    /// Steps 3.7–3.9 for a pointer: EUDC Private Use, then index jis0208.
    fn code_point(&self, pointer: usize) -> Option<u32> {
        if (8836..=10715).contains(&pointer) {
            return Some(0xE000 - 8836 + pointer as u32);
        }
        index::code_point(self.index, pointer)
    }
}

impl Handler for ShiftJisDecoder {
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled {
        let Some(byte) = byte else {
            // 1.-2. End-of-queue: error if a leading byte is held, else finished.
            if self.leading != 0 {
                self.leading = 0;
                return Handled::Error;
            }
            return Handled::Finished;
        };
        // 3. A leading byte is held.
        if self.leading != 0 {
            let leading = self.leading;
            self.leading = 0;
            let code_point = Self::pointer(leading, byte).and_then(|p| self.code_point(p));
            if let Some(code_point) = code_point {
                return Handled::code_point(code_point);
            }
            if byte < 0x80 {
                queue.restore(&[byte]);
            }
            return Handled::Error;
        }
        match byte {
            // 4. An ASCII byte or 0x80: its code point.
            0x00..=0x80 => Handled::One(char::from(byte)),
            // 5. Halfwidth katakana.
            0xA1..=0xDF => Handled::code_point(0xFF61 - 0xA1 + u32::from(byte)),
            // 6. A leading byte: hold it.
            0x81..=0x9F | 0xE0..=0xFC => {
                self.leading = byte;
                Handled::Continue
            }
            // 7. Error.
            _ => Handled::Error,
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        if self.leading != 0 {
            return 0;
        }
        sink.push_bmp_steps(src, |rest| match *rest {
            [0x80, ..] => Some((0x80, 1)),
            [byte @ 0xA1..=0xDF, ..] => Some((0xFF61 - 0xA1 + u16::from(byte), 1)),
            [leading @ (0x81..=0x9F | 0xE0..=0xFC), byte, ..] => {
                let code_point = Self::pointer(leading, byte).and_then(|p| self.code_point(p))?;
                Some((code_point as u16, 2))
            }
            _ => None,
        })
    }
    /// The leading byte (0 for none).
    fn state(&self) -> u32 {
        u32::from(self.leading)
    }

    fn set_state(&mut self, state: u32) {
        if let Ok(leading @ (0x81..=0x9F | 0xE0..=0xFC)) = u8::try_from(state) {
            self.leading = leading;
        }
    }
}

/// The Shift_JIS encoder's handler (§12.3.2) for one code point.
pub(crate) fn encode(c: char) -> Encoded {
    let mut code_point = u32::from(c);
    match code_point {
        // 2. An ASCII code point or U+0080: its byte.
        0x00..=0x80 => return Encoded::byte(code_point as u8),
        // 3. U+00A5: 0x5C.
        0xA5 => return Encoded::byte(0x5C),
        // 4. U+203E: 0x7E.
        0x203E => return Encoded::byte(0x7E),
        // 5. Halfwidth katakana: one byte.
        0xFF61..=0xFF9F => return Encoded::byte((code_point - 0xFF61 + 0xA1) as u8),
        // 6. U+2212 is encoded as U+FF0D.
        0x2212 => code_point = 0xFF0D,
        _ => {}
    }
    // 7.-8. The index Shift_JIS pointer, or error.
    let Some(pointer) = index::shift_jis_pointers().pointer(code_point) else {
        return Encoded::Error(c);
    };
    // 9.-13. Leading and trailing bytes.
    let leading = pointer / 188;
    let leading_offset = if leading < 0x1F { 0x81 } else { 0xC1 };
    let trailing = pointer % 188;
    let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
    Encoded::two((leading + leading_offset) as u8, (trailing + offset) as u8)
}
