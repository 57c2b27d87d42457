//! `qipan rating`: the rating change after one game, or the level of some points.
//!
//! ```text
//! $ qipan rating --mine 1500 --theirs 1580 --result win
//! {"change": 18, "mine": 1518, "theirs": 1562}
//! $ qipan rating --mine 1580 --theirs 1500 --result win
//! {"change": 3.6, "mine": 1583.6, "theirs": 1496.4}
//! $ qipan rating --mine 1800 --theirs 1400 --result win --system elo --k 20
//! {"change": 1.82, "mine": 1801.82, "theirs": 1398.18}
//! $ qipan rating --level 1518
//! {"points": 1518, "level": 16}
//! $ qipan rating --level 50
//! {"points": 50, "level": null}
//! ```
//!
//! The JSON object is always the last (and only) line on stdout. Numbers are JSON numbers:
//! exact decimals for the levels-and-points method (no float drift, no trailing zeros), and
//! rounded to 2 decimals for Elo (`mine`/`theirs` are the exact inputs plus/minus the rounded
//! change, also rounded to 2 decimals). `"level": null` means unrated (below 100 points).

use qipan::rating::{
    checked_level_change, elo_change, level, GameResult, Points, RatingSystem, DEFAULT_K,
};

/// Arguments of `qipan rating`.
#[derive(clap::Args, Debug, Clone)]
pub struct RatingArgs {
    /// Points (or Elo rating) of the player whose change is printed, e.g. 1500 or 1234.5.
    #[arg(
        long,
        value_name = "P",
        allow_negative_numbers = true,
        required_unless_present = "level",
        conflicts_with = "level"
    )]
    pub mine: Option<String>,
    /// Points (or Elo rating) of the opponent.
    #[arg(
        long,
        value_name = "Q",
        allow_negative_numbers = true,
        required_unless_present = "level",
        conflicts_with = "level"
    )]
    pub theirs: Option<String>,
    /// The result for "mine": win, draw or loss.
    #[arg(
        long,
        value_name = "win|draw|loss",
        required_unless_present = "level",
        conflicts_with = "level"
    )]
    pub result: Option<String>,
    /// Rating method: levels (级别、积分制, exact) or elo.
    #[arg(long, value_name = "levels|elo", default_value = "levels")]
    pub system: String,
    /// Elo K-factor (only used with --system elo).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_K, allow_negative_numbers = true)]
    pub k: f64,
    /// Instead of a game, print the level of P points: {"points": P, "level": N or null}.
    #[arg(long, value_name = "P", allow_negative_numbers = true)]
    pub level: Option<String>,
}

fn parse_points(what: &str, s: &str) -> Result<Points, String> {
    s.parse::<Points>().map_err(|e| format!("--{what}: {e}"))
}

/// Formats an `f64` rounded to 2 decimals as a JSON number without trailing zeros or `-0`.
fn round2(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" {
        "0".to_string()
    } else {
        s
    }
}

/// Computes the JSON line `run` prints.
pub fn render(args: &RatingArgs) -> Result<String, String> {
    if let Some(p) = &args.level {
        let points = parse_points("level", p)?;
        let lvl = match level(points) {
            Some(n) => n.to_string(),
            None => "null".to_string(),
        };
        return Ok(format!("{{\"points\": {points}, \"level\": {lvl}}}"));
    }
    let missing = |what: &str| format!("--{what} is required (or use --level P)");
    let mine = parse_points("mine", args.mine.as_deref().ok_or_else(|| missing("mine"))?)?;
    let theirs = parse_points(
        "theirs",
        args.theirs.as_deref().ok_or_else(|| missing("theirs"))?,
    )?;
    let result: GameResult = args
        .result
        .as_deref()
        .ok_or_else(|| missing("result"))?
        .parse()
        .map_err(|e| format!("--result: {e}"))?;
    let system: RatingSystem = args.system.parse().map_err(|e| format!("--system: {e}"))?;
    match system {
        RatingSystem::Levels => {
            let overflow = |e: qipan::rating::RatingError| e.to_string();
            let change = checked_level_change(mine, theirs, result).map_err(overflow)?;
            let mine2 = mine.checked_add(change).map_err(overflow)?;
            let theirs2 = theirs.checked_sub(change).map_err(overflow)?;
            Ok(format!(
                "{{\"change\": {change}, \"mine\": {mine2}, \"theirs\": {theirs2}}}"
            ))
        }
        RatingSystem::Elo => {
            if !args.k.is_finite() {
                return Err(format!("--k: must be a finite number, got {}", args.k));
            }
            let (m, t) = (mine.to_f64(), theirs.to_f64());
            let change: f64 = round2(elo_change(m, t, result, args.k))
                .parse()
                .map_err(|_| "internal error formatting the Elo change".to_string())?;
            Ok(format!(
                "{{\"change\": {}, \"mine\": {}, \"theirs\": {}}}",
                round2(change),
                round2(m + change),
                round2(t - change)
            ))
        }
    }
}

