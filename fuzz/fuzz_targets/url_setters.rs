//! Every setter, in sequences, on URLs parsed with validation reporting: no panic; every
//! reported error is at a character boundary of its input; after each setter the href is
//! ASCII, reparses (reporting errors again) to itself, and its components match the getters.
//!
//! Input: `href \0 s value \0 s value ...` (UTF-8), where each `s` picks the setter; an
//! input without a NUL sets its own text on a fixed URL.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::url::{Host, Url, Utf8, ValidationError, component};

#[path = "shared/url_components.rs"]
mod url_components;
use url_components::check_components;

/// A sink that checks each position against the input it reports on.
fn checked_sink(input: &str) -> impl FnMut(ValidationError) + '_ {
    move |error: ValidationError| {
        assert!(
            input.is_char_boundary(error.position),
            "{:?} at {} in {input:?}",
            error.kind,
            error.position
        );
    }
}

fn set(url: &mut Url, which: char, value: &str) {
    match u32::from(which) % 10 {
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
            let before = url.href().to_owned();
            if url.set_href(value).is_err() {
                assert_eq!(url.href(), before, "a failed href setter changes nothing");
            }
        }
    }
}

fn check(url: &Url) {
    let href = url.href();
    assert!(href.is_ascii(), "{href:?}");
    let again = Url::parse_with(href, None, &Utf8, &mut checked_sink(href))
        .unwrap_or_else(|e| panic!("{href:?} does not reparse: {e}"));
    // The URL Standard's one known non-idempotence: the protocol setter may turn a special URL
    // whose first path segment is "x|" into a file URL, and parsing that rewrites a Windows
    // drive letter's "|" to ":" (whatwg-url and Node give the same href).
    let pathname = url.pathname();
    let drive_letter_quirk = url.protocol() == "file:"
        && matches!(pathname.as_bytes(), [b'/', letter, b'|', rest @ ..]
            if letter.is_ascii_alphabetic() && (rest.is_empty() || rest[0] == b'/'));
    if drive_letter_quirk {
        let at = url.components()[component::PATHNAME_START] as usize + 2;
        let expected = format!("{}:{}", &href[..at], &href[at + 1..]);
        assert_eq!(
            again.href(),
            expected,
            "the drive letter quirk, and nothing else"
        );
    } else {
        assert_eq!(again.href(), href, "idempotence after a setter");
    }
    check_components(url);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.split('\0');
    let first = parts.next().unwrap_or_default();
    let mut steps: Vec<&str> = parts.take(4).collect();
    let href = if steps.is_empty() {
        steps.push(first);
        "https://u:p@example.com:8080/p?q#f"
    } else {
        first
    };
    let Ok(mut url) = Url::parse_with(href, None, &Utf8, &mut checked_sink(href)) else {
        return;
    };
    for step in steps {
        let mut chars = step.chars();
        let Some(which) = chars.next() else { continue };
        let value = chars.as_str();
        // What the host setters parse, reported on its own; and the value as a relative URL.
        let _ = Host::parse_with_errors(value, !url.is_special(), &mut checked_sink(value));
        let _ = Url::parse_with(value, Some(&url), &Utf8, &mut checked_sink(value));
        set(&mut url, which, value);
        check(&url);
    }
});
