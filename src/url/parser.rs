//! URL §4.4 "URL parsing": the basic URL parser, one state machine writing the URL's
//! serialization directly (components are appended in serialization order, so the
//! buffer IS the href when parsing ends).
//!
//! With a given url or a state override (§4.4's `url` and `state override` arguments) the same
//! states run "in place": a state that sets a component replaces it through the URL serializer
//! ([`Url::from_parts`]), and the path, query and fragment states append to the end of the
//! serialization after the components that follow theirs were set aside (put back when the
//! state machine stops).
//!
//! The parser works on the UTF-8 bytes of the input. Every delimiter is ASCII, so slicing
//! at a delimiter stays on a char boundary, and "UTF-8 percent-encode a code point" is
//! the same as percent-encoding each of its bytes (every set contains all non-ASCII).

use super::host::{
    HostKind, ends_in_a_number, ends_in_a_number_bytes, is_forbidden_domain_code_point,
    parse_host_into,
};
use super::percent_encoding::{
    C0_CONTROL, FRAGMENT, PATH, PercentEncodeSet, QUERY, QueryEncoder, SPECIAL_QUERY, UPPER_HEX,
    USERINFO, percent_encode_after_encoding, percent_encode_bytes_into,
};
use super::record::{Parts, SchemeType, Url, to_u32};
use super::validation::{Errors, ValidationError, ValidationErrorKind as E, ValidationSink};
use crate::infra::strings::push_decimal;
use alloc::borrow::Cow;
use alloc::{borrow::ToOwned, string::String, vec::Vec};
use core::fmt;

/// The basic URL parser returned failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Failure, with the validation error the spec signals at that point.
    Failure(E),
    /// Failure under a state override where the spec signals no validation error (e.g. the
    /// hostname state given a port, or the port state given no digits).
    StateOverride,
    /// The input is longer than this implementation accepts (`MAX_INPUT_LEN` bytes), so
    /// that every offset of the result fits in a `u32`.
    TooLong,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Failure(kind) => write!(f, "invalid URL: {kind}"),
            ParseError::StateOverride => f.write_str("invalid URL: rejected by the state override"),
            ParseError::TooLong => f.write_str("invalid URL: input too long"),
        }
    }
}

impl core::error::Error for ParseError {}

/// The longest input accepted: percent-encoding at most triples a byte, so the
/// serialization stays below `u32::MAX` bytes.
pub const MAX_INPUT_LEN: usize = (u32::MAX / 4) as usize;

/// A URL code point (§4.3).
pub fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => !crate::infra::code_points::is_noncharacter(u32::from(c)),
        _ => false,
    }
}

/// The basic URL parser's states (§4.4): where it starts, and a `state override`.
///
/// ```
/// use webweft::url::ParserState;
/// assert_eq!(ParserState::from_name("special authority ignore slashes"),
///            Some(ParserState::SpecialAuthorityIgnoreSlashes));
/// assert_eq!(ParserState::OpaquePath.name(), "opaque path");
/// assert_eq!(ParserState::from_name("cannot-be-a-base-URL path"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParserState {
    /// "scheme start"
    SchemeStart,
    /// "scheme"
    Scheme,
    /// "no scheme"
    NoScheme,
    /// "special relative or authority"
    SpecialRelativeOrAuthority,
    /// "path or authority"
    PathOrAuthority,
    /// "relative"
    Relative,
    /// "relative slash"
    RelativeSlash,
    /// "special authority slashes"
    SpecialAuthoritySlashes,
    /// "special authority ignore slashes"
    SpecialAuthorityIgnoreSlashes,
    /// "authority"
    Authority,
    /// "host"
    Host,
    /// "hostname"
    Hostname,
    /// "port"
    Port,
    /// "file"
    File,
    /// "file slash"
    FileSlash,
    /// "file host"
    FileHost,
    /// "path start"
    PathStart,
    /// "path"
    Path,
    /// "opaque path"
    OpaquePath,
    /// "query"
    Query,
    /// "fragment"
    Fragment,
}

impl ParserState {
    /// Every state, in the spec's order.
    pub const ALL: [ParserState; 21] = [
        State::SchemeStart,
        State::Scheme,
        State::NoScheme,
        State::SpecialRelativeOrAuthority,
        State::PathOrAuthority,
        State::Relative,
        State::RelativeSlash,
        State::SpecialAuthoritySlashes,
        State::SpecialAuthorityIgnoreSlashes,
        State::Authority,
        State::Host,
        State::Hostname,
        State::Port,
        State::File,
        State::FileSlash,
        State::FileHost,
        State::PathStart,
        State::Path,
        State::OpaquePath,
        State::Query,
        State::Fragment,
    ];

    /// The state's name in the spec without " state" (as whatwg-url's `stateOverride` takes
    /// it), e.g. "scheme start".
    pub fn name(self) -> &'static str {
        match self {
            State::SchemeStart => "scheme start",
            State::Scheme => "scheme",
            State::NoScheme => "no scheme",
            State::SpecialRelativeOrAuthority => "special relative or authority",
            State::PathOrAuthority => "path or authority",
            State::Relative => "relative",
            State::RelativeSlash => "relative slash",
            State::SpecialAuthoritySlashes => "special authority slashes",
            State::SpecialAuthorityIgnoreSlashes => "special authority ignore slashes",
            State::Authority => "authority",
            State::Host => "host",
            State::Hostname => "hostname",
            State::Port => "port",
            State::File => "file",
            State::FileSlash => "file slash",
            State::FileHost => "file host",
            State::PathStart => "path start",
            State::Path => "path",
            State::OpaquePath => "opaque path",
            State::Query => "query",
            State::Fragment => "fragment",
        }
    }

    /// The state named `name` (exactly as [`ParserState::name`] spells it).
    pub fn from_name(name: &str) -> Option<ParserState> {
        State::ALL.into_iter().find(|state| state.name() == name)
    }
}

use ParserState as State;

/// What a state hands on: the next state (`None`: the state machine is done, return url) and
/// the input position to go on from.
type Next = (Option<State>, usize);

/// The processed input (after stripping), and the map back to original byte offsets.
pub(crate) struct Input<'a> {
    pub text: Cow<'a, str>,
    /// Bytes stripped from the front of the original input.
    lead: usize,
    /// For each removed tab or newline, the processed index it stood before (only kept
    /// when errors are reported).
    removed: Vec<usize>,
}

impl<'a> Input<'a> {
    /// Steps 1.2–3 of the basic URL parser: strip leading/trailing C0 control or space
    /// (only when `trim`, i.e. no url was given), then remove all ASCII tab or newline.
    pub fn new<S: ValidationSink>(input: &'a str, trim: bool, sink: &mut S) -> Input<'a> {
        let mut text = input;
        let mut lead = 0;
        if trim {
            let bytes = input.as_bytes();
            let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
            let end = bytes
                .iter()
                .rposition(|&b| b > b' ')
                .map_or(start, |i| i + 1);
            if sink.enabled() && (start > 0 || end < bytes.len()) {
                let position = if start > 0 { 0 } else { end };
                sink.report(ValidationError {
                    kind: E::InvalidUrlUnit,
                    position,
                });
            }
            text = input.get(start..end).unwrap_or("");
            lead = start;
        }
        let mut removed = Vec::new();
        let text = if has_tab_or_newline(text.as_bytes()) {
            let mut kept = String::with_capacity(text.len());
            for (i, c) in text.char_indices() {
                if matches!(c, '\t' | '\n' | '\r') {
                    if sink.enabled() {
                        if removed.is_empty() {
                            sink.report(ValidationError {
                                kind: E::InvalidUrlUnit,
                                position: lead + i,
                            });
                        }
                        removed.push(kept.len());
                    }
                } else {
                    kept.push(c);
                }
            }
            Cow::Owned(kept)
        } else {
            Cow::Borrowed(text)
        };
        Input {
            text,
            lead,
            removed,
        }
    }

    /// The byte offset in the original input of processed index `p`.
    fn original(&self, p: usize) -> usize {
        self.lead + p + self.removed.iter().take_while(|&&k| k <= p).count()
    }
}

/// Whether `bytes` contains an ASCII tab or newline, eight bytes at a time: a chunk is
/// checked byte by byte only when it holds some byte below 0x0E.
fn has_tab_or_newline(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let exact = |chunk: &[u8]| chunk.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r'));
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0xFF; 8]));
        if word.wrapping_sub(ONES * 0x0E) & !word & (ONES * 0x80) != 0 && exact(chunk) {
            return true;
        }
    }
    exact(chunks.remainder())
}

