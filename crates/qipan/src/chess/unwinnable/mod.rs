//! Who can still checkmate: dead positions (FIDE 1.3 / 5.2.2) and the flag exception (FIDE 6.9),
//! decided by proof and by search rather than by material alone.
//!
//! The method follows the outline of M. Ambrona, "A Practical Algorithm for Chess Unwinnability"
//! (FUN 2022, LIPIcs 226), written from the published description:
//!
//! * **"cannot"** is only ever a proof ([`proof`](self) module): the game is already over without
//!   the winner's mate; python-chess's material test ([`Chess::has_insufficient_material`]); the
//!   semi-static proof (a fixpoint of the squares every unit can ever reach, with the units that
//!   never move and the squares attacked for ever, then a mate-pattern test on it); or every
//!   legal move leads to such a position (forced moves are followed for free, a few narrow
//!   positions are branched into). A completed search pass or breadth closure that meets no mate
//!   is a proof too.
//! * **"can win"** is only ever a line: a cooperative search (both sides help the winner) finds a
//!   sequence of legal moves ending in the winner's checkmate, which anyone can replay.
//! * **"undetermined"**: the node bound ran out before either. The bound counts positions visited,
//!   so a verdict is the same on every machine and every run.
//!
//! Move-count rules (fifty and seventy-five moves) and repetitions are not consulted: FIDE 6.9 and
//! 5.2.2 ask whether a checkmate is possible "by any series of legal moves".
//!
//! ```
//! use qipan::chess::{Chess, Effort, Verdict};
//! use qipan::Color;
//! // A pawn wall that no king can cross (lichess issue 4514): a dead position.
//! let wall: Chess = "4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1".parse().unwrap();
//! assert_eq!(wall.can_win(Color::White), Verdict::Cannot);
//! assert!(wall.is_dead_position());
//! // King and rook against king: White can still mate, and here is how.
//! let rook: Chess = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1".parse().unwrap();
//! let line = rook.can_win(Color::White).mating_line().unwrap().to_vec();
//! let mut pos = rook;
//! for mv in line {
//!     assert!(pos.is_legal(mv));
//!     pos.play_unchecked(mv);
//! }
//! assert!(pos.is_checkmate());
//! assert_eq!(rook.can_win_within(Color::Black, Effort::QUICK).verdict, Verdict::Cannot);
//! ```

mod greedy;
mod helpmate;
mod proof;
mod quick;
mod semistatic;

use super::{Chess, Move};
use crate::Color;
pub use crate::ProofKind;

/// Whether a side can still checkmate: [`crate::Verdict`] of chess moves.
pub type Verdict = crate::Verdict<Move>;

/// How much an analysis may do: the number of positions it may visit. Deterministic: the same
/// position and effort always give the same verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effort {
    /// Positions visited at most (the proofs and the search together).
    pub nodes: u64,
    /// Plies of the longest mating line searched for.
    pub max_plies: u32,
    /// Branching positions (with more than one legal move) the "cannot" proof looks through;
    /// forced moves do not count.
    pub proof_depth: u32,
}

impl Effort {
    /// The full analysis ([`Chess::can_win`], [`Chess::is_dead_position`], the flag adjudication).
    pub const FULL: Effort = Effort {
        nodes: 2_000_000,
        max_plies: 160,
        proof_depth: 3,
    };
    /// The quick check run by every [`outcome`](crate::Variant::position_outcome): forced moves
    /// and the semi-static proof, a few hundred positions at most.
    pub const QUICK: Effort = Effort {
        nodes: 256,
        max_plies: 8,
        proof_depth: 0,
    };
}

/// Positions of the first search pass (depth budget 1).
const FIRST_PASS_NODES: u64 = 1_000;
/// Positions a search pass of depth budget `d` may visit: `d` times this.
const NODES_PER_DEPTH: u64 = 7_000;
/// Positions the breadth closure of a full analysis may enumerate.
const CLOSURE_NODES: u64 = 5_000;
/// The largest depth budget of a pass.
const MAX_PASS_DEPTH: i32 = 128;

/// A verdict and the positions visited to reach it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// The answer.
    pub verdict: Verdict,
    /// Positions visited, at most the effort's `nodes`.
    pub nodes: u64,
    /// What proves a [`Verdict::Cannot`] (`None` for the other verdicts).
    pub proof: Option<ProofKind>,
}

/// A count of positions visited against a limit.
pub(crate) struct Budget {
    used: u64,
    limit: u64,
}

impl Budget {
    fn new(limit: u64) -> Budget {
        Budget { used: 0, limit }
    }

    /// Counts one position; `false` (and nothing counted) when the limit is reached.
    fn spend(&mut self) -> bool {
        if self.used >= self.limit {
            return false;
        }
        self.used += 1;
        true
    }

    fn exhausted(&self) -> bool {
        self.used >= self.limit
    }
}

