//! The WHATWG URL Standard: hosts (§3), URLs (§4), application/x-www-form-urlencoded (§5)
//! and the `URL`/`URLSearchParams` API semantics (§6).
//!
//! # For the JavaScript binding (one crossing per operation)
//! - `new URL(url, base)` / `URL.parse`: [`Url::api_parse`]; `URL.canParse`:
//!   [`Url::can_parse`] (stops once failure is impossible, keeps nothing).
//! - The record is its href (ASCII) plus [`Url::components`], a `[u32; 9]` of offsets
//!   (layout in [`component`]); JS keeps its own copy of href and slices it for every
//!   getter. When [`Url::href_equals`] the input, JS can keep the caller's string as href;
//!   [`Url::normalized_components`] gives the offsets of an input already in serialized form
//!   (its href) without parsing it into a `Url`.
//! - Setters ([`Url::set_href`], [`Url::set_protocol`], … [`Url::set_hash`]) carry the
//!   spec's quirks; after each, return href and components again.
//! - `URLSearchParams`: [`UrlSearchParams`]; after a mutation of a URL's params call
//!   [`UrlSearchParams::update`]; after `href`/`search` setters rebuild it with
//!   [`UrlSearchParams::from_url`].
//!
//! # Record-level algorithms (what whatwg-url hands to jsdom)
//! - [`UrlRecord`]: the URL record with the spec's fields, converting to and from [`Url`].
//! - The basic URL parser with all its arguments: [`Url::basic_parse`] and
//!   [`Url::basic_parse_in_place`] (the given url, modified in place) with [`ParseOptions`]
//!   (base, encoding, a [`ParserState`] as state override); the same on [`UrlRecord`], and
//!   [`UrlRecord::parse_with_validation_errors`].
//! - Serializers: [`UrlRecord::serialize`] (exclude fragment), [`UrlRecord::serialize_path`],
//!   the host serializer (`Host`'s `Display`), [`Origin::ascii_serialization`],
//!   [`serialize_integer`].
//! - [`is_valid_url_string`] and [`is_valid_host_string`]: the URL writing grammar.
//! - [`percent_encoding::percent_decode`] and [`percent_encoding::percent_decode_str`].
//!
//! ```
//! use webweft::url::Url;
//! let url = Url::parse("HTTPS://EXAMPLE.com:443/a/../b?q#f", None).unwrap();
//! assert_eq!(url.href(), "https://example.com/b?q#f");
//! assert_eq!(url.origin().ascii_serialization(), "https://example.com");
//! ```

mod api;
pub mod form_urlencoded;
pub(crate) mod host;
mod origin;
mod parser;
pub mod percent_encoding;
pub(crate) mod record;
mod search_params;
mod url_record;
mod validation;
mod writing;

#[cfg(feature = "public-suffix")]
pub use crate::public_suffix::{public_suffix, registrable_domain};
pub use api::ParseOptions;
pub use host::{
    Host, HostKind, HostParseError, domain_to_ascii, domain_to_unicode, ends_in_a_number,
    ipv4_serialize, ipv6_serialize, is_valid_domain,
};
pub use origin::Origin;
pub use parser::{MAX_INPUT_LEN, ParseError, ParserState, is_url_code_point};
pub use percent_encoding::{EncodedPiece, QueryEncoder, Utf8};
pub use record::{SchemeType, Url, component};
pub use search_params::UrlSearchParams;
pub use url_record::{UrlPath, UrlRecord, serialize_integer};
pub(crate) use validation::Errors;
pub use validation::{NoSink, ValidationError, ValidationErrorKind, ValidationSink};
pub use writing::{is_valid_host_string, is_valid_url_string};
