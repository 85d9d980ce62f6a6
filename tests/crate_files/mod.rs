//! Data files that dependencies ship (the `psl` crate's list, the `idna` crate's IdnaTestV2.txt),
//! found where this build resolved them.

use std::path::PathBuf;
use std::process::Command;

/// The folder of the dependency `name` that this build resolved (through `cargo metadata`).
pub fn dependency_dir(name: &str) -> PathBuf {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let package = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("the {name} crate is a dependency"));
    let manifest = PathBuf::from(package["manifest_path"].as_str().expect("manifest_path"));
    manifest
        .parent()
        .expect("a manifest's folder")
        .to_path_buf()
}
