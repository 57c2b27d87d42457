//! Attacks on a Xiangqi board: which pieces attack a point, whether a general is attacked (now,
//! or after a move, read without playing it), and whether a move captures or gives check.

use super::position::{between_bits, code_color, is, tag, Xiangqi, BLACK_TAG, RED_TAG, SLOT_KIND};
use super::tables::{
    horse_leg, ADVISOR_STEPS, COORDS, ELEPHANT_STEPS, GENERAL_STEPS, HORSE_STEPS, NONE,
    SOLDIER_STEPS,
};
use super::{Bitboard, Move, Role, Square};
use crate::Color;

impl Xiangqi {
    /// Pieces between `a` and `b` (exclusive) when they share a rank or file; `None` otherwise.
    pub(crate) fn between_count(&self, a: usize, b: usize) -> Option<u32> {
        let (lo, hi) = (a.min(b), a.max(b));
        if lo / 9 == hi / 9 {
            let mask = ((1u32 << (hi % 9)) - 1) & !((2u32 << (lo % 9)) - 1);
            Some((self.rank_occ[lo / 9] as u32 & mask).count_ones())
        } else if lo % 9 == hi % 9 {
            let mask = ((1u32 << (hi / 9)) - 1) & !((2u32 << (lo / 9)) - 1);
            Some((self.file_occ[lo % 9] as u32 & mask).count_ones())
        } else {
            None
        }
    }

    /// Whether the piece with board code `code` on `from` attacks `to` (could capture a piece of
    /// the other side there), whatever stands on `to`.
    pub(crate) fn attacks(&self, code: u8, from: usize, to: usize) -> bool {
        let color = code_color(code);
        let contains = |row: &[u8]| {
            row.iter()
                .take_while(|&&s| s != NONE)
                .any(|&s| s as usize == to)
        };
        match SLOT_KIND[(code & 15) as usize] {
            Role::General => {
                contains(&GENERAL_STEPS[from]) || {
                    // Flying general: the other general on an open file.
                    let other = self.board[to];
                    other != 0
                        && other & 15 == 0
                        && code_color(other) != color
                        && self.between_count(from, to) == Some(0)
                        && from % 9 == to % 9
                }
            }
            Role::Advisor => contains(&ADVISOR_STEPS[from]),
            Role::Elephant => ELEPHANT_STEPS[from]
                .iter()
                .any(|&(t, eye)| t as usize == to && self.board[eye as usize] == 0),
            Role::Horse => HORSE_STEPS[from]
                .iter()
                .any(|&(t, leg)| t as usize == to && self.board[leg as usize] == 0),
            Role::Chariot => self.between_count(from, to) == Some(0),
            Role::Cannon => self.between_count(from, to) == Some(1),
            Role::Soldier => contains(&SOLDIER_STEPS[color.index()][from]),
        }
    }

