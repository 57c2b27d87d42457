//! [`AnyGameTree`]: a [`GameTree`] of the game a record's tags name, chosen at run time.

use super::annotations::{AnnotationError, Annotations, Arrow, Eval};
use super::{GameTree, NodeId, WriteOptions};
use crate::any::foreign_move;
use crate::pgn::{read_tags, Limits, RawGame, RecordError, RecordErrorKind, Splitter};
use crate::Notate;
use crate::{
    AnyFenError, AnyGame, AnyMove, AnyPosition, AnyVariant, Chess, GameKind, MoveError, Notation,
    NotationError, Variant, Xiangqi,
};

/// The `FEN` tag of a record does not give a start position of its game
/// ([`AnyGameTree::from_start_tags`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("invalid {} FEN tag {:?}: {error}", kind.family(), crate::shorten(fen))]
pub struct StartTagError {
    /// The game the record is of.
    pub kind: GameKind,
    /// The `FEN` tag's value, trimmed.
    pub fen: String,
    /// Why it is not a start position of that game.
    pub error: AnyFenError,
}

/// A game tree of chess (Chess960 included) or Xiangqi.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyGameTree {
    /// Chess or Chess960 (its rules say which).
    Chess(GameTree<Chess>),
    /// Xiangqi.
    Xiangqi(GameTree<Xiangqi>),
}

/// Runs `$body` with `$tree` bound to the tree inside an [`AnyGameTree`].
#[macro_export]
macro_rules! with_any_tree {
    ($any:expr, |$tree:ident| $body:expr) => {
        match $any {
            $crate::tree::AnyGameTree::Chess($tree) => $body,
            $crate::tree::AnyGameTree::Xiangqi($tree) => $body,
        }
    };
}

impl AnyGameTree {
    /// An empty record of `kind` from its start position.
    pub fn new(kind: GameKind) -> AnyGameTree {
        crate::with_game_kind!(kind, |V, rules| GameTree::<V>::new(rules).into())
    }

    /// Reads one game of a [`Splitter`]: the game is the one its tags name
    /// ([`GameKind::from_tags`]), under that game's default rules (Chess960's castling for
    /// Chess960). A `Variant` tag naming a game qipan does not play is an error.
    pub fn read(raw: &RawGame, limits: &Limits) -> Result<AnyGameTree, RecordError> {
        let tags = read_tags(raw, limits).unwrap_or_default();
        let kind = GameKind::from_tags(&tags).map_err(|e| RecordError {
            game: raw.index,
            line: raw.line,
            ply: None,
            text: None,
            kind: RecordErrorKind::UnsupportedVariant,
            message: e.to_string(),
        })?;
        Ok(crate::with_game_kind!(kind, |V, rules| {
            GameTree::<V>::read_with(raw, limits, &rules).into()
        }))
    }

    /// Reads one game as python-chess reads a game of a variant it does not play: as
    /// [`AnyGameTree::read`], but a `Variant` tag naming a game qipan does not play is an error
    /// on the game (first in [`GameTree::errors`]) and the record is read as chess.
    ///
    /// ```
    /// use qipan::pgn::{Limits, Splitter};
    /// use qipan::tree::AnyGameTree;
    /// let text = "[Variant \"crazyhouse\"]\n\n1. e4 e5 *\n";
    /// let raw = Splitter::new(text.as_bytes(), Limits::default()).next().unwrap().unwrap();
    /// let tree = AnyGameTree::read_lenient(&raw, &Limits::default());
    /// assert_eq!(tree.kind(), qipan::GameKind::Chess);
    /// assert_eq!(tree.errors()[0].kind.as_str(), "unsupported_variant");
    /// assert_eq!(tree.mainline_texts(None), ["e4", "e5"]);
    /// ```
    pub fn read_lenient(raw: &RawGame, limits: &Limits) -> AnyGameTree {
        match AnyGameTree::read(raw, limits) {
            Ok(tree) => tree,
            Err(error) => {
                let mut tree = GameTree::<Chess>::read_with(raw, limits, &Default::default());
                tree.errors.insert(0, error);
                AnyGameTree::Chess(tree)
            }
        }
    }

    /// Reads the first game of `text` (`None` when it holds none).
    ///
    /// ```
    /// use qipan::tree::AnyGameTree;
    /// let tree = AnyGameTree::read_str("[Variant \"xiangqi\"]\n\n1. C2.5 H8+7 *").unwrap().unwrap();
    /// assert_eq!(tree.kind(), qipan::GameKind::Xiangqi);
    /// assert_eq!(tree.mainline_texts(None), ["C2.5", "H8+7"]);
    /// ```
    pub fn read_str(text: &str) -> Option<Result<AnyGameTree, RecordError>> {
        let limits = Limits::default();
        let raw = Splitter::new(text.as_bytes(), limits).next()?.ok()?;
        Some(AnyGameTree::read(&raw, &limits))
    }

