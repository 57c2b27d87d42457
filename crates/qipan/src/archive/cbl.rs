//! CBL, a library of 象棋桥 (CCBridge) games: a header with the library's name (UTF-16LE at
//! byte 64), an index, then the games, each a CBR record starting on a 4096-byte boundary
//! counted from the first one. A game longer than 4096 bytes runs into the next slots; a slot
//! that does not start with the CBR bytes is such a continuation, or empty.

use super::{cbr, text, ArchiveError, ArchiveErrorKind, ArchiveGame, ArchiveLimits};

/// The first bytes of a CBL library.
pub(crate) const MAGIC: &[u8] = b"CCBridgeLibrary\0";

/// The size of the header read (magic, reserved bytes, game count, name).
const HEADER: usize = 576;

/// The size of a game slot.
const SLOT: usize = 4096;

/// Reads every game of a library. The library's name is given to each game as the tag
/// `Library`.
pub(crate) fn read(
    bytes: &[u8],
    limits: &ArchiveLimits,
) -> Result<Vec<Result<ArchiveGame, ArchiveError>>, ArchiveError> {
    if bytes.len() < HEADER {
        return Err(ArchiveError::new(
            1,
            bytes.len(),
            ArchiveErrorKind::Truncated("the CBL header"),
        ));
    }
    let name = text::tag_value(text::utf16le(&bytes[64..HEADER]));
    // The index between header and games is not read: the games are found by their bytes.
    let Some(first) = find(bytes, HEADER) else {
        return Ok(Vec::new());
    };
    let mut games = Vec::new();
    let mut slot = first;
    while slot < bytes.len() {
        if bytes[slot..].starts_with(cbr::MAGIC) {
            if games.len() == limits.max_games {
                return Err(ArchiveError::new(
                    games.len() + 1,
                    slot,
                    ArchiveErrorKind::TooManyGames(limits.max_games),
                ));
            }
            let end = next_game(bytes, slot);
            let game = cbr::read(&bytes[..end], slot, games.len() + 1, limits).map(|mut game| {
                if let Some(name) = &name {
                    game.tags.push(("Library".to_owned(), name.clone()));
                }
                game
            });
            games.push(game);
        }
        slot += SLOT;
    }
    Ok(games)
}

/// The offset of the first CBR record at or after `from`.
fn find(bytes: &[u8], from: usize) -> Option<usize> {
    bytes[from..]
        .windows(cbr::MAGIC.len())
        .position(|w| w == cbr::MAGIC)
        .map(|at| from + at)
}

/// Where the game in the slot at `slot` ends at the latest: the next slot holding a game, or the
/// end of the file.
fn next_game(bytes: &[u8], slot: usize) -> usize {
    let mut next = slot + SLOT;
    while next < bytes.len() {
        if bytes[next..].starts_with(cbr::MAGIC) {
            return next;
        }
        next += SLOT;
    }
    bytes.len()
}
