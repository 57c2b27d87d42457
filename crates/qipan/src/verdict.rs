//! [`Verdict`]: whether a side can still win, as every game's analysis answers it, and the
//! [`ProofKind`] behind a "cannot".

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

/// The kind of proof behind a [`Verdict::Cannot`], so a server can show why a flag is a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProofKind {
    /// The winner lacks mating material (python-chess's per-colour test).
    Material,
    /// The game is already over without the winner's mate (stalemate, or the winner is mated).
    GameOver,
    /// A blocked structure (chess: the semi-static proof): what each unit can ever reach leaves
    /// the winner no mating pattern.
    BlockedStructure,
    /// Every position reachable was looked at (forced moves, the breadth closure, or a completed
    /// search pass) and none has the loser mated.
    ExhaustedSearch,
}

impl ProofKind {
    /// `material`, `game_over`, `blocked_structure` or `exhausted_search`.
    pub fn name(self) -> &'static str {
        match self {
            ProofKind::Material => "material",
            ProofKind::GameOver => "game_over",
            ProofKind::BlockedStructure => "blocked_structure",
            ProofKind::ExhaustedSearch => "exhausted_search",
        }
    }
}
