//! V8's ValueSerializer wire format: tags, varints and the byte-level reader and writer.
//!
//! Names follow V8's `value-serializer.cc` (`SerializationTag`, `ArrayBufferViewTag`,
//! `ErrorTag`) so that a reader can put the two side by side.

use super::DataCloneError;

/// The version weft writes; V8 has written it since 2022 (Node 18+, Chrome 101+).
pub(super) const LATEST_VERSION: u32 = 15;
/// The oldest version weft reads: the first with an explicit host-object tag.
pub(super) const OLDEST_READABLE_VERSION: u32 = 13;
/// Version 14 added the flags varint after an ArrayBufferView's byte length.
pub(super) const FIRST_VERSION_WITH_VIEW_FLAGS: u32 = 14;

/// `SerializationTag`.
pub(super) mod tag {
    pub const VERSION: u8 = 0xFF;
    pub const PADDING: u8 = 0x00;
    pub const VERIFY_OBJECT_COUNT: u8 = b'?';
    pub const THE_HOLE: u8 = b'-';
    pub const UNDEFINED: u8 = b'_';
    pub const NULL: u8 = b'0';
    pub const TRUE: u8 = b'T';
    pub const FALSE: u8 = b'F';
    pub const INT32: u8 = b'I';
    pub const UINT32: u8 = b'U';
    pub const DOUBLE: u8 = b'N';
    pub const BIGINT: u8 = b'Z';
    pub const UTF8_STRING: u8 = b'S';
    pub const ONE_BYTE_STRING: u8 = b'"';
    pub const TWO_BYTE_STRING: u8 = b'c';
    pub const OBJECT_REFERENCE: u8 = b'^';
    pub const BEGIN_JS_OBJECT: u8 = b'o';
    pub const END_JS_OBJECT: u8 = b'{';
    pub const BEGIN_SPARSE_JS_ARRAY: u8 = b'a';
    pub const END_SPARSE_JS_ARRAY: u8 = b'@';
    pub const BEGIN_DENSE_JS_ARRAY: u8 = b'A';
    pub const END_DENSE_JS_ARRAY: u8 = b'$';
    pub const DATE: u8 = b'D';
    pub const TRUE_OBJECT: u8 = b'y';
    pub const FALSE_OBJECT: u8 = b'x';
    pub const NUMBER_OBJECT: u8 = b'n';
    pub const BIGINT_OBJECT: u8 = b'z';
    pub const STRING_OBJECT: u8 = b's';
    pub const REGEXP: u8 = b'R';
    pub const BEGIN_JS_MAP: u8 = b';';
    pub const END_JS_MAP: u8 = b':';
    pub const BEGIN_JS_SET: u8 = b'\'';
    pub const END_JS_SET: u8 = b',';
    pub const ARRAY_BUFFER: u8 = b'B';
    pub const RESIZABLE_ARRAY_BUFFER: u8 = b'~';
    pub const ARRAY_BUFFER_TRANSFER: u8 = b't';
    pub const ARRAY_BUFFER_VIEW: u8 = b'V';
    pub const SHARED_ARRAY_BUFFER: u8 = b'u';
    pub const SHARED_OBJECT: u8 = b'p';
    pub const WASM_MODULE_TRANSFER: u8 = b'w';
    pub const HOST_OBJECT: u8 = b'\\';
    pub const WASM_MEMORY_TRANSFER: u8 = b'm';
    pub const ERROR: u8 = b'r';
    pub const LEGACY_WASM_MODULE: u8 = b'W';
}

/// `ErrorTag`: the varint-coded fields inside an Error ('r') record.
pub(super) mod error_tag {
    pub const EVAL_ERROR_PROTOTYPE: u8 = b'E';
    pub const RANGE_ERROR_PROTOTYPE: u8 = b'R';
    pub const REFERENCE_ERROR_PROTOTYPE: u8 = b'F';
    pub const SYNTAX_ERROR_PROTOTYPE: u8 = b'S';
    pub const TYPE_ERROR_PROTOTYPE: u8 = b'T';
    pub const URI_ERROR_PROTOTYPE: u8 = b'U';
    pub const MESSAGE: u8 = b'm';
    pub const CAUSE: u8 = b'c';
    pub const STACK: u8 = b's';
    pub const END: u8 = b'.';
}

/// Bits of the flags varint after an ArrayBufferView (`JsArrayBufferViewIsLengthTracking`,
/// `JsArrayBufferViewIsBackedByRab`).
pub(super) const VIEW_FLAG_LENGTH_TRACKING: u32 = 1;
pub(super) const VIEW_FLAG_BACKED_BY_RAB: u32 = 2;

