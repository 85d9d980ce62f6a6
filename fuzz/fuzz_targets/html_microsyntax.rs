//! HTML microsyntaxes and the meta charset extraction: no parser or validity check panics on
//! any input; every parsed value that has a serialization serializes to a valid (normalized)
//! string that parses back to the same value; every valid date or time string parses; results
//! that are parts of the input are.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::html::fetching::extract_character_encoding_label_from_meta_element;
use webweft::html::microsyntax::tokens::{split_on_ascii_whitespace, split_on_commas};
use webweft::html::microsyntax::*;

/// `serialize(value)` is a string that `is_valid` accepts and `parse` reads back as `value`.
fn round_trip<T: PartialEq + std::fmt::Debug>(
    value: T,
    serialize: impl Fn(T) -> Option<String>,
    parse: impl Fn(&str) -> Option<T>,
    is_valid: impl Fn(&str) -> bool,
) where
    T: Copy,
{
    let text = serialize(value).unwrap_or_else(|| panic!("{value:?} has no serialization"));
    assert!(is_valid(&text), "{text:?} is not valid");
    assert_eq!(parse(&text), Some(value), "{text:?}");
}

/// A valid string parses.
fn valid_parses<T>(
    input: &str,
    is_valid: impl Fn(&str) -> bool,
    parse: impl Fn(&str) -> Option<T>,
) {
    if is_valid(input) {
        assert!(
            parse(input).is_some(),
            "{input:?} is valid but does not parse"
        );
    }
}

fn is_part_of(part: &str, input: &str) -> bool {
    let start = part.as_ptr() as usize;
    let base = input.as_ptr() as usize;
    start >= base && start + part.len() <= base + input.len()
}

