//! §2.4.5 "Dates and times" (§2.4.5.9 durations are in `durations`).
//!
//! Bounds: the spec allows years of any number of digits (four or more); here a year is a
//! `u32`, and a year above 4294967295 makes the string fail to parse and not count as valid.
//! Seconds keep their fraction to the millisecond: digits after the third are dropped
//! (truncated), as engines do; the valid syntaxes allow at most three.
//!
//! Serializers return `None` for a value no valid string can represent (a field out of
//! range, or a year 0).

use super::idioms::{Cursor, push_milliseconds};
use crate::infra::strings::push_zero_padded_decimal;
use alloc::string::String;

/// A month: a year and a month (1–12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Month {
    pub year: u32,
    pub month: u8,
}

/// A date: a year, a month (1–12) and a day (1–31). In a [`GlobalDateTime`] the date is in
/// UTC, where the year can be 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    pub year: u32,
    pub month: u8,
    pub day: u8,
}

/// A yearless date: a month (1–12) and a day, up to 29 in February.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct YearlessDate {
    pub month: u8,
    pub day: u8,
}

/// A time: hour (0–23), minute (0–59), second (0–59) and millisecond (0–999).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Time {
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
    pub millisecond: u16,
}

/// A local date and time: a date and a time with no time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalDateTime {
    pub date: Date,
    pub time: Time,
}

/// A time-zone offset, as the parser returns it: hours (−23–23) and minutes (−59–59), both
/// negated for a "-" offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeZoneOffset {
    pub hours: i8,
    pub minutes: i8,
}

impl TimeZoneOffset {
    /// The offset in minutes east of UTC.
    pub fn total_minutes(self) -> i16 {
        i16::from(self.hours) * 60 + i16::from(self.minutes)
    }
}

/// A global date and time as the parser returns it: the moment in UTC (`date` and `time`)
/// and the time-zone offset it was written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlobalDateTime {
    pub date: Date,
    pub time: Time,
    pub timezone: TimeZoneOffset,
}

/// A week: a week-year and a week number (1–52 or 1–53).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Week {
    pub year: u32,
    pub week: u8,
}

/// The result of the rules to parse a date or time string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DateOrTime {
    Date(Date),
    Time(Time),
    GlobalDateTime(GlobalDateTime),
}

/// "The number of days in month month of year year": 31, 30, or for February 29 in a
/// Gregorian leap year and 28 otherwise. 0 for a month outside 1–12.
pub fn number_of_days_in_month(month: u8, year: u32) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Divisible by 400, or by 4 but not by 100.
fn is_leap_year(year: u32) -> bool {
    year.is_multiple_of(400) || (year.is_multiple_of(4) && !year.is_multiple_of(100))
}

/// "The week number of the last day" of week-year `year`: 53 if January 1st is a Thursday,
/// or a Wednesday in a leap year; otherwise 52.
pub fn week_number_of_last_day(year: u32) -> u8 {
    match weekday_of_january_first(year) {
        4 => 53,
        3 if is_leap_year(year) => 53,
        _ => 52,
    }
}

/// The weekday of January 1st of `year` in the proleptic Gregorian calendar, 0 = Sunday
/// (Gauss's formula; the calendar repeats every 400 years, a whole number of weeks).
fn weekday_of_january_first(year: u32) -> u32 {
    let previous = (year + 399) % 400;
    (1 + 5 * (previous % 4) + 4 * (previous % 100) + 6 * previous) % 7
}

// ---------------------------------------------------------------------------------------
// Components: each takes the shared input and position.

/// Collect exactly two ASCII digits as a number; `None` if the run of digits is not two long.
fn collect_two_digits(cursor: &mut Cursor<'_>) -> Option<u8> {
    match *cursor.collect_digits() {
        [tens, units] => Some((tens - b'0') * 10 + (units - b'0')),
        _ => None,
    }
}

