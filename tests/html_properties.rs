//! Property tests for the HTML microsyntaxes: no parser panics on any input, every serializer's
//! output is valid and parses back to the same value, every valid string parses, and the
//! calendar arithmetic agrees with independent formulas.
#![cfg(feature = "html")]

use proptest::prelude::*;
use webweft::html::fetching::extract_character_encoding_label_from_meta_element;
use webweft::html::microsyntax::*;

/// Strings made of the characters the microsyntaxes care about, plus a few that only some of
/// them skip (non-ASCII whitespace, an astral character), so the parsers get past their
/// first steps.
fn microsyntax_string() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9]{0,6}[-:.T Z+W]?[0-9]{0,4}[-:.T Z+]?[0-9]{0,4}[.:+-]?[0-9]{0,4}[Z:+-]?[0-9]{0,4}",
        "[0-9a-fA-FeEPTWZYMDHSwdhms:;.,+#% *\t\n\u{a0}\u{1F600}\u{e9}-]{0,40}",
        "[ \t]{0,2}(charset|CHARSET|x)[ =\"';a-z0-9-]{0,12}",
        // Near-valid templates, so the validity checks are often true.
        "[0-9]{4,5}-[01][0-9](-[0-3][0-9])?([T ][0-2][0-9]:[0-6][0-9](:[0-6][0-9](\\.[0-9]{0,4})?)?)?(Z|[+-][0-2][0-9]:?[0-6][0-9])?",
        "(--)?[01][0-9]-[0-3][0-9]|[0-9]{4}-W[0-5][0-9]|[0-2][0-9]:[0-6][0-9]",
        "P([0-9]{1,3}D)?(T([0-9]{1,2}H)?([0-9]{1,2}M)?([0-9]{1,2}(\\.[0-9]{0,4})?S)?)?",
        "( ?[0-9]{1,3}(\\.[0-9]{1,4})? ?[wdhmsWDHMS]){1,3}",
        "-?[0-9]{0,3}(\\.[0-9]{0,3})?([eE][+-]?[0-9]{0,3})?|#[0-9a-fA-F]{6}",
    ]
}

