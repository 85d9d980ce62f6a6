//! MIME Sniffing §5–§7: the resource's metadata (supplied MIME type, check-for-apache-bug and
//! no-sniff flags, resource header), the pattern matching algorithm and its tables (§6), and
//! determining the computed MIME type (§7) with the rules for identifying an unknown MIME type
//! (§7.1) and for distinguishing if a resource is text or binary (§7.2).

use super::mime_type::MimeType;
use crate::infra::http::is_http_tab_or_space;

/// The most bytes reading the resource header keeps (§5.1): 1445.
pub const RESOURCE_HEADER_MAX_LEN: usize = 1445;

/// The resource header of a resource whose bytes are all at hand (§5.1): its first 1445 bytes.
pub fn resource_header(resource: &[u8]) -> &[u8] {
    resource.get(..RESOURCE_HEADER_MAX_LEN).unwrap_or(resource)
}

/// A binary data byte (§3): 0x00–0x08, 0x0B, 0x0E–0x1A or 0x1C–0x1F.
pub fn is_binary_data_byte(byte: u8) -> bool {
    matches!(byte, 0x00..=0x08 | 0x0B | 0x0E..=0x1A | 0x1C..=0x1F)
}

/// The whitespace bytes (§3, "0xWS"): 0x09, 0x0A, 0x0C, 0x0D and 0x20, the leading bytes the
/// scriptable patterns ignore.
pub const WHITESPACE_BYTES: &[u8] = &[0x09, 0x0A, 0x0C, 0x0D, 0x20];

/// A tag-terminating byte (§3, "0xTT"): 0x20 (SP) or 0x3E (>).
pub fn is_tag_terminating_byte(byte: u8) -> bool {
    matches!(byte, 0x20 | 0x3E)
}

/// A row of one of the standard's pattern tables: byte pattern, pattern mask, leading bytes
/// to be ignored and the MIME type it identifies. In the scriptable table a pattern may end in
/// "TT", a tag-terminating byte, which `tag_terminated` stands for (the pattern and mask then
/// hold the bytes before it).
#[derive(Clone, Copy, Debug)]
pub struct PatternRow {
    /// The byte pattern.
    pub pattern: &'static [u8],
    /// The pattern mask, as long as the pattern.
    pub mask: &'static [u8],
    /// The set of leading bytes to be ignored.
    pub ignored: &'static [u8],
    /// Whether the pattern ends in a tag-terminating byte (0xTT).
    pub tag_terminated: bool,
    /// The MIME type the row identifies.
    pub mime_type: &'static str,
}

impl PatternRow {
    /// The pattern matching algorithm (§6) given `input` and this row.
    pub fn matches(&self, input: &[u8]) -> bool {
        let tag_terminator = usize::from(self.tag_terminated);
        // 2. If input's length is less than pattern's length, return false.
        if input.len() < self.pattern.len() + tag_terminator {
            return false;
        }
        let Some(end) = pattern_match_end(input, self.pattern, self.mask, self.ignored) else {
            return false;
        };
        // The "TT" byte, the pattern's last: 0x20 or 0x3E.
        !self.tag_terminated || input.get(end).copied().is_some_and(is_tag_terminating_byte)
    }
}

/// The pattern matching algorithm (§6): whether `input` matches `pattern` under `mask` once the
/// leading bytes in `ignored` are skipped. A pattern that runs past the end of the input after
/// skipping does not match (the standard's steps would read past it).
pub fn pattern_matching_algorithm(
    input: &[u8],
    pattern: &[u8],
    mask: &[u8],
    ignored: &[u8],
) -> bool {
    // 1. Assert: pattern's length is equal to mask's length.
    // 2. If input's length is less than pattern's length, return false.
    pattern.len() == mask.len()
        && input.len() >= pattern.len()
        && pattern_match_end(input, pattern, mask, ignored).is_some()
}

