//! FEN reading (validated, with a typed [`FenError`]) and writing.
//!
//! Strict loading ([`Chess::from_fen`](crate::Variant::from_fen)) rejects every position that
//! cannot arise in a game as far as cheap tests can tell; [`Chess::from_fen_relaxed`] loads the
//! unreachable-but-playable ones (impossible checks, too much material) and drops castling rights
//! and en passant squares that do not fit the board. Castling rights may be `KQkq` (in Chess960
//! the outermost rook on that side, X-FEN) or Shredder-FEN file letters (`HAha`).
//!
//! ```
//! use qipan::chess::{Chess, FenError};
//! use qipan::{Color, Variant};
//! let pos = Chess::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
//! assert_eq!(pos.turn(), Color::Black);
//! assert_eq!(Chess::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1"), Err(FenError::KingCount { color: Color::Black, count: 0 }));
//! ```

use std::fmt::Write;

use super::{Bitboard, CastlingMode, CastlingSide, Chess, Piece, PositionProblems, Role, Square};
use crate::Color;

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields (board, turn, castling, en passant, clocks).
    #[error("expected 4 to 6 space-separated fields, found {0}")]
    FieldCount(usize),
    /// The board field does not have 8 ranks of 8 squares.
    #[error("bad board: {0}")]
    Board(String),
    /// A character in the board field that is neither a piece letter, a digit 1-8 nor `/`.
    #[error("bad piece letter {0:?}")]
    PieceLetter(char),
    /// The side-to-move field is not `w` or `b`.
    #[error("bad side to move {0:?}: expected w or b")]
    Turn(String),
    /// The castling field is not `-` or letters from `KQkqA-Ha-h`.
    #[error("bad castling field {0:?}")]
    CastlingSyntax(String),
    /// A castling right whose king or rook is not where the right needs it.
    #[error("castling right {right:?}: {reason}")]
    CastlingRights {
        /// The letter of the right.
        right: char,
        /// What is missing.
        reason: &'static str,
    },
    /// The en passant field is not `-` or a square.
    #[error("bad en passant field {0:?}")]
    EnPassantSyntax(String),
    /// An en passant square that cannot follow a double step of the side not to move.
    #[error("impossible en passant square {square}: {reason}")]
    EnPassant {
        /// The square given.
        square: Square,
        /// Why it is impossible.
        reason: &'static str,
    },
    /// The halfmove clock is not a number.
    #[error("bad halfmove clock {0:?}")]
    HalfmoveClock(String),
    /// The fullmove number is not a number of at least 1.
    #[error("bad fullmove number {0:?}")]
    FullmoveNumber(String),
    /// A side does not have exactly one king.
    #[error("{color} has {count} kings, expected 1")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// The side that just moved is in check.
    #[error("{0} is in check but it is not its turn")]
    OppositeCheck(Color),
    /// A pawn on the first or last rank.
    #[error("pawn on {0}: pawns cannot stand on the first or last rank")]
    PawnOnBackRank(Square),
    /// A check that no legal last move could have given.
    #[error("impossible check: {0}")]
    ImpossibleCheck(&'static str),
    /// More pieces than a side can have (over 16, over 8 pawns, more promoted pieces than
    /// missing pawns).
    #[error("too much material for {0}")]
    TooMuchMaterial(Color),
}

/// How to read a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FenOptions {
    /// Accept unreachable but playable positions (impossible checks, too much material) and
    /// drop castling rights and en passant squares that do not fit the board.
    pub relaxed: bool,
    /// Read castling rights with Chess960 meaning (any king file) and set Chess960 mode.
    pub chess960: bool,
}