/// Where the state machine stops early: `can_parse` needs only to know that parsing
/// cannot fail any more, which is the case once the path starts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Full,
    CheckOnly,
}

pub(crate) struct Parser<'a, 'i, S: ValidationSink> {
    input: &'i Input<'a>,
    base: Option<&'i Url>,
    /// `None` is UTF-8.
    encoding: Option<&'i dyn QueryEncoder>,
    sink: &'i mut S,
    url: Url,
    state_override: Option<State>,
    mode: Mode,
    /// Running in place (a url was given, or a state override): see the module docs.
    in_place: bool,
    /// In place: the query and fragment set aside while the path, query or fragment is
    /// appended to (`None` until then).
    set_aside: Option<SetAside>,
    /// In place: the username and password the authority state appended to, kept until the
    /// host is set (a URL without a host has nowhere to serialize them).
    userinfo: Option<(String, String)>,
    /// In place: the query or fragment state started on a null query or fragment.
    appended_to_null: Option<Appended>,
    /// Input before this is not validated as URL units by the path state: the Windows drive
    /// letter that the file host state leaves in its buffer for the path state, which the
    /// spec appends to the path as it is ("C|" included).
    validated_from: usize,
}

/// The components after the one being appended to, put back by [`Parser::finish_in_place`]
/// unless the state machine set them.
struct SetAside {
    query: Option<String>,
    fragment: Option<String>,
}

/// The components the path, query and fragment states append to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Appended {
    Path,
    Query,
    Fragment,
}

pub(crate) fn empty_url() -> Url {
    Url {
        serialization: String::new(),
        scheme_end: 0,
        username_end: 0,
        host_start: 0,
        host_end: 0,
        port: None,
        path_start: 0,
        query_start: None,
        fragment_start: None,
        host_kind: None,
        scheme_type: SchemeType::NotSpecial,
        opaque_path: false,
    }
}

/// The basic URL parser without url or state override.
pub(crate) fn basic_url_parse<S: ValidationSink>(
    input: &str,
    base: Option<&Url>,
    encoding: Option<&dyn QueryEncoder>,
    sink: &mut S,
    mode: Mode,
) -> Result<Url, ParseError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(ParseError::TooLong);
    }
    // An already-normalized http(s) or file URL parses to itself; the base cannot matter for
    // it. (It can still have validation errors, e.g. a domain that strict ToASCII rejects.)
    if !sink.enabled()
        && let Some(url) = parse_normalized(input, mode)
    {
        return Ok(url);
    }
    general_parse(input, base, encoding, sink, mode)
}

/// The state machine proper (everything but the normalized fast path).
fn general_parse<S: ValidationSink>(
    input: &str,
    base: Option<&Url>,
    encoding: Option<&dyn QueryEncoder>,
    sink: &mut S,
    mode: Mode,
) -> Result<Url, ParseError> {
    let input = Input::new(input, true, sink);
    let mut url = empty_url();
    if mode == Mode::Full {
        url.serialization.reserve(input.text.len() + 8);
    }
    let mut parser = Parser::new(&input, base, encoding, sink, url, None, mode);
    parser.run(State::SchemeStart, 0)?;
    parser.url.fix_dot_prefix();
    Ok(parser.url)
}

/// The basic URL parser in place: with `url` given (`given`; otherwise `url` is a new URL)
/// or a state override. `url` is left as the state machine left it, also on failure.
pub(crate) fn parse_in_place<S: ValidationSink>(
    url: &mut Url,
    given: bool,
    input: &str,
    base: Option<&Url>,
    encoding: Option<&dyn QueryEncoder>,
    state_override: Option<State>,
    sink: &mut S,
) -> Result<(), ParseError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(ParseError::TooLong);
    }
    // 1. Leading and trailing C0 control or space go only when no url was given.
    let input = Input::new(input, !given, sink);
    let taken = core::mem::replace(url, empty_url());
    let mut parser = Parser::new(
        &input,
        base,
        encoding,
        sink,
        taken,
        state_override,
        Mode::Full,
    );
    parser.in_place = true;
    // 4. The state override, or the scheme start state.
    let result = parser.run(state_override.unwrap_or(State::SchemeStart), 0);
    parser.finish_in_place();
    *url = parser.url;
    result
}

/// A new URL (§4.1): every component empty or null, the path an empty list.
pub(crate) fn new_url() -> Url {
    Url::from_parts(Parts {
        scheme: "",
        username: "",
        password: "",
        host: None,
        port: None,
        path: "",
        opaque_path: false,
        query: None,
        fragment: None,
    })
}

/// The fast path: `input` is an "http://", "https://" or "file://" URL already in the form
/// the serializer produces (lowercase ASCII domain that does not end in a number, for file
/// also the empty host but not "localhost"; for http(s) an optional non-default port without
/// leading zeros; a path of segments with nothing to encode and no dot segments, for file
/// not starting with a Windows drive letter; query and fragment with nothing to encode).
/// Then the URL's href is the input itself; one scan finds the offsets. Anything else
/// returns `None` and goes through the state machine.
pub(crate) fn parse_normalized(input: &str, mode: Mode) -> Option<Url> {
    let mut url = scan_normalized(input.as_bytes())?;
    // `can_parse` keeps nothing: no copy of the input.
    if mode == Mode::Full {
        url.serialization = input.to_owned();
    }
    Some(url)
}

/// [`parse_normalized`]'s scan, on bytes: it accepts only ASCII, so bytes from JS need no
/// UTF-8 validation first. The URL it returns has its offsets but an empty serialization.
pub(crate) fn scan_normalized(bytes: &[u8]) -> Option<Url> {
    let (scheme_type, scheme_end) = if bytes.starts_with(b"https://") {
        (SchemeType::Https, 5)
    } else if bytes.starts_with(b"http://") {
        (SchemeType::Http, 4)
    } else if bytes.starts_with(b"file://") {
        (SchemeType::File, 4)
    } else {
        return None;
    };
    let file = scheme_type == SchemeType::File;
    let host_start = scheme_end + 3;
    let mut i = host_start;
    while bytes
        .get(i)
        .is_some_and(|&b| SIMPLE_DOMAIN_BYTE[usize::from(b)])
    {
        i += 1;
    }
    let host_end = i;
    let host = &bytes[host_start..host_end];
    // The file host state: "localhost" becomes the empty host; only file has an empty one.
    let host_kind = if host.is_empty() {
        if !file {
            return None;
        }
        HostKind::Empty
    } else if (file && host == b"localhost") || ends_in_a_number_bytes(host) {
        return None;
    } else {
        HostKind::Domain
    };
    let mut port = None;
    if !file && bytes.get(i) == Some(&b':') {
        let digits_start = i + 1;
        i = digits_start;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let digits = &bytes[digits_start..i];
        if digits.is_empty() || digits[0] == b'0' || digits.len() > 5 {
            return None;
        }
        let value = parse_port(digits)?;
        if Some(value) == scheme_type.default_port() {
            return None;
        }
        port = Some(value);
    }
    if bytes.get(i) != Some(&b'/') {
        return None;
    }
    let path_start = i;
    let mut query_start = None;
    let mut fragment_start = None;
    // Path segments.
    loop {
        let segment_start = i + 1;
        i = segment_start;
        while bytes
            .get(i)
            .is_some_and(|&b| PATH_SPECIAL[usize::from(b)] == COPY)
        {
            i += 1;
        }
        let segment = &bytes[segment_start..i];
        if is_single_dot_segment(segment)
            || is_double_dot_segment(segment)
            || (file && segment_start == path_start + 1 && is_windows_drive_letter(segment))
        {
            return None;
        }
        match bytes.get(i) {
            Some(b'/') => continue,
            Some(b'?') => {
                query_start = Some(i);
                i += 1;
                while bytes
                    .get(i)
                    .is_some_and(|&b| QUERY_SPECIAL[usize::from(b)] == COPY)
                {
                    i += 1;
                }
                break;
            }
            Some(b'#') | None => break,
            Some(_) => return None,
        }
    }
    if bytes.get(i) == Some(&b'#') {
        fragment_start = Some(i);
        i += 1;
        while bytes
            .get(i)
            .is_some_and(|&b| FRAGMENT_ALL[usize::from(b)] == COPY)
        {
            i += 1;
        }
    }
    if i != bytes.len() {
        return None;
    }
    Some(Url {
        serialization: String::new(),
        scheme_end: to_u32(scheme_end),
        username_end: to_u32(host_start),
        host_start: to_u32(host_start),
        host_end: to_u32(host_end),
        port,
        path_start: to_u32(path_start),
        query_start: query_start.map(to_u32),
        fragment_start: fragment_start.map(to_u32),
        host_kind: Some(host_kind),
        scheme_type,
        opaque_path: false,
    })
}

