//! HTML common microsyntaxes (§2.3–2.4) and the `meta` charset label extraction (§2.6.5),
//! for `js/html.js` (which resolves that label, and encoding-parses URLs, through the
//! encoding and url areas: this wasm has neither an encoding table nor a URL parser).
//!
//! Inputs arrive in the io input buffer (UTF-8); only the attribute helpers, which compare
//! several short strings, take theirs through wasm-bindgen. Parsed values cross as numbers in
//! one small record of doubles (the fields in a fixed order per syntax, see `js/html.js`), which
//! JS reads in place and turns into a plain object: no allocation, no per-field crossing. The
//! serializers read their fields from the same record and write their ASCII result to the io
//! output buffer. Lists (numbers, dimensions, token ranges) return as one typed array.
//!
//! Results that are parts of the input (tokens, a hash-name reference, a charset label) cross
//! as UTF-16 offsets: JS slices its own string, which keeps any lone surrogate that the UTF-8
//! copy had to replace with U+FFFD (one UTF-16 code unit, as the surrogate was).
//!
//! Numbers cross as doubles. An integer that no double holds exactly (beyond ±(2^53 − 1)) is
//! reported as an error, like one beyond the Rust type; a field given to a serializer that is
//! not an integer in its type's range makes the serialization fail.

use super::Global;
use super::io::{set_output, with_input_str};
use crate::html::fetching::extract_character_encoding_label_from_meta_element;
use crate::html::microsyntax::tokens::{split_on_ascii_whitespace, split_on_commas};
use crate::html::microsyntax::*;
use alloc::{string::String, vec::Vec};
use core::cell::Cell;
use wasm_bindgen::prelude::*;

// `Number` as it was when webweft loaded (a page may replace the global later).
#[cfg(not(test))]
#[wasm_bindgen(
    inline_js = "const toNumber = Number; export function nearestDouble(text) { return toNumber(text); }"
)]
extern "C" {
    /// The double nearest to a decimal string (src/html/microsyntax/idioms.rs `decimal_to_f64`
    /// gives it only "0.<digits>e<exponent>"), ties to even: ECMAScript's StringToNumber.
    #[wasm_bindgen(js_name = nearestDouble)]
    pub(crate) fn nearest_double(text: &str) -> f64;
}

/// Fields in the record: enough for the largest value, a date or time string's global date
/// and time (a kind, seven date and time fields, the offset's hours and minutes).
const RECORD_LEN: usize = 10;

static RECORD: Global<Cell<[f64; RECORD_LEN]>> = Global::new(Cell::new([0.0; RECORD_LEN]));

/// Address of the record (fixed for the life of the instance).
#[wasm_bindgen(js_name = htmlRecord)]
pub fn html_record() -> *mut f64 {
    RECORD.as_ptr().cast()
}

/// Stores the fields of `parts`, one after the other, at the start of the record.
fn put(parts: &[&[f64]]) {
    let mut record = [0.0; RECORD_LEN];
    for (slot, field) in record.iter_mut().zip(parts.iter().copied().flatten()) {
        *slot = *field;
    }
    RECORD.set(record);
}

/// The largest integer a double holds exactly together with all smaller ones
/// (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// `n` as a double if the double is exact.
fn exact<T: TryInto<i64>>(n: T) -> Option<f64> {
    let n = n.try_into().ok()?;
    // Exact: |n| ≤ 2^53 − 1, so the cast loses nothing.
    (-MAX_SAFE_INTEGER..=MAX_SAFE_INTEGER)
        .contains(&n)
        .then_some(n as f64)
}

/// A double from JS as an integer of type `T`: `None` unless it is an integer in range.
fn integer<T: TryFrom<i64>>(x: f64) -> Option<T> {
    // Out of range, or NaN.
    if x.is_nan() || x.abs() > MAX_SAFE_INTEGER as f64 {
        return None;
    }
    // |x| ≤ 2^53 − 1, so the cast truncates only a fraction; an integer survives it exactly.
    let n = x as i64;
    if n as f64 != x {
        return None;
    }
    T::try_from(n).ok()
}

// Field orders, shared with js/html.js.

fn date_fields(date: Date) -> [f64; 3] {
    [date.year, date.month.into(), date.day.into()].map(f64::from)
}

