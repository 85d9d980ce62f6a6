//! The MIME Sniffing Standard's pattern tables (§6.1–6.4) case by case: every row with an
//! input that matches it and a near miss, the MP4, WebM and MP3 signatures, and the branches
//! of determining the computed MIME type (§7) and of the text-or-binary rules (§7.2).
#![cfg(feature = "mimesniff")]

use webweft::mimesniff::*;

fn hex(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|byte| u8::from_str_radix(byte, 16).unwrap())
        .collect()
}

/// (matching input, its MIME type, near miss) for each row of a table, in the table's order.
type Rows<'a> = &'a [(&'a [u8], &'a str, &'a [u8])];

fn check_table(
    name: &str,
    algorithm: fn(&[u8]) -> Option<&'static str>,
    table: &[PatternRow],
    rows: Rows,
) {
    assert_eq!(rows.len(), table.len(), "{name}: one case per row");
    for ((input, expected, near_miss), row) in rows.iter().zip(table) {
        assert_eq!(row.mime_type, *expected, "{name}: table order");
        assert!(
            row.matches(input),
            "{name}: {expected} row should match {input:02X?}"
        );
        assert_eq!(algorithm(input), Some(*expected), "{name}: {input:02X?}");
        assert!(
            !row.matches(near_miss),
            "{name}: {expected} row should not match {near_miss:02X?}"
        );
        assert_ne!(
            algorithm(near_miss),
            Some(*expected),
            "{name}: {near_miss:02X?}"
        );
    }
}

#[test]
fn image_table() {
    check_table(
        "image",
        image_type_pattern_matching_algorithm,
        &IMAGE_PATTERNS,
        &[
            (&[0, 0, 1, 0, 0x10], "image/x-icon", &[0, 0, 1, 1]),
            (&[0, 0, 2, 0], "image/x-icon", &[0, 0, 2]),
            (b"BMx", "image/bmp", b"bM"),
            (b"GIF87a", "image/gif", b"GIF87b"),
            (b"GIF89a\x01", "image/gif", b"GIF89"),
            (
                b"RIFF\x12\x34\x56\x78WEBPVP8 ",
                "image/webp",
                b"RIFF\0\0\0\0WEBPV",
            ),
            (
                &hex("89 50 4E 47 0D 0A 1A 0A"),
                "image/png",
                &hex("89 50 4E 47 0D 0A 1A 0B"),
            ),
            (&[0xFF, 0xD8, 0xFF, 0xE0], "image/jpeg", &[0xFF, 0xD8, 0xFE]),
        ],
    );
    // No leading bytes are ignored in these tables.
    assert_eq!(image_type_pattern_matching_algorithm(b" GIF89a"), None);
}

#[test]
fn audio_or_video_table() {
    check_table(
        "audio or video",
        audio_or_video_type_pattern_matching_algorithm,
        &AUDIO_OR_VIDEO_PATTERNS,
        &[
            (
                b"FORM\x01\x02\x03\x04AIFF",
                "audio/aiff",
                b"FORM\0\0\0\0AIFC",
            ),
            (b"ID3\x04", "audio/mpeg", b"ID"),
            (b"OggS\0\x02", "application/ogg", b"OggS\x01"),
            (b"MThd\0\0\0\x06", "audio/midi", b"MThd\0\0\0\x07"),
            (
                b"RIFF\xFF\xFF\xFF\xFFAVI ",
                "video/avi",
                b"RIFF\0\0\0\0AVIX",
            ),
            (b"RIFF\0\0\0\0WAVEfmt ", "audio/wave", b"RIFF\0\0\0\0wave"),
        ],
    );
}

#[test]
fn font_table() {
    let eot = [&[0xAB; 34][..], b"LP"].concat();
    let eot_miss = [&[0; 33][..], b"LP"].concat();
    check_table(
        "font",
        font_type_pattern_matching_algorithm,
        &FONT_PATTERNS,
        &[
            (&eot, "application/vnd.ms-fontobject", &eot_miss),
            (&[0, 1, 0, 0, 0], "font/ttf", &[0, 1, 0, 1]),
            (b"OTTO", "font/otf", b"OTT0"),
            (b"ttcf", "font/collection", b"TTCF"),
            (b"wOFF", "font/woff", b"wOF"),
            (b"wOF2", "font/woff2", b"wOF3"),
        ],
    );
}

#[test]
fn archive_table() {
    check_table(
        "archive",
        archive_type_pattern_matching_algorithm,
        &ARCHIVE_PATTERNS,
        &[
            (
                &[0x1F, 0x8B, 0x08, 0],
                "application/x-gzip",
                &[0x1F, 0x8B, 0x09],
            ),
            (b"PK\x03\x04", "application/zip", b"PK\x05\x06"),
            (
                b"Rar!\x1A\x07\0",
                "application/x-rar-compressed",
                b"Rar!\x1A\x07\x01",
            ),
        ],
    );
}

#[test]
fn pattern_matching_algorithm_masks_and_ignored_bytes() {
    let mask = [0xFF, 0xDF];
    assert!(pattern_matching_algorithm(
        b"\t\n <a",
        b"<A",
        &mask,
        WHITESPACE_BYTES
    ));
    assert!(!pattern_matching_algorithm(b"\t\n <a", b"<A", &mask, &[]));
    assert!(!pattern_matching_algorithm(
        b"  <",
        b"<A",
        &mask,
        WHITESPACE_BYTES
    ));
    assert!(!pattern_matching_algorithm(b"<", b"<A", &mask, &[]));
    // Unequal pattern and mask lengths fail the assertion: no match.
    assert!(!pattern_matching_algorithm(b"<A", b"<A", &[0xFF], &[]));
    // The scriptable rows end in a tag-terminating byte: only 0x20 and 0x3E.
    for (input, sniffed) in [
        (&b"<html>"[..], "text/html"),
        (b"\x0C<HtMl ", "text/html"),
        (b"<html<", "text/plain"),
        (b"<html\t", "text/plain"),
        (b"<html", "text/plain"),
        (b"<!---->", "text/plain"),
        (b"<!-- ", "text/html"),
        (b" <?xml", "text/xml"),
        (b" %PDF-", "text/plain"),
        (b"%PDF-", "application/pdf"),
    ] {
        assert_eq!(
            rules_for_identifying_an_unknown_mime_type(input, true),
            sniffed,
            "{input:?}"
        );
    }
}

#[test]
fn mp4_signature() {
    let major = hex("00 00 00 10 66 74 79 70 6D 70 34 32 00 00 00 00");
    assert!(matches_the_signature_for_mp4(&major));
    let compatible = hex("00 00 00 18 66 74 79 70 69 73 6F 6D 00 00 00 00 6D 70 34 31 00 00 00 00");
    assert!(matches_the_signature_for_mp4(&compatible));
    // Near misses: box size not a multiple of 4, longer than the input, no "ftyp", no brand.
    assert!(!matches_the_signature_for_mp4(&hex(
        "00 00 00 11 66 74 79 70 6D 70 34 32 00 00 00 00 00"
    )));
    assert!(!matches_the_signature_for_mp4(&hex(
        "00 00 00 14 66 74 79 70 6D 70 34 32 00 00 00 00"
    )));
    assert!(!matches_the_signature_for_mp4(&hex(
        "00 00 00 10 66 74 79 71 6D 70 34 32 00 00 00 00"
    )));
    assert!(!matches_the_signature_for_mp4(&hex(
        "00 00 00 18 66 74 79 70 69 73 6F 6D 00 00 00 00 69 73 6F 32 00 00 00 00"
    )));
    assert!(!matches_the_signature_for_mp4(&hex(
        "00 00 00 0C 66 74 79 70 6D 70"
    )));
}

#[test]
fn webm_signature() {
    assert!(matches_the_signature_for_webm(&hex(
        "1A 45 DF A3 81 42 82 84 77 65 62 6D"
    )));
    // The DocType's vint may be longer, and "webm" padded with 0x00 bytes.
    assert!(matches_the_signature_for_webm(&hex(
        "1A 45 DF A3 42 82 40 05 00 77 65 62 6D 00"
    )));
    assert!(!matches_the_signature_for_webm(&hex(
        "1A 45 DF A3 81 42 82 84 77 65 62 6E"
    )));
    assert!(!matches_the_signature_for_webm(&hex(
        "1A 45 DF A4 81 42 82 84 77 65 62 6D"
    )));
    assert!(!matches_the_signature_for_webm(&hex(
        "1A 45 DF A3 81 42 82 84 77 65 62"
    )));
    // The DocType element must start before byte 38.
    let late = [
        &hex("1A 45 DF A3")[..],
        &[0; 34],
        &hex("42 82 84 77 65 62 6D"),
    ]
    .concat();
    assert!(!matches_the_signature_for_webm(&late));
}

#[test]
fn mp3_without_id3_signature() {
    // MPEG-1 layer 3, bit-rate index 9, 44.1 kHz: frames of 80000 * 144 / 44100 = 261 bytes
    // (the standard's version test picks the mp2.5-rates table for version 3).
    let frame = |pad: u8| {
        let mut frame = vec![0xFF, 0xFB, 0x90 | pad << 1, 0x64];
        frame.resize(261 + usize::from(pad), 0);
        frame
    };
    let two_frames = [frame(0), frame(0)].concat();
    assert!(matches_the_signature_for_mp3_without_id3(&two_frames));
    assert_eq!(
        audio_or_video_type_pattern_matching_algorithm(&two_frames),
        Some("audio/mpeg")
    );
    let padded = [frame(1), frame(0)].concat();
    assert!(matches_the_signature_for_mp3_without_id3(&padded));
    // Near misses: one frame only, a second header one byte late, a layer that is not 3, a
    // bit-rate index of 15 and a sample-rate index of 3.
    assert!(!matches_the_signature_for_mp3_without_id3(&frame(0)));
    assert!(!matches_the_signature_for_mp3_without_id3(
        &[frame(0), vec![0], frame(0)].concat()
    ));
    let mut layer_2 = two_frames.clone();
    layer_2[1] = 0xFD;
    assert!(!matches_the_signature_for_mp3_without_id3(&layer_2));
    let mut bad_rate = two_frames.clone();
    bad_rate[2] = 0xF0;
    assert!(!matches_the_signature_for_mp3_without_id3(&bad_rate));
    let mut bad_sample_rate = two_frames;
    bad_sample_rate[2] = 0x9C;
    assert!(!matches_the_signature_for_mp3_without_id3(&bad_sample_rate));
}

fn computed(content_type: Option<&str>, no_sniff: bool, header: &[u8], supported: bool) -> String {
    let metadata = ResourceMetadata::new(Retrieval::Http { content_type }, no_sniff);
    determine_computed_mime_type(header, &metadata, |_| supported).serialize()
}

#[test]
fn computed_mime_type_branches() {
    // 1. XML and HTML supplied types stand, parameters and all.
    assert_eq!(
        computed(Some("image/svg+xml;x=y"), false, b"GIF89a", true),
        "image/svg+xml;x=y"
    );
    assert_eq!(
        computed(Some("text/html"), false, b"%PDF-", true),
        "text/html"
    );
    // 2. Undefined or unknown supplied types are sniffed, scriptable types unless nosniff.
    assert_eq!(computed(Some("*/*"), false, b"<b>", true), "text/html");
    assert_eq!(
        computed(Some("Unknown/Unknown"), true, b"<b>", true),
        "text/plain"
    );
    assert_eq!(
        computed(Some("application/unknown"), false, b"\x01", true),
        "application/octet-stream"
    );
    assert_eq!(
        computed(Some("text"), false, b"PK\x03\x04", true),
        "application/zip"
    );
    // 3. nosniff keeps the supplied type.
    assert_eq!(
        computed(Some("image/png"), true, b"GIF89a", true),
        "image/png"
    );
    // 4. The Apache bug values: text or binary, compared exactly.
    assert_eq!(
        computed(Some("text/plain"), false, b"\x00GIF89a", true),
        "application/octet-stream"
    );
    assert_eq!(
        computed(
            Some("text/plain; charset=UTF-8"),
            false,
            b"\xFF\xFE\x00",
            true
        ),
        "text/plain"
    );
    assert_eq!(
        computed(Some("text/plain;charset=UTF-8"), false, b"\x00", true),
        "text/plain;charset=UTF-8"
    );
    // 5–6. A supported image type is sniffed among images only.
    assert_eq!(
        computed(Some("image/png"), false, b"GIF89a", true),
        "image/gif"
    );
    assert_eq!(
        computed(Some("image/png"), false, b"GIF89a", false),
        "image/png"
    );
    assert_eq!(
        computed(Some("image/png"), false, b"ID3", true),
        "image/png"
    );
    // 7–8. A supported audio or video type is sniffed among audio and video.
    assert_eq!(
        computed(Some("application/ogg"), false, b"ID3", true),
        "audio/mpeg"
    );
    assert_eq!(
        computed(Some("video/mp4"), false, b"GIF89a", true),
        "video/mp4"
    );
    // 9. Anything else keeps the supplied type.
    assert_eq!(
        computed(Some("application/json"), false, b"<html>", true),
        "application/json"
    );
    // A file system's type never sets the Apache bug flag.
    let metadata = ResourceMetadata::new(
        Retrieval::Other {
            provided_type: Some("text/plain"),
        },
        false,
    );
    assert!(!metadata.check_for_apache_bug);
    assert_eq!(
        determine_computed_mime_type(b"\x00", &metadata, |_| true).essence(),
        "text/plain"
    );
}

#[test]
fn text_or_binary_and_nosniff() {
    assert_eq!(
        rules_for_distinguishing_if_a_resource_is_text_or_binary(b"\xFE\xFF\x00"),
        "text/plain"
    );
    assert_eq!(
        rules_for_distinguishing_if_a_resource_is_text_or_binary(b"\xEF\xBB\xBF\x01"),
        "text/plain"
    );
    assert_eq!(
        rules_for_distinguishing_if_a_resource_is_text_or_binary(b"\x1B text"),
        "text/plain"
    );
    assert_eq!(
        rules_for_distinguishing_if_a_resource_is_text_or_binary(b"\xEF\xBB\x01"),
        "application/octet-stream"
    );
    assert_eq!(
        rules_for_distinguishing_if_a_resource_is_text_or_binary(b""),
        "text/plain"
    );
    assert!(determine_nosniff(Some(" NOSNIFF ")));
    assert!(determine_nosniff(Some("nosniff,x")));
    assert!(!determine_nosniff(Some("x, nosniff")));
    assert!(!determine_nosniff(Some("\"nosniff\"")));
    assert!(!determine_nosniff(None));
    // Only the first 1445 bytes are the resource header.
    let long = [vec![b'a'; RESOURCE_HEADER_MAX_LEN], vec![0]].concat();
    assert_eq!(resource_header(&long).len(), RESOURCE_HEADER_MAX_LEN);
    assert_eq!(
        rules_for_identifying_an_unknown_mime_type(resource_header(&long), true),
        "text/plain"
    );
}
