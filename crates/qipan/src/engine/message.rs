//! One line an engine sends, read into an [`EngineMessage`].
//!
//! ```
//! use qipan::engine::EngineMessage;
//! assert_eq!(EngineMessage::parse("uciok"), EngineMessage::UciOk);
//! assert_eq!(
//!     EngineMessage::parse("bestmove e2e4 ponder e7e5"),
//!     EngineMessage::BestMove { best: Some("e2e4".into()), ponder: Some("e7e5".into()), draw: false, resign: false },
//! );
//! assert_eq!(EngineMessage::parse("nobestmove"), EngineMessage::NoBestMove);
//! assert!(matches!(EngineMessage::parse("id name Stockfish 16"), EngineMessage::Id { .. }));
//! ```

use super::info::Info;
use super::option::EngineOption;

/// A line from a UCI or UCCI engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name …`, `id author …` (UCCI also `copyright`, `user`).
    Id {
        /// `name`, `author`, `copyright`, `user`…
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `option …`.
    Option(EngineOption),
    /// `uciok`: the UCI handshake is over.
    UciOk,
    /// `ucciok`: the UCCI handshake is over.
    UcciOk,
    /// `readyok`.
    ReadyOk,
    /// `info …`.
    Info(Box<Info>),
    /// `bestmove <move> [ponder <move>] [draw | resign]`. `best` is `None` for `bestmove (none)`
    /// or `bestmove 0000` (no legal move) and for a bare `bestmove`.
    BestMove {
        /// The move, as the engine wrote it.
        best: Option<String>,
        /// The move it expects in reply.
        ponder: Option<String>,
        /// UCCI: the engine offers or accepts a draw.
        draw: bool,
        /// UCCI: the engine resigns.
        resign: bool,
    },
    /// `nobestmove` (UCCI): the search ended without a move.
    NoBestMove,
    /// `bye` (UCCI): the engine is about to exit.
    Bye,
    /// Any other line (`copyprotection`, `registration`, debug output…), kept as text.
    Other(String),
}

fn is_move_placeholder(text: &str) -> bool {
    matches!(text, "(none)" | "0000" | "none" | "null" | "NULL")
}

impl EngineMessage {
    /// Reads a line (without its line break). Never fails: an unknown line is
    /// [`EngineMessage::Other`].
    pub fn parse(line: &str) -> EngineMessage {
        let trimmed = line.trim();
        let (command, rest) = match trimmed.find(char::is_whitespace) {
            Some(i) => (&trimmed[..i], trimmed[i..].trim_start()),
            None => (trimmed, ""),
        };
        match command {
            "uciok" => EngineMessage::UciOk,
            "ucciok" => EngineMessage::UcciOk,
            "readyok" => EngineMessage::ReadyOk,
            "nobestmove" => EngineMessage::NoBestMove,
            "bye" => EngineMessage::Bye,
            "info" => EngineMessage::Info(Box::new(Info::parse(rest))),
            "option" => match EngineOption::parse(trimmed) {
                Some(option) => EngineMessage::Option(option),
                None => EngineMessage::Other(trimmed.to_owned()),
            },
            "id" => {
                let (key, value) = match rest.find(char::is_whitespace) {
                    Some(i) => (&rest[..i], rest[i..].trim()),
                    None => (rest, ""),
                };
                EngineMessage::Id {
                    key: key.to_owned(),
                    value: value.to_owned(),
                }
            }
            "bestmove" => {
                let mut words = rest.split_whitespace().peekable();
                let mut best = None;
                if let Some(&first) = words.peek() {
                    if !matches!(first, "ponder" | "draw" | "resign") {
                        words.next();
                        if !is_move_placeholder(first) {
                            best = Some(first.to_owned());
                        }
                    }
                }
                let (mut ponder, mut draw, mut resign) = (None, false, false);
                while let Some(word) = words.next() {
                    match word {
                        "ponder" => {
                            ponder = words
                                .next()
                                .filter(|m| !is_move_placeholder(m))
                                .map(str::to_owned)
                        }
                        "draw" => draw = true,
                        "resign" => resign = true,
                        _ => {}
                    }
                }
                EngineMessage::BestMove {
                    best,
                    ponder,
                    draw,
                    resign,
                }
            }
            _ => EngineMessage::Other(trimmed.to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(line: &str) -> (Option<String>, Option<String>, bool, bool) {
        match EngineMessage::parse(line) {
            EngineMessage::BestMove {
                best,
                ponder,
                draw,
                resign,
            } => (best, ponder, draw, resign),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bestmove_forms() {
        assert_eq!(best("bestmove (none)"), (None, None, false, false));
        assert_eq!(best("bestmove"), (None, None, false, false));
        assert_eq!(
            best("bestmove h2e2 ponder h9g7 draw"),
            (Some("h2e2".into()), Some("h9g7".into()), true, false)
        );
        assert_eq!(
            best("bestmove a0a1 resign"),
            (Some("a0a1".into()), None, false, true)
        );
        assert_eq!(best("bestmove ponder e2e4").0, None);
    }

    #[test]
    fn ids_and_others() {
        assert_eq!(
            EngineMessage::parse("id name  Fairy-Stockfish 11.1 LB 64 \r"),
            EngineMessage::Id {
                key: "name".into(),
                value: "Fairy-Stockfish 11.1 LB 64".into()
            }
        );
        assert_eq!(
            EngineMessage::parse("Stockfish 16 by the Stockfish developers"),
            EngineMessage::Other("Stockfish 16 by the Stockfish developers".into())
        );
        assert_eq!(
            EngineMessage::parse(""),
            EngineMessage::Other(String::new())
        );
        assert_eq!(
            EngineMessage::parse("option name broken"),
            EngineMessage::Other("option name broken".into())
        );
    }
}