/// Collect four or more ASCII digits as a year greater than zero.
fn collect_year(cursor: &mut Cursor<'_>) -> Option<u32> {
    let digits = cursor.collect_digits();
    if digits.len() < 4 {
        return None;
    }
    let year = digits.iter().try_fold(0u32, |value, &digit| {
        value.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
    })?;
    (year > 0).then_some(year)
}

/// The rules to parse a month component.
fn parse_month_component(cursor: &mut Cursor<'_>) -> Option<Month> {
    // 1.–2. Four or more digits: year, which must be greater than zero.
    let year = collect_year(cursor)?;
    // 3. A "-".
    if !cursor.consume(b'-') {
        return None;
    }
    // 4.–5. Exactly two digits: month, in 1–12.
    let month = collect_two_digits(cursor)?;
    if !(1..=12).contains(&month) {
        return None;
    }
    // 6. Return year and month.
    Some(Month { year, month })
}

/// The rules to parse a date component.
fn parse_date_component(cursor: &mut Cursor<'_>) -> Option<Date> {
    // 1. Parse a month component.
    let Month { year, month } = parse_month_component(cursor)?;
    // 2. Let maxday be the number of days in month month of year year.
    let maxday = number_of_days_in_month(month, year);
    // 3. A "-".
    if !cursor.consume(b'-') {
        return None;
    }
    // 4.–5. Exactly two digits: day, in 1–maxday.
    let day = collect_two_digits(cursor)?;
    if !(1..=maxday).contains(&day) {
        return None;
    }
    // 6. Return year, month and day.
    Some(Date { year, month, day })
}

/// The rules to parse a yearless date component.
fn parse_yearless_date_component(cursor: &mut Cursor<'_>) -> Option<YearlessDate> {
    // 1. Zero or two "-".
    if !matches!(cursor.collect(|b| b == b'-').len(), 0 | 2) {
        return None;
    }
    // 2.–3. Exactly two digits: month, in 1–12.
    let month = collect_two_digits(cursor)?;
    if !(1..=12).contains(&month) {
        return None;
    }
    // 4. maxday is the number of days in month of any leap year (e.g. 4 or 2000).
    let maxday = number_of_days_in_month(month, 4);
    // 5. A "-".
    if !cursor.consume(b'-') {
        return None;
    }
    // 6.–7. Exactly two digits: day, in 1–maxday.
    let day = collect_two_digits(cursor)?;
    if !(1..=maxday).contains(&day) {
        return None;
    }
    // 8. Return month and day.
    Some(YearlessDate { month, day })
}

/// The rules to parse a time component.
fn parse_time_component(cursor: &mut Cursor<'_>) -> Option<Time> {
    // 1.–2. Exactly two digits: hour, in 0–23.
    let hour = collect_two_digits(cursor)?;
    if hour > 23 {
        return None;
    }
    // 3. A ":".
    if !cursor.consume(b':') {
        return None;
    }
    // 4.–5. Exactly two digits: minute, in 0–59.
    let minute = collect_two_digits(cursor)?;
    if minute > 59 {
        return None;
    }
    // 6. Let second be 0.
    let mut second = 0;
    let mut millisecond = 0;
    // 7. If the character at position is ":":
    if cursor.consume(b':') {
        // 7.2. The next two characters must both be ASCII digits.
        if !(cursor.peek(0).is_some_and(|b| b.is_ascii_digit())
            && cursor.peek(1).is_some_and(|b| b.is_ascii_digit()))
        {
            return None;
        }
        // 7.3. Collect digits and "."s: not three long, a "." third if longer, at most one
        //    "."; interpret it as a base-ten number with an optional fraction.
        let collected = cursor.collect(|b| b.is_ascii_digit() || b == b'.');
        let dots = collected.iter().filter(|&&b| b == b'.').count();
        let (whole, fraction) = match collected {
            [a, b] => ([*a, *b], &[][..]),
            [a, b, b'.', fraction @ ..] if dots == 1 && !fraction.is_empty() => {
                ([*a, *b], fraction)
            }
            _ => return None,
        };
        // 7.4. second must be in 0 ≤ second < 60: the whole seconds at most 59.
        second = (whole[0] - b'0') * 10 + (whole[1] - b'0');
        if second > 59 {
            return None;
        }
        // The fraction to the millisecond; later digits are truncated.
        millisecond = (0..3).fold(0u16, |value, index| {
            value * 10 + fraction.get(index).map_or(0, |&d| u16::from(d - b'0'))
        });
    }
    // 8. Return hour, minute and second.
    Some(Time {
        hour,
        minute,
        second,
        millisecond,
    })
}

