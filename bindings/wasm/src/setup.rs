//! [`JsSetup`]: a board of either game as chess.js's inspection and setup methods see it —
//! points named `a1`…`h8` (chess) or `a0`…`i9` (Xiangqi, ICCS), pieces as `{type, color}` with the
//! FEN letter in lower case — over the core's setups ([`qipan::chess::Setup`],
//! [`qipan::xiangqi::Setup`]), which hold any placement, playable or not.
//!
//! Conversion only: which placements are refused, what attacks a point and whether a king is in
//! check are the core's answers.

use qipan::chess::{self, Bitboard, Role};
use qipan::xiangqi::{self, PieceKind};
use qipan::Color;

/// A point of a board: file 0 (`a`) up, rank 0 (the first rank, White's / Red's side) up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    /// 0 for file `a`.
    pub file: u8,
    /// 0 for the first rank (`1` in chess, `0` in Xiangqi).
    pub rank: u8,
}

/// A piece as chess.js gives it: the lower-case FEN letter and the side.
pub type PieceCode = (char, Color);

/// A board being set up, playable or not.
pub trait JsSetup: Copy + std::fmt::Debug {
    /// Files on the board.
    const FILES: u8;
    /// Ranks on the board.
    const RANKS: u8;
    /// The digit of the first rank in square names (1 in chess, 0 in ICCS).
    const FIRST_RANK: u8;

    /// An empty board, White / Red to move.
    fn empty() -> Self;
    /// The piece on `point`.
    fn piece(&self, point: Point) -> Option<PieceCode>;
    /// Puts `piece` on `point` (or empties it); `false`, and nothing changed, when the core
    /// refuses the piece there or chess.js would (a second king of one side).
    fn place(&mut self, point: Point, piece: Option<PieceCode>) -> bool;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The points of the pieces of `by` that attack `point`.
    fn attackers(&self, point: Point, by: Color) -> Vec<Point>;
    /// Whether the side to move has a king / general and it is attacked.
    fn is_check(&self) -> bool;
    /// The FEN.
    fn fen(&self) -> String;

    /// The name of `point` (`e4`, `e0`).
    fn name(point: Point) -> String {
        format!(
            "{}{}",
            char::from(b'a' + point.file),
            point.rank + Self::FIRST_RANK
        )
    }

    /// The point of a name, `None` for anything else.
    fn parse(name: &str) -> Option<Point> {
        let &[file, rank] = name.as_bytes() else {
            return None;
        };
        let file = file.checked_sub(b'a')?;
        let rank = rank.checked_sub(b'0')?.checked_sub(Self::FIRST_RANK)?;
        (file < Self::FILES && rank < Self::RANKS).then_some(Point { file, rank })
    }

    /// Every point in chess.js's board order: the last rank first, each from file `a`.
    fn points() -> impl Iterator<Item = Point> {
        (0..Self::RANKS)
            .rev()
            .flat_map(|rank| (0..Self::FILES).map(move |file| Point { file, rank }))
    }
}

fn chess_square(point: Point) -> chess::Square {
    chess::Square::new(u32::from(point.rank) * 8 + u32::from(point.file))
}

/// The point of a chess square.
pub fn chess_point(sq: chess::Square) -> Point {
    Point {
        file: sq.file() as u8,
        rank: sq.rank() as u8,
    }
}

impl JsSetup for chess::Setup {
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    const FIRST_RANK: u8 = 1;

    fn empty() -> Self {
        chess::Setup::empty()
    }

    fn piece(&self, point: Point) -> Option<PieceCode> {
        self.piece_at(chess_square(point))
            .map(|p| (p.role.char(), p.color))
    }

    fn place(&mut self, point: Point, piece: Option<PieceCode>) -> bool {
        let sq = chess_square(point);
        let piece = match piece {
            None => None,
            Some((letter, color)) => {
                let Some(role) = Role::from_char(letter) else {
                    return false;
                };
                // chess.js keeps one king a side: a second one elsewhere is refused.
                let kings = self.pieces(color, Role::King);
                if role == Role::King && (kings & !Bitboard::from_square(sq)).any() {
                    return false;
                }
                Some(chess::Piece { color, role })
            }
        };
        self.set_piece_at(sq, piece);
        // As chess.js 1.4.0 after put/remove: castling rights the placement no longer supports
        // are dropped, and so is the en passant square (its test compares empty squares with
        // `null` where they are `undefined`, so it clears the square after every edit).
        self.castling_rights = self.clean_castling_rights();
        self.ep_square = None;
        true
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn attackers(&self, point: Point, by: Color) -> Vec<Point> {
        chess::Setup::attackers(self, chess_square(point), by)
            .into_iter()
            .map(chess_point)
            .collect()
    }

    fn is_check(&self) -> bool {
        chess::Setup::is_check(self)
    }

    fn fen(&self) -> String {
        chess::Setup::fen(self)
    }
}

fn xiangqi_square(point: Point) -> xiangqi::Square {
    xiangqi::Square::new(point.file, point.rank)
}

/// The point of a Xiangqi square.
pub fn xiangqi_point(sq: xiangqi::Square) -> Point {
    Point {
        file: sq.file(),
        rank: sq.rank(),
    }
}

impl JsSetup for xiangqi::Setup {
    const FILES: u8 = 9;
    const RANKS: u8 = 10;
    const FIRST_RANK: u8 = 0;

    fn empty() -> Self {
        xiangqi::Setup::empty()
    }

    fn piece(&self, point: Point) -> Option<PieceCode> {
        self.piece_at(xiangqi_square(point))
            .map(|p| (p.kind.fen_char().to_ascii_lowercase(), p.color))
    }

    fn place(&mut self, point: Point, piece: Option<PieceCode>) -> bool {
        let piece = match piece {
            None => None,
            Some((letter, color)) => match PieceKind::from_fen_char(letter) {
                Some(kind) => Some(xiangqi::Piece { color, kind }),
                None => return false,
            },
        };
        self.set_piece_at(xiangqi_square(point), piece).is_ok()
    }

    fn turn(&self) -> Color {
        xiangqi::Setup::turn(self)
    }

    fn attackers(&self, point: Point, by: Color) -> Vec<Point> {
        xiangqi::Setup::attackers(self, xiangqi_square(point), by)
            .into_iter()
            .map(xiangqi_point)
            .collect()
    }

    fn is_check(&self) -> bool {
        xiangqi::Setup::is_check(self)
    }

    fn fen(&self) -> String {
        xiangqi::Setup::fen(self)
    }
}
