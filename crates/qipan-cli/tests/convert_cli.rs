//! `qipan convert` and the annotations of `qipan replay`, run as a user runs them.

mod common;
use common::qipan;

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

fn example(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    dir.join(name).to_string_lossy().into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn convert(args: &[&str], stdin: &str) -> String {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    let output = qipan(&all, stdin);
    assert!(
        output.status.success(),
        "qipan {all:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout(&output)
}

fn validate_json(stdin: &str) -> Value {
    let output = qipan(&["validate", "--json", "-"], stdin);
    serde_json::from_slice(&output.stdout).unwrap()
}

const XIANGQI: [&str; 3] = ["xiangqi-iccs.pgn", "xiangqi-wxf.pgn", "xiangqi-chinese.pgn"];

#[test]
fn xiangqi_records_round_trip_in_every_notation() {
    for file in XIANGQI {
        let path = example(file);
        let original = std::fs::read_to_string(&path).unwrap();
        let canonical = convert(&[&path, "--notation", "iccs"], "");
        let before = validate_json(&original);
        for notation in ["iccs", "wxf", "chinese", "chinese-traditional"] {
            let written = convert(&[&path, "--notation", notation], "");
            // Read back and written in ICCS: the same games, move for move.
            let again = convert(&["-", "--notation", "iccs"], &written);
            assert_eq!(again, canonical, "{file} through {notation}");
            // And the replay finds the same games, plies and endings as in the original.
            let after = validate_json(&written);
            for key in ["games", "plies", "valid", "endings"] {
                assert_eq!(after[key], before[key], "{file} in {notation}: {key}");
            }
        }
    }
}

#[test]
fn chess_records_convert_to_the_same_games() {
    for file in ["chess-classics.pgn", "chess960.pgn"] {
        let path = example(file);
        let original = std::fs::read_to_string(&path).unwrap();
        let before = validate_json(&original);
        for notation in ["san", "lan", "uci"] {
            let written = convert(&[&path, "--notation", notation], "");
            let after = validate_json(&written);
            for key in ["games", "plies", "valid", "endings"] {
                assert_eq!(after[key], before[key], "{file} in {notation}: {key}");
            }
        }
    }
}

#[test]
fn json_has_one_tree_per_game() {
    let path = example("chess-classics.pgn");
    let text = convert(&[&path, "--to", "json"], "");
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let report = validate_json(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games.len() as u64, report["games"].as_u64().unwrap());
    let plies: usize = games
        .iter()
        .map(|g| g["moves"].as_array().unwrap().len())
        .sum();
    assert_eq!(plies as u64, report["plies"].as_u64().unwrap());
    assert_eq!(games[0]["variant"], "chess");
    assert_eq!(games[0]["moves"][0]["uci"], "e2e4");
}

const ANNOTATED: &str = "[Event \"Notes\"]\n\n{ Before } 1. e4 $1 { best by test } e5 \
    ( 1... c5 { Sicilian } 2. Nf3 ) ( { French } 1... e6 ) 2. Nf3 ?! *\n";

#[test]
fn comments_nags_and_variations_are_kept_or_left_out_on_request() {
    let full = convert(&["-"], ANNOTATED).replace('\n', " ");
    assert!(full.contains("{ Before } 1. e4 $1 { best by test } 1... e5 ( 1... c5 { Sicilian } 2. Nf3 ) ( { French } 1... e6 ) 2. Nf3 $6 *"), "{full}");
    let bare = convert(&["-", "--no-comments", "--no-variations"], ANNOTATED);
    assert!(bare.contains("1. e4 e5 2. Nf3 *"), "{bare}");
    let json: Value =
        serde_json::from_str(convert(&["-", "--to", "json"], ANNOTATED).trim()).unwrap();
    let e5 = &json["moves"][1];
    assert_eq!(e5["variations"][0][0]["comment"], "Sicilian");
    assert_eq!(e5["variations"][1][0]["starting_comment"], "French");
    assert_eq!(json["moves"][0]["nags"][0], 1);
}

#[test]
fn errors_are_reported_with_file_game_line_and_ply() {
    let path = example("broken/errors.pgn");
    let output = qipan(&["convert", &path], "");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("errors.pgn: game 1, line"), "{stderr}");
    assert!(stderr.contains("ply"), "{stderr}");
    // Every game is still written.
    let games = stdout(&output).matches("[Event ").count();
    let report = validate_json(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games as u64, report["games"].as_u64().unwrap());
}

#[test]
fn replay_shows_annotations_and_escapes_record_text() {
    let hostile = ANNOTATED.replace("Notes", "x\u{1b}[2J\u{202e}y");
    let output = qipan(&["replay", "-"], &hostile);
    let text = stdout(&output);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202e}'),
        "{text}"
    );
    assert!(text.contains("\\u{1b}[2J"), "{text}");
    assert!(
        text.contains("1. e4  [e2e4]  !  { best by test }"),
        "{text}"
    );
    assert!(text.contains("(variations: c5, e6)"), "{text}");
    assert!(text.contains("2. Nf3  [g1f3]  ?!"), "{text}");
    assert!(text.contains("{ Before }"), "{text}");
}

#[test]
fn an_unknown_notation_is_refused_with_the_names() {
    let output = qipan(&["convert", "-", "--notation", "klingon"], ANNOTATED);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("san, lan, uci, iccs, wxf, chinese, chinese-traditional"),
        "{stderr}"
    );
}

/// The shared Xiangqi archives (XQF, CBR, CBL) converted to PGN replay to the same games,
/// plies and endings as the archives themselves.
#[test]
fn xiangqi_archives_convert_to_pgn_that_replays_the_same() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/xiangqi-archives");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let ext = p.extension().map(|e| e.to_string_lossy().to_lowercase());
            matches!(ext.as_deref(), Some("xqf" | "cbr" | "cbl"))
        })
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 24, "{files:?}");
    let mut args = vec!["validate", "--json"];
    args.extend(files.iter().map(String::as_str));
    let direct: Value = serde_json::from_slice(&qipan(&args, "").stdout).unwrap();
    for notation in ["iccs", "wxf", "chinese"] {
        let mut args = vec!["convert", "--notation", notation];
        args.extend(files.iter().map(String::as_str));
        let output = qipan(&args, "");
        // Bad moves and bad starts of the archives are reported; every game is written.
        assert_eq!(output.status.code(), Some(1));
        let converted = validate_json(&stdout(&output));
        assert_eq!(converted["games"], direct["games"], "{notation}");
        // A bad move is not written, so its game ends valid one ply short; the plies of the
        // games that replay whole are the same.
        assert!(
            converted["valid"].as_u64() >= direct["valid"].as_u64(),
            "{notation}"
        );
        assert_eq!(converted["endings"], direct["endings"], "{notation}");
    }
}
