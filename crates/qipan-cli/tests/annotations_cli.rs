//! The comment commands (`[%clk]`, `[%emt]`, `[%eval]`, `[%cal]`/`[%csl]`) through `qipan convert`
//! and `qipan replay`, on the lichess-style sample of data/annotations.

mod common;
use common::qipan;

use std::path::PathBuf;

fn sample() -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/annotations/lichess-style.pgn");
    path.to_string_lossy().into_owned()
}

fn run(args: &[&str], stdin: &str) -> String {
    let output = qipan(args, stdin);
    assert!(
        output.status.success(),
        "qipan {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The commands of a text, as written.
fn commands(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split("[%")
        .skip(1)
        .map(|s| s[..s.find(']').unwrap()].to_owned())
        .collect();
    found.sort();
    found
}

#[test]
fn convert_keeps_every_command() {
    let original = std::fs::read_to_string(sample()).unwrap();
    let written = run(&["convert", &sample()], "");
    assert_eq!(commands(&written), commands(&original));
    assert_eq!(run(&["convert", "-"], &written), written);
}

#[test]
fn convert_to_json_gives_typed_values() {
    let original = std::fs::read_to_string(sample()).unwrap();
    let json = run(&["convert", &sample(), "--to", "json"], "");
    let mut clocks = 0;
    let mut evals = Vec::new();
    for line in json.lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut stack: Vec<&serde_json::Value> = game["moves"].as_array().unwrap().iter().collect();
        while let Some(node) = stack.pop() {
            if let Some(variations) = node["variations"].as_array() {
                stack.extend(variations.iter().flat_map(|v| v.as_array().unwrap()));
            }
            clocks += usize::from(node["clock"].is_number());
            if let Some(cp) = node["eval"]["cp"].as_i64() {
                evals.push(format!(
                    "eval {}.{:02}",
                    if cp < 0 {
                        format!("-{}", -cp / 100)
                    } else {
                        (cp / 100).to_string()
                    },
                    cp.abs() % 100
                ));
            } else if let Some(mate) = node["eval"]["mate"].as_i64() {
                evals.push(format!("eval #{mate}"));
            }
        }
    }
    assert_eq!(clocks, original.matches("[%clk ").count());
    let mut expected: Vec<String> = commands(&original)
        .into_iter()
        .filter(|c| c.starts_with("eval "))
        .collect();
    evals.sort();
    expected.sort();
    assert_eq!(evals, expected);
}

#[test]
fn replay_shows_the_commands_readably() {
    let out = run(&["replay", &sample(), "--game", "1"], "");
    assert!(out.contains("1. d4  [d2d4]  ?!  clock 0:03:00  eval -0.63  { (0.26 → -0.63) Inaccuracy. e3 was best. }"), "{out}");
    assert!(!out.contains("[%"), "{out}");
    let pgn = "1. e4 { [%cal Ge2e4,Rd1h5] [%eval #-3,20] \u{1b}[31mred [%emt 0:00:04.5] } *\n";
    let out = run(&["replay", "-"], pgn);
    assert!(
        out.contains("took 0:00:04.5  eval #-3 (depth 20)  arrows Ge2e4 Rd1h5  { \\u{1b}[31mred }"),
        "{out}"
    );
}
