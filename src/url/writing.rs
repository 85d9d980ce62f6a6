//! URL §4.3 "URL writing" and §3.4 "Host writing": the grammar of valid URL strings, as a
//! validator. Each function checks one production of the standard, named after it.
//!
//! The grammar and the parser's validation errors (§1.1) describe the same thing from two
//! sides: "A valid URL string defines what input would not trigger a validation error or
//! failure when given to the URL parser." They are separate definitions, so neither is
//! computed from the other; since the host parser reports what the strict domain parser
//! rejects (domain-to-ASCII), percent-encoded domains and IPv6 pieces with a leading zero, they
//! agree on WPT's urltestdata and on the URL corpus of the benchmarks, both ways (checked by
//! tests/url_writing.rs and tests/url_properties.rs).

use super::host::{is_forbidden_host_code_point, is_valid_domain};
use super::parser::is_url_code_point;
use super::record::{SchemeType, Url};

/// Whether `input` is a valid URL string (§4.3): an absolute-URL-with-fragment string, or,
/// given a base URL, a relative-URL-with-fragment string.
///
/// ```
/// use webweft::url::{Url, is_valid_url_string};
/// assert!(is_valid_url_string("https://example.com/././foo", None));
/// assert!(!is_valid_url_string("https:example.org", None));
/// assert!(!is_valid_url_string("https://user:password@example.org/", None));
/// assert!(!is_valid_url_string("https://example/%?%#%", None));
/// assert!(is_valid_url_string("https://example/%25?%25#%25", None));
/// let base = Url::parse("https://example.com/demo", None).unwrap();
/// assert!(is_valid_url_string("example", Some(&base)));
/// assert!(!is_valid_url_string("example", None));
/// assert!(!is_valid_url_string("\\example\\..\\demo/.\\", Some(&base)));
/// ```
pub fn is_valid_url_string(input: &str, base: Option<&Url>) -> bool {
    is_absolute_url_with_fragment_string(input)
        || base.is_some_and(|base| is_relative_url_with_fragment_string(input, base))
}

/// Splits `input` at the first `delimiter`: what precedes it, and what follows it if present.
/// (No production before a query or fragment contains its delimiter: "?" and "#" are
/// excluded from path segments, opaque paths and hosts, and "#" is no URL unit.)
fn split_at_first(input: &str, delimiter: char) -> (&str, Option<&str>) {
    match input.split_once(delimiter) {
        Some((before, after)) => (before, Some(after)),
        None => (input, None),
    }
}

/// An absolute-URL-with-fragment string: an absolute-URL string, optionally followed by "#"
/// and a URL-fragment string.
fn is_absolute_url_with_fragment_string(input: &str) -> bool {
    let (url, fragment) = split_at_first(input, '#');
    fragment.is_none_or(is_url_units) && is_absolute_url_string(url)
}

/// An absolute-URL string: by the URL-scheme string, then optionally "?" and a URL-query
/// string.
fn is_absolute_url_string(input: &str) -> bool {
    let (url, query) = split_at_first(input, '?');
    if !query.is_none_or(is_url_units) {
        return false;
    }
    let Some((scheme, rest)) = url.split_once(':') else {
        return false;
    };
    if !is_url_scheme_string(scheme) {
        return false;
    }
    match SchemeType::from_scheme(scheme.to_ascii_lowercase().as_bytes()) {
        // 3. "file": a scheme-relative-file-URL string.
        SchemeType::File => is_scheme_relative_file_url_string(rest),
        // 1. A special scheme but "file": a scheme-relative-special-URL string.
        SchemeType::Http
        | SchemeType::Https
        | SchemeType::Ws
        | SchemeType::Wss
        | SchemeType::Ftp => is_scheme_relative_special_url_string(rest),
        // 2. Any other scheme: a scheme-relative-URL, path-absolute-non-authority-URL or
        // opaque-path-URL string.
        SchemeType::NotSpecial => {
            is_scheme_relative_url_string(rest)
                || is_path_absolute_non_authority_url_string(rest)
                || is_opaque_path_url_string(rest)
        }
    }
}

