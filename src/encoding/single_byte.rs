//! Legacy single-byte encodings (§9): one decoder and one encoder over index single-byte.

use super::decoder::{Handled, Handler, Queue, Sink};
use super::encoder::Encoded;
use super::{Encoding, tables};

/// Index single-byte of one encoding: the code points of bytes 0x80–0xFF as differences from
/// the byte (see [`code_point`]), plus the longest run of consecutive code points, which the
/// encoder tries before searching.
#[derive(Debug)]
pub(crate) struct SingleByteIndex {
    /// For each byte 0x80 + i, its code point minus 0x80 + i, wrapping (0 where the index has
    /// no pointer): the stretches that match Latin-1 become zeros, which compress (~1 KB of
    /// the wasm's gzip).
    pub(crate) deltas: [u16; 128],
    pub(crate) run_start: u8,
    pub(crate) run_len: u8,
    pub(crate) run_code_point: u16,
}

/// Index single-byte for `encoding`, if it is a single-byte encoding.
pub(crate) const fn index(encoding: Encoding) -> Option<&'static SingleByteIndex> {
    tables::single_byte::single_byte_index(encoding)
}

/// The single-byte decoder (stateless; §9.1).
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    index: &'static SingleByteIndex,
}

impl SingleByteDecoder {
    pub(crate) fn new(index: &'static SingleByteIndex) -> Self {
        SingleByteDecoder { index }
    }
}

/// The code point of `byte` (0x80–0xFF) in index single-byte `deltas`, 0 for none.
#[inline]
pub(crate) fn code_point(deltas: &[u16; 128], byte: u8) -> u16 {
    deltas
        .get(usize::from(byte & 0x7F))
        .map_or(0, |delta| delta.wrapping_add(u16::from(byte)))
}

impl Handler for SingleByteDecoder {
    fn handle(&mut self, byte: Option<u8>, _queue: &mut Queue<'_>) -> Handled {
        match byte {
            // 1. End-of-queue: finished.
            None => Handled::Finished,
            // 2. An ASCII byte: its code point.
            Some(byte @ 0x00..=0x7F) => Handled::One(char::from(byte)),
            // 3.-5. The index code point for byte − 0x80, or error if null.
            Some(byte) => match code_point(&self.index.deltas, byte) {
                0 => Handled::Error,
                code_point => Handled::code_point(u32::from(code_point)),
            },
        }
    }

    fn fast<S: Sink>(&mut self, src: &[u8], sink: &mut S) -> usize {
        sink.push_single_byte(src, &self.index.deltas)
    }
}

/// The code points of bytes 0x80–0xFF in `index` (0 for none), for [`encode`]'s search.
pub(crate) fn code_points(index: &SingleByteIndex) -> [u16; 128] {
    let mut code_points = index.deltas;
    for (code_point, byte) in code_points.iter_mut().zip(0x80u16..) {
        *code_point = code_point.wrapping_add(byte);
    }
    code_points
}

/// The single-byte encoder's handler (§9.2) for one code point; `code_points` are
/// [`code_points`]`(index)`.
pub(crate) fn encode(index: &SingleByteIndex, code_points: &[u16; 128], c: char) -> Encoded {
    let code_point = u32::from(c);
    // 2. An ASCII code point: its byte.
    if code_point < 0x80 {
        return Encoded::byte(code_point as u8);
    }
    // 3. The index pointer for code point: first the run, then a search.
    let offset = code_point.wrapping_sub(u32::from(index.run_code_point));
    let pointer = if offset < u32::from(index.run_len) {
        Some(u32::from(index.run_start) + offset)
    } else {
        code_points
            .iter()
            .position(|&c| u32::from(c) == code_point)
            .map(|p| p as u32)
    };
    match pointer {
        // 5. A byte whose value is pointer + 0x80.
        Some(pointer) => Encoded::byte((pointer + 0x80) as u8),
        // 4. Error with code point.
        None => Encoded::Error(c),
    }
}
