//! URL §6.1 "URL class" semantics in Rust: the API URL parser, `URL.parse`/`canParse`, and
//! every getter and setter with the spec's quirks, so a JavaScript binding stays thin.
//!
//! The setters run the basic URL parser's steps with the matching state override. The
//! steps that can run under an override (scheme, host/hostname, port, file host, path,
//! query, fragment) act on component values here; the path state is the parser's own.

use super::host::{HostKind, parse_host_into};
use super::origin::Origin;
use super::parser::{self, Input, Mode, ParseError, Parser, State, parse_port};
use super::percent_encoding::{
    FRAGMENT, QUERY, QueryEncoder, SPECIAL_QUERY, USERINFO, utf8_percent_encode,
    utf8_percent_encode_into,
};
use super::record::{Parts, SchemeType, Url};
use super::validation::{Errors, ValidationSink};
use alloc::string::String;

impl Url {
    /// The basic URL parser (§4.4) on `input` with an optional base URL.
    pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        parser::basic_url_parse(input, base, None, &mut Errors::off(), Mode::Full)
    }

    /// The basic URL parser with an encoding for the query (the spec's `encoding`
    /// argument, after "get an output encoding") and a sink for validation errors.
    pub fn parse_with(
        input: &str,
        base: Option<&Url>,
        encoding: &dyn QueryEncoder,
        sink: &mut impl ValidationSink,
    ) -> Result<Url, ParseError> {
        let encoding = (!encoding.is_utf8()).then_some(encoding);
        parser::basic_url_parse(input, base, encoding, sink, Mode::Full)
    }

    /// Parses `input` with this URL as the base.
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse(input, Some(self))
    }

    /// The API URL parser (§6.1): `new URL(url, base)` and `URL.parse(url, base)`.
    pub fn api_parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        match base {
            None => Url::parse(input, None),
            Some(base) => {
                let base = Url::parse(base, None)?;
                Url::parse(input, Some(&base))
            }
        }
    }

    /// `URL.canParse(url, base)`: the API URL parser succeeds. Stops as soon as failure is
    /// no longer possible (when the path starts) and keeps nothing.
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        let base = match base {
            None => None,
            Some(base) => match Url::parse(base, None) {
                Ok(base) => Some(base),
                Err(_) => return false,
            },
        };
        parser::basic_url_parse(
            input,
            base.as_ref(),
            None,
            &mut Errors::off(),
            Mode::CheckOnly,
        )
        .is_ok()
    }

    /// Whether the href is exactly `input`: a binding can then keep the caller's string.
    #[inline]
    pub fn href_equals(&self, input: &str) -> bool {
        self.serialization == input
    }

    /// The `protocol` getter: scheme followed by ":".
    #[inline]
    pub fn protocol(&self) -> &str {
        &self.serialization[..self.scheme_end as usize + 1]
    }

    /// The `host` getter: host and port, or "" for a null host.
    #[inline]
    pub fn host(&self) -> &str {
        if self.host_kind.is_none() {
            return "";
        }
        self.serialization
            .get(self.host_start as usize..self.path_start as usize)
            .unwrap_or("")
    }

    /// The `hostname` getter: the serialized host, or "".
    #[inline]
    pub fn hostname(&self) -> &str {
        self.host_serialized().unwrap_or("")
    }

    /// The `port` getter: the serialized port, or "".
    #[inline]
    pub fn port_str(&self) -> &str {
        if self.port.is_none() {
            return "";
        }
        self.serialization
            .get(self.host_end as usize + 1..self.path_start as usize)
            .unwrap_or("")
    }

    /// The `pathname` getter: the URL path serializer's result.
    #[inline]
    pub fn pathname(&self) -> &str {
        self.path()
    }

    /// The `search` getter: "" for a null or empty query, else "?" and the query.
    #[inline]
    pub fn search(&self) -> &str {
        match self.query_start {
            Some(q) => {
                let end = self.fragment_start.unwrap_or_else(|| self.len());
                if end > q + 1 {
                    self.serialization
                        .get(q as usize..end as usize)
                        .unwrap_or("")
                } else {
                    ""
                }
            }
            None => "",
        }
    }

    /// The `hash` getter: "" for a null or empty fragment, else "#" and the fragment.
    #[inline]
    pub fn hash(&self) -> &str {
        match self.fragment_start {
            Some(f) if f + 1 < self.len() => self.serialization.get(f as usize..).unwrap_or(""),
            _ => "",
        }
    }

    /// The `origin` getter's origin (serialize it with [`Origin::ascii_serialization`]).
    pub fn origin(&self) -> Origin {
        Origin::of(self)
    }

    fn replace_parts(&mut self, parts: impl FnOnce(Parts<'_>) -> Url) {
        let url = parts(self.parts());
        *self = url;
    }

    /// The `href` setter: on failure (a `TypeError` in JavaScript) nothing changes. The
    /// caller must then re-initialize the URL's `URLSearchParams` from [`Url::query`].
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value, None)?;
        Ok(())
    }

    /// The `protocol` setter: basic URL parse value + ":" with scheme start state override.
    pub fn set_protocol(&mut self, value: &str) {
        let input = Input::new(value, false, &mut Errors::off());
        let bytes = input.text.as_bytes();
        // Scheme start state: an ASCII alpha, else failure.
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return;
        }
        // Scheme state: the ":" appended to the value ends the scheme at the latest.
        let end = bytes
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .unwrap_or(bytes.len());
        if end < bytes.len() && bytes[end] != b':' {
            return;
        }
        let buffer = input.text[..end].to_ascii_lowercase();
        let new_type = SchemeType::from_scheme(buffer.as_bytes());
        // 2.1. Special and non-special schemes do not switch into each other.
        if self.is_special() != new_type.is_special() {
            return;
        }
        // 2.2. A URL with credentials or a port cannot become file.
        if (self.includes_credentials() || self.port.is_some()) && new_type == SchemeType::File {
            return;
        }
        // 2.3. A file URL with an empty host keeps its scheme.
        if self.scheme_type == SchemeType::File && self.host_kind == Some(HostKind::Empty) {
            return;
        }
        // 5–6. Set the scheme; a port that is now the default port becomes null.
        let port = self.port.filter(|&p| Some(p) != new_type.default_port());
        self.replace_parts(|parts| {
            Url::from_parts(Parts {
                scheme: &buffer,
                port,
                ..parts
            })
        });
    }

    /// The `username` setter.
    pub fn set_username(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let username = utf8_percent_encode(value, &USERINFO);
        self.replace_parts(|parts| {
            Url::from_parts(Parts {
                username: &username,
                ..parts
            })
        });
    }

    /// The `password` setter.
    pub fn set_password(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let password = utf8_percent_encode(value, &USERINFO);
        self.replace_parts(|parts| {
            Url::from_parts(Parts {
                password: &password,
                ..parts
            })
        });
    }

    /// The `host` setter: host state override (which may also set the port).
    pub fn set_host(&mut self, value: &str) {
        if self.has_opaque_path() {
            return;
        }
        let input = Input::new(value, false, &mut Errors::off());
        self.host_state_override(&input.text, false);
    }

    /// The `hostname` setter: hostname state override.
    pub fn set_hostname(&mut self, value: &str) {
        if self.has_opaque_path() {
            return;
        }
        let input = Input::new(value, false, &mut Errors::off());
        self.host_state_override(&input.text, true);
    }

    /// The `port` setter.
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        if value.is_empty() {
            self.replace_parts(|parts| {
                Url::from_parts(Parts {
                    port: None,
                    ..parts
                })
            });
            return;
        }
        let input = Input::new(value, false, &mut Errors::off());
        self.port_state_override(&input.text);
    }

    /// The `pathname` setter: empty the path, then path start state override.
    pub fn set_pathname(&mut self, value: &str) {
        if self.has_opaque_path() {
            return;
        }
        let input = Input::new(value, false, &mut Errors::off());
        let scratch = Url::from_parts(Parts {
            path: "",
            query: None,
            fragment: None,
            ..self.parts()
        });
        let mut parser = Parser {
            input: &input,
            base: None,
            encoding: None,
            sink: &mut Errors::off(),
            url: scratch,
            state_override: Some(State::PathStart),
            mode: Mode::Full,
        };
        if parser.run(State::PathStart, 0).is_err() {
            return;
        }
        let scratch = parser.url;
        self.replace_parts(|parts| {
            Url::from_parts(Parts {
                path: scratch.path(),
                ..parts
            })
        });
    }

    /// The `search` setter. The caller must then set the URL's `URLSearchParams` list to
    /// the application/x-www-form-urlencoded parse of the value without its leading "?"
    /// (empty when the value is empty).
    pub fn set_search(&mut self, value: &str) {
        if value.is_empty() {
            self.set_query(None);
            return;
        }
        let value = value.strip_prefix('?').unwrap_or(value);
        let input = Input::new(value, false, &mut Errors::off());
        let set = if self.is_special() {
            &SPECIAL_QUERY
        } else {
            &QUERY
        };
        // Query state with state override: the whole input, UTF-8, no fragment split.
        let mut query = String::with_capacity(input.text.len());
        utf8_percent_encode_into(&input.text, set, &mut query);
        self.set_query(Some(&query));
    }

    /// Sets the URL's query to an already-encoded ASCII string (or null). This is what the
    /// URLSearchParams update steps do; see `UrlSearchParams::update`.
    pub(crate) fn set_query(&mut self, query: Option<&str>) {
        self.replace_parts(|parts| Url::from_parts(Parts { query, ..parts }));
    }

    /// The `hash` setter.
    pub fn set_hash(&mut self, value: &str) {
        if value.is_empty() {
            self.replace_parts(|parts| {
                Url::from_parts(Parts {
                    fragment: None,
                    ..parts
                })
            });
            return;
        }
        let value = value.strip_prefix('#').unwrap_or(value);
        let input = Input::new(value, false, &mut Errors::off());
        let mut fragment = String::with_capacity(input.text.len());
        utf8_percent_encode_into(&input.text, &FRAGMENT, &mut fragment);
        self.replace_parts(|parts| {
            Url::from_parts(Parts {
                fragment: Some(&fragment),
                ..parts
            })
        });
    }

    fn apply_host(&mut self, host: &str, kind: HostKind) {
        self.replace_parts(|parts| {
            Url::from_parts(Parts {
                host: Some((host, kind)),
                ..parts
            })
        });
    }

    /// Host state / hostname state with state override (file URLs: file host state).
    fn host_state_override(&mut self, input: &str, hostname_state: bool) {
        if self.scheme_type == SchemeType::File {
            self.file_host_state_override(input);
            return;
        }
        let special = self.is_special();
        let bytes = input.as_bytes();
        let mut inside_brackets = false;
        let mut end = 0;
        while let Some(&b) = bytes.get(end) {
            match b {
                b':' if !inside_brackets => break,
                b'/' | b'?' | b'#' => break,
                b'\\' if special => break,
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            end += 1;
        }
        let buffer = input.get(..end).unwrap_or("");
        if bytes.get(end) == Some(&b':') {
            // 2. ":" outside brackets: host, then the port.
            if buffer.is_empty() || hostname_state {
                return;
            }
            let mut host = String::new();
            let Ok(kind) = parse_host_into(buffer, !special, &mut host, &mut Errors::off(), 0)
            else {
                return;
            };
            self.apply_host(&host, kind);
            // The host stays set even when the port then fails.
            self.port_state_override(input.get(end + 1..).unwrap_or(""));
        } else {
            // 3. The end of the host.
            if buffer.is_empty() && (special || self.includes_credentials() || self.port.is_some())
            {
                return;
            }
            let mut host = String::new();
            let Ok(kind) = parse_host_into(buffer, !special, &mut host, &mut Errors::off(), 0)
            else {
                return;
            };
            self.apply_host(&host, kind);
        }
    }

    /// File host state with state override.
    fn file_host_state_override(&mut self, input: &str) {
        let end = input
            .bytes()
            .position(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(input.len());
        let buffer = input.get(..end).unwrap_or("");
        let mut host = String::new();
        let mut kind = HostKind::Empty;
        if !buffer.is_empty() {
            let Ok(parsed) = parse_host_into(buffer, false, &mut host, &mut Errors::off(), 0)
            else {
                return;
            };
            kind = parsed;
            if host == "localhost" {
                host.clear();
                kind = HostKind::Empty;
            }
        }
        self.apply_host(&host, kind);
    }

    /// Port state with state override: leading ASCII digits; anything after them is
    /// ignored, and no digits at all (or too big a number) changes nothing.
    fn port_state_override(&mut self, input: &str) {
        let digits = input
            .bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(input.len());
        if digits == 0 {
            return;
        }
        let Some(port) = parse_port(&input.as_bytes()[..digits]) else {
            return;
        };
        let port = (Some(port) != self.scheme_type.default_port()).then_some(port);
        self.replace_parts(|parts| Url::from_parts(Parts { port, ..parts }));
    }
}
