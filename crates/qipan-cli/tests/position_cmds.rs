//! The `perft`, `moves` and `status` subcommands, driven as a user drives them. Counts come from
//! the perft suites in `data/`; outcomes from the rules (the games are written out below).

mod common;
use common::qipan;

use std::process::Output;

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(out).trim()).expect("one JSON object")
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI_2: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

#[test]
fn perft_prints_nodes_time_and_nps() {
    // data/chess-perft.epd: Kiwipete D3 = 97862.
    let text = stdout(&qipan(&["perft", "--fen", KIWIPETE, "3"], ""));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "nodes 97862");
    assert!(lines[1].starts_with("time "));
    assert!(lines[2].starts_with("nps "));
}

#[test]
fn perft_divide_lists_every_root_move_then_the_total() {
    // data/chess-perft.epd: start D1 = 20, D3 = 8902.
    let text = stdout(&qipan(
        &["perft", "--variant", "chess", "3", "--divide"],
        "",
    ));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20 + 3);
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8902);
    assert_eq!(lines[20], "nodes 8902");
}

#[test]
fn perft_threads_agree() {
    // data/xiangqi-perft.epd line 2: D3 = 43929.
    let text = stdout(&qipan(
        &[
            "perft",
            "--variant",
            "xiangqi",
            "--fen",
            XIANGQI_2,
            "3",
            "--threads",
            "2",
        ],
        "",
    ));
    assert_eq!(text.lines().next(), Some("nodes 43929"));
}

#[test]
fn moves_are_sorted_uci_on_one_line() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let text = stdout(&qipan(&["moves", "--fen", start], ""))
        .trim()
        .to_owned();
    let moves: Vec<&str> = text.split(' ').collect();
    assert_eq!(moves.len(), 20);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    for m in ["a2a3", "a2a4", "b1a3", "b1c3", "g1f3", "g1h3", "h2h4"] {
        assert!(moves.contains(&m), "{m} missing");
    }
}

#[test]
fn moves_from_stdin_one_line_per_fen_and_errors_in_place() {
    let input = format!("{KIWIPETE}\nnot a fen\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\n");
    let output = qipan(&["moves", "--variant", "chess"], &input);
    // Every line is answered; the exit code says that one was bad.
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].split(' ').count(), 48); // Kiwipete D1
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert_eq!(lines[2].split(' ').count(), 15); // perftsuite line 1, D1
    assert!(lines[2].contains("e1g1"));
}

#[test]
fn xiangqi_moves_are_iccs() {
    let text = stdout(&qipan(
        &["moves", "--variant", "xiangqi", "--fen", XIANGQI_2],
        "",
    ));
    assert_eq!(text.split_whitespace().count(), 38); // data line 2, D1
}

#[test]
fn status_reports_fools_mate() {
    // 1. f3 e5 2. g4 Qh4#: White is mated.
    let v = json(&qipan(&["status", "--moves", "f2f3 e7e5 g2g4 d8h4"], ""));
    assert_eq!(v["turn"], "white");
    assert_eq!(v["check"], true);
    assert_eq!(v["legal_moves"], 0);
    assert_eq!(v["outcome"]["termination"], "checkmate");
    assert_eq!(v["outcome"]["winner"], "black");
    assert_eq!(v["outcome"]["result"], "0-1");
    assert_eq!(v["claimable"], serde_json::json!([]));
}

#[test]
fn status_lists_claimable_threefold_repetition() {
    // Knights out and back twice: the start position stands for the third time (FIDE 9.2).
    let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let v = json(&qipan(&["status", "--moves", moves], ""));
    assert_eq!(v["outcome"], serde_json::Value::Null);
    assert_eq!(v["claimable"], serde_json::json!(["threefold_repetition"]));
}

#[test]
fn status_xiangqi_turn_is_red_and_rules_are_read() {
    let v = json(&qipan(
        &["status", "--variant", "xiangqi", "--rules", "simple"],
        "",
    ));
    assert_eq!(v["turn"], "red");
    assert_eq!(v["legal_moves"], 44); // data line 1, D1
    let bad = qipan(
        &["status", "--variant", "xiangqi", "--rules", "nonsense"],
        "",
    );
    assert!(!bad.status.success());
}

