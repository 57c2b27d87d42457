//! Regression tests for what the fuzzers (`fuzz/`, see `docs/reliability.md`) found, one test per
//! finding, named after it.

use qipan::pgn::{Limits, PgnGame, Splitter};

fn parse(text: &str) -> PgnGame {
    let raw = Splitter::new(text.as_bytes(), Limits::default())
        .next()
        .expect("one game")
        .expect("read from memory");
    PgnGame::parse(&raw, &Limits::default()).expect("parses")
}

/// `*!` and `2.*` were read as a move `*` (with a NAG), which the writer wrote as `*`, a result:
/// the record read back had one move less.
#[test]
fn fuzz_pgn_result_marker_as_move() {
    let glued = parse("1. e4 e5 2.* ");
    let moves: Vec<&str> = glued.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["e4", "e5"]);
    assert_eq!(glued.result, "*");
    for text in ["1. e4 e5 2. Ke2 Nc6 3. *! $1 *", "1. C2.5 H8+7 1-0? 1-0"] {
        let record = parse(text);
        let again = parse(&record.to_string());
        let texts = |r: &PgnGame| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(&again), texts(&record), "{text}\n{record}");
        assert!(
            !texts(&record).iter().any(|t| qipan::pgn::is_result(t)),
            "{text}"
        );
    }
}

/// A move text starting with `%` (not a move, but kept as text) that the writer wrapped to the
/// start of a line was read back as a `%` escape line, and lost with the rest of that line.
#[test]
fn fuzz_pgn_percent_move_at_line_start() {
    // A first move of 70 to 79 letters pushes the reply to the start of the next line.
    for text in (70..80).flat_map(|n| {
        let long = "N".repeat(n);
        [
            format!("1. {long} %odd *"),
            format!("1. {long} $1 % 2. e4 *"),
        ]
    }) {
        let record = parse(&text);
        let written = record.to_string();
        let again = parse(&written);
        let texts = |r: &PgnGame| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(&again), texts(&record), "{written}");
        assert!(written.lines().all(|l| !l.starts_with('%')), "{written}");
    }
}
