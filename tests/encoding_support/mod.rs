//! Shared helpers for the encoding tests: data locations and index files.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;

fn dir(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(default))
}

/// `ENCODING_DATA_DIR`, default `../shared/encoding-data`.
pub fn data_dir() -> PathBuf {
    dir("ENCODING_DATA_DIR", "../shared/encoding-data")
}

/// `WPT_DIR`, default `../shared/wpt`.
pub fn wpt_dir() -> PathBuf {
    dir("WPT_DIR", "../shared/wpt")
}

/// `BENCH_DATA_DIR`, default `../shared/bench-data`.
pub fn bench_dir() -> PathBuf {
    dir("BENCH_DATA_DIR", "../shared/bench-data")
}

/// An index file as pointer → code point, parsed as the standard says.
pub fn load_index(name: &str) -> BTreeMap<u32, u32> {
    let path = data_dir().join(format!("index-{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.split('\n')
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split('\t');
            let pointer = fields.next().unwrap().trim().parse().unwrap();
            let code_point =
                u32::from_str_radix(fields.next().unwrap().trim().trim_start_matches("0x"), 16)
                    .unwrap();
            (pointer, code_point)
        })
        .collect()
}