#[test]
fn status_illegal_move_names_ply_and_move() {
    let out = qipan(&["status", "--moves", "e2e4 e7e5 e1e3"], "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ply 3") && err.contains("e1e3"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn chess960_perft_and_king_takes_rook_castling() {
    // data/chess960-perft.epd, xfen-00: D1 23, D3 12333.
    let fen = "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1";
    let text = stdout(&qipan(
        &["perft", "--variant", "chess960", "--fen", fen, "3"],
        "",
    ));
    assert_eq!(text.lines().next(), Some("nodes 12333"));
    let moves = stdout(&qipan(
        &["moves", "--variant", "chess960", "--fen", fen],
        "",
    ));
    let moves: Vec<&str> = moves.split_whitespace().collect();
    assert_eq!(moves.len(), 23);
    // Castling with the e1 rook (king c1 -> g1, rook -> f1) is written king-takes-rook.
    assert!(moves.contains(&"c1e1"));
    let v = json(&qipan(
        &[
            "status",
            "--variant",
            "chess960",
            "--fen",
            fen,
            "--moves",
            "c1e1",
        ],
        "",
    ));
    assert!(
        v["fen"].as_str().unwrap().contains("R4RKQ b kq"),
        "{}",
        v["fen"]
    );
}

#[test]
fn validate_reads_chess960_records() {
    // King c1, rooks a1 and e1: O-O-O leaves the king on c1 and puts the a1 rook on d1; Black
    // O-O puts the king on g8 and the e8 rook on f8 (Chess960 rules);
    // the same FEN is invalid standard chess (KQ rights without a king on e1).
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/chess960.pgn"
    );
    let v = json(&qipan(&["validate", "--json", path], ""));
    assert_eq!(v["games"], 1);
    assert_eq!(v["valid"], 1, "{v}");
    let forced = qipan(&["validate", "--json", "--variant", "chess", path], "");
    assert!(!forced.status.success());
}

/// `data/chess-dead-positions.epd`: `(fen, white can win, black can win)`.
fn dead_position_cases() -> Vec<(String, bool, bool)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/chess-dead-positions.epd"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.split(';').map(str::trim).collect();
            let who = fields[1].trim_start_matches("can_win ");
            let white = who == "white" || who == "both";
            let black = who == "black" || who == "both";
            (fields[0].to_owned(), white, black)
        })
        .collect()
}

#[test]
fn status_reports_who_can_win_for_every_labelled_position() {
    let cases = dead_position_cases();
    assert_eq!(cases.len(), 7);
    for (fen, white, black) in cases {
        let v = json(&qipan(&["status", "--fen", &fen], ""));
        assert_eq!(v["can_win"]["white"], white, "{fen}");
        assert_eq!(v["can_win"]["black"], black, "{fen}");
        // A proof's kind exactly behind each "cannot", one of the four names.
        for (side, can) in [("white", white), ("black", black)] {
            let proof = &v["cannot_win_proof"][side];
            if can {
                assert!(proof.is_null(), "{fen} {side}: {proof}");
            } else {
                let name = proof.as_str().unwrap_or_default();
                assert!(
                    [
                        "material",
                        "game_over",
                        "blocked_structure",
                        "exhausted_search"
                    ]
                    .contains(&name),
                    "{fen} {side}: {proof}"
                );
            }
        }
        if !white && !black {
            let termination = v["outcome"]["termination"].as_str().unwrap();
            assert!(
                ["dead_position", "insufficient_material"].contains(&termination),
                "{fen}: {termination}"
            );
        }
    }
}

#[test]
fn status_flag_is_a_draw_only_when_the_opponent_cannot_win() {
    // K+R v K: Black's flag loses (White can mate), White's flag draws (a bare king cannot).
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
    let v = json(&qipan(&["status", "--fen", fen, "--flag", "black"], ""));
    assert_eq!(v["outcome"]["termination"], "timeout");
    assert_eq!(v["outcome"]["winner"], "white");
    let v = json(&qipan(&["status", "--fen", fen, "--flag", "white"], ""));
    assert_eq!(v["outcome"]["winner"], serde_json::Value::Null);
    assert_eq!(v["outcome"]["result"], "1/2-1/2");
    // The pawn wall of lichess issue 4514 is over before any flag falls.
    let wall = "4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1";
    let v = json(&qipan(&["status", "--fen", wall, "--flag", "white"], ""));
    assert_eq!(v["outcome"]["termination"], "dead_position");
    let bad = qipan(&["status", "--flag", "green"], "");
    assert!(!bad.status.success());
}

/// The kinds of proof follow the rules: the checkmated side's own win is over (`game_over`), a
/// pawn wall no king crosses is a `blocked_structure`, a bare king lacks `material` (python-chess's
/// per-colour test says so too), and Xiangqi answers from material only.
#[test]
fn status_names_the_proof_behind_each_cannot() {
    let v = json(&qipan(&["status", "--moves", "f2f3 e7e5 g2g4 d8h4"], ""));
    assert_eq!(v["cannot_win_proof"]["white"], "game_over");
    assert!(v["cannot_win_proof"]["black"].is_null());
    let wall = "4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1";
    let v = json(&qipan(&["status", "--fen", wall], ""));
    assert_eq!(v["cannot_win_proof"]["white"], "blocked_structure");
    assert_eq!(v["cannot_win_proof"]["black"], "blocked_structure");
    let v = json(&qipan(
        &["status", "--fen", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"],
        "",
    ));
    assert!(v["cannot_win_proof"]["white"].is_null());
    assert_eq!(v["cannot_win_proof"]["black"], "material");
    let general = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let v = json(&qipan(
        &["status", "--variant", "xiangqi", "--fen", general],
        "",
    ));
    assert_eq!(v["cannot_win_proof"]["red"], "material");
    assert_eq!(v["cannot_win_proof"]["black"], "material");
}
