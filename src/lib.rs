//! # webweft
//!
//! The web platform's data primitives, spec-exact: the WHATWG [Infra], [URL] and [Encoding]
//! standards and the [HTML] standard's common microsyntaxes. `no_std` with `alloc` and no I/O:
//! every function takes strings or bytes and returns values.
//! The same crate, compiled to wasm32 with its `bindings` feature, is the npm package
//! `webweft` (whose structured clone is JavaScript, so it has no Rust module here).
//!
//! [Infra]: https://infra.spec.whatwg.org/
//! [URL]: https://url.spec.whatwg.org/
//! [Encoding]: https://encoding.spec.whatwg.org/
//! [HTML]: https://html.spec.whatwg.org/multipage/common-microsyntaxes.html
//!
//! | module | standard | feature |
//! |---|---|---|
//! | [`infra`] | Infra: code point classes, ASCII string operations, forgiving-base64 | always |
//! | `url` | URL: the parser, setters, hosts and IDNA, origins, `URLSearchParams`, validation errors | `url` |
//! | `urlpattern` | URL Pattern: `URLPattern` (linear-time matching without custom regexp groups) | `urlpattern` (`urlpattern-regress`: custom groups on `regress`) |
//! | `public_suffix` | the Public Suffix List algorithm (also re-exported by `url`) | `public-suffix-list` (`public-suffix` with `url`) |
//! | `encoding` | Encoding: every encoding's decoder and encoder, labels, `TextDecoder`'s state | `encoding` (legacy CJK encodings: `encoding-legacy`) |
//! | `html` | HTML microsyntaxes (numbers, dates, colors, tokens, attributes), the `meta` charset, encoding-parsing a URL, the encoding sniffing algorithm | `html` (encoding-parsing with `url` and `encoding`; sniffing with `encoding`, or `html-encoding-sniffing` alone) |
//! | `mimesniff` | MIME Sniffing: MIME type records, the groups, the pattern tables, the computed MIME type of a resource | `mimesniff` |
//! | `fetch` | Fetch's `data:` URL processor | `data-url` |
//!
//! Features: `full` (the default) is `lite` + `encoding-legacy` + `public-suffix` +
//! `urlpattern-regress`; `lite` is
//! `url` + `encoding` + `html` + `mimesniff` + `data-url`. `bindings` (wasm32 only) adds the wasm-bindgen layer with the
//! npm package's allocator and panic handler: a Rust crate that depends on webweft leaves it
//! off. `testing-hooks` is for this repository's tests.
//!
//! No function panics on any input: bad input is the standard's failure, returned as `None`
//! or an error value.
//!
//! ## Infra: forgiving-base64
//!
//! ```
//! use webweft::infra::{forgiving_base64_decode, forgiving_base64_encode};
//!
//! assert_eq!(forgiving_base64_encode(b"weft"), "d2VmdA==");
//! // Forgiving: ASCII whitespace is removed and the padding may be left out.
//! assert_eq!(forgiving_base64_decode(" d2Vm dA ").as_deref(), Some(&b"weft"[..]));
//! assert_eq!(forgiving_base64_decode("d2VmdA="), None);
//! ```
//!
//! ## URL
//!
//! ```
//! # #[cfg(feature = "url")] {
//! use webweft::url::{Url, UrlSearchParams};
//!
//! let base = Url::parse("https://example.com/a/b", None).unwrap();
//! let url = Url::parse("../c?q=1#top", Some(&base)).unwrap();
//! assert_eq!(url.href(), "https://example.com/c?q=1#top");
//!
//! // Hosts go through IDNA; IPv4 in any of its forms is normalized.
//! let url = Url::parse("http://BÜCHER.example:80/", None).unwrap();
//! assert_eq!(url.host_serialized(), Some("xn--bcher-kva.example"));
//! assert_eq!(url.port(), None);
//! assert_eq!(Url::parse("http://0x7F.1/", None).unwrap().hostname(), "127.0.0.1");
//! assert!(Url::parse("http://exa mple.com/", None).is_err());
//!
//! let mut params = UrlSearchParams::parse("?a=1&b=%C3%A9");
//! assert_eq!(params.get("b"), Some("é"));
//! params.append("c", "x y");
//! assert_eq!(params.serialize(), "a=1&b=%C3%A9&c=x+y");
//! # }
//! ```
//!
//! ## Encoding
//!
//! ```
//! # #[cfg(feature = "encoding-legacy")] {
//! use webweft::encoding::{Encoding, TextDecoder, decode, encode};
//!
//! let sjis = Encoding::for_label(" sjis ").unwrap();
//! assert_eq!(sjis.name(), "Shift_JIS");
//! assert_eq!(encode("あ", sjis).unwrap(), [0x82, 0xA0]);
//!
//! // The "decode" hook: a byte order mark overrides the fallback encoding.
//! let (text, used) = decode(b"\xEF\xBB\xBFcaf\xC3\xA9", Encoding::Windows1252).unwrap();
//! assert_eq!((text.as_str(), used), ("café", Encoding::Utf8));
//!
//! // TextDecoder, streaming: a character split across chunks comes out whole.
//! let mut decoder = TextDecoder::new("utf-8", false, false).unwrap();
//! let mut text = decoder.decode(b"caf\xC3", true).unwrap();
//! text += &decoder.decode(b"\xA9", false).unwrap();
//! assert_eq!(text, "café");
//! # }
//! ```
//!
//! ## HTML microsyntaxes
//!
//! ```
//! # #[cfg(feature = "html")] {
//! use webweft::html::microsyntax::{
//!     Date, parse_date_string, parse_integer, parse_legacy_color_value, serialize_date_string,
//! };
//! use webweft::infra::strings::split_on_commas;
//!
//! assert_eq!(parse_integer("  42px"), Some(42));
//! let date = parse_date_string("2016-02-29").unwrap();
//! assert_eq!(date, Date { year: 2016, month: 2, day: 29 });
//! assert_eq!(serialize_date_string(date).as_deref(), Some("2016-02-29"));
//! assert_eq!(parse_date_string("2015-02-29"), None);
//! let color = parse_legacy_color_value("chucknorris").unwrap();
//! assert_eq!((color.red, color.green, color.blue), (0xC0, 0, 0));
//! assert_eq!(split_on_commas("a ,b,,d d").collect::<Vec<_>>(), ["a", "b", "", "d d"]);
//! # }
//! ```

