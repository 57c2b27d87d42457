//! [`PromotedTrack`]: the promoted-pieces mask of a board along its game (python-chess's
//! `promoted`), held beside the game rather than in its positions so that playing and
//! generating moves never pay for it. Only the plies where the mask changes are stored: a game
//! without promotions stores nothing, and a push costs one comparison.

use super::Editable;
use crate::Game;

/// The mask at each ply of a game, as the plies where it changes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PromotedTrack {
    /// `(ply, mask)`: the mask from that ply on, plies ascending; none while it is empty.
    changes: Vec<(usize, u64)>,
}

impl PromotedTrack {
    /// A track whose mask is `mask` from the start.
    pub(crate) fn starting(mask: u64) -> Self {
        let changes = if mask == 0 {
            Vec::new()
        } else {
            vec![(0, mask)]
        };
        PromotedTrack { changes }
    }

    /// The track of `game` started with `mask`: its moves replayed.
    pub(crate) fn of_game<V: Editable>(game: &Game<V>, mask: u64) -> Self {
        let mut track = PromotedTrack::starting(mask);
        for (ply, (pos, &mv)) in game.positions().iter().zip(game.moves()).enumerate() {
            track.pushed(pos, mv, ply);
        }
        track
    }

    /// The mask now (after the last ply kept).
    #[inline]
    pub(crate) fn current(&self) -> u64 {
        self.changes.last().map_or(0, |&(_, mask)| mask)
    }

    /// The mask at `ply`.
    pub(crate) fn at(&self, ply: usize) -> u64 {
        self.changes
            .iter()
            .rev()
            .find(|&&(from, _)| from <= ply)
            .map_or(0, |&(_, mask)| mask)
    }

    /// `mv` was played from `pos`, at ply `ply` (the ply of `pos`).
    #[inline]
    pub(crate) fn pushed<V: Editable>(&mut self, pos: &V, mv: V::Move, ply: usize) {
        let now = self.current();
        if now != 0 || V::promotes(mv) {
            let next = pos.promoted_after(mv, now);
            if next != now {
                self.changes.push((ply + 1, next));
            }
        }
    }

    /// The game was taken back to ply `ply`.
    #[inline]
    pub(crate) fn popped(&mut self, ply: usize) {
        while self.changes.last().is_some_and(|&(from, _)| from > ply) {
            self.changes.pop();
        }
    }
}