    /// An empty record of `kind` from the start its `FEN` says (the game's start without one):
    /// [`GameTree::from_position`], its tags then replaced by exactly `tags` when there are any.
    pub fn with_start(
        kind: GameKind,
        fen: Option<&str>,
        tags: Vec<(String, String)>,
    ) -> Result<AnyGameTree, AnyFenError> {
        let start = match fen {
            Some(fen) => AnyPosition::from_fen(kind, fen)?,
            None => AnyPosition::start(kind),
        };
        let mut tree: AnyGameTree = match start {
            AnyPosition::Chess(pos) => GameTree::from_position(pos, pos.rules_of()).into(),
            AnyPosition::Xiangqi(pos) => {
                let rules = pos.rules_of();
                GameTree::from_position(pos, rules).into()
            }
        };
        if !tags.is_empty() {
            *tree.tags_mut() = tags;
        }
        Ok(tree)
    }

    /// An empty record of `kind` from the start its tags give: the position of their `FEN` tag
    /// (trimmed), the game's start without one ([`AnyGameTree::with_start`]). Which tags the
    /// record then keeps is the caller's choice (python-chess's `Headers` order, or exactly
    /// the tags given); the error names the FEN.
    pub fn from_start_tags(
        kind: GameKind,
        tags: &[(String, String)],
    ) -> Result<AnyGameTree, StartTagError> {
        let fen = crate::pgn::tag(tags, "FEN").map(str::trim);
        AnyGameTree::with_start(kind, fen, Vec::new()).map_err(|error| StartTagError {
            kind,
            fen: fen.unwrap_or_default().to_owned(),
            error,
        })
    }

    /// The game the record is of.
    pub fn kind(&self) -> GameKind {
        crate::with_any_tree!(self, |tree| tree.kind())
    }

