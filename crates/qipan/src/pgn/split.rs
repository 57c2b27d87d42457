//! [`Splitter`]: one game at a time out of a stream, in constant memory.

use std::io::{self, BufRead};

use super::{is_trailer_rule, result_of, Limits, SyntaxError};

/// One game's text as it stands in the file, not yet parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    /// 1-based position of the game in the file.
    pub index: u64,
    /// 1-based line of the game's first line.
    pub line: u64,
    /// Byte offset of the game's first line in the file (a leading BOM counts).
    pub offset: u64,
    /// The game's lines, `\n` kept; its text starts at `line`.
    pub bytes: Vec<u8>,
    /// Set when the game broke a [`Limits`] bound; `bytes` is then incomplete.
    pub error: Option<SyntaxError>,
}

/// Reads games one at a time from a [`BufRead`].
///
/// A game starts at a tag line (`[`...) that follows movetext, or — for files without tags — at
/// the first movetext after a game's result token. Lines inside a `{ ... }` comment do not start a
/// game, except a tag line after a blank line (so that one unclosed comment cannot swallow the rest
/// of a file: the game before it reports [`SyntaxError::UnclosedComment`]). A line of `=` signs
/// outside comments opens an XQBase trailer: it and every line after it up to the next line
/// that starts with `[` belong to the game before (a trailer before the first game to no game).
/// Blank lines and `%` escape lines before the first game belong to no game; every line
/// after a game's first line belongs to it until the next game starts. Only the current game and
/// one line are in memory, each bounded by [`Limits`].
///
/// The iterator yields `Err` once for an I/O error (invalid UTF-8 is *not* an I/O error: the
/// parser replaces it) and then ends.
#[derive(Debug)]
pub struct Splitter<R> {
    reader: R,
    state: SplitState,
}

/// Everything a [`Splitter`] knows besides its reader: the lines are handed to it one at a time,
/// straight from the reader's buffer when they lie in it whole.
#[derive(Debug)]
struct SplitState {
    limits: Limits,
    /// Offset of the next line.
    offset: u64,
    /// Number of the next line.
    line_no: u64,
    line: Vec<u8>,
    games: u64,
    current: Option<RawGame>,
    /// The current game has movetext.
    has_moves: bool,
    /// The last movetext token was a result at depth 0.
    terminated: bool,
    in_brace: bool,
    /// In an XQBase trailer ([`is_trailer_rule`]): every line up to the next `[` line belongs
    /// to the current game.
    in_trailer: bool,
    depth: u32,
    /// The line before was blank.
    prev_blank: bool,
    /// The kind of the last line that was not blank (`Blank` before the first).
    last_nonblank: LineKind,
    /// Every sync line ([`is_sync_line`]) starts a game, whatever came before (bulk mode).
    sync: bool,
    /// In sync mode: stop before the first sync line at or past this offset.
    stop_at: Option<u64>,
    /// Lines are scanned byte by byte (for tests of the faster scan against it).
    byte_by_byte: bool,
    /// The file's end or `stop_at` was reached.
    done: bool,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter over `reader`, which it reads to the end.
    pub fn new(reader: R, limits: Limits) -> Self {
        Splitter {
            reader,
            state: SplitState {
                limits,
                offset: 0,
                line_no: 1,
                line: Vec::new(),
                games: 0,
                current: None,
                has_moves: false,
                terminated: false,
                in_brace: false,
                in_trailer: false,
                depth: 0,
                prev_blank: false,
                last_nonblank: LineKind::Blank,
                done: false,
                sync: false,
                stop_at: None,
                byte_by_byte: false,
            },
        }
    }

    /// Sync mode, for bulk and byte-range replay: every *sync line* — a tag line (`[` first,
    /// after an optional BOM, not a `%` line) right after a blank line, whose last non-blank line
    /// before is no tag line (ChessBase leaves blank lines inside a tag section) — starts a game, even
    /// inside an unclosed comment or after a game without movetext, so the games after a sync
    /// line do not depend on anything before it. With `stop_at`, the splitter ends before the
    /// first sync line at or past that offset (after finishing the game before it).
    pub(crate) fn sync_mode(mut self, stop_at: Option<u64>) -> Self {
        self.state.sync = true;
        self.state.stop_at = stop_at;
        self
    }

    /// Scans every line byte by byte, the slow and simple way (for tests).
    #[cfg(test)]
    pub(super) fn byte_by_byte(mut self) -> Self {
        self.state.byte_by_byte = true;
        self
    }

