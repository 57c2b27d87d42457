//! Chinese notation: `炮二平五`, `马8进7`, `前炮平五`, `后车进1`, `中兵平四`.
//!
//! Four characters: the piece, its file counted from the mover's right (Red in Chinese numerals
//! 一–九, Black in digits 1–9), the direction (进 advance, 退 retreat, 平 traverse) and the steps
//! (straight moves along the file) or the destination file, in the same numerals. Two pieces of
//! a kind on one file: 前/后 before the piece instead of the file (`前炮平五`); soldiers: 前/中/后
//! for three on a file, 一/二/三/四/五 (Black 1–5) from the front for four or five, and 前/中/后
//! before the file number when two files hold several (`前三平四`). Advisors and elephants keep
//! the file number. See `docs/rules-xiangqi.md`.
//!
//! Read: simplified and traditional characters and the usual variants (帥 將 傌 馬 瑪 俥 車 伡 砲 包
//! 進 後), either side's piece names, Chinese numerals, ASCII or full-width digits for either
//! side, 前/后 after the piece (`车前平三`), the piece before the file in the two-file soldier
//! form (`前兵三平四`); whitespace is ignored.
//!
//! ```
//! use qipan::{Variant, Xiangqi};
//! use qipan::xiangqi::ChineseStyle;
//! let mut pos = Xiangqi::start();
//! let mv = pos.parse_chinese("炮二平五").unwrap();
//! assert_eq!(mv.to_string(), "h2e2");
//! assert_eq!(pos.chinese(mv), "炮二平五");
//! pos.play_unchecked(mv);
//! let reply = pos.parse_chinese("馬８進７").unwrap();
//! assert_eq!(reply.to_string(), "h9g7");
//! assert_eq!(pos.chinese(reply), "马8进7");
//! assert_eq!(pos.chinese_with(reply, ChineseStyle::Traditional), "馬8進7");
//! ```

use super::notation::{describe, resolve, Described, Dir, Pattern, Which, MAX_LEN};
use super::{Move, Role, Xiangqi};
use crate::{Color, MoveError};

/// Which characters [`Xiangqi::chinese_with`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ChineseStyle {
    /// Simplified characters: 帅仕相马车炮兵 / 将士象马车炮卒, 进退平, 前中后.
    #[default]
    Simplified,
    /// Traditional characters: 帥仕相馬車炮兵 / 將士象馬車炮卒, 進退平, 前中後.
    Traditional,
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn piece_name(color: Color, kind: Role, style: ChineseStyle) -> char {
    let simplified = style == ChineseStyle::Simplified;
    match (color, kind) {
        (Color::White, Role::General) => ['帥', '帅'][simplified as usize],
        (Color::Black, Role::General) => ['將', '将'][simplified as usize],
        (_, Role::Horse) => ['馬', '马'][simplified as usize],
        (_, Role::Chariot) => ['車', '车'][simplified as usize],
        (color, kind) => super::Piece { color, role: kind }.chinese(),
    }
}

/// Writes a described move in Chinese.
pub(crate) fn write_chinese(d: &Described, style: ChineseStyle) -> String {
    let numeral = |n: u8| match d.color {
        Color::White => NUMERALS[usize::from(n.clamp(1, 9) - 1)],
        Color::Black => char::from(b'0' + n.min(9)),
    };
    let name = piece_name(d.color, d.kind, style);
    let rear = match style {
        ChineseStyle::Simplified => '后',
        ChineseStyle::Traditional => '後',
    };
    let place = match d.index {
        0 => '前',
        i if i + 1 == d.count => rear,
        _ => '中',
    };
    let (a, b) = if !d.is_tandem() {
        (name, numeral(d.file))
    } else if d.pawn_files() {
        (place, numeral(d.file))
    } else if d.count <= 3 {
        (place, name)
    } else {
        (numeral(d.index + 1), name)
    };
    let dir = match (d.dir, style) {
        (Dir::Advance, ChineseStyle::Simplified) => '进',
        (Dir::Advance, ChineseStyle::Traditional) => '進',
        (Dir::Retreat, _) => '退',
        (Dir::Traverse, _) => '平',
    };
    [a, b, dir, numeral(d.num)].iter().collect()
}

