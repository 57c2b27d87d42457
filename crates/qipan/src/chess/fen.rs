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

use super::{Bitboard, CastlingSide, Chess, Piece, Role, Square};
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

    /// Reads a FEN with `options`.
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Chess, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Chess::empty();
        pos.chess960 = options.chess960;
        parse_board(&mut pos, fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(other.to_owned())),
        };
        // Kings and pawns first: castling and en passant need them.
        for color in Color::ALL {
            let count = pos.pieces(color, Role::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
        }
        if let Some(sq) =
            (pos.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first()
        {
            return Err(FenError::PawnOnBackRank(sq));
        }
        parse_castling(&mut pos, fields[2], options)?;
        let fen_ep = parse_ep(&mut pos, fields[3], options.relaxed)?;
        if let Some(text) = fields.get(4) {
            pos.halfmoves = text
                .parse()
                .map_err(|_| FenError::HalfmoveClock((*text).to_owned()))?;
        }
        if let Some(text) = fields.get(5) {
            pos.fullmoves = match text.parse::<u32>() {
                Ok(0) if options.relaxed => 1,
                Ok(n) if n >= 1 => n,
                _ => return Err(FenError::FullmoveNumber((*text).to_owned())),
            };
        }
        if let Some(king) = pos.king_of(!pos.turn) {
            if pos.attackers_to(king, pos.turn, pos.occupied()).any() {
                return Err(FenError::OppositeCheck(!pos.turn));
            }
        }
        if !options.relaxed {
            check_material(&pos)?;
            check_checkers(&pos, fen_ep)?;
        }
        pos.zobrist = pos.zobrist_recomputed();
        Ok(pos)
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

fn parse_castling(pos: &mut Chess, text: &str, options: FenOptions) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    if text.is_empty()
        || text.len() > 4
        || !text.chars().all(|c| "KQkqABCDEFGHabcdefgh".contains(c))
    {
        return Err(FenError::CastlingSyntax(text.to_owned()));
    }
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match castling_rook(pos, color, c, options.chess960) {
            Ok(rook) => pos.castling |= rook,
            Err(reason) if !options.relaxed => {
                return Err(FenError::CastlingRights { right: c, reason })
            }
            Err(_) => {}
        }
    }
    Ok(())
}

fn castling_rook(
    pos: &Chess,
    color: Color,
    c: char,
    chess960: bool,
) -> Result<Square, &'static str> {
    let king = pos.king_of(color).ok_or("no king")?;
    if !Bitboard::backrank(color).contains(king) {
        return Err("the king is not on its first rank");
    }
    let rook = match c.to_ascii_uppercase() {
        'K' => outermost_rook(pos, color, king, CastlingSide::KingSide)
            .ok_or("no rook on the king side")?,
        'Q' => outermost_rook(pos, color, king, CastlingSide::QueenSide)
            .ok_or("no rook on the queen side")?,
        f => {
            let sq = Square::new(king.rank() * 8 + (f as u32 - 'A' as u32));
            if !pos.pieces(color, Role::Rook).contains(sq) {
                return Err("no rook on that file");
            }
            if sq == king {
                return Err("no rook on that file");
            }
            sq
        }
    };
    if !chess960 {
        let home = if color == Color::White {
            Square::E1
        } else {
            Square::E8
        };
        if king != home {
            return Err("the king is not on its home square");
        }
        if rook.file() != 0 && rook.file() != 7 {
            return Err("the rook is not in a corner");
        }
    }
    Ok(rook)
}

fn parse_ep(pos: &mut Chess, text: &str, relaxed: bool) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let square: Square = text
        .parse()
        .map_err(|_| FenError::EnPassantSyntax(text.to_owned()))?;
    let us = pos.turn;
    let them = !us;
    let check = || -> Result<(), &'static str> {
        if square.relative_rank(us) != 5 {
            return Err("wrong rank for the side to move");
        }
        let pushed = Square::new((square.index() ^ 8) as u32);
        let origin = Square::new((square.index() ^ 24) as u32);
        if !pos.pieces(them, Role::Pawn).contains(pushed) {
            return Err("no pawn that just made a double step");
        }
        if pos.occupied().contains(square) || pos.occupied().contains(origin) {
            return Err("the squares the pawn passed are occupied");
        }
        Ok(())
    };
    match check() {
        Ok(()) => {
            if (super::attacks::pawn_attacks(them, square) & pos.pieces(us, Role::Pawn)).any() {
                pos.ep = Some(square);
            }
            Ok(Some(square))
        }
        Err(_) if relaxed => Ok(None),
        Err(reason) => Err(FenError::EnPassant { square, reason }),
    }
}

fn check_material(pos: &Chess) -> Result<(), FenError> {
    for color in Color::ALL {
        let count = |role| pos.pieces(color, role).count();
        let pawns = count(Role::Pawn);
        let promoted = count(Role::Knight).saturating_sub(2)
            + count(Role::Bishop).saturating_sub(2)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Queen).saturating_sub(1);
        if pos.by_color(color).count() > 16 || pawns > 8 || pawns + promoted > 8 {
            return Err(FenError::TooMuchMaterial(color));
        }
    }
    Ok(())
}

/// Checks that the checkers of the side to move could have been made by one legal move.
fn check_checkers(pos: &Chess, ep: Option<Square>) -> Result<(), FenError> {
    let Some(king) = pos.king_of(pos.turn) else {
        return Ok(());
    };
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return Ok(());
    }
    // An en passant square says the last move was that double step.
    if let Some(ep) = ep {
        let pushed_to = Square::new((ep.index() ^ 8) as u32);
        let pushed_from = Square::new((ep.index() ^ 24) as u32);
        if checkers.more_than_one() {
            return Err(FenError::ImpossibleCheck(
                "a double step gives at most one check",
            ));
        }
        let before = (pos.occupied() ^ pushed_to) | pushed_from;
        if checkers.first() != Some(pushed_to) && pos.attackers_to(king, !pos.turn, before).any() {
            return Err(FenError::ImpossibleCheck(
                "the check was there before the double step",
            ));
        }
        return Ok(());
    }
    if checkers.count() > 2 {
        return Err(FenError::ImpossibleCheck("more than two checkers"));
    }
    if let (Some(a), Some(b)) = (checkers.first(), checkers.last()) {
        if a != b {
            if super::attacks::aligned(a, b, king) {
                return Err(FenError::ImpossibleCheck(
                    "two checkers on one line with the king",
                ));
            }
            let sliders =
                pos.by_role(Role::Bishop) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
            if (checkers & sliders).is_empty() {
                return Err(FenError::ImpossibleCheck(
                    "two checkers and neither is a sliding piece",
                ));
            }
        }
    }
    Ok(())
}
