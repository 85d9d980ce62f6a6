//! The hooks and API surface: label lookup, output encodings, BOM sniffing, decode/encode
//! hooks, encode or fail with ISO-2022-JP's state, TextDecoder construction errors, and what
//! a build without `encoding-legacy` reports.
#![cfg(feature = "encoding")]

use webweft::encoding::*;

#[test]
fn get_an_encoding() {
    assert_eq!(
        Encoding::for_label(" \t\n\x0C\rUTF-8 \r"),
        Some(Encoding::Utf8)
    );
    assert_eq!(Encoding::for_label("latin1"), Some(Encoding::Windows1252));
    assert_eq!(Encoding::for_label("ms932"), Some(Encoding::ShiftJis));
    assert_eq!(
        Encoding::for_label("x-user-defined"),
        Some(Encoding::XUserDefined)
    );
    assert_eq!(Encoding::for_label("\u{B}utf-8"), None);
    assert_eq!(Encoding::for_label("utf-8\0"), None);
    assert_eq!(Encoding::for_label(""), None);
    assert_eq!(Encoding::for_label("a-label-longer-than-any-label"), None);
    assert_eq!(Encoding::for_label("ＵＴＦ-8"), None);
    assert_eq!(Encoding::for_label_bytes(b"SJIS"), Some(Encoding::ShiftJis));
    assert_eq!(Encoding::ShiftJis.name(), "Shift_JIS");
    assert_eq!(Encoding::ShiftJis.lowercase_name(), "shift_jis");
    for encoding in Encoding::ALL {
        assert_eq!(
            Encoding::for_label(encoding.lowercase_name()),
            Some(encoding)
        );
    }
}

#[test]
fn get_an_output_encoding() {
    assert_eq!(Encoding::Replacement.output_encoding(), Encoding::Utf8);
    assert_eq!(Encoding::Utf16Be.output_encoding(), Encoding::Utf8);
    assert_eq!(Encoding::Utf16Le.output_encoding(), Encoding::Utf8);
    assert_eq!(Encoding::Gbk.output_encoding(), Encoding::Gbk);
}

#[test]
fn hooks() {
    assert_eq!(bom_sniff(b"\xEF\xBB\xBFa"), Some(Encoding::Utf8));
    assert_eq!(bom_sniff(b"\xFE\xFF"), Some(Encoding::Utf16Be));
    assert_eq!(bom_sniff(b"\xFF\xFEa"), Some(Encoding::Utf16Le));
    assert_eq!(bom_sniff(b"\xEF\xBB"), None);
    // decode: the BOM wins over the fallback encoding and is removed.
    assert_eq!(
        decode(b"\xFF\xFEa\0", Encoding::Windows1252).unwrap(),
        ("a".to_owned(), Encoding::Utf16Le)
    );
    assert_eq!(
        decode(b"\xEF\xBB\xBF\xE2\x82\xAC", Encoding::Windows1252)
            .unwrap()
            .0,
        "€"
    );
    assert_eq!(decode(b"\x80", Encoding::Windows1252).unwrap().0, "€");
    assert_eq!(decode(b"abc", Encoding::Replacement).unwrap().0, "\u{FFFD}");
    assert_eq!(decode(b"", Encoding::Replacement).unwrap().0, "");
    assert_eq!(
        utf8_decode(b"\xEF\xBB\xBF\xEF\xBB\xBFa\xFF"),
        "\u{FEFF}a\u{FFFD}"
    );
    assert_eq!(utf8_decode_without_bom(b"\xEF\xBB\xBFa"), "\u{FEFF}a");
    assert_eq!(utf8_decode_without_bom_or_fail(b"a\xC0"), None);
    assert_eq!(
        utf8_decode_without_bom_or_fail(b"a\xC2\xA0"),
        Some("a\u{A0}")
    );
    assert_eq!(utf8_encode("a€"), b"a\xE2\x82\xAC");
    assert_eq!(
        encode("a€💩", Encoding::Windows1252).unwrap(),
        b"a\x80&#128169;"
    );
    // The shortest and the longest decimal references.
    assert_eq!(
        encode("\u{80}\u{10FFFF}", Encoding::Windows1252).unwrap(),
        b"&#128;&#1114111;"
    );
    assert_eq!(encode("\u{F7FF}", Encoding::XUserDefined).unwrap(), b"\xFF");
    assert_eq!(
        encode("x", Encoding::Utf16Le),
        Err(EncodingError::NoEncoder(Encoding::Utf16Le))
    );
    assert_eq!(
        encode("x", Encoding::Replacement),
        Err(EncodingError::NoEncoder(Encoding::Replacement))
    );
}

