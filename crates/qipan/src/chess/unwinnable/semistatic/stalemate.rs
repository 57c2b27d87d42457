//! The stalemate filter of the fixpoint: squares a king never enters because entering them
//! would leave the other side without a legal move.
//!
//! A king's step onto such a square ends the game in a draw at once, so no line that goes on to
//! a checkmate (of either side) plays it, and the fixpoint may leave it out of the king's reach.
//!
//! **When a step stalemates.** Let the mover's king step onto `t` in a position where every unit
//! stands inside its reach and every steady unit on its own square (the fixpoint's invariant).
//! The other side, the victim, is stalemated when all of these hold:
//! * none of its units but the king ever moves (each one's reach is its own square): after the
//!   step they still cannot, since the king on `t` blocks whatever the unit it may have taken
//!   there blocked, and a unit that now attacks `t` made the step illegal;
//! * wherever its king may stand then (a square of its reach neither `t` nor next to `t`), no unit
//!   of the mover may attack that square from anywhere in its reach (the king is not in check:
//!   stalemate, not checkmate), and every square next to it holds a steady unit of the victim
//!   other than on `t`, or is attacked by the king on `t`, or by a steady unit of the mover along
//!   lines that stop at every square some unit may stand on (so the attack is there whatever
//!   else stands where).
//!
//! The facts used only weaken as the reaches grow, so the filtered squares only shrink from one
//! round to the next, and the fixpoint's last round proves with its own facts.

use super::super::super::attacks::king_attacks;
use super::super::super::{Bitboard, Role};
use super::{king_steps, knight_steps, piece_attacks, steps, Derived, Fixpoint};
use crate::Color;

impl Fixpoint {
    /// The squares `mover`'s king never enters: each would stalemate the other side.
    pub(super) fn stalemating_squares(&self, derived: &Derived, mover: Color) -> Bitboard {
        let victim = !mover;
        let mut victim_king = None;
        for unit in self.units.iter().filter(|u| u.color == victim) {
            if unit.role == Role::King {
                victim_king = Some(unit.reach);
            } else if unit.reach != Bitboard::from_square(unit.origin) || unit.promoted.any() {
                return Bitboard::EMPTY;
            }
        }
        let Some(region) = victim_king else {
            return Bitboard::EMPTY;
        };
        let mut may_attack = Bitboard::EMPTY;
        let mut everywhere = Bitboard::EMPTY;
        for unit in &self.units {
            everywhere |= unit.all();
            if unit.color == mover && unit.role != Role::King {
                may_attack |= steps(unit.role, mover, unit.reach)
                    | king_steps(unit.promoted)
                    | knight_steps(unit.promoted);
            }
        }
        // A king attacked by the mover wherever it may stand is never stalemated.
        let quiet = region - may_attack;
        let steady_mover = derived.steady_by[mover.index()];
        let steady_victim = derived.steady_by[victim.index()];
        let steady_attackers = || {
            self.units.iter().filter(move |u| {
                u.color == mover && u.role != Role::King && steady_mover.contains(u.origin)
            })
        };
        // What the steady units close without the king: a king on `t` blocks lines too, so
        // this is more than they close with it, enough to pass over most squares at once.
        let mut closed_without_king = steady_victim;
        for unit in steady_attackers() {
            closed_without_king |= piece_attacks(unit.role, mover, unit.origin, everywhere);
        }
        let mut stalemating = Bitboard::EMPTY;
        // Only a square within two steps of the region can take a flight square away.
        for t in king_steps(king_steps(region)) - steady_mover {
            let at_t = Bitboard::from_square(t);
            let stands = region - king_attacks(t) - at_t;
            let coarse = closed_without_king | king_attacks(t);
            if (stands - quiet).any()
                || stands.into_iter().any(|a| (king_attacks(a) - coarse).any())
            {
                continue;
            }
            let blockers = everywhere | at_t;
            let mut closed = king_attacks(t) | (steady_victim - at_t);
            for unit in steady_attackers() {
                closed |= piece_attacks(unit.role, mover, unit.origin, blockers);
            }
            if stands
                .into_iter()
                .all(|a| (king_attacks(a) - closed).is_empty())
            {
                stalemating.add(t);
            }
        }
        stalemating
    }
}
