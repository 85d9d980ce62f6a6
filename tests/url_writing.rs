//! URL §4.3 "URL writing": the valid URL string grammar, on the standard's examples, on
//! each production's edge cases, and against the parser's validation errors on the WPT data.
#![cfg(feature = "url")]

use serde_json::Value;
use webweft::url::{ParseOptions, Url, UrlRecord, is_valid_host_string, is_valid_url_string};

fn parse(href: &str) -> Url {
    Url::parse(href, None).unwrap()
}

/// The example table of URL §4 (input, base, valid).
#[test]
fn the_standards_examples() {
    let cases: &[(&str, Option<&str>, bool)] = &[
        ("https:example.org", None, false),
        ("https://////example.com///", None, false),
        ("https://example.com/././foo", None, true),
        ("hello:world", Some("https://example.com/"), true),
        ("https:example.org", Some("https://example.com/"), false),
        (
            "\\example\\..\\demo/.\\",
            Some("https://example.com/"),
            false,
        ),
        ("example", Some("https://example.com/demo"), true),
        ("file:///C|/demo", None, false),
        ("..", Some("file:///C:/demo"), true),
        ("file://localhost/", None, true),
        ("file://loc%61lhost/", None, false),
        ("https://user:password@example.org/", None, false),
        ("https://example.org/foo bar", None, false),
        ("https://EXAMPLE.com/../x", None, true),
        ("https://ex ample.org/", None, false),
        ("example", None, false),
        ("https://example.com:demo", None, false),
        ("http://[www.example.com]/", None, false),
        ("https://example.org//", None, true),
        ("https://example.com/[]?[]#[]", None, false),
        ("https://example/%?%#%", None, false),
        ("https://example/%25?%25#%25", None, true),
    ];
    for &(input, base, valid) in cases {
        let base = base.map(parse);
        assert_eq!(
            is_valid_url_string(input, base.as_ref()),
            valid,
            "{input} against {base:?}"
        );
    }
}

#[test]
fn each_production() {
    let cases: &[(&str, Option<&str>, bool)] = &[
        // URL-scheme string, and the opaque-path-URL string of a non-special scheme.
        ("a+b-c.d:x", None, true),
        ("1a:x", None, false),
        ("a b:x", None, false),
        ("mailto:a@b?subject=x#f", None, true),
        ("sc:", None, true),
        ("sc:?q", None, true),
        ("sc:a?b?c", None, true),
        // Non-special: scheme-relative-URL (opaque host and port) and path-absolute.
        ("sc://", None, true),
        ("sc://h:8/p", None, true),
        ("sc://h:/p", None, true),
        ("sc://:8", None, false),
        ("sc://[::1]:8", None, true),
        ("sc://a^b", None, false),
        ("sc://%zz", None, false),
        ("sc:/.//p", None, true),
        // Special: a valid host string, a URL-port string.
        ("https://h:0080/", None, true),
        ("https://h:65535", None, true),
        ("https://h:65536", None, false),
        ("https://h:", None, true),
        ("https://127.0.0.1", None, true),
        ("https://127.0.0.01", None, false),
        ("https://1.2.3", None, false),
        ("https://[1:2:3:4:5:6:7:8]", None, true),
        ("https://[1:2:3:4:5:6:1.2.3.4]", None, true),
        ("https://[::1.2.3.4]", None, true),
        ("https://[1::2:3:4:5:6:7]", None, true),
        ("https://[1:2:3:4:5:6:7::]", None, true),
        ("https://[1::2::3]", None, false),
        ("https://[::01]", None, false),
        ("https://[1:2:3:4:5:6:7:8:9]", None, false),
        ("https://faß.example/", None, true),
        ("https://a_b.example/", None, false),
        ("https://xn--a.example/", None, false),
        ("https://ex%41mple.com/", None, false),
        ("https:/h", None, false),
        // file: the scheme-relative-file-URL string.
        ("file://", None, true),
        ("file:///", None, true),
        ("file://h", None, true),
        ("file://h:80/", None, false),
        ("file:/x", None, false),
        // Path segments, query and fragment: URL units.
        ("https://h/a%2Fb/%2e%2E/.", None, true),
        ("https://h/a?b?c/d", None, true),
        ("https://h/#a#b", None, false),
        ("https://h/\u{1F4A9}?\u{E9}#\u{FFFF}", None, false),
        ("https://h/\u{1F4A9}?\u{E9}#\u{FFFD}", None, true),
        ("https://h/a|b", None, false),
        // Relative-URL strings, by the base's scheme.
        ("", Some("https://h/"), true),
        ("?q", Some("https://h/"), true),
        ("#f", Some("https://h/"), true),
        ("/p", Some("https://h/"), true),
        ("//p", Some("https://h/"), true),
        ("//p", Some("sc://h/"), true),
        ("//", Some("sc://h/"), true),
        ("//", Some("https://h/"), false),
        ("//", Some("file:///"), true),
        ("a:b", Some("https://h/"), true),
        ("./a:b", Some("https://h/"), true),
        ("#f", Some("sc:opaque"), true),
        ("?q", Some("sc:opaque"), false),
    ];
    for &(input, base, valid) in cases {
        let base = base.map(parse);
        assert_eq!(
            is_valid_url_string(input, base.as_ref()),
            valid,
            "{input} against {base:?}"
        );
    }
    assert!(is_valid_host_string("example.com") && !is_valid_host_string(""));
}

