//! MIME Sniffing, the data: URL processor and HTML's encoding sniffing: no algorithm panics on
//! any input; a parsed MIME type serializes to a string that parses back to the same record;
//! the computed MIME type is always a MIME type.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::fetch::data_url_processor;
use webweft::html::encoding_sniffing::{SniffingInputs, encoding_sniffing_algorithm};
use webweft::mimesniff::{
    MimeType, ResourceMetadata, Retrieval, determine_computed_mime_type, resource_header,
};
use webweft::url::Url;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the flags; the rest is the input.
    let Some((&flags, input)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(input);
    if let Some(mime) = MimeType::parse(&text) {
        assert_eq!(MimeType::parse(&mime.serialize()).as_ref(), Some(&mime));
    }
    if let Some(mime) = MimeType::parse_from_bytes(input) {
        assert_eq!(
            MimeType::parse_from_bytes(&mime.serialize_to_bytes()).as_ref(),
            Some(&mime)
        );
    }
    let content_type = (flags & 1 != 0).then(|| text.split('\n').next().unwrap_or_default());
    let metadata = ResourceMetadata::new(Retrieval::Http { content_type }, flags & 2 != 0);
    let computed =
        determine_computed_mime_type(resource_header(input), &metadata, |_| flags & 4 != 0);
    assert!(MimeType::parse(&computed.serialize()).is_some());
    if let Ok(url) = Url::parse(&format!("data:{text}"), None) {
        let _ = data_url_processor(&url);
    }
    let inputs = SniffingInputs {
        max_prescan_bytes: usize::from(flags >> 3) * 64,
        ..SniffingInputs::default()
    };
    let _ = encoding_sniffing_algorithm(input, &inputs);
});
