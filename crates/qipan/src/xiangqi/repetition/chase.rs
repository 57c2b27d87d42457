//! Threats: which pieces a side could win by a capture, the raw material of a chase.
//!
//! A piece of side `by` *threatens* a piece of the other side when all of this holds in the
//! position (whoever is to move in it):
//!
//! - the attacker is not a general or a soldier (they may chase freely), and the victim is not the
//!   general (that is check) or a soldier on its own side of the river;
//! - the attacker attacks the victim's point (horse legs and cannon screens counted), and the
//!   capture would be legal for `by`: it does not leave `by`'s general attacked (a pinned attacker,
//!   the flying general);
//! - the victim is not of the attacker's kind with a legal capture of the attacker itself (two
//!   chariots facing each other attack each other: no chase);
//! - the victim is *unprotected* — after the capture, the other side has no legal recapture on
//!   that point (a pinned defender, a general that would face the other general or step into an
//!   attack, a cannon whose screen was the captured piece's attacker, a recapture that would not
//!   answer a discovered check all do not count) — or it is worth more than the attacker: a horse
//!   or cannon attacking a chariot, an advisor or elephant attacking a chariot, horse or cannon.
//!
//! [`attacks_by`] answers for every pair of pieces (attacker slot, victim slot), so that pieces keep
//! their identity when they move (slots only change by captures, and a repeated cycle has none);
//! [`created`] compares the answers before and after a move.

use super::super::position::{tag, SLOT_KIND};
use super::super::tables::NONE;
use super::super::{Role, Square, Xiangqi};
use crate::Color;

/// What one piece can do against one piece of the other side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Attack {
    /// The attacker attacks the victim's point (by its move rules, legality aside).
    pub attack: bool,
    /// The attacker may legally capture the victim, and the victim is not of its kind with a
    /// legal capture of the attacker.
    pub capture: bool,
    /// The capture would win the victim: a threat (see the module documentation).
    pub threat: bool,
    /// After the capture: the victim's side's pieces that attack the point (slot bits)...
    pub defenders: u16,
    /// ... and those of them that may legally recapture there.
    pub recapturers: u16,
}

/// For each slot of a side's pieces and each slot of the other side's, what the first can do
/// against the second. Slots keep a piece's identity while it moves.
pub(super) type Attacks = [[Attack; 16]; 16];

/// The attacks of `by` in `pos` (see the module documentation); `by`'s soldiers count as attackers
/// only when `soldiers` is set (the CXA counts a soldier's threats when both sides attack in turn,
/// 棋例通则 27.2).
pub(super) fn attacks_by(pos: &Xiangqi, by: Color, soldiers: bool) -> Attacks {
    let them = !by;
    let attacker_view = with_turn(pos, by);
    let victim_view = with_turn(pos, them);
    let mut out = [[Attack::default(); 16]; 16];
    for (vslot, &vsq) in pos.slots[them.index()].iter().enumerate().skip(1) {
        if vsq == NONE {
            continue;
        }
        let victim = SLOT_KIND[vslot];
        if victim == Role::Soldier && Square(vsq).on_own_side(them) {
            continue;
        }
        let to = vsq as usize;
        // Advisors, elephants, horses, chariots and cannons: slots 1 to 10; soldiers 11 to 15.
        let attacker_slots = if soldiers { 16 } else { 11 };
        for (aslot, &asq) in pos.slots[by.index()]
            .iter()
            .enumerate()
            .take(attacker_slots)
            .skip(1)
        {
            if asq == NONE {
                continue;
            }
            let from = asq as usize;
            if !pos.attacks(tag(by) | aslot as u8, from, to) {
                continue;
            }
            out[aslot][vslot].attack = true;
            if !attacker_view.safe_after(from, to) {
                continue;
            }
            let attacker = SLOT_KIND[aslot];
            if attacker == victim && can_capture(&victim_view, to, from) {
                continue;
            }
            let (defenders, recapturers) = defence(&attacker_view, from, to);
            out[aslot][vslot] = Attack {
                attack: true,
                capture: true,
                threat: recapturers == 0 || outranks(victim, attacker),
                defenders,
                recapturers,
            };
        }
    }
    out
}

/// Whether the attack `new` (after a move) is a threat the move created, given the same
/// attacker's attack `old` on the same victim before it: either the attacker did not attack the
/// victim's point before (a direct or discovered attack, a new cannon screen), or it could
/// capture before but the victim lost its protection through pins or checks — every piece that
/// could recapture before still attacks the point but none may legally recapture now.
///
/// Not created: an attack that existed but could not be carried out before because the mover was
/// in check or its attacker was pinned (escaping a check does not chase what was attacked all
/// along), and protection lost because the mover blocked a defender's line or took away its
/// cannon screen.
pub(super) fn created(old: &Attack, new: &Attack) -> bool {
    new.threat
        && (!old.attack || (old.capture && !old.threat && old.recapturers & !new.defenders == 0))
}

