//! One test per rule of FIDE Laws articles 3 (moves) and 5 (completion of the game), as the seed
//! quotes them, plus the python-chess semantics of automatic and claimable draws.

use qipan::chess::{Chess, FenError, Piece, Role, Square};
use qipan::{Color, Game, MoveError, Outcome, Termination, Variant};

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game(fen: &str, moves: &[&str]) -> Game<Chess> {
    let mut game = Game::from_position(pos(fen));
    for mv in moves {
        game.push_any(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

fn legal(p: &Chess, uci: &str) -> bool {
    p.parse_uci(uci).is_ok()
}

fn is_illegal(result: Result<qipan::chess::Move, MoveError>) -> bool {
    matches!(result, Err(MoveError::Illegal { .. }))
}

const CASTLE_FEN: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

// --- Article 3: castling ---

#[test]
fn castling_both_ways_when_allowed() {
    let p = pos(CASTLE_FEN);
    for (uci, king, rook) in [
        ("e1g1", Square::G1, Square::F1),
        ("e1c1", Square::C1, Square::D1),
    ] {
        let mv = p.parse_uci(uci).unwrap();
        assert!(mv.is_castle());
        let mut after = p;
        after.play_unchecked(mv);
        assert_eq!(
            after.piece_at(king),
            Some(Piece {
                color: Color::White,
                role: Role::King
            })
        );
        assert_eq!(
            after.piece_at(rook),
            Some(Piece {
                color: Color::White,
                role: Role::Rook
            })
        );
        assert_eq!(after.piece_at(Square::E1), None);
    }
    // e1h1 (king takes rook) is read as castling too, and SAN writes O-O / O-O-O.
    assert_eq!(p.parse_uci("e1h1").unwrap(), p.parse_uci("e1g1").unwrap());
    assert_eq!(p.san(p.parse_uci("e1g1").unwrap()), "O-O");
    assert_eq!(p.san(p.parse_uci("e1c1").unwrap()), "O-O-O");
    assert_eq!(p.uci(p.parse_san("O-O").unwrap()), "e1g1");
}

#[test]
fn castling_forbidden_after_king_moved() {
    let g = game(CASTLE_FEN, &["e1f1", "a7a6", "f1e1", "a6a5"]);
    assert!(is_illegal(g.position().parse_uci("e1g1")));
    assert!(is_illegal(g.position().parse_uci("e1c1")));
    assert!(is_illegal(g.position().parse_san("O-O")));
    assert!(g.position().fen().contains(" kq "));
}

#[test]
fn castling_forbidden_after_rook_moved() {
    let g = game(CASTLE_FEN, &["h1g1", "a7a6", "g1h1", "a6a5"]);
    assert!(is_illegal(g.position().parse_uci("e1g1")));
    assert!(legal(g.position(), "e1c1"));
}

#[test]
fn castling_forbidden_after_rook_captured() {
    let g = game(
        "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1",
        &["g2h1", "a1a2", "h1g2"],
    );
    assert!(!g
        .position()
        .has_castling_right(Color::White, qipan::chess::CastlingSide::KingSide));
}

#[test]
fn castling_forbidden_with_a_piece_between() {
    let p = pos("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
    assert!(!legal(&p, "e1g1"));
    assert!(!legal(&p, "e1c1"));
    // Also a piece on b1, which only the rook passes.
    let p = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert!(!legal(&p, "e1c1"));
    assert!(legal(&p, "e1g1"));
}

#[test]
fn castling_forbidden_in_check() {
    let p = pos("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
    assert!(p.is_check());
    assert!(!legal(&p, "e1g1"));
    assert!(!legal(&p, "e1c1"));
}

#[test]
fn castling_forbidden_through_an_attacked_square() {
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "e1g1"), "f1 is attacked");
    assert!(legal(&p, "e1c1"));
    let p = pos("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "e1c1"), "d1 is attacked");
}

#[test]
fn castling_forbidden_onto_an_attacked_square() {
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "e1g1"));
    let p = pos("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "e1c1"));
}

#[test]
fn castling_allowed_when_only_the_rook_or_b1_is_attacked() {
    let p = pos("1r2k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(legal(&p, "e1c1"), "b1 attacked does not matter");
    let p = pos("4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(legal(&p, "e1g1"), "h1 attacked does not matter");
}

// --- Article 3: en passant and promotion ---

#[test]
fn en_passant_on_the_immediately_following_move() {
    let start = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let g = game(start, &["d7d5"]);
    let mv = g.position().parse_uci("e5d6").unwrap();
    assert!(mv.is_en_passant());
    assert_eq!(g.position().san(mv), "exd6");
    let mut after = *g.position();
    after.play_unchecked(mv);
    assert_eq!(
        after.piece_at(Square::D5),
        None,
        "the captured pawn leaves the board"
    );
    assert_eq!(after.piece_at(Square::D6).map(|p| p.role), Some(Role::Pawn));
    // One move later it is gone.
    let g = game(start, &["d7d5", "e1d1", "e8d8"]);
    assert!(is_illegal(g.position().parse_uci("e5d6")));
}

#[test]
fn en_passant_not_after_a_single_step() {
    let g = game(
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        &["d7d6", "e1d1", "d6d5"],
    );
    assert!(is_illegal(g.position().parse_uci("e5d6")));
}

#[test]
fn en_passant_that_exposes_the_king_on_the_rank_is_illegal() {
    let g = game("8/3p4/8/K3P2r/8/8/8/4k3 b - - 0 1", &["d7d5"]);
    assert!(is_illegal(g.position().parse_uci("e5d6")));
}

#[test]
fn en_passant_may_capture_the_checking_pawn() {
    let g = game("8/8/8/3k4/1p6/8/2P5/4K3 w - - 0 1", &["c2c4"]);
    assert!(g.position().is_check());
    assert!(g.position().parse_uci("b4c3").unwrap().is_en_passant());
}

#[test]
fn promotion_free_choice_of_queen_rook_bishop_knight() {
    let p = pos("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    for (letter, role) in [
        ('q', Role::Queen),
        ('r', Role::Rook),
        ('b', Role::Bishop),
        ('n', Role::Knight),
    ] {
        for to in ["a8", "b8"] {
            let mv = p.parse_uci(&format!("a7{to}{letter}")).unwrap();
            let mut after = p;
            after.play_unchecked(mv);
            let sq: Square = to.parse().unwrap();
            assert_eq!(
                after.piece_at(sq),
                Some(Piece {
                    color: Color::White,
                    role
                })
            );
        }
    }
    assert!(is_illegal(p.parse_uci("a7a8")), "a pawn must promote");
    assert!(matches!(
        p.parse_uci("a7a8k"),
        Err(MoveError::Invalid { .. })
    ));
    assert!(matches!(
        p.parse_uci("a7a8p"),
        Err(MoveError::Invalid { .. })
    ));
    assert_eq!(
        p.legal_moves()
            .iter()
            .filter(|m| m.promotion_role().is_some())
            .count(),
        8
    );
    assert_eq!(p.san(p.parse_uci("a7b8n").unwrap()), "axb8=N");
}

#[test]
fn king_may_not_move_into_check_and_pinned_piece_may_not_leave_the_line() {
    let p = pos("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert!(!legal(&p, "e2d3"), "the bishop is pinned");
    let p = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert!(!legal(&p, "e1e2") || p.parse_uci("e1e2").is_err());
    assert!(legal(&p, "e1d2"), "capturing the unprotected rook");
    assert!(!legal(&p, "e1f2") || p.parse_uci("e1f2").is_err());
}

#[test]
fn double_check_allows_only_king_moves() {
    let p = pos("4k3/8/8/8/8/5n2/8/r3K2R w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(p.legal_moves().iter().all(|m| m.from() == Square::E1));
}

// --- Article 5: completion ---

#[test]
fn checkmate_wins_for_the_side_that_gave_it() {
    let g = game(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["f3", "e5", "g4", "Qh4#"],
    );
    assert!(g.position().is_checkmate());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Termination::Checkmate, Color::Black))
    );
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", &["g5g6"]);
    assert!(g.position().is_stalemate());
    assert!(!g.position().is_checkmate());
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Stalemate)));
}

#[test]
fn dead_position_by_insufficient_material_is_a_draw() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",      // K v K
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",     // K+B v K
        "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",     // K+N v K
        "8/2b5/4k3/8/8/3KB3/8/8 w - - 0 1",   // bishops on one colour, opposite sides
        "8/6b1/4kb2/8/8/3KB3/8/B7 w - - 0 1", // several bishops, all dark
    ] {
        let p = pos(fen);
        assert!(p.is_insufficient_material(), "{fen}");
        assert_eq!(
            Game::from_position(p).outcome(),
            Some(Outcome::draw(Termination::InsufficientMaterial)),
            "{fen}"
        );
    }
    for fen in [
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",  // two knights: mate is possible
        "8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1", // bishops on both colours
        "8/8/4k3/8/8/3KN3/8/7n w - - 0 1",  // K+N v K+N
        "8/8/4k3/8/8/3K4/P7/8 w - - 0 1",   // a pawn
    ] {
        assert!(!pos(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn insufficient_material_per_side_for_time_forfeit() {
    // K+N v K+Q: the knight cannot mate, the queen can.
    let p = pos("8/8/4k3/8/8/3KN3/8/7q w - - 0 1");
    assert!(p.has_insufficient_material(Color::White));
    assert!(!p.has_insufficient_material(Color::Black));
    // K+N v K+R: a rook can block into a (self)mate.
    assert!(!pos("8/8/4k3/8/8/3KN3/8/7r w - - 0 1").has_insufficient_material(Color::White));
    // K+B v K+N: the knight allows a mate by the bishop.
    assert!(!pos("8/8/4k3/8/8/3KB3/8/7n w - - 0 1").has_insufficient_material(Color::White));

    // White flags with only a king left against K+Q: a draw (Black can still win? no — White
    // lost on time; Black has mating material, so Black wins).
    let mut g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/7q w - - 0 1"));
    assert!(g.flag(Color::White));
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Termination::Timeout, Color::Black))
    );
    // Black flags, but White has only a king: a draw.
    let mut g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/7q w - - 0 1"));
    assert!(g.flag(Color::Black));
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Timeout)));
}

