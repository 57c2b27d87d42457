//! The comment commands (`qipan::tree::annotations`) on any text, for both boards: reading never
//! panics, and what a setter writes reads back as the value set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::tree::annotations::{self, EvalScore};
use qipan::GameKind;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let game = if choice & 1 == 0 {
        GameKind::Chess
    } else {
        GameKind::Xiangqi
    };
    let comment = String::from_utf8_lossy(rest).into_owned();
    let all = annotations::read(&comment, game);
    assert_eq!(all.clock, annotations::clock(&comment));
    assert_eq!(all.arrows, annotations::arrows(&comment, game));

    // Each value written back reads back the same (a clock as its canonical text rounds it).
    let mut text = comment.clone();
    // Seconds of more than 308 digits are infinite, which no setter writes (as in python-chess).
    if let Some(clock) = all.clock.filter(|c| c.is_finite()) {
        annotations::set_clock(&mut text, Some(clock)).unwrap();
        let again = annotations::clock(&text).expect("the clock set is read back");
        let mut twice = text.clone();
        annotations::set_clock(&mut twice, Some(again)).unwrap();
        assert_eq!(annotations::clock(&twice), Some(again));
    }
    if let Some(eval) = all.eval {
        annotations::set_eval(&mut text, Some(eval));
        if eval.score != EvalScore::Mate(0) {
            assert_eq!(annotations::eval(&text), Some(eval));
        }
    }
    let mut squares: Vec<_> = all
        .arrows
        .iter()
        .copied()
        .filter(|a| a.is_square())
        .collect();
    squares.extend(all.arrows.iter().copied().filter(|a| !a.is_square()));
    annotations::set_arrows(&mut text, game, &all.arrows).unwrap();
    assert!(annotations::arrows(&text, game).starts_with(&squares));
    if choice & 2 != 0 {
        annotations::set_clock(&mut text, None).unwrap();
        annotations::set_emt(&mut text, Some(f64::from(choice))).unwrap();
        assert!(annotations::emt(&text).is_some());
        annotations::set_eval(&mut text, None);
        annotations::set_arrows(&mut text, game, &[]).unwrap();
    }
});
