//! Encoder instances (§4.1): "process a queue" for encoders, "get an encoder" and
//! "encode or fail" (§7), with the "fatal" and "html" error modes.

use super::{Encoding, EncodingError, single_byte, utf8, x_user_defined};
use crate::infra::strings::decimal_digits;
use alloc::{boxed::Box, vec::Vec};

#[cfg(feature = "encoding-legacy")]
use super::{big5, euc_jp, euc_kr, gb18030, iso_2022_jp, shift_jis};

/// An encoder's error mode (§4.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EncoderErrorMode {
    /// The first unencodable code point stops encoding.
    Fatal,
    /// Unencodable code points become `&#N;` (HTML forms and URLs).
    Html,
}

/// Fatal mode: `code_point` could not be encoded. `read` bytes of the input were consumed
/// (including that code point); encoding resumes with the same encoder and `&input[read..]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EncodeError {
    /// The code point the encoder returned error with (U+FFFD for ISO-2022-JP's
    /// U+000E, U+000F and U+001B).
    pub code_point: char,
    /// Input bytes consumed.
    pub read: usize,
}

impl core::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "U+{:04X} cannot be encoded", u32::from(self.code_point))
    }
}

impl core::error::Error for EncodeError {}

/// What an encoder's handler returns for one code point.
pub(crate) enum Encoded {
    /// One to four bytes.
    Bytes([u8; 4], usize),
    /// Emit these three bytes (an escape sequence) and process the code point again.
    #[cfg(feature = "encoding-legacy")]
    Restore([u8; 3]),
    /// Error with this code point.
    Error(char),
}

impl Encoded {
    pub(crate) fn byte(byte: u8) -> Encoded {
        Encoded::Bytes([byte, 0, 0, 0], 1)
    }

    #[cfg(feature = "encoding-legacy")]
    pub(crate) fn two(first: u8, second: u8) -> Encoded {
        Encoded::Bytes([first, second, 0, 0], 2)
    }
}

#[derive(Clone, Debug)]
enum Kind {
    Utf8,
    /// The index, and its code points unpacked for the encoder's search.
    SingleByte(&'static single_byte::SingleByteIndex, Box<[u16; 128]>),
    XUserDefined,
    #[cfg(feature = "encoding-legacy")]
    Gb18030 {
        is_gbk: bool,
    },
    #[cfg(feature = "encoding-legacy")]
    Big5,
    #[cfg(feature = "encoding-legacy")]
    EucJp,
    #[cfg(feature = "encoding-legacy")]
    Iso2022Jp(iso_2022_jp::Iso2022JpEncoder),
    #[cfg(feature = "encoding-legacy")]
    ShiftJis,
    #[cfg(feature = "encoding-legacy")]
    EucKr,
}

/// An encoder instance (§4.1). Only ISO-2022-JP's encoder has state, which persists across
/// calls, as "encode or fail" needs.
#[derive(Clone, Debug)]
pub struct Encoder {
    encoding: Encoding,
    kind: Kind,
}

impl Encoder {
    /// Get an encoder (§7): a new instance of `encoding`'s encoder. Fails for replacement and
    /// UTF-16BE/LE (which the standard asserts never happens) and for encodings not
    /// included in this build.
    pub fn new(encoding: Encoding) -> Result<Encoder, EncodingError> {
        if !encoding.has_encoder() {
            return Err(EncodingError::NoEncoder(encoding));
        }
        encoding.check_included()?;
        let kind = if let Some(index) = single_byte::index(encoding) {
            Kind::SingleByte(index, Box::new(single_byte::code_points(index)))
        } else {
            match encoding {
                Encoding::XUserDefined => Kind::XUserDefined,
                #[cfg(feature = "encoding-legacy")]
                Encoding::Gbk => Kind::Gb18030 { is_gbk: true },
                #[cfg(feature = "encoding-legacy")]
                Encoding::Gb18030 => Kind::Gb18030 { is_gbk: false },
                #[cfg(feature = "encoding-legacy")]
                Encoding::Big5 => Kind::Big5,
                #[cfg(feature = "encoding-legacy")]
                Encoding::EucJp => Kind::EucJp,
                #[cfg(feature = "encoding-legacy")]
                Encoding::Iso2022Jp => Kind::Iso2022Jp(iso_2022_jp::Iso2022JpEncoder::default()),
                #[cfg(feature = "encoding-legacy")]
                Encoding::ShiftJis => Kind::ShiftJis,
                #[cfg(feature = "encoding-legacy")]
                Encoding::EucKr => Kind::EucKr,
                _ => Kind::Utf8,
            }
        };
        Ok(Encoder { encoding, kind })
    }

