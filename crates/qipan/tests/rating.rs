//! The levels-and-points method ("5）记分方法"), rule by rule and boundary by boundary, plus Elo.
//!
//! Every expected value is derived by hand from the rule text; the arithmetic is in the comment.
//! `d` is |mine − theirs|; "lower" / "higher" is the side with fewer / more points.

use qipan::rating::{
    checked_level_change, elo_change, elo_expected, level, level_change, GameResult, Points,
    RatingError, RatingSystem,
};
use GameResult::{Draw, Loss, Win};

fn p(s: &str) -> Points {
    s.parse().unwrap()
}

/// Change for `mine` against `theirs`, printed exactly.
fn change(mine: &str, theirs: &str, result: GameResult) -> String {
    level_change(p(mine), p(theirs), result).to_string()
}

/// Asserts both sides: `lower` (fewer points) and `higher` (more points); `lower_change` is
/// what the lower side gets, and the higher side must get exactly its negation.
fn both(lower: &str, higher: &str, result_for_lower: GameResult, lower_change: &str) {
    assert_eq!(
        change(lower, higher, result_for_lower),
        lower_change,
        "lower side"
    );
    let neg = (-p(lower_change)).to_string();
    assert_eq!(
        change(higher, lower, result_for_lower.reversed()),
        neg,
        "higher side"
    );
}

// ---------------------------------------------------------------- draws

#[test]
fn draw_equal_points_nobody_gains() {
    // d = 0 < 10 → 无积分
    both("1000", "1000", Draw, "0");
    assert_eq!(change("0", "0", Draw), "0");
}

#[test]
fn draw_difference_below_10_nobody_gains() {
    // d = 1, 5, 9, 9.9, 9.999 → all < 10 → 0
    for theirs in ["1001", "1005", "1009", "1009.9", "1009.999"] {
        both("1000", theirs, Draw, "0");
    }
}

#[test]
fn draw_difference_10_to_99_lower_gains_half_of_10_plus_tenth() {
    // d = 10: (10 + 10/10)/2 = 11/2 = 5.5
    both("1000", "1010", Draw, "5.5");
    // d = 16: (10 + 1.6)/2 = 5.8
    both("1000", "1016", Draw, "5.8");
    // d = 50: (10 + 5)/2 = 7.5
    both("1000", "1050", Draw, "7.5");
    // d = 99: (10 + 9.9)/2 = 19.9/2 = 9.95
    both("1000", "1099", Draw, "9.95");
    // d = 99.5: (10 + 9.95)/2 = 19.95/2 = 9.975
    both("1000", "1099.5", Draw, "9.975");
    // d = 99.999: (10 + 9.9999)/2 = 9.99995
    both("1000", "1099.999", Draw, "9.99995");
}

#[test]
fn draw_difference_100_or_more_lower_gains_quarter() {
    // d = 100: 100/4 = 25
    both("1000", "1100", Draw, "25");
    // d = 101: 101/4 = 25.25
    both("1000", "1101", Draw, "25.25");
    // d = 199: 199/4 = 49.75
    both("1000", "1199", Draw, "49.75");
    // d = 200: 200/4 = 50 (no extra boundary at 200 for draws)
    both("1000", "1200", Draw, "50");
    // d = 1000: 1000/4 = 250
    both("500", "1500", Draw, "250");
    // d = 100.5: 100.5/4 = 25.125
    both("1000", "1100.5", Draw, "25.125");
}

#[test]
fn draw_higher_side_loses_what_lower_gains() {
    // d = 30: lower gains (10 + 3)/2 = 6.5, higher loses 6.5
    assert_eq!(change("1000", "1030", Draw), "6.5");
    assert_eq!(change("1030", "1000", Draw), "-6.5");
}

// ---------------------------------------------------------------- lower side wins

#[test]
fn lower_wins_difference_below_10_gains_10() {
    // d = 1, 9, 9.9 < 10 → 10
    for theirs in ["1001", "1009", "1009.9"] {
        both("1000", theirs, Win, "10");
    }
}

