//! URL §5 "application/x-www-form-urlencoded": the parser (§5.1), the serializer (§5.2)
//! and the string parser hook (§5.3).

use super::percent_encoding::{
    APPLICATION_X_WWW_FORM_URLENCODED, QueryEncoder, Utf8, percent_decode,
    percent_encode_after_encoding,
};
use alloc::borrow::Cow;
use alloc::{string::String, vec::Vec};

/// The application/x-www-form-urlencoded parser (§5.1) over bytes.
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    let mut output = Vec::new();
    // 1–3. Split on "&", skipping empty sequences.
    for bytes in input.split(|&b| b == b'&') {
        if bytes.is_empty() {
            continue;
        }
        // 3.2. name and value split at the first "=".
        let (name, value) = match bytes.iter().position(|&b| b == b'=') {
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (bytes, &bytes[..0]),
        };
        // 3.3–3.4. "+" becomes a space; percent-decode; UTF-8 decode without BOM.
        output.push((decode_component(name), decode_component(value)));
    }
    output
}

fn decode_component(bytes: &[u8]) -> String {
    let plus_replaced: Cow<'_, [u8]> = if bytes.contains(&b'+') {
        Cow::Owned(
            bytes
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect(),
        )
    } else {
        Cow::Borrowed(bytes)
    };
    let decoded = percent_decode(&plus_replaced);
    String::from_utf8_lossy(&decoded).into_owned()
}

/// The application/x-www-form-urlencoded string parser (§5.3): UTF-8 encode, then parse.
pub fn parse_str(input: &str) -> Vec<(String, String)> {
    let mut output = Vec::new();
    parse_each(input, |name, value| {
        output.push((name.into_owned(), value.into_owned()))
    });
    output
}

/// The string parser (§5.3) calling `f` with each name and value: borrowed from `input` where
/// decoding changes nothing (no "+" and no "%"), so a caller can avoid copies.
pub fn parse_each<'a>(input: &'a str, mut f: impl FnMut(Cow<'a, str>, Cow<'a, str>)) {
    // 1–3. Split on "&", skipping empty sequences; name and value split at the first "=".
    for sequence in input.split('&') {
        if sequence.is_empty() {
            continue;
        }
        let (name, value) = sequence.split_once('=').unwrap_or((sequence, ""));
        f(decode_str(name), decode_str(value));
    }
}

fn decode_str(component: &str) -> Cow<'_, str> {
    // Valid UTF-8 without "+" or "%" decodes to itself.
    if component.bytes().any(|b| b == b'+' || b == b'%') {
        Cow::Owned(decode_component(component.as_bytes()))
    } else {
        Cow::Borrowed(component)
    }
}

/// The application/x-www-form-urlencoded serializer (§5.2) with UTF-8.
pub fn serialize<N: AsRef<str>, V: AsRef<str>>(tuples: &[(N, V)]) -> String {
    serialize_with_encoding(tuples, &Utf8)
}

/// The application/x-www-form-urlencoded serializer (§5.2) with an encoding (already
/// passed through the Encoding Standard's "get an output encoding").
pub fn serialize_with_encoding<N: AsRef<str>, V: AsRef<str>>(
    tuples: &[(N, V)],
    encoding: &dyn QueryEncoder,
) -> String {
    let mut output = String::new();
    for (name, value) in tuples {
        if !output.is_empty() {
            output.push('&');
        }
        let set = &APPLICATION_X_WWW_FORM_URLENCODED;
        percent_encode_after_encoding(encoding, name.as_ref(), set, true, &mut output);
        output.push('=');
        percent_encode_after_encoding(encoding, value.as_ref(), set, true, &mut output);
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_serializes() {
        assert_eq!(
            parse(b"a=b&&c&=d&e=f=g&%zz+x=%F0%9F%92%A9"),
            [
                ("a".into(), "b".into()),
                ("c".into(), String::new()),
                (String::new(), "d".into()),
                ("e".into(), "f=g".into()),
                ("%zz x".into(), "💩".into()),
            ]
        );
        assert_eq!(parse(b"%FF=%C3"), [("\u{FFFD}".into(), "\u{FFFD}".into())]);
        assert_eq!(
            serialize(&[("a b", "~*-._!"), ("é", "")]),
            "a+b=%7E*-._%21&%C3%A9="
        );
    }
}
