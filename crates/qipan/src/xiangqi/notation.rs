//! What WXF and Chinese notation share: which piece moves (kind, file, place among the pieces of
//! its kind on that file), in which direction, and how far.
//!
//! A move is [`describe`]d from the position; text is read into a [`Pattern`] and [`resolve`]d
//! against the descriptions of every legal move, so reading and writing use the same facts.
//!
//! ```
//! use qipan::{Variant, Xiangqi};
//! let pos = Xiangqi::start();
//! let mv = pos.parse_iccs("h2e2").unwrap();
//! assert_eq!(pos.wxf(mv), "C2.5");
//! assert_eq!(pos.chinese(mv), "炮二平五");
//! ```

use super::position::KIND_SLOTS;
use super::tables::{COORDS, NONE};
use super::{Move, Role, Square, Xiangqi};
use crate::{Color, MoveError, Variant};

/// Longest text (in bytes) a WXF or Chinese reader looks at; anything longer is invalid.
pub(crate) const MAX_LEN: usize = 64;

/// `text.trim()`, without looking for white space outside ASCII when the text starts and ends
/// with ASCII that is no white space (every move word of a record).
pub(crate) fn trim(text: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii() && !b.is_ascii_whitespace());
    let bytes = text.as_bytes();
    if plain(bytes.first()) && plain(bytes.last()) {
        text
    } else {
        text.trim()
    }
}

/// The direction of a move, from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dir {
    /// Towards the opponent (`+`, 进).
    Advance,
    /// Towards the own side (`-`, 退).
    Retreat,
    /// Along the rank (`.`, 平).
    Traverse,
}

/// Which of the pieces of one kind on one file the text names; `index` counts from the front
/// (the piece closest to the opponent is 0), `count` is how many stand on the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Which {
    /// Any of them (the text gave just the file).
    Any,
    /// The foremost (前, WXF `++`, or `+` after a file digit).
    Front,
    /// The rearmost (后, WXF `--`, or `-` after a file digit).
    Rear,
    /// The middle one of three or five (中; WXF repeats the file digit).
    Middle,
    /// The `k`-th from the front, 0-based (一兵, 二兵...).
    Nth(u8),
    /// WXF `+` after the piece letter: the front one of two or three, the second of four or five.
    WxfFront,
    /// WXF `-` after the piece letter: the rear one of two or three, the second-rearmost of four
    /// or five.
    WxfRear,
    /// A WXF pawn given by its file: the middle one when three or five share the file, else any.
    WxfPlainPawn,
}

impl Which {
    fn accepts(self, index: u8, count: u8) -> bool {
        let tandem = count >= 2;
        match self {
            Which::Any => true,
            Which::Front => tandem && index == 0,
            Which::Rear => tandem && index + 1 == count,
            Which::Middle => count % 2 == 1 && count >= 3 && index == count / 2,
            Which::Nth(k) => tandem && index == k,
            Which::WxfFront => tandem && index == u8::from(count >= 4),
            Which::WxfRear => tandem && index + 1 + u8::from(count >= 4) == count,
            Which::WxfPlainPawn => {
                if count % 2 == 1 && count >= 3 {
                    index == count / 2
                } else {
                    true
                }
            }
        }
    }
}

/// A move as the notations see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Described {
    /// The mover's side.
    pub color: Color,
    /// The mover's kind.
    pub kind: Role,
    /// The file it leaves, 1–9 counted from the mover's right.
    pub file: u8,
    /// Its place among the pieces of its kind and side on that file, 0 = foremost.
    pub index: u8,
    /// How many pieces of its kind and side stand on that file.
    pub count: u8,
    /// On how many files two or more pieces of its kind and side stand.
    pub tandem_files: u8,
    /// The direction.
    pub dir: Dir,
    /// Steps (straight pieces moving along the file) or the destination file (1–9, own count).
    pub num: u8,
}

impl Described {
    /// Whether the mover's file is told by `+`/`-`/... rather than by its number.
    pub(crate) fn is_tandem(&self) -> bool {
        self.count >= 2 && !matches!(self.kind, Role::Advisor | Role::Elephant)
    }