/// The rules to parse a time-zone offset component.
fn parse_time_zone_offset_component(cursor: &mut Cursor<'_>) -> Option<TimeZoneOffset> {
    // 1. "Z": zero hours and minutes.
    if cursor.consume(b'Z') {
        return Some(TimeZoneOffset {
            hours: 0,
            minutes: 0,
        });
    }
    // Otherwise "+" or "-" sets the sign; anything else fails.
    let negative = match cursor.current() {
        Some(b'+') => false,
        Some(b'-') => true,
        _ => return None,
    };
    cursor.advance();
    // Collect digits: two (then ":" and exactly two more) or four.
    let (hours, minutes) = match *cursor.collect_digits() {
        [h1, h2] => {
            let hours = (h1 - b'0') * 10 + (h2 - b'0');
            if !cursor.consume(b':') {
                return None;
            }
            (hours, collect_two_digits(cursor)?)
        }
        [h1, h2, m1, m2] => (
            (h1 - b'0') * 10 + (h2 - b'0'),
            (m1 - b'0') * 10 + (m2 - b'0'),
        ),
        _ => return None,
    };
    // Hours in 0–23 and minutes in 0–59, each negated for a "-".
    if hours > 23 || minutes > 59 {
        return None;
    }
    let sign = if negative { -1 } else { 1 };
    // Both are at most 59, so the casts are exact.
    Some(TimeZoneOffset {
        hours: sign * hours as i8,
        minutes: sign * minutes as i8,
    })
}

