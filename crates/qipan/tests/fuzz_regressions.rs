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
