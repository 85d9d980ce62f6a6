//! The state behind the standard's JavaScript API (§8): `TextDecoder` (and
//! `TextDecoderStream`, which is the same with every chunk streamed and a final flush),
//! `TextEncoder`'s `encode()`/`encodeInto()` over UTF-16 input, and `TextEncoderStream`'s
//! leading surrogate.

use super::decoder::{Decoder, DecoderErrorMode, MalformedInput};
use super::{Encoding, EncodingError};
use alloc::{string::String, vec::Vec};
use core::fmt;

/// Why `new TextDecoder(label, options)` throws a `RangeError`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TextDecoderError {
    /// "get an encoding" returned failure for the label.
    UnknownLabel,
    /// The label is a label of the replacement encoding.
    Replacement,
    /// The encoding is not included in this build (needs the `encoding-legacy` feature).
    NotIncluded(Encoding),
}

impl fmt::Display for TextDecoderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextDecoderError::UnknownLabel => f.write_str("the encoding label is not supported"),
            TextDecoderError::Replacement => {
                f.write_str("the replacement encoding cannot be used with TextDecoder")
            }
            TextDecoderError::NotIncluded(encoding) => EncodingError::NotIncluded(*encoding).fmt(f),
        }
    }
}

impl core::error::Error for TextDecoderError {}

/// A `TextDecoder`'s associated state (§8.1, §8.2): encoding, decoder, I/O queue, ignore BOM,
/// BOM seen, error mode and do not flush.
#[derive(Clone, Debug)]
pub struct TextDecoder {
    decoder: Decoder,
    ignore_bom: bool,
    bom_seen: bool,
    do_not_flush: bool,
}

/// [`TextDecoder::state`]'s flags above the decoder's state (which takes at most 30 bits).
const BOM_SEEN: u32 = 1 << 30;
const DO_NOT_FLUSH: u32 = 1 << 31;

/// Output a `TextDecoder` serializes into.
trait Output {
    fn len(&self) -> usize;
    fn truncate(&mut self, len: usize);
    /// Removes U+FEFF at `start` if it is there.
    fn remove_bom_at(&mut self, start: usize);
    fn decode(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> Result<(), MalformedInput>;
}

impl Output for Vec<u16> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }
    fn remove_bom_at(&mut self, start: usize) {
        if self.get(start) == Some(&0xFEFF) {
            self.remove(start);
        }
    }
    fn decode(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> Result<(), MalformedInput> {
        decoder.decode_to_utf16_vec(src, self, last)
    }
}

/// UTF-16 written at the start of a buffer that only grows (see
/// [`Decoder::decode_to_utf16_buffer`]): `len` units of it are the output.
struct Utf16Prefix<'a> {
    buffer: &'a mut Vec<u16>,
    len: usize,
}

impl Output for Utf16Prefix<'_> {
    fn len(&self) -> usize {
        self.len
    }
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
    fn remove_bom_at(&mut self, start: usize) {
        if start < self.len && self.buffer.get(start) == Some(&0xFEFF) {
            self.buffer.copy_within(start + 1..self.len, start);
            self.len -= 1;
        }
    }
    fn decode(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> Result<(), MalformedInput> {
        decoder.decode_to_utf16_buffer(src, self.buffer, &mut self.len, last)
    }
}

impl Output for String {
    fn len(&self) -> usize {
        String::len(self)
    }
    fn truncate(&mut self, len: usize) {
        String::truncate(self, len);
    }
    fn remove_bom_at(&mut self, start: usize) {
        if self.get(start..).is_some_and(|s| s.starts_with('\u{FEFF}')) {
            self.replace_range(start..start + '\u{FEFF}'.len_utf8(), "");
        }
    }
    fn decode(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> Result<(), MalformedInput> {
        decoder.decode_to_string(src, self, last)
    }
}

impl TextDecoder {
    /// The `new TextDecoder(label, options)` constructor steps.
    pub fn new(
        label: &str,
        fatal: bool,
        ignore_bom: bool,
    ) -> Result<TextDecoder, TextDecoderError> {
        // 1.-2. Get an encoding; failure or replacement throws a RangeError.
        let encoding = Encoding::for_label(label).ok_or(TextDecoderError::UnknownLabel)?;
        TextDecoder::for_encoding(encoding, fatal, ignore_bom)
    }

    /// The constructor steps from step 3, for an encoding already known.
    pub fn for_encoding(
        encoding: Encoding,
        fatal: bool,
        ignore_bom: bool,
    ) -> Result<TextDecoder, TextDecoderError> {
        TextDecoder::with_state(encoding, fatal, ignore_bom, 0)
    }

