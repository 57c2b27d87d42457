//! Mate threats (杀, 杀着): "a move that intends to mate in the next move or by consecutive checks"
//! (CXA 28.2). Searched with a bound: checking moves only, at most [`CHECKS_DEEP`] of them, at most
//! [`NODE_BUDGET`] positions for one move and [`CYCLE_BUDGET`] for a whole cycle; a threat that
//! needs more is not seen (the move then counts as idle).

use super::super::Xiangqi;

/// The longest mate by consecutive checks that counts as a threat.
pub(super) const CHECKS_DEEP: u32 = 3;

/// The most positions the searches for one move may visit.
pub(super) const NODE_BUDGET: u32 = 2_000;

/// The most positions the searches for all the moves of one cycle may visit together, so that a
/// long cycle stays cheap (about 50 ms at worst on the project's machine).
pub(super) const CYCLE_BUDGET: u32 = 20_000;

/// Whether the move from `before` to `after` threatens mate: were the mover to move again, it
/// would mate by consecutive checks within [`CHECKS_DEEP`] moves, and it could not in `before`
/// (the threat is the move's own, as a chase must be: CXA 29.2). A check is no mate threat (the
/// heavier name wins).
///
/// `cycle_budget` is what is left of the cycle's [`CYCLE_BUDGET`]; the searches take from it.
pub(super) fn threatens_mate(before: &Xiangqi, after: &Xiangqi, cycle_budget: &mut u32) -> bool {
    if after.is_check() {
        return false;
    }
    let mut again = *after;
    again.turn = before.turn;
    let mut budget = NODE_BUDGET.min(*cycle_budget);
    let start = budget;
    let threat = mates_by_checks(&again, CHECKS_DEEP, &mut budget)
        && !mates_by_checks(before, CHECKS_DEEP, &mut budget);
    *cycle_budget -= start - budget;
    threat
}

/// Whether the side to move in `pos` can mate in one move (taking from `cycle_budget`).
pub(super) fn mates_in_one(pos: &Xiangqi, cycle_budget: &mut u32) -> bool {
    let mut budget = NODE_BUDGET.min(*cycle_budget);
    let start = budget;
    let mate = mates_by_checks(pos, 1, &mut budget);
    *cycle_budget -= start - budget;
    mate
}

/// Whether the side to move mates by checks within `depth` of its moves, whatever the defence.
/// Every position searched (and every checking move tried) takes one from `budget`; at zero the
/// answer is "no".
fn mates_by_checks(pos: &Xiangqi, depth: u32, budget: &mut u32) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    for mv in pos.legal_moves() {
        if !pos.gives_check(mv) {
            continue;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut next = *pos;
        next.play_unchecked(mv);
        let replies = next.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if depth > 1
            && replies.iter().all(|&reply| {
                let mut after = next;
                after.play_unchecked(reply);
                *budget > 0 && mates_by_checks(&after, depth - 1, budget)
            })
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chariot_behind_a_lone_general_threatens_mate() {
        // Black general d9, red chariots on a8 (guards rank 8) and i0; red general e0 guards e9.
        // Red to move: i0i9 mates.
        let pos = Xiangqi::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3R w").unwrap();
        let mut budget = NODE_BUDGET;
        assert!(mates_by_checks(&pos, 1, &mut budget));
        // Without the second chariot there is no mate in one (a8a9+ lets the general out to d8).
        let pos = Xiangqi::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 w").unwrap();
        let mut budget = NODE_BUDGET;
        assert!(!mates_by_checks(&pos, 1, &mut budget));
        // A move that leaves in place a threat that was there before is no mate threat of its
        // own: the red general steps d0-e0, and the chariots mated before as after.
        let before = Xiangqi::from_fen("3k5/R8/9/9/9/9/9/9/9/5K2R w").unwrap();
        let after = Xiangqi::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3R b").unwrap();
        let mut cycle_budget = CYCLE_BUDGET;
        assert!(!threatens_mate(&before, &after, &mut cycle_budget));
        // A bounded search: an exhausted budget finds nothing.
        let mut budget = 0;
        let pos = Xiangqi::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3R w").unwrap();
        assert!(!mates_by_checks(&pos, 1, &mut budget));
    }
}
