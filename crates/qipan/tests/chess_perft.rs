//! Perft of every position in `data/chess-perft.epd` against the counts in the file.

use qipan::chess::{Chess, FenError};
use qipan::perft;

/// Lines of sections A-D that strict validation rejects, with the reason: two checkers on one
/// line on both sides of the king cannot be the result of one move (python-chess and shakmaty
/// reject it as an impossible check too). They are loaded with the relaxed loader.
const STRICT_EXCEPTIONS: &[&str] = &["B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"];

const EPD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/chess-perft.epd"
));

struct Case {
    section: char,
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut section = '?';
    let mut out = Vec::new();
    for line in EPD.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("# --- ") {
            section = rest.chars().next().unwrap();
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_owned();
        let depths = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p[1..].split_once(' ').unwrap();
                (d.parse().unwrap(), n.trim().parse().unwrap())
            })
            .collect();
        out.push(Case {
            section,
            fen,
            depths,
        });
    }
    out
}

fn run(limit: u64, sections: &str, relaxed: bool) -> usize {
    let mut checked = 0;
    for case in cases().into_iter().filter(|c| sections.contains(c.section)) {
        let relaxed = relaxed || STRICT_EXCEPTIONS.contains(&case.fen.as_str());
        let pos = if relaxed {
            Chess::from_fen_relaxed(&case.fen)
        } else {
            Chess::from_fen(&case.fen)
        }
        .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.depths {
            if expected > limit {
                continue;
            }
            assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.fen);
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_sections_a_to_d_fast_depths() {
    let n = run(2_000_000, "ABCD", false);
    assert!(n > 500, "only {n} counts checked");
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn perft_sections_a_to_d_all_depths() {
    run(u64::MAX, "ABCD", false);
}

#[test]
fn perft_section_e_relaxed() {
    let n = run(u64::MAX, "E", true);
    assert!(n >= 25);
}

#[test]
fn section_e_rejected_by_strict_loading() {
    let expected: Vec<fn(&FenError) -> bool> = vec![
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::ImpossibleCheck(_)),
        |e| matches!(e, FenError::CastlingRights { right: 'K', .. }),
        |e| matches!(e, FenError::TooMuchMaterial(_)),
    ];
    let section_e: Vec<Case> = cases().into_iter().filter(|c| c.section == 'E').collect();
    assert_eq!(section_e.len(), expected.len());
    for (case, check) in section_e.iter().zip(expected) {
        let err = Chess::from_fen(&case.fen).expect_err(&case.fen);
        assert!(check(&err), "{}: unexpected error {err:?}", case.fen);
    }
}

#[test]
fn sections_a_to_d_load_strictly_and_round_trip() {
    for case in cases().into_iter().filter(|c| "ABCD".contains(c.section)) {
        if STRICT_EXCEPTIONS.contains(&case.fen.as_str()) {
            assert!(matches!(
                Chess::from_fen(&case.fen),
                Err(FenError::ImpossibleCheck(_))
            ));
            continue;
        }
        let pos = Chess::from_fen(&case.fen).unwrap();
        let again = Chess::from_fen(&pos.fen()).unwrap();
        assert_eq!(again.fen(), pos.fen());
        assert_eq!(again.zobrist(), pos.zobrist());
    }
}
