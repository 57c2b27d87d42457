//! Points and pieces as chess.js's inspection and setup methods see them — points named `a1`…`h8`
//! (chess) or `a0`…`i9` (Xiangqi, ICCS), pieces as `{type, color}` with the FEN letter in lower
//! case — over the core's editable boards ([`qipan::board::Editable`]).
//!
//! Conversion only: square names are read by the core, and which placements are refused, what
//! attacks a point and whether a king is in check are the core's answers.

use qipan::board::Editable;
use qipan::chess;
use qipan::xiangqi;
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

/// Files on a board of `V`.
pub fn files<V: Editable>() -> u8 {
    V::FILES as u8
}

/// Ranks on a board of `V`.
pub fn ranks<V: Editable>() -> u8 {
    (V::SQUARES / V::FILES) as u8
}

/// The core's square index of `point`.
pub fn index<V: Editable>(point: Point) -> usize {
    usize::from(point.rank) * V::FILES + usize::from(point.file)
}

/// The point of the core's square index `sq`.
pub fn point_of<V: Editable>(sq: usize) -> Point {
    Point {
        file: (sq % V::FILES) as u8,
        rank: (sq / V::FILES) as u8,
    }
}

/// The name of `point` (`e4`, `e0`).
pub fn name<V: Editable>(point: Point) -> String {
    V::square_name(index::<V>(point))
}

/// The point of a name, `None` for anything else (the core's reader of square names).
pub fn parse<V: Editable>(name: &str) -> Option<Point> {
    V::parse_square(name).map(point_of::<V>)
}

/// Every point in chess.js's board order: the last rank first, each from file `a`.
pub fn points<V: Editable>() -> impl Iterator<Item = Point> {
    (0..ranks::<V>())
        .rev()
        .flat_map(|rank| (0..files::<V>()).map(move |file| Point { file, rank }))
}

/// The piece on `point` of a set-up.
pub fn piece<V: Editable>(setup: &V::Setup, point: Point) -> Option<PieceCode> {
    V::setup_piece(setup, index::<V>(point)).map(V::piece_code)
}

/// chess.js's `put` (`remove` with `None`) on a set-up: `false`, and nothing changed, for an
/// unknown piece letter or a piece the core refuses there ([`Editable::put`]).
pub fn place<V: Editable>(setup: &mut V::Setup, point: Point, piece: Option<PieceCode>) -> bool {
    let piece = match piece {
        None => None,
        Some((letter, color)) => match V::piece_of_code(letter, color) {
            Some(piece) => Some(piece),
            None => return false,
        },
    };
    V::put(setup, index::<V>(point), piece)
}

/// The points of the pieces of `by` that attack `point` of a set-up.
pub fn attackers<V: Editable>(setup: &V::Setup, point: Point, by: Color) -> Vec<Point> {
    V::setup_attackers(setup, index::<V>(point), by)
        .into_iter()
        .map(point_of::<V>)
        .collect()
}

/// The point of a chess square.
pub fn chess_point(sq: chess::Square) -> Point {
    Point {
        file: sq.file() as u8,
        rank: sq.rank() as u8,
    }
}

/// The point of a Xiangqi square.
pub fn xiangqi_point(sq: xiangqi::Square) -> Point {
    Point {
        file: sq.file(),
        rank: sq.rank(),
    }
}
