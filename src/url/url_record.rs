//! URL §4.1 "URL representation" in the spec's own shape: a struct with the spec's fields, for
//! callers that read and write them (as whatwg-url's API hands them to jsdom), and the
//! record-level algorithms on it.
//!
//! [`Url`] is the same record kept as its serialization plus offsets; the two convert into
//! each other: `Url` → [`UrlRecord`] by slicing, [`UrlRecord`] → `Url` by the URL serializer.

use super::api::ParseOptions;
use super::host::Host;
use super::origin::Origin;
use super::parser::ParseError;
use super::record::{Parts, SchemeType, Url};
use super::validation::{Errors, ValidationError};
use crate::infra::strings::push_decimal;
use alloc::borrow::ToOwned;
use alloc::{string::String, vec::Vec};

/// Serialize an integer (URL §1): its shortest decimal representation, as the serializers
/// write a port and an IPv4 address's parts.
///
/// ```
/// assert_eq!(webweft::url::serialize_integer(8080), "8080");
/// assert_eq!(webweft::url::serialize_integer(0), "0");
/// ```
pub fn serialize_integer(n: u64) -> String {
    let mut output = String::new();
    push_decimal(&mut output, n);
    output
}

/// A URL's path (§4.1): an opaque path (a URL path segment), or a list of segments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UrlPath {
    /// An opaque path, e.g. "isbn:9780307476463" in "urn:isbn:9780307476463".
    Opaque(String),
    /// A list of zero or more URL path segments.
    Segments(Vec<String>),
}

/// A URL record (§4.1) with exactly the spec's fields (the blob URL entry aside).
///
/// Every record the basic URL parser produces converts to a [`Url`] and back unchanged. A
/// record no parser produces converts to the `Url` of its serialization, which keeps what that
/// serialization can hold, component by component:
/// - a path segment containing "/" reads back as several segments;
/// - a username, password or port of a URL without a host is dropped (the serializer writes them
///   only after a host);
/// - anything else is kept as given: a field with code points the parser would have
///   percent-encoded, an opaque path beside a host, a scheme that only differs from a special
///   scheme in case (which is then not special).
///
/// ```
/// use webweft::url::{Host, Url, UrlPath, UrlRecord};
/// let url = Url::parse("https://user@example.com:8080/a/b?q#f", None).unwrap();
/// let record = UrlRecord::from(&url);
/// assert_eq!(record.host, Some(Host::Domain("example.com".into())));
/// assert_eq!(record.port, Some(8080));
/// assert_eq!(record.path, UrlPath::Segments(vec!["a".into(), "b".into()]));
/// assert_eq!(Url::from(&record), url);
///
/// let mut odd = record.clone();
/// odd.path = UrlPath::Segments(vec!["a/b".into()]);
/// assert_eq!(UrlRecord::from(&Url::from(&odd)).path, record.path);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlRecord {
    /// The scheme: an ASCII string, initially empty.
    pub scheme: String,
    /// The username: an ASCII string, initially empty.
    pub username: String,
    /// The password: an ASCII string, initially empty.
    pub password: String,
    /// The host: null or a host, initially null.
    pub host: Option<Host>,
    /// The port: null or a 16-bit unsigned integer, initially null.
    pub port: Option<u16>,
    /// The path, initially « ».
    pub path: UrlPath,
    /// The query: null or an ASCII string, initially null.
    pub query: Option<String>,
    /// The fragment: null or an ASCII string, initially null.
    pub fragment: Option<String>,
}

/// A new URL (§4.1): every field empty or null, the path an empty list.
impl Default for UrlRecord {
    fn default() -> Self {
        UrlRecord {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: UrlPath::Segments(Vec::new()),
            query: None,
            fragment: None,
        }
    }
}

impl From<&Url> for UrlRecord {
    fn from(url: &Url) -> Self {
        let path = match url.path_segments() {
            Some(segments) => UrlPath::Segments(segments.map(ToOwned::to_owned).collect()),
            None => UrlPath::Opaque(url.path().to_owned()),
        };
        UrlRecord {
            scheme: url.scheme().to_owned(),
            username: url.username().to_owned(),
            password: url.password().to_owned(),
            host: url
                .host_kind()
                .map(|kind| Host::from_serialized(kind, url.hostname().to_owned())),
            port: url.port(),
            path,
            query: url.query().map(ToOwned::to_owned),
            fragment: url.fragment().map(ToOwned::to_owned),
        }
    }
}