#[test]
fn text_decoder_construction() {
    assert_eq!(
        TextDecoder::new("nonsense", false, false).unwrap_err(),
        TextDecoderError::UnknownLabel
    );
    assert_eq!(
        TextDecoder::new("iso-2022-kr", false, false).unwrap_err(),
        TextDecoderError::Replacement
    );
    let decoder = TextDecoder::new("unicode", true, true).unwrap();
    assert_eq!(decoder.encoding().lowercase_name(), "utf-16le");
    assert!(decoder.fatal() && decoder.ignore_bom());
}

#[test]
fn a_fatal_error_in_a_stream_drops_the_rest_of_the_queue() {
    // What follows the error in the failed call never surfaces (see tests/encoding_state.rs).
    let mut decoder = TextDecoder::new("utf-8", true, false).unwrap();
    assert!(decoder.decode(b"a\xFFbc", true).is_err());
    assert_eq!(decoder.decode(b"d", true).unwrap(), "d");
    assert!(decoder.decode(b"\xE2\x82", false).is_err());
    assert_eq!(decoder.decode(b"x", false).unwrap(), "x");
}

#[test]
fn utf16_output_into_a_caller_buffer() {
    let mut decoder = Decoder::new(Encoding::Utf8, DecoderErrorMode::Replacement).unwrap();
    let mut buffer = [0u16; 8];
    let result = decoder.decode_to_utf16(b"\xF0\x9F\x92", &mut buffer, false);
    assert_eq!(
        (result.status, result.read, result.written),
        (DecodeStatus::InputEmpty, 3, 0)
    );
    let result = decoder.decode_to_utf16(b"\xA9!", &mut buffer, true);
    assert_eq!(&buffer[..result.written], &[0xD83D, 0xDCA9, 0x21]);
    let mut small = [0u16; 5];
    let result = decoder.decode_to_utf16(b"abcdefgh", &mut small, true);
    assert_eq!(result.status, DecodeStatus::OutputFull);
    assert!(result.read > 0 && result.read == result.written);
}

#[test]
fn utf16_output_at_the_start_of_a_kept_buffer() {
    // The buffer only grows; what lies past each result is left from earlier calls.
    let mut buffer = Vec::new();
    let mut decoder = TextDecoder::new("utf-8", false, false).unwrap();
    let len = decoder
        .decode_to_utf16_buffer(b"\xEF\xBB\xBFabcdef", false, &mut buffer)
        .unwrap();
    assert_eq!(&buffer[..len], "abcdef".encode_utf16().collect::<Vec<_>>());
    let grown = buffer.len();
    assert!(grown >= len);
    let len = decoder
        .decode_to_utf16_buffer(b"\xEF\xBB\xBFx\xFF", false, &mut buffer)
        .unwrap();
    assert_eq!(&buffer[..len], &[0x78, 0xFFFD]);
    assert_eq!(buffer.len(), grown);
    let mut fatal = TextDecoder::new("utf-8", true, false).unwrap();
    assert!(
        fatal
            .decode_to_utf16_buffer(b"ab\xFF", false, &mut buffer)
            .is_err()
    );
    let mut decoder = Decoder::new(Encoding::ShiftJis, DecoderErrorMode::Replacement).unwrap();
    let mut end = 1;
    decoder
        .decode_to_utf16_buffer(b"a\x82\xA0", &mut buffer, &mut end, true)
        .unwrap();
    assert_eq!(&buffer[1..end], &[0x61, 0x3042]);
}

