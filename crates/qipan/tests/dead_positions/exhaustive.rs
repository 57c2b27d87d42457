//! The "cannot" verdicts on small positions checked by brute force: every position reachable
//! from the position enumerated, or (when there are too many) every placement of its material.

use qipan::chess::{Chess, Effort, Verdict};
use qipan::Color;

use super::{labelled, material_mates};

/// The exact position of at most six units (pieces, side to move, castling, en passant), from
/// the public API, packed: ten bits a unit in square order (square, colour, role), then which
/// units are castling rooks, the side to move and the en passant square. Small enough to keep
/// hundreds of millions of positions in memory.
fn exact_key(pos: &Chess) -> u128 {
    let castling = pos.castling_rooks();
    let mut key = 0u128;
    let mut rooks = 0u128;
    for (unit, sq) in pos.occupied().into_iter().enumerate() {
        assert!(unit < 6, "at most six units");
        let piece = pos.piece_at(sq).expect("an occupied square");
        let code = sq.index() as u128
            | (piece.color.index() as u128) << 6
            | (piece.role.index() as u128 + 1) << 7;
        key |= code << (10 * unit);
        rooks |= u128::from(castling.contains(sq)) << unit;
    }
    let ep = pos.ep_square().map_or(0, |sq| sq.index() as u128 + 1);
    key | rooks << 60 | u128::from(pos.turn() == Color::White) << 66 | ep << 67
}

/// Every position reachable from `pos` by legal moves, enumerated (a game end stops a line; so
/// does a winner with a bare king, who can never give check): `Some(true)` when one has the
/// loser checkmated, `Some(false)` when none has, `None` beyond `limit` positions.
fn exhaustive_mate(pos: &Chess, winner: Color, limit: usize) -> Option<bool> {
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::from([*pos]);
    seen.insert(exact_key(pos));
    while let Some(p) = queue.pop_front() {
        let moves = p.legal_moves();
        if moves.is_empty() {
            if p.is_check() && p.turn() != winner {
                return Some(true);
            }
            continue;
        }
        if p.by_color(winner).count() == 1 {
            continue;
        }
        for mv in moves {
            let mut child = p;
            child.play_unchecked(mv);
            if seen.insert(exact_key(&child)) {
                if seen.len() > limit {
                    return None;
                }
                queue.push_back(child);
            }
        }
    }
    Some(false)
}

/// What the exhaustive check of the "cannot" verdicts on small positions found.
#[derive(Debug, Default)]
pub(crate) struct Confirmation {
    /// Queries labelled "cannot" (by chasolver) on positions of at most `max_units` units.
    pub(crate) labelled_cannot: usize,
    /// "Cannot" verdicts of the analysis on those positions (every one is checked).
    pub(crate) verdicts: usize,
    /// Verdicts whose whole reachable set was enumerated without the loser mated.
    pub(crate) confirmed: usize,
    /// Verdicts whose reachable set exceeded the limit, and how many of them rest on the
    /// material proof.
    pub(crate) too_large: usize,
    pub(crate) too_large_material: usize,
    /// Of those, the verdicts whose material (and every part of it captures leave) has no
    /// placement with the loser mated (`material_mates`).
    pub(crate) material_enumerated: usize,
}

/// Every "cannot" the analysis gives on positions of the labelled set with at most `max_units`
/// units is checked by enumerating every reachable position (up to `limit`); a mate found there
/// fails the test. Returns the counts, printed too.
pub(crate) fn cannot_confirmed_exhaustively(
    max_units: u32,
    limit: usize,
    effort: Effort,
) -> Confirmation {
    use qipan::chess::ProofKind;
    let mut counts = Confirmation::default();
    let mut materials = std::collections::HashMap::new();
    for (fen, white, black, _) in labelled("chess-unwinnable-labelled.epd") {
        let pos: Chess = fen.parse().unwrap();
        if pos.occupied().count() > max_units {
            continue;
        }
        for (color, label) in [(Color::White, white), (Color::Black, black)] {
            counts.labelled_cannot += usize::from(!label);
            let analysis = pos.can_win_within(color, effort);
            if analysis.verdict != Verdict::Cannot {
                continue;
            }
            counts.verdicts += 1;
            match exhaustive_mate(&pos, color, limit) {
                Some(true) => panic!("{fen}: {} said cannot, a mate exists", color.name()),
                Some(false) => counts.confirmed += 1,
                None => {
                    counts.too_large += 1;
                    if analysis.proof == Some(ProofKind::Material) {
                        counts.too_large_material += 1;
                        let material =
                            material_mates::material_of(&pos, color).unwrap_or_else(|| {
                                panic!(
                                    "{fen}: a material proof with pawns or bishops on both colours"
                                )
                            });
                        assert!(
                            material_mates::material_has_no_mate(&material, &mut materials),
                            "{fen}: {} said cannot, its material can mate",
                            color.name()
                        );
                        counts.material_enumerated += 1;
                    }
                    eprintln!("too large, {:?}: {fen} {}", analysis.proof, color.name());
                }
            }
        }
    }
    eprintln!("cannot (≤ {max_units} units, {limit} positions at most): {counts:?}");
    assert!(counts.confirmed > 0);
    counts
}
