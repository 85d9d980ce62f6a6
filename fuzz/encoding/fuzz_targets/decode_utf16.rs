//! UTF-16LE and UTF-16BE decoding: chunk-split invariance (surrogate pairs and odd bytes cut
//! anywhere, empty chunks) against whole-buffer decoding, and encoding_rs as the oracle.
#![no_main]

mod chunked;

use libfuzzer_sys::fuzz_target;
use webweft::encoding::Encoding;

fuzz_target!(|data: &[u8]| chunked::check(data, &[Encoding::Utf16Le, Encoding::Utf16Be]));
