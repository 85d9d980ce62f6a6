//! The WHATWG Encoding Standard: every encoding's decoder and encoder, label lookup, the hooks
//! other standards call (§6, §7), and the state that `TextDecoder`, `TextEncoder` and their
//! stream variants need (§8).
//!
//! - [`Encoding`] is an encoding; [`Encoding::for_label`] is "get an encoding" and
//!   [`Encoding::output_encoding`] is "get an output encoding".
//! - [`Decoder`] is a streaming decoder instance: it decodes chunk after chunk into a
//!   caller-provided UTF-16 or UTF-8 buffer, or appends to a `Vec<u16>` or `String`, keeping
//!   the state the standard keeps in its I/O queues (including bytes a decoder restores) across
//!   chunks. [`Encoder`] is an encoder instance ("get an encoder", "encode or fail").
//! - [`TextDecoder`] and [`TextEncoderStreamState`] hold exactly the state the JavaScript API's
//!   objects hold (BOM seen, do not flush, leading surrogate, ...); [`utf16_to_utf8`] and
//!   [`encode_into_utf8`] are `TextEncoder`'s `encode()` and `encodeInto()` over UTF-16.
//! - The hooks: [`decode`], [`utf8_decode`], [`utf8_decode_without_bom`],
//!   [`utf8_decode_without_bom_or_fail`], [`bom_sniff`], [`encode`], [`utf8_encode`].
//!
//! Builds without the `encoding-legacy` feature still know every encoding and label (so label
//! lookup stays spec-exact), but creating a decoder or encoder for GBK, gb18030, Big5, EUC-JP,
//! ISO-2022-JP, Shift_JIS or EUC-KR fails with [`EncodingError::NotIncluded`].
//!
//! ```
//! use webweft::encoding::{Encoding, bom_sniff, utf8_decode};
//!
//! assert_eq!(Encoding::for_label("latin1"), Some(Encoding::Windows1252));
//! assert_eq!(Encoding::Utf16Le.output_encoding(), Encoding::Utf8);
//! assert_eq!(bom_sniff(b"\xFF\xFEa\0"), Some(Encoding::Utf16Le));
//! assert_eq!(utf8_decode(b"\xEF\xBB\xBFa\xFFb"), "a\u{FFFD}b");
//! ```

use alloc::{string::String, vec::Vec};
mod ascii;
mod decoder;
mod encoder;
mod replacement;
mod single_byte;
mod tables;
mod text_decoder;
mod utf16;
mod utf8;
mod x_user_defined;

mod url_query;

#[cfg(feature = "encoding-legacy")]
mod big5;
#[cfg(feature = "encoding-legacy")]
mod euc_jp;
#[cfg(feature = "encoding-legacy")]
mod euc_kr;
#[cfg(feature = "encoding-legacy")]
mod gb18030;
#[cfg(feature = "encoding-legacy")]
mod index;
#[cfg(feature = "encoding-legacy")]
mod iso_2022_jp;
#[cfg(feature = "encoding-legacy")]
mod shift_jis;

use alloc::borrow::Cow;
use core::fmt;

pub use decoder::{DecodeResult, DecodeStatus, Decoder, DecoderErrorMode, MalformedInput};
pub use encoder::{EncodeError, Encoder, EncoderErrorMode};
pub use text_decoder::{
    TextDecoder, TextDecoderError, TextEncoderStreamState, encode_into_utf8, utf16_to_utf8,
};

/// An encoding of the Encoding Standard (§4.2), named after the standard's names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[allow(missing_docs)]
pub enum Encoding {
    Utf8,
    Ibm866,
    Iso8859_2,
    Iso8859_3,
    Iso8859_4,
    Iso8859_5,
    Iso8859_6,
    Iso8859_7,
    Iso8859_8,
    Iso8859_8I,
    Iso8859_10,
    Iso8859_13,
    Iso8859_14,
    Iso8859_15,
    Iso8859_16,
    Koi8R,
    Koi8U,
    Macintosh,
    Windows874,
    Windows1250,
    Windows1251,
    Windows1252,
    Windows1253,
    Windows1254,
    Windows1255,
    Windows1256,
    Windows1257,
    Windows1258,
    XMacCyrillic,
    Gbk,
    Gb18030,
    Big5,
    EucJp,
    Iso2022Jp,
    ShiftJis,
    EucKr,
    Replacement,
    Utf16Be,
    Utf16Le,
    XUserDefined,
}

impl Encoding {
    /// Every encoding, in the order of the standard's table.
    pub const ALL: [Encoding; 40] = tables::labels::ALL;