/// URL §3.4 "Host writing" as the current standard has it: a valid domain is one the domain
/// parser accepts with beStrict true and that does not end in a number; a valid IPv6-address
/// string is made of valid IPv6-piece strings, each "a shortest possible string of ASCII hex
/// digits" (so no leading zero, "for consistency with IPv4"), with an effective piece length
/// of 8, or "::" with at most 7 around it (whatwg/url#917). Each host is also checked against
/// the host parser: a valid host string parses without a validation error, and every other
/// one of these reports at least one.
#[test]
fn host_writing() {
    let long_label = "a".repeat(63);
    let too_long_label = "a".repeat(64);
    let cases: &[(&str, bool)] = &[
        // Valid IPv6-address strings.
        ("[::1]", true),
        ("[0::]", true),
        ("[::]", true),
        ("[1:0:0:0:0:0:0:0]", true),
        ("[1:2:3:4:5:6:7:8]", true),
        ("[0:0::1]", true),
        ("[1:2:3:4:5:6:7::]", true),
        ("[::1:2:3:4:5:6:7]", true),
        ("[1:2:3:4:5:6:1.2.3.4]", true),
        ("[::1.2.3.4]", true),
        ("[1::255.255.255.255]", true),
        ("[::ABCD]", true),
        // A valid IPv6-piece string is the shortest possible: no leading zero.
        ("[::01]", false),
        ("[00::]", false),
        ("[::0ABC]", false),
        ("[0001:2:3:4:5:6:7:8]", false),
        // Effective piece lengths: 8 without "::", at most 7 around it.
        ("[1:2:3:4:5:6:7:8::]", false),
        ("[::1:2:3:4:5:6:7:8]", false),
        ("[1:2:3:4:5:1.2.3.4]", false),
        ("[1:2:3:4:5:6:7]", false),
        // The IPv4 address last, and a valid IPv4-address string.
        ("[1.2.3.4::]", false),
        ("[1.2.3.4]", false),
        ("[::ffff:01.2.3.4]", false),
        ("[::ffff:1.2.3.4.5]", false),
        ("[::1.2.3]", false),
        // Not IPv6 at all.
        ("[::12345]", false),
        ("[v1.x]", false),
        ("[]", false),
        ("[:]", false),
        ("[:::]", false),
        ("[1::2::3]", false),
        // Valid IPv4-address strings: four shortest decimal numbers up to 255.
        ("0.0.0.0", true),
        ("255.255.255.255", true),
        ("256.0.0.1", false),
        ("00.0.0.0", false),
        ("1.2.3.4.", false),
        ("1.2.3", false),
        // Valid domains: the strict domain parser accepts them...
        ("EXAMPLE.com", true),
        ("faß.example", true),
        ("\u{2615}.example", true),
        ("xn--nxa.com", true),
        (&format!("{long_label}.com"), true),
        (&format!("{too_long_label}.com"), false),
        ("a..b", false),
        ("example.com.", false),
        ("xn--a", false),
        ("_dmarc.example", false),
        ("-a.com", false),
        ("a-.com", false),
        ("ab--c.com", false),
        ("exam%70le.com", false),
        // ...and they do not end in a number (whatwg/url#918).
        ("a.b.1", false),
        ("a.b.0x1", false),
        ("a.b.09", false),
    ];
    for &(host, valid) in cases {
        assert_eq!(is_valid_host_string(host), valid, "{host}");
        let input = format!("https://{host}/");
        assert_eq!(is_valid_url_string(&input, None), valid, "{input}");
        let (url, errors) =
            UrlRecord::parse_with_validation_errors(&input, ParseOptions::default());
        assert_eq!(
            url.is_ok() && errors.is_empty(),
            valid,
            "{input}: {errors:?}"
        );
    }
}

/// "A valid URL string defines what input would not trigger a validation error or failure
/// when given to the URL parser": on urltestdata.json, the valid URL strings are exactly the
/// inputs that parse without either. (Since the standard's host parser reports what its strict
/// ToASCII pass rejects, domain-percent-encoded and IPv6-piece-leading-zero, the grammar and
/// the parser's validation errors agree on these inputs, both ways.)
#[test]
fn valid_url_strings_are_the_inputs_that_parse_without_validation_errors() {
    let dir = std::env::var("WPT_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/wpt").into());
    let text = std::fs::read_to_string(format!("{dir}/url/resources/urltestdata.json")).unwrap();
    let text = text
        .replace("\\uD800", "\\uFFFD")
        .replace("\\uDFFF", "\\uFFFD");
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    let mut valid = 0;
    for case in cases.iter().filter(|case| case.is_object()) {
        let input = case["input"].as_str().unwrap();
        let base = case["base"].as_str().map(parse);
        let options = ParseOptions {
            base: base.as_ref(),
            ..ParseOptions::default()
        };
        let (url, errors) = UrlRecord::parse_with_validation_errors(input, options);
        let is_valid = is_valid_url_string(input, base.as_ref());
        valid += usize::from(is_valid);
        assert_eq!(
            is_valid,
            url.is_ok() && errors.is_empty(),
            "{input:?} against {base:?}: {url:?} {errors:?}"
        );
    }
    assert!(valid > 300, "{valid}");
}
