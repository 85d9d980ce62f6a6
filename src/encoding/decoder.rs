//! Decoder instances (§4.1): "process a queue" and "process an item" for decoders, over input
//! that arrives in chunks, writing UTF-16 or UTF-8.
//!
//! Each encoding family implements the standard's handler ([`Handler::handle`], one byte or
//! end-of-queue at a time, with the standard's "restore") and, optionally, a fast path
//! ([`Handler::fast`]) that decodes well-formed runs many bytes at a time from the decoder's
//! initial state and must produce exactly what the handler would. The I/O queue is the bytes
//! the decoder restored (kept across calls) followed by the current chunk.

use super::{Encoding, EncodingError};
#[cfg(feature = "encoding-legacy")]
#[cfg(feature = "encoding-legacy")]
use super::{big5, euc_jp, euc_kr, gb18030, iso_2022_jp, shift_jis};
use super::{replacement, single_byte, utf8, utf16, x_user_defined};
use alloc::{string::String, vec::Vec};

/// A decoder's error mode (§4.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DecoderErrorMode {
    /// Errors become U+FFFD.
    #[default]
    Replacement,
    /// The first error stops decoding.
    Fatal,
}

/// Why a decode call returned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DecodeStatus {
    /// Every input byte was consumed (and, when it was the last chunk, the decoder was
    /// flushed and is ready to decode a new stream).
    InputEmpty,
    /// The output buffer has no room for the next step: call again with more room and the
    /// unread input (`&src[read..]`).
    OutputFull,
    /// Fatal mode only: the decoder returned error after consuming `read` bytes. Bytes the
    /// decoder restored stay inside it and are decoded first by the next call.
    Malformed,
}

/// What one decode call did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DecodeResult {
    /// Why the call returned.
    pub status: DecodeStatus,
    /// Input bytes consumed.
    pub read: usize,
    /// Output code units (UTF-16) or bytes (UTF-8) written.
    pub written: usize,
}

/// Fatal mode: the decoder returned error after consuming `read` bytes of the chunk; the
/// output of this call up to the error was kept.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MalformedInput {
    /// Input bytes consumed, including the ones that made the error.
    pub read: usize,
}

impl core::fmt::Display for MalformedInput {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "malformed input before byte {}", self.read)
    }
}

impl core::error::Error for MalformedInput {}

/// The result of a handler (§4.1), with the one or two scalar values decoders emit.
pub(crate) enum Handled {
    Continue,
    Finished,
    Error,
    One(char),
    /// Big5's pointers that decode to two code points.
    #[cfg(feature = "encoding-legacy")]
    Two(char, char),
}

impl Handled {
    /// A code point from an index or a computation: always a scalar value by construction of
    /// the tables; anything else is reported as an error rather than trusted.
    pub(crate) fn code_point(code_point: u32) -> Handled {
        char::from_u32(code_point).map_or(Handled::Error, Handled::One)
    }
}

/// Bytes restored to the front of the I/O queue, newest-first on a small stack. A decoder
/// holds at most three bytes of state and restores at most those plus the current byte.
#[derive(Clone, Default, Debug)]
pub(crate) struct Restored {
    stack: [u8; 8],
    len: usize,
}

impl Restored {
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The decoder's I/O queue: restored bytes, then the rest of the current chunk.
pub(crate) struct Queue<'a> {
    restored: &'a mut Restored,
    src: &'a [u8],
    pos: usize,
}

impl Queue<'_> {
    fn is_empty(&self) -> bool {
        self.restored.is_empty() && self.pos >= self.src.len()
    }

    fn read(&mut self) -> Option<u8> {
        if self.restored.len > 0 {
            self.restored.len -= 1;
            return self.restored.stack.get(self.restored.len).copied();
        }
        let byte = self.src.get(self.pos).copied();
        if byte.is_some() {
            self.pos += 1;
        }
        byte
    }

    /// Restore `bytes` (in order) to the front of the queue.
    pub(crate) fn restore(&mut self, bytes: &[u8]) {
        for &byte in bytes.iter().rev() {
            if let Some(slot) = self.restored.stack.get_mut(self.restored.len) {
                *slot = byte;
                self.restored.len += 1;
            }
        }
    }
}

