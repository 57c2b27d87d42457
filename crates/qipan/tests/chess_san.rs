//! SAN writing and lenient reading.

use qipan::chess::Chess;
use qipan::{MoveError, Notate, Variant};

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap()
}

fn san_of(p: &Chess, uci: &str) -> String {
    p.san(p.parse_uci(uci).unwrap())
}

#[test]
fn disambiguation_by_file_rank_and_both() {
    // Knights on b1 and f1 both reach d2: by file.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san_of(&p, "b1d2"), "Nbd2");
    // Rooks on a1 and a5 both reach a3: by rank.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, "a1a3"), "R1a3");
    assert_eq!(san_of(&p, "a5a3"), "R5a3");
    // Queens on d1, h1 and h5 all reach e2... h1 and h5 share the file, d1 and h1 the rank: both.
    let p = pos("1k6/8/8/7Q/8/8/K7/3Q3Q w - - 0 1");
    assert_eq!(san_of(&p, "h1f3"), "Qh1f3");
    // A pinned piece does not count as a rival.
    let p = pos("4k3/4r3/8/8/8/8/2N1N3/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "c2d4"), "Nd4");
}

#[test]
fn captures_checks_mates_and_promotions() {
    let p = pos("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san_of(&p, "b7a8q"), "bxa8=Q+");
    assert_eq!(san_of(&p, "b7b8n"), "b8=N");
    assert_eq!(san_of(&p, "e1g1"), "O-O");
    assert_eq!(san_of(&p, "h1h8"), "Rh8+");
    let p = pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, "a1a8"), "Ra8#");
}

#[test]
fn lenient_forms_are_accepted() {
    let start = Chess::start();
    let nf3 = start.parse_uci("g1f3").unwrap();
    for text in [
        "Nf3", "Ng1f3", "Ngf3", "N1f3", "Ng1-f3", "Nf3!", "Nf3!?", "Nf3?!", "Nf3+", " Nf3 ",
    ] {
        assert_eq!(start.parse_san(text), Ok(nf3), "{text}");
    }
    assert_eq!(start.parse_san("e4"), start.parse_uci("e2e4"));
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.parse_san("0-0"), p.parse_uci("e1g1"));
    assert_eq!(p.parse_san("0-0-0"), p.parse_uci("e1c1"));
    assert_eq!(p.parse_san("O-O-O+"), p.parse_uci("e1c1"));
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["a8=Q", "a8Q", "a8=q", "a8q", "a8=Q+"] {
        assert_eq!(p.parse_san(text), p.parse_uci("a7a8q"), "{text}");
    }
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for text in ["exd6", "exd6 e.p.", "exd6e.p.", "ed6", "exd6 e.p.+"] {
        assert_eq!(p.parse_san(text), p.parse_uci("e5d6"), "{text}");
    }
}

#[test]
fn ambiguous_illegal_and_invalid() {
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(
        p.parse_san("Nd2"),
        Err(MoveError::Ambiguous {
            text: "Nd2".into(),
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        })
    );
    let start = Chess::start();
    assert!(matches!(
        start.parse_san("Nf4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        start.parse_san("e5"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        start.parse_san("O-O"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        start.parse_san("dxe3"),
        Err(MoveError::Illegal { .. })
    ));
    for garbage in [
        "", "Z", "Nf9", "Xe4", "e4e4e4", "Ñf3", "♘f9", "---", "00000", "N", "Nff",
    ] {
        assert!(
            matches!(
                start.parse_san(garbage),
                Err(MoveError::Invalid { .. }) | Err(MoveError::Illegal { .. })
            ),
            "{garbage}"
        );
    }
    // Figurines (FIDE Handbook E.12) name the pieces; `--` is the null move (a pass).
    assert_eq!(start.parse_san("♘f3"), start.parse_san("Nf3"));
    assert_eq!(start.parse_san("--"), Ok(qipan::chess::Move::null()));
    assert!(matches!(
        start.parse_san("Ñf3"),
        Err(MoveError::Invalid { .. })
    ));
    assert!(matches!(
        start.parse_san(""),
        Err(MoveError::Invalid { .. })
    ));
    // A pawn move to the last rank needs its promotion piece.
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(p.parse_san("a8"), Err(MoveError::Illegal { .. })));
}

#[test]
fn uci_castling_and_null_move() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = p.parse_uci("e1g1").unwrap();
    assert_eq!(p.uci(castle), "e1g1");
    assert_eq!(p.parse_uci("e1h1"), Ok(castle));
    // `0000` is the null move in UCI (a pass), refused in check.
    assert_eq!(p.parse_uci("0000"), Ok(qipan::chess::Move::null()));
    let checked = pos("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert!(matches!(
        checked.parse_uci("0000"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_uci("e1g1x"),
        Err(MoveError::Invalid { .. })
    ));
    assert!(matches!(
        p.parse_uci("e1i1"),
        Err(MoveError::Invalid { .. })
    ));
    let mut p960 = p;
    p960.set_chess960(true);
    assert_eq!(p960.uci(castle), "e1h1");
    assert!(p960.parse_uci("e1g1").is_err());
    assert_eq!(p960.parse_uci("e1h1"), Ok(castle));
}

#[test]
fn diagram_has_eight_ranks_and_file_labels() {
    let d = Notate::diagram(&Chess::start());
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
    assert_eq!(lines[4], "4 · · · · · · · ·");
    assert_eq!(lines[7], "1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖");
    assert_eq!(lines[8], "  a b c d e f g h");
}

#[test]
fn variant_notation_hooks() {
    let p = Chess::start();
    let mv = p.parse_any("Nf3").unwrap();
    assert_eq!(Notate::coord(&p, mv), "g1f3");
    assert_eq!(Notate::notation(&p, mv), "Nf3");
    assert_eq!(p.parse_any("g1f3"), Ok(mv));
    assert!(matches!(
        p.parse_any("g1f4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_any("hello"),
        Err(MoveError::Invalid { .. })
    ));
    assert_eq!(<Chess as Variant>::NAME, "chess");
}

#[test]
fn castling_written_as_the_kings_coordinates() {
    // UCI move lists pasted into PGN write castling as the king's two-square step.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.parse_san("e1g1").unwrap(), p.parse_san("O-O").unwrap());
    assert_eq!(p.parse_san("e1c1").unwrap(), p.parse_san("O-O-O").unwrap());
    let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        black.parse_san("e8c8").unwrap(),
        black.parse_san("O-O-O").unwrap()
    );
    // Without the right, the step is no move.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert!(matches!(
        p.parse_san("e1g1"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn a_promotion_suffix_on_a_piece_move_is_an_illegal_move() {
    // python-chess reads the suffix on any move: a piece "promoting", or a pawn promoting to a
    // king, names no legal move (IllegalMoveError there), rather than unreadable text.
    let p = pos("4k3/1P6/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(matches!(
        p.parse_san("Qd5B"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_san("Qd5=q"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_san("b8=K"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(p.parse_san("b8K"), Err(MoveError::Illegal { .. })));
    assert_eq!(p.parse_san("b8=Q").unwrap(), p.parse_uci("b7b8q").unwrap());
    assert_eq!(p.parse_san("Qd5").unwrap(), p.parse_uci("d1d5").unwrap());
}
