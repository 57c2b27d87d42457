//! [`GameLines`]: one game out of a stream that is read a line at a time and must not be read
//! past the game's end — a Python text handle that `read_game` is called on again and again,
//! whose position the caller may `tell()` and `seek()` between games.
//!
//! The rule is python-chess's: leading blank lines, `%` escape lines and stray text before a
//! tag are skipped; the tag section follows; the movetext ends at the first blank line outside
//! a `{ ... }` comment (or at the end of the stream). Blank lines inside the tag section do not
//! end the game (ChessBase leaves them). An XQBase trailer (a line of `=` and the text after it)
//! between games is skipped up to the next tag line.

use super::{is_trailer_rule, Limits, RawGame, SyntaxError};

/// What a line fed to [`GameLines::feed`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineStep {
    /// Before the game: not part of it, read the next line.
    Skip,
    /// Part of the game; read the next line.
    Take,
    /// The blank line that ends the game: nothing more is to be read for it.
    End,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Before,
    Trailer,
    Tags,
    /// In the movetext; `started` once a line of it had a token.
    Movetext {
        started: bool,
    },
}

/// Collects the lines of one game, deciding line by line where it ends (see the
/// module documentation).
///
/// ```
/// use qipan::pgn::{GameLines, LineStep, Limits};
/// let mut lines = GameLines::new(Limits::default(), 1);
/// let text = "\n[Event \"x\"]\n\n1. e4 { a\n\n b } e5 *\n\n[Event \"y\"]\n";
/// let steps: Vec<LineStep> = text.split_inclusive('\n').map(|l| lines.feed(l.as_bytes())).take(7).collect();
/// assert_eq!(steps.last(), Some(&LineStep::End));
/// let game = lines.finish().unwrap();
/// assert_eq!((game.line, game.bytes.len()), (2, 35));
/// ```
#[derive(Debug, Clone)]
pub struct GameLines {
    limits: Limits,
    state: State,
    in_brace: bool,
    line_no: u64,
    game: Option<RawGame>,
}

impl GameLines {
    /// A collector whose first line is numbered `line`.
    pub fn new(limits: Limits, line: u64) -> Self {
        GameLines {
            limits,
            state: State::Before,
            in_brace: false,
            line_no: line,
            game: None,
        }
    }

    /// The number the next line fed gets.
    pub fn next_line(&self) -> u64 {
        self.line_no
    }

    /// Takes the next line (with or without its `\n`) and says what it is. After
    /// [`LineStep::End`], call [`GameLines::finish`].
    pub fn feed(&mut self, line: &[u8]) -> LineStep {
        let line_no = self.line_no;
        self.line_no += 1;
        let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        let first = line.iter().copied().find(|b| !b.is_ascii_whitespace());
        let step = match self.state {
            State::Before | State::Trailer => match first {
                Some(b'[') => {
                    self.state = State::Tags;
                    LineStep::Take
                }
                _ if self.state == State::Trailer => LineStep::Skip,
                None => LineStep::Skip,
                Some(b'%') if line[0] == b'%' => LineStep::Skip,
                Some(_) if is_trailer_rule(line) => {
                    self.state = State::Trailer;
                    LineStep::Skip
                }
                Some(_) => {
                    self.state = State::Movetext { started: true };
                    self.scan(line);
                    LineStep::Take
                }
            },
            State::Tags => match first {
                Some(b'[') | None => LineStep::Take,
                Some(_) => {
                    self.state = State::Movetext { started: true };
                    self.scan(line);
                    LineStep::Take
                }
            },
            State::Movetext { started } => match first {
                None if !self.in_brace && started => LineStep::End,
                None => LineStep::Take,
                Some(b'[') if !started && !self.in_brace => {
                    self.state = State::Tags;
                    LineStep::Take
                }
                Some(_) => {
                    self.state = State::Movetext { started: true };
                    self.scan(line);
                    LineStep::Take
                }
            },
        };
        if step != LineStep::Skip {
            self.append(line, line_no);
        }
        step
    }

    fn append(&mut self, line: &[u8], line_no: u64) {
        let limits = self.limits;
        let game = self.game.get_or_insert_with(|| RawGame {
            index: 1,
            line: line_no,
            offset: 0,
            bytes: Vec::new(),
            error: None,
        });
        if game.error.is_some() {
            return;
        }
        if line.len() > limits.max_line {
            game.error = Some(SyntaxError::LineTooLong {
                line: line_no,
                max: limits.max_line,
            });
        } else if game.bytes.len() + line.len() + 1 > limits.max_game {
            game.error = Some(SyntaxError::GameTooLarge {
                max: limits.max_game,
            });
        }
        if game.error.is_some() {
            game.bytes = Vec::new();
            return;
        }
        game.bytes.extend_from_slice(line);
        if !line.ends_with(b"\n") {
            game.bytes.push(b'\n');
        }
    }

    /// Follows `{ ... }` comments across lines (a `;` comment ends the line).
    fn scan(&mut self, line: &[u8]) {
        for &b in line {
            match (self.in_brace, b) {
                (true, b'}') => self.in_brace = false,
                (false, b'{') => self.in_brace = true,
                (false, b';') => break,
                _ => {}
            }
        }
    }

    /// The game collected, or `None` when no line belonged to one (the end of the stream).
    pub fn finish(self) -> Option<RawGame> {
        self.game
    }
}