    /// The encoding this encoder encodes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Encode or fail (§7): encodes `input` and, when it is all encoded, end-of-queue (which
    /// returns ISO-2022-JP to ASCII); stops at the first code point it cannot encode.
    pub fn encode_or_fail(&mut self, input: &str, output: &mut Vec<u8>) -> Result<(), EncodeError> {
        self.encode(input, output, EncoderErrorMode::Fatal)
    }

    /// Process a queue (§4.1) of `input` followed by end-of-queue, appending to `output`. In
    /// "html" mode this never fails.
    pub fn encode(
        &mut self,
        input: &str,
        output: &mut Vec<u8>,
        mode: EncoderErrorMode,
    ) -> Result<(), EncodeError> {
        self.encode_valid_prefix(input.as_bytes(), output, mode)
    }

    /// [`Encoder::encode`] of the longest prefix of `input` that is valid UTF-8 (all of a
    /// `str`'s bytes). Each scalar value is checked as it is decoded: bytes from JS need no
    /// separate validating pass first (a third of a legacy encode's time in the wasm).
    pub(crate) fn encode_valid_prefix(
        &mut self,
        input: &[u8],
        output: &mut Vec<u8>,
        mode: EncoderErrorMode,
    ) -> Result<(), EncodeError> {
        if let Kind::Utf8 = self.kind {
            // The UTF-8 encoder maps every scalar value to its UTF-8 bytes: the input itself.
            output.extend_from_slice(utf8::valid_prefix(input).as_bytes());
            return Ok(());
        }
        // The legacy encodings mostly take no more bytes than UTF-8 (gb18030's four-byte forms
        // and html mode's escapes can): usually one reservation, not one per growth.
        output.reserve(input.len());
        let mut pos = 0;
        loop {
            let rest = input.get(pos..).unwrap_or_default();
            let ascii = self.ascii_prefix_len(rest);
            output.extend_from_slice(rest.get(..ascii).unwrap_or_default());
            pos += ascii;
            let Some((mut length, mut c)) = utf8::next_scalar(input.get(pos..).unwrap_or_default())
            else {
                // End-of-queue (the end of the input, or of its valid prefix).
                self.finish(output);
                return Ok(());
            };
            // A run of non-ASCII code points, one after the other; ASCII goes back to the
            // prefix scan (whose answer can depend on the encoder's state).
            loop {
                match self.encode_char(c) {
                    Encoded::Bytes([first, second, ..], 2) => {
                        // The common case (a CJK pair) pushed byte by byte: in the wasm,
                        // a slice copy is a call to memcpy.
                        output.push(first);
                        output.push(second);
                        pos += length;
                    }
                    Encoded::Bytes(encoded, len) => {
                        output.extend_from_slice(encoded.get(..len).unwrap_or_default());
                        pos += length;
                    }
                    #[cfg(feature = "encoding-legacy")]
                    Encoded::Restore(escape) => {
                        // The code point is processed again in the new state.
                        output.extend_from_slice(&escape);
                        break;
                    }
                    Encoded::Error(code_point) => {
                        pos += length;
                        match mode {
                            EncoderErrorMode::Fatal => {
                                return Err(EncodeError {
                                    code_point,
                                    read: pos,
                                });
                            }
                            EncoderErrorMode::Html => {
                                // 0x26 (&), 0x23 (#), the code point in base ten, 0x3B (;).
                                push_decimal_reference(output, u32::from(code_point));
                            }
                        }
                    }
                }
                match utf8::next_scalar(input.get(pos..).unwrap_or_default()) {
                    Some((next_length, next)) if !next.is_ascii() => {
                        length = next_length;
                        c = next;
                    }
                    _ => break,
                }
            }
        }
    }

