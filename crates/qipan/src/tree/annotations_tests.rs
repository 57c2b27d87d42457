//! The parser's edges. Every expectation was read from python-chess 1.11.2's `chess.pgn` on the
//! same text (`clock()`, `eval()`, `set_clock()`... on a node with that comment); the
//! differential test (bindings/python/tests/test_annotations.py) checks thousands more.

use super::*;

fn set(comment: &str, f: impl FnOnce(&mut String)) -> String {
    let mut text = comment.to_owned();
    f(&mut text);
    text
}

#[test]
fn clocks_and_move_times() {
    assert_eq!(clock("[%clk 0:03:00]"), Some(180.0));
    assert_eq!(clock("x [%clk 1:02:03.5] y"), Some(3723.5));
    assert_eq!(clock("[%clk 0:00:05.]"), Some(5.0));
    assert_eq!(clock("[%clk  0:00:05]"), None);
    assert_eq!(clock("[%clk 0:00]"), None);
    assert_eq!(
        clock("[%clk 0:00:xx] [%clk 0:00:07] [%clk 0:00:08]"),
        Some(7.0)
    );
    assert_eq!(clock("[%emt 0:00:07]"), None);
    assert_eq!(emt("[%clk 0:00:01] [%emt 0:00:07]"), Some(7.0));
    // Python's `\s` and `\d`: any white space and any script's digits.
    assert_eq!(
        clock("[%clk \u{660}:\u{660}\u{663}:\u{660}\u{660}]"),
        Some(180.0)
    );
    assert_eq!(clock("[%clk\u{a0}0:00:01]"), Some(1.0));
    assert_eq!(clock("[%clk\u{1c}0:00:01]"), Some(1.0));
}

#[test]
fn clock_text_rounds_as_python_chess() {
    let written = |seconds: f64| set("", |c| set_clock(c, Some(seconds)).unwrap());
    assert_eq!(written(59.9996), "[%clk 0:00:60]");
    assert_eq!(written(3599.9999), "[%clk 0:59:60]");
    assert_eq!(written(-5.0), "[%clk 0:00:00]");
    assert_eq!(written(f64::NAN), "[%clk 0:00:00]");
    assert_eq!(written(7261.5), "[%clk 2:01:01.5]");
    assert_eq!(written(0.0625), "[%clk 0:00:00.062]");
    assert_eq!(written(0.0005), "[%clk 0:00:00.001]");
    assert_eq!(written(1e20), "[%clk 27777777777777776:46:40]");
    assert_eq!(written(86399.99951), "[%clk 23:59:60]");
    assert_eq!(
        set_clock(&mut String::new(), Some(f64::INFINITY)),
        Err(AnnotationError::Infinite(f64::INFINITY))
    );
    assert_eq!(
        set("", |c| set_emt(c, Some(4.0)).unwrap()),
        "[%emt 0:00:04]"
    );
}

#[test]
fn clocks_are_placed_and_removed_as_python_chess() {
    let put =
        |comment: &str, seconds: Option<f64>| set(comment, |c| set_clock(c, seconds).unwrap());
    assert_eq!(put("a", Some(1.0)), "a [%clk 0:00:01]");
    assert_eq!(put("a\n", Some(1.0)), "a\n[%clk 0:00:01]");
    assert_eq!(put("a ", Some(1.0)), "a [%clk 0:00:01]");
    assert_eq!(put("a\t", Some(1.0)), "a\t [%clk 0:00:01]");
    for (comment, removed, replaced) in [
        ("a [%clk 0:00:01] b", "a b", "a [%clk 0:00:02] b"),
        ("[%clk 0:00:01] b", "b", "[%clk 0:00:02] b"),
        ("a [%clk 0:00:01]b", "ab", "a [%clk 0:00:02]b"),
        ("a [%clk 0:00:01]", "a", "a [%clk 0:00:02]"),
        ("a\t[%clk 0:00:01]\nb", "a\nb", "a\t[%clk 0:00:02]\nb"),
    ] {
        assert_eq!(put(comment, None), removed, "{comment:?}");
        assert_eq!(put(comment, Some(2.0)), replaced, "{comment:?}");
    }
}

#[test]
fn evaluations() {
    let cp = |text: &str| eval(text).map(|e| e.score);
    assert_eq!(cp("[%eval 0.29]"), Some(EvalScore::Centipawns(29)));
    assert_eq!(cp("[%eval -.5]"), Some(EvalScore::Centipawns(-50)));
    assert_eq!(cp("[%eval 5.]"), Some(EvalScore::Centipawns(500)));
    assert_eq!(cp("[%eval 0.01]"), Some(EvalScore::Centipawns(1)));
    assert_eq!(
        cp("[%eval 9999999999.99]"),
        Some(EvalScore::Centipawns(999_999_999_999))
    );
    assert_eq!(
        cp("[%eval \u{661}.\u{665}]"),
        Some(EvalScore::Centipawns(150))
    );
    for bad in [
        "[%eval 0.125]",
        "[%eval 1.005]",
        "[%eval 12345678901]",
        "[%eval 0.5,]",
        "[%eval .]",
        "[%eval #]",
    ] {
        assert_eq!(eval(bad), None, "{bad}");
    }
    assert_eq!(
        eval("[%eval #-3,20]"),
        Some(Eval {
            score: EvalScore::Mate(-3),
            depth: Some(20)
        })
    );
    assert_eq!(
        eval("[%eval #+0]"),
        Some(Eval {
            score: EvalScore::Mate(0),
            depth: None
        })
    );
    assert_eq!(
        eval("[%eval +1.05,7]"),
        Some(Eval {
            score: EvalScore::Centipawns(105),
            depth: Some(7)
        })
    );
}

