//! `Setup::status` against python-chess's `Board.status()` on the 4,000 setups of
//! data/chess-status.tsv (random placements, valid or not, and perturbed positions of random
//! standard and Chess960 games; written by scripts/data/gen_chess_status.py), and
//! `Chess::try_from(setup)` accepting exactly the valid ones.

use qipan::chess::{Bitboard, Chess, Setup, Square, StatusFlags};
use qipan::Color;

fn rows() -> Vec<(String, Setup, StatusFlags)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/chess-status.tsv");
    let text = std::fs::read_to_string(path).expect("data/chess-status.tsv");
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 6, "{line}");
            let mut setup = Setup::from_board_fen(fields[0]).expect(fields[0]);
            setup.turn = if fields[1] == "w" {
                Color::White
            } else {
                Color::Black
            };
            setup.castling_rights = Bitboard(u64::from_str_radix(fields[2], 16).unwrap());
            setup.ep_square = (fields[3] != "-").then(|| fields[3].parse::<Square>().unwrap());
            setup.chess960 = fields[4] == "1";
            let flags = StatusFlags(fields[5].parse().unwrap());
            (line.to_owned(), setup, flags)
        })
        .collect()
}

#[test]
fn status_flags_are_python_chess_flags() {
    let rows = rows();
    assert_eq!(rows.len(), 4000);
    let mut wrong = Vec::new();
    for (line, setup, expected) in &rows {
        let got = setup.status();
        if got != *expected {
            wrong.push(format!(
                "{line}\n  got {got} ({}), expected {expected}",
                got.0
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        rows.len(),
        wrong[..wrong.len().min(10)].join("\n")
    );
}

#[test]
fn exactly_the_valid_setups_become_positions_and_play() {
    let mut valid = 0;
    for (line, setup, expected) in rows() {
        match Chess::try_from(setup) {
            Ok(pos) => {
                assert!(expected.is_valid(), "{line}");
                valid += 1;
                // A position is playable: moves can be generated and played.
                for mv in pos.legal_moves() {
                    let mut after = pos;
                    after.play_unchecked(mv);
                    assert_eq!(after.zobrist(), after.zobrist_recomputed(), "{line}");
                }
            }
            Err(err) => assert_eq!(err.0, expected, "{line}"),
        }
    }
    assert!(valid >= 1000, "{valid}");
}
