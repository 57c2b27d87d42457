//! The text of a game's bytes: UTF-8, or GBK for Xiangqi records (feature `gbk`).
//!
//! Most Xiangqi record files in circulation (XQBase, DPXQ and the programs that export their
//! format) are encoded in GBK, not UTF-8. With the `gbk` feature (on in the `qipan` command and
//! the Python package), a game that is not valid UTF-8, whose tags name Xiangqi, and whose bytes
//! are valid GBK (read as GB18030, its superset) is decoded as GBK. Every other game is UTF-8,
//! invalid bytes replaced by U+FFFD: a chess file in Latin-1 keeps its moves (ASCII) whatever
//! happens to its names, which GBK decoding could not promise.

use std::borrow::Cow;

#[cfg(feature = "gbk")]
use super::{Limits, Token, Tokenizer};

/// The text of one game's bytes (see the [module docs](self)).
pub(crate) fn game_text<'a>(bytes: &'a [u8], limits: &super::Limits) -> Cow<'a, str> {
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let lossy = String::from_utf8_lossy(bytes);
    #[cfg(feature = "gbk")]
    if names_xiangqi(&lossy, limits) {
        let (text, had_errors) = encoding_rs::GB18030.decode_without_bom_handling(bytes);
        if !had_errors {
            return Cow::Owned(text.into_owned());
        }
    }
    #[cfg(not(feature = "gbk"))]
    let _ = limits;
    lossy
}

/// Whether the tags of `text` (ASCII in any encoding: `[Game "Chinese Chess"]`,
/// `[Variant "xiangqi"]`, a `Format` or a ten-rank `FEN`) make it a Xiangqi record. Reads the tag
/// section with the tokenizer alone (not the visitor, which decodes through this file), at most
/// `max_line` bytes of tags.
#[cfg(feature = "gbk")]
fn names_xiangqi(text: &str, limits: &Limits) -> bool {
    let mut tags = Vec::new();
    let mut read = 0;
    for token in Tokenizer::new(text, 1) {
        match token {
            Ok((Token::Tag { name, value }, _)) if read <= limits.max_line => {
                read += name.len() + value.len();
                tags.push((name.to_owned(), value.into_owned()));
            }
            _ => break,
        }
    }
    crate::GameKind::from_tags(&tags) == Ok(crate::GameKind::Xiangqi)
}
