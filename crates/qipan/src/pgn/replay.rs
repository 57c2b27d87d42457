//! [`replay`]: a record's moves played on a [`Variant`], and its `Result` tag checked.

use std::fmt;
use std::ops::ControlFlow;

use super::tags::tag;
use super::{visit_game, Limits, RawGame, SyntaxError, Visitor};
use crate::{Game, MoveError, Outcome, Variant};

/// The kind of a [`RecordError`], with its name in JSON reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordErrorKind {
    /// `illegal_move`: the move names no legal move of the position.
    IllegalMove,
    /// `ambiguous_move`: the move fits several legal moves.
    AmbiguousMove,
    /// `unparsable_move`: the text is no move in any notation the variant reads.
    UnparsableMove,
    /// `result_mismatch`: the `Result` tag (or the movetext's result) disagrees with the ending.
    ResultMismatch,
    /// `bad_fen`: the `FEN` tag is not a valid position.
    BadFen,
    /// `syntax`: the record's text is malformed or too large ([`SyntaxError`](super::SyntaxError)).
    Syntax,
    /// `unsupported_variant`: the record is of a game qipan does not play.
    UnsupportedVariant,
}

impl RecordErrorKind {
    /// The name used in JSON reports.
    pub const fn as_str(self) -> &'static str {
        match self {
            RecordErrorKind::IllegalMove => "illegal_move",
            RecordErrorKind::AmbiguousMove => "ambiguous_move",
            RecordErrorKind::UnparsableMove => "unparsable_move",
            RecordErrorKind::ResultMismatch => "result_mismatch",
            RecordErrorKind::BadFen => "bad_fen",
            RecordErrorKind::Syntax => "syntax",
            RecordErrorKind::UnsupportedVariant => "unsupported_variant",
        }
    }
}

impl RecordErrorKind {
    /// The exception / `Error.name` a binding throws for a record refused with this error:
    /// the move and FEN errors' own names ([`ErrorKind::name`](crate::ErrorKind::name)), and
    /// `InvalidPgnError` for malformed text, an unsupported game or a wrong result.
    pub const fn error_name(self) -> &'static str {
        match self {
            RecordErrorKind::IllegalMove => crate::ErrorKind::IllegalMove.name(),
            RecordErrorKind::AmbiguousMove => crate::ErrorKind::AmbiguousMove.name(),
            RecordErrorKind::UnparsableMove => crate::ErrorKind::InvalidMove.name(),
            RecordErrorKind::BadFen => crate::ErrorKind::InvalidFen.name(),
            RecordErrorKind::ResultMismatch
            | RecordErrorKind::Syntax
            | RecordErrorKind::UnsupportedVariant => INVALID_PGN_ERROR,
        }
    }
}

