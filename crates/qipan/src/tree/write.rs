//! Writing a [`GameTree`] as PGN, laid out as python-chess's exporter lays it out (so that a
//! record read and written by either program looks the same): tags one per line, a blank
//! line, the movetext in tokens wrapped at 80 columns, comments as `{ text }`, NAGs as `$n`,
//! variations as `( ... )`, the move number repeated after a comment or a variation.

use super::{GameTree, NodeId};
use crate::pgn::MAX_COLUMN;
use crate::{Color, Notation, NotationError, Variant};

/// What [`GameTree::write_pgn`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// The notation of the moves; `None` for the record's own ([`GameTree::notation`]), else
    /// the game's usual one (SAN, WXF). A notation the game does not write falls back the same
    /// way (check it first with [`Notate::NOTATIONS`](crate::Notate::NOTATIONS)).
    pub notation: Option<Notation>,
    /// Write the tag pairs.
    pub headers: bool,
    /// Write comments and NAGs.
    pub comments: bool,
    /// Write variations.
    pub variations: bool,
    /// Wrap lines at this many columns (`None`: the movetext on one line). A token longer than
    /// a line (a long comment) gets a line of its own.
    pub columns: Option<usize>,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            notation: None,
            headers: true,
            comments: true,
            variations: true,
            columns: Some(MAX_COLUMN),
        }
    }
}

/// Escapes a tag value: `\` and `"` as PGN escapes them, line breaks as spaces (a tag is one
/// line).
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// python-chess's token layout: a token that does not fit starts a new line.
struct Lines {
    columns: Option<usize>,
    lines: Vec<String>,
    current: String,
    /// The next move of the second player needs its number (`12...`).
    force_number: bool,
}

impl Lines {
    fn token(&mut self, token: &str) {
        let width = token.chars().count();
        if let Some(columns) = self.columns {
            if columns.saturating_sub(self.current.chars().count()) < width {
                self.flush();
            }
        }
        self.current.push_str(token);
    }

    fn flush(&mut self) {
        if !self.current.is_empty() {
            self.lines.push(self.current.trim_end().to_owned());
        }
        self.current.clear();
    }

    fn comment(&mut self, text: &str) {
        // `}` would end the comment early; a line break is kept, as python-chess keeps it, but
        // not a blank line before a line that starts with `[`: a reader takes that line for the
        // next game's first tag (found by the archive_dhtmlxq fuzz target); nor the break before
        // a line that starts with `%`, which a reader skips as an escape line (found when the
        // text-level writer's regression test moved to this writer).
        let text = text.replace('}', "");
        let mut lines: Vec<String> = Vec::new();
        for line in text.split('\n') {
            if line.trim_start().starts_with('[') {
                while lines.last().is_some_and(|l| l.trim().is_empty()) {
                    lines.pop();
                }
            }
            match lines.last_mut() {
                Some(last) if line.starts_with('%') => {
                    last.push(' ');
                    last.push_str(line);
                }
                _ => lines.push(line.to_owned()),
            }
        }
        let text = lines.join("\n");
        // A comment with nothing left to say (white space, or `}` alone) is not written: `{ }`
        // reads back as no comment, and the record written again would lose it (found by the
        // `pgn_tree` fuzz target).
        if text.trim().is_empty() {
            return;
        }
        self.token(&format!("{{ {} }} ", text.trim()));
        self.force_number = true;
    }
}

impl<V: Variant> GameTree<V> {
    /// Whether the game writes its moves in `notation` ([`WriteOptions::notation`] falls back
    /// to the record's own notation otherwise): the error names the notations it writes.
    ///
    /// ```
    /// use qipan::tree::GameTree;
    /// use qipan::{Chess, Notation};
    /// let tree = GameTree::<Chess>::default();
    /// assert!(tree.check_notation(Notation::Lan).is_ok());
    /// assert!(tree.check_notation(Notation::Wxf).unwrap_err().to_string().contains("san, lan, uci"));
    /// ```
    pub fn check_notation(&self, notation: Notation) -> Result<(), NotationError> {
        self.start()
            .write_move(V::null_move(), notation)
            .map(|_| ())
    }