#[test]
fn draw_by_agreement() {
    let mut g = game(Chess::start().fen().as_str(), &["e4", "e5"]);
    assert!(g.agree_draw());
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Agreement)));
}

const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn threefold_repetition_is_claimable_not_automatic() {
    let start = Chess::start().fen();
    let g = game(&start, &SHUFFLE.repeat(2));
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable(), vec![Termination::ThreefoldRepetition]);
    assert_eq!(
        g.outcome_claiming(true),
        Some(Outcome::draw(Termination::ThreefoldRepetition))
    );
    // Twice is not enough.
    let g = game(&start, &SHUFFLE);
    assert!(!g.can_claim_draw());
}

#[test]
fn threefold_repetition_claimable_with_the_move_about_to_be_played() {
    let start = Chess::start().fen();
    let mut moves = SHUFFLE.repeat(2);
    moves.pop();
    let g = game(&start, &moves);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable(), vec![Termination::ThreefoldRepetition]);
}

#[test]
fn fivefold_repetition_ends_the_game() {
    let start = Chess::start().fen();
    let g = game(&start, &SHUFFLE.repeat(4));
    assert_eq!(g.repetitions(), 5);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(Termination::FivefoldRepetition))
    );
    let g = game(&start, &SHUFFLE.repeat(3));
    assert_eq!(g.outcome(), None);
}

