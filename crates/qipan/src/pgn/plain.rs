//! The common case of [`check_game`](super::check_game), read in one pass: a chess or Xiangqi
//! record in UTF-8 whose tags stand one to a line, whose main line plays without an error and
//! whose result agrees with its ending. That is almost every game of a database, and reading it
//! this way — the movetext scanned once as bytes, each move word read by the position (plain SAN
//! resolved from the pieces that reach its target square, [`Chess::parse_plain_san`]; ICCS, WXF
//! and Chinese by [`Variant::parse_any`], as the general reader reads them), only the moves kept
//! and the [`Game`] that judges the ending made at the end — is several times faster than the
//! tokenizer, visitor and `Game` per ply of the general reader.
//!
//! Anything else returns `None` and the game is read the general way: another game, an error or
//! a note to report, and every piece of text the tokenizer reads in a way of its own (a `%` line
//! or an XQBase trailer, a tag after a comment, a character outside ASCII between the comments
//! of a chess game, white space outside ASCII, a Xiangqi record that is not UTF-8).
//! Where it answers, the answer is the one the general reader gives (`plain_tests.rs` compares
//! both on every record of the repository and on thousands of changed ones, the `pgn_check` and
//! `pgn_check_xiangqi` fuzz targets on any text).

use super::token::{byte_table, is_dropped_word, is_space, is_tag_name_byte, WORD_ENDS};
use super::{nag_of_glyph, result_of, GameCheck, Limits, RawGame};
use crate::chess::{ChessRules, Move};
use crate::xiangqi::{Move as XiangqiMove, XiangqiRules};
use crate::{Chess, Game, GameKind, Variant, Xiangqi};

/// The [`GameCheck`] of a valid chess or Xiangqi game that reads the plain way (see the module
/// docs), or `None` when the general reader must look.
pub(super) fn check_plain(
    raw: &RawGame,
    limits: &Limits,
    forced: Option<GameKind>,
) -> Option<GameCheck> {
    if raw.error.is_some() {
        return None;
    }
    let bytes = &raw.bytes[..];
    let (tags, movetext) = plain_tags(bytes)?;
    let named = GameKind::from_tag_values(|name| tags.get(name));
    // The movetext is read as ASCII outside its comments (chess) or as UTF-8 (Xiangqi), the
    // comments' bytes skipped: it reads the same in UTF-8 and with invalid bytes replaced, but
    // a Xiangqi record that is not UTF-8 is decoded as GBK, where a `}` may be the second byte
    // of a character.
    // A Xiangqi game's moves may be Chinese, read as text: one not named Xiangqi (read as
    // forced) is decoded with replacement characters when it is not UTF-8.
    let named_xiangqi = named == Ok(GameKind::Xiangqi);
    let text = if named_xiangqi || forced == Some(GameKind::Xiangqi) {
        simdutf8::basic::from_utf8(bytes).ok()?
    } else {
        ""
    };
    let kind = match forced {
        Some(kind) => kind,
        None => named.ok()?,
    };
    let read = PlainRecord {
        bytes,
        text,
        tags,
        movetext,
        limits,
        kind,
    };
    match kind {
        GameKind::Chess => read.check::<Chess>(ChessRules::FIDE),
        GameKind::Chess960 => read.check::<Chess>(ChessRules::CHESS960),
        // Its moves may be Chinese: text of a game not named Xiangqi (read as forced) is
        // decoded with replacement characters when it is not UTF-8.
        GameKind::Xiangqi => read.check::<Xiangqi>(XiangqiRules::default()),
    }
}

