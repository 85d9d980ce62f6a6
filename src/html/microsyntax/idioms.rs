//! §2.4.1 "Common parser idioms": an input string with a position variable.
//!
//! The microsyntaxes only ever test for ASCII code points, so the position walks the UTF-8
//! bytes: a byte of a multi-byte character never matches an ASCII test, exactly as the whole
//! character would not, and every slice taken between two ASCII matches is a valid `str`.

use crate::infra::code_points::is_ascii_whitespace;
use crate::infra::strings::{push_decimal, push_zero_padded_decimal};
use alloc::string::String;

/// The spec's `input` and `position` pair.
pub(crate) struct Cursor<'a> {
    input: &'a [u8],
    position: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(input: &'a str) -> Self {
        Self::from_bytes(input.as_bytes())
    }

    pub(crate) fn from_bytes(input: &'a [u8]) -> Self {
        Cursor { input, position: 0 }
    }

    /// "position is past (beyond) the end of input".
    pub(crate) fn is_past_end(&self) -> bool {
        self.position >= self.input.len()
    }

    /// The byte at position, or `None` past the end.
    pub(crate) fn current(&self) -> Option<u8> {
        self.input.get(self.position).copied()
    }

    /// The byte `offset` bytes after position.
    pub(crate) fn peek(&self, offset: usize) -> Option<u8> {
        self.input.get(self.position.checked_add(offset)?).copied()
    }

    /// Whether the byte at position is `byte`.
    pub(crate) fn is(&self, byte: u8) -> bool {
        self.current() == Some(byte)
    }

    /// Advance position to the next byte.
    pub(crate) fn advance(&mut self) {
        if !self.is_past_end() {
            self.position += 1;
        }
    }

    /// If the byte at position is `byte`, advance past it and return true.
    pub(crate) fn consume(&mut self, byte: u8) -> bool {
        let matched = self.is(byte);
        if matched {
            self.advance();
        }
        matched
    }

    pub(crate) fn position(&self) -> usize {
        self.position
    }

    pub(crate) fn set_position(&mut self, position: usize) {
        self.position = position.min(self.input.len());
    }

    /// Collect a sequence of code points meeting `condition`.
    pub(crate) fn collect(&mut self, condition: impl Fn(u8) -> bool) -> &'a [u8] {
        let start = self.position;
        while self.current().is_some_and(&condition) {
            self.position += 1;
        }
        &self.input[start..self.position]
    }

    /// Collect a sequence of code points that are ASCII digits.
    pub(crate) fn collect_digits(&mut self) -> &'a [u8] {
        self.collect(|b| b.is_ascii_digit())
    }

    /// Skip ASCII whitespace.
    pub(crate) fn skip_ascii_whitespace(&mut self) {
        self.collect(is_whitespace_byte);
    }
}

/// ASCII whitespace, tested on one byte.
pub(crate) fn is_whitespace_byte(byte: u8) -> bool {
    is_ascii_whitespace(char::from(byte))
}

/// Interpret ASCII digits as a base-ten integer; `None` when the value exceeds `u64`.
pub(crate) fn digits_to_u64(digits: &[u8]) -> Option<u64> {
    digits.iter().try_fold(0u64, |value, &digit| {
        value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
    })
}

/// Interpret ASCII digits as a base-ten integer, saturating at `u64::MAX` (for exponents,
/// where any value that large already decides the result).
pub(crate) fn digits_to_u64_saturating(digits: &[u8]) -> u64 {
    digits.iter().fold(0u64, |value, &digit| {
        value
            .saturating_mul(10)
            .saturating_add(u64::from(digit - b'0'))
    })
}