    /// A `TextDecoder` for an encoding already known, in the state [`TextDecoder::state`]
    /// returned (0: a new object's), so that its state can live outside between calls.
    pub fn with_state(
        encoding: Encoding,
        fatal: bool,
        ignore_bom: bool,
        state: u32,
    ) -> Result<TextDecoder, TextDecoderError> {
        if encoding == Encoding::Replacement {
            return Err(TextDecoderError::Replacement);
        }
        let mode = if fatal {
            DecoderErrorMode::Fatal
        } else {
            DecoderErrorMode::Replacement
        };
        let decoder = Decoder::with_state(encoding, mode, state & !(BOM_SEEN | DO_NOT_FLUSH))
            .map_err(|_| TextDecoderError::NotIncluded(encoding))?;
        Ok(TextDecoder {
            decoder,
            ignore_bom,
            bom_seen: state & BOM_SEEN != 0,
            do_not_flush: state & DO_NOT_FLUSH != 0,
        })
    }

    /// What this object keeps between `decode()` calls besides its encoding and options (the
    /// decoder's state, BOM seen, do not flush) as one word; 0 for a new object.
    pub fn state(&self) -> u32 {
        // Between calls the I/O queue is empty: each call reads it to the end or, on a fatal
        // error, discards it.
        self.decoder.state().unwrap_or(0)
            | if self.bom_seen { BOM_SEEN } else { 0 }
            | if self.do_not_flush { DO_NOT_FLUSH } else { 0 }
    }

    /// The encoding; the `encoding` getter returns its [`Encoding::lowercase_name`].
    pub fn encoding(&self) -> Encoding {
        self.decoder.encoding()
    }

    /// The `fatal` getter.
    pub fn fatal(&self) -> bool {
        self.decoder.error_mode() == DecoderErrorMode::Fatal
    }

    /// The `ignoreBOM` getter.
    pub fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    /// UTF-16 code units the next [`TextDecoder::decode_to_utf16`] of `input_length` bytes
    /// appends at most; `None` on overflow.
    pub fn max_utf16_length(&self, input_length: usize) -> Option<usize> {
        self.decoder.max_utf16_buffer_length(input_length)
    }

    /// The `decode(input, options)` method steps, appending the result as UTF-16 to
    /// `output`. `Err` is the `TypeError` of fatal mode; `output` is then left as it was.
    pub fn decode_to_utf16(
        &mut self,
        input: &[u8],
        stream: bool,
        output: &mut Vec<u16>,
    ) -> Result<(), MalformedInput> {
        self.decode_into(input, stream, output)
    }

    /// The `decode(input, options)` method steps, writing the result as UTF-16 at the start of
    /// `buffer` and returning its length. `buffer` only grows, and what lies past the result is
    /// left over from earlier calls: a buffer kept between calls is not zero-filled for each.
    pub fn decode_to_utf16_buffer(
        &mut self,
        input: &[u8],
        stream: bool,
        buffer: &mut Vec<u16>,
    ) -> Result<usize, MalformedInput> {
        let mut output = Utf16Prefix { buffer, len: 0 };
        self.decode_into(input, stream, &mut output)?;
        Ok(output.len)
    }

    /// The `decode(input, options)` method steps, returning a `String`.
    pub fn decode(&mut self, input: &[u8], stream: bool) -> Result<String, MalformedInput> {
        let mut output = String::new();
        self.decode_into(input, stream, &mut output)?;
        Ok(output)
    }

    fn decode_into<O: Output>(
        &mut self,
        input: &[u8],
        stream: bool,
        output: &mut O,
    ) -> Result<(), MalformedInput> {
        // 1. If do not flush is false, a new decoder, an empty I/O queue, BOM seen false.
        if !self.do_not_flush {
            self.decoder.reset();
            self.bom_seen = false;
        }
        // 2. Set do not flush to options["stream"].
        self.do_not_flush = stream;
        // 3.-5. Push input to the I/O queue and process items until end-of-queue (processed
        // only when not streaming).
        let start = output.len();
        if let Err(error) = output.decode(&mut self.decoder, input, !stream) {
            // A TypeError. What the queue still holds is dropped, so that it never surfaces in
            // a later call (upstream WPT encoding/textdecoder-mistakes.any.js, as Node and
            // WebKit do); the decoder keeps its state, which error leaves initial in every
            // decoder but ISO-2022-JP's (its mode persists, as that test expects).
            output.truncate(start);
            self.decoder.discard_queue();
            return Err(error);
        }
        // Serialize I/O queue: for UTF-8 and UTF-16BE/LE, unless ignore BOM, the first
        // scalar value ever output sets BOM seen and is dropped if it is U+FEFF.
        if matches!(
            self.encoding(),
            Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le
        ) && !self.ignore_bom
            && !self.bom_seen
            && output.len() > start
        {
            self.bom_seen = true;
            output.remove_bom_at(start);
        }
        Ok(())
    }
}

/// `TextEncoder`'s `encode()` (§8.4): converts UTF-16 (a JavaScript string; lone surrogates
/// become U+FFFD as for a USVString) to UTF-8, appending to `output`.
pub fn utf16_to_utf8(input: &[u16], output: &mut Vec<u8>) {
    output.reserve(input.len().saturating_mul(3));
    let mut pending = None;
    push_utf16(input, &mut pending, output);
    if pending.is_some() {
        output.extend_from_slice("\u{FFFD}".as_bytes());
    }
}

/// `TextEncoder`'s `encodeInto()` (§8.4): encodes as much of `source` (UTF-16; lone
/// surrogates become U+FFFD) as fits whole into `destination`; returns (UTF-16 code units
/// read, bytes written).
pub fn encode_into_utf8(source: &[u16], destination: &mut [u8]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&unit) = source.get(read) {
        // ASCII, many at a time.
        if unit < 0x80 {
            let room = destination.len() - written;
            let run = source
                .get(read..)
                .unwrap_or_default()
                .iter()
                .take(room)
                .take_while(|&&u| u < 0x80)
                .count();
            if run == 0 {
                break;
            }
            for (to, &from) in destination
                .get_mut(written..written + run)
                .unwrap_or_default()
                .iter_mut()
                .zip(source.get(read..read + run).unwrap_or_default())
            {
                *to = from as u8;
            }
            read += run;
            written += run;
            continue;
        }
        let (c, units) = scalar_at(source, read);
        let len = c.len_utf8();
        let Some(slot) = destination.get_mut(written..written + len) else {
            break;
        };
        c.encode_utf8(slot);
        read += units;
        written += len;
    }
    (read, written)
}