#[test]
fn lower_wins_difference_10_to_99_gains_10_plus_tenth() {
    // d = 10: 10 + 1 = 11
    both("1000", "1010", Win, "11");
    // d = 18: 10 + 1.8 = 11.8
    both("1000", "1018", Win, "11.8");
    // d = 80: 10 + 8 = 18
    both("1500", "1580", Win, "18");
    // d = 99: 10 + 9.9 = 19.9
    both("1000", "1099", Win, "19.9");
    // d = 99.5: 10 + 9.95 = 19.95
    both("1000", "1099.5", Win, "19.95");
}

#[test]
fn lower_wins_difference_100_or_more_gains_half() {
    // d = 100: 100/2 = 50
    both("1000", "1100", Win, "50");
    // d = 101: 101/2 = 50.5
    both("1000", "1101", Win, "50.5");
    // d = 199: 199/2 = 99.5
    both("1000", "1199", Win, "99.5");
    // d = 200: 200/2 = 100
    both("1000", "1200", Win, "100");
    // d = 2500.25: 1250.125
    both("100", "2600.25", Win, "1250.125");
}

// ---------------------------------------------------------------- higher side wins

#[test]
fn equal_points_win_gives_10() {
    // d = 0 < 10 → 10 to the winner, −10 to the loser
    assert_eq!(change("1000", "1000", Win), "10");
    assert_eq!(change("1000", "1000", Loss), "-10");
    assert_eq!(change("0", "0", Win), "10");
    assert_eq!(change("1234.5", "1234.5", Loss), "-10");
}

#[test]
fn higher_wins_difference_below_10_gains_10() {
    // d = 1, 9, 9.9 → 10; the lower loser loses 10
    for mine in ["1001", "1009", "1009.9"] {
        assert_eq!(change(mine, "1000", Win), "10");
        assert_eq!(change("1000", mine, Loss), "-10");
    }
}

#[test]
fn higher_wins_difference_10_to_99_gains_10_minus_d_over_12_5() {
    // d = 10: 10 − 10/12.5 = 10 − 0.8 = 9.2
    assert_eq!(change("1010", "1000", Win), "9.2");
    // d = 25: 10 − 2 = 8
    assert_eq!(change("1025", "1000", Win), "8");
    // d = 67.5: 10 − 5.4 = 4.6
    assert_eq!(change("1067.5", "1000", Win), "4.6");
    // d = 80: 10 − 6.4 = 3.6
    assert_eq!(change("1580", "1500", Win), "3.6");
    // d = 99: 10 − 99/12.5 = 10 − 7.92 = 2.08
    assert_eq!(change("1099", "1000", Win), "2.08");
    // d = 99.5: 10 − 7.96 = 2.04
    assert_eq!(change("1099.5", "1000", Win), "2.04");
    // d = 10.001: 10 − 0.80008 = 9.19992 (hundredths would not be exact)
    assert_eq!(change("1010.001", "1000", Win), "9.19992");
    // The loser (lower side) loses the same.
    assert_eq!(change("1000", "1099", Loss), "-2.08");
}

#[test]
fn higher_wins_difference_100_to_199_gains_2() {
    // d = 100, 150, 199, 199.999 → 2
    for mine in ["1100", "1150", "1199", "1199.999"] {
        assert_eq!(change(mine, "1000", Win), "2");
        assert_eq!(change("1000", mine, Loss), "-2");
    }
}

#[test]
fn higher_wins_difference_200_or_more_gains_nothing() {
    // d = 200, 201, 1000 → 0, and the loser loses 0
    for mine in ["1200", "1201", "2000"] {
        assert_eq!(change(mine, "1000", Win), "0");
        assert_eq!(change("1000", mine, Loss), "0");
    }
}

// ---------------------------------------------------------------- loser / symmetry