#[test]
fn evaluations_are_written_as_python_chess() {
    let put = |comment: &str, e: Option<Eval>| set(comment, |c| set_eval(c, e));
    let cp = |cp, depth| {
        Some(Eval {
            score: EvalScore::Centipawns(cp),
            depth,
        })
    };
    // set_eval, unlike set_clock, adds a space after a line break.
    assert_eq!(put("a\n", cp(-37, Some(20))), "a\n [%eval -0.37,20]");
    assert_eq!(
        put(
            "x [%eval 1.00] y",
            Some(Eval {
                score: EvalScore::Mate(0),
                depth: None
            })
        ),
        "x y"
    );
    assert_eq!(
        put(
            "x [%eval 1.00] y",
            Some(Eval {
                score: EvalScore::Mate(2),
                depth: Some(0)
            })
        ),
        "x [%eval #2,0] y"
    );
    assert_eq!(put("", cp(0, None)), "[%eval 0.00]");
    assert_eq!(put("", cp(-1, None)), "[%eval -0.01]");
}

#[test]
fn arrows_are_read_placed_and_removed_as_python_chess() {
    let green = |tail, head| Arrow::new(ArrowColor::Green, tail, head);
    let new = [
        green(0, 0),
        Arrow::new(ArrowColor::Blue, 12, 28),
        green(1, 1),
    ];
    for (comment, read, removed, replaced) in [
        (
            "x [%csl Ga1] y [%cal Ge2e4]",
            vec![green(0, 0), green(12, 28)],
            "x y",
            "[%csl Ga1,Gb1][%cal Be2e4] x y",
        ),
        (
            "[%csl Ga1] [%cal Ge2e4] z",
            vec![green(0, 0), green(12, 28)],
            "z",
            "[%csl Ga1,Gb1][%cal Be2e4] z",
        ),
        (" lead", vec![], " lead", "[%csl Ga1,Gb1][%cal Be2e4] lead"),
        (
            "\nlead",
            vec![],
            "\nlead",
            "[%csl Ga1,Gb1][%cal Be2e4]\nlead",
        ),
        (
            "[%csl Ga1][%cal Ge2e4]",
            vec![green(0, 0), green(12, 28)],
            "",
            "[%csl Ga1,Gb1][%cal Be2e4]",
        ),
        (
            "[%cal Gi1a1,Ge2e4]",
            vec![],
            "[%cal Gi1a1,Ge2e4]",
            "[%csl Ga1,Gb1][%cal Be2e4] [%cal Gi1a1,Ge2e4]",
        ),
        (
            "[%csl Ga1,]",
            vec![],
            "[%csl Ga1,]",
            "[%csl Ga1,Gb1][%cal Be2e4] [%csl Ga1,]",
        ),
    ] {
        assert_eq!(arrows(comment, GameKind::Chess), read, "{comment:?}");
        let put = |list: &[Arrow]| set(comment, |c| set_arrows(c, GameKind::Chess, list).unwrap());
        assert_eq!(put(&[]), removed, "{comment:?}");
        assert_eq!(put(&new), replaced, "{comment:?}");
    }
}

#[test]
fn xiangqi_arrows_use_iccs_squares() {
    let comment = "[%cal Rh0e0] [%csl Gi9]";
    let read = arrows(comment, GameKind::Xiangqi);
    assert_eq!(
        read,
        [
            Arrow::new(ArrowColor::Red, 7, 4),
            Arrow::new(ArrowColor::Green, 89, 89)
        ]
    );
    // Squares of the other board are plain text.
    assert_eq!(arrows(comment, GameKind::Chess), []);
    assert_eq!(arrows("[%csl Ga0]", GameKind::Chess), []);
    let mut text = String::from("note");
    set_arrows(&mut text, GameKind::Xiangqi, &read).unwrap();
    assert_eq!(text, "[%csl Gi9][%cal Rh0e0] note");
    assert_eq!(
        set_arrows(
            &mut text,
            GameKind::Chess,
            &[Arrow::new(ArrowColor::Red, 64, 0)]
        ),
        Err(AnnotationError::OffBoard {
            square: 64,
            game: "chess"
        })
    );
    assert_eq!(text, "[%csl Gi9][%cal Rh0e0] note");
}

#[test]
fn read_takes_every_command_out_of_the_text() {
    let all = read(
        "[%csl Ga1] good [%eval 0.25] [%clk 0:03:00] move [%emt 0:00:02]",
        GameKind::Chess,
    );
    assert_eq!(all.clock, Some(180.0));
    assert_eq!(all.emt, Some(2.0));
    assert_eq!(
        all.eval,
        Some(Eval {
            score: EvalScore::Centipawns(25),
            depth: None
        })
    );
    assert_eq!(all.arrows, [Arrow::new(ArrowColor::Green, 0, 0)]);
    assert_eq!(all.text, "good move");
}

#[test]
fn odd_text_is_plain_text() {
    for text in [
        "[%",
        "[%clk",
        "[%clk 1:2:",
        "[%eval #-",
        "[%cal G",
        "[%cal Ge2e",
        "[%csl \u{e9}",
        "x[%[%clk 0:0:1]",
    ] {
        let all = read(text, GameKind::Chess);
        assert_eq!(
            (all.clock, all.eval, all.arrows.len()),
            (text.ends_with("1]").then_some(1.0), None, 0),
            "{text:?}"
        );
    }
}

#[test]
fn a_clock_too_long_to_hold_is_infinite_and_not_written() {
    let comment = format!("[%clk 0:00:{}]", "9".repeat(400));
    assert_eq!(clock(&comment), Some(f64::INFINITY));
    let mut text = comment.clone();
    assert_eq!(
        set_clock(&mut text, clock(&comment)),
        Err(AnnotationError::Infinite(f64::INFINITY))
    );
    assert_eq!(text, comment);
}