/// Where decoded scalar values go.
pub(crate) trait Sink {
    /// Room one handler step may need (two scalar values).
    const MAX_STEP: usize;
    /// Units of room left.
    fn remaining(&self) -> usize;
    fn push(&mut self, c: char);
    /// A scalar value below U+10000 (tables hold no surrogates).
    fn push_bmp(&mut self, unit: u16);
    /// Copies the ASCII bytes at the start of `src`, as many as fit; returns how many.
    fn push_ascii_run(&mut self, src: &[u8]) -> usize;
    /// Decodes the longest prefix of `src` that is complete, valid UTF-8 and fits; returns its
    /// length in bytes.
    fn push_valid_utf8(&mut self, src: &[u8]) -> usize;

    /// Decodes from the start of `src` while each character is ASCII (itself) or one that
    /// `step` decodes to a single BMP unit (`step` gets the bytes from the character on and
    /// returns the unit and the character's length); stops where `step` returns `None` or room
    /// runs short. Returns the bytes consumed.
    #[cfg(feature = "encoding-legacy")]
    fn push_bmp_steps(
        &mut self,
        src: &[u8],
        mut step: impl FnMut(&[u8]) -> Option<(u16, usize)>,
    ) -> usize {
        let mut read = 0;
        while self.remaining() >= Self::MAX_STEP {
            let rest = src.get(read..).unwrap_or_default();
            match rest.first() {
                None => break,
                Some(&byte) if byte < 0x80 => read += self.push_ascii_run(rest),
                Some(_) => {
                    let Some((unit, len)) = step(rest) else { break };
                    self.push_bmp(unit);
                    read += len;
                }
            }
        }
        read
    }

    /// Decodes bytes from the start of `src` with index single-byte `deltas` (ASCII bytes
    /// are themselves), stopping before a byte the index has no code point for or when room
    /// runs short; returns the bytes consumed.
    fn push_single_byte(&mut self, src: &[u8], deltas: &[u16; 128]) -> usize {
        let mut read = 0;
        while self.remaining() >= Self::MAX_STEP {
            let Some(&byte) = src.get(read) else { break };
            if byte < 0x80 {
                read += self.push_ascii_run(src.get(read..).unwrap_or_default());
                continue;
            }
            match single_byte::code_point(deltas, byte) {
                0 => break,
                code_point => self.push_bmp(code_point),
            }
            read += 1;
        }
        read
    }
}

/// UTF-16 output into a caller's buffer.
pub(crate) struct Utf16Sink<'a> {
    buf: &'a mut [u16],
    pos: usize,
    /// Index single-byte as a table of all 256 bytes, keyed by the index's address: built on
    /// the first long run of a call, not per run, so that input full of errors, which comes
    /// back after each, does not rebuild it each time.
    #[cfg(feature = "encoding-legacy")]
    byte_table: Option<(usize, [u16; 256])>,
}

