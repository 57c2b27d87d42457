//! [`resolve`] (a target point per piece) against [`resolve_by_list`] (every legal move
//! described): the same answer for every pattern in positions from seeded random games and in
//! positions with several pieces of a kind on a file.

use super::{resolve, resolve_by_list, Dir, Pattern, Which};
use crate::xiangqi::{Role, Xiangqi};
use crate::{MoveError, Variant};

const KINDS: [Role; 7] = [
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Soldier,
];

const WHICH: [Which; 13] = [
    Which::Any,
    Which::Front,
    Which::Rear,
    Which::Middle,
    Which::Nth(0),
    Which::Nth(1),
    Which::Nth(2),
    Which::Nth(3),
    Which::Nth(4),
    Which::WxfFront,
    Which::WxfRear,
    Which::WxfPlainPawn,
    Which::Nth(7),
];

/// Every pattern: kind × file (or none) × place × direction × number.
fn every_pattern() -> Vec<Pattern> {
    let mut out = Vec::new();
    for kind in KINDS {
        for file in std::iter::once(None).chain((1..=9).map(Some)) {
            for which in WHICH {
                for dir in [Dir::Advance, Dir::Retreat, Dir::Traverse] {
                    for num in 0..=10 {
                        out.push(Pattern {
                            kind,
                            file,
                            which,
                            dir,
                            num,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Positions along a seeded random game from the start (SplitMix64).
fn random_game(seed: u64, plies: usize) -> Vec<Xiangqi> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut pos = Xiangqi::start();
    let mut out = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        out.push(pos);
    }
    out
}

fn same(
    a: &Result<crate::xiangqi::Move, MoveError>,
    b: &Result<crate::xiangqi::Move, MoveError>,
) -> bool {
    a == b
}

fn check(pos: &Xiangqi, patterns: &[Pattern]) -> usize {
    let mut found = 0;
    for pattern in patterns {
        let fast = resolve(pos, "x", pattern, false);
        let listed = resolve_by_list(pos, "x", pattern);
        assert!(
            same(&fast, &listed),
            "{} {pattern:?}: {fast:?} against {listed:?}",
            pos.fen()
        );
        found += usize::from(fast.is_ok());
    }
    found
}

#[test]
fn resolve_finds_what_the_legal_moves_give() {
    let patterns = every_pattern();
    let mut positions: Vec<Xiangqi> = [
        "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w",
        "3k5/9/9/9/6p2/6p2/6p2/6p2/9/4K4 b",
        "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w",
        "4k4/9/9/9/2p6/2p3p2/2p3p2/9/9/3K5 b",
        "r2ak4/4a4/2P1b4/2P3P2/2P3P2/2p6/2p3p2/2p3p2/4A4/3AK3R w",
        "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/6N2/P1P1P1P1P/1C4NC1/9/R1BAKAB1R w - - 0 1",
        "rnbakabn1/9/rc5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    ]
    .iter()
    .map(|fen| Xiangqi::from_fen(fen).expect("valid FEN"))
    .collect();
    for seed in 0..6 {
        positions.extend(random_game(seed, 120).into_iter().step_by(7));
    }
    let mut found = 0;
    for pos in &positions {
        found += check(pos, &patterns);
    }
    // The patterns name real moves too, not only errors.
    assert!(found > 1000, "{found}");
}

/// The legality test of the one candidate move (`safe_after`, read without playing the move)
/// against the move played on a copy, for every pair of points (legal, illegal and no move at
/// all) in positions of seeded random games, in and out of check.
#[test]
fn safe_after_agrees_with_the_copy() {
    let mut positions: Vec<Xiangqi> = [
        "3k5/9/9/9/9/9/9/9/4C4/4K4 w",
        "4k4/9/9/9/9/9/9/9/9/3K5 w",
        "3k5/4P4/9/9/9/9/9/9/9/4K4 b",
        "4k4/4a4/9/9/4r4/9/9/9/4R4/3K5 w",
        "r2ak4/4a4/2P1b4/2P3P2/2P3P2/2p6/2p3p2/2p3p2/4A4/3AK3R w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/6N2/P1P1P1P1P/1C4NC1/9/R1BAKAB1R w - - 0 1",
    ]
    .iter()
    .map(|fen| Xiangqi::from_fen(fen).expect("valid FEN"))
    .collect();
    for seed in 10..30 {
        positions.extend(random_game(seed, 200).into_iter().step_by(7));
    }
    let mut safe = 0;
    for pos in &positions {
        for turn in [crate::Color::White, crate::Color::Black] {
            let mut pos = *pos;
            pos.turn = turn;
            for from in 0..90 {
                for to in 0..90 {
                    let fast = pos.safe_after(from, to);
                    assert_eq!(
                        fast,
                        pos.safe_after_copy(from, to),
                        "{} {from}-{to}",
                        pos.fen()
                    );
                    safe += usize::from(fast);
                }
            }
        }
    }
    assert!(safe > 100_000, "{safe}");
}

/// The legality test told that the side to move is not in check (a record's replay knows it)
/// against the full test, for every pair of points in every position of seeded random games
/// where the side to move (either side, the turn given to the other too) is not in check.
#[test]
fn legality_knowing_not_in_check_agrees() {
    let mut legal = 0;
    for seed in 40..60 {
        for pos in random_game(seed, 160).into_iter().step_by(3) {
            for turn in [crate::Color::White, crate::Color::Black] {
                let mut pos = pos;
                pos.turn = turn;
                if pos.is_check() {
                    continue;
                }
                for from in 0..90 {
                    for to in 0..90 {
                        let mv = crate::xiangqi::Move::new(
                            crate::xiangqi::Square::from_index(from).expect("a point"),
                            crate::xiangqi::Square::from_index(to).expect("a point"),
                        );
                        let full = pos.is_legal(mv);
                        assert_eq!(pos.is_legal_knowing(mv, true), full, "{} {mv}", pos.fen());
                        legal += usize::from(full);
                    }
                }
            }
        }
    }
    assert!(legal > 50_000, "{legal}");
}

/// Whether the side to move is in check, read from the move just played, against the attack
/// test: after every legal move of every position of seeded random games.
#[test]
fn check_after_agrees_with_is_check() {
    let (mut checks, mut moves) = (0, 0);
    for seed in 60..100 {
        for pos in random_game(seed, 200) {
            for mv in pos.legal_moves() {
                let mut next = pos;
                next.play_unchecked(mv);
                let check = next.is_check();
                assert_eq!(
                    next.check_after(mv.from().index(), mv.to().index()),
                    check,
                    "{} {mv}",
                    pos.fen()
                );
                checks += usize::from(check);
                moves += 1;
            }
        }
    }
    assert!(
        checks > 1_000 && moves > 100_000,
        "{checks} checks in {moves} moves"
    );
}
