//! One test per rule of DESIGN §4 (items 1–9, 11, 12), with the blocking cases. The expected
//! moves are worked out by hand from the rules (the seed's Q1 text), never taken from qipan.

use qipan::xiangqi::{Move, Role, Square};
use qipan::{Color, Game, Termination, Variant, Xiangqi};
use qipan::{Notate, Winnability};

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0')
}

fn pos(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The targets of the legal moves from `from`, sorted.
fn targets(p: &Xiangqi, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| m.to().to_string())
        .collect();
    v.sort();
    // is_legal must agree on every target square.
    for to in Square::all() {
        let mv = Move::new(sq(from), to);
        assert_eq!(
            p.is_legal(mv),
            v.contains(&to.to_string()),
            "is_legal({mv}) in {p}"
        );
    }
    v
}

fn expect(p: &Xiangqi, from: &str, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(targets(p, from), want, "moves from {from} in {p}");
}

#[test]
fn rule_1_general_one_orthogonal_step_inside_the_palace() {
    // Centre of the palace: four steps (the black advisor on d7 closes the d-file).
    expect(
        &pos("3k5/9/3a5/9/9/9/9/9/4K4/9 w"),
        "e1",
        &["d1", "e0", "e2", "f1"],
    );
    // Corner: never out of the palace (c0) and never diagonally.
    expect(&pos("3k5/9/3a5/9/9/9/9/9/9/3K5 w"), "d0", &["d1", "e0"]);
    // Upper corner: not to f3 or g2.
    expect(&pos("3k5/9/3a5/9/9/9/9/5K3/9/9 w"), "f2", &["e2", "f1"]);
    // Black's general in its own palace.
    expect(
        &pos("9/4k4/9/9/9/9/9/3A5/9/3K5 b"),
        "e8",
        &["d8", "e7", "e9", "f8"],
    );
}

#[test]
fn rule_2_advisor_on_the_palace_diagonals() {
    // From the centre: three free corners (d0 holds the own general).
    expect(
        &pos("3k5/9/3a5/9/9/9/9/9/4A4/3K5 w"),
        "e1",
        &["d2", "f0", "f2"],
    );
    // From a corner: only the centre.
    expect(&pos("3k5/9/3a5/9/9/9/9/9/9/3K1A3 w"), "f0", &["e1"]);
    // The centre is taken by the own general: no move at all.
    expect(&pos("3k5/9/3a5/9/9/9/9/9/4K4/5A3 w"), "f0", &[]);
}

#[test]
fn rule_3_elephant_two_diagonal_steps_blocked_eye_never_across_the_river() {
    expect(
        &pos("3k5/9/3a5/9/9/9/9/4B4/9/3K5 w"),
        "e2",
        &["c0", "c4", "g0", "g4"],
    );
    // Eyes d3 (own horse) and f3 (enemy horse) occupied: those two jumps are blocked.
    expect(
        &pos("3k5/9/3a5/9/9/9/3N1n3/4B4/9/3K5 w"),
        "e2",
        &["c0", "g0"],
    );
    // On the river bank: never across (a6, e6), only back.
    expect(&pos("3k5/9/3a5/9/9/2B6/9/9/9/3K5 w"), "c4", &["a2", "e2"]);
    // Black's elephant likewise stays on ranks 5-9.
    expect(&pos("4k4/9/9/9/2b6/9/9/9/9/3K5 b"), "c5", &["a7", "e7"]);
}

#[test]
fn rule_4_horse_one_orthogonal_then_one_diagonal_blocked_leg() {
    // Legs f4 (enemy horse) and e3 (own soldier) blocked: g5, g3, f2, d2 are out of reach.
    expect(
        &pos("3k5/9/3a5/9/9/4Nn3/4P4/9/9/3K5 w"),
        "e4",
        &["c3", "c5", "d6", "f6"],
    );
    // All legs free in the open: eight targets.
    expect(
        &pos("3k5/9/3a5/9/9/4N4/9/9/9/3K5 w"),
        "e4",
        &["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"],
    );
    // In a corner: two targets, and an own piece on one of them leaves one.
    expect(&pos("3k5/9/3a5/9/9/9/9/9/9/N2K5 w"), "a0", &["b2", "c1"]);
    expect(&pos("3k5/9/3a5/9/9/9/9/9/2R6/N2K5 w"), "a0", &["b2"]);
}

#[test]
fn rule_4_horse_check_uses_the_leg_next_to_the_horse() {
    // Red horse f7 and black general e9: the leg is f8, next to the horse.
    // A piece on e8 (next to the general) does not block the check.
    let p = pos("4k4/4a4/5N3/9/9/9/9/9/9/3K5 b");
    assert!(p.is_check());
    assert!(p.is_attacked(sq("e9"), Color::RED));
    assert_eq!(
        p.attackers(sq("e9"), Color::RED)
            .into_iter()
            .collect::<Vec<_>>(),
        [sq("f7")]
    );
    // A piece on f8 does.
    let p = pos("4k4/5r3/5N3/9/9/9/9/9/9/3K5 b");
    assert!(!p.is_check());
    assert!(!p.is_attacked(sq("e9"), Color::RED));
    // The same, seen from the side giving check: a red move that unblocks the leg checks.
    let p = pos("4k4/5R3/5N3/9/9/9/9/9/9/3K5 w");
    let mv = p.parse_move("f8g8").unwrap();
    assert!(p.gives_check(mv));
    assert!(!p.gives_check(p.parse_move("f7g5").unwrap()));
}