impl Sink for Utf16Sink<'_> {
    const MAX_STEP: usize = 4;

    fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    fn push(&mut self, c: char) {
        debug_assert!(self.remaining() >= 2);
        let mut units = [0u16; 2];
        let units = c.encode_utf16(&mut units);
        if let Some(slot) = self.buf.get_mut(self.pos..self.pos + units.len()) {
            slot.copy_from_slice(units);
            self.pos += units.len();
        }
    }

    fn push_bmp(&mut self, unit: u16) {
        debug_assert!(self.remaining() >= 1);
        if let Some(slot) = self.buf.get_mut(self.pos) {
            *slot = unit;
            self.pos += 1;
        }
    }

    fn push_ascii_run(&mut self, src: &[u8]) -> usize {
        let dst = self.buf.get_mut(self.pos..).unwrap_or_default();
        let copied = super::ascii::widen_ascii(src, dst);
        self.pos += copied;
        copied
    }

    fn push_valid_utf8(&mut self, src: &[u8]) -> usize {
        let dst = self.buf.get_mut(self.pos..).unwrap_or_default();
        let (read, written) = utf8::decode_valid_prefix_to_utf16(src, dst);
        self.pos += written;
        read
    }

    /// Writes straight into the buffer, with no per-unit room check (the loop runs over the
    /// room there is); ASCII eight bytes at a time where eight follow.
    #[cfg(feature = "encoding-legacy")]
    fn push_bmp_steps(
        &mut self,
        src: &[u8],
        mut step: impl FnMut(&[u8]) -> Option<(u16, usize)>,
    ) -> usize {
        let dst = self.buf.get_mut(self.pos..).unwrap_or_default();
        let (mut read, mut written) = (0, 0);
        while written < dst.len() {
            let Some(&byte) = src.get(read) else { break };
            if byte < 0x80 {
                if let (Some(from), Some(to)) =
                    (src.get(read..read + 8), dst.get_mut(written..written + 8))
                    && super::ascii::is_ascii_word(from)
                {
                    for (to, &from) in to.iter_mut().zip(from) {
                        *to = u16::from(from);
                    }
                    read += 8;
                    written += 8;
                    continue;
                }
                if let Some(slot) = dst.get_mut(written) {
                    *slot = u16::from(byte);
                }
                read += 1;
                written += 1;
                continue;
            }
            let Some((unit, len)) = step(src.get(read..).unwrap_or_default()) else {
                break;
            };
            if let Some(slot) = dst.get_mut(written) {
                *slot = unit;
            }
            read += len;
            written += 1;
        }
        self.pos += written;
        read
    }

    /// One unit per byte, eight bytes at a time: ASCII words widened, others looked up byte
    /// by byte, with no per-unit room check (the loop runs over the room there is). Long
    /// inputs go through a whole-byte table without branches first.
    fn push_single_byte(&mut self, src: &[u8], deltas: &[u16; 128]) -> usize {
        #[cfg(feature = "encoding-legacy")]
        if src.len() >= TABLE_WORTHWHILE {
            let read = self.push_single_byte_by_table(src, deltas);
            return read
                + self.push_single_byte_by_words(src.get(read..).unwrap_or_default(), deltas);
        }
        self.push_single_byte_by_words(src, deltas)
    }
}

#[cfg(feature = "encoding-legacy")]
/// Input length from which the whole-byte table is used (for shorter input, looking it up and
/// rebuilding it when the encoding changed is not worth it).
const TABLE_WORTHWHILE: usize = 1024;

impl Utf16Sink<'_> {
    /// Decodes eight bytes at a time through a table of all 256 bytes, without branches: each
    /// byte's unit is stored, and a unit of 0 for a byte that is not 0 (the index has no code
    /// point for it) ends the run at that chunk, which the caller then decodes byte by byte.
    /// Returns the bytes consumed.
    #[cfg(feature = "encoding-legacy")]
    fn push_single_byte_by_table(&mut self, src: &[u8], deltas: &[u16; 128]) -> usize {
        let address = deltas.as_ptr().addr();
        let table = match &mut self.byte_table {
            Some((key, table)) if *key == address => *table,
            slot => {
                let mut table = [0; 256];
                let (ascii, high) = table.split_at_mut(0x80);
                for (unit, byte) in ascii.iter_mut().zip(0u16..) {
                    *unit = byte;
                }
                for ((unit, &delta), byte) in high.iter_mut().zip(deltas).zip(0x80u16..) {
                    *unit = delta.wrapping_add(byte);
                }
                *slot = Some((address, table));
                table
            }
        };
        self.push_by_table(src, &table)
    }

    #[cfg(feature = "encoding-legacy")]
    fn push_by_table(&mut self, src: &[u8], table: &[u16; 256]) -> usize {
        let dst = self.buf.get_mut(self.pos..).unwrap_or_default();
        let mut read = 0;
        for (from, to) in src.chunks_exact(8).zip(dst.chunks_exact_mut(8)) {
            let mut unmapped = false;
            for (to, &byte) in to.iter_mut().zip(from) {
                let unit = table[usize::from(byte)];
                *to = unit;
                unmapped |= (unit == 0) & (byte != 0);
            }
            if unmapped {
                break;
            }
            read += 8;
        }
        self.pos += read;
        read
    }

    fn push_single_byte_by_words(&mut self, src: &[u8], deltas: &[u16; 128]) -> usize {
        let map = |byte: u8| match byte {
            0x00..=0x7F => Some(u16::from(byte)),
            _ => Some(single_byte::code_point(deltas, byte)).filter(|&unit| unit != 0),
        };
        let dst = self.buf.get_mut(self.pos..).unwrap_or_default();
        let mut read = 0;
        let mut stopped = false;
        'chunks: for (from, to) in src.chunks_exact(8).zip(dst.chunks_exact_mut(8)) {
            if super::ascii::is_ascii_word(from) {
                for (to, &from) in to.iter_mut().zip(from) {
                    *to = u16::from(from);
                }
                read += 8;
                continue;
            }
            for (to, &byte) in to.iter_mut().zip(from) {
                let Some(unit) = map(byte) else {
                    stopped = true;
                    break 'chunks;
                };
                *to = unit;
                read += 1;
            }
        }
        if !stopped {
            let tail = src.get(read..).unwrap_or_default();
            let room = self.buf.get_mut(self.pos + read..).unwrap_or_default();
            for (to, &byte) in room.iter_mut().zip(tail) {
                let Some(unit) = map(byte) else { break };
                *to = unit;
                read += 1;
            }
        }
        self.pos += read;
        read
    }
}

