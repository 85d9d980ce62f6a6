//! Fetch's "data: URLs" section: the `data:` URL processor.

use crate::infra::forgiving_base64_decode_utf8;
use crate::infra::strings::{collect_code_points, strip_leading_and_trailing_ascii_whitespace};
use crate::mimesniff::MimeType;
#[cfg(not(feature = "url"))]
use crate::percent_encoding::percent_decode_str;
#[cfg(feature = "url")]
use crate::url::{Url, percent_encoding::percent_decode_str};
use alloc::{string::String, vec::Vec};

/// A `data:` URL struct: a MIME type and a body.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DataUrl {
    /// The MIME type record.
    pub mime_type: MimeType,
    /// The body, a byte sequence.
    pub body: Vec<u8>,
}

/// The `data:` URL processor, given a URL whose scheme is "data": `None` is failure (a URL of
/// any other scheme fails too, where the standard asserts).
#[cfg(feature = "url")]
pub fn data_url_processor(data_url: &Url) -> Option<DataUrl> {
    // 1. Assert: dataURL's scheme is "data".
    if data_url.scheme() != "data" {
        return None;
    }
    // 2. Let input be the URL serializer's output with exclude fragment set to true.
    data_url_processor_given_serialization(data_url.serialize_excluding_fragment())
}

/// The `data:` URL processor from step 3 on, given step 2's input: the serialization of a URL
/// whose scheme is "data", with exclude fragment set to true. For callers that hold a URL record
/// in another form (the whatwg-url drop-in's records) and serialize it themselves; `None` is
/// failure, and so is an input that does not start with "data:".
pub fn data_url_processor_given_serialization(input: &str) -> Option<DataUrl> {
    // 3. Remove the leading "data:" from input.
    let input = input.strip_prefix("data:")?;
    // 4. Let position point at the start of input.
    let mut position = 0;
    // 5–6. Let mimeType be the code points that are not U+002C (,), with leading and trailing
    //      ASCII whitespace stripped.
    let mime_type = collect_code_points(input, &mut position, |c| c != ',');
    let mut mime_type = strip_leading_and_trailing_ascii_whitespace(mime_type);
    // 7. If position is past the end of input, return failure.
    if position >= input.len() {
        return None;
    }
    // 8–9. Advance position by 1; let encodedBody be the remainder of input.
    let encoded_body = &input[position + 1..];
    // 10. Let body be the percent-decoding of encodedBody.
    let mut body = percent_decode_str(encoded_body).into_owned();
    // 11. If mimeType ends with ";", zero or more U+0020 SPACE and "base64" (ASCII
    //     case-insensitively):
    if let Some(without_base64) = strip_base64_suffix(mime_type) {
        // 11.1–11.3. Set body to the forgiving-base64 decode of body, isomorphic decoded, or
        //            return failure. Isomorphic decoding turns each byte above 0x7F into a code
        //            point outside base64's alphabet, which fails just as that byte does, so
        //            the bytes are decoded as they are.
        body = forgiving_base64_decode_utf8(&body)?;
        // 11.4–11.6. Remove "base64", the spaces before it and the ";".
        mime_type = without_base64;
    }
    // 12. If mimeType starts with ";", prepend "text/plain".
    let prefixed;
    if mime_type.starts_with(';') {
        prefixed = String::from("text/plain") + mime_type;
        mime_type = &prefixed;
    }
    // 13–14. Let mimeTypeRecord be mimeType parsed, or text/plain;charset=US-ASCII on failure.
    let mime_type = MimeType::parse(mime_type).unwrap_or_else(|| {
        let mut fallback = MimeType::from_static_essence("text/plain");
        // A valid name and value: setting them cannot fail.
        let _ = fallback.parameters_mut().set("charset", "US-ASCII");
        fallback
    });
    // 15. Return a new data: URL struct.
    Some(DataUrl { mime_type, body })
}

/// `mime_type` without a trailing ";", spaces and "base64" (ASCII case-insensitive), if it has
/// them.
fn strip_base64_suffix(mime_type: &str) -> Option<&str> {
    let split = mime_type.len().checked_sub("base64".len())?;
    let suffix = mime_type.get(split..)?;
    if !suffix.eq_ignore_ascii_case("base64") {
        return None;
    }
    mime_type[..split].trim_end_matches(' ').strip_suffix(';')
}
