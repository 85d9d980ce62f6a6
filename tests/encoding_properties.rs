//! Property tests: decoding any input split into random chunks (about a fifth of them empty),
//! streaming, gives exactly the whole-buffer result, for every encoding, both error modes,
//! UTF-16 and UTF-8 output, tiny output buffers and the `TextDecoder` layer; plus the UTF-8
//! paths against the standard library and the `TextEncoder` helpers.
#![cfg(feature = "encoding-legacy")]

use proptest::prelude::*;
use webweft::encoding::{
    DecodeStatus, Decoder, DecoderErrorMode, Encoder, EncoderErrorMode, Encoding, TextDecoder,
    TextEncoderStreamState, encode_into_utf8, utf16_to_utf8,
};

/// Bytes that exercise every decoder: ASCII, escape-sequence bytes, lead and trail ranges.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => any::<u8>(),
        2 => prop::sample::select(vec![
            0x00, 0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x42, 0x49, 0x4A, 0x5C, 0x7E,
            0x7F, 0x80, 0x81, 0x84, 0x88, 0x8E, 0x8F, 0x90, 0xA0, 0xA1, 0xA4, 0xB0, 0xC2, 0xDF, 0xE0,
            0xE3, 0xED, 0xEF, 0xF0, 0xF4, 0xFE, 0xFF, 0xBB, 0xBF, 0xD8, 0xDC, 0x66, 0x62
        ]),
        2 => 0x21u8..=0x7E,
        2 => 0x80u8..=0xFE,
    ]
}

/// Input and chunk lengths, about a fifth of them 0.
fn input_and_chunks() -> impl Strategy<Value = (Vec<u8>, Vec<usize>)> {
    (
        prop::collection::vec(interesting_byte(), 0..160),
        prop::collection::vec(prop_oneof![1 => Just(0usize), 4 => 1usize..12], 0..40),
    )
}

/// Splits `input` at the chunk lengths (the rest is the last chunk).
fn split<'a>(input: &'a [u8], lengths: &[usize]) -> Vec<&'a [u8]> {
    let mut chunks = Vec::new();
    let mut rest = input;
    for &length in lengths {
        let (chunk, tail) = rest.split_at(length.min(rest.len()));
        chunks.push(chunk);
        rest = tail;
    }
    chunks.push(rest);
    chunks
}

fn whole(encoding: Encoding, mode: DecoderErrorMode, input: &[u8]) -> (String, bool) {
    let mut decoder = Decoder::new(encoding, mode).unwrap();
    let mut output = String::new();
    let failed = decoder.decode_to_string(input, &mut output, true).is_err();
    (output, failed)
}

fn streamed(encoding: Encoding, mode: DecoderErrorMode, chunks: &[&[u8]]) -> (String, bool) {
    let mut decoder = Decoder::new(encoding, mode).unwrap();
    let mut output = String::new();
    for (i, chunk) in chunks.iter().enumerate() {
        if decoder
            .decode_to_string(chunk, &mut output, i + 1 == chunks.len())
            .is_err()
        {
            return (output, true);
        }
    }
    (output, false)
}

