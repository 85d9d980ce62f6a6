//! §2.4.6 "Colors": simple colors, and the current standard's rules for parsing a legacy
//! color value (named colors from CSS Color, "transparent" a failure).

use super::named_colors::named_color;
use crate::infra::strings::{
    ascii_case_insensitive_eq, strip_leading_and_trailing_ascii_whitespace,
};
use alloc::{string::String, vec::Vec};

/// A simple color: 8-bit red, green and blue components in sRGB. Every color the legacy
/// parser returns is one too (named colors are all opaque).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimpleColor {
    pub red: u8,
    pub green: u8,
    pub blue: u8,
}

/// "A string is a valid simple color if it is exactly seven characters long, and the first
/// character is a U+0023 NUMBER SIGN character (#), and the remaining six characters are all
/// ASCII hex digits".
pub fn is_valid_simple_color(input: &str) -> bool {
    parse_simple_color_value(input).is_some()
}

/// A valid simple color that uses no uppercase hex digits (A–F).
pub fn is_valid_lowercase_simple_color(input: &str) -> bool {
    is_valid_simple_color(input) && !input.bytes().any(|b| b.is_ascii_uppercase())
}

/// The rules for parsing simple color values. `None` is an error.
pub fn parse_simple_color_value(input: &str) -> Option<SimpleColor> {
    // 2.–4. Exactly seven characters: "#" then six ASCII hex digits (seven bytes then, too).
    let [b'#', hex @ ..] = input.as_bytes() else {
        return None;
    };
    let [r1, r2, g1, g2, b1, b2] = *hex else {
        return None;
    };
    // 5.–9. Each pair of hex digits is a component.
    Some(SimpleColor {
        red: hex_pair(r1, r2)?,
        green: hex_pair(g1, g2)?,
        blue: hex_pair(b1, b2)?,
    })
}

/// The rules for serializing simple color values: "#" and the three components as two
/// lowercase hex digits each — a valid lowercase simple color.
pub fn serialize_simple_color_value(color: SimpleColor) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut result = String::with_capacity(7);
    result.push('#');
    for component in [color.red, color.green, color.blue] {
        result.push(char::from(HEX[usize::from(component >> 4)]));
        result.push(char::from(HEX[usize::from(component & 0xf)]));
    }
    result
}

/// The rules for parsing a legacy color value (`bgcolor`, `color`, `text`, …). `None` is
/// failure.
pub fn parse_legacy_color_value(input: &str) -> Option<SimpleColor> {
    // 1. If input is the empty string, then return failure.
    if input.is_empty() {
        return None;
    }
    // 2. Strip leading and trailing ASCII whitespace from input.
    let input = strip_leading_and_trailing_ascii_whitespace(input);
    // 3. "transparent" is failure.
    if ascii_case_insensitive_eq(input, "transparent") {
        return None;
    }
    // 4. A named color is the color it names.
    if let Some(color) = named_color(input) {
        return Some(color);
    }
    // 5. Four code points, "#" and three hex digits: each digit × 17.
    let mut chars = input.chars();
    if let (Some('#'), Some(r), Some(g), Some(b), None) = (
        chars.next(),
        chars.next(),
        chars.next(),
        chars.next(),
        chars.next(),
    ) && let (Some(r), Some(g), Some(b)) = (r.to_digit(16), g.to_digit(16), b.to_digit(16))
    {
        let scale = |digit: u32| u8::try_from(digit * 17).unwrap_or(u8::MAX);
        return Some(SimpleColor {
            red: scale(r),
            green: scale(g),
            blue: scale(b),
        });
    }
    // 6. Code points above U+FFFF become "00". 7. Keep at most the first 128 code points.
    //    Only ASCII matters from here on (step 9 zeroes everything else), so each code point
    //    is kept as one byte, any non-ASCII one as "0" already.
    let mut units: Vec<u8> = Vec::with_capacity(130);
    for c in input.chars() {
        if units.len() >= 128 {
            break;
        }
        if c > '\u{FFFF}' {
            units.extend_from_slice(b"00");
        } else {
            units.push(u8::try_from(c).ok().filter(u8::is_ascii).unwrap_or(b'0'));
        }
    }
    units.truncate(128);
    // 8. If the first character in input is "#", remove it.
    if units.first() == Some(&b'#') {
        units.remove(0);
    }
    // 9. Replace any character that is not an ASCII hex digit with "0".
    for unit in &mut units {
        if !unit.is_ascii_hexdigit() {
            *unit = b'0';
        }
    }
    // 10. While the length is zero or not a multiple of three, append "0".
    while units.is_empty() || !units.len().is_multiple_of(3) {
        units.push(b'0');
    }
    // 11. Split into three components of equal length.
    let mut length = units.len() / 3;
    let mut components: Vec<&[u8]> = units.chunks(length).collect();
    // 12. Longer than 8: keep only the last 8 characters of each.
    if length > 8 {
        for component in &mut components {
            *component = component.get(length - 8..).unwrap_or_default();
        }
        length = 8;
    }
    // 13. While longer than two and every component starts with "0", drop that character.
    while length > 2 && components.iter().all(|c| c.first() == Some(&b'0')) {
        for component in &mut components {
            *component = component.get(1..).unwrap_or_default();
        }
        length -= 1;
    }
    // 14. Still longer than two: keep the first two characters of each.
    if length > 2 {
        for component in &mut components {
            *component = component.get(..2).unwrap_or_default();
        }
    }
    // 15.–19. Each component, as a hexadecimal number, is red, green and blue.
    let component = |index: usize| -> Option<u8> {
        components
            .get(index)?
            .iter()
            .try_fold(0u8, |value, &digit| {
                let digit = char::from(digit).to_digit(16)?;
                value
                    .checked_mul(16)?
                    .checked_add(u8::try_from(digit).ok()?)
            })
    };
    Some(SimpleColor {
        red: component(0)?,
        green: component(1)?,
        blue: component(2)?,
    })
}

/// Two ASCII hex digits as one byte.
fn hex_pair(high: u8, low: u8) -> Option<u8> {
    let high = char::from(high).to_digit(16)?;
    let low = char::from(low).to_digit(16)?;
    u8::try_from(high * 16 + low).ok()
}
