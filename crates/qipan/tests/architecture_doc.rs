//! docs/architecture.md shows the real module tree: every module the core's and both bindings'
//! `lib.rs` declare is in it, and every file or folder it names under them exists.

use std::path::Path;

const DOC: &str = include_str!("../../../docs/architecture.md");
const LIB: &str = include_str!("../src/lib.rs");
const PYTHON_LIB: &str = include_str!("../../../bindings/python/src/lib.rs");
const WASM_LIB: &str = include_str!("../../../bindings/wasm/src/lib.rs");

/// The lines of the tree block under `dir` (`crates/qipan/src/`, ...), up to the next top-level
/// entry.
fn tree_of(dir: &str) -> Vec<&'static str> {
    let tree = DOC.split("```").nth(1).expect("a code block with the tree");
    let lines: Vec<&str> = tree
        .lines()
        .skip_while(|l| !l.starts_with(dir))
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .collect();
    assert!(
        !lines.is_empty(),
        "docs/architecture.md has no tree under {dir}"
    );
    lines
}

fn core_tree() -> Vec<&'static str> {
    tree_of("crates/qipan/src/")
}

/// The modules a `lib.rs` declares (`mod x;` and `pub mod x;`).
fn modules(lib: &'static str) -> Vec<&'static str> {
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
                .and_then(|m| m.strip_suffix(';'))
        })
        .collect()
}

/// Whether the tree lines name `module` as a file or a folder (several may share a line:
/// `bulk.rs, rating.rs`).
fn names(tree: &[&str], module: &str) -> bool {
    let (file, folder) = (format!("{module}.rs"), format!("{module}/"));
    tree.join("\n")
        .split(|c: char| c.is_whitespace() || c == ',')
        .any(|word| word == file || word == folder)
}

#[test]
fn every_module_of_the_bindings_is_in_the_tree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (dir, lib) in [
        ("bindings/python/src/", PYTHON_LIB),
        ("bindings/wasm/src/", WASM_LIB),
    ] {
        let tree = tree_of(dir);
        let mods = modules(lib);
        assert!(mods.len() >= 10, "{dir}: {mods:?}");
        for module in mods {
            assert!(
                names(&tree, module),
                "docs/architecture.md does not show {dir}{module}.rs"
            );
        }
        // And every file the tree names there exists (lib.rs among them).
        let mut seen = 0;
        // The entries of a line: its leading words naming files (`bulk.rs, rating.rs   ...`).
        for word in tree
            .iter()
            .filter_map(|l| l.strip_prefix("  "))
            .filter(|l| !l.starts_with(' '))
            .flat_map(|l| {
                l.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|w| !w.is_empty())
                    .take_while(|w| w.ends_with(".rs"))
            })
        {
            {
                assert!(
                    root.join(dir).join(word).exists(),
                    "docs/architecture.md names {dir}{word}, which does not exist"
                );
                seen += 1;
            }
        }
        assert!(seen >= 10, "{dir}: only {seen} files read");
    }
}

#[test]
fn every_module_of_lib_rs_is_in_the_tree() {
    let tree = core_tree();
    let modules = modules(LIB);
    assert!(modules.len() >= 10, "{modules:?}");
    for module in modules {
        assert!(
            names(&tree, module),
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
