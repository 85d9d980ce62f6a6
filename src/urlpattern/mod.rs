//! The WHATWG URL Pattern Standard: `URLPattern`'s constructor, `test`, `exec` and
//! `hasRegExpGroups`, with the standard's algorithms (tokenizer, pattern parser, constructor
//! string parser, URLPatternInit processing, component compilation).
//!
//! Canonicalization goes through webweft's own URL parser (the basic URL parser with a state
//! override on a dummy URL). Matching is linear: a component without custom regexp groups
//! (`(\d+)`) runs on a Pike VM (see `matcher`) that captures what the standard's generated
//! regular expression captures, in O(input length × pattern size). A component with custom
//! regexp groups runs its generated regular expression (flags `v`, or `vi` with ignore case)
//! on an ECMAScript regular expression engine, a [`RegExpEngine`]: [`Regress`] (feature
//! `urlpattern-regress`, the `regress` crate) natively, the host's `RegExp` in the npm package.
//! Both backtrack: like a browser's RegExp, such a group can take time exponential in the input
//! length (e.g. `((a+)+)b`).
//!
//! ```
//! # #[cfg(feature = "urlpattern-regress")] {
//! use webweft::urlpattern::{Regress, UrlPattern, UrlPatternInput, UrlPatternOptions};
//! let pattern = UrlPattern::new(
//!     UrlPatternInput::String("https://example.com/books/:id(\\d+)"),
//!     None,
//!     UrlPatternOptions::default(),
//!     &Regress,
//! )
//! .unwrap();
//! assert_eq!(pattern.pathname(), "/books/:id(\\d+)");
//! assert!(pattern.has_regexp_groups());
//! let result = pattern.exec(UrlPatternInput::String("https://example.com/books/123"), None).unwrap().unwrap();
//! assert_eq!(result.pathname.groups, [("id".to_string(), Some("123".to_string()))]);
//! assert!(!pattern.test(UrlPatternInput::String("https://example.com/books/abc"), None).unwrap());
//! # }
//! ```

mod canonicalize;
mod constructor;
mod matcher;
mod parser;
#[cfg(feature = "urlpattern-regress")]
mod regress_engine;
pub(crate) mod tables;
mod tokenizer;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use canonicalize::{InitType, process_a_urlpattern_init};
use core::cmp::Ordering;
use core::fmt;
use matcher::Program;
pub use parser::{
    EncodingCallback, Modifier, Options, Part, PartType, generate_a_pattern_string,
    generate_a_regular_expression_and_name_list, parse_a_pattern_string,
};
#[cfg(feature = "urlpattern-regress")]
pub use regress_engine::Regress;

/// A failure the standard reports as a `TypeError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlPatternError {
    message: &'static str,
}

impl UrlPatternError {
    pub(crate) fn new(message: &'static str) -> UrlPatternError {
        UrlPatternError { message }
    }

    /// What went wrong, for the TypeError's message.
    pub fn message(&self) -> &'static str {
        self.message
    }
}

impl fmt::Display for UrlPatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

/// The `URLPatternInit` dictionary: each member present or not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternInit {
    /// `protocol`.
    pub protocol: Option<String>,
    /// `username`.
    pub username: Option<String>,
    /// `password`.
    pub password: Option<String>,
    /// `hostname`.
    pub hostname: Option<String>,
    /// `port`.
    pub port: Option<String>,
    /// `pathname`.
    pub pathname: Option<String>,
    /// `search`.
    pub search: Option<String>,
    /// `hash`.
    pub hash: Option<String>,
    /// `baseURL`.
    pub base_url: Option<String>,
}

/// `URLPatternInput`: a constructor string (or URL string), or a `URLPatternInit`.
#[derive(Clone, Copy, Debug)]
pub enum UrlPatternInput<'a> {
    /// A string.
    String(&'a str),
    /// A dictionary.
    Init(&'a UrlPatternInit),
}

/// The `URLPatternOptions` dictionary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternOptions {
    /// `ignoreCase`.
    pub ignore_case: bool,
}