/// UTF-8 output into a caller's buffer. Only whole UTF-8 sequences of `char`s, `str`s and
/// ASCII bytes are ever written, so what it wrote is always valid UTF-8.
pub(crate) struct Utf8Sink<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl Sink for Utf8Sink<'_> {
    const MAX_STEP: usize = 8;

    fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    fn push(&mut self, c: char) {
        let len = c.len_utf8();
        debug_assert!(self.remaining() >= len);
        if let Some(slot) = self.buf.get_mut(self.pos..self.pos + len) {
            c.encode_utf8(slot);
            self.pos += len;
        }
    }

    fn push_bmp(&mut self, unit: u16) {
        self.push(char::from_u32(u32::from(unit)).unwrap_or('\u{FFFD}'));
    }

    fn push_ascii_run(&mut self, src: &[u8]) -> usize {
        let dst = self.buf.get_mut(self.pos..).unwrap_or_default();
        let copied = super::ascii::copy_ascii(src, dst);
        self.pos += copied;
        copied
    }

    fn push_valid_utf8(&mut self, src: &[u8]) -> usize {
        // Valid UTF-8 decodes to itself, one byte per byte: validate what fits and copy it.
        let window = src
            .get(..self.remaining().min(src.len()))
            .unwrap_or_default();
        let valid = utf8::valid_prefix(window);
        if let Some(slot) = self.buf.get_mut(self.pos..self.pos + valid.len()) {
            slot.copy_from_slice(valid.as_bytes());
            self.pos += valid.len();
        }
        valid.len()
    }
}

