//! Shared by the clone_* tests: the JSON rendering of op streams that
//! tests/fixtures/clone/gen.mjs writes, and hex.
#![allow(dead_code)] // each test crate uses its own subset

use serde_json::{Value, json};
use webweft::html::structured_clone::{ErrorPrototype, Op, Ops, ViewKind};

pub fn from_hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("fixture hex"))
        .collect()
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn num(n: f64) -> Value {
    if n.is_nan() {
        json!("NaN")
    } else if n == f64::INFINITY {
        json!("Infinity")
    } else if n == f64::NEG_INFINITY {
        json!("-Infinity")
    } else if n == 0.0 && n.is_sign_negative() {
        json!("-0")
    } else {
        json!(n)
    }
}

fn parse_num(v: &Value) -> f64 {
    match v {
        Value::String(s) => match s.as_str() {
            "NaN" => f64::NAN,
            "Infinity" => f64::INFINITY,
            "-Infinity" => f64::NEG_INFINITY,
            "-0" => -0.0,
            other => panic!("bad number {other}"),
        },
        other => other.as_f64().expect("number"),
    }
}

fn string(units: &[u16]) -> Value {
    match String::from_utf16(units) {
        Ok(s) => json!(s),
        Err(_) => json!(units),
    }
}

fn parse_units(v: &Value) -> Vec<u16> {
    match v {
        Value::String(s) => s.encode_utf16().collect(),
        Value::Array(a) => a.iter().map(|u| u.as_u64().expect("unit") as u16).collect(),
        other => panic!("bad string {other}"),
    }
}

fn kind_by_name(name: &str) -> ViewKind {
    (0..14)
        .filter_map(ViewKind::from_code)
        .find(|k| k.name() == name)
        .unwrap_or_else(|| panic!("unknown view kind {name}"))
}

fn prototype_by_name(name: &str) -> ErrorPrototype {
    (0..7)
        .filter_map(ErrorPrototype::from_code)
        .find(|p| p.name() == name)
        .unwrap_or_else(|| panic!("unknown error prototype {name}"))
}

/// One op as gen.mjs renders it; numbers are normalized to f64 for comparison.
pub fn op_to_json(op: Op<'_>) -> Value {
    match op {
        Op::Undefined => json!(["Undefined"]),
        Op::Null => json!(["Null"]),
        Op::True => json!(["True"]),
        Op::False => json!(["False"]),
        Op::Number(n) => json!(["Number", num(n)]),
        Op::String(u) => json!(["String", string(u)]),
        Op::BigInt {
            negative,
            magnitude,
        } => json!(["BigInt", negative, to_hex(magnitude)]),
        Op::Hole => json!(["Hole"]),
        Op::BackRef(id) => json!(["BackRef", f64::from(id)]),
        Op::BeginObject => json!(["BeginObject"]),
        Op::BeginDenseArray { length } => json!(["BeginDenseArray", f64::from(length)]),
        Op::BeginSparseArray { length } => json!(["BeginSparseArray", f64::from(length)]),
        Op::BeginMap => json!(["BeginMap"]),
        Op::BeginSet => json!(["BeginSet"]),
        Op::End => json!(["End"]),
        Op::Date(t) => json!(["Date", num(t)]),
        Op::RegExp { flags, source } => json!(["RegExp", f64::from(flags), string(source)]),
        Op::BooleanObject(b) => json!(["BooleanObject", b]),
        Op::NumberObject(n) => json!(["NumberObject", num(n)]),
        Op::BigIntObject {
            negative,
            magnitude,
        } => json!(["BigIntObject", negative, to_hex(magnitude)]),
        Op::StringObject(u) => json!(["StringObject", string(u)]),
        Op::ArrayBuffer(d) => json!(["ArrayBuffer", to_hex(d)]),
        Op::ResizableArrayBuffer {
            data,
            max_byte_length,
        } => json!([
            "ResizableArrayBuffer",
            to_hex(data),
            f64::from(max_byte_length)
        ]),
        Op::SharedArrayBuffer(i) => json!(["SharedArrayBuffer", f64::from(i)]),
        Op::TransferredArrayBuffer(i) => json!(["TransferredArrayBuffer", f64::from(i)]),
        Op::View {
            kind,
            byte_offset,
            byte_length,
            flags,
        } => json!([
            "View",
            kind.name(),
            f64::from(byte_offset),
            f64::from(byte_length),
            f64::from(flags)
        ]),
        Op::Error(p) => json!(["Error", p.name()]),
        Op::ErrorMessage(u) => json!(["ErrorMessage", string(u)]),
        Op::ErrorCause => json!(["ErrorCause"]),
        Op::ErrorStack(u) => json!(["ErrorStack", string(u)]),
        Op::Serializable { name } => json!(["Serializable", string(name)]),
    }
}

