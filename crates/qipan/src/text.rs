//! Small text helpers shared by error messages everywhere.

/// `text`, cut to 100 characters for an error message (with the full length said).
///
/// ```
/// assert_eq!(qipan::shorten("abc"), "abc");
/// assert!(qipan::shorten(&"x".repeat(500)).ends_with("(500 characters)"));
/// ```
pub fn shorten(text: &str) -> String {
    const MAX: usize = 100;
    match text.char_indices().nth(MAX) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}... ({} characters)", &text[..end], text.chars().count()),
    }
}

/// `text` made safe to print on a terminal or in a log line: control characters (line breaks
/// included) and the Unicode controls that reorder or hide text (bidirectional overrides and
/// isolates, zero-width joiners are kept) are written as `\u{..}` escapes, so record text —
/// tags, comments, archive strings — cannot move the cursor, clear the screen or disguise what
/// follows it.
///
/// ```
/// assert_eq!(qipan::printable("Kasparov"), "Kasparov");
/// assert_eq!(qipan::printable("a\x1b[2Jb\n"), "a\\u{1b}[2Jb\\u{a}");
/// assert_eq!(qipan::printable("x\u{202e}y"), "x\\u{202e}y");
/// ```
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char =
        |c: char| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}