/// One character of Chinese move text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    Num(u8),
    Dir(Dir),
    Place(Which),
}

/// Every character outside ASCII that [`token`] reads: each is three bytes in UTF-8.
const WIDE: [char; 47] = [
    '帅', '帥', '将', '將', '仕', '士', '相', '象', '马', '馬', '傌', '瑪', '车', '車', '俥', '伡',
    '炮', '砲', '包', '兵', '卒', '进', '進', '退', '平', '前', '中', '后', '後', '１', '２', '３',
    '４', '５', '６', '７', '８', '９', '一', '二', '三', '四', '五', '六', '七', '八', '九',
];

/// The three bytes of a character as one number.
const fn wide_key(b0: u8, b1: u8, b2: u8) -> u32 {
    (b0 as u32) << 16 | (b1 as u32) << 8 | b2 as u32
}

/// A multiplier that sends the keys of [`WIDE`] to distinct slots of [`WIDE_SLOTS`] (a perfect
/// hash; `wide_slots` fails the build if it is not).
const WIDE_HASH: u32 = 0x566c_7527;

const fn wide_slot(key: u32) -> usize {
    (key.wrapping_mul(WIDE_HASH) >> 25) as usize
}

/// [`token`] of the characters of [`WIDE`] by the slot of their key: the key and the token of
/// the character whose key has the slot (index 0xFF for none). Indices, not pairs, keep the
/// table small (WebAssembly's size budget).
static WIDE_SLOTS: [u8; 128] = wide_slots();
static WIDE_KEYS: [u32; 47] = wide_keys();
static WIDE_TOKENS: [Tok; 47] = wide_tokens();

/// The key of a character of three bytes in UTF-8 (U+0800–U+FFFF), encoded by hand
/// (`char::encode_utf8` is constant only from Rust 1.83).
const fn utf8_key(c: char) -> u32 {
    let c = c as u32;
    assert!(c >= 0x800 && c <= 0xFFFF);
    wide_key(
        0xE0 | (c >> 12) as u8,
        0x80 | ((c >> 6) & 0x3F) as u8,
        0x80 | (c & 0x3F) as u8,
    )
}

const fn wide_keys() -> [u32; 47] {
    let mut keys = [0; 47];
    let mut i = 0;
    while i < WIDE.len() {
        keys[i] = utf8_key(WIDE[i]);
        i += 1;
    }
    keys
}

const fn wide_tokens() -> [Tok; 47] {
    let mut toks = [Tok::Num(0); 47];
    let mut i = 0;
    while i < WIDE.len() {
        let Some(tok) = token(WIDE[i]) else {
            panic!("every WIDE character is a token");
        };
        toks[i] = tok;
        i += 1;
    }
    toks
}

const fn wide_slots() -> [u8; 128] {
    let mut slots = [0xFF; 128];
    let mut i = 0;
    while i < WIDE.len() {
        let slot = wide_slot(utf8_key(WIDE[i]));
        assert!(slots[slot] == 0xFF, "WIDE_HASH must not collide");
        slots[slot] = i as u8;
        i += 1;
    }
    slots
}

/// The token of the character of three bytes with this key, if it is one of [`WIDE`].
#[inline(always)]
fn wide_token(key: u32) -> Option<Tok> {
    let i = usize::from(WIDE_SLOTS[wide_slot(key)]);
    (WIDE_KEYS.get(i) == Some(&key)).then(|| WIDE_TOKENS[i])
}