#[test]
fn rule_5_chariot_moves_like_a_rook() {
    // Own soldier on e6 stops it at e5; the black horse on b4 is captured, a4 is beyond.
    let p = pos("5k3/9/9/4P4/9/1n2R4/9/9/9/3K5 w");
    expect(
        &p,
        "e4",
        &[
            "b4", "c4", "d4", "e0", "e1", "e2", "e3", "e5", "f4", "g4", "h4", "i4",
        ],
    );
    assert!(p.is_capture(p.parse_move("e4b4").unwrap()));
    assert!(!p.is_capture(p.parse_move("e4c4").unwrap()));
}

#[test]
fn rule_6_cannon_moves_like_a_chariot_and_captures_over_exactly_one_screen() {
    // Screens: e6 (own soldier) for the advisor on e8, b4 (black horse) for the chariot on a4.
    // No capture of the adjacent soldier on e3 (no screen), nor of the general on e9 (two screens),
    // nor of the horse on b4 (no screen).
    let p = pos("4k4/4a4/9/4P4/9/rn2C4/4p4/9/9/3K5 w");
    expect(
        &p,
        "e4",
        &["a4", "c4", "d4", "e5", "e8", "f4", "g4", "h4", "i4"],
    );
    assert!(!p.is_check());
    // A cannon checks over one screen, not over none.
    let p = pos("4k4/9/9/4P4/9/4C4/9/9/9/3K5 b");
    assert!(p.is_check());
    let p = pos("4k4/9/9/9/9/4C4/9/9/9/3K5 b");
    assert!(!p.is_check());
}

#[test]
fn rule_7_soldier_forward_sideways_after_the_river_never_back_no_promotion() {
    let p = pos("4P4/5k3/9/P8/2P6/9/4P4/9/9/3K5 w");
    expect(&p, "e3", &["e4"]);
    expect(&p, "c5", &["b5", "c6", "d5"]);
    expect(&p, "a6", &["a7", "b6"]);
    // On the last rank: sideways only, and it stays a soldier.
    expect(&p, "e9", &["d9", "f9"]);
    let mut after = p;
    after.play_unchecked(p.parse_move("e9d9").unwrap());
    assert_eq!(after.piece_at(sq("d9")).unwrap().role, Role::Soldier);
    // Black soldiers go down the board.
    let p = pos("4k4/9/9/4p4/9/9/4p4/9/9/3K5 b");
    expect(&p, "e6", &["e5"]);
    expect(&p, "e3", &["d3", "e2", "f3"]);
}

#[test]
fn rule_8_flying_general() {
    // The last piece between the generals may only move along the file.
    let p = pos("4k4/9/9/9/9/4C4/9/9/9/4K4 w");
    expect(&p, "e4", &["e1", "e2", "e3", "e5", "e6", "e7", "e8"]);
    // A horse cannot move along the file: it is frozen.
    expect(&pos("4k4/9/9/9/9/4N4/9/9/9/4K4 w"), "e4", &[]);
    // The general may not step onto the open file of the other general.
    expect(&pos("4k4/9/9/9/9/9/9/9/9/3K5 w"), "d0", &["d1"]);
    // A piece between them moving away is illegal; another blocker makes it legal.
    let p = pos("4k4/9/9/9/4c4/9/9/9/9/4K4 b");
    expect(&p, "e5", &["e1", "e2", "e3", "e4", "e6", "e7", "e8"]);
    let p = pos("4k4/9/4b4/9/4c4/9/9/9/9/4K4 b");
    expect(
        &p,
        "e5",
        &[
            "a5", "b5", "c5", "d5", "e1", "e2", "e3", "e4", "e6", "f5", "g5", "h5", "i5",
        ],
    );
    // A FEN with facing generals is not a position.
    assert_eq!(
        Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        Err(qipan::xiangqi::FenError::FacingGenerals)
    );
}

#[test]
fn rule_9_no_legal_move_loses_checkmate_and_stalemate() {
    // Checkmate: chariot a9 checks, i8 guards rank 8, the red general guards the e-file.
    let p = pos("R2k5/8R/9/9/9/9/9/9/9/4K4 b");
    assert!(p.is_check());
    assert_eq!(p.count_legal_moves(), 0);
    let o = p.position_outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::Checkmate, Some(Color::RED))
    );
    // Stalemate (困毙): not in check, no legal move, and the side to move loses.
    let p = pos("3k5/8R/9/9/9/9/9/9/9/4K4 b");
    assert!(!p.is_check());
    assert_eq!(p.legal_moves().len(), 0);
    let o = p.position_outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::Stalemate, Some(Color::RED))
    );
    assert_eq!(o.result(), "1-0");
    // Through a game, the mate in the module example.
    let mut game: Game<Xiangqi> = Game::from_fen("3k5/8R/9/9/9/9/9/9/R8/4K4 w").unwrap();
    game.push_coord("a1a9").unwrap();
    assert_eq!(game.outcome().unwrap().termination, Termination::Checkmate);
}