#![no_std]

extern crate alloc;
// Unit tests use std's macros (`format!`, `vec!`, `println!`) and I/O.
#[cfg(test)]
#[macro_use]
extern crate std;

pub mod infra;
/// The Public Suffix List algorithm on a domain; `url` re-exports it for hosts.
#[cfg(feature = "public-suffix-list")]
#[path = "url/public_suffix.rs"]
pub mod public_suffix;
#[cfg(feature = "url")]
pub mod url;

#[cfg(feature = "urlpattern")]
pub mod urlpattern;

#[cfg(any(feature = "html", feature = "html-encoding-sniffing"))]
pub mod html;

#[cfg(feature = "encoding")]
pub mod encoding;

#[cfg(feature = "mimesniff")]
pub mod mimesniff;

#[cfg(feature = "data-url")]
pub mod fetch;

/// URL's percent-encoding module on its own (the `url` feature has it as
/// `url::percent_encoding`), for the data: URL processor in builds without the URL parser: the
/// npm package's mimesniff unit. Only percent-decoding is used there.
#[cfg(all(feature = "data-url", not(feature = "url")))]
#[path = "url/percent_encoding.rs"]
#[allow(dead_code)]
mod percent_encoding;

#[cfg(all(target_arch = "wasm32", feature = "bindings"))]
mod bindings;

/// The examples of the crate's README (crates.io), run as doctests.
#[cfg(all(doctest, feature = "full"))]
#[doc = include_str!("../README.crate.md")]
struct ReadmeDoctests;