/// The token of one character (a constant function: [`WIDE_TOKENS`] are made of it).
const fn token(c: char) -> Option<Tok> {
    use Role::*;
    Some(match c {
        '帅' | '帥' | '将' | '將' => Tok::Piece(General),
        '仕' | '士' => Tok::Piece(Advisor),
        '相' | '象' => Tok::Piece(Elephant),
        '马' | '馬' | '傌' | '瑪' => Tok::Piece(Horse),
        '车' | '車' | '俥' | '伡' => Tok::Piece(Chariot),
        '炮' | '砲' | '包' => Tok::Piece(Cannon),
        '兵' | '卒' => Tok::Piece(Soldier),
        '进' | '進' => Tok::Dir(Dir::Advance),
        '退' => Tok::Dir(Dir::Retreat),
        '平' => Tok::Dir(Dir::Traverse),
        '前' => Tok::Place(Which::Front),
        '中' => Tok::Place(Which::Middle),
        '后' | '後' => Tok::Place(Which::Rear),
        '1'..='9' => Tok::Num(c as u8 - b'0'),
        '１'..='９' => Tok::Num((c as u32 - '０' as u32) as u8),
        '一' => Tok::Num(1),
        '二' => Tok::Num(2),
        '三' => Tok::Num(3),
        '四' => Tok::Num(4),
        '五' => Tok::Num(5),
        '六' => Tok::Num(6),
        '七' => Tok::Num(7),
        '八' => Tok::Num(8),
        '九' => Tok::Num(9),
        _ => return None,
    })
}

/// The tokens of Chinese text, white space skipped; an error for a character that is none or
/// for more than five.
// Inlined into the reader: a pattern handed back through memory, stored a byte at a time and
// loaded a word at a time, stalls the load (store forwarding fails). Not in WebAssembly, whose
// rules build has a size budget.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn tokens(text: &str) -> Result<arrayvec::ArrayVec<Tok, 5>, MoveError> {
    let invalid = |why: &str| MoveError::invalid(text, why);
    let mut toks = arrayvec::ArrayVec::<Tok, 5>::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Read by bytes: a character of three bytes by its slot in `WIDE_SLOTS`, an ASCII digit
        // by its value; any other character is decoded (white space is skipped).
        let b = bytes[i];
        let wide = match bytes.get(i..i + 3) {
            Some(&[b0, b1, b2]) if b >= 0xE0 => wide_token(wide_key(b0, b1, b2)),
            _ => None,
        };
        let t = if let Some(tok) = wide {
            i += 3;
            tok
        } else if b.is_ascii_digit() && b != b'0' {
            i += 1;
            Tok::Num(b - b'0')
        } else {
            let c = text[i..].chars().next().unwrap_or_default();
            i += c.len_utf8();
            if c.is_whitespace() {
                continue;
            }
            token(c).ok_or_else(|| invalid(&format!("unexpected character {c:?}")))?
        };
        if toks.len() == 5 {
            return Err(invalid("a Chinese move has four (or five) characters"));
        }
        toks.push(t);
    }
    Ok(toks)
}

/// The tokens of the two commonest shapes of a move, read without a loop: four characters of
/// three bytes (Red's `炮二平五`) or with ASCII digits second and fourth (Black's `马8进7`).
/// `None` for any other text, which [`tokens`] reads (it gives the same tokens for these). A
/// key of [`WIDE`] is a whole character of valid UTF-8, so the bytes matched start on a
/// character boundary.
#[inline(always)]
fn four_tokens(b: &[u8]) -> Option<[Tok; 4]> {
    match *b {
        [a0, a1, a2, b0, b1, b2, c0, c1, c2, d0, d1, d2] => Some([
            wide_token(wide_key(a0, a1, a2))?,
            wide_token(wide_key(b0, b1, b2))?,
            wide_token(wide_key(c0, c1, c2))?,
            wide_token(wide_key(d0, d1, d2))?,
        ]),
        [a0, a1, a2, b, c0, c1, c2, d] => Some([
            wide_token(wide_key(a0, a1, a2))?,
            digit_token(b)?,
            wide_token(wide_key(c0, c1, c2))?,
            digit_token(d)?,
        ]),
        _ => None,
    }
}