/// Runs `qipan rating`: prints one JSON object as the last line of stdout.
///
/// Game mode prints `{"change": X, "mine": P2, "theirs": Q2}` (the change for "mine" and both
/// new values; the opponent's change is `-X`). Level mode (`--level P`) prints
/// `{"points": P, "level": N}` with `N` from 30 down to 1, or `null` when unrated (below 100).
pub fn run(args: &RatingArgs) -> Result<(), String> {
    let line = render(args)?;
    std::io::Write::write_all(
        &mut std::io::stdout().lock(),
        format!("{line}\n").as_bytes(),
    )
    .map_err(crate::position_cmds::io_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct T {
        #[command(flatten)]
        args: RatingArgs,
    }

    fn out(argv: &[&str]) -> Result<String, String> {
        let mut full = vec!["rating"];
        full.extend_from_slice(argv);
        let t = T::try_parse_from(full).map_err(|e| e.to_string())?;
        render(&t.args)
    }

    #[test]
    fn levels_lower_wins() {
        // d = 80: 10 + 8 = 18
        assert_eq!(
            out(&["--mine", "1500", "--theirs", "1580", "--result", "win"]).unwrap(),
            r#"{"change": 18, "mine": 1518, "theirs": 1562}"#
        );
    }

    #[test]
    fn levels_exact_decimals() {
        // d = 67.5, higher wins: 10 − 5.4 = 4.6
        assert_eq!(
            out(&["--mine", "1067.5", "--theirs", "1000", "--result", "win"]).unwrap(),
            r#"{"change": 4.6, "mine": 1072.1, "theirs": 995.4}"#
        );
        // d = 101 draw, higher side: −101/4 = −25.25
        assert_eq!(
            out(&["--mine", "1101", "--theirs", "1000", "--result", "draw"]).unwrap(),
            r#"{"change": -25.25, "mine": 1075.75, "theirs": 1025.25}"#
        );
        // d = 0 loss: −10; no clamp below zero
        assert_eq!(
            out(&["--mine", "0", "--theirs", "0", "--result", "loss", "--system", "levels"])
                .unwrap(),
            r#"{"change": -10, "mine": -10, "theirs": 10}"#
        );
        // Negative inputs are accepted.
        assert_eq!(
            out(&["--mine", "-5", "--theirs", "-5", "--result", "draw"]).unwrap(),
            r#"{"change": 0, "mine": -5, "theirs": -5}"#
        );
    }

    #[test]
    fn elo_rounded_to_2_decimals() {
        // E = 10/11, change = 20/11 = 1.818… → 1.82
        assert_eq!(
            out(&["--mine", "1800", "--theirs", "1400", "--result", "win", "--system", "elo"])
                .unwrap(),
            r#"{"change": 1.82, "mine": 1801.82, "theirs": 1398.18}"#
        );
        // Equal ratings, K = 32: 16
        assert_eq!(
            out(&[
                "--mine", "1500", "--theirs", "1500", "--result", "loss", "--system", "elo", "--k",
                "32"
            ])
            .unwrap(),
            r#"{"change": -16, "mine": 1484, "theirs": 1516}"#
        );
        assert_eq!(
            out(&["--mine", "1500", "--theirs", "1500", "--result", "draw", "--system", "elo"])
                .unwrap(),
            r#"{"change": 0, "mine": 1500, "theirs": 1500}"#
        );
    }

    #[test]
    fn level_mode() {
        assert_eq!(
            out(&["--level", "1518"]).unwrap(),
            r#"{"points": 1518, "level": 16}"#
        );
        assert_eq!(
            out(&["--level", "50"]).unwrap(),
            r#"{"points": 50, "level": null}"#
        );
        assert_eq!(
            out(&["--level", "3000.50"]).unwrap(),
            r#"{"points": 3000.5, "level": 1}"#
        );
        assert_eq!(
            out(&["--level", "-3"]).unwrap(),
            r#"{"points": -3, "level": null}"#
        );
    }

    #[test]
    fn errors() {
        let err = out(&["--mine", "12x", "--theirs", "1", "--result", "win"]).unwrap_err();
        assert!(err.starts_with("--mine: invalid points"), "{err}");
        let err = out(&["--mine", "1", "--theirs", "1", "--result", "lose"]).unwrap_err();
        assert!(err.starts_with("--result: invalid game result"), "{err}");
        let err = out(&[
            "--mine", "1", "--theirs", "1", "--result", "win", "--system", "x",
        ])
        .unwrap_err();
        assert!(err.starts_with("--system: invalid rating system"), "{err}");
        let err = out(&[
            "--mine", "1", "--theirs", "1", "--result", "win", "--system", "elo", "--k", "inf",
        ])
        .unwrap_err();
        assert!(err.starts_with("--k: must be a finite number"), "{err}");
        assert!(out(&["--level", "abc"]).is_err());
        // Missing arguments / conflicting modes are rejected by clap.
        assert!(out(&["--mine", "1", "--result", "win"]).is_err());
        assert!(out(&["--level", "100", "--mine", "1"]).is_err());
        // Calling render directly without clap validation is an error, not a panic.
        let args = RatingArgs {
            mine: None,
            theirs: None,
            result: None,
            system: "levels".into(),
            k: 20.0,
            level: None,
        };
        assert!(render(&args).is_err());
    }
}
