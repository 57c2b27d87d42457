//! Attacks on a general that one move can change, for a reader that knows the general was not
//! attacked before the move: a record's replay learns from each move whether the side to move is
//! in check, and then tests each move's legality, and whether it gives check, by the lines and
//! the horse's legs the move touches alone rather than by every piece of the other side.
//!
//! Under that condition a move changes an attack on a general only where it leaves or enters the
//! general's file or rank (a chariot's or the other general's line opened, a cannon's screen
//! made or taken away), where it leaves the leg of a horse (a point diagonally next to the
//! general), and by the attack of the moved piece itself. The tests in `notation_tests.rs`
//! compare both answers with the full tests on every move of seeded random games.

use super::position::{is, tag, Xiangqi};
use super::tables::{horse_leg, COORDS, NONE};
use crate::Color;

/// What a move `from`–`to` touches around a general: its file or its rank (left or entered), or
/// a point diagonally next to it left (where the leg of a horse attacking it stands). Each asked
/// only when needed: the first that answers decides.
struct Touched {
    general: u8,
    from: u8,
    to: u8,
}

impl Touched {
    #[inline(always)]
    fn of(general: usize, from: usize, to: usize) -> Touched {
        Touched {
            general: COORDS[general],
            from: COORDS[from],
            to: COORDS[to],
        }
    }

    #[inline(always)]
    fn file(&self) -> bool {
        (self.from ^ self.general) & 15 == 0 || (self.to ^ self.general) & 15 == 0
    }

    #[inline(always)]
    fn rank(&self) -> bool {
        (self.from ^ self.general) >> 4 == 0 || (self.to ^ self.general) >> 4 == 0
    }

    #[inline(always)]
    fn leg(&self) -> bool {
        let (f, g) = (self.from, self.general);
        (f & 15).abs_diff(g & 15) == 1 && (f >> 4).abs_diff(g >> 4) == 1
    }
}

impl Xiangqi {
    /// Whether the general of the side to move, on `general` and not in check, is attacked once
    /// the piece on `from` (not the general) goes to `to`: what
    /// [`Xiangqi::general_attacked_after`] answers, under that condition.
    #[inline(always)]
    pub(crate) fn exposed_by(&self, general: usize, from: usize, to: usize) -> bool {
        let us = self.turn;
        let touched = Touched::of(general, from, to);
        if touched.file() && self.line_attacked::<true>(us, general, from, to) {
            return true;
        }
        if touched.rank() && self.line_attacked::<false>(us, general, from, to) {
            return true;
        }
        touched.leg()
            && self.slots[(!us).index()][5..7].iter().any(|&h| {
                h != NONE
                    && usize::from(h) != to
                    && horse_leg(usize::from(h), general) == Some(from)
            })
    }

    /// Whether the side to move is in check, right after the other side played `from`–`to` in a
    /// position where the side now to move was not in check (every position of a game after its
    /// first move, the move legal): [`Xiangqi::is_check`] under that condition.
    #[inline]
    pub(crate) fn check_after(&self, from: usize, to: usize) -> bool {
        let us = self.turn;
        let general = self.slots[us.index()][0];
        if general == NONE {
            return false;
        }
        let general = usize::from(general);
        let touched = Touched::of(general, from, to);
        // The move is played: nothing leaves or arrives any more (`to` = the general's point
        // holds no piece of the other side).
        if touched.file() && self.line_attacked::<true>(us, general, usize::MAX, general) {
            return true;
        }
        if touched.rank() && self.line_attacked::<false>(us, general, usize::MAX, general) {
            return true;
        }
        let moved = self.board[to] & 15;
        if touched.leg() || (5..7).contains(&moved) {
            // A leg left, or a horse moved: every horse of the mover.
            let horse_attacks = |h: u8| {
                h != NONE
                    && horse_leg(usize::from(h), general).is_some_and(|leg| self.board[leg] == 0)
            };
            if self.slots[(!us).index()][5..7]
                .iter()
                .any(|&h| horse_attacks(h))
            {
                return true;
            }
        }
        // A soldier moved: its own attack (sliders moved onto a line are read above).
        moved >= 11 && self.attacks(self.board[to], to, general)
    }

    /// Whether a chariot or cannon of the side other than `us` (or its general, along a file)
    /// attacks `g` along the file (`FILE`) or the rank of `g`, once the piece on `from` (or
    /// `usize::MAX`: none) has gone to `to`. A piece of the other side on `to` is captured.
    #[inline(always)]
    fn line_attacked<const FILE: bool>(&self, us: Color, g: usize, from: usize, to: usize) -> bool {
        let gc = COORDS[g];
        let (gf, gr) = (usize::from(gc & 15), usize::from(gc >> 4));
        // The line's occupancy by position along it, `g` at `at`; the point at position `p` is
        // `base + p * step`.
        let (mut line, at, base, step) = if FILE {
            (u32::from(self.file_occ[gf]), gr, gf, 9)
        } else {
            (u32::from(self.rank_occ[gr]), gf, gr * 9, 1)
        };
        let along = |c: u8| if FILE { c >> 4 } else { c & 15 };
        let on_line = |c: u8| {
            if FILE {
                (c ^ gc) & 15 == 0
            } else {
                (c ^ gc) >> 4 == 0
            }
        };
        if from < 90 && on_line(COORDS[from]) {
            line &= !(1 << along(COORDS[from]));
        }
        let tc = COORDS[to];
        if on_line(tc) {
            line |= 1 << along(tc);
        }
        let them = tag(!us);
        // The code on position `p`, the mover's own piece on `to` as no attacker.
        let code = |p: u32| {
            let sq = base + p as usize * step;
            if sq == to {
                0
            } else {
                self.board[sq]
            }
        };
        let rook = |c: u8| is(c, them, 7, 9) || (FILE && is(c, them, 0, 1));
        let cannon = |c: u8| is(c, them, 9, 11);
        let above = line & !((2u32 << at) - 1);
        if above != 0 {
            if rook(code(above.trailing_zeros())) {
                return true;
            }
            let second = above & (above - 1);
            if second != 0 && cannon(code(second.trailing_zeros())) {
                return true;
            }
        }
        let below = line & ((1u32 << at) - 1);
        if below != 0 {
            let first = 31 - below.leading_zeros();
            if rook(code(first)) {
                return true;
            }
            let second = below ^ (1 << first);
            if second != 0 && cannon(code(31 - second.leading_zeros())) {
                return true;
            }
        }
        false
    }
}
