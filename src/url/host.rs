//! URL §3 "Hosts (domains and IP addresses)": IDNA (§3.3), the host parser (§3.5), the
//! host serializer (§3.6) and host equivalence (§3.7).

use super::percent_encoding::{C0_CONTROL, percent_decode, percent_encode_bytes_into};
use super::validation::{Errors, ValidationError, ValidationErrorKind as E, ValidationSink};
use crate::infra::strings::push_decimal;
use alloc::borrow::Cow;
use alloc::{string::String, vec::Vec};
use core::fmt;

/// A host (§3.1). Equality is the spec's host equivalence (§3.7).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain: a non-empty ASCII string.
    Domain(String),
    /// An IPv4 address.
    Ipv4(u32),
    /// An IPv6 address: its eight 16-bit pieces.
    Ipv6([u16; 8]),
    /// An opaque host: a non-empty ASCII string.
    Opaque(String),
    /// The empty host.
    Empty,
}

/// Which kind of host a URL has; the URL record keeps the host serialized, plus this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum HostKind {
    /// A domain.
    Domain = 1,
    /// An IPv4 address.
    Ipv4 = 2,
    /// An IPv6 address.
    Ipv6 = 3,
    /// An opaque host.
    Opaque = 4,
    /// The empty host.
    Empty = 5,
}

impl Host {
    /// The host parser with `is_opaque` (default false in the spec).
    pub fn parse(input: &str, is_opaque: bool) -> Result<Host, HostParseError> {
        Self::parse_with_errors(input, is_opaque, &mut Errors::off())
    }

    /// The host parser, reporting validation errors (positions are byte offsets into `input`).
    pub fn parse_with_errors(
        input: &str,
        is_opaque: bool,
        sink: &mut impl ValidationSink,
    ) -> Result<Host, HostParseError> {
        let mut serialized = String::new();
        let kind = parse_host_into(input, is_opaque, &mut serialized, sink, 0)?;
        Ok(Host::from_serialized(kind, serialized))
    }

    /// The host of kind `kind` whose serialization is `serialized` (as a URL keeps it). An
    /// IPv4 or IPv6 address must be in the host serializer's form; anything else is 0.
    pub(crate) fn from_serialized(kind: HostKind, serialized: String) -> Host {
        match kind {
            HostKind::Domain => Host::Domain(serialized),
            HostKind::Opaque => Host::Opaque(serialized),
            HostKind::Empty => Host::Empty,
            HostKind::Ipv4 => {
                Host::Ipv4(ipv4_parse(&serialized, &mut Errors::off(), 0).unwrap_or(0))
            }
            HostKind::Ipv6 => {
                let inner = serialized
                    .get(1..serialized.len().saturating_sub(1))
                    .unwrap_or("");
                Host::Ipv6(ipv6_parse(inner.as_bytes(), &mut Errors::off(), 0).unwrap_or([0; 8]))
            }
        }
    }

    /// The host serializer (§3.6), appending to `out`.
    pub fn serialize_into(&self, out: &mut String) {
        match self {
            Host::Domain(s) | Host::Opaque(s) => out.push_str(s),
            Host::Empty => {}
            Host::Ipv4(address) => ipv4_serialize(*address, out),
            Host::Ipv6(address) => {
                out.push('[');
                ipv6_serialize(address, out);
                out.push(']');
            }
        }
    }

    /// The kind of this host.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }
}

/// The host serializer (§3.6).
///
/// ```
/// use webweft::url::Host;
/// assert_eq!(Host::Ipv4(0x7F00_0001).to_string(), "127.0.0.1");
/// assert_eq!(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1]).to_string(), "[::1]");
/// assert_eq!(Host::Empty.to_string(), "");
/// ```
impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s),
            _ => {
                let mut out = String::new();
                self.serialize_into(&mut out);
                f.write_str(&out)
            }
        }
    }
}

/// The host parser failed; the validation error that caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostParseError(pub E);

impl fmt::Display for HostParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid host: {}", self.0)
    }
}

impl core::error::Error for HostParseError {}

#[inline]
fn report<S: ValidationSink>(sink: &mut S, kind: E, position: usize) {
    if sink.enabled() {
        sink.report(ValidationError { kind, position });
    }
}

