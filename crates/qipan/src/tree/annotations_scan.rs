//! Finding the commands in a comment and replacing them, as python-chess's regular expressions
//! find and replace them (`\s?` of white space on either side, a search going on after the
//! last match), and the scanner the command parsers read with.

/// A command found: where its match starts and ends (with the white space around it) and the
/// value read.
pub(super) struct Found<T> {
    start: usize,
    prefix: usize,
    suffix: usize,
    pub(super) end: usize,
    pub(super) value: T,
}

/// Python's `\s`: Unicode white space and the ASCII separators 0x1C–0x1F.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The zero of every run of decimal digits Unicode has (Python's `\d`), ascending.
const DIGIT_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66,
    0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
    0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
    0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650,
    0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50,
    0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

/// The value of a decimal digit of any script.
fn digit(c: char) -> Option<u8> {
    let code = c as u32;
    let at = DIGIT_ZEROS.partition_point(|&z| z <= code).checked_sub(1)?;
    let value = code - DIGIT_ZEROS[at];
    (value < 10).then_some(value as u8)
}

/// Reads a command at the start of a text; its length in bytes and its value.
type Parse<'a, T> = &'a dyn Fn(&str) -> Option<(usize, T)>;

/// The first command `parse` reads at or after byte `from` (a `[` at a char boundary), with the
/// white space character before it (not before `from`) and after it.
pub(super) fn find<T>(
    text: &str,
    from: usize,
    parse: impl Fn(&str) -> Option<(usize, T)>,
) -> Option<Found<T>> {
    let parse: Parse<'_, T> = &parse;
    let mut at = from;
    while let Some(offset) = text[at..].find("[%") {
        let start = at + offset;
        if let Some((len, value)) = parse(&text[start..]) {
            let prefix = text[from..start]
                .chars()
                .next_back()
                .filter(|&c| is_space(c))
                .map_or(0, char::len_utf8);
            let suffix = text[start + len..]
                .chars()
                .next()
                .filter(|&c| is_space(c))
                .map_or(0, char::len_utf8);
            return Some(Found {
                start: start - prefix,
                prefix,
                suffix,
                end: start + len + suffix,
                value,
            });
        }
        at = start + 1;
    }
    None
}

/// The text that replaces a match: the command, with the white space around it kept; or, to
/// remove it, the white space after it when there was some before it.
fn condensed<T>(text: &str, found: &Found<T>, command: &str) -> String {
    let prefix = &text[found.start..found.start + found.prefix];
    let suffix = &text[found.end - found.suffix..found.end];
    if !command.is_empty() {
        format!("{prefix}{command}{suffix}")
    } else if prefix.is_empty() {
        String::new()
    } else {
        suffix.to_owned()
    }
}

/// Replaces the first command `parse` reads by `command`; whether there was one.
pub(super) fn replace_first<T>(
    text: &mut String,
    command: &str,
    parse: impl Fn(&str) -> Option<(usize, T)>,
) -> bool {
    let Some(found) = find(text, 0, parse) else {
        return false;
    };
    let with = condensed(text, &found, command);
    text.replace_range(found.start..found.end, &with);
    true
}

/// Removes the first command `parse` reads, returning its value.
pub(super) fn take<T>(text: &mut String, parse: impl Fn(&str) -> Option<(usize, T)>) -> Option<T> {
    let found = find(text, 0, parse)?;
    let with = condensed(text, &found, "");
    text.replace_range(found.start..found.end, &with);
    Some(found.value)
}

/// Removes every command `parse` reads (each search going on after the last match).
pub(super) fn replace_all<T>(text: &mut String, parse: impl Fn(&str) -> Option<(usize, T)>) {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    while let Some(found) = find(text, from, &parse) {
        out.push_str(&text[from..found.start]);
        out.push_str(&condensed(text, &found, ""));
        from = found.end;
    }
    if from > 0 {
        out.push_str(&text[from..]);
        *text = out;
    }
}

/// A cursor over a command's text.
pub(super) struct Scan<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
}

impl<'a> Scan<'a> {
    pub(super) fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    pub(super) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            return true;
        }
        false
    }

    pub(super) fn eat_str(&mut self, s: &str) -> bool {
        if self.text[self.at..].starts_with(s) {
            self.at += s.len();
            return true;
        }
        false
    }

    pub(super) fn space(&mut self) -> bool {
        match self.peek() {
            Some(c) if is_space(c) => {
                self.at += c.len_utf8();
                true
            }
            _ => false,
        }
    }

    /// A run of decimal digits as ASCII, and how many there were.
    pub(super) fn digits(&mut self) -> String {
        let mut ascii = String::new();
        while let Some(d) = self.peek().and_then(digit) {
            ascii.push(char::from(b'0' + d));
            self.at += self.peek().map_or(0, char::len_utf8);
        }
        ascii
    }
}

/// A run of ASCII digits as an integer, the largest one when it is larger.
pub(super) fn saturating(digits: &str) -> u128 {
    digits.parse().unwrap_or(u128::MAX)
}
