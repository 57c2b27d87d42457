//! `qipan probe`: the tablebase value of a position and its best moves, on the tables in `data/`.
//! Expected values come from `data/syzygy/endgame.epd` (python-chess's test data).

mod common;
use common::qipan;

fn tables() -> String {
    format!("{}/../../data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn probe_prints_the_values_of_endgame_epd() {
    let epd = std::fs::read_to_string(format!("{}/endgame.epd", tables())).unwrap();
    let mut checked = 0;
    for line in epd.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = format!("{} 0 1", fields[..4].join(" "));
        let value = |key: &str| -> i64 {
            let at = fields.iter().position(|f| *f == key).unwrap();
            fields[at + 1].trim_end_matches(';').parse().unwrap()
        };
        let out = qipan(&["probe", "--tb", &tables(), "--fen", &fen, "--json"], "");
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("missing table"), "{fen}: {err}");
            assert_eq!(out.status.code(), Some(2));
            continue;
        }
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["wdl"], value("wdl"), "{fen}");
        assert_eq!(v["dtz"], value("dtz"), "{fen}");
        let best = v["best"].as_array().unwrap();
        let moves = v["moves"].as_array().unwrap();
        if !moves.is_empty() {
            assert!(!best.is_empty());
            // The best move keeps the value: its WDL is the position's.
            let first = &moves[0];
            assert_eq!(first["uci"], best[0]);
            assert_eq!(first["wdl"], value("wdl"), "{fen}");
        }
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12);
}

#[test]
fn probe_text_and_errors() {
    let out = qipan(
        &[
            "probe",
            "--tb",
            &tables(),
            "--fen",
            "k7/8/K7/8/8/8/8/1Q6 w - - 0 1",
        ],
        "",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..3], ["wdl 2 (win)", "dtz 1", "best Qb7# (b1b7)"]);
    let out = qipan(
        &[
            "probe",
            "--tb",
            &tables(),
            "--fen",
            "8/8/8/8/8/8/1p6/KB5k w - - 0 1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: missing table KBvKP.rtbw"
    );
    let out = qipan(
        &[
            "probe",
            "--tb",
            &tables(),
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("castling"));
    let out = qipan(
        &[
            "probe",
            "--tb",
            "/nonexistent-dir",
            "--fen",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}
