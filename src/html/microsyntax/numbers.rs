//! §2.4.4 "Numbers": integers, non-negative integers, floating-point numbers, dimension
//! values and their lists.
//!
//! Bounds: the spec's integers are unbounded; here [`parse_integer`] returns an `i64` and
//! [`parse_non_negative_integer`] a `u64`, and a value outside the type is an error (no
//! browser keeps more). Floating-point values are the exact decimal value rounded once to the
//! nearest double, as the conversion steps require, however many digits the input has.
//! Dimension values are rounded the same way; one too large for a double is `+∞`.

use super::idioms::{
    Cursor, decimal_to_f64, digits_to_u64, digits_to_u64_saturating, is_whitespace_byte,
};
use crate::infra::strings::{push_decimal, split_on_commas};
use alloc::{format, string::String, vec::Vec};

/// §2.4.4.1 "A string is a valid integer if it consists of one or more ASCII digits,
/// optionally prefixed with a U+002D HYPHEN-MINUS character (-)."
pub fn is_valid_integer(input: &str) -> bool {
    is_valid_non_negative_integer(input.strip_prefix('-').unwrap_or(input))
}

/// §2.4.4.1 The rules for parsing integers. `None` is an error, including a value outside
/// `i64`.
pub fn parse_integer(input: &str) -> Option<i64> {
    let (negative, value) = parse_integer_sign_and_value(input)?;
    let value = i128::from(value);
    // 9. If sign is "positive", return value, otherwise subtract value from zero.
    i64::try_from(if negative { -value } else { value }).ok()
}

/// The steps the integer and floating-point rules share: skip ASCII whitespace; past the end
/// is an error; a "-" means negative and a "+" is skipped, and either must be followed by
/// something. Returns whether the sign is negative, or `None` for an error.
fn skip_whitespace_and_sign(cursor: &mut Cursor<'_>) -> Option<bool> {
    cursor.skip_ascii_whitespace();
    if cursor.is_past_end() {
        return None;
    }
    let negative = cursor.consume(b'-');
    if !negative {
        cursor.consume(b'+');
    }
    if cursor.is_past_end() {
        return None;
    }
    Some(negative)
}

/// Steps 1–8 of the rules for parsing integers: the sign and the magnitude (`None` for an
/// error or a magnitude beyond `u64`).
fn parse_integer_sign_and_value(input: &str) -> Option<(bool, u64)> {
    // 1.–2. Let input be the string being parsed; let position point at its start.
    let mut cursor = Cursor::new(input);
    // 3.–6. Let sign have the value "positive"; skip ASCII whitespace; a "-" makes the sign
    //    negative, a "+" is ignored (but not conforming).
    let negative = skip_whitespace_and_sign(&mut cursor)?;
    // 7. If the character indicated by position is not an ASCII digit, return an error.
    if !cursor.current().is_some_and(|b| b.is_ascii_digit()) {
        return None;
    }
    // 8. Collect a sequence of ASCII digits and interpret it as a base-ten integer.
    let value = digits_to_u64(cursor.collect_digits())?;
    Some((negative, value))
}

/// §2.4.4.2 "A string is a valid non-negative integer if it consists of one or more ASCII
/// digits."
pub fn is_valid_non_negative_integer(input: &str) -> bool {
    !input.is_empty() && input.bytes().all(|b| b.is_ascii_digit())
}

/// §2.4.4.2 The rules for parsing non-negative integers. `None` is an error, including a
/// value beyond `u64`.
pub fn parse_non_negative_integer(input: &str) -> Option<u64> {
    // 2.–3. Parse with the rules for parsing integers; an error is an error.
    let (negative, value) = parse_integer_sign_and_value(input)?;
    // 4. If value is less than zero, return an error ("-0" is zero).
    if negative && value != 0 {
        return None;
    }
    // 5. Return value.
    Some(value)
}

/// §2.4.4.3 Whether `input` is a valid floating-point number: an optional "-", digits and/or
/// "." followed by digits, then optionally "e"/"E", an optional sign and digits.
pub fn is_valid_floating_point_number(input: &str) -> bool {
    let mut cursor = Cursor::new(input);
    // 1. Optionally, a U+002D HYPHEN-MINUS character (-).
    cursor.consume(b'-');
    // 2. One or both of: digits; "." followed by digits.
    let integer = cursor.collect_digits();
    if cursor.consume(b'.') {
        if cursor.collect_digits().is_empty() {
            return false;
        }
    } else if integer.is_empty() {
        return false;
    }
    // 3. Optionally: "e" or "E", an optional sign, digits.
    if cursor.consume(b'e') || cursor.consume(b'E') {
        if !cursor.consume(b'-') {
            cursor.consume(b'+');
        }
        if cursor.collect_digits().is_empty() {
            return false;
        }
    }
    cursor.is_past_end()
}