impl Chess {
    /// Reads a FEN with strict validation (standard chess); the same as
    /// [`Variant::from_fen`](crate::Variant::from_fen), callable without the trait in scope.
    pub fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen_strict(fen)
    }

    /// Reads a FEN with strict validation (standard chess).
    pub fn from_fen_strict(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen_with(fen, FenOptions::default())
    }

    /// Reads a FEN, accepting positions that are unreachable but playable (see [`FenOptions`]).
    pub fn from_fen_relaxed(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen_with(
            fen,
            FenOptions {
                relaxed: true,
                chess960: false,
            },
        )
    }

    /// Reads a Chess960 FEN (X-FEN or Shredder-FEN castling), strictly validated.
    pub fn from_fen_960(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen_with(
            fen,
            FenOptions {
                relaxed: false,
                chess960: true,
            },
        )
    }

    /// Reads a FEN with `options`: the text is read into a [`Setup`](super::Setup) (syntax
    /// only), which [`Chess::from_setup`] validates; `relaxed` waives
    /// [`PositionProblems::UNREACHABLE`](super::PositionProblems::UNREACHABLE). Every FEN reader
    /// of chess comes here.
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Chess, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut setup = super::Setup::from_fen_fields(&fields, options.chess960)?;
        // A position holds no promoted marks: a FEN with them is a set-up's
        // ([`super::Setup::from_fen`]), read by the boards that keep the marks.
        if setup.promoted.any() {
            return Err(FenError::PieceLetter('~'));
        }
        if fields[2].len() > 4 {
            return Err(FenError::CastlingSyntax(fields[2].to_owned()));
        }
        if setup.fullmoves == 0 {
            if !options.relaxed {
                return Err(FenError::FullmoveNumber(fields[5].to_owned()));
            }
            setup.fullmoves = 1;
        }
        let mode = if options.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let waived = if options.relaxed {
            PositionProblems::UNREACHABLE
        } else {
            PositionProblems::NONE
        };
        Chess::from_setup(setup, mode)
            .or_else(|err| err.ignore(waived))
            .map_err(FenError::from)
    }

    /// The position as FEN. The en passant square is written only when an en passant capture is
    /// legal (as python-chess does); castling is `KQkq` in standard chess and X-FEN in Chess960.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::new(rank * 8 + file);
                match self.piece_at(sq) {
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.turn == Color::White { 'w' } else { 'b' });
        out.push(' ');
        out.push_str(&self.castling_fen());
        out.push(' ');
        match self.legal_ep_square() {
            Some(ep) => {
                let _ = write!(out, "{ep}");
            }
            None => out.push('-'),
        }
        let _ = write!(out, " {} {}", self.halfmoves, self.fullmoves);
        out
    }

    /// The castling field: `KQkq` letters, or in Chess960 a file letter for a rook that is not
    /// the outermost on its side (X-FEN).
    fn castling_fen(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            let Some(king) = self.king_of(color) else {
                continue;
            };
            let rooks = self.castling & self.by_color(color) & Bitboard::backrank(color);
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                for rook in rooks
                    .into_iter()
                    .filter(|&r| CastlingSide::of(king, r) == side)
                {
                    let outer = outermost_rook(self, color, king, side);
                    let c = if outer == Some(rook) || !self.chess960 {
                        if side == CastlingSide::KingSide {
                            'K'
                        } else {
                            'Q'
                        }
                    } else {
                        (b'A' + rook.file() as u8) as char
                    };
                    out.push(if color == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

pub(super) fn parse_board(pos: &mut Chess, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Board(format!(
            "expected 8 ranks, found {}",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::Board(format!(
                        "bad empty-square count {c:?} on rank {}",
                        rank + 1
                    )));
                }
                file += d;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::PieceLetter(c))?;
                if file < 8 {
                    pos.put(Square::new(rank * 8 + file), piece.color, piece.role);
                }
                file += 1;
            }
            if file > 8 {
                return Err(FenError::Board(format!(
                    "rank {} has more than 8 squares",
                    rank + 1
                )));
            }
        }
        if file != 8 {
            return Err(FenError::Board(format!(
                "rank {} has {file} squares, expected 8",
                rank + 1
            )));
        }
    }
    Ok(())
}

fn outermost_rook(pos: &Chess, color: Color, king: Square, side: CastlingSide) -> Option<Square> {
    let rooks = pos.pieces(color, Role::Rook) & Bitboard::backrank(color);
    let mut on_side = rooks
        .into_iter()
        .filter(|&r| r.rank() == king.rank() && CastlingSide::of(king, r) == side);
    match side {
        CastlingSide::KingSide => on_side.next_back(),
        CastlingSide::QueenSide => on_side.next(),
    }
}