fn time_fields(time: Time) -> [f64; 4] {
    [
        time.hour.into(),
        time.minute.into(),
        time.second.into(),
        time.millisecond.into(),
    ]
}

fn offset_fields(offset: TimeZoneOffset) -> [f64; 2] {
    [offset.hours, offset.minutes].map(f64::from)
}

fn global_fields(value: GlobalDateTime) -> [f64; 9] {
    let [year, month, day] = date_fields(value.date);
    let [hour, minute, second, millisecond] = time_fields(value.time);
    let [hours, minutes] = offset_fields(value.timezone);
    [
        year,
        month,
        day,
        hour,
        minute,
        second,
        millisecond,
        hours,
        minutes,
    ]
}

fn color_fields(color: SimpleColor) -> [f64; 3] {
    [color.red, color.green, color.blue].map(f64::from)
}

fn dimension_fields(dimension: Dimension) -> [f64; 2] {
    let kind = match dimension.kind {
        DimensionKind::Length => 0.0,
        DimensionKind::Percentage => 1.0,
    };
    [dimension.value, kind]
}

/// The UTF-16 offsets `[start, end)` of `part`, a slice of `input`.
fn utf16_range(input: &str, part: &str) -> [f64; 2] {
    let start = part.as_ptr().addr().saturating_sub(input.as_ptr().addr());
    let before = input.get(..start).map_or(0, |s| s.encode_utf16().count());
    let length = part.encode_utf16().count();
    [before, before + length].map(|n| n as f64)
}

/// The microsyntaxes with a parser whose result fits the record.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum HtmlParser {
    Integer,
    NonNegativeInteger,
    FloatingPoint,
    Dimension,
    NonzeroDimension,
    SimpleColor,
    LegacyColor,
    Month,
    Date,
    YearlessDate,
    Time,
    LocalDateTime,
    TimeZoneOffset,
    GlobalDateTime,
    Week,
    Duration,
    DateOrTime,
    HashNameReference,
    MetaCharset,
}

/// Parses `len` bytes of input with `parser`; on success the value is in the record and this
/// returns true; false is the spec's error, failure or nothing.
#[wasm_bindgen(js_name = htmlParse)]
pub fn html_parse(parser: HtmlParser, len: usize) -> bool {
    with_input_str(len, |input| {
        let stored = match parser {
            HtmlParser::Integer => parse_integer(input).and_then(exact).map(|n| put(&[&[n]])),
            HtmlParser::NonNegativeInteger => parse_non_negative_integer(input)
                .and_then(exact)
                .map(|n| put(&[&[n]])),
            HtmlParser::FloatingPoint => {
                parse_floating_point_number_value(input).map(|n| put(&[&[n]]))
            }
            HtmlParser::Dimension => {
                parse_dimension_value(input).map(|d| put(&[&dimension_fields(d)]))
            }
            HtmlParser::NonzeroDimension => {
                parse_nonzero_dimension_value(input).map(|d| put(&[&dimension_fields(d)]))
            }
            HtmlParser::SimpleColor => {
                parse_simple_color_value(input).map(|c| put(&[&color_fields(c)]))
            }
            HtmlParser::LegacyColor => {
                parse_legacy_color_value(input).map(|c| put(&[&color_fields(c)]))
            }
            HtmlParser::Month => {
                parse_month_string(input).map(|m| put(&[&[f64::from(m.year), f64::from(m.month)]]))
            }
            HtmlParser::Date => parse_date_string(input).map(|d| put(&[&date_fields(d)])),
            HtmlParser::YearlessDate => parse_yearless_date_string(input)
                .map(|d| put(&[&[f64::from(d.month), f64::from(d.day)]])),
            HtmlParser::Time => parse_time_string(input).map(|t| put(&[&time_fields(t)])),
            HtmlParser::LocalDateTime => parse_local_date_and_time_string(input)
                .map(|v| put(&[&date_fields(v.date), &time_fields(v.time)])),
            HtmlParser::TimeZoneOffset => {
                parse_time_zone_offset_string(input).map(|o| put(&[&offset_fields(o)]))
            }
            HtmlParser::GlobalDateTime => {
                parse_global_date_and_time_string(input).map(|v| put(&[&global_fields(v)]))
            }
            HtmlParser::Week => {
                parse_week_string(input).map(|w| put(&[&[f64::from(w.year), f64::from(w.week)]]))
            }
            HtmlParser::Duration => parse_duration_string(input)
                .and_then(|d| Some([exact(d.seconds)?, f64::from(d.milliseconds)]))
                .map(|fields| put(&[&fields])),
            // A kind (0 date, 1 time, 2 global date and time), then that value's fields.
            HtmlParser::DateOrTime => parse_date_or_time_string(input).map(|value| match value {
                DateOrTime::Date(date) => put(&[&[0.0], &date_fields(date)]),
                DateOrTime::Time(time) => put(&[&[1.0], &time_fields(time)]),
                DateOrTime::GlobalDateTime(global) => put(&[&[2.0], &global_fields(global)]),
            }),
            HtmlParser::HashNameReference => {
                parse_hash_name_reference(input).map(|name| put(&[&utf16_range(input, name)]))
            }
            HtmlParser::MetaCharset => extract_character_encoding_label_from_meta_element(input)
                .map(|label| put(&[&utf16_range(input, label)])),
        };
        stored.is_some()
    })
}

