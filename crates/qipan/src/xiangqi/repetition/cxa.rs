//! The Chinese Xiangqi Association's rulings on a repeated cycle (中国象棋竞赛规则, 棋例).
//!
//! Every move of the cycle is named, the heavier name winning (27.4): **check** (将), **mate
//! threat** (杀, [`kill`]), **chase** (捉: the move creates a threat on any piece — one piece or
//! several, 28.12), otherwise **idle** (闲: exchange, offer, block, follow — no new threat). Check,
//! mate threat and chase are *attacks* (打, 28.4). Then:
//!
//! - a side that checked with every move loses unless the other side did too (26.1, 24.1);
//! - a side that attacked with every move, in any mix (长捉, 长杀, 一将一捉, 一将一杀, 一杀一捉), is
//!   at fault (25.2); one idle move in the cycle makes its moves allowed (数将一闲, 数捉一闲);
//! - both at fault or both allowed: a draw (26.2, 26.3); only one at fault: it loses (26.4).
//!
//! What a threat is comes from [`chase`](super::chase) (the AXF reading shared with
//! [`RuleSet::Asian`](super::super::RuleSet::Asian)): the general's own attacks are idle (27.1);
//! a soldier's are idle (27.2) unless the other side attacks with every move ("相互长打",
//! 细则11), and a capture that would let the victim's side mate at once is no threat (29.4,
//! 细则7).

use super::super::Xiangqi;
use super::{chase, kill};
use crate::{Color, Outcome, Termination};

/// What one move of a cycle is, the heaviest name first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// The move checks.
    Check,
    /// The move threatens mate.
    MateThreat,
    /// The move creates a threat on a piece by a piece other than a soldier.
    Chase,
    /// The move creates a threat only with a soldier.
    SoldierChase,
    /// None of these.
    Idle,
}

/// Names the move from `before` to `after`; the mate searches take from `budget` (what is left
/// of the cycle's [`kill::CYCLE_BUDGET`]).
pub(super) fn kind(before: &Xiangqi, after: &Xiangqi, budget: &mut u32) -> Kind {
    if after.is_check() {
        return Kind::Check;
    }
    if kill::threatens_mate(before, after, budget) {
        return Kind::MateThreat;
    }
    let mut chase_by = [false; 2]; // [by a piece, by a soldier]
    chase::for_new_threats(
        before,
        after,
        true,
        chase::created_cxa,
        |attacker, victim| {
            if !capture_is_answered_by_mate(after, attacker, victim, budget) {
                chase_by[usize::from(attacker >= 11)] = true;
            }
        },
    );
    match chase_by {
        [true, _] => Kind::Chase,
        [false, true] => Kind::SoldierChase,
        _ => Kind::Idle,
    }
}

/// Whether, in `after`, the capture of the victim (slot of the side to move) by the attacker
/// (slot of the side that just moved) would let the victim's side mate in one (CXA 29.4).
fn capture_is_answered_by_mate(
    after: &Xiangqi,
    attacker: usize,
    victim: usize,
    budget: &mut u32,
) -> bool {
    let mover = !after.turn;
    let from = after.slots[mover.index()][attacker] as usize;
    let to = after.slots[after.turn.index()][victim] as usize;
    let mut captured = *after;
    captured.turn = mover;
    captured.make(from, to);
    kill::mates_in_one(&captured, budget)
}

/// Judges a repeated cycle by the CXA table: `positions` runs from the first occurrence of the
/// repeated position to its last, every position after the first reached by one move.
pub(super) fn judge_cycle(positions: &[Xiangqi]) -> Outcome {
    let mut kinds: [Vec<Kind>; 2] = [Vec::new(), Vec::new()];
    let mut budget = kill::CYCLE_BUDGET;
    for pair in positions.windows(2) {
        kinds[pair[0].turn.index()].push(kind(&pair[0], &pair[1], &mut budget));
    }
    verdict(&kinds)
}

/// The CXA table on the names of each side's moves (indexed by [`Color::index`]).
pub(super) fn verdict(kinds: &[Vec<Kind>; 2]) -> Outcome {
    let all = |side: usize, pred: &dyn Fn(Kind) -> bool| kinds[side].iter().all(|&k| pred(k));
    let checks = [0, 1].map(|s| all(s, &|k| k == Kind::Check));
    if let Some(loser) = one_of(checks) {
        return Outcome::win(Termination::PerpetualCheck, !loser);
    }
    if checks == [true, true] {
        return Outcome::draw(Termination::Repetition);
    }
    let strict = [0, 1].map(|s| all(s, &|k| !matches!(k, Kind::Idle | Kind::SoldierChase)));
    // A soldier's chases count when the other side attacks with every move (相互长打).
    let fault = [0, 1].map(|s| strict[s] || (strict[1 - s] && all(s, &|k| k != Kind::Idle)));
    match one_of(fault) {
        Some(loser) => Outcome::win(Termination::PerpetualChase, !loser),
        None => Outcome::draw(Termination::Repetition),
    }
}

/// The colour whose flag alone is set.
fn one_of(flags: [bool; 2]) -> Option<Color> {
    match flags {
        [true, false] => Some(Color::White),
        [false, true] => Some(Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::Kind::*;
    use super::*;

    fn judge(red: &[Kind], black: &[Kind]) -> (Termination, Option<Color>) {
        let o = verdict(&[red.to_vec(), black.to_vec()]);
        (o.termination, o.winner)
    }

    #[test]
    fn the_cxa_table() {
        use Termination::*;
        // 26.1: one-sided perpetual check loses, whatever the other side does.
        assert_eq!(
            judge(&[Check, Check], &[Chase, Chase]),
            (PerpetualCheck, Some(Color::Black))
        );
        assert_eq!(judge(&[Check, Check], &[Check, Check]), (Repetition, None));
        // 25.2: one check one chase (一将一捉), one check one mate threat, one mate threat one
        // chase are forbidden; 26.4: against allowed moves they lose.
        for red in [
            [Check, Chase],
            [Check, MateThreat],
            [MateThreat, Chase],
            [MateThreat, MateThreat],
        ] {
            assert_eq!(
                judge(&red, &[Idle, Idle]),
                (PerpetualChase, Some(Color::Black))
            );
        }
        // 数将一闲: one idle move makes the side's moves allowed.
        assert_eq!(judge(&[Check, Idle], &[Idle, Idle]), (Repetition, None));
        // 26.3: both forbidden (不含长将): a draw.
        assert_eq!(
            judge(&[Check, Chase], &[MateThreat, Chase]),
            (Repetition, None)
        );
        // 27.2: a soldier's chase is idle...
        assert_eq!(
            judge(&[SoldierChase, SoldierChase], &[Idle, Idle]),
            (Repetition, None)
        );
        // ... unless both sides attack with every move (细则11: 二打对二打, a draw).
        assert_eq!(
            judge(&[SoldierChase, SoldierChase], &[Chase, Chase]),
            (Repetition, None)
        );
        assert_eq!(
            judge(&[Idle, Idle], &[Chase, Chase]),
            (PerpetualChase, Some(Color::RED))
        );
    }
}
