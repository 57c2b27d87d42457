//! Reading a record into a [`GameTree`]: a [`Visitor`] that keeps everything — tags, moves of
//! every variation, comments before and after moves, NAGs — and records what cannot be played as
//! an error on the game, as python-chess's `GameBuilder` does.

use std::ops::ControlFlow;

use super::{GameTree, NodeId, MAX_TREE_NODES};
use crate::pgn::{visit_game, Limits, RawGame, RecordError, RecordErrorKind, Skip, Visitor};
use crate::{MoveError, Notation, Variant};

impl<V: Variant> GameTree<V> {
    /// Reads one game of a [`Splitter`](crate::pgn::Splitter) under `rules` (which the caller
    /// chose from the tags, see [`AnyGameTree::read`](super::AnyGameTree::read)).
    ///
    /// The start position comes from the `FEN` tag. A move that cannot be played is an error
    /// on the game (line and ply) and the rest of its variation is skipped — for a main-line
    /// move, the rest of the game — while everything else is still read. Malformed text
    /// (an unclosed variation, a line or game beyond [`Limits`]) is an error too, and the tree
    /// keeps what was read before it. At most [`Limits::max_plies`] moves deep and
    /// [`MAX_TREE_NODES`] moves in all are read.
    ///
    /// Comments are kept as written but for the white space at either end; several comments
    /// in a row are joined by a space. A comment before a variation's first move is that move's
    /// `starting_comment`; a comment before the game's first move is the root's comment.
    pub fn read_with(raw: &RawGame, limits: &Limits, rules: &V::Rules) -> GameTree<V> {
        GameTree::read_relaxed(raw, limits, rules, false)
    }

    /// As [`GameTree::read_with`]; `relaxed`, the `FEN` tag may also name a position no game
    /// reaches but that can be played from ([`Variant::from_fen_relaxed_for`]), as chess.js's
    /// `loadPgn` reads a record set up by its `load`.
    pub fn read_relaxed(
        raw: &RawGame,
        limits: &Limits,
        rules: &V::Rules,
        relaxed: bool,
    ) -> GameTree<V> {
        let mut builder = Builder::new(rules, limits, raw.index, raw.line, false);
        builder.relaxed = relaxed;
        if let Err(e) = visit_game(raw, limits, &mut builder) {
            let line = e.line().unwrap_or(raw.line);
            builder.error(line, None, None, RecordErrorKind::Syntax, e.message());
        }
        if !builder.started {
            // The text broke off among the tags: the start is still the one they name.
            builder.on_begin_movetext();
        }
        builder.tree
    }
}

/// Reads the start of a `FEN` tag that fails validation ([`Builder::lenient_start`]).
pub(super) type LenientStart<V> = fn(&str, &<V as Variant>::Rules) -> Option<V>;

/// The one tree builder: driven by [`visit_game`] (tokens of a split game) or by the event
/// reader ([`super::read_events`]).
pub(super) struct Builder<'a, V: Variant> {
    pub(super) tree: GameTree<V>,
    /// The `FEN` tag is read relaxed ([`GameTree::read_relaxed`]).
    relaxed: bool,
    /// The start a `FEN` tag that fails validation is played from, as python-chess plays any
    /// board its FEN reader reads; `None`, such a tag is an error on the game.
    pub(super) lenient_start: Option<LenientStart<V>>,
    limits: &'a Limits,
    index: u64,
    first_line: u64,
    /// The current node of each line of play being read: the main line, then each variation
    /// entered.
    frames: Vec<NodeId>,
    /// A move was read since the last variation began (python-chess's `in_variation`): a
    /// comment now follows a move instead of preceding the next one.
    in_variation: bool,
    /// Comments read before the next move of a variation.
    starting_comment: String,
    /// After an unplayable move, the number of frames whose line is being skipped.
    pub(super) skip_depth: Option<usize>,
    /// Reading stopped at a bound; nothing more is taken.
    stopped: bool,
    /// The movetext began (the start position was read from the tags).
    started: bool,
    /// python-chess's `GameBuilder` rules: comments kept as the reader gives them (white space
    /// and all), a comment before a variation's first move kept until a move takes it.
    python_chess: bool,
}

