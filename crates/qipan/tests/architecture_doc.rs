//! docs/architecture.md shows the real module tree: every module `lib.rs` declares is in it, and
//! every core file or folder it names exists.

use std::path::Path;

const DOC: &str = include_str!("../../../docs/architecture.md");
const LIB: &str = include_str!("../src/lib.rs");

/// The lines of the tree block under `crates/qipan/src/`, up to the next top-level entry.
fn core_tree() -> Vec<&'static str> {
    let tree = DOC.split("```").nth(1).expect("a code block with the tree");
    tree.lines()
        .skip_while(|l| !l.starts_with("crates/qipan/src/"))
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .collect()
}

#[test]
fn every_module_of_lib_rs_is_in_the_tree() {
    let tree = core_tree().join("\n");
    let modules: Vec<&str> = LIB
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
                .and_then(|m| m.strip_suffix(';'))
        })
        .collect();
    assert!(modules.len() >= 10, "{modules:?}");
    for module in modules {
        let file = format!("{module}.rs");
        let folder = format!("{module}/");
        let named = tree
            .split(|c: char| c.is_whitespace() || c == ',')
            .any(|word| word == file || word == folder);
        assert!(
            named,
            "docs/architecture.md does not show the module {module}"
        );
    }
}

#[test]
fn every_core_entry_of_the_tree_exists() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut seen = 0;
    for line in core_tree() {
        // An entry is the first word of a line indented by two spaces.
        let Some(entry) = line
            .strip_prefix("  ")
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        if line.starts_with("   ") || !(entry.ends_with(".rs") || entry.ends_with('/')) {
            continue;
        }
        assert!(
            src.join(entry).exists(),
            "docs/architecture.md names {entry}, not in src/"
        );
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} entries read");
}