#[test]
fn loser_loses_what_winner_gains() {
    let values = [
        "0", "5", "9.9", "10", "55.5", "99", "100", "150", "199", "200", "250", "1000", "1234.5",
        "-40",
    ];
    for a in values {
        for b in values {
            let (pa, pb) = (p(a), p(b));
            assert_eq!(
                level_change(pa, pb, Win),
                -level_change(pb, pa, Loss),
                "{a} beats {b}"
            );
            assert_eq!(
                level_change(pa, pb, Draw),
                -level_change(pb, pa, Draw),
                "{a} draws {b}"
            );
            // Total points are conserved.
            let after = pa + pb + level_change(pa, pb, Win) + level_change(pb, pa, Loss);
            assert_eq!(after, pa + pb);
        }
    }
}

#[test]
fn no_clamp_points_can_go_below_zero() {
    // 5 vs 5, mine loses: d = 0 → −10; 5 − 10 = −5 (no clamp at 0)
    let mine = p("5");
    let after = mine + level_change(mine, p("5"), Loss);
    assert_eq!(after.to_string(), "-5");
    assert_eq!(level(after), None);
    // Negative inputs are plain arithmetic too: −50 vs 0, d = 50, lower wins: 10 + 5 = 15.
    assert_eq!(change("-50", "0", Win), "15");
}

// ---------------------------------------------------------------- levels

#[test]
fn level_unrated_below_100() {
    for s in ["-1000", "-0.5", "0", "50", "99", "99.999"] {
        assert_eq!(level(p(s)), None, "{s}");
    }
}

#[test]
fn level_30_is_100_to_199() {
    for s in ["100", "100.001", "150", "199", "199.999"] {
        assert_eq!(level(p(s)), Some(30), "{s}");
    }
}

#[test]
fn level_29_is_200_to_299() {
    for s in ["200", "299", "299.5"] {
        assert_eq!(level(p(s)), Some(29), "{s}");
    }
}

#[test]
fn level_is_31_minus_hundreds_in_between() {
    // 31 − floor(points/100): 1518 → 31 − 15 = 16; 999 → 31 − 9 = 22; 1000 → 21
    assert_eq!(level(p("1518")), Some(16));
    assert_eq!(level(p("999")), Some(22));
    assert_eq!(level(p("1000")), Some(21));
    for h in 1..30i64 {
        let lo = Points::from(h * 100);
        let hi = Points::from(h * 100 + 99);
        assert_eq!(level(lo), Some((31 - h) as u8));
        assert_eq!(level(hi), Some((31 - h) as u8));
    }
}

#[test]
fn level_2_is_2900_to_2999() {
    for s in ["2900", "2999", "2999.999"] {
        assert_eq!(level(p(s)), Some(2), "{s}");
    }
}

#[test]
fn level_1_is_3000_and_above() {
    for s in [
        "3000",
        "3000.001",
        "3099",
        "3100",
        "9999",
        "1000000",
        "999999999999999",
    ] {
        assert_eq!(level(p(s)), Some(1), "{s}");
    }
}

// ---------------------------------------------------------------- Points

#[test]
fn points_parse_and_print_exactly() {
    for (input, shown) in [
        ("1234", "1234"),
        ("1234.5", "1234.5"),
        ("1234.50", "1234.5"),
        ("+7", "7"),
        ("-0", "0"),
        ("-0.0", "0"),
        ("-10", "-10"),
        ("0.125", "0.125"),
        ("007.100", "7.1"),
        ("-0.001", "-0.001"),
    ] {
        assert_eq!(p(input).to_string(), shown, "{input}");
    }
    // No binary float drift: 0.1 + 0.2 = 0.3 exactly.
    assert_eq!((p("0.1") + p("0.2")).to_string(), "0.3");
    assert_eq!(p("0.1") + p("0.2"), p("0.3"));
    assert_eq!((p("10") - p("10.8")).to_string(), "-0.8");
    assert_eq!(format!("{:>6}", p("4.6")), "   4.6");
}

