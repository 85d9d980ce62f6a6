//! URL Pattern §3: the encoding callbacks, which canonicalize pattern text and inputs through
//! the URL Standard's own parser (with a state override on a dummy URL), and processing a
//! `URLPatternInit`.

use super::parser::escape_a_pattern_string;
use super::{UrlPatternError, UrlPatternInit};
use crate::url::{Host, ParseOptions, ParserState, SchemeType, Url, UrlPath, UrlRecord};
use alloc::string::String;

/// Whether a URLPatternInit is processed as a pattern or as a URL to match.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

/// "create a dummy URL": the record the basic URL parser makes of "https://dummy.invalid/".
fn create_a_dummy_url() -> UrlRecord {
    UrlRecord {
        scheme: String::from("https"),
        host: Some(Host::Domain(String::from("dummy.invalid"))),
        path: UrlPath::Segments(alloc::vec![String::new()]),
        ..UrlRecord::default()
    }
}

/// Runs the basic URL parser on `value` with `url` and `state` as the state override.
fn parse_with_state_override(
    url: &mut UrlRecord,
    value: &str,
    state: ParserState,
) -> Result<(), UrlPatternError> {
    let options = ParseOptions {
        state_override: Some(state),
        ..ParseOptions::default()
    };
    url.basic_parse_in_place(value, options)
        .map_err(|_| UrlPatternError::new("invalid URL component"))
}

/// "canonicalize a protocol".
pub(crate) fn canonicalize_a_protocol(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    // Not the state override: its restrictions are the protocol setter's.
    let mut input = String::from(value);
    input.push_str("://dummy.invalid/");
    let parse_result =
        Url::parse(&input, None).map_err(|_| UrlPatternError::new("invalid protocol"))?;
    Ok(String::from(parse_result.scheme()))
}

/// "canonicalize a username".
pub(crate) fn canonicalize_a_username(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    dummy_url.set_the_username(value);
    Ok(dummy_url.username)
}

/// "canonicalize a password".
pub(crate) fn canonicalize_a_password(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    dummy_url.set_the_password(value);
    Ok(dummy_url.password)
}

/// "canonicalize a hostname".
pub(crate) fn canonicalize_a_hostname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    parse_with_state_override(&mut dummy_url, value, ParserState::Hostname)?;
    let mut result = String::new();
    if let Some(host) = dummy_url.host {
        host.serialize_into(&mut result);
    }
    Ok(result)
}

/// "canonicalize an IPv6 hostname".
pub(crate) fn canonicalize_an_ipv6_hostname(value: &str) -> Result<String, UrlPatternError> {
    let mut result = String::with_capacity(value.len());
    for code_point in value.chars() {
        if !code_point.is_ascii_hexdigit() && !matches!(code_point, '[' | ']' | ':') {
            return Err(UrlPatternError::new("invalid IPv6 hostname"));
        }
        result.push(code_point.to_ascii_lowercase());
    }
    Ok(result)
}

/// "canonicalize a port", with the protocol if given.
pub(crate) fn canonicalize_a_port(
    port_value: &str,
    protocol_value: Option<&str>,
) -> Result<String, UrlPatternError> {
    if port_value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    // The scheme lets the parser drop the scheme's default port.
    dummy_url.scheme = String::from(protocol_value.unwrap_or_default());
    parse_with_state_override(&mut dummy_url, port_value, ParserState::Port)?;
    Ok(dummy_url
        .port
        .map(|port| crate::url::serialize_integer(port.into()))
        .unwrap_or_default())
}

/// "canonicalize a port" without a protocol, as patterns' ports are.
pub(crate) fn canonicalize_a_port_without_protocol(value: &str) -> Result<String, UrlPatternError> {
    canonicalize_a_port(value, None)
}

