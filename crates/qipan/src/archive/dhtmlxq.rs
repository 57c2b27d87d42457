//! DhtmlXQ, the Xiangqi record blocks web pages embed (东萍象棋 and the sites that copy it):
//! `[DhtmlXQ]` ... `[/DhtmlXQ]`, inside it fields `[DhtmlXQ_name]value[/DhtmlXQ_name]`.
//!
//! Squares are two digits, the file (0–8 from Red's left) then the row (0–9 from Black's side).
//! `DhtmlXQ_binit` places the 32 pieces in XQF's fixed order (`99` for a captured one);
//! `DhtmlXQ_movelist` is the main line, four digits a move. A variation
//! `DhtmlXQ_move_B_P_N` is line `N`, whose first move, at ply `P`, is an alternative to the move
//! at ply `P` of line `B` (the main line is line 0). `DhtmlXQ_comment0` comes before the first
//! move, `DhtmlXQ_commentP` after the main line's ply `P`, `DhtmlXQ_commentN_P` after ply `P` of
//! line `N`; `||` in a comment is a line break. The text is UTF-8, or GBK when it is not valid
//! UTF-8.

use std::collections::BTreeMap;

use super::game::order_piece;
use super::{
    text, ArchiveError, ArchiveErrorKind, ArchiveGame, ArchiveLimits, ArchiveMove, ArchiveNode,
    ArchiveSetup,
};
use crate::xiangqi::Square;

const OPEN: &[u8] = b"[DhtmlXQ]";
const CLOSE: &str = "[/DhtmlXQ]";

/// Whether `bytes` hold a DhtmlXQ block.
pub(crate) fn contains_block(bytes: &[u8]) -> bool {
    find(bytes, OPEN, 0).is_some()
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|at| from + at)
}

/// Reads every `[DhtmlXQ]` block of `bytes`, one game each.
pub(crate) fn read(bytes: &[u8], limits: &ArchiveLimits) -> Vec<Result<ArchiveGame, ArchiveError>> {
    let mut games = Vec::new();
    let mut from = 0;
    while let Some(start) = find(bytes, OPEN, from) {
        let index = games.len() + 1;
        if games.len() == limits.max_games {
            let kind = ArchiveErrorKind::TooManyGames(limits.max_games);
            games.push(Err(ArchiveError::new(index, start, kind)));
            break;
        }
        let body_start = start + OPEN.len();
        let end = find(bytes, CLOSE.as_bytes(), body_start).unwrap_or(bytes.len());
        let body = text::utf8_or_gbk(&bytes[body_start..end]);
        games.push(read_block(&body, index, start, limits));
        from = end;
    }
    games
}

/// The fields of one block, by name without the `DhtmlXQ_` prefix (the first of a name wins).
/// One pass over the brackets: an opening tag waits for the first closing tag of its name, so
/// no input makes the search quadratic.
fn fields(body: &str) -> BTreeMap<&str, &str> {
    let mut map = BTreeMap::new();
    let mut open: BTreeMap<&str, usize> = BTreeMap::new();
    let bytes = body.as_bytes();
    let mut at = 0;
    while let Some(start) = body[at..].find('[').map(|i| at + i) {
        // The tag ends at the next `]`, unless another `[` comes first.
        let Some(len) = bytes[start + 1..]
            .iter()
            .position(|&b| b == b']' || b == b'[')
        else {
            break;
        };
        let end = start + 1 + len;
        at = end;
        if bytes[end] == b'[' {
            continue;
        }
        let inner = &body[start + 1..end];
        if let Some(name) = inner.strip_prefix("/DhtmlXQ_") {
            if let Some(value_start) = open.remove(name) {
                map.entry(name).or_insert(&body[value_start..start]);
            }
        } else if let Some(name) = inner.strip_prefix("DhtmlXQ_") {
            open.entry(name).or_insert(end + 1);
        }
        at = end + 1;
    }
    map
}

fn bad(index: usize, offset: usize, field: &str, why: &'static str) -> ArchiveError {
    let kind = ArchiveErrorKind::BadField {
        field: format!("DhtmlXQ_{field}"),
        why,
    };
    ArchiveError::new(index, offset, kind)
}

/// The square of two digits (file, row from Black's side), or `None`.
fn square(pair: &[u8]) -> Option<Square> {
    let digit = |b: u8| b.is_ascii_digit().then(|| b - b'0');
    Square::try_new(digit(pair[0])?, 9u8.checked_sub(digit(pair[1])?)?)
}