    /// A splitter whose byte offsets and line numbers start at `offset` and `line` (for reading
    /// a part of a file that was seeked to).
    pub fn starting_at(reader: R, limits: Limits, offset: u64, line: u64) -> Self {
        let mut splitter = Splitter::new(reader, limits);
        splitter.state.offset = offset;
        splitter.state.line_no = line;
        splitter
    }

    /// The limits the games are split under.
    pub fn limits(&self) -> Limits {
        self.state.limits
    }

    /// Bytes read so far (the offset of the next line).
    pub fn bytes_read(&self) -> u64 {
        self.state.offset
    }

    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        let max_line = self.state.limits.max_line;
        while !self.state.done {
            let available = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let quiet = self.state.take_quiet_lines(available);
            if quiet > 0 {
                self.reader.consume(quiet);
                continue;
            }
            let finished = match memchr::memchr(b'\n', available) {
                // The common case: the whole line is in the reader's buffer, and is read there.
                Some(end) if end < max_line => {
                    let finished = self
                        .state
                        .take_line(&available[..=end], end as u64 + 1, false);
                    self.reader.consume(end + 1);
                    finished
                }
                _ => {
                    let mut line = std::mem::take(&mut self.state.line);
                    let (consumed, cut) = read_line_capped(&mut self.reader, &mut line, max_line)?;
                    let finished = if consumed == 0 {
                        self.state.done = true;
                        self.state.current.take()
                    } else {
                        self.state.take_line(&line, consumed, cut)
                    };
                    self.state.line = line;
                    finished
                }
            };
            if finished.is_some() {
                return Ok(finished);
            }
        }
        Ok(None)
    }
}

impl SplitState {
    fn start_game(&mut self, offset: u64, line: u64) -> Option<RawGame> {
        self.games += 1;
        // Room for a game like the one before: its bytes are not copied again as they grow.
        let capacity = match &self.current {
            Some(game) => game.bytes.len().next_power_of_two().min(1 << 16),
            None => 0,
        };
        self.has_moves = false;
        self.terminated = false;
        self.in_trailer = false;
        self.depth = 0;
        let game = RawGame {
            index: self.games,
            line,
            offset,
            bytes: Vec::with_capacity(capacity),
            error: None,
        };
        self.current.replace(game)
    }

    fn append(&mut self, text: &[u8], line: u64, cut: bool) {
        let max_game = self.limits.max_game;
        let max_line = self.limits.max_line;
        let Some(game) = self.current.as_mut() else {
            return;
        };
        if game.error.is_some() {
            return;
        }
        if cut {
            game.error = Some(SyntaxError::LineTooLong {
                line,
                max: max_line,
            });
        } else if game.bytes.len() + text.len() > max_game {
            game.error = Some(SyntaxError::GameTooLarge { max: max_game });
        } else {
            game.bytes.extend_from_slice(text);
            if !text.ends_with(b"\n") {
                game.bytes.push(b'\n');
            }
        }
        if game.error.is_some() {
            game.bytes = Vec::new();
        }
    }