/// A URL-scheme string: an ASCII alpha, then ASCII alphanumerics, "+", "-" and ".".
fn is_url_scheme_string(input: &str) -> bool {
    let mut bytes = input.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// A relative-URL-with-fragment string: with a base that has an opaque path, "#" and a
/// URL-fragment string; otherwise a relative-URL string, optionally followed by "#" and a
/// URL-fragment string.
fn is_relative_url_with_fragment_string(input: &str, base: &Url) -> bool {
    if base.has_opaque_path() {
        return input.strip_prefix('#').is_some_and(is_url_units);
    }
    let (url, fragment) = split_at_first(input, '#');
    fragment.is_none_or(is_url_units) && is_relative_url_string(url, base)
}

/// A relative-URL string: a path-absolute-non-authority-URL or path-relative-scheme-less-URL
/// string, or by the base URL's scheme a scheme-relative-special-URL, scheme-relative-file-URL
/// or scheme-relative-URL string; then optionally "?" and a URL-query string.
fn is_relative_url_string(input: &str, base: &Url) -> bool {
    let (url, query) = split_at_first(input, '?');
    query.is_none_or(is_url_units)
        && (is_path_absolute_non_authority_url_string(url)
            || is_path_relative_scheme_less_url_string(url)
            || match base.scheme_type() {
                SchemeType::File => is_scheme_relative_file_url_string(url),
                SchemeType::NotSpecial => is_scheme_relative_url_string(url),
                _ => is_scheme_relative_special_url_string(url),
            })
}

/// Splits an authority-and-path at the path's "/" (no host contains one).
fn split_authority(input: &str) -> (&str, Option<&str>) {
    match input.find('/') {
        Some(i) => (&input[..i], Some(&input[i..])),
        None => (input, None),
    }
}

/// Splits a host-and-port at the port's ":" (outside the brackets of an IPv6 address).
/// `None` when something other than ":" follows a "]".
fn split_port(input: &str) -> Option<(&str, Option<&str>)> {
    let host_end = if input.starts_with('[') {
        input.find(']').map_or(input.len(), |i| i + 1)
    } else {
        input.find(':').unwrap_or(input.len())
    };
    let (host, rest) = input.split_at(host_end);
    match rest {
        "" => Some((host, None)),
        _ => rest.strip_prefix(':').map(|port| (host, Some(port))),
    }
}

/// A scheme-relative-special-URL string: "//", a valid host string, optionally ":" and a
/// URL-port string, optionally a path-absolute-URL string.
fn is_scheme_relative_special_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (authority, path) = split_authority(rest);
    split_port(authority).is_some_and(|(host, port)| {
        is_valid_host_string(host) && port.is_none_or(is_url_port_string)
    }) && path.is_none_or(is_path_absolute_url_string)
}

/// A URL-port string: the empty string, or ASCII digits for a 16-bit unsigned integer.
fn is_url_port_string(input: &str) -> bool {
    let significant = input.trim_start_matches('0');
    input.bytes().all(|b| b.is_ascii_digit())
        && (significant.is_empty() || significant.parse::<u16>().is_ok())
}

/// A scheme-relative-URL string: "//", an opaque-host-and-port string, optionally a
/// path-absolute-URL string.
fn is_scheme_relative_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (authority, path) = split_authority(rest);
    is_opaque_host_and_port_string(authority) && path.is_none_or(is_path_absolute_url_string)
}

/// An opaque-host-and-port string: the empty string, or a valid opaque-host string,
/// optionally ":" and a URL-port string.
fn is_opaque_host_and_port_string(input: &str) -> bool {
    input.is_empty()
        || split_port(input).is_some_and(|(host, port)| {
            is_valid_opaque_host_string(host) && port.is_none_or(is_url_port_string)
        })
}

/// A scheme-relative-file-URL string: "//", optionally a valid host string optionally
/// followed by a path-absolute-URL string, or a path-absolute-URL string.
fn is_scheme_relative_file_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (host, path) = split_authority(rest);
    (host.is_empty() || is_valid_host_string(host)) && path.is_none_or(is_path_absolute_url_string)
}

/// A path-absolute-URL string: "/", then URL-path-segment strings separated by "/".
fn is_path_absolute_url_string(input: &str) -> bool {
    input
        .strip_prefix('/')
        .is_some_and(|segments| segments.split('/').all(is_url_path_segment_string))
}

/// A path-absolute-non-authority-URL string: a path-absolute-URL string not starting with
/// "//".
fn is_path_absolute_non_authority_url_string(input: &str) -> bool {
    !input.starts_with("//") && is_path_absolute_url_string(input)
}

/// A path-relative-URL string: URL-path-segment strings separated by "/", not starting with
/// "/".
fn is_path_relative_url_string(input: &str) -> bool {
    !input.starts_with('/') && input.split('/').all(is_url_path_segment_string)
}

/// A path-relative-scheme-less-URL string: a path-relative-URL string not starting with a
/// URL-scheme string and ":".
fn is_path_relative_scheme_less_url_string(input: &str) -> bool {
    let starts_with_scheme = input
        .split_once(':')
        .is_some_and(|(scheme, _)| is_url_scheme_string(scheme));
    !starts_with_scheme && is_path_relative_url_string(input)
}

/// An opaque-path-URL string: URL units but "?", the first (if any) not "/".
fn is_opaque_path_url_string(input: &str) -> bool {
    !input.starts_with('/') && is_url_units_excluding(input, |c| c == '?')
}

/// A URL-path-segment string: URL units but "/" and "?" (single-dot and double-dot segments
/// are URL units too).
fn is_url_path_segment_string(input: &str) -> bool {
    is_url_units_excluding(input, |c| c == '/' || c == '?')
}