/// A forbidden host code point (§3.2), for ASCII bytes.
#[inline]
pub(crate) const fn is_forbidden_host_code_point(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// A forbidden domain code point (§3.2), for ASCII bytes.
#[inline]
pub(crate) const fn is_forbidden_domain_code_point(b: u8) -> bool {
    is_forbidden_host_code_point(b) || b <= 0x1F || b == b'%' || b == 0x7F
}

/// [`is_forbidden_domain_code_point`] as a table over bytes (non-ASCII bytes are false).
static FORBIDDEN_DOMAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b: u8 = 0;
    while b < 0x80 {
        table[b as usize] = is_forbidden_domain_code_point(b);
        b += 1;
    }
    table
};

/// The domain parser (§3.3; "domain to ASCII" in earlier versions of the standard), without
/// its validation error: with `be_strict` true, Unicode ToASCII with the strict parameters
/// (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength true); with `be_strict` false, an
/// all-ASCII domain ASCII-lowercased without UTS #46 processing (step 5, for web
/// compatibility), any other through ToASCII with the relaxed parameters, then failure for an
/// empty result or one with a forbidden domain code point.
///
/// Every failure is `domain-to-ASCII`: the strict pass the host parser runs first (see
/// [`Host::parse_with_errors`]) fails whenever this does.
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, HostParseError> {
    // 3. beStrict: the strict result, or failure.
    if be_strict {
        return uts46_to_ascii(domain, true);
    }
    // 5. An ASCII domain is lowercased whatever ToASCII would say.
    let result = if domain.is_ascii() {
        if domain.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(domain.to_ascii_lowercase())
        } else {
            Cow::Borrowed(domain)
        }
    } else {
        // 6. Otherwise ToASCII with the relaxed parameters; its failure is failure.
        uts46_to_ascii(domain, false)?
    };
    // 7–8. An empty result, or one with a forbidden domain code point, is failure.
    if result.is_empty() || result.bytes().any(is_forbidden_domain_code_point) {
        return Err(HostParseError(E::DomainToAscii));
    }
    Ok(result)
}

/// The domain parser's steps 1–2 (§3.3): whether ToASCII with the strict parameters fails,
/// which is a `domain-to-ASCII` validation error even when the domain parser goes on with
/// the relaxed ones. Only worth running when someone listens for validation errors.
pub(crate) fn fails_strict_to_ascii(domain: &str) -> bool {
    uts46_to_ascii(domain, true).is_err()
}

fn uts46_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, HostParseError> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let (deny, hyphens, dns_length) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    let error = HostParseError(E::DomainToAscii);
    let ascii = Uts46::new()
        .to_ascii(domain.as_bytes(), deny, hyphens, dns_length)
        .map_err(|_| error)?;
    // Validity criterion V4 without CheckHyphens, which the crate leaves out: a label decoded
    // from Punycode must not start with "xn--". (With CheckHyphens, V2 covers it.)
    let decodes_to_xn = |label: &str| {
        label
            .strip_prefix("xn--")
            .and_then(idna::punycode::decode_to_string)
            .is_some_and(|decoded| decoded.starts_with("xn--"))
    };
    if ascii.split('.').any(decodes_to_xn) {
        return Err(error);
    }
    Ok(ascii)
}

/// Domain to Unicode (§3.3): UTS #46 ToUnicode with the spec's flags. Returns ToUnicode's
/// output, and whether it recorded an error (as `domain-to-Unicode`, a type the standard's
/// validation error table no longer lists: the URL parser never runs this).
///
/// The `idna` crate's `to_unicode` marks errors by writing U+FFFD over parts of the output,
/// which ToUnicode does not do: there errors only change the status, and the output is the
/// mapped, normalized domain with each well-formed "xn--" label decoded. So the errors come
/// from the crate and the output from `to_unicode_output`.
pub fn domain_to_unicode(domain: &str, be_strict: bool) -> (String, Result<(), HostParseError>) {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let (deny, hyphens) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow)
    };
    let error = Err(HostParseError(E::DomainToUnicode));
    match Uts46::new().to_unicode(domain.as_bytes(), deny, hyphens) {
        (_, Err(_)) => (to_unicode_output(domain), error),
        // Without errors the crate's output is ToUnicode's. A label in it that starts with
        // "xn--" was decoded from Punycode (an undecodable one is an error): validity
        // criterion V4 without CheckHyphens, which the crate leaves out.
        (output, Ok(())) if output.split('.').any(|label| label.starts_with("xn--")) => {
            (output.into_owned(), error)
        }
        (output, Ok(())) => (output.into_owned(), Ok(())),
    }
}