/// The `Error.name` of a record that cannot be read ([`RecordErrorKind::error_name`]).
pub const INVALID_PGN_ERROR: &str = "InvalidPgnError";

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Something wrong with one game of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based index of the game in its file.
    pub game: u64,
    /// 1-based line of the offending token (the game's first line when there is none); 0 for a
    /// record that has no lines (an XQF, CBR or CBL archive, see [`crate::archive`]).
    pub line: u64,
    /// 1-based ply of the offending move, if it is about a move.
    pub ply: Option<usize>,
    /// The move text, if it is about a move.
    pub text: Option<String>,
    /// What kind of error.
    pub kind: RecordErrorKind,
    /// A sentence for people.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        // Line 0: a record without lines of text (a binary archive; the message says where).
        if self.line > 0 {
            write!(f, ", line {}", self.line)?;
        }
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        if let Some(text) = &self.text {
            write!(f, ", move {text:?}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// How the `Result` tag compares with the real ending ([`GameReport::result_check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultCheck {
    /// The tag agrees with the ending, or the rules leave the game undecided (any tag may then
    /// stand: resignation, agreement and time are not in the moves).
    Consistent,
    /// The rules ended the game with `real`, and the record says another result (not `*`).
    Mismatch {
        /// The ending the rules give.
        real: Outcome,
    },
    /// The rules ended the game with `real` and the record says `*` ("unknown or unfinished" in
    /// PGN), as composed endgames and puzzles do: not an error, the report keeps a note
    /// ([`GameReport::notes`]) that strict checking counts as a mismatch.
    Unmarked {
        /// The ending the rules give.
        real: Outcome,
    },
    /// Not checked: the moves could not all be played.
    Unchecked,
}

/// Everything [`replay`] learnt of one game.
#[derive(Debug, Clone)]
pub struct GameReport<V: Variant> {
    /// 1-based index of the game in its file.
    pub index: u64,
    /// The game's first line.
    pub line: u64,
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The game as far as its moves could be played (start position from the `FEN` tag).
    pub game: Game<V>,
    /// The result token at the end of the movetext, if any.
    pub result_token: Option<String>,
    /// The `Result` tag compared with the ending.
    pub result_check: ResultCheck,
    /// What went wrong, in the order found; empty for a valid game.
    pub errors: Vec<RecordError>,
    /// What is worth telling but no error: a `*` result on a game the rules ended
    /// ([`ResultCheck::Unmarked`], kind [`RecordErrorKind::ResultMismatch`]).
    pub notes: Vec<RecordError>,
}

impl<V: Variant> GameReport<V> {
    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }
    /// The number of plies played.
    pub fn plies(&self) -> usize {
        self.game.ply()
    }
    /// The final position as FEN.
    pub fn final_fen(&self) -> String {
        self.game.position().fen()
    }
    /// The ending the rules give at the last position ([`Game::outcome`]), if any.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    /// How the rules ended the game: [`Ending::Unknown`](crate::Ending::Unknown) when the
    /// moves could not all be played, else the ending at the last position.
    pub fn ending(&self) -> crate::Ending {
        match self.result_check {
            ResultCheck::Unchecked => crate::Ending::Unknown,
            _ => crate::Ending::of(self.outcome()),
        }
    }
    /// Whether every move was played and the result agrees.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
    /// The errors under strict result checking: [`GameReport::errors`], and the notes that a
    /// `*` result stands on a game the rules ended (sorted by line).
    pub fn strict_errors(&self) -> Vec<RecordError> {
        let mut errors = self.errors.clone();
        errors.extend(self.notes.iter().cloned());
        errors.sort_by_key(|e| e.line);
        errors
    }
}

/// The [`Visitor`] of [`replay_with`] (and of [`check_game`](super::check_game), which picks
/// the variant from the tags first).
pub(crate) struct Replayer<V: Variant> {
    rules: V::Rules,
    max_plies: usize,
    index: u64,
    first_line: u64,
    tags: Vec<(String, String)>,
    game: Option<Game<V>>,
    result: Option<(String, u64)>,
    errors: Vec<RecordError>,
    notes: Vec<RecordError>,
    failed: bool,
}

impl<V: Variant> Replayer<V> {
    /// A replayer of `raw` under `rules`, with the tags read so far.
    pub(crate) fn new(
        raw: &RawGame,
        limits: &Limits,
        rules: V::Rules,
        tags: Vec<(String, String)>,
    ) -> Self {
        Replayer {
            rules,
            max_plies: limits.max_plies,
            index: raw.index,
            first_line: raw.line,
            tags,
            game: None,
            result: None,
            errors: Vec::new(),
            notes: Vec::new(),
            failed: false,
        }
    }

    /// The report of a game already played (an archive's main line, read without text): its
    /// tags, and the result token its record ends with; judged as [`Replayer::finish`] judges a
    /// game read from text. Its and its errors' `line` is 0.
    pub(crate) fn judge(
        index: u64,
        tags: Vec<(String, String)>,
        game: Game<V>,
        result_token: Option<String>,
    ) -> GameReport<V> {
        Replayer {
            rules: game.rules().clone(),
            max_plies: usize::MAX,
            index,
            first_line: 0,
            tags,
            game: Some(game),
            result: result_token.map(|token| (token, 0)),
            errors: Vec::new(),
            notes: Vec::new(),
            failed: false,
        }
        .finish()
    }

    /// The game's text is malformed: an error, and the replay stops.
    pub(crate) fn syntax_error(&mut self, e: &SyntaxError) {
        let line = e.line().unwrap_or(self.first_line);
        self.error(line, RecordErrorKind::Syntax, e.message());
        self.failed = true;
    }