/// What the one-pass reader needs of a game: how to read and play a move cheaply, and how soon
/// the history (repetitions, move limits) can decide the game.
pub(super) trait PlainVariant: Variant + Copy {
    /// Move text may hold characters outside ASCII (Chinese notation).
    const NON_ASCII_MOVES: bool;
    /// Without a pass, fewer plies than this since the last capture (or pawn move) leave the
    /// history nothing to decide: the game is judged on its last position alone.
    const HISTORY_PLIES: usize;
    /// What the replay learns of each position from the move that led there (Xiangqi: whether
    /// the side to move is in check); the default is nothing known.
    type Known: Copy + Default;
    /// The legal move that `word` (one word of the main line, in `text` when the game is
    /// known to be UTF-8) names, read as the general reader reads it ([`Variant::parse_any`]);
    /// `None` for an error.
    fn parse_plain(&self, word: &[u8], text: &str, known: Self::Known) -> Option<Self::Move>;
    /// Plays a move (or passes), perhaps without keeping the repetition key.
    fn play_plain(&mut self, mv: Self::Move);
    /// [`PlainVariant::play_plain`], and what the position after it is known to be.
    fn play_known(&mut self, mv: Self::Move, known: &mut Self::Known) {
        self.play_plain(mv);
        *known = Self::Known::default();
    }
    /// The position with its repetition key, to start a [`Game`] from.
    fn with_key(self) -> Self;
}

impl PlainVariant for Chess {
    const NON_ASCII_MOVES: bool = false;
    // Without passes a position comes back four plies later at the earliest: five
    // occurrences take sixteen plies without a capture or pawn move.
    const HISTORY_PLIES: usize = 16;
    type Known = ();

    fn parse_plain(&self, word: &[u8], _: &str, _: ()) -> Option<Move> {
        match self.parse_plain_san(word) {
            Some(mv) => Some(mv),
            None => self.parse_any(ascii(word)).ok(),
        }
    }

    /// Without the zobrist key: the ending needs keys only at the end ([`Chess::rehash`]).
    fn play_plain(&mut self, mv: Move) {
        if mv.is_null() {
            self.play_null();
        } else {
            self.play_unhashed(mv);
        }
    }

    fn with_key(mut self) -> Chess {
        self.rehash();
        self
    }
}

impl PlainVariant for Xiangqi {
    const NON_ASCII_MOVES: bool = true;
    // A position comes back four plies later at the earliest: the third occurrence that the
    // repetition rules judge takes eight plies without a capture; the move limit many more.
    const HISTORY_PLIES: usize = 8;
    /// Whether the side to move is in check, when known.
    type Known = Option<bool>;

    fn parse_plain(&self, word: &[u8], text: &str, in_check: Option<bool>) -> Option<XiangqiMove> {
        // The word lies in the game's text, checked UTF-8 once, and starts and ends on
        // character boundaries: its text without a second check.
        let at = (word.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
        let word = text.get(at..at + word.len())?;
        self.parse_any_knowing(word, in_check == Some(false)).ok()
    }

    /// After a move, whether the side to move is in check, as [`Xiangqi::check_after`] reads it
    /// from the move: when the side that moved had itself moved legally before, the side now to
    /// move was not in check before the move. The game's first move, and a move after a pass,
    /// have no such move before them: [`Xiangqi::is_check`] then.
    fn play_known(&mut self, mv: XiangqiMove, in_check: &mut Option<bool>) {
        if mv.is_null() {
            self.play_null();
            *in_check = None;
            return;
        }
        self.play_unhashed(mv);
        *in_check = Some(match in_check {
            Some(_) => self.check_after(mv.from().index(), mv.to().index()),
            None => self.is_check(),
        });
    }

    /// Without the zobrist key, as for chess.
    fn play_plain(&mut self, mv: XiangqiMove) {
        if mv.is_null() {
            self.play_null();
        } else {
            self.play_unhashed(mv);
        }
    }

    fn with_key(mut self) -> Xiangqi {
        self.rehash();
        self
    }
}

/// One game's bytes, as far as the tags are read.
struct PlainRecord<'a> {
    bytes: &'a [u8],
    /// The bytes as text, when they were checked UTF-8 (a Xiangqi game), else empty.
    text: &'a str,
    tags: PlainTags<'a>,
    movetext: usize,
    limits: &'a Limits,
    kind: GameKind,
}

