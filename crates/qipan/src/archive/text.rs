//! The text of archive fields: GBK/GB18030 (XQF, DhtmlXQ not in UTF-8) or UTF-16LE (CBR, CBL).
//!
//! Without the `gbk` feature GBK bytes are read as UTF-8 with invalid bytes replaced: the moves and
//! the start position never depend on text, so a build without the decoder still reads every game.

/// `bytes` cut at the first NUL, decoded as GB18030 (a superset of GBK) when the `gbk` feature is
/// on, else as UTF-8; bad bytes become U+FFFD.
pub(crate) fn gbk(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    let bytes = &bytes[..end];
    if let Ok(text) = std::str::from_utf8(bytes) {
        if bytes.is_ascii() {
            return text.to_owned();
        }
    }
    #[cfg(feature = "gbk")]
    {
        encoding_rs::GB18030
            .decode_without_bom_handling(bytes)
            .0
            .into_owned()
    }
    #[cfg(not(feature = "gbk"))]
    {
        String::from_utf8_lossy(bytes).into_owned()
    }
}

/// Text that is UTF-8 when it is valid UTF-8, else GBK as [`gbk`] reads it (DhtmlXQ pages come
/// in either).
pub(crate) fn utf8_or_gbk(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => gbk(bytes),
    }
}

/// `bytes` as UTF-16LE up to the first NUL unit (an odd last byte is dropped); unpaired
/// surrogates become U+FFFD.
pub(crate) fn utf16le(bytes: &[u8]) -> String {
    let units = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .take_while(|&unit| unit != 0);
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// A field's text with surrounding blanks and the full-width space removed; `None` when nothing
/// is left.
pub(crate) fn non_empty(text: String) -> Option<String> {
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{3000}');
    if trimmed.is_empty() {
        None
    } else if trimmed.len() == text.len() {
        Some(text)
    } else {
        Some(trimmed.to_owned())
    }
}

/// A tag's value: one line, control characters (line breaks, tabs, NULs) as spaces, blanks at
/// either end removed; `None` when nothing is left.
pub(crate) fn tag_value(text: String) -> Option<String> {
    if text.chars().any(char::is_control) {
        non_empty(
            text.chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect(),
        )
    } else {
        non_empty(text)
    }
}
