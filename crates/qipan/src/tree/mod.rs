//! [`GameTree`]: a game record as a tree of moves — tags, a start position, and for every move
//! its comments, NAGs and variations — read from PGN ([`GameTree::read_with`],
//! [`AnyGameTree::read`]), built move by move, edited, and written back
//! ([`GameTree::write_pgn`]). The shapes are python-chess's `chess.pgn.Game`: the root node
//! stands for the start position, every other node for the move that leads to it, and a
//! node's first child is its main line.
//!
//! Every node keeps the position after its move, so walking, writing and checking moves never
//! replay the game from the start. [`AnyGameTree`] holds a tree of the game chosen at run time.
//!
//! ```
//! use qipan::tree::AnyGameTree;
//! let pgn = "[Event \"demo\"]\n\n1. e4 { open } e5 (1... c5 $1) 2. Nf3 *\n";
//! let AnyGameTree::Chess(tree) = AnyGameTree::read_str(pgn).unwrap().unwrap() else { panic!() };
//! let e4 = tree.next(tree.root()).unwrap();
//! assert_eq!(tree.node(e4).comment, "open");
//! let sicilian = tree.variations(e4)[1];
//! assert_eq!(tree.node(sicilian).nags, [1]);
//! assert_eq!(tree.mainline_moves(tree.root()).len(), 3);
//! assert!(tree.write_pgn(&Default::default()).contains("1. e4 { open } 1... e5 ( 1... c5 $1 ) 2. Nf3 *"));
//! ```

pub mod annotations;
mod any;
mod edit;
mod read;
mod read_events;
mod write;

pub use annotations::{AnnotationError, Annotations, Arrow, ArrowColor, Eval, EvalScore};
pub use any::{AnyGameTree, StartTagError};
pub use read_events::{read_event_movetext, read_event_tags};
pub use write::WriteOptions;

use crate::pgn::{RecordError, SEVEN_TAG_ROSTER};
use crate::{Game, GameKind, Notation, Variant};

/// The most nodes a tree read from a record may hold (its moves in every variation); a larger
/// record is cut there with a `syntax` error. It bounds the memory a hostile record can take.
pub const MAX_TREE_NODES: usize = 200_000;

/// A node of a [`GameTree`], named by its index; the root is [`GameTree::root`]. Ids stay
/// valid for the life of the tree (a removed variation's nodes are detached, not reused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The index of the node in its tree.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node: the move that leads to it (none for the root) and what annotates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node<M> {
    /// The move from the parent's position; `None` for the root.
    pub mv: Option<M>,
    /// The parent; `None` for the root and for a removed node.
    pub parent: Option<NodeId>,
    /// The continuations, the main one first.
    pub variations: Vec<NodeId>,
    /// The comment after the move (for the root: the comment before the first move).
    pub comment: String,
    /// The comment before the move, written only for a move that starts a variation.
    pub starting_comment: String,
    /// Numeric annotation glyphs, ascending, each once (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?`
    /// 5, `?!` 6).
    pub nags: Vec<u8>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: Option<NodeId>) -> Self {
        Node {
            mv,
            parent,
            variations: Vec::new(),
            comment: String::new(),
            starting_comment: String::new(),
            nags: Vec::new(),
        }
    }

    /// Adds a NAG, keeping the list ascending and without repeats (a set, as python-chess).
    pub fn add_nag(&mut self, nag: u8) {
        if let Err(at) = self.nags.binary_search(&nag) {
            self.nags.insert(at, nag);
        }
    }
}

/// A game record as a tree of moves (see the [module](self) documentation).
#[derive(Debug, Clone)]
pub struct GameTree<V: Variant> {
    /// The tag pairs in order: the Seven Tag Roster first (python-chess's `Headers`), then the
    /// others as read or set.
    pub tags: Vec<(String, String)>,
    /// What went wrong while reading, in order: moves that could not be played (the rest of
    /// their variation is then skipped, as python-chess does), a bad `FEN` tag, malformed text.
    pub errors: Vec<RecordError>,
    rules: V::Rules,
    nodes: Vec<Node<V::Move>>,
    /// The position at each node (after its move), parallel to `nodes`.
    positions: Vec<V>,
    /// The notation the moves were read in, used when writing unless another is asked for.
    notation: Option<Notation>,
}

impl<V: Variant> Default for GameTree<V> {
    fn default() -> Self {
        GameTree::new(V::Rules::default())
    }
}