/// `JSRegExp::Flags` as V8 serializes them.
pub(super) mod regexp_flag {
    pub const UNICODE: u32 = 1 << 4;
    pub const LINEAR: u32 = 1 << 6;
    pub const UNICODE_SETS: u32 = 1 << 8;
    /// `JSRegExp::kFlagCount` = 9: any bit above is invalid.
    pub const COUNT: u32 = 9;
}

/// The payload V8 writes for NaN (and what weft writes for every NaN).
pub(super) const CANONICAL_NAN_BITS: u64 = 0x7FF8_0000_0000_0000;

/// A BigInt's digit length field has 30 bits (`BigInt::LengthBits`), counted in bytes.
pub(super) const BIGINT_MAX_BYTE_LENGTH: usize = (1 << 30) - 1;

/// The output buffer of `ValueSerializer`.
pub(super) struct Writer {
    pub out: Vec<u8>,
}

impl Writer {
    pub fn with_capacity(capacity: usize) -> Self {
        Writer {
            out: Vec::with_capacity(capacity),
        }
    }

    pub fn tag(&mut self, tag: u8) {
        self.out.push(tag);
    }

    /// `WriteVarint`: little-endian base-128.
    pub fn varint(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.out.push((value as u8) | 0x80);
            value >>= 7;
        }
        self.out.push(value as u8);
    }

    /// `WriteZigZag<int32_t>`.
    pub fn zigzag(&mut self, value: i32) {
        self.varint(u64::from(((value << 1) ^ (value >> 31)) as u32));
    }

    /// `WriteDouble`: the raw IEEE-754 bytes, little-endian; NaN canonicalized.
    pub fn double(&mut self, value: f64) {
        let bits = if value.is_nan() {
            CANONICAL_NAN_BITS
        } else {
            value.to_bits()
        };
        self.out.extend_from_slice(&bits.to_le_bytes());
    }

    pub fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// `WriteString`: one-byte (Latin-1) when every code unit fits, else two-byte UTF-16LE,
    /// preceded by a padding tag when needed so that the code units start at an even offset.
    pub fn string(&mut self, units: &[u16]) {
        if units.iter().all(|&u| u <= 0xFF) {
            self.tag(tag::ONE_BYTE_STRING);
            self.varint(units.len() as u64);
            self.out.extend(units.iter().map(|&u| u as u8));
        } else {
            let byte_length = (units.len() as u64) * 2;
            if (self.out.len() + 1 + varint_len(byte_length)) & 1 == 1 {
                self.tag(tag::PADDING);
            }
            self.tag(tag::TWO_BYTE_STRING);
            self.varint(byte_length);
            self.out.reserve(units.len() * 2);
            for &u in units {
                self.out.extend_from_slice(&u.to_le_bytes());
            }
        }
    }

    /// A number as V8 writes a Smi ('I') or a HeapNumber ('N'); weft treats every int32 other
    /// than -0 as a Smi, which is what V8 does on 64-bit hosts without pointer compression.
    pub fn number(&mut self, value: f64) {
        match as_int32(value) {
            Some(i) => {
                self.tag(tag::INT32);
                self.zigzag(i);
            }
            None => {
                self.tag(tag::DOUBLE);
                self.double(value);
            }
        }
    }
}

/// The int32 that `value` is exactly, if any (-0 is not one).
pub(super) fn as_int32(value: f64) -> Option<i32> {
    let i = value as i32;
    (f64::from(i) == value && !(i == 0 && value.is_sign_negative())).then_some(i)
}

/// `BytesNeededForVarint`.
fn varint_len(mut value: u64) -> usize {
    let mut n = 1;
    while value >= 0x80 {
        value >>= 7;
        n += 1;
    }
    n
}