/// The scalar value at `source[at]` (a non-empty position) and how many units it takes; lone
/// surrogates are U+FFFD.
fn scalar_at(source: &[u16], at: usize) -> (char, usize) {
    let unit = source.get(at).copied().unwrap_or(0xFFFD);
    if (0xD800..=0xDBFF).contains(&unit)
        && let Some(&next) = source.get(at + 1)
        && (0xDC00..=0xDFFF).contains(&next)
    {
        let scalar = 0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(next) - 0xDC00);
        return (char::from_u32(scalar).unwrap_or('\u{FFFD}'), 2);
    }
    (char::from_u32(u32::from(unit)).unwrap_or('\u{FFFD}'), 1)
}

/// Appends `input` as UTF-8, pairing surrogates; a leading surrogate at the end is left in
/// `pending` (TextEncoderStream's leading surrogate) instead of being replaced.
fn push_utf16(input: &[u16], pending: &mut Option<u16>, output: &mut Vec<u8>) {
    let mut at = 0;
    if let Some(leading) = pending.take() {
        match input.first() {
            None => {
                *pending = Some(leading);
                return;
            }
            Some(&trailing) if (0xDC00..=0xDFFF).contains(&trailing) => {
                let scalar = 0x10000
                    + ((u32::from(leading) - 0xD800) << 10)
                    + (u32::from(trailing) - 0xDC00);
                let mut buffer = [0u8; 4];
                output.extend_from_slice(
                    char::from_u32(scalar)
                        .unwrap_or('\u{FFFD}')
                        .encode_utf8(&mut buffer)
                        .as_bytes(),
                );
                at = 1;
            }
            // Restore the unit to the input and output U+FFFD.
            Some(_) => output.extend_from_slice("\u{FFFD}".as_bytes()),
        }
    }
    while let Some(&unit) = input.get(at) {
        if unit < 0x80 {
            // An ASCII run at once.
            let rest = input.get(at..).unwrap_or_default();
            let run = rest.iter().take_while(|&&u| u < 0x80).count();
            output.extend(rest.iter().take(run).map(|&u| u as u8));
            at += run;
            continue;
        }
        if (0xD800..=0xDBFF).contains(&unit) && at + 1 == input.len() {
            *pending = Some(unit);
            return;
        }
        let (c, units) = scalar_at(input, at);
        let mut buffer = [0u8; 4];
        output.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
        at += units;
    }
}

/// A `TextEncoderStream`'s leading surrogate (§8.5), which lets a surrogate pair split
/// between chunks become one scalar value.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextEncoderStreamState {
    leading_surrogate: Option<u16>,
}

impl TextEncoderStreamState {
    /// A new `TextEncoderStream`'s state.
    pub fn new() -> Self {
        Self::default()
    }

    /// Encode and enqueue a chunk: appends the chunk's UTF-8 to `output` (enqueue it if it is
    /// not empty).
    pub fn encode_chunk(&mut self, chunk: &[u16], output: &mut Vec<u8>) {
        push_utf16(chunk, &mut self.leading_surrogate, output);
    }

    /// Encode and flush: a leading surrogate left at the end becomes U+FFFD.
    pub fn flush(&mut self, output: &mut Vec<u8>) {
        if self.leading_surrogate.take().is_some() {
            output.extend_from_slice("\u{FFFD}".as_bytes());
        }
    }
}