impl<V: Variant> PartialEq for GameTree<V> {
    /// Same tags, same start position and the same moves, comments and NAGs in the same
    /// order (node ids and errors do not count).
    fn eq(&self, other: &Self) -> bool {
        fn same<V: Variant>(a: &GameTree<V>, x: NodeId, b: &GameTree<V>, y: NodeId) -> bool {
            let (n, m) = (a.node(x), b.node(y));
            n.mv == m.mv
                && n.comment == m.comment
                && n.starting_comment == m.starting_comment
                && n.nags == m.nags
                && n.variations.len() == m.variations.len()
        }
        if self.tags != other.tags || self.start() != other.start() {
            return false;
        }
        let mut stack = vec![(self.root(), other.root())];
        while let Some((x, y)) = stack.pop() {
            if !same(self, x, other, y) {
                return false;
            }
            stack.extend(
                self.variations(x)
                    .iter()
                    .copied()
                    .zip(other.variations(y).iter().copied()),
            );
        }
        true
    }
}

impl<V: Variant> GameTree<V> {
    /// An empty record of a game from the start position under `rules`, with the Seven Tag
    /// Roster's defaults (`?`, `????.??.??`, `*`) and the `Variant` tag a game other than chess
    /// needs.
    pub fn new(rules: V::Rules) -> Self {
        let start = V::start_with(&rules);
        GameTree::from_position(start, rules)
    }

    /// An empty record of a game from `start` under `rules`: the roster, the `Variant` tag,
    /// and `SetUp`/`FEN` when `start` is not the start position.
    pub fn from_position(start: V, rules: V::Rules) -> Self {
        let mut tree = GameTree::bare(start, rules);
        tree.tags = roster();
        tree.mark_game_tags();
        tree
    }

    /// A tree with no tags at all.
    fn bare(start: V, rules: V::Rules) -> Self {
        GameTree {
            tags: Vec::new(),
            errors: Vec::new(),
            rules,
            nodes: vec![Node::new(None, None)],
            positions: vec![start],
            notation: None,
        }
    }

    /// The record of a played game (python-chess's `Game.from_board`): its start, its moves as
    /// the main line, the roster, and the `Result` tag from the rules' ending or adjudication.
    pub fn from_game(game: &Game<V>) -> Self {
        let mut tree = GameTree::from_position(game.start().clone(), game.rules().clone());
        let mut node = tree.root();
        for &mv in game.moves() {
            node = tree.push_child(node, mv);
        }
        let result = game.outcome().map_or("*", |o| o.result());
        tree.set_tag("Result", result);
        tree
    }

    /// Adds the `Variant` tag of a game other than chess, and `SetUp`/`FEN` for a set-up start.
    fn mark_game_tags(&mut self) {
        match V::kind(&self.rules) {
            GameKind::Chess => {}
            GameKind::Chess960 => self.set_tag("Variant", "Chess960"),
            other => self.set_tag("Variant", other.name()),
        }
        if *self.start() != V::start_with(&self.rules) {
            self.set_tag("SetUp", "1");
            let fen = self.start().fen();
            self.set_tag("FEN", &fen);
        }
    }

    /// The rules the game is judged under.
    pub fn rules(&self) -> &V::Rules {
        &self.rules
    }

    /// The game this record is of.
    pub fn kind(&self) -> GameKind {
        V::kind(&self.rules)
    }

    /// The notation the record's moves were read in (`None` for a tree built in code); writing
    /// uses it unless [`WriteOptions::notation`] says otherwise.
    pub fn notation(&self) -> Option<Notation> {
        self.notation
    }

    /// Sets the notation [`GameTree::write_pgn`] uses by default.
    pub fn set_notation(&mut self, notation: Option<Notation>) {
        self.notation = notation;
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::pgn::tag(&self.tags, name)
    }