fn join(slot: &mut String, text: &str, python_chess: bool) {
    let text = if python_chess { text } else { text.trim() };
    if text.is_empty() {
        return;
    }
    if !slot.is_empty() {
        slot.push(' ');
    }
    slot.push_str(text);
}

impl<'a, V: Variant> Builder<'a, V> {
    /// A builder of a game starting from the position of `rules` (until a `FEN` tag says
    /// otherwise), with the Seven Tag Roster.
    pub(super) fn new(
        rules: &V::Rules,
        limits: &'a Limits,
        index: u64,
        first_line: u64,
        python_chess: bool,
    ) -> Self {
        let mut builder = Builder {
            tree: GameTree::bare(V::start_with(rules), rules.clone()),
            relaxed: false,
            lenient_start: None,
            limits,
            index,
            first_line,
            frames: vec![NodeId(0)],
            in_variation: false,
            starting_comment: String::new(),
            skip_depth: None,
            stopped: false,
            started: false,
            python_chess,
        };
        builder.tree.tags = super::roster();
        builder
    }

    /// The number of lines of play open: 1 for the main line, one more per variation.
    pub(super) fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Whether the line being read has no move yet before the game's start (a variation
    /// opened here has no move to replace).
    pub(super) fn at_root(&self) -> bool {
        self.current() == self.tree.root()
    }

    pub(super) fn error(
        &mut self,
        line: u64,
        ply: Option<usize>,
        text: Option<&str>,
        kind: RecordErrorKind,
        message: String,
    ) {
        self.tree.errors.push(RecordError {
            game: self.index,
            line,
            ply,
            text: text.map(str::to_owned),
            kind,
            message,
        });
    }

    fn current(&self) -> NodeId {
        *self
            .frames
            .last()
            .expect("the main line's frame is never popped")
    }

    /// Whether moves are passed over: after an unplayable move in this line, or for good after a
    /// `FEN` tag that does not read or a bound.
    pub(super) fn skipping(&self) -> bool {
        self.stopped || self.skip_depth.is_some()
    }
}

