//! GBK and gb18030 (§10): one decoder for both; the encoder with "is GBK".

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::index;

/// The gb18030 decoder's state (§10.2.1), plus its index.
#[derive(Clone, Debug)]
pub(crate) struct Gb18030Decoder {
    first: u8,
    second: u8,
    third: u8,
    index: &'static [u16],
}

impl Gb18030Decoder {
    pub(crate) fn new() -> Self {
        Gb18030Decoder {
            first: 0,
            second: 0,
            third: 0,
            index: index::gb18030(),
        }
    }

    fn two_byte_pointer(leading: u8, byte: u8) -> Option<usize> {
        let offset = if byte < 0x7F { 0x40 } else { 0x41 };
        matches!(byte, 0x40..=0x7E | 0x80..=0xFE)
            .then(|| usize::from(leading - 0x81) * 190 + usize::from(byte - offset))
    }

    fn four_byte_pointer(first: u8, second: u8, third: u8, byte: u8) -> u32 {
        (u32::from(first) - 0x81) * (10 * 126 * 10)
            + (u32::from(second) - 0x30) * (10 * 126)
            + (u32::from(third) - 0x81) * 10
            + u32::from(byte)
            - 0x30
    }
}

impl Handler for Gb18030Decoder {
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled {
        let Some(byte) = byte else {
            // 1.-2. End-of-queue: finished, or error if bytes are held.
            if self.first == 0 && self.second == 0 && self.third == 0 {
                return Handled::Finished;
            }
            (self.first, self.second, self.third) = (0, 0, 0);
            return Handled::Error;
        };
        // 3. A third byte is held.
        if self.third != 0 {
            if !(0x30..=0x39).contains(&byte) {
                queue.restore(&[self.second, self.third, byte]);
                (self.first, self.second, self.third) = (0, 0, 0);
                return Handled::Error;
            }
            let pointer = Self::four_byte_pointer(self.first, self.second, self.third, byte);
            (self.first, self.second, self.third) = (0, 0, 0);
            return match index::gb18030_ranges_code_point(pointer) {
                Some(code_point) => Handled::code_point(code_point),
                None => Handled::Error,
            };
        }
        // 4. A second byte is held.
        if self.second != 0 {
            if (0x81..=0xFE).contains(&byte) {
                self.third = byte;
                return Handled::Continue;
            }
            queue.restore(&[self.second, byte]);
            (self.first, self.second) = (0, 0);
            return Handled::Error;
        }
        // 5. A first byte is held.
        if self.first != 0 {
            if (0x30..=0x39).contains(&byte) {
                self.second = byte;
                return Handled::Continue;
            }
            let leading = self.first;
            self.first = 0;
            let code_point = Self::two_byte_pointer(leading, byte)
                .and_then(|pointer| index::code_point(self.index, pointer));
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
            // 7. 0x80: U+20AC.
            0x80 => Handled::One('\u{20AC}'),
            // 8. A leading byte: hold it.
            0x81..=0xFE => {
                self.first = byte;
                Handled::Continue
            }
            // 9. Error.
            _ => Handled::Error,
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        if self.first != 0 {
            return 0;
        }
        let mut read = 0;
        while sink.remaining() >= S::MAX_STEP {
            if src.get(read).is_some_and(|&b| b < 0x80) {
                read += sink.push_ascii_run(src.get(read..).unwrap_or_default());
                continue;
            }
            let rest = src.get(read..).unwrap_or_default();
            match *rest {
                [] => break,
                [0x80, ..] => {
                    sink.push_bmp(0x20AC);
                    read += 1;
                }
                [
                    leading @ 0x81..=0xFE,
                    second @ (0x40..=0x7E | 0x80..=0xFE),
                    ..,
                ] => {
                    let code_point = Self::two_byte_pointer(leading, second)
                        .and_then(|pointer| self.index.get(pointer).copied())
                        .unwrap_or(0);
                    if code_point == 0 {
                        break;
                    }
                    sink.push_bmp(code_point);
                    read += 2;
                }
                [
                    first @ 0x81..=0xFE,
                    second @ 0x30..=0x39,
                    third @ 0x81..=0xFE,
                    byte @ 0x30..=0x39,
                    ..,
                ] => {
                    let pointer = Self::four_byte_pointer(first, second, third, byte);
                    let Some(c) =
                        index::gb18030_ranges_code_point(pointer).and_then(char::from_u32)
                    else {
                        break;
                    };
                    sink.push(c);
                    read += 4;
                }
                _ => break,
            }
        }
        read
    }
    /// First, second and third, a byte each (0 for none).
    fn state(&self) -> u32 {
        u32::from_le_bytes([self.first, self.second, self.third, 0])
    }

    fn set_state(&mut self, state: u32) {
        let [first, second, third, 0] = state.to_le_bytes() else {
            return;
        };
        let valid = match (first, second, third) {
            (0, 0, 0) | (0x81..=0xFE, 0, 0) | (0x81..=0xFE, 0x30..=0x39, 0) => true,
            (0x81..=0xFE, 0x30..=0x39, third) => (0x81..=0xFE).contains(&third),
            _ => false,
        };
        if valid {
            (self.first, self.second, self.third) = (first, second, third);
        }
    }
}

/// The encoder's table for Private Use code points that GB18030-2022 moved (§10.2.2 step 5).
const PUA: [(u32, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

/// The gb18030 encoder's handler (§10.2.2) for one code point; `is_gbk` for GBK's encoder.
pub(crate) fn encode(is_gbk: bool, c: char) -> Encoded {
    let code_point = u32::from(c);
    // 2. An ASCII code point: its byte.
    if code_point < 0x80 {
        return Encoded::byte(code_point as u8);
    }
    // 3. U+E5E5: error (index gb18030 maps 0xA3 0xA0 to U+3000).
    if code_point == 0xE5E5 {
        return Encoded::Error(c);
    }
    // 4. GBK encodes U+20AC as 0x80.
    if is_gbk && code_point == 0x20AC {
        return Encoded::byte(0x80);
    }
    // 5. The Private Use side table.
    if let Some((_, [leading, trailing])) = PUA.iter().find(|(c, _)| *c == code_point) {
        return Encoded::two(*leading, *trailing);
    }
    // 6.-7. Two bytes from the index pointer.
    if let Some(pointer) = index::gb18030_pointers().pointer(code_point) {
        let leading = (pointer / 190 + 0x81) as u8;
        let trailing = (pointer % 190) as u8;
        let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
        return Encoded::two(leading, trailing + offset);
    }
    // 8. GBK: error.
    if is_gbk {
        return Encoded::Error(c);
    }
    // 9.-15. Four bytes from the index gb18030 ranges pointer.
    let mut pointer = index::gb18030_ranges_pointer(code_point);
    let byte1 = pointer / (10 * 126 * 10);
    pointer %= 10 * 126 * 10;
    let byte2 = pointer / (10 * 126);
    pointer %= 10 * 126;
    let byte3 = pointer / 10;
    let byte4 = pointer % 10;
    Encoded::Bytes(
        [
            (byte1 + 0x81) as u8,
            (byte2 + 0x30) as u8,
            (byte3 + 0x81) as u8,
            (byte4 + 0x30) as u8,
        ],
        4,
    )
}
