//! Big5 (§11).

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::index;

/// The Big5 decoder's state (§11.1.1), plus its index.
#[derive(Clone, Debug)]
pub(crate) struct Big5Decoder {
    leading: u8,
    index: &'static [u32],
}

impl Big5Decoder {
    pub(crate) fn new() -> Self {
        Big5Decoder {
            leading: 0,
            index: index::big5(),
        }
    }

    fn pointer(leading: u8, byte: u8) -> Option<usize> {
        let offset = if byte < 0x7F { 0x40 } else { 0x62 };
        matches!(byte, 0x40..=0x7E | 0xA1..=0xFE)
            .then(|| usize::from(leading - 0x81) * 157 + usize::from(byte - offset))
    }

    /// The pointers that decode to two code points.
    fn pair(pointer: usize) -> Option<(char, char)> {
        match pointer {
            1133 => Some(('\u{00CA}', '\u{0304}')),
            1135 => Some(('\u{00CA}', '\u{030C}')),
            1164 => Some(('\u{00EA}', '\u{0304}')),
            1166 => Some(('\u{00EA}', '\u{030C}')),
            _ => None,
        }
    }
}

impl Handler for Big5Decoder {
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
            let pointer = Self::pointer(leading, byte);
            if let Some((a, b)) = pointer.and_then(Self::pair) {
                return Handled::Two(a, b);
            }
            if let Some(code_point) = pointer.and_then(|p| index::code_point(self.index, p)) {
                return Handled::code_point(code_point);
            }
            if byte < 0x80 {
                queue.restore(&[byte]);
            }
            return Handled::Error;
        }
        match byte {
            // 4. An ASCII byte: its code point.
            0x00..=0x7F => Handled::One(char::from(byte)),
            // 5. A leading byte: hold it.
            0x81..=0xFE => {
                self.leading = byte;
                Handled::Continue
            }
            // 6. Error.
            _ => Handled::Error,
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        if self.leading != 0 {
            return 0;
        }
        // Pointers to two code points or to one above U+FFFF stop it; the handler takes them.
        sink.push_bmp_steps(src, |rest| match *rest {
            [leading @ 0x81..=0xFE, byte, ..] => {
                let pointer = Self::pointer(leading, byte)?;
                if Self::pair(pointer).is_some() {
                    return None;
                }
                let code_point = self.index.get(pointer).copied()?;
                let unit = u16::try_from(code_point).ok().filter(|&unit| unit != 0)?;
                Some((unit, 2))
            }
            _ => None,
        })
    }
    /// The leading byte (0 for none).
    fn state(&self) -> u32 {
        u32::from(self.leading)
    }

    fn set_state(&mut self, state: u32) {
        if let Ok(leading @ 0x81..=0xFE) = u8::try_from(state) {
            self.leading = leading;
        }
    }
}

/// The Big5 encoder's handler (§11.1.2) for one code point.
pub(crate) fn encode(c: char) -> Encoded {
    let code_point = u32::from(c);
    // 2. An ASCII code point: its byte.
    if code_point < 0x80 {
        return Encoded::byte(code_point as u8);
    }
    // 3.-4. The index Big5 pointer, or error.
    let Some(pointer) = index::big5_pointers().pointer(code_point) else {
        return Encoded::Error(c);
    };
    // 5.-8. Leading and trailing bytes.
    let leading = (pointer / 157 + 0x81) as u8;
    let trailing = (pointer % 157) as u8;
    let offset = if trailing < 0x3F { 0x40 } else { 0x62 };
    Encoded::two(leading, trailing + offset)
}
