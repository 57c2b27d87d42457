//! The cooperative ("helpmate") search, which both finds mating lines and proves "cannot".
//!
//! Iterative deepening over a *depth budget*, every legal move tried in every position (no beam),
//! with a table keyed by the exact position (pieces, side to move, castling rights, en passant
//! square: never a hash alone) that remembers the largest budget a position was expanded with.
//!
//! * **Progress-weighted depth.** Moves do not all cost one unit of budget ([`cost`](Search::cost)):
//!   the winner's pawn pushes, captures and promotions, and king or knight moves towards the mating
//!   corner, are free; so are the loser's king moves towards that corner and its knight, bishop
//!   and rook moves towards the square beside it (a self-block; queens are left out: their many
//!   free moves cost more than they find), and its pawn pushes when it has no other piece (a
//!   promotion makes the blocker); the loser's captures
//!   cost three; other moves cost one, or nothing right after a free move (so a reply does not
//!   undo the progress). Lines of a hundred plies of mostly progress fit in a small budget.
//! * **A completed pass is a proof.** A position enters the table *before* its moves are tried,
//!   so a cycle ends at its second visit. When a whole pass ends without a mate and without a
//!   cut-off (budget used up at a position not yet expanded, node limit, line-length cap), every
//!   position reachable from the root was expanded (or is a game end, or a position where the
//!   winner has too little material to mate), none of them is the loser checkmated: the winner
//!   cannot win. The table lives for one pass, so every skip inside a pass rests on an expansion
//!   made in that same pass.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use arrayvec::ArrayVec;

use super::super::attacks::king_attacks;
use super::super::{Bitboard, Chess, Move, MoveList, Role, Square};
use super::Budget;
use crate::Color;

/// What a search concluded.
pub(super) enum Found {
    /// A line (both sides' moves) ending in the winner's checkmate.
    Mate(Vec<Move>),
    /// A pass completed without a cut-off: no sequence of legal moves mates.
    Cannot,
    /// The budget ran out first.
    Unknown,
}

/// The exact position as the rules see it (move counters aside: they never change which moves
/// are legal, and FIDE 5.2.2 and 6.9 ignore the move-count rules).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Exact {
    zobrist: u64,
    white: u64,
    occupied: u64,
    /// The role of every occupied square as three bit planes.
    planes: [u64; 3],
    castling: u64,
    /// En passant square + 1 (0: none), and the side to move in bit 7.
    ep_turn: u8,
}

impl Exact {
    fn of(pos: &Chess) -> Exact {
        // Role codes 1 (pawn) to 6 (king), in Role::ALL's order, as three bit planes.
        let [pawn, knight, bishop, rook, queen, king] = pos.roles.map(|bb| bb.0);
        let planes = [
            pawn | bishop | queen,
            knight | bishop | king,
            rook | queen | king,
        ];
        let ep = pos.ep_square().map_or(0, |sq| sq.index() as u8 + 1);
        let turn = if pos.turn() == Color::White { 0 } else { 0x80 };
        Exact {
            zobrist: pos.zobrist(),
            white: pos.by_color(Color::White).0,
            occupied: pos.occupied().0,
            planes,
            castling: pos.castling_rooks().0,
            ep_turn: ep | turn,
        }
    }
}

impl Hash for Exact {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist);
    }
}

/// Hashes the zobrist key it is given as it is (the key is already uniform); equality of the
/// table's keys still compares the whole position.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Table = HashMap<Exact, i32, BuildHasherDefault<KeyHasher>>;
type Seen = std::collections::HashSet<Exact, BuildHasherDefault<KeyHasher>>;

/// Tables kept at most this large between queries (entries): a query reuses the memory of the
/// previous one instead of growing a fresh table (rehashes and page faults were a tenth of a
/// game position's time), and one huge search does not pin its memory for the thread's life.
const KEPT_ENTRIES: usize = 1 << 15;

/// The memory of the last query's tables, per thread.
#[derive(Default)]
struct Kept {
    table: Table,
    seen: Seen,
    queue: std::collections::VecDeque<Chess>,
}

thread_local! {
    static KEPT: std::cell::RefCell<Kept> = std::cell::RefCell::default();
}

/// Takes the kept memory (empty tables when a caller up the stack holds it).
fn take_kept() -> Kept {
    KEPT.with(|kept| {
        kept.try_borrow_mut()
            .map(|mut k| std::mem::take(&mut *k))
            .unwrap_or_default()
    })
}