/// "canonicalize a pathname".
pub(crate) fn canonicalize_a_pathname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    // "/-" keeps the parser from prepending a slash or collapsing a leading dot segment.
    let modified_value = if leading_slash {
        String::from(value)
    } else {
        let mut modified_value = String::from("/-");
        modified_value.push_str(value);
        modified_value
    };
    let mut dummy_url = create_a_dummy_url();
    dummy_url.path = UrlPath::Segments(alloc::vec::Vec::new());
    let _ = parse_with_state_override(&mut dummy_url, &modified_value, ParserState::PathStart);
    let result = dummy_url.serialize_path();
    Ok(if leading_slash {
        result
    } else {
        result.chars().skip(2).collect()
    })
}

/// "canonicalize an opaque pathname".
pub(crate) fn canonicalize_an_opaque_pathname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    dummy_url.path = UrlPath::Opaque(String::new());
    parse_with_state_override(&mut dummy_url, value, ParserState::OpaquePath)?;
    Ok(dummy_url.serialize_path())
}

/// "canonicalize a search".
pub(crate) fn canonicalize_a_search(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    dummy_url.query = Some(String::new());
    let _ = parse_with_state_override(&mut dummy_url, value, ParserState::Query);
    Ok(dummy_url.query.unwrap_or_default())
}

/// "canonicalize a hash".
pub(crate) fn canonicalize_a_hash(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url();
    dummy_url.fragment = Some(String::new());
    let _ = parse_with_state_override(&mut dummy_url, value, ParserState::Fragment);
    Ok(dummy_url.fragment.unwrap_or_default())
}

/// Whether `scheme` is a special scheme.
pub(crate) fn is_special_scheme(scheme: &str) -> bool {
    SchemeType::from_scheme(scheme.as_bytes()).is_special()
}

/// "process a base URL string".
fn process_a_base_url_string(input: &str, kind: InitType) -> String {
    match kind {
        InitType::Pattern => escape_a_pattern_string(input),
        InitType::Url => String::from(input),
    }
}

/// "is an absolute pathname".
fn is_an_absolute_pathname(input: &str, kind: InitType) -> bool {
    let mut chars = input.chars();
    match (chars.next(), chars.next()) {
        (None, _) => false,
        (Some('/'), _) => true,
        _ if kind == InitType::Url => false,
        (Some('\\' | '{'), Some('/')) => true,
        _ => false,
    }
}

