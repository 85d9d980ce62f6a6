//! HTML §2.4.4 numbers: every example the spec gives, and edge cases per algorithm.
#![cfg(feature = "html")]

use webweft::html::microsyntax::*;

#[test]
fn rules_for_parsing_integers() {
    let cases: &[(&str, Option<i64>)] = &[
        ("0", Some(0)),
        ("-0", Some(0)),
        ("42", Some(42)),
        ("+42", Some(42)),
        ("-42", Some(-42)),
        (" \t\n\x0C\r42", Some(42)),
        ("42abc", Some(42)),
        ("42.9", Some(42)),
        ("1e3", Some(1)),
        ("00000000000000000000000000042", Some(42)),
        ("2147483647", Some(2147483647)),
        ("2147483648", Some(2147483648)),
        ("-2147483649", Some(-2147483649)),
        ("4294967296", Some(4294967296)),
        ("9223372036854775807", Some(i64::MAX)),
        ("-9223372036854775808", Some(i64::MIN)),
        ("9223372036854775808", None),
        ("-9223372036854775809", None),
        ("99999999999999999999999999999", None),
        ("", None),
        ("   ", None),
        ("-", None),
        ("+", None),
        ("- 1", None),
        ("+-1", None),
        ("--1", None),
        ("abc", None),
        (".5", None),
        ("\u{A0}1", None),
        ("\x0B1", None),
        ("\u{661}", None),
    ];
    for &(input, expected) in cases {
        assert_eq!(parse_integer(input), expected, "{input:?}");
    }
}

#[test]
fn rules_for_parsing_non_negative_integers() {
    let cases: &[(&str, Option<u64>)] = &[
        ("0", Some(0)),
        ("-0", Some(0)),
        ("+0", Some(0)),
        (" 7", Some(7)),
        ("7px", Some(7)),
        ("-1", None),
        ("-", None),
        ("", None),
        ("4294967296", Some(4294967296)),
        ("18446744073709551615", Some(u64::MAX)),
        ("18446744073709551616", None),
    ];
    for &(input, expected) in cases {
        assert_eq!(parse_non_negative_integer(input), expected, "{input:?}");
    }
}

#[test]
fn valid_integers() {
    for valid in ["0", "-0", "007", "-12", "12345678901234567890123"] {
        assert!(is_valid_integer(valid), "{valid:?}");
    }
    for invalid in ["", "-", "+12", " 1", "1 ", "1a", "1.0", "--1"] {
        assert!(!is_valid_integer(invalid), "{invalid:?}");
    }
    assert!(is_valid_non_negative_integer("0"));
    assert!(is_valid_non_negative_integer("0123"));
    for invalid in ["", "-0", "+1", " 1", "1.5"] {
        assert!(!is_valid_non_negative_integer(invalid), "{invalid:?}");
    }
}

#[test]
fn rules_for_parsing_floating_point_number_values() {
    let cases: &[(&str, Option<f64>)] = &[
        ("1", Some(1.0)),
        ("-1", Some(-1.0)),
        ("+1", Some(1.0)),
        (" \t1.5", Some(1.5)),
        (".5", Some(0.5)),
        ("-.5", Some(-0.5)),
        ("+.5", Some(0.5)),
        ("1.", Some(1.0)),
        ("1.e2", Some(100.0)),
        ("1.5E2", Some(150.0)),
        ("1e", Some(1.0)),
        ("1e+", Some(1.0)),
        ("1e-", Some(1.0)),
        ("1ex", Some(1.0)),
        ("1e-2", Some(0.01)),
        ("1e+2", Some(100.0)),
        ("1.5e2.5", Some(150.0)),
        ("1x", Some(1.0)),
        ("0x10", Some(0.0)),
        ("4.35", Some(4.35)),
        ("0.1", Some(0.1)),
        ("0.3", Some(0.3)),
        ("9007199254740993", Some(9007199254740992.0)),
        ("1.7976931348623157e308", Some(f64::MAX)),
        ("1.7976931348623158e308", Some(f64::MAX)),
        ("1.7976931348623159e308", None),
        ("1e309", None),
        ("-1e309", None),
        ("1e99999999999999999999999", None),
        ("1e-400", Some(0.0)),
        ("5e-324", Some(5e-324)),
        ("2.4703282292062328e-324", Some(5e-324)),
        ("1e-99999999999999999999999", Some(0.0)),
        ("0e99999999999999999999", Some(0.0)),
        ("", None),
        ("  ", None),
        ("-", None),
        ("+", None),
        (".", None),
        (".e1", None),
        ("-.", None),
        ("e5", None),
        ("Infinity", None),
        ("NaN", None),
        ("\u{A0}1", None),
    ];
    for &(input, expected) in cases {
        assert_eq!(
            parse_floating_point_number_value(input),
            expected,
            "{input:?}"
        );
    }
    // S has no −0: every zero comes back positive.
    for zero in ["-0", "-0.0e0", "-1e-400", "-.0"] {
        let value = parse_floating_point_number_value(zero).unwrap();
        assert!(value == 0.0 && value.is_sign_positive(), "{zero:?}");
    }
}

