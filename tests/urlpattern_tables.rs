//! The committed URL Pattern identifier tables are a fresh generation from ICU4X's data
//! (regenerate with `cargo run --example urlpattern_tables`).

#[path = "../tools/urlpattern_tables/generate.rs"]
mod generate;

#[test]
fn committed_tables_are_a_fresh_generation() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/urlpattern/tables/identifier.rs");
    let committed = std::fs::read_to_string(path).expect("committed table");
    assert!(
        committed == generate::generate(),
        "src/urlpattern/tables/identifier.rs is stale: run `cargo run --example urlpattern_tables`"
    );
}
