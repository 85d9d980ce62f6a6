//! weft's own choices (serializable classes, in-process buffers, view encoding), op-stream
//! validation, reader validation, and 100,000-deep nesting on a small native stack.

mod clone_support;

use clone_support::{from_hex, normalize, op_to_json, ops_to_json, to_hex};
use webweft::html::structured_clone::{
    DeserializeOptions, ErrorPrototype, Op, Ops, SerializeOptions, ViewEncoding, ViewKind,
    deserialize_to_ops, serialize_ops,
};

fn u(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn build(ops: &[Op<'_>]) -> Ops {
    let mut o = Ops::new();
    for &op in ops {
        o.push(op);
    }
    o
}

fn ser(ops: &[Op<'_>], views: ViewEncoding) -> Result<Vec<u8>, String> {
    let opts = SerializeOptions {
        for_storage: false,
        views,
    };
    serialize_ops(build(ops).as_ops_ref(), &opts).map_err(|e| e.to_string())
}

fn node(ops: &[Op<'_>]) -> Result<String, String> {
    ser(ops, ViewEncoding::NodeHostObject).map(|b| to_hex(&b))
}

fn de(hex: &str) -> Result<Vec<serde_json::Value>, String> {
    de_with(hex, DeserializeOptions::default())
}

fn de_with(hex: &str, opts: DeserializeOptions) -> Result<Vec<serde_json::Value>, String> {
    deserialize_to_ops(&from_hex(hex), &opts)
        .map(|o| ops_to_json(&o).iter().map(normalize).collect())
        .map_err(|e| e.to_string())
}

fn json(ops: &[Op<'_>]) -> Vec<serde_json::Value> {
    ops.iter().map(|&op| normalize(&op_to_json(op))).collect()
}

/// Serializes, checks the bytes, and reads them back to the same ops.
fn round_trip(ops: &[Op<'_>], views: ViewEncoding, expected_hex: &str) {
    let bytes = ser(ops, views).unwrap();
    assert_eq!(to_hex(&bytes), expected_hex);
    let back = de_with(
        expected_hex,
        DeserializeOptions {
            transferred_buffers: 4,
            shared_buffers: 4,
        },
    )
    .unwrap();
    assert_eq!(back, json(ops));
}

#[test]
fn serializable_class_is_a_nan_keyed_object() {
    let (point, x) = (u("Point"), u("x"));
    let ops = [
        Op::Serializable { name: &point },
        Op::BeginObject,
        Op::String(&x),
        Op::Number(1.0),
        Op::End,
    ];
    // o N<NaN> "Point" "value" o "x" I1 {1 {2 — Node reads { NaN: 'Point', value: { x: 1 } }.
    round_trip(
        &ops,
        ViewEncoding::NodeHostObject,
        "ff0f6f4e000000000000f87f2205506f696e7422057661\
         6c75656f220178490 27b017b02"
            .replace(' ', "")
            .as_str(),
    );
}

#[test]
fn serializable_data_cannot_contain_itself() {
    let name = u("C");
    let ops = [
        Op::Serializable { name: &name },
        Op::BeginDenseArray { length: 1 },
        Op::BackRef(0),
        Op::End,
    ];
    assert!(
        node(&ops)
            .unwrap_err()
            .contains("inside its own serialization")
    );
    // The same on the wire: [ back-reference to the serializable object ].
    let err = de(
        "ff0f6f4e000000000000f87f22014322057661 6c756541015e00240001 7b02"
            .replace(' ', "")
            .as_str(),
    )
    .unwrap_err();
    assert!(err.contains("before its deserialization finished"), "{err}");
}

#[test]
fn serializable_objects_must_have_exactly_the_two_properties() {
    // { NaN: "C", other: 1 }
    let err = de("ff0f6f4e000000000000f87f220143220578616c756549027b02").unwrap_err();
    assert!(err.contains("\"value\""), "{err}");
    // { NaN: "C", value: 1, x: 1 }
    let err = de(
        "ff0f6f4e000000000000f87f220143220576616c75654902220178490 27b03"
            .replace(' ', "")
            .as_str(),
    )
    .unwrap_err();
    assert!(err.contains("exactly the properties"), "{err}");
    // A NaN key that is not first is an ordinary key.
    assert_eq!(
        de("ff0f6f2201614902 4e000000000000f87f 49047b02"
            .replace(' ', "")
            .as_str())
        .unwrap(),
        json(&[
            Op::BeginObject,
            Op::String(&u("a")),
            Op::Number(1.0),
            Op::Number(f64::NAN),
            Op::Number(2.0),
            Op::End
        ])
    );
}

#[test]
fn shared_and_transferred_buffers() {
    round_trip(
        &[
            Op::BeginDenseArray { length: 2 },
            Op::SharedArrayBuffer(1),
            Op::View {
                kind: ViewKind::Uint8Array,
                byte_offset: 0,
                byte_length: 2,
                flags: 0,
            },
            Op::TransferredArrayBuffer(3),
            Op::End,
        ],
        ViewEncoding::NodeHostObject,
        "ff0f4102750174035642000200240002",
    );
    let storage = SerializeOptions {
        for_storage: true,
        views: ViewEncoding::NodeHostObject,
    };
    let e = serialize_ops(build(&[Op::SharedArrayBuffer(0)]).as_ops_ref(), &storage).unwrap_err();
    assert!(e.message().contains("for storage"), "{e}");
    let e = serialize_ops(
        build(&[Op::TransferredArrayBuffer(0)]).as_ops_ref(),
        &storage,
    )
    .unwrap_err();
    assert!(e.message().contains("for storage"), "{e}");
    assert!(de("ff0f7500").unwrap_err().contains("SharedArrayBuffer 0"));
    assert!(de("ff0f7400").unwrap_err().contains("transfer list"));
}

#[test]
fn node_host_form_only_when_lossless() {
    let data = [1u8, 2, 3, 4];
    let view = |byte_offset, byte_length| Op::View {
        kind: ViewKind::Uint8Array,
        byte_offset,
        byte_length,
        flags: 0,
    };
    // Whole buffer, unreferenced: Node's host object.
    assert_eq!(
        node(&[view(0, 4), Op::ArrayBuffer(&data)]).unwrap(),
        "ff0f5c010401020304"
    );
    // Buffer kind 10 is Node's FastBuffer.
    assert_eq!(
        node(&[
            Op::View {
                kind: ViewKind::NodeBuffer,
                byte_offset: 0,
                byte_length: 1,
                flags: 0
            },
            Op::ArrayBuffer(&[9])
        ])
        .unwrap(),
        "ff0f5c0a0109"
    );
    // An offset, a partial view, or a buffer referenced elsewhere: V8's form.
    round_trip(
        &[view(1, 2), Op::ArrayBuffer(&data)],
        ViewEncoding::NodeHostObject,
        "ff0f420401020304564201020 0".replace(' ', "").as_str(),
    );
    round_trip(
        &[
            Op::BeginDenseArray { length: 2 },
            view(0, 4),
            Op::ArrayBuffer(&data),
            Op::BackRef(2),
            Op::End,
        ],
        ViewEncoding::NodeHostObject,
        "ff0f41024204010203045642000400 5e01240002"
            .replace(' ', "")
            .as_str(),
    );
    // Float16Array: Node has no host index for it.
    assert_eq!(
        node(&[
            Op::View {
                kind: ViewKind::Float16Array,
                byte_offset: 0,
                byte_length: 2,
                flags: 0
            },
            Op::ArrayBuffer(&[0, 0x3c])
        ])
        .unwrap(),
        "ff0f420200 3c5668000200".replace(' ', "")
    );
    // Resizable buffers and length tracking keep their semantics.
    round_trip(
        &[
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
        ViewEncoding::NodeHostObject,
        "ff0f7e040801020304565702 0003".replace(' ', "").as_str(),
    );
}

#[test]
fn invalid_views_are_rejected() {
    let ab = [0u8; 4];
    let bad = |kind, byte_offset, byte_length, flags, buffer: Op<'_>| {
        ser(
            &[
                Op::View {
                    kind,
                    byte_offset,
                    byte_length,
                    flags,
                },
                buffer,
            ],
            ViewEncoding::V8,
        )
        .unwrap_err()
    };
    assert!(bad(ViewKind::Uint8Array, 2, 3, 0, Op::ArrayBuffer(&ab)).contains("outside"));
    assert!(bad(ViewKind::Uint16Array, 1, 2, 0, Op::ArrayBuffer(&ab)).contains("multiples"));
    assert!(bad(ViewKind::Uint8Array, 0, 0, 1, Op::ArrayBuffer(&ab)).contains("resizable"));
    assert!(bad(ViewKind::Uint8Array, 0, 0, 2, Op::ArrayBuffer(&ab)).contains("resizable"));
    let rab = Op::ResizableArrayBuffer {
        data: &ab,
        max_byte_length: 4,
    };
    assert!(bad(ViewKind::Uint8Array, 0, 4, 0, rab).contains("resizable"));
    assert!(bad(ViewKind::Uint8Array, 0, 4, 0, Op::Null).contains("followed by its buffer"));
    // The same checks when reading: Uint16Array at offset 1; a view past its buffer.
    assert!(de("ff0f42040000000056570102 00".replace(' ', "").as_str()).is_err());
    assert!(de("ff0f420400000000564200 0500".replace(' ', "").as_str()).is_err());
    // Fixed view claiming to be backed by a resizable buffer.
    assert!(de("ff0f42040000000056420004 02".replace(' ', "").as_str()).is_err());
    // A view over something that is not a buffer.
    assert!(de("ff0f41026f7b005e015642000000240002").is_err());
    // A view with no buffer before it.
    assert!(
        de("ff0f5642000000")
            .unwrap_err()
            .contains("does not follow")
    );
}

#[test]
fn keys_become_numbers_as_v8_writes_them() {
    let keys = ["0", "5", "4294967294", "4294967295", "05", "-1", "1.5", ""];
    let mut ops = vec![Op::BeginObject];
    let units: Vec<Vec<u16>> = keys.iter().map(|k| u(k)).collect();
    for k in &units {
        ops.push(Op::String(k));
        ops.push(Op::Null);
    }
    ops.push(Op::End);
    assert_eq!(
        node(&ops).unwrap(),
        concat!(
            "ff0f6f",
            "490030",                     // 0
            "490a30",                     // 5
            "4e0000c0ffffffef4130",       // 4294967294 (a double, as V8 writes it)
            "220a3432393439363732393530", // "4294967295"
            "2202303530",                 // "05"
            "22022d3130",                 // "-1"
            "2203312e3530",               // "1.5"
            "220030",                     // ""
            "7b08"
        )
    );
    let e = node(&[Op::BeginObject, Op::Number(1.5), Op::Null, Op::End]).unwrap_err();
    assert!(e.contains("array index"), "{e}");
}

#[test]
fn bigints_are_canonical() {
    // High zero bytes are dropped, whole 64-bit digits written; -0n is 0n.
    assert_eq!(
        node(&[Op::BigInt {
            negative: true,
            magnitude: &[1, 0, 0]
        }])
        .unwrap(),
        "ff0f5a110100000000000000"
    );
    assert_eq!(
        node(&[Op::BigInt {
            negative: true,
            magnitude: &[0, 0]
        }])
        .unwrap(),
        "ff0f5a00"
    );
    // Reading: a digit length that is not a multiple of 8 and high zero digits are accepted.
    assert_eq!(
        de("ff0f5a0b0500000000").unwrap(),
        json(&[Op::BigInt {
            negative: true,
            magnitude: &[5]
        }])
    );
}

#[test]
fn regexp_flags_are_checked() {
    let src = u("a");
    let re = |flags| {
        node(&[Op::RegExp {
            flags,
            source: &src,
        }])
    };
    assert!(re(16 | 256).unwrap_err().contains("'u' and 'v'"));
    assert!(re(64).unwrap_err().contains("linear"));
    assert!(re(512).unwrap_err().contains("unknown"));
    assert!(de("ff0f5222016180 04".replace(' ', "").as_str()).is_err());
}

#[test]
fn errors_and_cause_cycles() {
    let m = u("m");
    round_trip(
        &[
            Op::Error(ErrorPrototype::TypeError),
            Op::ErrorMessage(&m),
            Op::ErrorCause,
            Op::Error(ErrorPrototype::Error),
            Op::End,
            Op::ErrorStack(&m),
            Op::End,
        ],
        ViewEncoding::NodeHostObject,
        "ff0f72546d22016d63722e7322016d2e",
    );
    let e = node(&[
        Op::Error(ErrorPrototype::Error),
        Op::ErrorCause,
        Op::BackRef(0),
        Op::End,
    ])
    .unwrap_err();
    assert!(e.contains("inside its own serialization"), "{e}");
    // On the wire, as V8 would reject it too.
    assert!(
        de("ff0f72635e002e")
            .unwrap_err()
            .contains("before its deserialization finished")
    );
    // A prototype tag after the message still sets the prototype.
    assert_eq!(
        de("ff0f726d22016d522e").unwrap(),
        json(&[
            Op::Error(ErrorPrototype::RangeError),
            Op::ErrorMessage(&m),
            Op::End
        ])
    );
    assert!(de("ff0f72782e").unwrap_err().contains("Error field"));
}

#[test]
fn malformed_op_streams_are_errors() {
    let k = u("k");
    let cases: &[&[Op<'_>]] = &[
        &[],
        &[Op::Null, Op::Null],
        &[Op::BeginObject],
        &[Op::End],
        &[Op::BeginObject, Op::Null, Op::Null, Op::End],
        &[Op::Hole],
        &[Op::BeginSparseArray { length: 1 }, Op::Hole],
        &[Op::BeginDenseArray { length: 2 }, Op::Null, Op::End],
        &[Op::BeginMap, Op::Null, Op::End],
        &[Op::BackRef(0)],
        &[Op::BeginDenseArray { length: 1 }, Op::BackRef(1), Op::End],
        &[
            Op::BeginDenseArray { length: 2 },
            Op::BeginObject,
            Op::End,
            Op::View {
                kind: ViewKind::Uint8Array,
                byte_offset: 0,
                byte_length: 0,
                flags: 0,
            },
            Op::BackRef(1),
            Op::End,
        ],
        &[Op::ErrorCause],
        &[Op::Error(ErrorPrototype::Error), Op::Null, Op::End],
        &[Op::BeginObject, Op::String(&k), Op::End],
        &[Op::Serializable { name: &k }],
    ];
    for ops in cases {
        assert!(node(ops).is_err(), "{ops:?} serialized");
    }
    // The messages name the op found (its kind) and an integer key exactly.
    let message = |ops: &[Op<'_>]| node(ops).unwrap_err();
    assert!(message(&[Op::BeginObject, Op::Null, Op::Null, Op::End]).contains("found Null"));
    let view = Op::View {
        kind: ViewKind::Uint8Array,
        byte_offset: 0,
        byte_length: 0,
        flags: 0,
    };
    assert!(message(&[view, Op::Number(1.5)]).contains("found Number"));
    assert!(message(&[Op::Error(ErrorPrototype::Error), Op::Null, Op::End]).contains("found Null"));
    let key = |n: f64| message(&[Op::BeginObject, Op::Number(n), Op::Null, Op::End]);
    assert!(key(-1.0).contains("not -1;"), "{}", key(-1.0));
    assert!(key(4_294_967_295.0).contains("not 4294967295;"));
    for n in [0.5, f64::NAN, f64::INFINITY] {
        assert!(
            key(n).contains("not a fraction, infinity or NaN;"),
            "{}",
            key(n)
        );
    }
    // Leftover payload.
    let mut o = build(&[Op::Null]);
    o.numbers.push(1.0);
    assert!(serialize_ops(o.as_ops_ref(), &SerializeOptions::default()).is_err());
}

#[test]
fn reader_rejects_bad_headers_and_framing() {
    let cases = [
        ("", "end of data"),
        ("0f30", "version header"),
        ("ff0c30", "older"),
        ("ff1030", "newer"),
        ("ff0f", "end of data"),
        ("ff0f3030", "after the complete value"),
        ("ff0f6f7b01", "claiming 1"),
        ("ff0f41054900", "exceeds"),
        ("ff0f41014900240101", "claiming"),
        ("ff0f3b490249043a01", "claiming 1"),
        ("ff0f3b49023a02", "unexpected tag"),
        ("ff0f630300", "odd byte length"),
        ("ff0f2205616263", "exceeds"),
        ("ff0f5e00", "not been read"),
        ("ff0f5c0d00", "unknown host object"),
        ("ff0f5c040100", "not a multiple"),
        ("ff0f2d", "hole outside"),
        ("ff0f6f5f497b01", "property key"),
        ("ff0f77", "WebAssembly"),
        ("ff0f70", "shared objects"),
        ("ff0f49ffffffffff", "longer than 5 bytes"),
        ("ff0f49ffffffff7f", "32 bits"),
        ("ff0f7e0201000000", "maxByteLength"),
        ("ff0f01", "unexpected tag"),
    ];
    for (hex, message) in cases {
        let err = de(hex).expect_err(hex);
        assert!(err.contains(message), "{hex}: {err}");
    }
    // Padding and kVerifyObjectCount are skipped; a version-13 view has no flags.
    assert_eq!(de("ff0f00003f0130").unwrap(), json(&[Op::Null]));
    assert_eq!(
        de("ff0d4201075642000100").unwrap(),
        json(&[
            Op::View {
                kind: ViewKind::Uint8Array,
                byte_offset: 0,
                byte_length: 1,
                flags: 0
            },
            Op::ArrayBuffer(&[7])
        ])
    );
    // UTF-8 strings ('S') are read with replacement of invalid sequences.
    assert_eq!(
        de("ff0f5303e282ff").unwrap(),
        json(&[Op::String(&u("\u{fffd}\u{fffd}"))])
    );
}

/// Runs `f` on a thread with a 256 KiB stack: recursion 100,000 deep would overflow it.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

const DEPTH: usize = 100_000;

#[test]
fn deep_nesting_arrays_and_objects() {
    on_small_stack(|| {
        let key = u("a");
        let mut ops = Ops::new();
        for i in 0..DEPTH {
            if i % 2 == 0 {
                ops.push(Op::BeginDenseArray { length: 1 });
            } else {
                ops.push(Op::BeginObject);
                ops.push(Op::String(&key));
            }
        }
        ops.push(Op::BackRef(0));
        for _ in 0..DEPTH {
            ops.push(Op::End);
        }
        let bytes = serialize_ops(ops.as_ops_ref(), &SerializeOptions::default()).unwrap();
        let back = deserialize_to_ops(&bytes, &DeserializeOptions::default()).unwrap();
        assert_eq!(back.code, ops.code);
        assert_eq!(back.units, ops.units);
    });
}

#[test]
fn deep_nesting_maps_errors_and_serializables() {
    on_small_stack(|| {
        let name = u("N");
        let mut ops = Ops::new();
        for i in 0..DEPTH {
            match i % 3 {
                0 => ops.push(Op::BeginMap),
                1 => {
                    ops.push(Op::Error(ErrorPrototype::Error));
                    ops.push(Op::ErrorCause);
                }
                _ => ops.push(Op::Serializable { name: &name }),
            }
        }
        ops.push(Op::Null);
        for i in (0..DEPTH).rev() {
            match i % 3 {
                0 => {
                    ops.push(Op::Null);
                    ops.push(Op::End);
                }
                1 => ops.push(Op::End),
                _ => {}
            }
        }
        let bytes = serialize_ops(ops.as_ops_ref(), &SerializeOptions::default()).unwrap();
        let back = deserialize_to_ops(&bytes, &DeserializeOptions::default()).unwrap();
        assert_eq!(back.code, ops.code);
    });
}

#[test]
fn deep_nesting_from_hostile_bytes() {
    on_small_stack(|| {
        // 100,000 unclosed arrays and objects: a clean error, not a stack overflow.
        for unit in [&[b'A', 1][..], &[b'o', b'"', 1, b'a'], b"rc"] {
            let mut bytes = vec![0xFF, 0x0F];
            bytes.extend(std::iter::repeat_n(unit, DEPTH).flatten());
            let err = deserialize_to_ops(&bytes, &DeserializeOptions::default()).unwrap_err();
            assert!(
                err.message().starts_with("invalid serialized data at byte"),
                "{err}"
            );
        }
    });
}

#[test]
fn ops_api_round_trip_of_every_value_kind() {
    // Every op kind through serialize and deserialize in V8 view form.
    let (s, k) = (u("s\u{20ac}"), u("k"));
    let ops = [
        Op::BeginDenseArray { length: 16 },
        Op::Undefined,
        Op::Hole,
        Op::True,
        Op::BigInt {
            negative: false,
            magnitude: &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        },
        Op::Date(1e12),
        Op::RegExp {
            flags: 0x1BF & !16,
            source: &s,
        },
        Op::BooleanObject(false),
        Op::NumberObject(f64::NAN),
        Op::BigIntObject {
            negative: true,
            magnitude: &[7],
        },
        Op::StringObject(&s),
        Op::BeginSet,
        Op::BackRef(0),
        Op::End,
        Op::View {
            kind: ViewKind::DataView,
            byte_offset: 1,
            byte_length: 1,
            flags: 0,
        },
        Op::ArrayBuffer(&[1, 2]),
        Op::BackRef(9),
        Op::View {
            kind: ViewKind::BigInt64Array,
            byte_offset: 0,
            byte_length: 0,
            flags: 1 | 2,
        },
        Op::ResizableArrayBuffer {
            data: &[],
            max_byte_length: 64,
        },
        Op::False,
        Op::Number(-0.0),
        Op::String(&k),
        Op::Null,
        Op::End,
    ];
    let bytes = ser(&ops, ViewEncoding::V8).unwrap();
    assert_eq!(de(&to_hex(&bytes)).unwrap(), json(&ops));
}