/// The token of an ASCII digit 1–9.
#[inline(always)]
fn digit_token(c: u8) -> Option<Tok> {
    (b'1'..=b'9').contains(&c).then(|| Tok::Num(c - b'0'))
}

/// Reads Chinese text into a pattern, without looking at a position.
// Inlined into the reader: a pattern handed back through memory, stored a byte at a time and
// loaded a word at a time, stalls the load (store forwarding fails). Not in WebAssembly, whose
// rules build has a size budget.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn parse_pattern(text: &str) -> Result<Pattern, MoveError> {
    let invalid = |why: &str| MoveError::invalid(text, why);
    if text.len() > MAX_LEN {
        return Err(invalid("too long for a Chinese move"));
    }
    // The loop-free shapes natively; WebAssembly's rules build has a size budget.
    let four = if cfg!(target_arch = "wasm32") {
        None
    } else {
        four_tokens(text.as_bytes())
    };
    let read = match four {
        Some(four) => pattern_of(&four),
        None => pattern_of(&tokens(text)?),
    };
    read.ok_or_else(|| {
        invalid("expected piece, file, 进/退/平, number (or 前/中/后 and piece first)")
    })
}

/// The pattern that a move's tokens name, if they name one.
#[inline(always)]
fn pattern_of(toks: &[Tok]) -> Option<Pattern> {
    let (kind, file, which, dir, num) = match *toks {
        [Tok::Piece(k), Tok::Num(f), Tok::Dir(d), Tok::Num(n)] => (k, Some(f), Which::Any, d, n),
        [Tok::Piece(k), Tok::Place(w), Tok::Dir(d), Tok::Num(n)]
        | [Tok::Place(w), Tok::Piece(k), Tok::Dir(d), Tok::Num(n)] => (k, None, w, d, n),
        [Tok::Num(o), Tok::Piece(k), Tok::Dir(d), Tok::Num(n)] if o <= 5 => {
            (k, None, Which::Nth(o - 1), d, n)
        }
        [Tok::Place(w), Tok::Num(f), Tok::Dir(d), Tok::Num(n)] => (Role::Soldier, Some(f), w, d, n),
        [Tok::Place(w), Tok::Piece(k), Tok::Num(f), Tok::Dir(d), Tok::Num(n)] => {
            (k, Some(f), w, d, n)
        }
        _ => return None,
    };
    Some(Pattern {
        kind,
        file,
        which,
        dir,
        num,
    })
}

impl Xiangqi {
    /// Writes `mv` in simplified Chinese notation (`炮二平五`).
    pub fn chinese(&self, mv: Move) -> String {
        self.chinese_with(mv, ChineseStyle::Simplified)
    }

    /// Writes `mv` in Chinese notation with the given characters. A move from an empty point is
    /// written in ICCS.
    pub fn chinese_with(&self, mv: Move, style: ChineseStyle) -> String {
        if mv.is_null() {
            return "--".into(); // a pass, as PGN writes it
        }
        match describe(self, mv) {
            Some(d) => write_chinese(&d, style),
            None => mv.to_string(),
        }
    }

    /// Reads a move in Chinese notation and finds the legal move it names.
    ///
    /// Errors: [`MoveError::Invalid`] when the text is not Chinese notation,
    /// [`MoveError::Illegal`] when no legal move fits it, [`MoveError::Ambiguous`] (candidates
    /// in WXF) when several do.
    pub fn parse_chinese(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_chinese_knowing(text, false)
    }

