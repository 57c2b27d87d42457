//! `qipan book build` and `qipan book probe`: the command line gives what the core gives (the
//! core's books are checked against python-chess and Polyglot in crates/qipan/tests/polyglot_books.rs).

mod common;

use std::path::{Path, PathBuf};

use common::qipan;
use qipan::chess::polyglot::{Book, BookBuilder};
use qipan::{Chess, Variant};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn build_writes_the_core_builders_book() {
    let pgn = repo().join("examples/games/chess-classics.pgn");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("book-cli-classics.bin");
    let run = qipan(
        &[
            "book",
            "build",
            pgn.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--min-games",
            "1",
            "--max-ply",
            "30",
        ],
        "",
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut builder = BookBuilder::new();
    builder.min_games = 1;
    builder.max_ply = 30;
    builder.add_pgn(&std::fs::read(&pgn).unwrap());
    assert_eq!(std::fs::read(&out).unwrap(), builder.to_bytes());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("4 games read"), "{stderr}");
}

#[test]
fn probe_prints_the_entries_of_find_all() {
    let path = repo().join("data/polyglot/performance.bin");
    let run = qipan(
        &[
            "book",
            "probe",
            "--book",
            path.to_str().unwrap(),
            "--moves",
            "e4 e5 Nf3 Nc6",
        ],
        "",
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let mut pos = Chess::start();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        let mv = pos.parse_san(san).unwrap();
        pos.play_unchecked(mv);
    }
    let found = Book::open(&path).unwrap().find_all(&pos, 1, &[]).unwrap();
    assert!(found.len() >= 2);
    let entries = json["entries"].as_array().unwrap();
    assert_eq!(entries.len(), found.len());
    for (e, f) in entries.iter().zip(&found) {
        assert_eq!(e["uci"], pos.uci(f.mv));
        assert_eq!(e["move"], pos.san(f.mv));
        assert_eq!(e["weight"], f.entry.weight);
        assert_eq!(e["learn"], f.entry.learn);
    }
    assert_eq!(json["fen"], pos.fen());
    assert_eq!(json["key"], format!("{:016x}", pos.zobrist()));
}

#[test]
fn probe_errors_are_messages() {
    let book = Path::new(env!("CARGO_TARGET_TMPDIR")).join("book-cli-truncated.bin");
    std::fs::write(&book, [0u8; 17]).unwrap();
    let run = qipan(&["book", "probe", "--book", book.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("not a multiple of 16"));
    let run = qipan(&["book", "probe", "--book", "/nonexistent/book.bin"], "");
    assert_eq!(run.status.code(), Some(2));
    let path = repo().join("data/polyglot/lasker-trap.bin");
    let run = qipan(
        &[
            "book",
            "probe",
            "--book",
            path.to_str().unwrap(),
            "--variant",
            "xiangqi",
        ],
        "",
    );
    assert_eq!(run.status.code(), Some(2));
    let run = qipan(
        &[
            "book",
            "probe",
            "--book",
            path.to_str().unwrap(),
            "--moves",
            "e5",
        ],
        "",
    );
    assert_eq!(run.status.code(), Some(2));
}
