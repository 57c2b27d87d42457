//! Judging repeated positions.
//!
//! For now every third occurrence of a position is a draw ([`Termination::Repetition`]) under
//! both rule sets; the Asian (AXF) judgement of perpetual check and perpetual chase will replace
//! it for [`RuleSet::Asian`](super::RuleSet::Asian).
//!
//! ```
//! use qipan::{Game, Termination, Xiangqi};
//! let mut game: Game<Xiangqi> = Game::new();
//! for mv in ["h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9"] {
//!     game.push_coord(mv).unwrap();
//! }
//! assert_eq!(game.repetitions(), 3);
//! assert_eq!(game.outcome().unwrap().termination, Termination::Repetition);
//! ```

use super::Xiangqi;
use crate::{Game, Outcome, Termination};

/// The verdict on the game's repetitions, if the current position has occurred three times.
pub(crate) fn judge(game: &Game<Xiangqi>) -> Option<Outcome> {
    (game.repetitions() >= 3).then(|| Outcome::draw(Termination::Repetition))
}
