//! HTML §2.4.2–2.4.3 attributes, §2.4.6 colors, §2.4.7–2.4.9 tokens and references, §2.3
//! string comparison, §2.6.5 meta charset extraction.
#![cfg(feature = "html")]

use webweft::html::fetching::extract_character_encoding_label_from_meta_element;
use webweft::html::microsyntax::tokens::{split_on_ascii_whitespace, split_on_commas};
use webweft::html::microsyntax::*;

fn rgb(red: u8, green: u8, blue: u8) -> SimpleColor {
    SimpleColor { red, green, blue }
}

#[test]
fn simple_colors() {
    assert_eq!(parse_simple_color_value("#000000"), Some(rgb(0, 0, 0)));
    assert_eq!(parse_simple_color_value("#FFaa00"), Some(rgb(255, 170, 0)));
    for invalid in [
        "#abc",
        "#abcdef0",
        "abcdef0",
        "#abcdeg",
        "",
        "#",
        " #abcdef",
        "#ab\u{e9}def",
    ] {
        assert_eq!(parse_simple_color_value(invalid), None, "{invalid:?}");
        assert!(!is_valid_simple_color(invalid), "{invalid:?}");
    }
    assert!(is_valid_simple_color("#FFaa00"));
    assert!(is_valid_lowercase_simple_color("#ffaa00"));
    assert!(!is_valid_lowercase_simple_color("#FFaa00"));
    assert_eq!(serialize_simple_color_value(rgb(255, 170, 0)), "#ffaa00");
    assert_eq!(serialize_simple_color_value(rgb(1, 2, 3)), "#010203");
}

#[test]
fn legacy_color_values() {
    let astral_prefixed = format!("{}ff", "\u{1F600}".repeat(64));
    let long_white = format!("{}{}", "f".repeat(128), "0".repeat(50));
    let long_yellow = format!("{}{}", "f".repeat(120), "0".repeat(58));
    let cases: &[(&str, Option<SimpleColor>)] = &[
        ("", None),
        ("transparent", None),
        (" TRANSPARENT\t", None),
        ("chucknorris", Some(rgb(0xc0, 0, 0))),
        ("ninjaturtle", Some(rgb(0, 0xa0, 0))),
        ("sick", Some(rgb(0, 0xc0, 0))),
        ("crap", Some(rgb(0xc0, 0xa0, 0))),
        ("currentColor", Some(rgb(0xc0, 0xe0, 0))),
        ("ButtonFace", Some(rgb(0xb0, 0, 0xce))),
        ("#abc", Some(rgb(0xaa, 0xbb, 0xcc))),
        ("#ABC", Some(rgb(0xaa, 0xbb, 0xcc))),
        ("\t#abc\n", Some(rgb(0xaa, 0xbb, 0xcc))),
        ("abc", Some(rgb(0x0a, 0x0b, 0x0c))),
        ("#abcd", Some(rgb(0xab, 0xcd, 0))),
        ("#12345", Some(rgb(0x12, 0x34, 0x50))),
        ("#a", Some(rgb(0x0a, 0, 0))),
        ("#abcdef", Some(rgb(0xab, 0xcd, 0xef))),
        ("#ABCDEF", Some(rgb(0xab, 0xcd, 0xef))),
        ("abcdef", Some(rgb(0xab, 0xcd, 0xef))),
        ("#1234567890ab", Some(rgb(0x12, 0x56, 0x90))),
        ("#000100020003", Some(rgb(0x01, 0x02, 0x03))),
        ("#0001000200030", Some(rgb(0, 0x02, 0x30))),
        ("#000000001000000002000000003", Some(rgb(0x01, 0x02, 0x03))),
        ("#xyz", Some(rgb(0, 0, 0))),
        ("#", Some(rgb(0, 0, 0))),
        ("   ", Some(rgb(0, 0, 0))),
        ("\u{e9}", Some(rgb(0, 0, 0))),
        ("#ab\u{1F600}", Some(rgb(0xab, 0, 0))),
        ("red", Some(rgb(255, 0, 0))),
        (" Red ", Some(rgb(255, 0, 0))),
        ("RebeccaPurple", Some(rgb(0x66, 0x33, 0x99))),
        ("grey", Some(rgb(128, 128, 128))),
        ("gray", Some(rgb(128, 128, 128))),
        ("LightGoldenRodYellow", Some(rgb(0xfa, 0xfa, 0xd2))),
        ("reddish", Some(rgb(0x0e, 0xd0, 0))),
        (&astral_prefixed, Some(rgb(0, 0, 0))),
        (&long_white, Some(rgb(255, 255, 255))),
        (&long_yellow, Some(rgb(255, 255, 0))),
    ];
    for &(input, expected) in cases {
        assert_eq!(parse_legacy_color_value(input), expected, "{input:?}");
    }
}