    /// Get an encoding (§4.2): the encoding for `label` after stripping leading and trailing
    /// ASCII whitespace, matched ASCII case-insensitively; `None` is the spec's failure.
    pub fn for_label(label: &str) -> Option<Encoding> {
        // 1. Remove any leading and trailing ASCII whitespace.
        let label = label.trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '));
        // 2. Match ASCII case-insensitively: lowercase into a buffer no longer than a label.
        let mut buffer = [0u8; tables::labels::LONGEST_LABEL];
        let lowered = buffer.get_mut(..label.len())?;
        lowered.copy_from_slice(label.as_bytes());
        lowered.make_ascii_lowercase();
        let ends = &tables::labels::LABEL_ENDS;
        let label_at = |i: usize| {
            let start = i.checked_sub(1).and_then(|j| ends.get(j)).copied();
            let end = ends.get(i).copied().unwrap_or_default();
            let text = tables::labels::LABEL_TEXT.as_bytes();
            text.get(usize::from(start.unwrap_or(0))..usize::from(end))
                .unwrap_or_default()
        };
        let (mut low, mut high) = (0, ends.len());
        while low < high {
            let middle = low + (high - low) / 2;
            match label_at(middle).cmp(lowered) {
                core::cmp::Ordering::Less => low = middle + 1,
                core::cmp::Ordering::Greater => high = middle,
                core::cmp::Ordering::Equal => {
                    return tables::labels::LABEL_ENCODINGS.get(middle).copied();
                }
            }
        }
        None
    }

    /// Get an encoding from a label given as bytes (e.g. sniffed from a document); labels are
    /// ASCII, so bytes that are not UTF-8 never match.
    pub fn for_label_bytes(label: &[u8]) -> Option<Encoding> {
        core::str::from_utf8(label)
            .ok()
            .and_then(Encoding::for_label)
    }

    /// The encoding's name, as the standard spells it (e.g. `"Shift_JIS"`).
    pub const fn name(self) -> &'static str {
        tables::labels::names(self).0
    }

    /// The name ASCII-lowercased: what `TextDecoder`'s `encoding` getter returns.
    pub const fn lowercase_name(self) -> &'static str {
        tables::labels::names(self).1
    }

    /// Get an output encoding (§4.3): UTF-8 for replacement and UTF-16BE/LE, else itself.
    pub const fn output_encoding(self) -> Encoding {
        match self {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            other => other,
        }
    }

    /// Whether this is a single-byte encoding (§9).
    pub const fn is_single_byte(self) -> bool {
        single_byte::index(self).is_some()
    }

    /// Whether the encoding has an encoder (all but replacement and UTF-16BE/LE, §4.1).
    pub const fn has_encoder(self) -> bool {
        !matches!(
            self,
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le
        )
    }

    /// Whether the encoding is one of the legacy multi-byte CJK encodings gated by the
    /// `encoding-legacy` feature.
    pub const fn is_legacy_multi_byte(self) -> bool {
        matches!(
            self,
            Encoding::Gbk
                | Encoding::Gb18030
                | Encoding::Big5
                | Encoding::EucJp
                | Encoding::Iso2022Jp
                | Encoding::ShiftJis
                | Encoding::EucKr
        )
    }

    /// Whether this build includes the encoding's decoder and encoder.
    pub const fn is_included(self) -> bool {
        cfg!(feature = "encoding-legacy") || !self.is_legacy_multi_byte()
    }

    pub(crate) const fn check_included(self) -> Result<(), EncodingError> {
        if self.is_included() {
            Ok(())
        } else {
            Err(EncodingError::NotIncluded(self))
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a decoder or encoder could not be created.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EncodingError {
    /// The encoding is known, but this build was compiled without the `encoding-legacy`
    /// feature that carries its decoder, encoder and tables.
    NotIncluded(Encoding),
    /// The encoding has no encoder: replacement and UTF-16BE/LE (use
    /// [`Encoding::output_encoding`] first, as the standard's callers do).
    NoEncoder(Encoding),
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingError::NotIncluded(encoding) => write!(
                f,
                "encoding {encoding} is not included in this build (it needs the \
                 `encoding-legacy` feature)"
            ),
            EncodingError::NoEncoder(encoding) => write!(f, "encoding {encoding} has no encoder"),
        }
    }
}

impl core::error::Error for EncodingError {}

