//! Every decoder on arbitrary bytes, with an oracle: decoding in arbitrary chunks (empty ones
//! included), into UTF-16 through a small buffer and into UTF-8, gives the whole-buffer result.
//! `cargo fuzz run --fuzz-dir fuzz/encoding encoding_decode` (stable: RUSTC_BOOTSTRAP=1).
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::encoding::{DecodeStatus, Decoder, DecoderErrorMode, Encoding, TextDecoder};

fuzz_target!(|data: &[u8]| {
    let [selector, split, flags, input @ ..] = data else {
        return;
    };
    let encoding = Encoding::ALL[usize::from(*selector) % Encoding::ALL.len()];
    let mode = if flags & 1 == 1 {
        DecoderErrorMode::Fatal
    } else {
        DecoderErrorMode::Replacement
    };

    let mut whole = String::new();
    let whole_failed = Decoder::new(encoding, mode)
        .unwrap()
        .decode_to_string(input, &mut whole, true)
        .is_err();

    // Chunks whose lengths come from the split byte's bits (0 to 7, so some are empty).
    let mut decoder = Decoder::new(encoding, mode).unwrap();
    let mut streamed = String::new();
    let mut utf16 = Vec::new();
    let mut utf16_decoder = decoder.clone();
    let mut buffer = [0u16; 7];
    let mut rest = input;
    let mut seed = u32::from(*split) | 1;
    let mut failed = false;
    loop {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let length = ((seed >> 16) % 8) as usize;
        let (chunk, tail) = rest.split_at(length.min(rest.len()));
        rest = tail;
        let last = rest.is_empty() && length > chunk.len();
        if decoder
            .decode_to_string(chunk, &mut streamed, last)
            .is_err()
        {
            failed = true;
            break;
        }
        let mut pending = chunk;
        loop {
            let result = utf16_decoder.decode_to_utf16(pending, &mut buffer, last);
            utf16.extend_from_slice(&buffer[..result.written]);
            pending = &pending[result.read..];
            match result.status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => {}
                DecodeStatus::Malformed => break,
            }
        }
        if last {
            break;
        }
    }
    assert_eq!(
        (streamed.as_str(), failed),
        (whole.as_str(), whole_failed),
        "{encoding}"
    );
    if mode == DecoderErrorMode::Replacement {
        assert_eq!(
            String::from_utf16(&utf16).unwrap(),
            whole,
            "{encoding} UTF-16"
        );
    }

    // The TextDecoder layer (BOM handling) streams like it decodes whole.
    if encoding != Encoding::Replacement {
        let mut text_decoder = TextDecoder::for_encoding(encoding, false, flags & 2 == 2).unwrap();
        let expected = text_decoder.decode(input, false).unwrap();
        let mut output = String::new();
        for chunk in input.chunks(usize::from(*split % 5) + 1) {
            output += &text_decoder.decode(chunk, true).unwrap();
        }
        output += &text_decoder.decode(&[], false).unwrap();
        assert_eq!(output, expected, "{encoding} TextDecoder");
    }
});
