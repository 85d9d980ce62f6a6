//! Regenerates `src/urlpattern/tables/identifier.rs` from ICU4X's compiled data:
//! `cargo run --example urlpattern_tables` (`tests/urlpattern_tables.rs` checks the committed
//! file is a fresh generation).

mod generate;

fn main() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("src/urlpattern/tables/identifier.rs");
    let contents = generate::generate();
    if let Err(error) = std::fs::write(&path, &contents) {
        eprintln!("urlpattern_tables: {}: {error}", path.display());
        std::process::exit(1);
    }
    println!("wrote {} ({} bytes)", path.display(), contents.len());
}