/// "process a URLPatternInit" (§3.2), with the given components as the result's initial
/// values.
pub(crate) fn process_a_urlpattern_init(
    init: &UrlPatternInit,
    kind: InitType,
    initial: UrlPatternInit,
) -> Result<UrlPatternInit, UrlPatternError> {
    let mut result = UrlPatternInit {
        base_url: None,
        ..initial
    };
    let mut base_url = None;
    if let Some(base_url_string) = &init.base_url {
        let base = Url::parse(base_url_string, None)
            .map_err(|_| UrlPatternError::new("invalid base URL"))?;
        let has = |component: &Option<String>| component.is_some();
        if !has(&init.protocol) {
            result.protocol = Some(process_a_base_url_string(base.scheme(), kind));
        }
        if kind != InitType::Pattern
            && !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.username)
        {
            result.username = Some(process_a_base_url_string(base.username(), kind));
        }
        if kind != InitType::Pattern
            && !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.username)
            && !has(&init.password)
        {
            result.password = Some(process_a_base_url_string(base.password(), kind));
        }
        if !has(&init.protocol) && !has(&init.hostname) {
            let base_host = base.host_serialized().unwrap_or_default();
            result.hostname = Some(process_a_base_url_string(base_host, kind));
        }
        if !has(&init.protocol) && !has(&init.hostname) && !has(&init.port) {
            result.port = Some(
                base.port()
                    .map(|port| crate::url::serialize_integer(port.into()))
                    .unwrap_or_default(),
            );
        }
        if !has(&init.protocol) && !has(&init.hostname) && !has(&init.port) && !has(&init.pathname)
        {
            result.pathname = Some(process_a_base_url_string(base.path(), kind));
        }
        if !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.pathname)
            && !has(&init.search)
        {
            result.search = Some(process_a_base_url_string(
                base.query().unwrap_or_default(),
                kind,
            ));
        }
        if !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.pathname)
            && !has(&init.search)
            && !has(&init.hash)
        {
            result.hash = Some(process_a_base_url_string(
                base.fragment().unwrap_or_default(),
                kind,
            ));
        }
        base_url = Some(base);
    }
    if let Some(protocol) = &init.protocol {
        result.protocol = Some(process_protocol_for_init(protocol, kind)?);
    }
    if let Some(username) = &init.username {
        result.username = Some(match kind {
            InitType::Pattern => username.clone(),
            InitType::Url => canonicalize_a_username(username)?,
        });
    }
    if let Some(password) = &init.password {
        result.password = Some(match kind {
            InitType::Pattern => password.clone(),
            InitType::Url => canonicalize_a_password(password)?,
        });
    }
    if let Some(hostname) = &init.hostname {
        result.hostname = Some(match kind {
            InitType::Pattern => hostname.clone(),
            InitType::Url => canonicalize_a_hostname(hostname)?,
        });
    }
    let result_protocol_string = result.protocol.clone().unwrap_or_default();
    if let Some(port) = &init.port {
        result.port = Some(match kind {
            InitType::Pattern => port.clone(),
            InitType::Url => canonicalize_a_port(port, Some(&result_protocol_string))?,
        });
    }
    if let Some(pathname) = &init.pathname {
        let mut pathname = pathname.clone();
        if let Some(base_url) = &base_url
            && !base_url.has_opaque_path()
            && !is_an_absolute_pathname(&pathname, kind)
        {
            let base_url_path = process_a_base_url_string(base_url.path(), kind);
            if let Some(slash_index) = base_url_path.rfind('/') {
                let mut new_pathname = String::from(&base_url_path[..=slash_index]);
                new_pathname.push_str(&pathname);
                pathname = new_pathname;
            }
        }
        result.pathname = Some(process_pathname_for_init(
            &pathname,
            &result_protocol_string,
            kind,
        )?);
    }
    if let Some(search) = &init.search {
        let stripped_value = search.strip_prefix('?').unwrap_or(search);
        result.search = Some(match kind {
            InitType::Pattern => String::from(stripped_value),
            InitType::Url => canonicalize_a_search(stripped_value)?,
        });
    }
    if let Some(hash) = &init.hash {
        let stripped_value = hash.strip_prefix('#').unwrap_or(hash);
        result.hash = Some(match kind {
            InitType::Pattern => String::from(stripped_value),
            InitType::Url => canonicalize_a_hash(stripped_value)?,
        });
    }
    Ok(result)
}

/// "process protocol for init".
fn process_protocol_for_init(value: &str, kind: InitType) -> Result<String, UrlPatternError> {
    let stripped_value = value.strip_suffix(':').unwrap_or(value);
    match kind {
        InitType::Pattern => Ok(String::from(stripped_value)),
        InitType::Url => canonicalize_a_protocol(stripped_value),
    }
}

/// "process pathname for init".
fn process_pathname_for_init(
    pathname_value: &str,
    protocol_value: &str,
    kind: InitType,
) -> Result<String, UrlPatternError> {
    if kind == InitType::Pattern {
        return Ok(String::from(pathname_value));
    }
    if protocol_value.is_empty() || is_special_scheme(protocol_value) {
        return canonicalize_a_pathname(pathname_value);
    }
    canonicalize_an_opaque_pathname(pathname_value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dummy_url_is_the_parse_of_its_string() {
        let parsed = Url::parse("https://dummy.invalid/", None).unwrap();
        assert_eq!(create_a_dummy_url(), UrlRecord::from(&parsed));
    }
}
