//! URL §4.1 "URL representation", §4.5 "URL serializing", §4.6 "URL equivalence".
//!
//! A URL record is kept as its serialization (always ASCII) plus offsets of its components,
//! so every getter is a slice and the whole record crosses to JavaScript as one string and
//! a fixed array of `u32`s (see [`Url::components`]).

use super::host::HostKind;
use super::parser::{MAX_INPUT_LEN, scan_normalized};
use crate::infra::strings::push_decimal;
use alloc::string::String;
use core::fmt;

/// The scheme classes the parser distinguishes: the special schemes (§4.2) and the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum SchemeType {
    /// Not a special scheme.
    NotSpecial = 0,
    /// "http"
    Http = 1,
    /// "https"
    Https = 2,
    /// "ws"
    Ws = 3,
    /// "wss"
    Wss = 4,
    /// "ftp"
    Ftp = 5,
    /// "file"
    File = 6,
}

impl SchemeType {
    /// Classifies an (already lowercase) scheme.
    #[inline]
    pub fn from_scheme(scheme: &[u8]) -> SchemeType {
        match scheme {
            b"http" => SchemeType::Http,
            b"https" => SchemeType::Https,
            b"ws" => SchemeType::Ws,
            b"wss" => SchemeType::Wss,
            b"ftp" => SchemeType::Ftp,
            b"file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    /// Whether this is a special scheme.
    #[inline]
    pub fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    /// The scheme's default port (§4.2), or `None`.
    #[inline]
    pub fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

/// A URL record (§4.1).
///
/// Layout of the serialization, with the offsets kept (`|` marks each):
/// ```text
/// https://user:pass@example.com:8080/path?query#fragment
///      |         |  |          |    |    |     |
///      |         |  host_start |    |    |     fragment_start ('#')
///      |         username_end  |    |    query_start ('?')
///      scheme_end (':')        |    path_start
///                              host_end
/// ```
/// With a null host there is no "//" and `username_end == host_start == host_end ==
/// scheme_end + 1`; the serializer's "/." (for a null host and a path list starting with an
/// empty segment) then sits between `host_end` and `path_start`.
///
/// Whether the path is opaque (a string) or a list is kept beside the serialization: the
/// path list's serialization is "/" and each segment, the opaque path is itself.
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    pub(crate) scheme_end: u32,
    pub(crate) username_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: u32,
    pub(crate) query_start: Option<u32>,
    pub(crate) fragment_start: Option<u32>,
    /// `None` for a null host.
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
    pub(crate) opaque_path: bool,
}

/// Index of each value in [`Url::components`].
pub mod component {
    /// End of the protocol (index just past the scheme's ":").
    pub const PROTOCOL_END: usize = 0;
    /// End of the username.
    pub const USERNAME_END: usize = 1;
    /// Start of the host.
    pub const HOST_START: usize = 2;
    /// End of the host.
    pub const HOST_END: usize = 3;
    /// The port number, or [`NONE`].
    pub const PORT: usize = 4;
    /// Start of the pathname.
    pub const PATHNAME_START: usize = 5;
    /// Index of the "?" starting the query, or [`NONE`].
    pub const SEARCH_START: usize = 6;
    /// Index of the "#" starting the fragment, or [`NONE`].
    pub const HASH_START: usize = 7;
    /// Bits 0–2: the host kind (0 null, else [`HostKind`](crate::url::HostKind) as u8);
    /// bits 3–5: the [`SchemeType`](crate::url::SchemeType) as u8; bit 6: has an
    /// opaque path.
    pub const FLAGS: usize = 8;
    /// The number of values.
    pub const COUNT: usize = 9;
    /// Marks an absent port, query or fragment.
    pub const NONE: u32 = u32::MAX;
}

/// Borrowed component values, the input to [`Url::from_parts`] (the URL serializer).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Parts<'a> {
    pub scheme: &'a str,
    pub username: &'a str,
    pub password: &'a str,
    pub host: Option<(&'a str, HostKind)>,
    pub port: Option<u16>,
    /// The serialized path (for an opaque path, the path itself).
    pub path: &'a str,
    pub opaque_path: bool,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

#[inline]
pub(crate) fn to_u32(n: usize) -> u32 {
    // Inputs are limited to u32::MAX bytes by the parser entry points.
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Url {
    /// The URL serializer (§4.5) over component values: builds a record from parts.
    pub(crate) fn from_parts(parts: Parts<'_>) -> Url {
        let mut s = String::with_capacity(
            parts.scheme.len()
                + parts.username.len()
                + parts.password.len()
                + parts.host.map_or(0, |h| h.0.len())
                + parts.path.len()
                + parts.query.map_or(0, str::len)
                + parts.fragment.map_or(0, str::len)
                + 16,
        );
        // 1. scheme ":"
        s.push_str(parts.scheme);
        let scheme_end = to_u32(s.len());
        s.push(':');
        let username_end;
        let host_start;
        if parts.host.is_some() {
            // 2. "//", credentials, host, port.
            s.push_str("//");
            s.push_str(parts.username);
            username_end = to_u32(s.len());
            if !parts.password.is_empty() {
                s.push(':');
                s.push_str(parts.password);
            }
            if !parts.username.is_empty() || !parts.password.is_empty() {
                s.push('@');
            }
            host_start = to_u32(s.len());
        } else {
            username_end = to_u32(s.len());
            host_start = username_end;
        }
        s.push_str(parts.host.map_or("", |h| h.0));
        let host_end = to_u32(s.len());
        if let (Some(port), Some(_)) = (parts.port, parts.host) {
            s.push(':');
            push_decimal(&mut s, port.into());
        }
        // 3. A null host and a path list starting with an empty segment get "/.".
        if parts.host.is_none() && !parts.opaque_path && parts.path.starts_with("//") {
            s.push_str("/.");
        }
        let path_start = to_u32(s.len());
        s.push_str(parts.path);
        let query_start = parts.query.map(|q| {
            let at = to_u32(s.len());
            s.push('?');
            s.push_str(q);
            at
        });
        let fragment_start = parts.fragment.map(|f| {
            let at = to_u32(s.len());
            s.push('#');
            s.push_str(f);
            at
        });
        Url {
            scheme_type: SchemeType::from_scheme(parts.scheme.as_bytes()),
            serialization: s,
            scheme_end,
            username_end,
            host_start,
            host_end,
            port: parts.host.and(parts.port),
            path_start,
            query_start,
            fragment_start,
            host_kind: parts.host.map(|h| h.1),
            opaque_path: parts.opaque_path,
        }
    }

    /// The current component values.
    pub(crate) fn parts(&self) -> Parts<'_> {
        Parts {
            scheme: self.scheme(),
            username: self.username(),
            password: self.password(),
            host: self.host_kind.map(|kind| (self.hostname(), kind)),
            port: self.port,
            path: self.path(),
            opaque_path: self.opaque_path,
            query: self.query(),
            fragment: self.fragment(),
        }
    }

    #[inline]
    fn slice(&self, start: u32, end: u32) -> &str {
        self.serialization
            .get(start as usize..end as usize)
            .unwrap_or("")
    }

    /// The URL serializer's output: the href.
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The href, consuming the record.
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The URL serializer with exclude fragment set to true.
    pub fn serialize_excluding_fragment(&self) -> &str {
        self.slice(0, self.fragment_start.unwrap_or(self.len()))
    }

    #[inline]
    pub(crate) fn len(&self) -> u32 {
        to_u32(self.serialization.len())
    }

    /// The URL's scheme (no ":").
    #[inline]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end)
    }

    /// The class of the scheme (special or not, and which).
    #[inline]
    pub fn scheme_type(&self) -> SchemeType {
        self.scheme_type
    }

    /// Whether the URL is special (§4.2).
    #[inline]
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// The URL's username.
    #[inline]
    pub fn username(&self) -> &str {
        if self.host_kind.is_none() {
            return "";
        }
        self.slice(self.scheme_end + 3, self.username_end)
    }

    /// The URL's password.
    #[inline]
    pub fn password(&self) -> &str {
        if self.host_start > self.username_end + 1 {
            self.slice(self.username_end + 1, self.host_start - 1)
        } else {
            ""
        }
    }

    /// The URL includes credentials: its username or password is not empty.
    #[inline]
    pub fn includes_credentials(&self) -> bool {
        self.host_start > self.username_end || self.username_end > self.scheme_end + 3
    }

    /// The kind of the URL's host, `None` for a null host.
    #[inline]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.host_kind
    }

    /// The URL's host, serialized; `None` for a null host. (The `hostname` getter.)
    #[inline]
    pub fn host_serialized(&self) -> Option<&str> {
        self.host_kind
            .map(|_| self.slice(self.host_start, self.host_end))
    }

    /// The URL's port.
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// End of the path (start of the query, fragment, or the end).
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        self.query_start
            .or(self.fragment_start)
            .unwrap_or_else(|| self.len())
    }

