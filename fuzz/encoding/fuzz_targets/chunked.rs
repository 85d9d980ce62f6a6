//! Shared by the decode_* targets: chunk-split invariance of a decoder against decoding the
//! whole buffer, and encoding_rs (an independent implementation of the Encoding Standard) as
//! the oracle for the whole-buffer result.
//!
//! Input layout: `[encoding selector, split count, split bytes..., flags, input...]`. The
//! split bytes choose where the input is cut (repeats give empty chunks).

use webweft::encoding::{DecodeStatus, Decoder, DecoderErrorMode, Encoding};

pub fn check(data: &[u8], encodings: &[Encoding]) {
    // Longer inputs find nothing shorter ones do not, and cost executions.
    if data.len() > 1024 {
        return;
    }
    let [selector, count, rest @ ..] = data else {
        return;
    };
    let count = usize::from(*count % 16);
    let Some((splits, rest)) = rest.split_at_checked(count) else {
        return;
    };
    let [flags, input @ ..] = rest else { return };
    let encoding = encodings[usize::from(*selector) % encodings.len()];
    let mode = if flags & 1 == 1 {
        DecoderErrorMode::Fatal
    } else {
        DecoderErrorMode::Replacement
    };
    let mut cuts: Vec<usize> = splits
        .iter()
        .map(|&b| usize::from(b) * (input.len() + 1) / 256)
        .collect();
    cuts.sort_unstable();
    let mut chunks = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for cut in cuts {
        chunks.push(&input[start..cut]);
        start = cut;
    }
    chunks.push(&input[start..]);
    // Flag bit 1: end the stream with an extra empty last chunk.
    if flags & 2 == 2 {
        chunks.push(&[]);
    }

    let whole = decode_whole(encoding, mode, input);
    assert_eq!(
        whole,
        oracle(encoding, mode, input),
        "{encoding} {mode:?} vs encoding_rs"
    );
    assert_eq!(
        decode_chunks_utf8(encoding, mode, &chunks),
        whole,
        "{encoding} {mode:?} chunked UTF-8"
    );
    // UTF-16 output through a buffer too small for most chunks (flag bits 2-4 size it): 4
    // units at least, a decoder step's most (two scalar values).
    let room = usize::from(flags >> 2 & 7) + 4;
    assert_eq!(
        decode_chunks_utf16(encoding, mode, &chunks, room),
        whole,
        "{encoding} {mode:?} chunked UTF-16"
    );
}

/// The whole buffer at once; `None` when fatal mode errors.
fn decode_whole(encoding: Encoding, mode: DecoderErrorMode, input: &[u8]) -> Option<String> {
    let mut out = String::new();
    let mut decoder = Decoder::new(encoding, mode).unwrap();
    decoder
        .decode_to_string(input, &mut out, true)
        .ok()
        .map(|()| out)
}

fn oracle(encoding: Encoding, mode: DecoderErrorMode, input: &[u8]) -> Option<String> {
    // The replacement encoding's name is none of its labels.
    let theirs = match encoding {
        Encoding::Replacement => encoding_rs::REPLACEMENT,
        _ => encoding_rs::Encoding::for_label(encoding.name().as_bytes()).unwrap(),
    };
    match mode {
        DecoderErrorMode::Fatal => theirs
            .decode_without_bom_handling_and_without_replacement(input)
            .map(|text| text.into_owned()),
        _ => Some(theirs.decode_without_bom_handling(input).0.into_owned()),
    }
}

fn decode_chunks_utf8(
    encoding: Encoding,
    mode: DecoderErrorMode,
    chunks: &[&[u8]],
) -> Option<String> {
    let mut decoder = Decoder::new(encoding, mode).unwrap();
    let mut out = String::new();
    for (i, chunk) in chunks.iter().enumerate() {
        decoder
            .decode_to_string(chunk, &mut out, i + 1 == chunks.len())
            .ok()?;
    }
    Some(out)
}

fn decode_chunks_utf16(
    encoding: Encoding,
    mode: DecoderErrorMode,
    chunks: &[&[u8]],
    room: usize,
) -> Option<String> {
    let mut decoder = Decoder::new(encoding, mode).unwrap();
    let mut units = Vec::new();
    let mut buffer = vec![0u16; room];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut pending = *chunk;
        loop {
            let result = decoder.decode_to_utf16(pending, &mut buffer, last);
            units.extend_from_slice(&buffer[..result.written]);
            pending = &pending[result.read..];
            match result.status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => {
                    assert!(result.read + result.written > 0, "{encoding}: no progress")
                }
                DecodeStatus::Malformed => return None,
            }
        }
    }
    Some(String::from_utf16(&units).expect("decoders emit scalar values"))
}
