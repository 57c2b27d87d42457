//! [`check_game`]: what `qipan validate` asks of one game — its length, its ending and what is
//! wrong with it — without keeping the game.

use std::ops::ControlFlow;

use super::replay::Replayer;
use super::{visit_game, GameReport, Limits, RawGame, RecordError, RecordErrorKind, Skip, Visitor};
use crate::{with_game_kind, Chess, Ending, GameKind, UnknownGame, Variant, Xiangqi};

/// What [`check_game`] found in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCheck {
    /// The game its tags name (or the one forced), or the `Variant` tag of a game qipan does
    /// not play.
    pub variant: Result<GameKind, UnknownGame>,
    /// The plies played (all of them for a valid game; those before the first error otherwise).
    pub plies: usize,
    /// How the rules ended the game at its last position ([`Ending::Unknown`] when the moves
    /// could not all be played).
    pub ending: Ending,
    /// What is wrong, in the order found; empty for a valid game.
    pub errors: Vec<RecordError>,
    /// What is worth telling but no error ([`GameReport::notes`](super::GameReport::notes)).
    pub notes: Vec<RecordError>,
}

/// Replays one game as the game its tags name (or as `forced`) and reports what
/// [`replay_with`](super::replay_with) finds, as `qipan validate` prints it: the same errors, notes, plies and
/// ending as [`replay_with`](super::replay_with) under the default rules of that game.
///
/// ```
/// use qipan::pgn::{check_game, Limits, Splitter};
/// let text = b"[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let raw = Splitter::new(&text[..], Limits::default()).next().unwrap().unwrap();
/// let check = check_game(&raw, &Limits::default(), None);
/// assert_eq!((check.plies, check.ending.name()), (4, Some("checkmate")));
/// assert!(check.errors.is_empty());
/// ```
pub fn check_game(raw: &RawGame, limits: &Limits, forced: Option<GameKind>) -> GameCheck {
    // Almost every game of a database: a valid chess game in plain text, read in one pass.
    match super::plain::check_plain(raw, limits, forced) {
        Some(check) => check,
        None => check_game_read(raw, limits, forced),
    }
}

/// [`check_game`] by the general reader: the tokenizer, the visitor and a [`Game`](crate::Game).
pub(super) fn check_game_read(
    raw: &RawGame,
    limits: &Limits,
    forced: Option<GameKind>,
) -> GameCheck {
    // One pass: the tags are read once, and the replayer of the game they name takes over at
    // the movetext (rather than reading the tags, then the whole game again).
    let mut dispatch = Dispatch {
        raw,
        limits,
        tags: Vec::new(),
        kind: forced.unwrap_or(GameKind::Chess),
        replayer: Inner::Tags,
    };
    if let Some(kind) = forced {
        dispatch.start(kind);
    }
    let visited = visit_game(raw, limits, &mut dispatch);
    let kind = dispatch.kind;
    let failed = |variant, kind, line, message| GameCheck {
        variant,
        plies: 0,
        ending: Ending::Unknown,
        notes: Vec::new(),
        errors: vec![RecordError {
            game: raw.index,
            line,
            ply: None,
            text: None,
            kind,
            message,
        }],
    };
    match (dispatch.replayer, visited) {
        (Inner::Chess(mut r), visited) => {
            if let Err(e) = visited {
                r.syntax_error(&e);
            }
            summary(kind, r.finish())
        }
        (Inner::Xiangqi(mut r), visited) => {
            if let Err(e) = visited {
                r.syntax_error(&e);
            }
            summary(kind, r.finish())
        }
        (Inner::Unknown(name), _) => {
            let message = format!("unsupported variant {name:?}");
            let kind = RecordErrorKind::UnsupportedVariant;
            failed(Err(UnknownGame(name)), kind, raw.line, message)
        }
        (Inner::Tags, visited) => {
            // Only a syntax error in the tags stops a game before its movetext.
            let (line, message) = match visited {
                Err(e) => (e.line().unwrap_or(raw.line), e.to_string()),
                Ok(()) => (raw.line, "no movetext".to_owned()),
            };
            failed(Ok(GameKind::Chess), RecordErrorKind::Syntax, line, message)
        }
    }
}

