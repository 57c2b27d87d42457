//! [`AnyGameTree`]: a [`GameTree`] of the game a record's tags name, chosen at run time.

use super::{GameTree, WriteOptions};
use crate::pgn::{read_tags, Limits, RawGame, RecordError, RecordErrorKind, Splitter};
use crate::{Chess, GameKind, Xiangqi};

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

    /// The game the record is of.
    pub fn kind(&self) -> GameKind {
        crate::with_any_tree!(self, |tree| tree.kind())
    }

    /// The tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        crate::with_any_tree!(self, |tree| &tree.tags)
    }

    /// The errors found while reading.
    pub fn errors(&self) -> &[RecordError] {
        crate::with_any_tree!(self, |tree| &tree.errors)
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
