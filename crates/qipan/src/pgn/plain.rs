//! The common case of [`check_game`](super::check_game), read in one pass: a chess record in
//! UTF-8 whose tags stand one to a line, whose main line plays without an error and whose result
//! agrees with its ending. That is almost every game of a database, and reading it this way —
//! the movetext scanned once as bytes, plain SAN resolved from the pieces that reach its target
//! square ([`Chess::parse_plain_san`]), only the moves kept and the [`Game`] that judges the
//! ending made at the end — is several times faster than the tokenizer, visitor and `Game` per
//! ply of the general reader.
//!
//! Anything else returns `None` and the game is read the general way: another game, an error or
//! a note to report, and every piece of text the tokenizer reads in a way of its own (a `%` line
//! or an XQBase trailer, a tag after a comment, a character outside ASCII between the comments).
//! Where it answers, the answer is the one the general reader gives (`plain_tests.rs` compares
//! both on every record of the repository and on thousands of changed ones, the `pgn_check` fuzz
//! target on any text).

use super::token::{byte_table, is_dropped_word, is_tag_name_byte, WORD_ENDS};
use super::{nag_of_glyph, result_of, GameCheck, Limits, RawGame};
use crate::chess::{ChessRules, Move};
use crate::{Chess, Game, GameKind, Variant};

/// The [`GameCheck`] of a valid chess game that reads the plain way (see the module docs), or
/// `None` when the general reader must look.
pub(super) fn check_plain_chess(
    raw: &RawGame,
    limits: &Limits,
    forced: Option<GameKind>,
) -> Option<GameCheck> {
    if raw.error.is_some() {
        return None;
    }
    let bytes = &raw.bytes[..];
    let (tags, movetext) = plain_tags(bytes)?;
    let tag = |name: &str| tags.get(name);
    let named = GameKind::from_tag_values(tag);
    // The movetext is read as ASCII outside its comments, whose bytes are skipped: it reads the
    // same in UTF-8 and with invalid bytes replaced, but a Xiangqi record that is not UTF-8 is
    // decoded as GBK, where a `}` may be the second byte of a character.
    if named == Ok(GameKind::Xiangqi) && std::str::from_utf8(bytes).is_err() {
        return None;
    }
    let kind = match forced {
        Some(kind) => kind,
        None => named.ok()?,
    };
    let rules = match kind {
        GameKind::Chess => ChessRules::FIDE,
        GameKind::Chess960 => ChessRules::CHESS960,
        GameKind::Xiangqi => return None,
    };
    let mut position = match tag("FEN") {
        Some(fen) => Chess::from_fen_for(fen.trim(), &rules).ok()?,
        None => Chess::start_with(&rules),
    };
    position.set_mode(&rules);
    let mut play = PlainReplay {
        start: position,
        position,
        // About one move in every ten bytes of a record.
        moves: Vec::with_capacity((bytes.len() / 8).min(limits.max_plies)),
        passed: false,
        max_plies: limits.max_plies,
    };
    let result = play_movetext(bytes, movetext, limits, &mut play)?;
    let tag_result = tag("Result").map(str::trim);
    if let (Some(tag), Some(token)) = (tag_result, result) {
        if tag != token {
            return None;
        }
    }
    let game = play.game_for_ending(rules);
    let ending = match game.outcome() {
        None => "none",
        Some(real) => {
            if tag_result
                .or(result)
                .is_some_and(|claimed| claimed != real.result())
            {
                return None;
            }
            real.termination.as_str()
        }
    };
    Some(GameCheck {
        variant: Ok(kind),
        plies: play.moves.len(),
        ending: Some(ending),
        errors: Vec::new(),
        notes: Vec::new(),
    })
}

/// The moves played: the [`Game`] that judges the ending is made of them at the end (keeping a
/// position per ply, as a `Game` does, would cost more than the rest of the replay).
struct PlainReplay {
    start: Chess,
    position: Chess,
    moves: Vec<Move>,
    /// A null move was played.
    passed: bool,
    max_plies: usize,
}

impl PlainReplay {
    /// Plays one move's text (ASCII); `None` when it is no legal move (or one too many).
    fn play(&mut self, text: &[u8]) -> Option<()> {
        if self.moves.len() >= self.max_plies {
            return None;
        }
        let mv = match self.position.parse_plain_san(text) {
            Some(mv) => mv,
            None => self.position.parse_any(ascii(text)).ok()?,
        };
        self.passed |= mv.is_null();
        play_unhashed(&mut self.position, mv);
        self.moves.push(mv);
        Some(())
    }