/// Steps 3–7 of the pattern matching algorithm: the index just past the matched bytes.
fn pattern_match_end(input: &[u8], pattern: &[u8], mask: &[u8], ignored: &[u8]) -> Option<usize> {
    // 3–4. Let s be the index of the first byte of input that ignored does not contain.
    let s = input
        .iter()
        .position(|byte| !ignored.contains(byte))
        .unwrap_or(input.len());
    // 5–6. For each p, input[s + p] & mask[p] must equal pattern[p].
    let data = input.get(s..s + pattern.len())?;
    let matched = data
        .iter()
        .zip(mask)
        .zip(pattern)
        .all(|((&byte, &mask), &pattern)| byte & mask == pattern);
    // 7. Return true.
    matched.then_some(s + pattern.len())
}

/// A table row without ignored bytes or a trailing "TT".
const fn row(pattern: &'static [u8], mask: &'static [u8], mime_type: &'static str) -> PatternRow {
    PatternRow {
        pattern,
        mask,
        ignored: &[],
        tag_terminated: false,
        mime_type,
    }
}

/// A row of the scriptable table's "<TAG" followed by a tag-terminating byte, after
/// whitespace bytes.
const fn html_tag_row(pattern: &'static [u8], mask: &'static [u8]) -> PatternRow {
    PatternRow {
        pattern,
        mask,
        ignored: WHITESPACE_BYTES,
        tag_terminated: true,
        mime_type: "text/html",
    }
}