    /// Follows comments, variations and the last token of a movetext line; returns whether the
    /// line holds a token outside comments.
    fn scan(&mut self, line: &[u8]) -> bool {
        // Vertical tab and form feed are white space before a token but part of it after its
        // first byte: lines with them are read byte by byte.
        // One search for the rare bytes: a `;`, or a vertical tab or form feed anywhere.
        // `semicolon` is the first `;` at or after `i` (a comment to the end of the line, unless
        // in braces).
        let mut semicolon = match memchr::memchr3(b';', 0x0b, 0x0c, line) {
            Some(j) if line[j] == b';' && memchr::memchr2(0x0b, 0x0c, &line[j..]).is_none() => j,
            None => line.len(),
            Some(_) => return self.scan_bytes(line),
        };
        if self.byte_by_byte {
            return self.scan_bytes(line);
        }
        let mut has_token = false;
        let mut i = 0;
        while i < line.len() {
            if self.in_brace {
                match self.leave_comment(line, i) {
                    Some(next) => i = next,
                    None => break,
                }
            }
            if semicolon < i {
                semicolon = memchr::memchr(b';', &line[i..]).map_or(line.len(), |j| i + j);
            }
            // The words up to the next bracket: only the last one says whether the line ends
            // the game (a result at depth 0).
            let end =
                memchr::memchr3(b'{', b'(', b')', &line[i..semicolon]).map_or(semicolon, |j| i + j);
            let words = &line[i..end];
            let trimmed_len = words.len()
                - words
                    .iter()
                    .rev()
                    .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                    .count();
            if trimmed_len > 0 {
                let words = &words[..trimmed_len];
                // A `}` outside a comment is a token of its own (no result), and ends the word
                // before it.
                let start = words
                    .iter()
                    .rposition(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'}'))
                    .map_or(0, |k| k + 1);
                self.terminated = self.depth == 0 && result_of(&words[start..]).is_some();
                has_token = true;
            }
            i = end;
            if i == semicolon {
                break;
            }
            match line.get(i) {
                Some(b'{') => self.in_brace = true,
                Some(b'(') => {
                    self.depth += 1;
                    self.terminated = false;
                    has_token = true;
                }
                Some(b')') => {
                    self.depth = self.depth.saturating_sub(1);
                    has_token = true;
                }
                _ => {}
            }
            i += 1;
        }
        has_token
    }

    /// In a `{ ... }` comment at `line[i]`: the index after its `}` (the comment then closed), or
    /// `None` when it goes on past the line.
    fn leave_comment(&mut self, line: &[u8], i: usize) -> Option<usize> {
        let j = memchr::memchr(b'}', &line[i..])?;
        self.in_brace = false;
        Some(i + j + 1)
    }

    /// [`Splitter::scan`] byte by byte.
    fn scan_bytes(&mut self, line: &[u8]) -> bool {
        let mut has_token = false;
        let mut i = 0;
        while i < line.len() {
            if self.in_brace {
                match self.leave_comment(line, i) {
                    Some(next) => {
                        i = next;
                        continue;
                    }
                    None => break,
                }
            }
            match line[i] {
                b'{' => self.in_brace = true,
                b';' => break,
                b'(' => {
                    self.depth += 1;
                    self.terminated = false;
                    has_token = true;
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    has_token = true;
                }
                b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => {}
                _ => {
                    let end = line[i..]
                        .iter()
                        .position(|b| {
                            matches!(
                                b,
                                b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b'(' | b')' | b';'
                            )
                        })
                        .map_or(line.len(), |j| i + j.max(1));
                    let token = &line[i..end];
                    self.terminated = self.depth == 0 && result_of(token).is_some();
                    has_token = true;
                    i = end;
                    continue;
                }
            }
            i += 1;
        }
        has_token
    }

    /// Takes, from the start of `available`, the whole lines that cannot end the current game
    /// — the rest of its tag section, and movetext lines while no result token was the last —
    /// all at once: each is scanned as [`SplitState::take_line`] would, and they are added to
    /// the game in one copy. Returns the bytes taken (0 when the first line must go through
    /// `take_line`: a blank or indented line, a `%` or `=` line, a tag line after movetext, a
    /// line after a result, a line that does not lie whole in `available`...).
    fn take_quiet_lines(&mut self, available: &[u8]) -> usize {
        let quiet_game = self.current.as_ref().is_some_and(|g| g.error.is_none());
        if !quiet_game || self.in_trailer || self.prev_blank {
            return 0;
        }
        let room = self.limits.max_game - self.current.as_ref().map_or(0, |g| g.bytes.len());
        let mut taken = 0;
        while let Some(len) = memchr::memchr(b'\n', &available[taken..]).map(|j| j + 1) {
            let line = &available[taken..taken + len];
            if len > self.limits.max_line || taken + len > room {
                break;
            }
            // A line that starts with white space may be blank, one with a byte-order mark
            // is read after it: both are taken line by line.
            if line[0].is_ascii_whitespace() || line[0] == 0xEF {
                break;
            }
            let kind = match line[0] {
                // Comment text, whatever it starts with.
                _ if self.in_brace => {
                    self.scan(line);
                    if line[0] == b'[' {
                        LineKind::Tag
                    } else {
                        LineKind::Other
                    }
                }
                b'[' if !self.has_moves => LineKind::Tag,
                // Outside ASCII, only a Chinese character (U+4000–U+9FFF: lead byte E4–E9,
                // never white space) starts a movetext line here: a Xiangqi move.
                b'[' | b'%' | b'=' | 0x80..=0xE3 | 0xEA.. => break,
                _ => {
                    if self.terminated {
                        break;
                    }
                    if self.scan(line) {
                        self.has_moves = true;
                    }
                    LineKind::Other
                }
            };
            self.last_nonblank = kind;
            self.offset += len as u64;
            self.line_no += 1;
            taken += len;
        }
        if let Some(game) = self.current.as_mut() {
            game.bytes.extend_from_slice(&available[..taken]);
        }
        taken
    }

    /// Takes one line of `consumed` bytes (`line`, cut to the longest line when `cut`): the game
    /// it ends, if any.
    fn take_line(&mut self, line: &[u8], consumed: u64, cut: bool) -> Option<RawGame> {
        let offset = self.offset;
        let line_no = self.line_no;
        self.offset += consumed;
        self.line_no += 1;
        let mut from = 0;
        // A byte-order mark: at the start of the file, or of each file concatenated into it.
        if line.starts_with(b"\xEF\xBB\xBF") {
            from = 3;
        }
        let first = line[from..]
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .map(|i| line[from + i]);
        let blank_before = self.prev_blank;
        self.prev_blank = first.is_none();
        let kind = line_kind(line);
        let sync_line = self.sync && is_sync_line(blank_before, self.last_nonblank, kind);
        if kind != LineKind::Blank {
            self.last_nonblank = kind;
        }
        if sync_line {
            if self.stop_at.is_some_and(|end| offset >= end) {
                self.done = true;
                return self.current.take();
            }
            self.in_brace = false;
        }
        if self.in_brace && first == Some(b'[') && blank_before && self.has_moves {
            // A tag line after a blank line: a comment left open must not swallow the rest
            // of the file. The game before reports its unclosed comment.
            self.in_brace = false;
        }
        if self.in_trailer && first == Some(b'[') {
            // The trailer ends at a tag line, which starts the next game (below).
            self.in_trailer = false;
        }
        let finished = if sync_line {
            self.start_game(offset, line_no)
        } else if self.in_trailer {
            None
        } else if !self.in_brace && is_trailer_rule(&line[from..]) {
            // Without moves before it, the trailer still ends the game at the next tag.
            self.in_trailer = true;
            self.has_moves = true;
            None
        } else if self.in_brace {
            self.scan(&line[from..]);
            None
        } else if line.get(from) == Some(&b'%') {
            // An escape line: `%` in the first column.
            None
        } else {
            match first {
                None => None,
                Some(b'[') => {
                    if self.current.is_none() || self.has_moves {
                        self.start_game(offset, line_no)
                    } else {
                        None
                    }
                }
                Some(_) => self.movetext_line(&line[from..], offset, line_no),
            }
        };
        if cut {
            // The rest of the line is unknown: assume it closes what it opened.
            self.in_brace = false;
        }
        if self.current.is_some() {
            self.append(line, line_no, cut);
        }
        finished
    }

    fn movetext_line(&mut self, line: &[u8], offset: u64, line_no: u64) -> Option<RawGame> {
        let was_terminated = self.terminated;
        let has_token = self.scan(line);
        let mut finished = None;
        if self.current.is_none() || (was_terminated && has_token) {
            let (in_brace, depth, terminated) = (self.in_brace, self.depth, self.terminated);
            finished = self.start_game(offset, line_no);
            (self.in_brace, self.depth, self.terminated) = (in_brace, depth, terminated);
        }
        if has_token {
            self.has_moves = true;
        }
        finished
    }
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.state.done {
            return None;
        }
        match self.next_game() {
            Ok(game) => game.map(Ok),
            Err(e) => {
                self.state.done = true;
                Some(Err(e))
            }
        }
    }
}

