//! What the WPT data tests share: where the data is, and reading its JSON as JavaScript would.
use serde_json::Value;
use std::path::PathBuf;

/// `WPT_DIR`, or `../shared/wpt` beside the crate.
pub fn wpt_dir() -> PathBuf {
    std::env::var_os("WPT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/wpt")))
}

pub fn read(path: &str) -> String {
    let full = wpt_dir().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("reading {}: {e}", full.display()))
}

/// JSON with lone surrogate escapes replaced by U+FFFD, as WebIDL's USVString conversion
/// does to the JavaScript strings these files produce.
pub fn usv_json(text: &str, what: &str) -> Value {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let surrogate_at = |i: usize| -> Option<u32> {
        if chars.get(i) == Some(&'\\') && chars.get(i + 1) == Some(&'u') {
            let hex: String = chars.get(i + 2..i + 6)?.iter().collect();
            let v = u32::from_str_radix(&hex, 16).ok()?;
            (0xD800..=0xDFFF).contains(&v).then_some(v)
        } else {
            None
        }
    };
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' {
            if let Some(v) = surrogate_at(i) {
                let paired = v < 0xDC00 && surrogate_at(i + 6).is_some_and(|w| w >= 0xDC00);
                if paired {
                    out.extend(&chars[i..i + 12]);
                    i += 12;
                } else {
                    out.push_str("\\uFFFD");
                    i += 6;
                }
                continue;
            }
            out.push(chars[i]);
            if let Some(&next) = chars.get(i + 1) {
                out.push(next);
            }
            i += 2;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// A WPT JSON file, read as [`usv_json`] reads it.
pub fn load_json(path: &str) -> Value {
    usv_json(&read(path), path)
}
