//! Polyglot opening books: reading ([`Book`]) and writing ([`BookBuilder`]).
//!
//! A book is a sorted array of 16-byte big-endian entries: the position's Polyglot zobrist key
//! ([`Chess::zobrist`]), the move, a weight and a 32-bit learn value. Lookups are binary searches
//! on the key; a book is read from bytes ([`Book::from_bytes`], what JavaScript hands over) or
//! from a file with positioned reads, never loaded whole ([`Book::open`]).
//!
//! Moves are resolved against the position exactly as python-chess resolves them: castling
//! written king-takes-rook (`e1h1`) is the castling move when a king stands on e1 or e8 in a
//! standard-chess position (in Chess960 king-takes-rook is castling anyway), promotions decode,
//! and an entry whose move is not legal in the position is skipped.
//!
//! Bad books: a length that is not a multiple of 16 is [`BookError::Truncated`] when the book is
//! opened. Keys out of order cannot be seen without reading the whole book, so lookups do what
//! python-chess does (a bounded binary search that may miss entries) and [`Book::verify`]
//! reports the first entry out of order. Nothing panics or loops on any bytes.
//!
//! ```
//! use qipan::chess::polyglot::{Book, BookBuilder};
//! use qipan::{Chess, Variant};
//! let mut builder = BookBuilder::new();
//! builder.min_games = 1;
//! builder.add_pgn(b"[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n");
//! let book = Book::from_bytes(builder.to_bytes()).unwrap();
//! let found = book.find(&Chess::start(), 1, &[]).unwrap().unwrap();
//! assert_eq!(Chess::start().uci(found.mv), "e2e4");
//! assert_eq!(found.entry.weight, 2); // one win for the side that played it
//! ```

mod reader;
mod writer;

pub use reader::{uniform_pick, weighted_pick, Book, BookEntry, BookSource, FileSource};
pub use writer::BookBuilder;

use std::fmt;

use super::{Bitboard, Chess, Move, MoveKind, Role, Square};

/// The size of one book entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry of a book as stored: key, move, weight and learn value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The Polyglot zobrist key of the position ([`Chess::zobrist`]).
    pub key: u64,
    /// The move as stored: `to | from << 6 | promotion << 12`.
    pub raw_move: u16,
    /// The weight (Polyglot's own writer stores twice the wins plus the draws).
    pub weight: u16,
    /// The learn value (unused by most books).
    pub learn: u32,
}

impl Entry {
    /// The entry of 16 big-endian bytes.
    pub fn from_bytes(bytes: [u8; ENTRY_SIZE]) -> Entry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = bytes;
        Entry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The 16 big-endian bytes of the entry.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut out = [0; ENTRY_SIZE];
        out[..8].copy_from_slice(&self.key.to_be_bytes());
        out[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        out[10..12].copy_from_slice(&self.weight.to_be_bytes());
        out[12..].copy_from_slice(&self.learn.to_be_bytes());
        out
    }

    /// The stored move, decoded but not resolved against a position.
    pub fn raw(&self) -> RawMove {
        RawMove::decode(self.raw_move)
    }
}

/// A book move as stored, before it meets a position: castling is still king-takes-rook.
///
/// `promotion` is the promotion piece as python-chess numbers piece types (0 none, 2 knight,
/// 3 bishop, 4 rook, 5 queen; 6 to 8 are nonsense a damaged book may hold). When `from == to`
/// python-chess reads the move as a drop of that piece type instead ([`RawMove::drop`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to (the rook's square for castling).
    pub to: Square,
    /// The promotion piece type in python-chess numbering, 0 for none.
    pub promotion: u8,
}

impl RawMove {
    /// Decodes the 16-bit book move.
    pub fn decode(raw: u16) -> RawMove {
        let bits = u32::from(raw);
        let part = ((bits >> 12) & 7) as u8;
        RawMove {
            from: Square::new((bits >> 6) & 63),
            to: Square::new(bits & 63),
            promotion: if part == 0 { 0 } else { part + 1 },
        }
    }

    /// The promotion role, if the move promotes to a knight, bishop, rook or queen.
    pub fn promotion_role(self) -> Option<Role> {
        match self.promotion {
            2 => Some(Role::Knight),
            3 => Some(Role::Bishop),
            4 => Some(Role::Rook),
            5 => Some(Role::Queen),
            _ => None,
        }
    }

    /// The piece type (python-chess numbering) of a drop: a move with `from == to` and a
    /// promotion part. Drops are never legal in chess.
    pub fn drop(self) -> Option<u8> {
        (self.from == self.to && self.promotion != 0).then_some(self.promotion)
    }

    /// The move in UCI as python-chess writes the raw move (`e1h1` for castling, `e7e8q`);
    /// a drop is written `Q@e4`, nonsense promotion numbers as `?`.
    pub fn uci(self) -> String {
        const SYMBOLS: [char; 9] = ['?', 'p', 'n', 'b', 'r', 'q', 'k', '?', '?'];
        if let Some(piece) = self.drop() {
            return format!(
                "{}@{}",
                SYMBOLS[usize::from(piece)].to_ascii_uppercase(),
                self.to
            );
        }
        if self.from == Square::A1 && self.to == Square::A1 && self.promotion == 0 {
            return "0000".to_owned();
        }
        let mut text = format!("{}{}", self.from, self.to);
        if self.promotion != 0 {
            text.push(SYMBOLS[usize::from(self.promotion)]);
        }
        text
    }

