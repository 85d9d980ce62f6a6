//! EUC-JP (§12.1).

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::index;

/// The EUC-JP decoder's state (§12.1.1), plus index jis0208 (index jis0212 is unpacked the
/// first time a 0x8F sequence needs it).
#[derive(Clone, Debug)]
pub(crate) struct EucJpDecoder {
    jis0212: bool,
    leading: u8,
    index: &'static [u16],
}

impl EucJpDecoder {
    pub(crate) fn new() -> Self {
        EucJpDecoder {
            jis0212: false,
            leading: 0,
            index: index::jis0208(),
        }
    }
}

impl Handler for EucJpDecoder {
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled {
        let Some(byte) = byte else {
            // 1.-2. End-of-queue: error if a leading byte is held, else finished.
            if self.leading != 0 {
                self.leading = 0;
                return Handled::Error;
            }
            return Handled::Finished;
        };
        // 3. 0x8E and a halfwidth katakana byte.
        if self.leading == 0x8E && (0xA1..=0xDF).contains(&byte) {
            self.leading = 0;
            return Handled::code_point(0xFF61 - 0xA1 + u32::from(byte));
        }
        // 4. 0x8F and a jis0212 leading byte.
        if self.leading == 0x8F && (0xA1..=0xFE).contains(&byte) {
            self.jis0212 = true;
            self.leading = byte;
            return Handled::Continue;
        }
        // 5. A leading byte is held.
        if self.leading != 0 {
            let leading = self.leading;
            self.leading = 0;
            let mut code_point = None;
            if (0xA1..=0xFE).contains(&leading) && (0xA1..=0xFE).contains(&byte) {
                let pointer = usize::from(leading - 0xA1) * 94 + usize::from(byte - 0xA1);
                let table = if self.jis0212 {
                    index::jis0212()
                } else {
                    self.index
                };
                code_point = index::code_point(table, pointer);
            }
            self.jis0212 = false;
            if let Some(code_point) = code_point {
                return Handled::code_point(code_point);
            }
            if byte < 0x80 {
                queue.restore(&[byte]);
            }
            return Handled::Error;
        }
        match byte {
            // 6. An ASCII byte: its code point.
            0x00..=0x7F => Handled::One(char::from(byte)),
            // 7. A leading byte: hold it.
            0x8E | 0x8F | 0xA1..=0xFE => {
                self.leading = byte;
                Handled::Continue
            }
            // 8. Error.
            _ => Handled::Error,
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        if self.leading != 0 {
            return 0;
        }
        let mut read = 0;
        while sink.remaining() >= S::MAX_STEP {
            if src.get(read).is_some_and(|&b| b < 0x80) {
                read += sink.push_ascii_run(src.get(read..).unwrap_or_default());
                continue;
            }
            match *src.get(read..).unwrap_or_default() {
                [] => break,
                [0x8E, byte @ 0xA1..=0xDF, ..] => {
                    sink.push_bmp(0xFF61 - 0xA1 + u16::from(byte));
                    read += 2;
                }
                [leading @ 0xA1..=0xFE, byte @ 0xA1..=0xFE, ..] => {
                    let pointer = usize::from(leading - 0xA1) * 94 + usize::from(byte - 0xA1);
                    let code_point = self.index.get(pointer).copied().unwrap_or(0);
                    if code_point == 0 {
                        break;
                    }
                    sink.push_bmp(code_point);
                    read += 2;
                }
                _ => break,
            }
        }
        read
    }
    /// The leading byte (0 for none) and, in bit 8, the JIS0212 flag.
    fn state(&self) -> u32 {
        u32::from(self.leading) | (u32::from(self.jis0212) << 8)
    }

    fn set_state(&mut self, state: u32) {
        match (state >> 8, state as u8) {
            (0, leading @ (0x8E | 0x8F | 0xA1..=0xFE)) => self.leading = leading,
            (1, leading @ 0xA1..=0xFE) => (self.jis0212, self.leading) = (true, leading),
            _ => {}
        }
    }
}

/// The EUC-JP encoder's handler (§12.1.2) for one code point.
pub(crate) fn encode(c: char) -> Encoded {
    let mut code_point = u32::from(c);
    match code_point {
        // 2. An ASCII code point: its byte.
        0x00..=0x7F => return Encoded::byte(code_point as u8),
        // 3. U+00A5: 0x5C.
        0xA5 => return Encoded::byte(0x5C),
        // 4. U+203E: 0x7E.
        0x203E => return Encoded::byte(0x7E),
        // 5. Halfwidth katakana: 0x8E and a byte.
        0xFF61..=0xFF9F => return Encoded::two(0x8E, (code_point - 0xFF61 + 0xA1) as u8),
        // 6. U+2212 is encoded as U+FF0D.
        0x2212 => code_point = 0xFF0D,
        _ => {}
    }
    // 7.-8. The index pointer in index jis0208, or error (it is below 8836 when found).
    match index::jis0208_pointers().pointer(code_point) {
        Some(pointer) if pointer < 94 * 94 => {
            // 9.-11. Leading and trailing bytes.
            Encoded::two((pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8)
        }
        _ => Encoded::Error(c),
    }
}
