//! Null moves (a pass) in the core: `Move::null`, `Variant::play_null`, `Game::push_null`, and
//! `0000` / `--` in the move parsers. Expected positions are python-chess 1.11.2's
//! (`board.push(chess.Move.null())`), written down from its output; Xiangqi follows the same rule.

use qipan::chess::{Chess, Move};
use qipan::xiangqi::{self, Xiangqi};
use qipan::{Game, MoveError, Variant};

#[test]
fn chess_null_move_counts_and_clears_en_passant_as_python_chess() {
    let mut game: Game<Chess> = Game::new();
    game.push_any("e4").unwrap();
    game.push_null().unwrap();
    // python-chess: 1. e4, Move.null() -> ... w KQkq - 1 2
    assert_eq!(
        game.position().fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
    game.push_any("d4").unwrap();
    game.push(Move::null()).unwrap();
    assert_eq!(
        game.position().fen(),
        "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3"
    );
    assert_eq!(game.ply(), 4);
    assert_eq!(game.moves()[1], Move::null());
    assert_eq!(game.pop(), Some(Move::null()));
    assert_eq!(game.ply(), 3);
}

#[test]
fn chess_null_move_forfeits_en_passant_and_keeps_castling() {
    let mut game: Game<Chess> = Game::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    game.push_any("e4").unwrap();
    assert!(game
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.is_en_passant()));
    game.push_any("Z0").unwrap();
    // python-chess: 4k3/8/8/8/3pP3/8/8/4K3 w - - 1 2
    assert_eq!(game.position().fen(), "4k3/8/8/8/3pP3/8/8/4K3 w - - 1 2");
    let zobrist = game.position().zobrist();
    assert_eq!(zobrist, game.position().zobrist_recomputed());

    let mut pos = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10").unwrap();
    pos.play_null();
    assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 6 10");
    pos.play_null();
    assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 11");
    assert_eq!(pos.zobrist(), pos.zobrist_recomputed());
}

#[test]
fn chess_null_moves_repeat_positions() {
    // python-chess: after Nf3 -- Ng1 -- the start position stands again (is_repetition(2)).
    let mut game: Game<Chess> = Game::new();
    for text in ["Nf3", "--", "Ng1", "0000"] {
        game.push_any(text).unwrap();
    }
    assert_eq!(
        game.position().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
    assert_eq!(game.position().zobrist(), Chess::start().zobrist());
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn chess_null_move_text_and_legality() {
    let start = Chess::start();
    assert_eq!(Move::null().to_string(), "0000");
    assert_eq!(start.uci(Move::null()), "0000");
    assert_eq!(start.san(Move::null()), "--");
    for text in ["--", "Z0", "0000", "@@@@"] {
        assert_eq!(start.parse_any(text), Ok(Move::null()), "{text}");
        assert_eq!(start.parse_san(text), Ok(Move::null()), "{text}");
    }
    assert_eq!(start.parse_move("0000"), Ok(Move::null()));
    assert!(matches!(
        start.parse_move("--"),
        Err(MoveError::Invalid { .. })
    ));
    // Never a legal move: move generation and perft do not see it.
    assert!(!start.is_legal(Move::null()));
    assert!(!start.legal_moves().contains(&Move::null()));
}

#[test]
fn chess_null_move_in_check_is_refused() {
    // python-chess: is_check() True, and a pass would leave the king attacked.
    let fen = "4k3/8/8/8/8/8/8/4K2r w - - 0 1";
    let mut game: Game<Chess> = Game::from_fen(fen).unwrap();
    assert!(matches!(game.push_null(), Err(MoveError::Illegal { .. })));
    assert!(matches!(
        game.push_any("--"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        game.push_coord("0000"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        game.push(Move::null()),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(game.ply(), 0);
    assert_eq!(game.position().fen(), fen);
}

#[test]
fn xiangqi_null_move_passes() {
    let mut game: Game<Xiangqi> = Game::new();
    game.push_any("炮二平五").unwrap();
    game.push_null().unwrap();
    game.push_any("h0g2").unwrap();
    game.push_any("--").unwrap();
    // Red moved twice, Black passed twice: two full moves, two plies without capture each.
    assert_eq!(
        game.position().fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3"
    );
    assert_eq!(game.moves()[1], xiangqi::Move::null());
    assert_eq!(xiangqi::Move::null().to_string(), "0000");
    let pos = game.position();
    assert_eq!(pos.wxf(xiangqi::Move::null()), "--");
    assert_eq!(pos.chinese(xiangqi::Move::null()), "--");
    assert_eq!(pos.parse_move("0000"), Ok(xiangqi::Move::null()));
    assert!(!pos.is_legal(xiangqi::Move::null()));
    assert!(!pos.legal_moves().contains(&xiangqi::Move::null()));
    // The key of a pass: the same board with the other side to move.
    let mut before = Xiangqi::start();
    let key = before.zobrist();
    before.play_null();
    assert_eq!(before.zobrist(), key ^ xiangqi::SIDE_KEY);
}

#[test]
fn xiangqi_null_move_in_check_is_refused() {
    // The red general on e0 faces a black chariot on the open e-file.
    let fen = "3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1";
    let mut game: Game<Xiangqi> = Game::from_fen(fen).unwrap();
    assert!(game.position().is_check());
    assert!(matches!(game.push_null(), Err(MoveError::Illegal { .. })));
    assert!(matches!(
        game.push_coord("0000"),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(game.ply(), 0);
}