/// Gives memory back for the next query, emptied, unless it grew too large.
fn keep(mut memory: Kept) {
    if memory.table.capacity() > KEPT_ENTRIES {
        memory.table = Table::default();
    }
    if memory.seen.capacity() > KEPT_ENTRIES {
        memory.seen = Seen::default();
    }
    if memory.queue.capacity() > KEPT_ENTRIES {
        memory.queue = Default::default();
    }
    memory.table.clear();
    memory.seen.clear();
    memory.queue.clear();
    KEPT.with(|kept| {
        if let Ok(mut k) = kept.try_borrow_mut() {
            *k = memory;
        }
    });
}

/// The breadth closure: every position reachable from `pos` (the game ends at a checkmate or
/// stalemate, and positions where the winner lacks mating material are not followed), in a
/// queue, each exact position once. `Some(false)` when the whole reachable set was enumerated
/// without the loser checkmated (a proof of "cannot"), `Some(true)` when a position with the
/// loser checkmated was met (no line: the passes find it), `None` when more than `limit`
/// positions were met.
pub(super) fn closure(pos: &Chess, winner: Color, limit: u64, budget: &mut Budget) -> Option<bool> {
    let mut memory = take_kept();
    memory.seen.clear();
    memory.queue.clear();
    let found = enumerate(
        pos,
        winner,
        limit,
        budget,
        &mut memory.seen,
        &mut memory.queue,
    );
    keep(memory);
    found
}

fn enumerate(
    pos: &Chess,
    winner: Color,
    limit: u64,
    budget: &mut Budget,
    seen: &mut Seen,
    queue: &mut std::collections::VecDeque<Chess>,
) -> Option<bool> {
    seen.insert(Exact::of(pos));
    queue.push_back(*pos);
    let limit = limit.min(budget.limit - budget.used);
    let mut visited = 0;
    let mut moves = MoveList::new();
    while let Some(p) = queue.pop_front() {
        if visited >= limit {
            budget.used += visited;
            return None;
        }
        visited += 1;
        p.legal_moves_into(&mut moves);
        if moves.is_empty() {
            if p.is_check() && p.turn() != winner {
                budget.used += visited;
                return Some(true);
            }
            continue;
        }
        if p.has_insufficient_material(winner) {
            continue;
        }
        for &mv in &moves {
            let mut child = p;
            child.play_unchecked(mv);
            if seen.insert(Exact::of(&child)) {
                queue.push_back(child);
            }
        }
        if seen.len() as u64 > limit {
            budget.used += visited;
            return None;
        }
    }
    budget.used += visited;
    Some(false)
}

/// How one pass is bounded.
#[derive(Clone, Copy)]
pub(super) struct Pass {
    /// The depth budget of the root.
    pub depth: i32,
    /// Positions this pass may visit (also bounded by the overall budget).
    pub nodes: u64,
}

/// Runs `passes` in order while the overall `budget` lasts: the first that finds a mate gives
/// its line, the first that completes without a cut-off proves "cannot".
pub(super) fn search(
    pos: &Chess,
    winner: Color,
    passes: &[Pass],
    max_plies: u32,
    budget: &mut Budget,
) -> Found {
    let mut memory = take_kept();
    let found = search_with(pos, winner, passes, max_plies, budget, &mut memory.table);
    keep(memory);
    found
}

fn search_with(
    pos: &Chess,
    winner: Color,
    passes: &[Pass],
    max_plies: u32,
    budget: &mut Budget,
    table: &mut Table,
) -> Found {
    let mut search = Search {
        winner,
        corner: mating_corner(pos, winner),
        loser_has_only_pawns: pos.by_color(!winner)
            == pos.pieces(!winner, Role::Pawn) | pos.pieces(!winner, Role::King),
        max_plies,
        table: std::mem::take(table),
        line: Vec::new(),
        nodes: 0,
        limit: 0,
        cut: false,
    };
    let mut found = Found::Unknown;
    for pass in passes {
        if budget.exhausted() {
            break;
        }
        // A fresh pass: an empty table (its memory kept for the next pass), no cut yet.
        search.table.clear();
        search.nodes = 0;
        search.cut = false;
        search.limit = pass.nodes.min(budget.limit - budget.used);
        let mated = search.expand(pos, pass.depth, 0, false);
        budget.used += search.nodes;
        if mated {
            search.line.reverse();
            found = Found::Mate(std::mem::take(&mut search.line));
            break;
        }
        if !search.cut {
            found = Found::Cannot;
            break;
        }
    }
    *table = search.table;
    found
}

