//! Properties: parse → serialize → parse is idempotent (generated inputs and the
//! bench-data URL corpora), a corpus line is a valid URL string exactly when it parses without a
//! validation error, setters keep idempotence, every state override runs on any input without
//! panicking, and a differential count against the `url` crate on the corpora.
#![cfg(feature = "url")]

use proptest::prelude::*;
use std::path::PathBuf;
use webweft::url::{NoSink, ParseOptions, ParserState, Url, UrlRecord, is_valid_url_string};

fn bench_data_dir() -> PathBuf {
    std::env::var_os("BENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bench-data"))
        })
}

/// Every URL line of the corpora in bench-data/urls (the kasztp file starts with a BOM).
fn corpus() -> Vec<(String, String)> {
    let root = bench_data_dir().join("urls/ada-url-various-datasets");
    let mut lines = Vec::new();
    for file in [
        "files/node_files.txt",
        "files/isaacs_files.txt",
        "others/kasztp.txt",
        "others/userbait.txt",
    ] {
        let path = root.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines() {
            let line = line.trim_start_matches('\u{FEFF}');
            if !line.is_empty() {
                lines.push((file.to_owned(), line.to_owned()));
            }
        }
    }
    lines
}

fn assert_idempotent(url: &Url) -> Result<(), String> {
    let again = Url::parse(url.href(), None)
        .map_err(|e| format!("{:?} does not reparse: {e}", url.href()))?;
    if again.href() != url.href() {
        return Err(format!("{:?} reparses as {:?}", url.href(), again.href()));
    }
    Ok(())
}

fn apply_setter(url: &mut Url, which: u8, value: &str) {
    match which % 10 {
        0 => url.set_protocol(value),
        1 => url.set_username(value),
        2 => url.set_password(value),
        3 => url.set_host(value),
        4 => url.set_hostname(value),
        5 => url.set_port(value),
        6 => url.set_pathname(value),
        7 => url.set_search(value),
        8 => url.set_hash(value),
        _ => {
            let _ = url.set_href(value);
        }
    }
}

const PIECE: &str =
    "[a-zA-Z0-9:/?#@\\[\\]%.\\\\ \t|^'`{}<>\"~!$&()*+,;=_éß💩\u{0}\u{1F}\u{7F}\u{200D}-]{0,12}";
