//! XQF, the format of 象棋演播室 (XQStudio): a 1024-byte header, then the moves.
//!
//! The header holds the 32 pieces' squares in a fixed order (byte `x * 10 + y`, `x` the file
//! from Red's left, `y` the rank from Red's side; 255 for a captured piece), the result, and
//! length-prefixed GBK strings (title, event, date, site, players, time rules, annotator,
//! author). Version 1.0 (byte 2 = 10) is plain; from 1.1 on the squares, the moves and the
//! comment lengths are encrypted with keys derived from header bytes 3–15, and from 1.2 on the
//! 32 squares are also stored in a rotated order.
//!
//! Moves are records stored depth first (see [`DepthFirst`]): record 0 holds only the comment
//! before the first move. Version 1.0 records are 8 bytes (from + 24, to + 32, flags: `0xF0`
//! has a continuation, `0x0F` has an alternative, a reserved byte, the comment length); later
//! versions 4 bytes (flags `0x80` continuation, `0x40` alternative, `0x20` a comment whose
//! length follows).

use super::game::{order_piece, DepthFirst};
use super::{
    text, ArchiveError, ArchiveErrorKind, ArchiveGame, ArchiveLimits, ArchiveMove, ArchiveSetup,
    Cursor,
};
use crate::xiangqi::Square;

/// The first bytes of every XQF file.
pub(crate) const MAGIC: &[u8] = b"XQ";

/// The header's length; the moves start here.
const HEADER: usize = 0x400;

/// The last plain version (1.0).
const PLAIN_VERSION: u8 = 0x0A;

/// The keys of an encrypted file (version 1.1 and later).
struct Keys {
    /// Subtracted from each of the 32 squares.
    squares: u8,
    /// Subtracted from a move's from-square (after the 24 offset).
    from: u8,
    /// Subtracted from a move's to-square (after the 32 offset).
    to: u8,
    /// Subtracted from a comment length.
    comment: u32,
    /// The 32 bytes subtracted, in turn, from the move data.
    stream: [u8; 32],
}

