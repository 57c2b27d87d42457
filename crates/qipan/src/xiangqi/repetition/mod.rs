//! Judging repeated positions: perpetual check and perpetual chase (Asian / AXF rules here; the
//! Chinese / CXA rulings in [`cxa`]).
//!
//! Nothing is judged until the current position occurs for the third time
//! ([`Game::repetitions`] `>= 3`). Then, under [`RuleSet::SimpleRepetition`], the game is a draw
//! ([`Termination::Repetition`]); under [`RuleSet::Asian`] (the default) and
//! [`RuleSet::Chinese`] the *cycle* is judged: the moves played since the first of the three
//! occurrences (two turns of the loop, every move of both sides in it). What follows is the
//! Asian ruling.
//!
//! 1. **Perpetual check.** A side that gave check with every one of its moves in the cycle loses
//!    ([`Termination::PerpetualCheck`]); when both sides did, the game is drawn.
//! 2. **Perpetual chase.** Otherwise, a side that chased one and the same piece with every one of
//!    its moves loses ([`Termination::PerpetualChase`]); when both sides did, the game is drawn.
//!    A move *chases* a piece when it creates a threat on it: one of the mover's pieces threatens
//!    it after the move and did not before — it did not attack the piece's point, or the piece
//!    lost its protection through a pin or a check ([`chase::created`]). What a threat is — legal
//!    capture, unprotected or more valuable victim, generals and soldiers exempt — is written in
//!    [`chase`]. The chased piece is followed as it moves, so fleeing does not change it.
//! 3. Otherwise the repetition is a draw ([`Termination::Repetition`]): idle moves, a check
//!    alternating with an idle move, chases of different pieces in turn.
//!
//! Check outranks chase: a side that checks perpetually loses even when the other side chases
//! perpetually. A checking move counts towards a chase only if it also creates the threat, so a
//! side alternating checks and chases is not judged a chaser: one check and one chase is a draw
//! under these rules (as Fairy-Stockfish rules it), a loss under [`RuleSet::Chinese`].
//!
//! ```
//! use qipan::{Color, Game, Termination, Xiangqi};
//! // Idle moves: a draw.
//! let mut game: Game<Xiangqi> = Game::new();
//! for mv in ["h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9"] {
//!     game.push_coord(mv).unwrap();
//! }
//! assert_eq!(game.repetitions(), 3);
//! assert_eq!(game.outcome().unwrap().termination, Termination::Repetition);
//!
//! // The red chariot checks from d5 and e5 while the black general steps d9-e9-d9: Red loses.
//! let mut game: Game<Xiangqi> = Game::from_fen("3k5/9/9/9/4R4/9/9/9/9/5K3 w").unwrap();
//! for mv in ["e5d5", "d9e9", "d5e5", "e9d9", "e5d5", "d9e9", "d5e5", "e9d9"] {
//!     game.push_coord(mv).unwrap();
//! }
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.termination, Termination::PerpetualCheck);
//! assert_eq!(outcome.winner, Some(Color::Black));
//! ```

mod chase;
mod cxa;
mod kill;

use super::{RuleSet, Xiangqi};
use crate::{Color, History, Outcome, Termination};

/// The verdict on the game's repetitions, if the current position has occurred three times.
pub(crate) fn judge(history: History<'_, Xiangqi>) -> Option<Outcome> {
    if history.repetitions() < 3 {
        return None;
    }
    Some(match history.rules().repetition {
        RuleSet::SimpleRepetition => Outcome::draw(Termination::Repetition),
        RuleSet::Asian => judge_cycle(&history.positions()[cycle_start(history)..]),
        RuleSet::Chinese => cxa::judge_cycle(&history.positions()[cycle_start(history)..]),
    })
}

/// The index of the first of the last three occurrences of the current position.
fn cycle_start(history: History<'_, Xiangqi>) -> usize {
    let keys = history.keys();
    let last = keys.len() - 1;
    let oldest = last.saturating_sub(history.position().halfmove_clock() as usize);
    let mut seen = 0;
    let mut i = last;
    while i >= oldest + 2 {
        i -= 2;
        if keys[i] == keys[last] {
            seen += 1;
            if seen == 2 {
                break;
            }
        }
    }
    i
}

/// Judges a repeated cycle: `positions` runs from the first occurrence of the repeated position
/// to its last, every position after the first reached by one (non-capturing) move.
fn judge_cycle(positions: &[Xiangqi]) -> Outcome {
    let mut checks = [true; 2];
    let mut chases = [u16::MAX; 2];
    for pair in positions.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let mover = before.turn.index();
        checks[mover] &= after.is_check();
        chases[mover] &= new_threats(before, after);
    }
    let loser = |flags: [bool; 2]| match flags {
        [true, false] => Some(Color::White),
        [false, true] => Some(Color::Black),
        _ => None,
    };
    if checks.iter().any(|&c| c) {
        return match loser(checks) {
            Some(color) => Outcome::win(Termination::PerpetualCheck, !color),
            None => Outcome::draw(Termination::Repetition),
        };
    }
    match loser(chases.map(|c| c != 0)) {
        Some(color) => Outcome::win(Termination::PerpetualChase, !color),
        None => Outcome::draw(Termination::Repetition),
    }
}

/// The pieces (slots of the side not moving) that the move from `before` to `after` chases: the
/// threats of the mover after the move that the same attacker did not have before it.
fn new_threats(before: &Xiangqi, after: &Xiangqi) -> u16 {
    let mut chased = 0;
    chase::for_new_threats(before, after, false, chase::created, |_, victim| {
        chased |= 1 << victim
    });
    chased
}
