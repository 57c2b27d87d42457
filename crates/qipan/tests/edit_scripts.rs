//! The shared edit scripts (data/edit-scripts.json: set and remove pieces, clear, set the turn
//! and the castling rights, make a board unplayable, push, pop) on the core's editable board,
//! under both edit policies. The file holds scripts, no answers from qipan:
//! - the plain `cargo test` checks the errors the rules give for the steps that carry one, and
//!   what each policy says an edit does to the history;
//! - the oracles run the same scripts when the tests run, and every board, move stack and error
//!   must be theirs: python-chess (`EditPolicy::ClearHistory`) and the Xiangqi board model with
//!   pyffish for both policies (tests/oracles/edit_scripts.py, with the Python in
//!   `QIPAN_PYTHON`; scripts/test-parts/30-python.sh), chess.js (`EditPolicy::KeepHistory`,
//!   tests/oracles/edit_scripts_chessjs.mjs, with chess.js from bindings/wasm's node_modules;
//!   scripts/test-parts/40-wasm.sh). Where qipan differs on purpose, the oracle's answer names
//!   one of the file's `exceptions`.
//!
//! The Python and JS suites run the same file on their boards against the same oracles.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use qipan::board::{Board, EditPolicy, Editable, PlayError};
use qipan::chess::{Bitboard, Chess, Square};
use qipan::xiangqi::Xiangqi;
use qipan::Color;
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn data() -> Value {
    let text = std::fs::read_to_string(root().join("data/edit-scripts.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn scripts(data: &Value) -> &Vec<Value> {
    data["scripts"].as_array().unwrap()
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

/// A step's op and arguments (the rules' expectation that may end it left out).
fn op_args(step: &Value) -> (&str, Vec<&str>) {
    let mut args = step.as_array().unwrap().iter().filter_map(Value::as_str);
    (args.next().unwrap(), args.collect())
}

/// Plays one step; the error it gave, as the answers name it.
fn step<V: Scripted>(board: &mut Board<V>, step: &Value) -> Option<&'static str> {
    let (op, args) = op_args(step);
    let sq = |i: usize| V::parse_square(args[i]).unwrap();
    let played = |r: Result<(), PlayError<V::SetupError>>| match r {
        Ok(()) => None,
        Err(PlayError::NotPlayable(_)) => Some("not_playable"),
        Err(PlayError::Move(_)) => Some("illegal_move"),
    };
    match op {
        "put" => (!board.set_piece_at(sq(0), Some(V::piece(args[1])))).then_some("refused"),
        "remove" => {
            board.remove_piece_at(sq(0));
            None
        }
        "clear" => {
            board.clear();
            None
        }
        "turn" => {
            let color = if args[0] == "w" {
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
            V::castling(board, args[0]);
            None
        }
        // python-chess's set_fen holds any placement the FEN describes; chess.js's load takes
        // positions only and refuses the rest, changing nothing.
        "load" => match board.policy() {
            EditPolicy::ClearHistory => board.load_fen_or_setup(args[0]).err().map(|_| "refused"),
            EditPolicy::KeepHistory => board.load_fen(args[0]).err().map(|_| "refused"),
        },
        "push" => played(
            board
                .push_with(args[0], |pos, t| pos.parse_move(t))
                .map(|_| ()),
        ),
        "pop" => board.pop().is_none().then_some("empty"),
        other => panic!("unknown step {other}"),
    }
}

/// The board's answer after a step: its FEN, its history in coordinates, the error.
fn answer<V: Scripted>(board: &Board<V>, error: Option<&str>) -> Value {
    let stack: Vec<String> = board
        .history_coords()
        .into_iter()
        .map(|m| if m == "--" { "0000".into() } else { m })
        .collect();
    serde_json::json!({"fen": V::shown(board.fen()), "stack": stack, "error": error})
}

/// Runs `script` on a new board under `policy`, calling `check` with the step, the board's
/// answer before and after, and the step's index.
fn run<V: Scripted>(
    script: &Value,
    policy: EditPolicy,
    mut check: impl FnMut(usize, &Value, &Value, &Value),
) {
    let mut board = Board::<V>::start(Default::default()).with_policy(policy);
    if let Some(fen) = script["start"].as_str() {
        board.load_fen(fen).unwrap();
    }
    for (i, s) in script["steps"].as_array().unwrap().iter().enumerate() {
        let before = answer(&board, None);
        let error = step(&mut board, s);
        check(i, s, &before, &answer(&board, error));
    }
}

fn run_any(script: &Value, policy: EditPolicy, check: impl FnMut(usize, &Value, &Value, &Value)) {
    match script["game"].as_str().unwrap() {
        "chess" => run::<Chess>(script, policy, check),
        "xiangqi" => run::<Xiangqi>(script, policy, check),
        other => panic!("unknown game {other}"),
    }
}

#[test]
fn the_rules_errors_and_the_policies_hold() {
    let data = data();
    let (mut expected, mut edits) = (0, 0);
    for script in scripts(&data) {
        let name = script["name"].as_str().unwrap();
        for policy in [EditPolicy::ClearHistory, EditPolicy::KeepHistory] {
            run_any(script, policy, |i, s, before, after| {
                let at = format!("{name}, {policy:?}, step {i} {s}");
                if let Some(rule) = s.as_array().unwrap().iter().find(|a| a.is_object()) {
                    assert_eq!(after["error"], rule["error"], "{at}: {}", rule["rule"]);
                    expected += 1;
                }
                let (op, _) = op_args(s);
                let stack = &after["stack"];
                match (op, policy) {
                    // clear and load start a new game under either policy.
                    ("clear" | "load", _) if after["error"].is_null() => {
                        assert_eq!(stack, &serde_json::json!([]), "{at}")
                    }
                    // python-chess: a piece edit clears the move stack, even on an empty square.
                    ("put" | "remove", EditPolicy::ClearHistory) if after["error"].is_null() => {
                        assert_eq!(stack, &serde_json::json!([]), "{at}");
                        edits += 1;
                    }
                    // chess.js: put and remove keep the history.
                    ("put" | "remove", EditPolicy::KeepHistory) => {
                        assert_eq!(stack, &before["stack"], "{at}");
                        edits += 1;
                    }
                    // A refused step changes nothing.
                    _ if !after["error"].is_null() && op != "pop" => {
                        assert_eq!(
                            after,
                            &{
                                let mut b = before.clone();
                                b["error"] = after["error"].clone();
                                b
                            },
                            "{at}"
                        )
                    }
                    _ => {}
                }
            });
        }
    }
    assert!(expected >= 20, "{expected} steps with the rules' error");
    assert!(edits >= 40, "{edits} piece edits");
}

/// The oracle's answers (`{name: {policy: [answer...]}}`) from `program args...` run at the
/// repository's root.
fn oracle(program: &str, args: &[&str]) -> Value {
    let out = Command::new(program)
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("runs {program}: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every script the oracle answered, under every policy it answered for, step by step; answers
/// the exceptions the oracle named.
fn agree_with(oracle: &Value, data: &Value) -> (usize, BTreeSet<String>) {
    let mut steps = 0;
    let mut exceptions = BTreeSet::new();
    for script in scripts(data) {
        let name = script["name"].as_str().unwrap();
        let Some(answers) = oracle.get(name) else {
            continue;
        };
        for (key, policy) in [
            ("clear_history", EditPolicy::ClearHistory),
            ("keep_history", EditPolicy::KeepHistory),
        ] {
            let Some(want) = answers.get(key).and_then(Value::as_array) else {
                continue;
            };
            assert_eq!(
                want.len(),
                script["steps"].as_array().unwrap().len(),
                "{name}"
            );
            run_any(script, policy, |i, s, _, got| {
                let mut want = want[i].clone();
                if let Some(e) = want.as_object_mut().unwrap().remove("exception") {
                    let e = e.as_str().unwrap().to_owned();
                    assert!(
                        data["exceptions"].get(&e).is_some(),
                        "{name}: exception {e} is not in data/edit-scripts.json"
                    );
                    exceptions.insert(e);
                }
                assert_eq!(got, &want, "{name}, {policy:?}, step {i} {s}");
                steps += 1;
            });
        }
    }
    (steps, exceptions)
}

/// The exceptions the data file lists for `oracle`: the scripts must meet every one, so that an
/// exception no longer needed is dropped from the list.
fn listed(data: &Value, oracle: &str) -> BTreeSet<String> {
    let all = data["exceptions"].as_object().unwrap();
    all.iter()
        .filter(|(_, e)| {
            e["oracle"]
                .as_str()
                .unwrap()
                .split(", ")
                .any(|o| o == oracle)
        })
        .map(|(name, _)| name.clone())
        .collect()
}

#[test]
#[ignore = "needs python-chess and pyffish: QIPAN_PYTHON=... cargo test --test edit_scripts -- --ignored"]
fn the_core_board_answers_as_python_chess_and_the_xiangqi_model() {
    let python = std::env::var("QIPAN_PYTHON").expect(
        "QIPAN_PYTHON: a Python with python-chess and pyffish (scripts/test-parts/30-python.sh sets it)",
    );
    let data = data();
    let answers = oracle(&python, &["crates/qipan/tests/oracles/edit_scripts.py"]);
    let (steps, exceptions) = agree_with(&answers, &data);
    assert!(steps >= 250, "{steps} steps");
    assert_eq!(exceptions, listed(&data, "python-chess"));
}

#[test]
#[ignore = "needs chess.js (npm ci in bindings/wasm): cargo test --test edit_scripts -- --ignored"]
fn the_core_board_answers_as_chessjs() {
    let node = std::env::var("QIPAN_NODE").unwrap_or_else(|_| "node".into());
    let data = data();
    let answers = oracle(
        &node,
        &["crates/qipan/tests/oracles/edit_scripts_chessjs.mjs"],
    );
    let (steps, exceptions) = agree_with(&answers, &data);
    assert!(steps >= 100, "{steps} steps");
    assert_eq!(exceptions, listed(&data, "chess.js"));
}
