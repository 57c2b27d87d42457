//! The position, [`Xiangqi`]: a mailbox board with per-side piece lists and per-rank / per-file
//! occupancy masks, the side to move, the clocks and an incrementally updated zobrist key.
//!
//! ```
//! use qipan::{Color, Variant, Xiangqi};
//! use qipan::xiangqi::{Piece, Role, Square};
//! let pos = Xiangqi::start();
//! assert_eq!(pos.piece_at(Square::new(4, 0)), Some(Piece { color: Color::RED, role: Role::General }));
//! assert_eq!(pos.general(Color::Black), Square::new(4, 9));
//! assert_eq!(pos.pieces(Color::RED).count(), 16);
//! // The red cannon on h2 attacks the black horse on h9 over the screen on h7.
//! assert!(pos.is_attacked(Square::new(7, 9), Color::RED));
//! // Both red elephants attack e2 (their eyes d1 and f1 are empty).
//! let attackers: Vec<Square> = pos.attackers(Square::new(4, 2), Color::RED).into_iter().collect();
//! assert_eq!(attackers, [Square::new(2, 0), Square::new(6, 0)]);
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};

use super::tables::NONE;
use super::zobrist::{PIECE_KEYS, SIDE_KEY};
use super::{Piece, Role, Square};
use crate::Color;

/// Board code of a red piece: `RED_TAG | slot`; of a black one `BLACK_TAG | slot`; 0 is empty.
pub(crate) const RED_TAG: u8 = 16;
/// See [`RED_TAG`].
pub(crate) const BLACK_TAG: u8 = 32;

