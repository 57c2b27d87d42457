//! [`EventReader`]: one game of a stream read a line at a time, as a sequence of [`PgnEvent`]s,
//! with the reading rules python-chess users rely on, so that a visitor driven by these events
//! receives the calls python-chess's `read_game` makes, in the same order.
//!
//! The rules, in short:
//! - before the game, blank lines and lines starting with `%` or `;` are passed over (and a
//!   byte-order mark at the start of the stream);
//! - the first other line starts the game ([`PgnEvent::BeginGame`]); lines starting with `[` are
//!   its tags (a tag line that does not read `[Name "value"]` is passed over, the value is taken
//!   as it stands: no escapes resolved), one blank line may stand between tags;
//! - the first other line starts the movetext ([`PgnEvent::EndHeaders`], emitted before that line
//!   is read, so that the caller may still [`skip_game`](EventReader::skip_game));
//! - in the movetext, text that is no token is passed over (move numbers, `+`, stray characters):
//!   a token is a move (SAN, a drop `N@f3`, a null move `--`/`Z0`/`0000`/`@@@@`, castling with `O`
//!   or `0`), a `{ ... }` comment (across lines; one space of padding inside each brace is dropped),
//!   a `;` comment (to the end of the line, dropped), a `$n` NAG or a `!`/`?` glyph, `(` and `)`,
//!   and a result marker;
//! - a line starting with `%` or `;` is passed over, and the first blank line (outside a comment)
//!   ends the game: the stream is never read past it.
//!
//! The reader knows no board: a `(` before any move, a `)` closing nothing and a result marker
//! inside a variation come as they stand, for the caller (who knows which moves it played) to
//! judge.

use super::Limits;

/// A stream of lines.
pub trait LineSource {
    /// What reading a line can fail with.
    type Error;
    /// Appends the next line, with its line break when it has one, to `buf`; `Ok(false)` (and
    /// nothing appended) at the end of the stream.
    fn read_line(&mut self, buf: &mut String) -> Result<bool, Self::Error>;
}

/// The lines of a [`BufRead`](std::io::BufRead) (text that is not UTF-8 is an
/// [`InvalidData`](std::io::ErrorKind::InvalidData) error).
#[derive(Debug)]
pub struct ReadLines<R>(pub R);

impl<R: std::io::BufRead> LineSource for ReadLines<R> {
    type Error = std::io::Error;
    fn read_line(&mut self, buf: &mut String) -> Result<bool, std::io::Error> {
        Ok(self.0.read_line(buf)? > 0)
    }
}

/// One part of a game, in the order it stands in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnEvent {
    /// The game starts (its first line is not read yet).
    BeginGame,
    /// A tag pair.
    Tag {
        /// Its name.
        name: String,
        /// Its value, as written between the quotes.
        value: String,
    },
    /// The tags are over; the movetext starts with the next line read.
    EndHeaders,
    /// A `{ ... }` comment's text.
    Comment(String),
    /// A numeric annotation glyph: the decimal digits of `$n` (any number of them), or `1` to `6`
    /// for the glyphs `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Nag(String),
    /// `(`.
    StartVariation,
    /// `)`.
    EndVariation,
    /// A move's text (SAN, a drop, a null move or castling), without check signs or glyphs.
    Move(String),
    /// A game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'static str),
    /// The game is over: the blank line that ends it (or the end of the stream) was read.
    EndGame,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    Headers { found: bool, blank: bool },
    Movetext { fresh: bool },
    Done,
}

/// Reads one game of a [`LineSource`] as [`PgnEvent`]s (see the documentation of the module
/// `pgn::events`).
///
/// ```
/// use qipan::pgn::{EventReader, PgnEvent, ReadLines};
/// let text = "[White \"A\"]\n\n1. e4 {best} (1. d4) e5! *\n\n[White \"B\"]\n";
/// let mut reader = EventReader::new(ReadLines(text.as_bytes()));
/// let mut events = Vec::new();
/// while let Some(event) = reader.next_event().unwrap() {
///     events.push(event);
/// }
/// assert_eq!(events[1], PgnEvent::Tag { name: "White".into(), value: "A".into() });
/// assert_eq!(events[3], PgnEvent::Move("e4".into()));
/// assert_eq!(events[4], PgnEvent::Comment("best".into()));
/// assert_eq!(events.last(), Some(&PgnEvent::EndGame));
/// // The next game is still to be read.
/// let mut reader = EventReader::new(reader.into_source());
/// assert_eq!(reader.next_event().unwrap(), Some(PgnEvent::BeginGame));
/// ```
#[derive(Debug)]
pub struct EventReader<S> {
    source: S,
    line: String,
    pos: usize,
    phase: Phase,
    skipping: bool,
    max_comment: usize,
    lines: u64,
}