/// Streams into UTF-16 output buffers of `room` units, resuming after each OutputFull.
fn streamed_utf16(encoding: Encoding, chunks: &[&[u8]], room: usize) -> Vec<u16> {
    let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
    let mut output = Vec::new();
    let mut buffer = vec![0u16; room];
    for (i, chunk) in chunks.iter().enumerate() {
        let mut rest: &[u8] = chunk;
        loop {
            let result = decoder.decode_to_utf16(rest, &mut buffer, i + 1 == chunks.len());
            output.extend_from_slice(&buffer[..result.written]);
            rest = &rest[result.read..];
            match result.status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => {
                    assert!(result.written > 0 || result.read > 0 || room < 4)
                }
                DecodeStatus::Malformed => unreachable!(),
            }
        }
    }
    output
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    #[test]
    fn chunking_never_changes_the_output((input, lengths) in input_and_chunks()) {
        let chunks = split(&input, &lengths);
        for encoding in Encoding::ALL {
            for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
                let expected = whole(encoding, mode, &input);
                prop_assert_eq!(&streamed(encoding, mode, &chunks), &expected, "{} {:?}", encoding, mode);
            }
            let (text, _) = whole(encoding, DecoderErrorMode::Replacement, &input);
            let utf16: Vec<u16> = text.encode_utf16().collect();
            prop_assert_eq!(&streamed_utf16(encoding, &chunks, 5), &utf16, "{} UTF-16", encoding);
            let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
            let mut vec = Vec::new();
            decoder.decode_to_utf16_vec(&input, &mut vec, true).unwrap();
            prop_assert_eq!(&vec, &utf16, "{} UTF-16 vec", encoding);
        }
    }

    #[test]
    fn the_buffer_bounds_hold((input, lengths) in input_and_chunks()) {
        let chunks = split(&input, &lengths);
        for encoding in Encoding::ALL {
            let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
            for (i, chunk) in chunks.iter().enumerate() {
                let last = i + 1 == chunks.len();
                let mut utf16 = vec![0u16; decoder.max_utf16_buffer_length(chunk.len()).unwrap()];
                let mut probe = decoder.clone();
                let result = probe.decode_to_utf16(chunk, &mut utf16, last);
                prop_assert_eq!(result.status, DecodeStatus::InputEmpty, "{} UTF-16", encoding);
                let mut utf8 = vec![0u8; decoder.max_utf8_buffer_length(chunk.len()).unwrap()];
                let result = decoder.decode_to_utf8(chunk, &mut utf8, last);
                prop_assert_eq!(result.status, DecodeStatus::InputEmpty, "{} UTF-8", encoding);
            }
        }
    }

    #[test]
    fn text_decoder_streaming_equals_whole((input, lengths) in input_and_chunks(), ignore_bom in any::<bool>()) {
        let chunks = split(&input, &lengths);
        for encoding in Encoding::ALL.into_iter().filter(|&e| e != Encoding::Replacement) {
            let mut decoder = TextDecoder::for_encoding(encoding, false, ignore_bom).unwrap();
            let expected = decoder.decode(&input, false).unwrap();
            let mut output = String::new();
            for chunk in &chunks {
                output += &decoder.decode(chunk, true).unwrap();
            }
            output += &decoder.decode(&[], false).unwrap();
            prop_assert_eq!(&output, &expected, "{}", encoding);
            let mut utf16 = Vec::new();
            for chunk in &chunks {
                decoder.decode_to_utf16(chunk, true, &mut utf16).unwrap();
            }
            decoder.decode_to_utf16(&[], false, &mut utf16).unwrap();
            prop_assert_eq!(String::from_utf16(&utf16).unwrap(), expected);
        }
    }

    #[test]
    fn utf8_decoding_matches_the_standard_library(input in prop::collection::vec(interesting_byte(), 0..200)) {
        // Rust's lossy conversion replaces maximal subparts, exactly the standard's UTF-8 decoder.
        let expected = String::from_utf8_lossy(&input).into_owned();
        prop_assert_eq!(&whole(Encoding::Utf8, DecoderErrorMode::Replacement, &input).0, &expected);
        let mut utf16 = Vec::new();
        Decoder::new(Encoding::Utf8, DecoderErrorMode::Replacement).unwrap().decode_to_utf16_vec(&input, &mut utf16, true).unwrap();
        prop_assert_eq!(utf16, expected.encode_utf16().collect::<Vec<_>>());
        prop_assert_eq!(webweft::encoding::utf8_decode_without_bom_or_fail(&input).is_some(), std::str::from_utf8(&input).is_ok());
    }

    #[test]
    fn text_encoder_matches_lossy_utf16(units in prop::collection::vec(prop_oneof![0u16..0x80, 0xD7F0u16..0xE010, any::<u16>()], 0..64), room in 0usize..40, lengths in prop::collection::vec(0usize..6, 0..12)) {
        let expected = String::from_utf16_lossy(&units);
        let mut encoded = Vec::new();
        utf16_to_utf8(&units, &mut encoded);
        prop_assert_eq!(&encoded, &expected.as_bytes().to_vec());
        // encodeInto: whole scalar values only, and `read` counts UTF-16 units.
        let mut destination = vec![0u8; room];
        let (read, written) = encode_into_utf8(&units, &mut destination);
        let prefix = String::from_utf16_lossy(&units[..read]);
        prop_assert_eq!(&destination[..written], prefix.as_bytes());
        prop_assert!(read == units.len() || written + String::from_utf16_lossy(&units[read..]).chars().next().map_or(0, char::len_utf8) > room);
        // TextEncoderStream: surrogate pairs split between chunks are reassembled.
        let mut state = TextEncoderStreamState::new();
        let mut streamed = Vec::new();
        let mut rest: &[u16] = &units;
        for length in lengths {
            let (chunk, tail) = rest.split_at(length.min(rest.len()));
            state.encode_chunk(chunk, &mut streamed);
            rest = tail;
        }
        state.encode_chunk(rest, &mut streamed);
        state.flush(&mut streamed);
        prop_assert_eq!(streamed, expected.into_bytes());
    }

    #[test]
    fn encoders_round_trip_and_fail_where_html_escapes(text in "[a-z\u{80}-\u{3FF}\u{3000}-\u{30FF}\u{4E00}-\u{4FFF}\u{AC00}-\u{AD00}\u{FF61}-\u{FF9F}\u{1F600}\u{E5E5}]{0,24}") {
        for encoding in Encoding::ALL.into_iter().filter(|e| e.has_encoder()) {
            let mut html = Vec::new();
            Encoder::new(encoding).unwrap().encode(&text, &mut html, EncoderErrorMode::Html).unwrap();
            // Fatal mode, resumed after each error, writes the same bytes less the references.
            let mut encoder = Encoder::new(encoding).unwrap();
            let mut fatal = Vec::new();
            let mut rest = text.as_str();
            while let Err(error) = encoder.encode_or_fail(rest, &mut fatal) {
                fatal.extend_from_slice(format!("&#{};", u32::from(error.code_point)).as_bytes());
                rest = &rest[error.read..];
            }
            prop_assert_eq!(&fatal, &html, "{}", encoding);
            // What was encodable decodes back (the Japanese encoders' deliberate one-way
            // mappings and GB18030-2022's side table aside).
            let (decoded, _) = whole(encoding, DecoderErrorMode::Replacement, &html);
            if !html.windows(2).any(|w| w == b"&#") && encoding != Encoding::Iso2022Jp {
                let one_way = |c: char| matches!(c, '\u{A5}' | '\u{203E}' | '\u{2212}' | '\u{FF61}'..='\u{FF9F}' | '\u{E5E5}' | '\u{E78D}'..='\u{E864}');
                if !text.chars().any(one_way) {
                    prop_assert_eq!(&decoded, &text, "{}", encoding);
                }
            }
        }
    }
}
