//! URL §1.1 "Writing": validation errors and the one hook that reports them.
//!
//! A validation error never changes what the parser returns; it is reported only when the
//! caller passes a sink. The parsers are generic over [`ValidationSink`], so with the
//! default [`NoSink`] every check that exists only to report an error compiles away.

use alloc::vec::Vec;
use core::fmt;

/// The spec's validation error types (URL §1.1), one variant per row of its table, in the
/// table's order; then two types the table no longer lists, which the parser never reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValidationErrorKind {
    // IDNA.
    /// `domain-to-ASCII`: Unicode ToASCII records an error when CheckHyphens,
    /// UseSTD3ASCIIRules and VerifyDnsLength are all true (the domain parser's strict pass,
    /// §3.3). The host parser fails along with it when beStrict is true, or when the domain is
    /// not ASCII and ToASCII with the relaxed parameters fails too, or its result is empty or
    /// has a forbidden domain code point.
    DomainToAscii,
    // Host parsing.
    /// `domain-percent-encoded`: the host to be processed as a domain contains a
    /// percent-encoded byte.
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host contains a forbidden host code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with a U+002E (.).
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address has fewer than 4 parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address has more than 4 parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: an IPv4 address part is not numeric.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: an IPv4 address part uses hexadecimal or octal digits.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: an IPv4 address part exceeds 255.
    Ipv4OutOfRangePart,
    /// `IPv4-non-ASCII-input`: an IPv4 address is derived from a non-ASCII string through
    /// IDNA processing.
    Ipv4NonAsciiInput,
    /// `IPv6-unclosed`: an IPv6 address is missing the closing U+005D (]).
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with improper compression.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address contains more than 8 pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an unexpected code point, or an unexpected end.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than 8 pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: an IPv6 address piece contains a leading U+0030 (0).
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: more than 6 pieces before the IPv4 part.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: the IPv4 part is malformed.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: an IPv4 part exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: the IPv4 part has too few parts.
    Ipv4InIpv6TooFewParts,
    // URL parsing.
    /// `invalid-URL-unit`: a code point that is not a URL unit.
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not followed by "//".
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme and no usable base URL.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: U+005C (\) used instead of U+002F (/) in a special URL.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the input includes credentials.
    InvalidCredentials,
    /// `host-missing`: a special URL without a host.
    HostMissing,
    /// `port-out-of-range`: the port is too big.
    PortOutOfRange,
    /// `port-invalid`: the port is invalid.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative file URL starting with a drive letter.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a file: URL's host is a drive letter.
    FileInvalidWindowsDriveLetterHost,
    // No longer in the table.
    /// `domain-invalid-code-point`, a row the standard's table no longer has: the host parser
    /// reports a forbidden domain code point as [`DomainToAscii`](Self::DomainToAscii) (strict
    /// ToASCII rejects every one). Never reported, and not in [`ALL`](Self::ALL).
    #[deprecated(note = "no longer a URL Standard validation error; reported as DomainToAscii")]
    DomainInvalidCodePoint,
    /// `domain-to-Unicode`, a row the standard's table no longer has: the URL parser never
    /// reports it, and it is not in [`ALL`](Self::ALL). [`domain_to_unicode`] returns it as
    /// the error when Unicode ToUnicode records one.
    ///
    /// [`domain_to_unicode`]: crate::url::domain_to_unicode
    DomainToUnicode,
}

impl ValidationErrorKind {
    /// Every error type of the standard's table, in its order: the types the parsers report.
    /// For each, `kind as usize` is its index here.
    pub const ALL: [ValidationErrorKind; 31] = {
        use ValidationErrorKind::*;
        [
            DomainToAscii,
            DomainPercentEncoded,
            HostInvalidCodePoint,
            Ipv4EmptyPart,
            Ipv4TooFewParts,
            Ipv4TooManyParts,
            Ipv4NonNumericPart,
            Ipv4NonDecimalPart,
            Ipv4OutOfRangePart,
            Ipv4NonAsciiInput,
            Ipv6Unclosed,
            Ipv6InvalidCompression,
            Ipv6TooManyPieces,
            Ipv6MultipleCompression,
            Ipv6InvalidCodePoint,
            Ipv6TooFewPieces,
            Ipv6PieceLeadingZero,
            Ipv4InIpv6TooManyPieces,
            Ipv4InIpv6InvalidCodePoint,
            Ipv4InIpv6OutOfRangePart,
            Ipv4InIpv6TooFewParts,
            InvalidUrlUnit,
            SpecialSchemeMissingFollowingSolidus,
            MissingSchemeNonRelativeUrl,
            InvalidReverseSolidus,
            InvalidCredentials,
            HostMissing,
            PortOutOfRange,
            PortInvalid,
            FileInvalidWindowsDriveLetter,
            FileInvalidWindowsDriveLetterHost,
        ]
    };