impl Chess {
    /// Whether `color` can still checkmate by some sequence of legal moves, with the full effort
    /// ([`Effort::FULL`]).
    pub fn can_win(&self, color: Color) -> Verdict {
        self.can_win_within(color, Effort::FULL).verdict
    }

    /// Whether `color` can still checkmate, visiting at most `effort.nodes` positions.
    pub fn can_win_within(&self, color: Color, effort: Effort) -> Analysis {
        let mut budget = Budget::new(effort.nodes);
        let mut proof = None;
        let verdict = self.verdict(color, effort, &mut budget, &mut proof);
        Analysis {
            verdict,
            nodes: budget.used,
            proof,
        }
    }

    /// The kind of proof behind a [`Verdict::Cannot`] of the full analysis, `None` when the
    /// analysis does not say "cannot".
    pub fn cannot_win_proof(&self, color: Color) -> Option<ProofKind> {
        self.can_win_within(color, Effort::FULL).proof
    }

    fn verdict(
        &self,
        color: Color,
        effort: Effort,
        budget: &mut Budget,
        proof: &mut Option<ProofKind>,
    ) -> Verdict {
        if self.turn() != color && self.is_checkmate() {
            return Verdict::CanWin(Vec::new());
        }
        if proof::cannot_mate(self, color, effort.proof_depth, budget) {
            *proof = Some(if self.has_insufficient_material(color) {
                ProofKind::Material
            } else if !self.has_legal_moves() {
                ProofKind::GameOver
            } else if semistatic::semistatic_cannot_mate(self, color) {
                ProofKind::BlockedStructure
            } else {
                ProofKind::ExhaustedSearch
            });
            return Verdict::Cannot;
        }
        // A first small pass catches the short mates and the small closed positions.
        let first = [helpmate::Pass {
            depth: 1,
            nodes: FIRST_PASS_NODES,
        }];
        match helpmate::search(self, color, &first, effort.max_plies, budget) {
            helpmate::Found::Mate(line) => return Verdict::CanWin(line),
            helpmate::Found::Cannot => {
                *proof = Some(ProofKind::ExhaustedSearch);
                return Verdict::Cannot;
            }
            helpmate::Found::Unknown => {}
        }
        // The greedy walks may spend a quarter of what is left: most long but plain mates (a
        // pawn to promote, a rook to bring) are found there at once.
        let mut greedy_budget = Budget::new((budget.limit - budget.used) / 4);
        let greedy = greedy::greedy_mate(self, color, &mut greedy_budget);
        budget.used += greedy_budget.used;
        if let Some(line) = greedy {
            return Verdict::CanWin(line);
        }
        // Small reachable sets (boxed-in kings, pawns that will ram) are enumerated outright,
        // after the greedy walks: most positions with mating material are won there at once, and
        // their reachable sets would fill the closure for nothing.
        if helpmate::closure(self, color, CLOSURE_NODES, budget) == Some(false) {
            *proof = Some(ProofKind::ExhaustedSearch);
            return Verdict::Cannot;
        }
        let passes = helpmate::growing_passes(2, MAX_PASS_DEPTH, NODES_PER_DEPTH);
        match helpmate::search(self, color, &passes, effort.max_plies, budget) {
            helpmate::Found::Mate(line) => Verdict::CanWin(line),
            helpmate::Found::Cannot => {
                *proof = Some(ProofKind::ExhaustedSearch);
                Verdict::Cannot
            }
            helpmate::Found::Unknown => Verdict::Undetermined,
        }
    }

    /// Whether `color` is proven unable to checkmate by any sequence of legal moves, with the
    /// full effort ([`Chess::can_win`] says [`Verdict::Cannot`]). A flag of the opponent is then
    /// a draw (FIDE 6.9).
    pub fn cannot_win(&self, color: Color) -> bool {
        self.can_win(color) == Verdict::Cannot
    }

    /// Whether neither side can checkmate by any sequence of legal moves, proven with the full
    /// effort: a dead position (FIDE 1.3 / 5.2.2). `false` when not proven.
    pub fn is_dead_position(&self) -> bool {
        self.is_dead_position_within(Effort::FULL)
    }

    /// [`Chess::is_dead_position`] within `effort` for each colour.
    pub fn is_dead_position_within(&self, effort: Effort) -> bool {
        Color::ALL
            .into_iter()
            .all(|color| self.can_win_within(color, effort).verdict == Verdict::Cannot)
    }

    /// The check every `outcome()` runs, given the number of legal moves (see the `quick`
    /// module): it looks only at positions with every pawn rammed and at forced moves, costs a
    /// few bitboard tests elsewhere, and never searches. It only ever answers "dead" or "not
    /// proven"; anything else is left to [`Chess::is_dead_position`].
    pub(crate) fn is_dead_position_quick(&self, legal_moves: usize) -> bool {
        quick::dead(self, legal_moves)
    }
}

/// The most forced moves (positions with a single legal move) the quick check of `outcome()`
/// follows; it plays at most this many moves plus one move per legal move of a position in
/// check by a pawn.
pub const QUICK_NODES: u64 = 16;