/// An encoding family's decoder: the standard's handler plus an optional fast path.
pub(crate) trait Handler {
    /// The handler (§4.1): `None` is end-of-queue.
    fn handle(&mut self, byte: Option<u8>, queue: &mut Queue<'_>) -> Handled;

    /// Decodes from the start of `src` what the handler would decode identically, without
    /// errors, stopping before anything else or when `sink` is nearly full; returns the bytes
    /// consumed (0 when the decoder is not in a state the fast path handles).
    fn fast<S: Sink>(&mut self, _src: &[u8], _sink: &mut S) -> usize {
        0
    }

    /// The handler's state as a word, 0 for a new instance (see [`Decoder::state`]). Decoders
    /// without state (single-byte, x-user-defined) keep these defaults.
    fn state(&self) -> u32 {
        0
    }

    /// Sets, on a new instance, a state that [`Handler::state`] returned; a word that is no
    /// state of this handler leaves it a new instance (never a state the handler cannot be in).
    fn set_state(&mut self, _state: u32) {}
}

struct Run {
    status: DecodeStatus,
    read: usize,
    finished: bool,
}

/// Process a queue (§4.1) over one chunk: `last` says whether end-of-queue follows it.
fn run<H: Handler, S: Sink>(
    handler: &mut H,
    restored: &mut Restored,
    src: &[u8],
    sink: &mut S,
    fatal: bool,
    last: bool,
) -> Run {
    let mut queue = Queue {
        restored,
        src,
        pos: 0,
    };
    loop {
        if queue.restored.is_empty() {
            let rest = src.get(queue.pos..).unwrap_or_default();
            queue.pos += handler.fast(rest, sink);
        }
        if queue.is_empty() && !last {
            // A streaming queue: end-of-queue is not processed until the last chunk.
            return Run {
                status: DecodeStatus::InputEmpty,
                read: queue.pos,
                finished: false,
            };
        }
        if sink.remaining() < S::MAX_STEP {
            return Run {
                status: DecodeStatus::OutputFull,
                read: queue.pos,
                finished: false,
            };
        }
        let item = queue.read();
        match handler.handle(item, &mut queue) {
            Handled::Continue => {}
            Handled::One(c) => sink.push(c),
            #[cfg(feature = "encoding-legacy")]
            Handled::Two(a, b) => {
                sink.push(a);
                sink.push(b);
            }
            Handled::Error if fatal => {
                return Run {
                    status: DecodeStatus::Malformed,
                    read: queue.pos,
                    finished: false,
                };
            }
            Handled::Error => sink.push('\u{FFFD}'),
            Handled::Finished => {
                // Finished on a byte (the replacement decoder): the rest of the input is
                // never read, and with the last chunk the stream is over.
                queue.restored.len = 0;
                return Run {
                    status: DecodeStatus::InputEmpty,
                    read: src.len(),
                    finished: item.is_none() || last,
                };
            }
        }
    }
}

/// The decoder state of each encoding family.
#[derive(Clone, Debug)]
enum Kind {
    Utf8(utf8::Utf8Decoder),
    Utf16(utf16::Utf16Decoder),
    SingleByte(single_byte::SingleByteDecoder),
    XUserDefined(x_user_defined::XUserDefinedDecoder),
    Replacement(replacement::ReplacementDecoder),
    #[cfg(feature = "encoding-legacy")]
    Gb18030(gb18030::Gb18030Decoder),
    #[cfg(feature = "encoding-legacy")]
    Big5(big5::Big5Decoder),
    #[cfg(feature = "encoding-legacy")]
    EucJp(euc_jp::EucJpDecoder),
    #[cfg(feature = "encoding-legacy")]
    Iso2022Jp(iso_2022_jp::Iso2022JpDecoder),
    #[cfg(feature = "encoding-legacy")]
    ShiftJis(shift_jis::ShiftJisDecoder),
    #[cfg(feature = "encoding-legacy")]
    EucKr(euc_kr::EucKrDecoder),
}

impl Kind {
    /// A new instance of `encoding`'s decoder.
    fn new(encoding: Encoding) -> Result<Kind, EncodingError> {
        encoding.check_included()?;
        if let Some(index) = single_byte::index(encoding) {
            return Ok(Kind::SingleByte(single_byte::SingleByteDecoder::new(index)));
        }
        Ok(match encoding {
            Encoding::Utf16Be => Kind::Utf16(utf16::Utf16Decoder::new(true)),
            Encoding::Utf16Le => Kind::Utf16(utf16::Utf16Decoder::new(false)),
            Encoding::XUserDefined => Kind::XUserDefined(x_user_defined::XUserDefinedDecoder),
            Encoding::Replacement => Kind::Replacement(replacement::ReplacementDecoder::default()),
            #[cfg(feature = "encoding-legacy")]
            Encoding::Gbk | Encoding::Gb18030 => Kind::Gb18030(gb18030::Gb18030Decoder::new()),
            #[cfg(feature = "encoding-legacy")]
            Encoding::Big5 => Kind::Big5(big5::Big5Decoder::new()),
            #[cfg(feature = "encoding-legacy")]
            Encoding::EucJp => Kind::EucJp(euc_jp::EucJpDecoder::new()),
            #[cfg(feature = "encoding-legacy")]
            Encoding::Iso2022Jp => Kind::Iso2022Jp(iso_2022_jp::Iso2022JpDecoder::new()),
            #[cfg(feature = "encoding-legacy")]
            Encoding::ShiftJis => Kind::ShiftJis(shift_jis::ShiftJisDecoder::new()),
            #[cfg(feature = "encoding-legacy")]
            Encoding::EucKr => Kind::EucKr(euc_kr::EucKrDecoder::new()),
            // UTF-8, and (unreachable after the check above) the excluded legacy encodings.
            _ => Kind::Utf8(utf8::Utf8Decoder::default()),
        })
    }
}

macro_rules! dispatch {
    ($kind:expr, $handler:ident => $body:expr) => {
        match $kind {
            Kind::Utf8($handler) => $body,
            Kind::Utf16($handler) => $body,
            Kind::SingleByte($handler) => $body,
            Kind::XUserDefined($handler) => $body,
            Kind::Replacement($handler) => $body,
            #[cfg(feature = "encoding-legacy")]
            Kind::Gb18030($handler) => $body,
            #[cfg(feature = "encoding-legacy")]
            Kind::Big5($handler) => $body,
            #[cfg(feature = "encoding-legacy")]
            Kind::EucJp($handler) => $body,
            #[cfg(feature = "encoding-legacy")]
            Kind::Iso2022Jp($handler) => $body,
            #[cfg(feature = "encoding-legacy")]
            Kind::ShiftJis($handler) => $body,
            #[cfg(feature = "encoding-legacy")]
            Kind::EucKr($handler) => $body,
        }
    };
}

/// A decoder instance (§4.1) with its error mode, decoding a stream chunk by chunk.
///
/// Every call takes the next chunk and whether it is the last; state (including bytes the
/// decoder restored to its queue) carries over, so any split of the input gives the same
/// output as decoding it whole. After the last chunk the decoder is a fresh instance again.
#[derive(Clone, Debug)]
pub struct Decoder {
    encoding: Encoding,
    kind: Kind,
    restored: Restored,
    mode: DecoderErrorMode,
}

impl Decoder {
    /// A new instance of `encoding`'s decoder. Fails only for encodings not included in this
    /// build.
    pub fn new(encoding: Encoding, mode: DecoderErrorMode) -> Result<Decoder, EncodingError> {
        Ok(Decoder {
            encoding,
            kind: Kind::new(encoding)?,
            restored: Restored::default(),
            mode,
        })
    }

