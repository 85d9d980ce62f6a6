//! x-user-defined (§14.5): bytes 0x80–0xFF map to U+F780–U+F7FF.

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;

/// The x-user-defined decoder (stateless).
#[derive(Clone, Debug)]
pub(crate) struct XUserDefinedDecoder;

impl Handler for XUserDefinedDecoder {
    fn handle(&mut self, byte: Option<u8>, _queue: &mut Queue<'_>) -> Handled {
        match byte {
            // 1. End-of-queue: finished.
            None => Handled::Finished,
            // 2. An ASCII byte: its code point.
            Some(byte @ 0x00..=0x7F) => Handled::One(char::from(byte)),
            // 3. 0xF780 + byte − 0x80.
            Some(byte) => Handled::code_point(0xF780 + u32::from(byte) - 0x80),
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        let mut read = 0;
        while sink.remaining() >= S::MAX_STEP {
            if src.get(read).is_some_and(|&b| b < 0x80) {
                read += sink.push_ascii_run(src.get(read..).unwrap_or_default());
                continue;
            }
            let Some(&byte) = src.get(read) else { break };
            sink.push_bmp(0xF780 + u16::from(byte) - 0x80);
            read += 1;
        }
        read
    }
}

/// The x-user-defined encoder's handler (§14.5.2) for one code point.
pub(crate) fn encode(c: char) -> Encoded {
    match u32::from(c) {
        // 2. An ASCII code point: its byte.
        code_point @ 0x00..=0x7F => Encoded::byte(code_point as u8),
        // 3. U+F780 to U+F7FF: code point − 0xF780 + 0x80.
        code_point @ 0xF780..=0xF7FF => Encoded::byte((code_point - 0xF780 + 0x80) as u8),
        // 4. Error with code point.
        _ => Encoded::Error(c),
    }
}