/// The string UTS #46 ToUnicode returns (its Processing steps 1–4 with
/// Transitional_Processing and IgnoreInvalidPunycode false), leaving out the validity
/// checks: they record errors but never change the string.
fn to_unicode_output(domain: &str) -> String {
    use utf8_iter::Utf8CharsEx;
    // The mapper is generic over its input iterator; `idna` calls it with `Utf8Chars`, and so
    // does this, so that one copy of the normalizer serves both.
    fn map_normalize<'a>(
        adapter: &'a idna_adapter::Adapter,
        text: &'a str,
    ) -> impl Iterator<Item = char> + 'a {
        adapter.map_normalize(text.as_bytes().chars())
    }
    let adapter = idna_adapter::Adapter::new();
    // 1–2. Map, then normalize to NFC. The mapper writes U+FFFD for a disallowed code point,
    // which ToUnicode leaves unchanged, so the runs between them are mapped on their own.
    let mut mapped = String::with_capacity(domain.len());
    let mut run_start = 0;
    for (i, c) in domain.char_indices() {
        // Disallowed: the mapper's U+FFFD alone (U+FFFD itself is disallowed too).
        let disallowed = !c.is_ascii()
            && (c == '\u{FFFD}' || {
                let mut buffer = [0; 4];
                let mut mapping = map_normalize(&adapter, c.encode_utf8(&mut buffer));
                mapping.next() == Some('\u{FFFD}') && mapping.next().is_none()
            });
        if disallowed {
            mapped.extend(map_normalize(&adapter, &domain[run_start..i]));
            mapped.push(c);
            run_start = i + c.len_utf8();
        }
    }
    mapped.extend(map_normalize(&adapter, &domain[run_start..]));
    // 3. Break into labels at U+002E (.).
    let mut result = String::with_capacity(mapped.len());
    for (i, label) in mapped.split('.').enumerate() {
        if i > 0 {
            result.push('.');
        }
        // 4.1. An ASCII "xn--" label whose rest is valid Punycode is replaced by its
        // decoding (even an empty or all-ASCII one, an error that keeps the decoding).
        // Otherwise the label stays as it is.
        let decoded = label
            .strip_prefix("xn--")
            .filter(|_| label.is_ascii())
            .and_then(idna::punycode::decode_to_string);
        result.push_str(decoded.as_deref().unwrap_or(label));
    }
    result
}

/// A valid domain (§3.4): the domain parser with beStrict true succeeds, and its result does
/// not end in a number.
pub fn is_valid_domain(input: &str) -> bool {
    domain_to_ascii(input, true).is_ok_and(|domain| !ends_in_a_number(&domain))
}