    /// A game with the last position and every position a repetition there could count: the
    /// ones since the last capture or pawn move (no position before it comes back, and a `Game`
    /// looks no further back), or none when a fifth occurrence is impossible.
    fn game_for_ending(&self, rules: ChessRules) -> Game<Chess> {
        let since = self.position.halfmove_clock() as usize;
        // Without passes a position comes back four plies later at the earliest: five
        // occurrences take sixteen plies without a capture or pawn move.
        if !self.passed && since < 16 {
            let mut last = self.position;
            last.rehash();
            return Game::with_rules(last, rules);
        }
        let zeroing = self.moves.len().saturating_sub(since);
        let mut position = self.start;
        for &mv in &self.moves[..zeroing] {
            play_unhashed(&mut position, mv);
        }
        position.rehash();
        let mut game = Game::with_rules(position, rules);
        for &mv in &self.moves[zeroing..] {
            game.push_unchecked(mv);
        }
        game
    }
}

/// The values of the tags this reader uses (the first of each name): the ones that name the game
/// ([`GameKind::from_tags`]), `FEN` and `Result`.
#[derive(Default)]
struct PlainTags<'a> {
    values: [Option<&'a str>; 5],
}

impl<'a> PlainTags<'a> {
    const NAMES: [&'static [u8]; 5] = [b"FEN", b"Result", b"Variant", b"Game", b"Format"];

    fn get(&self, name: &str) -> Option<&'a str> {
        let i = Self::NAMES.iter().position(|n| *n == name.as_bytes())?;
        self.values[i]
    }
}

/// Plays `mv` (or passes) without keeping the zobrist key: the ending needs keys only at the end
/// ([`Chess::rehash`]).
fn play_unhashed(position: &mut Chess, mv: Move) {
    if mv.is_null() {
        position.play_null();
    } else {
        position.play_unhashed(mv);
    }
}

/// The tags of a tag section of one tag per line (`[Name "value"]`, no escapes, nothing after
/// it), and where the movetext starts.
fn plain_tags(bytes: &[u8]) -> Option<(PlainTags<'_>, usize)> {
    let mut tags = PlainTags::default();
    let mut i = 0;
    loop {
        while i < bytes.len() && is_ascii_space(bytes[i]) {
            i += 1;
        }
        match bytes.get(i) {
            Some(b'[') => {}
            // A `%` line or a byte-order mark: left to the general reader.
            Some(b'%' | 0xEF) => return None,
            _ => return Some((tags, i)),
        }
        i += 1;
        i += count(&bytes[i..], |b| b == b' ' || b == b'\t');
        let name_len = count(&bytes[i..], is_tag_name_byte);
        if name_len == 0 {
            return None;
        }
        let name = &bytes[i..i + name_len];
        i += name_len;
        i += count(&bytes[i..], |b| b == b' ' || b == b'\t');
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        i += 1;
        let value_len = count(&bytes[i..], |b| !matches!(b, b'"' | b'\\' | b'\n'));
        if bytes.get(i + value_len) != Some(&b'"') {
            return None;
        }
        let value = &bytes[i..i + value_len];
        i += value_len + 1;
        i += count(&bytes[i..], |b| b == b' ' || b == b'\t');
        if bytes.get(i) != Some(&b']') {
            return None;
        }
        i += 1;
        i += count(&bytes[i..], |b| matches!(b, b' ' | b'\t' | b'\r'));
        if !matches!(bytes.get(i), None | Some(b'\n')) {
            return None;
        }
        if let Some(k) = PlainTags::NAMES.iter().position(|n| *n == name) {
            if tags.values[k].is_none() {
                // Invalid UTF-8 in a value: the general reader replaces it.
                tags.values[k] = Some(std::str::from_utf8(value).ok()?);
            }
        }
    }
}

/// Plays the main line of the movetext at `bytes[start..]` and returns its last result token
/// (`None` without one); `None` for anything the general reader must look at.
fn play_movetext(
    bytes: &[u8],
    start: usize,
    limits: &Limits,
    play: &mut PlainReplay,
) -> Option<Option<&'static str>> {
    let mut result = None;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => i += 1,
            b'%' if i == 0 || bytes[i - 1] == b'\n' => i = line_end(bytes, i),
            b'{' => i += 2 + memchr::memchr(b'}', &bytes[i + 1..])?,
            b';' => i = line_end(bytes, i),
            b'(' => i = skip_variation(bytes, i, limits.max_depth)?,
            b'$' => {
                let digits = count(&bytes[i + 1..], |b| b.is_ascii_digit());
                ascii(&bytes[i + 1..i + 1 + digits]).parse::<u8>().ok()?;
                i += 1 + digits;
            }
            // Tags, stray brackets, XQBase trailers, text outside ASCII: the general reader's.
            b')' | b'[' | b']' | b'}' | b'=' | 0x80.. => return None,
            // A move number on its own (`12.`, `12...`): a third of the words.
            b'0'..=b'9' if is_move_number(bytes, &mut i) => {}
            _ => {
                let len = count(&bytes[i..], |b| !WORD_END[usize::from(b)]);
                let word = &bytes[i..i + len];
                i += len;
                if let Some(token) = play_word(word, play)? {
                    result = Some(token);
                }
            }
        }
    }
    Some(result)
}

