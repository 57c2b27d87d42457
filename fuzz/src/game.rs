//! Games played by byte-chosen moves, with the invariants checked after every ply.

use crate::Bytes;
use qipan::{Game, Variant};

/// Plays byte-chosen moves on a [`Game`] (and raw move values: `is_legal` must agree with the
/// list of legal moves, an illegal one is refused by `push` and must not make `play_unchecked`
/// panic), checking `check_move` on every move before it is
/// played and after every ply: `check` on the position,
/// `pop()` restoring the exact previous game, `outcome()` stable and consistent with
/// `is_game_over`, adjudications refused once the game is over.
pub fn play_game<V: Variant>(
    mut game: Game<V>,
    bytes: &mut Bytes,
    check: impl Fn(&V),
    check_move: impl Fn(&V, V::Move),
    raw: impl Fn(&mut Bytes) -> V::Move,
) {
    check(game.position());
    check_game(&game);
    let mut plies = 0;
    while !bytes.is_empty() && plies < 400 {
        plies += 1;
        let op = bytes.u8();
        let mv = match op % 16 {
            // Take back a move: the game is its earlier self.
            0 => {
                if game.ply() > 0 {
                    let earlier = game.positions()[game.ply() - 1].clone();
                    let keys = game.keys()[..game.ply()].to_vec();
                    let last = game.last_move();
                    assert_eq!(game.pop(), last);
                    assert_eq!(game.position(), &earlier);
                    assert_eq!(game.keys(), &keys[..]);
                    assert_eq!(game.positions().len(), game.moves().len() + 1);
                    check_game(&game);
                } else {
                    assert_eq!(game.pop(), None);
                }
                continue;
            }
            // Adjudications on a copy.
            1 => {
                adjudicate(&game, op);
                continue;
            }
            // A raw move value (legal or not).
            2 | 3 => {
                let mv = raw(bytes);
                let pos = game.position();
                let legal = pos.is_legal(mv);
                assert_eq!(
                    legal,
                    pos.legal_moves().contains(&mv),
                    "{}: {mv}",
                    pos.fen()
                );
                if V::is_null(mv) {
                    // The null move: never legal, but a game plays it (a pass) when the side to
                    // move is not in check; taken back, the game is its earlier self.
                    let before = game.clone();
                    let passed = game.push(mv).is_ok();
                    let in_check = before.position().is_check();
                    assert_eq!(passed, !in_check, "{}", before.position().fen());
                    if !passed {
                        assert_eq!(game, before);
                        continue;
                    }
                    assert_eq!(game.position().turn(), !before.position().turn());
                    assert_eq!(game.pop(), Some(mv));
                    assert_eq!(game, before);
                    game.push(mv).expect("the pass is accepted again");
                    check(game.position());
                    check_game(&game);
                    continue;
                }
                if !legal {
                    // Refused without a change; played unchecked, it must not panic.
                    let (ply, key) = (game.ply(), pos.zobrist());
                    assert!(game.push(mv).is_err());
                    assert_eq!((game.ply(), game.position().zobrist()), (ply, key));
                    let _ = game.position().coord(mv);
                    let mut garbage = game.position().clone();
                    garbage.play_unchecked(mv);
                    continue;
                }
                mv
            }
            _ => {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                moves[usize::from(bytes.u8()) % moves.len()]
            }
        };
        check_move(game.position(), mv);
        let position = game.position().clone();
        let (ply, key, outcome) = (game.ply(), game.keys()[ply_index(&game)], game.outcome());
        game.push(mv).expect("a legal move is accepted");
        assert_eq!(game.pop(), Some(mv));
        assert_eq!(game.position(), &position, "pop after {mv}");
        assert_eq!((game.ply(), game.keys()[ply_index(&game)]), (ply, key));
        assert_eq!(game.keys().len(), game.positions().len());
        assert_eq!(
            game.outcome(),
            outcome,
            "outcome after push and pop of {mv}"
        );
        game.push(mv).expect("a legal move is accepted");
        check(game.position());
        check_game(&game);
    }
}

fn ply_index<V: Variant>(game: &Game<V>) -> usize {
    game.keys().len() - 1
}

fn adjudicate<V: Variant>(game: &Game<V>, op: u8) {
    let mut g = game.clone();
    let before = g.outcome();
    let color = if op & 16 == 0 {
        qipan::Color::White
    } else {
        qipan::Color::Black
    };
    let done = match op >> 5 {
        0 | 1 => g.resign(color),
        2 | 3 => g.agree_draw(),
        _ => g.flag(color),
    };
    assert_eq!(
        done,
        before.is_none(),
        "adjudication of a game with {before:?}"
    );
    if before.is_some() {
        assert_eq!(g.outcome(), before);
    }
    assert!(g.outcome().is_some());
    check_game(&g);
    let mv = g.pop();
    if mv.is_some() {
        assert_eq!(g.adjudication(), None);
    }
}

fn check_game<V: Variant>(game: &Game<V>) {
    let outcome = game.outcome();
    assert_eq!(outcome, game.outcome(), "outcome() is stable");
    assert_eq!(game.is_game_over(false), outcome.is_some());
    let claimed = game.outcome_claiming(true);
    assert_eq!(claimed, game.outcome_claiming(true));
    assert_eq!(game.is_game_over(true), claimed.is_some());
    if outcome.is_some() {
        assert_eq!(claimed, outcome);
    }
    if let Some(o) = claimed {
        let _ = (o.result(), o.termination.as_str());
    }
    assert!(game.repetitions() >= 1);
    assert_eq!(game.keys().len(), game.positions().len());
    assert_eq!(
        game.keys().last().copied(),
        Some(game.position().repetition_key())
    );
}
