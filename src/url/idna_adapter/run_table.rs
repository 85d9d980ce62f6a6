//! The generated tables' format (written by tools/idna_tables/generate.rs): the code points
//! 0..=U+10FFFF as runs of one value, each two LEB128 varints (run length, value), where a
//! table with payloads follows a value whose kind (low three bits) is 4 or 5 by that many
//! (value >> 3) varints; and every 16th run's first code point and byte offset, so that a
//! lookup is a binary search plus at most 16 runs decoded. Far smaller than a trie for data
//! that only non-ASCII domains read.

/// Whether a varint payload of `value >> 3` varints follows `value` (kinds 4 and 5).
pub fn has_payload(value: u32) -> bool {
    value & 6 == 4
}

pub struct RunTable {
    /// Whether values of kinds 4 and 5 carry a payload (the mapping and composition tables).
    pub sequences: bool,
    /// The first code point of every 16th run ...
    pub starts: &'static [u32],
    /// ... and its byte offset (two arrays: a (u32, u16) pair would be padded to 8 bytes).
    pub offsets: &'static [u16],
    pub bytes: &'static [u8],
}

impl RunTable {
    /// The value of the run that holds `c` and a reader at its payload; 0 past the table.
    pub fn get(&self, c: u32) -> (u32, Reader) {
        let i = self
            .starts
            .partition_point(|&start| start <= c)
            .wrapping_sub(1);
        let mut start = self.starts.get(i).copied().unwrap_or(0);
        let offset = self.offsets.get(i).copied().unwrap_or(0);
        let mut reader = Reader {
            bytes: self.bytes,
            position: offset as usize,
        };
        while reader.position < self.bytes.len() {
            let length = reader.varint();
            let value = reader.varint();
            if c - start < length {
                return (value, reader);
            }
            start += length;
            if self.sequences && has_payload(value) {
                for _ in 0..value >> 3 {
                    reader.varint();
                }
            }
        }
        (0, reader)
    }
}

pub struct Reader {
    bytes: &'static [u8],
    position: usize,
}

impl Reader {
    /// The next LEB128 varint (0 past the end).
    #[inline]
    pub fn varint(&mut self) -> u32 {
        let mut value = 0;
        let mut shift = 0;
        while let Some(&byte) = self.bytes.get(self.position) {
            self.position += 1;
            value |= u32::from(byte & 0x7F) << shift;
            shift += 7;
            if byte < 0x80 || shift > 28 {
                break;
            }
        }
        value
    }
}
