//! Structured clone reader under libFuzzer:
//!   RUSTC_BOOTSTRAP=1 cargo fuzz run clone_deserialize -- -max_total_time=60
//! Seeds: tests/fixtures/clone/v8-fixtures.json (any hex in it) is a good corpus.
//!
//! Oracle: no panic; whatever is read is written back (unless it holds a number key that is
//! not an array index, which only hand-made bytes contain) and is then a fixed point: reading
//! weft's bytes and writing them again gives the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::html::structured_clone::{
    DeserializeOptions, SerializeOptions, ViewEncoding, deserialize_to_ops, serialize_ops,
};

fuzz_target!(|data: &[u8]| {
    let options = DeserializeOptions {
        transferred_buffers: 4,
        shared_buffers: 4,
    };
    let Ok(ops) = deserialize_to_ops(data, &options) else {
        return;
    };
    for views in [ViewEncoding::NodeHostObject, ViewEncoding::V8] {
        let write = SerializeOptions {
            for_storage: false,
            views,
        };
        let Ok(first) = serialize_ops(ops.as_ops_ref(), &write) else {
            return;
        };
        let again = deserialize_to_ops(&first, &options).expect("weft reads what it writes");
        let second = serialize_ops(again.as_ops_ref(), &write).expect("weft writes what it read");
        assert_eq!(first, second, "not a fixed point");
    }
});
