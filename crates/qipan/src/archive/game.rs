//! The neutral reading of one archived game: tags, start position, a tree of moves.
//!
//! Readers fill an [`ArchiveGame`] with what the bytes say and check nothing about the rules:
//! a move is two squares, legal or not. The game tree (with the rules) is built from it later, so
//! a bad move is reported at its ply like a PGN's, and a broken file is an [`ArchiveError`].

use super::{ArchiveError, ArchiveErrorKind, ArchiveLimits};
use crate::xiangqi::{Piece, Role, Square};
use crate::Color;

/// One move as stored: the square it leaves and the square it reaches. A coordinate the file
/// holds that is off the board is `None`: the move is then illegal wherever it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArchiveMove {
    /// The square the piece leaves.
    pub from: Option<Square>,
    /// The square it reaches.
    pub to: Option<Square>,
}

impl ArchiveMove {
    /// The move in ICCS (`h2e2`, ranks 0–9 from Red's side), `??` for a square off the board.
    pub fn iccs(&self) -> String {
        let name = |sq: Option<Square>| sq.map_or_else(|| "??".to_owned(), |sq| sq.to_string());
        format!("{}{}", name(self.from), name(self.to))
    }
}

/// One node of a game's tree. Node 0 of [`ArchiveGame::nodes`] is the start: it has no move, and
/// its comment is the one before the first move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveNode {
    /// The move that leads here (`None` for the start).
    pub mv: Option<ArchiveMove>,
    /// The comment after the move (for the start, before the first move).
    pub comment: Option<String>,
    /// The moves that may follow, as indices into [`ArchiveGame::nodes`]; the first is the main
    /// line, the others its alternatives in the order stored.
    pub children: Vec<usize>,
    /// The ply of the move (1 for a first move; 0 for the start).
    pub ply: usize,
    /// The byte offset of the move's record in the file.
    pub offset: usize,
}

/// A placement of pieces and, when the format stores it, the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveSetup {
    /// The piece on each square, by [`Square::index`].
    pub board: [Option<Piece>; Square::COUNT],
    /// The side to move, when the file says (XQF does not: the side of the first move's piece
    /// moves first, as in the programs that write it).
    pub turn: Option<Color>,
}

impl ArchiveSetup {
    /// An empty board, side unknown.
    pub fn empty() -> ArchiveSetup {
        ArchiveSetup {
            board: [None; Square::COUNT],
            turn: None,
        }
    }

    /// The start position of the game, side unknown.
    pub fn standard() -> ArchiveSetup {
        let mut setup = ArchiveSetup::empty();
        for (index, &(file, rank)) in ORDER_SQUARES.iter().enumerate() {
            setup.board[usize::from(rank) * 9 + usize::from(file)] = Some(order_piece(index));
        }
        setup
    }

    /// Whether the placement is the start position's (the side is not compared).
    pub fn is_standard_placement(&self) -> bool {
        self.board == ArchiveSetup::standard().board
    }

    /// The placement field of a FEN (`rnbakabnr/9/...`, rank 9 first).
    pub fn placement(&self) -> String {
        let mut text = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.board[usize::from(rank) * 9 + usize::from(file)] {
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text
    }

    /// A FEN of this placement with `turn` to move (`w` for Red, as the WXF/UCCI form writes it).
    pub fn fen(&self, turn: Color) -> String {
        let side = if turn == Color::White { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", self.placement())
    }
}

/// The pieces in the fixed order XQF and DhtmlXQ list their squares: Red's chariot, horse,
/// elephant, advisor, general, advisor, elephant, horse, chariot, two cannons, five soldiers,
/// then Black's the same.
pub(crate) fn order_piece(index: usize) -> Piece {
    const KINDS: [Role; 16] = [
        Role::Chariot,
        Role::Horse,
        Role::Elephant,
        Role::Advisor,
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Cannon,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
    ];
    let color = if index < 16 {
        Color::White
    } else {
        Color::Black
    };
    Piece {
        color,
        role: KINDS[index % 16],
    }
}

/// (file, rank) of each piece of [`order_piece`] in the start position.
const ORDER_SQUARES: [(u8, u8); 32] = [
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 0),
    (6, 0),
    (7, 0),
    (8, 0),
    (1, 2),
    (7, 2),
    (0, 3),
    (2, 3),
    (4, 3),
    (6, 3),
    (8, 3),
    (0, 9),
    (1, 9),
    (2, 9),
    (3, 9),
    (4, 9),
    (5, 9),
    (6, 9),
    (7, 9),
    (8, 9),
    (1, 7),
    (7, 7),
    (0, 6),
    (2, 6),
    (4, 6),
    (6, 6),
    (8, 6),
];

/// One game as an archive stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveGame {
    /// Tags in PGN's names where PGN has one (`Event`, `Site`, `Date`, `Round`, `Red`, `Black`,
    /// `Result`, `Opening`...) and the format's own otherwise (`Title`, `Annotator`...), in the
    /// order found; empty fields are left out.
    pub tags: Vec<(String, String)>,
    /// The start position when the game does not start from the usual one (a set-up endgame),
    /// or when the file says Black moves first.
    pub start: Option<ArchiveSetup>,
    /// The tree: node 0 is the start, every other node one move (see [`ArchiveNode`]).
    pub nodes: Vec<ArchiveNode>,
}

