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