/// The growing passes of a full analysis: depth 1, then 2, 3, … with `per_depth × depth`
/// positions each, as long as `total` lasts.
pub(super) fn growing_passes(first: i32, last: i32, per_depth: u64) -> Vec<Pass> {
    (first..=last)
        .map(|depth| Pass {
            depth,
            nodes: per_depth * depth as u64,
        })
        .collect()
}

struct Search {
    winner: Color,
    /// The corner the loser's king is steered to, on the winner's promotion rank.
    corner: Square,
    /// The loser has no piece but its king and pawns (at the root of the search).
    loser_has_only_pawns: bool,
    max_plies: u32,
    table: Table,
    /// The moves of the line found, last move first.
    line: Vec<Move>,
    nodes: u64,
    limit: u64,
    /// Whether some position was left unexpanded (then the pass proves nothing).
    cut: bool,
}

impl Search {
    /// Expands `pos` with `depth` budget left; true when a mate was found (its moves pushed on
    /// `line`). `after_progress`: the move that led here was free progress.
    fn expand(&mut self, pos: &Chess, depth: i32, ply: u32, after_progress: bool) -> bool {
        // The table first: a stored position was expanded (so it is no game end and the winner
        // has mating material), and most visits of a pass are such repeats or leaves.
        let key = Exact::of(pos);
        if self.table.get(&key).is_some_and(|&stored| stored >= depth) {
            return false;
        }
        if depth <= 0 || ply >= self.max_plies || self.nodes >= self.limit {
            // A leaf: only whether it ends the game matters, which a move count tells without
            // building the list.
            if !has_moves(pos) {
                return pos.is_check() && pos.turn() != self.winner;
            }
            if !pos.has_insufficient_material(self.winner) {
                self.cut = true;
            }
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return pos.is_check() && pos.turn() != self.winner;
        }
        if pos.has_insufficient_material(self.winner) {
            return false;
        }
        self.nodes += 1;
        self.table.insert(key, depth);
        // Cheapest moves first, progress before the rest, then in generation order (the keys
        // are distinct, so the order is deterministic): the progress lines are tried before the
        // detours. A key packs the cost, "not progress" and the move's index.
        let mut order: ArrayVec<u32, 256> = ArrayVec::new();
        if moves.len() > order.capacity() {
            // Only on boards no game reaches (a legal game has at most 218 moves): the moves
            // beyond are not tried, so the pass proves nothing.
            self.cut = true;
        }
        for (index, &mv) in moves.iter().enumerate().take(order.capacity()) {
            let (cost, progress) = self.cost(pos, mv, after_progress);
            order.push((cost as u32) << 10 | u32::from(!progress) << 9 | index as u32);
        }
        order.sort_unstable();
        for key in order {
            let mv = moves[(key & 0x1ff) as usize];
            let cost = (key >> 10) as i32;
            let progress = key & 0x200 == 0;
            let mut child = *pos;
            child.play_unchecked(mv);
            if self.expand(&child, depth - cost, ply + 1, progress) {
                self.line.push(mv);
                return true;
            }
            if self.nodes >= self.limit && self.cut {
                // Out of nodes: the pass is lost anyway.
                return false;
            }
        }
        false
    }

    /// The budget `mv` costs, and whether it is a progress move.
    fn cost(&self, pos: &Chess, mv: Move, after_progress: bool) -> (i32, bool) {
        let mover = pos.turn();
        let role = pos.role_at(mv.from()).unwrap_or(Role::Pawn);
        let captures = pos.is_capture(mv);
        let normal = if after_progress { 0 } else { 1 };
        let to = if mv.is_castle() {
            mv.king_to()
        } else {
            mv.to()
        };
        if mover == self.winner {
            let progress = match role {
                Role::Pawn => true,
                Role::King => {
                    let target = king_target(self.corner);
                    distance(to, target) < distance(mv.from(), target)
                }
                Role::Knight => {
                    distance(to, self.corner) < distance(mv.from(), self.corner)
                        && distance(to, self.corner) >= 1
                }
                _ => false,
            } || captures;
            if progress {
                (0, true)
            } else {
                (normal, false)
            }
        } else {
            if captures {
                return (3, false);
            }
            let progress = match role {
                Role::King => distance(to, self.corner) < distance(mv.from(), self.corner),
                // A loser with pawns alone gets its blocker by promoting one.
                Role::Pawn => self.loser_has_only_pawns,
                Role::Knight | Role::Bishop | Role::Rook => {
                    let block = blocking_square(self.corner);
                    distance(to, block) < distance(mv.from(), block)
                }
                _ => false,
            };
            if progress {
                (0, true)
            } else {
                (normal, false)
            }
        }
    }
}

