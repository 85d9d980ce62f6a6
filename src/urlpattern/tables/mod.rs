//! Generated tables (see tools/urlpattern_tables/).
pub(crate) mod identifier;