    /// The move as coordinates read without a position ([`CoordMove`](crate::CoordMove)), as
    /// python-chess's raw `Entry.move`: a drop for `from == to` with a piece, the null move for
    /// a1a1. The nonsense promotion numbers 7 and 8 of a damaged book are left out (no piece
    /// has them; [`RawMove::uci`] writes them `?`).
    pub fn coords(self) -> crate::CoordMove {
        let piece = usize::from(self.promotion)
            .checked_sub(1)
            .and_then(|i| Role::ALL.get(i).copied());
        match (self.drop(), piece) {
            (Some(_), Some(role)) => crate::CoordMove::drop(role, self.to),
            _ if self.from == Square::A1 && self.to == Square::A1 && self.promotion == 0 => {
                crate::CoordMove::NULL
            }
            _ => crate::CoordMove::chess(self.from, self.to, piece),
        }
    }

    /// The legal move of `pos` this book move stands for, decided as python-chess decides
    /// (`find_all`): in a standard-chess position, a move from e1 (e8) to h1 or a1 (h8 or a8)
    /// with a king on e1 (e8) is castling; otherwise the move must equal a legal move, with
    /// castling written as the king's two-square move in standard chess and as king-takes-rook
    /// in Chess960. `None` when no legal move matches.
    pub fn resolve(self, pos: &Chess) -> Option<Move> {
        if self.from == self.to || self.promotion > 5 {
            return None;
        }
        let mut to = self.to;
        let chess960 = pos.chess960();
        if !chess960 && self.promotion == 0 && pos.by_role(Role::King).contains(self.from) {
            to = match (self.from, self.to) {
                (Square::E1, Square::H1) => Square::G1,
                (Square::E1, Square::A1) => Square::C1,
                (Square::E8, Square::H8) => Square::G8,
                (Square::E8, Square::A8) => Square::C8,
                _ => self.to,
            };
        }
        legal_move_like_python_chess(pos, self.from, to, self.promotion_role())
    }
}

/// The legal move of `pos` that python-chess writes as `Move(from, to, promotion)`: castling is
/// the king's two-square move in standard chess and king-takes-rook in Chess960. This is how
/// python-chess compares a book move (or a move to exclude) with the legal moves.
pub fn legal_move_like_python_chess(
    pos: &Chess,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let chess960 = pos.chess960();
    let wanted = (from, to, promotion);
    let (found, _) = pos.find_legal(Bitboard::from_square(from), Bitboard::FULL, |mv| {
        python_chess_move(mv, chess960) == wanted
    });
    found
}

/// A move as python-chess's `Move` sees it: castling is the king's two-square move in standard
/// chess and king-takes-rook in Chess960.
fn python_chess_move(mv: Move, chess960: bool) -> (Square, Square, Option<Role>) {
    match mv.kind() {
        MoveKind::Castle if !chess960 => {
            let side = mv.castling_side().unwrap_or(super::CastlingSide::KingSide);
            let king_to = Square::from_coords(side.king_to_file(), mv.from().rank());
            (mv.from(), king_to.unwrap_or(mv.to()), None)
        }
        kind => (
            mv.from(),
            mv.to(),
            match kind {
                MoveKind::Promotion(role) => Some(role),
                _ => None,
            },
        ),
    }
}

/// The 16-bit book encoding of a move (castling king-takes-rook, as qipan stores it).
pub fn encode_move(mv: Move) -> u16 {
    let promotion = match mv.kind() {
        MoveKind::Promotion(Role::Knight) => 1,
        MoveKind::Promotion(Role::Bishop) => 2,
        MoveKind::Promotion(Role::Rook) => 3,
        MoveKind::Promotion(Role::Queen) => 4,
        _ => 0,
    };
    (mv.to().index() as u16) | (mv.from().index() as u16) << 6 | promotion << 12
}

/// Why a book could not be read.
#[derive(Debug)]
pub enum BookError {
    /// The book's length is not a multiple of 16 bytes: it is cut off or not a book.
    Truncated {
        /// The length in bytes.
        len: u64,
    },
    /// Entry `index` has a smaller key than the entry before it: binary search cannot find
    /// every entry (reported by [`Book::verify`]).
    Unsorted {
        /// The 0-based index of the first entry out of order.
        index: u64,
    },
    /// An index past the last entry.
    OutOfRange {
        /// The index asked for.
        index: u64,
        /// The number of entries.
        len: u64,
    },
    /// Reading the book failed.
    Io(std::io::Error),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Truncated { len } => write!(
                f,
                "not a Polyglot book: its length ({len} bytes) is not a multiple of 16"
            ),
            BookError::Unsorted { index } => write!(
                f,
                "Polyglot book entry {index} is out of order (keys must be sorted)"
            ),
            BookError::OutOfRange { index, len } => {
                write!(
                    f,
                    "book entry index {index} out of range (the book has {len})"
                )
            }
            BookError::Io(e) => write!(f, "reading the Polyglot book failed: {e}"),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for BookError {
    fn from(e: std::io::Error) -> Self {
        BookError::Io(e)
    }
}

#[cfg(test)]
mod tests;
