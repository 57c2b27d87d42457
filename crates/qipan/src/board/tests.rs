use super::*;
use crate::chess::{Chess, ChessRules, Piece, Role};
use crate::xiangqi::Xiangqi;
use crate::Notate;
use crate::Variant;

fn chess(policy: EditPolicy) -> Board<Chess> {
    Board::start(ChessRules::default()).with_policy(policy)
}

fn sq(name: &str) -> usize {
    Chess::parse_square(name).unwrap()
}

#[test]
fn clear_history_forgets_the_moves_on_an_edit() {
    let mut board = chess(EditPolicy::ClearHistory);
    board.push_with("e2e4", |p, t| p.parse_move(t)).unwrap();
    assert!(board.remove_piece_at(sq("a2")).is_some());
    assert_eq!(board.history_len(), 0);
    assert!(board.pop().is_none());
    assert!(board
        .fen()
        .starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/1PPP1PPP/RNBQKBNR b"));
}

#[test]
fn keep_history_undoes_on_the_edited_board() {
    let mut board = chess(EditPolicy::KeepHistory);
    board.push_with("e2e4", |p, t| p.parse_move(t)).unwrap();
    assert!(board.remove_piece_at(sq("a2")).is_some());
    assert_eq!(board.history_coords(), ["e2e4"]);
    let (_, mv) = board.pop().unwrap();
    assert_eq!(board.position().coord(mv), "e2e4");
    assert_eq!(
        board.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(board.pop().is_none());
}

#[test]
fn unplayable_boards_are_held_and_typed() {
    let mut board = chess(EditPolicy::KeepHistory);
    board.push_with("g1f3", |p, t| p.parse_move(t)).unwrap();
    board.remove_piece_at(sq("e1"));
    let err = board.playable().unwrap_err();
    assert!(matches!(err.why, crate::chess::UnplayableSetup::Status(_)));
    assert!(matches!(
        board.push_with("e7e5", |p, t| p.parse_move(t)),
        Err(PlayError::NotPlayable(_))
    ));
    assert_eq!(board.history_len(), 1);
    // The move is taken back on the king-less board, which stays unplayable.
    board.pop().unwrap();
    assert!(!board.is_playable());
    assert_eq!(board.piece_at(sq("g1")).map(|p| p.role), Some(Role::Knight));
    let king = Piece {
        color: Color::White,
        role: Role::King,
    };
    assert!(board.set_piece_at(sq("e1"), Some(king)));
    assert!(board.is_playable());
    assert_eq!(board.fen(), Chess::start().fen());
}

#[test]
fn xiangqi_refusals_change_nothing() {
    let mut board: Board<Xiangqi> = Board::start(Default::default());
    let before = board.fen();
    let e4 = Xiangqi::parse_square("e4").unwrap();
    let elephant = board.piece_at(Xiangqi::parse_square("c0").unwrap());
    assert!(!board.set_piece_at(e4, elephant));
    assert_eq!(board.fen(), before);
    board.clear();
    assert!(!board.is_playable());
    assert_eq!(Xiangqi::square_name(e4), "e4");
}

#[test]
fn promoted_marks_of_a_fen_are_kept() {
    let mut board: Board<Chess> = Board::start(ChessRules::FIDE);
    board
        .load_fen_or_setup("4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1")
        .unwrap();
    assert_eq!(board.promoted(), 1);
}

#[test]
fn a_null_move_takes_no_king() {
    let mut board: Board<Chess> = Board::start(ChessRules::FIDE).with_plays_any(true);
    board.load_fen("8/8/8/8/8/8/8/K6k b - - 0 1").unwrap();
    board.push_unchecked(Chess::null_move());
    assert_eq!(board.fen(), "8/8/8/8/8/8/8/K6k w - - 1 2");
}

#[test]
fn an_en_passant_square_set_again_after_an_edit() {
    let mut board = chess(EditPolicy::KeepHistory);
    board.load_fen("4k3/pp6/8/2P5/8/8/8/4K3 b - - 0 1").unwrap();
    board.push_with("b7b5", |p, t| p.parse_move(t)).unwrap();
    assert!(board.fen().contains(" w - b6 "));
    // An edit clears the square (chess.js's `put`/`remove`)...
    board.remove_piece_at(sq("a7"));
    assert!(board.fen().contains(" w - - "));
    // ...and setting it again makes the capture legal, the move kept.
    let b6: crate::chess::Square = "b6".parse().unwrap();
    board.set_ep_square(Some(b6)).unwrap();
    assert!(board.fen().contains(" w - b6 "));
    assert_eq!(board.history_len(), 1);
    let capture = board.position().parse_move("c5b6").unwrap();
    assert_eq!(capture.kind(), crate::chess::MoveKind::EnPassant);
    // A square no double step explains is refused, nothing changed.
    let c6: crate::chess::Square = "c6".parse().unwrap();
    let err = board.set_ep_square(Some(c6)).unwrap_err();
    assert!(matches!(err, crate::chess::FenError::EnPassant { square, .. } if square == c6));
    assert!(board.fen().contains(" w - b6 "));
    board.set_ep_square(None).unwrap();
    assert!(board.fen().contains(" w - - "));
    // Taking the move back restores the square before it.
    board.pop().unwrap();
    assert_eq!(board.fen(), "4k3/1p6/8/2P5/8/8/8/4K3 b - - 0 1");
}