/// The microsyntaxes whose valid strings the spec defines.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum HtmlValidator {
    Integer,
    NonNegativeInteger,
    FloatingPoint,
    FloatList,
    SimpleColor,
    LowercaseSimpleColor,
    Month,
    Date,
    YearlessDate,
    Time,
    LocalDateTime,
    NormalizedLocalDateTime,
    TimeZoneOffset,
    GlobalDateTime,
    NormalizedGlobalDateTime,
    Week,
    Duration,
    DateWithOptionalTime,
}

/// Whether `len` bytes of input are a valid string of `validator`'s syntax.
#[wasm_bindgen(js_name = htmlIsValid)]
pub fn html_is_valid(validator: HtmlValidator, len: usize) -> bool {
    with_input_str(len, |input| match validator {
        HtmlValidator::Integer => is_valid_integer(input),
        HtmlValidator::NonNegativeInteger => is_valid_non_negative_integer(input),
        HtmlValidator::FloatingPoint => is_valid_floating_point_number(input),
        HtmlValidator::FloatList => is_valid_list_of_floating_point_numbers(input),
        HtmlValidator::SimpleColor => is_valid_simple_color(input),
        HtmlValidator::LowercaseSimpleColor => is_valid_lowercase_simple_color(input),
        HtmlValidator::Month => is_valid_month_string(input),
        HtmlValidator::Date => is_valid_date_string(input),
        HtmlValidator::YearlessDate => is_valid_yearless_date_string(input),
        HtmlValidator::Time => is_valid_time_string(input),
        HtmlValidator::LocalDateTime => is_valid_local_date_and_time_string(input),
        HtmlValidator::NormalizedLocalDateTime => {
            is_valid_normalized_local_date_and_time_string(input)
        }
        HtmlValidator::TimeZoneOffset => is_valid_time_zone_offset_string(input),
        HtmlValidator::GlobalDateTime => is_valid_global_date_and_time_string(input),
        HtmlValidator::NormalizedGlobalDateTime => {
            is_valid_normalized_global_date_and_time_string(input)
        }
        HtmlValidator::Week => is_valid_week_string(input),
        HtmlValidator::Duration => is_valid_duration_string(input),
        HtmlValidator::DateWithOptionalTime => is_valid_date_string_with_optional_time(input),
    })
}

/// The values with a serialization.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum HtmlSerializer {
    SimpleColor,
    Month,
    Date,
    YearlessDate,
    Time,
    LocalDateTime,
    TimeZoneOffset,
    GlobalDateTime,
    Week,
    Duration,
}

fn date_from(year: f64, month: f64, day: f64) -> Option<Date> {
    Some(Date {
        year: integer(year)?,
        month: integer(month)?,
        day: integer(day)?,
    })
}

fn time_from(hour: f64, minute: f64, second: f64, millisecond: f64) -> Option<Time> {
    Some(Time {
        hour: integer(hour)?,
        minute: integer(minute)?,
        second: integer(second)?,
        millisecond: integer(millisecond)?,
    })
}