    /// Whether pawns are told apart by file digit and place (two files with several pawns).
    pub(crate) fn pawn_files(&self) -> bool {
        self.kind == Role::Soldier && self.tandem_files >= 2
    }
}

/// A file 0–8 (from Red's left) as counted from `color`'s right, 1–9.
pub(crate) const fn own_file(color: Color, file: u8) -> u8 {
    match color {
        Color::White => 9 - file,
        Color::Black => file + 1,
    }
}

/// How far forward `rank` is for `color` (bigger = closer to the opponent).
fn forward(color: Color, rank: u8) -> i8 {
    match color {
        Color::White => rank as i8,
        Color::Black => -(rank as i8),
    }
}

/// Describes `mv` in `pos`; `None` when no piece of the side to move stands on its from-square.
pub(crate) fn describe(pos: &Xiangqi, mv: Move) -> Option<Described> {
    let (from, to) = (mv.from(), mv.to());
    let piece = pos.piece_at(from)?;
    let color = piece.color;
    let mut per_file = [0u8; 9];
    let (mut index, mut count) = (0u8, 0u8);
    for (sq, p) in pos.pieces(color) {
        if p.role != piece.role {
            continue;
        }
        per_file[sq.file() as usize] += 1;
        if sq.file() == from.file() {
            count += 1;
            if forward(color, sq.rank()) > forward(color, from.rank()) {
                index += 1;
            }
        }
    }
    let tandem_files = per_file.iter().filter(|&&n| n >= 2).count() as u8;
    let dir = if to.rank() == from.rank() {
        Dir::Traverse
    } else if forward(color, to.rank()) > forward(color, from.rank()) {
        Dir::Advance
    } else {
        Dir::Retreat
    };
    let diagonal = matches!(piece.role, Role::Advisor | Role::Elephant | Role::Horse);
    let num = if dir == Dir::Traverse || diagonal {
        own_file(color, to.file())
    } else {
        to.rank().abs_diff(from.rank())
    };
    Some(Described {
        color,
        kind: piece.role,
        file: own_file(color, from.file()),
        index,
        count,
        tandem_files,
        dir,
        num,
    })
}

/// What a piece of text says about a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// The kind of the mover.
    pub kind: Role,
    /// Its file (1–9, own count), when the text gives it.
    pub file: Option<u8>,
    /// Which one on its file.
    pub which: Which,
    /// The direction.
    pub dir: Dir,
    /// Steps or destination file, as in [`Described::num`].
    pub num: u8,
}

impl Pattern {
    fn matches(&self, d: &Described) -> bool {
        self.kind == d.kind
            && self.file.map_or(true, |f| f == d.file)
            && self.which.accepts(d.index, d.count)
            && self.dir == d.dir
            && self.num == d.num
    }
}

/// The one legal move that fits `pattern`: [`MoveError::Illegal`] when none does,
/// [`MoveError::Ambiguous`] (candidates in WXF) when several do.
///
/// No move list: a piece and a direction with a number name one target point, so each piece of
/// the named kind (and file, and place on it) gives at most one move to test for legality. What
/// it finds is what [`resolve_by_list`] finds among the legal moves (tested side by side below),
/// which words the ambiguity. `not_in_check`: see [`Xiangqi::is_legal_knowing`].
// Inlined into the two readers, so that the pattern they read stays in registers.
#[inline(always)]
pub(crate) fn resolve(
    pos: &Xiangqi,
    text: &str,
    pattern: &Pattern,
    not_in_check: bool,
) -> Result<Move, MoveError> {
    let color = pos.turn;
    let (lo, hi) = KIND_SLOTS[pattern.kind.index()];
    let kind_slots = &pos.slots[color.index()][lo..hi];
    let mut found = None;
    for &point in kind_slots {
        // The file and rank by table (a captured piece's `NONE` is on no file).
        let at = COORDS[usize::from(point)];
        if at == COORDS[usize::from(NONE)] {
            continue;
        }
        let (file, rank) = (at & 15, at >> 4);
        if pattern.file.is_some_and(|f| f != own_file(color, file)) {
            continue;
        }
        let from = Square(point);
        // Its place among the pieces of its kind on its file, as `describe` counts it (any
        // place is accepted when the text gives none).
        if pattern.which != Which::Any {
            let (mut index, mut count) = (0u8, 0u8);
            for &other in kind_slots {
                let other = COORDS[usize::from(other)];
                if other & 15 == file {
                    count += 1;
                    index += u8::from(forward(color, other >> 4) > forward(color, rank));
                }
            }
            if !pattern.which.accepts(index, count) {
                continue;
            }
        }
        let Some(to) = target(color, pattern, from) else {
            continue;
        };
        let mv = Move::new(from, to);
        if pos.is_legal_knowing(mv, not_in_check) {
            if found.is_some() {
                return resolve_by_list(pos, text, pattern);
            }
            found = Some(mv);
        }
    }
    found.ok_or_else(|| MoveError::illegal(text, pos.fen()))
}

