//! weft against bytes written by Node's own V8 (tests/fixtures/clone/v8-fixtures.json, made by
//! gen.mjs): reading gives the op stream gen.mjs derived from the value, writing that op stream
//! gives Node's bytes (or the documented `weftHex`), and weft reads its own bytes back.

mod clone_support;

use clone_support::{from_hex, json_to_ops, normalize, ops_to_json, to_hex};
use serde_json::Value;
use webweft::html::structured_clone::{
    DeserializeOptions, SerializeOptions, ViewEncoding, deserialize_to_ops, serialize_ops,
};

fn fixtures() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/clone/v8-fixtures.json"
    );
    let text = std::fs::read_to_string(path).expect("read fixtures");
    let doc: Value = serde_json::from_str(&text).expect("parse fixtures");
    doc["fixtures"].as_array().expect("fixtures").clone()
}

fn options(mode: &str) -> SerializeOptions {
    SerializeOptions {
        for_storage: false,
        views: if mode == "node" {
            ViewEncoding::NodeHostObject
        } else {
            ViewEncoding::V8
        },
    }
}

#[test]
fn v8_fixtures() {
    let fixtures = fixtures();
    let mut failures = Vec::new();
    let mut byte_identical = 0;
    for f in &fixtures {
        let name = f["name"].as_str().unwrap();
        let mode = f["mode"].as_str().unwrap();
        let node_bytes = from_hex(f["hex"].as_str().unwrap());
        let expected_ops: Vec<Value> = f["ops"].as_array().unwrap().iter().map(normalize).collect();

        // 1. Node's bytes read as the expected op stream.
        match deserialize_to_ops(&node_bytes, &DeserializeOptions::default()) {
            Ok(ops) => {
                let got: Vec<Value> = ops_to_json(&ops).iter().map(normalize).collect();
                if got != expected_ops {
                    failures.push(format!(
                        "{name}: read\n  got      {got:?}\n  expected {expected_ops:?}"
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: read failed: {e}")),
        }

        // 2. The op stream writes Node's bytes, or weft's documented representation.
        let ops = json_to_ops(f["ops"].as_array().unwrap());
        let want = f["weftHex"].as_str().map_or(node_bytes.clone(), from_hex);
        match serialize_ops(ops.as_ops_ref(), &options(mode)) {
            Ok(bytes) => {
                if bytes != want {
                    failures.push(format!(
                        "{name}: wrote\n  got      {}\n  expected {}",
                        to_hex(&bytes),
                        to_hex(&want)
                    ));
                } else {
                    if bytes == node_bytes {
                        byte_identical += 1;
                    }
                    // 3. weft reads its own bytes back to the same op stream.
                    let again = deserialize_to_ops(&bytes, &DeserializeOptions::default())
                        .map(|o| ops_to_json(&o).iter().map(normalize).collect::<Vec<_>>());
                    if again.as_ref() != Ok(&expected_ops) {
                        failures.push(format!("{name}: round trip gave {again:?}"));
                    }
                }
            }
            Err(e) => failures.push(format!("{name}: write failed: {e}")),
        }
    }
    println!(
        "{} fixtures; {} failures; {byte_identical} byte-identical to Node",
        fixtures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(fixtures.len() > 100);
}