    /// The encoding this decoder decodes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The error mode.
    pub fn error_mode(&self) -> DecoderErrorMode {
        self.mode
    }

    /// The decoder's state as one word (at most 30 bits; 0 for a new instance), for callers
    /// that keep it outside the decoder between chunks: [`Decoder::with_state`] makes the same
    /// decoder again. `None` while the I/O queue holds bytes that a fatal error left unread
    /// ([`Decoder::discard_queue`] drops them).
    pub fn state(&self) -> Option<u32> {
        self.restored
            .is_empty()
            .then(|| dispatch!(&self.kind, handler => handler.state()))
    }

    /// A decoder of `encoding` in the state [`Decoder::state`] returned. A word that is no
    /// state of this encoding's decoder gives a new instance.
    pub fn with_state(
        encoding: Encoding,
        mode: DecoderErrorMode,
        state: u32,
    ) -> Result<Decoder, EncodingError> {
        let mut decoder = Decoder::new(encoding, mode)?;
        if state != 0 {
            dispatch!(&mut decoder.kind, handler => handler.set_state(state));
        }
        Ok(decoder)
    }

    /// Drops the bytes a fatal error left in the I/O queue (restored bytes), keeping the
    /// decoder's own state.
    pub fn discard_queue(&mut self) {
        self.restored = Restored::default();
    }

    /// Replaces this decoder with a new instance of its encoding's decoder.
    pub fn reset(&mut self) {
        if let Ok(kind) = Kind::new(self.encoding) {
            self.kind = kind;
        }
        self.restored = Restored::default();
    }

    /// A UTF-16 buffer this long always holds the output of decoding `byte_length` more bytes
    /// (last chunk or not); `None` on overflow.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        // At most one unit per byte, plus what held and restored bytes and the end-of-queue
        // error make, plus a step's room.
        byte_length.checked_add(16)
    }

