//! A `TextDecoder` after a fatal error (upstream WPT `encoding/textdecoder-mistakes.any.js`,
//! which our WPT copy predates): the bytes the failed call left unread never surface, and the
//! decoder's own state is what the error left. And the state word that lets a decoder's state
//! live outside it (in the JS object): saving it after every chunk and making the decoder
//! again from it changes nothing, and no word makes a decoder that misbehaves.
#![cfg(feature = "encoding-legacy")]

use proptest::prelude::*;
use webweft::encoding::{Decoder, DecoderErrorMode, Encoding, TextDecoder};

fn decoder(label: &str, fatal: bool) -> TextDecoder {
    TextDecoder::new(label, fatal, false).unwrap()
}

/// `decode(bytes, {stream})` as a string, or `None` for the TypeError.
fn decode(decoder: &mut TextDecoder, bytes: &[u8], stream: bool) -> Option<String> {
    decoder.decode(bytes, stream).ok()
}

#[test]
fn the_failed_calls_unread_bytes_never_surface() {
    let mut utf8 = decoder("utf-8", true);
    assert_eq!(decode(&mut utf8, &[0xFF, 0x41], true), None);
    assert_eq!(decode(&mut utf8, &[], false).as_deref(), Some(""));
    // "fatal stream: utf-8"
    assert_eq!(decode(&mut utf8, &[0xC0], true), None);
    assert_eq!(decode(&mut utf8, &[0xFF], true), None);
    assert_eq!(decode(&mut utf8, &[], false).as_deref(), Some(""));
    assert_eq!(decode(&mut utf8, &[0xFD, 0xEF], true), None);
    assert_eq!(decode(&mut utf8, &[], false).as_deref(), Some(""));

    let mut gb18030 = decoder("gb18030", true);
    assert_eq!(decode(&mut gb18030, &[0x80], true).as_deref(), Some("€"));
    assert_eq!(
        decode(&mut gb18030, &[0x81, 0x30, 0x21, 0x21, 0x21], true),
        None
    );
    assert_eq!(decode(&mut gb18030, &[0x80], false).as_deref(), Some("€"));

    let mut iso_2022_jp = decoder("iso-2022-jp", true);
    assert_eq!(decode(&mut iso_2022_jp, &[0x1B, 0x21, 0x22], true), None);
    assert_eq!(
        decode(&mut iso_2022_jp, &[0x42], false).as_deref(),
        Some("B")
    );

    // Every decoder that restores bytes: what follows the error is dropped, streaming or not.
    for (label, bad) in [
        ("utf-8", &[0xE2, 0x41, 0x42][..]),
        ("utf-16le", &[0x00, 0xD8, 0x41, 0x00]),
        ("utf-16be", &[0xD8, 0x00, 0x00, 0x41]),
        ("gbk", &[0x81, 0x30, 0x81, 0x41]),
        ("big5", &[0x81, 0x41]),
        ("euc-jp", &[0xA1, 0x41]),
        ("shift_jis", &[0x81, 0x20]),
        ("euc-kr", &[0x81, 0x20]),
        ("iso-2022-jp", &[0x1B, 0x24, 0x41]),
        ("windows-1253", &[0xAA, 0x41]),
    ] {
        for stream in [false, true] {
            let mut fatal = decoder(label, true);
            assert_eq!(decode(&mut fatal, bad, stream), None, "{label}");
            assert_eq!(
                decode(&mut fatal, &[], false).as_deref(),
                Some(""),
                "{label}"
            );
            let at = match label {
                "utf-16le" => &[0x40, 0x00][..],
                "utf-16be" => &[0x00, 0x40],
                _ => b"@",
            };
            assert_eq!(
                decode(&mut fatal, at, false).as_deref(),
                Some("@"),
                "{label}"
            );
        }
    }
}

#[test]
fn fatal_errors_at_end_of_queue() {
    // "fatal stream: utf-16le/be": a held byte is an error at the end, then a new decoder.
    for label in ["utf-16le", "utf-16be"] {
        let mut fatal = decoder(label, true);
        assert_eq!(decode(&mut fatal, &[0x00], true).as_deref(), Some(""));
        assert_eq!(decode(&mut fatal, &[], false), None);
        assert_eq!(decode(&mut fatal, &[], false).as_deref(), Some(""));
    }
}

