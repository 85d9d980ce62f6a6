//! MIME Sniffing §4 "MIME types": the MIME type record, parsing (§4.4), serializing (§4.5),
//! the essence and the MIME type groups (§4.6), and minimizing a supported MIME type (§4.2).

use crate::infra::http::{
    collect_http_quoted_string_value, is_http_whitespace,
    solely_contains_http_quoted_string_token_code_points, solely_contains_http_token_code_points,
    strip_leading_and_trailing_http_whitespace, strip_trailing_http_whitespace,
};
use crate::infra::strings::{
    ascii_lowercase, collect_code_points, isomorphic_decode, isomorphic_encode,
};
use alloc::{string::String, vec::Vec};

/// Why a MIME type's component was not set: the value the setter rejected.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MimeTypeError {
    /// A type or subtype that is empty.
    Empty,
    /// A type, subtype or parameter name with a code point that is not an HTTP token code point.
    NotHttpToken,
    /// A parameter value with a code point that is not an HTTP quoted-string token code point.
    NotHttpQuotedStringToken,
}

/// A MIME type (§4.1): a type, a subtype (both non-empty ASCII lowercase strings of HTTP token
/// code points once parsed) and parameters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MimeType {
    type_: String,
    subtype: String,
    parameters: MimeTypeParameters,
}

/// A MIME type's parameters (§4.1): an ordered map from ASCII lowercase names to values limited
/// to HTTP quoted-string token code points.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MimeTypeParameters {
    entries: Vec<(String, String)>,
}

impl MimeTypeParameters {
    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no parameters.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of the parameter `name` (matched ASCII case-insensitively, as names are stored
    /// lowercase).
    pub fn get(&self, name: &str) -> Option<&str> {
        let name = ascii_lowercase(name);
        self.entries
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Whether the parameter `name` exists.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Set the parameter `name` (ASCII lowercased) to `value`: replaces the value in place if the
    /// name exists, or appends it. The name must be non-empty HTTP token code points and the value
    /// HTTP quoted-string token code points, the values a parsed MIME type can hold.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), MimeTypeError> {
        if name.is_empty() || !solely_contains_http_token_code_points(name) {
            return Err(MimeTypeError::NotHttpToken);
        }
        if !solely_contains_http_quoted_string_token_code_points(value) {
            return Err(MimeTypeError::NotHttpQuotedStringToken);
        }
        self.insert(ascii_lowercase(name), String::from(value));
        Ok(())
    }

    /// Remove the parameter `name`; whether it existed.
    pub fn remove(&mut self, name: &str) -> bool {
        let name = ascii_lowercase(name);
        let before = self.entries.len();
        self.entries.retain(|(key, _)| *key != name);
        self.entries.len() != before
    }

    /// Remove every parameter.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The name → value pairs in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
    }

    /// Infra's map "set" on an already lowercase, valid name.
    fn insert(&mut self, name: String, value: String) {
        match self.entries.iter_mut().find(|(key, _)| *key == name) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((name, value)),
        }
    }
}

impl MimeType {
    /// Parse a MIME type (§4.4); `None` is failure.
    pub fn parse(input: &str) -> Option<MimeType> {
        parse_a_mime_type(input)
    }

    /// Parse a MIME type from bytes (§4.4): the bytes isomorphic decoded, then parsed.
    pub fn parse_from_bytes(input: &[u8]) -> Option<MimeType> {
        // 1. Let string be input, isomorphic decoded.
        // 2. Return the result of parse a MIME type with string.
        parse_a_mime_type(&isomorphic_decode(input))
    }

    /// A MIME type with `essence` as its type and subtype and no parameters: the computed MIME
    /// types the sniffing tables name. `essence` must hold one "/" between two HTTP tokens.
    pub(crate) fn from_static_essence(essence: &str) -> MimeType {
        let (type_, subtype) = essence.split_once('/').unwrap_or((essence, ""));
        MimeType {
            type_: String::from(type_),
            subtype: String::from(subtype),
            parameters: MimeTypeParameters::default(),
        }
    }

    /// The type.
    pub fn type_(&self) -> &str {
        &self.type_
    }

    /// The subtype.
    pub fn subtype(&self) -> &str {
        &self.subtype
    }

    /// The parameters.
    pub fn parameters(&self) -> &MimeTypeParameters {
        &self.parameters
    }