/// The index `encoding`'s decoder looks its two-byte characters up in (pointer → code point,
/// 0 for null); `None` for the encodings whose decoder has no JavaScript run. Only in the build
/// without WebAssembly, whose js/fallback/multi-byte.js decodes well-formed runs with the same
/// tables (docs/speed.md, "In engines without WebAssembly").
#[cfg(all(feature = "encoding-legacy", feature = "bindings", target_os = "none"))]
pub(crate) fn decoder_index(encoding: Encoding) -> Option<Vec<u32>> {
    let widened = |table: &[u16]| table.iter().copied().map(u32::from).collect();
    match encoding {
        Encoding::ShiftJis | Encoding::EucJp | Encoding::Iso2022Jp => {
            Some(widened(index::jis0208()))
        }
        Encoding::Gbk | Encoding::Gb18030 => Some(widened(index::gb18030())),
        Encoding::EucKr => Some(widened(index::euc_kr())),
        Encoding::Big5 => Some(index::big5().to_vec()),
        _ => None,
    }
}

/// BOM sniff (§6): the encoding a byte order mark at the start of `input` names, if any.
/// `input` is the start of the queue; with fewer than 3 bytes known, pass all there are only
/// at end of input (the standard's "peek" waits for 3 bytes or the end).
pub fn bom_sniff(input: &[u8]) -> Option<Encoding> {
    match input {
        [0xEF, 0xBB, 0xBF, ..] => Some(Encoding::Utf8),
        [0xFE, 0xFF, ..] => Some(Encoding::Utf16Be),
        [0xFF, 0xFE, ..] => Some(Encoding::Utf16Le),
        _ => None,
    }
}

/// Decode (§6): BOM sniff, then decode with the BOM's encoding or `fallback`, replacing
/// errors with U+FFFD. Returns the output and the encoding actually used.
pub fn decode(input: &[u8], fallback: Encoding) -> Result<(String, Encoding), EncodingError> {
    // 1. Let BOMEncoding be the result of BOM sniffing ioQueue.
    let (encoding, input) = match bom_sniff(input) {
        // 2. If BOMEncoding is non-null, set encoding to it and read three bytes (UTF-8)
        //    or two bytes (UTF-16BE/LE).
        Some(Encoding::Utf8) => (Encoding::Utf8, input.get(3..).unwrap_or_default()),
        Some(bom_encoding) => (bom_encoding, input.get(2..).unwrap_or_default()),
        None => (fallback, input),
    };
    // 3. Process a queue with an instance of encoding's decoder and "replacement".
    let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement)?;
    let mut output = String::new();
    // Replacement mode never fails.
    let _ = decoder.decode_to_string(input, &mut output, true);
    Ok((output, encoding))
}

/// UTF-8 decode (§6): strip a UTF-8 BOM, then decode, replacing errors with U+FFFD.
pub fn utf8_decode(input: &[u8]) -> Cow<'_, str> {
    utf8_decode_without_bom(input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input))
}

/// UTF-8 decode without BOM (§6): decode, replacing errors with U+FFFD; a BOM is kept as
/// U+FEFF. Borrows the input when it is valid UTF-8.
pub fn utf8_decode_without_bom(input: &[u8]) -> Cow<'_, str> {
    match utf8_decode_without_bom_or_fail(input) {
        Some(valid) => Cow::Borrowed(valid),
        None => {
            let mut output = String::new();
            // UTF-8 is always included, and replacement mode never fails.
            if let Ok(mut decoder) = Decoder::new(Encoding::Utf8, DecoderErrorMode::Replacement) {
                let _ = decoder.decode_to_string(input, &mut output, true);
            }
            Cow::Owned(output)
        }
    }
}

/// UTF-8 decode without BOM or fail (§6): the input as a string, or `None` (failure) if it is
/// not valid UTF-8.
pub fn utf8_decode_without_bom_or_fail(input: &[u8]) -> Option<&str> {
    let valid = utf8::valid_prefix(input);
    (valid.len() == input.len()).then_some(valid)
}

/// Encode (§6): get an encoder for `encoding` and encode `input` with the "html" error mode
/// (unencodable code points become `&#N;`).
pub fn encode(input: &str, encoding: Encoding) -> Result<Vec<u8>, EncodingError> {
    let mut encoder = Encoder::new(encoding)?;
    let mut output = Vec::with_capacity(input.len());
    // The "html" error mode never fails.
    let _ = encoder.encode(input, &mut output, EncoderErrorMode::Html);
    Ok(output)
}

/// UTF-8 encode (§6): a Rust string is already its UTF-8 encoding.
pub fn utf8_encode(input: &str) -> Vec<u8> {
    input.as_bytes().to_vec()
}
