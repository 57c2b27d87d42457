//! Property tests on random playouts (seeded xorshift, no external crate): FEN, UCI and SAN
//! round trips, `is_legal` against `legal_moves` for all 2^16 move values, incremental zobrist,
//! bulk counting, and parsers that never panic.

use qipan::chess::{Chess, Move, MoveKind};
use qipan::{Game, Variant};

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

const EPD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/chess-perft.epd"
));

fn start_positions() -> Vec<Chess> {
    let mut out = vec![Chess::start()];
    for line in EPD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        if let Ok(pos) = Chess::from_fen(fen) {
            out.push(pos);
        }
    }
    out
}

/// Positions along random playouts from every suite position.
fn playout_positions(seed: u64, plies: usize) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for start in start_positions() {
        let mut pos = start;
        for _ in 0..plies {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

#[test]
fn fen_round_trip() {
    for pos in playout_positions(1, 60) {
        let fen = pos.fen();
        let again = Chess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(again.fen(), fen);
        assert_eq!(again.repetition_key(), pos.repetition_key(), "{fen}");
        assert_eq!(again.legal_moves(), pos.legal_moves(), "{fen}");
    }
}

#[test]
fn is_legal_agrees_with_legal_moves_for_every_move_value() {
    for pos in playout_positions(2, 12).into_iter().step_by(7) {
        let legal = pos.legal_moves();
        let mut seen = 0;
        for raw in 0..=u16::MAX {
            let mv = Move::from_u16(raw);
            let is_legal = pos.is_legal(mv);
            assert_eq!(is_legal, legal.contains(&mv), "{} {mv:?}", pos.fen());
            seen += usize::from(is_legal);
        }
        assert_eq!(seen, legal.len());
    }
}

/// `is_legal` answers plain moves (no promotion, en passant or castling) without generating:
/// every plain move value of every suite position and of every position one move later (pins,
/// checks, discovered checks, en passant squares) against the generated list.
#[test]
fn is_legal_agrees_with_legal_moves_for_plain_moves_one_ply_into_the_suite() {
    let plain: Vec<Move> = (0..=u16::MAX)
        .map(Move::from_u16)
        .filter(|mv| mv.kind() == MoveKind::Normal)
        .collect();
    for start in start_positions() {
        let mut positions = vec![start];
        positions.extend(start.legal_moves().iter().map(|&mv| {
            let mut child = start;
            child.play_unchecked(mv);
            child
        }));
        for pos in positions {
            let legal = pos.legal_moves();
            for &mv in &plain {
                assert_eq!(
                    pos.is_legal(mv),
                    legal.contains(&mv),
                    "{} {mv:?}",
                    pos.fen()
                );
            }
        }
    }
}

#[test]
fn incremental_zobrist_equals_recomputed() {
    for pos in playout_positions(3, 80) {
        assert_eq!(pos.zobrist(), pos.zobrist_recomputed(), "{}", pos.fen());
    }
}

#[test]
fn count_equals_list_length() {
    for pos in playout_positions(4, 80) {
        assert_eq!(
            pos.count_legal_moves(),
            pos.legal_moves().len(),
            "{}",
            pos.fen()
        );
    }
}

#[test]
fn san_and_uci_round_trip_for_every_legal_move() {
    for pos in playout_positions(5, 40) {
        for mv in pos.legal_moves() {
            let san = pos.san(mv);
            assert_eq!(pos.parse_san(&san), Ok(mv), "{} {san}", pos.fen());
            let uci = pos.uci(mv);
            assert_eq!(pos.parse_uci(&uci), Ok(mv), "{} {uci}", pos.fen());
            assert_eq!(pos.parse_any(&uci), Ok(mv));
            assert_eq!(pos.parse_any(&san), Ok(mv));
        }
    }
}

#[test]
fn game_replay_keeps_history_consistent() {
    let mut rng = Rng(6);
    let mut game: Game<Chess> = Game::new();
    for _ in 0..200 {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        game.push(moves[rng.below(moves.len())]).unwrap();
    }
    assert_eq!(game.positions().len(), game.moves().len() + 1);
}

#[test]
fn parsers_never_panic() {
    let mut rng = Rng(7);
    let alphabet: Vec<char> = "abcdefghKQRBNPkqrbnp012345678x=+#-O/ !?.eé中\u{0}\u{ffff}"
        .chars()
        .collect();
    let pos = Chess::start();
    let kiwipete =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    for _ in 0..50_000 {
        let len = rng.below(12);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        for p in [&pos, &kiwipete] {
            let _ = p.parse_san(&text);
            let _ = p.parse_uci(&text);
            let _ = p.parse_any(&text);
        }
        let _ = Chess::from_fen(&text);
        let _ = Chess::from_fen_relaxed(&text);
    }
    // Mutated FENs.
    let base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for _ in 0..50_000 {
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            chars[i] = alphabet[rng.below(alphabet.len())];
        }
        let fen: String = chars.into_iter().collect();
        for p in [Chess::from_fen(&fen), Chess::from_fen_relaxed(&fen)]
            .into_iter()
            .flatten()
        {
            let _ = p.legal_moves();
            let _ = p.fen();
        }
    }
    let huge = "N".repeat(1_000_000);
    assert!(pos.parse_san(&huge).is_err());
    assert!(pos.parse_uci(&huge).is_err());
    assert!(Chess::from_fen(&huge).is_err());
    assert!(pos.parse_san("").is_err());
    assert!(Chess::from_fen("").is_err());
}

#[test]
fn chess960_playouts_keep_every_invariant() {
    let mut rng = Rng(8);
    for n in (0..960).step_by(37) {
        let mut pos = Chess::chess960_start(n).unwrap();
        for ply in 0..60 {
            let legal = pos.legal_moves();
            assert_eq!(pos.count_legal_moves(), legal.len());
            assert_eq!(pos.zobrist(), pos.zobrist_recomputed());
            let again = Chess::from_fen_960(&pos.fen()).unwrap();
            assert_eq!(
                again.repetition_key(),
                pos.repetition_key(),
                "{}",
                pos.fen()
            );
            for &mv in &legal {
                assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv));
                assert_eq!(pos.parse_uci(&pos.uci(mv)), Ok(mv));
            }
            if ply % 20 == 0 {
                for raw in 0..=u16::MAX {
                    let mv = Move::from_u16(raw);
                    assert_eq!(
                        pos.is_legal(mv),
                        legal.contains(&mv),
                        "{} {mv:?}",
                        pos.fen()
                    );
                }
            }
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal[rng.below(legal.len())]);
        }
    }
}