#[test]
fn points_reject_garbage_with_typed_error() {
    assert_eq!("".parse::<Points>(), Err(RatingError::Empty));
    for bad in [
        "abc", "12x", "1.2.3", ".5", "5.", "-", "+", "--1", " 1", "1 ", "1e3", "NaN", "inf", "1,5",
        "١٢", "+-1",
    ] {
        assert!(
            matches!(bad.parse::<Points>(), Err(RatingError::InvalidPoints(_))),
            "{bad:?}"
        );
    }
    assert!(matches!(
        "1234567890123456".parse::<Points>(),
        Err(RatingError::TooManyDigits(_))
    ));
    assert!(matches!(
        "1.1234567890123456".parse::<Points>(),
        Err(RatingError::TooManyDigits(_))
    ));
    // The extreme accepted inputs work without overflow.
    let big = p("999999999999999.999999999999999");
    let small = p("-999999999999999.999999999999999");
    for r in [Win, Draw, Loss] {
        assert!(checked_level_change(big, small, r).is_ok());
        assert!(checked_level_change(small, big, r).is_ok());
    }
}

#[test]
fn points_order_is_numeric() {
    let mut v: Vec<Points> = ["10", "9.99", "-1", "100.5", "0", "100.25", "-1.5"]
        .iter()
        .map(|s| p(s))
        .collect();
    v.sort();
    let shown: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    assert_eq!(shown, ["-1.5", "-1", "0", "9.99", "10", "100.25", "100.5"]);
    assert!(p("1.0000001") > p("1"));
    assert!(p("0.3333") < p("0.33331"));
}