/// An ECMAScript regular expression engine, for the components with custom regexp groups.
pub trait RegExpEngine {
    /// RegExpCreate(`source`, "v", or "vi" with `ignore_case`); `None` where it throws.
    fn compile(&self, source: &str, ignore_case: bool) -> Option<Box<dyn CompiledRegExp>>;
}

/// A regular expression an engine compiled.
pub trait CompiledRegExp: fmt::Debug {
    /// RegExpBuiltinExec on `input`: `None` for null, else the values of the captures 1 to
    /// `group_count` (`None` for undefined).
    fn exec(&self, input: &str, group_count: usize) -> Option<Vec<Option<String>>>;
}

/// How a component matches: the Pike VM, or an ECMAScript regular expression for custom
/// regexp groups.
#[derive(Debug)]
enum Matcher {
    Automaton(Program),
    RegExp(Box<dyn CompiledRegExp>),
}

/// A component (§1.3): its pattern string, how it matches, its group name list and whether
/// it has regexp groups.
#[derive(Debug)]
pub struct Component {
    part_list: Vec<Part>,
    pattern_string: String,
    regular_expression_string: String,
    matcher: Matcher,
    group_name_list: Vec<String>,
    has_regexp_groups: bool,
    ignore_case: bool,
    delimiter: Option<char>,
}

/// `URLPatternComponentResult`: the input and each group's value (`None` for undefined), in
/// the group name list's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentResult {
    /// `input`.
    pub input: String,
    /// `groups`.
    pub groups: Vec<(String, Option<String>)>,
}

/// An input of `URLPatternResult`'s `inputs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchInput {
    /// A string (the input, or the base URL string).
    String(String),
    /// The dictionary given.
    Init(UrlPatternInit),
}

/// `URLPatternResult`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// `inputs`.
    pub inputs: Vec<MatchInput>,
    /// `protocol`.
    pub protocol: ComponentResult,
    /// `username`.
    pub username: ComponentResult,
    /// `password`.
    pub password: ComponentResult,
    /// `hostname`.
    pub hostname: ComponentResult,
    /// `port`.
    pub port: ComponentResult,
    /// `pathname`.
    pub pathname: ComponentResult,
    /// `search`.
    pub search: ComponentResult,
    /// `hash`.
    pub hash: ComponentResult,
}

impl Component {
    /// "compile a component".
    pub fn compile(
        input: &str,
        encoding_callback: EncodingCallback<'_>,
        options: &Options,
        engine: &dyn RegExpEngine,
    ) -> Result<Component, UrlPatternError> {
        let part_list = parse_a_pattern_string(input, options, encoding_callback)?;
        let (regular_expression_string, group_name_list) =
            generate_a_regular_expression_and_name_list(&part_list, options);
        let matcher = match Program::compile(&part_list, options) {
            Some(program) => Matcher::Automaton(program),
            None => {
                let regexp = engine
                    .compile(&regular_expression_string, options.ignore_case)
                    .ok_or(UrlPatternError::new("invalid regular expression"))?;
                Matcher::RegExp(regexp)
            }
        };
        let pattern_string = generate_a_pattern_string(&part_list, options);
        let has_regexp_groups = part_list.iter().any(|part| part.kind == PartType::Regexp);
        Ok(Component {
            part_list,
            pattern_string,
            regular_expression_string,
            matcher,
            group_name_list,
            has_regexp_groups,
            ignore_case: options.ignore_case,
            delimiter: options.delimiter_code_point,
        })
    }

    /// The pattern string.
    pub fn pattern_string(&self) -> &str {
        &self.pattern_string
    }

    /// The standard's regular expression for this component (its flags are `v`, or `vi`
    /// with [`Component::ignore_case`]).
    pub fn regular_expression_string(&self) -> &str {
        &self.regular_expression_string
    }

    /// Whether the component matches case-insensitively.
    pub fn ignore_case(&self) -> bool {
        self.ignore_case
    }

