//! [`MoveSlot`]: a move value's place in a table with one slot per move value — where a front end
//! keeps what it makes once per move (the Python binding's interned `Move` objects).

use crate::{chess, xiangqi};

/// A move value with a small dense index of its own, needing no position: equal slots mean
/// equal move values. ([`Editable::move_index`](super::Editable::move_index) is the other
/// index: per position, equal when the coordinate text is, so a chess castle has one index per
/// castling mode there and one slot here.)
pub trait MoveSlot: Copy {
    /// The number of slots a table needs.
    const SLOTS: usize;
    /// The move's slot, `None` for a value no slot stands for (a nonsense move).
    fn slot(self) -> Option<usize>;
}

impl MoveSlot for chess::Move {
    // from (6 bits) | to (6 bits) | kind (4 bits); kinds 0-6 are moves, the rest invalid.
    const SLOTS: usize = 7 << 12;

    #[inline]
    fn slot(self) -> Option<usize> {
        let raw = usize::from(self.to_u16());
        (raw < Self::SLOTS).then_some(raw)
    }
}

impl MoveSlot for xiangqi::Move {
    // from * 90 + to.
    const SLOTS: usize = 90 * 90;

    #[inline]
    fn slot(self) -> Option<usize> {
        let raw = usize::from(self.to_u16());
        (raw < Self::SLOTS).then_some(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::MoveSlot;
    use crate::chess::Chess;
    use crate::xiangqi::Xiangqi;
    use crate::Variant;

    /// Every legal move of a few positions has a slot, and distinct moves distinct slots.
    #[test]
    fn legal_moves_have_distinct_slots() {
        fn check<V: Variant>(fens: &[&str])
        where
            V::Move: MoveSlot,
        {
            for fen in fens {
                let pos = V::from_fen(fen).unwrap();
                let mut seen = std::collections::HashSet::new();
                for &mv in pos.legal_moves().as_ref() {
                    let slot = mv.slot().expect("a legal move has a slot");
                    assert!(slot < <V::Move as MoveSlot>::SLOTS);
                    assert!(seen.insert(slot), "{fen}: two moves share slot {slot}");
                }
                assert!(!seen.is_empty(), "{fen}");
            }
        }
        check::<Chess>(&[
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ]);
        check::<Xiangqi>(&[
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ]);
    }
}
