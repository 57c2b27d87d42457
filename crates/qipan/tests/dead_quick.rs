//! The dead-position check every `outcome()` runs (the quick mode): it must never end a game
//! that either side can still win, and it should end most dead positions of the labelled set.
//! Oracles: the labels of `data/chess-unwinnable-labelled.epd` (chasolver 3.0's verdicts) and an
//! enumeration of every reachable position on random locked structures built here.

use std::collections::{HashSet, VecDeque};

use qipan::chess::{Chess, Role};
use qipan::{Color, Termination, Variant};

fn labelled_set() -> Vec<(String, String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/chess-unwinnable-labelled.epd"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let label = fields[1].strip_prefix("can_win ").unwrap().to_owned();
            (fields[0].to_owned(), label, fields[2].to_owned())
        })
        .collect()
}

/// `outcome()` ends a game as a draw without a mate (dead position, insufficient material,
/// stalemate) only where the label says neither side can win, and it ends at least 90% of the
/// set's dead positions.
#[test]
fn outcome_ends_only_labelled_dead_positions() {
    let (mut dead, mut ended, mut by_quick) = (0, 0, 0);
    for (fen, label, kind) in labelled_set() {
        let pos: Chess = fen.parse().unwrap();
        let termination = pos.position_outcome().map(|o| o.termination);
        let drawn = matches!(
            termination,
            Some(
                Termination::DeadPosition
                    | Termination::InsufficientMaterial
                    | Termination::Stalemate
            )
        );
        if drawn {
            assert_eq!(label, "none", "{fen} ({kind}): ended as {termination:?}");
        }
        if label == "none" {
            dead += 1;
            ended += usize::from(drawn);
            by_quick += usize::from(termination == Some(Termination::DeadPosition));
        }
    }
    eprintln!(
        "dead positions ended by outcome(): {ended} of {dead}, {by_quick} by the quick check"
    );
    assert!(by_quick > 0);
    assert!(ended * 10 >= dead * 9, "{ended} of {dead}");
}

/// One position of the labelled set (label "none") for each way the quick check proves: a king
/// in check by a pawn (every move leads to a locked structure), a forced move at any material
/// (Kxh5 rams the last free pawn), a bishop that crosses the wall and checks but never mates
/// (the mate-pattern test), and a pawn behind the wall that can still step (d2-d3).
#[test]
fn each_proof_of_the_quick_check_ends_its_position() {
    let set = labelled_set();
    for fen in [
        "8/6pk/p1p2pPp/PpP1pP1P/1P2P3/8/8/7K b - - 0 1",
        "8/8/p1p5/PpPp1p1P/1P1P1Ppk/K5Pp/7P/8 b - - 0 1",
        "4k3/1B6/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1",
        "4k3/8/8/p2p2p1/P2P2P1/8/3P4/4K3 w - - 0 1",
    ] {
        let (_, label, _) = set.iter().find(|(f, _, _)| f == fen).unwrap();
        assert_eq!(label, "none", "{fen}");
        let pos: Chess = fen.parse().unwrap();
        assert_eq!(
            pos.position_outcome().map(|o| o.termination),
            Some(Termination::DeadPosition),
            "{fen}"
        );
    }
}

