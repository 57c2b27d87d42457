//! [`Tokenizer`]: the tokens of one game's text.

use std::borrow::Cow;

use super::{is_result, is_trailer_rule, SyntaxError};

/// Whether `name` is a tag name the tokenizer reads back: ASCII letters, digits and `_`, at
/// least one. A writer must refuse any other name, or the record would not read back.
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(is_tag_name_byte)
}

pub(super) fn is_tag_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// One token of a game's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token<'a> {
    /// A tag pair `[Name "value"]`, escapes (`\"`, `\\`) resolved.
    Tag {
        /// The tag's name.
        name: &'a str,
        /// Its value.
        value: Cow<'a, str>,
    },
    /// A move number (`12.` or `12...`), dots dropped; any run of digits is one, numbers beyond
    /// `u32::MAX` read as `u32::MAX` (a FEN may start a game at move 4294967295).
    MoveNumber(u32),
    /// Move text in whatever notation (`Nf3`, `e2e4`, `h2-e2`, `C2.5`, `炮二平五`), without
    /// its `!`/`?` suffix.
    Move(&'a str),
    /// A numeric annotation glyph: `$n`, or a suffix (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
    /// `?!` 6).
    Nag(u8),
    /// A comment, `{ ... }` or `; ...` to the end of the line, without its delimiters.
    Comment(&'a str),
    /// `(`: a variation starts.
    StartVariation,
    /// `)`: a variation ends.
    EndVariation,
    /// A game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
}

/// Why [`movetext_moves`] refused a text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovetextError {
    /// The text does not tokenize (an unclosed comment, say).
    #[error("{0}")]
    Syntax(#[from] SyntaxError),
    /// A variation `( ... )`: not a line of moves to play.
    #[error("variations cannot be played; give one line")]
    Variation,
    /// A tag pair: a record's header, not moves.
    #[error("tag pairs are not moves")]
    Tag,
}

/// The moves of one line of play: space-separated moves, or movetext pasted from a record, whose
/// move numbers, comments, annotations and result marker are skipped by the record reader's own
/// tokenizer. Variations and tag pairs are refused.
///
/// ```
/// use qipan::pgn::movetext_moves;
/// assert_eq!(movetext_moves("1. e4 e5 {open} 2. Nf3 1-0").unwrap(), ["e4", "e5", "Nf3"]);
/// assert!(movetext_moves("1. e4 (1. d4) e5").is_err());
/// ```
pub fn movetext_moves(text: &str) -> Result<Vec<&str>, MovetextError> {
    let mut moves = Vec::new();
    for token in Tokenizer::new(text, 1) {
        match token?.0 {
            Token::Move(mv) => moves.push(mv),
            Token::StartVariation | Token::EndVariation => return Err(MovetextError::Variation),
            Token::Tag { .. } => return Err(MovetextError::Tag),
            Token::MoveNumber(_) | Token::Nag(_) | Token::Comment(_) | Token::Result(_) => {}
        }
    }
    Ok(moves)
}

/// Splits one game's text into [`Token`]s, each with its 1-based line.
///
/// `%` escape lines (a `%` in the first column) and a leading byte-order mark are skipped; `\r`
/// counts as white space. The tokenizer does not check the order of tokens (that is
/// [`visit_game`](super::visit_game)'s job) except that tags must be well formed.
#[derive(Debug, Clone)]
pub struct Tokenizer<'a> {
    text: &'a str,
    pos: usize,
    line: u64,
    /// A NAG read from a move's suffix, delivered after the move.
    pending_nag: Option<u8>,
    /// A move glued to its number (`1.e4`), delivered after the number.
    pending_move: Option<&'a str>,
    /// Only ASCII white space (and a byte-order mark first) since the start of the line: a
    /// `=` here may open an XQBase trailer, as the [`Splitter`](super::Splitter) sees lines.
    line_clean: bool,
    /// Where the current line starts.
    line_start: usize,
    failed: bool,
}

