//! The HTML Standard's common infrastructure (§2): microsyntaxes, encoding-parsing URLs (§2.5)
//! the `meta` charset extraction and the encoding sniffing algorithm (§13.2.3.2).
//!
//! Section numbers in this module follow the HTML text in `shared/specs`
//! (`html-common-infrastructure.en.txt`, where the microsyntaxes are §2.4); the current
//! WHATWG standard numbers the same sections §2.3, and is the authority where the two differ.

// The module is compiled with `html`, or with `html-encoding-sniffing` alone (which needs the
// meta charset extraction and its string helpers).
pub mod microsyntax;

pub mod fetching;

#[cfg(all(feature = "url", feature = "encoding"))]
pub mod urls;

#[cfg(feature = "encoding")]
pub mod encoding_sniffing;