/// A small xorshift generator: the same positions on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random locked structure: a chain of rammed pawn pairs across the board (a file or two may
/// stay open), White's king below it and Black's above it (mostly), up to two bishops anywhere
/// free, either side to move; `None` when the position is not legal. With `knights`, knights join
/// the bishops; with `stepping`, each side may get a pawn behind its wall that can still step (or
/// take).
fn random_wall(rng: &mut Rng, knights: bool, stepping: bool) -> Option<Chess> {
    let mut board = [' '; 64];
    // White pawn on ranks 2-6 (index 1..=5), the black one just in front of it; neighbouring
    // files differ by at most one rank, so the pairs mostly shut the two halves apart.
    let mut rank = 1 + rng.below(5);
    let mut wall = [0usize; 8];
    for (file, height) in wall.iter_mut().enumerate() {
        rank = (rank + rng.below(3)).clamp(2, 6) - 1;
        *height = rank;
        if rng.below(10) == 0 {
            continue;
        }
        board[rank * 8 + file] = 'P';
        board[(rank + 1) * 8 + file] = 'p';
    }
    let mut pieces = vec!['K', 'k'];
    let minor = if knights { 4 } else { 2 };
    for _ in 0..rng.below(3) {
        pieces.push(['B', 'b', 'N', 'n'][rng.below(minor)]);
    }
    if stepping {
        // A pawn one or two ranks behind its side's wall pawn on some file.
        for (pawn, behind) in [('P', -1i32), ('p', 1i32)] {
            let file = rng.below(8);
            let own_rank = wall[file] as i32 + i32::from(pawn == 'p');
            let rank = own_rank + behind * (1 + rng.below(2) as i32);
            if rng.below(2) == 0 && (1..7).contains(&rank) && board[rank as usize * 8 + file] == ' '
            {
                board[rank as usize * 8 + file] = pawn;
            }
        }
    }
    for piece in pieces {
        let side_ok = |sq: usize| match piece {
            'K' => sq / 8 < wall[sq % 8],
            'k' => sq / 8 > wall[sq % 8] + 1,
            _ => true,
        };
        let mut free: Vec<usize> = (0..64)
            .filter(|&sq| board[sq] == ' ' && side_ok(sq))
            .collect();
        if free.is_empty() || rng.below(8) == 0 {
            free = (0..64).filter(|&sq| board[sq] == ' ').collect();
        }
        board[free[rng.below(free.len())]] = piece;
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                piece => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(piece);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
    format!("{fen} {turn} - - 0 1").parse().ok()
}

/// The exact position (pieces, side to move, castling, en passant).
type ExactKey = ([u64; 6], u64, bool, u64, Option<u32>);

fn exact_key(pos: &Chess) -> ExactKey {
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .map(|role| pos.by_role(role).0);
    (
        roles,
        pos.by_color(Color::White).0,
        pos.turn() == Color::White,
        pos.castling_rooks().0,
        pos.ep_square().map(|sq| sq.index() as u32),
    )
}

/// Whether any position reachable from `pos` by legal moves is a checkmate: `Some(true)` when
/// one is, `Some(false)` when the whole reachable set has none, `None` beyond `limit` positions.
fn some_mate_reachable(pos: &Chess, limit: usize) -> Option<bool> {
    let mut seen = HashSet::from([exact_key(pos)]);
    let mut queue = VecDeque::from([*pos]);
    while let Some(p) = queue.pop_front() {
        let moves = p.legal_moves();
        if moves.is_empty() {
            if p.is_check() {
                return Some(true);
            }
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

/// On random locked structures (walls, kings, bishops; a third of them with pawns that can still
/// step behind the wall, a third with those and knights), every position `outcome()` ends as a dead position has
/// no checkmate anywhere in its reachable set, enumerated outright.
#[test]
fn quick_dead_positions_have_no_reachable_mate() {
    let (walls, limit) = if cfg!(debug_assertions) {
        (3_000, 20_000)
    } else {
        (60_000, 400_000)
    };
    let mut rng = Rng(0x0dea_d0dd_ba11_5eed);
    let (mut dead, mut confirmed, mut too_large, mut stepping) = (0, 0, 0, 0);
    for wall in 0..walls {
        let Some(pos) = random_wall(&mut rng, wall % 3 == 2, wall % 3 != 0) else {
            continue;
        };
        if pos.position_outcome().map(|o| o.termination) != Some(Termination::DeadPosition) {
            continue;
        }
        dead += 1;
        stepping += usize::from(can_step(&pos));
        match some_mate_reachable(&pos, limit) {
            Some(true) => panic!("{}: ended as dead, a mate is reachable", pos.fen()),
            Some(false) => confirmed += 1,
            None => too_large += 1,
        }
    }
    eprintln!(
        "{dead} dead ({stepping} with a pawn that can step): {confirmed} confirmed by enumeration, {too_large} beyond {limit}"
    );
    assert!(
        confirmed >= dead / 4 && confirmed > 0,
        "{confirmed} of {dead}"
    );
    assert!(stepping > 0, "no dead wall with a pawn that can step");
}

/// Whether some pawn has an empty square in front of it.
fn can_step(pos: &Chess) -> bool {
    let pawns = pos.by_role(Role::Pawn);
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    ((white << 8) | (black >> 8)) & !pawns.0 != 0
}

/// Whether a checkmate of `winner`'s opponent is reachable from `pos`: `Some(true)` when one is,
/// `Some(false)` when the whole reachable set has none, `None` beyond `limit` positions.
fn mate_by_reachable(pos: &Chess, winner: Color, limit: usize) -> Option<bool> {
    let mut seen = HashSet::from([exact_key(pos)]);
    let mut queue = VecDeque::from([*pos]);
    while let Some(p) = queue.pop_front() {
        let moves = p.legal_moves();
        if moves.is_empty() {
            if p.is_check() && p.turn() != winner {
                return Some(true);
            }
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

/// On random walls with bishops, knights and pawns that can still step behind the wall, every
/// "cannot" the semi-static proof gives (the proof kind "blocked structure") is confirmed by
/// enumerating the reachable set: no checkmate of the loser anywhere in it.
#[test]
fn blocked_structure_proofs_have_no_reachable_mate() {
    use qipan::chess::{Effort, ProofKind};
    let (walls, limit) = if cfg!(debug_assertions) {
        (10_000, 100_000)
    } else {
        (40_000, 300_000)
    };
    let mut rng = Rng(0x5e31_57a7_1c00_0001);
    let (mut proofs, mut confirmed, mut too_large, mut stepping) = (0, 0, 0, 0);
    for _ in 0..walls {
        let Some(pos) = random_wall(&mut rng, true, true) else {
            continue;
        };
        for winner in Color::ALL {
            let analysis = pos.can_win_within(winner, Effort::QUICK);
            if analysis.proof != Some(ProofKind::BlockedStructure) {
                continue;
            }
            proofs += 1;
            // Proofs with a pawn that can still step: beyond the locked-pawn proof of old.
            stepping += usize::from(can_step(&pos));
            match mate_by_reachable(&pos, winner, limit) {
                Some(true) => panic!("{}: {winner:?} proven unable to mate, but can", pos.fen()),
                Some(false) => confirmed += 1,
                None => too_large += 1,
            }
        }
    }
    eprintln!(
        "{proofs} blocked-structure proofs ({stepping} with a pawn that can step): {confirmed} confirmed, {too_large} beyond {limit}"
    );
    // About one wall in 80 gets a proof, one in 1,000 with a pawn that can step.
    assert!(
        confirmed >= proofs / 4 && confirmed > walls / 400,
        "{confirmed} of {proofs}"
    );
    assert!(
        stepping > walls / 2_000,
        "{stepping} proofs with a pawn that can step"
    );
}