/// A parsing position that emits one token: its end and what it is.
enum Lexeme {
    Move(usize),
    Comment,
    LineComment,
    Nag(usize),
    Glyph(usize),
    Open,
    Close,
    Result(&'static str),
}

impl<S: LineSource> EventReader<S> {
    /// A reader of the next game of `source`.
    pub fn new(source: S) -> Self {
        EventReader {
            source,
            line: String::new(),
            pos: 0,
            phase: Phase::Start,
            skipping: false,
            max_comment: Limits::default().max_game,
            lines: 0,
        }
    }

    /// The source, to read the next game from.
    pub fn into_source(self) -> S {
        self.source
    }

    /// Skips the rest of the game: no more events but [`PgnEvent::EndGame`], after the lines up
    /// to the end of the game are read (tags too, when called at [`PgnEvent::BeginGame`]).
    pub fn skip_game(&mut self) {
        self.skipping = true;
    }

    /// The number of lines read from the source so far: the line number of the text the last
    /// event came from (of its end, for a comment across lines).
    pub fn line_number(&self) -> u64 {
        self.lines
    }

    fn read_line(&mut self) -> Result<(), S::Error> {
        self.line.clear();
        self.pos = 0;
        if self.source.read_line(&mut self.line)? {
            self.lines += 1;
        }
        Ok(())
    }

    /// The next event, `None` when the stream holds no further game (or after
    /// [`PgnEvent::EndGame`]).
    pub fn next_event(&mut self) -> Result<Option<PgnEvent>, S::Error> {
        loop {
            match self.phase {
                Phase::Done => return Ok(None),
                Phase::Start => {
                    self.read_line()?;
                    let start = self.line.len() - self.line.trim_start_matches('\u{feff}').len();
                    self.line.drain(..start);
                    while is_blank(&self.line) || starts_skipped(&self.line) {
                        self.read_line()?;
                    }
                    self.phase = Phase::Headers {
                        found: false,
                        blank: false,
                    };
                }
                Phase::Headers { found, blank } => {
                    if self.line.is_empty() {
                        if !found {
                            self.phase = Phase::Done;
                            return Ok(None);
                        }
                        if let Some(event) = self.end_headers() {
                            return Ok(Some(event));
                        }
                        continue;
                    }
                    if starts_skipped(&self.line) {
                        self.read_line()?;
                        continue;
                    }
                    if !blank && is_blank(&self.line) {
                        self.phase = Phase::Headers { found, blank: true };
                        self.read_line()?;
                        continue;
                    }
                    if !found {
                        self.phase = Phase::Headers { found: true, blank };
                        return Ok(Some(PgnEvent::BeginGame));
                    }
                    if !self.line.starts_with('[') {
                        if let Some(event) = self.end_headers() {
                            return Ok(Some(event));
                        }
                        continue;
                    }
                    self.phase = Phase::Headers {
                        found,
                        blank: false,
                    };
                    let tag = if self.skipping {
                        None
                    } else {
                        tag_line(&self.line).map(|(name, value)| PgnEvent::Tag {
                            name: name.to_owned(),
                            value: value.to_owned(),
                        })
                    };
                    self.read_line()?;
                    if tag.is_some() {
                        return Ok(tag);
                    }
                }
                Phase::Movetext { .. } if self.skipping => {
                    self.skip_movetext()?;
                    self.phase = Phase::Done;
                    return Ok(Some(PgnEvent::EndGame));
                }
                Phase::Movetext { fresh } => {
                    if self.line.is_empty() {
                        self.phase = Phase::Done;
                        return Ok(Some(PgnEvent::EndGame));
                    }
                    if fresh {
                        if starts_skipped(&self.line) {
                            self.read_line()?;
                            continue;
                        }
                        if is_blank(&self.line) {
                            self.phase = Phase::Done;
                            return Ok(Some(PgnEvent::EndGame));
                        }
                        self.phase = Phase::Movetext { fresh: false };
                    }
                    if let Some(event) = self.token()? {
                        return Ok(Some(event));
                    }
                }
            }
        }
    }

