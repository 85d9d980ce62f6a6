//! EUC-KR (§13).

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::index;

/// The EUC-KR decoder's state (§13.1.1), plus its index.
#[derive(Clone, Debug)]
pub(crate) struct EucKrDecoder {
    leading: u8,
    index: &'static [u16],
}

impl EucKrDecoder {
    pub(crate) fn new() -> Self {
        EucKrDecoder {
            leading: 0,
            index: index::euc_kr(),
        }
    }

    fn pointer(leading: u8, byte: u8) -> Option<usize> {
        (0x41..=0xFE)
            .contains(&byte)
            .then(|| usize::from(leading - 0x81) * 190 + usize::from(byte - 0x41))
    }
}

impl Handler for EucKrDecoder {
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
            let code_point =
                Self::pointer(leading, byte).and_then(|p| index::code_point(self.index, p));
            if let Some(code_point) = code_point {
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
        sink.push_bmp_steps(src, |rest| match *rest {
            [leading @ 0x81..=0xFE, byte, ..] => {
                let code_point = Self::pointer(leading, byte).and_then(|p| self.index.get(p))?;
                (*code_point != 0).then_some((*code_point, 2))
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

/// The EUC-KR encoder's handler (§13.1.2) for one code point.
pub(crate) fn encode(c: char) -> Encoded {
    let code_point = u32::from(c);
    // 2. An ASCII code point: its byte.
    if code_point < 0x80 {
        return Encoded::byte(code_point as u8);
    }
    // 3.-4. The index pointer, or error.
    let Some(pointer) = index::euc_kr_pointers().pointer(code_point) else {
        return Encoded::Error(c);
    };
    // 5.-7. Leading and trailing bytes.
    Encoded::two((pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8)
}
