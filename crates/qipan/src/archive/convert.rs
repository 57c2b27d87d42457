//! An [`ArchiveGame`] as a [`GameTree`]: the moves checked against the rules.
//!
//! The start position is the file's ([`ArchiveGame::start_fen`]); a start the rules refuse (a
//! board without generals, as the section headings of some CBL libraries have) is a `bad_fen`
//! error and the game keeps no move. A move that cannot be played — a square off the board, no
//! piece of the side to move, an illegal move — is an `illegal_move` error at its ply, and the
//! rest of its line is skipped, as for a PGN record; the other lines are still read. An archive
//! has no lines of text: an error's `line` is 0 and its message names the byte offset.

use super::{ArchiveError, ArchiveGame};
use crate::pgn::replay::Replayer;
use crate::pgn::{GameCheck, GameReport, RecordError, RecordErrorKind};
use crate::tree::{GameTree, NodeId, MAX_TREE_NODES};
use crate::xiangqi::{Move, XiangqiRules};
use crate::{Variant, Xiangqi};

impl ArchiveGame {
    /// The game as a tree under `rules`; `index` is the game's 1-based number in its file (for
    /// the errors). Tags are kept under the names the reader gave them, after the Seven Tag
    /// Roster the tree starts with; comments go to the moves they follow, the one before the
    /// first move to the root.
    ///
    /// ```
    /// use qipan::archive::{read_archive, ArchiveLimits};
    /// use qipan::xiangqi::XiangqiRules;
    /// let page = "[DhtmlXQ][DhtmlXQ_movelist]774779677242[/DhtmlXQ_movelist][/DhtmlXQ]";
    /// let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
    /// let tree = games[0].as_ref().unwrap().to_tree(1, XiangqiRules::default());
    /// // h2e2, then Red's h0g2 when Black is to move: an error at ply 2, the rest skipped.
    /// assert_eq!(tree.mainline_moves(tree.root()).len(), 1);
    /// assert_eq!(tree.errors[0].ply, Some(2));
    /// assert_eq!(tree.errors[0].to_string(),
    ///     "game 1, ply 2, move \"h0g2\": illegal move \"h0g2\" in \
    ///      rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1 (byte 0)");
    /// ```
    pub fn to_tree(&self, index: u64, rules: XiangqiRules) -> GameTree<Xiangqi> {
        let fen = self.start_fen();
        let (start, bad_start) = match Xiangqi::from_fen_for(&fen, &rules) {
            Ok(start) => (start, None),
            Err(e) => (
                Xiangqi::start_with(&rules),
                Some(format!("start position {fen:?}: {e}")),
            ),
        };
        let mut tree = GameTree::from_position(start, rules);
        for (name, value) in &self.tags {
            tree.set_tag(name, value);
        }
        let error = |ply: Option<usize>, text: Option<String>, kind, message| RecordError {
            game: index,
            line: 0,
            ply,
            text,
            kind,
            message,
        };
        if let Some(message) = bad_start {
            tree.errors
                .push(error(None, None, RecordErrorKind::BadFen, message));
            return tree;
        }
        if let Some(comment) = &self.nodes[0].comment {
            tree.node_mut(tree.root()).comment = comment.clone();
        }
        // Depth first with an explicit stack, main lines first, so errors come in file order.
        let mut stack: Vec<(usize, NodeId)> = vec![(0, tree.root())];
        while let Some((at, parent)) = stack.pop() {
            let mut added = Vec::new();
            for &child in &self.nodes[at].children {
                let node = &self.nodes[child];
                let Some(stored) = node.mv else { continue };
                if tree.len() >= MAX_TREE_NODES {
                    let message = format!("more than {MAX_TREE_NODES} moves in the record");
                    tree.errors.push(error(
                        Some(node.ply),
                        None,
                        RecordErrorKind::Syntax,
                        message,
                    ));
                    return tree;
                }
                let text = stored.iccs();
                let played = match (stored.from, stored.to) {
                    (Some(from), Some(to)) => tree
                        .add_variation(parent, Move::new(from, to))
                        .map_err(|e| e.to_string()),
                    _ => Err(format!("a square off the board in {text}")),
                };
                match played {
                    Ok(id) => {
                        if let Some(comment) = &node.comment {
                            tree.node_mut(id).comment = comment.clone();
                        }
                        added.push((child, id));
                    }
                    Err(why) => {
                        let message = format!("{why} (byte {})", node.offset);
                        let kind = RecordErrorKind::IllegalMove;
                        tree.errors
                            .push(error(Some(node.ply), Some(text), kind, message));
                    }
                }
            }
            stack.extend(added.into_iter().rev());
        }
        tree
    }

    /// The game's main line replayed as a PGN record's is
    /// ([`replay_with`](crate::pgn::replay_with)): the ending by the rules, the `Result` tag
    /// checked against it, and the errors of [`to_tree`](Self::to_tree) first (a refused start, a
    /// move that cannot be played: the replay stops there). The report's and its errors' `line` is
    /// 0, as an archive has no lines.
    ///
    /// ```
    /// use qipan::archive::{read_archive, ArchiveLimits};
    /// use qipan::pgn::ResultCheck;
    /// use qipan::xiangqi::XiangqiRules;
    /// // A draw agreed after one move: the rules end nothing, so the tag stands.
    /// let page = "[DhtmlXQ][DhtmlXQ_result]和棋[/DhtmlXQ_result][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";
    /// let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
    /// let report = games[0].as_ref().unwrap().replay(1, XiangqiRules::default());
    /// assert!(report.is_valid());
    /// assert_eq!(report.plies(), 1);
    /// assert_eq!(report.tag("Result"), Some("1/2-1/2"));
    /// ```
    pub fn replay(&self, index: u64, rules: XiangqiRules) -> GameReport<Xiangqi> {
        let mut tree = self.to_tree(index, rules);
        // The main line as played in the tree (no text written and read again); the record's
        // result marker is its `Result` tag when that is one, else `*`, as written records end.
        let game = tree.game_at(tree.end(tree.root()));
        let token = tree.result_marker().to_owned();
        let errors = std::mem::take(&mut tree.errors);
        let mut report = Replayer::judge(index, tree.tags, game, Some(token));
        report.errors.splice(0..0, errors);
        report
    }
}

/// One game of an archive checked as `qipan validate` checks a PGN game
/// ([`check_game`](crate::pgn::check_game)): [`ArchiveGame::replay`] under the default rules, or,
/// for a game that could not be read, a `syntax` error naming its byte offset. `index` is the
/// game's 1-based number in its file.
pub fn check_game(game: &Result<ArchiveGame, ArchiveError>, index: u64) -> GameCheck {
    match game {
        Ok(game) => {
            let report = game.replay(index, XiangqiRules::default());
            GameCheck {
                variant: Ok(crate::GameKind::Xiangqi),
                plies: report.plies(),
                ending: report.ending(),
                errors: report.errors,
                notes: report.notes,
            }
        }
        Err(e) => GameCheck {
            variant: Ok(crate::GameKind::Xiangqi),
            plies: 0,
            ending: crate::Ending::Unknown,
            errors: vec![RecordError {
                game: index,
                line: 0,
                ply: None,
                text: None,
                kind: RecordErrorKind::Syntax,
                message: format!("byte {}: {}", e.offset, e.kind),
            }],
            notes: Vec::new(),
        },
    }
}
