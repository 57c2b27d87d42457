//! The semi-static proof: what every unit can ever do, computed once as a fixpoint, and a
//! mate-pattern test on the result. No search, no move played.
//!
//! **The fixpoint.** For every unit on the board (pieces and pawns, kings included) it keeps
//! `reach`, the squares the unit may ever stand on (an over-approximation), and derives from all
//! of them:
//! * the *steady* units: a unit with no move in its reach and whose square no enemy unit can ever
//!   enter, so it stays where it is, uncaptured, in every position that can follow;
//! * the squares each side *attacks for ever*: from every square of its reach, a unit that can
//!   never be captured (a king, or a unit whose reach no enemy unit's reach meets) attacks them
//!   along lines that no unit can ever stand on.
//!
//! A unit's moves from a square of its reach are taken with only the steady units as obstacles
//! (any other unit may have got out of the way): never onto a steady unit of its own side, a king
//! never onto a square the enemy attacks for ever, a pawn pushed one square at a time (a double
//! step is two single steps) onto a square no steady unit holds, and capturing only onto squares
//! where some enemy unit other than the king may stand. A pawn that reaches its last rank may go on
//! as a queen or a knight (every promotion's moves). Castling adds the king's and the rook's
//! squares after castling. Starting from every unit on its own square, the reaches only grow, so
//! the loop ends; it stops when a round adds nothing.
//!
//! **Why it is sound.** At the fixpoint, "every unit stands inside its reach and every steady unit
//! on its own square" holds now and is kept by every legal move: a legal move is one of the moves
//! above, since the steady units really are where they were (a line they block is blocked), a
//! square attacked for ever really is attacked (its attacker is never captured and its lines are
//! never occupied), a pawn's capture needs an enemy unit on the square (or, en passant, the
//! square a pawn just passed by single steps), and no capture can remove a steady unit. So it holds
//! in every position that can follow. The proof gives up when an en passant capture is possible
//! now (the pawn that moved is past the square it would be taken on).
//!
//! **The mate-pattern test.** A checkmate of the loser puts its king on a square `m` of its reach
//! that a winner's unit attacks from its reach (a slider's line blocked only by steady units), so
//! `m` is among the squares those attacks reach; every neighbour of `m` in the king's reach and
//! attacked by none of the winner's units other than the king must then hold a loser's unit (one a
//! square, each of whose reach contains it) or be attacked by the winner's king, standing on some
//! square of its reach at least two steps from `m`. A winner with no square `m` that passes cannot
//! checkmate: this proves, say, a bishop of one square colour against a king that always keeps a
//! flight square of the other colour, even where the bishop can give check.
//!
//! **The stalemate filter** ([`stalemate`]): a king never steps onto a square where it would
//! leave the other side without a legal move; that step ends the game, so no line to a checkmate
//! plays it, and the invariant above holds along every such line.

use super::super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::super::{Bitboard, Chess, Role, Square};
use crate::Color;
use arrayvec::ArrayVec;

mod stalemate;

/// At most this many rounds of the fixpoint: each round that changes something adds a square to
/// some unit's reach, so about 32 × 64 is the true bound; positions that need more than a few
/// dozen rounds are far from any proof, and the analysis gives up on them.
const MAX_ROUNDS: usize = 64;

/// One unit on the board and the squares it may ever stand on.
#[derive(Clone, Copy)]
struct Unit {
    color: Color,
    role: Role,
    origin: Square,
    /// Squares it may stand on as the piece it is now (a pawn: as a pawn).
    reach: Bitboard,
    /// A pawn's squares after a promotion (where it moves as any piece); empty for pieces.
    promoted: Bitboard,
}

impl Unit {
    fn all(&self) -> Bitboard {
        self.reach | self.promoted
    }
}

/// What the reaches of a round imply for the next one.
#[derive(Default, Clone, Copy)]
struct Derived {
    /// Squares of the steady units, which stay on their squares for ever.
    steady: Bitboard,
    /// The same, per colour.
    steady_by: [Bitboard; 2],
    /// Squares a unit of the colour other than its king may ever stand on (where it can be
    /// captured).
    stands: [Bitboard; 2],
    /// Squares a unit of the colour (its king included) may ever stand on.
    enters: [Bitboard; 2],
    /// Squares the colour attacks in every position that can follow.
    attacked_for_ever: [Bitboard; 2],
    /// Squares the colour's king never enters: each would stalemate the other side (see
    /// [`stalemate`]).
    stalemating: [Bitboard; 2],
}