#[test]
fn text_encoder() {
    let units: Vec<u16> = "a€💩".encode_utf16().chain([0xD800, 0x62]).collect();
    let mut out = Vec::new();
    utf16_to_utf8(&units, &mut out);
    assert_eq!(out, "a€💩\u{FFFD}b".as_bytes());
    let mut destination = [0u8; 5];
    assert_eq!(encode_into_utf8(&units, &mut destination), (2, 4));
    let mut stream = TextEncoderStreamState::new();
    let mut out = Vec::new();
    stream.encode_chunk(&[0xD83D], &mut out);
    assert!(out.is_empty());
    stream.encode_chunk(&[0xDCA9, 0xD800], &mut out);
    stream.flush(&mut out);
    assert_eq!(out, "💩\u{FFFD}".as_bytes());
}

#[cfg(feature = "encoding-legacy")]
#[test]
fn encode_or_fail_keeps_iso_2022_jp_state() {
    let mut encoder = Encoder::new(Encoding::Iso2022Jp).unwrap();
    let mut out = Vec::new();
    // In jis0208, an unencodable code point first returns to ASCII, then fails.
    let error = encoder.encode_or_fail("あ💩い", &mut out).unwrap_err();
    assert_eq!((error.code_point, error.read), ('💩', "あ💩".len()));
    assert_eq!(out, b"\x1B$B$\x22\x1B(B");
    encoder
        .encode_or_fail(&"あ💩い"[error.read..], &mut out)
        .unwrap();
    assert_eq!(out, b"\x1B$B$\x22\x1B(B\x1B$B$\x24\x1B(B");
    // In Roman, the error comes without a state change; ESC, SO, SI fail with U+FFFD.
    let mut out = Vec::new();
    let error = encoder.encode_or_fail("¥\u{1B}", &mut out).unwrap_err();
    assert_eq!(error.code_point, '\u{FFFD}');
    assert_eq!(out, b"\x1B(J\x5C");
    assert_eq!(
        encode("¥¥", Encoding::Iso2022Jp).unwrap(),
        b"\x1B(J\x5C\x5C\x1B(B"
    );
    assert_eq!(encode("💩", Encoding::Gbk).unwrap(), b"&#128169;");
    assert_eq!(
        encode("💩", Encoding::Gb18030).unwrap(),
        b"\x94\x39\xDA\x33"
    );
}

#[cfg(not(feature = "encoding-legacy"))]
#[test]
fn legacy_encodings_are_known_but_not_included() {
    for encoding in [
        Encoding::Gbk,
        Encoding::Gb18030,
        Encoding::Big5,
        Encoding::EucJp,
        Encoding::Iso2022Jp,
        Encoding::ShiftJis,
        Encoding::EucKr,
    ] {
        assert!(!encoding.is_included());
        assert_eq!(
            Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap_err(),
            EncodingError::NotIncluded(encoding)
        );
        assert_eq!(
            Encoder::new(encoding).unwrap_err(),
            EncodingError::NotIncluded(encoding)
        );
        assert_eq!(
            TextDecoder::for_encoding(encoding, false, false).unwrap_err(),
            TextDecoderError::NotIncluded(encoding)
        );
        assert!(
            EncodingError::NotIncluded(encoding)
                .to_string()
                .contains("encoding-legacy")
        );
    }
    assert_eq!(Encoding::for_label("sjis"), Some(Encoding::ShiftJis));
}

#[test]
fn a_decoder_is_fresh_after_the_last_chunk() {
    for encoding in Encoding::ALL.into_iter().filter(|e| e.is_included()) {
        let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
        let mut first = String::new();
        decoder
            .decode_to_string(b"\x1B$B\x81\xFFab", &mut first, true)
            .unwrap();
        let mut second = String::new();
        decoder
            .decode_to_string(b"\x1B$B\x81\xFFab", &mut second, true)
            .unwrap();
        assert_eq!(first, second, "{encoding}");
    }
}