impl<'a> Tokenizer<'a> {
    /// A tokenizer over `text`, whose first line is `line`.
    pub fn new(text: &'a str, line: u64) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Tokenizer {
            text,
            pos: 0,
            line,
            pending_nag: None,
            pending_move: None,
            line_clean: true,
            line_start: 0,
            failed: false,
        }
    }

    /// The line the tokenizer has reached.
    pub fn line(&self) -> u64 {
        self.line
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
    }

    fn rest_of_line(&self) -> &'a [u8] {
        let rest = &self.text.as_bytes()[self.pos..];
        &rest[..rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())]
    }

    /// Reads an XQBase trailer from its `=` line to the next line that starts with `[` (the next
    /// game's tags; the [`Splitter`](super::Splitter) cuts the game there) or the end, and
    /// returns the text after the `=` line.
    fn trailer(&mut self) -> &'a str {
        self.skip_to_line_end();
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            // At a `\n`: the next line ends the trailer if its first byte that is not white space
            // (after a byte-order mark) is `[`, as the splitter decides.
            let next = &bytes[self.pos + 1..];
            let next = next.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(next);
            let first = next
                .iter()
                .find(|&&b| b == b'\n' || !b.is_ascii_whitespace());
            if first == Some(&b'[') {
                break;
            }
            self.line += 1;
            self.pos += 1;
            self.skip_to_line_end();
        }
        &self.text[start..self.pos]
    }

    fn skip_to_line_end(&mut self) -> &'a str {
        let rest = &self.text[self.pos..];
        let end = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
        self.pos += end;
        &rest[..end]
    }

    fn tag(&mut self) -> Result<Token<'a>, SyntaxError> {
        let line = self.line;
        let bad = |reason| SyntaxError::BadTag { line, reason };
        let bytes = self.text.as_bytes();
        let mut i = self.pos + 1;
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
            i += 1;
        }
        let name_start = i;
        while i < bytes.len() && is_tag_name_byte(bytes[i]) {
            i += 1;
        }
        if i == name_start {
            return Err(bad("no tag name"));
        }
        let name = &self.text[name_start..i];
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
            i += 1;
        }
        if bytes.get(i) != Some(&b'"') {
            return Err(bad("the value must be in double quotes"));
        }
        i += 1;
        let value_start = i;
        let mut escaped = false;
        loop {
            match bytes.get(i) {
                None | Some(b'\n') => return Err(bad("value not closed on its line")),
                Some(b'\\') if bytes.get(i + 1) == Some(&b'\n') => {
                    return Err(bad("value not closed on its line"))
                }
                Some(b'\\') => {
                    escaped = true;
                    i += 2;
                    continue;
                }
                Some(b'"') => break,
                Some(_) => i += 1,
            }
        }
        if i > bytes.len() || !self.text.is_char_boundary(i) {
            return Err(bad("value not closed on its line"));
        }
        let raw = &self.text[value_start..i];
        i += 1;
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
            i += 1;
        }
        if bytes.get(i) != Some(&b']') {
            // python-chess writes quotes inside a value unescaped (`[White "A "B" C"]`): when
            // the line still ends with `"]`, the value runs to that last quote, as it reads it.
            let eol = bytes[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |j| i + j);
            let line_end = self.text[..eol].trim_end_matches([' ', '\t', '\r']);
            if !line_end.ends_with("\"]") || line_end.len() < value_start + 2 {
                return Err(bad("missing `]`"));
            }
            let raw = &self.text[value_start..line_end.len() - 2];
            self.pos = line_end.len();
            let value = if raw.contains('\\') {
                Cow::Owned(unescape(raw))
            } else {
                Cow::Borrowed(raw)
            };
            return Ok(Token::Tag { name, value });
        }
        self.pos = i + 1;
        let value = if escaped {
            Cow::Owned(unescape(raw))
        } else {
            Cow::Borrowed(raw)
        };
        Ok(Token::Tag { name, value })
    }

    fn word(&mut self) -> Token<'a> {
        let rest = &self.text[self.pos..];
        let end = word_len(rest);
        let word = &rest[..end];
        self.pos += end;
        if is_result(word) {
            return Token::Result(word);
        }
        // A move number, perhaps glued to its move: `12.`, `12...`, `1.e4`.
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && word[digits..].starts_with('.') {
            let after = word[digits..].trim_start_matches('.');
            let starts_move = after.chars().next().is_some_and(|c| !c.is_ascii_digit());
            if after.is_empty() || starts_move {
                // Read as move text, a number too large for `u32` would come back from the
                // writer as a move number before it: one move more.
                let n = word[..digits].parse().unwrap_or(u32::MAX);
                if !after.is_empty() {
                    self.pending_move = Some(after);
                }
                return Token::MoveNumber(n);
            }
        }
        self.split_suffix(word)
    }

    /// A move with its `!`/`?` suffix split off into a pending NAG.
    fn split_suffix(&mut self, word: &'a str) -> Token<'a> {
        // A result glued to a move number (`2.*`) is the result; a result with a suffix (`*!`)
        // is no result and no move: kept whole, so it is not read back as a result.
        if is_result(word) {
            return Token::Result(word);
        }
        let bytes = word.as_bytes();
        let mut body_len = bytes.len();
        while body_len > 0 && matches!(bytes[body_len - 1], b'!' | b'?') {
            body_len -= 1;
        }
        if body_len == bytes.len() {
            return Token::Move(word);
        }
        let body = &word[..body_len];
        let nag = super::nag_of_glyph(&word[body_len..]);
        if body.is_empty() {
            // A glyph on its own (`e4 !?`) annotates the move before it, as python-chess reads it.
            return match nag {
                Some(nag) => Token::Nag(nag),
                None => Token::Move(word),
            };
        }
        if nag.is_none() || is_result(body) {
            return Token::Move(word);
        }
        self.pending_nag = nag;
        Token::Move(body)
    }

    // Inlined into the loop that reads the tokens: the token is then built where it is used,
    // not copied out through two returns (that copying was a third of the tokenizer's time).
    #[inline(always)]
    fn advance(&mut self) -> Option<Result<(Token<'a>, u64), SyntaxError>> {
        if let Some(word) = self.pending_move.take() {
            match self.split_suffix(word) {
                Token::Move(word) if is_dropped_word(word) => {}
                token => {
                    self.line_clean = false;
                    return Some(Ok((token, self.line)));
                }
            }
        }
        if let Some(nag) = self.pending_nag.take() {
            return Some(Ok((Token::Nag(nag), self.line)));
        }
        loop {
            let c = match *self.text.as_bytes().get(self.pos)? {
                // A space between tokens, the commonest byte: nothing to track.
                b' ' => {
                    self.pos += 1;
                    continue;
                }
                b if b.is_ascii() => char::from(b),
                _ => self.text[self.pos..].chars().next()?,
            };
            if c == '%' && self.at_line_start() {
                self.skip_to_line_end();
                continue;
            }
            if c == '\n' {
                self.line += 1;
                self.line_start = self.pos + 1;
                self.line_clean = true;
            } else if is_space(c)
                && !c.is_ascii_whitespace()
                && !(c == '\u{feff}' && self.pos == self.line_start)
            {
                self.line_clean = false;
            }
            if is_space(c) {
                self.pos += c.len_utf8();
                continue;
            }
            let line = self.line;
            let token = match c {
                '[' => self.tag(),
                '{' => {
                    let start_line = self.line;
                    let rest = &self.text[self.pos + 1..];
                    match memchr::memchr(b'}', rest.as_bytes()) {
                        Some(end) => {
                            let body = &rest[..end];
                            self.line += memchr::memchr_iter(b'\n', body.as_bytes()).count() as u64;
                            self.pos += end + 2;
                            Ok(Token::Comment(body))
                        }
                        None => Err(SyntaxError::UnclosedComment { line: start_line }),
                    }
                }
                ';' => {
                    self.pos += 1;
                    Ok(Token::Comment(self.skip_to_line_end()))
                }
                '(' => {
                    self.pos += 1;
                    Ok(Token::StartVariation)
                }
                ')' => {
                    self.pos += 1;
                    Ok(Token::EndVariation)
                }
                '$' => {
                    let rest = &self.text[self.pos + 1..];
                    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                    self.pos += 1 + digits;
                    match rest[..digits].parse::<u8>() {
                        Ok(n) => Ok(Token::Nag(n)),
                        Err(_) => Ok(Token::Move(&self.text[self.pos - 1 - digits..self.pos])),
                    }
                }
                '=' if self.line_clean && is_trailer_rule(self.rest_of_line()) => {
                    Ok(Token::Comment(self.trailer()))
                }
                _ => match self.word() {
                    Token::Move(word) if is_dropped_word(word) => {
                        self.line_clean = false;
                        continue;
                    }
                    token => Ok(token),
                },
            };
            self.line_clean = false;
            return Some(token.map(|t| (t, line)));
        }
    }
}

