//! `cargo bench -p qipan-benches --bench repetition`: what judging Xiangqi repetitions costs.
//! `outcome` before the third occurrence (every move of a game pays only this) and at the third
//! occurrence, when the cycle is analysed, under each rule set.

#![forbid(unsafe_code)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use qipan::xiangqi::{RuleSet, XiangqiRules};
use qipan::{Game, Xiangqi};

/// The first data case (`data/xiangqi-repetition.jsonl`, "direct chase by cannon", a middlegame
/// position with 27 pieces): 9 plies to the third occurrence.
const FEN: &str = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
const MOVES: [&str; 9] = [
    "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2",
];

fn game(rules: RuleSet, plies: usize) -> Game<Xiangqi> {
    let rules = XiangqiRules {
        repetition: rules,
        ..XiangqiRules::default()
    };
    let mut game = Game::with_rules(Xiangqi::from_fen(FEN).unwrap(), rules);
    for mv in &MOVES[..plies] {
        game.push_coord(mv).unwrap();
    }
    game
}

fn repetition(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi-repetition");
    group.sample_size(20);
    // Two occurrences only: no cycle is analysed.
    let before = game(RuleSet::Asian, 8);
    group.bench_function("outcome, second occurrence", |b| {
        b.iter(|| black_box(&before).outcome())
    });
    for (name, rules) in [
        ("asian", RuleSet::Asian),
        ("chinese", RuleSet::Chinese),
        ("simple", RuleSet::SimpleRepetition),
    ] {
        let at = game(rules, 9);
        group.bench_function(format!("outcome, third occurrence, {name}"), |b| {
            b.iter(|| black_box(&at).outcome())
        });
    }
    group.finish();
}

criterion_group!(benches, repetition);
criterion_main!(benches);
