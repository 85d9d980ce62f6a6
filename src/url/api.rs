//! URL §6.1 "URL class" semantics in Rust: the API URL parser, `URL.parse`/`canParse`, and
//! every getter and setter with the spec's quirks, so a JavaScript binding stays thin; and the
//! basic URL parser's entry points with its optional arguments (§4.4).
//!
//! The setters run the basic URL parser with the state override their steps name.

use super::origin::Origin;
use super::parser::{self, Mode, ParseError, ParserState};
use super::percent_encoding::{QueryEncoder, USERINFO, utf8_percent_encode};
use super::record::{Parts, Url};
use super::validation::{Errors, ValidationSink};

/// The basic URL parser's optional arguments (§4.4) besides `url`: `base`, `encoding` (`None`
/// is UTF-8; pass an encoding already through the Encoding Standard's "get an output encoding")
/// and `state override`.
#[derive(Clone, Copy, Default)]
pub struct ParseOptions<'a> {
    /// The base URL.
    pub base: Option<&'a Url>,
    /// The query's encoding; `None` is UTF-8.
    pub encoding: Option<&'a dyn QueryEncoder>,
    /// The state the state machine starts in, with the state override's behaviour.
    pub state_override: Option<ParserState>,
}

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

    /// The basic URL parser (§4.4) without `url`: a new URL, or failure. With a state
    /// override the state machine starts there on a new URL and behaves as that argument
    /// says (e.g. the host state returns once the host is set).
    ///
    /// ```
    /// use webweft::url::{NoSink, ParseOptions, ParserState, Url};
    /// let base = Url::parse("https://example.com/a/b", None).unwrap();
    /// let options = ParseOptions { base: Some(&base), ..ParseOptions::default() };
    /// let url = Url::basic_parse("../c?d", options, &mut NoSink).unwrap();
    /// assert_eq!(url.href(), "https://example.com/c?d");
    ///
    /// // A new URL's scheme is the empty string, which is not special: its host is opaque.
    /// let host_only = ParseOptions { state_override: Some(ParserState::Host), ..ParseOptions::default() };
    /// let url = Url::basic_parse("EXAMPLE.org/ignored", host_only, &mut NoSink).unwrap();
    /// assert_eq!((url.scheme(), url.hostname(), url.pathname()), ("", "EXAMPLE.org", ""));
    /// ```
    pub fn basic_parse(
        input: &str,
        options: ParseOptions<'_>,
        sink: &mut impl ValidationSink,
    ) -> Result<Url, ParseError> {
        let encoding = options.encoding.filter(|encoding| !encoding.is_utf8());
        match options.state_override {
            None => parser::basic_url_parse(input, options.base, encoding, sink, Mode::Full),
            Some(state_override) => {
                let mut url = parser::new_url();
                parser::parse_in_place(
                    &mut url,
                    false,
                    input,
                    options.base,
                    encoding,
                    Some(state_override),
                    sink,
                )?;
                Ok(url)
            }
        }
    }

    /// The basic URL parser (§4.4) with this URL as `url`: the state machine modifies it in
    /// place. On failure it stays as the steps before the failure left it (e.g. the host state
    /// with a state override sets the host before a bad port fails); a state that "returns"
    /// under the state override is `Ok` whether or not it changed anything.
    ///
    /// ```
    /// use webweft::url::{NoSink, ParseError, ParseOptions, ParserState, Url};
    /// let mut url = Url::parse("https://example.com:8080/p?q#f", None).unwrap();
    /// let host = ParseOptions { state_override: Some(ParserState::Host), ..ParseOptions::default() };
    /// // The host is set, then the port state fails on a port out of range.
    /// assert!(url.basic_parse_in_place("example.org:99999", host, &mut NoSink).is_err());
    /// assert_eq!(url.href(), "https://example.org:8080/p?q#f");
    /// // The scheme state returns (without failure) rather than make a special URL not special.
    /// let scheme = ParseOptions { state_override: Some(ParserState::SchemeStart), ..ParseOptions::default() };
    /// assert_eq!(url.basic_parse_in_place("foo:", scheme, &mut NoSink), Ok(()));
    /// assert_eq!(url.href(), "https://example.org:8080/p?q#f");
    /// // The hostname state rejects a port.
    /// let hostname = ParseOptions { state_override: Some(ParserState::Hostname), ..ParseOptions::default() };
    /// assert_eq!(url.basic_parse_in_place("a.test:1", hostname, &mut NoSink), Err(ParseError::StateOverride));
    /// ```
    pub fn basic_parse_in_place(
        &mut self,
        input: &str,
        options: ParseOptions<'_>,
        sink: &mut impl ValidationSink,
    ) -> Result<(), ParseError> {
        let encoding = options.encoding.filter(|encoding| !encoding.is_utf8());
        parser::parse_in_place(
            self,
            true,
            input,
            options.base,
            encoding,
            options.state_override,
            sink,
        )
    }

    /// Basic URL parses `input` with this URL as `url` and `state` as the state override, as
    /// the setters do (their result is ignored).
    fn override_with(&mut self, input: &str, state: ParserState) {
        let options = ParseOptions {
            state_override: Some(state),
            ..ParseOptions::default()
        };
        let _ = self.basic_parse_in_place(input, options, &mut Errors::off());
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

    /// The `href` setter: on failure (a `TypeError` in JavaScript) nothing changes. The
    /// caller must then re-initialize the URL's `URLSearchParams` from [`Url::query`].
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value, None)?;
        Ok(())
    }

    /// The `protocol` setter: basic URL parse value + ":" with scheme start state override.
    pub fn set_protocol(&mut self, value: &str) {
        let mut input = alloc::string::String::with_capacity(value.len() + 1);
        input.push_str(value);
        input.push(':');
        self.override_with(&input, ParserState::SchemeStart);
    }

    /// Set the username (§4.4): `username`, UTF-8 percent-encoded with the userinfo
    /// percent-encode set. (The `username` setter checks [`Url::cannot_have_username_password_port`]
    /// first.)
    pub fn set_the_username(&mut self, username: &str) {
        let username = utf8_percent_encode(username, &USERINFO);
        *self = Url::from_parts(Parts {
            username: &username,
            ..self.parts()
        });
    }

    /// Set the password (§4.4), as [`Url::set_the_username`] does the username.
    pub fn set_the_password(&mut self, password: &str) {
        let password = utf8_percent_encode(password, &USERINFO);
        *self = Url::from_parts(Parts {
            password: &password,
            ..self.parts()
        });
    }

    /// The `username` setter.
    pub fn set_username(&mut self, value: &str) {
        if !self.cannot_have_username_password_port() {
            self.set_the_username(value);
        }
    }

    /// The `password` setter.
    pub fn set_password(&mut self, value: &str) {
        if !self.cannot_have_username_password_port() {
            self.set_the_password(value);
        }
    }

    /// The `host` setter: host state override (which may also set the port).
    pub fn set_host(&mut self, value: &str) {
        if !self.has_opaque_path() {
            self.override_with(value, ParserState::Host);
        }
    }

    /// The `hostname` setter: hostname state override.
    pub fn set_hostname(&mut self, value: &str) {
        if !self.has_opaque_path() {
            self.override_with(value, ParserState::Hostname);
        }
    }

    /// The `port` setter: the empty string makes the port null, anything else goes through the
    /// port state override.
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        if value.is_empty() {
            *self = Url::from_parts(Parts {
                port: None,
                ..self.parts()
            });
        } else {
            self.override_with(value, ParserState::Port);
        }
    }

    /// The `pathname` setter: empty the path, then path start state override.
    pub fn set_pathname(&mut self, value: &str) {
        if self.has_opaque_path() {
            return;
        }
        *self = Url::from_parts(Parts {
            path: "",
            ..self.parts()
        });
        self.override_with(value, ParserState::PathStart);
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
        self.set_query(Some(""));
        self.override_with(value, ParserState::Query);
    }

    /// Sets the URL's query to an already-encoded ASCII string (or null). This is what the
    /// URLSearchParams update steps do; see `UrlSearchParams::update`.
    pub(crate) fn set_query(&mut self, query: Option<&str>) {
        *self = Url::from_parts(Parts {
            query,
            ..self.parts()
        });
    }

    /// The `hash` setter.
    pub fn set_hash(&mut self, value: &str) {
        let fragment = if value.is_empty() { None } else { Some("") };
        *self = Url::from_parts(Parts {
            fragment,
            ..self.parts()
        });
        if !value.is_empty() {
            self.override_with(
                value.strip_prefix('#').unwrap_or(value),
                ParserState::Fragment,
            );
        }
    }
}
