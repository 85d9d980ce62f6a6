//! Regenerates `src/encoding/tables/` from the Encoding Standard's data files.
//!
//! `cargo run --example encoding_tables` reads `ENCODING_DATA_DIR` (default
//! `../shared/encoding-data` beside the crate) and rewrites the generated table files;
//! `tests/encoding_tables.rs` checks that the committed files equal a fresh generation.

mod generate;

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data_dir = std::env::var_os("ENCODING_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/encoding-data"));
    let files = match generate::generate(&data_dir) {
        Ok(files) => files,
        Err(error) => {
            eprintln!("encoding_tables: {error}");
            std::process::exit(1);
        }
    };
    let out_dir = root.join("src/encoding/tables");
    for file in files {
        let path = out_dir.join(file.name);
        if let Err(error) = std::fs::write(&path, &file.contents) {
            eprintln!("encoding_tables: {}: {error}", path.display());
            std::process::exit(1);
        }
        println!("wrote {} ({} bytes)", path.display(), file.contents.len());
    }
}
