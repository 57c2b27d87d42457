//! `qipan validate` on the record dialects of real files (docs/records.md, "Dialects from the
//! wild"): XQBase exports in GBK with their trailers, null moves, `*` on a finished game.

mod common;
use common::qipan;

use std::path::PathBuf;

use serde_json::Value;

fn path(relative: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.join(relative).to_string_lossy().into_owned()
}

fn report(args: &[&str]) -> (Value, Option<i32>) {
    let output = qipan(args, "");
    let value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    (value, output.status.code())
}

#[test]
fn xqbase_gbk_export_is_one_game_per_record() {
    // Three records written by hand in UTF-8 (xiangqi-xqbase-utf8.pgn) as the XQBase exporter
    // lays them out, converted with `iconv -t GBK`: 10, 6 and 1 plies, each with its trailer.
    let file = path("crates/qipan-cli/tests/data/xiangqi-xqbase-gbk.pgn");
    assert!(std::str::from_utf8(&std::fs::read(&file).unwrap()).is_err());
    let (report, code) = report(&["validate", "--json", &file]);
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["games"], 3, "{report}");
    assert_eq!(report["valid"], 3);
    assert_eq!(report["plies"], 10 + 6 + 1);
    assert_eq!(report["errors"], Value::Array(vec![]));
    // The third record is a composed mate recorded with `*`: a note, not an error.
    assert_eq!(report["endings"]["checkmate"], 1);
    let notes = report["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0]["game"], 3);
    assert_eq!(notes[0]["kind"], "result_mismatch");
}

#[test]
fn strict_results_count_star_on_a_finished_game() {
    let file = path("data/pgn-dialects/chess-unmarked-endings.pgn");
    let (lenient, code) = report(&["validate", "--json", &file]);
    assert_eq!(code, Some(0), "{lenient}");
    assert_eq!(lenient["valid"], 3);
    assert_eq!(lenient["notes"].as_array().unwrap().len(), 3);
    assert_eq!(lenient["endings"]["checkmate"], 2);
    assert_eq!(lenient["endings"]["stalemate"], 1);
    let (strict, code) = report(&["validate", "--json", "--strict-results", &file]);
    assert_eq!(code, Some(1), "{strict}");
    assert_eq!(strict["valid"], 0);
    let errors = strict["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 3);
    assert!(errors.iter().all(|e| e["kind"] == "result_mismatch"));
    assert_eq!(strict["notes"], Value::Array(vec![]));
    // Text output: the note on its own line, the game counted valid.
    let output = qipan(&["validate", &file], "");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(
            ":5: game 1: note: the record says * but the game ended in 0-1 (checkmate, black wins)"
        ),
        "{text}"
    );
    assert!(
        text.contains("3 games, 10 plies, 3 valid, 0 invalid, 0 errors"),
        "{text}"
    );
}

#[test]
fn chessbase_null_move_keeps_the_whole_game() {
    // python-chess's data/pgn/anastasian-lewis.pgn: "41... Z0", 84 plies ([PlyCount "84"]).
    let file = path("data/pgn-dialects/anastasian-lewis.pgn");
    let (report, code) = report(&["validate", "--json", &file]);
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["plies"], 84);
    assert_eq!(report["valid"], 1);
}

#[test]
fn every_dialect_sample_is_valid() {
    let dir = PathBuf::from(path("data/pgn-dialects"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 5);
    let mut args = vec!["validate", "--json"];
    args.extend(files.iter().map(String::as_str));
    let (report, code) = report(&args);
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["games"], report["valid"]);
}
