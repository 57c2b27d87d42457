//! `--rules` for Xiangqi: the three rule-set names, on CXA 细则2's one-check-one-chase cycle
//! (reconstructed in crates/qipan/tests/xiangqi_rulings.rs): AXF draws it, CXA makes the side that
//! checks and chases lose, simple draws every repetition.

mod common;
use common::qipan;

fn outcome(rules: &str) -> serde_json::Value {
    let fen = "5k3/9/9/9/6R2/9/9/6n2/9/3K5 w - - 0 1";
    let moves = "g5f5 f9e9 f5g5 e9f9 g5f5 f9e9 f5g5 e9f9";
    let out = qipan(
        &[
            "status",
            "--variant",
            "xiangqi",
            "--rules",
            rules,
            "--fen",
            fen,
            "--moves",
            moves,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    v["outcome"].clone()
}

#[test]
fn one_check_one_chase_under_each_rule_set() {
    let asian = outcome("asian");
    assert_eq!(asian["termination"], "repetition");
    assert_eq!(asian["winner"], serde_json::Value::Null);
    let chinese = outcome("chinese");
    assert_eq!(chinese["termination"], "perpetual_chase");
    assert_eq!(chinese["winner"], "black");
    // The CXA's abbreviation is read too.
    assert_eq!(outcome("cxa"), chinese);
    let simple = outcome("simple");
    assert_eq!(simple["termination"], "repetition");
}