/// Serializes the value whose fields JS put in the record (in the parser's order) into the
/// output buffer and returns its length; `None` if the fields make no valid value.
#[wasm_bindgen(js_name = htmlSerialize)]
pub fn html_serialize(serializer: HtmlSerializer) -> Option<usize> {
    let [a, b, c, d, e, f, g, ..] = RECORD.get();
    let text = match serializer {
        HtmlSerializer::SimpleColor => Some(serialize_simple_color_value(SimpleColor {
            red: integer(a)?,
            green: integer(b)?,
            blue: integer(c)?,
        })),
        HtmlSerializer::Month => serialize_month_string(Month {
            year: integer(a)?,
            month: integer(b)?,
        }),
        HtmlSerializer::Date => serialize_date_string(date_from(a, b, c)?),
        HtmlSerializer::YearlessDate => serialize_yearless_date_string(YearlessDate {
            month: integer(a)?,
            day: integer(b)?,
        }),
        HtmlSerializer::Time => serialize_time_string(time_from(a, b, c, d)?),
        HtmlSerializer::LocalDateTime => {
            serialize_normalized_local_date_and_time_string(LocalDateTime {
                date: date_from(a, b, c)?,
                time: time_from(d, e, f, g)?,
            })
        }
        HtmlSerializer::TimeZoneOffset => serialize_time_zone_offset_string(TimeZoneOffset {
            hours: integer(a)?,
            minutes: integer(b)?,
        }),
        // The fields are the moment in UTC; the offset it was written with plays no part.
        HtmlSerializer::GlobalDateTime => {
            serialize_normalized_global_date_and_time_string(GlobalDateTime {
                date: date_from(a, b, c)?,
                time: time_from(d, e, f, g)?,
                timezone: TimeZoneOffset {
                    hours: 0,
                    minutes: 0,
                },
            })
        }
        HtmlSerializer::Week => serialize_week_string(Week {
            year: integer(a)?,
            week: integer(b)?,
        }),
        HtmlSerializer::Duration => serialize_duration_string(Duration {
            seconds: integer(a)?,
            milliseconds: integer(b)?,
        }),
    }?;
    Some(set_output(text.into_bytes()))
}

/// The rules for parsing a list of floating-point numbers (never an error).
#[wasm_bindgen(js_name = htmlParseFloatList)]
pub fn html_parse_float_list(len: usize) -> Vec<f64> {
    with_input_str(len, parse_list_of_floating_point_numbers)
}

/// The rules for parsing a list of dimensions, as value/unit pairs (unit 0 absolute,
/// 1 relative, 2 percentage).
#[wasm_bindgen(js_name = htmlParseDimensionList)]
pub fn html_parse_dimension_list(len: usize) -> Vec<f64> {
    with_input_str(len, |input| {
        parse_list_of_dimensions(input)
            .into_iter()
            .flat_map(|dimension| {
                let unit = match dimension.unit {
                    ListDimensionUnit::Absolute => 0.0,
                    ListDimensionUnit::Relative => 1.0,
                    ListDimensionUnit::Percentage => 2.0,
                };
                [dimension.value, unit]
            })
            .collect()
    })
}

/// UTF-16 `[start, end)` pairs of `tokens`, slices of `input` in increasing order, counted
/// incrementally so that many tokens cost one pass over the input.
fn utf16_ranges<'a>(input: &'a str, tokens: impl Iterator<Item = &'a str>) -> Vec<u32> {
    let base = input.as_ptr().addr();
    let (mut byte, mut unit) = (0, 0usize);
    let mut ranges = Vec::new();
    for token in tokens {
        let start = token.as_ptr().addr().saturating_sub(base);
        unit += input
            .get(byte..start)
            .map_or(0, |s| s.encode_utf16().count());
        let length = token.encode_utf16().count();
        ranges.extend([unit, unit + length].map(|n| u32::try_from(n).unwrap_or(u32::MAX)));
        (byte, unit) = (start + token.len(), unit + length);
    }
    ranges
}

/// Infra's split a string on ASCII whitespace, as UTF-16 ranges of the input.
#[wasm_bindgen(js_name = htmlSplitOnAsciiWhitespace)]
pub fn html_split_on_ascii_whitespace(len: usize) -> Vec<u32> {
    with_input_str(len, |input| {
        utf16_ranges(input, split_on_ascii_whitespace(input))
    })
}

