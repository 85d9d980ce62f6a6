//! The Encoding Standard's encoders as the URL parser's query encoding (URL §1.3 "percent-encode
//! after encoding", which runs "encode or fail" repeatedly and percent-encodes `&#N;` for each
//! code point the encoding cannot represent). Without the URL module in the build (the npm
//! package's encoding wasm), its url wasm asks for this through JS.

use super::{Encoder, Encoding};
#[cfg(feature = "url")]
use crate::url::{EncodedPiece, QueryEncoder};
use alloc::vec::Vec;

impl Encoding {
    /// Runs "encode or fail" repeatedly over `input` with ONE encoder for this encoding's
    /// output encoding (the URL parser's "get an output encoding"; the ISO-2022-JP encoder is
    /// stateful), passing `run` each run of output bytes and the code point the encoding cannot
    /// represent that ended it (`None` at the end of the input). An encoding without an
    /// encoder in this build (the legacy CJK ones in a lite build) falls back to UTF-8, the
    /// encoding the parser uses when it is given none.
    pub fn encode_query(self, input: &str, run: &mut dyn FnMut(&[u8], Option<char>)) {
        let Ok(mut encoder) = Encoder::new(self.output_encoding()) else {
            return run(input.as_bytes(), None);
        };
        let mut output = Vec::with_capacity(input.len());
        let mut rest = input;
        loop {
            output.clear();
            match encoder.encode_or_fail(rest, &mut output) {
                Ok(()) => return run(&output, None),
                Err(error) => {
                    run(&output, Some(error.code_point));
                    rest = rest.get(error.read..).unwrap_or_default();
                }
            }
        }
    }
}

#[cfg(feature = "url")]
impl QueryEncoder for Encoding {
    fn is_utf8(&self) -> bool {
        self.output_encoding() == Encoding::Utf8
    }

    fn encode(&self, input: &str, sink: &mut dyn FnMut(EncodedPiece<'_>)) {
        self.encode_query(input, &mut |bytes, unmappable| {
            sink(EncodedPiece::Bytes(bytes));
            if let Some(code_point) = unmappable {
                sink(EncodedPiece::Unmappable(code_point));
            }
        });
    }
}

#[cfg(all(test, feature = "url"))]
mod tests {
    use super::*;
    use crate::url::Url;
    use std::prelude::rust_2024::*;

    fn href(input: &str, encoding: Encoding) -> String {
        Url::parse_with(input, None, &encoding, &mut crate::url::NoSink)
            .map(|url| url.href().to_owned())
            .unwrap_or_default()
    }

    #[test]
    fn the_query_is_encoded_with_the_output_encoding() {
        assert_eq!(
            href("http://x/?\u{e9}", Encoding::Windows1252),
            "http://x/?%E9"
        );
        // Not representable in windows-1252: "&#12354;", percent-encoded.
        assert_eq!(
            href("http://x/?\u{3042}", Encoding::Windows1252),
            "http://x/?%26%2312354%3B"
        );
        // UTF-16 encodings have no encoder: their output encoding is UTF-8.
        assert_eq!(
            href("http://x/?\u{e9}", Encoding::Utf16Le),
            "http://x/?%C3%A9"
        );
        // The path and fragment stay UTF-8 whatever the encoding.
        assert_eq!(
            href("http://x/\u{e9}#\u{e9}", Encoding::Windows1252),
            "http://x/%C3%A9#%C3%A9"
        );
    }

    #[cfg(feature = "encoding-legacy")]
    #[test]
    fn stateful_encoders_see_the_whole_query() {
        // ISO-2022-JP switches to JIS X 0208 and back to ASCII at the end of the query.
        assert_eq!(
            href("http://x/?\u{3042}a", Encoding::Iso2022Jp),
            "http://x/?%1B$B$%22%1B(Ba"
        );
        assert_eq!(
            href("http://x/?\u{e9}", Encoding::ShiftJis),
            "http://x/?%26%23233%3B"
        );
    }
}
