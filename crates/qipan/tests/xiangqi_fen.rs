//! FEN reading, validation errors and writing.

use qipan::xiangqi::{FenError, Piece, Role, Square};
use qipan::{Color, Variant, Xiangqi};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

fn err(fen: &str) -> FenError {
    Xiangqi::from_fen(fen).expect_err(fen)
}

#[test]
fn fen_accepted_forms() {
    let start = Xiangqi::start();
    assert_eq!(start.fen(), START);
    for fen in [
        format!("{BOARD} w"),
        format!("{BOARD} r"),
        format!("{BOARD} w - -"),
        format!("{BOARD} w - - 0 1"),
        format!("  {BOARD}   w  -  - 0   1 "),
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w".to_owned(),
    ] {
        assert_eq!(Xiangqi::from_fen(&fen).as_ref(), Ok(&start), "{fen}");
    }
    let p = Xiangqi::from_fen(&format!("{BOARD} b - - 12 34")).unwrap();
    assert_eq!(
        (p.turn(), p.halfmove_clock(), p.fullmove_number()),
        (Color::Black, 12, 34)
    );
    assert_eq!(p.fen(), format!("{BOARD} b - - 12 34"));
    let p = Xiangqi::from_fen(&format!("{BOARD} b 7 9")).unwrap();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (7, 9));
}

#[test]
fn fen_errors_name_the_problem() {
    assert_eq!(err(BOARD), FenError::FieldCount(1));
    assert_eq!(err(""), FenError::FieldCount(0));
    assert_eq!(
        err(&format!("{BOARD} w - - 0 1 x")),
        FenError::FieldCount(7)
    );
    assert_eq!(
        err(&format!("{BOARD} w - - 0 1 2")),
        FenError::FieldCount(7)
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::RankCount(9)
    );
    assert!(matches!(
        err("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::BadRank { rank: 8, .. }
    ));
    assert!(matches!(
        err("rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::BadRank { rank: 8, .. }
    ));
    assert!(matches!(
        err("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::BadRank { rank: 9, .. }
    ));
    assert!(matches!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR9 w"),
        FenError::BadRank { rank: 0, .. }
    ));
    assert_eq!(
        err("rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::UnknownPiece('x')
    );
    assert_eq!(
        err("rnbakabn马/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::UnknownPiece('马')
    );
    // Too many of a kind: a third chariot, a sixth soldier.
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/4R4/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::TooMany {
            color: Color::RED,
            role: Role::Chariot
        }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/4P4/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::TooMany {
            color: Color::RED,
            role: Role::Soldier
        }
    );
    assert_eq!(
        err("3k5/9/3a5/9/9/9/9/9/4K4/3K5 w"),
        FenError::TooMany {
            color: Color::RED,
            role: Role::General
        }
    );
    // Points a piece can never reach.
    let bad = |fen: &str, color, kind, square: &str| {
        let b = square.as_bytes();
        let square = Square::new(b[0] - b'a', b[1] - b'0');
        assert_eq!(
            err(fen),
            FenError::BadSquare {
                piece: Piece { color, role: kind },
                square
            },
            "{fen}"
        );
    };
    bad(
        "3k5/9/3a5/9/9/9/4K4/9/9/9 w",
        Color::RED,
        Role::General,
        "e3",
    );
    bad(
        "3k5/9/3a5/9/9/9/9/9/9/2K6 w",
        Color::RED,
        Role::General,
        "c0",
    );
    bad(
        "9/9/9/9/9/9/9/4k4/9/3K5 w",
        Color::Black,
        Role::General,
        "e2",
    );
    bad(
        "3k5/9/3a5/9/9/9/9/9/9/3KA4 w",
        Color::RED,
        Role::Advisor,
        "e0",
    );
    bad(
        "3k5/9/3a5/9/9/9/9/9/9/3K1A2A w",
        Color::RED,
        Role::Advisor,
        "i0",
    );
    bad(
        "3k5/9/3a5/9/9/9/9/9/9/3KB4 w",
        Color::RED,
        Role::Elephant,
        "e0",
    );
    bad(
        "3k5/9/3a5/9/2B6/9/9/9/9/3K5 w",
        Color::RED,
        Role::Elephant,
        "c5",
    );
    bad(
        "3k5/9/3a5/9/9/9/9/4P4/9/3K5 w",
        Color::RED,
        Role::Soldier,
        "e2",
    );
    bad(
        "3k5/9/3a5/9/9/9/3P5/9/9/3K5 w",
        Color::RED,
        Role::Soldier,
        "d3",
    );
    bad(
        "3k5/9/3a5/9/9/3P5/9/9/9/3K5 w",
        Color::RED,
        Role::Soldier,
        "d4",
    );
    bad(
        "3k5/9/3ap4/9/9/9/9/9/9/3K5 w",
        Color::Black,
        Role::Soldier,
        "e7",
    );
    bad(
        "3k5/9/3a5/3p5/9/9/9/9/9/3K5 w",
        Color::Black,
        Role::Soldier,
        "d6",
    );
    // Soldiers past the river may stand on any file; red soldiers on rank 9 are fine.
    assert!(Xiangqi::from_fen("3k4P/9/3a5/9/3P5/3p5/9/9/9/3K5 w").is_ok());
    assert_eq!(
        err("9/9/3a5/9/9/9/9/9/9/3K5 w"),
        FenError::MissingGeneral(Color::Black)
    );
    assert_eq!(
        err("3k5/9/3a5/9/9/9/9/9/9/9 w"),
        FenError::MissingGeneral(Color::RED)
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::FacingGenerals);
    // Black is in check from the chariot, but it is Red's turn.
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4R4/3K5 w"),
        FenError::OppositeCheck(Color::Black)
    );
    assert!(Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b")
        .unwrap()
        .is_check());
    assert_eq!(err(&format!("{BOARD} x")), FenError::BadSide("x".into()));
    assert_eq!(
        err(&format!("{BOARD} w - - a 1")),
        FenError::BadClock("a".into())
    );
    assert_eq!(
        err(&format!("{BOARD} w - - 0 0")),
        FenError::BadClock("0".into())
    );
    assert_eq!(
        err(&format!("{BOARD} w - - -1 1")),
        FenError::BadClock("-1".into())
    );
    // Messages a person can act on.
    assert_eq!(
        err("3k5/9/3a5/9/9/9/9/9/9/3KB4 w").to_string(),
        "red elephant on e0: it can never stand there"
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/4R4/P1P1P1P1P/1C5C1/9/RNBAKABNR w").to_string(),
        "too many red chariots (at most 2)"
    );
}

/// A tiny xorshift generator, so the test is the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn fen_never_panics_on_mangled_input() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let alphabet: Vec<char> = "0123456789/ -wbrKABNRCPEHkabnrcpeh马帅\u{0}\n"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let mut chars: Vec<char> = START.chars().collect();
        for _ in 0..1 + rng.next() % 4 {
            let i = (rng.next() % chars.len() as u64) as usize;
            match rng.next() % 3 {
                0 => chars[i] = alphabet[(rng.next() % alphabet.len() as u64) as usize],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[(rng.next() % alphabet.len() as u64) as usize]),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Xiangqi::from_fen(&text) {
            // Whatever is accepted writes back to something that reads the same.
            assert_eq!(Xiangqi::from_fen(&p.fen()), Ok(p), "{text}");
        }
    }
    let huge = "9/".repeat(100_000);
    assert!(Xiangqi::from_fen(&huge).is_err());
}
