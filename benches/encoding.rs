//! weft's decoders against encoding_rs: legacy decoding of the Wikipedia "Mars" pages (encoded
//! from UTF-8 with encoding_rs at setup) and UTF-8 decoding and validation, to UTF-16 (what the
//! JavaScript binding uses) and to `String`. `cargo bench --bench encoding`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use webweft::encoding::{Decoder, DecoderErrorMode, Encoding};

fn page(name: &str) -> String {
    let dir = std::env::var_os("BENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench-data"));
    let path = dir.join("utf8-text/encoding_bench-wikipedia").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn peer(encoding: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(encoding.name().as_bytes()).unwrap()
}

const LEGACY: [(&str, Encoding); 9] = [
    ("ja.html", Encoding::ShiftJis),
    ("ja.html", Encoding::EucJp),
    ("ja.html", Encoding::Iso2022Jp),
    ("zh_cn.html", Encoding::Gb18030),
    ("zh_tw.html", Encoding::Big5),
    ("ko.html", Encoding::EucKr),
    ("ru.html", Encoding::Windows1251),
    ("el.html", Encoding::Windows1253),
    ("de.html", Encoding::Windows1252),
];

fn decode_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode_to_utf16");
    let mut inputs = Vec::new();
    for (name, encoding) in LEGACY {
        let text = page(name);
        let bytes = peer(encoding).encode(&text).0.into_owned();
        inputs.push((format!("{name} {encoding}"), encoding, bytes));
    }
    for name in [
        "ja.html",
        "zh_cn.html",
        "ru.html",
        "en.html",
        "ja.txt",
        "ar.txt",
    ] {
        inputs.push((
            format!("{name} UTF-8"),
            Encoding::Utf8,
            page(name).into_bytes(),
        ));
    }
    for (id, encoding, bytes) in &inputs {
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let mut dst = vec![0u16; bytes.len() + 16];
        group.bench_with_input(BenchmarkId::new("weft", id), bytes, |b, bytes| {
            b.iter(|| {
                let mut decoder = Decoder::new(*encoding, DecoderErrorMode::Replacement).unwrap();
                black_box(
                    decoder
                        .decode_to_utf16(black_box(bytes), &mut dst, true)
                        .written,
                )
            })
        });
        group.bench_with_input(BenchmarkId::new("encoding_rs", id), bytes, |b, bytes| {
            b.iter(|| {
                let mut decoder = peer(*encoding).new_decoder_without_bom_handling();
                black_box(decoder.decode_to_utf16(black_box(bytes), &mut dst, true).2)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("decode_to_string");
    for (id, encoding, bytes) in &inputs {
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("weft", id), bytes, |b, bytes| {
            b.iter(|| {
                let mut decoder = Decoder::new(*encoding, DecoderErrorMode::Replacement).unwrap();
                let mut output = String::with_capacity(bytes.len() * 3 + 48);
                decoder
                    .decode_to_string(black_box(bytes), &mut output, true)
                    .unwrap();
                black_box(output.len())
            })
        });
        group.bench_with_input(BenchmarkId::new("encoding_rs", id), bytes, |b, bytes| {
            b.iter(|| {
                let mut decoder = peer(*encoding).new_decoder_without_bom_handling();
                let mut output = String::with_capacity(bytes.len() * 3 + 48);
                black_box(
                    decoder
                        .decode_to_string(black_box(bytes), &mut output, true)
                        .1,
                )
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("utf8_validation");
    for name in ["ja.txt", "en.html", "ru.txt"] {
        let bytes = page(name).into_bytes();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("weft", name), &bytes, |b, bytes| {
            b.iter(|| {
                black_box(
                    webweft::encoding::utf8_decode_without_bom_or_fail(black_box(bytes)).is_some(),
                )
            })
        });
        group.bench_with_input(BenchmarkId::new("encoding_rs", name), &bytes, |b, bytes| {
            b.iter(|| black_box(encoding_rs::Encoding::utf8_valid_up_to(black_box(bytes))))
        });
    }
    group.finish();
}

criterion_group!(benches, decode_benches);
criterion_main!(benches);