    /// How many bytes at the start of `rest` are ASCII code points the encoder maps to
    /// themselves in its current state.
    fn ascii_prefix_len(&self, rest: &[u8]) -> usize {
        match &self.kind {
            #[cfg(feature = "encoding-legacy")]
            Kind::Iso2022Jp(encoder) => encoder.ascii_prefix_len(rest),
            _ => super::ascii::ascii_prefix_len(rest),
        }
    }

    fn encode_char(&mut self, c: char) -> Encoded {
        match &mut self.kind {
            Kind::Utf8 => {
                let mut bytes = [0u8; 4];
                let len = c.encode_utf8(&mut bytes).len();
                Encoded::Bytes(bytes, len)
            }
            Kind::SingleByte(index, code_points) => single_byte::encode(index, code_points, c),
            Kind::XUserDefined => x_user_defined::encode(c),
            #[cfg(feature = "encoding-legacy")]
            Kind::Gb18030 { is_gbk } => gb18030::encode(*is_gbk, c),
            #[cfg(feature = "encoding-legacy")]
            Kind::Big5 => big5::encode(c),
            #[cfg(feature = "encoding-legacy")]
            Kind::EucJp => euc_jp::encode(c),
            #[cfg(feature = "encoding-legacy")]
            Kind::Iso2022Jp(encoder) => encoder.encode(c),
            #[cfg(feature = "encoding-legacy")]
            Kind::ShiftJis => shift_jis::encode(c),
            #[cfg(feature = "encoding-legacy")]
            Kind::EucKr => euc_kr::encode(c),
        }
    }

    /// The handler at end-of-queue: only ISO-2022-JP emits bytes (returning to ASCII).
    fn finish(&mut self, _output: &mut Vec<u8>) {
        #[cfg(feature = "encoding-legacy")]
        if let Kind::Iso2022Jp(encoder) = &mut self.kind {
            _output.extend_from_slice(encoder.finish());
        }
    }
}

/// Appends `&#N;` (N in base ten).
fn push_decimal_reference(output: &mut Vec<u8>, code_point: u32) {
    output.extend_from_slice(b"&#");
    output.extend_from_slice(decimal_digits(code_point.into(), &mut [0; 20]));
    output.push(b';');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes from JS are encoded up to their first invalid UTF-8 sequence: what encoding that
    /// valid prefix as a `str` gives, in both modes, wherever the invalid bytes come.
    #[test]
    fn bytes_are_encoded_up_to_their_first_invalid_sequence() {
        let text = "a\u{3042}b\u{1F600}&\u{E9}\u{20AC}\u{FFFD}~\u{A5}";
        let tails: [&[u8]; 5] = [b"\xFF", b"\xE3\x81", b"\xED\xA0\x80", b"\xC0\x80", b""];
        let labels = [
            "utf-8",
            "windows-1252",
            "iso-8859-2",
            "x-user-defined",
            "shift_jis",
            "gbk",
            "gb18030",
            "big5",
            "euc-jp",
            "euc-kr",
            "iso-2022-jp",
        ];
        for label in labels {
            let Some(encoding) = Encoding::for_label(label) else {
                panic!("{label}");
            };
            for cut in 0..=text.len() {
                for tail in tails {
                    let mut bytes = text.as_bytes()[..cut].to_vec();
                    bytes.extend_from_slice(tail);
                    bytes.extend_from_slice(b"z\xE3\x81\x82");
                    let valid = match core::str::from_utf8(&bytes) {
                        Ok(valid) => valid,
                        Err(error) => core::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap(),
                    };
                    for mode in [EncoderErrorMode::Fatal, EncoderErrorMode::Html] {
                        let (Ok(mut expected), Ok(mut got)) =
                            (Encoder::new(encoding), Encoder::new(encoding))
                        else {
                            #[cfg(feature = "encoding-legacy")]
                            panic!("{label} has no encoder");
                            #[cfg(not(feature = "encoding-legacy"))]
                            continue;
                        };
                        let (mut expected_bytes, mut got_bytes) = (Vec::new(), Vec::new());
                        let expected_result = expected.encode(valid, &mut expected_bytes, mode);
                        let got_result = got.encode_valid_prefix(&bytes, &mut got_bytes, mode);
                        assert_eq!(got_result, expected_result, "{label} {bytes:02X?} {mode:?}");
                        assert_eq!(got_bytes, expected_bytes, "{label} {bytes:02X?} {mode:?}");
                    }
                }
            }
        }
    }
}