/// A byte class table for a state's inner loop: copy the byte, percent-encode it, or stop.
type ClassTable = [u8; 256];
const COPY: u8 = 0;
const ENCODE: u8 = 1;
const STOP: u8 = 2;

const fn class_table(set: PercentEncodeSet, stops: &[u8]) -> ClassTable {
    let mut table = [COPY; 256];
    let mut b = 0;
    while b < 256 {
        if set.contains(b as u8) {
            table[b] = ENCODE;
        }
        b += 1;
    }
    let mut i = 0;
    while i < stops.len() {
        table[stops[i] as usize] = STOP;
        i += 1;
    }
    table
}

/// Bytes a lowercase ASCII domain can hold as they are: not uppercase, not "%", not a
/// forbidden domain code point.
static SIMPLE_DOMAIN_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b: u8 = 0;
    while b < 0x80 {
        table[b as usize] = !b.is_ascii_uppercase() && !is_forbidden_domain_code_point(b);
        b += 1;
    }
    table
};

static PATH_SPECIAL: ClassTable = class_table(PATH, b"/\\?#");
static PATH_NOT_SPECIAL: ClassTable = class_table(PATH, b"/?#");
static PATH_SPECIAL_OVERRIDE: ClassTable = class_table(PATH, b"/\\");
static PATH_NOT_SPECIAL_OVERRIDE: ClassTable = class_table(PATH, b"/");
static OPAQUE_PATH: ClassTable = class_table(C0_CONTROL, b"?# ");
static QUERY_SPECIAL: ClassTable = class_table(SPECIAL_QUERY, b"#");
static QUERY_NOT_SPECIAL: ClassTable = class_table(QUERY, b"#");
static QUERY_SPECIAL_OVERRIDE: ClassTable = class_table(SPECIAL_QUERY, b"");
static QUERY_NOT_SPECIAL_OVERRIDE: ClassTable = class_table(QUERY, b"");
static FRAGMENT_ALL: ClassTable = class_table(FRAGMENT, b"");

#[inline]
fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')
}

#[inline]
fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// "Starts with a Windows drive letter" (§4.2).
fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

