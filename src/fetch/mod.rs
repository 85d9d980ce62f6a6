//! The parts of the WHATWG [Fetch Standard](https://fetch.spec.whatwg.org/) that are data
//! algorithms: the `data:` URL processor.
//!
//! ```
//! use webweft::fetch::data_url_processor;
//! use webweft::url::Url;
//!
//! let url = Url::parse("data:text/plain;base64,d2VmdA==#x", None).unwrap();
//! let data = data_url_processor(&url).unwrap();
//! assert_eq!(data.mime_type.serialize(), "text/plain");
//! assert_eq!(data.body, b"weft");
//! ```

mod data_url;

#[cfg(feature = "url")]
pub use data_url::data_url_processor;
pub use data_url::{DataUrl, data_url_processor_given_serialization};