/// The host parser (§3.5), appending the serialized host to `out`. On failure `out` is
/// left as it was. `position` is where `input` starts in the caller's original input.
pub(crate) fn parse_host_into<S: ValidationSink>(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    sink: &mut S,
    position: usize,
) -> Result<HostKind, HostParseError> {
    let bytes = input.as_bytes();
    // 1. Bracketed: an IPv6 address.
    if bytes.first() == Some(&b'[') {
        if bytes.last() != Some(&b']') || bytes.len() < 2 {
            report(sink, E::Ipv6Unclosed, position);
            return Err(HostParseError(E::Ipv6Unclosed));
        }
        let address = ipv6_parse(&bytes[1..bytes.len() - 1], sink, position + 1)?;
        out.push('[');
        ipv6_serialize(&address, out);
        out.push(']');
        return Ok(HostKind::Ipv6);
    }
    // 2. Non-special URLs: an opaque host.
    if is_opaque {
        return opaque_host_parse_into(input, out, sink, position);
    }
    // 3. (Assert: input is not the empty string. `Host::parse` can be given one, which the
    // domain parser fails.)
    // 4. A percent-encoded byte: a domain-percent-encoded validation error (at the first).
    if sink.enabled()
        && let Some(i) = bytes
            .windows(3)
            .position(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
    {
        report(sink, E::DomainPercentEncoded, position + i);
    }
    // 5. domain: UTF-8 decode without BOM of the percent-decoding of input.
    let decoded = percent_decode(bytes);
    let domain: Cow<'_, str> = match decoded {
        Cow::Borrowed(_) => Cow::Borrowed(input),
        Cow::Owned(v) => Cow::Owned(match String::from_utf8(v) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }),
    };
    // 6. asciiDomain: the domain parser (§3.3) with beStrict false. Its steps 1–2: strict
    // ToASCII failing is a domain-to-ASCII validation error, whether or not the relaxed steps
    // that follow succeed. It also fails whenever they do (UseSTD3ASCIIRules rejects every
    // forbidden domain code point, VerifyDnsLength an empty result), so each failure below
    // has been reported here.
    if sink.enabled() && fails_strict_to_ascii(&domain) {
        report(sink, E::DomainToAscii, position);
    }
    let start = out.len();
    // The domain parser's steps 5–9. The common all-ASCII case is lowercased straight into
    // `out` in the same pass that checks for forbidden code points.
    if domain.is_ascii() {
        let d = domain.as_bytes();
        // Domain parser steps 7–8 (and host parser step 7): an empty result, which only
        // `Host::parse("")` gives, or a forbidden domain code point is failure.
        if d.is_empty() || d.iter().any(|&b| FORBIDDEN_DOMAIN[usize::from(b)]) {
            return Err(HostParseError(E::DomainToAscii));
        }
        // Domain parser step 5: lowercased.
        out.push_str(&domain);
        if let Some(appended) = out.get_mut(start..) {
            appended.make_ascii_lowercase();
        }
    } else {
        // Domain parser steps 6–8 (and host parser step 7): relaxed ToASCII; its failure, an
        // empty result or a forbidden domain code point is failure.
        out.push_str(&domain_to_ascii(&domain, false)?);
    }
    // 8. If asciiDomain ends in a number:
    if let Some(ascii) = out.get(start..)
        && ends_in_a_number(ascii)
    {
        // 8.1. An IPv4 address that IDNA made of non-ASCII input (e.g. full-width digits or
        // an ideographic full stop): an IPv4-non-ASCII-input validation error.
        if !domain.is_ascii() {
            report(sink, E::Ipv4NonAsciiInput, position);
        }
        // 8.2. Return the result of IPv4 parsing asciiDomain.
        let address = ipv4_parse(ascii, sink, position);
        out.truncate(start);
        let address = address?;
        ipv4_serialize(address, out);
        return Ok(HostKind::Ipv4);
    }
    // 9. Return asciiDomain.
    Ok(HostKind::Domain)
}

/// The ends in a number checker (§3.5).
pub fn ends_in_a_number(input: &str) -> bool {
    ends_in_a_number_bytes(input.as_bytes())
}

/// [`ends_in_a_number`] on the bytes of an ASCII string.
pub(crate) fn ends_in_a_number_bytes(bytes: &[u8]) -> bool {
    // 1–3. The last part, ignoring one trailing empty part (unless it is the only one).
    let trimmed = match bytes.split_last() {
        Some((b'.', rest)) if !rest.is_empty() => rest,
        _ => bytes,
    };
    let start = trimmed
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(0, |i| i + 1);
    let last = &trimmed[start..];
    if last.is_empty() {
        return false;
    }
    // 4. Only ASCII digits.
    if last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // 5. Parses as an IPv4 number: "0x" or "0X" followed by ASCII hex digits.
    last.len() >= 2
        && last[0] == b'0'
        && (last[1] == b'x' || last[1] == b'X')
        && last[2..].iter().all(u8::is_ascii_hexdigit)
}

/// The IPv4 number parser (§3.5): the number (saturated at u64::MAX, which is out of range
/// anyway) and whether the part was not decimal.
fn ipv4_number_parse(input: &str) -> Option<(u64, bool)> {
    let mut bytes = input.as_bytes();
    if bytes.is_empty() {
        return None;
    }
    let mut validation_error = false;
    let mut radix = 10;
    if bytes.len() >= 2 && bytes[0] == b'0' {
        validation_error = true;
        bytes = &bytes[1..];
        radix = 8;
        if bytes[0] == b'x' || bytes[0] == b'X' {
            bytes = &bytes[1..];
            radix = 16;
        }
    }
    if bytes.is_empty() {
        return Some((0, true));
    }
    let mut output: u64 = 0;
    for &b in bytes {
        let digit = char::from(b).to_digit(radix)?;
        output = output
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(digit));
    }
    Some((output, validation_error))
}

