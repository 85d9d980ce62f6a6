//! The HTML Standard's common infrastructure (§2): microsyntaxes, encoding-parsing URLs (§2.5)
//! and the `meta` charset extraction.
//!
//! Section numbers in this module follow the HTML text in `shared/specs`
//! (`html-common-infrastructure.en.txt`, where the microsyntaxes are §2.4); the current
//! WHATWG standard numbers the same sections §2.3, and is the authority where the two differ.

#[cfg(feature = "html")]
pub mod microsyntax;

#[cfg(feature = "html")]
pub mod fetching;

#[cfg(all(feature = "html", feature = "url", feature = "encoding"))]
pub mod urls;

#[cfg(all(feature = "html", feature = "encoding"))]
pub mod encoding_sniffing;