impl PlainRecord<'_> {
    /// Plays the movetext as `V` under `rules` and judges the ending.
    fn check<V: PlainVariant>(&self, rules: V::Rules) -> Option<GameCheck> {
        let (bytes, limits) = (self.bytes, self.limits);
        let tag = |name: &str| self.tags.get(name);
        let mut position = match tag("FEN") {
            Some(fen) => V::from_fen_for(fen.trim(), &rules).ok()?,
            None => V::start_with(&rules),
        };
        position.set_mode(&rules);
        let mut play = PlainReplay {
            text: self.text,
            start: position,
            position,
            zeroed: (position, 0),
            // About one move in every ten bytes of a record.
            moves: Vec::with_capacity((bytes.len() / 8).min(limits.max_plies)),
            passed: false,
            known: V::Known::default(),
            max_plies: limits.max_plies,
        };
        let result = play_movetext(bytes, self.movetext, limits, &mut play)?;
        let tag_result = tag("Result").map(str::trim);
        if let (Some(tag), Some(token)) = (tag_result, result) {
            if tag != token {
                return None;
            }
        }
        let game = play.game_for_ending(rules);
        let outcome = game.outcome();
        if let Some(real) = outcome {
            if tag_result
                .or(result)
                .is_some_and(|claimed| claimed != real.result())
            {
                return None;
            }
        }
        Some(GameCheck {
            variant: Ok(self.kind),
            plies: play.moves.len(),
            ending: crate::Ending::of(outcome),
            errors: Vec::new(),
            notes: Vec::new(),
        })
    }
}

/// The moves played: the [`Game`] that judges the ending is made of them at the end (keeping a
/// position per ply, as a `Game` does, would cost more than the rest of the replay).
struct PlainReplay<'a, V: PlainVariant> {
    /// The game's text ([`PlainRecord::text`]).
    text: &'a str,
    start: V,
    position: V,
    /// The position after the last capture or pawn move (its halfmove clock 0) and how many
    /// moves led there; the start before one: the ending's `Game` starts there.
    zeroed: (V, usize),
    moves: Vec<V::Move>,
    /// A null move was played.
    passed: bool,
    /// What the last move told of `position` ([`PlainVariant::Known`]).
    known: V::Known,
    max_plies: usize,
}