/// The point a piece of `pattern.kind` and of `color` on `from` reaches by the direction and
/// number of `pattern` (the one move `describe` gives them), if it is on the board.
#[inline(always)]
fn target(color: Color, pattern: &Pattern, from: Square) -> Option<Square> {
    if !(1..=9).contains(&pattern.num) {
        return None;
    }
    // The file of an own-count number: the inverse of `own_file`.
    let file_of = |n: u8| match color {
        Color::White => 9 - n,
        Color::Black => n - 1,
    };
    let ahead = |steps: u8| -> Option<u8> {
        let rank = i16::from(from.rank());
        let steps = i16::from(steps);
        let forward = if color == Color::White { steps } else { -steps };
        let rank = match pattern.dir {
            Dir::Advance => rank + forward,
            Dir::Retreat => rank - forward,
            Dir::Traverse => return None,
        };
        u8::try_from(rank).ok()
    };
    let (file, rank) = match pattern.kind {
        Role::Advisor | Role::Elephant | Role::Horse => {
            let file = file_of(pattern.num);
            let steps = match (pattern.kind, file.abs_diff(from.file())) {
                (Role::Advisor, 1) => 1,
                (Role::Elephant, 2) => 2,
                (Role::Horse, 1) => 2,
                (Role::Horse, 2) => 1,
                _ => return None,
            };
            (file, ahead(steps)?)
        }
        _ if pattern.dir == Dir::Traverse => (file_of(pattern.num), from.rank()),
        _ => (from.file(), ahead(pattern.num)?),
    };
    Square::try_new(file, rank)
}

/// [`resolve`] by describing every legal move of the named kind: the reference it is tested
/// against, and the wording of an ambiguity (the candidates in the order of the legal moves).
pub(crate) fn resolve_by_list(
    pos: &Xiangqi,
    text: &str,
    pattern: &Pattern,
) -> Result<Move, MoveError> {
    // Only the moves of the named kind are described: describing a move looks at every piece
    // of its side, and a position has some forty legal moves.
    let fits = |mv: Move| {
        pos.piece_at(mv.from()).is_some_and(|p| {
            p.role == pattern.kind
                && pattern
                    .file
                    .map_or(true, |f| f == own_file(p.color, mv.from().file()))
        }) && describe(pos, mv).is_some_and(|d| pattern.matches(&d))
    };
    let moves = pos.legal_moves();
    let mut found = moves.iter().copied().filter(|&mv| fits(mv));
    match (found.next(), found.next()) {
        (None, _) => Err(MoveError::illegal(text, pos.fen())),
        (Some(mv), None) => Ok(mv),
        (Some(_), Some(_)) => Err(MoveError::Ambiguous {
            text: text.to_owned(),
            candidates: moves
                .iter()
                .copied()
                .filter(|&mv| fits(mv))
                .map(|mv| pos.wxf(mv))
                .collect(),
        }),
    }
}

#[cfg(test)]
#[path = "notation_tests.rs"]
mod tests;
