//! The core's editable chess board as python-chess's boards use it (an edit clears the moves;
//! every set-up is held, played when it can be) driven by the input: FEN loads (listed or raw
//! text), piece edits, the turn, castling rights and en passant square set, transforms of the
//! square sets (flips, shifts, arbitrary masks), pushes of legal moves and pops. After every step
//! the board must answer without panicking, its FEN must load back into a board with the same
//! FEN (the castling field aside when a side has several kings), and a playable board's every
//! legal move must play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::board::{Board, EditPolicy};
use qipan::chess::{Bitboard, Chess, ChessRules, EnPassantField, Piece, Role, Square};
use qipan::{Color, Variant};
use qipan_fuzz::{text, Bytes, CHESS960_FENS, CHESS_FENS};

/// A board under python-chess's policy in the mode of `rules`.
fn board(rules: ChessRules) -> Board<Chess> {
    Board::new(Chess::start_with(&rules), rules)
        .with_policy(EditPolicy::ClearHistory)
        .with_plays_any(true)
}

/// A square-set function chosen by a byte (and a mask of the input for the last ones).
fn transform(choice: u8, mask: u64) -> impl Fn(Bitboard) -> Bitboard {
    move |bits: Bitboard| {
        let b = bits.0;
        Bitboard(match choice % 8 {
            0 => b.swap_bytes(),
            1 => b.reverse_bits().swap_bytes(),
            2 => b << 8,
            3 => b >> 8,
            4 => (b << 1) & !0x0101_0101_0101_0101,
            5 => b ^ mask,
            6 => b & mask,
            _ => b.rotate_left(u32::from(choice)),
        })
    }
}

/// What every board must answer, whatever its state.
fn check(board: &Board<Chess>, rules: ChessRules) {
    let fen = board.fen();
    let _ = board.setup();
    let _ = board.is_check();
    let _ = board.given_setup();
    for field in [EnPassantField::Legal, EnPassantField::PseudoLegal, EnPassantField::Always] {
        let _ = board.fen_with(false, field);
    }
    let mut again = self::board(rules);
    again
        .load_fen_or_setup(&fen)
        .unwrap_or_else(|e| panic!("the board's own FEN {fen:?} does not load: {e}"));
    // With several kings of a side the castling letters name rooks relative to different kings
    // when written (files, against the king the position plays) and when read (python-chess's
    // rule: squares, against the highest king), as in python-chess: that field may differ.
    let setup = board.setup();
    let several_kings = Color::ALL
        .into_iter()
        .any(|color| setup.pieces(color, Role::King).count() > 1);
    let without_castling = |fen: &str| {
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if several_kings && fields.len() > 2 {
            fields[2] = "?";
        }
        fields.join(" ")
    };
    assert_eq!(
        without_castling(&again.fen()),
        without_castling(&fen),
        "the board's FEN loads into another FEN"
    );
    if board.is_playable() {
        let pos = board.position();
        for mv in pos.legal_moves() {
            let mut after = *pos;
            after.play_unchecked(mv);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let rules = if bytes.u8() & 1 == 0 {
        ChessRules::FIDE
    } else {
        ChessRules::CHESS960
    };
    let mut board = board(rules);
    for _ in 0..48 {
        if bytes.is_empty() {
            break;
        }
        match bytes.u8() % 11 {
            0 => {
                let fens = if rules == ChessRules::CHESS960 {
                    CHESS960_FENS
                } else {
                    CHESS_FENS
                };
                let _ = board.load_fen_or_setup(fens[usize::from(bytes.u8()) % fens.len()]);
            }
            1 => {
                let line = text(bytes.line());
                let _ = board.load_fen_or_setup(&line);
            }
            2 => {
                let square = usize::from(bytes.u8() % 64);
                let kind = bytes.u8();
                let piece = Piece {
                    color: if kind & 1 == 0 { Color::White } else { Color::Black },
                    role: Role::ALL[usize::from(kind / 2) % 6],
                };
                board.set_piece_at(square, Some(piece));
            }
            3 => {
                board.remove_piece_at(usize::from(bytes.u8() % 64));
            }
            4 => board.set_turn(if bytes.u8() & 1 == 0 { Color::White } else { Color::Black }),
            5 => board.set_castling_rights(Bitboard(u64::from(bytes.u32()) << 32 | u64::from(bytes.u32()))),
            6 => {
                let choice = bytes.u8();
                let square = (choice < 200).then(|| Square::new(u32::from(choice % 64)));
                let _ = board.set_ep_square(square);
            }
            7 => {
                let choice = bytes.u8();
                let mask = u64::from(bytes.u32()) << 32 | u64::from(bytes.u32());
                let f = transform(choice, mask);
                if let Ok(setup) = board.setup().try_transform(|bits| Ok::<_, ()>(f(bits))) {
                    board.set_up(setup);
                }
            }
            8 | 9 => {
                if board.is_playable() {
                    let moves = board.position().legal_moves();
                    if !moves.is_empty() {
                        let mv = moves[usize::from(bytes.u8()) % moves.len()];
                        board.push(mv).expect("a legal move of a playable board plays");
                    }
                }
            }
            _ => {
                board.pop();
            }
        }
        check(&board, rules);
    }
});