    /// The spec's identifier for this error type, e.g. `"invalid-URL-unit"`.
    pub fn as_str(self) -> &'static str {
        use ValidationErrorKind::*;
        #[allow(deprecated)]
        match self {
            DomainToAscii => "domain-to-ASCII",
            DomainPercentEncoded => "domain-percent-encoded",
            HostInvalidCodePoint => "host-invalid-code-point",
            Ipv4EmptyPart => "IPv4-empty-part",
            Ipv4TooFewParts => "IPv4-too-few-parts",
            Ipv4TooManyParts => "IPv4-too-many-parts",
            Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Ipv4NonAsciiInput => "IPv4-non-ASCII-input",
            Ipv6Unclosed => "IPv6-unclosed",
            Ipv6InvalidCompression => "IPv6-invalid-compression",
            Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Ipv6MultipleCompression => "IPv6-multiple-compression",
            Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            InvalidUrlUnit => "invalid-URL-unit",
            SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            InvalidReverseSolidus => "invalid-reverse-solidus",
            InvalidCredentials => "invalid-credentials",
            HostMissing => "host-missing",
            PortOutOfRange => "port-out-of-range",
            PortInvalid => "port-invalid",
            FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
            DomainInvalidCodePoint => "domain-invalid-code-point",
            DomainToUnicode => "domain-to-Unicode",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ValidationErrorKind;

    #[test]
    fn all_lists_the_variants_in_order() {
        for (i, kind) in ValidationErrorKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i, "{kind}");
        }
        // The types the table dropped come after it, outside ALL.
        #[allow(deprecated)]
        let dropped = [
            ValidationErrorKind::DomainInvalidCodePoint,
            ValidationErrorKind::DomainToUnicode,
        ];
        for kind in dropped {
            assert!(kind as usize >= ValidationErrorKind::ALL.len(), "{kind}");
            assert!(!ValidationErrorKind::ALL.contains(&kind), "{kind}");
        }
    }
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One validation error: its type and where it was found.
///
/// `position` is a byte offset into the ORIGINAL input string the caller passed (before
/// the parser strips leading/trailing C0 control or space and removes tabs and newlines):
/// the first byte of the offending code point. Of the host parser's errors, those about one
/// place in the host are there (an opaque host's first code point that is not a URL unit, a
/// domain's first percent-encoded byte, an IPv6 piece with a leading zero); the others are at
/// the first byte of the host (an IPv6 address's, after its "[").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// The error type.
    pub kind: ValidationErrorKind,
    /// Byte offset into the original input.
    pub position: usize,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.position)
    }
}

/// Where validation errors go. `enabled` lets the parsers skip work that only serves
/// reporting when nobody listens.
pub trait ValidationSink {
    /// Whether [`report`](Self::report) does anything.
    fn enabled(&self) -> bool;
    /// Records one error.
    fn report(&mut self, error: ValidationError);
    /// Whether the U+FFFD at byte `position` (in the positions [`report`](Self::report) is
    /// given) stands for a lone surrogate: the caller's string was UTF-16 that is not a
    /// scalar value string, converted to one to be parsed. A surrogate is not a URL code
    /// point, so where the parsers validate URL units it is an invalid-URL-unit (as
    /// whatwg-url, whose parser runs over a JavaScript string's code points, reports it).
    /// Asked only of a U+FFFD where a URL unit is validated; no input has one by default.
    fn is_lone_surrogate(&self, position: usize) -> bool {
        let _ = position;
        false
    }
}

/// Discards validation errors: the zero-cost default.
pub struct NoSink;

impl ValidationSink for NoSink {
    #[inline(always)]
    fn enabled(&self) -> bool {
        false
    }
    #[inline(always)]
    fn report(&mut self, _: ValidationError) {}
}

impl<F: FnMut(ValidationError)> ValidationSink for F {
    #[inline(always)]
    fn enabled(&self) -> bool {
        true
    }
    fn report(&mut self, error: ValidationError) {
        self(error)
    }
}

impl ValidationSink for Vec<ValidationError> {
    #[inline(always)]
    fn enabled(&self) -> bool {
        true
    }
    fn report(&mut self, error: ValidationError) {
        self.push(error)
    }
}

/// The sink weft's own entry points parse with, collecting or not as decided at run time.
/// One sink type means one copy of the parser in a binary: a second instantiation, for an
/// error-collecting sink beside [`NoSink`], added ~6 KB gzip to the URL wasm. Off, it skips
/// what `NoSink` skips, at the cost of a branch per check (natively +2–4% instructions).
pub(crate) struct Errors {
    /// The errors, or `None` when they are not collected.
    pub(crate) list: Option<Vec<ValidationError>>,
    /// The byte offsets of the U+FFFDs that stand for lone surrogates, in ascending order
    /// (see [`ValidationSink::is_lone_surrogate`]).
    pub(crate) lone_surrogates: Vec<usize>,
}

impl Errors {
    /// Discards errors.
    pub(crate) const fn off() -> Errors {
        Errors::new(false)
    }

    /// Collects errors when `collect`.
    pub(crate) const fn new(collect: bool) -> Errors {
        Errors {
            list: if collect { Some(Vec::new()) } else { None },
            lone_surrogates: Vec::new(),
        }
    }

    /// The errors collected (none when off).
    pub(crate) fn into_list(self) -> Vec<ValidationError> {
        self.list.unwrap_or_default()
    }
}

impl ValidationSink for Errors {
    #[inline(always)]
    fn enabled(&self) -> bool {
        self.list.is_some()
    }
    fn report(&mut self, error: ValidationError) {
        if let Some(errors) = &mut self.list {
            errors.push(error);
        }
    }
    fn is_lone_surrogate(&self, position: usize) -> bool {
        self.lone_surrogates.binary_search(&position).is_ok()
    }
}
