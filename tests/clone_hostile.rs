//! Hostile and random input: the reader never panics, always ends in Ok or a clean error, and
//! allocates at most linearly in the input (measured with a counting allocator); the writer
//! never panics on arbitrary op streams; random well-formed values round-trip.

mod clone_support;

use clone_support::{from_hex, json_to_ops, normalize, op_to_json, ops_to_json};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use webweft::html::structured_clone::{
    DeserializeOptions, ErrorPrototype, Op, OpsRef, SerializeOptions, ViewEncoding, ViewKind,
    deserialize_to_ops, serialize_ops,
};

struct Counting;

// Per thread, so that tests running in parallel (and the harness) do not disturb a measurement.
thread_local! {
    static CURRENT: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn record_alloc(size: usize) {
    let now = CURRENT.get().wrapping_add(size);
    CURRENT.set(now);
    PEAK.set(PEAK.get().max(now));
}

fn record_dealloc(size: usize) {
    CURRENT.set(CURRENT.get().wrapping_sub(size));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// GlobalAlloc contract holds exactly as it does for `System`; the counters are side effects on
// const-initialized thread-locals, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            record_alloc(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is.
        unsafe { System.dealloc(ptr, layout) };
        record_dealloc(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            record_dealloc(layout.size());
            record_alloc(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes a deserialization may hold at its peak: linear in the input.
fn allocation_budget(input_len: usize) -> usize {
    32 * input_len + 1024
}

/// Deserializes, checking that the peak allocation stays within budget; returns the result.
fn checked_deserialize(bytes: &[u8]) -> Result<webweft::html::structured_clone::Ops, String> {
    let base = CURRENT.get();
    PEAK.set(base);
    let result = deserialize_to_ops(
        bytes,
        &DeserializeOptions {
            transferred_buffers: 2,
            shared_buffers: 2,
        },
    );
    let used = PEAK.get().wrapping_sub(base);
    assert!(
        used <= allocation_budget(bytes.len()),
        "{used} bytes allocated for {} input bytes",
        bytes.len()
    );
    match result {
        Ok(ops) => Ok(ops),
        Err(e) => {
            assert!(
                e.message().starts_with("invalid serialized data at byte "),
                "{e}"
            );
            Err(e.to_string())
        }
    }
}

fn fixture_bytes() -> Vec<Vec<u8>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/clone/v8-fixtures.json"
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["fixtures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| from_hex(f["hex"].as_str().unwrap()))
        .collect()
}

#[test]
fn every_truncation_of_every_fixture_is_a_clean_error() {
    let mut count = 0;
    for bytes in fixture_bytes() {
        for end in 0..bytes.len() {
            let result = checked_deserialize(&bytes[..end]);
            // A root buffer is complete without the view that may follow it.
            if bytes[end] != b'V' {
                assert!(
                    result.is_err(),
                    "{end}-byte prefix of {bytes:02x?} was accepted"
                );
            }
            count += 1;
        }
        assert!(checked_deserialize(&bytes).is_ok());
    }
    assert!(count > 1000);
}

#[test]
fn hostile_lengths_allocate_nothing_large() {
    let huge = "ffffffff0f"; // 2^32 - 1 as a varint
    for hex in [
        format!("ff0f42{huge}"),                  // ArrayBuffer
        format!("ff0f7e{huge}{huge}"),            // resizable ArrayBuffer
        format!("ff0f7e00{huge}"),                // 0 bytes, huge maxByteLength: fine
        format!("ff0f22{huge}41"),                // one-byte string
        format!("ff0f63{huge}"),                  // two-byte string
        format!("ff0f53{huge}"),                  // UTF-8 string
        format!("ff0f41{huge}5f"),                // dense array
        format!("ff0f61{huge}40{huge}{huge}"),    // sparse array of huge length: valid
        "ff0f5afeffffff0f".to_string(),           // BigInt of 2^30 - 1 bytes
        format!("ff0f5c01{huge}"),                // Node host view
        format!("ff0f4200560100{huge}00"),        // view past its buffer
        format!("ff0f6f{}7b00", "3f".repeat(50)), // repeated verify-count tags
    ] {
        let _ = checked_deserialize(&from_hex(&hex));
    }
}

/// Reads `bytes`; what was read must be written back (unless it holds a number key that is
/// not an array index, which only hand-made bytes do), and weft's bytes must be a fixed point.
fn fixed_point(bytes: &[u8]) -> Result<(), TestCaseError> {
    let Ok(ops) = checked_deserialize(bytes) else {
        return Ok(());
    };
    let write = SerializeOptions::default();
    let Ok(first) = serialize_ops(ops.as_ops_ref(), &write) else {
        return Ok(());
    };
    let options = DeserializeOptions {
        transferred_buffers: 2,
        shared_buffers: 2,
    };
    let again = deserialize_to_ops(&first, &options);
    prop_assert!(again.is_ok(), "{:?}", again);
    let second = serialize_ops(again.unwrap().as_ops_ref(), &write);
    prop_assert_eq!(Ok(first), second);
    Ok(())
}

fn mutated_fixture() -> impl Strategy<Value = Vec<u8>> {
    let fixtures = fixture_bytes();
    (
        0..fixtures.len(),
        prop::collection::vec((0u8..4, any::<prop::sample::Index>(), any::<u8>()), 1..6),
    )
        .prop_map(move |(i, edits)| {
            let mut bytes = fixtures[i].clone();
            for (kind, at, byte) in edits {
                let len = bytes.len().max(1);
                let pos = at.index(len);
                match kind {
                    0 if pos < bytes.len() => bytes[pos] = byte,
                    1 => bytes.insert(pos.min(bytes.len()), byte),
                    2 if pos < bytes.len() => {
                        bytes.remove(pos);
                    }
                    _ => bytes.truncate(pos),
                }
            }
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(version in 13u8..=15, body in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut bytes = vec![0xFF, version];
        bytes.extend(body);
        fixed_point(&bytes)?;
    }

    #[test]
    fn random_tag_soup_never_panics(body in prop::collection::vec(
        prop::sample::select(b"_0TFIUNZS\"c^o{aA$@Dyxnzs R;:',B~tVu\\r-?\x00\x01\x02\x05\x7f\x80\xffmscE.".to_vec()),
        0..120,
    )) {
        let mut bytes = vec![0xFF, 0x0F];
        bytes.extend(body);
        fixed_point(&bytes)?;
    }

    #[test]
    fn mutated_fixtures_never_panic(bytes in mutated_fixture()) {
        fixed_point(&bytes)?;
    }

    #[test]
    fn arbitrary_op_streams_never_panic(
        code in prop::collection::vec(prop_oneof![0u32..32, any::<u32>(), 0u32..4], 0..64),
        numbers in prop::collection::vec(any::<f64>(), 0..8),
        units in prop::collection::vec(any::<u16>(), 0..16),
        bytes in prop::collection::vec(any::<u8>(), 0..32),
        node in any::<bool>(),
    ) {
        let ops = OpsRef { code: &code, numbers: &numbers, units: &units, bytes: &bytes };
        let opts = SerializeOptions {
            for_storage: false,
            views: if node { ViewEncoding::NodeHostObject } else { ViewEncoding::V8 },
        };
        if let Ok(out) = serialize_ops(ops, &opts) {
            // Accepted op streams produce bytes weft reads back.
            let read = deserialize_to_ops(&out, &DeserializeOptions { transferred_buffers: u32::MAX, shared_buffers: u32::MAX });
            prop_assert!(read.is_ok(), "{:?}", read);
        }
    }
}

// ---- random well-formed values ----

fn units() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(
        prop_oneof![0x20u16..0x7F, 0u16..0x100, any::<u16>(), 0xD800u16..0xE000],
        0..6,
    )
}

fn op_json(op: Op<'_>) -> Value {
    op_to_json(op)
}

fn leaf() -> impl Strategy<Value = Vec<Value>> {
    prop_oneof![
        Just(vec![json!(["Undefined"])]),
        Just(vec![json!(["Null"])]),
        any::<bool>().prop_map(|b| vec![op_json(if b { Op::True } else { Op::False })]),
        any::<f64>().prop_map(|n| vec![op_json(Op::Number(n))]),
        prop_oneof![any::<i32>().prop_map(f64::from), Just(-0.0)]
            .prop_map(|n| vec![op_json(Op::Number(n))]),
        units().prop_map(|u| vec![op_json(Op::String(&u))]),
        (any::<bool>(), prop::collection::vec(any::<u8>(), 0..20)).prop_map(|(neg, mut m)| {
            while m.last() == Some(&0) {
                m.pop();
            }
            let negative = neg && !m.is_empty();
            vec![op_json(Op::BigInt {
                negative,
                magnitude: &m,
            })]
        }),
        any::<f64>().prop_map(|t| vec![op_json(Op::Date(t))]),
        (0u32..512, units()).prop_filter_map("valid flags", |(flags, source)| {
            let valid = flags & 64 == 0 && flags & (16 | 256) != (16 | 256);
            valid.then(|| {
                vec![op_json(Op::RegExp {
                    flags,
                    source: &source,
                })]
            })
        }),
        any::<bool>().prop_map(|b| vec![op_json(Op::BooleanObject(b))]),
        any::<f64>().prop_map(|n| vec![op_json(Op::NumberObject(n))]),
        units().prop_map(|u| vec![op_json(Op::StringObject(&u))]),
        prop::collection::vec(any::<u8>(), 0..12).prop_map(|d| vec![op_json(Op::ArrayBuffer(&d))]),
        (prop::collection::vec(any::<u8>(), 0..12), 0u32..20).prop_map(|(d, extra)| {
            vec![op_json(Op::ResizableArrayBuffer {
                data: &d,
                max_byte_length: d.len() as u32 + extra,
            })]
        }),
        view(),
    ]
}

fn view() -> impl Strategy<Value = Vec<Value>> {
    let kinds: Vec<ViewKind> = (0..14)
        .filter_map(ViewKind::from_code)
        .filter(|k| *k != ViewKind::NodeBuffer)
        .collect();
    (
        prop::sample::select(kinds),
        0u32..4,
        0u32..4,
        0u32..4,
        any::<bool>(),
    )
        .prop_map(|(kind, a, b, c, resizable)| {
            let size = kind.element_size();
            let (offset, length) = (a * size, b * size);
            let data = vec![0xA5u8; ((a + b + c) * size) as usize];
            let view = Op::View {
                kind,
                byte_offset: offset,
                byte_length: length,
                flags: if resizable { 2 } else { 0 },
            };
            let buffer = if resizable {
                Op::ResizableArrayBuffer {
                    data: &data,
                    max_byte_length: data.len() as u32 * 2,
                }
            } else {
                Op::ArrayBuffer(&data)
            };
            vec![op_json(view), op_json(buffer)]
        })
}

fn value() -> impl Strategy<Value = Vec<Value>> {
    leaf().prop_recursive(5, 64, 6, |inner| {
        let key = units().prop_map(|mut u| {
            // Never an array index: those are written as numbers.
            u.insert(0, u16::from(b'k'));
            op_json(Op::String(&u))
        });
        prop_oneof![
            prop::collection::vec((key, inner.clone()), 0..4).prop_map(|props| {
                let mut v = vec![json!(["BeginObject"])];
                for (k, x) in props {
                    v.push(k);
                    v.extend(x);
                }
                v.push(json!(["End"]));
                v
            }),
            prop::collection::vec(
                prop_oneof![1 => Just(None), 4 => inner.clone().prop_map(Some)],
                0..5
            )
            .prop_map(|elements| {
                let mut v = vec![json!(["BeginDenseArray", elements.len()])];
                for e in elements {
                    v.extend(e.unwrap_or_else(|| vec![json!(["Hole"])]));
                }
                v.push(json!(["End"]));
                v
            }),
            (
                prop::collection::btree_map(0u32..1000, inner.clone(), 0..3),
                0u32..10
            )
                .prop_map(|(entries, extra)| {
                    let length = entries.keys().last().map_or(0, |k| k + 1) + extra;
                    let mut v = vec![json!(["BeginSparseArray", length])];
                    for (k, x) in entries {
                        v.push(json!(["Number", k]));
                        v.extend(x);
                    }
                    v.push(json!(["End"]));
                    v
                }),
            prop::collection::vec((inner.clone(), inner.clone()), 0..3).prop_map(|entries| {
                let mut v = vec![json!(["BeginMap"])];
                for (k, x) in entries {
                    v.extend(k);
                    v.extend(x);
                }
                v.push(json!(["End"]));
                v
            }),
            prop::collection::vec(inner.clone(), 0..3).prop_map(|entries| {
                let mut v = vec![json!(["BeginSet"])];
                v.extend(entries.into_iter().flatten());
                v.push(json!(["End"]));
                v
            }),
            (
                0u32..7,
                prop::option::of(units()),
                prop::option::of(inner.clone()),
                prop::option::of(units())
            )
                .prop_map(|(p, message, cause, stack)| {
                    let prototype = ErrorPrototype::from_code(p).unwrap();
                    let mut v = vec![op_json(Op::Error(prototype))];
                    if let Some(m) = message {
                        v.push(op_json(Op::ErrorMessage(&m)));
                    }
                    if let Some(c) = cause {
                        v.push(json!(["ErrorCause"]));
                        v.extend(c);
                    }
                    if let Some(s) = stack {
                        v.push(op_json(Op::ErrorStack(&s)));
                    }
                    v.push(json!(["End"]));
                    v
                }),
            (units(), inner).prop_map(|(name, data)| {
                let mut v = vec![op_json(Op::Serializable { name: &name })];
                v.extend(data);
                v
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_values_round_trip(v in value(), node in any::<bool>()) {
        // [value, back-reference to the array itself]
        let mut list = vec![json!(["BeginDenseArray", 2])];
        list.extend(v);
        list.push(json!(["BackRef", 0]));
        list.push(json!(["End"]));
        let ops = json_to_ops(&list);
        let opts = SerializeOptions {
            for_storage: false,
            views: if node { ViewEncoding::NodeHostObject } else { ViewEncoding::V8 },
        };
        let bytes = serialize_ops(ops.as_ops_ref(), &opts).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let back = deserialize_to_ops(&bytes, &DeserializeOptions::default())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let expected: Vec<Value> = list.iter().map(normalize).collect();
        let got: Vec<Value> = ops_to_json(&back).iter().map(normalize).collect();
        prop_assert_eq!(got, expected);
    }
}
