//! The WHATWG [MIME Sniffing Standard](https://mimesniff.spec.whatwg.org/): MIME type records
//! (parse, serialize, essence, parameters, the MIME type groups) and determining the computed
//! MIME type of a resource (the supplied MIME type, the no-sniff and check-for-apache-bug
//! flags, the pattern tables and the rules for unknown and text-or-binary resources).
//!
//! ```
//! use webweft::mimesniff::{
//!     MimeType, ResourceMetadata, Retrieval, determine_computed_mime_type, determine_nosniff,
//! };
//!
//! let mime = MimeType::parse("Text/HTML; Charset=\"utf-8\"").unwrap();
//! assert_eq!(mime.essence(), "text/html");
//! assert_eq!(mime.parameters().get("charset"), Some("utf-8"));
//! assert_eq!(mime.serialize(), "text/html;charset=utf-8");
//!
//! // No Content-Type: the bytes decide; with nosniff, scriptable types are not sniffed.
//! let metadata = ResourceMetadata::new(Retrieval::Http { content_type: None }, false);
//! let computed = determine_computed_mime_type(b"<html>", &metadata, |_| true);
//! assert_eq!(computed.essence(), "text/html");
//! let nosniff = determine_nosniff(Some("NoSniff, x"));
//! let metadata = ResourceMetadata::new(Retrieval::Http { content_type: None }, nosniff);
//! let computed = determine_computed_mime_type(b"<html>", &metadata, |_| true);
//! assert_eq!(computed.essence(), "text/plain");
//! ```

mod mime_type;
mod sniffing;

pub use mime_type::{
    MimeType, MimeTypeError, MimeTypeParameters, is_javascript_mime_type_essence_match,
};
pub use sniffing::{
    ARCHIVE_PATTERNS, AUDIO_OR_VIDEO_PATTERNS, FONT_PATTERNS, IMAGE_PATTERNS,
    NON_SCRIPTABLE_PATTERNS, PatternRow, RESOURCE_HEADER_MAX_LEN, ResourceMetadata, Retrieval,
    SCRIPTABLE_PATTERNS, WHITESPACE_BYTES, archive_type_pattern_matching_algorithm,
    audio_or_video_type_pattern_matching_algorithm, determine_computed_mime_type,
    determine_nosniff, font_type_pattern_matching_algorithm, image_type_pattern_matching_algorithm,
    is_binary_data_byte, is_tag_terminating_byte, matches_the_signature_for_mp3_without_id3,
    matches_the_signature_for_mp4, matches_the_signature_for_webm, pattern_matching_algorithm,
    resource_header, rules_for_distinguishing_if_a_resource_is_text_or_binary,
    rules_for_identifying_an_unknown_mime_type,
};