/// Slot ranges of the piece list: 0 general, 1–2 advisors, 3–4 elephants, 5–6 horses,
/// 7–8 chariots, 9–10 cannons, 11–15 soldiers.
pub(crate) const SLOT_KIND: [Role; 16] = [
    Role::General,
    Role::Advisor,
    Role::Advisor,
    Role::Elephant,
    Role::Elephant,
    Role::Horse,
    Role::Horse,
    Role::Chariot,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// The first slot of each kind (indexed by [`Role::index`]), and one past the last.
pub(crate) const KIND_SLOTS: [(usize, usize); 7] =
    [(0, 1), (1, 3), (3, 5), (5, 7), (7, 9), (9, 11), (11, 16)];

/// The board tag of a side.
#[inline]
pub(crate) const fn tag(color: Color) -> u8 {
    RED_TAG << color as u8
}

/// Whether `code` is a piece of the side with tag `t` in slots `lo..hi`.
#[inline]
pub(crate) const fn is(code: u8, t: u8, lo: u8, hi: u8) -> bool {
    code & t != 0 && (code & 15) >= lo && (code & 15) < hi
}

/// The colour of a non-empty board code.
#[inline]
pub(crate) const fn code_color(code: u8) -> Color {
    if code & RED_TAG != 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The zobrist row of a non-empty board code.
#[inline]
fn key_row(code: u8) -> usize {
    (code >> 5) as usize * 7 + SLOT_KIND[(code & 15) as usize] as usize
}

/// The first `K` blockers above bit `p` in an occupancy mask of `n` points, nearest first, as
/// positions; `n` when there is none. Branchless.
#[inline(always)]
pub(crate) fn blockers_up<const K: usize>(occ: u32, p: u32, n: i32) -> [i32; K] {
    let mut above = occ & !((2u32 << p) - 1);
    let mut out = [n; K];
    for o in out.iter_mut() {
        *o = (above.trailing_zeros() as i32).min(n);
        above &= above.wrapping_sub(1);
    }
    out
}

/// The first `K` blockers below bit `p`, nearest first; `-1` when there is none. Branchless.
#[inline(always)]
pub(crate) fn blockers_down<const K: usize>(occ: u32, p: u32) -> [i32; K] {
    let mut below = occ & ((1u32 << p) - 1);
    let mut out = [-1; K];
    for o in out.iter_mut() {
        let lz = below.leading_zeros();
        *o = 31 - lz as i32;
        below &= !((0x8000_0000u64 >> lz) as u32);
    }
    out
}

/// The bits strictly between positions `a` and `b` of a line.
#[inline(always)]
pub(crate) fn between_bits(a: usize, b: usize) -> u32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((1u32 << hi) - 1) & !((2u32 << lo) - 1)
}

/// A Xiangqi position. Small and `Copy`: moves are played on a copy (copy-make).
///
/// Equality and hashing look at the pieces on the board, the side to move and both clocks.
#[derive(Clone, Copy)]
pub struct Xiangqi {
    /// Board codes by square index (0 = empty).
    pub(crate) board: [u8; 90],
    /// Square of each slot per side ([`NONE`] when captured).
    pub(crate) slots: [[u8; 16]; 2],
    /// Occupancy by rank, bit = file.
    pub(crate) rank_occ: [u16; 10],
    /// Occupancy by file, bit = rank.
    pub(crate) file_occ: [u16; 9],
    pub(crate) turn: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
}

impl Xiangqi {
    /// An empty board, Red to move (not a valid position until pieces are placed).
    pub(crate) fn empty() -> Xiangqi {
        Xiangqi {
            board: [0; 90],
            slots: [[NONE; 16]; 2],
            rank_occ: [0; 10],
            file_occ: [0; 9],
            turn: Color::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// Puts a piece in a free slot of its kind; `false` when all its slots are taken.
    pub(crate) fn put(&mut self, sq: usize, piece: Piece) -> bool {
        let (lo, hi) = KIND_SLOTS[piece.role.index()];
        let c = piece.color.index();
        let Some(slot) = (lo..hi).find(|&s| self.slots[c][s] == NONE) else {
            return false;
        };
        self.slots[c][slot] = sq as u8;
        let code = tag(piece.color) | slot as u8;
        self.board[sq] = code;
        self.rank_occ[sq / 9] |= 1 << (sq % 9);
        self.file_occ[sq % 9] |= 1 << (sq / 9);
        self.key ^= PIECE_KEYS[key_row(code)][sq];
        true
    }

    /// The zobrist key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = if self.turn == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                key ^= PIECE_KEYS[key_row(code)][sq];
            }
        }
        key
    }

    /// Moves the piece on `from` to `to` on the board, piece lists and occupancy masks (not the
    /// key, side or clocks). Returns the captured code (0 when none).
    #[inline]
    pub(crate) fn apply(&mut self, from: usize, to: usize) -> u8 {
        let code = self.board[from];
        let cap = self.board[to];
        self.board[to] = code;
        self.board[from] = 0;
        self.slots[(code >> 5) as usize & 1][(code & 15) as usize] = to as u8;
        self.rank_occ[from / 9] ^= 1 << (from % 9);
        self.file_occ[from % 9] ^= 1 << (from / 9);
        if cap != 0 {
            self.slots[(cap >> 5) as usize & 1][(cap & 15) as usize] = NONE;
        } else {
            self.rank_occ[to / 9] |= 1 << (to % 9);
            self.file_occ[to % 9] |= 1 << (to / 9);
        }
        cap
    }

    /// Plays `from`–`to`, updating everything. The moving square must hold a piece.
    #[inline]
    pub(crate) fn make(&mut self, from: usize, to: usize) {
        self.make_with::<true>(from, to);
    }

    /// [`Xiangqi::make`] without updating the zobrist key, for a replay that needs the key only
    /// at the end ([`Xiangqi::rehash`]).
    #[inline]
    pub(crate) fn make_unhashed(&mut self, from: usize, to: usize) {
        self.make_with::<false>(from, to);
    }

    /// Sets the zobrist key from the pieces and the side to move.
    pub(crate) fn rehash(&mut self) {
        self.key = self.compute_key();
    }

    #[inline(always)]
    fn make_with<const HASH: bool>(&mut self, from: usize, to: usize) {
        let code = self.board[from];
        if code == 0 || from == to {
            // Not a move: only pass the turn, so that nothing is left inconsistent.
            self.pass();
            return;
        }
        let cap = self.apply(from, to);
        if HASH {
            let row = &PIECE_KEYS[key_row(code)];
            self.key ^= row[from] ^ row[to] ^ SIDE_KEY;
            if cap != 0 {
                self.key ^= PIECE_KEYS[key_row(cap)][to];
            }
        }
        if cap != 0 {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// Passes the turn (the null move), as python-chess pushes `Move.null()` on a chess board:
    /// the halfmove clock counts one more ply and the move number advances after Black's pass.
    /// Nothing checks that the side to move is not in check.
    pub fn play_null(&mut self) {
        self.pass();
    }

    fn pass(&mut self) {
        self.key ^= SIDE_KEY;
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.turn = !self.turn;
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, incremented after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.board[sq.index()];
        (code != 0).then(|| Piece {
            color: code_color(code),
            role: SLOT_KIND[(code & 15) as usize],
        })
    }

    /// The pieces of `color` with their squares, in the order general, advisors, elephants,
    /// horses, chariots, cannons, soldiers.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.slots[color.index()]
            .iter()
            .enumerate()
            .filter(|(_, &sq)| sq != NONE)
            .map(move |(slot, &sq)| {
                (
                    Square(sq),
                    Piece {
                        color,
                        role: SLOT_KIND[slot],
                    },
                )
            })
    }

    /// The square of `color`'s general, under the name chess positions use ([`Xiangqi::general`]).
    pub fn king(&self, color: Color) -> Option<Square> {
        Some(self.general(color))
    }

    /// The square of `color`'s general. (Every valid position has both generals.)
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        Square(self.slots[color.index()][0].min(89))
    }

    /// Board codes normalised so that equal boards compare equal whatever the slot numbering.
    fn normalised(&self) -> [u8; 90] {
        let mut out = [0; 90];
        for (o, &c) in out.iter_mut().zip(self.board.iter()) {
            if c != 0 {
                *o = (c & 0x30) | SLOT_KIND[(c & 15) as usize] as u8;
            }
        }
        out
    }

    /// A Unicode diagram: Black at the top, Red pieces in `[ ]`, Black pieces in `( )`, Chinese
    /// piece characters, files `a`–`i` and ranks `0`–`9` labelled, and the river marked.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        let files = "    a   b   c   d   e   f   g   h   i\n";
        out.push_str(files);
        for rank in (0..10u8).rev() {
            out.push_str(&format!(" {rank} "));
            for file in 0..9u8 {
                match self.piece_at(Square::new(file, rank)) {
                    Some(p) if p.color == Color::White => {
                        out.push_str(&format!("[{}]", p.chinese()))
                    }
                    Some(p) => out.push_str(&format!("({})", p.chinese())),
                    None => out.push_str(" ＋ "),
                }
            }
            out.push('\n');
            if rank == 5 {
                out.push_str("      楚  河              汉  界\n");
            }
        }
        out.push_str(files);
        out
    }
}

impl PartialEq for Xiangqi {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
            && self.turn == other.turn
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.normalised() == other.normalised()
    }
}

impl Eq for Xiangqi {}

impl Hash for Xiangqi {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.halfmove.hash(state);
        self.fullmove.hash(state);
    }
}

impl fmt::Debug for Xiangqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Xiangqi({:?})", self.write_fen())
    }
}

impl fmt::Display for Xiangqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write_fen())
    }
}
