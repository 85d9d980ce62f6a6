//! Noise-free comparison on a shared machine: run one parser over one corpus a fixed number
//! of times, to be measured with `perf stat -e instructions:u`.
//! `URL_IMPL=weft|url|ada|none URL_FILE=others/kasztp.txt cargo bench --bench url_instructions`
//! (`none` only loads the corpus: subtract it).

use std::hint::black_box;
use std::path::PathBuf;

fn main() {
    let which = std::env::var("URL_IMPL").unwrap_or_else(|_| "weft".into());
    let file = std::env::var("URL_FILE").unwrap_or_else(|_| "others/kasztp.txt".into());
    let rounds: usize = std::env::var("URL_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    let root = std::env::var_os("BENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bench-data"))
        });
    let text = std::fs::read_to_string(root.join("urls/ada-url-various-datasets").join(&file))
        .expect("corpus file");
    let urls: Vec<&str> = text
        .lines()
        .map(|l| l.trim_start_matches('\u{FEFF}'))
        .filter(|l| !l.is_empty())
        .collect();
    let mut total = 0usize;
    for _ in 0..rounds {
        for u in &urls {
            total += match which.as_str() {
                "weft" => {
                    webweft::url::Url::parse(black_box(u), None).map_or(0, |u| u.href().len())
                }
                "weft-can-parse" => usize::from(webweft::url::Url::can_parse(black_box(u), None)),
                "url" => url::Url::parse(black_box(u)).map_or(0, |u| u.as_str().len()),
                "ada" => ada_url::Url::parse(black_box(*u), None).map_or(0, |u| u.href().len()),
                _ => black_box(u).len(),
            };
        }
    }
    println!(
        "{which} {file}: {} URLs x {rounds}, checksum {total}",
        urls.len()
    );
}