/// The IPv4 parser (§3.5).
pub(crate) fn ipv4_parse<S: ValidationSink>(
    input: &str,
    sink: &mut S,
    position: usize,
) -> Result<u32, HostParseError> {
    // 1. parts: strictly split on ".".
    let mut parts: Vec<&str> = input.split('.').collect();
    // 2. A trailing empty part is dropped (with a validation error).
    if parts.last() == Some(&"") {
        report(sink, E::Ipv4EmptyPart, position);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    // 3. Fewer than four parts: an IPv4-too-few-parts validation error.
    if parts.len() < 4 {
        report(sink, E::Ipv4TooFewParts, position);
    }
    // 4. More than four parts is a failure.
    if parts.len() > 4 {
        report(sink, E::Ipv4TooManyParts, position);
        return Err(HostParseError(E::Ipv4TooManyParts));
    }
    // 5–6. Parse each part.
    let mut numbers = [0u64; 4];
    for (i, part) in parts.iter().enumerate() {
        let Some((number, non_decimal)) = ipv4_number_parse(part) else {
            report(sink, E::Ipv4NonNumericPart, position);
            return Err(HostParseError(E::Ipv4NonNumericPart));
        };
        if non_decimal {
            report(sink, E::Ipv4NonDecimalPart, position);
        }
        numbers[i] = number;
    }
    let count = parts.len();
    let numbers = &numbers[..count];
    // 7–8. Every part but the last must fit in a byte.
    for (i, &n) in numbers.iter().enumerate() {
        if n > 255 {
            report(sink, E::Ipv4OutOfRangePart, position);
            if i != count - 1 {
                return Err(HostParseError(E::Ipv4OutOfRangePart));
            }
        }
    }
    // 9. The last fills the remaining bytes: it must be below 256^(5 − count).
    let last = numbers[count - 1];
    if last >= 1u64 << (8 * (5 - count)) {
        return Err(HostParseError(E::Ipv4OutOfRangePart));
    }
    // 10–14.
    let mut ipv4 = last;
    for (counter, &n) in numbers[..count - 1].iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    u32::try_from(ipv4).map_err(|_| HostParseError(E::Ipv4OutOfRangePart))
}

/// The IPv4 serializer (§3.6).
pub fn ipv4_serialize(address: u32, out: &mut String) {
    let [a, b, c, d] = address.to_be_bytes();
    push_decimal(out, a.into());
    for part in [b, c, d] {
        out.push('.');
        push_decimal(out, part.into());
    }
}

/// The IPv6 parser (§3.5), over the bytes between the brackets. `position` is where
/// `input` starts in the original input; errors are reported there, but a piece's leading
/// zero at the piece.
pub(crate) fn ipv6_parse<S: ValidationSink>(
    input: &[u8],
    sink: &mut S,
    position: usize,
) -> Result<[u16; 8], HostParseError> {
    let fail = |sink: &mut S, kind: E| {
        report(sink, kind, position);
        Err(HostParseError(kind))
    };
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    let c = |p: usize| input.get(p).copied();
    // 5. Leading compression.
    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            return fail(sink, E::Ipv6InvalidCompression);
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // 6. Main loop.
    while c(pointer).is_some() {
        if piece_index == 8 {
            return fail(sink, E::Ipv6TooManyPieces);
        }
        if c(pointer) == Some(b':') {
            if compress.is_some() {
                return fail(sink, E::Ipv6MultipleCompression);
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let piece_start = pointer;
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4
            && let Some(digit) = c(pointer).and_then(|b| char::from(b).to_digit(16))
        {
            value = value * 0x10 + digit as u16;
            pointer += 1;
            length += 1;
        }
        if c(pointer) == Some(b'.') {
            // IPv4 in IPv6.
            if length == 0 {
                return fail(sink, E::Ipv4InIpv6InvalidCodePoint);
            }
            pointer -= length;
            if piece_index > 6 {
                return fail(sink, E::Ipv4InIpv6TooManyPieces);
            }
            let mut numbers_seen = 0;
            while c(pointer).is_some() {
                let mut ipv4_piece: Option<u16> = None;
                if numbers_seen > 0 {
                    if c(pointer) == Some(b'.') && numbers_seen < 4 {
                        pointer += 1;
                    } else {
                        return fail(sink, E::Ipv4InIpv6InvalidCodePoint);
                    }
                }
                if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
                    return fail(sink, E::Ipv4InIpv6InvalidCodePoint);
                }
                while let Some(b) = c(pointer).filter(u8::is_ascii_digit) {
                    let number = u16::from(b - b'0');
                    ipv4_piece = match ipv4_piece {
                        None => Some(number),
                        Some(0) => return fail(sink, E::Ipv4InIpv6InvalidCodePoint),
                        Some(piece) => Some(piece * 10 + number),
                    };
                    if ipv4_piece.is_some_and(|piece| piece > 255) {
                        return fail(sink, E::Ipv4InIpv6OutOfRangePart);
                    }
                    pointer += 1;
                }
                let piece = ipv4_piece.unwrap_or(0);
                address[piece_index] = address[piece_index].wrapping_mul(0x100) + piece;
                numbers_seen += 1;
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece_index += 1;
                }
            }
            if numbers_seen != 4 {
                return fail(sink, E::Ipv4InIpv6TooFewParts);
            }
            break;
        } else if c(pointer) == Some(b':') {
            pointer += 1;
            if c(pointer).is_none() {
                return fail(sink, E::Ipv6InvalidCodePoint);
            }
        } else if c(pointer).is_some() {
            return fail(sink, E::Ipv6InvalidCodePoint);
        }
        // 6.8. More than one digit and a value below 0x10^(length − 1): a leading zero, an
        // IPv6-piece-leading-zero validation error (at the piece).
        if length > 1 && u32::from(value) < 1 << (4 * (length - 1)) {
            report(sink, E::Ipv6PieceLeadingZero, position + piece_start);
        }
        address[piece_index] = value;
        piece_index += 1;
    }
    // 7. Move the pieces after the compression to the end.
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return fail(sink, E::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// Find the IPv6 address compressed piece index (§3.6): the first longest run of two or
/// more zero pieces.
fn ipv6_compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest_index = None;
    let mut longest_size = 1;
    let mut found_index = None;
    let mut found_size = 0;
    for (piece_index, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest_index = found_index;
                longest_size = found_size;
            }
            found_index = None;
            found_size = 0;
        } else {
            if found_index.is_none() {
                found_index = Some(piece_index);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found_index;
    }
    longest_index
}

/// The IPv6 serializer (§3.6), without the brackets.
pub fn ipv6_serialize(address: &[u16; 8], out: &mut String) {
    let compress = ipv6_compressed_piece_index(address);
    let mut ignore0 = false;
    for (piece_index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(piece_index) {
            out.push_str(if piece_index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        // Lowercase hex without leading zeros.
        let mut shift = 12 - piece.leading_zeros().min(12) / 4 * 4;
        loop {
            out.push(char::from(
                b"0123456789abcdef"[usize::from(piece >> shift & 0xF)],
            ));
            if shift == 0 {
                break;
            }
            shift -= 4;
        }
        if piece_index != 7 {
            out.push(':');
        }
    }
}

/// The opaque-host parser (§3.5), appending to `out`.
fn opaque_host_parse_into<S: ValidationSink>(
    input: &str,
    out: &mut String,
    sink: &mut S,
    position: usize,
) -> Result<HostKind, HostParseError> {
    let bytes = input.as_bytes();
    // 1. A forbidden host code point: host-invalid-code-point, failure.
    if bytes.iter().any(|&b| is_forbidden_host_code_point(b)) {
        report(sink, E::HostInvalidCodePoint, position);
        return Err(HostParseError(E::HostInvalidCodePoint));
    }
    if sink.enabled() {
        // 2. A code point that is neither a URL code point nor "%": one invalid-URL-unit
        // validation error for the input (at the first).
        // (A U+FFFD that stands for a lone surrogate is no URL code point either.)
        let is_url_unit = |i: usize, c: char| {
            c == '%'
                || super::parser::is_url_code_point(c)
                    && !(c == '\u{FFFD}' && sink.is_lone_surrogate(position + i))
        };
        if let Some((i, _)) = input.char_indices().find(|&(i, c)| !is_url_unit(i, c)) {
            report(sink, E::InvalidUrlUnit, position + i);
        }
        // 3. A "%" not followed by two ASCII hex digits: one more (at the first).
        let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
        if let Some(i) = (0..bytes.len()).find(|&i| bytes[i] == b'%' && !(hex(i + 1) && hex(i + 2)))
        {
            report(sink, E::InvalidUrlUnit, position + i);
        }
    }
    // 4. UTF-8 percent-encode input using the C0 control percent-encode set.
    percent_encode_bytes_into(bytes, &C0_CONTROL, out);
    Ok(if bytes.is_empty() {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    fn host(input: &str, opaque: bool) -> Option<String> {
        Host::parse(input, opaque).ok().map(|h| h.to_string())
    }

    #[test]
    fn serializers_match_core_fmt() {
        let pieces = [0, 0x1, 0xf, 0x10, 0xff, 0x100, 0xfff, 0x1000, 0xffff];
        for piece in pieces {
            let mut out = String::new();
            ipv6_serialize(&[1, 2, piece, 3, 4, 5, 6, 7], &mut out);
            assert_eq!(out, format!("1:2:{piece:x}:3:4:5:6:7"));
        }
        let mut out = String::new();
        ipv4_serialize(0x0A00_FF01, &mut out);
        assert_eq!(out, "10.0.255.1");
    }

    #[test]
    fn spec_roundtrip_table() {
        let table: &[(&str, Option<&str>, Option<&str>)] = &[
            ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
            ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
            (
                "faß.example",
                Some("xn--fa-hia.example"),
                Some("fa%C3%9F.example"),
            ),
            ("0", Some("0.0.0.0"), Some("0")),
            ("%30", Some("0.0.0.0"), Some("%30")),
            ("0x", Some("0.0.0.0"), Some("0x")),
            ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
            ("[0:0::1]", Some("[::1]"), Some("[::1]")),
            ("[0:0::1%5D", None, None),
            ("[0:0::%31]", None, None),
            ("09", None, Some("09")),
            ("example.255", None, Some("example.255")),
            ("example^example", None, None),
        ];
        for &(input, domain, opaque) in table {
            assert_eq!(host(input, false).as_deref(), domain, "{input}");
            assert_eq!(host(input, true).as_deref(), opaque, "{input} (opaque)");
        }
    }

    #[test]
    fn ipv4_number_forms_and_overflow() {
        let cases: &[(&str, Option<&str>)] = &[
            ("0xAB.012.0X12.12", Some("171.10.18.12")),
            ("100.100.25600", Some("100.100.100.0")),
            ("100.100", Some("100.0.0.100")),
            ("4294967295", Some("255.255.255.255")),
            ("4294967296", None),
            ("0x100000000", None),
            ("99999999999999999999999999999", None),
            ("256.0.0.1", None),
            ("1.2.3.4.5", None),
            ("1.2.3.4.", Some("1.2.3.4")),
            ("0..0x300", None),
            ("1.2.3.08", None),
            ("0x.0x.0", Some("0.0.0.0")),
            ("foo.0x", None),
            ("test.42", None),
            ("1.2.3.09", None),
        ];
        for &(input, expected) in cases {
            assert_eq!(host(input, false).as_deref(), expected, "{input}");
        }
        assert!(!ends_in_a_number("."));
        assert!(ends_in_a_number("a.1."));
        assert!(ends_in_a_number("a.0x"));
        assert!(!ends_in_a_number("a.0xg"));
        assert!(!ends_in_a_number("1.a"));
    }

    #[test]
    fn ipv6_forms() {
        let cases: &[(&str, Option<&str>)] = &[
            ("[::]", Some("[::]")),
            ("[0:f:0:0:f:f:0:0]", Some("[0:f::f:f:0:0]")),
            ("[1:0:0:2:0:0:0:3]", Some("[1:0:0:2::3]")),
            ("[1:0::]", Some("[1::]")),
            ("[1:2:3:4:5:6:7:8]", Some("[1:2:3:4:5:6:7:8]")),
            ("[1:2:3:4:5:6:7::]", Some("[1:2:3:4:5:6:7:0]")),
            ("[::127.0.0.1]", Some("[::7f00:1]")),
            ("[::ffff:1.2.3.4]", Some("[::ffff:102:304]")),
            ("[ffff::127.0.0.4000]", None),
            ("[ffff::127.0.0]", None),
            ("[1:1:1:1:1:1:1:127.0.0.1]", None),
            ("[::1.2.3.04]", None),
            ("[1:2:3:4:5:6:7:8:9]", None),
            ("[1::1::1]", None),
            ("[:1]", None),
            ("[1:2:3]", None),
            ("[1:]", None),
            ("[12345::]", None),
            ("[::1", None),
        ];
        for &(input, expected) in cases {
            assert_eq!(host(input, false).as_deref(), expected, "{input}");
        }
    }

    #[test]
    fn validation_errors_from_the_spec_table() {
        let cases: &[(&str, E, bool)] = &[
            ("exa#mple.org", E::DomainToAscii, false),
            ("exa%23mple.org", E::DomainPercentEncoded, false),
            ("1.2.3", E::Ipv4TooFewParts, false),
            (
                "\u{2460}.\u{2461}.\u{2462}.\u{2463}",
                E::Ipv4NonAsciiInput,
                false,
            ),
            ("[::01]", E::Ipv6PieceLeadingZero, false),
            ("exa[mple.org", E::HostInvalidCodePoint, true),
            ("127.0.0.1.", E::Ipv4EmptyPart, false),
            ("1.2.3.4.5", E::Ipv4TooManyParts, false),
            ("test.42", E::Ipv4NonNumericPart, false),
            ("127.0.0x0.1", E::Ipv4NonDecimalPart, false),
            ("255.255.4000.1", E::Ipv4OutOfRangePart, false),
            ("[::1", E::Ipv6Unclosed, false),
            ("[:1]", E::Ipv6InvalidCompression, false),
            ("[1:2:3:4:5:6:7:8:9]", E::Ipv6TooManyPieces, false),
            ("[1::1::1]", E::Ipv6MultipleCompression, false),
            ("[1:4]", E::Ipv6TooFewPieces, false),
            ("[1:2:3:4:5:6:7:8:9]", E::Ipv6TooManyPieces, false),
            (
                "[1:1:1:1:1:1:1:127.0.0.1]",
                E::Ipv4InIpv6TooManyPieces,
                false,
            ),
            ("[ffff::.0.0.1]", E::Ipv4InIpv6InvalidCodePoint, false),
            ("[ffff::127.0.xyz.1]", E::Ipv4InIpv6InvalidCodePoint, false),
            ("[ffff::127.0xyz]", E::Ipv4InIpv6InvalidCodePoint, false),
            ("[ffff::127.00.0.1]", E::Ipv4InIpv6InvalidCodePoint, false),
            ("[ffff::127.0.0.1.2]", E::Ipv4InIpv6InvalidCodePoint, false),
            ("[ffff::127.0.0.4000]", E::Ipv4InIpv6OutOfRangePart, false),
            ("[ffff::127.0.0]", E::Ipv4InIpv6TooFewParts, false),
            ("[1:2:3:4:5:6:7:8:]", E::Ipv6InvalidCodePoint, false),
            ("[1:2:3:4:5:6:7:8!]", E::Ipv6InvalidCodePoint, false),
            ("\u{AD}", E::DomainToAscii, false),
            ("xn--a.ß", E::DomainToAscii, false),
        ];
        for &(input, kind, opaque) in cases {
            let mut errors = Vec::new();
            let _ = Host::parse_with_errors(input, opaque, &mut errors);
            assert!(
                errors.iter().any(|e| e.kind == kind),
                "{input}: expected {kind}, got {errors:?}"
            );
        }
    }

    #[test]
    fn domain_to_unicode_round_trip() {
        assert_eq!(
            domain_to_unicode("xn--fa-hia.example", false).0,
            "faß.example"
        );
        assert!(domain_to_unicode("xn--a.example", false).1.is_err());
        assert!(is_valid_domain("example.com") && !is_valid_domain("a_b.com"));
    }
}
