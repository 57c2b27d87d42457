//! `qipan validate` and `qipan replay` on Xiangqi archives (XQF, CBR, CBL, DhtmlXQ), told from
//! their bytes. The expectations come from the files' descriptions in data/README.md and from
//! cchess's reading of them (crates/qipan/tests/archive_cchess.rs checks that reading).

mod common;
use common::qipan;

use std::path::PathBuf;

use serde_json::Value;

fn archive(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/xiangqi-archives");
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn validate_a_library_checks_every_game_and_its_result() {
    let out = qipan(
        &[
            "validate",
            "--json",
            &archive("1956年全国象棋锦标赛93局.CBL"),
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 93);
    assert_eq!(report["valid"], 93);
    assert!(report["plies"].as_u64().unwrap() > 93 * 20);
    // The 1989 library has two section headings with an empty board: bad starts, by number.
    let out = qipan(
        &[
            "validate",
            "--json",
            &archive("1989年龙化杯象棋名师邀请赛35局.CBL"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 38);
    let errors = report["errors"].as_array().unwrap();
    let bad: Vec<(u64, &str)> = errors
        .iter()
        .map(|e| (e["game"].as_u64().unwrap(), e["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(bad, [(1, "bad_fen"), (22, "bad_fen")]);
}

#[test]
fn validate_reports_a_bad_move_at_its_ply_without_a_line() {
    // cchess plays 9 moves of this file's main line and drops the 10th.
    let file = archive("BadMoveTest3.xqf");
    let out = qipan(&["validate", "--json", &file], "");
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &report["errors"][0];
    assert_eq!(
        (e["game"].as_u64(), e["line"].as_u64(), e["ply"].as_u64()),
        (Some(1), Some(0), Some(10))
    );
    assert_eq!(e["kind"], "illegal_move");
    assert!(e["message"].as_str().unwrap().contains("(byte "), "{e}");
    let out = qipan(&["validate", &file], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!("{file}: game 1, ply 10, move ")),
        "{text}"
    );
    // A PGN file and archives in one run.
    let pgn =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games/xiangqi-iccs.pgn");
    let out = qipan(
        &[
            "validate",
            "--json",
            pgn.to_str().unwrap(),
            &archive("test.cbr"),
            &archive("test.xqf"),
        ],
        "",
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 3);
    assert_eq!(report["valid"], 3, "{report}");
}

#[test]
fn replay_shows_an_archive_game() {
    // test2.cbr: a two-move game, h2e2 h7e7 (cchess's reading).
    let out = qipan(&["replay", &archive("test2.cbr")], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("game 1, xiangqi\n"), "{text}");
    assert!(text.contains("[Title \"Test\"]"), "{text}");
    assert!(text.contains("[h2e2]") && text.contains("[h7e7]"), "{text}");
    let out = qipan(
        &[
            "replay",
            &archive("1956年全国象棋锦标赛93局.CBL"),
            "--game",
            "94",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no game 94"));
    // A DhtmlXQ page, recognised by its block wherever it stands.
    let page = std::env::temp_dir().join(format!("qipan-{}-page.html", std::process::id()));
    std::fs::write(
        &page,
        "<html>[DhtmlXQ][DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist][/DhtmlXQ]</html>",
    )
    .unwrap();
    let out = qipan(&["replay", page.to_str().unwrap()], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[h2e2]") && text.contains("[h7e7]"), "{text}");
}
