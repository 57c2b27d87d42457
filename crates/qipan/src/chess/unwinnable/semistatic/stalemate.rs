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
//!   other than on `t`, or is attacked by the king on `t` or by a steady pawn or knight of the
//!   mover (attacks no other unit can block).
//!
//! The facts used only weaken as the reaches grow, so the filtered squares only shrink from one
//! round to the next, and the fixpoint's last round proves with its own facts.

use super::super::super::attacks::king_attacks;
use super::super::super::{Bitboard, Role};
use super::{king_steps, knight_steps, pawn_attack_steps, Derived, Fixpoint};
use crate::Color;

impl Fixpoint {
    /// The squares `mover`'s king never enters: each would stalemate the other side.
    #[inline(never)]
    pub(super) fn stalemating_squares(&self, derived: &Derived, mover: Color) -> Bitboard {
        let victim = !mover;
        let steady_mover = derived.steady_by[mover.index()];
        let mut region = Bitboard::EMPTY;
        let (mut fixed_pawns, mut fixed_knights) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for unit in &self.units {
            if unit.color == victim {
                if unit.role == Role::King {
                    region = unit.reach;
                } else if unit.reach != Bitboard::from_square(unit.origin) || unit.promoted.any() {
                    return Bitboard::EMPTY;
                }
            } else if steady_mover.contains(unit.origin) {
                match unit.role {
                    Role::Pawn => fixed_pawns.add(unit.origin),
                    Role::Knight => fixed_knights.add(unit.origin),
                    _ => {}
                }
            }
        }
        // A king attacked by the mover wherever it may stand is never stalemated.
        let quiet = region - self.may_attack(mover);
        let closed_by_mover = pawn_attack_steps(mover, fixed_pawns) | knight_steps(fixed_knights);
        let steady_victim = derived.steady_by[victim.index()];
        let mut stalemating = Bitboard::EMPTY;
        // Only a square within two steps of the region can take a flight square away.
        for t in king_steps(king_steps(region)) - steady_mover {
            let at_t = Bitboard::from_square(t);
            let stands = region - king_attacks(t) - at_t;
            let closed = closed_by_mover | king_attacks(t) | (steady_victim - at_t);
            if (stands - quiet).is_empty()
                && stands
                    .into_iter()
                    .all(|a| (king_attacks(a) - closed).is_empty())
            {
                stalemating.add(t);
            }
        }
        stalemating
    }
}