fn summary<V: Variant>(kind: GameKind, report: GameReport<V>) -> GameCheck {
    GameCheck {
        variant: Ok(kind),
        plies: report.plies(),
        ending: report.ending(),
        errors: report.errors,
        notes: report.notes,
    }
}

/// The replayer of the game the tags name, once they are read.
enum Inner {
    /// Still in the tags.
    Tags,
    Chess(Replayer<Chess>),
    Xiangqi(Replayer<Xiangqi>),
    /// A game qipan does not play: the rest is not read.
    Unknown(String),
}

impl From<Replayer<Chess>> for Inner {
    fn from(r: Replayer<Chess>) -> Inner {
        Inner::Chess(r)
    }
}

impl From<Replayer<Xiangqi>> for Inner {
    fn from(r: Replayer<Xiangqi>) -> Inner {
        Inner::Xiangqi(r)
    }
}

/// Reads the tags, then hands every part of the movetext to the replayer of the game they name.
struct Dispatch<'a> {
    raw: &'a RawGame,
    limits: &'a Limits,
    tags: Vec<(String, String)>,
    kind: GameKind,
    replayer: Inner,
}

impl Dispatch<'_> {
    fn start(&mut self, kind: GameKind) {
        self.kind = kind;
        let tags = std::mem::take(&mut self.tags);
        self.replayer = with_game_kind!(kind, |V, rules| {
            Inner::from(Replayer::<V>::new(self.raw, self.limits, rules, tags))
        });
    }

    fn replayer(&mut self) -> Option<&mut PhaseFree> {
        match &mut self.replayer {
            Inner::Chess(r) => Some(r),
            Inner::Xiangqi(r) => Some(r),
            Inner::Tags | Inner::Unknown(_) => None,
        }
    }
}

/// A visitor that keeps its phases in itself, as both replayers do.
type PhaseFree = dyn Visitor<Tags = (), Movetext = (), Output = ()>;

// Like the replayers it feeds, the dispatcher keeps its phases in itself: a game whose text
// turns out malformed is still reported by the replayer that had started.
impl Visitor for Dispatch<'_> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &str, value: &str) -> ControlFlow<()> {
        match self.replayer() {
            Some(r) => r.tag(&mut (), name, value),
            None => {
                self.tags.push((name.to_owned(), value.to_owned()));
                ControlFlow::Continue(())
            }
        }
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        if matches!(self.replayer, Inner::Tags) {
            match GameKind::from_tags(&self.tags) {
                Ok(kind) => self.start(kind),
                Err(UnknownGame(name)) => {
                    self.replayer = Inner::Unknown(name);
                    return ControlFlow::Break(());
                }
            }
        }
        match self.replayer() {
            Some(r) => r.begin_movetext(()),
            None => ControlFlow::Break(()),
        }
    }

    fn move_number(&mut self, _: &mut (), number: u32, line: u64) {
        if let Some(r) = self.replayer() {
            r.move_number(&mut (), number, line);
        }
    }

    fn move_text(&mut self, _: &mut (), text: &str, line: u64, depth: usize) -> ControlFlow<()> {
        match self.replayer() {
            Some(r) => r.move_text(&mut (), text, line, depth),
            None => ControlFlow::Break(()),
        }
    }

    fn nag(&mut self, _: &mut (), nag: u8, depth: usize) {
        if let Some(r) = self.replayer() {
            r.nag(&mut (), nag, depth);
        }
    }

    fn comment(&mut self, _: &mut (), text: &str, depth: usize) {
        if let Some(r) = self.replayer() {
            r.comment(&mut (), text, depth);
        }
    }

    fn begin_variation(&mut self, _: &mut (), depth: usize) -> ControlFlow<(), Skip> {
        match self.replayer() {
            Some(r) => r.begin_variation(&mut (), depth),
            None => ControlFlow::Continue(Skip(true)),
        }
    }

    fn end_variation(&mut self, _: &mut (), depth: usize) {
        if let Some(r) = self.replayer() {
            r.end_variation(&mut (), depth);
        }
    }

    fn result(&mut self, _: &mut (), result: &str, line: u64) {
        if let Some(r) = self.replayer() {
            r.result(&mut (), result, line);
        }
    }

    fn end_game(&mut self, _: ()) {}
}
