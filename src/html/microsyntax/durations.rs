//! §2.4.5.9 "Durations": the ISO 8601-like form ("PT4H18M3S") and the informal form
//! ("4h 18m 3s"), both read by one parser.
//!
//! Bounds: a duration is a whole number of seconds in a `u64` plus milliseconds. Fractions of
//! a second keep three digits (later ones are truncated, as for times); a duration beyond
//! `u64::MAX` seconds (about 5.8 × 10^11 years) fails to parse.

use super::idioms::{Cursor, digits_to_u64, is_whitespace_byte, push_milliseconds};
use crate::infra::strings::push_decimal;
use alloc::{string::String, vec::Vec};

/// A duration: `seconds` whole seconds and `milliseconds` (0–999) more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Duration {
    pub seconds: u64,
    pub milliseconds: u16,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Units {
    Years,
    Months,
    Weeks,
    Days,
    Hours,
    Minutes,
    Seconds,
}

/// The M-disambiguator: whether an "M" is months or minutes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MDisambiguator {
    Months,
    Minutes,
}

/// The rules to parse a duration string. `None` is failure, including any number of months
/// or years.
pub fn parse_duration_string(input: &str) -> Option<Duration> {
    // 1.–2. input and position.
    let mut cursor = Cursor::new(input);
    // 3. months, seconds and component count are zero (seconds kept as milliseconds).
    let mut months: u128 = 0;
    let mut milliseconds: u128 = 0;
    let mut component_count: u32 = 0;
    // 4. Let M-disambiguator be minutes.
    let mut m_disambiguator = MDisambiguator::Minutes;
    // 5. Skip ASCII whitespace within input given position.
    cursor.skip_ascii_whitespace();
    // 6. If position is past the end of input, then fail.
    if cursor.is_past_end() {
        return None;
    }
    // 7. A "P": advance, M-disambiguator is months, skip ASCII whitespace.
    if cursor.consume(b'P') {
        m_disambiguator = MDisambiguator::Months;
        cursor.skip_ascii_whitespace();
    }
    // 8. While true:
    loop {
        // 8.1.–8.3. units and next character undefined; at the end, break.
        if cursor.is_past_end() {
            break;
        }
        // 8.4. A "T": advance, M-disambiguator is minutes, skip whitespace, continue.
        if cursor.consume(b'T') {
            m_disambiguator = MDisambiguator::Minutes;
            cursor.skip_ascii_whitespace();
            continue;
        }
        // 8.5.–8.6. next character: "." makes N zero (position stays); digits are N;
        //    anything else fails. N is kept in milliseconds.
        let whole = match cursor.current() {
            Some(b'.') => 0,
            Some(b'0'..=b'9') => digits_to_u64(cursor.collect_digits())?,
            _ => return None,
        };
        let mut n_milliseconds = u128::from(whole) * 1000;
        // 8.7.–8.8. Past the end fails; take the next character and advance.
        let mut next = cursor.current()?;
        cursor.advance();
        let units;
        if next == b'.' {
            // 8.9.1.–8.9.5. Collect digits: s; empty fails; add s / 10^length to N.
            let fraction = cursor.collect_digits();
            if fraction.is_empty() {
                return None;
            }
            let fraction_milliseconds = (0..3).fold(0u128, |value, index| {
                value * 10 + fraction.get(index).map_or(0, |&d| u128::from(d - b'0'))
            });
            n_milliseconds = n_milliseconds.checked_add(fraction_milliseconds)?;
            // 8.9.6.–8.9.10. Skip whitespace; then an "s" or "S" (seconds) must follow.
            cursor.skip_ascii_whitespace();
            next = cursor.current()?;
            cursor.advance();
            if !matches!(next, b's' | b'S') {
                return None;
            }
            units = Units::Seconds;
        } else {
            // 8.9 Otherwise, 1. after whitespace, the next character is the unit.
            if is_whitespace_byte(next) {
                cursor.skip_ascii_whitespace();
                next = cursor.current()?;
                cursor.advance();
            }
            // 2. The unit letter; "Y" and "W"/"D"/"H"/"S" also set the disambiguator.
            units = match (next, m_disambiguator) {
                (b'Y' | b'y', _) => {
                    m_disambiguator = MDisambiguator::Months;
                    Units::Years
                }
                (b'M' | b'm', MDisambiguator::Months) => Units::Months,
                (b'W' | b'w', _) => {
                    m_disambiguator = MDisambiguator::Minutes;
                    Units::Weeks
                }
                (b'D' | b'd', _) => {
                    m_disambiguator = MDisambiguator::Minutes;
                    Units::Days
                }
                (b'H' | b'h', _) => {
                    m_disambiguator = MDisambiguator::Minutes;
                    Units::Hours
                }
                (b'M' | b'm', MDisambiguator::Minutes) => Units::Minutes,
                (b'S' | b's', _) => {
                    m_disambiguator = MDisambiguator::Minutes;
                    Units::Seconds
                }
                _ => return None,
            };
        }
        // 8.10. Increment component count.
        component_count = component_count.saturating_add(1);
        // 8.11.–8.13. Scale N by its unit into months or seconds.
        let multiplier: u128 = match units {
            Units::Years => 12,
            Units::Months => 1,
            Units::Weeks => 7 * 24 * 60 * 60,
            Units::Days => 24 * 60 * 60,
            Units::Hours => 60 * 60,
            Units::Minutes => 60,
            Units::Seconds => 1,
        };
        let product = n_milliseconds.checked_mul(multiplier)?;
        if matches!(units, Units::Years | Units::Months) {
            // Any months at all fail in step 10, so only whether there are any matters.
            months = months.saturating_add(product);
        } else {
            milliseconds = milliseconds.checked_add(product)?;
        }
        // 8.14. Skip ASCII whitespace within input given position.
        cursor.skip_ascii_whitespace();
    }
    // 9. If component count is zero, fail. 10. If months is not zero, fail.
    if component_count == 0 || months != 0 {
        return None;
    }
    // 11. Return the duration of seconds seconds.
    Some(Duration {
        seconds: u64::try_from(milliseconds / 1000).ok()?,
        milliseconds: u16::try_from(milliseconds % 1000).ok()?,
    })
}