fn is_single_dot_segment(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

fn is_double_dot_segment(s: &[u8]) -> bool {
    s == b".."
        || s.eq_ignore_ascii_case(b".%2e")
        || s.eq_ignore_ascii_case(b"%2e.")
        || s.eq_ignore_ascii_case(b"%2e%2e")
}

impl Url {
    /// Where the authority (host and port) ends.
    #[inline]
    pub(crate) fn authority_end(&self) -> u32 {
        if self.host_kind.is_some() {
            self.path_start
        } else {
            self.host_end
        }
    }

    /// Keeps the serializer's "/." exactly when the host is null and the path is a list
    /// whose first segment is empty (§4.5 step 3).
    pub(crate) fn fix_dot_prefix(&mut self) {
        if self.host_kind.is_some() || self.opaque_path {
            return;
        }
        let has = self.path_start == self.host_end + 2;
        let needs = self.path().starts_with("//");
        if has == needs {
            return;
        }
        let at = self.host_end as usize;
        let shift: fn(u32) -> u32 = if needs {
            self.serialization.insert_str(at, "/.");
            |v| v + 2
        } else {
            self.serialization.replace_range(at..at + 2, "");
            |v| v - 2
        };
        self.path_start = shift(self.path_start);
        self.query_start = self.query_start.map(shift);
        self.fragment_start = self.fragment_start.map(shift);
    }

    /// Shorten a url's path (§4.2); the path is at the end of the serialization.
    fn shorten_path(&mut self) {
        let path = &self.serialization.as_bytes()[self.path_start as usize..];
        if self.scheme_type == SchemeType::File
            && path.len() == 3
            && is_normalized_windows_drive_letter(&path[1..])
        {
            return;
        }
        if let Some(i) = path.iter().rposition(|&b| b == b'/') {
            self.serialization.truncate(self.path_start as usize + i);
        }
    }

    /// Copies `base`'s serialization up to `end` (a component boundary) and its offsets.
    fn copy_base(&mut self, base: &Url, end: u32) {
        self.serialization.clear();
        self.serialization
            .push_str(base.serialization.get(..end as usize).unwrap_or(""));
        self.scheme_end = base.scheme_end;
        self.username_end = base.username_end.min(end);
        self.host_start = base.host_start.min(end);
        self.host_end = base.host_end.min(end);
        self.host_kind = base.host_kind;
        self.port = base.port;
        self.path_start = base.path_start.min(end);
        self.query_start = base.query_start.filter(|&q| q < end);
        self.fragment_start = None;
        self.scheme_type = base.scheme_type;
        self.opaque_path = base.opaque_path;
    }
}

impl<'a, 'i, S: ValidationSink> Parser<'a, 'i, S> {
    fn new(
        input: &'i Input<'a>,
        base: Option<&'i Url>,
        encoding: Option<&'i dyn QueryEncoder>,
        sink: &'i mut S,
        url: Url,
        state_override: Option<State>,
        mode: Mode,
    ) -> Self {
        Parser {
            input,
            base,
            encoding,
            sink,
            url,
            state_override,
            mode,
            in_place: false,
            set_aside: None,
            userinfo: None,
            appended_to_null: None,
            validated_from: 0,
        }
    }

    /// The processed input; borrowed for `'i`, independently of `self`.
    #[inline]
    fn bytes(&self) -> &'i [u8] {
        let input: &'i Input<'a> = self.input;
        input.text.as_bytes()
    }

    #[inline]
    fn at(&self, p: usize) -> Option<u8> {
        self.bytes().get(p).copied()
    }

    #[inline]
    fn error(&mut self, kind: E, p: usize) {
        if self.sink.enabled() {
            let position = self.input.original(p);
            self.sink.report(ValidationError { kind, position });
        }
    }

    fn fail(&mut self, kind: E, p: usize) -> Result<Next, ParseError> {
        self.error(kind, p);
        Err(ParseError::Failure(kind))
    }

    #[inline]
    fn special(&self) -> bool {
        self.url.scheme_type.is_special()
    }

    #[inline]
    fn len(&self) -> u32 {
        to_u32(self.url.serialization.len())
    }

    /// "Validate a URL unit" at `p` (the spec repeats these two checks in several states).
    fn validate_unit(&mut self, p: usize) {
        let Some(b) = self.at(p) else { return };
        if b == b'%' {
            let hex = |q| self.at(q).is_some_and(|b: u8| b.is_ascii_hexdigit());
            if !(hex(p + 1) && hex(p + 2)) {
                self.error(E::InvalidUrlUnit, p);
            }
        } else if b < 0x80 {
            if !is_url_code_point(char::from(b)) {
                self.error(E::InvalidUrlUnit, p);
            }
        } else if b >= 0xC0 {
            let c = self.input.text.get(p..).and_then(|s| s.chars().next());
            let invalid = c.is_some_and(|c| {
                !is_url_code_point(c)
                    || c == '\u{FFFD}' && self.sink.is_lone_surrogate(self.input.original(p))
            });
            if invalid {
                self.error(E::InvalidUrlUnit, p);
            }
        }
    }

    /// The inner loop of the path, opaque path, query and fragment states: appends input
    /// bytes from `p` (copied or percent-encoded as `table` says) up to the first byte the
    /// table stops at, validating URL units when errors are reported. Returns where it
    /// stopped.
    #[inline]
    fn encode_until(&mut self, p: usize, table: &ClassTable) -> usize {
        let bytes = self.bytes();
        // SAFETY: only ASCII is appended: COPY bytes (every table encodes all bytes >= 0x80,
        // see `class_table`, and stops only at ASCII bytes) and "%" with two hex digits.
        let out = unsafe { self.url.serialization.as_mut_vec() };
        let mut run = p;
        let mut i = p;
        while let Some(&b) = bytes.get(i) {
            match table[usize::from(b)] {
                COPY => i += 1,
                ENCODE => {
                    out.extend_from_slice(&bytes[run..i]);
                    out.extend_from_slice(&[
                        b'%',
                        UPPER_HEX[usize::from(b >> 4)],
                        UPPER_HEX[usize::from(b & 0xF)],
                    ]);
                    i += 1;
                    run = i;
                }
                _ => break,
            }
        }
        out.extend_from_slice(bytes.get(run..i).unwrap_or(&[]));
        if self.sink.enabled() {
            for q in p.max(self.validated_from)..i {
                self.validate_unit(q);
            }
        }
        i
    }

    pub(crate) fn run(&mut self, start: State, mut p: usize) -> Result<(), ParseError> {
        let mut state = Some(start);
        while let Some(current) = state {
            if self.mode == Mode::CheckOnly
                && matches!(
                    current,
                    State::PathStart
                        | State::Path
                        | State::OpaquePath
                        | State::Query
                        | State::Fragment
                )
            {
                return Ok(());
            }
            (state, p) = match current {
                State::SchemeStart => self.scheme_start_state(p)?,
                State::Scheme => self.scheme_state(p)?,
                State::NoScheme => self.no_scheme_state(p)?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(p),
                State::PathOrAuthority => self.path_or_authority_state(p),
                State::Relative => self.relative_state(p)?,
                State::RelativeSlash => self.relative_slash_state(p)?,
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(p),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state(p)
                }
                State::Authority => self.authority_state(p)?,
                State::Host | State::Hostname => self.host_state(p)?,
                State::Port => self.port_state(p)?,
                State::File => self.file_state(p),
                State::FileSlash => self.file_slash_state(p),
                State::FileHost => self.file_host_state(p)?,
                State::PathStart => self.path_start_state(p),
                State::Path => self.path_state(p),
                State::OpaquePath => self.opaque_path_state(p),
                State::Query => self.query_state(p),
                State::Fragment => self.fragment_state(p),
            };
        }
        Ok(())
    }

    /// In place: sets url's host, with the username and password the authority state left.
    fn replace_host(&mut self, host: Option<(&str, HostKind)>) {
        let userinfo = self.userinfo.take();
        let parts = self.url.parts();
        let (username, password) = userinfo
            .as_ref()
            .map_or((parts.username, parts.password), |(u, p)| (u, p));
        self.url = Url::from_parts(Parts {
            username,
            password,
            host,
            ..parts
        });
    }

    /// In place: url includes credentials (§4.2), counting those the authority state left.
    fn includes_credentials(&self) -> bool {
        match &self.userinfo {
            Some((username, password)) => !username.is_empty() || !password.is_empty(),
            None => self.url.includes_credentials(),
        }
    }

    /// In place: makes `component` the end of the serialization, so that the path, query and
    /// fragment states' inner loops append to it. The components after it are set aside
    /// (once: later states only append further on). Appending to a null query or fragment
    /// (which the spec leaves undefined) appends to the empty string, and leaves it null when
    /// nothing is appended.
    fn open(&mut self, component: Appended) {
        if !self.in_place {
            return;
        }
        if self.set_aside.is_none() {
            let url = &self.url;
            let query = (component == Appended::Path)
                .then(|| url.query().map(ToOwned::to_owned))
                .flatten();
            let fragment = (component != Appended::Fragment)
                .then(|| url.fragment().map(ToOwned::to_owned))
                .flatten();
            let end = match component {
                Appended::Path => url.path_end(),
                Appended::Query => url.fragment_start.unwrap_or_else(|| url.len()),
                Appended::Fragment => url.len(),
            };
            self.url.serialization.truncate(end as usize);
            if component == Appended::Path {
                self.url.query_start = None;
            }
            if component != Appended::Fragment {
                self.url.fragment_start = None;
            }
            self.set_aside = Some(SetAside { query, fragment });
        }
        match component {
            Appended::Query if self.url.query_start.is_none() => {
                self.url.query_start = Some(self.len());
                self.url.serialization.push('?');
                self.appended_to_null = Some(component);
            }
            Appended::Fragment if self.url.fragment_start.is_none() => {
                self.url.fragment_start = Some(self.len());
                self.url.serialization.push('#');
                self.appended_to_null = Some(component);
            }
            _ => {}
        }
    }

    /// In place, when the state machine stops: puts back what [`Parser::open`] set aside
    /// (unless a state set it meanwhile) and the username and password of an authority whose
    /// host was never set.
    fn finish_in_place(&mut self) {
        if self.set_aside.is_none() && self.userinfo.is_none() {
            return;
        }
        let set_aside = self.set_aside.take();
        let userinfo = self.userinfo.take();
        let parts = self.url.parts();
        let (username, password) = userinfo
            .as_ref()
            .map_or((parts.username, parts.password), |(u, p)| (u, p));
        let (query, fragment) = set_aside.as_ref().map_or((None, None), |s| {
            (s.query.as_deref(), s.fragment.as_deref())
        });
        let still_null = |component| self.appended_to_null == Some(component);
        self.url = Url::from_parts(Parts {
            username,
            password,
            query: (parts
                .query
                .filter(|q| !q.is_empty() || !still_null(Appended::Query)))
            .or(query),
            fragment: (parts
                .fragment
                .filter(|f| !f.is_empty() || !still_null(Appended::Fragment)))
            .or(fragment),
            ..parts
        });
    }

    /// Scheme start state.
    fn scheme_start_state(&mut self, p: usize) -> Result<Next, ParseError> {
        // 1. An ASCII alpha starts the scheme.
        if self.at(p).is_some_and(|b| b.is_ascii_alphabetic()) {
            return self.scheme_state(p);
        }
        // 2. Otherwise, without a state override, there is no scheme.
        if self.state_override.is_none() {
            return Ok((Some(State::NoScheme), p));
        }
        // 3.
        Err(ParseError::StateOverride)
    }

    /// Scheme state: the scheme is the run of ASCII alphanumerics, "+", "-" and "." from `p`
    /// when a ":" ends it.
    fn scheme_state(&mut self, p: usize) -> Result<Next, ParseError> {
        let bytes = self.bytes();
        let end = bytes[p.min(bytes.len())..]
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .map_or(bytes.len(), |i| p + i);
        if bytes.get(end) != Some(&b':') {
            // 3. Start over in the no scheme state, or (4) fail under a state override.
            if self.state_override.is_none() {
                return Ok((Some(State::NoScheme), 0));
            }
            return Err(ParseError::StateOverride);
        }
        let buffer = &bytes[p..end];
        if self.state_override.is_some() {
            self.override_scheme(buffer);
            return Ok((None, end + 1));
        }
        // 2.2. url's scheme is buffer.
        if self.in_place {
            let scheme = buffer.to_ascii_lowercase();
            let scheme = core::str::from_utf8(&scheme).unwrap_or("");
            let parts = self.url.parts();
            self.url = Url::from_parts(Parts { scheme, ..parts });
        } else {
            for &b in buffer {
                self.url
                    .serialization
                    .push(char::from(b.to_ascii_lowercase()));
            }
            self.url.scheme_end = to_u32(end - p);
            self.url.serialization.push(':');
            self.url.scheme_type =
                SchemeType::from_scheme(&self.url.serialization.as_bytes()[..end - p]);
        }
        let scheme_type = self.url.scheme_type;
        let p = end + 1;
        if scheme_type == SchemeType::File {
            if !(self.at(p) == Some(b'/') && self.at(p + 1) == Some(b'/')) {
                self.error(E::SpecialSchemeMissingFollowingSolidus, p);
            }
            Ok((Some(State::File), p))
        } else if scheme_type.is_special()
            && self
                .base
                .is_some_and(|base| base.scheme() == self.url.scheme())
        {
            Ok((Some(State::SpecialRelativeOrAuthority), p))
        } else if scheme_type.is_special() {
            Ok((Some(State::SpecialAuthoritySlashes), p))
        } else if self.at(p) == Some(b'/') {
            Ok((Some(State::PathOrAuthority), p + 1))
        } else {
            // url's path becomes the empty string: an opaque path.
            if self.in_place {
                let parts = self.url.parts();
                self.url = Url::from_parts(Parts {
                    path: "",
                    opaque_path: true,
                    ..parts
                });
            } else {
                self.set_null_host_path_start();
                self.url.opaque_path = true;
            }
            Ok((Some(State::OpaquePath), p))
        }
    }

    /// Scheme state at ":" under a state override: the scheme changes unless a step returns.
    fn override_scheme(&mut self, buffer: &[u8]) {
        let scheme = buffer.to_ascii_lowercase();
        let new_type = SchemeType::from_scheme(&scheme);
        // 2.1.1–2. Special and non-special schemes do not switch into each other.
        if self.special() != new_type.is_special() {
            return;
        }
        // 2.1.3. A URL with credentials or a port cannot become file.
        if (self.url.includes_credentials() || self.url.port.is_some())
            && new_type == SchemeType::File
        {
            return;
        }
        // 2.1.4. A file URL with an empty host keeps its scheme.
        if self.url.scheme_type == SchemeType::File && self.url.host_kind == Some(HostKind::Empty) {
            return;
        }
        // 2.2–3. Set the scheme; a port that is now the default port becomes null.
        let scheme = core::str::from_utf8(&scheme).unwrap_or("");
        let port = self
            .url
            .port
            .filter(|&p| Some(p) != new_type.default_port());
        let parts = self.url.parts();
        self.url = Url::from_parts(Parts {
            scheme,
            port,
            ..parts
        });
    }

    fn set_null_host_path_start(&mut self) {
        let end = self.len();
        self.url.username_end = end;
        self.url.host_start = end;
        self.url.host_end = end;
        self.url.path_start = end;
    }

    fn no_scheme_state(&mut self, p: usize) -> Result<Next, ParseError> {
        let c = self.at(p);
        // 1. Without a base, or with an opaque-path base and no fragment, failure.
        let Some(base) = self.base else {
            return self.fail(E::MissingSchemeNonRelativeUrl, p);
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return self.fail(E::MissingSchemeNonRelativeUrl, p);
            }
            // 2. Scheme, path and query of base; fragment empty.
            if self.in_place {
                let parts = self.url.parts();
                self.url = Url::from_parts(Parts {
                    scheme: base.scheme(),
                    path: base.path(),
                    opaque_path: base.opaque_path,
                    query: base.query(),
                    fragment: Some(""),
                    ..parts
                });
            } else {
                self.url
                    .copy_base(base, base.fragment_start.unwrap_or_else(|| base.len()));
                self.url.fragment_start = Some(self.len());
                self.url.serialization.push('#');
            }
            return Ok((Some(State::Fragment), p + 1));
        }
        // 3–4.
        if base.scheme_type != SchemeType::File {
            Ok((Some(State::Relative), p))
        } else {
            Ok((Some(State::File), p))
        }
    }

    fn special_relative_or_authority_state(&mut self, p: usize) -> Next {
        if self.at(p) == Some(b'/') && self.at(p + 1) == Some(b'/') {
            (Some(State::SpecialAuthorityIgnoreSlashes), p + 2)
        } else {
            self.error(E::SpecialSchemeMissingFollowingSolidus, p);
            (Some(State::Relative), p)
        }
    }

    fn path_or_authority_state(&mut self, p: usize) -> Next {
        if self.at(p) == Some(b'/') {
            (Some(State::Authority), p + 1)
        } else {
            if !self.in_place {
                self.set_null_host_path_start();
            }
            (Some(State::Path), p)
        }
    }

    /// The base the relative states copy from. The spec reaches them only with one; a state
    /// override that starts there without one is a failure.
    fn relative_base(&self) -> Result<&'i Url, ParseError> {
        self.base
            .ok_or(ParseError::Failure(E::MissingSchemeNonRelativeUrl))
    }

    fn write_base_scheme(&mut self, base: &Url) {
        if self.in_place {
            let parts = self.url.parts();
            self.url = Url::from_parts(Parts {
                scheme: base.scheme(),
                ..parts
            });
        } else if self.url.serialization.is_empty() {
            self.url.serialization.push_str(base.scheme());
            self.url.scheme_end = base.scheme_end;
            self.url.serialization.push(':');
            self.url.scheme_type = base.scheme_type;
        }
    }

    fn relative_state(&mut self, p: usize) -> Result<Next, ParseError> {
        let base = self.relative_base()?;
        // 2. url's scheme is base's scheme.
        self.write_base_scheme(base);
        let special = self.special();
        let c = self.at(p);
        match c {
            Some(b'/') => return Ok((Some(State::RelativeSlash), p + 1)),
            Some(b'\\') if special => {
                self.error(E::InvalidReverseSolidus, p);
                return Ok((Some(State::RelativeSlash), p + 1));
            }
            _ => {}
        }
        // 5. Credentials, host, port, path and query of base; then by c.
        if !self.in_place {
            return Ok(match c {
                Some(b'?' | b'#') | None => self.continue_from_base(base, c, p),
                Some(_) => {
                    // Query null, shorten the path, then the path state.
                    self.url.copy_base(base, base.path_end());
                    self.url.shorten_path();
                    (Some(State::Path), p)
                }
            });
        }
        let parts = self.url.parts();
        self.url = Url::from_parts(Parts {
            username: base.username(),
            password: base.password(),
            host: base.parts().host,
            port: base.port,
            path: base.path(),
            opaque_path: base.opaque_path,
            query: match c {
                Some(b'?') => Some(""),
                Some(b'#') | None => base.query(),
                Some(_) => None,
            },
            fragment: if c == Some(b'#') {
                Some("")
            } else {
                parts.fragment
            },
            ..parts
        });
        Ok(match c {
            Some(b'?') => (Some(State::Query), p + 1),
            Some(b'#') => (Some(State::Fragment), p + 1),
            None => (None, p),
            Some(_) => {
                self.open(Appended::Path);
                self.url.shorten_path();
                (Some(State::Path), p)
            }
        })
    }

    fn relative_slash_state(&mut self, p: usize) -> Result<Next, ParseError> {
        let c = self.at(p);
        if self.special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(E::InvalidReverseSolidus, p);
            }
            return Ok((Some(State::SpecialAuthorityIgnoreSlashes), p + 1));
        }
        if c == Some(b'/') {
            return Ok((Some(State::Authority), p + 1));
        }
        // 3. Credentials, host and port of base; then the path state.
        let base = self.relative_base()?;
        if self.in_place {
            let parts = self.url.parts();
            self.url = Url::from_parts(Parts {
                username: base.username(),
                password: base.password(),
                host: base.parts().host,
                port: base.port,
                ..parts
            });
        } else {
            self.url.copy_base(base, base.authority_end());
            self.url.path_start = self.len();
        }
        Ok((Some(State::Path), p))
    }

    fn special_authority_slashes_state(&mut self, p: usize) -> Next {
        if self.at(p) == Some(b'/') && self.at(p + 1) == Some(b'/') {
            (Some(State::SpecialAuthorityIgnoreSlashes), p + 2)
        } else {
            self.error(E::SpecialSchemeMissingFollowingSolidus, p);
            (Some(State::SpecialAuthorityIgnoreSlashes), p)
        }
    }

    fn special_authority_ignore_slashes_state(&mut self, mut p: usize) -> Next {
        while matches!(self.at(p), Some(b'/' | b'\\')) {
            self.error(E::SpecialSchemeMissingFollowingSolidus, p);
            p += 1;
        }
        (Some(State::Authority), p)
    }

    /// Authority state: everything up to the last "@" before the authority's end is the
    /// userinfo (each earlier "@" is encoded as "%40", as the spec's buffer juggling does).
    fn authority_state(&mut self, p: usize) -> Result<Next, ParseError> {
        // One scan finds the authority's end and its last "@".
        let special = self.special();
        let bytes = self.bytes();
        let mut end = p;
        let mut at_sign = None;
        while let Some(&b) = bytes.get(end) {
            match b {
                b'/' | b'?' | b'#' => break,
                b'\\' if special => break,
                b'@' => at_sign = Some(end),
                _ => {}
            }
            end += 1;
        }
        if !self.in_place {
            self.url.serialization.push_str("//");
        }
        let username_start = self.len();
        let mut host_p = p;
        if let Some(at_sign) = at_sign {
            if self.sink.enabled() {
                for (i, &b) in bytes.iter().enumerate().take(end).skip(p) {
                    if b == b'@' {
                        self.error(E::InvalidCredentials, i);
                    }
                }
            }
            let userinfo = &bytes[p..at_sign];
            let colon = userinfo.iter().position(|&b| b == b':');
            let (username, password) = match colon {
                Some(i) => (&userinfo[..i], &userinfo[i + 1..]),
                None => (userinfo, &userinfo[..0]),
            };
            if self.in_place {
                // The code points are appended to url's username and password.
                let (mut all_username, mut all_password) =
                    self.userinfo.take().unwrap_or_else(|| {
                        (
                            self.url.username().to_owned(),
                            self.url.password().to_owned(),
                        )
                    });
                percent_encode_bytes_into(username, &USERINFO, &mut all_username);
                percent_encode_bytes_into(password, &USERINFO, &mut all_password);
                self.userinfo = Some((all_username, all_password));
            } else if at_sign + 1 != end {
                let out = &mut self.url.serialization;
                percent_encode_bytes_into(username, &USERINFO, out);
                self.url.username_end = to_u32(out.len());
                if !password.is_empty() {
                    out.push(':');
                    percent_encode_bytes_into(password, &USERINFO, out);
                }
                if out.len() > username_start as usize {
                    out.push('@');
                }
            }
            // An "@" right before the end: userinfo but no host.
            if at_sign + 1 == end {
                return self.fail(E::HostMissing, end);
            }
            host_p = at_sign + 1;
        } else if !self.in_place {
            self.url.username_end = username_start;
        }
        if !self.in_place {
            self.url.host_start = self.len();
        }
        Ok((Some(State::Host), host_p))
    }

    /// Host state and hostname state.
    fn host_state(&mut self, p: usize) -> Result<Next, ParseError> {
        // 1. Under a state override a file URL's host is the file host state's.
        if self.state_override.is_some() && self.url.scheme_type == SchemeType::File {
            return self.file_host_state(p);
        }
        let special = self.special();
        let bytes = self.bytes();
        let mut inside_brackets = false;
        // Whether the buffer is already a lowercase ASCII domain with nothing to decode or
        // reject, so the host parser has nothing to do but the IPv4 check.
        let mut simple = true;
        let mut end = p;
        while let Some(&b) = bytes.get(end) {
            if !SIMPLE_DOMAIN_BYTE[usize::from(b)] {
                match b {
                    b':' if !inside_brackets => break,
                    b'/' | b'?' | b'#' => break,
                    b'\\' if special => break,
                    b'[' => inside_brackets = true,
                    b']' => inside_brackets = false,
                    _ => {}
                }
                simple = false;
            }
            end += 1;
        }
        let is_port = bytes.get(end) == Some(&b':');
        if is_port {
            // 2.1–2. A port needs a host, and the hostname state takes none.
            if p == end {
                return self.fail(E::HostMissing, p);
            }
            if self.state_override == Some(State::Hostname) {
                return Err(ParseError::StateOverride);
            }
        } else {
            // 3.1–2. A special URL needs a host; under a state override an empty host cannot
            // replace one that has credentials or a port.
            if p == end && special {
                return self.fail(E::HostMissing, p);
            }
            if self.state_override.is_some()
                && p == end
                && (self.includes_credentials() || self.url.port.is_some())
            {
                return Err(ParseError::StateOverride);
            }
        }
        let domain = self.input.text.get(p..end).unwrap_or("");
        // (Not when errors are reported: the host parser's strict ToASCII pass can find one in
        // a simple domain, e.g. "xn--a" or "a..b".)
        if simple && special && !self.sink.enabled() && !ends_in_a_number(domain) {
            if self.in_place {
                self.replace_host(Some((domain, HostKind::Domain)));
            } else {
                self.url.host_start = self.len();
                self.url.serialization.push_str(domain);
                self.url.host_kind = Some(HostKind::Domain);
                self.url.host_end = self.len();
            }
        } else {
            self.write_host(p, end, !special)?;
        }
        if is_port {
            Ok((Some(State::Port), end + 1))
        } else if self.state_override.is_some() {
            Ok((None, end))
        } else {
            Ok((Some(State::PathStart), end))
        }
    }

    /// Host-parses input `[from, to)` and writes it as url's host.
    fn write_host(
        &mut self,
        from: usize,
        to: usize,
        is_opaque: bool,
    ) -> Result<HostKind, ParseError> {
        let buffer = self.input.text.get(from..to).unwrap_or("");
        // In place the host is parsed aside and then replaces url's; otherwise it is appended.
        let mut host = String::new();
        let out = if self.in_place {
            &mut host
        } else {
            self.url.host_start = self.len();
            &mut self.url.serialization
        };
        // The host parser reports offsets into `buffer`; a tab or newline removed inside the
        // host shifts them, so each is mapped back to the original input here, and the lone
        // surrogates the other way. (An `Errors` sink, the type the host parser is compiled
        // for anyway, and one call site.)
        let mut errors = Errors::new(self.sink.enabled());
        if self.sink.enabled() {
            errors.lone_surrogates = buffer
                .match_indices('\u{FFFD}')
                .map(|(i, _)| i)
                .filter(|&i| self.sink.is_lone_surrogate(self.input.original(from + i)))
                .collect();
        }
        let result = parse_host_into(buffer, is_opaque, out, &mut errors, 0);
        for mut error in errors.into_list() {
            error.position = self.input.original(from + error.position);
            self.sink.report(error);
        }
        let kind = result.map_err(|e| ParseError::Failure(e.0))?;
        if self.in_place {
            self.replace_host(Some((&host, kind)));
        } else {
            self.url.host_kind = Some(kind);
            self.url.host_end = self.len();
        }
        Ok(kind)
    }

    fn port_state(&mut self, p: usize) -> Result<Next, ParseError> {
        let bytes = self.bytes();
        let digits_end = bytes[p.min(bytes.len())..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(bytes.len(), |i| p + i);
        let c = bytes.get(digits_end).copied();
        // 2. The digits end at the authority's end, or under a state override at anything.
        let terminates = matches!(c, None | Some(b'/' | b'?' | b'#'))
            || (self.special() && c == Some(b'\\'))
            || self.state_override.is_some();
        if !terminates {
            return self.fail(E::PortInvalid, digits_end);
        }
        if digits_end > p {
            let Some(port) = parse_port(&bytes[p..digits_end]) else {
                return self.fail(E::PortOutOfRange, p);
            };
            // 2.1.3. The default port is null.
            let port = (Some(port) != self.url.scheme_type.default_port()).then_some(port);
            if self.in_place {
                let parts = self.url.parts();
                self.url = Url::from_parts(Parts { port, ..parts });
            } else if let Some(port) = port {
                self.url.port = Some(port);
                self.url.serialization.push(':');
                push_decimal(&mut self.url.serialization, port.into());
            }
            if self.state_override.is_some() {
                return Ok((None, digits_end));
            }
        }
        if self.state_override.is_some() {
            return Err(ParseError::StateOverride);
        }
        Ok((Some(State::PathStart), digits_end))
    }

    fn write_empty_host(&mut self) {
        self.url.serialization.push_str("//");
        let end = self.len();
        self.url.username_end = end;
        self.url.host_start = end;
        self.url.host_end = end;
        self.url.host_kind = Some(HostKind::Empty);
        self.url.path_start = end;
    }

    /// The relative and file states' steps for "?", "#" and the end of input, `c`: url takes
    /// base's URL up to its query ("?": a new, empty query follows) or up to its fragment ("#":
    /// base's query, then a new, empty fragment; the end: base's query and no fragment).
    fn continue_from_base(&mut self, base: &Url, c: Option<u8>, p: usize) -> Next {
        if c == Some(b'?') {
            self.url.copy_base(base, base.path_end());
            self.url.query_start = Some(self.len());
            self.url.serialization.push('?');
            return (Some(State::Query), p + 1);
        }
        self.url
            .copy_base(base, base.fragment_start.unwrap_or_else(|| base.len()));
        if c.is_none() {
            return (None, p);
        }
        self.url.fragment_start = Some(self.len());
        self.url.serialization.push('#');
        (Some(State::Fragment), p + 1)
    }

    fn file_state(&mut self, p: usize) -> Next {
        // 1–2. url's scheme is "file" and its host the empty host.
        if self.in_place {
            let parts = self.url.parts();
            self.url = Url::from_parts(Parts {
                scheme: "file",
                host: Some(("", HostKind::Empty)),
                ..parts
            });
        } else {
            if self.url.serialization.is_empty() {
                self.url.serialization.push_str("file:");
                self.url.scheme_end = 4;
            }
            self.url.scheme_type = SchemeType::File;
            self.write_empty_host();
        }
        let c = self.at(p);
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(E::InvalidReverseSolidus, p);
            }
            return (Some(State::FileSlash), p + 1);
        }
        let Some(base) = self.base.filter(|b| b.scheme_type == SchemeType::File) else {
            return (Some(State::Path), p);
        };
        // 4. Host, path and query of base.
        let drive_letter = starts_with_windows_drive_letter(&self.bytes()[p..]);
        if self.in_place {
            let parts = self.url.parts();
            self.url = Url::from_parts(Parts {
                host: base.parts().host,
                path: base.path(),
                opaque_path: base.opaque_path,
                query: match c {
                    Some(b'?') => Some(""),
                    Some(b'#') | None => base.query(),
                    Some(_) => None,
                },
                fragment: if c == Some(b'#') {
                    Some("")
                } else {
                    parts.fragment
                },
                ..parts
            });
            match c {
                Some(b'?') => return (Some(State::Query), p + 1),
                Some(b'#') => return (Some(State::Fragment), p + 1),
                None => return (None, p),
                Some(_) => self.open(Appended::Path),
            }
        } else {
            match c {
                Some(b'?' | b'#') | None => return self.continue_from_base(base, c, p),
                Some(_) => self.url.copy_base(base, base.path_end()),
            }
        }
        // 4.4. Shorten the path, or (a Windows drive letter) empty it.
        if !drive_letter {
            self.url.shorten_path();
        } else {
            self.error(E::FileInvalidWindowsDriveLetter, p);
            let path_start = self.url.path_start as usize;
            self.url.serialization.truncate(path_start);
            self.url.opaque_path = false;
        }
        (Some(State::Path), p)
    }

    fn file_slash_state(&mut self, p: usize) -> Next {
        let c = self.at(p);
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(E::InvalidReverseSolidus, p);
            }
            return (Some(State::FileHost), p + 1);
        }
        if let Some(base) = self.base.filter(|b| b.scheme_type == SchemeType::File) {
            // 2.1.1. url's host is base's host.
            if self.in_place {
                self.replace_host(base.parts().host);
                self.open(Appended::Path);
            } else {
                let host_start = self.url.host_start as usize;
                self.url.serialization.truncate(host_start);
                self.url
                    .serialization
                    .push_str(base.host_serialized().unwrap_or(""));
                self.url.host_end = self.len();
                self.url.host_kind = base.host_kind;
                self.url.path_start = self.len();
            }
            // 2.1.2. base's drive letter, unless the input has its own.
            let base_first = base.path_segments().and_then(|mut s| s.next());
            if !starts_with_windows_drive_letter(&self.bytes()[p..])
                && let Some(first) = base_first
                && is_normalized_windows_drive_letter(first.as_bytes())
            {
                self.url.serialization.push('/');
                self.url.serialization.push_str(first);
            }
        }
        (Some(State::Path), p)
    }

    fn file_host_state(&mut self, p: usize) -> Result<Next, ParseError> {
        let bytes = self.bytes();
        let end = bytes[p.min(bytes.len())..]
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .map_or(bytes.len(), |i| p + i);
        // 1.1. A Windows drive letter is no host. The spec's path state takes over the buffer
        // as it is; here the path state re-reads its two code points, without validating
        // them as URL units (the "|" of "C|" is none).
        if self.state_override.is_none() && is_windows_drive_letter(&bytes[p..end]) {
            self.error(E::FileInvalidWindowsDriveLetterHost, p);
            self.validated_from = end;
            return Ok((Some(State::Path), p));
        }
        if end == p {
            // 1.2. The empty host (the file state set it already when not in place).
            if self.in_place {
                self.replace_host(Some(("", HostKind::Empty)));
            }
        } else {
            // 1.3. The host, with "localhost" as the empty host.
            self.write_host(p, end, !self.special())?;
            if self.url.host_serialized() == Some("localhost") {
                if self.in_place {
                    self.replace_host(Some(("", HostKind::Empty)));
                } else {
                    let host_start = self.url.host_start as usize;
                    self.url.serialization.truncate(host_start);
                    self.url.host_kind = Some(HostKind::Empty);
                    self.url.host_end = self.len();
                }
            }
        }
        if self.state_override.is_some() {
            return Ok((None, end));
        }
        Ok((Some(State::PathStart), end))
    }

    fn path_start_state(&mut self, p: usize) -> Next {
        if self.in_place {
            self.open(Appended::Path);
        } else {
            self.url.path_start = self.len();
        }
        let c = self.at(p);
        if self.special() {
            if c == Some(b'\\') {
                self.error(E::InvalidReverseSolidus, p);
            }
            if matches!(c, Some(b'/' | b'\\')) {
                return (Some(State::Path), p + 1);
            }
            return (Some(State::Path), p);
        }
        if self.state_override.is_none() {
            if c == Some(b'?') {
                self.url.query_start = Some(self.len());
                self.url.serialization.push('?');
                return (Some(State::Query), p + 1);
            }
            if c == Some(b'#') {
                self.url.fragment_start = Some(self.len());
                self.url.serialization.push('#');
                return (Some(State::Fragment), p + 1);
            }
        }
        match c {
            Some(b'/') => (Some(State::Path), p + 1),
            Some(_) => (Some(State::Path), p),
            None => {
                // 5. Under a state override a URL without a host gets an empty segment.
                if self.state_override.is_some() && self.url.host_kind.is_none() {
                    self.url.serialization.push('/');
                }
                (None, p)
            }
        }
    }

    /// Path state: one iteration per segment. Each segment is written as "/" + its
    /// percent-encoding, then removed again if it was a single-dot or double-dot segment.
    fn path_state(&mut self, mut p: usize) -> Next {
        self.open(Appended::Path);
        let special = self.special();
        let table = match (special, self.state_override.is_none()) {
            (true, true) => &PATH_SPECIAL,
            (false, true) => &PATH_NOT_SPECIAL,
            (true, false) => &PATH_SPECIAL_OVERRIDE,
            (false, false) => &PATH_NOT_SPECIAL_OVERRIDE,
        };
        loop {
            let segment_start = self.url.serialization.len();
            self.url.serialization.push('/');
            let end = self.encode_until(p, table);
            let c = self.at(end);
            let slash = c == Some(b'/') || (special && c == Some(b'\\'));
            if special && c == Some(b'\\') {
                self.error(E::InvalidReverseSolidus, end);
            }
            let segment = &self.url.serialization.as_bytes()[segment_start + 1..];
            if is_double_dot_segment(segment) {
                self.url.serialization.truncate(segment_start);
                self.url.shorten_path();
                if !slash {
                    self.url.serialization.push('/');
                }
            } else if is_single_dot_segment(segment) {
                self.url.serialization.truncate(segment_start);
                if !slash {
                    self.url.serialization.push('/');
                }
            } else if self.url.scheme_type == SchemeType::File
                && segment_start == self.url.path_start as usize
                && is_windows_drive_letter(segment)
            {
                // Windows drive letter quirk: "C|" becomes "C:".
                self.url
                    .serialization
                    .replace_range(segment_start + 2..segment_start + 3, ":");
            }
            match c {
                None => return (None, end),
                Some(b'?') if self.state_override.is_none() => {
                    self.url.query_start = Some(self.len());
                    self.url.serialization.push('?');
                    return (Some(State::Query), end + 1);
                }
                Some(b'#') if self.state_override.is_none() => {
                    self.url.fragment_start = Some(self.len());
                    self.url.serialization.push('#');
                    return (Some(State::Fragment), end + 1);
                }
                Some(_) => p = end + 1,
            }
        }
    }

    /// Opaque path state. In place on a path list (which the spec leaves undefined) the path
    /// becomes the opaque path that is the list's serialization, and is appended to.
    fn opaque_path_state(&mut self, mut p: usize) -> Next {
        self.open(Appended::Path);
        self.url.opaque_path = true;
        loop {
            let end = self.encode_until(p, &OPAQUE_PATH);
            match self.at(end) {
                None => return (None, end),
                Some(b' ') => {
                    self.error(E::InvalidUrlUnit, end);
                    // A space before "?" or "#" is encoded so that it cannot be lost.
                    if matches!(self.at(end + 1), Some(b'?' | b'#')) {
                        self.url.serialization.push_str("%20");
                    } else {
                        self.url.serialization.push(' ');
                    }
                    p = end + 1;
                }
                Some(b'?') => {
                    self.url.query_start = Some(self.len());
                    self.url.serialization.push('?');
                    return (Some(State::Query), end + 1);
                }
                Some(_) => {
                    self.url.fragment_start = Some(self.len());
                    self.url.serialization.push('#');
                    return (Some(State::Fragment), end + 1);
                }
            }
        }
    }

    fn query_state(&mut self, p: usize) -> Next {
        self.open(Appended::Query);
        let special = self.special();
        // 1. Non-special and ws/wss URLs always use UTF-8.
        let encoding = self.encoding.filter(|e| {
            !e.is_utf8()
                && special
                && !matches!(self.url.scheme_type, SchemeType::Ws | SchemeType::Wss)
        });
        // 2. Without a state override "#" ends the query.
        let stops_at_hash = self.state_override.is_none();
        let end = match encoding {
            None => self.encode_until(
                p,
                match (special, stops_at_hash) {
                    (true, true) => &QUERY_SPECIAL,
                    (false, true) => &QUERY_NOT_SPECIAL,
                    (true, false) => &QUERY_SPECIAL_OVERRIDE,
                    (false, false) => &QUERY_NOT_SPECIAL_OVERRIDE,
                },
            ),
            Some(encoding) => {
                let bytes = self.bytes();
                let rest = &bytes[p.min(bytes.len())..];
                let end = rest
                    .iter()
                    .position(|&b| stops_at_hash && b == b'#')
                    .map_or(bytes.len(), |i| p + i);
                if self.sink.enabled() {
                    for i in p..end {
                        self.validate_unit(i);
                    }
                }
                let buffer = self.input.text.get(p..end).unwrap_or("");
                let set = if special { &SPECIAL_QUERY } else { &QUERY };
                percent_encode_after_encoding(
                    encoding,
                    buffer,
                    set,
                    false,
                    &mut self.url.serialization,
                );
                end
            }
        };
        if self.at(end).is_some() {
            self.url.fragment_start = Some(self.len());
            self.url.serialization.push('#');
            (Some(State::Fragment), end + 1)
        } else {
            (None, end)
        }
    }

    fn fragment_state(&mut self, p: usize) -> Next {
        self.open(Appended::Fragment);
        let end = self.encode_until(p, &FRAGMENT_ALL);
        (None, end)
    }
}