/// The URL serializer (§4.5), keeping the components' offsets.
impl From<&UrlRecord> for Url {
    fn from(record: &UrlRecord) -> Self {
        let mut host = String::new();
        if let Some(h) = &record.host {
            h.serialize_into(&mut host);
        }
        let path = record.serialize_path();
        Url::from_parts(Parts {
            scheme: &record.scheme,
            username: &record.username,
            password: &record.password,
            host: record.host.as_ref().map(|h| (host.as_str(), h.kind())),
            port: record.port,
            path: &path,
            opaque_path: record.has_opaque_path(),
            query: record.query.as_deref(),
            fragment: record.fragment.as_deref(),
        })
    }
}

impl UrlRecord {
    /// The URL serializer (§4.5), with `exclude_fragment`.
    ///
    /// ```
    /// use webweft::url::{UrlPath, UrlRecord};
    /// let record = UrlRecord {
    ///     scheme: "web+demo".into(),
    ///     path: UrlPath::Segments(vec!["".into(), "not-a-host".into(), "".into()]),
    ///     fragment: Some("f".into()),
    ///     ..UrlRecord::default()
    /// };
    /// assert_eq!(record.serialize(false), "web+demo:/.//not-a-host/#f");
    /// assert_eq!(record.serialize(true), "web+demo:/.//not-a-host/");
    /// ```
    pub fn serialize(&self, exclude_fragment: bool) -> String {
        let url = Url::from(self);
        if exclude_fragment {
            url.serialize_excluding_fragment().to_owned()
        } else {
            url.into_string()
        }
    }

    /// The URL path serializer (§4.5): an opaque path itself, else "/" before each segment.
    ///
    /// ```
    /// use webweft::url::{UrlPath, UrlRecord};
    /// let mut record = UrlRecord::default();
    /// assert_eq!(record.serialize_path(), "");
    /// record.path = UrlPath::Segments(vec!["a".into(), "".into()]);
    /// assert_eq!(record.serialize_path(), "/a/");
    /// record.path = UrlPath::Opaque("isbn:123".into());
    /// assert_eq!(record.serialize_path(), "isbn:123");
    /// ```
    pub fn serialize_path(&self) -> String {
        match &self.path {
            UrlPath::Opaque(path) => path.clone(),
            UrlPath::Segments(segments) => {
                let mut output = String::with_capacity(segments.iter().map(|s| s.len() + 1).sum());
                for segment in segments {
                    output.push('/');
                    output.push_str(segment);
                }
                output
            }
        }
    }

    /// The URL's origin (§4.7); [`Origin::ascii_serialization`] serializes it ("null" for an
    /// opaque origin).
    ///
    /// ```
    /// use webweft::url::{Url, UrlRecord};
    /// let origin = |s| UrlRecord::from(&Url::parse(s, None).unwrap()).origin().ascii_serialization();
    /// assert_eq!(origin("blob:https://example.com:443/uuid"), "https://example.com");
    /// assert_eq!(origin("file:///tmp"), "null");
    /// assert_eq!(origin("data:,x"), "null");
    /// ```
    pub fn origin(&self) -> Origin {
        Origin::of(&Url::from(self))
    }

    /// The URL is special (§4.2): its scheme is a special scheme.
    pub fn is_special(&self) -> bool {
        SchemeType::from_scheme(self.scheme.as_bytes()).is_special()
    }

    /// The URL includes credentials (§4.2).
    pub fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// The URL has an opaque path (§4.2).
    pub fn has_opaque_path(&self) -> bool {
        matches!(self.path, UrlPath::Opaque(_))
    }

