//! Every single-byte encoding and x-user-defined: chunk-split invariance against
//! whole-buffer decoding, and encoding_rs as the oracle.
#![no_main]

mod chunked;

use libfuzzer_sys::fuzz_target;
use webweft::encoding::Encoding;

fuzz_target!(|data: &[u8]| {
    let encodings: Vec<Encoding> = Encoding::ALL
        .into_iter()
        .filter(|e| e.is_single_byte() || *e == Encoding::XUserDefined)
        .collect();
    chunked::check(data, &encodings);
});