const SCHEME: &str =
    "(http|https|file|ws|wss|ftp|sc|mailto|blob|data|javascript|HTTP|FiLe)?(:|://|:/|:///)?";

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn parse_serialize_parse_is_idempotent(scheme in SCHEME, a in PIECE, b in PIECE, c in PIECE) {
        let input = format!("{scheme}{a}{b}{c}");
        if let Ok(url) = Url::parse(&input, None) {
            prop_assert!(url.href().is_ascii());
            assert_idempotent(&url).map_err(TestCaseError::fail)?;
        }
        let base = Url::parse("https://user:pw@example.com:8080/a/b/c?q#f", None).unwrap();
        if let Ok(url) = Url::parse(&input, Some(&base)) {
            assert_idempotent(&url).map_err(TestCaseError::fail)?;
        }
        let file_base = Url::parse("file:///C:/dir/file", None).unwrap();
        if let Ok(url) = Url::parse(&input, Some(&file_base)) {
            assert_idempotent(&url).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn setters_keep_idempotence(
        start in prop::sample::select(vec![
            "https://user:pw@example.com:8080/a/b?q#f", "file:///C:/x", "sc://h/p?q", "sc:/.//p",
            "mailto:x@y", "data:text/plain,hi ", "http://[::1]/", "file://host/share", "sc:/x",
        ]),
        which in 0u8..10, value in PIECE, more in PIECE,
    ) {
        let mut url = Url::parse(start, None).unwrap();
        apply_setter(&mut url, which, &format!("{value}{more}"));
        prop_assert!(url.href().is_ascii());
        assert_idempotent(&url).map_err(TestCaseError::fail)?;
    }

    /// Every state as the state override, with and without a given URL and a base: no panic,
    /// an ASCII href, and a record that converts back to the same URL.
    #[test]
    fn every_state_override_runs_on_any_input(
        start in prop::sample::select(vec![
            "https://user:pw@example.com:8080/a/b?q#f", "file:///C:/x", "file://host/", "sc://u@h:1/p?q",
            "sc:/.//p", "mailto:x@y", "sc:", "http://[::1]/", "sc:/x#f", "ws://h/?q",
        ]),
        base in prop::sample::select(vec![
            None, Some("https://b.test/d/f?bq#bf"), Some("file:///D:/b"), Some("sc:opaque?q"), Some("sc://bh/bp"),
        ]),
        state in prop::sample::select(ParserState::ALL.to_vec()),
        given in any::<bool>(),
        scheme in SCHEME, a in PIECE, b in PIECE,
    ) {
        let input = format!("{scheme}{a}{b}");
        let base = base.map(|b| Url::parse(b, None).unwrap());
        let options = ParseOptions { base: base.as_ref(), encoding: None, state_override: Some(state) };
        let mut errors = Vec::new();
        let url = if given {
            let mut url = Url::parse(start, None).unwrap();
            let _ = url.basic_parse_in_place(&input, options, &mut errors);
            Some(url)
        } else {
            Url::basic_parse(&input, options, &mut NoSink).ok()
        };
        if let Some(url) = url {
            prop_assert!(url.href().is_ascii(), "{}", url.href());
            let record = UrlRecord::from(&url);
            let back = Url::from(&record);
            prop_assert_eq!(back.href(), url.href());
        }
    }
}

#[test]
fn corpus_urls_are_idempotent() {
    let corpus = corpus();
    let mut parsed = 0;
    let mut failures = Vec::new();
    for (_, line) in &corpus {
        if let Ok(url) = Url::parse(line, None) {
            parsed += 1;
            if let Err(e) = assert_idempotent(&url) {
                failures.push(e);
            }
        }
    }
    println!(
        "bench-data URLs: {parsed} of {} parse; {} not idempotent",
        corpus.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{:?}",
        &failures[..failures.len().min(10)]
    );
    assert!(parsed > 100_000);
}

/// URL §4 "A valid URL string defines what input would not trigger a validation error or
/// failure when given to the URL parser": on the corpora, a line is a valid URL string exactly
/// when it parses without a validation error.
#[test]
fn corpus_valid_url_strings_are_the_lines_without_validation_errors() {
    let corpus = corpus();
    let mut mismatches = Vec::new();
    let mut valid = 0;
    for (file, line) in &corpus {
        let (url, errors) = UrlRecord::parse_with_validation_errors(line, ParseOptions::default());
        let is_valid = is_valid_url_string(line, None);
        valid += usize::from(is_valid);
        if is_valid != (url.is_ok() && errors.is_empty()) {
            mismatches.push(format!("{file}: {line:?} valid {is_valid}, {errors:?}"));
        }
    }
    println!(
        "bench-data URLs: {valid} of {} valid URL strings",
        corpus.len()
    );
    assert!(
        mismatches.is_empty(),
        "{:?}",
        &mismatches[..mismatches.len().min(10)]
    );
    assert!(valid > 10_000, "{valid}");
}

/// Differential against the `url` crate (rust-url): every disagreement is listed with
/// the file it came from so the report can say which side the spec supports.
#[test]
fn differential_against_the_url_crate() {
    let corpus = corpus();
    let mut differences: Vec<String> = Vec::new();
    for (file, line) in &corpus {
        let ours = Url::parse(line, None).map(|u| u.href().to_owned());
        let theirs = url::Url::parse(line).map(|u| u.as_str().to_owned());
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) if a == b => {}
            (Err(_), Err(_)) => {}
            _ => differences.push(format!(
                "{file}: {line:?}: weft {ours:?} / url crate {theirs:?}"
            )),
        }
    }
    println!(
        "differences from the url crate: {} of {}",
        differences.len(),
        corpus.len()
    );
    for d in differences.iter().take(30) {
        println!("  {d}");
    }
}