#[test]
fn iso_2022_jp_keeps_its_mode_after_an_error() {
    // "fatal stream: iso-2022-jp": the one decoder whose state an error does not reset.
    let mut fatal = decoder("iso-2022-jp", true);
    assert_eq!(decode(&mut fatal, &[0x7E], false).as_deref(), Some("~"));
    assert_eq!(decode(&mut fatal, &[0x1B, 0x28, 0x4A, 0xFF], true), None);
    assert_eq!(
        decode(&mut fatal, &[0x7E], false).as_deref(),
        Some("\u{203E}")
    );
    let mut fatal = decoder("iso-2022-jp", true);
    assert_eq!(decode(&mut fatal, &[0x42], false).as_deref(), Some("B"));
    assert_eq!(decode(&mut fatal, &[0x1B, 0x28, 0x49, 0xFF], true), None);
    assert_eq!(
        decode(&mut fatal, &[0x42], false).as_deref(),
        Some("\u{FF82}")
    );
}

#[test]
fn sticky_state_after_errors() {
    // "Sticky multibyte state" and "Sticky fatal BOM".
    for (label, bytes) in [
        ("gb18030", &[0xFE, 0x39, 0xFE][..]),
        ("gbk", &[0x81, 0x3A, 0x81]),
        ("big5", &[0x87, 0x3A, 0x87]),
        ("shift_jis", &[0x81, 0x3A, 0x81]),
        ("euc-kr", &[0x81, 0x3A, 0x81]),
        ("iso-2022-jp", &[0x1B, 0x28]),
    ] {
        for fatal in [false, true] {
            let mut d = decoder(label, fatal);
            assert_eq!(decode(&mut d, &[0x40], false).as_deref(), Some("@"));
            assert_eq!(decode(&mut d, bytes, false).is_none(), fatal, "{label}");
            for byte in [0x40, 0x2A, 0x42] {
                let expected = char::from(byte).to_string();
                assert_eq!(decode(&mut d, &[byte], false), Some(expected), "{label}");
            }
        }
    }
    for (label, bom) in [
        ("utf-8", &[0xEF, 0xBB, 0xBF][..]),
        ("utf-16le", &[0xFF, 0xFE]),
        ("utf-16be", &[0xFE, 0xFF]),
    ] {
        let mut d = decoder(label, true);
        assert_eq!(decode(&mut d, &[0xFF], false), None);
        assert_eq!(decode(&mut d, bom, false).as_deref(), Some(""));
        assert_eq!(decode(&mut d, &[0xFF], false), None);
        assert_eq!(
            decode(&mut d, &[bom, bom].concat(), false).as_deref(),
            Some("\u{FEFF}")
        );
    }
    // BOM seen survives a streaming error: a later BOM is text.
    let mut d = decoder("utf-8", true);
    assert_eq!(decode(&mut d, b"\xEF\xBB\xBFA", true).as_deref(), Some("A"));
    assert_eq!(decode(&mut d, &[0xFF], true), None);
    assert_eq!(
        decode(&mut d, &[0xEF, 0xBB, 0xBF], false).as_deref(),
        Some("\u{FEFF}")
    );
}

#[test]
fn iso_2022_jp_state_word_after_a_two_byte_character() {
    // A case the property below found: the trail byte state must not leave its leading byte in
    // the decoder, or the word after it (lead byte state with a leading byte) is one `with_state`
    // rejects, and a decoder made again from it starts over in ASCII.
    let chunks: [&[u8]; 3] = [&[0x1B, 0x24, 0x40, 0x30], &[0x21], &[0x30, 0x21]];
    let mut kept = decoder("iso-2022-jp", false);
    let mut state = 0;
    for chunk in chunks {
        let mut remade = TextDecoder::with_state(Encoding::Iso2022Jp, false, false, state).unwrap();
        assert_eq!(
            decode(&mut remade, chunk, true),
            decode(&mut kept, chunk, true)
        );
        state = remade.state();
        assert_eq!(state, kept.state());
    }
    assert_eq!(decode(&mut kept, &[], false).as_deref(), Some(""));
}