    /// The group name list.
    pub fn group_name_list(&self) -> &[String] {
        &self.group_name_list
    }

    /// Whether a part has a custom regular expression.
    pub fn has_regexp_groups(&self) -> bool {
        self.has_regexp_groups
    }

    /// RegExpBuiltinExec of the component's regular expression on `input`: `None` for no
    /// match, else each group's value (`None` for undefined).
    pub fn exec(&self, input: &str) -> Option<Vec<Option<String>>> {
        match &self.matcher {
            Matcher::Automaton(program) => Some(
                program
                    .exec(input)?
                    .into_iter()
                    .map(|range| range.map(|(start, end)| String::from(&input[start..end])))
                    .collect(),
            ),
            Matcher::RegExp(regexp) => regexp.exec(input, self.group_name_list.len()),
        }
    }

    /// "create a component match result".
    fn create_a_component_match_result(
        &self,
        input: String,
        exec_result: Vec<Option<String>>,
    ) -> ComponentResult {
        let groups = self
            .group_name_list
            .iter()
            .cloned()
            .zip(exec_result)
            .collect();
        ComponentResult { input, groups }
    }

    /// "protocol component matches a special scheme".
    fn matches_a_special_scheme(&self) -> bool {
        ["ftp", "file", "http", "https", "ws", "wss"]
            .iter()
            .any(|scheme| self.exec(scheme).is_some())
    }
}

/// `URLPatternComponent`, the tentative `compareComponent` and `generate`'s enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComponentName {
    /// "protocol".
    Protocol,
    /// "username".
    Username,
    /// "password".
    Password,
    /// "hostname".
    Hostname,
    /// "port".
    Port,
    /// "pathname".
    Pathname,
    /// "search".
    Search,
    /// "hash".
    Hash,
}

impl ComponentName {
    /// The enum value of a string, if it is one.
    pub fn from_name(name: &str) -> Option<ComponentName> {
        Some(match name {
            "protocol" => ComponentName::Protocol,
            "username" => ComponentName::Username,
            "password" => ComponentName::Password,
            "hostname" => ComponentName::Hostname,
            "port" => ComponentName::Port,
            "pathname" => ComponentName::Pathname,
            "search" => ComponentName::Search,
            "hash" => ComponentName::Hash,
            _ => return None,
        })
    }
}

/// The order of the tentative `compareComponent` (Chromium's, which no standard defines yet):
/// part by part, by type (full wildcard, regexp, segment wildcard, fixed text: the more
/// specific is greater), then modifier (zero-or-more, optional, one-or-more, none), then
/// prefix, value and suffix; a list that runs out compares as an empty fixed-text part.
fn compare_part_lists(left: &[Part], right: &[Part]) -> Ordering {
    fn key(part: &Part) -> (u8, u8, &str, &str, &str) {
        let kind = match part.kind {
            PartType::FullWildcard => 0,
            PartType::Regexp => 1,
            PartType::SegmentWildcard => 2,
            PartType::FixedText => 3,
        };
        let modifier = match part.modifier {
            Modifier::ZeroOrMore => 0,
            Modifier::Optional => 1,
            Modifier::OneOrMore => 2,
            Modifier::None => 3,
        };
        (kind, modifier, &part.prefix, &part.value, &part.suffix)
    }
    const EMPTY: (u8, u8, &str, &str, &str) = (3, 3, "", "", "");
    for index in 0..left.len().max(right.len()) {
        let left = left.get(index).map_or(EMPTY, key);
        let right = right.get(index).map_or(EMPTY, key);
        let order = left.cmp(&right);
        if order != Ordering::Equal {
            return order;
        }
    }
    Ordering::Equal
}

/// "hostname pattern is an IPv6 address".
fn hostname_pattern_is_an_ipv6_address(input: &str) -> bool {
    let mut chars = input.chars();
    matches!(
        (chars.next(), chars.next()),
        (Some('['), Some(_)) | (Some('{' | '\\'), Some('['))
    )
}

