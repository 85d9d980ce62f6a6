//! Parsing the bench-data URL corpora: weft vs the `url` crate vs Ada (`ada-url`).
//! `cargo bench --bench url`; BENCH_DATA_DIR as in the tests.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;

fn corpus(file: &str) -> Vec<String> {
    let root = std::env::var_os("BENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bench-data"))
        });
    let path = root.join("urls/ada-url-various-datasets").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| l.trim_start_matches('\u{FEFF}').to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}

fn bench(c: &mut Criterion) {
    for file in [
        "others/kasztp.txt",
        "others/userbait.txt",
        "files/node_files.txt",
        "files/isaacs_files.txt",
    ] {
        let urls = corpus(file);
        let bytes: usize = urls.iter().map(String::len).sum();
        let mut group = c.benchmark_group(file);
        group.throughput(Throughput::Elements(urls.len() as u64));
        group.sample_size(20);
        group.bench_function("weft", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = webweft::url::Url::parse(black_box(u), None) {
                        n += url.href().len();
                    }
                }
                n
            })
        });
        group.bench_function("weft can_parse", |b| {
            b.iter(|| {
                urls.iter()
                    .filter(|u| webweft::url::Url::can_parse(black_box(u), None))
                    .count()
            })
        });
        group.bench_function("url crate", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = url::Url::parse(black_box(u)) {
                        n += url.as_str().len();
                    }
                }
                n
            })
        });
        group.bench_function("ada", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = ada_url::Url::parse(black_box(u.as_str()), None) {
                        n += url.href().len();
                    }
                }
                n
            })
        });
        group.finish();
        let _ = bytes;
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
