//! Runs WPT's `fetch/data-urls` data files (read from `WPT_DIR`, default `../shared/wpt`)
//! through the URL parser and `webweft::fetch::data_url_processor`, printing passed/total per
//! file; every case counts.
#![cfg(feature = "data-url")]

mod support;

use serde_json::Value;
use support::wpt::load_json;
use webweft::fetch::data_url_processor;
use webweft::url::Url;

fn bytes(value: &Value) -> Option<Vec<u8>> {
    value
        .as_array()
        .map(|array| array.iter().map(|b| b.as_u64().unwrap() as u8).collect())
}

/// What fetching `input` gives: the serialized MIME type and body, or `None` for a network
/// error (an unparsable URL or the processor's failure).
fn process(input: &str) -> Option<(String, Vec<u8>)> {
    let url = Url::parse(input, None).ok()?;
    let data = data_url_processor(&url)?;
    Some((data.mime_type.serialize(), data.body))
}

fn report(file: &str, failures: &[String], total: usize) {
    println!("{file}: {}/{total} passed", total - failures.len());
    assert!(total > 0, "{file}: no cases");
    assert!(
        failures.is_empty(),
        "{file}: {} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn data_urls() {
    let path = "fetch/data-urls/resources/data-urls.json";
    let cases = load_json(path);
    let mut failures = Vec::new();
    let cases = cases.as_array().unwrap();
    for case in cases {
        let input = case[0].as_str().unwrap();
        let expected = case[1]
            .as_str()
            .map(|mime| (mime.to_owned(), bytes(&case[2]).unwrap()));
        let actual = process(input);
        if actual != expected {
            failures.push(format!("{input:?}: expected {expected:?}, got {actual:?}"));
        }
    }
    report(path, &failures, cases.len());
}

/// WPT's base64.any.js fetches "data:;base64," followed by each input.
#[test]
fn base64() {
    let path = "fetch/data-urls/resources/base64.json";
    let cases = load_json(path);
    let mut failures = Vec::new();
    let cases = cases.as_array().unwrap();
    for case in cases {
        let input = case[0].as_str().unwrap();
        let expected = bytes(&case[1]);
        let actual = process(&format!("data:;base64,{input}")).map(|(_, body)| body);
        if actual != expected {
            failures.push(format!("{input:?}: expected {expected:?}, got {actual:?}"));
        }
    }
    report(path, &failures, cases.len());
}
