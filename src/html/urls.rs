//! HTML §2.5 "URLs": parsing a URL string the way a document does, with the document's
//! character encoding for the query.

use crate::encoding::Encoding;
use crate::url::{Errors, ParseError, Url};
use alloc::{borrow::ToOwned, string::String};

/// Encoding-parse a URL: the URL parser applied to `url` with `base` (the environment's base
/// URL) and the encoding of the environment — `document_encoding` for a Document, UTF-8 for
/// any other environment (pass [`Encoding::Utf8`]). The URL parser's blob URL entry lookup is
/// the File API's and not modelled here.
pub fn encoding_parse_url(
    url: &str,
    document_encoding: Encoding,
    base: Option<&Url>,
) -> Result<Url, ParseError> {
    // 1. Let encoding be UTF-8. 2. If environment is a Document, set encoding to its
    //    character encoding. 3. Let baseURL be environment's base URL.
    // 4. Return the result of applying the URL parser to url, with baseURL and encoding.
    Url::parse_with(url, base, &document_encoding, &mut Errors::off())
}

/// Encoding-parse-and-serialize a URL: failure, or the serialization of the parsed URL.
pub fn encoding_parse_and_serialize_url(
    url: &str,
    document_encoding: Encoding,
    base: Option<&Url>,
) -> Option<String> {
    // 1. Let url be the result of encoding-parsing a URL. 2. If url is failure, return failure.
    // 3. Return the result of applying the URL serializer to url.
    encoding_parse_url(url, document_encoding, base)
        .ok()
        .map(|url| url.href().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_encoding_applies_to_the_query_only() {
        let base = Url::parse("https://example.com/dir/page", None).ok();
        assert_eq!(
            encoding_parse_and_serialize_url(
                "a?\u{e9}#\u{e9}",
                Encoding::Windows1252,
                base.as_ref()
            ),
            Some("https://example.com/dir/a?%E9#%C3%A9".to_owned())
        );
        assert_eq!(
            encoding_parse_and_serialize_url("a?\u{e9}", Encoding::Utf8, base.as_ref()),
            Some("https://example.com/dir/a?%C3%A9".to_owned())
        );
        assert_eq!(
            encoding_parse_and_serialize_url("a", Encoding::Utf8, None),
            None
        );
    }
}