impl Derived {
    /// Whether `unit` grows the same under `self` as under `other`: what its moves depend on is
    /// equal in both.
    fn same_inputs_for(&self, other: &Derived, unit: &Unit) -> bool {
        let own = unit.color.index();
        let enemy = (!unit.color).index();
        if self.steady_by[own] != other.steady_by[own] {
            return false;
        }
        match unit.role {
            Role::King => {
                self.attacked_for_ever[enemy] == other.attacked_for_ever[enemy]
                    && self.stalemating[own] == other.stalemating[own]
            }
            Role::Pawn => self.stands[enemy] == other.stands[enemy] && self.steady == other.steady,
            _ => true,
        }
    }
}

/// The fixpoint of a position's reaches.
struct Fixpoint {
    units: ArrayVec<Unit, 32>,
    derived: Derived,
}

/// Whether neither side can ever checkmate, by the fixpoint and the mate-pattern test (`false`
/// when the proof gives up for either side: it stops as soon as one side is out of reach).
pub(super) fn semistatic_dead(pos: &Chess) -> bool {
    blocked_candidate(pos)
        && Fixpoint::of(pos, &Color::ALL).is_some_and(|fixpoint| {
            Color::ALL
                .into_iter()
                .all(|winner| fixpoint.never_mates(winner))
        })
}

/// Whether `winner` provably can never checkmate, by the fixpoint and the mate-pattern test.
pub(super) fn semistatic_cannot_mate(pos: &Chess, winner: Color) -> bool {
    blocked_candidate(pos)
        && Fixpoint::of(pos, &[winner]).is_some_and(|fixpoint| fixpoint.never_mates(winner))
}

/// The bitboard test before the fixpoint, which costs some microseconds: a pawn structure that
/// can hold the units back, at least [`MIN_PAWNS`] pawns of which at most [`MAX_FREE_PAWNS`] have
/// no pawn in front of them. Elsewhere the units roam, some pawn promotes, and the fixpoint proves
/// nothing the material test does not (on the labelled set, no proof outside these bounds).
pub(super) fn blocked_candidate(pos: &Chess) -> bool {
    pos.by_role(Role::Pawn).count() >= MIN_PAWNS && free_pawns(pos) <= MAX_FREE_PAWNS
}

/// See [`blocked_candidate`].
pub(super) const MIN_PAWNS: u32 = 4;
/// See [`blocked_candidate`].
pub(super) const MAX_FREE_PAWNS: u32 = 2;

/// The squares a piece of `role` on `from` attacks with `blockers` on the board.
fn piece_attacks(role: Role, color: Color, from: Square, blockers: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, from),
        Role::Knight => knight_attacks(from),
        Role::Bishop => bishop_attacks(from, blockers),
        Role::Rook => rook_attacks(from, blockers),
        Role::Queen => queen_attacks(from, blockers),
        Role::King => king_attacks(from),
    }
}