    /// The parameters, to change.
    pub fn parameters_mut(&mut self) -> &mut MimeTypeParameters {
        &mut self.parameters
    }

    /// Set the type to `value`, ASCII lowercased; it must be non-empty HTTP token code points.
    pub fn set_type(&mut self, value: &str) -> Result<(), MimeTypeError> {
        self.type_ = valid_token(value)?;
        Ok(())
    }

    /// Set the subtype to `value`, ASCII lowercased; it must be non-empty HTTP token code points.
    pub fn set_subtype(&mut self, value: &str) -> Result<(), MimeTypeError> {
        self.subtype = valid_token(value)?;
        Ok(())
    }

    /// The essence (§4.2): type, "/", subtype.
    pub fn essence(&self) -> String {
        let mut essence = String::with_capacity(self.type_.len() + 1 + self.subtype.len());
        essence.push_str(&self.type_);
        essence.push('/');
        essence.push_str(&self.subtype);
        essence
    }

    fn essence_is(&self, type_: &str, subtype: &str) -> bool {
        self.type_ == type_ && self.subtype == subtype
    }

    fn essence_is_one_of(&self, essences: &[&str]) -> bool {
        essences.iter().any(|essence| {
            essence
                .split_once('/')
                .is_some_and(|(type_, subtype)| self.essence_is(type_, subtype))
        })
    }

    /// Serialize a MIME type (§4.5).
    pub fn serialize(&self) -> String {
        // 1. Let serialization be type, U+002F (/), and subtype.
        let mut serialization = self.essence();
        // 2. For each name → value of parameters:
        for (name, value) in self.parameters.iter() {
            // 2.1–2.3. Append ";", name and "=".
            serialization.push(';');
            serialization.push_str(name);
            serialization.push('=');
            // 2.4. If value does not solely contain HTTP token code points or is empty, quote
            //      it, escaping each U+0022 (") and U+005C (\) with U+005C (\).
            if value.is_empty() || !solely_contains_http_token_code_points(value) {
                serialization.push('"');
                for c in value.chars() {
                    if matches!(c, '"' | '\\') {
                        serialization.push('\\');
                    }
                    serialization.push(c);
                }
                serialization.push('"');
            } else {
                // 2.5. Append value to serialization.
                serialization.push_str(value);
            }
        }
        // 3. Return serialization.
        serialization
    }

    /// Serialize a MIME type to bytes (§4.5): the serialization, isomorphic encoded. A parsed
    /// MIME type's code points are all at most U+00FF, so this never fails for one.
    pub fn serialize_to_bytes(&self) -> Vec<u8> {
        isomorphic_encode(&self.serialize()).unwrap_or_default()
    }

    /// An image MIME type: type "image".
    pub fn is_image(&self) -> bool {
        self.type_ == "image"
    }

    /// An audio or video MIME type: type "audio" or "video", or essence "application/ogg".
    pub fn is_audio_or_video(&self) -> bool {
        self.type_ == "audio" || self.type_ == "video" || self.essence_is("application", "ogg")
    }

    /// A font MIME type: type "font", or one of the legacy font essences. The standard's list
    /// now reads "application/font-otf" where WPT's mime-groups.json (the authority here) still
    /// tests "application/font-off": both are in.
    pub fn is_font(&self) -> bool {
        self.type_ == "font"
            || self.essence_is_one_of(&[
                "application/font-cff",
                "application/font-off",
                "application/font-otf",
                "application/font-sfnt",
                "application/font-ttf",
                "application/font-woff",
                "application/vnd.ms-fontobject",
                "application/vnd.ms-opentype",
            ])
    }

    /// A ZIP-based MIME type: subtype ending in "+zip", or essence "application/zip".
    pub fn is_zip_based(&self) -> bool {
        self.subtype.ends_with("+zip") || self.essence_is("application", "zip")
    }

    /// An archive MIME type: essence "application/x-rar-compressed", "application/zip" or
    /// "application/x-gzip".
    pub fn is_archive(&self) -> bool {
        self.essence_is_one_of(&[
            "application/x-rar-compressed",
            "application/zip",
            "application/x-gzip",
        ])
    }

    /// An XML MIME type: subtype ending in "+xml", or essence "text/xml" or "application/xml".
    pub fn is_xml(&self) -> bool {
        self.subtype.ends_with("+xml")
            || self.essence_is("text", "xml")
            || self.essence_is("application", "xml")
    }