    /// The URL path serializer (§4.5): the serialized path, or the opaque path itself.
    #[inline]
    pub fn path(&self) -> &str {
        self.slice(self.path_start, self.path_end())
    }

    /// The URL has an opaque path (§4.2).
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// The path's segments when the path is a list (`None` for an opaque path): its
    /// serialization split on "/" after the leading one.
    pub fn path_segments(&self) -> Option<impl Iterator<Item = &str>> {
        if self.has_opaque_path() {
            return None;
        }
        let path = self.path();
        Some(
            path.strip_prefix('/')
                .unwrap_or(path)
                .split('/')
                .take(if path.is_empty() { 0 } else { usize::MAX }),
        )
    }

    /// The URL's query (no "?"); `None` for a null query.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.query_start
            .map(|q| self.slice(q + 1, self.fragment_start.unwrap_or_else(|| self.len())))
    }

    /// The URL's fragment (no "#"); `None` for a null fragment.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_start.map(|f| self.slice(f + 1, self.len()))
    }

    /// The URL cannot have a username/password/port (§4.2).
    #[inline]
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, None | Some(HostKind::Empty))
            || self.scheme_type == SchemeType::File
    }

    /// The component offsets as one fixed array (indices in [`component`]), for a binding
    /// that keeps its own copy of the href and serves getters by slicing it:
    /// - protocol = `href[0..PROTOCOL_END]`
    /// - username = host null ? "" : `href[PROTOCOL_END + 2..USERNAME_END]`
    /// - password = `HOST_START > USERNAME_END + 1` ? `href[USERNAME_END + 1..HOST_START - 1]` : ""
    /// - hostname = `href[HOST_START..HOST_END]`; host = host null ? "" : `href[HOST_START..PATHNAME_START]`
    /// - port = `PORT == NONE` ? "" : `String(PORT)`
    /// - pathname = `href[PATHNAME_START..(SEARCH_START, else HASH_START, else length)]`
    /// - search = `href[SEARCH_START..(HASH_START, else length)]` ("" when that is just "?")
    /// - hash = `href[HASH_START..]` ("" when that is just "#")
    ///
    /// Offsets are in bytes of the href, which is ASCII, so they are also UTF-16 indices.
    pub fn components(&self) -> [u32; component::COUNT] {
        let flags = self.host_kind.map_or(0, |k| k as u32)
            | (self.scheme_type as u32) << 3
            | u32::from(self.has_opaque_path()) << 6;
        [
            self.scheme_end + 1,
            self.username_end,
            self.host_start,
            self.host_end,
            self.port.map_or(component::NONE, u32::from),
            self.path_start,
            self.query_start.unwrap_or(component::NONE),
            self.fragment_start.unwrap_or(component::NONE),
            flags,
        ]
    }

    /// [`Url::components`] of the URL that `input` parses to when it is already in the form
    /// the serializer produces (the parser's fast path; its href is then `input`), without a
    /// copy of the input; `None` does not mean failure, only that the full parser must run.
    /// Only ASCII is accepted, so `input` may be bytes not yet checked to be UTF-8.
    pub fn normalized_components(input: &[u8]) -> Option<[u32; component::COUNT]> {
        if input.len() > MAX_INPUT_LEN {
            return None;
        }
        scan_normalized(input).map(|url| url.components())
    }

    /// Equals (§4.6) with exclude fragments: the serializations without fragments match.
    pub fn equals_excluding_fragments(&self, other: &Url) -> bool {
        self.serialize_excluding_fragment() == other.serialize_excluding_fragment()
    }
}

/// URL equivalence (§4.6): equal serializations.
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl core::hash::Hash for Url {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.serialization)
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host_serialized())
            .field("port", &self.port)
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}