/// A valid duration string: the ISO form ("P", then days "nD", then "T" with hours "nH",
/// minutes "nM" and seconds "n[.fff]S", in that order, at least one of them), or one or more
/// informal duration time components with different units in any order.
pub fn is_valid_duration_string(input: &str) -> bool {
    if input.starts_with('P') {
        is_valid_iso_duration(input)
    } else {
        is_valid_informal_duration(input)
    }
}

/// Collect one or more digits, and for seconds an optional "." with one to three digits;
/// then require `unit`. Returns whether a component was there (false leaves it unread).
fn iso_component(cursor: &mut Cursor<'_>, unit: u8, fraction_allowed: bool) -> Option<bool> {
    let start = cursor.position();
    if cursor.collect_digits().is_empty() {
        return Some(false);
    }
    if fraction_allowed && cursor.consume(b'.') && !(1..=3).contains(&cursor.collect_digits().len())
    {
        return None;
    }
    if cursor.consume(unit) {
        Some(true)
    } else {
        // Digits for a later unit.
        cursor.set_position(start);
        Some(false)
    }
}

fn is_valid_iso_duration(input: &str) -> bool {
    let check = || -> Option<bool> {
        let mut cursor = Cursor::new(input);
        cursor.consume(b'P');
        let days = iso_component(&mut cursor, b'D', false)?;
        let mut time = false;
        if cursor.consume(b'T') {
            let hours = iso_component(&mut cursor, b'H', false)?;
            let minutes = iso_component(&mut cursor, b'M', false)?;
            let seconds = iso_component(&mut cursor, b'S', true)?;
            time = hours || minutes || seconds;
            // "T" must be followed by at least one of them.
            if !time {
                return Some(false);
            }
        }
        Some((days || time) && cursor.is_past_end())
    };
    check().unwrap_or(false)
}

fn is_valid_informal_duration(input: &str) -> bool {
    let mut cursor = Cursor::new(input);
    let mut seen: Vec<u8> = Vec::new();
    while !cursor.is_past_end() {
        // Zero or more whitespace, one or more digits.
        cursor.skip_ascii_whitespace();
        if cursor.collect_digits().is_empty() {
            return false;
        }
        // For seconds only, an optional "." and one to three digits.
        let fraction = cursor.consume(b'.');
        if fraction && !(1..=3).contains(&cursor.collect_digits().len()) {
            return false;
        }
        // Zero or more whitespace, the unit, zero or more whitespace.
        cursor.skip_ascii_whitespace();
        let Some(unit) = cursor.current().map(|b| b.to_ascii_lowercase()) else {
            return false;
        };
        cursor.advance();
        if !matches!(unit, b'w' | b'd' | b'h' | b'm' | b's') || (fraction && unit != b's') {
            return false;
        }
        // Each component has a different scale.
        if seen.contains(&unit) {
            return false;
        }
        seen.push(unit);
        cursor.skip_ascii_whitespace();
    }
    !seen.is_empty()
}

/// The duration as a valid duration string in the ISO form, largest units first: days,
/// hours, minutes, then seconds with up to three fraction digits ("P1DT1H1M1.5S"); "PT0S"
/// for zero. `None` if `milliseconds` is over 999.
pub fn serialize_duration_string(duration: Duration) -> Option<String> {
    if duration.milliseconds > 999 {
        return None;
    }
    let days = duration.seconds / 86_400;
    let hours = duration.seconds / 3_600 % 24;
    let minutes = duration.seconds / 60 % 60;
    let seconds = duration.seconds % 60;
    let mut result = String::from("P");
    if days != 0 {
        push_decimal(&mut result, days);
        result.push('D');
    }
    let has_time = hours != 0 || minutes != 0 || seconds != 0 || duration.milliseconds != 0;
    if has_time || days == 0 {
        result.push('T');
        if hours != 0 {
            push_decimal(&mut result, hours);
            result.push('H');
        }
        if minutes != 0 {
            push_decimal(&mut result, minutes);
            result.push('M');
        }
        if seconds != 0 || duration.milliseconds != 0 || !has_time {
            push_decimal(&mut result, seconds);
            push_milliseconds(&mut result, duration.milliseconds);
            result.push('S');
        }
    }
    Some(result)
}