    /// The end of the tags: the current line is the movetext's first (or the end). A skipped
    /// game has no headers to end.
    fn end_headers(&mut self) -> Option<PgnEvent> {
        self.phase = Phase::Movetext { fresh: true };
        (!self.skipping).then_some(PgnEvent::EndHeaders)
    }

    /// The next token of the current line (reading on for a comment), or `None` after reading
    /// the next line when the current one has none left.
    fn token(&mut self) -> Result<Option<PgnEvent>, S::Error> {
        let bytes = self.line.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() {
            let Some(lexeme) = lexeme_at(bytes, i) else {
                i += 1;
                continue;
            };
            let event = match lexeme {
                Lexeme::Move(end) | Lexeme::Glyph(end) | Lexeme::Nag(end) => {
                    let text = &self.line[i..end];
                    self.pos = end;
                    match lexeme {
                        Lexeme::Move(_) => PgnEvent::Move(text.to_owned()),
                        Lexeme::Nag(_) => PgnEvent::Nag(text[1..].to_owned()),
                        _ => PgnEvent::Nag(glyph_nag(text).to_owned()),
                    }
                }
                Lexeme::Open => {
                    self.pos = i + 1;
                    PgnEvent::StartVariation
                }
                Lexeme::Close => {
                    self.pos = i + 1;
                    PgnEvent::EndVariation
                }
                Lexeme::Result(result) => {
                    self.pos = i + result.len();
                    PgnEvent::Result(result)
                }
                Lexeme::LineComment => break,
                Lexeme::Comment => return self.comment(i).map(Some),
            };
            return Ok(Some(event));
        }
        self.read_line()?;
        self.phase = Phase::Movetext { fresh: true };
        Ok(None)
    }

    /// The comment opening at `open` (a `{`), read on to its `}`; the current line becomes what
    /// follows the `}`. Its text is kept up to the size of a game, the rest read and dropped.
    fn comment(&mut self, open: usize) -> Result<PgnEvent, S::Error> {
        let skip = if self.line[open..].starts_with("{ ") {
            2
        } else {
            1
        };
        let mut text = String::new();
        let mut rest = self.line.split_off(open + skip);
        loop {
            if rest.is_empty() {
                break;
            }
            if let Some(close) = rest.find('}') {
                let end = if close > 0 && rest.as_bytes()[close - 1] == b' ' {
                    close - 1
                } else {
                    close
                };
                self.push_bounded(&mut text, &rest[..end]);
                rest.drain(..=close);
                break;
            }
            self.push_bounded(&mut text, &rest);
            rest.clear();
            if self.source.read_line(&mut rest)? {
                self.lines += 1;
            }
        }
        self.line = rest;
        self.pos = 0;
        // The rest of the line is read on as movetext, not as a fresh line.
        self.phase = Phase::Movetext { fresh: false };
        Ok(PgnEvent::Comment(text))
    }

    fn push_bounded(&self, text: &mut String, part: &str) {
        let room = self.max_comment.saturating_sub(text.len());
        let mut take = part.len().min(room);
        while !part.is_char_boundary(take) {
            take -= 1;
        }
        text.push_str(&part[..take]);
    }

    /// Reads the movetext of a skipped game up to the blank line that ends it, following
    /// `{ ... }` comments (where a blank line does not end it).
    fn skip_movetext(&mut self) -> Result<(), S::Error> {
        let mut in_comment = false;
        while !self.line.is_empty() {
            if !in_comment {
                if is_blank(&self.line) {
                    return Ok(());
                }
                if self.line.starts_with('%') {
                    self.read_line()?;
                    continue;
                }
            }
            for &b in self.line.as_bytes() {
                match b {
                    b'{' => in_comment = true,
                    b';' if !in_comment => break,
                    b'}' => in_comment = false,
                    _ => {}
                }
            }
            self.read_line()?;
        }
        Ok(())
    }
}

/// White space as Python's `str.isspace` has it: Unicode white space and the separators
/// U+001C to U+001F.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// A line of white space only (not empty).
fn is_blank(line: &str) -> bool {
    !line.is_empty() && line.chars().all(is_space)
}

/// An escape line (`%`) or a line comment (`;`), passed over outside comments.
fn starts_skipped(line: &str) -> bool {
    line.starts_with('%') || line.starts_with(';')
}

/// A tag line `[Name "value"]` (name: a letter or digit, then letters, digits and `_+#=:-`);
/// the value runs to the last `"]` of the line, which only white space may follow, and holds
/// no carriage return.
fn tag_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let name_len = rest
        .bytes()
        .take_while(|&b| b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b))
        .count();
    if !rest.as_bytes().first()?.is_ascii_alphanumeric() {
        return None;
    }
    let (name, after) = rest.split_at(name_len);
    let spaced = after.trim_start_matches(is_space);
    if spaced.len() == after.len() {
        return None;
    }
    let quoted = spaced.strip_prefix('"')?;
    let close = quoted.rfind("\"]")?;
    let value = &quoted[..close];
    if !quoted[close + 2..].chars().all(is_space) || value.contains('\r') {
        return None;
    }
    Some((name, value))
}