/// §7.1 step 1's table: the scriptable MIME types, sniffed only with the sniff-scriptable flag.
pub const SCRIPTABLE_PATTERNS: [PatternRow; 19] = [
    // The case-insensitive "<!DOCTYPE HTML" followed by a tag-terminating byte.
    html_tag_row(
        b"<!DOCTYPE HTML",
        &[
            0xFF, 0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF, 0xFF, 0xDF, 0xDF, 0xDF, 0xDF,
        ],
    ),
    html_tag_row(b"<HTML", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<HEAD", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<SCRIPT", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<IFRAME", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<H1", &[0xFF, 0xDF, 0xFF]),
    html_tag_row(b"<DIV", &[0xFF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<FONT", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<TABLE", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<A", &[0xFF, 0xDF]),
    html_tag_row(b"<STYLE", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<TITLE", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<B", &[0xFF, 0xDF]),
    html_tag_row(b"<BODY", &[0xFF, 0xDF, 0xDF, 0xDF, 0xDF]),
    html_tag_row(b"<BR", &[0xFF, 0xDF, 0xDF]),
    html_tag_row(b"<P", &[0xFF, 0xDF]),
    html_tag_row(b"<!--", &[0xFF, 0xFF, 0xFF, 0xFF]),
    // The string "<?xml".
    PatternRow {
        pattern: b"<?xml",
        mask: &[0xFF; 5],
        ignored: WHITESPACE_BYTES,
        tag_terminated: false,
        mime_type: "text/xml",
    },
    // The string "%PDF-", the PDF signature.
    row(b"%PDF-", &[0xFF; 5], "application/pdf"),
];

/// §7.1 step 2's table: PostScript and the byte order marks.
pub const NON_SCRIPTABLE_PATTERNS: [PatternRow; 4] = [
    // The string "%!PS-Adobe-", the PostScript signature.
    row(b"%!PS-Adobe-", &[0xFF; 11], "application/postscript"),
    // UTF-16BE BOM.
    row(
        &[0xFE, 0xFF, 0x00, 0x00],
        &[0xFF, 0xFF, 0x00, 0x00],
        "text/plain",
    ),
    // UTF-16LE BOM.
    row(
        &[0xFF, 0xFE, 0x00, 0x00],
        &[0xFF, 0xFF, 0x00, 0x00],
        "text/plain",
    ),
    // UTF-8 BOM.
    row(
        &[0xEF, 0xBB, 0xBF, 0x00],
        &[0xFF, 0xFF, 0xFF, 0x00],
        "text/plain",
    ),
];

/// §6.1's table: the image type patterns.
pub const IMAGE_PATTERNS: [PatternRow; 8] = [
    // A Windows Icon signature.
    row(&[0x00, 0x00, 0x01, 0x00], &[0xFF; 4], "image/x-icon"),
    // A Windows Cursor signature.
    row(&[0x00, 0x00, 0x02, 0x00], &[0xFF; 4], "image/x-icon"),
    // The string "BM", a BMP signature.
    row(b"BM", &[0xFF; 2], "image/bmp"),
    // The string "GIF87a", a GIF signature.
    row(b"GIF87a", &[0xFF; 6], "image/gif"),
    // The string "GIF89a", a GIF signature.
    row(b"GIF89a", &[0xFF; 6], "image/gif"),
    // "RIFF", four bytes, "WEBPVP".
    row(
        b"RIFF\0\0\0\0WEBPVP",
        &[
            0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        ],
        "image/webp",
    ),
    // An error-checking byte, "PNG", CR LF SUB LF: the PNG signature.
    row(
        &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A],
        &[0xFF; 8],
        "image/png",
    ),
    // The JPEG Start of Image marker followed by the indicator byte of another marker.
    row(&[0xFF, 0xD8, 0xFF], &[0xFF; 3], "image/jpeg"),
];

/// §6.2's table: the audio and video type patterns (the MP4, WebM and MP3 signatures follow
/// it in [`audio_or_video_type_pattern_matching_algorithm`]).
pub const AUDIO_OR_VIDEO_PATTERNS: [PatternRow; 6] = [
    // "FORM", four bytes, "AIFF": the AIFF signature.
    row(
        b"FORM\0\0\0\0AIFF",
        &[0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
        "audio/aiff",
    ),
    // "ID3", the ID3v2-tagged MP3 signature.
    row(b"ID3", &[0xFF; 3], "audio/mpeg"),
    // "OggS" followed by NUL, the Ogg container signature.
    row(b"OggS\0", &[0xFF; 5], "application/ogg"),
    // "MThd" followed by the number 6 in 32 bits (big-endian), the MIDI signature.
    row(b"MThd\0\0\0\x06", &[0xFF; 8], "audio/midi"),
    // "RIFF", four bytes, "AVI ": the AVI signature.
    row(
        b"RIFF\0\0\0\0AVI ",
        &[0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
        "video/avi",
    ),
    // "RIFF", four bytes, "WAVE": the WAVE signature.
    row(
        b"RIFF\0\0\0\0WAVE",
        &[0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
        "audio/wave",
    ),
];

/// The Embedded OpenType row's pattern: 34 bytes of any value, then "LP".
const EOT_PATTERN: [u8; 36] = {
    let mut pattern = [0; 36];
    pattern[34] = b'L';
    pattern[35] = b'P';
    pattern
};
/// The Embedded OpenType row's mask: only "LP" is significant.
const EOT_MASK: [u8; 36] = {
    let mut mask = [0; 36];
    mask[34] = 0xFF;
    mask[35] = 0xFF;
    mask
};

/// §6.3's table: the font type patterns.
pub const FONT_PATTERNS: [PatternRow; 6] = [
    // 34 bytes followed by the string "LP", the Embedded OpenType signature.
    row(&EOT_PATTERN, &EOT_MASK, "application/vnd.ms-fontobject"),
    // 4 bytes representing the version number 1.0, a TrueType signature.
    row(&[0x00, 0x01, 0x00, 0x00], &[0xFF; 4], "font/ttf"),
    // The string "OTTO", the OpenType signature.
    row(b"OTTO", &[0xFF; 4], "font/otf"),
    // The string "ttcf", the TrueType Collection signature.
    row(b"ttcf", &[0xFF; 4], "font/collection"),
    // The string "wOFF", the Web Open Font Format 1.0 signature.
    row(b"wOFF", &[0xFF; 4], "font/woff"),
    // The string "wOF2", the Web Open Font Format 2.0 signature.
    row(b"wOF2", &[0xFF; 4], "font/woff2"),
];

/// §6.4's table: the archive type patterns.
pub const ARCHIVE_PATTERNS: [PatternRow; 3] = [
    // The GZIP archive signature.
    row(&[0x1F, 0x8B, 0x08], &[0xFF; 3], "application/x-gzip"),
    // "PK" followed by ETX EOT, the ZIP archive signature.
    row(b"PK\x03\x04", &[0xFF; 4], "application/zip"),
    // "Rar!" followed by SUB BEL NUL, the RAR 4.x archive signature.
    row(
        b"Rar!\x1A\x07\0",
        &[0xFF; 7],
        "application/x-rar-compressed",
    ),
];

/// Steps "for each row row in the table": the MIME type of the first row `input` matches.
fn first_match(table: &[PatternRow], input: &[u8]) -> Option<&'static str> {
    table
        .iter()
        .find(|row| row.matches(input))
        .map(|row| row.mime_type)
}

/// The image type pattern matching algorithm (§6.1); `None` is undefined.
pub fn image_type_pattern_matching_algorithm(input: &[u8]) -> Option<&'static str> {
    first_match(&IMAGE_PATTERNS, input)
}

/// The audio or video type pattern matching algorithm (§6.2); `None` is undefined.
pub fn audio_or_video_type_pattern_matching_algorithm(input: &[u8]) -> Option<&'static str> {
    // 1. The table's rows.
    if let Some(mime_type) = first_match(&AUDIO_OR_VIDEO_PATTERNS, input) {
        return Some(mime_type);
    }
    // 2. If input matches the signature for MP4, return "video/mp4".
    if matches_the_signature_for_mp4(input) {
        return Some("video/mp4");
    }
    // 3. If input matches the signature for WebM, return "video/webm".
    if matches_the_signature_for_webm(input) {
        return Some("video/webm");
    }
    // 4. If input matches the signature for MP3 without ID3, return "audio/mpeg".
    if matches_the_signature_for_mp3_without_id3(input) {
        return Some("audio/mpeg");
    }
    // 5. Return undefined.
    None
}

/// The font type pattern matching algorithm (§6.3); `None` is undefined.
pub fn font_type_pattern_matching_algorithm(input: &[u8]) -> Option<&'static str> {
    first_match(&FONT_PATTERNS, input)
}