/// §2.4.4.3 "The best representation of the number n as a floating-point number": the
/// ECMAScript Number::toString(n) (shortest round-tripping digits, ties to the closest).
/// NaN and the infinities give "NaN", "Infinity" and "-Infinity", which are not valid
/// floating-point numbers.
pub fn best_representation_of_floating_point_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n == 0.0 {
        // Both zeros.
        return "0".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let mut result = String::new();
    if n < 0.0 {
        result.push('-');
    }
    // Rust's shortest scientific form gives ECMAScript's k (the digit count). Among the
    // k-digit strings that round-trip, ECMAScript takes the one closest to n, and the even
    // one of two equally close; Rust's exact formatting to k digits rounds the same way
    // (ties to even), so it is used whenever it still round-trips.
    let magnitude = n.abs();
    let shortest = format!("{magnitude:e}");
    let digit_count = shortest
        .split('e')
        .next()
        .map_or(1, |m| m.replace('.', "").len());
    let closest = format!("{magnitude:.*e}", digit_count.saturating_sub(1));
    let scientific = if closest.parse::<f64>() == Ok(magnitude) {
        closest
    } else {
        shortest
    };
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = i64::try_from(digits.len()).unwrap_or(i64::MAX);
    let n = exponent.parse::<i64>().unwrap_or(0) + 1;
    if k <= n && n <= 21 {
        // The digits followed by n − k zeros.
        result.push_str(&digits);
        result.extend(core::iter::repeat_n(
            '0',
            usize::try_from(n - k).unwrap_or(0),
        ));
    } else if 0 < n && n <= 21 {
        // The first n digits, a point, the remaining k − n digits.
        let (whole, fraction) = digits.split_at(usize::try_from(n).unwrap_or(0));
        result.push_str(whole);
        result.push('.');
        result.push_str(fraction);
    } else if -6 < n && n <= 0 {
        // "0." then −n zeros then the digits.
        result.push_str("0.");
        result.extend(core::iter::repeat_n('0', usize::try_from(-n).unwrap_or(0)));
        result.push_str(&digits);
    } else {
        // Exponential: d[.ddd]e±(n − 1).
        let (first, rest) = digits.split_at(1);
        result.push_str(first);
        if !rest.is_empty() {
            result.push('.');
            result.push_str(rest);
        }
        result.push('e');
        result.push(if n - 1 < 0 { '-' } else { '+' });
        push_decimal(&mut result, (n - 1).unsigned_abs());
    }
    result
}

/// §2.4.4.3 The rules for parsing floating-point number values. `None` is an error,
/// including a value that rounds beyond the largest finite double. Never returns −0.
pub fn parse_floating_point_number_value(input: &str) -> Option<f64> {
    parse_floating_point_number_bytes(input.as_bytes())
}

