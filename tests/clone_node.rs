//! Node reads what weft writes: every fixture's op stream serialized by weft must
//! `v8.deserialize` to a value deep-equal to Node's own round trip, and weft-only shapes (V8-form
//! views, resizable buffers, serializable classes, holes, ...) must read back as checked below.
//! Needs `node` (version 20 or later) on PATH, or in the `NODE` environment variable.

mod clone_support;

use clone_support::{json_to_ops, to_hex};
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use webweft::html::structured_clone::{
    ErrorPrototype, Op, Ops, SerializeOptions, ViewEncoding, ViewKind, serialize_ops,
};

const SCRIPT: &str = r#"
const v8 = require('node:v8');
const { isDeepStrictEqual } = require('node:util');
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const results = JSON.parse(input).map((c) => {
    try {
      const r = v8.deserialize(Buffer.from(c.weft, 'hex'));
      if (c.node !== undefined) {
        const read = () => v8.deserialize(Buffer.from(c.node, 'hex'));
        const n = read();
        if (isDeepStrictEqual(r, n)) return true;
        // Where deep equality fails even between two reads of Node's bytes (an invalid Date),
        // compare what Node writes for each.
        const same = !isDeepStrictEqual(n, read()) && v8.serialize(r).equals(v8.serialize(n));
        return same || 'not deep-equal';
      }
      return new Function('r', `return (${c.check});`)(r) === true || `check failed: ${c.check}`;
    } catch (e) {
      return `threw ${e}`;
    }
  });
  process.stdout.write(JSON.stringify(results));
});
"#;