/// The CXA's reading (29.2, 细则2 "从没捉到捉"): a threat the move created is one that is there
/// after the move and was not before it, whatever took it away before — no attack, a pin, a
/// check the mover had to answer, a protection that has since gone.
pub(super) fn created_cxa(old: &Attack, new: &Attack) -> bool {
    new.threat && !old.threat
}

/// Calls `found(attacker slot, victim slot)` for every threat the move from `before` to `after`
/// created, as the rule set's `created` tells (soldiers among the attackers when `soldiers` is
/// set).
pub(super) fn for_new_threats(
    before: &Xiangqi,
    after: &Xiangqi,
    soldiers: bool,
    created: fn(&Attack, &Attack) -> bool,
    mut found: impl FnMut(usize, usize),
) {
    let mover = before.turn;
    let old = attacks_by(before, mover, soldiers);
    let new = attacks_by(after, mover, soldiers);
    for (attacker, (old, new)) in old.iter().zip(&new).enumerate() {
        for (victim, (old, new)) in old.iter().zip(new).enumerate() {
            if created(old, new) {
                found(attacker, victim);
            }
        }
    }
}

/// A copy of `pos` with `color` to move (only the side changes: the key is not updated).
fn with_turn(pos: &Xiangqi, color: Color) -> Xiangqi {
    let mut p = *pos;
    p.turn = color;
    p
}

/// Whether the side to move in `pos` may capture from `from` on `to` (the piece on `from` attacks
/// `to` and the capture is legal).
fn can_capture(pos: &Xiangqi, from: usize, to: usize) -> bool {
    pos.attacks(pos.board[from], from, to) && pos.safe_after(from, to)
}

/// After the side to move in `pos` captures from `from` on `to`: the other side's pieces that
/// attack `to`, and those that may legally recapture there (slot bits).
fn defence(pos: &Xiangqi, from: usize, to: usize) -> (u16, u16) {
    let mut next = *pos;
    next.make(from, to);
    let us = next.turn;
    let (mut defenders, mut recapturers) = (0, 0);
    for (slot, &sq) in next.slots[us.index()].iter().enumerate() {
        if sq != NONE && next.attacks(tag(us) | slot as u8, sq as usize, to) {
            defenders |= 1 << slot;
            if next.safe_after(sq as usize, to) {
                recapturers |= 1 << slot;
            }
        }
    }
    (defenders, recapturers)
}

/// Whether `victim` is worth more than `attacker` in the sense of the chase rules: attacking it
/// is a chase even when it is protected.
fn outranks(victim: Role, attacker: Role) -> bool {
    use Role::*;
    match attacker {
        Horse | Cannon => victim == Chariot,
        Advisor | Elephant => matches!(victim, Chariot | Horse | Cannon),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots_of(pos: &Xiangqi, color: Color, mask: u16) -> Vec<String> {
        (0..16)
            .filter(|s| mask >> s & 1 != 0)
            .map(|s| Square(pos.slots[color.index()][s]).to_string())
            .collect()
    }

    /// The points of the pieces `by` threatens, sorted.
    fn threatened(fen: &str, by: Color) -> Vec<String> {
        let pos = Xiangqi::from_fen(fen).unwrap();
        let all = attacks_by(&pos, by, false)
            .iter()
            .flatten()
            .enumerate()
            .filter(|(_, a)| a.threat)
            .fold(0, |acc, (i, _)| acc | 1 << (i % 16));
        let mut v = slots_of(&pos, !by, all);
        v.sort();
        v
    }

    #[test]
    fn unprotected_pieces_are_threatened_protected_ones_not() {
        // Red chariot e4 attacks the horse e7 (unprotected) and the cannon a4, protected by the
        // chariot a9.
        let fen = "r3k4/9/4n4/9/c3R4/9/9/9/9/3K5 w";
        assert_eq!(threatened(fen, Color::RED), ["e7"]);
    }

    #[test]
    fn a_horse_threatens_a_protected_chariot() {
        // Red horse c4 attacks the chariot d6, protected by the chariot d9.
        let fen = "3rk4/9/9/3r5/9/2N6/9/9/9/5K3 w";
        assert_eq!(threatened(fen, Color::RED), ["d6"]);
    }

    #[test]
    fn generals_soldiers_and_home_soldiers_do_not_count() {
        // The red soldier e6 attacks the horse e7; the red chariot a3 attacks the black soldier
        // c3, which has crossed, and the chariot i5 the soldier i6, which has not.
        let fen = "4k4/9/4n4/4P3p/8R/9/R1p6/9/9/3K5 w";
        assert_eq!(threatened(fen, Color::RED), ["c3"]);
    }

    #[test]
    fn pinned_attackers_and_mutual_attacks_do_not_threaten() {
        // The red chariot e4 stands between the black chariot e8 and the red general e0: taking
        // the horse i4 would expose the general, and the chariot e8 could take e4 back.
        let fen = "3k5/4r4/9/9/4R3n/9/9/9/9/4K4 w";
        assert!(threatened(fen, Color::RED).is_empty());
        // Black's chariot e8 threatens nothing either: e4 can take it first.
        assert!(threatened(fen, Color::Black).is_empty());
    }
}
