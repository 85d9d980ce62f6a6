//! The committed tables under `src/encoding/tables/` equal a fresh generation from
//! `ENCODING_DATA_DIR` (regenerate with `cargo run --no-default-features --example
//! encoding_tables`).

#[path = "../tools/encoding_tables/generate.rs"]
mod generate;

mod encoding_support;

#[test]
fn committed_tables_are_a_fresh_generation() {
    let files = generate::generate(&encoding_support::data_dir()).expect("generation");
    let names: Vec<&str> = files.iter().map(|f| f.name).collect();
    assert_eq!(names, ["labels.rs", "single_byte.rs", "cjk.rs"]);
    let tables = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/encoding/tables");
    for file in files {
        let committed = std::fs::read_to_string(tables.join(file.name)).expect("committed table");
        assert!(
            committed == file.contents,
            "src/encoding/tables/{} is stale: run `cargo run --no-default-features --example encoding_tables`",
            file.name
        );
    }
}
