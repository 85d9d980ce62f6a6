//! forgiving-base64 on 1 MiB: weft vs the `base64` crate (a well-tuned peer), natively.
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use webweft::infra::{forgiving_base64_decode, forgiving_base64_encode};

fn bench(c: &mut Criterion) {
    let bytes: Vec<u8> = (0..1 << 20)
        .map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let encoded = forgiving_base64_encode(&bytes);

    let mut group = c.benchmark_group("base64 1 MiB");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("encode/weft", |b| {
        b.iter(|| forgiving_base64_encode(black_box(&bytes)))
    });
    group.bench_function("encode/base64 crate", |b| {
        b.iter(|| STANDARD.encode(black_box(&bytes)))
    });
    group.bench_function("decode/weft", |b| {
        b.iter(|| forgiving_base64_decode(black_box(&encoded)))
    });
    group.bench_function("decode/base64 crate", |b| {
        b.iter(|| STANDARD.decode(black_box(&encoded)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
