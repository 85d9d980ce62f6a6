//! Runs the WPT MIME Sniffing data files (read from `WPT_DIR`, default `../shared/wpt`) against
//! `webweft::mimesniff`, printing passed/total per file; every case counts.
#![cfg(feature = "mimesniff")]

mod support;

use std::collections::BTreeSet;
use support::wpt::load_json;
use webweft::mimesniff::{
    MimeType, ResourceMetadata, Retrieval, determine_computed_mime_type, determine_nosniff,
    resource_header,
};

/// Asserts that every case passed, after printing the count.
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

fn parsing_file(path: &str) {
    let cases = load_json(path);
    let mut failures = Vec::new();
    let mut total = 0;
    // Strings in the array are section titles.
    for case in cases
        .as_array()
        .unwrap()
        .iter()
        .filter(|case| case.is_object())
    {
        total += 1;
        let input = case["input"].as_str().unwrap();
        let expected = case["output"].as_str();
        let actual = MimeType::parse(input).map(|mime| mime.serialize());
        // The serialization, parsed again, is the same record.
        let reparsed = actual
            .as_deref()
            .map(|serialized| MimeType::parse(serialized).map(|mime| mime.serialize()));
        if actual.as_deref() != expected || reparsed.is_some_and(|again| again != actual) {
            failures.push(format!("{input:?}: expected {expected:?}, got {actual:?}"));
        }
    }
    report(path, &failures, total);
}

#[test]
fn mime_types() {
    parsing_file("mimesniff/mime-types/resources/mime-types.json");
}

#[test]
fn generated_mime_types() {
    parsing_file("mimesniff/mime-types/resources/generated-mime-types.json");
}

#[test]
fn mime_groups() {
    let path = "mimesniff/mime-groups/mime-groups.json";
    let cases = load_json(path);
    let mut failures = Vec::new();
    let mut total = 0;
    for case in cases
        .as_array()
        .unwrap()
        .iter()
        .filter(|case| case.is_object())
    {
        total += 1;
        let input = case["input"].as_str().unwrap();
        let expected: BTreeSet<&str> = case["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_str().unwrap())
            .collect();
        let Some(mime) = MimeType::parse(input) else {
            failures.push(format!("{input:?}: does not parse"));
            continue;
        };
        let groups: [(&str, bool); 10] = [
            ("image", mime.is_image()),
            ("audio or video", mime.is_audio_or_video()),
            ("font", mime.is_font()),
            ("ZIP-based", mime.is_zip_based()),
            ("archive", mime.is_archive()),
            ("XML", mime.is_xml()),
            ("HTML", mime.is_html()),
            ("scriptable", mime.is_scriptable()),
            ("JavaScript", mime.is_javascript()),
            ("JSON", mime.is_json()),
        ];
        let actual: BTreeSet<&str> = groups
            .iter()
            .filter(|(_, member)| *member)
            .map(|(name, _)| *name)
            .collect();
        if actual != expected {
            failures.push(format!("{input:?}: expected {expected:?}, got {actual:?}"));
        }
    }
    report(path, &failures, total);
}

/// The MIME type sniffing tests: each payload served over HTTP with the listed headers, whose
/// document's `contentType` is the computed MIME type's essence.
fn sniffing_file(path: &str) {
    let cases = load_json(path);
    let mut failures = Vec::new();
    let mut total = 0;
    for case in cases.as_array().unwrap() {
        total += 1;
        let headers: Vec<(&str, &str)> = case["headers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| (pair[0].as_str().unwrap(), pair[1].as_str().unwrap()))
            .collect();
        let header = |name: &str| {
            headers
                .iter()
                .rev()
                .find(|(key, _)| key.eq_ignore_ascii_case(name))
                .map(|(_, v)| *v)
        };
        let payload: Vec<u8> = case["payload"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .map(|byte| u8::from_str_radix(byte, 16).unwrap())
            .collect();
        let no_sniff = determine_nosniff(header("X-Content-Type-Options"));
        let metadata = ResourceMetadata::new(
            Retrieval::Http {
                content_type: header("Content-Type"),
            },
            no_sniff,
        );
        let computed = determine_computed_mime_type(resource_header(&payload), &metadata, |_| true);
        let expected = case["expected_mime_type"].as_str().unwrap();
        if computed.essence() != expected {
            failures.push(format!(
                "{}: expected {expected}, got {}",
                case["description"],
                computed.essence()
            ));
        }
    }
    report(path, &failures, total);
}

#[test]
fn unknown_mime_types() {
    sniffing_file("mimesniff/mime-type-sniffing/resources/unknown-mime-types.json");
}

#[test]
fn scriptable_mime_types() {
    sniffing_file("mimesniff/mime-type-sniffing/resources/scriptable-mime-types.json");
}
