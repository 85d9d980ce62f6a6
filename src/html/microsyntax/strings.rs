//! §2.3 "Case-sensitivity and string comparison".
//!
//! Case-sensitive comparison is `==`; ASCII case-insensitive comparison, ASCII lowercase and
//! ASCII uppercase are Infra's (re-exported here under HTML's names for discoverability).

pub use crate::infra::strings::{ascii_case_insensitive_eq, ascii_lowercase, ascii_uppercase};

/// "A string pattern is a prefix match for a string s when pattern is not longer than s and
/// truncating s to pattern's length leaves the two strings as matches of each other"
/// (compared case-sensitively, the default).
pub fn is_prefix_match(pattern: &str, s: &str) -> bool {
    s.starts_with(pattern)
}

/// A prefix match where the two strings are compared ASCII case-insensitively.
pub fn is_ascii_case_insensitive_prefix_match(pattern: &str, s: &str) -> bool {
    // ASCII case mapping never changes a UTF-8 length, so the byte prefix is the code point
    // prefix; non-ASCII bytes only match themselves.
    s.as_bytes()
        .get(..pattern.len())
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case(pattern.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_matches() {
        assert!(is_prefix_match("", "abc"));
        assert!(is_prefix_match("ab", "abc"));
        assert!(!is_prefix_match("AB", "abc"));
        assert!(!is_prefix_match("abcd", "abc"));
        assert!(is_ascii_case_insensitive_prefix_match("AB", "abc"));
        assert!(is_ascii_case_insensitive_prefix_match("éA", "éa!"));
        assert!(!is_ascii_case_insensitive_prefix_match("É", "é"));
        assert!(!is_ascii_case_insensitive_prefix_match("abcd", "abc"));
        assert!(ascii_case_insensitive_eq("Charset", "CHARSET"));
    }
}