/// The archive type pattern matching algorithm (§6.4); `None` is undefined.
pub fn archive_type_pattern_matching_algorithm(input: &[u8]) -> Option<&'static str> {
    first_match(&ARCHIVE_PATTERNS, input)
}

/// Whether `sequence` matches the signature for MP4 (§6.2.1).
pub fn matches_the_signature_for_mp4(sequence: &[u8]) -> bool {
    // 2. Let length be the number of bytes in sequence.
    let length = sequence.len();
    // 3. If length is less than 12, return false.
    let Some(&[b0, b1, b2, b3]) = sequence.get(..4) else {
        return false;
    };
    if length < 12 {
        return false;
    }
    // 4. Let box-size be sequence[0..4] as a 32-bit unsigned big-endian integer.
    let box_size = u32::from_be_bytes([b0, b1, b2, b3]) as usize;
    // 5. If length is less than box-size or box-size modulo 4 is not 0, return false.
    if length < box_size || !box_size.is_multiple_of(4) {
        return false;
    }
    // 6. If sequence[4..8] is not "ftyp", return false.
    if sequence.get(4..8) != Some(b"ftyp") {
        return false;
    }
    // 7. If sequence[8..11] is "mp4", return true.
    if sequence.get(8..11) == Some(b"mp4") {
        return true;
    }
    // 8. Let bytes-read be 16 (skipping the major brand's version number).
    let mut bytes_read = 16;
    // 9. While bytes-read is less than box-size: a compatible brand starting "mp4" matches.
    while bytes_read < box_size {
        if sequence.get(bytes_read..bytes_read + 3) == Some(b"mp4") {
            return true;
        }
        bytes_read += 4;
    }
    // 10. Return false.
    false
}

