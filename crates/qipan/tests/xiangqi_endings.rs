//! The natural move limit as AXF and CXA count it, and the draws and flags of endings no side can
//! win. Expectations are worked out by hand from the rules in the comments, never from qipan.

use qipan::xiangqi::{counted_plies, CHECKS_COUNTED};
use qipan::Winnability;
use qipan::{Color, Game, Termination, Variant, Xiangqi};

/// One block: the red chariot checks from e4 (the general on e9) and from d4 (on d9) while the
/// general steps e9-d9-e9: two red checks, two replies; then a quiet soldier step for each side
/// (red a-soldier up, black i-soldier down), so no position occurs a third time.
fn checking_blocks(clock: u32, blocks: usize) -> Game<Xiangqi> {
    let fen = format!("4k4/9/9/8p/9/3R5/P8/9/9/5K3 w - - {clock} 1");
    let mut game: Game<Xiangqi> = Game::from_fen(&fen).unwrap();
    let red_soldier = ["a3a4", "a4a5", "a5a6", "a6a7", "a7a8", "a8a9"];
    let black_soldier = ["i6i5", "i5i4", "i4i3", "i3i2", "i2i1", "i1i0"];
    for block in 0..blocks {
        for mv in [
            "d4e4",
            "e9d9",
            "e4d4",
            "d9e9",
            red_soldier[block],
            black_soldier[block],
        ] {
            assert_eq!(game.outcome(), None, "game over before {mv}");
            game.push_coord(mv).unwrap();
        }
    }
    game
}

#[test]
fn ten_checks_count_the_eleventh_and_its_reply_do_not() {
    assert_eq!(CHECKS_COUNTED, 10);
    // Five blocks: ten red checks, all counted.
    let game = checking_blocks(0, 5);
    assert_eq!(game.position().halfmove_clock(), 30);
    assert_eq!(counted_plies(game.history()), 30);
    // Six blocks: checks 11 and 12 and the two replies are left out: 36 - 4.
    let game = checking_blocks(0, 6);
    assert_eq!(game.position().halfmove_clock(), 36);
    assert_eq!(counted_plies(game.history()), 32);
}

#[test]
fn move_limit_boundary_with_checks() {
    // The FEN's clock counts fully (its checks are unknown), then 36 plies of which 32 count.
    // 88 + 32 = 120: drawn at the last ply.
    let game = checking_blocks(88, 6);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::MoveLimit, None)
    );
    // 87 + 32 = 119 counted, though the clock reads 123: not yet a draw.
    let game = checking_blocks(87, 6);
    assert_eq!(game.position().halfmove_clock(), 123);
    assert_eq!(game.outcome(), None);
}

#[test]
fn move_limit_boundary_without_checks() {
    // 118 plies on the clock, then two quiet moves: 119 is not yet the limit, 120 is.
    let mut game: Game<Xiangqi> =
        Game::from_fen("4k4/9/9/8p/9/3R5/P8/9/9/5K3 w - - 118 80").unwrap();
    game.push_coord("a3a4").unwrap();
    assert_eq!(game.outcome(), None);
    game.push_coord("i6i5").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::MoveLimit);
}

#[test]
fn mate_on_the_last_ply_is_mate() {
    // Clock 119; the red chariot mates on d9 (the red general's open e-file covers e9, the
    // chariot on rank 8 guards d8): mate outranks the move limit.
    let mut game: Game<Xiangqi> = Game::from_fen("3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 119 80").unwrap();
    game.push_coord("a1a9").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Checkmate, Some(Color::RED))
    );
}

fn position(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap()
}

#[test]
fn general_and_cannon_against_a_bare_general_is_a_dead_draw() {
    // The cannon has no screen but the generals, and a general cannot screen (the generals would
    // face each other): no check ever; the bare general always has a step (material.rs, Rule 3).
    let p = position("3k5/9/9/9/9/9/9/4C4/9/5K3 w");
    let o = p.position_outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::InsufficientMaterial, None)
    );
    assert!(p.has_insufficient_material(Color::RED));
    assert!(p.has_insufficient_material(Color::Black));
    // The game is over already: a flag changes nothing.
    let mut game = Game::from_position(p);
    assert!(!game.flag(Color::RED));
    assert_eq!(
        game.outcome().unwrap().termination,
        Termination::InsufficientMaterial
    );
}

#[test]
fn a_screen_keeps_the_cannon_alive() {
    // Each of these gives the cannon a screen or a second attacker: play on.
    for fen in [
        "3k5/9/9/9/9/9/9/4C4/4A4/5K3 w", // a red advisor (the cannon checks over it from e0)
        "3k5/9/9/9/9/9/9/3CC4/9/5K3 w",  // two cannons
        "3k5/4a4/9/9/9/9/9/4C4/9/5K3 w", // a black advisor (screens on d8 / e8)
    ] {
        let p = position(fen);
        assert_eq!(p.position_outcome(), None, "{fen}");
        assert!(!p.has_insufficient_material(Color::RED), "{fen}");
    }
    // A flag with the black advisor: Red might still win, so Black's flag loses; Black cannot
    // (it never checks, and Red's lone cannon and general always have a move: Rule 2), so Red's
    // flag draws.
    let p = position("3k5/4a4/9/9/9/9/9/4C4/9/5K3 w");
    assert!(p.has_insufficient_material(Color::Black));
    let mut game = Game::from_position(p);
    assert!(game.flag(Color::Black));
    assert_eq!(game.outcome().unwrap().winner, Some(Color::RED));
    let mut game = Game::from_position(p);
    assert!(game.flag(Color::RED));
    assert_eq!(game.outcome().unwrap().winner, None);
}

#[test]
fn guards_only_against_soldiers_the_guard_side_cannot_win() {
    // Black: general and advisor. Red: general, advisor, elephant, soldier. Black can never check
    // and Red's palace only ever holds its general, advisor and elephant: Red always has a move.
    let p = position("5k3/4a4/9/9/9/9/4P4/4B4/4A4/3K5 w");
    assert_eq!(p.position_outcome(), None);
    assert!(!p.has_insufficient_material(Color::RED));
    assert!(p.has_insufficient_material(Color::Black));
    let mut game = Game::from_position(p);
    assert!(game.flag(Color::RED));
    assert_eq!(game.outcome().unwrap().winner, None);
}

#[test]
fn a_lone_general_cannot_win_against_a_lone_chariot() {
    // The bare general never checks and the chariot always has a move (material.rs, Rule 4):
    // Red's flag draws, Black's loses.
    let p = position("3k5/9/9/9/9/9/9/4R4/9/5K3 w");
    assert!(p.has_insufficient_material(Color::Black));
    assert!(!p.has_insufficient_material(Color::RED));
    let mut game = Game::from_position(p);
    assert!(game.flag(Color::RED));
    assert_eq!(game.outcome().unwrap().winner, None);
}

#[test]
fn a_side_that_could_only_win_by_stalemate_of_an_army_is_not_declared_unable() {
    // A bare general against two chariots: a win for the bare side would need Red stalemated with
    // two chariots, which no proved rule here rules out, so qipan answers "can win" (sound, not
    // sharp).
    let p = position("3k5/9/9/9/9/9/9/5RR2/9/5K3 w");
    assert!(!p.has_insufficient_material(Color::Black));
}