fn check(input: &str) {
    // Numbers.
    if let Some(n) = parse_integer(input) {
        assert_eq!(parse_integer(&n.to_string()), Some(n));
    }
    if is_valid_integer(input) && parse_integer(input).is_none() {
        // Only by the documented bound: a magnitude beyond i64.
        assert!(input.trim_start_matches('-').trim_start_matches('0').len() >= 19);
    }
    if let Some(n) = parse_non_negative_integer(input) {
        assert_eq!(parse_non_negative_integer(&n.to_string()), Some(n));
    }
    if is_valid_non_negative_integer(input) && parse_non_negative_integer(input).is_none() {
        // Only by the documented bound: a value beyond u64.
        assert!(input.trim_start_matches('0').len() >= 20);
    }
    if let Some(n) = parse_floating_point_number_value(input) {
        assert!(n.is_finite() && !(n == 0.0 && n.is_sign_negative()));
        let text = best_representation_of_floating_point_number(n);
        assert!(is_valid_floating_point_number(&text), "{text:?}");
        assert_eq!(
            parse_floating_point_number_value(&text),
            Some(n),
            "{text:?}"
        );
    }
    is_valid_floating_point_number(input);
    if let Some(dimension) = parse_dimension_value(input) {
        assert!(dimension.value >= 0.0);
    }
    if let Some(dimension) = parse_nonzero_dimension_value(input) {
        assert!(dimension.value > 0.0);
    }
    for n in parse_list_of_floating_point_numbers(input) {
        assert!(n.is_finite());
    }
    is_valid_list_of_floating_point_numbers(input);
    for dimension in parse_list_of_dimensions(input) {
        assert!(dimension.value >= 0.0);
    }

    // Dates and times.
    if let Some(month) = parse_month_string(input) {
        round_trip(
            month,
            serialize_month_string,
            parse_month_string,
            is_valid_month_string,
        );
    }
    valid_parses(input, is_valid_month_string, parse_month_string);
    if let Some(date) = parse_date_string(input) {
        round_trip(
            date,
            serialize_date_string,
            parse_date_string,
            is_valid_date_string,
        );
    }
    valid_parses(input, is_valid_date_string, parse_date_string);
    if let Some(date) = parse_yearless_date_string(input) {
        round_trip(
            date,
            serialize_yearless_date_string,
            parse_yearless_date_string,
            is_valid_yearless_date_string,
        );
    }
    valid_parses(
        input,
        is_valid_yearless_date_string,
        parse_yearless_date_string,
    );
    if let Some(time) = parse_time_string(input) {
        round_trip(
            time,
            serialize_time_string,
            parse_time_string,
            is_valid_time_string,
        );
    }
    valid_parses(input, is_valid_time_string, parse_time_string);
    if let Some(value) = parse_local_date_and_time_string(input) {
        round_trip(
            value,
            serialize_normalized_local_date_and_time_string,
            parse_local_date_and_time_string,
            is_valid_normalized_local_date_and_time_string,
        );
    }
    valid_parses(
        input,
        is_valid_local_date_and_time_string,
        parse_local_date_and_time_string,
    );
    valid_parses(
        input,
        is_valid_normalized_local_date_and_time_string,
        parse_local_date_and_time_string,
    );
    if let Some(offset) = parse_time_zone_offset_string(input) {
        round_trip(
            offset,
            serialize_time_zone_offset_string,
            parse_time_zone_offset_string,
            is_valid_time_zone_offset_string,
        );
    }
    valid_parses(
        input,
        is_valid_time_zone_offset_string,
        parse_time_zone_offset_string,
    );
    if let Some(value) = parse_global_date_and_time_string(input) {
        // In UTC: the normalized string has offset zero. A moment in year 0 has no string.
        if value.date.year > 0 {
            let utc = GlobalDateTime {
                timezone: TimeZoneOffset {
                    hours: 0,
                    minutes: 0,
                },
                ..value
            };
            round_trip(
                utc,
                serialize_normalized_global_date_and_time_string,
                parse_global_date_and_time_string,
                is_valid_normalized_global_date_and_time_string,
            );
        } else {
            assert_eq!(
                serialize_normalized_global_date_and_time_string(value),
                None
            );
        }
    }
    valid_parses(
        input,
        is_valid_global_date_and_time_string,
        parse_global_date_and_time_string,
    );
    valid_parses(
        input,
        is_valid_normalized_global_date_and_time_string,
        parse_global_date_and_time_string,
    );
    if let Some(week) = parse_week_string(input) {
        round_trip(
            week,
            serialize_week_string,
            parse_week_string,
            is_valid_week_string,
        );
    }
    valid_parses(input, is_valid_week_string, parse_week_string);
    if let Some(duration) = parse_duration_string(input) {
        round_trip(
            duration,
            serialize_duration_string,
            parse_duration_string,
            is_valid_duration_string,
        );
    }
    is_valid_duration_string(input);
    if let Some(value) = parse_date_or_time_string(input) {
        match value {
            DateOrTime::Date(date) => assert_eq!(parse_date_string(input), Some(date)),
            DateOrTime::Time(time) => assert_eq!(parse_time_string(input), Some(time)),
            DateOrTime::GlobalDateTime(global) => {
                assert_eq!(parse_global_date_and_time_string(input), Some(global))
            }
        }
    }
    valid_parses(
        input,
        is_valid_date_string_with_optional_time,
        parse_date_or_time_string,
    );

    // Colors.
    if let Some(color) = parse_simple_color_value(input) {
        let text = serialize_simple_color_value(color);
        assert!(is_valid_lowercase_simple_color(&text));
        assert_eq!(text, input.to_ascii_lowercase());
    }
    is_valid_simple_color(input);
    if let Some(color) = parse_legacy_color_value(input) {
        let text = serialize_simple_color_value(color);
        assert_eq!(parse_simple_color_value(&text), Some(color));
    }

    // Tokens, references, attributes, meta charset.
    for token in split_on_ascii_whitespace(input).chain(split_on_commas(input)) {
        assert!(is_part_of(token, input));
    }
    is_unordered_set_of_unique_space_separated_tokens(input, TokenComparison::CaseSensitive);
    is_unordered_set_of_unique_space_separated_tokens(input, TokenComparison::AsciiCaseInsensitive);
    if let Some(name) = parse_hash_name_reference(input) {
        assert!(is_part_of(name, input) && !name.is_empty());
    }
    if let Some(label) = extract_character_encoding_label_from_meta_element(input) {
        assert!(is_part_of(label, input));
    }
    is_valid_boolean_attribute_value(input, "checked");
    let keywords = [
        Keyword {
            keyword: "on",
            state: 1,
            conforming: true,
        },
        Keyword {
            keyword: "",
            state: 1,
            conforming: true,
        },
        Keyword {
            keyword: "off",
            state: 2,
            conforming: true,
        },
    ];
    let attribute = EnumeratedAttribute {
        keywords: &keywords,
        missing_value_default: Some(0),
        invalid_value_default: Some(0),
        empty_value_default: None,
    };
    assert!(attribute.state(Some(input)).is_some());
}

fuzz_target!(|data: &[u8]| {
    check(&String::from_utf8_lossy(data));
});