/// Whether `sequence` matches the signature for WebM (§6.2.2).
pub fn matches_the_signature_for_webm(sequence: &[u8]) -> bool {
    // 2. Let length be the number of bytes in sequence.
    let length = sequence.len();
    // 3–4. If length is less than 4 or sequence[0..4] is not 0x1A 0x45 0xDF 0xA3, return false.
    if sequence.get(..4) != Some(&[0x1A, 0x45, 0xDF, 0xA3]) {
        return false;
    }
    // 5. Let iter be 4.
    let mut iter = 4;
    // 6. While iter is less than length and less than 38:
    while iter < length && iter < 38 {
        // 6.1. If sequence[iter..iter + 2] is 0x42 0x82 (the DocType element ID):
        if sequence.get(iter..iter + 2) == Some(&[0x42, 0x82]) {
            // 6.1.1. Increment iter by 2.
            iter += 2;
            // 6.1.2. If iter is greater or equal than length, abort these steps.
            if iter >= length {
                return false;
            }
            // 6.1.3–6.1.4. Increment iter by the size of the vint at sequence[iter].
            iter += parse_a_vint_number_size(sequence, iter);
            // 6.1.5. If "webm" no longer fits, abort these steps. The standard says "iter is
            //        greater than or equal to length - 4", one byte short: WPT's "WebM with
            //        default header values" ends in "webm" right at length - 4 and is WebM.
            if iter > length - 4 {
                return false;
            }
            // 6.1.6–6.1.7. If "webm" (after 0x00 padding) is at iter, return true.
            if matches_a_padded_sequence(sequence, iter, b"webm") {
                return true;
            }
        }
        // 6.2. Increment iter by 1.
        iter += 1;
    }
    // 7. Return false.
    false
}

/// The number size that parsing a `vint` (§6.2.2) at `sequence[iter]` gives (the one result
/// its caller uses). The standard's steps read from index 0 rather than `iter`
/// (whatwg/mimesniff#167); this reads from `iter`, as intended and as whatwg-mimetype does.
fn parse_a_vint_number_size(sequence: &[u8], iter: usize) -> usize {
    // 1–3. Let mask be 128, max vint length 8 and number size 1.
    let mut mask = 128u8;
    let mut number_size = 1;
    let first = sequence.get(iter).copied().unwrap_or(0);
    // 5. While number size is less than max vint length and less than length:
    while number_size < 8 && number_size < sequence.len() {
        // 5.1. If the byte & mask is not zero, abort these steps.
        if first & mask != 0 {
            break;
        }
        // 5.2–5.3. Shift mask right by one; increment number size.
        mask >>= 1;
        number_size += 1;
    }
    number_size
}

/// Matching a padded sequence (§6.2.2): `pattern` at `offset` in `sequence`, after any 0x00
/// bytes.
fn matches_a_padded_sequence(sequence: &[u8], offset: usize, pattern: &[u8]) -> bool {
    let rest = sequence.get(offset..).unwrap_or_default();
    let start = rest
        .iter()
        .position(|&byte| byte != 0)
        .unwrap_or(rest.len());
    rest.get(start..)
        .is_some_and(|rest| rest.starts_with(pattern))
}

/// Whether `sequence` matches the signature for MP3 without ID3 (§6.2.3): two consecutive
/// MPEG audio layer 3 frame headers. The standard's text has two evident slips, read as
/// intended: step 2 of matching an mp3 header says "and" where a header needs both bytes ("or"
/// rejects), and step 7 compares skipped-bytes with "s - length" where the bytes left are
/// "length - s".
pub fn matches_the_signature_for_mp3_without_id3(sequence: &[u8]) -> bool {
    // 2. Let length be the number of bytes in sequence.
    let length = sequence.len();
    // 3. Initialize s to 0.
    let mut s = 0;
    // 4. If the result of match mp3 header is false, return false.
    if !match_an_mp3_header(sequence, s) {
        return false;
    }
    // 5. Parse an mp3 frame on sequence at offset s.
    let frame = parse_an_mp3_frame(sequence, s);
    // 6. Let skipped-bytes be the mp3 framesize computation's result.
    let skipped_bytes = compute_an_mp3_frame_size(frame);
    // 7. If skipped-bytes is less than 4, or greater than length - s, return false.
    if skipped_bytes < 4 || skipped_bytes > length - s {
        return false;
    }
    // 8. Increment s by skipped-bytes.
    s += skipped_bytes;
    // 9. Return the result of match mp3 header.
    match_an_mp3_header(sequence, s)
}