pub fn ops_to_json(ops: &Ops) -> Vec<Value> {
    ops.iter()
        .map(|op| op_to_json(op.expect("valid op stream")))
        .collect()
}

/// Numbers as f64 (gen.mjs writes integers, serde_json keeps them as integers).
pub fn normalize(v: &Value) -> Value {
    match v {
        Value::Number(n) => json!(n.as_f64().expect("finite")),
        Value::Array(a) => Value::Array(a.iter().map(normalize).collect()),
        other => other.clone(),
    }
}

pub fn json_to_ops(list: &[Value]) -> Ops {
    let mut ops = Ops::new();
    for item in list {
        let a = item.as_array().expect("op array");
        let name = a[0].as_str().expect("op name");
        let u32_at = |i: usize| a[i].as_f64().expect("u32 operand") as u32;
        let bool_at = |i: usize| a[i].as_bool().expect("bool operand");
        let hex_at = |i: usize| from_hex(a[i].as_str().expect("hex operand"));
        match name {
            "Undefined" => ops.push(Op::Undefined),
            "Null" => ops.push(Op::Null),
            "True" => ops.push(Op::True),
            "False" => ops.push(Op::False),
            "Number" => ops.push(Op::Number(parse_num(&a[1]))),
            "String" => ops.push(Op::String(&parse_units(&a[1]))),
            "BigInt" => ops.push(Op::BigInt {
                negative: bool_at(1),
                magnitude: &hex_at(2),
            }),
            "Hole" => ops.push(Op::Hole),
            "BackRef" => ops.push(Op::BackRef(u32_at(1))),
            "BeginObject" => ops.push(Op::BeginObject),
            "BeginDenseArray" => ops.push(Op::BeginDenseArray { length: u32_at(1) }),
            "BeginSparseArray" => ops.push(Op::BeginSparseArray { length: u32_at(1) }),
            "BeginMap" => ops.push(Op::BeginMap),
            "BeginSet" => ops.push(Op::BeginSet),
            "End" => ops.push(Op::End),
            "Date" => ops.push(Op::Date(parse_num(&a[1]))),
            "RegExp" => ops.push(Op::RegExp {
                flags: u32_at(1),
                source: &parse_units(&a[2]),
            }),
            "BooleanObject" => ops.push(Op::BooleanObject(bool_at(1))),
            "NumberObject" => ops.push(Op::NumberObject(parse_num(&a[1]))),
            "BigIntObject" => ops.push(Op::BigIntObject {
                negative: bool_at(1),
                magnitude: &hex_at(2),
            }),
            "StringObject" => ops.push(Op::StringObject(&parse_units(&a[1]))),
            "ArrayBuffer" => ops.push(Op::ArrayBuffer(&hex_at(1))),
            "ResizableArrayBuffer" => ops.push(Op::ResizableArrayBuffer {
                data: &hex_at(1),
                max_byte_length: u32_at(2),
            }),
            "SharedArrayBuffer" => ops.push(Op::SharedArrayBuffer(u32_at(1))),
            "TransferredArrayBuffer" => ops.push(Op::TransferredArrayBuffer(u32_at(1))),
            "View" => ops.push(Op::View {
                kind: kind_by_name(a[1].as_str().expect("kind")),
                byte_offset: u32_at(2),
                byte_length: u32_at(3),
                flags: u32_at(4),
            }),
            "Error" => ops.push(Op::Error(prototype_by_name(
                a[1].as_str().expect("prototype"),
            ))),
            "ErrorMessage" => ops.push(Op::ErrorMessage(&parse_units(&a[1]))),
            "ErrorCause" => ops.push(Op::ErrorCause),
            "ErrorStack" => ops.push(Op::ErrorStack(&parse_units(&a[1]))),
            "Serializable" => ops.push(Op::Serializable {
                name: &parse_units(&a[1]),
            }),
            other => panic!("unknown op {other}"),
        }
    }
    ops
}