/// Whether the word at `bytes[*i..]` is a move number alone (digits, dots, then the word's
/// end); if so, `*i` moves past it.
fn is_move_number(bytes: &[u8], i: &mut usize) -> bool {
    let digits = count(&bytes[*i..], |b| b.is_ascii_digit());
    let dots = count(&bytes[*i + digits..], |b| b == b'.');
    let end = *i + digits + dots;
    let alone = dots > 0 && bytes.get(end).map_or(true, |&b| WORD_END[usize::from(b)]);
    if alone {
        *i = end;
    }
    alone
}

/// One word of the main line (ASCII) as the tokenizer reads it: a result (returned), a move
/// number (perhaps glued to its move), a move with its `!`/`?` suffix, a glyph alone, or a word
/// that is dropped (`e.p.`).
fn play_word(word: &[u8], play: &mut PlainReplay) -> Option<Option<&'static str>> {
    // Almost every word: a move in letters without a suffix (results and move numbers start
    // with a digit or `*`; the dropped `e.p.`, `e.p` and `ep.` have a dot second or third).
    let last = word[word.len() - 1];
    let dotted = word.len() >= 3 && (word[1] == b'.' || word[2] == b'.');
    if word[0].is_ascii_alphabetic() && !matches!(last, b'!' | b'?') && !dotted {
        return play.play(word).map(|()| None);
    }
    let digits = count(word, |b| b.is_ascii_digit());
    if digits == 0 || word.get(digits) != Some(&b'.') {
        // Not a move number (the next commonest word): perhaps a result.
        if let Some(result) = result_of(word) {
            return Some(Some(result));
        }
    }
    let mut word = word;
    if digits > 0 && word.get(digits) == Some(&b'.') {
        let after = &word[digits + count(&word[digits..], |b| b == b'.')..];
        match after.first() {
            None => return Some(None),
            Some(b) if !b.is_ascii_digit() => word = after,
            Some(_) => return None,
        }
        if let Some(result) = result_of(word) {
            return Some(Some(result));
        }
    }
    let body_len = word.len()
        - word
            .iter()
            .rev()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
    let text = if body_len == word.len() {
        word
    } else {
        let nag = nag_of_glyph(ascii(&word[body_len..]));
        if body_len == 0 {
            nag?;
            return Some(None);
        }
        if nag.is_none() || result_of(&word[..body_len]).is_some() {
            word
        } else {
            &word[..body_len]
        }
    };
    // Only `e.p.`, `e.p` and `ep.` (any case) are dropped here: a run of `=` never gets here.
    let may_be_dropped = text.len() <= 4 && text[0].eq_ignore_ascii_case(&b'e');
    if !(may_be_dropped && is_dropped_word(ascii(text))) {
        play.play(text)?;
    }
    Some(None)
}

/// The bytes that end a word: white space, brackets, `;` and `$` (the tokenizer's), and every
/// byte outside ASCII (which may be white space: the next word then starts there, and this
/// reader stops).
static WORD_END: [bool; 256] = byte_table(WORD_ENDS, true);

/// The end of the variation that opens at `bytes[open]`, its tokens skipped as the general
/// reader skips them; `None` for anything it must look at.
fn skip_variation(bytes: &[u8], open: usize, max_depth: usize) -> Option<usize> {
    let mut depth = 1;
    if depth > max_depth {
        return None;
    }
    let mut i = open + 1;
    loop {
        // Everything but these bytes is skipped as it stands.
        i += count(&bytes[i..], |b| !IN_VARIATION[usize::from(b)]);
        match *bytes.get(i)? {
            b'%' if bytes[i - 1] == b'\n' => i = line_end(bytes, i),
            b'{' => i += 2 + memchr::memchr(b'}', &bytes[i + 1..])?,
            b';' => i = line_end(bytes, i),
            b'(' => {
                depth += 1;
                if depth > max_depth {
                    return None;
                }
                i += 1;
            }
            b')' => {
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'[' | 0x80.. => return None,
            // Only white space before it on its line: it could open an XQBase trailer.
            b'=' if bytes[..i]
                .iter()
                .rev()
                .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
                .map_or(true, |&b| b == b'\n') =>
            {
                return None
            }
            _ => i += 1,
        }
    }
}

/// The bytes a skipped variation looks at: comments, brackets, `%` and `=` (which may start a
/// line of their own) and every byte outside ASCII.
static IN_VARIATION: [bool; 256] = byte_table(b"%{;()[=", true);

/// The index of the `\n` that ends the line at `i` (or the end).
fn line_end(bytes: &[u8], i: usize) -> usize {
    memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |j| i + j)
}

fn count(bytes: &[u8], keep: impl Fn(u8) -> bool) -> usize {
    bytes.iter().position(|&b| !keep(b)).unwrap_or(bytes.len())
}

/// ASCII bytes as text.
fn ascii(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap_or_default()
}

fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}