    /// The report, with the result checked when every move was played.
    pub(crate) fn finish(mut self) -> GameReport<V> {
        let game = self.game.take().unwrap_or_default();
        let result_check = if self.failed {
            ResultCheck::Unchecked
        } else {
            check_result(&mut self, &game)
        };
        GameReport {
            index: self.index,
            line: self.first_line,
            tags: self.tags,
            game,
            result_token: self.result.map(|(text, _)| text),
            result_check,
            errors: self.errors,
            notes: self.notes,
        }
    }

    fn error(&mut self, line: u64, kind: RecordErrorKind, message: String) {
        let index = self.index;
        self.errors.push(RecordError {
            game: index,
            line,
            ply: None,
            text: None,
            kind,
            message,
        });
    }
}

// The replayer's phases are all in itself, not in phase values: a game whose text turns out
// malformed is still reported with every move played before the fault.
impl<V: Variant> Visitor for Replayer<V> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &str, value: &str) -> ControlFlow<()> {
        self.tags.push((name.to_owned(), value.to_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        let fen = tag(&self.tags, "FEN").map(|f| f.trim().to_owned());
        let start = match fen.as_deref() {
            Some(fen) => V::from_fen_for(fen, &self.rules).map_err(|e| e.to_string()),
            None => Ok(V::start_with(&self.rules)),
        };
        let game = match start {
            Ok(position) => Game::with_rules(position, self.rules.clone()),
            Err(e) => {
                let fen = fen.unwrap_or_default();
                self.error(
                    self.first_line,
                    RecordErrorKind::BadFen,
                    format!("FEN tag {fen:?}: {e}"),
                );
                self.failed = true;
                return ControlFlow::Break(());
            }
        };
        self.game = Some(game);
        ControlFlow::Continue(())
    }

    fn move_text(&mut self, _: &mut (), text: &str, line: u64, _: usize) -> ControlFlow<()> {
        if self
            .game
            .as_ref()
            .is_some_and(|g| g.ply() >= self.max_plies)
        {
            let message = format!("more than {} plies", self.max_plies);
            self.error(line, RecordErrorKind::Syntax, message);
            self.failed = true;
            return ControlFlow::Break(());
        }
        let Some(game) = self.game.as_mut() else {
            return ControlFlow::Break(());
        };
        match game.position().parse_any(text) {
            Ok(mv) => {
                game.push_unchecked(mv);
                ControlFlow::Continue(())
            }
            Err(e) => {
                let kind = match e {
                    MoveError::Invalid { .. } => RecordErrorKind::UnparsableMove,
                    MoveError::Illegal { .. } => RecordErrorKind::IllegalMove,
                    MoveError::Ambiguous { .. } => RecordErrorKind::AmbiguousMove,
                };
                let ply = game.ply() + 1;
                self.errors.push(RecordError {
                    game: self.index,
                    line,
                    ply: Some(ply),
                    text: Some(text.to_owned()),
                    kind,
                    message: e.to_string(),
                });
                self.failed = true;
                ControlFlow::Break(())
            }
        }
    }

    fn result(&mut self, _: &mut (), result: &str, line: u64) {
        self.result = Some((result.to_owned(), line));
    }

    fn end_game(&mut self, _: ()) {}
}

/// Replays one game of the [`Splitter`](super::Splitter) on `V`: the start position from the
/// `FEN` tag (`SetUp` is not required), each main-line move through [`Variant::parse_any`],
/// variations skipped. Replay stops at the first move that cannot be played.
///
/// When every move was played, the result is checked: the rules' ending at the last position
/// ([`Game::outcome`]: checkmate, stalemate, insufficient material, the automatic repetition and
/// move-count draws, Xiangqi's perpetual check and chase) is compared with the `Result` tag and
/// with the movetext's result token. It is a [`RecordErrorKind::ResultMismatch`] when
///
/// - the rules ended the game and the tag (or token) is another result — e.g. `1-0` when White is
///   checkmated, `1-0` on a stalemate in chess (a draw);
/// - the `Result` tag and the result token are both present and differ.
///
/// `*` on a game the rules ended (a composed mate, a puzzle) is no error: `*` means "unknown or
/// unfinished". The check is then [`ResultCheck::Unmarked`] and [`GameReport::notes`] says what
/// the ending is ([`GameReport::strict_errors`] counts it as a mismatch).
///
/// Null moves (`--`, `Z0`, `0000`, `@@@@`) are played as passes, refused in check.
///
/// When the rules leave the game undecided, any result stands: resignation, agreement, a time
/// forfeit or an unfinished game are not in the moves. A missing `Result` tag is not an error.
///
/// ```
/// use qipan::pgn::{replay, RecordErrorKind, Limits, Splitter};
/// use qipan::{Chess, Termination};
/// let text = b"[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let mut games = Splitter::new(&text[..], Limits::default()).map(|g| g.unwrap());
/// let mated = replay::<Chess>(&games.next().unwrap(), &Limits::default());
/// assert_eq!(mated.outcome().unwrap().termination, Termination::Checkmate);
/// assert_eq!(mated.errors[0].kind, RecordErrorKind::ResultMismatch); // Black mated, the tag says 1-0
/// let illegal = replay::<Chess>(&games.next().unwrap(), &Limits::default());
/// let error = &illegal.errors[0];
/// assert_eq!((error.game, error.line, error.ply), (2, 7, Some(3)));
/// assert_eq!((error.kind, error.text.as_deref()), (RecordErrorKind::IllegalMove, Some("Ke3")));
/// ```
pub fn replay<V: Variant>(raw: &RawGame, limits: &Limits) -> GameReport<V> {
    replay_with(raw, limits, &V::Rules::default())
}

/// [`replay`] under `rules`: the `FEN` tag is read as those rules read it (Chess960 castling
/// rights, for one), and the game is judged under them (a Xiangqi rule set).
pub fn replay_with<V: Variant>(raw: &RawGame, limits: &Limits, rules: &V::Rules) -> GameReport<V> {
    let mut replayer = Replayer::<V>::new(raw, limits, rules.clone(), Vec::new());
    if let Err(e) = visit_game(raw, limits, &mut replayer) {
        replayer.syntax_error(&e);
    }
    replayer.finish()
}

fn check_result<V: Variant>(r: &mut Replayer<V>, game: &Game<V>) -> ResultCheck {
    let tag_result = tag(&r.tags, "Result").map(|t| t.trim().to_owned());
    let token = r.result.clone();
    let end_line = token.as_ref().map_or(r.first_line, |(_, line)| *line);
    if let (Some(tag), Some((token, line))) = (&tag_result, &token) {
        if tag != token {
            let message = format!("the Result tag says {tag} but the movetext ends with {token}");
            r.error(*line, RecordErrorKind::ResultMismatch, message);
        }
    }
    let Some(real) = game.outcome() else {
        return ResultCheck::Consistent;
    };
    let claimed = tag_result.or(token.map(|(t, _)| t));
    match claimed {
        Some(claimed) if claimed != real.result() => {
            let winner = real
                .winner
                .map_or(String::new(), |c| format!(", {} wins", V::color_name(c)));
            let message = format!(
                "the record says {claimed} but the game ended in {} ({}{winner}) after ply {}",
                real.result(),
                real.termination,
                game.ply()
            );
            let unmarked = claimed == "*";
            let note = RecordError {
                game: r.index,
                line: end_line,
                ply: None,
                text: None,
                kind: RecordErrorKind::ResultMismatch,
                message,
            };
            if unmarked {
                r.notes.push(note);
                ResultCheck::Unmarked { real }
            } else {
                r.errors.push(note);
                ResultCheck::Mismatch { real }
            }
        }
        _ => ResultCheck::Consistent,
    }
}

#[cfg(test)]
mod error_name_tests {
    use super::RecordErrorKind;

    #[test]
    fn a_refused_record_throws_the_documented_error_names() {
        // The names docs/javascript.md and docs/python.md list for a record that is refused.
        let cases = [
            (RecordErrorKind::IllegalMove, "IllegalMoveError"),
            (RecordErrorKind::AmbiguousMove, "AmbiguousMoveError"),
            (RecordErrorKind::UnparsableMove, "InvalidMoveError"),
            (RecordErrorKind::BadFen, "InvalidFenError"),
            (RecordErrorKind::Syntax, "InvalidPgnError"),
            (RecordErrorKind::UnsupportedVariant, "InvalidPgnError"),
            (RecordErrorKind::ResultMismatch, "InvalidPgnError"),
        ];
        for (kind, name) in cases {
            assert_eq!(kind.error_name(), name, "{kind}");
        }
    }
}
