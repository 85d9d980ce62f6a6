//! §2.4.9 "References": hash-name references (`usemap="#map"`).

/// Steps 1–2 of the rules for parsing a hash-name reference: the name after the first "#",
/// or `None` (the spec's null) when there is no "#" or it is the last character. Step 3,
/// finding the first element of the wanted type in the tree whose `id` or `name` is that
/// name, is the caller's: it needs a DOM.
pub fn parse_hash_name_reference(input: &str) -> Option<&str> {
    // 1. No "#", or the first one is the last character: null.
    let (_, name) = input.split_once('#')?;
    if name.is_empty() {
        return None;
    }
    // 2. s is everything after the first "#".
    Some(name)
}