#[test]
fn enumerated_attributes() {
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Dir {
        Ltr,
        Rtl,
        Auto,
    }
    let keywords = [
        Keyword {
            keyword: "ltr",
            state: Dir::Ltr,
            conforming: true,
        },
        Keyword {
            keyword: "rtl",
            state: Dir::Rtl,
            conforming: true,
        },
        Keyword {
            keyword: "auto",
            state: Dir::Auto,
            conforming: true,
        },
    ];
    let dir = EnumeratedAttribute {
        keywords: &keywords,
        missing_value_default: None,
        invalid_value_default: None,
        empty_value_default: None,
    };
    assert_eq!(dir.state(Some("RTL")), Some(Dir::Rtl));
    assert_eq!(dir.state(Some("rtl ")), None);
    assert_eq!(dir.state(Some("")), None);
    assert_eq!(dir.state(None), None);
    assert_eq!(dir.canonical_keyword(Dir::Auto), Some("auto"));

    // An attribute with all three defaults, like `contenteditable`-style definitions.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Editable {
        True,
        False,
        Inherit,
    }
    let keywords = [
        Keyword {
            keyword: "true",
            state: Editable::True,
            conforming: true,
        },
        Keyword {
            keyword: "false",
            state: Editable::False,
            conforming: true,
        },
        Keyword {
            keyword: "yes",
            state: Editable::True,
            conforming: false,
        },
    ];
    let editable = EnumeratedAttribute {
        keywords: &keywords,
        missing_value_default: Some(Editable::Inherit),
        invalid_value_default: Some(Editable::Inherit),
        empty_value_default: Some(Editable::True),
    };
    assert_eq!(editable.state(None), Some(Editable::Inherit));
    assert_eq!(editable.state(Some("")), Some(Editable::True));
    assert_eq!(editable.state(Some("FALSE")), Some(Editable::False));
    assert_eq!(editable.state(Some("bogus")), Some(Editable::Inherit));
    assert!(editable.is_conforming_value(""));
    assert!(!editable.is_conforming_value("yes"));
    assert_eq!(editable.state(Some("Yes")), Some(Editable::True));
    assert_eq!(editable.canonical_keyword(Editable::True), Some("true"));
    assert_eq!(editable.canonical_keyword(Editable::Inherit), None);
}

#[test]
fn boolean_attributes() {
    assert!(is_valid_boolean_attribute_value("", "disabled"));
    assert!(is_valid_boolean_attribute_value("Disabled", "disabled"));
    assert!(!is_valid_boolean_attribute_value("true", "disabled"));
    assert!(!is_valid_boolean_attribute_value("false", "disabled"));
    assert!(boolean_attribute_state(Some("false")));
    assert!(!boolean_attribute_state(None));
}

#[test]
fn string_comparison() {
    assert!(is_prefix_match("ab", "abc"));
    assert!(!is_prefix_match("aB", "abc"));
    assert!(is_ascii_case_insensitive_prefix_match("aB", "abc"));
    assert!(!is_ascii_case_insensitive_prefix_match("abcd", "abc"));
}