/// Whether the side to move has a legal move. Out of check, a king step to a square nothing
/// attacks answers at once (most positions): no slider's line runs through the king's square,
/// so the king leaving it opens none.
fn has_moves(pos: &Chess) -> bool {
    let us = pos.turn();
    if let Some(king) = pos.king_of(us) {
        if !pos.is_check() {
            let occupied = pos.occupied();
            let steps = king_attacks(king) - pos.by_color(us);
            if steps
                .into_iter()
                .any(|sq| !pos.is_attacked(sq, !us, occupied))
            {
                return true;
            }
        }
    }
    pos.has_legal_moves()
}

/// The corner where the loser is mated: on the winner's promotion rank (on either rank when the
/// winner has no pawns), of the colour of the winner's bishops; dark when the winner has none and
/// the loser has a light bishop (which then blocks next to its king); otherwise the one nearer
/// the loser's king.
fn mating_corner(pos: &Chess, winner: Color) -> Square {
    // a8 and h1 are light, h8 and a1 dark.
    let (light, dark) = match winner {
        Color::White => (Square::A8, Square::H8),
        Color::Black => (Square::H1, Square::A1),
    };
    // Without pawns the winner needs no promotion: of each colour, the corner nearer the loser's
    // king (the promotion rank's on a tie), so a king already near its own rank is not marched
    // across the board.
    let (light, dark) = match pos.king_of(!winner) {
        Some(king) if pos.pieces(winner, Role::Pawn).is_empty() => {
            let nearer = |ours: Square, other: Square| {
                if distance(king, other) < distance(king, ours) {
                    other
                } else {
                    ours
                }
            };
            match winner {
                Color::White => (nearer(light, Square::H1), nearer(dark, Square::A1)),
                Color::Black => (nearer(light, Square::A8), nearer(dark, Square::H8)),
            }
        }
        _ => (light, dark),
    };
    let ours = pos.pieces(winner, Role::Bishop);
    let theirs = pos.pieces(!winner, Role::Bishop);
    if ours.any() {
        if (ours & Bitboard::DARK).is_empty() {
            return light;
        }
        if (ours & Bitboard::LIGHT).is_empty() {
            return dark;
        }
    } else if (theirs & Bitboard::LIGHT).any() {
        return dark;
    } else if (theirs & Bitboard::DARK).any() {
        return light;
    }
    match pos.king_of(!winner) {
        Some(king) if distance(king, light) < distance(king, dark) => light,
        _ => dark,
    }
}

/// Where the winner's king helps a mate in `corner`: a knight's jump from it, towards the centre
/// (b6 for a8).
fn king_target(corner: Square) -> Square {
    let df = if corner.file() == 0 { 1 } else { -1 };
    let dr = if corner.rank() == 0 { 2 } else { -2 };
    corner.offset(df, dr).unwrap_or(corner)
}

/// The square beside `corner` on its rank (b8 for a8), where a loser's unit takes the king's
/// last flight square.
fn blocking_square(corner: Square) -> Square {
    let df = if corner.file() == 0 { 1 } else { -1 };
    corner.offset(df, 0).unwrap_or(corner)
}

/// The king distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corner(fen: &str, winner: Color) -> Square {
        mating_corner(&Chess::from_fen_strict(fen).unwrap(), winner)
    }

    #[test]
    fn the_mating_corner_has_the_colour_of_the_winners_bishops() {
        // White's light bishop (f1): a8; dark bishop (c1): h8. Black's light (c8): h1; dark (f8): a1.
        for (fen, winner, light) in [
            ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Color::White, true),
            ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White, false),
            ("2b1k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::Black, true),
            ("4kb2/8/8/8/8/8/8/4K3 w - - 0 1", Color::Black, false),
        ] {
            let sq = corner(fen, winner);
            assert_eq!(sq.is_light(), light, "{fen}: {sq:?}");
            assert_eq!(sq.rank(), if winner == Color::White { 7 } else { 0 });
        }
        // No bishop of the winner's: a light bishop of the loser's (it blocks beside its king)
        // gives a dark corner, a dark one a light corner.
        assert!(!corner("2b1k3/8/8/8/8/8/8/4KN2 w - - 0 1", Color::White).is_light());
        assert!(corner("4k1n1/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::Black).is_light());
    }
}