    /// Sets a tag, in place when it exists. A new tag of the Seven Tag Roster goes in its
    /// place among the roster's tags, before all others, and any other new tag at the end
    /// (python-chess's `Headers` order).
    ///
    /// ```
    /// use qipan::tree::GameTree;
    /// let mut tree = GameTree::<qipan::Chess>::default();
    /// tree.tags.clear();
    /// for (name, value) in [("Annotator", "me"), ("White", "A"), ("Event", "E"), ("White", "B")] {
    ///     tree.set_tag(name, value);
    /// }
    /// let names: Vec<&str> = tree.tags.iter().map(|(n, _)| n.as_str()).collect();
    /// assert_eq!(names, ["Event", "White", "Annotator"]);
    /// assert_eq!(tree.tag("White"), Some("B"));
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if let Some(slot) = self.tags.iter_mut().find(|(n, _)| n == name) {
            slot.1 = value.to_owned();
            return;
        }
        let rank = |n: &str| SEVEN_TAG_ROSTER.iter().position(|(r, _)| *r == n);
        let at = match rank(name) {
            Some(r) => self
                .tags
                .iter()
                .position(|(n, _)| rank(n).map_or(true, |q| q > r))
                .unwrap_or(self.tags.len()),
            None => self.tags.len(),
        };
        self.tags.insert(at, (name.to_owned(), value.to_owned()));
    }

    /// Removes every tag named `name`; whether there was one.
    pub fn remove_tag(&mut self, name: &str) -> bool {
        let before = self.tags.len();
        self.tags.retain(|(n, _)| n != name);
        self.tags.len() != before
    }

    /// The root: the start position, before any move.
    pub const fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The start position.
    pub fn start(&self) -> &V {
        &self.positions[0]
    }

    /// The number of nodes, the root and removed nodes included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no move at all.
    pub fn is_empty(&self) -> bool {
        self.nodes[0].variations.is_empty()
    }

    /// A node. Panics on an id of another tree beyond this one's size.
    pub fn node(&self, id: NodeId) -> &Node<V::Move> {
        &self.nodes[id.index()]
    }

    /// A node, to change its comments or NAGs.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<V::Move> {
        &mut self.nodes[id.index()]
    }

    /// The node with index `index`, if the tree has one.
    pub fn get(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index as u32))
    }

    /// The position after the node's move (the start position at the root).
    pub fn position(&self, id: NodeId) -> &V {
        &self.positions[id.index()]
    }

    /// The node's parent (`None` for the root and removed nodes).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The node's continuations, the main one first.
    pub fn variations(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).variations
    }

    /// The main continuation (python-chess's `next()`).
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).variations.first().copied()
    }

    /// The last node of the main line from `id` (python-chess's `end()`).
    pub fn end(&self, mut id: NodeId) -> NodeId {
        while let Some(next) = self.next(id) {
            id = next;
        }
        id
    }

    /// The nodes of the main line after `id`, in order (python-chess's `mainline()`).
    pub fn mainline(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut node = id;
        while let Some(next) = self.next(node) {
            line.push(next);
            node = next;
        }
        line
    }

    /// The moves of the main line after `id` (python-chess's `mainline_moves()`).
    pub fn mainline_moves(&self, id: NodeId) -> Vec<V::Move> {
        self.mainline(id)
            .into_iter()
            .filter_map(|n| self.node(n).mv)
            .collect()
    }

    /// The nodes from the root's first move down to `id`.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            path.push(node);
            node = parent;
        }
        path.reverse();
        path
    }

    /// Whether `id` is reached from the root (the root is; a removed variation's nodes are
    /// not).
    pub fn is_attached(&self, id: NodeId) -> bool {
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            node = parent;
        }
        node == self.root()
    }

    /// Whether the node is its parent's main continuation (the root is).
    pub fn is_main_variation(&self, id: NodeId) -> bool {
        self.parent(id).map_or(true, |p| self.next(p) == Some(id))
    }

    /// Whether every node from the root to `id` is a main continuation.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            if self.next(parent) != Some(node) {
                return false;
            }
            node = parent;
        }
        node == self.root()
    }

    /// Whether the node starts a variation: it is not its parent's main continuation.
    pub fn starts_variation(&self, id: NodeId) -> bool {
        self.parent(id).is_some_and(|p| self.next(p) != Some(id))
    }

    /// The number of moves from the root to `id`.
    pub fn depth(&self, id: NodeId) -> usize {
        let mut depth = 0;
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            depth += 1;
            node = parent;
        }
        depth
    }

    /// The ply of the position at `id` as its move number and side to move count it
    /// (python-chess's `ply()`): `2 × (fullmove − 1)`, plus one when the second player moves.
    pub fn ply(&self, id: NodeId) -> usize {
        let pos = self.position(id);
        let first_moved = usize::from(pos.turn() != crate::Color::White);
        2 * (pos.fullmove_number().max(1) as usize - 1) + first_moved
    }

    /// The game at `id`: the start position and the moves down to `id`, with their history
    /// (repetitions and move counts), under the tree's rules (python-chess's `board()`).
    pub fn game_at(&self, id: NodeId) -> Game<V> {
        let mut game = Game::with_rules(self.start().clone(), self.rules.clone());
        for node in self.path(id) {
            if let Some(mv) = self.node(node).mv {
                game.push_unchecked(mv);
            }
        }
        game
    }

    /// The node's move written in `notation`, or in the record's notation (the game's usual one
    /// when it has none); `None` at the root.
    pub fn move_text(&self, id: NodeId, notation: Option<Notation>) -> Option<String> {
        let mv = self.node(id).mv?;
        let before = self.position(self.parent(id)?);
        let notation = notation.or(self.notation).unwrap_or(V::NOTATIONS[0]);
        Some(
            before
                .write_move(mv, notation)
                .unwrap_or_else(|_| before.notation(mv)),
        )
    }
}

/// The Seven Tag Roster with its defaults.
fn roster() -> Vec<(String, String)> {
    SEVEN_TAG_ROSTER
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect()
}