fn run_node(cases: &[Value]) -> Vec<Value> {
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".into());
    let mut child = Command::new(&node)
        .args(["-e", SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run `{node}` (set NODE to a Node.js 20+ binary): {e}"));
    let input = serde_json::to_vec(cases).unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "node failed");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn u(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn weft_hex(ops: &Ops, views: ViewEncoding) -> String {
    let opts = SerializeOptions {
        for_storage: false,
        views,
    };
    to_hex(&serialize_ops(ops.as_ops_ref(), &opts).unwrap())
}

fn build(ops: &[Op<'_>]) -> Ops {
    let mut o = Ops::new();
    for &op in ops {
        o.push(op);
    }
    o
}

#[test]
fn node_reads_weft_fixtures() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/clone/v8-fixtures.json"
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let fixtures = doc["fixtures"].as_array().unwrap();
    let cases: Vec<Value> = fixtures
        .iter()
        .map(|f| {
            let views = if f["mode"] == "node" {
                ViewEncoding::NodeHostObject
            } else {
                ViewEncoding::V8
            };
            let ops = json_to_ops(f["ops"].as_array().unwrap());
            json!({ "weft": weft_hex(&ops, views), "node": f["hex"] })
        })
        .collect();
    let results = run_node(&cases);
    let failures: Vec<String> = fixtures
        .iter()
        .zip(&results)
        .filter(|(_, r)| **r != json!(true))
        .map(|(f, r)| format!("{}: {r}", f["name"]))
        .collect();
    assert_eq!(results.len(), fixtures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn node_reads_weft_only_shapes() {
    let (a, k, m, s, point, x) = (u("a"), u("5"), u("m"), u("s"), u("Point"), u("x"));
    let lone = [0xD800u16, u16::from(b'x')];
    let two_byte = u("a\u{20ac}");
    let data = [1u8, 2, 3, 4];
    let cases: Vec<(&str, Vec<Op<'_>>, &str)> = vec![
        (
            "serializable class",
            vec![
                Op::Serializable { name: &point },
                Op::BeginObject,
                Op::String(&x),
                Op::Number(1.0),
                Op::End,
            ],
            "Object.keys(r).join() === 'NaN,value' && r.NaN === 'Point' && r.value.x === 1",
        ),
        (
            "view with offset shares its buffer",
            vec![
                Op::BeginDenseArray { length: 2 },
                Op::ArrayBuffer(&data),
                Op::View {
                    kind: ViewKind::Uint8Array,
                    byte_offset: 1,
                    byte_length: 2,
                    flags: 0,
                },
                Op::BackRef(1),
                Op::End,
            ],
            "r[1].buffer === r[0] && r[1].byteOffset === 1 && r[1].length === 2 && r[1][0] === 2",
        ),
        (
            "length-tracking view of a resizable buffer",
            vec![
                Op::View {
                    kind: ViewKind::Uint16Array,
                    byte_offset: 2,
                    byte_length: 0,
                    flags: 3,
                },
                Op::ResizableArrayBuffer {
                    data: &data,
                    max_byte_length: 8,
                },
            ],
            "r.buffer.resizable && r.buffer.maxByteLength === 8 && r.length === 1 && (r.buffer.resize(8), r.length === 3)",
        ),
        (
            "Node Buffer",
            vec![
                Op::View {
                    kind: ViewKind::NodeBuffer,
                    byte_offset: 0,
                    byte_length: 4,
                    flags: 0,
                },
                Op::ArrayBuffer(&data),
            ],
            "Buffer.isBuffer(r) && r.toString('hex') === '01020304'",
        ),
        (
            "TypeError with cause and stack",
            vec![
                Op::Error(ErrorPrototype::TypeError),
                Op::ErrorMessage(&m),
                Op::ErrorCause,
                Op::BeginObject,
                Op::String(&x),
                Op::Number(1.0),
                Op::End,
                Op::ErrorStack(&s),
                Op::End,
            ],
            "r instanceof TypeError && r.message === 'm' && r.cause.x === 1 && r.stack === 's'",
        ),
        (
            "dense array with a hole",
            vec![
                Op::BeginDenseArray { length: 3 },
                Op::Number(1.0),
                Op::Hole,
                Op::Number(3.0),
                Op::End,
            ],
            "r.length === 3 && !(1 in r) && r[2] === 3",
        ),
        (
            "index key given as a string",
            vec![
                Op::BeginObject,
                Op::String(&k),
                Op::True,
                Op::String(&a),
                Op::False,
                Op::End,
            ],
            "r[5] === true && r.a === false && Object.keys(r).join() === '5,a'",
        ),
        (
            "lone surrogate and padded two-byte string",
            vec![
                Op::BeginDenseArray { length: 3 },
                Op::String(&a),
                Op::String(&lone),
                Op::String(&two_byte),
                Op::End,
            ],
            "r[1] === '\\ud800x' && r[2] === 'a\\u20ac'",
        ),
        (
            "big negative BigInt with high zero bytes",
            vec![Op::BigInt {
                negative: true,
                magnitude: &[0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0],
            }],
            "r === -(2n ** 70n)",
        ),
        (
            "Map and Set with shared entries",
            vec![
                Op::BeginMap,
                Op::BeginObject,
                Op::End,
                Op::BeginSet,
                Op::BackRef(1),
                Op::BackRef(0),
                Op::End,
                Op::End,
            ],
            "(() => { const [[key, set]] = r; return set.has(key) && set.has(r); })()",
        ),
        (
            "RegExp with d and v flags",
            vec![Op::RegExp {
                flags: 128 | 256 | 1,
                source: &a,
            }],
            "r.flags === 'dgv' && r.source === 'a'",
        ),
        (
            "sparse array of maximum length",
            vec![
                Op::BeginSparseArray { length: u32::MAX },
                Op::Number(7.0),
                Op::Null,
                Op::End,
            ],
            "r.length === 4294967295 && r[7] === null && Object.keys(r).length === 1",
        ),
    ];
    let js: Vec<Value> = cases
        .iter()
        .map(|(_, ops, check)| {
            json!({ "weft": weft_hex(&build(ops), ViewEncoding::NodeHostObject), "check": check })
        })
        .collect();
    let results = run_node(&js);
    let failures: Vec<String> = cases
        .iter()
        .zip(&results)
        .filter(|(_, r)| **r != json!(true))
        .map(|((name, ..), r)| format!("{name}: {r}"))
        .collect();
    assert_eq!(results.len(), cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