fn parse_floating_point_number_bytes(input: &[u8]) -> Option<f64> {
    // 1.–2. Let input be the string being parsed; let position point at its start.
    let mut cursor = Cursor::from_bytes(input);
    // 3.–5. value, divisor and exponent start at 1. The value is kept exactly as its sign,
    //    integer digits, fraction digits and power of ten, and rounded once at conversion.
    let mut integer: &[u8] = b"";
    let mut fraction: &[u8] = b"";
    let mut exponent: i64 = 0;
    // 6.–8. Skip ASCII whitespace; a "-" changes value and divisor to −1, a "+" is ignored.
    let negative = skip_whitespace_and_sign(&mut cursor)?;
    // 9. A "." followed by a digit: value is zero; jump to the step labeled fraction.
    let starts_with_fraction =
        cursor.is(b'.') && cursor.peek(1).is_some_and(|b| b.is_ascii_digit());
    if !starts_with_fraction {
        // 10. If the character indicated by position is not an ASCII digit, return an error.
        if !cursor.current().is_some_and(|b| b.is_ascii_digit()) {
            return None;
        }
        // 11. Collect a sequence of ASCII digits; multiply value by that integer.
        integer = cursor.collect_digits();
        // 12. If position is past the end of input, jump to the step labeled conversion.
    }
    'steps: {
        if cursor.is_past_end() {
            break 'steps;
        }
        // 13. Fraction: if the character indicated by position is ".":
        if cursor.consume(b'.') {
            // 13.2. Past the end, or not a digit, "e" or "E": jump to conversion.
            match cursor.current() {
                Some(b'0'..=b'9') => {
                    // 13.4.–13.8. Fraction loop: each digit is added, divided by the next
                    //    power of ten; past the end jumps to conversion.
                    fraction = cursor.collect_digits();
                    if cursor.is_past_end() {
                        break 'steps;
                    }
                }
                // 13.3. An "e" or "E" skips the remainder of these substeps.
                Some(b'e' | b'E') => {}
                _ => break 'steps,
            }
        }
        // 14. If the character indicated by position is "e" or "E":
        if cursor.consume(b'e') || cursor.consume(b'E') {
            // 14.2. Past the end: jump to conversion.
            if cursor.is_past_end() {
                break 'steps;
            }
            // 14.3. A "-" changes exponent to −1, a "+" is skipped; past the end after
            //    either: jump to conversion.
            let exponent_negative = cursor.consume(b'-');
            if !exponent_negative {
                cursor.consume(b'+');
            }
            // 14.4. If the character indicated by position is not an ASCII digit, jump to
            //    conversion.
            if !cursor.current().is_some_and(|b| b.is_ascii_digit()) {
                break 'steps;
            }
            // 14.5. Collect digits; multiply exponent by that integer. An exponent beyond
            //    i64 saturates: the result is then ±∞ or 0 whatever the significand.
            let magnitude = i64::try_from(digits_to_u64_saturating(cursor.collect_digits()))
                .unwrap_or(i64::MAX);
            // 14.6. Multiply value by ten raised to the exponentth power.
            exponent = if exponent_negative {
                -magnitude
            } else {
                magnitude
            };
        }
    }
    // 15.–16. Conversion: the value in S (finite doubles without −0, plus ±2^1024) closest to
    //    value, ties to even: IEEE rounding, with −0 read as 0 and ±∞ standing for ±2^1024.
    let rounded = decimal_to_f64(negative, integer, fraction, exponent);
    // 17. If rounded-value is 2^1024 or −2^1024, return an error.
    if rounded.is_infinite() {
        return None;
    }
    // 18. Return rounded-value (+0 for a zero, since S has no −0).
    Some(rounded + 0.0)
}

/// Whether a dimension value is a length or a percentage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DimensionKind {
    Length,
    Percentage,
}

/// The result of the rules for parsing dimension values: a number ≥ 0 and its kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dimension {
    pub value: f64,
    pub kind: DimensionKind,
}

/// §2.4.4.4 The rules for parsing dimension values (the current standard's steps: leading
/// whitespace skipped, no sign). `None` is failure.
pub fn parse_dimension_value(input: &str) -> Option<Dimension> {
    // 1.–2. Let input be the string being parsed; let position point at its start.
    let mut cursor = Cursor::new(input);
    // 3. Skip ASCII whitespace within input given position.
    cursor.skip_ascii_whitespace();
    // 4. Past the end, or not an ASCII digit: failure.
    if !cursor.current().is_some_and(|b| b.is_ascii_digit()) {
        return None;
    }
    // 5. Collect a sequence of ASCII digits as a base-ten integer: value.
    let integer = cursor.collect_digits();
    let mut fraction: &[u8] = b"";
    // 6. Past the end: value as a length (the current dimension value gives the same).
    // 7. If the code point at position is ".":
    if cursor.consume(b'.') {
        // 7.2. Past the end or not a digit: the current dimension value.
        // 7.3.–7.4. Each digit is added, divided by the next power of ten; past the end is a
        //    length, anything else breaks out to the current dimension value.
        fraction = cursor.collect_digits();
    }
    // 8. Return the current dimension value with value, input and position.
    let value = decimal_to_f64(false, integer, fraction, 0);
    Some(current_dimension_value(value, &cursor))
}

/// "The current dimension value": a percentage if the code point at position is "%",
/// otherwise (including past the end) a length.
fn current_dimension_value(value: f64, cursor: &Cursor<'_>) -> Dimension {
    let kind = if cursor.is(b'%') {
        DimensionKind::Percentage
    } else {
        DimensionKind::Length
    };
    Dimension { value, kind }
}

/// §2.4.4.5 The rules for parsing nonzero dimension values. `None` is an error.
pub fn parse_nonzero_dimension_value(input: &str) -> Option<Dimension> {
    // 2.–3. Parse with the rules for parsing dimension values; an error is an error.
    let dimension = parse_dimension_value(input)?;
    // 4. If value is zero, return an error.
    if dimension.value == 0.0 {
        return None;
    }
    // 5.–6. Return value as a percentage or a length.
    Some(dimension)
}

