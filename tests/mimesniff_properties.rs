//! Property tests for the data layer: the MIME type parser, the sniffing algorithms, the
//! `data:` URL processor and the encoding sniffing algorithm never panic; a parsed MIME type
//! serializes to a string that parses back to the same record; the prescan reports
//! x-user-defined never and UTF-16 only for its `<?x` signatures.
#![cfg(all(
    feature = "mimesniff",
    feature = "data-url",
    feature = "html",
    feature = "encoding"
))]

use proptest::prelude::*;
use webweft::encoding::Encoding;
use webweft::fetch::data_url_processor;
use webweft::html::encoding_sniffing::{
    SniffingInputs, encoding_sniffing_algorithm, prescan_a_byte_stream_to_determine_its_encoding,
};
use webweft::mimesniff::*;
use webweft::url::Url;

/// Strings near MIME type syntax, plus arbitrary ones.
fn mime_string() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ \t\r\n]{0,2}[a-zA-Z*+.-]{0,6}/?[a-zA-Z+.-]{0,6}[ \t]{0,2}(;[ \t\n]{0,2}[a-zA-Z]{0,4}=?(\"[a-z\\\\\" ;=\u{e9}\u{100}]{0,6}\"?|[a-z\u{e9}\u{100} \t]{0,4}))*",
    ]
}

/// Byte strings near the sniffed signatures and markup.
fn resource_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..64),
        "[ \t\n<!>/?a-zA-Z=\"'-]{0,40}(meta|META|charset|http-equiv|content)[ =\"'a-zA-Z0-9;/<>-]{0,40}"
            .prop_map(String::into_bytes),
        prop::sample::select(vec![
            &b"GIF89a"[..],
            b"\x1A\x45\xDF\xA3\x42\x82",
            b"\x00\x00\x00\x18ftypmp4",
            b"\xFF\xFB\x90\x64",
            b"RIFF\0\0\0\0",
            b"<?xml encoding='",
            b"<!--",
        ])
        .prop_flat_map(|prefix| {
            proptest::collection::vec(any::<u8>(), 0..300)
                .prop_map(move |rest| [prefix, &rest[..]].concat())
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn mime_types_round_trip(input in mime_string()) {
        if let Some(mime) = MimeType::parse(&input) {
            let serialized = mime.serialize();
            let reparsed = MimeType::parse(&serialized);
            prop_assert_eq!(reparsed.as_ref(), Some(&mime), "{:?} -> {:?}", input, serialized);
            prop_assert_eq!(MimeType::parse_from_bytes(&mime.serialize_to_bytes()), Some(mime));
        }
    }

    #[test]
    fn sniffing_never_panics(bytes in resource_bytes(), content_type in proptest::option::of(mime_string()), no_sniff: bool) {
        let metadata = ResourceMetadata::new(Retrieval::Http { content_type: content_type.as_deref() }, no_sniff);
        let computed = determine_computed_mime_type(resource_header(&bytes), &metadata, |_| true);
        prop_assert!(MimeType::parse(&computed.serialize()).is_some());
        let _ = font_type_pattern_matching_algorithm(&bytes);
        let _ = rules_for_distinguishing_if_a_resource_is_text_or_binary(&bytes);
    }

    #[test]
    fn data_urls_never_panic(input in "data:[a-zA-Z/;= ,%0-9+]{0,30}") {
        if let Ok(url) = Url::parse(&input, None)
            && let Some(data) = data_url_processor(&url)
        {
            prop_assert!(MimeType::parse(&data.mime_type.serialize()).is_some());
        }
    }

    #[test]
    fn encoding_sniffing_never_panics(bytes in resource_bytes(), limit in 0usize..80) {
        let found = prescan_a_byte_stream_to_determine_its_encoding(&bytes, limit);
        // x-user-defined is never reported, and UTF-16 only for the '<?x' signatures.
        prop_assert_ne!(found, Some(Encoding::XUserDefined));
        if matches!(found, Some(Encoding::Utf16Le | Encoding::Utf16Be)) {
            prop_assert!(bytes.starts_with(b"<\0?\0x\0") || bytes.starts_with(b"\0<\0?\0x"));
        }
        let inputs = SniffingInputs { max_prescan_bytes: limit, ..SniffingInputs::default() };
        let _ = encoding_sniffing_algorithm(&bytes, &inputs);
    }
}
