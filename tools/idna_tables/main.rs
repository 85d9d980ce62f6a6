//! Regenerates `src/url/idna_adapter/tables/` from ICU4X's compiled data:
//! `cargo run --example idna_tables` (`tests/idna_tables.rs` checks the committed files are a
//! fresh generation). `IDNA_TABLES_STATS=1` also prints each table's run and byte counts.

mod generate;

use std::path::PathBuf;

fn main() {
    let out_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/url/idna_adapter/tables");
    for file in generate::generate() {
        let path = out_dir.join(file.name);
        if let Err(error) = std::fs::write(&path, &file.contents) {
            eprintln!("idna_tables: {}: {error}", path.display());
            std::process::exit(1);
        }
        println!("wrote {} ({} bytes)", path.display(), file.contents.len());
    }
}
