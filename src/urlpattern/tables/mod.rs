//! Generated tables (tools/urlpattern_tables); tests/urlpattern_tables.rs proves they equal a
//! fresh generation, so rustfmt leaves them as generated.
#[rustfmt::skip]
pub(crate) mod identifier;