/// Match an mp3 header (§6.2.3) at offset `s`.
fn match_an_mp3_header(sequence: &[u8], s: usize) -> bool {
    // 1. If there are fewer than 4 bytes (at s), return false.
    let Some(&[b0, b1, b2, _]) = sequence.get(s..s + 4) else {
        return false;
    };
    // 2. If sequence[s] is not 0xFF or sequence[s + 1] & 0xE0 is not 0xE0, return false.
    if b0 != 0xFF || b1 & 0xE0 != 0xE0 {
        return false;
    }
    // 3–4. Let layer be (sequence[s + 1] & 0x06) >> 1; if it is 0, return false.
    let layer = (b1 & 0x06) >> 1;
    if layer == 0 {
        return false;
    }
    // 5–6. Let bit-rate be (sequence[s + 2] & 0xF0) >> 4; if it is 15, return false.
    if (b2 & 0xF0) >> 4 == 15 {
        return false;
    }
    // 7–8. Let sample-rate be (sequence[s + 2] & 0x0C) >> 2; if it is 3, return false.
    if (b2 & 0x0C) >> 2 == 3 {
        return false;
    }
    // 10–11. Let final-layer be 4 - layer; if it is not 3, return false.
    // 12. Return true.
    4 - layer == 3
}

/// The values parsing an mp3 frame (§6.2.3) gives.
#[derive(Clone, Copy)]
struct Mp3Frame {
    version: u8,
    bitrate: u32,
    samplerate: u32,
    pad: u8,
}

/// The mp3-rates table (§6.2.3), in bits per second.
const MP3_RATES: [u32; 15] = [
    0, 32000, 40000, 48000, 56000, 64000, 80000, 96000, 112000, 128000, 160000, 192000, 224000,
    256000, 320000,
];
/// The mp2.5-rates table (§6.2.3), in bits per second.
const MP25_RATES: [u32; 15] = [
    0, 8000, 16000, 24000, 32000, 40000, 48000, 56000, 64000, 80000, 96000, 112000, 128000, 144000,
    160000,
];
/// The sample-rate table (§6.2.3), in hertz.
const SAMPLE_RATES: [u32; 3] = [44100, 48000, 32000];

/// Parse an mp3 frame (§6.2.3) at offset `s`, whose header matched (so the indexes are in
/// their tables).
fn parse_an_mp3_frame(sequence: &[u8], s: usize) -> Mp3Frame {
    let byte = |i: usize| sequence.get(s + i).copied().unwrap_or(0);
    // 1. Let version be (sequence[s + 1] & 0x18) >> 3.
    let version = (byte(1) & 0x18) >> 3;
    // 2. Let bitrate-index be (sequence[s + 2] & 0xF0) >> 4.
    let bitrate_index = usize::from((byte(2) & 0xF0) >> 4);
    // 3–4. The bitrate from mp2.5-rates if version & 0x01 is non-zero, else from mp3-rates.
    let rates = if version & 0x01 != 0 {
        &MP25_RATES
    } else {
        &MP3_RATES
    };
    let bitrate = rates.get(bitrate_index).copied().unwrap_or(0);
    // 5–6. Let samplerate be the sample-rate table's value at (sequence[s + 2] & 0x0C) >> 2.
    let mut samplerate = SAMPLE_RATES
        .get(usize::from((byte(2) & 0x0C) >> 2))
        .copied()
        .unwrap_or(0);
    // 7. If version is 2, halve samplerate.
    if version == 2 {
        samplerate /= 2;
    }
    // 8. If version is 0, quarter samplerate.
    if version == 0 {
        samplerate /= 4;
    }
    // 9. Let pad be (sequence[s + 2] & 0x02) >> 1.
    let pad = (byte(2) & 0x02) >> 1;
    Mp3Frame {
        version,
        bitrate,
        samplerate,
        pad,
    }
}