    /// [`Xiangqi::parse_chinese`], told whether the side to move is known not to be in check
    /// ([`Xiangqi::is_legal_knowing`]).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(crate) fn parse_chinese_knowing(
        &self,
        text: &str,
        not_in_check: bool,
    ) -> Result<Move, MoveError> {
        let pattern = parse_pattern(text)?;
        resolve(self, text, &pattern, not_in_check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens as the reader found them before it read bytes: character by character.
    fn tokens_by_chars(text: &str) -> Result<arrayvec::ArrayVec<Tok, 5>, MoveError> {
        let invalid = |why: &str| MoveError::invalid(text, why);
        let mut toks = arrayvec::ArrayVec::<Tok, 5>::new();
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            let t = token(c).ok_or_else(|| invalid(&format!("unexpected character {c:?}")))?;
            if toks.len() == 5 {
                return Err(invalid("a Chinese move has four (or five) characters"));
            }
            toks.push(t);
        }
        Ok(toks)
    }

    /// The byte reader against the character reader on seeded random texts of every token
    /// character, look-alikes (same first bytes), white space and other characters.
    #[test]
    fn tokens_by_bytes_agree_with_tokens_by_chars() {
        let mut alphabet: Vec<char> = WIDE.to_vec();
        alphabet.extend(
            "0123456789０ \t\u{b}\u{3000}\u{a0}\u{2028}\u{feff}走车\u{4e00}\u{9fff}𠀀éC.+-".chars(),
        );
        // Characters that share their first two bytes with a token character.
        for c in WIDE {
            for delta in [1u32, 2, 64] {
                alphabet.extend(char::from_u32(c as u32 + delta));
                alphabet.extend(char::from_u32(c as u32 - delta));
            }
        }
        let mut state = 31u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let mut read = 0;
        for _ in 0..200_000 {
            let len = next() % 8;
            // Token characters (the first of the alphabet) four times in five.
            let text: String = (0..len)
                .map(|_| {
                    let pick = next();
                    let from = if pick % 5 == 0 {
                        alphabet.len()
                    } else {
                        WIDE.len()
                    };
                    alphabet[(pick / 5) % from]
                })
                .collect();
            let bytes = tokens(&text);
            assert_eq!(bytes, tokens_by_chars(&text), "{text:?}");
            read += usize::from(bytes.is_ok_and(|t| t.len() >= 4));
        }
        assert!(read > 10_000, "{read}");
        // The loop-free reader of the commonest shapes gives what the loop gives.
        let mut four = 0;
        for a in WIDE {
            for b in WIDE.iter().copied().chain("0123456789 ".chars()) {
                for c in ['平', '进', '後', '１', '一', ' '] {
                    for d in ['五', '5', '0', '６', ' '] {
                        let text: String = [a, b, c, d].iter().collect();
                        if let Some(fast) = four_tokens(text.as_bytes()) {
                            assert_eq!(Ok(&fast[..]), tokens(&text).as_deref(), "{text:?}");
                            four += 1;
                        }
                    }
                }
            }
        }
        assert!(four > 5_000, "{four}");
        for c in WIDE {
            assert_eq!(
                tokens(&c.to_string()).map(|t| t[0]),
                Ok(token(c).expect("a token"))
            );
        }
    }

    #[test]
    fn chinese_syntax() {
        for ok in [
            "炮二平五",
            "马8进7",
            "馬８進７",
            "前炮平五",
            "车前平三",
            "中兵平四",
            "三兵进一",
            "前三平四",
            "前兵三平四",
            " 炮 二 平 五 ",
        ] {
            assert!(parse_pattern(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "炮二平",
            "炮二平五五",
            "炮二平五进一",
            "炮０平五",
            "炮二走五",
            "C2.5",
            "炮\u{301}二平五",
            "六兵进一",
            "前后平五",
        ] {
            assert!(
                matches!(parse_pattern(bad), Err(MoveError::Invalid { .. })),
                "{bad:?}"
            );
        }
        assert!(parse_pattern(&"炮二平五".repeat(10_000)).is_err());
    }
}
