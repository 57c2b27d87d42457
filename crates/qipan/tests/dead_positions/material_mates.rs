//! The material proof behind a "cannot", checked by enumeration: for a set of pieces (kings, the
//! winner's bishops all on one colour of square or one knight, the loser's pieces without pawns),
//! every placement with the loser to move is looked at, and none may have the loser checkmated.
//! With no pawns the material only shrinks (captures, never promotions), so when every subset of
//! the set has no mate either, no position a game reaches from that material has one.
//!
//! The enumeration prunes with its own attack tables (written here, not the library's): a
//! placement is handed to the library's `is_checkmate` only when the loser's king is attacked
//! and every square it could step to is occupied by its own pieces or attacked, both computed
//! with the king taken off the board (so a slider's line through it counts).

use qipan::chess::{CastlingMode, Chess, Piece, PositionProblems, Role, Setup, Square};
use qipan::Color;

/// The pieces besides the kings, and the colour of square of every bishop.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material {
    /// The winner's pieces (White's in the enumeration), kings left out, sorted.
    pub winner: Vec<Role>,
    /// The loser's pieces (Black's), kings left out, sorted.
    pub loser: Vec<Role>,
    /// Every bishop stands on a light square (else on a dark one).
    pub light_bishops: bool,
}

const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;

fn steps(sq: usize, deltas: &[(i32, i32)], occupied: u64, slide: bool) -> u64 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut bits = 0;
    for &(df, dr) in deltas {
        let (mut f, mut r) = (file + df, rank + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let to = (r * 8 + f) as usize;
            bits |= 1 << to;
            if !slide || occupied & (1 << to) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    bits
}

const KING: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn attacks(role: Role, sq: usize, occupied: u64) -> u64 {
    match role {
        Role::King => steps(sq, &KING, occupied, false),
        Role::Knight => steps(sq, &KNIGHT, occupied, false),
        Role::Bishop => steps(sq, &KING[4..], occupied, true),
        Role::Rook => steps(sq, &KING[..4], occupied, true),
        Role::Queen => steps(sq, &KING, occupied, true),
        Role::Pawn => panic!("no pawns in a material proof's enumeration"),
    }
}

/// The squares a piece of `role` may stand on.
fn allowed(role: Role, light_bishops: bool) -> u64 {
    match (role, light_bishops) {
        (Role::Bishop, true) => LIGHT,
        (Role::Bishop, false) => !LIGHT,
        _ => u64::MAX,
    }
}

/// Pieces and their squares.
type Placement = [(Role, usize)];

/// Calls `leaf` with every placement of `roles` (sorted) on squares of `free`, identical
/// pieces in increasing squares.
fn place(
    roles: &[Role],
    free: u64,
    light: bool,
    min: usize,
    at: &mut Vec<(Role, usize)>,
    leaf: &mut dyn FnMut(&Placement),
) {
    let Some((&role, rest)) = roles.split_first() else {
        leaf(at);
        return;
    };
    for sq in min..64 {
        if free & allowed(role, light) & (1 << sq) == 0 {
            continue;
        }
        let next_min = if rest.first() == Some(&role) {
            sq + 1
        } else {
            0
        };
        at.push((role, sq));
        place(rest, free & !(1 << sq), light, next_min, at, leaf);
        at.pop();
    }
}

/// The first placement of `material` with the loser (Black, to move) checkmated, as a FEN, and
/// how many placements reached the library's mate test.
pub fn first_mate(material: &Material) -> (Option<String>, u64) {
    let light = material.light_bishops;
    let mut tested = 0;
    let mut found = None;
    for loser_king in 0..64 {
        let around = attacks(Role::King, loser_king, 0);
        for winner_king in 0..64 {
            if winner_king == loser_king || around & (1 << winner_king) != 0 {
                continue;
            }
            let kings = 1u64 << loser_king | 1 << winner_king;
            let mut winners = Vec::new();
            place(
                &material.winner,
                !kings,
                light,
                0,
                &mut winners,
                &mut |winners| {
                    if found.is_some() {
                        return;
                    }
                    let white = winners
                        .iter()
                        .fold(1u64 << winner_king, |b, &(_, sq)| b | 1 << sq);
                    // The most the winner's pieces can attack: no loser pieces, no loser king.
                    let reach = winners
                        .iter()
                        .fold(0, |b, &(role, sq)| b | attacks(role, sq, white));
                    if reach & (1 << loser_king) == 0 {
                        return;
                    }
                    let guarded = reach | attacks(Role::King, winner_king, 0) | white;
                    if (around & !guarded).count_ones() as usize > material.loser.len() {
                        return;
                    }
                    let mut losers = Vec::new();
                    place(
                        &material.loser,
                        !(kings | white),
                        light,
                        0,
                        &mut losers,
                        &mut |losers| {
                            if found.is_some() {
                                return;
                            }
                            let black = losers.iter().fold(0u64, |b, &(_, sq)| b | 1 << sq);
                            let occupied = white | black;
                            let hit = winners
                                .iter()
                                .fold(attacks(Role::King, winner_king, 0), |b, &(role, sq)| {
                                    b | attacks(role, sq, occupied)
                                });
                            if hit & (1 << loser_king) == 0 || around & !black & !hit != 0 {
                                return;
                            }
                            tested += 1;
                            let mut setup = Setup::empty();
                            setup.turn = Color::Black;
                            let put = |setup: &mut Setup, color, role, sq: usize| {
                                setup.set_piece_at(
                                    Square::new(sq as u32),
                                    Some(Piece { color, role }),
                                );
                            };
                            put(&mut setup, Color::Black, Role::King, loser_king);
                            put(&mut setup, Color::White, Role::King, winner_king);
                            for &(role, sq) in winners {
                                put(&mut setup, Color::White, role, sq);
                            }
                            for &(role, sq) in losers {
                                put(&mut setup, Color::Black, role, sq);
                            }
                            let position = Chess::from_setup(setup, CastlingMode::Standard)
                                .or_else(|e| e.ignore(PositionProblems::UNREACHABLE));
                            if let Ok(position) = position {
                                if position.is_checkmate() {
                                    found = Some(position.fen());
                                }
                            }
                        },
                    );
                },
            );
        }
    }
    (found, tested)
}

/// `material` and every set of pieces captures can leave of it (each side's pieces a sub-multiset).
pub fn with_captures(material: &Material) -> Vec<Material> {
    fn subsets(roles: &[Role]) -> Vec<Vec<Role>> {
        let mut all: Vec<Vec<Role>> = (0u32..1 << roles.len())
            .map(|mask| {
                (0..roles.len())
                    .filter(|i| mask & 1 << i != 0)
                    .map(|i| roles[i])
                    .collect()
            })
            .collect();
        all.sort();
        all.dedup();
        all
    }
    let mut all = Vec::new();
    for winner in subsets(&material.winner) {
        for loser in subsets(&material.loser) {
            all.push(Material {
                winner: winner.clone(),
                loser,
                light_bishops: material.light_bishops,
            });
        }
    }
    all
}

/// The pieces of `pos` as a [`Material`] with `winner` as the winner, when no
/// pawn is left and every bishop stands on one colour of square.
pub fn material_of(pos: &Chess, winner: Color) -> Option<Material> {
    use qipan::chess::Bitboard;
    let roles = |color: Color| {
        let mut roles: Vec<Role> = pos
            .by_color(color)
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq).map(|p| p.role))
            .filter(|&role| role != Role::King)
            .collect();
        roles.sort();
        roles
    };
    let bishops = pos.pieces(Color::White, Role::Bishop) | pos.pieces(Color::Black, Role::Bishop);
    let light = (bishops & Bitboard::DARK).is_empty();
    let pawns = pos.pieces(Color::White, Role::Pawn) | pos.pieces(Color::Black, Role::Pawn);
    (pawns.is_empty() && (light || (bishops & Bitboard::LIGHT).is_empty())).then(|| Material {
        winner: roles(winner),
        loser: roles(!winner),
        light_bishops: light,
    })
}

/// Whether no placement of `material`, nor of what captures leave of it, has the loser mated
/// (each set enumerated once, remembered in `known`); a mate found fails the test.
pub fn material_has_no_mate(
    material: &Material,
    known: &mut std::collections::HashMap<Material, bool>,
) -> bool {
    for part in with_captures(material) {
        if let std::collections::hash_map::Entry::Vacant(entry) = known.entry(part.clone()) {
            let start = std::time::Instant::now();
            let (mate, tested) = first_mate(&part);
            eprintln!(
                "material {part:?}: {tested} placements tested, {:.1} s, mate {mate:?}",
                start.elapsed().as_secs_f64()
            );
            entry.insert(mate.is_none());
        }
        if !known[&part] {
            return false;
        }
    }
    true
}
