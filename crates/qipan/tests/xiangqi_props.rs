//! Property tests on seeded random playouts from the start position and from every position of
//! the perft suite: FEN round trip, `is_legal` against `legal_moves` over every from/to pair,
//! incremental zobrist against a key computed from scratch, ICCS round trip, bulk counting,
//! `gives_check`, `is_capture`, `attackers`.

use std::collections::HashSet;

use qipan::xiangqi::{IccsRanks, Move, Square};
use qipan::{Color, Game, Variant, Xiangqi};

const EPD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/xiangqi-perft.epd"
));
const REPETITION: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/xiangqi-repetition.jsonl"
));

/// A tiny xorshift generator, so every run plays the same games.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn starts() -> Vec<Xiangqi> {
    let mut v = vec![Xiangqi::start()];
    for line in EPD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        v.push(Xiangqi::from_fen(line.split(';').next().unwrap()).unwrap());
    }
    v
}

fn check_position(p: &Xiangqi) {
    let fen = p.fen();
    let reread = Xiangqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&reread, p, "FEN round trip");
    assert_eq!(reread.fen(), fen);
    assert_eq!(
        reread.zobrist(),
        p.zobrist(),
        "incremental zobrist in {fen}"
    );
    let moves = p.legal_moves();
    assert_eq!(p.count_legal_moves(), moves.len(), "count in {fen}");
    let set: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves in {fen}");
    for from in Square::all() {
        for to in Square::all() {
            let mv = Move::new(from, to);
            assert_eq!(p.is_legal(mv), set.contains(&mv), "is_legal({mv}) in {fen}");
        }
    }
    let us = p.turn();
    for &mv in moves.iter() {
        let text = mv.to_string();
        assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
        assert_eq!(p.parse_move(&text), Ok(mv));
        assert_eq!(p.parse_iccs(&text.to_uppercase()), Ok(mv));
        let one = Xiangqi::iccs_with(mv, IccsRanks::OneBased);
        assert_eq!(p.parse_iccs_with(&one, IccsRanks::OneBased), Ok(mv));
        let mut next = *p;
        next.play_unchecked(mv);
        assert!(
            !next.is_attacked(next.general(us), !us),
            "{mv} leaves the general attacked in {fen}"
        );
        assert_eq!(
            p.gives_check(mv),
            next.is_check(),
            "gives_check({mv}) in {fen}"
        );
        assert_eq!(next.is_check(), next.is_attacked(next.general(!us), us));
        assert_eq!(p.is_capture(mv), p.piece_at(mv.to()).is_some());
        assert!(
            p.attackers(mv.to(), us).contains(mv.from())
                || p.piece_at(mv.from()).unwrap().role == qipan::xiangqi::Role::Cannon
                    && p.piece_at(mv.to()).is_none()
        );
    }
    // attackers and is_attacked agree.
    for sq in Square::all() {
        for c in Color::ALL {
            assert_eq!(p.is_attacked(sq, c), !p.attackers(sq, c).is_empty());
        }
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = Rng(0x5851_E473_CF7E_1F4A);
    let mut positions = 0;
    for start in starts() {
        for _ in 0..2 {
            let mut p = start;
            for _ply in 0..40 {
                check_position(&p);
                positions += 1;
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(positions > 3000);
}

#[test]
fn is_legal_matches_generation_after_every_first_move_of_the_suite() {
    for start in starts() {
        for mv in start.legal_moves() {
            let mut p = start;
            p.play_unchecked(mv);
            let set: HashSet<Move> = p.legal_moves().into_iter().collect();
            assert_eq!(p.count_legal_moves(), set.len());
            for from in Square::all() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    assert_eq!(p.is_legal(m), set.contains(&m), "is_legal({m}) in {p}");
                }
            }
        }
    }
}

#[test]
fn move_codes() {
    for code in 0..8100u16 {
        let mv = Move::from_u16(code).unwrap();
        assert_eq!(mv.to_u16(), code);
        assert_eq!(Move::new(mv.from(), mv.to()), mv);
    }
    assert_eq!(Move::from_u16(8100), None);
    assert_eq!(Move::from_u16(u16::MAX), None);
}

#[test]
fn repetition_cases_replay_legally() {
    // Every case of data/xiangqi-repetition.jsonl is a legal game ending in a third occurrence.
    let mut n = 0;
    for line in REPETITION.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line
            .split("\"fen\": \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let moves = line
            .split("\"moves\": [")
            .nth(1)
            .unwrap()
            .split(']')
            .next()
            .unwrap();
        let mut game: Game<Xiangqi> = Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for mv in moves.split(',').map(|m| m.trim().trim_matches('"')) {
            game.push_coord(mv)
                .unwrap_or_else(|e| panic!("{fen}: {mv}: {e}"));
        }
        assert!(game.repetitions() >= 3, "{fen}");
        assert!(game.outcome().is_some(), "{fen}");
        n += 1;
    }
    assert_eq!(n, 31);
}

#[test]
fn iccs_parsing_never_panics() {
    let p = Xiangqi::start();
    let mut rng = Rng(42);
    let alphabet: Vec<char> = "abcdefghijzAEHI0123456789-- \u{0}炮二平五ｈ\n"
        .chars()
        .collect();
    for _ in 0..50_000 {
        let len = rng.below(8);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = p.parse_iccs(&text);
        let _ = p.parse_iccs_with(&text, IccsRanks::OneBased);
    }
    assert!(p.parse_iccs(&"a".repeat(1 << 20)).is_err());
}