/// Compute an mp3 frame size (§6.2.3).
fn compute_an_mp3_frame_size(frame: Mp3Frame) -> usize {
    // 1. If version is 1, let scale be 72, else 144.
    let scale = if frame.version == 1 { 72 } else { 144 };
    // 2. Let size be bitrate * scale / freq (a matched header's sample rate is never 0).
    let mut size = (u64::from(frame.bitrate) * scale)
        .checked_div(u64::from(frame.samplerate))
        .unwrap_or(0) as usize;
    // 3. If pad is not zero, increment size by 1.
    if frame.pad != 0 {
        size += 1;
    }
    // 4. Return size.
    size
}

/// The rules for identifying an unknown MIME type (§7.1), given the resource header and the
/// sniff-scriptable flag: the computed MIME type's essence.
pub fn rules_for_identifying_an_unknown_mime_type(
    resource_header: &[u8],
    sniff_scriptable: bool,
) -> &'static str {
    // 1. If the sniff-scriptable flag is set, the scriptable table's first matching row.
    if sniff_scriptable && let Some(mime_type) = first_match(&SCRIPTABLE_PATTERNS, resource_header)
    {
        return mime_type;
    }
    // 2. The PostScript and byte order mark table's first matching row.
    if let Some(mime_type) = first_match(&NON_SCRIPTABLE_PATTERNS, resource_header) {
        return mime_type;
    }
    // 3–8. The image, then audio or video, then archive type pattern matching algorithms.
    if let Some(mime_type) = image_type_pattern_matching_algorithm(resource_header)
        .or_else(|| audio_or_video_type_pattern_matching_algorithm(resource_header))
        .or_else(|| archive_type_pattern_matching_algorithm(resource_header))
    {
        return mime_type;
    }
    // 9. If the resource header contains no binary data bytes, return "text/plain".
    if !resource_header.iter().copied().any(is_binary_data_byte) {
        return "text/plain";
    }
    // 10. Return "application/octet-stream".
    "application/octet-stream"
}

/// The rules for distinguishing if a resource is text or binary (§7.2), given the resource
/// header: the computed MIME type's essence, "text/plain" or "application/octet-stream".
pub fn rules_for_distinguishing_if_a_resource_is_text_or_binary(
    resource_header: &[u8],
) -> &'static str {
    match resource_header {
        // 2. The first 2 bytes are a UTF-16BE or UTF-16LE BOM: "text/plain".
        [0xFE, 0xFF, ..] | [0xFF, 0xFE, ..] => "text/plain",
        // 3. The first 3 bytes are the UTF-8 BOM: "text/plain".
        [0xEF, 0xBB, 0xBF, ..] => "text/plain",
        // 4. No binary data bytes: "text/plain".
        _ if !resource_header.iter().copied().any(is_binary_data_byte) => "text/plain",
        // 5. Otherwise "application/octet-stream".
        _ => "application/octet-stream",
    }
}

/// The Content-Type values whose exact bytes set the check-for-apache-bug flag (§5.1).
const APACHE_BUG_VALUES: [&str; 4] = [
    "text/plain",
    "text/plain; charset=ISO-8859-1",
    "text/plain; charset=iso-8859-1",
    "text/plain; charset=UTF-8",
];

/// How a resource was retrieved, for the supplied MIME type detection algorithm (§5.1).
#[derive(Clone, Copy, Debug)]
pub enum Retrieval<'a> {
    /// Via HTTP, with the value of the last `Content-Type` header if there is one.
    Http {
        /// The last `Content-Type` header's value.
        content_type: Option<&'a str>,
    },
    /// From the file system or another protocol (such as FTP), with the MIME type it provides
    /// if any.
    Other {
        /// The MIME type the file system or protocol provides.
        provided_type: Option<&'a str>,
    },
}

/// A resource's metadata (§5): the supplied MIME type (`None` is undefined), the
/// check-for-apache-bug flag and the no-sniff flag.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ResourceMetadata {
    /// The supplied MIME type; `None` is undefined.
    pub supplied_mime_type: Option<MimeType>,
    /// The check-for-apache-bug flag.
    pub check_for_apache_bug: bool,
    /// The no-sniff flag.
    pub no_sniff: bool,
}

