//! Fetch §2.2 "HTTP" code point classes and "collect an HTTP quoted string", with MIME
//! Sniffing §3's HTTP token and HTTP quoted-string token code points: the lexical pieces that
//! the MIME type parser (src/mimesniff) and header parsing share. Fetch and MIME Sniffing
//! define them; they live beside Infra's own classes because every standard here reuses them.

/// An HTTP tab or space: U+0009 TAB or U+0020 SPACE.
pub fn is_http_tab_or_space(c: char) -> bool {
    matches!(c, '\t' | ' ')
}

/// HTTP whitespace: U+000A LF, U+000D CR, or an HTTP tab or space.
pub fn is_http_whitespace(c: char) -> bool {
    matches!(c, '\n' | '\r') || is_http_tab_or_space(c)
}

/// An HTTP token code point: one of ``!#$%&'*+-.^_`|~`` or an ASCII alphanumeric.
pub fn is_http_token_code_point(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '!' | '#'
                | '$'
                | '%'
                | '&'
                | '\''
                | '*'
                | '+'
                | '-'
                | '.'
                | '^'
                | '_'
                | '`'
                | '|'
                | '~'
        )
}

/// An HTTP quoted-string token code point: U+0009 TAB, U+0020 SPACE to U+007E (~), or U+0080
/// to U+00FF (ÿ).
pub fn is_http_quoted_string_token_code_point(c: char) -> bool {
    matches!(c, '\t' | ' '..='~' | '\u{80}'..='\u{FF}')
}

/// Whether `s` solely contains HTTP token code points (true for the empty string).
pub fn solely_contains_http_token_code_points(s: &str) -> bool {
    s.chars().all(is_http_token_code_point)
}

/// Whether `s` solely contains HTTP quoted-string token code points (true for the empty string).
pub fn solely_contains_http_quoted_string_token_code_points(s: &str) -> bool {
    s.chars().all(is_http_quoted_string_token_code_point)
}

/// Remove leading and trailing HTTP whitespace.
pub fn strip_leading_and_trailing_http_whitespace(s: &str) -> &str {
    s.trim_matches(is_http_whitespace)
}

/// Remove trailing HTTP whitespace.
pub fn strip_trailing_http_whitespace(s: &str) -> &str {
    s.trim_end_matches(is_http_whitespace)
}

/// Collect an HTTP quoted string from `input` at `*position` with the extract-value flag set:
/// the value between the quotes with backslash escapes resolved. `*position` must be at a
/// U+0022 ("); it ends past the closing quote, or at the end of `input` if there is none.
pub fn collect_http_quoted_string_value(
    input: &str,
    position: &mut usize,
) -> alloc::string::String {
    let mut value = alloc::string::String::new();
    // 3–4. Assert: the code point at position is U+0022 ("); advance past it.
    *position += 1;
    // 5. While true:
    loop {
        // 5.1. Append the code points that are not U+0022 (") or U+005C (\).
        let rest = input.get(*position..).unwrap_or_default();
        let run = rest.find(['"', '\\']).unwrap_or(rest.len());
        value.push_str(&rest[..run]);
        *position += run;
        // 5.2. If position is past the end of input, then break.
        let Some(quote_or_backslash) = input.get(*position..).and_then(|r| r.chars().next()) else {
            break;
        };
        // 5.3–5.4. Let quoteOrBackslash be the code point at position; advance position by 1.
        *position += 1;
        if quote_or_backslash == '\\' {
            // 5.5.1. If position is past the end of input, append U+005C (\) and break.
            let Some(escaped) = input.get(*position..).and_then(|r| r.chars().next()) else {
                value.push('\\');
                break;
            };
            // 5.5.2–5.5.3. Append the code point at position; advance position by 1.
            value.push(escaped);
            *position += escaped.len_utf8();
        } else {
            // 5.6. Otherwise: assert quoteOrBackslash is U+0022 ("); break.
            break;
        }
    }
    // 6. Return value (the extract-value flag is set).
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_strings() {
        let cases: [(&str, &str, usize); 6] = [
            ("\"\\", "\\", 2),
            ("\"Hello\" World", "Hello", 7),
            ("\"Hello \\\\ World\\\"\"", "Hello \\ World\"", 18),
            ("\"abc", "abc", 4),
            ("\"a\\é\"x", "aé", 6),
            ("\"\"", "", 2),
        ];
        for (input, value, end) in cases {
            let mut position = 0;
            assert_eq!(
                collect_http_quoted_string_value(input, &mut position),
                value,
                "{input:?}"
            );
            assert_eq!(position, end, "{input:?}");
        }
    }

    #[test]
    fn classes() {
        assert!(is_http_whitespace('\r') && !is_http_whitespace('\x0C'));
        assert!(is_http_token_code_point('~') && !is_http_token_code_point('/'));
        assert!(is_http_quoted_string_token_code_point('ÿ'));
        assert!(!is_http_quoted_string_token_code_point('\u{7F}'));
        assert!(!is_http_quoted_string_token_code_point('\u{100}'));
        assert_eq!(
            strip_leading_and_trailing_http_whitespace("\t a \x0C\r\n"),
            "a \x0C"
        );
    }
}