    /// An HTML MIME type: essence "text/html".
    pub fn is_html(&self) -> bool {
        self.essence_is("text", "html")
    }

    /// A scriptable MIME type: an XML or HTML MIME type, or essence "application/pdf".
    pub fn is_scriptable(&self) -> bool {
        self.is_xml() || self.is_html() || self.essence_is("application", "pdf")
    }

    /// A JavaScript MIME type: one of the sixteen JavaScript essences.
    pub fn is_javascript(&self) -> bool {
        JAVASCRIPT_ESSENCES.iter().any(|essence| {
            essence
                .split_once('/')
                .is_some_and(|(type_, subtype)| self.essence_is(type_, subtype))
        })
    }

    /// A JSON MIME type: subtype ending in "+json", or essence "application/json" or
    /// "text/json".
    pub fn is_json(&self) -> bool {
        self.subtype.ends_with("+json")
            || self.essence_is("application", "json")
            || self.essence_is("text", "json")
    }

    /// Minimize a supported MIME type (§4.2), given whether the user agent supports this MIME
    /// type: an ASCII string, empty when there is nothing to tell.
    pub fn minimize_supported(&self, is_supported: impl FnOnce(&MimeType) -> bool) -> String {
        // 1. A JavaScript MIME type: "text/javascript".
        if self.is_javascript() {
            return String::from("text/javascript");
        }
        // 2. A JSON MIME type: "application/json".
        if self.is_json() {
            return String::from("application/json");
        }
        // 3. Essence "image/svg+xml": itself.
        if self.essence_is("image", "svg+xml") {
            return String::from("image/svg+xml");
        }
        // 4. An XML MIME type: "application/xml".
        if self.is_xml() {
            return String::from("application/xml");
        }
        // 5. Supported by the user agent: the essence.
        if is_supported(self) {
            return self.essence();
        }
        // 6. Return the empty string.
        String::new()
    }
}

impl core::fmt::Display for MimeType {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.serialize())
    }
}

/// The JavaScript MIME type essences (§4.6).
const JAVASCRIPT_ESSENCES: [&str; 16] = [
    "application/ecmascript",
    "application/javascript",
    "application/x-ecmascript",
    "application/x-javascript",
    "text/ecmascript",
    "text/javascript",
    "text/javascript1.0",
    "text/javascript1.1",
    "text/javascript1.2",
    "text/javascript1.3",
    "text/javascript1.4",
    "text/javascript1.5",
    "text/jscript",
    "text/livescript",
    "text/x-ecmascript",
    "text/x-javascript",
];

/// A JavaScript MIME type essence match (§4.6): `s` is an ASCII case-insensitive match for one
/// of the JavaScript MIME type essences (the `script` element's `type` attribute hook).
pub fn is_javascript_mime_type_essence_match(s: &str) -> bool {
    JAVASCRIPT_ESSENCES
        .iter()
        .any(|essence| essence.eq_ignore_ascii_case(s))
}

fn valid_token(value: &str) -> Result<String, MimeTypeError> {
    if value.is_empty() {
        return Err(MimeTypeError::Empty);
    }
    if !solely_contains_http_token_code_points(value) {
        return Err(MimeTypeError::NotHttpToken);
    }
    Ok(ascii_lowercase(value))
}

