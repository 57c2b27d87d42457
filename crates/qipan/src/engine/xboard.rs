//! Reading what an XBoard engine (CECP, protocol version 2) sends: `feature` lines, thinking lines
//! (`ply score time nodes [seldepth [nps [tbhits]]] pv`), `move` (and the older `My move is :`),
//! `Hint:`, `pong`, `resign`, `offer draw`, results and `Error` / `Illegal move` / `Invalid move`
//! lines.
//!
//! ```
//! use qipan::engine::{parse_thinking, Score, XboardMessage};
//! let info = parse_thinking("7 -31 12 3051 9 254250\t e7e5 g1f3").unwrap();
//! assert_eq!((info.depth, info.score, info.time_ms), (Some(7), Some(Score::Cp(-31)), Some(120)));
//! assert_eq!(parse_thinking("3 100002 0 60 a1a8").unwrap().score, Some(Score::Mate(2)));
//! assert_eq!(XboardMessage::parse("move e2e4"), XboardMessage::Move("e2e4".into()));
//! ```

use super::info::{Info, Score};
use super::option::{EngineOption, OptionKind};

/// One line from an XBoard engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XboardMessage {
    /// `feature a=1 b="x y"`: the pairs in order.
    Features(Vec<(String, String)>),
    /// `move <move>` (or the older `My move is : <move>`, as GNU Chess writes it): the engine
    /// plays.
    Move(String),
    /// `Hint: <move>`: the reply the engine expects.
    Hint(String),
    /// `pong <n>`: the answer to `ping <n>` (the text after `pong`).
    Pong(String),
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `1-0 {White mates}`, `0-1 {…}`, `1/2-1/2 {…}`: the engine claims a result.
    Result {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// The text in braces (may be empty).
        comment: String,
    },
    /// `Error (<kind>): <command>`, `Illegal move (<reason>): <move>` or `Invalid move: <text>`
    /// (GNU Chess's answer to a command it does not know): the engine refused something it was
    /// sent.
    Refused {
        /// Whether it was `Illegal move` or `Invalid move` (else `Error`).
        illegal_move: bool,
        /// What was refused: the text after the colon.
        command: String,
        /// The whole line, shortened.
        line: String,
    },
    /// A thinking line.
    Thinking(Box<Info>),
    /// Anything else (comments starting with `#`, greetings, `tellics …`).
    Other,
}

impl XboardMessage {
    /// Reads one line; never fails (an unknown line is [`XboardMessage::Other`]).
    pub fn parse(line: &str) -> XboardMessage {
        let line = line.trim();
        let (token, rest) = match line.split_once(char::is_whitespace) {
            Some((t, r)) => (t, r.trim()),
            None => (line, ""),
        };
        match token {
            "feature" => return XboardMessage::Features(parse_features(line)),
            "move" if !rest.is_empty() => {
                return XboardMessage::Move(rest.split_whitespace().next().unwrap_or("").into())
            }
            "Hint:" if !rest.is_empty() => {
                return XboardMessage::Hint(rest.split_whitespace().next().unwrap_or("").into())
            }
            "My" => {
                if let Some(mv) = my_move_is(rest) {
                    return XboardMessage::Move(mv.to_owned());
                }
            }
            "pong" => return XboardMessage::Pong(rest.to_owned()),
            "resign" if rest.is_empty() => return XboardMessage::Resign,
            "offer" if rest == "draw" => return XboardMessage::OfferDraw,
            "1-0" | "0-1" | "1/2-1/2" => {
                let comment = rest
                    .strip_prefix('{')
                    .map(|c| c.split('}').next().unwrap_or(c))
                    .unwrap_or("");
                return XboardMessage::Result {
                    result: token.to_owned(),
                    comment: crate::text::shorten(comment.trim()),
                };
            }
            _ => {}
        }
        if let Some(refused) = refusal(line) {
            return refused;
        }
        if line.split_whitespace().nth(3).is_some()
            && line.starts_with(|c: char| c.is_ascii_digit())
        {
            if let Some(info) = parse_thinking(line) {
                return XboardMessage::Thinking(Box::new(info));
            }
        }
        XboardMessage::Other
    }
}

/// The move of `My move is : <move>` (the text after `My`); the colon may follow `is` directly.
fn my_move_is(rest: &str) -> Option<&str> {
    let rest = rest.strip_prefix("move")?.trim_start().strip_prefix("is")?;
    let mv = rest
        .trim_start()
        .strip_prefix(':')?
        .split_whitespace()
        .next()?;
    Some(mv)
}

