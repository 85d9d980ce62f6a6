//! Every encoder on arbitrary text, with an oracle: "encode or fail" resumed after each error
//! and followed by `&#N;` gives exactly the "html" error mode's output; and UTF-16 input
//! through `encodeInto` and `TextEncoderStream` matches the standard library's lossy UTF-16.
//! `cargo fuzz run --fuzz-dir fuzz/encoding encoding_encode` (stable: RUSTC_BOOTSTRAP=1).
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::encoding::{
    Encoder, EncoderErrorMode, Encoding, TextEncoderStreamState, encode_into_utf8, utf16_to_utf8,
};

fuzz_target!(|data: &[u8]| {
    let [selector, room, input @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(input);
    let encoders: Vec<Encoding> = Encoding::ALL
        .into_iter()
        .filter(|e| e.has_encoder())
        .collect();
    let encoding = encoders[usize::from(*selector) % encoders.len()];

    let mut html = Vec::new();
    Encoder::new(encoding)
        .unwrap()
        .encode(&text, &mut html, EncoderErrorMode::Html)
        .unwrap();
    let mut encoder = Encoder::new(encoding).unwrap();
    let mut fatal = Vec::new();
    let mut rest: &str = &text;
    while let Err(error) = encoder.encode_or_fail(rest, &mut fatal) {
        fatal.extend_from_slice(format!("&#{};", u32::from(error.code_point)).as_bytes());
        rest = &rest[error.read..];
    }
    assert_eq!(fatal, html, "{encoding}");

    // The input's bytes read as UTF-16 code units (lone surrogates included).
    let units: Vec<u16> = input
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)]))
        .collect();
    let expected = String::from_utf16_lossy(&units);
    let mut encoded = Vec::new();
    utf16_to_utf8(&units, &mut encoded);
    assert_eq!(encoded, expected.as_bytes());
    let mut destination = vec![0u8; usize::from(*room)];
    let (read, written) = encode_into_utf8(&units, &mut destination);
    assert_eq!(
        &destination[..written],
        String::from_utf16_lossy(&units[..read]).as_bytes()
    );
    let mut stream = TextEncoderStreamState::new();
    let mut streamed = Vec::new();
    for chunk in units.chunks(usize::from(*room % 4) + 1) {
        stream.encode_chunk(chunk, &mut streamed);
    }
    stream.flush(&mut streamed);
    assert_eq!(streamed, expected.as_bytes());
});
