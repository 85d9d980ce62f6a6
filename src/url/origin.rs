//! URL §4.7 "Origin", with HTML's origin serialization.

use super::record::{SchemeType, Url};
use crate::infra::strings::push_decimal;
use alloc::{borrow::ToOwned, string::String};

/// An origin (HTML §7.1.1): opaque, or a tuple of scheme, host and port (the domain is
/// always null for URL-derived origins).
///
/// Every opaque origin the spec creates is new and unique; this value does not carry an
/// identity, so same-origin checks between opaque origins are the caller's to track.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin.
    Opaque,
    /// A tuple origin.
    Tuple {
        /// The scheme.
        scheme: String,
        /// The host, serialized.
        host: String,
        /// The port.
        port: Option<u16>,
    },
}

impl Origin {
    /// The origin of `url` (§4.7). A "blob:" URL's blob URL entry is not modelled here: a
    /// caller holding one returns its environment's origin instead.
    pub fn of(url: &Url) -> Origin {
        match url.scheme_type() {
            SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss
            | SchemeType::Ftp => Origin::Tuple {
                scheme: url.scheme().to_owned(),
                host: url.hostname().to_owned(),
                port: url.port(),
            },
            // "Left as an exercise to the reader": a new opaque origin.
            SchemeType::File => Origin::Opaque,
            SchemeType::NotSpecial if url.scheme() == "blob" => {
                match Url::parse(url.path(), None) {
                    Ok(path_url)
                        if matches!(
                            path_url.scheme_type(),
                            SchemeType::Http | SchemeType::Https | SchemeType::File
                        ) =>
                    {
                        Origin::of(&path_url)
                    }
                    _ => Origin::Opaque,
                }
            }
            SchemeType::NotSpecial => Origin::Opaque,
        }
    }

    /// Whether this is an opaque origin.
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque)
    }

    /// The ASCII serialization of an origin (HTML): "null", or scheme "://" host, then ":"
    /// and the port if it is non-null.
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque => "null".to_owned(),
            Origin::Tuple { scheme, host, port } => {
                // Built by hand rather than with `format!`, whose machinery would stay in the wasm.
                let mut result = String::with_capacity(scheme.len() + host.len() + 9);
                result.push_str(scheme);
                result.push_str("://");
                result.push_str(host);
                if let Some(port) = port {
                    result.push(':');
                    push_decimal(&mut result, (*port).into());
                }
                result
            }
        }
    }
}