/// The key after every legal move of many positions against the key computed from scratch:
/// castling rights lost by a king or rook move, by a rook captured on its square, by castling,
/// in standard chess, Chess960 and set-ups played leniently (rights beside a king off its back
/// rank, a side without a king capturing the other's).
#[test]
fn incremental_zobrist_equals_recomputed_after_every_move() {
    use qipan::chess::{CastlingMode, PositionProblems, Setup};
    let mut positions = playout_positions(5, 30);
    let mut rng = Rng(11);
    for n in (0..960).step_by(11) {
        let mut pos = Chess::chess960_start(n).unwrap();
        for _ in 0..30 {
            positions.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    let lenient = [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/4R3 w kq - 0 1",
        "r6r/8/8/8/4k3/8/8/4R3 w kq - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
    ];
    let before = positions.len();
    for fen in lenient {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let Ok(setup) = Setup::from_fen(fen, mode == CastlingMode::Chess960) else {
                continue;
            };
            let pos = match Chess::from_setup(setup, mode) {
                Ok(pos) => Some(pos),
                Err(err) => err.ignore(PositionProblems::ALL).ok(),
            };
            positions.extend(pos);
        }
    }
    assert_eq!(positions.len() - before, 2 * lenient.len());
    let mut checked = 0;
    for pos in positions {
        assert_eq!(pos.zobrist(), pos.zobrist_recomputed(), "{}", pos.fen());
        for &mv in &pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(mv);
            assert_eq!(
                child.zobrist(),
                child.zobrist_recomputed(),
                "{} {}",
                pos.fen(),
                pos.uci(mv)
            );
            checked += 1;
        }
    }
    assert!(checked > 50_000, "{checked}");
}
