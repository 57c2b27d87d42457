//! Repetition judgement under Asian (AXF) rules and the other ways a Xiangqi [`Game`] ends.
//!
//! The expected verdicts come from `data/xiangqi-repetition.jsonl` (Fairy-Stockfish's verdicts,
//! several from the AXF rule book) or are worked out by hand from the rules in the comments —
//! never from qipan's output.

use qipan::xiangqi::{RuleSet, XiangqiRules};
use qipan::{Color, Game, Outcome, Termination, Xiangqi};

/// One line of `data/xiangqi-repetition.jsonl`.
struct Case {
    note: String,
    fen: String,
    moves: Vec<String>,
    termination: String,
    winner: Option<String>,
}

/// The string value of `"key": "..."` in a JSON line (the data holds no escaped quotes).
fn string_field(line: &str, key: &str) -> Option<String> {
    let at = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = line[at..].trim_start();
    if rest.starts_with("null") {
        return None;
    }
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/xiangqi-repetition.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the repetition data file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let moves_at = line.find("\"moves\":").expect("moves") + 8;
            let list = &line[moves_at..];
            let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
            Case {
                note: string_field(line, "note").expect("note"),
                fen: string_field(line, "fen").expect("fen"),
                moves: list
                    .split(',')
                    .map(|m| m.trim().trim_matches('"').to_string())
                    .collect(),
                termination: string_field(line, "termination").expect("termination"),
                winner: string_field(line, "winner"),
            }
        })
        .collect()
}

/// Plays `moves` from `fen` under `rules`; every move must be legal.
fn play_with(fen: &str, moves: &[&str], rules: XiangqiRules) -> Game<Xiangqi> {
    let start = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = Game::with_rules(start, rules);
    for mv in moves {
        game.push_coord(mv)
            .unwrap_or_else(|e| panic!("{mv} after {:?}: {e}", game.moves()));
    }
    game
}

fn play(fen: &str, moves: &[&str]) -> Game<Xiangqi> {
    play_with(fen, moves, XiangqiRules::default())
}

fn verdict(outcome: Option<Outcome>) -> (Option<Termination>, Option<Color>) {
    (
        outcome.map(|o| o.termination),
        outcome.and_then(|o| o.winner),
    )
}

#[test]
fn data_file_has_31_cases() {
    assert_eq!(cases().len(), 31);
}

#[test]
fn data_cases_under_asian_rules() {
    let mut failures = Vec::new();
    for case in cases() {
        let moves: Vec<&str> = case.moves.iter().map(String::as_str).collect();
        let game = play(&case.fen, &moves);
        assert_eq!(
            game.repetitions(),
            3,
            "{}: not a third occurrence",
            case.note
        );
        let expected = (
            Some(case.termination.parse::<Termination>().unwrap()),
            case.winner.as_deref().map(|w| match w {
                "red" => Color::RED,
                "black" => Color::Black,
                other => panic!("winner {other}"),
            }),
        );
        let got = verdict(game.outcome());
        if got != expected {
            failures.push(format!(
                "{} ({}): expected {expected:?}, got {got:?}",
                case.note, case.fen
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn data_cases_under_simple_repetition_are_draws() {
    let rules = XiangqiRules {
        repetition: RuleSet::SimpleRepetition,
        ..XiangqiRules::default()
    };
    for case in cases() {
        let moves: Vec<&str> = case.moves.iter().map(String::as_str).collect();
        let game = play_with(&case.fen, &moves, rules);
        assert_eq!(
            verdict(game.outcome()),
            (Some(Termination::Repetition), None),
            "{}",
            case.note
        );
    }
}
