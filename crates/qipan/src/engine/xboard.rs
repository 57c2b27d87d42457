//! [`XboardEngine`]: an engine speaking XBoard (CECP, protocol version 2), for play.
//!
//! The handshake is `xboard` / `protover 2`, answered by `feature …` lines until `done=1`; each
//! feature is acknowledged with `accepted`. A move is asked for with `new`, `variant` (Xiangqi),
//! `force`, `setboard` with the game's start, the game's moves (`usermove` when the engine asks for
//! it), the limit (`sd` depth, `st` seconds per move, `level`/`time`/`otim` for clocks) and `go`;
//! the engine answers with thinking lines (`ply score time nodes pv`) and `move …`.

use std::time::Instant;

use super::client::{BestMove, PlayResult, Timeouts};
use super::command::Limit;
use super::dialect::{EngineGame, XiangqiDialect};
use super::error::EngineError;
use super::info::{Info, Score};
use super::process::{EngineProcess, Line};
use crate::{Color, Game};

/// An XBoard engine.
#[derive(Debug)]
pub struct XboardEngine {
    process: EngineProcess,
    features: Vec<(String, String)>,
    timeouts: Timeouts,
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

/// Reads a thinking line, `ply score time nodes pv…` (score in centipawns, time in centiseconds);
/// `None` when it is not one.
pub fn parse_thinking(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace();
    let depth = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    let time: u64 = words.next()?.parse().ok()?;
    let nodes: u64 = words.next()?.parse().ok()?;
    // Some engines add selective depth and speed before the PV; moves start with a letter.
    let pv: Vec<String> = words
        .skip_while(|w| w.parse::<i64>().is_ok())
        .filter(|w| !w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect();
    // Engines write mates as large scores in ways of their own: kept as centipawns.
    let score = Score::Cp(score);
    Some(Info {
        depth: Some(depth),
        score: Some(score),
        time_ms: Some(time.saturating_mul(10)),
        nodes: Some(nodes),
        pv,
        ..Info::default()
    })
}

impl XboardEngine {
    /// Starts `program` and shakes hands.
    pub fn start(program: &str, args: &[String], timeouts: Timeouts) -> Result<Self, EngineError> {
        let mut process = EngineProcess::spawn(program, args)?;
        process.send("xboard")?;
        process.send("protover 2")?;
        let deadline = Instant::now() + timeouts.reply;
        let mut features: Vec<(String, String)> = Vec::new();
        loop {
            let Line::Text(line) = process.recv(deadline, "feature done=1")? else {
                continue;
            };
            if !line.starts_with("feature") {
                continue;
            }
            let mut done = false;
            for (key, value) in parse_features(&line) {
                process.send(&format!("accepted {key}"))?;
                if key == "done" {
                    done = value == "1";
                } else if features.len() < 1000 {
                    features.push((key, value));
                }
            }
            if done {
                break;
            }
        }
        Ok(XboardEngine {
            process,
            features,
            timeouts,
        })
    }

    /// A feature the engine announced (`myname`, `variants`, `setboard`…).
    pub fn feature(&self, name: &str) -> Option<&str> {
        self.features
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The engine's move in the game's current position. Node limits are not part of XBoard and
    /// are refused.
    pub fn play<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
    ) -> Result<PlayResult<V::Move>, EngineError> {
        if limit.nodes.is_some() || limit.mate.is_some() || limit.is_unlimited() {
            return Err(EngineError::Usage(
                "XBoard play takes a depth, a time per move or clocks".to_owned(),
            ));
        }
        if self.feature("setboard") != Some("1") {
            return Err(EngineError::Usage("the engine has no setboard".to_owned()));
        }
        let usermove = self.feature("usermove") == Some("1");
        self.process.send("new")?;
        // Some engines keep the last variant across `new`: chess is named (`normal`) too.
        let variant = match V::UCI_VARIANT {
            "chess" => "normal",
            other => other,
        };
        if variant != "normal" || self.feature("variants").is_some() {
            self.process.send(&format!("variant {variant}"))?;
        }
        self.process.send("force")?;
        self.process
            .send(&format!("setboard {}", game.start().fen()))?;
        for (pos, &mv) in game.positions().iter().zip(game.moves()) {
            let text = V::engine_move(pos, mv, XiangqiDialect::Ucci);
            self.process.send(&if usermove {
                format!("usermove {text}")
            } else {
                text
            })?;
        }
        self.process.send("post")?;
        if let Some(depth) = limit.depth {
            self.process.send(&format!("sd {depth}"))?;
        }
        let pos = game.position();
        if let Some(time) = limit.movetime {
            self.process
                .send(&format!("st {}", time.as_secs().max(1)))?;
        } else if let (Some(white), Some(black)) = (limit.white_clock, limit.black_clock) {
            let inc = match pos.turn() {
                Color::White => limit.white_inc,
                Color::Black => limit.black_inc,
            }
            .unwrap_or_default();
            self.process.send(&format!(
                "level 0 {} {}",
                limit.moves_to_go.unwrap_or(0),
                inc.as_secs()
            ))?;
            let (own, opp) = match pos.turn() {
                Color::White => (white, black),
                Color::Black => (black, white),
            };
            self.process
                .send(&format!("time {}", own.as_millis() / 10))?;
            self.process
                .send(&format!("otim {}", opp.as_millis() / 10))?;
        }
        self.process.send("go")?;
        let budget = limit
            .time_budget(pos.turn())
            .map_or(self.timeouts.search, |t| t + self.timeouts.grace);
        let deadline = Instant::now() + budget;
        let mut info: Info<V::Move> = Info::default();
        loop {
            let Line::Text(line) = self.process.recv(deadline, "move")? else {
                continue;
            };
            let line = line.trim();
            if let Some(text) = line.strip_prefix("move ") {
                let mv = V::read_engine_move(pos, text.trim(), XiangqiDialect::Ucci)
                    .or_else(|_| pos.parse_any(text.trim()))
                    .map_err(EngineError::IllegalMove)?;
                self.process.send("force")?;
                return Ok(PlayResult {
                    best: BestMove {
                        best: Some(mv),
                        ponder: None,
                        draw: false,
                        resign: false,
                    },
                    info,
                });
            }
            if line == "resign" || line.starts_with("tellics resign") {
                self.process.send("force")?;
                return Ok(PlayResult {
                    best: BestMove {
                        best: None,
                        ponder: None,
                        draw: false,
                        resign: true,
                    },
                    info,
                });
            }
            // `Error (…): command` says a command is unknown (`post` to some engines): ignored.
            // `Illegal move` means the engine's board disagrees with the game.
            if line.starts_with("Illegal move") {
                return Err(EngineError::Usage(format!(
                    "the engine refused a command: {}",
                    crate::text::shorten(line)
                )));
            }
            if let Some(thinking) = parse_thinking(line) {
                let mut current = pos.clone();
                let read = thinking.map_moves(|prefix: &[V::Move], text: String| {
                    if prefix.is_empty() {
                        current = pos.clone();
                    }
                    let mv = V::read_engine_move(&current, &text, XiangqiDialect::Ucci)
                        .or_else(|_| current.parse_any(&text))?;
                    current.play_or_pass(mv);
                    Ok::<_, crate::MoveError>(mv)
                });
                info.merge(read);
            }
        }
    }

    /// Sends `quit`; kills the engine if it has not exited within the quit timeout.
    pub fn quit(mut self) -> bool {
        self.process.quit(self.timeouts.quit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_and_thinking() {
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
        let info = parse_thinking("4 139 0 676 4 225333 0\t h0g2 f9e8 b2c2 h7h3").unwrap();
        assert_eq!(info.depth, Some(4));
        assert_eq!(info.score, Some(Score::Cp(139)));
        assert_eq!(info.pv, ["h0g2", "f9e8", "b2c2", "h7h3"]);
        assert_eq!(parse_thinking("move e2e4"), None);
    }
}