#[test]
fn rules_for_parsing_floating_point_numbers_with_many_digits() {
    let long = format!("0.{}1e{}", "0".repeat(1000), 1001);
    assert_eq!(parse_floating_point_number_value(&long), Some(1.0));
    let integer = format!("{}e-1000", "1".repeat(1000));
    assert_eq!(
        parse_floating_point_number_value(&integer),
        Some(0.1111111111111111)
    );
    let huge = "9".repeat(400);
    assert_eq!(parse_floating_point_number_value(&huge), None);
}

#[test]
fn valid_floating_point_numbers() {
    for valid in [
        "1", "-1", "1.5", ".5", "-.5", "0.0", "1e5", "1E+5", "1e-5", "-0", "1.5e-05",
    ] {
        assert!(is_valid_floating_point_number(valid), "{valid:?}");
    }
    for invalid in [
        "", "+1", "1.", ".", "1e", "1e+", " 1", "1 ", "Infinity", "NaN", "-", "--1", "1.5.5",
        "1e1.5", "1x",
    ] {
        assert!(!is_valid_floating_point_number(invalid), "{invalid:?}");
    }
}

#[test]
fn best_representation_matches_ecmascript_number_to_string() {
    // Expected strings are V8's Number.prototype.toString.
    let cases: &[(f64, &str)] = &[
        (0.0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (-1.0, "-1"),
        (0.1, "0.1"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1.0 / 3.0, "0.3333333333333333"),
        (100.0, "100"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (123456789012345680000.0, "123456789012345680000"),
        (1e-6, "0.000001"),
        (1e-7, "1e-7"),
        (1.5e-7, "1.5e-7"),
        (0.000001234, "0.000001234"),
        (5e-324, "5e-324"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (f64::MAX, "1.7976931348623157e+308"),
        (9007199254740992.0, "9007199254740992"),
        (4.35, "4.35"),
        (-1.5e300, "-1.5e+300"),
        (123.456, "123.456"),
        (4294967296.5, "4294967296.5"),
        (0.1 + 0.7, "0.7999999999999999"),
        (std::f64::consts::PI, "3.141592653589793"),
        // Ties between two shortest candidates go to the even digit, as in V8.
        (f64::from_bits(0x4311_9ba8_8a35_90c1), "1239055694914608.2"),
        (f64::NAN, "NaN"),
        (f64::INFINITY, "Infinity"),
        (f64::NEG_INFINITY, "-Infinity"),
    ];
    for &(value, expected) in cases {
        assert_eq!(
            best_representation_of_floating_point_number(value),
            expected,
            "{value:e}"
        );
    }
}

#[test]
fn rules_for_parsing_dimension_values() {
    use DimensionKind::{Length, Percentage};
    let cases: &[(&str, Option<(f64, DimensionKind)>)] = &[
        ("100", Some((100.0, Length))),
        ("50%", Some((50.0, Percentage))),
        (" \t50%", Some((50.0, Percentage))),
        ("50.5%", Some((50.5, Percentage))),
        ("50.%", Some((50.0, Percentage))),
        ("50 %", Some((50.0, Length))),
        ("100px", Some((100.0, Length))),
        ("1.5", Some((1.5, Length))),
        ("1.5.5%", Some((1.5, Length))),
        ("1e3", Some((1.0, Length))),
        ("0", Some((0.0, Length))),
        ("007", Some((7.0, Length))),
        ("+50", None),
        ("-5", None),
        (".5", None),
        ("", None),
        ("   ", None),
        ("%", None),
    ];
    for &(input, expected) in cases {
        let got = parse_dimension_value(input).map(|d| (d.value, d.kind));
        assert_eq!(got, expected, "{input:?}");
    }
    let huge = "9".repeat(400);
    assert_eq!(
        parse_dimension_value(&huge).map(|d| d.value),
        Some(f64::INFINITY)
    );
}

#[test]
fn rules_for_parsing_nonzero_dimension_values() {
    assert_eq!(parse_nonzero_dimension_value("0"), None);
    assert_eq!(parse_nonzero_dimension_value("0%"), None);
    assert_eq!(parse_nonzero_dimension_value("0.0"), None);
    assert_eq!(parse_nonzero_dimension_value("x"), None);
    assert_eq!(
        parse_nonzero_dimension_value("0.01%"),
        Some(Dimension {
            value: 0.01,
            kind: DimensionKind::Percentage
        })
    );
    assert_eq!(
        parse_nonzero_dimension_value("3"),
        Some(Dimension {
            value: 3.0,
            kind: DimensionKind::Length
        })
    );
}

#[test]
fn rules_for_parsing_a_list_of_floating_point_numbers() {
    let cases: &[(&str, &[f64])] = &[
        ("1,2,3", &[1.0, 2.0, 3.0]),
        (" 1 ; 2 , 3 ", &[1.0, 2.0, 3.0]),
        ("", &[]),
        (",,;  ", &[]),
        ("a1,b2", &[1.0, 2.0]),
        ("1x,2", &[1.0, 2.0]),
        ("x", &[0.0]),
        ("-", &[0.0]),
        ("1 2", &[1.0, 2.0]),
        ("1e2,,.5", &[100.0, 0.5]),
        ("5-3", &[5.0]),
        ("-1.5e1;+2", &[-15.0, 2.0]),
    ];
    for &(input, expected) in cases {
        assert_eq!(
            parse_list_of_floating_point_numbers(input),
            expected,
            "{input:?}"
        );
    }
    assert!(is_valid_list_of_floating_point_numbers("1,2.5,-3e2"));
    for invalid in ["", "1, 2", "1,", ",1", "1;2", "+1"] {
        assert!(
            !is_valid_list_of_floating_point_numbers(invalid),
            "{invalid:?}"
        );
    }
}

#[test]
fn rules_for_parsing_a_list_of_dimensions() {
    use ListDimensionUnit::{Absolute, Percentage, Relative};
    let cases: &[(&str, &[(f64, ListDimensionUnit)])] = &[
        ("1*,2*", &[(1.0, Relative), (2.0, Relative)]),
        ("50%,*", &[(50.0, Percentage), (0.0, Relative)]),
        ("100,200", &[(100.0, Absolute), (200.0, Absolute)]),
        ("", &[]),
        (",", &[]),
        ("1,,2", &[(1.0, Absolute), (0.0, Relative), (2.0, Absolute)]),
        (" 1.5 * ", &[(1.5, Relative)]),
        ("1. 5%", &[(1.5, Percentage)]),
        ("1,2,", &[(1.0, Absolute), (2.0, Absolute)]),
        ("1,2,,", &[(1.0, Absolute), (2.0, Absolute)]),
        (".5*", &[(0.5, Relative)]),
        ("x", &[(0.0, Absolute)]),
        ("*", &[(0.0, Relative)]),
        ("%", &[(0.0, Percentage)]),
        ("10 %", &[(10.0, Percentage)]),
        ("25.25x*", &[(25.25, Absolute)]),
    ];
    for &(input, expected) in cases {
        let got: Vec<_> = parse_list_of_dimensions(input)
            .into_iter()
            .map(|d| (d.value, d.unit))
            .collect();
        assert_eq!(got, expected, "{input:?}");
    }
}
