//! Tables generated from the Encoding Standard's data by `tools/encoding_tables`
//! (`cargo run --no-default-features --example encoding_tables`); `tests/encoding_tables.rs`
//! proves they equal a fresh generation, so rustfmt leaves them as generated.

#[cfg(feature = "encoding-legacy")]
#[rustfmt::skip]
pub(crate) mod cjk;
#[rustfmt::skip]
pub(crate) mod labels;
#[rustfmt::skip]
pub(crate) mod single_byte;