impl ArchiveGame {
    /// A game with no tag and no move, from the usual start.
    pub fn new() -> ArchiveGame {
        ArchiveGame {
            tags: Vec::new(),
            start: None,
            nodes: vec![root_node(0)],
        }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::pgn::tag(&self.tags, name)
    }

    /// The main line: the first child of the start, its first child, and so on.
    pub fn mainline(&self) -> Vec<ArchiveMove> {
        let mut moves = Vec::new();
        let mut at = 0;
        while let Some(&next) = self.nodes[at].children.first() {
            if let Some(mv) = self.nodes[next].mv {
                moves.push(mv);
            }
            at = next;
        }
        moves
    }

    /// The side that moves first: the one the file stores, else the side of the piece the first
    /// move of the main line takes (XQF and DhtmlXQ do not say, and set-up endgames with Black to
    /// move exist), else Red.
    pub fn first_turn(&self) -> Color {
        let setup = self.start.clone().unwrap_or_else(ArchiveSetup::standard);
        if let Some(turn) = setup.turn {
            return turn;
        }
        let first = self.nodes[0]
            .children
            .first()
            .and_then(|&n| self.nodes[n].mv);
        first
            .and_then(|mv| mv.from)
            .and_then(|from| setup.board[from.index()])
            .map_or(Color::White, |piece| piece.color)
    }

    /// The start position as a FEN (the usual start when the file sets none), with
    /// [`first_turn`](Self::first_turn) to move. The position may break the rules (a board
    /// without generals, say): the game tree says so when it is built.
    pub fn start_fen(&self) -> String {
        let setup = self.start.clone().unwrap_or_else(ArchiveSetup::standard);
        setup.fen(self.first_turn())
    }

    pub(crate) fn push_tag(&mut self, name: &str, value: Option<String>) {
        if let Some(value) = value.and_then(super::text::tag_value) {
            self.tags.push((name.to_owned(), value));
        }
    }

    /// Sets the start position, leaving `None` for the usual start with no side said.
    pub(crate) fn set_start(&mut self, setup: ArchiveSetup) {
        let usual = setup.is_standard_placement() && setup.turn != Some(Color::Black);
        self.start = if usual { None } else { Some(setup) };
    }
}

impl Default for ArchiveGame {
    fn default() -> Self {
        ArchiveGame::new()
    }
}

fn root_node(offset: usize) -> ArchiveNode {
    ArchiveNode {
        mv: None,
        comment: None,
        children: Vec::new(),
        ply: 0,
        offset,
    }
}

/// Builds a tree stored depth first, as XQF and CBR store it: each record is followed by the
/// records of its continuation ("has next"), then by those of its next alternative ("has
/// variation"). An explicit stack of the parents still waiting for a record replaces the
/// recursion of the format's description, so no input can exhaust the call stack.
pub(crate) struct DepthFirst {
    pending: Vec<usize>,
}

impl DepthFirst {
    /// The builder of a tree whose first record is a move from the start.
    pub(crate) fn new() -> DepthFirst {
        DepthFirst { pending: vec![0] }
    }

    /// The parent the next record attaches to, or `None` when the tree is complete.
    pub(crate) fn next_parent(&mut self) -> Option<usize> {
        self.pending.pop()
    }

    /// Adds `mv` under `parent` and notes what follows it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add(
        &mut self,
        game: &mut ArchiveGame,
        limits: &ArchiveLimits,
        index: usize,
        parent: usize,
        mv: ArchiveMove,
        comment: Option<String>,
        offset: usize,
        has_next: bool,
        has_alternative: bool,
    ) -> Result<(), ArchiveError> {
        if game.nodes.len() > limits.max_nodes {
            return Err(ArchiveError::new(
                index,
                offset,
                ArchiveErrorKind::TooManyMoves(limits.max_nodes),
            ));
        }
        let ply = game.nodes[parent].ply + 1;
        if ply > limits.max_plies {
            return Err(ArchiveError::new(
                index,
                offset,
                ArchiveErrorKind::TooDeep(limits.max_plies),
            ));
        }
        let node = game.nodes.len();
        game.nodes.push(ArchiveNode {
            mv: Some(mv),
            comment,
            children: Vec::new(),
            ply,
            offset,
        });
        game.nodes[parent].children.push(node);
        if has_alternative {
            self.pending.push(parent);
        }
        if has_next {
            self.pending.push(node);
        }
        Ok(())
    }
}