impl ResourceMetadata {
    /// The supplied MIME type detection algorithm (§5.1) for a resource retrieved as
    /// `retrieval` says, with the no-sniff flag `no_sniff` (see [`determine_nosniff`]).
    pub fn new(retrieval: Retrieval<'_>, no_sniff: bool) -> ResourceMetadata {
        // 1. Let supplied-type be null.
        let (supplied_type, check_for_apache_bug) = match retrieval {
            // 2. Via HTTP: the last Content-Type header's value; the check-for-apache-bug
            //    flag if it is exactly one of the four values.
            Retrieval::Http { content_type } => (
                content_type,
                content_type.is_some_and(|value| APACHE_BUG_VALUES.contains(&value)),
            ),
            // 3–4. The file system's or other protocol's MIME type.
            Retrieval::Other { provided_type } => (provided_type, false),
        };
        // 5–6. If supplied-type is not a MIME type, the supplied MIME type is undefined.
        ResourceMetadata {
            supplied_mime_type: supplied_type.and_then(MimeType::parse),
            check_for_apache_bug,
            no_sniff,
        }
    }
}

/// Fetch's "determine nosniff" given the combined value of the `X-Content-Type-Options`
/// header (`None` when absent): whether its first comma-separated value, with HTTP tabs and
/// spaces stripped, is an ASCII case-insensitive match for "nosniff".
pub fn determine_nosniff(x_content_type_options: Option<&str>) -> bool {
    x_content_type_options
        .and_then(|value| value.split(',').next())
        .is_some_and(|first| {
            first
                .trim_matches(is_http_tab_or_space)
                .eq_ignore_ascii_case("nosniff")
        })
}

/// Determining the computed MIME type of a resource (§7), the MIME type sniffing algorithm,
/// given its resource header, its metadata and whether the user agent supports a MIME type
/// ("supported by the user agent", §4.2; it is asked about image, audio and video types).
pub fn determine_computed_mime_type(
    resource_header: &[u8],
    metadata: &ResourceMetadata,
    is_supported: impl Fn(&MimeType) -> bool,
) -> MimeType {
    let supplied = metadata.supplied_mime_type.as_ref();
    // 1. An XML or HTML supplied MIME type is the computed MIME type.
    if let Some(supplied) = supplied.filter(|supplied| supplied.is_xml() || supplied.is_html()) {
        return supplied.clone();
    }
    // 2. An undefined supplied MIME type or one whose essence is "unknown/unknown",
    //    "application/unknown" or "*/*": the rules for identifying an unknown MIME type with
    //    the sniff-scriptable flag the inverse of the no-sniff flag.
    let Some(supplied) = supplied.filter(|supplied| {
        !matches!(
            (supplied.type_(), supplied.subtype()),
            ("unknown", "unknown") | ("application", "unknown") | ("*", "*")
        )
    }) else {
        return MimeType::from_static_essence(rules_for_identifying_an_unknown_mime_type(
            resource_header,
            !metadata.no_sniff,
        ));
    };
    // 3. If the no-sniff flag is set, the supplied MIME type.
    if metadata.no_sniff {
        return supplied.clone();
    }
    // 4. If the check-for-apache-bug flag is set, the rules for distinguishing if a resource
    //    is text or binary.
    if metadata.check_for_apache_bug {
        return MimeType::from_static_essence(
            rules_for_distinguishing_if_a_resource_is_text_or_binary(resource_header),
        );
    }
    // 5–6. A supported image MIME type: the image type pattern matching algorithm's match.
    if supplied.is_image()
        && is_supported(supplied)
        && let Some(matched_type) = image_type_pattern_matching_algorithm(resource_header)
    {
        return MimeType::from_static_essence(matched_type);
    }
    // 7–8. A supported audio or video MIME type: the audio or video algorithm's match.
    if supplied.is_audio_or_video()
        && is_supported(supplied)
        && let Some(matched_type) = audio_or_video_type_pattern_matching_algorithm(resource_header)
    {
        return MimeType::from_static_essence(matched_type);
    }
    // 9. The supplied MIME type.
    supplied.clone()
}
