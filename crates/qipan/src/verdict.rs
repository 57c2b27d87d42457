//! [`Verdict`]: whether a side can still win, as every game's analysis answers it.

/// Whether a side can still win by some sequence of legal moves (checkmate in chess; in
/// Xiangqi also leaving the opponent without a move).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Verdict<M> {
    /// It can: a sequence of legal moves (both sides' moves, from the position) that ends in its
    /// win. Empty when the opponent has already lost.
    CanWin(Vec<M>),
    /// Proven: no sequence of legal moves ends in its win.
    Cannot,
    /// The analysis stopped (its effort bound, or a game with no search) before a proof or a
    /// winning line was found.
    Undetermined,
}

impl<M> Verdict<M> {
    /// `Some(true)` for [`Verdict::CanWin`], `Some(false)` for [`Verdict::Cannot`], `None` when
    /// undetermined.
    pub fn known(&self) -> Option<bool> {
        match self {
            Verdict::CanWin(_) => Some(true),
            Verdict::Cannot => Some(false),
            Verdict::Undetermined => None,
        }
    }

    /// The winning line of [`Verdict::CanWin`].
    pub fn mating_line(&self) -> Option<&[M]> {
        match self {
            Verdict::CanWin(line) => Some(line),
            _ => None,
        }
    }

    /// The winning line of [`Verdict::CanWin`], taken.
    pub fn into_mating_line(self) -> Option<Vec<M>> {
        match self {
            Verdict::CanWin(line) => Some(line),
            _ => None,
        }
    }
}