    /// The URL cannot have a username/password/port (§4.2): its host is null or the empty
    /// host, or its scheme is "file".
    ///
    /// ```
    /// use webweft::url::{Url, UrlRecord};
    /// let record = |s| UrlRecord::from(&Url::parse(s, None).unwrap());
    /// assert!(record("file://host/").cannot_have_username_password_port());
    /// assert!(record("sc:opaque").cannot_have_username_password_port());
    /// assert!(!record("sc://host").cannot_have_username_password_port());
    /// ```
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host, None | Some(Host::Empty)) || self.scheme == "file"
    }

    /// Set the username (§4.4): `username`, UTF-8 percent-encoded with the userinfo
    /// percent-encode set.
    ///
    /// ```
    /// use webweft::url::{Url, UrlRecord};
    /// let mut record = UrlRecord::from(&Url::parse("https://example.com/", None).unwrap());
    /// record.set_the_username("a b@c");
    /// record.set_the_password("p:w");
    /// assert_eq!(record.serialize(false), "https://a%20b%40c:p%3Aw@example.com/");
    /// ```
    pub fn set_the_username(&mut self, username: &str) {
        self.username = super::percent_encoding::utf8_percent_encode(
            username,
            &super::percent_encoding::USERINFO,
        )
        .into_owned();
    }

    /// Set the password (§4.4), as [`UrlRecord::set_the_username`] does the username.
    pub fn set_the_password(&mut self, password: &str) {
        self.password = super::percent_encoding::utf8_percent_encode(
            password,
            &super::percent_encoding::USERINFO,
        )
        .into_owned();
    }

    /// The basic URL parser (§4.4) without `url` (see [`Url::basic_parse`]).
    ///
    /// ```
    /// use webweft::url::{Host, ParseOptions, UrlRecord};
    /// let record = UrlRecord::basic_parse("http://[::1]:8080/", ParseOptions::default()).unwrap();
    /// assert_eq!(record.host, Some(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1])));
    /// ```
    pub fn basic_parse(input: &str, options: ParseOptions<'_>) -> Result<UrlRecord, ParseError> {
        Url::basic_parse(input, options, &mut Errors::off()).map(|url| UrlRecord::from(&url))
    }

    /// The basic URL parser (§4.4) with this record as `url`, modified in place, also on
    /// failure (see [`Url::basic_parse_in_place`]).
    ///
    /// ```
    /// use webweft::url::{ParseOptions, ParserState, Url, UrlRecord};
    /// let mut record = UrlRecord::from(&Url::parse("https://example.com/?a#f", None).unwrap());
    /// // The search setter's steps: query to the empty string, then the query state.
    /// record.query = Some(String::new());
    /// let options = ParseOptions { state_override: Some(ParserState::Query), ..ParseOptions::default() };
    /// record.basic_parse_in_place("x y#z", options).unwrap();
    /// assert_eq!(record.query.as_deref(), Some("x%20y%23z"));
    /// assert_eq!(record.fragment.as_deref(), Some("f"));
    /// ```
    pub fn basic_parse_in_place(
        &mut self,
        input: &str,
        options: ParseOptions<'_>,
    ) -> Result<(), ParseError> {
        let mut url = Url::from(&*self);
        let result = url.basic_parse_in_place(input, options, &mut Errors::off());
        *self = UrlRecord::from(&url);
        result
    }

    /// The basic URL parser (§4.4) without `url`, also returning the validation errors (URL
    /// §1.1) it found, in order, each with its type (e.g. "invalid-URL-unit", from
    /// [`ValidationErrorKind::as_str`](super::ValidationErrorKind::as_str)) and its byte offset
    /// in `input`.
    ///
    /// ```
    /// use webweft::url::{ParseOptions, UrlRecord};
    /// let (url, errors) = UrlRecord::parse_with_validation_errors("https://example.org/%s", ParseOptions::default());
    /// assert!(url.is_ok());
    /// assert_eq!(errors.len(), 1);
    /// assert_eq!((errors[0].kind.as_str(), errors[0].position), ("invalid-URL-unit", 20));
    /// ```
    pub fn parse_with_validation_errors(
        input: &str,
        options: ParseOptions<'_>,
    ) -> (Result<UrlRecord, ParseError>, Vec<ValidationError>) {
        let mut errors = Errors::new(true);
        let url = Url::basic_parse(input, options, &mut errors).map(|url| UrlRecord::from(&url));
        (url, errors.into_list())
    }
}