fn run_every_parser(input: &str) {
    let _ = parse_integer(input);
    let _ = parse_non_negative_integer(input);
    let _ = parse_floating_point_number_value(input);
    let _ = parse_dimension_value(input);
    let _ = parse_nonzero_dimension_value(input);
    let _ = parse_list_of_floating_point_numbers(input);
    let _ = parse_list_of_dimensions(input);
    if let Some(v) = parse_month_string(input) {
        let _ = serialize_month_string(v);
    }
    if let Some(v) = parse_date_string(input) {
        let _ = serialize_date_string(v);
    }
    if let Some(v) = parse_yearless_date_string(input) {
        let _ = serialize_yearless_date_string(v);
    }
    if let Some(v) = parse_time_string(input) {
        let _ = serialize_time_string(v);
    }
    if let Some(v) = parse_local_date_and_time_string(input) {
        let _ = serialize_normalized_local_date_and_time_string(v);
    }
    if let Some(v) = parse_time_zone_offset_string(input) {
        let _ = serialize_time_zone_offset_string(v);
    }
    if let Some(v) = parse_global_date_and_time_string(input) {
        let _ = serialize_normalized_global_date_and_time_string(v);
    }
    if let Some(v) = parse_week_string(input) {
        let _ = serialize_week_string(v);
    }
    if let Some(v) = parse_duration_string(input) {
        let _ = serialize_duration_string(v);
    }
    let _ = parse_date_or_time_string(input);
    let _ = parse_simple_color_value(input);
    let _ = parse_legacy_color_value(input);
    let _ = parse_hash_name_reference(input);
    let _ = extract_character_encoding_label_from_meta_element(input);
    let _ = is_unordered_set_of_unique_space_separated_tokens(
        input,
        TokenComparison::AsciiCaseInsensitive,
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn no_parser_panics(input in microsyntax_string()) {
        run_every_parser(&input);
    }

    #[test]
    fn every_valid_string_parses(input in microsyntax_string()) {
        if is_valid_integer(&input) && input.len() < 18 {
            prop_assert!(parse_integer(&input).is_some());
        }
        if is_valid_floating_point_number(&input) {
            // Valid but beyond the doubles (e.g. "1e999") is still an error.
            let magnitude = input.trim_start_matches('-');
            let huge = magnitude.contains(['e', 'E']) || magnitude.len() > 300;
            prop_assert!(huge || parse_floating_point_number_value(&input).is_some());
        }
        if is_valid_month_string(&input) { prop_assert!(parse_month_string(&input).is_some()); }
        if is_valid_date_string(&input) { prop_assert!(parse_date_string(&input).is_some()); }
        if is_valid_yearless_date_string(&input) {
            prop_assert!(parse_yearless_date_string(&input).is_some());
        }
        if is_valid_time_string(&input) { prop_assert!(parse_time_string(&input).is_some()); }
        if is_valid_local_date_and_time_string(&input) {
            prop_assert!(parse_local_date_and_time_string(&input).is_some());
        }
        if is_valid_normalized_local_date_and_time_string(&input) {
            prop_assert!(is_valid_local_date_and_time_string(&input));
        }
        if is_valid_time_zone_offset_string(&input) {
            prop_assert!(parse_time_zone_offset_string(&input).is_some());
        }
        if is_valid_global_date_and_time_string(&input) {
            prop_assert!(parse_global_date_and_time_string(&input).is_some());
        }
        if is_valid_week_string(&input) { prop_assert!(parse_week_string(&input).is_some()); }
        if is_valid_duration_string(&input) && input.len() < 15 {
            prop_assert!(parse_duration_string(&input).is_some());
        }
        if is_valid_date_string_with_optional_time(&input) {
            prop_assert!(parse_date_or_time_string(&input).is_some());
        }
        if is_valid_simple_color(&input) {
            prop_assert_eq!(parse_simple_color_value(&input), parse_legacy_color_value(&input));
        }
    }
}

fn year() -> impl Strategy<Value = u32> {
    prop_oneof![1u32..10_000, 1u32..=u32::MAX]
}

fn date() -> impl Strategy<Value = Date> {
    (year(), 1u8..=12, 1u8..=31)
        .prop_filter("a day of the month", |&(year, month, day)| {
            day <= number_of_days_in_month(month, year)
        })
        .prop_map(|(year, month, day)| Date { year, month, day })
}

fn time() -> impl Strategy<Value = Time> {
    (
        0u8..24,
        0u8..60,
        0u8..60,
        prop_oneof![Just(0u16), 0u16..1000],
    )
        .prop_map(|(hour, minute, second, millisecond)| Time {
            hour,
            minute,
            second,
            millisecond,
        })
}

fn offset() -> impl Strategy<Value = TimeZoneOffset> {
    (-1439i16..=1439).prop_map(|total| TimeZoneOffset {
        hours: i8::try_from(total / 60).unwrap(),
        minutes: i8::try_from(total % 60).unwrap(),
    })
}

/// Days since 1970-01-01 (Howard Hinnant's days_from_civil), as an oracle for UTC
/// normalization.
fn days_from_civil(date: Date) -> i64 {
    let (month, day) = (i64::from(date.month), i64::from(date.day));
    let year = i64::from(date.year) - i64::from(month <= 2);
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

fn minutes_since_epoch(date: Date, time: Time) -> i64 {
    days_from_civil(date) * 1440 + i64::from(time.hour) * 60 + i64::from(time.minute)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn integers_round_trip(value in any::<i64>(), unsigned in any::<u64>()) {
        let text = value.to_string();
        prop_assert!(is_valid_integer(&text));
        prop_assert_eq!(parse_integer(&text), Some(value));
        let text = unsigned.to_string();
        prop_assert!(is_valid_non_negative_integer(&text));
        prop_assert_eq!(parse_non_negative_integer(&text), Some(unsigned));
    }

    #[test]
    fn best_representation_round_trips(value in any::<f64>().prop_filter("finite", |v| v.is_finite())) {
        let text = best_representation_of_floating_point_number(value);
        prop_assert!(is_valid_floating_point_number(&text), "{}", text);
        let parsed = parse_floating_point_number_value(&text).unwrap();
        // S has no −0.
        prop_assert_eq!(parsed.to_bits(), (value + 0.0).to_bits(), "{}", text);
    }

    #[test]
    fn dimensions_are_exact_decimals(integer in any::<u32>(), fraction in 0u32..1000, percent in any::<bool>()) {
        let text = format!("{integer}.{fraction:03}{}", if percent { "%" } else { "" });
        let dimension = parse_dimension_value(&text).unwrap();
        let expected: f64 = format!("{integer}.{fraction:03}").parse().unwrap();
        prop_assert_eq!(dimension.value, expected);
        let kind = if percent { DimensionKind::Percentage } else { DimensionKind::Length };
        prop_assert_eq!(dimension.kind, kind);
    }

    #[test]
    fn months_round_trip(year in year(), month in 1u8..=12) {
        let value = Month { year, month };
        let text = serialize_month_string(value).unwrap();
        prop_assert!(is_valid_month_string(&text));
        prop_assert_eq!(parse_month_string(&text), Some(value));
    }

    #[test]
    fn dates_round_trip(value in date()) {
        let text = serialize_date_string(value).unwrap();
        prop_assert!(is_valid_date_string(&text));
        prop_assert!(is_valid_date_string_with_optional_time(&text));
        prop_assert_eq!(parse_date_string(&text), Some(value));
        prop_assert_eq!(parse_date_or_time_string(&text), Some(DateOrTime::Date(value)));
    }

    #[test]
    fn yearless_dates_round_trip(month in 1u8..=12, day in 1u8..=29) {
        let value = YearlessDate { month, day };
        let text = serialize_yearless_date_string(value).unwrap();
        prop_assert!(is_valid_yearless_date_string(&text));
        prop_assert_eq!(parse_yearless_date_string(&text), Some(value));
    }

    #[test]
    fn times_round_trip(value in time()) {
        let text = serialize_time_string(value).unwrap();
        prop_assert!(is_valid_time_string(&text));
        prop_assert_eq!(parse_time_string(&text), Some(value));
        prop_assert_eq!(parse_date_or_time_string(&text), Some(DateOrTime::Time(value)));
    }

    #[test]
    fn local_dates_and_times_round_trip(date in date(), time in time()) {
        let value = LocalDateTime { date, time };
        let text = serialize_normalized_local_date_and_time_string(value).unwrap();
        prop_assert!(is_valid_normalized_local_date_and_time_string(&text));
        prop_assert!(is_valid_local_date_and_time_string(&text));
        prop_assert_eq!(parse_local_date_and_time_string(&text), Some(value));
    }

    #[test]
    fn time_zone_offsets_round_trip(value in offset()) {
        let text = serialize_time_zone_offset_string(value).unwrap();
        prop_assert!(is_valid_time_zone_offset_string(&text));
        prop_assert_eq!(parse_time_zone_offset_string(&text), Some(value));
    }

    #[test]
    fn global_dates_and_times_normalize_to_utc(
        date in date().prop_filter("room for a day either way", |d| d.year > 1 && d.year < u32::MAX),
        time in time(),
        offset in offset(),
        space in any::<bool>(),
    ) {
        let local = serialize_normalized_local_date_and_time_string(LocalDateTime { date, time }).unwrap();
        let local = if space { local.replacen('T', " ", 1) } else { local };
        let text = local + &serialize_time_zone_offset_string(offset).unwrap();
        prop_assert!(is_valid_global_date_and_time_string(&text), "{}", text);
        let parsed = parse_global_date_and_time_string(&text).unwrap();
        prop_assert_eq!(parsed.timezone, offset);
        prop_assert_eq!(parsed.time.second, time.second);
        prop_assert_eq!(parsed.time.millisecond, time.millisecond);
        prop_assert_eq!(
            minutes_since_epoch(parsed.date, parsed.time),
            minutes_since_epoch(date, time) - i64::from(offset.total_minutes())
        );
        // The normalized form parses back to the same moment, with a zero offset.
        let normalized = serialize_normalized_global_date_and_time_string(parsed).unwrap();
        prop_assert!(is_valid_normalized_global_date_and_time_string(&normalized), "{}", normalized);
        let utc = TimeZoneOffset { hours: 0, minutes: 0 };
        prop_assert_eq!(
            parse_global_date_and_time_string(&normalized),
            Some(GlobalDateTime { timezone: utc, ..parsed })
        );
        prop_assert_eq!(
            parse_date_or_time_string(&normalized),
            Some(DateOrTime::GlobalDateTime(GlobalDateTime { timezone: utc, ..parsed }))
        );
    }

    #[test]
    fn weeks_round_trip_and_agree_with_iso_8601(year in year(), week in 1u8..=53) {
        // ISO 8601: a year has 53 weeks when it starts on a Thursday, or is a leap year
        // starting on a Wednesday; equivalently p(y) = 4 or p(y − 1) = 3 with
        // p(y) = (y + ⌊y/4⌋ − ⌊y/100⌋ + ⌊y/400⌋) mod 7.
        let p = |y: u64| (y + y / 4 - y / 100 + y / 400) % 7;
        let y = u64::from(year);
        let weeks = if p(y) == 4 || p(y - 1) == 3 { 53 } else { 52 };
        prop_assert_eq!(week_number_of_last_day(year), weeks);
        let value = Week { year, week };
        match serialize_week_string(value) {
            Some(text) => {
                prop_assert!(week <= weeks);
                prop_assert!(is_valid_week_string(&text));
                prop_assert_eq!(parse_week_string(&text), Some(value));
            }
            None => prop_assert!(week > weeks),
        }
    }

    #[test]
    fn durations_round_trip(seconds in prop_oneof![0u64..1_000_000, any::<u64>()], milliseconds in prop_oneof![Just(0u16), 0u16..1000]) {
        let value = Duration { seconds, milliseconds };
        let text = serialize_duration_string(value).unwrap();
        prop_assert!(is_valid_duration_string(&text), "{}", text);
        prop_assert_eq!(parse_duration_string(&text), Some(value));
    }

    #[test]
    fn simple_colors_round_trip(red in any::<u8>(), green in any::<u8>(), blue in any::<u8>()) {
        let value = SimpleColor { red, green, blue };
        let text = serialize_simple_color_value(value);
        prop_assert!(is_valid_lowercase_simple_color(&text));
        prop_assert_eq!(parse_simple_color_value(&text), Some(value));
        prop_assert_eq!(parse_legacy_color_value(&text), Some(value));
    }

    // The serializers write their digits by hand (no core::fmt in the wasm): the same text as
    // core::fmt's format strings.
    #[test]
    fn serializers_match_core_fmt(date in date(), time in time(), offset in offset(), week in 1u8..=52, seconds in prop_oneof![0u64..1_000_000, any::<u64>()], color in any::<[u8; 3]>()) {
        let Date { year, month, day } = date;
        prop_assert_eq!(serialize_month_string(Month { year, month }).unwrap(), format!("{year:04}-{month:02}"));
        prop_assert_eq!(serialize_date_string(date).unwrap(), format!("{year:04}-{month:02}-{day:02}"));
        if day <= 29 || month != 2 {
            prop_assert_eq!(serialize_yearless_date_string(YearlessDate { month, day }).unwrap(), format!("{month:02}-{day:02}"));
        }
        prop_assert_eq!(serialize_week_string(Week { year, week }).unwrap(), format!("{year:04}-W{week:02}"));
        let Time { hour, minute, second, millisecond } = time;
        let fraction = format!("{millisecond:03}");
        let expected = match (second, millisecond) {
            (0, 0) => format!("{hour:02}:{minute:02}"),
            (_, 0) => format!("{hour:02}:{minute:02}:{second:02}"),
            _ => format!("{hour:02}:{minute:02}:{second:02}.{}", fraction.trim_end_matches('0')),
        };
        prop_assert_eq!(serialize_time_string(time).unwrap(), expected);
        let total = offset.total_minutes();
        let expected = match total {
            0 => "Z".to_owned(),
            _ => format!("{}{:02}:{:02}", if total < 0 { '-' } else { '+' }, total.unsigned_abs() / 60, total.unsigned_abs() % 60),
        };
        prop_assert_eq!(serialize_time_zone_offset_string(offset).unwrap(), expected);
        let duration = serialize_duration_string(Duration { seconds, milliseconds: millisecond }).unwrap();
        let (days, hours, minutes, rest) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60, seconds % 60);
        let mut expected = String::from("P");
        if days != 0 {
            expected += &format!("{days}D");
        }
        if seconds % 86_400 != 0 || millisecond != 0 || days == 0 {
            expected.push('T');
            if hours != 0 {
                expected += &format!("{hours}H");
            }
            if minutes != 0 {
                expected += &format!("{minutes}M");
            }
            if rest != 0 || millisecond != 0 || seconds % 86_400 == 0 {
                expected += &format!("{rest}");
                if millisecond != 0 {
                    expected += &format!(".{}", fraction.trim_end_matches('0'));
                }
                expected.push('S');
            }
        }
        prop_assert_eq!(duration, expected);
        let [red, green, blue] = color;
        prop_assert_eq!(serialize_simple_color_value(SimpleColor { red, green, blue }), format!("#{red:02x}{green:02x}{blue:02x}"));
    }
}