#[test]
fn en_passant_counts_for_repetition_only_when_legal() {
    // After d7d5 an en passant capture e5xd6 is pseudo-legal but the e5 pawn is pinned, so the
    // position is the same as one without the en passant square.
    let with_ep = game("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", &["d7d5"]);
    let without = pos("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2");
    assert_eq!(
        with_ep.position().repetition_key(),
        without.repetition_key()
    );
    assert_ne!(
        with_ep.position().zobrist(),
        without.zobrist(),
        "Polyglot keys count it"
    );
    // A legal en passant capture makes positions differ.
    let legal_ep = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"]);
    let no_ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_ne!(legal_ep.position().repetition_key(), no_ep.repetition_key());
}

#[test]
fn fifty_move_rule_is_claimable() {
    let g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/R7 w - - 100 80"));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable(), vec![Termination::FiftyMoves]);
    // At 99 a claim is possible by announcing a move that is neither capture nor pawn move.
    let g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/R7 w - - 99 80"));
    assert_eq!(g.claimable(), vec![Termination::FiftyMoves]);
    let g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/R7 w - - 98 80"));
    assert!(g.claimable().is_empty());
    // At 99 with only zeroing moves, no claim.
    let g = Game::from_position(pos("k7/8/8/8/8/1q6/P7/K7 w - - 99 80"));
    assert_eq!(g.position().legal_moves().len(), 3);
    assert!(g
        .position()
        .legal_moves()
        .iter()
        .all(|&m| g.position().is_zeroing(m)));
    assert!(!g.claimable().contains(&Termination::FiftyMoves));
}

#[test]
fn seventyfive_move_rule_ends_the_game() {
    let g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/R7 w - - 150 120"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(Termination::SeventyfiveMoves))
    );
    let g = Game::from_position(pos("8/8/4k3/8/8/3K4/8/R7 w - - 149 120"));
    assert_eq!(g.outcome(), None);
    let g = game("8/8/4k3/8/8/3K4/8/R7 w - - 149 120", &["Ra2"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(Termination::SeventyfiveMoves))
    );
}