impl Fixpoint {
    /// The fixpoint of `pos`, `None` when the proof cannot be used (en passant possible now, a
    /// pawn on its last rank, more than 32 units, no fixpoint within [`MAX_ROUNDS`]) or cannot
    /// prove that all of `winners` never mate.
    fn of(pos: &Chess, winners: &[Color]) -> Option<Fixpoint> {
        if pos.ep_square().is_some() {
            return None;
        }
        let mut units = ArrayVec::<Unit, 32>::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let squares = pos.pieces(color, role);
                if role == Role::Pawn && (squares & Bitboard::backrank(!color)).any() {
                    return None;
                }
                for origin in squares {
                    units
                        .try_push(Unit {
                            color,
                            role,
                            origin,
                            reach: Bitboard::from_square(origin),
                            promoted: Bitboard::EMPTY,
                        })
                        .ok()?;
                }
            }
        }
        // Castling moves the king and the rook at once: their squares after it join their
        // reaches (the king's path is also its steps, the rook's slide may pass its king).
        for rook in pos.castling_rooks() {
            let color = if pos.by_color(Color::White).contains(rook) {
                Color::White
            } else {
                Color::Black
            };
            let king = pos.king(color)?;
            let kingside = rook.file() > king.file();
            let (king_file, rook_file) = if kingside { (6, 5) } else { (2, 3) };
            let rank = king.rank();
            let king_to = Square::from_coords(king_file, rank)?;
            let rook_to = Square::from_coords(rook_file, rank)?;
            for unit in &mut units {
                if unit.origin == king {
                    unit.reach.add(king_to);
                } else if unit.origin == rook {
                    unit.reach.add(rook_to);
                }
            }
        }
        let mut fixpoint = Fixpoint {
            units,
            derived: Derived::default(),
        };
        // A unit whose inputs did not change since its last growth has nothing to add (its
        // growth is a closure): only the others grow again.
        let mut previous: Option<Derived> = None;
        for _ in 0..MAX_ROUNDS {
            let derived = fixpoint.derive();
            let mut changed = false;
            for i in 0..fixpoint.units.len() {
                let unit = fixpoint.units[i];
                if previous
                    .as_ref()
                    .is_some_and(|before| before.same_inputs_for(&derived, &unit))
                {
                    continue;
                }
                let grown = grow(&derived, unit);
                if grown.reach != unit.reach || grown.promoted != unit.promoted {
                    // A winner with a pawn that may promote gets every piece's attacks from
                    // everywhere the new piece may go: no proof is left to find for it, nor for
                    // all of `winners`.
                    if grown.promoted.any() && winners.contains(&grown.color) {
                        return None;
                    }
                    fixpoint.units[i] = grown;
                    changed = true;
                }
            }
            fixpoint.derived = derived;
            if !changed {
                return Some(fixpoint);
            }
            previous = Some(fixpoint.derived);
        }
        None
    }

    /// The steady units, the squares each side may stand on and attacks for ever, from the
    /// reaches as they are.
    fn derive(&self) -> Derived {
        let mut derived = Derived::default();
        for unit in &self.units {
            let c = unit.color.index();
            derived.enters[c] |= unit.all();
            if unit.role != Role::King {
                derived.stands[c] |= unit.all();
            }
        }
        for unit in &self.units {
            let enemy_enters = derived.enters[(!unit.color).index()];
            if unit.reach == Bitboard::from_square(unit.origin)
                && unit.promoted.is_empty()
                && !enemy_enters.contains(unit.origin)
            {
                derived.steady.add(unit.origin);
                derived.steady_by[unit.color.index()].add(unit.origin);
            }
        }
        // Squares in the reach of at least one unit, and of at least two.
        let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for unit in &self.units {
            twice |= once & unit.all();
            once |= unit.all();
        }
        for unit in &self.units {
            let enemy_enters = derived.enters[(!unit.color).index()];
            // A unit that may be captured, or may promote, attacks nothing for ever.
            let never_captured = unit.role == Role::King || (unit.all() & enemy_enters).is_empty();
            if !never_captured || unit.promoted.any() {
                continue;
            }
            // Lines count only through squares no other unit may ever stand on.
            let others = twice | (once - unit.all());
            let mut always = Bitboard::FULL;
            for from in unit.reach {
                always &= piece_attacks(unit.role, unit.color, from, others);
                if always.is_empty() {
                    break;
                }
            }
            derived.attacked_for_ever[unit.color.index()] |= always;
        }
        for mover in Color::ALL {
            derived.stalemating[mover.index()] = self.stalemating_squares(&derived, mover);
        }
        derived
    }

    /// Whether `winner` can never checkmate: the mate-pattern test (see the module's text).
    fn never_mates(&self, winner: Color) -> bool {
        let loser = !winner;
        let Some(loser_king) = self
            .units
            .iter()
            .find(|u| u.color == loser && u.role == Role::King)
        else {
            return false;
        };
        let region = loser_king.all();
        let checked = self.may_attack(winner) & region;
        if checked.is_empty() {
            return true;
        }
        let fillers: ArrayVec<Bitboard, 32> = self
            .units
            .iter()
            .filter(|u| u.color == loser && u.role != Role::King)
            .map(Unit::all)
            .collect();
        let winner_king = self
            .units
            .iter()
            .find(|u| u.color == winner && u.role == Role::King)
            .map(Unit::all);
        let fill_anywhere = fillers
            .iter()
            .fold(Bitboard::EMPTY, |acc, reach| acc | *reach);
        // Whether the loser's units can fill every square of `open`, one unit a square (Hall's
        // condition for the whole set and for each square: necessary, which is what a proof needs).
        let fillable = |open: Bitboard| -> bool {
            (open - fill_anywhere).is_empty()
                && fillers
                    .iter()
                    .filter(|reach| (**reach & open).any())
                    .count()
                    >= open.count() as usize
        };
        checked.into_iter().all(|m| {
            let flights = king_attacks(m) & region & !checked;
            let mate_possible = match winner_king {
                None => fillable(flights),
                Some(king_reach) => king_reach.into_iter().any(|k| {
                    k != m && !king_attacks(k).contains(m) && fillable(flights - king_attacks(k))
                }),
            };
            !mate_possible
        })
    }
}

impl Fixpoint {
    /// Every square `color`'s units other than its king may ever attack: a slider's line from a
    /// square of its reach runs through squares of its reach up to the square it attacks, so one
    /// step from the reach is every such square.
    #[inline(never)]
    fn may_attack(&self, color: Color) -> Bitboard {
        let mut attacked = Bitboard::EMPTY;
        for unit in self
            .units
            .iter()
            .filter(|u| u.color == color && u.role != Role::King)
        {
            attacked |= steps(unit.role, color, unit.reach)
                | king_steps(unit.promoted)
                | knight_steps(unit.promoted);
        }
        attacked
    }
}