// The builder's steps, taken by its visitor below and by the event reader.
impl<V: Variant> Builder<'_, V> {
    pub(super) fn on_tag(&mut self, name: &str, value: &str) {
        self.tree.set_tag(name, value);
    }

    pub(super) fn on_begin_movetext(&mut self) {
        self.started = true;
        let Some(fen) = self.tree.tag("FEN").map(|f| f.trim().to_owned()) else {
            return;
        };
        let read = if self.relaxed {
            V::from_fen_relaxed_for
        } else {
            V::from_fen_for
        };
        match read(&fen, &self.tree.rules) {
            Ok(start) => {
                self.tree.positions[0] = start;
            }
            Err(e) => {
                if let Some(start) = self
                    .lenient_start
                    .and_then(|lenient| lenient(&fen, &self.tree.rules))
                {
                    self.tree.positions[0] = start;
                    return;
                }
                let message = format!("FEN tag {fen:?}: {e}");
                self.error(
                    self.first_line,
                    None,
                    None,
                    RecordErrorKind::BadFen,
                    message,
                );
                self.stopped = true;
            }
        }
    }

    /// Reads and plays a move; `Break` when a bound stops the record.
    pub(super) fn on_move(&mut self, text: &str, line: u64) -> ControlFlow<()> {
        if self.skipping() {
            return ControlFlow::Continue(());
        }
        let node = self.current();
        let ply = self.tree.depth(node) + 1;
        if ply > self.limits.max_plies || self.tree.len() >= MAX_TREE_NODES {
            let message = if ply > self.limits.max_plies {
                format!("more than {} plies", self.limits.max_plies)
            } else {
                format!("more than {MAX_TREE_NODES} moves in the record")
            };
            self.error(
                line,
                Some(ply),
                Some(text),
                RecordErrorKind::Syntax,
                message,
            );
            self.stopped = true;
            return ControlFlow::Break(());
        }
        match self.tree.position(node).parse_any(text) {
            Ok(mv) => {
                // The record's notation, from its first move; simplified Chinese may yet turn
                // out traditional (a move without a character that differs reads as both).
                if !V::is_null(mv) && matches!(self.tree.notation, None | Some(Notation::Chinese)) {
                    let seen = Notation::of_text(text, self.tree.kind().family());
                    if self.tree.notation.is_none() || seen == Some(Notation::ChineseTraditional) {
                        self.tree.notation = seen;
                    }
                }
                let child = self.tree.push_child(node, mv);
                self.tree.nodes[child.index()].starting_comment =
                    std::mem::take(&mut self.starting_comment);
                *self.frames.last_mut().expect("frame") = child;
                self.in_variation = true;
            }
            Err(e) => {
                let kind = match e {
                    MoveError::Invalid { .. } => RecordErrorKind::UnparsableMove,
                    MoveError::Illegal { .. } => RecordErrorKind::IllegalMove,
                    MoveError::Ambiguous { .. } => RecordErrorKind::AmbiguousMove,
                };
                self.error(line, Some(ply), Some(text), kind, e.to_string());
                self.skip_depth = Some(self.frames.len());
            }
        }
        ControlFlow::Continue(())
    }

    pub(super) fn on_nag(&mut self, nag: u8) {
        if !self.skipping() {
            let node = self.current();
            self.tree.node_mut(node).add_nag(nag);
        }
    }

    pub(super) fn on_comment(&mut self, text: &str) {
        if self.skipping() {
            return;
        }
        let node = self.current();
        let at_game_start = node == self.tree.root() && self.tree.is_empty();
        if self.in_variation || at_game_start {
            join(
                &mut self.tree.node_mut(node).comment,
                text,
                self.python_chess,
            );
        } else {
            join(&mut self.starting_comment, text, self.python_chess);
        }
    }

    /// Enters a variation: whether it is skipped instead.
    pub(super) fn on_begin_variation(&mut self) -> Skip {
        if self.skipping() {
            return Skip(true);
        }
        // A variation replaces the last move of the line it is in; before any move there is
        // nothing to replace and it is skipped.
        let Some(parent) = self.tree.parent(self.current()) else {
            return Skip(true);
        };
        self.frames.push(parent);
        self.in_variation = false;
        if !self.python_chess {
            self.starting_comment.clear();
        }
        Skip(false)
    }

    pub(super) fn on_end_variation(&mut self) {
        if self.skip_depth == Some(self.frames.len()) {
            self.skip_depth = None;
        }
        if self.frames.len() > 1 {
            self.frames.pop();
        }
        // Back in the line the variation left, after its move: a comment now follows that move,
        // whatever the variation held. python-chess keeps the variation's state here, so that a
        // comment after a variation whose moves were all skipped becomes the next move's
        // starting comment, which is written before that move and reads back as this move's
        // comment (found by the `pgn_tree` fuzz target); its rules keep that.
        if !self.python_chess {
            self.in_variation = true;
        }
        if !self.python_chess {
            self.starting_comment.clear();
        }
    }

    pub(super) fn on_result(&mut self, result: &str) {
        if self.tree.tag("Result").map_or(true, |r| r == "*") {
            self.tree.set_tag("Result", result);
        }
    }
}

// The builder keeps its phases in itself, not in phase values: the event reader takes the same
// steps, and a record whose text turns out malformed keeps what was read before the fault.
impl<V: Variant> Visitor for Builder<'_, V> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &str, value: &str) -> ControlFlow<()> {
        self.on_tag(name, value);
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        self.on_begin_movetext();
        ControlFlow::Continue(())
    }
    fn move_text(&mut self, _: &mut (), text: &str, line: u64, _: usize) -> ControlFlow<()> {
        self.on_move(text, line)
    }
    fn nag(&mut self, _: &mut (), nag: u8, _: usize) {
        self.on_nag(nag);
    }
    fn comment(&mut self, _: &mut (), text: &str, _: usize) {
        self.on_comment(text);
    }
    fn begin_variation(&mut self, _: &mut (), _: usize) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(self.on_begin_variation())
    }
    fn end_variation(&mut self, _: &mut (), _: usize) {
        self.on_end_variation();
    }
    fn result(&mut self, _: &mut (), result: &str, _: u64) {
        self.on_result(result);
    }
    fn end_game(&mut self, _: ()) {}
}
