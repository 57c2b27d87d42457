//! Strictly legal move generation with check and pin masks (no make-and-test), and bulk counting.
//!
//! ```
//! use qipan::{Chess, Variant};
//! let pos = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
//! assert_eq!(pos.legal_moves().len(), 26);
//! assert_eq!(pos.count_legal_moves(), 26);
//! ```

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::move_sink::{Counter, Find, MoveList, Sink};
use super::{Bitboard, Chess, Move, MoveKind, Role, Square};
use crate::Color;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Chess {
    /// Whether the side to move's pawn on `from` taking en passant on `ep` leaves its king on
    /// `king` unattacked: both pawns lifted, the capturer put on `ep`, and the taken pawn's own
    /// attacks left out.
    #[inline]
    pub(crate) fn en_passant_keeps_king_safe(
        &self,
        king: Square,
        from: Square,
        ep: Square,
    ) -> bool {
        let captured = Square::new((ep.index() ^ 8) as u32);
        let after = (self.occupied() ^ from ^ captured) | ep;
        (self.attackers_to(king, !self.turn, after) - Bitboard::from_square(captured)).is_empty()
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut list);
        list
    }

    /// Every legal move, written into `list` (emptied first): the list is not copied out, as
    /// a returned [`MoveList`] is (the analysers' searches call this at every node).
    pub(crate) fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(Bitboard::FULL, Bitboard::FULL, list);
    }

    /// The legal moves of the pieces on `from` to the squares in `to` (castling counts as the
    /// king moving to its rook's square).
    pub fn legal_moves_filtered(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate(from, to, &mut list);
        list
    }

    /// The first legal move of the pieces on `from` to the squares in `to` that `keep` accepts,
    /// and whether another one does (the moves of [`Chess::legal_moves_filtered`], in its
    /// order, without building the list).
    pub(crate) fn find_legal(
        &self,
        from: Bitboard,
        to: Bitboard,
        keep: impl Fn(Move) -> bool,
    ) -> (Option<Move>, bool) {
        let mut find = Find {
            keep,
            first: None,
            more: false,
        };
        self.generate(from, to, &mut find);
        (find.first, find.more)
    }

    /// The number of legal moves, counted in bulk without building a list.
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut counter);
        counter.0
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `mv` is legal here. Agrees with [`Chess::legal_moves`] for every 16-bit value.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::Invalid => return false,
            MoveKind::Normal => return self.is_legal_normal(mv.from(), mv.to()),
            _ => {}
        }
        self.is_generated(mv)
    }

    /// Whether generation from `mv`'s square to its target yields `mv`.
    fn is_generated(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.generate(
            Bitboard::from_square(mv.from()),
            Bitboard::from_square(mv.to()),
            &mut list,
        );
        list.contains(&mv)
    }

    /// The moves of a side without a king (a position set up with
    /// [`PositionProblems::MISSING_KING`](super::PositionProblems::MISSING_KING) waived): every
    /// move its pieces can make, as python-chess and chess.js generate them when there is no
    /// king to keep safe. No castling without a king.
    #[cold]
    #[inline(never)]
    fn generate_kingless<const WHITE: bool, S: Sink>(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut S,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let our = self.colors[us.index()];
        let their = self.colors[(!us).index()];
        let occ = our | their;
        let target = !our & to_mask;
        let movers = our & from_mask;
        let r = &self.roles;
        for from in r[Role::Knight.index()] & movers {
            sink.piece(from, knight_attacks(from) & target);
        }
        let queens = r[Role::Queen.index()];
        for from in (r[Role::Bishop.index()] | queens) & movers {
            let rook_too = queens.contains(from);
            let mut attacks = bishop_attacks(from, occ);
            if rook_too {
                attacks |= rook_attacks(from, occ);
            }
            sink.piece(from, attacks & target);
        }
        for from in r[Role::Rook.index()] & movers {
            sink.piece(from, rook_attacks(from, occ) & target);
        }
        let (last, third) = if WHITE {
            (Bitboard::rank(7), self.double_step_from(Color::White))
        } else {
            (Bitboard::rank(0), self.double_step_from(Color::Black))
        };
        let up = |bb: u64| if WHITE { bb << 8 } else { bb >> 8 };
        for from in r[Role::Pawn.index()] & movers {
            let one = up(Bitboard::from_square(from).0) & !occ.0;
            let two = up(one & third.0) & !occ.0;
            let targets =
                (Bitboard(one | two) & to_mask) | (pawn_attacks(us, from) & their & to_mask);
            sink.pawn(from, targets, last);
        }
        if let Some(ep) = self.ep {
            if to_mask.contains(ep) && !occ.contains(ep) {
                for from in pawn_attacks(!us, ep) & r[Role::Pawn.index()] & movers {
                    sink.special(Move::en_passant(from, ep));
                }
            }
        }
    }

    /// Whether the plain move `from`-`to` (no promotion, en passant or castling) is legal: the
    /// piece's own reach, then the king's safety with the move made on the occupancy. The same
    /// answer as generation (which is what `is_legal` of the other kinds asks) at a fraction of
    /// its cost: `push` from Python or JS checks every move it is handed.
    fn is_legal_normal(&self, from: Square, to: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let our = self.colors[us.index()];
        let their = self.colors[them.index()];
        if !our.contains(from) || our.contains(to) {
            return false;
        }
        let r = &self.roles;
        let Some(king) = (r[Role::King.index()] & our).first() else {
            return self.is_generated(Move::normal(from, to));
        };
        let occ = our | their;
        if from == king {
            return king_attacks(king).contains(to) && !self.is_attacked(to, them, occ ^ king);
        }
        let reach = if r[Role::Pawn.index()].contains(from) {
            // A pawn reaching the last rank promotes: never a plain move.
            if Bitboard::backrank(them).contains(to) {
                return false;
            }
            let empty = !occ.0;
            let from_bb = Bitboard::from_square(from).0;
            let (single, third) = if us == Color::White {
                (
                    (from_bb << 8) & empty,
                    self.double_step_from(Color::White).0,
                )
            } else {
                (
                    (from_bb >> 8) & empty,
                    self.double_step_from(Color::Black).0,
                )
            };
            let double = if us == Color::White {
                ((single & third) << 8) & empty
            } else {
                ((single & third) >> 8) & empty
            };
            Bitboard(single | double) | (pawn_attacks(us, from) & their)
        } else if r[Role::Knight.index()].contains(from) {
            knight_attacks(from)
        } else {
            let diagonal = r[Role::Bishop.index()] | r[Role::Queen.index()];
            let straight = r[Role::Rook.index()] | r[Role::Queen.index()];
            let mut reach = Bitboard::EMPTY;
            if diagonal.contains(from) {
                reach |= bishop_attacks(from, occ);
            }
            if straight.contains(from) {
                reach |= rook_attacks(from, occ);
            }
            reach
        };
        if !reach.contains(to) {
            return false;
        }
        let after = (occ ^ from) | to;
        (self.attackers_to(king, them, after) - Bitboard::from_square(to)).is_empty()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The en passant square when an en passant capture is legal.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep?;
        let mut list = MoveList::new();
        self.generate(
            self.pieces(self.turn, Role::Pawn),
            Bitboard::from_square(ep),
            &mut list,
        );
        list.iter().any(|m| m.is_en_passant()).then_some(ep)
    }

    /// Our pieces pinned to our king on `king`.
    #[inline(always)]
    fn pinned(&self, king: Square, us: Color, occ: Bitboard) -> Bitboard {
        let them = self.colors[(!us).index()];
        let queens = self.roles[Role::Queen.index()];
        let snipers = ((rook_attacks(king, Bitboard::EMPTY)
            & (self.roles[Role::Rook.index()] | queens))
            | (bishop_attacks(king, Bitboard::EMPTY)
                & (self.roles[Role::Bishop.index()] | queens)))
            & them;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & self.colors[us.index()]
    }

    // Natively inlined into each caller, so that the masks fold into the generator. In
    // WebAssembly the copies cost more than the call: one copy per sink keeps the rules-only
    // `.wasm` under its size budget (docs/performance.md).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn generate<S: Sink>(&self, from_mask: Bitboard, to_mask: Bitboard, sink: &mut S) {
        match self.turn {
            Color::White => self.generate_for::<true, S>(from_mask, to_mask, sink),
            Color::Black => self.generate_for::<false, S>(from_mask, to_mask, sink),
        }
    }

    #[inline(always)]
    fn generate_for<const WHITE: bool, S: Sink>(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut S,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let our = self.colors[us.index()];
        let their = self.colors[them.index()];
        let occ = our | their;
        let Some(king) = (self.roles[Role::King.index()] & our).first() else {
            self.generate_kingless::<WHITE, S>(from_mask, to_mask, sink);
            return;
        };
        let checkers = self.attackers_to(king, them, occ);

        if from_mask.contains(king) {
            let occ_without_king = occ ^ king;
            let mut safe = Bitboard::EMPTY;
            for to in king_attacks(king) & !our & to_mask {
                if !self.is_attacked(to, them, occ_without_king) {
                    safe |= to;
                }
            }
            sink.piece(king, safe);
        }
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(checker) => between(king, checker) | checker,
            None => Bitboard::FULL,
        } & !our
            & to_mask;
        let pinned = self.pinned(king, us, occ);
        let movers = our & from_mask;
        let r = &self.roles;

        for from in r[Role::Knight.index()] & (movers - pinned) {
            sink.piece(from, knight_attacks(from) & target);
        }
        let queens = r[Role::Queen.index()] & movers;
        let bishops = r[Role::Bishop.index()] & movers;
        let rooks = r[Role::Rook.index()] & movers;
        for from in bishops - pinned {
            sink.piece(from, bishop_attacks(from, occ) & target);
        }
        for from in rooks - pinned {
            sink.piece(from, rook_attacks(from, occ) & target);
        }
        for from in queens - pinned {
            sink.piece(
                from,
                (bishop_attacks(from, occ) | rook_attacks(from, occ)) & target,
            );
        }
        // A pinned slider moves along the pin line, where only its own kind of attack reaches.
        for from in (bishops | rooks | queens) & pinned {
            let mut attacks = Bitboard::EMPTY;
            if !rooks.contains(from) {
                attacks |= bishop_attacks(from, occ);
            }
            if !bishops.contains(from) {
                attacks |= rook_attacks(from, occ);
            }
            sink.piece(from, attacks & target & line(king, from));
        }

        // Pawns: the unpinned ones in bulk, the pinned ones one by one along their pin line.
        let pawns = r[Role::Pawn.index()] & movers;
        let free = (pawns - pinned).0;
        let empty = !occ.0;
        let (last, third) = if WHITE {
            (Bitboard::rank(7).0, self.double_step_from(Color::White).0)
        } else {
            (Bitboard::rank(0).0, self.double_step_from(Color::Black).0)
        };
        let up = |bb: u64| if WHITE { bb << 8 } else { bb >> 8 };
        let forward = if WHITE { 8 } else { -8 };
        let single = up(free) & empty;
        let double = Bitboard(up(single & third) & empty) & target;
        let single = Bitboard(single) & target;
        let capturable = (their & target).0;
        let (west, east) = if WHITE {
            ((free & !FILE_A) << 7, (free & !FILE_H) << 9)
        } else {
            ((free & !FILE_A) >> 9, (free & !FILE_H) >> 7)
        };
        let (west_delta, east_delta) = if WHITE { (7, 9) } else { (-9, -7) };
        sink.pawn_sets(
            [
                single,
                double,
                Bitboard(west & capturable),
                Bitboard(east & capturable),
            ],
            [forward, 2 * forward, west_delta, east_delta],
            Bitboard(last),
        );
        for from in pawns & pinned {
            let one = up(Bitboard::from_square(from).0) & empty;
            let two = up(one & third) & empty;
            let t = (Bitboard(one | two) | (pawn_attacks(us, from) & their))
                & target
                & line(king, from);
            sink.pawn(from, t, Bitboard(last));
        }

        // En passant: tested by removing both pawns and looking at the king.
        if let Some(ep) = self.ep {
            if to_mask.contains(ep) {
                for from in pawn_attacks(them, ep) & pawns {
                    if self.en_passant_keeps_king_safe(king, from, ep) {
                        sink.special(Move::en_passant(from, ep));
                    }
                }
            }
        }

        // Castling: king not in check, paths empty but for the two pieces, king's path safe
        // with both castling pieces lifted off the board.
        if checkers.is_empty() && from_mask.contains(king) {
            for rook in
                self.castling & our & r[Role::Rook.index()] & Bitboard::backrank(us) & to_mask
            {
                // Every square between king and rook lies on one of the two paths: a cheap
                // first test.
                if rook.rank() != king.rank() || (between(king, rook) & occ).any() {
                    continue;
                }
                let (king_to, rook_to) = Chess::castle_targets(king, rook);
                let king_path = between(king, king_to) | king_to;
                let path = (king_path | between(rook, rook_to) | rook_to)
                    - Bitboard::from_square(king)
                    - Bitboard::from_square(rook);
                if (path & occ).any() {
                    continue;
                }
                let lifted = occ ^ king ^ rook;
                if king_path
                    .into_iter()
                    .all(|sq| !self.is_attacked(sq, them, lifted))
                {
                    sink.special(Move::castle(king, rook));
                }
            }
        }
    }
}
