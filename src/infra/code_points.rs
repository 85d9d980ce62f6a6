//! Infra §4.5 "Code points": the named code point classes.

/// A leading (high) surrogate: U+D800 to U+DBFF.
pub fn is_leading_surrogate(unit: u32) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

/// A trailing (low) surrogate: U+DC00 to U+DFFF.
pub fn is_trailing_surrogate(unit: u32) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

/// A surrogate: a leading or trailing surrogate.
pub fn is_surrogate(code_point: u32) -> bool {
    (0xD800..=0xDFFF).contains(&code_point)
}

/// A scalar value: a code point that is not a surrogate.
pub fn is_scalar_value(code_point: u32) -> bool {
    code_point <= 0x10FFFF && !is_surrogate(code_point)
}

/// A noncharacter: U+FDD0 to U+FDEF, and the last two code points of every plane.
pub fn is_noncharacter(code_point: u32) -> bool {
    (0xFDD0..=0xFDEF).contains(&code_point)
        || (code_point <= 0x10FFFF && (code_point & 0xFFFE) == 0xFFFE)
}

/// An ASCII code point: U+0000 NULL to U+007F DELETE.
pub fn is_ascii_code_point(c: char) -> bool {
    c.is_ascii()
}

/// An ASCII tab or newline: U+0009 TAB, U+000A LF, or U+000D CR.
pub fn is_ascii_tab_or_newline(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
}

/// ASCII whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, or U+0020 SPACE.
pub fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// A C0 control: U+0000 NULL to U+001F INFORMATION SEPARATOR ONE.
pub fn is_c0_control(c: char) -> bool {
    c <= '\x1F'
}

/// A C0 control or space: a C0 control or U+0020 SPACE.
pub fn is_c0_control_or_space(c: char) -> bool {
    c <= ' '
}

/// A control: a C0 control or U+007F DELETE to U+009F APPLICATION PROGRAM COMMAND.
pub fn is_control(c: char) -> bool {
    is_c0_control(c) || ('\x7F'..='\u{9F}').contains(&c)
}

/// An ASCII digit: U+0030 (0) to U+0039 (9).
pub fn is_ascii_digit(c: char) -> bool {
    c.is_ascii_digit()
}

/// An ASCII upper hex digit: an ASCII digit or U+0041 (A) to U+0046 (F).
pub fn is_ascii_upper_hex_digit(c: char) -> bool {
    c.is_ascii_digit() || ('A'..='F').contains(&c)
}

/// An ASCII lower hex digit: an ASCII digit or U+0061 (a) to U+0066 (f).
pub fn is_ascii_lower_hex_digit(c: char) -> bool {
    c.is_ascii_digit() || ('a'..='f').contains(&c)
}

/// An ASCII hex digit: an ASCII upper hex digit or ASCII lower hex digit.
pub fn is_ascii_hex_digit(c: char) -> bool {
    c.is_ascii_hexdigit()
}

/// An ASCII upper alpha: U+0041 (A) to U+005A (Z).
pub fn is_ascii_upper_alpha(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// An ASCII lower alpha: U+0061 (a) to U+007A (z).
pub fn is_ascii_lower_alpha(c: char) -> bool {
    c.is_ascii_lowercase()
}

/// An ASCII alpha: an ASCII upper alpha or ASCII lower alpha.
pub fn is_ascii_alpha(c: char) -> bool {
    c.is_ascii_alphabetic()
}

/// An ASCII alphanumeric: an ASCII digit or ASCII alpha.
pub fn is_ascii_alphanumeric(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_their_definitions() {
        assert!(is_noncharacter(0xFFFF) && is_noncharacter(0x10FFFE) && is_noncharacter(0xFDD0));
        assert!(!is_noncharacter(0xFFFD) && !is_noncharacter(0xFDF0));
        assert!(is_surrogate(0xD800) && is_surrogate(0xDFFF) && !is_surrogate(0xE000));
        assert!(is_leading_surrogate(0xDBFF) && !is_leading_surrogate(0xDC00));
        assert!(is_trailing_surrogate(0xDC00) && !is_trailing_surrogate(0xDBFF));
        assert!(
            is_scalar_value(0x10FFFF) && !is_scalar_value(0xD900) && !is_scalar_value(0x110000)
        );
        assert!(is_ascii_whitespace('\x0C') && !is_ascii_whitespace('\x0B'));
        assert!(is_c0_control_or_space(' ') && !is_c0_control('\x7F') && is_control('\x7F'));
        assert!(is_control('\u{9F}') && !is_control('\u{A0}'));
        assert!(is_ascii_upper_hex_digit('F') && !is_ascii_upper_hex_digit('f'));
        assert!(is_ascii_lower_hex_digit('f') && !is_ascii_lower_hex_digit('F'));
        assert!(is_ascii_tab_or_newline('\r') && !is_ascii_tab_or_newline('\x0C'));
        assert!(is_ascii_code_point('\x7F') && !is_ascii_code_point('\u{80}'));
    }
}
