//! CBR, one game of 象棋桥 (CCBridge): a 2214-byte header, then the moves.
//!
//! The header holds UTF-16LE strings at fixed places (title, event, Red, Black), the result
//! byte, the side to move and the board: 90 bytes, row by row from Black's side, `0x11`–`0x17`
//! Red's chariot, horse, elephant, advisor, general, cannon, soldier and `0x21`–`0x27` Black's.
//! The moves follow the comment before the first move (a flag, then a length and the text).
//! Each move is 4 bytes stored depth first (see [`DepthFirst`]): flags (`1` no continuation,
//! `2` an alternative follows, `4` a comment follows: a length, then UTF-16LE), a reserved
//! byte, the from and to squares as board indices (row * 9 + file). Four zero bytes end the
//! tree early.

use super::game::DepthFirst;
use super::{text, ArchiveError, ArchiveGame, ArchiveLimits, ArchiveMove, ArchiveSetup, Cursor};
use crate::xiangqi::{Piece, Role, Square};
use crate::Color;

/// The first bytes of a CBR game (also each game of a CBL library).
pub(crate) const MAGIC: &[u8] = b"CCBridge Record\0";

/// The header's length; the moves start here.
const HEADER: usize = 2214;

/// The square of board index `row * 9 + file` (row 0 is Black's back rank), or `None`.
fn square(index: u8) -> Option<Square> {
    if index >= 90 {
        return None;
    }
    Square::try_new(index % 9, 9 - index / 9)
}

fn piece(code: u8) -> Option<Piece> {
    let color = match code >> 4 {
        1 => Color::White,
        2 => Color::Black,
        _ => return None,
    };
    let kind = match code & 0x0F {
        1 => Role::Chariot,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::General,
        6 => Role::Cannon,
        7 => Role::Soldier,
        _ => return None,
    };
    Some(Piece { color, role: kind })
}

/// Reads the game at `bytes[start..]` (its `index` is 1-based, for error reports).
pub(crate) fn read(
    bytes: &[u8],
    start: usize,
    index: usize,
    limits: &ArchiveLimits,
) -> Result<ArchiveGame, ArchiveError> {
    let mut cursor = Cursor::new(&bytes[start..], 0, start, index);
    let header = cursor.take(HEADER, "the CBR header")?;
    let mut game = ArchiveGame::new();
    let field = |at: usize, len: usize| text::non_empty(text::utf16le(&header[at..at + len]));
    game.push_tag("Title", field(180, 128));
    game.push_tag("Event", field(692, 64));
    game.push_tag("Red", field(1076, 64));
    game.push_tag("Black", field(1300, 64));
    let result = match header[2076] {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    game.push_tag("Result", Some(result.to_owned()));

    let mut setup = ArchiveSetup::empty();
    for (at, &code) in header[2120..2210].iter().enumerate() {
        if let (Some(sq), Some(piece)) = (square(at as u8), piece(code)) {
            setup.board[sq.index()] = Some(piece);
        }
    }
    let side = u16::from_le_bytes([header[2116], header[2117]]);
    setup.turn = Some(if side == 1 {
        Color::White
    } else {
        Color::Black
    });
    game.set_start(setup);

    if cursor.remaining() < 4 {
        return Ok(game);
    }
    if cursor.u32_le("the first comment's flag")? != 0 {
        let len = cursor.u32_le("a comment length")?;
        game.nodes[0].comment =
            text::non_empty(text::utf16le(cursor.comment(u64::from(len), limits)?));
    }
    let mut tree = DepthFirst::new();
    while let Some(parent) = tree.next_parent() {
        if cursor.remaining() == 0 && parent == 0 && game.nodes[0].children.is_empty() {
            break; // a position without moves
        }
        let offset = cursor.offset();
        let raw = cursor.take(4, "a move record")?;
        if raw == [0, 0, 0, 0] {
            break;
        }
        let flags = raw[0];
        let comment = if flags & 4 != 0 {
            let len = cursor.u32_le("a comment length")?;
            text::non_empty(text::utf16le(cursor.comment(u64::from(len), limits)?))
        } else {
            None
        };
        let mv = ArchiveMove {
            from: square(raw[2]),
            to: square(raw[3]),
        };
        tree.add(
            &mut game,
            limits,
            index,
            parent,
            mv,
            comment,
            offset,
            flags & 1 == 0,
            flags & 2 != 0,
        )?;
    }
    Ok(game)
}