    /// The tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        crate::with_any_tree!(self, |tree| &tree.tags)
    }

    /// The tags, to change in place ([`GameTree::tags`]).
    pub fn tags_mut(&mut self) -> &mut Vec<(String, String)> {
        crate::with_any_tree!(self, |tree| &mut tree.tags)
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::with_any_tree!(self, |tree| tree.tag(name))
    }

    /// Sets a tag ([`GameTree::set_tag`]).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        crate::with_any_tree!(self, |tree| tree.set_tag(name, value))
    }

    /// Removes every tag named `name`; whether there was one.
    pub fn remove_tag(&mut self, name: &str) -> bool {
        crate::with_any_tree!(self, |tree| tree.remove_tag(name))
    }

    /// Replaces the tags, each set in turn ([`GameTree::set_tag`]'s order).
    pub fn set_tags(&mut self, tags: &[(String, String)]) {
        crate::with_any_tree!(self, |tree| {
            tree.tags.clear();
            for (name, value) in tags {
                tree.set_tag(name, value);
            }
        })
    }

    /// The errors found while reading.
    pub fn errors(&self) -> &[RecordError] {
        crate::with_any_tree!(self, |tree| &tree.errors)
    }

    /// The errors, to add to.
    pub fn errors_mut(&mut self) -> &mut Vec<RecordError> {
        crate::with_any_tree!(self, |tree| &mut tree.errors)
    }

    /// The notation the moves were read in ([`GameTree::notation`]).
    pub fn notation(&self) -> Option<Notation> {
        crate::with_any_tree!(self, |tree| tree.notation())
    }

    /// Sets the notation written by default ([`GameTree::set_notation`]).
    pub fn set_notation(&mut self, notation: Option<Notation>) {
        crate::with_any_tree!(self, |tree| tree.set_notation(notation))
    }

    /// The notations the game writes, its usual one first.
    pub fn notations(&self) -> &'static [Notation] {
        match self {
            AnyGameTree::Chess(_) => Chess::NOTATIONS,
            AnyGameTree::Xiangqi(_) => Xiangqi::NOTATIONS,
        }
    }

    /// Whether the game writes its moves in `notation` ([`GameTree::check_notation`]).
    pub fn check_notation(&self, notation: Notation) -> Result<(), NotationError> {
        crate::with_any_tree!(self, |tree| tree.check_notation(notation))
    }

    /// The number of nodes, removed ones included.
    pub fn len(&self) -> usize {
        crate::with_any_tree!(self, |tree| tree.len())
    }

    /// Whether the tree has only its root (never: a tree always has one).
    pub fn is_empty(&self) -> bool {
        crate::with_any_tree!(self, |tree| tree.is_empty())
    }

    /// The root: the start position.
    pub fn root(&self) -> NodeId {
        crate::with_any_tree!(self, |tree| tree.root())
    }

    /// The node of index `index`, if the tree has one.
    pub fn get(&self, index: usize) -> Option<NodeId> {
        crate::with_any_tree!(self, |tree| tree.get(index))
    }

    /// The parent (`None` for the root and removed nodes).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        crate::with_any_tree!(self, |tree| tree.parent(id))
    }

    /// The continuations, the main one first.
    pub fn variations(&self, id: NodeId) -> &[NodeId] {
        crate::with_any_tree!(self, |tree| tree.variations(id))
    }

    /// The main continuation.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        crate::with_any_tree!(self, |tree| tree.next(id))
    }

    /// The last node of the main line from `id`.
    pub fn end(&self, id: NodeId) -> NodeId {
        crate::with_any_tree!(self, |tree| tree.end(id))
    }

    /// The nodes of the main line after `id`.
    pub fn mainline(&self, id: NodeId) -> Vec<NodeId> {
        crate::with_any_tree!(self, |tree| tree.mainline(id))
    }

    /// The moves of the main line after `id`.
    pub fn mainline_moves(&self, id: NodeId) -> Vec<AnyMove> {
        crate::with_any_tree!(self, |tree| tree
            .mainline_moves(id)
            .into_iter()
            .map(AnyMove::from)
            .collect())
    }

    /// Whether every node from the root down to `id` is a main continuation.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.is_mainline(id))
    }

    /// Whether `id` is its parent's main continuation.
    pub fn is_main_variation(&self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.is_main_variation(id))
    }

    /// Whether `id` starts a variation.
    pub fn starts_variation(&self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.starts_variation(id))
    }

    /// The ply of the position at `id` ([`GameTree::ply`]).
    pub fn ply(&self, id: NodeId) -> usize {
        crate::with_any_tree!(self, |tree| tree.ply(id))
    }

    /// The move leading to `id` (`None` at the root).
    pub fn mv(&self, id: NodeId) -> Option<AnyMove> {
        crate::with_any_tree!(self, |tree| tree.node(id).mv.map(AnyMove::from))
    }

    /// The move leading to `id` in coordinates (UCI, ICCS; `None` at the root).
    pub fn coord(&self, id: NodeId) -> Option<String> {
        crate::with_any_tree!(self, |tree| {
            let mv = tree.node(id).mv?;
            Some(tree.position(tree.parent(id)?).coord(mv))
        })
    }

    /// The node's move in `notation` ([`GameTree::move_text`]).
    pub fn move_text(&self, id: NodeId, notation: Option<Notation>) -> Option<String> {
        crate::with_any_tree!(self, |tree| tree.move_text(id, notation))
    }

    /// The comment after the node's move (for the root: before the first move).
    pub fn comment(&self, id: NodeId) -> &str {
        crate::with_any_tree!(self, |tree| &tree.node(id).comment)
    }

    /// The comment after the node's move, to change.
    pub fn comment_mut(&mut self, id: NodeId) -> &mut String {
        crate::with_any_tree!(self, |tree| &mut tree.node_mut(id).comment)
    }

    /// The comment before the node's move.
    pub fn starting_comment(&self, id: NodeId) -> &str {
        crate::with_any_tree!(self, |tree| &tree.node(id).starting_comment)
    }

    /// The comment before the node's move, to change.
    pub fn starting_comment_mut(&mut self, id: NodeId) -> &mut String {
        crate::with_any_tree!(self, |tree| &mut tree.node_mut(id).starting_comment)
    }

    /// The node's NAGs, ascending.
    pub fn nags(&self, id: NodeId) -> &[u8] {
        crate::with_any_tree!(self, |tree| &tree.node(id).nags)
    }

    /// Adds a NAG ([`super::Node::add_nag`]).
    pub fn add_nag(&mut self, id: NodeId, nag: u8) {
        crate::with_any_tree!(self, |tree| tree.node_mut(id).add_nag(nag))
    }

    /// Removes a NAG if the node has it.
    pub fn discard_nag(&mut self, id: NodeId, nag: u8) {
        crate::with_any_tree!(self, |tree| tree.node_mut(id).nags.retain(|&n| n != nag))
    }

    /// The start position.
    pub fn start(&self) -> AnyPosition {
        crate::with_any_tree!(self, |tree| (*tree.start()).into())
    }

    /// The position at `id`.
    pub fn position(&self, id: NodeId) -> AnyPosition {
        crate::with_any_tree!(self, |tree| (*tree.position(id)).into())
    }

    /// The game at `id`, with its history ([`GameTree::game_at`]).
    pub fn game_at(&self, id: NodeId) -> AnyGame {
        crate::with_any_tree!(self, |tree| tree.game_at(id).into())
    }

    /// A legal move at `id` written in coordinates (`coordinates`) or in any notation of the
    /// game.
    pub fn parse_move_at(
        &self,
        id: NodeId,
        text: &str,
        coordinates: bool,
    ) -> Result<AnyMove, MoveError> {
        crate::with_any_tree!(self, |tree| {
            let pos = tree.position(id);
            let parsed = if coordinates {
                pos.parse_move(text)
            } else {
                pos.parse_any(text)
            };
            parsed.map(AnyMove::from)
        })
    }

    /// Adds `mv` after `parent` as its main continuation when `main`, else as its last
    /// ([`GameTree::add_variation`], [`GameTree::add_main_variation`]): the new node. An
    /// illegal move, or one of the other game, is refused.
    pub fn add_variation(
        &mut self,
        parent: NodeId,
        mv: AnyMove,
        main: bool,
    ) -> Result<NodeId, MoveError> {
        crate::with_any_tree!(self, |tree| {
            let own =
                typed(tree, mv).ok_or_else(|| foreign_move(mv, tree.position(parent).fen()))?;
            if main {
                tree.add_main_variation(parent, own)
            } else {
                tree.add_variation(parent, own)
            }
        })
    }

    /// The continuation of `parent` that plays `mv`, if there is one.
    pub fn variation_with(&self, parent: NodeId, mv: AnyMove) -> Option<NodeId> {
        crate::with_any_tree!(self, |tree| tree.variation_with(parent, typed(tree, mv)?))
    }

    /// Makes `id` its parent's main continuation ([`GameTree::promote_to_main`]).
    pub fn promote_to_main(&mut self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.promote_to_main(id))
    }

    /// Moves `id` one place up among its parent's continuations.
    pub fn promote(&mut self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.promote(id))
    }

    /// Moves `id` one place down among its parent's continuations.
    pub fn demote(&mut self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.demote(id))
    }

    /// Takes `id` and what follows it out of the tree.
    pub fn remove_variation(&mut self, id: NodeId) -> bool {
        crate::with_any_tree!(self, |tree| tree.remove_variation(id))
    }

    /// The commands of the node's comment ([`GameTree::annotations`]).
    pub fn annotations(&self, id: NodeId) -> Annotations {
        crate::with_any_tree!(self, |tree| tree.annotations(id))
    }

    /// Sets or removes the node's `[%clk]`.
    pub fn set_clock(&mut self, id: NodeId, seconds: Option<f64>) -> Result<(), AnnotationError> {
        crate::with_any_tree!(self, |tree| tree.set_clock(id, seconds))
    }

    /// Sets or removes the node's `[%emt]`.
    pub fn set_emt(&mut self, id: NodeId, seconds: Option<f64>) -> Result<(), AnnotationError> {
        crate::with_any_tree!(self, |tree| tree.set_emt(id, seconds))
    }

    /// Sets or removes the node's `[%eval]`.
    pub fn set_eval(&mut self, id: NodeId, eval: Option<Eval>) {
        crate::with_any_tree!(self, |tree| tree.set_eval(id, eval))
    }

    /// Replaces the node's arrows (`[%cal]`, `[%csl]`).
    pub fn set_arrows(&mut self, id: NodeId, arrows: &[Arrow]) -> Result<(), AnnotationError> {
        crate::with_any_tree!(self, |tree| tree.set_arrows(id, arrows))
    }

    /// The record as PGN ([`GameTree::write_pgn`]).
    pub fn write_pgn(&self, options: &WriteOptions) -> String {
        crate::with_any_tree!(self, |tree| tree.write_pgn(options))
    }

    /// The main line's moves written in `notation` (the record's own when `None`).
    pub fn mainline_texts(&self, notation: Option<crate::Notation>) -> Vec<String> {
        crate::with_any_tree!(self, |tree| {
            tree.mainline(tree.root())
                .into_iter()
                .filter_map(|n| tree.move_text(n, notation))
                .collect()
        })
    }
}

/// `mv` as a move of `tree`'s game.
fn typed<V: AnyVariant>(_tree: &GameTree<V>, mv: AnyMove) -> Option<V::Move> {
    V::unwrap_move(mv)
}

impl From<GameTree<Chess>> for AnyGameTree {
    fn from(tree: GameTree<Chess>) -> Self {
        AnyGameTree::Chess(tree)
    }
}

impl From<GameTree<Xiangqi>> for AnyGameTree {
    fn from(tree: GameTree<Xiangqi>) -> Self {
        AnyGameTree::Xiangqi(tree)
    }
}
