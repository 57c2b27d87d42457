//! [`Visitor`] and [`visit_game`]: one game's tokens, in order, to whoever wants them.

use std::ops::ControlFlow;

use super::{Limits, RawGame, SyntaxError, Token, Tokenizer};

/// Receives the parts of one game from [`visit_game`], in three typed phases as pgn-reader's
/// visitor does: the tags, gathered in a [`Visitor::Tags`] value; the movetext, gathered in a
/// [`Visitor::Movetext`] value made from the tags; and the end, which turns the movetext into the
/// [`Visitor::Output`] the visit returns. A method of the movetext phase cannot be called before
/// the tags are over: it takes the movetext value, which only [`Visitor::begin_movetext`] makes.
///
/// Every method but the three phase changes has a default that ignores its part; variations
/// are skipped unless [`Visitor::begin_variation`] says otherwise. A method that returns
/// [`ControlFlow::Break`] with an output ends the game: [`visit_game`] returns that output.
///
/// A visitor that must keep what it read from a game whose text turns out malformed (the visit
/// then returns the [`SyntaxError`] and drops the phase values) keeps it in itself instead.
///
/// ```
/// use std::ops::ControlFlow;
/// use qipan::pgn::{visit_game, Limits, Skip, Splitter, Visitor};
///
/// /// Counts the moves of the main line and of every variation, once the tags name a player.
/// struct Count;
/// impl Visitor for Count {
///     type Tags = Option<String>;
///     type Movetext = (usize, usize);
///     type Output = Option<(String, usize, usize)>;
///
///     fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
///         ControlFlow::Continue(None)
///     }
///     fn tag(&mut self, white: &mut Option<String>, name: &str, value: &str) -> ControlFlow<Self::Output> {
///         if name == "White" { *white = Some(value.to_owned()) }
///         ControlFlow::Continue(())
///     }
///     fn begin_movetext(&mut self, white: Option<String>) -> ControlFlow<Self::Output, Self::Movetext> {
///         match white {
///             Some(_) => ControlFlow::Continue((0, 0)),
///             None => ControlFlow::Break(None), // nobody to count for: skip the moves
///         }
///     }
///     fn move_text(&mut self, count: &mut (usize, usize), _: &str, _: u64, depth: usize) -> ControlFlow<Self::Output> {
///         if depth == 0 { count.0 += 1 } else { count.1 += 1 }
///         ControlFlow::Continue(())
///     }
///     fn begin_variation(&mut self, _: &mut (usize, usize), _: usize) -> ControlFlow<Self::Output, Skip> {
///         ControlFlow::Continue(Skip(false)) // enter variations instead of skipping them
///     }
///     fn end_game(&mut self, (main, side): (usize, usize)) -> Self::Output {
///         Some(("Kasparov".to_owned(), main, side))
///     }
/// }
/// let text = b"[White \"Kasparov\"]\n\n1. e4 (1. d4 d5 (1... Nf6)) e5 2. Nf3 *";
/// let game = Splitter::new(&text[..], Limits::default()).next().unwrap().unwrap();
/// let counted = visit_game(&game, &Limits::default(), &mut Count).unwrap();
/// assert_eq!(counted, Some(("Kasparov".to_owned(), 3, 3)));
/// ```
pub trait Visitor {
    /// What the tags phase gathers, handed to [`Visitor::begin_movetext`].
    type Tags;
    /// What the movetext phase gathers, handed to [`Visitor::end_game`].
    type Movetext;
    /// What a visited game gives ([`visit_game`]'s value).
    type Output;