    /// A UTF-8 buffer this long always holds the output of decoding `byte_length` more bytes;
    /// `None` on overflow.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        // At most three bytes per byte (e.g. 0x80 → U+20AC), as above.
        byte_length.checked_mul(3)?.checked_add(48)
    }

    fn run_with<S: Sink>(&mut self, src: &[u8], sink: &mut S, last: bool) -> Run {
        let fatal = self.mode == DecoderErrorMode::Fatal;
        let run = dispatch!(&mut self.kind, handler => run(handler, &mut self.restored, src, sink, fatal, last));
        if run.finished {
            self.reset();
        }
        run
    }

    /// Decodes `src` into `dst` as UTF-16. `last` says `src` ends the stream (end-of-queue
    /// follows it).
    pub fn decode_to_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> DecodeResult {
        let mut sink = Utf16Sink {
            buf: dst,
            pos: 0,
            #[cfg(feature = "encoding-legacy")]
            byte_table: None,
        };
        let run = self.run_with(src, &mut sink, last);
        DecodeResult {
            status: run.status,
            read: run.read,
            written: sink.pos,
        }
    }

    /// Decodes `src` into `dst` as UTF-8 (always whole UTF-8 sequences).
    pub fn decode_to_utf8(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let mut sink = Utf8Sink { buf: dst, pos: 0 };
        let run = self.run_with(src, &mut sink, last);
        DecodeResult {
            status: run.status,
            read: run.read,
            written: sink.pos,
        }
    }

    /// Decodes `src`, appending UTF-16 to `dst`. Fails only in fatal mode.
    pub fn decode_to_utf16_vec(
        &mut self,
        src: &[u8],
        dst: &mut Vec<u16>,
        last: bool,
    ) -> Result<(), MalformedInput> {
        let mut end = dst.len();
        let result = self.decode_to_utf16_buffer(src, dst, &mut end, last);
        dst.truncate(end);
        result
    }

    /// Decodes `src` into `buffer` from `*end` on, advancing `*end` past what it wrote (in
    /// fatal mode, up to the error). `buffer` only grows: what lies past `*end` is left as it
    /// was, so that a buffer kept between calls is not zero-filled again for each (in the build
    /// without WebAssembly that fill is a JavaScript loop: MVP wasm has no `memory.fill`).
    pub fn decode_to_utf16_buffer(
        &mut self,
        src: &[u8],
        buffer: &mut Vec<u16>,
        end: &mut usize,
        last: bool,
    ) -> Result<(), MalformedInput> {
        let mut read = 0;
        loop {
            let rest = src.get(read..).unwrap_or_default();
            let room = self
                .max_utf16_buffer_length(rest.len())
                .unwrap_or(usize::MAX);
            let needed = end.saturating_add(room);
            if buffer.len() < needed {
                buffer.resize(needed, 0);
            }
            let result =
                self.decode_to_utf16(rest, buffer.get_mut(*end..).unwrap_or_default(), last);
            *end += result.written;
            read += result.read;
            match result.status {
                DecodeStatus::InputEmpty => return Ok(()),
                DecodeStatus::Malformed => return Err(MalformedInput { read }),
                DecodeStatus::OutputFull => {}
            }
        }
    }

    /// Decodes `src`, appending to `dst`. Fails only in fatal mode.
    pub fn decode_to_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> Result<(), MalformedInput> {
        let mut src = src;
        let mut read = 0;
        if let Kind::Utf8(decoder) = &self.kind
            && decoder.is_initial()
            && self.restored.is_empty()
        {
            // Valid UTF-8 decodes to itself: validate and copy the valid prefix at once.
            let valid = utf8::valid_prefix(src);
            dst.push_str(valid);
            read = valid.len();
            src = src.get(read..).unwrap_or_default();
        }
        self.decode_to_string_slow(src, dst, last)
            .map_err(|error| MalformedInput {
                read: read + error.read,
            })
    }

    fn decode_to_string_slow(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> Result<(), MalformedInput> {
        let mut bytes = core::mem::take(dst).into_bytes();
        let mut read = 0;
        let outcome = loop {
            let rest = src.get(read..).unwrap_or_default();
            let start = bytes.len();
            let room = self
                .max_utf8_buffer_length(rest.len())
                .unwrap_or(usize::MAX);
            bytes.resize(start.saturating_add(room), 0);
            let result =
                self.decode_to_utf8(rest, bytes.get_mut(start..).unwrap_or_default(), last);
            bytes.truncate(start + result.written);
            read += result.read;
            match result.status {
                DecodeStatus::InputEmpty => break Ok(()),
                DecodeStatus::Malformed => break Err(MalformedInput { read }),
                DecodeStatus::OutputFull => {}
            }
        };
        debug_assert!(core::str::from_utf8(&bytes).is_ok());
        // SAFETY: `bytes` was a `String` and every byte appended since came from a `Utf8Sink`,
        // which writes only `char::encode_utf8` output, whole `str`s and bytes below 0x80.
        *dst = unsafe { String::from_utf8_unchecked(bytes) };
        outcome
    }
}