fn read_block(
    body: &str,
    index: usize,
    offset: usize,
    limits: &ArchiveLimits,
) -> Result<ArchiveGame, ArchiveError> {
    let fields = fields(body);
    let mut game = ArchiveGame::new();
    let tag = |name: &str| {
        fields
            .get(name)
            .and_then(|v| text::non_empty((*v).to_owned()))
    };
    for (field, name) in [
        ("title", "Title"),
        ("event", "Event"),
        ("date", "Date"),
        ("place", "Site"),
        ("round", "Round"),
        ("table", "Table"),
        ("red", "Red"),
        ("redteam", "RedTeam"),
        ("black", "Black"),
        ("blackteam", "BlackTeam"),
        ("open", "Opening"),
        ("owner", "Annotator"),
    ] {
        game.push_tag(name, tag(field));
    }
    if let Some(result) = tag("result") {
        let pgn = if result.contains("红胜")
            || result.contains("红先胜")
            || result.contains("红方胜")
        {
            "1-0"
        } else if result.contains("黑胜") || result.contains("黑方胜") || result.contains("红先负")
        {
            "0-1"
        } else if result.contains('和') {
            "1/2-1/2"
        } else {
            "*"
        };
        game.push_tag("Result", Some(pgn.to_owned()));
    }
    if let Some(binit) = fields.get("binit") {
        game.set_start(
            setup(binit.trim().as_bytes())
                .ok_or_else(|| bad(index, offset, "binit", "not 64 digits of 32 squares"))?,
        );
    }
    game.nodes[0].comment = comment(&fields, "comment0");

    // Line number -> (its first ply, the node its first move hangs from, its nodes).
    let mut lines: BTreeMap<u64, (usize, usize, Vec<usize>)> = BTreeMap::new();
    let mut branches: Vec<(u64, u64, usize, &str, &str)> = Vec::new();
    for (name, value) in &fields {
        if let Some(spec) = name.strip_prefix("move_") {
            let mut parts = spec.split('_').map(str::parse::<u64>);
            match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some(Ok(base)), Some(Ok(ply)), Some(Ok(line)), None) if line > 0 && ply > 0 => {
                    let ply = usize::try_from(ply).unwrap_or(usize::MAX);
                    branches.push((line, base, ply, name, value));
                }
                _ => return Err(bad(index, offset, name, "not move_BASE_PLY_LINE")),
            }
        }
    }
    if branches.len() > limits.max_nodes {
        return Err(ArchiveError::new(
            index,
            offset,
            ArchiveErrorKind::TooManyMoves(limits.max_nodes),
        ));
    }
    // Lower line numbers first: a line branches from one written before it.
    branches.sort_by_key(|b| b.0);
    let main = fields.get("movelist").copied().unwrap_or("");
    let main_nodes = add_line(&mut game, 0, main, "movelist", index, offset, limits)?;
    attach_comments(&mut game, &fields, 0, 1, &main_nodes);
    lines.insert(0, (1, 0, main_nodes));
    for (line, base, ply, name, value) in branches {
        if lines.contains_key(&line) {
            return Err(bad(index, offset, name, "a line number used twice"));
        }
        let Some((first, first_parent, nodes)) = lines.get(&base) else {
            return Err(bad(
                index,
                offset,
                name,
                "branches from a line that does not exist",
            ));
        };
        // An alternative to the base line's move at `ply`: it hangs where that move does (one
        // past the base line's end continues it).
        let parent = if ply == *first {
            Some(*first_parent)
        } else {
            ply.checked_sub(*first + 1)
                .and_then(|i| nodes.get(i).copied())
        };
        let Some(parent) = parent else {
            return Err(bad(
                index,
                offset,
                name,
                "branches at a ply its base line does not reach",
            ));
        };
        let nodes = add_line(&mut game, parent, value, name, index, offset, limits)?;
        attach_comments(&mut game, &fields, line, ply, &nodes);
        lines.insert(line, (ply, parent, nodes));
    }
    Ok(game)
}

/// The 32 squares of `DhtmlXQ_binit`.
fn setup(binit: &[u8]) -> Option<ArchiveSetup> {
    if binit.len() != 64 || !binit.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut setup = ArchiveSetup::empty();
    for (index, pair) in binit.chunks_exact(2).enumerate() {
        // `99` (or any point off the board) is a captured piece.
        if let Some(sq) = square(pair) {
            setup.board[sq.index()] = Some(order_piece(index));
        }
    }
    Some(setup)
}

/// Adds the moves of `text` (four digits each) as a line below `parent`; their nodes.
fn add_line(
    game: &mut ArchiveGame,
    parent: usize,
    text: &str,
    field: &str,
    index: usize,
    offset: usize,
    limits: &ArchiveLimits,
) -> Result<Vec<usize>, ArchiveError> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 4 != 0 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(bad(index, offset, field, "not a list of four-digit moves"));
    }
    let mut nodes = Vec::with_capacity(digits.len() / 4);
    let mut at = parent;
    for quad in digits.chunks_exact(4) {
        if game.nodes.len() > limits.max_nodes {
            return Err(ArchiveError::new(
                index,
                offset,
                ArchiveErrorKind::TooManyMoves(limits.max_nodes),
            ));
        }
        let ply = game.nodes[at].ply + 1;
        if ply > limits.max_plies {
            return Err(ArchiveError::new(
                index,
                offset,
                ArchiveErrorKind::TooDeep(limits.max_plies),
            ));
        }
        let mv = ArchiveMove {
            from: square(&quad[..2]),
            to: square(&quad[2..]),
        };
        let node = game.nodes.len();
        game.nodes.push(ArchiveNode {
            mv: Some(mv),
            comment: None,
            children: Vec::new(),
            ply,
            offset,
        });
        game.nodes[at].children.push(node);
        nodes.push(node);
        at = node;
    }
    Ok(nodes)
}

/// Gives the nodes of line `line` (first ply `first`) their comments.
fn attach_comments(
    game: &mut ArchiveGame,
    fields: &BTreeMap<&str, &str>,
    line: u64,
    first: usize,
    nodes: &[usize],
) {
    for (i, &node) in nodes.iter().enumerate() {
        let ply = first + i;
        let name = if line == 0 {
            format!("comment{ply}")
        } else {
            format!("comment{line}_{ply}")
        };
        game.nodes[node].comment = comment(fields, &name);
    }
}

fn comment(fields: &BTreeMap<&str, &str>, name: &str) -> Option<String> {
    fields
        .get(name)
        .and_then(|text| text::non_empty(text.replace("||", "\n")))
}