    /// A game begins: the value its tags are gathered in, or [`ControlFlow::Break`] with the
    /// output to pass the game over.
    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags>;
    /// A tag pair, in file order.
    fn tag(&mut self, tags: &mut Self::Tags, name: &str, value: &str) -> ControlFlow<Self::Output> {
        let _ = (tags, name, value);
        ControlFlow::Continue(())
    }
    /// The tags are over and the movetext begins: called once, also for a game without moves.
    /// Returns the value the movetext is gathered in. Comments before the movetext (between or
    /// before the tags) come next, as comments at depth 0.
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext>;
    /// A move number (`12.`/`12...`).
    fn move_number(&mut self, movetext: &mut Self::Movetext, number: u32, line: u64) {
        let _ = (movetext, number, line);
    }
    /// A move of the main line, or of a variation the visitor entered (`depth` > 0).
    fn move_text(
        &mut self,
        movetext: &mut Self::Movetext,
        text: &str,
        line: u64,
        depth: usize,
    ) -> ControlFlow<Self::Output>;
    /// A numeric annotation glyph, for the move before it.
    fn nag(&mut self, movetext: &mut Self::Movetext, nag: u8, depth: usize) {
        let _ = (movetext, nag, depth);
    }
    /// A comment (before the first move, or after the move before it).
    fn comment(&mut self, movetext: &mut Self::Movetext, text: &str, depth: usize) {
        let _ = (movetext, text, depth);
    }
    /// A variation starts at `depth` (1 for a variation of the main line). [`Skip`]`(true)`
    /// skips it (the default), `Skip(false)` receives its tokens; a skipped variation's inner
    /// variations are skipped too.
    fn begin_variation(
        &mut self,
        movetext: &mut Self::Movetext,
        depth: usize,
    ) -> ControlFlow<Self::Output, Skip> {
        let _ = (movetext, depth);
        ControlFlow::Continue(Skip(true))
    }
    /// An entered variation ends; `depth` is the depth it had.
    fn end_variation(&mut self, movetext: &mut Self::Movetext, depth: usize) {
        let _ = (movetext, depth);
    }
    /// The game termination marker of the movetext.
    fn result(&mut self, movetext: &mut Self::Movetext, result: &str, line: u64) {
        let _ = (movetext, result, line);
    }
    /// The game's text is over: what the visit gives.
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output;
}

/// Whether a variation is skipped ([`Visitor::begin_variation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skip(pub bool);

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
) -> Result<V::Output, SyntaxError> {
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
) -> Result<V::Output, SyntaxError> {
    macro_rules! flow {
        ($step:expr) => {
            match $step {
                ControlFlow::Continue(value) => value,
                ControlFlow::Break(output) => return Ok(output),
            }
        };
    }
    let mut tokens = Tokenizer::new(text, line);
    let mut tags = flow!(visitor.begin_tags());
    // Comments among the tags wait for the movetext value that receives them.
    let mut early_comments: Vec<&str> = Vec::new();
    let mut first = None;
    for token in tokens.by_ref() {
        let (token, line) = token?;
        match token {
            Token::Tag { name, value } => flow!(visitor.tag(&mut tags, name, &value)),
            Token::Comment(text) => early_comments.push(text),
            _ => {
                first = Some((token, line));
                break;
            }
        }
    }
    let mut movetext = flow!(visitor.begin_movetext(tags));
    for text in early_comments {
        visitor.comment(&mut movetext, text, 0);
    }
    // Depth of the variation we are in; variations at depths above `skip_from` are skipped.
    let mut depth = 0usize;
    let mut skip_from: Option<usize> = None;
    let mut open_lines: Vec<u64> = Vec::new();
    let rest = first.into_iter().map(Ok).chain(tokens);
    for token in rest {
        let (token, line) = token?;
        let skipping = skip_from.is_some();
        match token {
            Token::Tag { .. } => return Err(SyntaxError::TagInMovetext { line }),
            Token::StartVariation => {
                depth += 1;
                if depth > limits.max_depth {
                    return Err(SyntaxError::TooDeep {
                        line,
                        max: limits.max_depth,
                    });
                }
                open_lines.push(line);
                if !skipping && flow!(visitor.begin_variation(&mut movetext, depth)).0 {
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
                    visitor.end_variation(&mut movetext, depth);
                }
                depth -= 1;
            }
            _ if skipping => {}
            Token::MoveNumber(n) => visitor.move_number(&mut movetext, n, line),
            Token::Move(text) => flow!(visitor.move_text(&mut movetext, text, line, depth)),
            Token::Nag(nag) => visitor.nag(&mut movetext, nag, depth),
            Token::Comment(text) => visitor.comment(&mut movetext, text, depth),
            Token::Result(result) => {
                if depth == 0 {
                    visitor.result(&mut movetext, result, line);
                }
            }
        }
    }
    if let Some(&line) = open_lines.first() {
        return Err(SyntaxError::UnclosedVariation { line });
    }
    Ok(visitor.end_game(movetext))
}