/// Reads one line into `line` (at most `max` bytes of it, the rest skipped). Returns the bytes
/// consumed (0 at the end) and whether the line was cut.
pub(crate) fn read_line_capped<R: BufRead>(
    reader: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<(u64, bool)> {
    line.clear();
    let mut consumed = 0u64;
    let mut cut = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((consumed, cut));
        }
        let (chunk, found) = match memchr::memchr(b'\n', available) {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = max.saturating_sub(line.len());
        if chunk.len() > room {
            cut = true;
            line.extend_from_slice(&chunk[..room]);
        } else {
            line.extend_from_slice(chunk);
        }
        let n = chunk.len();
        reader.consume(n);
        consumed += n as u64;
        if found {
            return Ok((consumed, cut));
        }
    }
}

/// What a line is, for finding sync lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Only white space (after an optional BOM).
    Blank,
    /// `[` is its first non-blank byte, and it is no `%` escape line.
    Tag,
    /// Anything else.
    Other,
}

/// Whether a line of `kind` is a sync line (see [`Splitter::sync_mode`]): a tag line right after
/// a blank line, when the last non-blank line before was no tag line.
pub(crate) fn is_sync_line(blank_before: bool, last_nonblank: LineKind, kind: LineKind) -> bool {
    blank_before && kind == LineKind::Tag && last_nonblank != LineKind::Tag
}

/// Classifies a line as the [`Splitter`] reads it (at most `max_line` bytes of it).
pub(crate) fn line_kind(line: &[u8]) -> LineKind {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.first() == Some(&b'%') {
        return LineKind::Other;
    }
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None => LineKind::Blank,
        Some(b'[') => LineKind::Tag,
        Some(_) => LineKind::Other,
    }
}
