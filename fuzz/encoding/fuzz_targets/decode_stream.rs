//! Streaming decode in every encoding (UTF-8, the legacy CJK ones, replacement...): random
//! split points with empty chunks give the whole-buffer result, and encoding_rs agrees.
#![no_main]

mod chunked;

use libfuzzer_sys::fuzz_target;
use webweft::encoding::Encoding;

fuzz_target!(|data: &[u8]| chunked::check(data, &Encoding::ALL));