#[test]
fn space_and_comma_separated_tokens() {
    assert_eq!(
        split_on_ascii_whitespace("  a\tb\n\x0Cc\r ").collect::<Vec<_>>(),
        ["a", "b", "c"]
    );
    assert_eq!(
        split_on_ascii_whitespace("a\x0Bb").collect::<Vec<_>>(),
        ["a\x0Bb"]
    );
    // The spec's example: "a ,b,,d d" is "a", "b", "", "d d".
    assert_eq!(
        split_on_commas("a ,b,,d d").collect::<Vec<_>>(),
        ["a", "b", "", "d d"]
    );
    assert_eq!(split_on_commas("").count(), 0);
    use TokenComparison::{AsciiCaseInsensitive, CaseSensitive};
    assert!(is_unordered_set_of_unique_space_separated_tokens(
        "",
        CaseSensitive
    ));
    assert!(is_unordered_set_of_unique_space_separated_tokens(
        " a b ",
        CaseSensitive
    ));
    assert!(!is_unordered_set_of_unique_space_separated_tokens(
        "a b a",
        CaseSensitive
    ));
    assert!(is_unordered_set_of_unique_space_separated_tokens(
        "a A",
        CaseSensitive
    ));
    assert!(!is_unordered_set_of_unique_space_separated_tokens(
        "a A",
        AsciiCaseInsensitive
    ));
}

#[test]
fn hash_name_references() {
    assert_eq!(parse_hash_name_reference("#map"), Some("map"));
    assert_eq!(parse_hash_name_reference("map"), None);
    assert_eq!(parse_hash_name_reference("#"), None);
    assert_eq!(parse_hash_name_reference("a#"), None);
    assert_eq!(parse_hash_name_reference("a#b#c"), Some("b#c"));
    assert_eq!(parse_hash_name_reference("##"), Some("#"));
    assert_eq!(parse_hash_name_reference("#\u{e9}"), Some("\u{e9}"));
}

#[test]
fn extracting_character_encodings_from_meta_elements() {
    let cases: &[(&str, Option<&str>)] = &[
        ("text/html; charset=utf-8", Some("utf-8")),
        ("text/html;charset=\"ISO-8859-1\"", Some("ISO-8859-1")),
        ("charset='koi8-r'", Some("koi8-r")),
        ("charset = utf-8", Some("utf-8")),
        ("CHARSET=UTF-8;foo", Some("UTF-8")),
        ("charset=x y", Some("x")),
        ("charset=\"a'b\"", Some("a'b")),
        ("charset=''", Some("")),
        ("charsetcharset=x", Some("x")),
        ("charset charset=shift_jis", Some("shift_jis")),
        ("charset=\"utf-8", None),
        ("charset='utf-8", None),
        ("charset=", None),
        ("charset= ", None),
        ("nocharset here", None),
        ("text/html", None),
        ("", None),
        (
            "char\u{e9}set=x; charset=windows-1252",
            Some("windows-1252"),
        ),
    ];
    for &(input, expected) in cases {
        assert_eq!(
            extract_character_encoding_label_from_meta_element(input),
            expected,
            "{input:?}"
        );
    }
}

#[test]
fn meta_charset_resolves_the_label_to_an_encoding() {
    use webweft::encoding::Encoding;
    use webweft::html::fetching::extract_character_encoding_from_meta_element as extract;
    assert_eq!(extract("text/html; charset=utf-8"), Some(Encoding::Utf8));
    assert_eq!(extract("charset='  Latin1 '"), Some(Encoding::Windows1252));
    assert_eq!(extract("charset=x-sjis"), Some(Encoding::ShiftJis));
    assert_eq!(extract("charset=no-such-encoding"), None);
    assert_eq!(extract("text/html"), None);
}