    /// The result marker the record ends with: its `Result` tag when that is one (the marker
    /// must be one: a tag with other text is written `*`).
    pub(crate) fn result_marker(&self) -> &str {
        self.tag("Result")
            .map(str::trim)
            .filter(|r| crate::pgn::is_result(r))
            .unwrap_or("*")
    }

    /// The record as PGN text, without a trailing newline: python-chess's
    /// `game.accept(StringExporter(columns=...))` (its `str(game)` is `columns: None`).
    pub fn write_pgn(&self, options: &WriteOptions) -> String {
        let notation = options
            .notation
            .filter(|n| V::NOTATIONS.contains(n))
            .or(self.notation)
            .unwrap_or(V::NOTATIONS[0]);
        let mut out = Lines {
            columns: options.columns,
            lines: Vec::new(),
            current: String::new(),
            force_number: true,
        };
        if options.headers && !self.tags.is_empty() {
            for (name, value) in &self.tags {
                // A Xiangqi record's `Format` tag names the notation of its moves.
                let value = match (name.as_str(), notation) {
                    ("Format", Notation::Iccs) => "ICCS",
                    ("Format", Notation::Wxf) => "WXF",
                    ("Format", Notation::Chinese | Notation::ChineseTraditional) => "Chinese",
                    _ => value,
                };
                out.lines.push(format!("[{name} \"{}\"]", escape(value)));
            }
            out.lines.push(String::new());
        }
        let root = self.root();
        if options.comments && !self.node(root).comment.is_empty() {
            out.comment(&self.node(root).comment);
        }
        self.write_line(root, notation, options, &mut out);
        let result = self.result_marker();
        out.token(&format!("{result} "));
        out.flush();
        let text = out.lines.join("\n");
        text.trim_end().to_owned()
    }

    /// Writes the line of play after `from`: its main move, then the other continuations of
    /// the same position as variations, then the main line on. Variations are followed with an
    /// explicit stack, so a deep tree cannot overflow the call stack.
    fn write_line(
        &self,
        from: NodeId,
        notation: Notation,
        options: &WriteOptions,
        out: &mut Lines,
    ) {
        enum Step {
            /// Write the continuations of this node.
            Line(NodeId),
            /// Open a variation with this node's move.
            Open(NodeId),
            /// Close a variation.
            Close,
        }
        let mut stack = vec![Step::Line(from)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Close => {
                    out.token(") ");
                    out.force_number = true;
                }
                Step::Open(node) => {
                    out.token("( ");
                    out.force_number = true;
                    self.write_node(node, notation, options, out);
                }
                Step::Line(node) => {
                    let Some((&main, others)) = self.variations(node).split_first() else {
                        continue;
                    };
                    self.write_node(main, notation, options, out);
                    stack.push(Step::Line(main));
                    if options.variations {
                        for &variation in others.iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Line(variation));
                            stack.push(Step::Open(variation));
                        }
                    }
                }
            }
        }
    }

    /// One move: its starting comment, number, text, NAGs and comment.
    fn write_node(&self, id: NodeId, notation: Notation, options: &WriteOptions, out: &mut Lines) {
        let node = self.node(id);
        let Some(mv) = node.mv else { return };
        if options.comments && !node.starting_comment.is_empty() {
            out.comment(&node.starting_comment);
        }
        let before = self.position(node.parent.unwrap_or(self.root()));
        let number = before.fullmove_number();
        if before.turn() == Color::White {
            out.token(&format!("{number}. "));
        } else if out.force_number {
            out.token(&format!("{number}... "));
        }
        let text = before
            .write_move(mv, notation)
            .unwrap_or_else(|_| before.notation(mv));
        out.token(&format!("{text} "));
        out.force_number = false;
        if options.comments {
            for nag in &node.nags {
                out.token(&format!("${nag} "));
            }
            if !node.comment.is_empty() {
                out.comment(&node.comment);
            }
        }
    }
}