/// The IEEE 754 double nearest to the exact decimal `integer.fraction × 10^exponent`
/// (ties to even), or ±infinity past the largest finite double. `integer` and `fraction` are
/// ASCII digits of any length; the result is exact however many digits there are.
pub(crate) fn decimal_to_f64(
    negative: bool,
    integer: &[u8],
    fraction: &[u8],
    exponent: i64,
) -> f64 {
    // Find the first significant digit and the decimal exponent that puts the point right
    // before it: value = 0.d₁d₂… × 10^point.
    let integer_zeros = integer.iter().take_while(|&&d| d == b'0').count();
    let integer = &integer[integer_zeros..];
    let (significant, point) = if integer.is_empty() {
        let fraction_zeros = fraction.iter().take_while(|&&d| d == b'0').count();
        let zeros = i64::try_from(fraction_zeros).unwrap_or(i64::MAX);
        (&fraction[fraction_zeros..], exponent.saturating_sub(zeros))
    } else {
        let digits = i64::try_from(integer.len()).unwrap_or(i64::MAX);
        (integer, exponent.saturating_add(digits))
    };
    let magnitude = if significant.is_empty() {
        0.0
    } else if point > 310 {
        // 0.1 × 10^310 = 10^309 is beyond the largest double (≈ 1.8 × 10^308).
        f64::INFINITY
    } else if point < -330 {
        // Below 10^-330, far under half the smallest subnormal (≈ 2.5 × 10^-324).
        0.0
    } else {
        // `integer` keeps its significant digits even when `significant` is the fraction's.
        let mut text = String::with_capacity(integer.len() + fraction.len() + 8);
        text.push_str("0.");
        push_ascii(&mut text, integer);
        if integer.is_empty() {
            push_ascii(&mut text, significant);
        } else {
            push_ascii(&mut text, fraction);
        }
        text.push('e');
        if point < 0 {
            text.push('-');
        }
        push_decimal(&mut text, point.unsigned_abs());
        nearest_double(&text)
    };
    if negative { -magnitude } else { magnitude }
}

/// The double nearest to a decimal string "0.<digits>e<exponent>", ties to even.
#[cfg(not(all(
    target_arch = "wasm32",
    feature = "bindings",
    feature = "html",
    not(test)
)))]
fn nearest_double(text: &str) -> f64 {
    text.parse().unwrap_or(0.0)
}

// In the npm package's wasm, JavaScript's Number() does this conversion (correctly rounded in
// every engine weft runs on): core's parser and its tables are 11 KB gzip of the html wasm.
// (Only in a build with the html bindings: html-encoding-sniffing's unit compiles this module
// without them, and never calls it.)
#[cfg(all(
    target_arch = "wasm32",
    feature = "bindings",
    feature = "html",
    not(test)
))]
use crate::bindings::html::nearest_double;

/// Appends a nonzero millisecond count as a time's fraction: "." and three digits without
/// their trailing zeros (".5" for 500, ".05" for 50). Nothing for zero.
pub(crate) fn push_milliseconds(out: &mut String, milliseconds: u16) {
    if milliseconds == 0 {
        return;
    }
    out.push('.');
    push_zero_padded_decimal(out, milliseconds.into(), 3);
    // A nonzero count has a nonzero digit, so this stops before the ".".
    while out.ends_with('0') {
        out.pop();
    }
}

fn push_ascii(text: &mut String, digits: &[u8]) {
    text.extend(digits.iter().map(|&d| char::from(d)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_decimal_conversion() {
        assert_eq!(decimal_to_f64(false, b"1", b"", 0), 1.0);
        assert_eq!(decimal_to_f64(false, b"0001", b"5000", 0), 1.5);
        assert_eq!(decimal_to_f64(false, b"", b"0001", 0), 0.0001);
        assert_eq!(decimal_to_f64(false, b"0", b"1", 1), 1.0);
        assert_eq!(decimal_to_f64(true, b"12", b"", -1), -1.2);
        assert_eq!(decimal_to_f64(false, b"0", b"000", 5), 0.0);
        assert_eq!(decimal_to_f64(false, b"1", b"", 400), f64::INFINITY);
        assert_eq!(decimal_to_f64(false, b"1", b"", -400), 0.0);
        assert_eq!(decimal_to_f64(false, b"1", b"", i64::MAX), f64::INFINITY);
        assert_eq!(decimal_to_f64(false, b"1", b"", i64::MIN), 0.0);
        // 0.1 + 0.2 computed exactly, not by adding doubles.
        assert_eq!(decimal_to_f64(false, b"0", b"3", 0), 0.3);
        let zeros = "0".repeat(1_000_000);
        let many = format!("{zeros}1");
        assert_eq!(decimal_to_f64(false, b"", many.as_bytes(), 1_000_001), 1.0);
        assert_eq!(decimal_to_f64(false, many.as_bytes(), b"", -1), 0.1);
    }

    #[test]
    fn cursor_walks_bytes() {
        let mut cursor = Cursor::new(" \t12é");
        cursor.skip_ascii_whitespace();
        assert_eq!(cursor.collect_digits(), b"12");
        assert!(!cursor.is_past_end() && !cursor.is(b'e'));
        assert_eq!(digits_to_u64(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(digits_to_u64(b"18446744073709551616"), None);
        assert_eq!(
            digits_to_u64_saturating(b"99999999999999999999999"),
            u64::MAX
        );
    }
}
