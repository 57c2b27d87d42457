//! Taking moves back on an edited board, as chess.js's `undo` does after `put`/`remove`
//! ([`EditPolicy::KeepHistory`](super::EditPolicy::KeepHistory)).

use super::{Board, Editable};

impl<V: Editable> Board<V> {
    /// Every move in the history with the position it is taken back to on the board as it
    /// stands, oldest first: chess.js's history after an edit, which it reads by taking every
    /// move back on the edited board (a position that cannot be played from is the one the
    /// move was played from). Without moves kept from before an edit, [`Board::history`].
    pub fn history_on_board(&self) -> Vec<(V, V::Move)> {
        if self.kept.is_empty() {
            return self
                .history()
                .into_iter()
                .map(|(pos, mv)| (pos.clone(), mv))
                .collect();
        }
        let mut out: Vec<(V, V::Move)> = self.history()[self.kept.len()..]
            .iter()
            .map(|&(pos, mv)| (pos.clone(), mv))
            .collect();
        out.reverse();
        let mut setup = if self.unplayable.is_some() {
            self.setup()
        } else {
            self.game.start().setup_of()
        };
        for (before, mv) in self.kept.iter().rev() {
            setup = unplay(&setup, before, *mv);
            let pos = V::from_setup(&setup, self.rules(), self.relaxed)
                .ok()
                .filter(|pos| pos.is_legal(*mv))
                .unwrap_or_else(|| before.clone());
            out.push((pos, *mv));
        }
        out.reverse();
        out
    }
}

/// `now` with the move `mv` (played from `before`) taken back: the squares the move changed
/// get `before`'s pieces, the others keep `now`'s; the side to move, castling rights, en passant
/// square and clocks are `before`'s (chess.js's `undo`).
pub(super) fn unplay<V: Editable>(now: &V::Setup, before: &V, mv: V::Move) -> V::Setup {
    let mut after = before.clone();
    after.play_or_pass(mv);
    let (before, after) = (before.setup_of(), after.setup_of());
    let mut out = before;
    // Empty the board first, so that a Xiangqi count check never sees a piece twice.
    for sq in 0..V::SQUARES {
        V::set_setup_piece(&mut out, sq, None);
    }
    for sq in 0..V::SQUARES {
        let touched = V::setup_piece(&before, sq) != V::setup_piece(&after, sq);
        let piece = if touched {
            V::setup_piece(&before, sq)
        } else {
            V::setup_piece(now, sq)
        };
        V::set_setup_piece(&mut out, sq, piece);
    }
    out
}