/// Parses a port's ASCII digits; `None` when it is not a 16-bit unsigned integer.
pub(crate) fn parse_port(digits: &[u8]) -> Option<u16> {
    let mut value: u32 = 0;
    for &d in digits {
        value = value * 10 + u32::from(d - b'0');
        if value > 65535 {
            return None;
        }
    }
    u16::try_from(value).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::validation::NoSink;
    use std::prelude::rust_2024::*;

    fn general(input: &str) -> Option<Url> {
        general_parse(input, None, None, &mut NoSink, Mode::Full).ok()
    }

    /// Whenever the fast path accepts an input, the state machine gives the same record.
    #[test]
    fn fast_path_agrees_with_the_state_machine() {
        let mut inputs: Vec<String> = [
            "http://example.com/",
            "https://a.b/c/d?e#f",
            "http://x:8080/",
            "http://x:80/",
            "http://x:080/",
            "http://x:65536/",
            "http://1.2.3.4/",
            "http://a.0x1/",
            "http://a/./b",
            "http://a/%2e%2E/b",
            "http://a/b/..",
            "http://a/ b",
            "http://a/b?c d",
            "http://a/#`",
            "http://a?b",
            "http://a",
            "http://A/",
            "http://a/\\b",
            "http://a/b?c#d#e",
            "https://a:1/",
            "http://a/b?'",
            "https://[::1]/",
            "http://u@a/",
            "http://a/b\tc",
            "http://xn--zca.de/",
            "file:///",
            "file:///a/b?c#d",
            "file://host/a",
            "file://host",
            "file://",
            "file://localhost/a",
            "file://LOCALHOST/a",
            "file://localhost.x/a",
            "file://1.2.3.4/a",
            "file://host:80/a",
            "file:///C:/a",
            "file:///C|/a",
            "file://host/C:/a",
            "file:///a/C:/b",
            "file:///a/./b",
            "file:///a/%2E%2e",
            "file:////a",
            "file:///a b",
            "file:///a\\b",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let dir = |var: &str, default: &str| {
            std::env::var(var)
                .unwrap_or_else(|_| format!("{}/../shared/{default}", env!("CARGO_MANIFEST_DIR")))
        };
        let wpt = dir("WPT_DIR", "wpt") + "/url/resources/urltestdata.json";
        if let Ok(text) = std::fs::read_to_string(wpt) {
            for line in text.lines() {
                if let Some(rest) = line.trim().strip_prefix("\"input\": \"") {
                    inputs.push(rest.trim_end_matches("\",").replace("\\\\", "\\"));
                }
            }
        }
        // The IDNA tests' hosts, as an http and a file URL's.
        let toascii = dir("WPT_DIR", "wpt") + "/url/resources/toascii.json";
        if let Ok(text) = std::fs::read_to_string(toascii) {
            for line in text.lines() {
                if let Some(rest) = line.trim().strip_prefix("\"input\": \"") {
                    let host = rest.trim_end_matches("\",");
                    inputs.push(format!("http://{host}/"));
                    inputs.push(format!("file://{host}/x"));
                }
            }
        }
        let corpus = dir("BENCH_DATA_DIR", "bench-data") + "/urls/ada-url-various-datasets/";
        for file in [
            "others/kasztp.txt",
            "others/userbait.txt",
            "files/node_files.txt",
            "files/isaacs_files.txt",
        ] {
            if let Ok(text) = std::fs::read_to_string(format!("{corpus}{file}")) {
                inputs.extend(text.lines().map(str::to_owned));
            }
        }
        let mut accepted = 0;
        for input in &inputs {
            if let Some(fast) = parse_normalized(input, Mode::Full) {
                accepted += 1;
                let slow = general(input).expect("the state machine accepts it too");
                assert_eq!(fast.href(), slow.href(), "{input}");
                assert_eq!(fast.components(), slow.components(), "{input}");
                assert_eq!(
                    Url::normalized_components(input.as_bytes()),
                    Some(slow.components())
                );
            }
        }
        assert!(accepted >= 12, "{accepted}");
        println!("fast path accepted {accepted} of {} inputs", inputs.len());
    }
}