fn glyph_nag(glyph: &str) -> &'static str {
    match glyph {
        "!" => "1",
        "?" => "2",
        "!!" => "3",
        "??" => "4",
        "!?" => "5",
        _ => "6",
    }
}

fn is_file(b: Option<&u8>) -> bool {
    matches!(b, Some(b'a'..=b'h'))
}

fn is_rank(b: Option<&u8>) -> bool {
    matches!(b, Some(b'1'..=b'8'))
}

/// The end of a SAN move at `i`: `[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?`, each
/// optional part taken when the rest still matches (the first reading, trying the longer one
/// first, as a backtracking matcher finds it).
fn san_at(b: &[u8], i: usize) -> Option<usize> {
    let piece = |j: usize| matches!(b.get(j), Some(b'N' | b'B' | b'K' | b'R' | b'Q'));
    let sep = |j: usize| matches!(b.get(j), Some(b'-' | b'x'));
    let promotion = |j: usize| {
        matches!(
            b.get(j),
            Some(b'n' | b'b' | b'r' | b'q' | b'k' | b'N' | b'B' | b'R' | b'Q' | b'K')
        )
    };
    for p in [1, 0] {
        if p == 1 && !piece(i) {
            continue;
        }
        let j = i + p;
        for f in [1, 0] {
            if f == 1 && !is_file(b.get(j)) {
                continue;
            }
            let k = j + f;
            for r in [1, 0] {
                if r == 1 && !is_rank(b.get(k)) {
                    continue;
                }
                let l = k + r;
                for s in [1, 0] {
                    if s == 1 && !sep(l) {
                        continue;
                    }
                    let m = l + s;
                    if is_file(b.get(m)) && is_rank(b.get(m + 1)) {
                        let end = m + 2;
                        return Some(if b.get(end) == Some(&b'=') && promotion(end + 1) {
                            end + 2
                        } else if promotion(end) {
                            end + 1
                        } else {
                            end
                        });
                    }
                }
            }
        }
    }
    None
}

/// The token starting at byte `i`, alternatives tried in a fixed order, the first that matches
/// taken.
fn lexeme_at(b: &[u8], i: usize) -> Option<Lexeme> {
    if let Some(end) = san_at(b, i) {
        return Some(Lexeme::Move(end));
    }
    let at = |j: usize, text: &[u8]| b.get(j..j + text.len()) == Some(text);
    // Drops: `[PNBRQK]?@[a-h][1-8]`.
    let start = i + usize::from(matches!(b[i], b'P' | b'N' | b'B' | b'R' | b'Q' | b'K'));
    if b.get(start) == Some(&b'@') && is_file(b.get(start + 1)) && is_rank(b.get(start + 2)) {
        return Some(Lexeme::Move(start + 3));
    }
    for special in [
        &b"--"[..],
        b"Z0",
        b"0000",
        b"@@@@",
        b"O-O-O",
        b"O-O",
        b"0-0-0",
        b"0-0",
    ] {
        if at(i, special) {
            return Some(Lexeme::Move(i + special.len()));
        }
    }
    match b[i] {
        b'{' => return Some(Lexeme::Comment),
        b';' => return Some(Lexeme::LineComment),
        b'$' => {
            let digits = b[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
            if digits > 0 {
                return Some(Lexeme::Nag(i + 1 + digits));
            }
        }
        b'(' => return Some(Lexeme::Open),
        b')' => return Some(Lexeme::Close),
        _ => {}
    }
    for result in ["*", "1-0", "0-1", "1/2-1/2"] {
        if at(i, result.as_bytes()) {
            return Some(Lexeme::Result(result));
        }
    }
    if matches!(b[i], b'!' | b'?') {
        let two = matches!(b.get(i + 1), Some(b'!' | b'?'));
        return Some(Lexeme::Glyph(i + 1 + usize::from(two)));
    }
    None
}
