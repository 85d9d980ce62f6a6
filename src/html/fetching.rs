//! HTML §2.6 "Fetching resources": §2.6.5 extracting a character encoding from a `meta`
//! element's `content` attribute.

#[cfg(feature = "encoding")]
use crate::encoding::Encoding;
use crate::html::microsyntax::strings::is_ascii_case_insensitive_prefix_match;
use crate::infra::code_points::is_ascii_whitespace;

/// The algorithm for extracting a character encoding from a meta element, given its
/// `content` value: the encoding its label names. `None` is "nothing" (no label, or a label
/// the Encoding Standard does not know).
#[cfg(feature = "encoding")]
pub fn extract_character_encoding_from_meta_element(s: &str) -> Option<Encoding> {
    // The last step of each branch: "return the result of getting an encoding from" the label.
    extract_character_encoding_label_from_meta_element(s).and_then(Encoding::for_label)
}

/// Steps 1–6 of [`extract_character_encoding_from_meta_element`]: the label itself, a
/// substring of `s` (for callers that show or keep the author's spelling).
pub fn extract_character_encoding_label_from_meta_element(s: &str) -> Option<&str> {
    let bytes = s.as_bytes();
    // 1. Let position be a pointer into s, initially pointing at the start of the string.
    let mut position = 0;
    loop {
        // 2. Loop: find the first "charset" (ASCII case-insensitive) after position, or
        //    return nothing.
        let found = (position..bytes.len()).find(|&i| {
            s.get(i..)
                .is_some_and(|rest| is_ascii_case_insensitive_prefix_match("charset", rest))
        })?;
        let mut next = found + "charset".len();
        // 3. Skip any ASCII whitespace that immediately follows.
        while bytes
            .get(next)
            .is_some_and(|&b| is_ascii_whitespace(char::from(b)))
        {
            next += 1;
        }
        // 4. Not followed by "=": move position to just before that character and loop.
        if bytes.get(next) != Some(&b'=') {
            position = next;
            continue;
        }
        // 5. Skip any ASCII whitespace after the "=".
        next += 1;
        while bytes
            .get(next)
            .is_some_and(|&b| is_ascii_whitespace(char::from(b)))
        {
            next += 1;
        }
        // 6. Process the next character:
        return match bytes.get(next) {
            // A quote with a later matching quote: the substring between them. An unmatched
            // quote is nothing.
            Some(&quote @ (b'"' | b'\'')) => {
                let start = next + 1;
                let length = bytes.get(start..)?.iter().position(|&b| b == quote)?;
                s.get(start..start + length)
            }
            // No next character: nothing.
            None => None,
            // Otherwise up to the first ASCII whitespace or ";", or the end.
            Some(_) => {
                let rest = s.get(next..)?;
                let end = rest
                    .find(|c| is_ascii_whitespace(c) || c == ';')
                    .unwrap_or(rest.len());
                rest.get(..end)
            }
        };
    }
}
