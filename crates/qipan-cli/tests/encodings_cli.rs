//! Record files that are not UTF-8: Xiangqi records in GBK (as XQBase and DPXQ publish them) are
//! read as GBK; chess records in Latin-1 keep their moves.

mod common;
use common::qipan;

use std::path::PathBuf;

use serde_json::Value;

fn data(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    dir.join(name).to_string_lossy().into_owned()
}

fn temp_file(name: &str, bytes: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("qipan-enc-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().into_owned()
}

fn report(file: &str) -> Value {
    let output = qipan(&["validate", "--json", file], "");
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn gbk_xiangqi_records_read_as_gbk() {
    // examples/games/xiangqi-chinese.pgn through `iconv -t GBK`: 橘中秘 (traditional characters,
    // 25 plies) and Xu-Nie 1999 (simplified, full-width digits, 75 plies).
    let file = data("xiangqi-chinese-gbk.pgn");
    let bytes = std::fs::read(&file).unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the fixture must not be UTF-8"
    );
    let report = report(&file);
    assert_eq!(report["errors"], Value::Array(vec![]), "{report}");
    assert_eq!(report["valid"], 2);
    assert_eq!(report["plies"], 25 + 75);
    let output = qipan(&["replay", &file, "--game", "2"], "");
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("[Red \"许银川\"]"), "{out}");
    assert!(out.contains("38. R5.7  [e9c9]"), "{out}");
}

#[test]
fn latin1_chess_records_keep_their_moves() {
    // "Réti" and a comment ending in "é}" in Latin-1: 0xE9 before '}' would swallow the brace
    // if the game were read as GBK.
    let mut bytes = b"[Event \"x\"]\n[White \"R".to_vec();
    bytes.extend_from_slice(b"\xe9ti\"]\n[Result \"0-1\"]\n\n1. f3 {tr\xe8s mauvais \xe9} e5 ");
    bytes.extend_from_slice(b"2. g4 {h\xe9las\xe9} Qh4# 0-1\n");
    let report = report(&temp_file("latin1.pgn", &bytes));
    assert_eq!(report["errors"], Value::Array(vec![]), "{report}");
    assert_eq!(report["valid"], 1);
    assert_eq!(report["endings"]["checkmate"], 1);
}

#[test]
fn bytes_that_are_neither_still_give_errors_not_a_crash() {
    // A Xiangqi record with bytes that are not GBK either: read lossily, the moves are unparsable.
    let bytes = b"[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. \xff\xff\xff\xff \x80\x80 *\n";
    let report = report(&temp_file("neither.pgn", bytes));
    assert_eq!(report["valid"], 0, "{report}");
    assert_eq!(report["errors"][0]["kind"], "unparsable_move", "{report}");
}
