//! Differential test of the archive readers (XQF, CBR, CBL) against cchess, the Python library
//! that reads them (walker8088/cchess, GPL: a test-time oracle only, never a dependency).
//!
//! For every file of `data/xiangqi-archives/`: the same games, the same start positions, the same
//! main lines in ICCS, and a bad move at the same ply (cchess drops the moves it cannot play;
//! qipan reports the first one as an error of the game). Needs a Python with cchess, so it is
//! ignored in a plain `cargo test` and run by scripts/test-parts/30-python.sh, which installs
//! cchess and sets `QIPAN_PYTHON`.

use std::path::{Path, PathBuf};
use std::process::Command;

use qipan::archive::{read_archive, ArchiveGame, ArchiveLimits};
use qipan::xiangqi::{IccsRanks, XiangqiRules};
use qipan::Xiangqi;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/xiangqi-archives")
}

/// cchess's reading: one line per game (see the oracle script).
struct Oracle {
    file: String,
    index: usize,
    fen: String,
    moves: Vec<String>,
    tags: [String; 5],
    /// Every line of play from the start to a leaf.
    lines: Vec<String>,
}

fn oracle(files: &[PathBuf]) -> Vec<Oracle> {
    let python = std::env::var("QIPAN_PYTHON")
        .expect("QIPAN_PYTHON: a Python with cchess (scripts/test-parts/30-python.sh sets it)");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/cchess_archives.py");
    let out = Command::new(python)
        .arg(script)
        .args(files)
        .output()
        .expect("runs python");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 10, "{line}");
            Oracle {
                file: f[0].to_owned(),
                index: f[1].parse().unwrap(),
                fen: f[2].to_owned(),
                moves: f[3].split_whitespace().map(str::to_owned).collect(),
                tags: [f[4], f[5], f[6], f[7], f[8]].map(str::to_owned),
                lines: f[9]
                    .split('|')
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned)
                    .collect(),
            }
        })
        .collect()
}

/// Every line of play of the tree from the start to a leaf, in ICCS.
fn tree_lines(game: &ArchiveGame) -> Vec<String> {
    let tree = game.to_tree(1, XiangqiRules::default());
    let mut lines = Vec::new();
    let mut stack = vec![(tree.root(), String::new())];
    while let Some((id, line)) = stack.pop() {
        if tree.variations(id).is_empty() && id != tree.root() {
            lines.push(line);
            continue;
        }
        for &child in tree.variations(id) {
            let mv = Xiangqi::iccs_with(tree.node(child).mv.unwrap(), IccsRanks::ZeroBased);
            let next = if line.is_empty() {
                mv
            } else {
                format!("{line} {mv}")
            };
            stack.push((child, next));
        }
    }
    lines
}

/// The game tree's reading: its main line in ICCS and the ply (1-based) of the first error on the
/// main line, if any (an error at no ply, a refused start position, counts as ply 1).
fn tree_mainline(game: &ArchiveGame, index: usize) -> (Vec<String>, Option<usize>) {
    let tree = game.to_tree(index as u64, XiangqiRules::default());
    let moves: Vec<String> = tree
        .mainline_moves(tree.root())
        .into_iter()
        .map(|m| Xiangqi::iccs_with(m, IccsRanks::ZeroBased))
        .collect();
    // The first error at the ply after the main line's end is the one that ended it.
    let bad = tree
        .errors
        .iter()
        .map(|e| e.ply.unwrap_or(1))
        .find(|&ply| ply == moves.len() + 1);
    (moves, bad)
}

#[test]
#[ignore = "needs Python with cchess: run by scripts/test-parts/30-python.sh"]
fn archives_read_as_cchess_reads_them() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 25, "21 XQF, 2 CBR and 2 CBL");
    let expected = oracle(&files);
    let mut compared = 0;
    let mut bad = 0;
    let mut all_lines = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let games = read_archive(&bytes, &ArchiveLimits::default()).expect("a known format");
        let name = file.to_string_lossy();
        let theirs: Vec<&Oracle> = expected.iter().filter(|o| o.file == name).collect();
        assert_eq!(games.len(), theirs.len(), "{name}: number of games");
        for (game, theirs) in games.iter().zip(theirs) {
            let at = format!("{name} game {}", theirs.index);
            let game = game.as_ref().unwrap_or_else(|e| panic!("{at}: {e}"));
            let fen = game.start_fen();
            let fen_short: String = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert_eq!(fen_short, theirs.fen, "{at}: start position");
            let ours: Vec<String> = game.mainline().iter().map(|m| m.iccs()).collect();
            let (tree_moves, bad_ply) = tree_mainline(game, theirs.index);
            match bad_ply.map(|ply| ply - 1) {
                None => {
                    assert_eq!(ours, theirs.moves, "{at}: main line");
                    assert_eq!(tree_moves, theirs.moves, "{at}: main line of the tree");
                    // Without a bad move anywhere, every variation is the same too.
                    if game.to_tree(1, XiangqiRules::default()).errors.is_empty() {
                        let mut ours = tree_lines(game);
                        let mut lines = theirs.lines.clone();
                        ours.sort();
                        lines.sort();
                        assert_eq!(ours, lines, "{at}: the lines of play");
                        all_lines += lines.len();
                    }
                }
                Some(ply) => {
                    assert_eq!(
                        tree_moves,
                        ours[..ply],
                        "{at}: the tree stops at the bad move"
                    );
                    bad += 1;
                    eprintln!("{at}: bad move at ply {} ({:?})", ply + 1, ours.get(ply));
                    assert_eq!(
                        ours[..ply],
                        theirs.moves[..ply.min(theirs.moves.len())],
                        "{at}"
                    );
                    assert!(
                        theirs.moves.len() == ply || theirs.moves[ply] != ours[ply],
                        "{at}: qipan finds move {} ({}) bad, cchess plays it",
                        ply + 1,
                        ours[ply]
                    );
                }
            }
            let tag = |name: &str| {
                game.tag(name)
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            for (i, name) in ["Title", "Event", "Red", "Black", "Result"]
                .iter()
                .enumerate()
            {
                assert_eq!(tag(name), theirs.tags[i], "{at}: {name}");
            }
            compared += 1;
        }
    }
    eprintln!("{compared} games compared, {bad} with a bad move, {all_lines} lines of play equal");
    assert_eq!(compared, 21 + 2 + 93 + 38);
    assert!(all_lines > 500, "the variations were compared");
}