impl<'a> Iterator for Tokenizer<'a> {
    type Item = Result<(Token<'a>, u64), SyntaxError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let token = self.advance()?;
        if token.is_err() {
            self.failed = true;
        }
        Some(token)
    }
}

/// Words that are no move and are dropped: `e.p.` (or `e.p`, `ep.`, any case), the en passant
/// mark of the move before written as a token of its own (`exd6 e.p.`), and a run of four or more
/// `=` inside a line (at the start of a line it opens an XQBase trailer instead). Dropping them,
/// rather than passing them on as moves, keeps a record written back (where any word may start a
/// line) reading as the same moves.
pub(super) fn is_dropped_word(word: &str) -> bool {
    ["e.p.", "e.p", "ep."]
        .iter()
        .any(|mark| word.eq_ignore_ascii_case(mark))
        || is_trailer_rule(word.as_bytes())
}

/// The ASCII bytes that end a word: white space (`char::is_whitespace` in ASCII is `\t`..=`\r`
/// and the space), brackets, `;` and `$`.
pub(super) const WORD_ENDS: &[u8] = b"\t\n\x0b\x0c\r {}()[];$";

/// [`WORD_ENDS`] as a table.
static WORD_END: [bool; 256] = byte_table(WORD_ENDS, false);

/// A table of the bytes of `bytes`, and of every byte outside ASCII when `outside_ascii`.
pub(super) const fn byte_table(bytes: &[u8], outside_ascii: bool) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0x80;
    while outside_ascii && b < 256 {
        table[b] = true;
        b += 1;
    }
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

