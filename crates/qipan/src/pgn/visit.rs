//! [`Visitor`] and [`visit_game`]: one game's tokens, in order, to whoever wants them.

use std::ops::ControlFlow;

use super::{Limits, RawGame, SyntaxError, Token, Tokenizer};

/// Receives the parts of one game from [`visit_game`]. Every method has a default that ignores
/// its part; variations are skipped unless [`Visitor::begin_variation`] says otherwise.
///
/// Methods that return [`ControlFlow`] may stop the game: [`visit_game`] then returns at once.
///
/// ```
/// use std::ops::ControlFlow;
/// use qipan::pgn::{visit_game, Limits, Splitter, Visitor};
///
/// /// Counts the moves of the main line and of every variation.
/// #[derive(Default)]
/// struct Count { main: usize, side: usize }
/// impl Visitor for Count {
///     fn move_text(&mut self, _: &str, _: u64, depth: usize) -> ControlFlow<()> {
///         if depth == 0 { self.main += 1 } else { self.side += 1 }
///         ControlFlow::Continue(())
///     }
///     fn begin_variation(&mut self, _: usize) -> ControlFlow<()> {
///         ControlFlow::Continue(()) // enter variations instead of skipping them
///     }
/// }
/// let text = b"1. e4 (1. d4 d5 (1... Nf6)) e5 2. Nf3 *";
/// let game = Splitter::new(&text[..], Limits::default()).next().unwrap().unwrap();
/// let mut count = Count::default();
/// visit_game(&game, &Limits::default(), &mut count).unwrap();
/// assert_eq!((count.main, count.side), (3, 3));
/// ```
pub trait Visitor {
    /// A tag pair, in file order.
    fn tag(&mut self, name: &str, value: &str) {
        let _ = (name, value);
    }
    /// The tags are over and the movetext begins (called once, also for a game without moves).
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A move number (`12.`/`12...`).
    fn move_number(&mut self, number: u32, line: u64) {
        let _ = (number, line);
    }
    /// A move of the main line, or of a variation the visitor entered (`depth` > 0).
    fn move_text(&mut self, text: &str, line: u64, depth: usize) -> ControlFlow<()>;
    /// A numeric annotation glyph, for the move before it.
    fn nag(&mut self, nag: u8, depth: usize) {
        let _ = (nag, depth);
    }
    /// A comment (before the first move, or after the move before it).
    fn comment(&mut self, text: &str, depth: usize) {
        let _ = (text, depth);
    }
    /// A variation starts at `depth` (1 for a variation of the main line). Return
    /// [`ControlFlow::Break`] to skip it (the default) and [`ControlFlow::Continue`] to receive its
    /// tokens; a skipped variation's inner variations are skipped too.
    fn begin_variation(&mut self, depth: usize) -> ControlFlow<()> {
        let _ = depth;
        ControlFlow::Break(())
    }
    /// An entered variation ends; `depth` is the depth it had.
    fn end_variation(&mut self, depth: usize) {
        let _ = depth;
    }
    /// The game termination marker of the movetext.
    fn result(&mut self, result: &str, line: u64) {
        let _ = (result, line);
    }
}

/// Tokenizes one game and drives `visitor`; a syntax error (bad tag, unbalanced comment or
/// variation, nesting beyond [`Limits::max_depth`]) ends the game. Variations are followed with a
/// counter, not recursion, so no input can overflow the stack.
///
/// The text is decoded as UTF-8, invalid bytes replaced by U+FFFD (records in Latin-1 keep
/// their moves, which are ASCII, but not their accented names); with the `gbk` feature a Xiangqi
/// record that is not UTF-8 but valid GBK is decoded as GBK (see `docs/records.md`). A game the
/// [`Splitter`] cut ([`RawGame::error`]) is not visited: its error is returned.
///
/// [`Splitter`]: super::Splitter
pub fn visit_game<V: Visitor + ?Sized>(
    game: &RawGame,
    limits: &Limits,
    visitor: &mut V,
) -> Result<(), SyntaxError> {
    if let Some(error) = &game.error {
        return Err(error.clone());
    }
    let text = super::decode::game_text(&game.bytes, limits);
    visit_text(&text, game.line, limits, visitor)
}

/// [`visit_game`] on text already in memory, whose first line is `line`.
pub(crate) fn visit_text<V: Visitor + ?Sized>(
    text: &str,
    line: u64,
    limits: &Limits,
    visitor: &mut V,
) -> Result<(), SyntaxError> {
    let mut in_movetext = false;
    // Depth of the variation we are in; variations at depths above `skip_from` are skipped.
    let mut depth = 0usize;
    let mut skip_from: Option<usize> = None;
    let mut open_lines: Vec<u64> = Vec::new();
    for token in Tokenizer::new(text, line) {
        let (token, line) = token?;
        if let Token::Tag { name, value } = &token {
            if in_movetext {
                return Err(SyntaxError::TagInMovetext { line });
            }
            visitor.tag(name, value);
            continue;
        }
        if !in_movetext && !matches!(token, Token::Comment(_)) {
            in_movetext = true;
            if visitor.begin_movetext().is_break() {
                return Ok(());
            }
        }
        let skipping = skip_from.is_some();
        match token {
            Token::Tag { .. } => unreachable!("handled above"),
            Token::StartVariation => {
                depth += 1;
                if depth > limits.max_depth {
                    return Err(SyntaxError::TooDeep {
                        line,
                        max: limits.max_depth,
                    });
                }
                open_lines.push(line);
                if !skipping && visitor.begin_variation(depth).is_break() {
                    skip_from = Some(depth);
                }
            }
            Token::EndVariation => {
                if depth == 0 {
                    return Err(SyntaxError::UnmatchedParen { line });
                }
                open_lines.pop();
                if skip_from == Some(depth) {
                    skip_from = None;
                } else if !skipping {
                    visitor.end_variation(depth);
                }
                depth -= 1;
            }
            _ if skipping => {}
            Token::MoveNumber(n) => visitor.move_number(n, line),
            Token::Move(text) => {
                if visitor.move_text(text, line, depth).is_break() {
                    return Ok(());
                }
            }
            Token::Nag(nag) => visitor.nag(nag, depth),
            Token::Comment(text) => visitor.comment(text, depth),
            Token::Result(result) => {
                if depth == 0 {
                    visitor.result(result, line);
                }
            }
        }
    }
    if let Some(&line) = open_lines.first() {
        return Err(SyntaxError::UnclosedVariation { line });
    }
    if !in_movetext {
        let _ = visitor.begin_movetext();
    }
    Ok(())
}