#[test]
fn checkmate_beats_the_fifty_and_seventyfive_move_rules() {
    // The mating move makes the clock 150 (and 100): checkmate counts.
    let g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 120", &["Ra8#"]);
    assert_eq!(g.position().halfmoves(), 150);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Termination::Checkmate, Color::White))
    );
    assert_eq!(
        g.outcome_claiming(true),
        Some(Outcome::win(Termination::Checkmate, Color::White))
    );
    let g = game("7k/8/6K1/8/8/8/8/R7 w - - 99 120", &["Ra8#"]);
    assert_eq!(
        g.outcome_claiming(true),
        Some(Outcome::win(Termination::Checkmate, Color::White))
    );
    assert!(!g.can_claim_draw());
}

// --- FEN validation ---

#[test]
fn fen_validation_names_the_problem() {
    let cases: Vec<(&str, FenError)> = vec![
        ("8/8/8/8/8/8/8/K6k w -", FenError::FieldCount(3)),
        (
            "8/8/8/8/8/8/K6k w - - 0 1",
            FenError::Board("expected 8 ranks, found 7".into()),
        ),
        ("8/8/8/8/8/8/8/K6kX w - - 0 1", FenError::PieceLetter('X')),
        ("8/8/8/8/8/8/8/K6k x - - 0 1", FenError::Turn("x".into())),
        (
            "8/8/8/8/8/8/8/K7 w - - 0 1",
            FenError::KingCount {
                color: Color::Black,
                count: 0,
            },
        ),
        (
            "8/8/8/8/8/8/8/KK5k w - - 0 1",
            FenError::KingCount {
                color: Color::White,
                count: 2,
            },
        ),
        (
            "k7/8/8/8/8/8/8/K6r b - - 0 1",
            FenError::OppositeCheck(Color::White),
        ),
        (
            "k7/8/8/8/8/8/8/K5p1 w - - 0 1",
            FenError::PawnOnBackRank(Square::G1),
        ),
        (
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            FenError::PawnOnBackRank(Square::H8),
        ),
        (
            "8/8/8/8/8/8/8/K6k w X - 0 1",
            FenError::CastlingSyntax("X".into()),
        ),
        (
            "k7/8/8/8/8/8/8/4K3 w K - 0 1",
            FenError::CastlingRights {
                right: 'K',
                reason: "no rook on the king side",
            },
        ),
        (
            "k7/8/8/8/8/8/8/3K3R w K - 0 1",
            FenError::CastlingRights {
                right: 'K',
                reason: "the king is not on its home square",
            },
        ),
        (
            "k7/8/8/8/8/8/8/4K1R1 w K - 0 1",
            FenError::CastlingRights {
                right: 'K',
                reason: "the rook is not in a corner",
            },
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - e9 0 1",
            FenError::EnPassantSyntax("e9".into()),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - e3 0 1",
            FenError::EnPassant {
                square: Square::E3,
                reason: "wrong rank for the side to move",
            },
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - e6 0 1",
            FenError::EnPassant {
                square: Square::E6,
                reason: "no pawn that just made a double step",
            },
        ),
        (
            "k7/4p3/8/4p3/8/8/8/K7 w - e6 0 1",
            FenError::EnPassant {
                square: Square::E6,
                reason: "the squares the pawn passed are occupied",
            },
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - x 1",
            FenError::HalfmoveClock("x".into()),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - -1 1",
            FenError::HalfmoveClock("-1".into()),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 0",
            FenError::FullmoveNumber("0".into()),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 99999999999",
            FenError::FullmoveNumber("99999999999".into()),
        ),
        (
            "8/8/8/8/8/8/8/9 w - - 0 1",
            FenError::Board("bad empty-square count '9' on rank 1".into()),
        ),
        (
            "8/8/8/8/8/8/8/K6k1 w - - 0 1",
            FenError::Board("rank 1 has more than 8 squares".into()),
        ),
        (
            "8/8/8/8/8/8/8/K5k w - - 0 1",
            FenError::Board("rank 1 has 7 squares, expected 8".into()),
        ),
        (
            "7k/5N2/8/8/8/8/K7/B6R b - - 0 1",
            FenError::ImpossibleCheck("more than two checkers"),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Chess::from_fen(fen), Err(expected), "{fen}");
    }
}

#[test]
fn fen_accepts_four_and_five_fields() {
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").fen(),
        Chess::start().fen()
    );
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0").fen(),
        Chess::start().fen()
    );
}

#[test]
fn fen_writes_en_passant_only_when_legal() {
    let g = game(&Chess::start().fen(), &["e4"]);
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let g = game(&Chess::start().fen(), &["e4", "a6", "e5", "d5"]);
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
}
