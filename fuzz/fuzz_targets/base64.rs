//! forgiving-base64: decoding never panics; whatever decodes re-encodes to a string that decodes
//! to the same bytes; encoding any bytes decodes back to them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::infra::{forgiving_base64_decode, forgiving_base64_encode};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Some(bytes) = forgiving_base64_decode(text)
    {
        let again = forgiving_base64_encode(&bytes);
        assert_eq!(forgiving_base64_decode(&again).as_deref(), Some(&bytes[..]));
    }
    let encoded = forgiving_base64_encode(data);
    assert_eq!(forgiving_base64_decode(&encoded).as_deref(), Some(data));
});
