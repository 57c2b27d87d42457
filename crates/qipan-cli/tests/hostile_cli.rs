//! Garbage into the `qipan` command: every bad input is an `error: ...` message (per line for
//! `moves` on stdin, which goes on), a failing exit status where the command cannot go on, and
//! never a panic.

mod common;
use common::qipan;

use std::process::{Command, Output};

const START_MOVES: &str = "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 \
                           g1f3 g1h3 g2g3 g2g4 h2h3 h2h4";
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

#[test]
fn hostile_cli_moves_stdin_goes_on_after_bad_lines() {
    let mut input = Vec::new();
    input.extend_from_slice(format!("{CHESS_START}\n").as_bytes());
    input.extend_from_slice(b"garbage\n");
    input.extend_from_slice(b"\xff\xfe\x00\x80 binary \xc3\x28\n");
    input.extend_from_slice(&vec![b'a'; 1 << 20]);
    input.push(b'\n');
    input.extend_from_slice(b"\n   \n");
    input.extend_from_slice(format!("{CHESS_START} 99999999999\n").as_bytes());
    input.extend_from_slice(b"8/8/8/8/8/8/8/8 w - - 0 1\r\n");
    input.extend_from_slice(format!("{CHESS_START}\r\n").as_bytes());
    input.extend_from_slice(&[0u8; 10_000]);
    input.push(b'\n');
    // The last line has no newline.
    input.extend_from_slice(CHESS_START.as_bytes());
    let output = qipan(&["moves"], &input);
    // Every line is answered, and the exit code says that some were bad.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    // Start, garbage, binary, a megabyte, a seventh field, no kings, start (CRLF), NULs, start.
    let good = [true, false, false, false, false, false, true, false, true];
    assert_eq!(lines.len(), good.len(), "{out}");
    for (i, (line, good)) in lines.iter().zip(good).enumerate() {
        if good {
            assert_eq!(*line, START_MOVES, "line {}", i + 1);
        } else {
            assert!(line.starts_with("error: "), "line {}: {line}", i + 1);
            assert!(line.len() < 500, "line {} echoes too much: {line}", i + 1);
        }
    }
}

#[test]
fn hostile_cli_moves_xiangqi_stdin() {
    let mut input = Vec::new();
    input.extend_from_slice("炮二平五\n".as_bytes());
    input.extend_from_slice(b"\xe7\x82\n");
    input.extend_from_slice(format!("{XQ_START}\n").as_bytes());
    input.extend_from_slice(&b"9/".repeat(100_000));
    input.push(b'\n');
    let output = qipan(&["moves", "--variant", "xiangqi"], &input);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("error: "));
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2].split(' ').count(), 44);
    assert!(lines[3].starts_with("error: "));
}

#[test]
fn hostile_cli_status_illegal_moves_name_ply_and_move() {
    for (variant, moves, ply, bad) in [
        ("chess", "e2e4 e7e5 e4e5", 3, "e4e5"),
        ("chess", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 Qxc6", 8, "Qxc6"),
        ("chess", "e2e4 \u{1}", 2, "\u{1}"),
        ("chess", "炮二平五", 1, "炮二平五"),
        ("chess", "e2e4 e7e5 e1e2 e8e7 O-O", 5, "O-O"),
        ("xiangqi", "h2e2 h9g7 e2e9", 3, "e2e9"),
        ("xiangqi", "炮二平五 马8进7 炮五进九", 3, "炮五进九"),
        ("xiangqi", "C2.5 H8+7 R1+9", 3, "R1+9"),
        ("xiangqi", "h2e2 ｈ2e2", 2, "ｈ2e2"),
    ] {
        let output = qipan(&["status", "--variant", variant, "--moves", moves], b"");
        assert!(!output.status.success(), "{variant} {moves}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: ") && stderr.contains(&format!("ply {ply} ({bad})")),
            "{variant} {moves}: {stderr}"
        );
    }
    // One argument may hold at most 128 KiB on Linux.
    let huge = "e2e4 ".repeat(20_000);
    let output = qipan(&["status", "--moves", &huge], b"");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("ply 2 (e2e4)"));
}

#[test]
fn hostile_cli_status_bad_fen_and_rules() {
    for args in [
        &["status", "--fen", "garbage"][..],
        &["status", "--fen", ""],
        &["status", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &["status", "--fen", &format!("{CHESS_START} 4294967296")],
        &["status", "--variant", "xiangqi", "--fen", CHESS_START],
        &["status", "--variant", "xiangqi", "--rules", "nonsense"],
        &["status", "--rules", "\u{1}"],
    ] {
        let output = qipan(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
}

#[test]
fn hostile_cli_perft_bad_fen() {
    for (variant, fen) in [
        ("chess", "garbage"),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        ),
        ("chess", XQ_START),
        ("xiangqi", CHESS_START),
        ("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w"),
    ] {
        let output = qipan(&["perft", "--variant", variant, "--fen", fen, "1"], b"");
        assert_eq!(output.status.code(), Some(2), "{fen}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: invalid FEN"), "{fen}: {stderr}");
    }
    // A bad depth or thread count is a usage error, not a panic.
    for args in [
        &["perft", "-1"][..],
        &["perft", "99999999999"],
        &["perft", "2", "--threads", "-3"],
    ] {
        let output = qipan(args, b"");
        assert!(!output.status.success(), "{args:?}");
    }
}

#[test]
fn hostile_perft_threads_capped() {
    // More threads than root moves: the extra ones are not spawned.
    let output = qipan(&["perft", "2", "--threads", &usize::MAX.to_string()], b"");
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).starts_with("nodes 400\n"));
    let output = qipan(&["perft", "2", "--divide", "--threads", "100000"], b"");
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("nodes 400\n"));
}

#[cfg(unix)]
#[test]
fn hostile_cli_non_utf8_arguments() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff\xfe");
    for args in [
        ["status", "--fen"],
        ["status", "--moves"],
        ["perft", "--fen"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_qipan"))
            .args(args)
            .arg(bad)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn hostile_cli_play_goes_on_after_binary_lines() {
    let output = qipan(&["play"], b"e4\n\xff\xfe\x00\ne5\n\xc3\nNf3\nquit\n");
    assert!(output.status.success(), "{output:?}");
    let out = stdout(&output);
    assert_eq!(out.matches("error: ").count(), 2, "{out}");
    assert!(out.contains("1... e5") && out.contains("2. Nf3"), "{out}");
}

#[test]
fn hostile_cli_validate_and_replay_garbage() {
    let mut garbage = b"[Event \"x\"]\n\n1. e4 \xff\xfe *! 2.* (((( {".to_vec();
    garbage.extend_from_slice(&[0u8; 5000]);
    garbage.extend_from_slice(b"\n%escape\n[Bad\n\n1. C2.5 }}} ))) 1-0\n");
    for args in [
        &["validate", "-"][..],
        &["validate", "--json", "-"],
        &["validate", "--variant", "xiangqi", "-"],
        &["replay", "-"],
        &["replay", "--variant", "xiangqi", "-"],
        &["replay", "--game", "99", "-"],
    ] {
        // Errors are reported (any exit status but a crash's), never a panic.
        let output = qipan(args, &garbage);
        assert!(output.status.code().is_some(), "{args:?}: {output:?}");
    }
}