impl<V: PlainVariant> PlainReplay<'_, V> {
    /// Plays one move's text; `None` when it is no legal move (or one too many).
    fn play(&mut self, text: &[u8]) -> Option<()> {
        if self.moves.len() >= self.max_plies {
            return None;
        }
        let mv = self.position.parse_plain(text, self.text, self.known)?;
        self.passed |= V::is_null(mv);
        self.position.play_known(mv, &mut self.known);
        self.moves.push(mv);
        if self.position.halfmove_clock() == 0 {
            self.zeroed = (self.position, self.moves.len());
        }
        Some(())
    }

    /// A game with the last position and every position a repetition there could count: the
    /// ones since the last capture or pawn move (no position before it comes back, and a `Game`
    /// looks no further back), or none when the history cannot decide anything yet.
    fn game_for_ending(&self, rules: V::Rules) -> Game<V> {
        let since = self.position.halfmove_clock() as usize;
        if !self.passed && since < V::HISTORY_PLIES {
            return Game::with_rules(self.position.with_key(), rules);
        }
        let zeroing = self.moves.len().saturating_sub(since);
        let mut position = self.start;
        if self.zeroed.1 == zeroing {
            position = self.zeroed.0;
        } else {
            for &mv in &self.moves[..zeroing] {
                position.play_plain(mv);
            }
        }
        let mut game = Game::with_rules(position.with_key(), rules);
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
fn play_movetext<V: PlainVariant>(
    bytes: &[u8],
    start: usize,
    limits: &Limits,
    play: &mut PlainReplay<'_, V>,
) -> Option<Option<&'static str>> {
    let mut result = None;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => i += 1,
            b'%' if i == 0 || bytes[i - 1] == b'\n' => i = line_end(bytes, i),
            b'{' => i += 2 + memchr::memchr(b'}', &bytes[i + 1..])?,
            b';' => i = line_end(bytes, i),
            b'(' => i = skip_variation(bytes, i, limits.max_depth, V::NON_ASCII_MOVES)?,
            b'$' => {
                let digits = count(&bytes[i + 1..], |b| b.is_ascii_digit());
                ascii(&bytes[i + 1..i + 1 + digits]).parse::<u8>().ok()?;
                i += 1 + digits;
            }
            // Tags, stray brackets, XQBase trailers, text outside ASCII in a chess game: the
            // general reader's.
            b')' | b'[' | b']' | b'}' | b'=' => return None,
            0x80.. if !V::NON_ASCII_MOVES => return None,
            // A move number on its own (`12.`, `12...`): a third of the words.
            b'0'..=b'9' if is_move_number(bytes, &mut i) => {}
            _ => {
                let len = word_len(bytes, i, V::NON_ASCII_MOVES)?;
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
fn play_word<V: PlainVariant>(
    word: &[u8],
    play: &mut PlainReplay<'_, V>,
) -> Option<Option<&'static str>> {
    // Almost every word: a move in letters without a suffix (results and move numbers start
    // with a digit or `*`; the dropped `e.p.`, `e.p` and `ep.` have a dot second or third).
    // A Xiangqi move too: WXF (`C2.5`, dotted but no `e`) and Chinese (outside ASCII).
    let last = word[word.len() - 1];
    let dotted = word.len() >= 3 && (word[1] == b'.' || word[2] == b'.');
    let dropped = dotted && word[0].eq_ignore_ascii_case(&b'e');
    if (word[0].is_ascii_alphabetic() || word[0] >= 0x80)
        && !matches!(last, b'!' | b'?')
        && !dropped
    {
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

/// The length of the word at `bytes[start..]` (its first byte no word end): up to a byte of
/// [`WORD_ENDS`] or, with `non_ascii`, a character outside ASCII that is white space (then
/// `None`: the general reader's); without `non_ascii`, up to any byte outside ASCII.
fn word_len(bytes: &[u8], start: usize, non_ascii: bool) -> Option<usize> {
    let mut i = start;
    loop {
        match bytes.get(i) {
            Some(&b) if !WORD_END[usize::from(b)] => i += 1,
            // A Chinese character (U+4000–U+9FFF: three bytes, never white space) at once.
            Some(0xE4..=0xE9) if non_ascii => i += 3,
            Some(0x80..) if non_ascii => i += non_space_char_len(bytes, i)?,
            _ => return Some(i - start),
        }
    }
}

/// The length of the character at `bytes[i]` (outside ASCII, in text checked UTF-8), or `None`
/// when it is white space (which the tokenizer reads as such).
#[inline]
fn non_space_char_len(bytes: &[u8], i: usize) -> Option<usize> {
    let lead = bytes[i];
    if (0xE4..=0xE9).contains(&lead) {
        // U+4000–U+9FFF (Chinese characters): never white space, three bytes.
        return Some(3);
    }
    let len = match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    // White space outside ASCII (U+0085, U+00A0, U+1680, U+2000–U+205F, U+3000) and the
    // byte-order mark start with these bytes; Chinese characters (U+4E00–U+9FFF) never do.
    if matches!(lead, 0xC2 | 0xE1 | 0xE2 | 0xE3 | 0xEF) {
        let c = std::str::from_utf8(bytes.get(i..i + len)?)
            .ok()?
            .chars()
            .next()?;
        if is_space(c) {
            return None;
        }
    }
    Some(len)
}

/// The end of the variation that opens at `bytes[open]`, its tokens skipped as the general
/// reader skips them (with `non_ascii`, characters outside ASCII but white space are skipped
/// too); `None` for anything it must look at.
fn skip_variation(bytes: &[u8], open: usize, max_depth: usize, non_ascii: bool) -> Option<usize> {
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
            b'[' => return None,
            0x80.. if non_ascii => i += non_space_char_len(bytes, i)?,
            0x80.. => return None,
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