/// §2.4.4.6 "A valid list of floating-point numbers is a number of valid floating-point
/// numbers separated by U+002C COMMA characters, with no other characters". The empty string
/// (a single empty item) is not one.
pub fn is_valid_list_of_floating_point_numbers(input: &str) -> bool {
    input.split(',').all(is_valid_floating_point_number)
}

/// §2.4.4.6 The rules for parsing a list of floating-point numbers. Unparseable items become
/// zero; the result is never an error.
pub fn parse_list_of_floating_point_numbers(input: &str) -> Vec<f64> {
    let is_delimiter = |b: u8| is_whitespace_byte(b) || b == b',' || b == b';';
    // 1.–3. input, position, and numbers: initially empty.
    let mut cursor = Cursor::new(input);
    let mut numbers = Vec::new();
    // 4. Collect ASCII whitespace, "," or ";": skips past any leading delimiters.
    cursor.collect(is_delimiter);
    // 5. While position is not past the end of input:
    while !cursor.is_past_end() {
        // 5.1. Skip leading garbage: anything but delimiters, digits, "." and "-".
        cursor.collect(|b| !(is_delimiter(b) || b.is_ascii_digit() || b == b'.' || b == b'-'));
        // 5.2. Collect everything up to the next delimiter: unparsed number.
        let unparsed = cursor.collect(|b| !is_delimiter(b));
        // 5.3.–5.5. Parse it as a floating-point number value; an error is zero. Append.
        numbers.push(parse_floating_point_number_bytes(unparsed).unwrap_or(0.0));
        // 5.6. Skip past the delimiter.
        cursor.collect(is_delimiter);
    }
    // 6. Return numbers.
    numbers
}

/// The unit of one entry of a list of dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListDimensionUnit {
    Percentage,
    Relative,
    Absolute,
}

/// One number/unit pair from the rules for parsing a list of dimensions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ListDimension {
    pub value: f64,
    pub unit: ListDimensionUnit,
}

/// §2.4.4.7 The rules for parsing a list of dimensions (frameset `cols`/`rows`).
///
/// Step 5.7 says to collect the fraction's whitespace and digits while position is still at
/// the "." (which would collect nothing, leaving "1.5*" an absolute 1); like every engine,
/// this collects them after the ".", which is what the step is for.
pub fn parse_list_of_dimensions(input: &str) -> Vec<ListDimension> {
    // 1.–2. Let raw input be the string; remove one trailing ",".
    let raw_input = input.strip_suffix(',').unwrap_or(input);
    // 3. Split raw input on commas: raw tokens.
    // 4.–5. For each token, add a number/unit pair to result.
    split_on_commas(raw_input)
        .map(parse_dimension_list_token)
        .collect()
}

/// Step 5 of the rules for parsing a list of dimensions, for one token.
fn parse_dimension_list_token(token: &str) -> ListDimension {
    // 5.1.–5.4. input is the token, position at its start, value 0, unit absolute.
    let mut cursor = Cursor::new(token);
    let mut unit = ListDimensionUnit::Absolute;
    // 5.5. Past the end: unit relative, value 0.
    if cursor.is_past_end() {
        return ListDimension {
            value: 0.0,
            unit: ListDimensionUnit::Relative,
        };
    }
    // 5.6. Digits: collect them as a base-ten integer and add it to value.
    let integer = cursor.collect_digits();
    // 5.7. A ".": collect ASCII whitespace and digits, remove the whitespace, and add the
    //    digits as a fraction (divided by 10^length).
    let mut fraction = Vec::new();
    if cursor.consume(b'.') {
        let collected = cursor.collect(|b| b.is_ascii_digit() || is_whitespace_byte(b));
        fraction.extend(collected.iter().filter(|b| b.is_ascii_digit()));
    }
    // 5.8. Skip ASCII whitespace within input given position.
    cursor.skip_ascii_whitespace();
    // 5.9. "%" is a percentage, "*" is relative.
    if cursor.is(b'%') {
        unit = ListDimensionUnit::Percentage;
    } else if cursor.is(b'*') {
        unit = ListDimensionUnit::Relative;
    }
    // 5.10. Add an entry with value and unit.
    ListDimension {
        value: decimal_to_f64(false, integer, &fraction, 0),
        unit,
    }
}