#[test]
fn points_overflow_is_an_error_for_checked_ops() {
    // Chaining fractional games grows the denominator (×12.5 per higher-side win with
    // 10 ≤ d < 100); the checked API reports Overflow instead of panicking, and comparisons of
    // huge fractions stay correct.
    let base = p("1000");
    let mut d = p("10.000000000000001");
    let mut result = Ok(());
    for _ in 0..100 {
        let mine = match base.checked_add(d) {
            Ok(m) => m,
            Err(e) => {
                result = Err(e);
                break;
            }
        };
        match checked_level_change(mine, base, Win) {
            // c = 10 − d/12.5 is in (2, 9.2]; the next difference is 10 + c, still in [10, 100).
            Ok(c) => {
                assert!(c > p("2") && c <= p("9.2"));
                match p("10").checked_add(c) {
                    Ok(next) => d = next,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    assert_eq!(result, Err(RatingError::Overflow));
}

#[test]
fn result_and_system_parse() {
    assert_eq!("win".parse::<GameResult>(), Ok(Win));
    assert_eq!("Draw".parse::<GameResult>(), Ok(Draw));
    assert_eq!("LOSS".parse::<GameResult>(), Ok(Loss));
    assert!(matches!(
        "lose".parse::<GameResult>(),
        Err(RatingError::InvalidResult(_))
    ));
    assert_eq!("levels".parse::<RatingSystem>(), Ok(RatingSystem::Levels));
    assert_eq!("elo".parse::<RatingSystem>(), Ok(RatingSystem::Elo));
    assert_eq!(RatingSystem::default(), RatingSystem::Levels);
    assert!(matches!(
        "glicko".parse::<RatingSystem>(),
        Err(RatingError::InvalidSystem(_))
    ));
}

// ---------------------------------------------------------------- Elo

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn elo_equal_ratings_win_gains_half_k() {
    // E = 1/(1 + 10^0) = 1/2; change = 20 × (1 − 1/2) = 10
    assert!(close(elo_change(1500.0, 1500.0, Win, 20.0), 10.0));
    assert!(close(elo_change(1500.0, 1500.0, Loss, 20.0), -10.0));
    assert!(close(elo_change(1500.0, 1500.0, Draw, 20.0), 0.0));
    // K = 32: 16
    assert!(close(elo_change(2000.0, 2000.0, Win, 32.0), 16.0));
}

#[test]
fn elo_400_difference_expected_10_over_11() {
    // E = 1/(1 + 10^(−400/400)) = 1/(1 + 1/10) = 10/11
    assert!(close(elo_expected(1800.0, 1400.0), 10.0 / 11.0));
    assert!(close(elo_expected(1400.0, 1800.0), 1.0 / 11.0));
    // win: 20 × (1 − 10/11) = 20/11; draw: 20 × (1/2 − 10/11) = −90/11; loss: −200/11
    assert!(close(elo_change(1800.0, 1400.0, Win, 20.0), 20.0 / 11.0));
    assert!(close(elo_change(1800.0, 1400.0, Draw, 20.0), -90.0 / 11.0));
    assert!(close(elo_change(1800.0, 1400.0, Loss, 20.0), -200.0 / 11.0));
    // The weaker side: win 20 × (1 − 1/11) = 200/11
    assert!(close(elo_change(1400.0, 1800.0, Win, 20.0), 200.0 / 11.0));
}

#[test]
fn elo_is_antisymmetric() {
    for (a, b) in [(1500.0, 1700.0), (2100.0, 1234.5), (0.0, 0.0)] {
        for r in [Win, Draw, Loss] {
            assert!(close(
                elo_change(a, b, r, 20.0),
                -elo_change(b, a, r.reversed(), 20.0)
            ));
        }
    }
}

// ---------------------------------------------------------------- properties

/// A small deterministic generator (no extra dependencies).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    /// A decimal string with up to 3 decimals in [−500, 3500).
    fn points(&mut self) -> String {
        let thousandths = (self.next() % 4_000_000) as i64 - 500_000;
        let (sign, a) = if thousandths < 0 {
            ("-", -thousandths)
        } else {
            ("", thousandths)
        };
        match self.next() % 3 {
            0 => format!("{sign}{}", a / 1000),
            1 => format!("{sign}{}.{}", a / 1000, (a % 1000) / 100),
            _ => format!("{sign}{}.{:03}", a / 1000, a % 1000),
        }
    }
}

/// The rule text transcribed in `f64`, as an independent reference. `d` is computed exactly
/// and only then converted, so a boundary (d = 10, 100, 200) is never missed by float error.
fn reference(mine: Points, theirs: Points, result: GameResult) -> f64 {
    let d = (mine - theirs).abs().to_f64();
    let lower_gain_draw = if d < 10.0 {
        0.0
    } else if d < 100.0 {
        (10.0 + d / 10.0) / 2.0
    } else {
        d / 4.0
    };
    let lower_win = if d >= 100.0 {
        d / 2.0
    } else if d >= 10.0 {
        10.0 + d / 10.0
    } else {
        10.0
    };
    let higher_win = if d >= 200.0 {
        0.0
    } else if d >= 100.0 {
        2.0
    } else if d >= 10.0 {
        10.0 - d / 12.5
    } else {
        10.0
    };
    let i_am_lower = mine < theirs;
    match result {
        Draw if mine == theirs => 0.0,
        Draw if i_am_lower => lower_gain_draw,
        Draw => -lower_gain_draw,
        Win if i_am_lower => lower_win,
        Win => higher_win,
        Loss if i_am_lower => -higher_win,
        Loss if mine == theirs => -10.0,
        Loss => -lower_win,
    }
}

#[test]
fn random_games_match_the_rule_text_and_print_exactly() {
    let mut rng = Lcg(0x5851e473);
    for _ in 0..20_000 {
        let (a, b) = (rng.points(), rng.points());
        let (pa, pb) = (p(&a), p(&b));
        for r in [Win, Draw, Loss] {
            let exact = level_change(pa, pb, r);
            let expected = reference(pa, pb, r);
            assert!(
                (exact.to_f64() - expected).abs() < 1e-9,
                "{a} vs {b} {r}: {exact} != {expected}"
            );
            // The printed value is an exact decimal that parses back to the same value.
            let shown = exact.to_string();
            assert_eq!(p(&shown), exact, "{shown}");
            // 3 input decimals; ×0.08 (d/12.5), ×0.05 ((10 + d/10)/2), ×0.25 (d/4) and ×0.5 (d/2)
            // add at most 2 more.
            let decimals = shown.split_once('.').map_or(0, |(_, f)| f.len());
            assert!(decimals <= 5, "{shown}");
        }
        // Ordering agrees with the decimal values.
        assert_eq!(pa.cmp(&pb), pa.to_f64().partial_cmp(&pb.to_f64()).unwrap());
    }
}