/// The length of the word at the start of `rest` (not empty): up to white space ([`is_space`])
/// or one of `{}()[];$`, at least one character. Bytes are read as bytes; only a non-ASCII
/// character is decoded (it may be Unicode white space).
fn word_len(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii() {
            if WORD_END[usize::from(b)] {
                break;
            }
            i += 1;
        } else {
            let c = rest[i..].chars().next().unwrap_or(' ');
            if is_space(c) {
                break;
            }
            i += c.len_utf8();
        }
    }
    i.max(rest.chars().next().map_or(1, char::len_utf8))
}

/// White space, and the byte-order mark that concatenated files leave at the start of each.
pub(super) fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tag_name_tests {
    use super::{is_tag_name, Token, Tokenizer};

    #[test]
    fn a_tag_name_is_what_reads_back_as_one() {
        for name in [
            "Event",
            "White_Elo",
            "FEN",
            "x1",
            "",
            "A B",
            "Name]",
            "a\"b",
            "é",
            "A\n1",
        ] {
            let text = format!("[{name} \"v\"]");
            let read = Tokenizer::new(&text, 1).next();
            let reads_back = matches!(read, Some(Ok((Token::Tag { name: n, .. }, _))) if n == name);
            assert_eq!(is_tag_name(name), reads_back, "{name:?}");
        }
    }
}