/// Infra's split a string on commas, as UTF-16 ranges of the input.
#[wasm_bindgen(js_name = htmlSplitOnCommas)]
pub fn html_split_on_commas(len: usize) -> Vec<u32> {
    with_input_str(len, |input| utf16_ranges(input, split_on_commas(input)))
}

/// Whether the input's space-separated tokens are unique.
#[wasm_bindgen(js_name = htmlHasUniqueTokens)]
pub fn html_has_unique_tokens(len: usize, ascii_case_insensitive: bool) -> bool {
    let comparison = if ascii_case_insensitive {
        TokenComparison::AsciiCaseInsensitive
    } else {
        TokenComparison::CaseSensitive
    };
    with_input_str(len, |input| {
        is_unordered_set_of_unique_space_separated_tokens(input, comparison)
    })
}

/// Conformance of a boolean attribute's value.
#[wasm_bindgen(js_name = htmlIsValidBooleanAttributeValue)]
pub fn html_is_valid_boolean_attribute_value(value: &str, canonical_name: &str) -> bool {
    is_valid_boolean_attribute_value(value, canonical_name)
}

/// Determines the state of an enumerated attribute whose `keywords[i]` maps to state
/// `states[i]`; states are indices into JS's list of state names. `value` is `None` when the
/// attribute is missing; the result is `None` for no state.
#[wasm_bindgen(js_name = htmlEnumeratedAttributeState)]
pub fn html_enumerated_attribute_state(
    value: Option<String>,
    keywords: Vec<String>,
    states: &[u32],
    missing: Option<u32>,
    invalid: Option<u32>,
    empty: Option<u32>,
) -> Option<u32> {
    let keywords: Vec<Keyword<'_, u32>> = keywords
        .iter()
        .zip(states)
        .map(|(keyword, &state)| Keyword {
            keyword,
            state,
            conforming: true,
        })
        .collect();
    EnumeratedAttribute {
        keywords: &keywords,
        missing_value_default: missing,
        invalid_value_default: invalid,
        empty_value_default: empty,
    }
    .state(value.as_deref())
}

/// The number of days in `month` of `year`; `None` unless month is 1–12 and year a `u32`.
#[wasm_bindgen(js_name = htmlDaysInMonth)]
pub fn html_days_in_month(month: f64, year: f64) -> Option<u8> {
    Some(number_of_days_in_month(integer(month)?, integer(year)?)).filter(|&days| days != 0)
}

