//! Structured clone: `serialize_ops` and `deserialize_to_ops` on typical shapes (the Rust half
//! of weft.serialize / weft.deserialize; the JS graph walk is measured separately).
//!
//!   cargo bench --bench clone --no-default-features --features structured-clone

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use webweft::html::structured_clone::{
    DeserializeOptions, Op, Ops, SerializeOptions, ViewKind, deserialize_to_ops, serialize_ops,
};

fn u(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// 1,000 records like a JSON API response: { id, name, score, tags: [..], meta: { ok } }.
fn records() -> Ops {
    let keys = ["id", "name", "score", "tags", "meta", "ok"].map(u);
    let mut ops = Ops::new();
    ops.push(Op::BeginDenseArray { length: 1000 });
    for i in 0..1000 {
        let name = u(&format!("user-{i} Ünïcødé"));
        let tags = [u("alpha"), u("beta"), u(&format!("t{}", i % 7))];
        ops.push(Op::BeginObject);
        ops.push(Op::String(&keys[0]));
        ops.push(Op::Number(f64::from(i)));
        ops.push(Op::String(&keys[1]));
        ops.push(Op::String(&name));
        ops.push(Op::String(&keys[2]));
        ops.push(Op::Number(f64::from(i) * 0.37));
        ops.push(Op::String(&keys[3]));
        ops.push(Op::BeginDenseArray { length: 3 });
        for t in &tags {
            ops.push(Op::String(t));
        }
        ops.push(Op::End);
        ops.push(Op::String(&keys[4]));
        ops.push(Op::BeginObject);
        ops.push(Op::String(&keys[5]));
        ops.push(if i % 2 == 0 { Op::True } else { Op::False });
        ops.push(Op::End);
        ops.push(Op::End);
    }
    ops.push(Op::End);
    ops
}

/// A 1 MiB Float64Array.
fn typed_array() -> Ops {
    let data = vec![0x5Au8; 1 << 20];
    let mut ops = Ops::new();
    ops.push(Op::View {
        kind: ViewKind::Float64Array,
        byte_offset: 0,
        byte_length: 1 << 20,
        flags: 0,
    });
    ops.push(Op::ArrayBuffer(&data));
    ops
}

fn bench(c: &mut Criterion) {
    for (name, ops) in [("records", records()), ("float64array_1mib", typed_array())] {
        let bytes = serialize_ops(ops.as_ops_ref(), &SerializeOptions::default()).unwrap();
        let mut group = c.benchmark_group(format!("clone/{name}"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function("serialize_ops", |b| {
            b.iter(|| serialize_ops(black_box(ops.as_ops_ref()), &SerializeOptions::default()))
        });
        group.bench_function("deserialize_to_ops", |b| {
            b.iter(|| deserialize_to_ops(black_box(&bytes), &DeserializeOptions::default()))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