#[test]
fn rule_11_move_limit() {
    let mut game: Game<Xiangqi> =
        Game::from_fen("3k5/9/3a5/9/9/4R4/9/9/9/3K5 w - - 119 80").unwrap();
    assert_eq!(game.outcome(), None);
    game.push_coord("e4e5").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!((o.termination, o.winner), (Termination::MoveLimit, None));
    // Configurable, and 0 switches it off.
    let mut rules = *game.rules();
    rules.move_limit = 0;
    game.set_rules(rules);
    assert_eq!(game.outcome(), None);
    // A capture resets the clock.
    let mut game: Game<Xiangqi> =
        Game::from_fen("3k5/9/3a5/9/4n4/4R4/9/9/9/3K5 w - - 119 80").unwrap();
    game.push_coord("e4e5").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn rule_12_insufficient_material() {
    let p = pos("3k5/9/3a5/9/9/9/9/4B4/4A4/3K5 w");
    let o = p.position_outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::InsufficientMaterial, None)
    );
    assert!(p.has_insufficient_material(Color::RED));
    // One soldier is enough to play on.
    let p = pos("3k5/9/3a5/9/9/9/4P4/4B4/4A4/3K5 w");
    assert_eq!(p.position_outcome(), None);
    assert!(!p.has_insufficient_material(Color::RED));
    assert!(p.has_insufficient_material(Color::Black));
    // A flag: the side without attackers cannot win, so Black's time forfeit... loses, Red's draws.
    let mut game = Game::from_position(p);
    assert!(game.flag(Color::Black));
    assert_eq!(game.outcome().unwrap().winner, Some(Color::RED));
    let mut game = Game::from_position(p);
    assert!(game.flag(Color::RED));
    assert_eq!(game.outcome().unwrap().winner, None);
}

#[test]
fn variant_names_and_start() {
    assert_eq!(Xiangqi::NAME, "xiangqi");
    assert_eq!(Xiangqi::color_name(Color::RED), "red");
    assert_eq!(Xiangqi::color_name(Color::Black), "black");
    let s = Xiangqi::start();
    assert_eq!(s.turn(), Color::RED);
    assert_eq!(s.general(Color::RED), sq("e0"));
    assert_eq!(s.coord(s.parse_move("b0c2").unwrap()), "b0c2");
    let d = s.diagram();
    assert!(d.contains("[帅]") && d.contains("(将)") && d.contains("[兵]") && d.contains("(卒)"));
    assert!(d.contains("楚") && d.contains("a   b"));
    // Ten ranks, the river, two file lines; the board only (the side to move is not part of it).
    assert_eq!(d.lines().count(), 13);
}

#[test]
fn legality_pins_cannon_screens_and_horse_legs() {
    // A piece may not become the only screen between its general and an enemy cannon.
    let p = pos("5k3/9/4c4/9/9/9/R8/9/9/4K4 w");
    assert!(!p.is_legal(Move::new(sq("a3"), sq("e3"))));
    assert_eq!(targets(&p, "a3").len(), 16);
    // Two screens: neither may leave the file; the chariot may move along it or capture the cannon.
    let p = pos("5k3/9/4c4/9/9/4R4/9/9/4A4/4K4 w");
    expect(&p, "e4", &["e2", "e3", "e5", "e6", "e7"]);
    expect(&p, "e1", &[]);
    // A piece on the leg of an enemy horse aimed at its general may only capture that horse.
    let p = pos("3k5/9/9/9/9/9/9/9/5Rn2/4K4 w");
    assert!(!p.is_check());
    expect(&p, "f1", &["g1"]);
    // A horse pinned by a chariot cannot move at all.
    expect(&pos("3k5/4r4/9/9/9/9/4N4/9/9/4K4 w"), "e3", &[]);
    // In check from a cannon: capture it, block with a second screen, or take the screen away.
    let p = pos("3k5/9/4c4/9/9/9/4N4/R8/9/4K4 w");
    assert!(p.is_check());
    let mut all: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    all.sort();
    let mut want = vec![
        // The horse (the screen) leaves the file: any of its moves.
        "e3c2", "e3c4", "e3d1", "e3d5", "e3f1", "e3f5", "e3g2", "e3g4",
        // The chariot adds a second screen on e2 (it cannot reach e4-e6).
        "a2e2",
        // The general steps aside, but not to d0: it would face the black general on d9.
        "e0f0",
    ];
    want.sort();
    assert_eq!(all, want);
}
