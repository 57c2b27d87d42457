//! FEN in the WXF/UCCI form, read with validation and written in the standard form.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ranks from 9 (Black's
//! back rank) down to 0, files `a`–`i`; letters `K A B N R C P`, upper case Red; `E` is read as
//! `B` and `H` as `N`. The side is `w` or `r` for Red, `b` for Black. The two `-` fields and the
//! clocks (plies since the last capture, move number) are optional on input (`0 1` when missing).
//!
//! ```
//! use qipan::{Variant, Xiangqi};
//! use qipan::xiangqi::FenError;
//! let pos = Xiangqi::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
//! assert_eq!(pos, Xiangqi::start());
//! assert_eq!("4k4/9/9/9/9/9/9/9/9/3K5 b".parse::<Xiangqi>().unwrap().fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
//! // Generals facing on an open file:
//! assert_eq!(Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w"), Err(FenError::FacingGenerals));
//! ```

use super::tables::{is_advisor_point, is_elephant_point};
use super::{Piece, Role, Square, Xiangqi};
use crate::Color;

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 2, 4 or 6 fields (board, side, `-`, `-`, halfmove clock, move number).
    #[error(
        "expected 2 to 6 space-separated fields (board, side, -, -, halfmove, fullmove), found {0}"
    )]
    FieldCount(usize),
    /// The board does not have 10 ranks separated by `/`.
    #[error("the board must have 10 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank is not 9 points wide, or has a bad character.
    #[error("rank {rank} ({text:?}) must describe exactly 9 points")]
    BadRank {
        /// The rank, 9 (first in the FEN) to 0.
        rank: u8,
        /// Its text.
        text: String,
    },
    /// A letter that is no piece.
    #[error("unknown piece letter {0:?} (expected one of KABNRCP, E, H, either case)")]
    UnknownPiece(char),
    /// More pieces of a kind than a side starts with.
    #[error("too many {} {}s (at most {})", .color.name_xq(), .role.name(), .role.max_count())]
    TooMany {
        /// The side.
        color: Color,
        /// The kind of piece.
        role: Role,
    },
    /// A piece on a point it can never reach.
    #[error("{} {} on {square}: it can never stand there", .piece.color.name_xq(), .piece.role.name())]
    BadSquare {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// A side has no general.
    #[error("{} has no general", .0.name_xq())]
    MissingGeneral(Color),
    /// The generals face each other on an open file.
    #[error("the generals face each other on an open file")]
    FacingGenerals,
    /// The side that is not to move is in check.
    #[error("{} is in check but it is not its turn", .0.name_xq())]
    OppositeCheck(Color),
    /// The side field is not `w`, `r` or `b`.
    #[error("side to move must be 'w' (or 'r') or 'b', found {0:?}")]
    BadSide(String),
    /// A clock is not a number (or the move number is 0).
    #[error("bad clock {0:?}: expected halfmove clock and move number (at least 1)")]
    BadClock(String),
}

trait XqName {
    fn name_xq(&self) -> &'static str;
}

impl XqName for Color {
    fn name_xq(&self) -> &'static str {
        match self {
            Color::White => "red",
            Color::Black => "black",
        }
    }
}

/// Whether `piece` may ever stand on `sq`.
pub(crate) fn reachable(piece: Piece, sq: Square) -> bool {
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    let own_rank = if piece.color == Color::White {
        r
    } else {
        9 - r
    };
    match piece.role {
        Role::General => sq.in_palace(piece.color),
        Role::Advisor => sq.in_palace(piece.color) && is_advisor_point(f, r),
        Role::Elephant => sq.on_own_side(piece.color) && is_elephant_point(f, r),
        Role::Soldier => own_rank >= 5 || (own_rank >= 3 && f % 2 == 0),
        _ => true,
    }
}

impl std::str::FromStr for Xiangqi {
    type Err = FenError;
    /// [`Xiangqi::from_fen`].
    fn from_str(fen: &str) -> Result<Xiangqi, FenError> {
        Xiangqi::from_fen(fen)
    }
}

impl Xiangqi {
    /// Reads and validates a FEN: WXF/UCCI form, letters `KABNRCP` (`E`, `H` read too), side
    /// `w`/`r`/`b`, the two `-` fields and the clocks optional. See [`FenError`] for what is
    /// rejected. The text is read into a [`Setup`](super::Setup), which
    /// [`Xiangqi::from_setup`] validates: every Xiangqi FEN reader comes here.
    pub fn from_fen(fen: &str) -> Result<Xiangqi, FenError> {
        let setup = super::Setup::from_fen(fen)?;
        Xiangqi::from_setup(setup).map_err(FenError::from)
    }

    /// The placement and fields of a FEN, syntax only: each piece on a point it can reach and
    /// no more of a kind than a side starts with (what a [`Setup`](super::Setup) can hold), but
    /// not asked whether it can be played.
    pub(crate) fn read_fen_placement(fen: &str) -> Result<Xiangqi, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(2..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Xiangqi::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let bad = || FenError::BadRank {
                rank,
                text: (*text).to_owned(),
            };
            let mut file = 0u8;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(bad());
                    }
                    file = file.saturating_add(d as u8);
                } else if c.is_ascii_alphabetic() {
                    let piece = Piece::from_fen_char(c).ok_or(FenError::UnknownPiece(c))?;
                    let square = Square::try_new(file, rank).ok_or_else(bad)?;
                    if !reachable(piece, square) {
                        return Err(FenError::BadSquare { piece, square });
                    }
                    if !pos.put(square.index(), piece) {
                        return Err(FenError::TooMany {
                            color: piece.color,
                            role: piece.role,
                        });
                    }
                    file += 1;
                } else {
                    return Err(FenError::UnknownPiece(c));
                }
                if file > 9 {
                    return Err(bad());
                }
            }
            if file != 9 {
                return Err(bad());
            }
        }
        pos.turn = match fields[1] {
            "w" | "r" | "W" | "R" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenError::BadSide(other.to_owned())),
        };
        let mut rest = &fields[2..];
        // The castling and en passant fields of chess FEN, always '-' in Xiangqi.
        while let Some((&"-", tail)) = rest.split_first() {
            rest = tail;
        }
        let clock = |s: &str, min: u32| {
            s.parse::<u32>()
                .ok()
                .filter(|&n| n >= min)
                .ok_or_else(|| FenError::BadClock(s.to_owned()))
        };
        match rest {
            [] => {}
            [half] => pos.halfmove = clock(half, 0)?,
            [half, full] => {
                pos.halfmove = clock(half, 0)?;
                pos.fullmove = clock(full, 1)?;
            }
            _ => return Err(FenError::FieldCount(fields.len())),
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// Writes the FEN: `board w|b - - halfmove fullmove`.
    pub(crate) fn write_fen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.piece_at(Square::new(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.turn == Color::White { 'w' } else { 'b' };
        out.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        out
    }
}