/// Run `parse` over the whole of `input`: it fails unless it consumes everything.
fn parse_whole<T>(input: &str, parse: impl FnOnce(&mut Cursor<'_>) -> Option<T>) -> Option<T> {
    // 1.–2. Let input be the string being parsed; let position point at its start.
    let mut cursor = Cursor::new(input);
    // 3. Parse the component.
    let value = parse(&mut cursor)?;
    // 4. If position is not beyond the end of input, then fail.
    cursor.is_past_end().then_some(value)
}

/// A year as the serializers write it: four digits or more ("0001", "275760").
fn year(year: u32) -> String {
    let mut result = String::with_capacity(16);
    push_zero_padded_decimal(&mut result, year.into(), 4);
    result
}

/// Appends `separator` and a two-digit field ("-02", ":05").
fn push_two_digits(out: &mut String, separator: &str, n: u8) {
    out.push_str(separator);
    push_zero_padded_decimal(out, n.into(), 2);
}

// ---------------------------------------------------------------------------------------
// §2.4.5.1 Months

/// The rules to parse a month string.
pub fn parse_month_string(input: &str) -> Option<Month> {
    parse_whole(input, parse_month_component)
}

/// A valid month string: four or more digits (a year > 0), "-", two digits (1–12). The
/// grammar is exactly what the parser accepts.
pub fn is_valid_month_string(input: &str) -> bool {
    parse_month_string(input).is_some()
}

/// The month as a valid month string ("2005-02"), or `None` if it is out of range.
pub fn serialize_month_string(month: Month) -> Option<String> {
    (month.year > 0 && (1..=12).contains(&month.month)).then(|| {
        let mut result = year(month.year);
        push_two_digits(&mut result, "-", month.month);
        result
    })
}

// ---------------------------------------------------------------------------------------
// §2.4.5.2 Dates

/// The rules to parse a date string.
pub fn parse_date_string(input: &str) -> Option<Date> {
    parse_whole(input, parse_date_component)
}

/// A valid date string: a valid month string, "-", two digits (a day of that month).
pub fn is_valid_date_string(input: &str) -> bool {
    parse_date_string(input).is_some()
}

fn is_valid_date(date: Date) -> bool {
    date.year > 0 && (1..=number_of_days_in_month(date.month, date.year)).contains(&date.day)
}

/// The date as a valid date string ("2016-02-29"), or `None` if it is out of range.
pub fn serialize_date_string(date: Date) -> Option<String> {
    is_valid_date(date).then(|| {
        let mut result = year(date.year);
        push_two_digits(&mut result, "-", date.month);
        push_two_digits(&mut result, "-", date.day);
        result
    })
}

// ---------------------------------------------------------------------------------------
// §2.4.5.3 Yearless dates

/// The rules to parse a yearless date string.
pub fn parse_yearless_date_string(input: &str) -> Option<YearlessDate> {
    parse_whole(input, parse_yearless_date_component)
}

/// A valid yearless date string: an optional "--", two digits (1–12), "-", two digits (a
/// day of that month in a leap year).
pub fn is_valid_yearless_date_string(input: &str) -> bool {
    parse_yearless_date_string(input).is_some()
}

/// The yearless date as a valid yearless date string ("02-29"), or `None` if out of range.
pub fn serialize_yearless_date_string(date: YearlessDate) -> Option<String> {
    (1..=number_of_days_in_month(date.month, 4))
        .contains(&date.day)
        .then(|| {
            let mut result = String::with_capacity(5);
            push_two_digits(&mut result, "", date.month);
            push_two_digits(&mut result, "-", date.day);
            result
        })
}

// ---------------------------------------------------------------------------------------
// §2.4.5.4 Times

/// The rules to parse a time string.
pub fn parse_time_string(input: &str) -> Option<Time> {
    parse_whole(input, parse_time_component)
}

/// Whether a substring the time component accepted has at most three fraction digits, the
/// only difference between the parser's syntax and a valid time string.
fn has_valid_fraction(time: &[u8]) -> bool {
    time.iter()
        .position(|&b| b == b'.')
        .is_none_or(|dot| time.len() - dot - 1 <= 3)
}

/// A valid time string: "HH:MM", optionally ":SS", optionally "." and one to three digits.
pub fn is_valid_time_string(input: &str) -> bool {
    is_valid_time_string_bytes(input.as_bytes())
}

fn is_valid_time_string_bytes(input: &[u8]) -> bool {
    let mut cursor = Cursor::from_bytes(input);
    parse_time_component(&mut cursor).is_some() && cursor.is_past_end() && has_valid_fraction(input)
}

fn is_valid_time(time: Time) -> bool {
    time.hour <= 23 && time.minute <= 59 && time.second <= 59 && time.millisecond <= 999
}

/// The time as the shortest valid time string: seconds only when nonzero, and the fraction
/// without trailing zeros ("19:45", "19:45:45", "19:45:45.5"). `None` if out of range.
pub fn serialize_time_string(time: Time) -> Option<String> {
    if !is_valid_time(time) {
        return None;
    }
    let mut result = String::with_capacity(12);
    push_two_digits(&mut result, "", time.hour);
    push_two_digits(&mut result, ":", time.minute);
    if time.second != 0 || time.millisecond != 0 {
        push_two_digits(&mut result, ":", time.second);
    }
    push_milliseconds(&mut result, time.millisecond);
    Some(result)
}

// ---------------------------------------------------------------------------------------
// §2.4.5.5 Local dates and times

/// The rules to parse a local date and time string.
pub fn parse_local_date_and_time_string(input: &str) -> Option<LocalDateTime> {
    parse_whole(input, |cursor| {
        // 3. Parse a date component.
        let date = parse_date_component(cursor)?;
        // 4. A "T" or a space.
        if !(cursor.consume(b'T') || cursor.consume(b' ')) {
            return None;
        }
        // 5. Parse a time component.
        let time = parse_time_component(cursor)?;
        // 6.–9. At the end: return the date and time.
        Some(LocalDateTime { date, time })
    })
}

/// Split a string at its first "T" or space (a date string never contains either).
fn split_date_and_time(input: &str) -> Option<(&str, u8, &str)> {
    let index = input.bytes().position(|b| b == b'T' || b == b' ')?;
    let separator = *input.as_bytes().get(index)?;
    Some((input.get(..index)?, separator, input.get(index + 1..)?))
}

/// A valid local date and time string: a valid date string, "T" or a space, a valid time
/// string.
pub fn is_valid_local_date_and_time_string(input: &str) -> bool {
    split_date_and_time(input)
        .is_some_and(|(date, _, time)| is_valid_date_string(date) && is_valid_time_string(time))
}

/// A valid normalized local date and time string: a valid date string, "T", and the
/// shortest valid time string for the time.
pub fn is_valid_normalized_local_date_and_time_string(input: &str) -> bool {
    split_date_and_time(input).is_some_and(|(date, separator, time)| {
        separator == b'T'
            && is_valid_date_string(date)
            && parse_time_string(time)
                .and_then(serialize_time_string)
                .as_deref()
                == Some(time)
    })
}

/// The valid normalized local date and time string for a date and time, or `None` if out of
/// range.
pub fn serialize_normalized_local_date_and_time_string(value: LocalDateTime) -> Option<String> {
    let mut result = serialize_date_string(value.date)?;
    result.push('T');
    result.push_str(&serialize_time_string(value.time)?);
    Some(result)
}

// ---------------------------------------------------------------------------------------
// §2.4.5.6 Time zones

/// The rules to parse a time-zone offset string.
pub fn parse_time_zone_offset_string(input: &str) -> Option<TimeZoneOffset> {
    parse_whole(input, parse_time_zone_offset_component)
}

/// A valid time-zone offset string: "Z", or "+" (or "-" unless the offset is zero), two
/// digits (0–23), an optional ":", two digits (0–59).
pub fn is_valid_time_zone_offset_string(input: &str) -> bool {
    is_valid_time_zone_offset_bytes(input.as_bytes())
}

fn is_valid_time_zone_offset_bytes(input: &[u8]) -> bool {
    let mut cursor = Cursor::from_bytes(input);
    let Some(offset) = parse_time_zone_offset_component(&mut cursor) else {
        return false;
    };
    // The parser also accepts "-00:00", which is not valid.
    cursor.is_past_end() && !(input.first() == Some(&b'-') && offset.total_minutes() == 0)
}

fn is_valid_offset(offset: TimeZoneOffset) -> bool {
    let TimeZoneOffset { hours, minutes } = offset;
    (-23..=23).contains(&hours)
        && (-59..=59).contains(&minutes)
        && !(hours > 0 && minutes < 0 || hours < 0 && minutes > 0)
}

/// The offset as a valid time-zone offset string: "Z" for UTC, else "+HH:MM" or "-HH:MM".
/// `None` if out of range or the signs of hours and minutes differ.
pub fn serialize_time_zone_offset_string(offset: TimeZoneOffset) -> Option<String> {
    if !is_valid_offset(offset) {
        return None;
    }
    let total = offset.total_minutes();
    if total == 0 {
        return Some("Z".into());
    }
    let mut result = String::with_capacity(6);
    result.push(if total < 0 { '-' } else { '+' });
    let total = total.unsigned_abs();
    push_zero_padded_decimal(&mut result, (total / 60).into(), 2);
    result.push(':');
    push_zero_padded_decimal(&mut result, (total % 60).into(), 2);
    Some(result)
}

// ---------------------------------------------------------------------------------------
// §2.4.5.7 Global dates and times

/// The rules to parse a global date and time string: the moment in UTC, and the offset.
/// `None` also for the one moment past the `u32` years (year 4294967295 pushed into the next
/// year by a negative offset).
pub fn parse_global_date_and_time_string(input: &str) -> Option<GlobalDateTime> {
    parse_whole(input, parse_global_date_and_time_components)
}

/// Steps 3–11 of the rules to parse a global date and time string, at position.
fn parse_global_date_and_time_components(cursor: &mut Cursor<'_>) -> Option<GlobalDateTime> {
    // 3. Parse a date component.
    let date = parse_date_component(cursor)?;
    // 4. A "T" or a space.
    if !(cursor.consume(b'T') || cursor.consume(b' ')) {
        return None;
    }
    // 5. Parse a time component.
    let time = parse_time_component(cursor)?;
    // 6. If position is beyond the end of input, then fail.
    if cursor.is_past_end() {
        return None;
    }
    // 7. Parse a time-zone offset component.
    let timezone = parse_time_zone_offset_component(cursor)?;
    // 8. (The caller checks the end of input.)
    // 9.–11. The moment in UTC: subtract the offset. Return it and the offset.
    to_utc(LocalDateTime { date, time }, timezone)
}

/// The moment `local − offset`, which is at most a day away.
fn to_utc(local: LocalDateTime, offset: TimeZoneOffset) -> Option<GlobalDateTime> {
    let LocalDateTime { mut date, mut time } = local;
    let mut minutes = i16::from(time.hour) * 60 + i16::from(time.minute) - offset.total_minutes();
    if minutes < 0 {
        minutes += 24 * 60;
        date = previous_day(date)?;
    } else if minutes >= 24 * 60 {
        minutes -= 24 * 60;
        date = next_day(date)?;
    }
    // 0 ≤ minutes < 1440.
    time.hour = u8::try_from(minutes / 60).ok()?;
    time.minute = u8::try_from(minutes % 60).ok()?;
    Some(GlobalDateTime {
        date,
        time,
        timezone: offset,
    })
}

fn previous_day(date: Date) -> Option<Date> {
    Some(if date.day > 1 {
        Date {
            day: date.day - 1,
            ..date
        }
    } else if date.month > 1 {
        let month = date.month - 1;
        Date {
            month,
            day: number_of_days_in_month(month, date.year),
            ..date
        }
    } else {
        Date {
            year: date.year.checked_sub(1)?,
            month: 12,
            day: 31,
        }
    })
}

fn next_day(date: Date) -> Option<Date> {
    Some(
        if date.day < number_of_days_in_month(date.month, date.year) {
            Date {
                day: date.day + 1,
                ..date
            }
        } else if date.month < 12 {
            Date {
                month: date.month + 1,
                day: 1,
                ..date
            }
        } else {
            Date {
                year: date.year.checked_add(1)?,
                month: 1,
                day: 1,
            }
        },
    )
}

/// A valid global date and time string: a valid date string, "T" or a space, a valid time
/// string, a valid time-zone offset string.
pub fn is_valid_global_date_and_time_string(input: &str) -> bool {
    let Some((date, _, rest)) = split_date_and_time(input) else {
        return false;
    };
    // The time ends where the offset's "Z", "+" or "-" begins.
    let Some(zone) = rest.bytes().position(|b| matches!(b, b'Z' | b'+' | b'-')) else {
        return false;
    };
    let (time, zone) = rest.as_bytes().split_at(zone);
    is_valid_date_string(date)
        && is_valid_time_string_bytes(time)
        && is_valid_time_zone_offset_bytes(zone)
}

/// A valid normalized global date and time string (HTML 5.x; the current standard dropped
/// it): the date in UTC, "T", the shortest valid time string of the time in UTC, "Z".
pub fn is_valid_normalized_global_date_and_time_string(input: &str) -> bool {
    input.strip_suffix('Z').is_some_and(|local| {
        is_valid_global_date_and_time_string(input)
            && is_valid_normalized_local_date_and_time_string(local)
    })
}

/// The moment as a valid normalized global date and time string ("…T…Z", in UTC), or
/// `None` if out of range (including a UTC year 0, which no valid date string can hold).
pub fn serialize_normalized_global_date_and_time_string(value: GlobalDateTime) -> Option<String> {
    let local = serialize_normalized_local_date_and_time_string(LocalDateTime {
        date: value.date,
        time: value.time,
    })?;
    Some(local + "Z")
}

// ---------------------------------------------------------------------------------------
// §2.4.5.8 Weeks

/// The rules to parse a week string.
pub fn parse_week_string(input: &str) -> Option<Week> {
    parse_whole(input, |cursor| {
        // 3.–4. Four or more digits: year, greater than zero.
        let year = collect_year(cursor)?;
        // 5.–6. "-" then "W".
        if !(cursor.consume(b'-') && cursor.consume(b'W')) {
            return None;
        }
        // 7. Exactly two digits: week.
        let week = collect_two_digits(cursor)?;
        // 8.–9. week in 1–maxweek, the week number of the last day of year.
        if !(1..=week_number_of_last_day(year)).contains(&week) {
            return None;
        }
        // 10.–11. At the end: return year and week.
        Some(Week { year, week })
    })
}

/// A valid week string: four or more digits (a year > 0), "-W", two digits (1 to the
/// year's last week).
pub fn is_valid_week_string(input: &str) -> bool {
    parse_week_string(input).is_some()
}

/// The week as a valid week string ("2026-W53"), or `None` if out of range.
pub fn serialize_week_string(week: Week) -> Option<String> {
    (week.year > 0 && (1..=week_number_of_last_day(week.year)).contains(&week.week)).then(|| {
        let mut result = year(week.year);
        push_two_digits(&mut result, "-W", week.week);
        result
    })
}

// ---------------------------------------------------------------------------------------
// §2.4.5.10 Vaguer moments in time

/// A valid date string with optional time: a valid date string or a valid global date and
/// time string.
pub fn is_valid_date_string_with_optional_time(input: &str) -> bool {
    is_valid_date_string(input) || is_valid_global_date_and_time_string(input)
}

/// The rules to parse a date or time string: a date, a time, or a global date and time.
pub fn parse_date_or_time_string(input: &str) -> Option<DateOrTime> {
    // 1.–3. input, position, and start position.
    let mut cursor = Cursor::new(input);
    let start = cursor.position();
    // 4.–5. Parse a date component; date present is whether it worked.
    let date = parse_date_component(&mut cursor);
    // 6. With a date: a "T" or space is skipped, else there is no time; without one, go back
    //    to the start.
    let time_present = match date {
        Some(_) => cursor.consume(b'T') || cursor.consume(b' '),
        None => {
            cursor.set_position(start);
            true
        }
    };
    // 7. If time present, parse a time component.
    let time = if time_present {
        Some(parse_time_component(&mut cursor)?)
    } else {
        None
    };
    let result = match (date, time) {
        (Some(date), Some(time)) => {
            // 8. Both present but at the end: fail.
            if cursor.is_past_end() {
                return None;
            }
            // 9. Parse a time-zone offset component.
            let timezone = parse_time_zone_offset_component(&mut cursor)?;
            // 11. The moment in UTC and the offset.
            DateOrTime::GlobalDateTime(to_utc(LocalDateTime { date, time }, timezone)?)
        }
        (Some(date), None) => DateOrTime::Date(date),
        (None, Some(time)) => DateOrTime::Time(time),
        (None, None) => return None,
    };
    // 10. If position is not beyond the end of input, then fail.
    cursor.is_past_end().then_some(result)
}