/// Zero or more URL units (a URL-query or URL-fragment string).
fn is_url_units(input: &str) -> bool {
    is_url_units_excluding(input, |_| false)
}

/// Zero or more URL units (URL code points and percent-encoded bytes), none of them a code
/// point that `excluded` names.
fn is_url_units_excluding(input: &str, excluded: impl Fn(char) -> bool) -> bool {
    let bytes = input.as_bytes();
    let mut chars = input.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '%' {
            // A percent-encoded byte: "%" and two ASCII hex digits.
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            chars.nth(1);
        } else if !is_url_code_point(c) || excluded(c) {
            return false;
        }
    }
    true
}

/// Whether `input` is a valid host string (§3.4): a valid domain string, a valid
/// IPv4-address string, or "[", a valid IPv6-address string and "]".
///
/// ```
/// use webweft::url::is_valid_host_string;
/// assert!(is_valid_host_string("example.com") && is_valid_host_string("faß.example"));
/// assert!(is_valid_host_string("127.0.0.1") && is_valid_host_string("[::ffff:1.2.3.4]"));
/// assert!(!is_valid_host_string("127.0.0.01") && !is_valid_host_string("1.2.3"));
/// assert!(!is_valid_host_string("[::01]") && !is_valid_host_string("a_b.com"));
/// ```
pub fn is_valid_host_string(input: &str) -> bool {
    is_valid_domain_string(input)
        || is_valid_ipv4_address_string(input)
        || is_bracketed_valid_ipv6_address_string(input)
}

/// A valid domain string: a valid domain (§3.4).
fn is_valid_domain_string(input: &str) -> bool {
    is_valid_domain(input)
}

/// A valid IPv4-address string: four shortest possible strings of ASCII digits for numbers
/// 0–255, separated by ".".
fn is_valid_ipv4_address_string(input: &str) -> bool {
    let mut parts = 0;
    input.split('.').all(|part| {
        parts += 1;
        is_shortest_number_string(part, 10, 255)
    }) && parts == 4
}

/// A shortest possible string of digits in `radix` for a number up to `max`: no leading zero
/// (but "0" itself).
fn is_shortest_number_string(input: &str, radix: u32, max: u32) -> bool {
    !input.is_empty()
        && (input == "0" || !input.starts_with('0'))
        && input.len() <= 4
        && u32::from_str_radix(input, radix).is_ok_and(|n| n <= max)
        && input.bytes().all(|b| char::from(b).is_digit(radix))
}

/// "[", a valid IPv6-address string, "]".
fn is_bracketed_valid_ipv6_address_string(input: &str) -> bool {
    input
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(is_valid_ipv6_address_string)
}

/// A valid IPv6-address string: a valid IPv6-pieces string or IPv6-pieces-and-IPv4 string of
/// effective piece length 8, or "::" with such strings (optional, the one after it possibly
/// ending in an IPv4 address) of effective piece lengths adding up to at most 7 around it.
fn is_valid_ipv6_address_string(input: &str) -> bool {
    match input.split_once("::") {
        None => ipv6_effective_piece_length(input, true) == Some(8),
        Some((before, after)) => {
            let length = |s: &str, ipv4: bool| {
                if s.is_empty() {
                    Some(0)
                } else {
                    ipv6_effective_piece_length(s, ipv4)
                }
            };
            match (length(before, false), length(after, true)) {
                (Some(before), Some(after)) => before + after <= 7,
                _ => false,
            }
        }
    }
}

/// The effective piece length of a valid IPv6-pieces string (or, when `ipv4`, of a valid
/// IPv6-pieces-and-IPv4 string: the pieces before the IPv4 address plus 2); `None` when
/// `input` is neither.
fn ipv6_effective_piece_length(input: &str, ipv4: bool) -> Option<usize> {
    let (pieces, ipv4_address) = match input.rsplit_once(':') {
        Some((pieces, last)) if ipv4 && last.contains('.') => (Some(pieces), Some(last)),
        None if ipv4 && input.contains('.') => (None, Some(input)),
        _ => (Some(input), None),
    };
    if ipv4_address.is_some_and(|address| !is_valid_ipv4_address_string(address)) {
        return None;
    }
    let piece_count = match pieces {
        None => 0,
        Some(pieces) => {
            let mut count = 0;
            let valid = pieces.split(':').all(|piece| {
                count += 1;
                is_shortest_number_string(piece, 16, 0xFFFF)
            });
            if !valid {
                return None;
            }
            count
        }
    };
    Some(piece_count + if ipv4_address.is_some() { 2 } else { 0 })
}

/// A valid opaque-host string: one or more URL units but forbidden host code points, or "[",
/// a valid IPv6-address string and "]".
fn is_valid_opaque_host_string(input: &str) -> bool {
    is_bracketed_valid_ipv6_address_string(input)
        || (!input.is_empty()
            && is_url_units_excluding(input, |c| {
                c.is_ascii() && is_forbidden_host_code_point(c as u8)
            }))
}