/// `unit` with every move allowed by `d` added to its reach, repeatedly (a closure).
///
/// A slider's reach is a flood by single steps along its lines: a slide is a sequence of steps
/// through squares no steady unit holds, and a step onto an enemy's steady unit is a capture from
/// which the next move starts; only the own steady units stop it. So every reach is grown by
/// whole-board shifts, never square by square.
fn grow(d: &Derived, unit: Unit) -> Unit {
    let color = unit.color;
    let enemy = (!color).index();
    let open = !d.steady_by[color.index()];
    let mut grown = unit;
    grown.reach = match unit.role {
        Role::King => flood(
            unit.reach,
            open & !d.attacked_for_ever[enemy] & !d.stalemating[color.index()],
            king_steps,
        ),
        Role::Pawn => flood(unit.reach, open, |squares| {
            (pawn_pushes(color, squares) & !d.steady)
                | (pawn_attack_steps(color, squares) & d.stands[enemy])
        }),
        role => flood(unit.reach, open, |squares| steps(role, color, squares)),
    };
    if unit.role == Role::Pawn {
        // A pawn on its last rank has promoted: from there it moves as any piece.
        let promoted = grown.promoted | (grown.reach & Bitboard::backrank(!color));
        grown.promoted = flood(promoted, open, |squares| {
            king_steps(squares) | knight_steps(squares)
        });
    }
    grown
}

/// `start` and every square of `open` reached from it by repeated `step`s.
fn flood(start: Bitboard, open: Bitboard, step: impl Fn(Bitboard) -> Bitboard) -> Bitboard {
    let mut reached = start;
    loop {
        let next = reached | (step(reached) & open);
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

/// Every square one step along a rank or file from a square of `squares`.
fn rook_steps(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    Bitboard((b << 8) | (b >> 8) | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H))
}

/// Every square one step along a diagonal from a square of `squares`.
fn bishop_steps(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    Bitboard(((b << 9) & NOT_A) | ((b << 7) & NOT_H) | ((b >> 7) & NOT_A) | ((b >> 9) & NOT_H))
}

/// Every square a king's step from a square of `squares`.
fn king_steps(squares: Bitboard) -> Bitboard {
    rook_steps(squares) | bishop_steps(squares)
}

/// Every square a knight's jump from a square of `squares`.
fn knight_steps(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    let one = ((b >> 1) & NOT_H) | ((b << 1) & NOT_A);
    let two = ((b >> 2) & NOT_GH) | ((b << 2) & NOT_AB);
    Bitboard((one << 16) | (one >> 16) | (two << 8) | (two >> 8))
}

/// The squares in front of `color`'s pawns on `squares`.
fn pawn_pushes(color: Color, squares: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(squares.0 << 8),
        Color::Black => Bitboard(squares.0 >> 8),
    }
}

/// The squares `color`'s pawns on `squares` attack.
fn pawn_attack_steps(color: Color, squares: Bitboard) -> Bitboard {
    let b = pawn_pushes(color, squares).0;
    Bitboard(((b << 1) & NOT_A) | ((b >> 1) & NOT_H))
}

/// Every square one move of a piece of `role` (a pawn: its attacks) takes from a square of
/// `squares` with no other unit on the board; for a slider, one step along its lines.
fn steps(role: Role, color: Color, squares: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attack_steps(color, squares),
        Role::Knight => knight_steps(squares),
        Role::Bishop => bishop_steps(squares),
        Role::Rook => rook_steps(squares),
        Role::Queen | Role::King => king_steps(squares),
    }
}

/// How many pawns have no pawn (of either side) on the square in front of them.
pub(super) fn free_pawns(pos: &Chess) -> u32 {
    let pawns = pos.by_role(Role::Pawn);
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    ((white << 8) & !pawns.0).count_ones() + ((black >> 8) & !pawns.0).count_ones()
}

/// The pawns with no pawn or king (of either side) anywhere in front of them on their file: each
/// can walk to its last rank unless a unit that never moves stands in its way, and a side that
/// may promote is out of the proof's reach. (A king counts: one held on its square by the enemy's
/// pawns, in front of an enemy pawn, is such a unit in the dead walls of real games.)
pub(super) fn pawns_on_open_files(pos: &Chess) -> Bitboard {
    let blockers = (pos.by_role(Role::Pawn) | pos.by_role(Role::King)).0;
    // Every square below some blocker, and above some blocker (vertical shifts never wrap). A
    // loop of single steps: the smallest code in WebAssembly, where `outcome()` inlines this.
    let (mut below, mut above) = (blockers >> 8, blockers << 8);
    for _ in 0..6 {
        below |= below >> 8;
        above |= above << 8;
    }
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    Bitboard((white & !below) | (black & !above))
}

#[cfg(test)]
mod tests;
