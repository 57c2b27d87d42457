//! The command line on the core's shared names and modes, and the papercuts a new user met:
//! each test here failed before the one-core change.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::qipan;
use qipan::chess::{Chess, ChessRules};
use qipan::Notate;
use qipan::Variant;
use serde_json::Value;

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn repo_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn rule_names_from_the_shared_table() {
    let table = std::fs::read_to_string(repo_file("data/rule-names.tsv")).unwrap();
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let output = qipan(&["status", "--variant", f[0], "--rules", f[1]], "");
        if let Some(name) = f[2].strip_prefix('=') {
            assert!(output.status.success(), "{line}: {output:?}");
            let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
            assert_eq!(json["rules"], name, "{line}");
        } else {
            let message = &f[2][1..];
            assert_eq!(output.status.code(), Some(2), "{line}");
            assert_eq!(stderr(&output), format!("error: {message}\n"), "{line}");
        }
        rows += 1;
    }
    assert!(rows >= 10);
}

const FEN_960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

#[test]
fn play_chess960_from_a_fen_lists_the_moves_that_moves_lists() {
    let listed = qipan(&["moves", "--variant", "chess960", "--fen", FEN_960], "");
    assert!(listed.status.success(), "{listed:?}");
    let mut expected: Vec<String> = stdout(&listed)
        .split_whitespace()
        .map(String::from)
        .collect();
    expected.sort();
    let played = qipan(
        &["play", "--variant", "chess960", "--fen", FEN_960],
        "moves\nquit\n",
    );
    assert!(played.status.success(), "{played:?}");
    let out = stdout(&played);
    // `moves` in play lists SAN; read each back in the same position to compare coordinates.
    let line = out
        .lines()
        .find(|l| l.contains("O-O") || l.contains("Nb4"))
        .unwrap_or("");
    let pos = Chess::from_fen_for(FEN_960, &ChessRules::CHESS960).unwrap();
    let mut got: Vec<String> = line
        .trim_start_matches("> ")
        .split_whitespace()
        .map(|san| pos.coord(pos.parse_san(san).unwrap()))
        .collect();
    got.sort();
    assert!(!expected.is_empty());
    assert_eq!(got, expected, "{out}");
}

#[test]
fn a_closed_pipe_ends_replay_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args([
            "replay",
            &repo_file("examples/games/chess-classics.pgn"),
            "--game",
            "4",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("game 4"), "{first}");
    drop(out); // `| head -1`
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "");
    assert!(status.success(), "{status:?}");
}

#[test]
fn xiangqi_play_says_who_is_to_move_once() {
    let output = qipan(&["play", "--variant", "xiangqi"], "quit\n");
    let out = stdout(&output);
    assert_eq!(out.matches("red to move").count(), 1, "{out}");
}

#[test]
fn status_takes_pasted_movetext() {
    let plain = qipan(&["status", "--moves", "e4 e5 Nf3"], "");
    let pasted = qipan(
        &["status", "--moves", "1. e4 e5 {the open game} 2. Nf3 1-0"],
        "",
    );
    assert!(
        plain.status.success() && pasted.status.success(),
        "{pasted:?}"
    );
    let fen = |o: &std::process::Output| {
        serde_json::from_str::<Value>(&stdout(o)).unwrap()["fen"].clone()
    };
    assert_eq!(fen(&plain), fen(&pasted));
    let variation = qipan(&["status", "--moves", "1. e4 (1. d4) e5"], "");
    assert_eq!(variation.status.code(), Some(2));
    assert!(stderr(&variation).contains("variations"), "{variation:?}");
}

#[test]
fn perft_too_deep_to_finish_says_so() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["perft", "11"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let started = Instant::now();
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(started.elapsed() < Duration::from_secs(60));
    assert!(line.starts_with("perft 11: about"), "{line}");
    // 2,097,651,003,696,806 leaf nodes at depth 11 (the published perft tables): the estimate
    // is within a factor of ten.
    let nodes: f64 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
    assert!((2.1e14..2.1e16).contains(&nodes), "{line}");
    let deep = qipan(&["perft", "21"], "");
    assert_eq!(deep.status.code(), Some(2));
}

#[test]
fn perft_divide_reports_progress_per_root_move() {
    let output = qipan(&["perft", "--divide", "2"], "");
    assert!(output.status.success());
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 20, "{err}");
    assert!(
        err.lines().last().unwrap().starts_with("perft: 20/20 "),
        "{err}"
    );
    assert!(stdout(&output).contains("nodes 400"));
}

#[test]
fn relaxed_positions_in_perft_moves_and_status() {
    // From data/chess-perft.epd: two bishops check from both ends of one diagonal, which no legal
    // move can make (strict loading refuses it); D1 6, D2 106.
    let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let strict = qipan(&["perft", "--fen", fen, "2"], "");
    assert_eq!(strict.status.code(), Some(2));
    assert!(stderr(&strict).contains("--relaxed"), "{strict:?}");
    let relaxed = qipan(&["perft", "--fen", fen, "--relaxed", "2"], "");
    assert!(stdout(&relaxed).contains("nodes 106"), "{relaxed:?}");
    let moves = qipan(&["moves", "--fen", fen, "--relaxed"], "");
    assert_eq!(stdout(&moves).split_whitespace().count(), 6);
    let status = qipan(&["status", "--fen", fen, "--relaxed"], "");
    let json: Value = serde_json::from_str(&stdout(&status)).unwrap();
    assert_eq!(json["legal_moves"], 6);
    assert_eq!(json["check"], true);
}

#[test]
fn play_has_the_adjudications_of_python_and_js() {
    // FIDE 6.9: White's rook can mate, so Black's flag loses; Black's lone king cannot, so
    // White's flag only draws.
    let script = "flag\nundo\nKd5\nflag\nundo\nresign\nundo\ndraw\nquit\n";
    let output = qipan(&["play", "--fen", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1"], script);
    let out = stdout(&output);
    let endings: Vec<&str> = out.lines().filter(|l| l.contains("game over")).collect();
    assert_eq!(
        endings,
        [
            "game over: 1-0 by timeout, white wins",
            "game over: 1/2-1/2 by timeout",
            "game over: 0-1 by resignation, black wins",
            "game over: 1/2-1/2 by agreement",
        ],
        "{out}"
    );
}
