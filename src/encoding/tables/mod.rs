//! Tables generated from the Encoding Standard's data by `tools/encoding_tables`
//! (`cargo run --example encoding_tables`); `tests/encoding_tables.rs` proves they are current.

#[cfg(feature = "encoding-legacy")]
pub(crate) mod cjk;
pub(crate) mod labels;
pub(crate) mod single_byte;
