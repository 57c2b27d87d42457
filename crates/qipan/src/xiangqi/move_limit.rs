//! The natural move limit (自然限着): how many plies without a capture count towards it.
//!
//! AXF and CXA draw a game after 60 moves by each side without a capture, but a side cannot run
//! the count up by checking: only its first [`CHECKS_COUNTED`] checks in that stretch count. As
//! Pikafish counts it (facts from its `do_move` / `rule_judge`, no code taken), a check beyond a
//! side's tenth is not counted, nor is the other side's reply to a check once the checking side
//! is past its tenth. Fairy-Stockfish instead removes two plies for each check beyond ten of the
//! side that checked more; the two agree whenever only one side checks beyond ten (the usual
//! case) and differ when both do (see `docs/rules-xiangqi.md`).

use super::Xiangqi;
use crate::History;

/// How many checks of each side count towards the move limit in a stretch without capture.
pub const CHECKS_COUNTED: u32 = 10;

/// The plies since the last capture that count towards the move limit: the halfmove clock less
/// each side's checks beyond its first [`CHECKS_COUNTED`] and the replies to them. Plies before
/// the game's first position (a FEN's halfmove clock) are all counted: their checks are unknown.
///
/// ```
/// use qipan::xiangqi::counted_plies;
/// use qipan::{Game, Xiangqi};
/// // The red chariot checks from d5 and e5 while the black general steps d9-e9-d9.
/// let mut game: Game<Xiangqi> = Game::from_fen("3k5/9/9/9/4R4/9/9/9/9/5K3 w").unwrap();
/// let moves = ["e5d5", "d9e9", "d5e5", "e9d9"];
/// for mv in moves.iter().cycle().take(24) {
///     game.push_coord(mv).unwrap();
/// }
/// // 12 checks: the 11th and 12th and the replies to them are not counted.
/// assert_eq!(game.position().halfmove_clock(), 24);
/// assert_eq!(counted_plies(game.history()), 20);
/// ```
pub fn counted_plies(history: History<'_, Xiangqi>) -> u32 {
    let positions = history.positions();
    let clock = history.position().halfmove;
    let known = (clock as usize).min(positions.len() - 1);
    let mut counted = clock - known as u32;
    let mut checks = [0u32; 2];
    for pair in positions[positions.len() - 1 - known..].windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let mover = before.turn.index();
        let mut skipped = false;
        if after.is_check() {
            checks[mover] += 1;
            skipped = checks[mover] > CHECKS_COUNTED;
        }
        if before.is_check() && checks[1 - mover] > CHECKS_COUNTED {
            skipped = true;
        }
        if !skipped {
            counted += 1;
        }
    }
    counted
}