/// `Error (…): command`, `Illegal move (…): move` or `Invalid move: text`; the parenthesis is
/// optional.
fn refusal(line: &str) -> Option<XboardMessage> {
    let (illegal_move, rest) = if let Some(rest) = line.strip_prefix("Error") {
        (false, rest)
    } else if let Some(rest) = line.strip_prefix("Invalid move") {
        (true, rest)
    } else {
        (true, line.strip_prefix("Illegal move")?)
    };
    let mut rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('(') {
        let end = inner.find(')')?;
        if inner[..end].contains('(') {
            return None;
        }
        rest = inner[end + 1..].trim_start();
    }
    let command = rest.strip_prefix(':')?.trim();
    Some(XboardMessage::Refused {
        illegal_move,
        command: crate::text::shorten(command),
        line: crate::text::shorten(line),
    })
}

/// Reads `feature a=1 b="x y"` into pairs.
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line
        .trim()
        .strip_prefix("feature")
        .unwrap_or("")
        .trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_owned();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        if key.is_empty() || key.contains(char::is_whitespace) {
            break;
        }
        out.push((key, value.to_owned()));
        rest = next.trim_start();
    }
    out
}

/// Reads the value of `feature option="…"`: `NAME -spin DEFAULT MIN MAX`, `NAME -check 0|1`,
/// `NAME -combo A /// *B /// C` (the starred choice is the default), `NAME -string|-file|-path
/// [DEFAULT]`, `NAME -button`, `NAME -save`, `NAME -reset`, `NAME -slider …`. `None` when it is
/// none of those.
pub fn parse_option_feature(value: &str) -> Option<EngineOption> {
    let (name, rest) = split_option_name(value)?;
    let mut words = rest.split_whitespace();
    let kind = words.next()?.strip_prefix('-')?;
    let mut option = EngineOption {
        name: name.to_owned(),
        kind: OptionKind::String,
        default: None,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    match kind {
        "check" => {
            option.kind = OptionKind::Check;
            option.default = Some(
                match words.next()? {
                    "1" => "true",
                    "0" => "false",
                    _ => return None,
                }
                .to_owned(),
            );
        }
        "spin" | "slider" => {
            option.kind = OptionKind::Spin;
            let default: i64 = words.next()?.parse().ok()?;
            option.default = Some(default.to_string());
            option.min = Some(words.next()?.parse().ok()?);
            option.max = Some(words.next()?.parse().ok()?);
        }
        "combo" => {
            option.kind = OptionKind::Combo;
            let choices = rest.trim_start().strip_prefix("-combo")?;
            for choice in choices.split("///").map(str::trim) {
                if let Some(default) = choice.strip_prefix('*') {
                    option.default = Some(default.to_owned());
                    option.vars.push(default.to_owned());
                } else if !choice.is_empty() && option.vars.len() < 1000 {
                    option.vars.push(choice.to_owned());
                }
            }
        }
        "string" | "file" | "path" => {
            let text = rest.trim_start().strip_prefix('-')?.strip_prefix(kind)?;
            option.default = Some(text.trim().to_owned());
        }
        "button" | "save" | "reset" => option.kind = OptionKind::Button,
        _ => return None,
    }
    Some(option)
}

/// The option's name: the words before the first ` -type`.
fn split_option_name(value: &str) -> Option<(&str, &str)> {
    let at = value.find(" -")?;
    let name = value[..at].trim();
    (!name.is_empty()).then_some((name, &value[at..]))
}

/// Reads a thinking line, `ply score time nodes [seldepth [nps [… tbhits]]] pv…` (score in
/// centipawns, time in centiseconds); `None` when it does not start with four integers. Scores of
/// 100,000 and more (-100,000 and less) are mates, as most engines and python-chess read them:
/// `100000 + n` is mate in `n`; exactly 100,000 (the side to move has already mated) stays
/// centipawns. The PV keeps its move texts; move numbers (`12.`, `3...`) are skipped.
pub fn parse_thinking(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace().peekable();
    let mut numbers: Vec<i64> = Vec::new();
    // The ply may carry a mark (`12.`, `12&`) in some engines.
    let depth: u32 = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    while let Some(n) = words.peek().and_then(|w| w.parse::<i64>().ok()) {
        if numbers.len() < 16 {
            numbers.push(n);
        }
        words.next();
    }
    if numbers.len() < 3 {
        return None;
    }
    let cp = numbers[0];
    let score = if cp <= -100_000 {
        Score::Mate(cp + 100_000)
    } else if cp > 100_000 {
        Score::Mate(cp - 100_000)
    } else {
        Score::Cp(cp)
    };
    let unsigned = |n: i64| u64::try_from(n).ok();
    let mut info = Info {
        depth: Some(depth),
        score: Some(score),
        time_ms: unsigned(numbers[1]).map(|cs| cs.saturating_mul(10)),
        nodes: unsigned(numbers[2]),
        ..Info::default()
    };
    let mut extra = numbers[3..].iter().copied();
    info.seldepth = extra.next().and_then(|n| u32::try_from(n).ok());
    info.nps = extra.next().and_then(unsigned);
    info.tbhits = extra.last().and_then(unsigned);
    info.pv = words
        .filter(|w| !w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
        .take(500)
        .map(str::to_owned)
        .collect();
    Some(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_and_options() {
        let f = parse_features(
            "feature setboard=1 myname=\"GNU Chess 6\" variants=\"normal,xiangqi\" done=0",
        );
        assert_eq!(
            f,
            [
                ("setboard".into(), "1".into()),
                ("myname".into(), "GNU Chess 6".into()),
                ("variants".into(), "normal,xiangqi".into()),
                ("done".into(), "0".into())
            ]
        );
        let spin = parse_option_feature("Skill Level -spin 20 -20 20").unwrap();
        assert_eq!(
            (spin.name.as_str(), spin.kind, spin.min, spin.max),
            ("Skill Level", OptionKind::Spin, Some(-20), Some(20))
        );
        let combo =
            parse_option_feature("Analysis Contempt -combo Both /// *Off /// White").unwrap();
        assert_eq!(combo.vars, ["Both", "Off", "White"]);
        assert_eq!(combo.default.as_deref(), Some("Off"));
        let path = parse_option_feature("SyzygyPath -string <empty>").unwrap();
        assert_eq!(path.default.as_deref(), Some("<empty>"));
        assert_eq!(
            parse_option_feature("Clear Hash -button").unwrap().kind,
            OptionKind::Button
        );
        assert_eq!(parse_option_feature("Broken -spin x"), None);
        assert_eq!(parse_option_feature("-spin 1 2 3"), None);
    }

    #[test]
    fn thinking_lines() {
        let info = parse_thinking("4 139 0 676 4 225333 0\t h0g2 f9e8 b2c2 h7h3").unwrap();
        assert_eq!(info.depth, Some(4));
        assert_eq!(info.score, Some(Score::Cp(139)));
        assert_eq!(
            (info.seldepth, info.nps, info.tbhits),
            (Some(4), Some(225333), Some(0))
        );
        assert_eq!(info.pv, ["h0g2", "f9e8", "b2c2", "h7h3"]);
        let mated = parse_thinking("9 -100003 10 5 1. Kh1 2. Qg2").unwrap();
        assert_eq!(mated.score, Some(Score::Mate(-3)));
        assert_eq!(mated.pv, ["Kh1", "Qg2"]);
        assert_eq!(parse_thinking("move e2e4"), None);
        assert_eq!(parse_thinking("1 2 3"), None);
        assert_eq!(parse_thinking("1 2 -3 -4").unwrap().nodes, None);
    }

    #[test]
    fn messages() {
        use XboardMessage as M;
        assert_eq!(M::parse("Hint: e7e5"), M::Hint("e7e5".into()));
        assert_eq!(M::parse("pong 12"), M::Pong("12".into()));
        assert_eq!(M::parse("resign"), M::Resign);
        assert_eq!(M::parse("offer draw"), M::OfferDraw);
        assert_eq!(
            M::parse("0-1 {White resigns}"),
            M::Result {
                result: "0-1".into(),
                comment: "White resigns".into()
            }
        );
        assert!(matches!(
            M::parse("Error (unknown command): post"),
            M::Refused { illegal_move: false, ref command, .. } if command == "post"
        ));
        assert!(matches!(
            M::parse("Illegal move: e2e5"),
            M::Refused { illegal_move: true, ref command, .. } if command == "e2e5"
        ));
        assert!(matches!(
            M::parse("Invalid move: sd 3"),
            M::Refused { illegal_move: true, ref command, .. } if command == "sd 3"
        ));
        assert_eq!(M::parse("My move is : b8c6"), M::Move("b8c6".into()));
        assert_eq!(M::parse("My move is: O-O"), M::Move("O-O".into()));
        assert_eq!(M::parse("My move is"), M::Other);
        assert_eq!(M::parse("My move is : "), M::Other);
        assert_eq!(M::parse("My name is : Bob"), M::Other);
        assert_eq!(M::parse("Error in my head"), M::Other);
        assert_eq!(M::parse("# comment 1 2 3 4"), M::Other);
        assert!(matches!(M::parse("3 20 1 400 e2e4"), M::Thinking(_)));
    }
}