/// The input of `ValueDeserializer`. Every read is bounds-checked and reports where it failed.
#[derive(Clone)]
pub(super) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0 }
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    pub fn error(&self, message: impl std::fmt::Display) -> DataCloneError {
        DataCloneError::at(self.pos, message)
    }

    fn truncated(&self) -> DataCloneError {
        self.error("unexpected end of data")
    }

    pub fn byte(&mut self) -> Result<u8, DataCloneError> {
        let b = *self.data.get(self.pos).ok_or_else(|| self.truncated())?;
        self.pos += 1;
        Ok(b)
    }

    /// `ReadTag`: the next tag, skipping padding.
    pub fn tag(&mut self) -> Result<u8, DataCloneError> {
        loop {
            let t = self.byte()?;
            if t != tag::PADDING {
                return Ok(t);
            }
        }
    }

    /// `PeekTag`: the next tag, skipping padding, without consuming it (padding is consumed).
    pub fn peek_tag(&mut self) -> Result<u8, DataCloneError> {
        while self.data.get(self.pos) == Some(&tag::PADDING) {
            self.pos += 1;
        }
        self.data
            .get(self.pos)
            .copied()
            .ok_or_else(|| self.truncated())
    }

    /// Like [`Reader::peek_tag`], but `None` at the end of the data.
    pub fn peek_tag_at_end(&mut self) -> Option<u8> {
        self.peek_tag().ok()
    }

    /// `ReadVarint<uint32_t>`, rejecting values that do not fit (V8 silently drops the bits).
    pub fn varint_u32(&mut self) -> Result<u32, DataCloneError> {
        let start = self.pos;
        let mut value: u64 = 0;
        let mut shift = 0;
        loop {
            let b = self.byte()?;
            value |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 28 {
                return Err(DataCloneError::at(start, "varint is longer than 5 bytes"));
            }
        }
        u32::try_from(value)
            .map_err(|_| DataCloneError::at(start, "varint does not fit in 32 bits"))
    }

    /// `ReadZigZag<int32_t>`.
    pub fn zigzag_i32(&mut self) -> Result<i32, DataCloneError> {
        let v = self.varint_u32()?;
        Ok(((v >> 1) as i32) ^ -((v & 1) as i32))
    }

    pub fn double(&mut self) -> Result<f64, DataCloneError> {
        let bytes = self.raw(8)?;
        let mut array = [0u8; 8];
        array.copy_from_slice(bytes);
        Ok(f64::from_le_bytes(array))
    }

    /// `ReadRawBytes`: `len` bytes, which must all be present (so no length can make weft
    /// allocate more than the input holds).
    pub fn raw(&mut self, len: usize) -> Result<&'a [u8], DataCloneError> {
        if len > self.remaining() {
            return Err(self.error(format!(
                "length {len} exceeds the {} bytes that remain",
                self.remaining()
            )));
        }
        let bytes = &self.data[self.pos..self.pos + len];
        self.pos += len;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varint_round_trip() {
        for v in [0u32, 1, 127, 128, 300, 0xFFFF_FFFF] {
            let mut w = Writer::with_capacity(8);
            w.varint(u64::from(v));
            assert_eq!(w.out.len(), varint_len(u64::from(v)));
            assert_eq!(Reader::new(&w.out).varint_u32(), Ok(v));
        }
    }

    #[test]
    fn varint_overflow_is_an_error() {
        assert!(
            Reader::new(&[0xFF, 0xFF, 0xFF, 0xFF, 0x1F])
                .varint_u32()
                .is_err()
        );
        assert!(
            Reader::new(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x01])
                .varint_u32()
                .is_err()
        );
        assert!(Reader::new(&[0x80]).varint_u32().is_err());
    }

    #[test]
    fn zigzag_round_trip() {
        for v in [0, -1, 1, i32::MIN, i32::MAX] {
            let mut w = Writer::with_capacity(8);
            w.zigzag(v);
            assert_eq!(Reader::new(&w.out).zigzag_i32(), Ok(v));
        }
    }

    #[test]
    fn int32_detection() {
        assert_eq!(as_int32(1.0), Some(1));
        assert_eq!(as_int32(-0.0), None);
        assert_eq!(as_int32(2147483648.0), None);
        assert_eq!(as_int32(-2147483648.0), Some(i32::MIN));
        assert_eq!(as_int32(0.5), None);
        assert_eq!(as_int32(f64::NAN), None);
    }

    #[test]
    fn two_byte_string_alignment() {
        // Header (2) + tag + length byte = 4: even, no padding (V8: ff0f 6304e900ac20).
        let mut w = Writer::with_capacity(8);
        w.raw(&[0xFF, 0x0F]);
        w.string(&[0xE9, 0x20AC]);
        assert_eq!(w.out, [0xFF, 0x0F, b'c', 4, 0xE9, 0, 0xAC, 0x20]);
        let mut w = Writer::with_capacity(8);
        w.raw(&[0xFF, 0x0F, b'A']);
        w.string(&[0x20AC]);
        assert_eq!(w.out, [0xFF, 0x0F, b'A', 0, b'c', 2, 0xAC, 0x20]);
    }
}