/// Bytes that exercise every decoder: ASCII, escape-sequence bytes, lead and trail ranges.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => any::<u8>(),
        2 => prop::sample::select(vec![
            0x00, 0x1B, 0x24, 0x28, 0x30, 0x39, 0x40, 0x42, 0x49, 0x4A, 0x7E, 0x80, 0x81, 0x8E,
            0x8F, 0xA1, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFE, 0xFF, 0xBB, 0xBF, 0xD8, 0xDC
        ]),
        2 => 0x21u8..=0x7E,
        2 => 0x80u8..=0xFE,
    ]
}

fn chunks_of(input: &[u8], lengths: &[usize]) -> Vec<Vec<u8>> {
    let mut chunks = Vec::new();
    let mut rest = input;
    for &length in lengths {
        let (chunk, tail) = rest.split_at(length.min(rest.len()));
        chunks.push(chunk.to_vec());
        rest = tail;
    }
    chunks.push(rest.to_vec());
    chunks
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Streaming through a state word (made again from it before every call, as the bindings
    /// do) gives what one object kept across calls gives, errors included.
    #[test]
    fn a_decoder_made_again_from_its_state_word_is_the_same(
        input in prop::collection::vec(interesting_byte(), 0..120),
        lengths in prop::collection::vec(0usize..8, 0..30),
        fatal in any::<bool>(),
        ignore_bom in any::<bool>(),
    ) {
        let chunks = chunks_of(&input, &lengths);
        for encoding in Encoding::ALL.into_iter().filter(|&e| e != Encoding::Replacement) {
            let mut kept = TextDecoder::for_encoding(encoding, fatal, ignore_bom).unwrap();
            let mut state = 0;
            for (i, chunk) in chunks.iter().enumerate() {
                let stream = i + 1 < chunks.len();
                let mut remade = TextDecoder::with_state(encoding, fatal, ignore_bom, state).unwrap();
                let expected = kept.decode(chunk, stream);
                prop_assert_eq!(remade.decode(chunk, stream), expected, "{}", encoding);
                state = remade.state();
                prop_assert_eq!(state, kept.state(), "{}", encoding);
            }
        }
    }

    /// Any word gives a decoder that decodes without panicking (a word no state packs to is a
    /// new decoder), for every encoding's decoder.
    #[test]
    fn any_state_word_is_safe(
        state in any::<u32>(),
        input in prop::collection::vec(interesting_byte(), 0..16),
        fatal in any::<bool>(),
    ) {
        let mode = if fatal { DecoderErrorMode::Fatal } else { DecoderErrorMode::Replacement };
        for encoding in Encoding::ALL {
            let mut decoder = Decoder::with_state(encoding, mode, state).unwrap();
            let mut output = String::new();
            let _ = decoder.decode_to_string(&input, &mut output, true);
            let mut text_decoder = TextDecoder::with_state(encoding, fatal, false, state);
            if let Ok(text_decoder) = &mut text_decoder {
                let _ = text_decoder.decode(&input, true);
                let _ = text_decoder.decode(&[], false);
            }
        }
    }
}

#[test]
fn every_state_word_round_trips() {
    // Every state a decoder reaches on a byte or two comes back from its word unchanged.
    for encoding in Encoding::ALL {
        for first in 0..=255u8 {
            for second in [
                None,
                Some(0x30),
                Some(0x81),
                Some(0xA1),
                Some(0xD8),
                Some(0x28),
            ] {
                let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
                let mut output = String::new();
                let input: Vec<u8> = std::iter::once(first).chain(second).collect();
                decoder
                    .decode_to_string(&input, &mut output, false)
                    .unwrap();
                let state = decoder.state().unwrap();
                assert!(state < 1 << 30, "{encoding} {input:?}");
                let remade = Decoder::with_state(encoding, DecoderErrorMode::Replacement, state);
                assert_eq!(remade.unwrap().state(), Some(state), "{encoding} {input:?}");
            }
        }
    }
}