/// The scrambling step of every key: the same polynomial on each header byte.
fn scramble(b: u8) -> u8 {
    let b = u32::from(b);
    (((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) as u8
}

impl Keys {
    /// Derives the keys from header bytes 3–15 (mask, product id, four OR bytes, the key sum and
    /// the three square keys), as XQStudio's own reader does.
    fn derive(header: &[u8]) -> Keys {
        let (mask, or) = (header[3], [header[8], header[9], header[10], header[11]]);
        let (sum, xy, xyf, xyt) = (header[12], header[13], header[14], header[15]);
        let squares = scramble(xy).wrapping_mul(xy);
        let from = scramble(xyf).wrapping_mul(squares);
        let to = scramble(xyt).wrapping_mul(from);
        let comment = (u32::from(sum) * 256 + u32::from(xy)) % 32000 + 767;
        let bytes = [
            (sum & mask) | or[0],
            (xy & mask) | or[1],
            (xyf & mask) | or[2],
            (xyt & mask) | or[3],
        ];
        let mut stream = *b"[(C) Copyright Mr. Dong Shiwei.]";
        for (i, byte) in stream.iter_mut().enumerate() {
            *byte &= bytes[i % 4];
        }
        Keys {
            squares,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// The square of byte `x * 10 + y`, or `None` off the board.
fn square(value: u8) -> Option<Square> {
    if value > 89 {
        return None;
    }
    Square::try_new(value / 10, value % 10)
}

/// Reads one XQF file.
pub(crate) fn read(bytes: &[u8], limits: &ArchiveLimits) -> Result<ArchiveGame, ArchiveError> {
    let mut cursor = Cursor::new(bytes, 0, 0, 1);
    let header = cursor.take(HEADER, "the XQF header")?;
    let version = header[2];
    let keys = (version > PLAIN_VERSION).then(|| Keys::derive(header));
    let mut game = ArchiveGame::new();
    read_tags(header, &mut game);
    game.set_start(setup(header, version, keys.as_ref()));

    // The moves, decrypted once (the stream key repeats every 32 bytes from offset 0x400).
    let data: Vec<u8> = match &keys {
        None => bytes[HEADER..].to_vec(),
        Some(keys) => bytes[HEADER..]
            .iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(keys.stream[(HEADER + i) % 32]))
            .collect(),
    };
    let mut cursor = Cursor::new(&data, 0, HEADER, 1);
    if cursor.remaining() == 0 {
        return Ok(game);
    }
    let (_, comment) = record(&mut cursor, keys.as_ref(), limits)?;
    game.nodes[0].comment = comment;
    let mut tree = DepthFirst::new();
    // Record 0's own flags are not trusted (writers differ): the moves are read while bytes are
    // left, and stop when the tree is complete.
    while let Some(parent) = tree.next_parent() {
        if cursor.remaining() == 0 && parent == 0 && game.nodes[0].children.is_empty() {
            break; // record 0 alone: a position without moves
        }
        if cursor.remaining() == 0 {
            // The last record promised a continuation or an alternative the data does not hold.
            return Err(cursor.error(ArchiveErrorKind::Truncated("a move record")));
        }
        let offset = cursor.offset();
        let (step, comment) = record(&mut cursor, keys.as_ref(), limits)?;
        tree.add(
            &mut game,
            limits,
            1,
            parent,
            step.mv,
            comment,
            offset,
            step.next,
            step.alternative,
        )?;
    }
    Ok(game)
}

/// One move record, decoded.
struct Step {
    mv: ArchiveMove,
    next: bool,
    alternative: bool,
}

/// Reads one record and its comment.
fn record(
    cursor: &mut Cursor<'_>,
    keys: Option<&Keys>,
    limits: &ArchiveLimits,
) -> Result<(Step, Option<String>), ArchiveError> {
    let raw = cursor.take(4, "a move record")?;
    let (from, to, flags) = (raw[0], raw[1], raw[2]);
    let (step, comment_len) = match keys {
        None => {
            let len = cursor.u32_le("a comment length")?;
            let step = Step {
                mv: ArchiveMove {
                    from: square(from.wrapping_sub(0x18)),
                    to: square(to.wrapping_sub(0x20)),
                },
                next: flags & 0xF0 != 0,
                alternative: flags & 0x0F != 0,
            };
            (step, u64::from(len))
        }
        Some(keys) => {
            let len = if flags & 0x20 != 0 {
                // A stored length at or below the key means no comment.
                u64::from(
                    cursor
                        .u32_le("a comment length")?
                        .saturating_sub(keys.comment),
                )
            } else {
                0
            };
            let step = Step {
                mv: ArchiveMove {
                    from: square(from.wrapping_sub(0x18).wrapping_sub(keys.from)),
                    to: square(to.wrapping_sub(0x20).wrapping_sub(keys.to)),
                },
                next: flags & 0x80 != 0,
                alternative: flags & 0x40 != 0,
            };
            (step, len)
        }
    };
    let comment = if comment_len > 0 {
        text::non_empty(text::gbk(cursor.comment(comment_len, limits)?))
    } else {
        None
    };
    Ok((step, comment))
}

/// The start position from the 32 squares at 0x10.
fn setup(header: &[u8], version: u8, keys: Option<&Keys>) -> ArchiveSetup {
    let stored = &header[0x10..0x30];
    let mut squares = [0u8; 32];
    match keys {
        None => squares.copy_from_slice(stored),
        Some(keys) => {
            for (i, &b) in stored.iter().enumerate() {
                // From 1.2 on, piece i is stored at a place rotated by the square key.
                let at = if version >= 0x0C {
                    (usize::from(keys.squares) + i + 1) & 0x1F
                } else {
                    i
                };
                squares[at] = b;
            }
            for value in &mut squares {
                *value = value.wrapping_sub(keys.squares);
            }
        }
    }
    let mut setup = ArchiveSetup::empty();
    for (index, &value) in squares.iter().enumerate() {
        if let Some(sq) = square(value) {
            // Two pieces on one square: the later one stands there, as in the reference reader.
            setup.board[sq.index()] = Some(order_piece(index));
        }
    }
    setup
}

/// The result byte at 0x33 and the length-prefixed strings of the header.
fn read_tags(header: &[u8], game: &mut ArchiveGame) {
    let field = |at: usize, capacity: usize| {
        let len = usize::from(header[at]).min(capacity);
        text::non_empty(text::gbk(&header[at + 1..at + 1 + len]))
    };
    game.push_tag("Title", field(0x50, 63));
    game.push_tag("Event", field(0xD0, 63));
    game.push_tag("Date", field(0x110, 15));
    game.push_tag("Site", field(0x120, 15));
    game.push_tag("Red", field(0x130, 15));
    game.push_tag("Black", field(0x140, 15));
    game.push_tag("TimeControl", field(0x150, 63));
    game.push_tag("RedTime", field(0x190, 15));
    game.push_tag("BlackTime", field(0x1A0, 15));
    game.push_tag("Annotator", field(0x1D0, 15));
    game.push_tag("Author", field(0x1E0, 15));
    let result = match header[0x33] {
        1 => "1-0",
        2 => "0-1",
        // 4 is written by some programs for a draw as well.
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    game.push_tag("Result", Some(result.to_owned()));
    let kind = match header[0x40] {
        0 => Some("全局"),
        1 => Some("布局"),
        2 => Some("中局"),
        3 => Some("残局"),
        _ => None,
    };
    game.push_tag("XqfType", kind.map(str::to_owned));
    game.push_tag(
        "XqfVersion",
        Some(format!("{}.{}", header[2] / 10, header[2] % 10)),
    );
}
