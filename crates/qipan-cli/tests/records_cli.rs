//! `qipan validate`, `replay` and `play` run as a user runs them, on the shipped example records
//! and on files written here with errors at known places.

mod common;
use common::qipan;

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

fn example(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    dir.join(name).to_string_lossy().into_owned()
}

fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("qipan-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// `(game, line, ply, move, kind)` of an error.
type Found = (u64, u64, Option<u64>, Option<String>, String);

/// Each error of a JSON report.
fn errors(report: &Value) -> Vec<Found> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["game"].as_u64().unwrap(),
                e["line"].as_u64().unwrap(),
                e["ply"].as_u64(),
                e["move"].as_str().map(str::to_owned),
                e["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn validate_reports_the_errors_of_errors_pgn() {
    let output = qipan(&["validate", "--json", &example("broken/errors.pgn")], "");
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    assert_eq!(report["games"], 7);
    assert_eq!(report["valid"], 1);
    let s = |t: &str| Some(t.to_owned());
    assert_eq!(
        errors(&report),
        [
            (1, 14, Some(3), s("Ke3"), "illegal_move".to_owned()),
            (2, 24, Some(5), s("Nd2"), "ambiguous_move".to_owned()),
            (3, 34, Some(4), s("@@@"), "unparsable_move".to_owned()),
            (4, 44, None, None, "result_mismatch".to_owned()),
            (5, 55, None, None, "result_mismatch".to_owned()),
            (6, 67, Some(3), s("a0-a5"), "illegal_move".to_owned()),
        ]
    );
    for error in report["errors"].as_array().unwrap() {
        assert!(error["file"].as_str().unwrap().ends_with("errors.pgn"));
        assert!(!error["message"].as_str().unwrap().is_empty());
    }
    // Endings of the games whose moves all could be played: 4 fool's mate, 5 stalemate,
    // 7 scholar's mate.
    assert_eq!(report["endings"]["checkmate"], 2);
    assert_eq!(report["endings"]["stalemate"], 1);
}

#[test]
fn validate_accepts_the_historical_games() {
    let files = [
        example("chess-classics.pgn"),
        example("xiangqi-iccs.pgn"),
        example("xiangqi-wxf.pgn"),
        example("xiangqi-chinese.pgn"),
    ];
    let mut args = vec!["validate", "--json"];
    args.extend(files.iter().map(String::as_str));
    let output = qipan(&args, "");
    let report = json(&output);
    assert_eq!(report["errors"], Value::Array(vec![]), "{report}");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(report["games"], 8);
    assert_eq!(report["valid"], 8);
    // Immortal 45 plies, Evergreen 47, Opera 33, Byrne-Fischer 82; Xiangqi: Liu-Yang 1982 125
    // (ICCS), Le-Bi 1997 43 (WXF), 橘中秘 25 and Xu-Nie 1999 75 (Chinese), as the sources count.
    assert_eq!(report["plies"], 45 + 47 + 33 + 82 + 125 + 43 + 25 + 75);
    // The four chess games and Le-Bi end in mate; the other three by agreement or resignation.
    assert_eq!(report["endings"]["checkmate"], 5);
    assert_eq!(report["endings"]["none"], 3);
}

#[test]
fn validate_in_parallel_keeps_game_numbers_and_order() {
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut line = 1;
    for game in 1..=300u64 {
        text.push_str(&format!("[Event \"{game}\"]\n[Result \"*\"]\n\n"));
        line += 3;
        if game % 50 == 7 {
            text.push_str("1. e4 e5 2. Qxf7 *\n\n");
            expected.push((
                game,
                line,
                Some(3),
                Some("Qxf7".to_owned()),
                "illegal_move".into(),
            ));
        } else {
            text.push_str("1. d4 d5 2. c4 e6 *\n\n");
        }
        line += 2;
    }
    let file = temp_file("parallel.pgn", &text);
    let output = qipan(&["validate", "--json", "--jobs", "3", &file], "");
    let report = json(&output);
    assert_eq!(report["games"], 300);
    assert_eq!(report["valid"], 294);
    assert_eq!(report["plies"], 294 * 4 + 6 * 2);
    assert_eq!(errors(&report), expected);
    assert_eq!(report["endings"]["none"], 294);
    let text_output = qipan(&["validate", "--jobs", "1", &file], "");
    assert_eq!(text_output.status.code(), Some(1));
    let out = stdout(&text_output);
    assert!(out.contains(":34: game 7, ply 3, move \"Qxf7\""), "{out}");
    assert!(
        out.contains("300 games, 1188 plies, 294 valid, 6 invalid, 6 errors"),
        "{out}"
    );
    assert!(
        text_output.stderr.is_empty(),
        "no progress bar off a terminal"
    );
    std::fs::remove_file(file).unwrap();
}

#[test]
fn validate_can_force_the_variant_and_read_stdin() {
    let xiangqi = "[Event \"x\"]\n\n1. h2e2 h9g7 *\n";
    let output = qipan(&["validate", "--json", "-"], xiangqi);
    assert_eq!(output.status.code(), Some(1), "read as chess by default");
    let output = qipan(
        &["validate", "--json", "--variant", "xiangqi", "-"],
        xiangqi,
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(json(&output)["plies"], 2);
    let output = qipan(
        &["validate", "--json", "-"],
        "[Variant \"crazyhouse\"]\n\n1. e4 *\n",
    );
    assert_eq!(errors(&json(&output))[0].4, "unsupported_variant");
    let missing = qipan(&["validate", "/nonexistent/file.pgn"], "");
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn replay_shows_every_move_and_the_ending() {
    let output = qipan(
        &["replay", &example("chess-classics.pgn"), "--game", "3"],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    assert!(out.contains("[White \"Paul Morphy\"]"));
    assert!(out.contains("\n1. e4  [e2e4]\n"), "{out}");
    assert!(out.contains("\n16... Nxb8  [d7b8]\n"), "{out}");
    assert!(out.contains("\n17. Rd8#  [d1d8]  (check)\n"), "{out}");
    assert!(out
        .trim_end()
        .ends_with("ending: 1-0 by checkmate, white wins\nresult tag: 1-0"));
    // 33 moves, one board before and one after each.
    assert_eq!(out.matches("a b c d e f g h").count(), 34, "{out}");
    let output = qipan(&["replay", &example("xiangqi-chinese.pgn")], "");
    let out = stdout(&output);
    assert!(out.contains("1. C2.5  [h2e2]"), "{out}");
    assert!(out.contains('帅') && out.contains('将'));
    let output = qipan(
        &["replay", &example("broken/errors.pgn"), "--game", "2"],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("ambiguous move \"Nd2\""));
    let output = qipan(
        &["replay", &example("broken/errors.pgn"), "--game", "99"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn play_reads_moves_and_commands_from_stdin() {
    let script =
        "Nf3\nfen\nd5\nundo\nundo\nfen\nbogus\nf3\ne5\ng2g4\nQh4#\ne4\nundo\nmoves\nquit\n";
    let output = qipan(&["play", "--variant", "chess"], script);
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    let fens: Vec<&str> = out.lines().filter(|l| l.contains("KQkq")).collect();
    assert_eq!(
        fens,
        [
            "> rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
            "> rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ]
    );
    assert!(out.contains("error: invalid move \"bogus\""), "{out}");
    assert!(out.contains("2... Qh4#"), "{out}");
    assert!(
        out.contains("game over: 0-1 by checkmate, black wins"),
        "{out}"
    );
    assert!(out.contains("the game is over (0-1)"), "{out}");
    // After undoing the mate, Black's legal moves: 30 from that position, Qh4# among them.
    let moves_line = out.lines().rev().find(|l| l.contains("Qh4#")).unwrap();
    assert_eq!(
        moves_line.trim_start_matches("> ").split(' ').count(),
        30,
        "{moves_line}"
    );
}

#[test]
fn play_xiangqi_in_any_notation() {
    let script = "炮二平五\nH8+7\nh0-g2\nfen\n";
    let output = qipan(&["play", "--variant", "xiangqi"], script);
    assert_eq!(output.status.code(), Some(0), "ends at the end of input");
    let out = stdout(&output);
    assert!(out.contains("1. C2.5") && out.contains("1... H8+7") && out.contains("2. H2+3"));
    assert!(out.contains("black to move"));
    assert!(
        out.contains("> rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b"),
        "{out}"
    );
}
