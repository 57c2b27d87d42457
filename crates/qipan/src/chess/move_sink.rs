//! Where the move generator puts its moves: a list, a count, or the one move a SAN reader
//! looks for. The generator is written once over [`Sink`]; each sink is inlined into it.

use arrayvec::ArrayVec;

use super::{Bitboard, Move, Role, Square};

/// A list of moves without heap allocation (no position has more than 218 legal moves).
pub type MoveList = ArrayVec<Move, 1024>;

/// Receives generated moves.
pub(super) trait Sink {
    /// Normal moves from `from` to each of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves from `from`; targets on the last rank promote (four moves each).
    fn pawn(&mut self, from: Square, targets: Bitboard, last_rank: Bitboard);
    /// Pawn moves to each of `targets` from `to - delta`, none promoting.
    fn pawns(&mut self, targets: Bitboard, delta: i32);
    /// Promotions to each of `targets` from `to - delta`.
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// One move (castling, en passant).
    fn special(&mut self, mv: Move);
    /// The unpinned pawns' moves: pushes, double pushes, captures towards the a-file and
    /// towards the h-file, as target sets (`deltas` = to - from for each).
    #[inline(always)]
    fn pawn_sets(&mut self, sets: [Bitboard; 4], deltas: [i32; 4], last: Bitboard) {
        for (targets, delta) in sets.into_iter().zip(deltas) {
            self.pawns(targets - last, delta);
            self.promotions(targets & last, delta);
        }
    }
}

/// Counts the moves (bulk counting, `has_legal_moves`).
pub(super) struct Counter(pub(super) usize);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }
    #[inline(always)]
    fn pawn(&mut self, _: Square, targets: Bitboard, last_rank: Bitboard) {
        self.0 +=
            (targets - last_rank).count() as usize + 4 * (targets & last_rank).count() as usize;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32) {
        self.0 += targets.count() as usize;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 += 4 * targets.count() as usize;
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn pawn_sets(
        &mut self,
        [single, double, west, east]: [Bitboard; 4],
        _: [i32; 4],
        last: Bitboard,
    ) {
        // Pushes land on empty squares and captures on enemy pieces, so pushes and captures
        // never share a target; the two capture directions may.
        self.0 += ((single | double) - last).count() as usize
            + (west - last).count() as usize
            + (east - last).count() as usize;
        let promotions = (single | west | east) & last;
        if promotions.any() {
            self.0 += 4
                * ((single & last).count() + (west & last).count() + (east & last).count())
                    as usize;
        }
    }
}

#[inline(always)]
fn push_promotions(list: &mut MoveList, from: Square, to: Square) {
    for role in Role::PROMOTIONS {
        list.push(Move::promotion(from, to, role));
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: Square, targets: Bitboard, last_rank: Bitboard) {
        for to in targets {
            if last_rank.contains(to) {
                push_promotions(self, from, to);
            } else {
                self.push(Move::normal(from, to));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.push(Move::normal(
                Square::new((to.index() as i32 - delta) as u32),
                to,
            ));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            push_promotions(self, Square::new((to.index() as i32 - delta) as u32), to);
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Finds the first legal move that `keep` accepts, and whether there is a second: reading a
/// SAN move needs no list (a [`MoveList`] is 2 KiB).
pub(super) struct Find<F> {
    pub(super) keep: F,
    pub(super) first: Option<Move>,
    pub(super) more: bool,
}

impl<F: Fn(Move) -> bool> Find<F> {
    #[inline(always)]
    fn offer(&mut self, mv: Move) {
        if (self.keep)(mv) {
            if self.first.is_none() {
                self.first = Some(mv);
            } else {
                self.more = true;
            }
        }
    }
}

impl<F: Fn(Move) -> bool> Sink for Find<F> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.offer(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: Square, targets: Bitboard, last_rank: Bitboard) {
        for to in targets {
            if last_rank.contains(to) {
                for role in Role::PROMOTIONS {
                    self.offer(Move::promotion(from, to, role));
                }
            } else {
                self.offer(Move::normal(from, to));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.offer(Move::normal(
                Square::new((to.index() as i32 - delta) as u32),
                to,
            ));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = Square::new((to.index() as i32 - delta) as u32);
            for role in Role::PROMOTIONS {
                self.offer(Move::promotion(from, to, role));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.offer(mv);
    }
}