    /// The pieces of `by` that attack `sq`: could move there if it held a piece of the other side
    /// (pseudo-legally: pins and checks are not considered). Horse legs and cannon screens count;
    /// a general also attacks the other general across an open file (the flying-general rule).
    /// A piece never attacks its own square.
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        let to = sq.index();
        let t = tag(by);
        self.slots[by.index()]
            .iter()
            .enumerate()
            .filter(|&(slot, &from)| {
                from != NONE
                    && from as usize != to
                    && self.attacks(t | slot as u8, from as usize, to)
            })
            .map(|(_, &from)| Square(from))
            .collect()
    }

    /// Whether some piece of `by` attacks `sq` (see [`Xiangqi::attackers`]).
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let to = sq.index();
        let t = tag(by);
        self.slots[by.index()]
            .iter()
            .enumerate()
            .any(|(slot, &from)| {
                from != NONE
                    && from as usize != to
                    && self.attacks(t | slot as u8, from as usize, to)
            })
    }

    /// Whether the general of `us` is attacked (a fast special case of [`Xiangqi::is_attacked`]).
    #[inline]
    pub(crate) fn general_attacked(&self, us: Color) -> bool {
        let g = self.slots[us.index()][0];
        if g == NONE {
            return false;
        }
        self.general_attacked_at(us, g as usize, usize::MAX)
    }

    /// Whether the general of `us` would be attacked on `g` with the square `vacated` emptied
    /// (the general's own square when testing a general move; `usize::MAX` for none). A piece of
    /// the other side on `g` itself counts as captured.
    #[inline]
    pub(crate) fn general_attacked_at(&self, us: Color, g: usize, vacated: usize) -> bool {
        self.general_attacked_after(us, g, vacated, g)
    }

    /// Whether the general of `us`, on `g` once the piece on `from` has gone to `to` (`g == to`
    /// when the general moves), would be attacked: what playing the move on a copy and asking
    /// [`Xiangqi::general_attacked`] answers, read from this position without the copy (`from`
    /// empty, `to` occupied, a piece of the other side on `to` or `g` captured). `from` may be
    /// `usize::MAX` (nothing leaves).
    // Inlined into the move generators natively; one copy in WebAssembly, whose rules build has a
    // size budget (docs/performance.md).
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    pub(crate) fn general_attacked_after(
        &self,
        us: Color,
        g: usize,
        from: usize,
        to: usize,
    ) -> bool {
        // Coordinates by table (a division by 9 costs several instructions, and this runs for
        // every move a record names).
        let gc = COORDS[g];
        let (gf, gr) = (usize::from(gc & 15), usize::from(gc >> 4));
        let (mut file, mut rank) = (self.file_occ[gf] as u32, self.rank_occ[gr] as u32);
        if from < 90 {
            let fc = COORDS[from];
            if fc & 15 == gc & 15 {
                file &= !(1 << (fc >> 4));
            }
            if fc >> 4 == gc >> 4 {
                rank &= !(1 << (fc & 15));
            }
        }
        let tc = COORDS[to];
        if tc & 15 == gc & 15 {
            file |= 1 << (tc >> 4);
        }
        if tc >> 4 == gc >> 4 {
            rank |= 1 << (tc & 15);
        }
        // Sliders: the other general (flying) and chariots with no piece between, cannons with one.
        // A captured piece's square (`NONE`) has coordinates that share no line with any point.
        let them = &self.slots[(!us).index()];
        for (slot, need) in [(0, 0), (7, 0), (8, 0), (9, 1), (10, 1)] {
            let c = them[slot];
            let apart = COORDS[usize::from(c)] ^ gc;
            let between = if apart & 15 == 0 {
                file & between_bits(usize::from(COORDS[usize::from(c)] >> 4), gr)
            } else if apart >> 4 == 0 && slot != 0 {
                rank & between_bits(usize::from(COORDS[usize::from(c)] & 15), gf)
            } else {
                continue;
            };
            // On `g` itself (`apart == 0`) or on `to`: captured.
            if apart != 0 && usize::from(c) != to && between.count_ones() == need {
                return true;
            }
        }
        for &h in &them[5..7] {
            if h != NONE && h as usize != to {
                if let Some(leg) = horse_leg(h as usize, g) {
                    if (self.board[leg] == 0 || leg == from) && leg != to {
                        return true;
                    }
                }
            }
        }
        // Soldiers: ahead of the general, or beside it once they have crossed the river (when
        // the general is at home); one on `to` is captured.
        let tt = tag(!us);
        let soldier = |sq: usize| sq != to && is(self.board[sq], tt, 11, 16);
        let front = if us == Color::White {
            g + 9
        } else {
            g.wrapping_sub(9)
        };
        if front < 90 && soldier(front) {
            return true;
        }
        let crossed = if us == Color::White { gr <= 4 } else { gr >= 5 };
        crossed && ((gf > 0 && soldier(g - 1)) || (gf < 8 && soldier(g + 1)))
    }

    /// An enemy soldier giving check to the general of `us` on `g`, if any.
    #[inline]
    pub(crate) fn soldier_checks(&self, us: Color, g: usize) -> Option<usize> {
        let tt = tag(!us);
        let front = if us == Color::White {
            g + 9
        } else {
            g.wrapping_sub(9)
        };
        let (gf, gr) = (g % 9, g / 9);
        let mut found = None;
        if front < 90 && is(self.board[front], tt, 11, 16) {
            found = Some(front);
        }
        // An enemy soldier beside the general has crossed the river when the general is at home.
        let crossed = if us == Color::White { gr <= 4 } else { gr >= 5 };
        if crossed {
            if gf > 0 && is(self.board[g - 1], tt, 11, 16) {
                found = Some(g - 1);
            }
            if gf < 8 && is(self.board[g + 1], tt, 11, 16) {
                found = Some(g + 1);
            }
        }
        found
    }

    /// Whether `mv` (assumed legal) captures a piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        let (from, to) = (self.board[mv.from().index()], self.board[mv.to().index()]);
        from != 0 && to != 0 && (from ^ to) & (RED_TAG | BLACK_TAG) != 0
    }

    /// Whether `mv` (assumed legal) gives check.
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut next = *self;
        next.make(mv.from().index(), mv.to().index());
        next.general_attacked(next.turn)
    }
}
