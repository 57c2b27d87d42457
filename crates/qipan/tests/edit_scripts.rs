//! The shared edit scripts (data/edit-scripts/scripts.json) on the core's editable board, under
//! both edit policies: the boards, move stacks and errors after every step must be python-chess's
//! (`EditPolicy::ClearHistory`) and chess.js's (`EditPolicy::KeepHistory`) for chess, and the
//! board model's in scripts/data/gen_edit_scripts.py for Xiangqi (moves from pyffish). The
//! Python and JS suites run the same scripts on their boards, and python-chess and chess.js again.

use qipan::board::{Board, EditPolicy, Editable, PlayError};
use qipan::chess::{Bitboard, Chess, Square};
use qipan::xiangqi::Xiangqi;
use qipan::Color;
use serde_json::Value;

fn data(name: &str) -> Value {
    let path = format!(
        "{}/../../data/edit-scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A game whose boards the scripts edit: the few steps that are not the same for both games.
trait Scripted: Editable {
    /// The piece a FEN letter stands for.
    fn piece(letter: &str) -> Self::Piece;
    /// Sets the castling rights given as a FEN castling field.
    fn castling(board: &mut Board<Self>, field: &str);
    /// The FEN as the answers give it.
    fn shown(fen: String) -> String {
        fen
    }
}

impl Scripted for Chess {
    fn piece(letter: &str) -> qipan::chess::Piece {
        qipan::chess::Piece::from_char(letter.chars().next().unwrap()).unwrap()
    }

    fn castling(board: &mut Board<Chess>, field: &str) {
        let mut rooks = Bitboard(0);
        for (letter, sq) in "KQkq"
            .chars()
            .zip([Square::H1, Square::A1, Square::H8, Square::A8])
        {
            if field.contains(letter) {
                rooks |= Bitboard::from_square(sq);
            }
        }
        board.set_castling_rights(rooks);
    }
}

impl Scripted for Xiangqi {
    fn piece(letter: &str) -> qipan::xiangqi::Piece {
        qipan::xiangqi::Piece::from_fen_char(letter.chars().next().unwrap()).unwrap()
    }

    fn castling(_: &mut Board<Xiangqi>, _: &str) {
        unreachable!("no castling in Xiangqi")
    }

    /// Placement and side to move: the model behind the Xiangqi answers keeps no clocks.
    fn shown(fen: String) -> String {
        fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
    }
}

fn step<V: Scripted>(board: &mut Board<V>, step: &[Value]) -> Option<&'static str> {
    let arg = |i: usize| step[i].as_str().unwrap();
    let sq = |i: usize| V::parse_square(arg(i)).unwrap();
    let played = |r: Result<(), PlayError<V::SetupError>>| match r {
        Ok(()) => None,
        Err(PlayError::NotPlayable(_)) => Some("not_playable"),
        Err(PlayError::Move(_)) => Some("illegal_move"),
    };
    match arg(0) {
        "put" => (!board.set_piece_at(sq(1), Some(V::piece(arg(2))))).then_some("refused"),
        "remove" => {
            board.remove_piece_at(sq(1));
            None
        }
        "clear" => {
            board.clear();
            None
        }
        "turn" => {
            let color = if arg(1) == "w" {
                Color::White
            } else {
                Color::Black
            };
            match board.policy() {
                EditPolicy::ClearHistory => {
                    board.set_turn(color);
                    None
                }
                // chess.js's setTurn: a null move, when the side changes.
                EditPolicy::KeepHistory if board.turn() != color => {
                    played(board.push(V::null_move()))
                }
                EditPolicy::KeepHistory => None,
            }
        }
        "castling" => {
            V::castling(board, arg(1));
            None
        }
        "load" => {
            board.load_fen_or_setup(arg(1)).unwrap();
            None
        }
        "push" => {
            let text = arg(1);
            played(
                board
                    .push_with(text, |pos, t| pos.parse_move(t))
                    .map(|_| ()),
            )
        }
        "pop" => board.pop().is_none().then_some("empty"),
        other => panic!("unknown step {other}"),
    }
}

fn run<V: Scripted>(script: &Value, policy: EditPolicy, expected: &Value) -> usize {
    let name = script["name"].as_str().unwrap();
    let mut board = Board::<V>::start(Default::default()).with_policy(policy);
    if let Some(fen) = script["start"].as_str() {
        board.load_fen(fen).unwrap();
    }
    let steps = script["steps"].as_array().unwrap();
    let expected = expected.as_array().unwrap();
    assert_eq!(steps.len(), expected.len(), "{name}");
    for (i, (s, want)) in steps.iter().zip(expected).enumerate() {
        let error = step(&mut board, s.as_array().unwrap());
        let at = format!("{name}, {policy:?}, step {i} {s}");
        assert_eq!(error, want["error"].as_str(), "error, {at}");
        assert_eq!(
            V::shown(board.fen()),
            want["fen"].as_str().unwrap(),
            "FEN, {at}"
        );
        let stack: Vec<String> = board
            .history_coords()
            .into_iter()
            .map(|m| {
                if m == "0000" || m == "--" {
                    "0000".into()
                } else {
                    m
                }
            })
            .collect();
        let want_stack: Vec<&str> = want["stack"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(stack, want_stack, "stack, {at}");
    }
    steps.len()
}

#[test]
fn edit_scripts_give_the_oracles_boards_stacks_and_errors() {
    let scripts = data("scripts.json");
    let python_chess = data("python-chess.json");
    let chessjs = data("chessjs.json");
    let mut steps = 0;
    for script in scripts.as_array().unwrap() {
        let name = script["name"].as_str().unwrap();
        let clear = &python_chess[name]["clear_history"];
        let keep = match script["game"].as_str().unwrap() {
            "chess" => &chessjs[name]["keep_history"],
            _ => &python_chess[name]["keep_history"],
        };
        for (policy, expected) in [
            (EditPolicy::ClearHistory, clear),
            (EditPolicy::KeepHistory, keep),
        ] {
            steps += match script["game"].as_str().unwrap() {
                "chess" => run::<Chess>(script, policy, expected),
                _ => run::<Xiangqi>(script, policy, expected),
            };
        }
    }
    assert!(steps >= 150, "{steps} steps");
}