/// An encoding callback as a function.
type Canonicalizer = fn(&str) -> Result<String, UrlPatternError>;

/// A URL pattern (§1.3) and its `URLPattern` API.
#[derive(Debug)]
pub struct UrlPattern {
    /// Each component's encoding callback, for `generate`.
    encoding_callbacks: [Canonicalizer; 8],
    protocol: Component,
    username: Component,
    password: Component,
    hostname: Component,
    port: Component,
    pathname: Component,
    search: Component,
    hash: Component,
}

impl UrlPattern {
    /// "create" a URL pattern (§1.4): `new URLPattern(input, baseURL, options)`.
    pub fn new(
        input: UrlPatternInput<'_>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
        engine: &dyn RegExpEngine,
    ) -> Result<UrlPattern, UrlPatternError> {
        let init = match input {
            UrlPatternInput::String(input) => {
                let mut init = constructor::parse_a_constructor_string(input, engine)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(UrlPatternError::new(
                        "a relative constructor string needs a base URL",
                    ));
                }
                init.base_url = base_url.map(String::from);
                init
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(UrlPatternError::new(
                        "a base URL goes in the URLPatternInit, not beside it",
                    ));
                }
                init.clone()
            }
        };
        let processed_init =
            process_a_urlpattern_init(&init, InitType::Pattern, UrlPatternInit::default())?;
        let wildcard = |component: Option<String>| component.unwrap_or_else(|| String::from("*"));
        let protocol = wildcard(processed_init.protocol);
        let username = wildcard(processed_init.username);
        let password = wildcard(processed_init.password);
        let hostname = wildcard(processed_init.hostname);
        let mut port = wildcard(processed_init.port);
        let pathname = wildcard(processed_init.pathname);
        let search = wildcard(processed_init.search);
        let hash = wildcard(processed_init.hash);
        if is_special_scheme(&protocol)
            && crate::url::SchemeType::from_scheme(protocol.as_bytes())
                .default_port()
                .is_some_and(|default| crate::url::serialize_integer(default.into()) == port)
        {
            port.clear();
        }
        use canonicalize::*;
        let hostname_callback: Canonicalizer = if hostname_pattern_is_an_ipv6_address(&hostname) {
            canonicalize_an_ipv6_hostname
        } else {
            canonicalize_a_hostname
        };
        let compile_options = Options {
            ignore_case: options.ignore_case,
            ..Options::DEFAULT
        };
        let protocol = Component::compile(
            &protocol,
            &canonicalize_a_protocol,
            &Options::DEFAULT,
            engine,
        )?;
        let (pathname_callback, pathname_options): (Canonicalizer, Options) =
            if protocol.matches_a_special_scheme() {
                let path_compile_options = Options {
                    ignore_case: options.ignore_case,
                    ..Options::PATHNAME
                };
                (canonicalize_a_pathname, path_compile_options)
            } else {
                (canonicalize_an_opaque_pathname, compile_options)
            };
        let encoding_callbacks: [Canonicalizer; 8] = [
            canonicalize_a_protocol,
            canonicalize_a_username,
            canonicalize_a_password,
            hostname_callback,
            canonicalize_a_port_without_protocol,
            pathname_callback,
            canonicalize_a_search,
            canonicalize_a_hash,
        ];
        let compile = |input: &str, index: usize, options: &Options| {
            Component::compile(input, &encoding_callbacks[index], options, engine)
        };
        let username = compile(&username, 1, &Options::DEFAULT)?;
        let password = compile(&password, 2, &Options::DEFAULT)?;
        let hostname = compile(&hostname, 3, &Options::HOSTNAME)?;
        let port = compile(&port, 4, &Options::DEFAULT)?;
        let pathname = compile(&pathname, 5, &pathname_options)?;
        let search = compile(&search, 6, &compile_options)?;
        let hash = compile(&hash, 7, &compile_options)?;
        Ok(UrlPattern {
            encoding_callbacks,
            protocol,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
        })
    }

    /// `protocol`: the protocol component's pattern string.
    pub fn protocol(&self) -> &str {
        &self.protocol.pattern_string
    }
    /// `username`.
    pub fn username(&self) -> &str {
        &self.username.pattern_string
    }
    /// `password`.
    pub fn password(&self) -> &str {
        &self.password.pattern_string
    }
    /// `hostname`.
    pub fn hostname(&self) -> &str {
        &self.hostname.pattern_string
    }
    /// `port`.
    pub fn port(&self) -> &str {
        &self.port.pattern_string
    }
    /// `pathname`.
    pub fn pathname(&self) -> &str {
        &self.pathname.pattern_string
    }
    /// `search`.
    pub fn search(&self) -> &str {
        &self.search.pattern_string
    }
    /// `hash`.
    pub fn hash(&self) -> &str {
        &self.hash.pattern_string
    }

    /// The eight components, in the order protocol, username, password, hostname, port,
    /// pathname, search, hash.
    pub fn components(&self) -> [&Component; 8] {
        [
            &self.protocol,
            &self.username,
            &self.password,
            &self.hostname,
            &self.port,
            &self.pathname,
            &self.search,
            &self.hash,
        ]
    }

    fn component(&self, name: ComponentName) -> &Component {
        match name {
            ComponentName::Protocol => &self.protocol,
            ComponentName::Username => &self.username,
            ComponentName::Password => &self.password,
            ComponentName::Hostname => &self.hostname,
            ComponentName::Port => &self.port,
            ComponentName::Pathname => &self.pathname,
            ComponentName::Search => &self.search,
            ComponentName::Hash => &self.hash,
        }
    }

    /// The tentative `URLPattern.compareComponent(component, left, right)` (see
    /// `compare_part_lists`).
    pub fn compare_component(
        name: ComponentName,
        left: &UrlPattern,
        right: &UrlPattern,
    ) -> Ordering {
        compare_part_lists(
            &left.component(name).part_list,
            &right.component(name).part_list,
        )
    }

    /// The tentative `generate(component, groups)` (Chromium's): the component's fixed text
    /// with each segment wildcard replaced by its group's value, canonicalized by the
    /// component's encoding callback, between the part's prefix and suffix. A TypeError for a
    /// modifier, a full wildcard or regexp part, a missing group, or a value that is empty or
    /// holds the delimiter once canonicalized.
    pub fn generate(
        &self,
        name: ComponentName,
        groups: &[(String, String)],
    ) -> Result<String, UrlPatternError> {
        let component = self.component(name);
        let mut result = String::new();
        for part in &component.part_list {
            if part.modifier != Modifier::None {
                return Err(UrlPatternError::new(
                    "generate() needs parts without modifiers",
                ));
            }
            match part.kind {
                PartType::FixedText => result.push_str(&part.value),
                PartType::SegmentWildcard => {
                    let Some((_, value)) = groups.iter().find(|(group, _)| *group == part.name)
                    else {
                        return Err(UrlPatternError::new("generate() is missing a group"));
                    };
                    let encoded = (self.encoding_callbacks[name as usize])(value)?;
                    let delimiter = component.delimiter;
                    if encoded.is_empty() || delimiter.is_some_and(|d| encoded.contains(d)) {
                        return Err(UrlPatternError::new(
                            "generate() got a group value that does not fit its segment",
                        ));
                    }
                    result.push_str(&part.prefix);
                    result.push_str(&encoded);
                    result.push_str(&part.suffix);
                }
                PartType::FullWildcard | PartType::Regexp => {
                    return Err(UrlPatternError::new(
                        "generate() cannot fill a wildcard or regexp group",
                    ));
                }
            }
        }
        Ok(result)
    }

    /// `hasRegExpGroups`: "has regexp groups".
    pub fn has_regexp_groups(&self) -> bool {
        self.components()
            .iter()
            .any(|component| component.has_regexp_groups)
    }

    /// `test(input, baseURL)`.
    pub fn test(
        &self,
        input: UrlPatternInput<'_>,
        base_url: Option<&str>,
    ) -> Result<bool, UrlPatternError> {
        Ok(self.exec(input, base_url)?.is_some())
    }

    /// `exec(input, baseURL)`: "match" (§1.4); `Ok(None)` for no match.
    pub fn exec(
        &self,
        input: UrlPatternInput<'_>,
        base_url_string: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, UrlPatternError> {
        let mut inputs = Vec::new();
        let values = match input {
            UrlPatternInput::Init(init) => {
                inputs.push(MatchInput::Init(init.clone()));
                if base_url_string.is_some() {
                    return Err(UrlPatternError::new(
                        "a base URL goes in the URLPatternInit, not beside it",
                    ));
                }
                let empty = UrlPatternInit {
                    protocol: Some(String::new()),
                    username: Some(String::new()),
                    password: Some(String::new()),
                    hostname: Some(String::new()),
                    port: Some(String::new()),
                    pathname: Some(String::new()),
                    search: Some(String::new()),
                    hash: Some(String::new()),
                    base_url: None,
                };
                let Ok(apply_result) = process_a_urlpattern_init(init, InitType::Url, empty) else {
                    return Ok(None);
                };
                [
                    apply_result.protocol,
                    apply_result.username,
                    apply_result.password,
                    apply_result.hostname,
                    apply_result.port,
                    apply_result.pathname,
                    apply_result.search,
                    apply_result.hash,
                ]
                .map(Option::unwrap_or_default)
            }
            UrlPatternInput::String(input) => {
                inputs.push(MatchInput::String(String::from(input)));
                let mut base_url = None;
                if let Some(base_url_string) = base_url_string {
                    let Ok(base) = crate::url::Url::parse(base_url_string, None) else {
                        return Ok(None);
                    };
                    base_url = Some(base);
                    inputs.push(MatchInput::String(String::from(base_url_string)));
                }
                let Ok(url) = crate::url::Url::parse(input, base_url.as_ref()) else {
                    return Ok(None);
                };
                url_components(&url)
            }
        };
        Ok(self.match_components(inputs, values))
    }

    /// "match" given a URL record (§1.4): the result's `inputs` is the URL's serialization.
    pub fn match_url(&self, url: &crate::url::Url) -> Option<UrlPatternResult> {
        let inputs = alloc::vec![MatchInput::String(String::from(url.href()))];
        self.match_components(inputs, url_components(url))
    }

    /// The steps of "match" from the regular expressions' execution on.
    fn match_components(
        &self,
        inputs: Vec<MatchInput>,
        values: [String; 8],
    ) -> Option<UrlPatternResult> {
        let components = self.components();
        let mut exec_results = Vec::with_capacity(8);
        for (component, value) in components.iter().zip(&values) {
            exec_results.push(component.exec(value)?);
        }
        let mut values = values.into_iter();
        let mut exec_results = exec_results.into_iter();
        let mut index = 0;
        let mut next = || {
            let component = components[index];
            index += 1;
            let value = values.next().unwrap_or_default();
            component
                .create_a_component_match_result(value, exec_results.next().unwrap_or_default())
        };
        Some(UrlPatternResult {
            inputs,
            protocol: next(),
            username: next(),
            password: next(),
            hostname: next(),
            port: next(),
            pathname: next(),
            search: next(),
            hash: next(),
        })
    }
}

/// A URL's eight components as "match" reads them.
fn url_components(url: &crate::url::Url) -> [String; 8] {
    [
        String::from(url.scheme()),
        String::from(url.username()),
        String::from(url.password()),
        String::from(url.host_serialized().unwrap_or_default()),
        url.port()
            .map(|port| crate::url::serialize_integer(port.into()))
            .unwrap_or_default(),
        String::from(url.path()),
        String::from(url.query().unwrap_or_default()),
        String::from(url.fragment().unwrap_or_default()),
    ]
}