/// The week number of the last day of week-year `year` (52 or 53); `None` unless year is a
/// `u32`.
#[wasm_bindgen(js_name = htmlWeeksInYear)]
pub fn html_weeks_in_year(year: f64) -> Option<u8> {
    Some(week_number_of_last_day(integer(year)?))
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use std::prelude::rust_2024::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn write_input(text: &str) -> usize {
        let address = io_input(text.len());
        // SAFETY: io_input just made the input buffer `text.len()` bytes long at `address`.
        unsafe { core::ptr::copy_nonoverlapping(text.as_ptr(), address, text.len()) };
        text.len()
    }

    fn record() -> [f64; RECORD_LEN] {
        RECORD.get()
    }

    fn output(len: usize) -> String {
        // SAFETY: the last call left `len` bytes in the output buffer at io_output().
        let bytes = unsafe { core::slice::from_raw_parts(io_output(), len) };
        String::from_utf8_lossy(bytes).into_owned()
    }

    #[wasm_bindgen_test]
    fn parsed_fields_fill_the_record_in_order() {
        assert!(html_parse(
            HtmlParser::GlobalDateTime,
            write_input("1979-10-14T12:00:00.001-04:00")
        ));
        assert_eq!(
            record(),
            [1979.0, 10.0, 14.0, 16.0, 0.0, 0.0, 1.0, -4.0, 0.0, 0.0]
        );
        assert!(html_parse(
            HtmlParser::DateOrTime,
            write_input("12:34:56.7")
        ));
        assert_eq!(record()[..5], [1.0, 12.0, 34.0, 56.0, 700.0]);
        assert!(!html_parse(HtmlParser::Date, write_input("2015-02-29")));
    }

    #[wasm_bindgen_test]
    fn integers_beyond_a_double_are_errors() {
        assert!(html_parse(
            HtmlParser::Integer,
            write_input("-9007199254740991")
        ));
        assert_eq!(record()[0], -9007199254740991.0);
        assert!(!html_parse(
            HtmlParser::Integer,
            write_input("9007199254740992")
        ));
        assert!(!html_parse(
            HtmlParser::Duration,
            write_input("9007199254740992s")
        ));
    }

    #[wasm_bindgen_test]
    fn serializers_read_the_record_and_reject_non_integers() {
        put(&[&[2016.0, 2.0, 29.0]]);
        let len = html_serialize(HtmlSerializer::Date).unwrap();
        assert_eq!(output(len), "2016-02-29");
        put(&[&[2016.0, 2.5, 29.0]]);
        assert_eq!(html_serialize(HtmlSerializer::Date), None);
        put(&[&[f64::NAN, 1.0]]);
        assert_eq!(html_serialize(HtmlSerializer::Month), None);
        put(&[&[4294967296.0, 1.0]]);
        assert_eq!(html_serialize(HtmlSerializer::Month), None);
    }

    #[wasm_bindgen_test]
    fn substrings_cross_as_utf16_offsets() {
        assert!(html_parse(
            HtmlParser::HashNameReference,
            write_input("\u{1F600}#\u{e9}x")
        ));
        assert_eq!(record()[..2], [3.0, 5.0]);
        let ranges = html_split_on_commas(write_input("\u{1F600} a ,\u{e9}, "));
        assert_eq!(ranges, [0, 4, 6, 7, 8, 8]);
        let ranges = html_split_on_ascii_whitespace(write_input(" \u{1F600}\u{1F600} b "));
        assert_eq!(ranges, [1, 5, 6, 7]);
    }

    #[wasm_bindgen_test]
    fn enumerated_states_are_indices() {
        let keywords = vec!["on".to_owned(), "off".to_owned(), String::new()];
        let state = |value: Option<&str>| {
            html_enumerated_attribute_state(
                value.map(str::to_owned),
                keywords.clone(),
                &[0, 1, 0],
                Some(2),
                Some(3),
                None,
            )
        };
        assert_eq!(state(Some("OFF")), Some(1));
        assert_eq!(state(Some("")), Some(0));
        assert_eq!(state(None), Some(2));
        assert_eq!(state(Some("of")), Some(3));
    }

    #[wasm_bindgen]
    extern "C" {
        /// The host's ToString(n), which js/html.js's serializeFloatingPoint returns.
        #[wasm_bindgen(js_name = String)]
        fn host_to_string(n: f64) -> String;
    }

    /// js/html.js serializes floats with the host's ToString, which keeps core::fmt's float
    /// formatting out of this wasm: it must give the crate's text for every double.
    #[wasm_bindgen_test]
    fn host_float_serialization_is_the_crates() {
        let check = |n: f64| {
            assert_eq!(
                host_to_string(n),
                best_representation_of_floating_point_number(n),
                "{:#x}",
                n.to_bits()
            );
        };
        let powers = (-330..=310).map(|e| 10f64.powi(e));
        let edges = [
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::EPSILON,
            9007199254740991.0,
            9007199254740993.0,
            0.1 + 0.2,
        ];
        // Powers of ten and their neighbours cross every notation boundary (1e21, 1e-7).
        for n in powers.chain(edges) {
            for n in [
                n,
                f64::from_bits(n.to_bits() + 1),
                f64::from_bits(n.to_bits().wrapping_sub(1)),
            ] {
                check(n);
                check(-n);
            }
        }
        // xorshift64*: any bit pattern (mostly 16-17 digits, where the closest of the shortest
        // candidates is chosen), and short decimals m × 10^e (integers, fractions, every form).
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        for _ in 0..100_000 {
            check(f64::from_bits(next()));
            let digits = next() % 17 + 1;
            let mantissa = (next() % 10u64.pow(u32::try_from(digits).unwrap())) as f64;
            let exponent = i32::try_from(next() % 60).unwrap() - 30;
            check(mantissa * 10f64.powi(exponent));
            check(mantissa / 10f64.powi(-exponent));
        }
    }
}