/// Parse a MIME type (§4.4).
fn parse_a_mime_type(input: &str) -> Option<MimeType> {
    // 1. Remove any leading and trailing HTTP whitespace from input.
    let input = strip_leading_and_trailing_http_whitespace(input);
    // 2. Let position be a position variable for input, initially at its start.
    let mut position = 0;
    // 3. Let type be the code points that are not U+002F (/).
    let type_ = collect_code_points(input, &mut position, |c| c != '/');
    // 4. If type is empty or not solely HTTP token code points, return failure.
    if type_.is_empty() || !solely_contains_http_token_code_points(type_) {
        return None;
    }
    // 5. If position is past the end of input, return failure.
    if position >= input.len() {
        return None;
    }
    // 6. Advance position by 1 (past U+002F (/)).
    position += 1;
    // 7. Let subtype be the code points that are not U+003B (;).
    let subtype = collect_code_points(input, &mut position, |c| c != ';');
    // 8. Remove any trailing HTTP whitespace from subtype.
    let subtype = strip_trailing_http_whitespace(subtype);
    // 9. If subtype is empty or not solely HTTP token code points, return failure.
    if subtype.is_empty() || !solely_contains_http_token_code_points(subtype) {
        return None;
    }
    // 10. Let mimeType have type and subtype in ASCII lowercase.
    let mut mime_type = MimeType {
        type_: ascii_lowercase(type_),
        subtype: ascii_lowercase(subtype),
        parameters: MimeTypeParameters::default(),
    };
    // 11. While position is not past the end of input:
    while position < input.len() {
        // 11.1. Advance position by 1 (past U+003B (;)).
        position += 1;
        // 11.2. Collect a sequence of code points that are HTTP whitespace.
        collect_code_points(input, &mut position, is_http_whitespace);
        // 11.3–11.4. Let parameterName be the code points that are not ";" or "=", in ASCII
        //            lowercase.
        let parameter_name = ascii_lowercase(collect_code_points(input, &mut position, |c| {
            c != ';' && c != '='
        }));
        // 11.5. If position is not past the end of input:
        if let Some(c) = input[position..].chars().next() {
            // 11.5.1. If the code point at position is U+003B (;), continue.
            if c == ';' {
                continue;
            }
            // 11.5.2. Advance position by 1 (past U+003D (=)).
            position += 1;
        }
        // 11.6. If position is past the end of input, then break.
        if position >= input.len() {
            break;
        }
        // 11.7–11.9. Let parameterValue be a quoted string's value (and skip what follows up to
        //            ";"), or the code points up to ";" without trailing HTTP whitespace, where
        //            an empty value is skipped.
        let parameter_value = if input[position..].starts_with('"') {
            let value = collect_http_quoted_string_value(input, &mut position);
            collect_code_points(input, &mut position, |c| c != ';');
            value
        } else {
            let value = collect_code_points(input, &mut position, |c| c != ';');
            let value = strip_trailing_http_whitespace(value);
            if value.is_empty() {
                continue;
            }
            String::from(value)
        };
        // 11.10. Set the parameter if the name is a non-empty token, the value solely HTTP
        //        quoted-string token code points, and the name not yet in the map.
        if !parameter_name.is_empty()
            && solely_contains_http_token_code_points(&parameter_name)
            && solely_contains_http_quoted_string_token_code_points(&parameter_value)
            && !mime_type.parameters.contains(&parameter_name)
        {
            mime_type.parameters.insert(parameter_name, parameter_value);
        }
    }
    // 12. Return mimeType.
    Some(mime_type)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn parses_and_serializes() {
        let mime =
            MimeType::parse(" Text/HTML ; Charset=\"utf\\-8\" ;x=;y=\"\";charset=x").unwrap();
        assert_eq!(mime.essence(), "text/html");
        assert_eq!(mime.parameters().get("CHARSET"), Some("utf-8"));
        assert_eq!(mime.serialize(), "text/html;charset=utf-8;y=\"\"");
        assert_eq!(MimeType::parse("text/"), None);
        assert_eq!(MimeType::parse("/html"), None);
        assert_eq!(MimeType::parse("text"), None);
        let bytes = MimeType::parse_from_bytes(b"a/b;c=\xFF").unwrap();
        assert_eq!(bytes.serialize_to_bytes(), b"a/b;c=\"\xFF\"");
    }

    #[test]
    fn setters_validate() {
        let mut mime = MimeType::parse("a/b").unwrap();
        assert_eq!(mime.set_type(""), Err(MimeTypeError::Empty));
        assert_eq!(mime.set_subtype("x y"), Err(MimeTypeError::NotHttpToken));
        mime.set_type("TEXT").unwrap();
        mime.parameters_mut().set("A", "b c").unwrap();
        assert_eq!(
            mime.parameters_mut().set("a", "\u{100}"),
            Err(MimeTypeError::NotHttpQuotedStringToken)
        );
        assert_eq!(mime.to_string(), "text/b;a=\"b c\"");
        assert!(mime.parameters_mut().remove("A"));
        assert!(mime.parameters().is_empty());
        assert!(is_javascript_mime_type_essence_match("Text/JavaScript"));
        assert!(!is_javascript_mime_type_essence_match(
            "text/javascript;x=y"
        ));
        assert_eq!(
            MimeType::parse("image/svg+xml")
                .unwrap()
                .minimize_supported(|_| false),
            "image/svg+xml"
        );
        assert_eq!(
            MimeType::parse("image/png;x")
                .unwrap()
                .minimize_supported(|_| true),
            "image/png"
        );
    }
}
