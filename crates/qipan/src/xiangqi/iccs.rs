//! ICCS coordinate notation: `h2e2` (from, to; files `a`–`i`, ranks `0`–`9` from Red's side).
//!
//! Read: either case, with or without a `-` between the squares (`h2e2`, `H2-E2`, `h2-e2`), with
//! surrounding whitespace ignored. Written: lower case, no dash. Some engines (pyffish /
//! Fairy-Stockfish among them) count ranks 1–10 instead: ask for that with
//! [`IccsRanks::OneBased`] (`h3e3` is then `h2e2`, and `e10e9` is `e9e8`).
//!
//! ```
//! use qipan::{MoveError, Variant, Xiangqi};
//! use qipan::xiangqi::IccsRanks;
//! let pos = Xiangqi::start();
//! let mv = pos.parse_iccs("H2-E2").unwrap();
//! assert_eq!(mv.to_string(), "h2e2");
//! assert_eq!("h2-e2".parse(), Ok(mv));
//! assert_eq!(pos.parse_iccs_with("h3e3", IccsRanks::OneBased), Ok(mv));
//! assert_eq!(Xiangqi::iccs_with(mv, IccsRanks::OneBased), "h3e3");
//! assert!(matches!(pos.parse_iccs("h2e3"), Err(MoveError::Illegal { .. })));
//! assert!(matches!(pos.parse_iccs("z2e2"), Err(MoveError::Invalid { .. })));
//! ```

use super::{Move, Square, Xiangqi};
use crate::{MoveError, Variant};

/// How ranks are numbered in ICCS text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum IccsRanks {
    /// Ranks 0–9 (standard ICCS, UCCI engines, qipan's default).
    #[default]
    ZeroBased,
    /// Ranks 1–10 (pyffish, Fairy-Stockfish's UCI output for Xiangqi).
    OneBased,
}

/// Reads one square at the start of `s`; returns it and the rest.
fn square(s: &[u8], ranks: IccsRanks) -> Option<(Square, &[u8])> {
    let (&f, rest) = s.split_first()?;
    let file = f.to_ascii_lowercase().wrapping_sub(b'a');
    let digits = rest
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count()
        .min(2);
    let (num, rest) = rest.split_at(digits);
    if num.is_empty() || (num.len() == 2 && ranks == IccsRanks::ZeroBased) {
        return None;
    }
    let value = num.iter().fold(0u32, |v, d| v * 10 + (d - b'0') as u32);
    if num.len() == 2 && num[0] == b'0' {
        return None;
    }
    let rank = match ranks {
        IccsRanks::ZeroBased => value,
        IccsRanks::OneBased => value.checked_sub(1)?,
    };
    Some((Square::try_new(file, u8::try_from(rank).ok()?)?, rest))
}

/// Parses ICCS text into a move, without looking at a position. `0000` is the null move, as
/// `Display` writes it (and UCI and UCCI).
pub fn parse_iccs_move(text: &str, ranks: IccsRanks) -> Result<Move, MoveError> {
    if text == "0000" {
        return Ok(Move::null());
    }
    iccs_syntax(text, ranks).map_err(|why| MoveError::invalid(text, why))
}

/// [`parse_iccs_move`] with the reason as a static string: a reader trying ICCS first (then
/// WXF) builds no error for text that is not ICCS.
pub(crate) fn iccs_syntax(text: &str, ranks: IccsRanks) -> Result<Move, &'static str> {
    let s = super::notation::trim(text).as_bytes();
    if ranks == IccsRanks::ZeroBased {
        if let Some(mv) = zero_based(s) {
            return Ok(mv);
        }
    }
    general_syntax(s, ranks)
}

/// ICCS with ranks 0–9, whitespace trimmed: a square is a file letter and one digit, so the
/// whole move is `h2e2` or `h2-e2` (either case) and nothing else. `None` for anything else,
/// which [`general_syntax`] then words; the two agree on every text (tested below).
#[cfg_attr(not(target_arch = "wasm32"), inline)]
pub(crate) fn zero_based(s: &[u8]) -> Option<Move> {
    let file = |b: u8| {
        let f = b.to_ascii_lowercase().wrapping_sub(b'a');
        (f < 9).then_some(f)
    };
    let rank = |b: u8| {
        let r = b.wrapping_sub(b'0');
        (r < 10).then_some(r)
    };
    let (a, b) = match *s {
        [f1, r1, f2, r2] => ([f1, r1], [f2, r2]),
        [f1, r1, b'-', f2, r2] => ([f1, r1], [f2, r2]),
        _ => return None,
    };
    let from = Square::try_new(file(a[0])?, rank(a[1])?)?;
    let to = Square::try_new(file(b[0])?, rank(b[1])?)?;
    Some(Move::new(from, to))
}

/// Any ICCS move, trimmed, with the reason when it is none.
fn general_syntax(s: &[u8], ranks: IccsRanks) -> Result<Move, &'static str> {
    if s.len() > 8 {
        return Err("too long for an ICCS move");
    }
    let (from, rest) = square(s, ranks).ok_or("expected a from-square like h2 (files a-i)")?;
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let (to, rest) = square(rest, ranks).ok_or("expected a to-square like e2 (files a-i)")?;
    if !rest.is_empty() {
        return Err("unexpected text after the move");
    }
    Ok(Move::new(from, to))
}

/// Writes a move in ICCS (lower case) with the given rank numbering.
pub fn write_iccs(mv: Move, ranks: IccsRanks) -> String {
    let off = match ranks {
        IccsRanks::ZeroBased => 0,
        IccsRanks::OneBased => 1,
    };
    let (f, t) = (mv.from(), mv.to());
    format!(
        "{}{}{}{}",
        f.file_char(),
        f.rank() + off,
        t.file_char(),
        t.rank() + off
    )
}

impl std::str::FromStr for Move {
    type Err = MoveError;
    /// Reads ICCS with ranks 0–9, without checking legality ([`parse_iccs_move`]).
    fn from_str(text: &str) -> Result<Move, MoveError> {
        parse_iccs_move(text, IccsRanks::ZeroBased)
    }
}

impl Xiangqi {
    /// Parses an ICCS move (ranks 0–9) and checks that it is legal here.
    pub fn parse_iccs(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_iccs_with(text, IccsRanks::ZeroBased)
    }

    /// Parses an ICCS move with the given rank numbering and checks that it is legal here.
    pub fn parse_iccs_with(&self, text: &str, ranks: IccsRanks) -> Result<Move, MoveError> {
        if text == "0000" {
            // The null move, as UCI writes it (UCCI engines too).
            return self.parse_null(text).unwrap_or(Ok(Move::null()));
        }
        let mv = parse_iccs_move(text, ranks)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(text, self.fen()))
        }
    }

    /// Writes `mv` in ICCS with the given rank numbering (`Display` is the 0–9 form).
    pub fn iccs_with(mv: Move, ranks: IccsRanks) -> String {
        write_iccs(mv, ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast reader of `h2e2` against the general one on every text of up to five bytes over
    /// an alphabet of letters, digits, dashes and others.
    #[test]
    fn zero_based_agrees_with_the_general_reader() {
        let alphabet = b"aAeiIjz0459-+ .";
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        let mut all = texts.clone();
        for _ in 0..5 {
            texts = texts
                .iter()
                .flat_map(|t| {
                    alphabet.iter().map(move |&c| {
                        let mut t = t.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            all.extend(texts.iter().cloned());
        }
        let mut read = 0;
        for t in &all {
            let general = general_syntax(t, IccsRanks::ZeroBased).ok();
            assert_eq!(zero_based(t), general, "{:?}", String::from_utf8_lossy(t));
            read += usize::from(general.is_some());
        }
        assert!(read >= 800, "{read}");
    }

    #[test]
    fn iccs_syntax() {
        let z = IccsRanks::ZeroBased;
        let o = IccsRanks::OneBased;
        let h2e2 = Move::new(Square::new(7, 2), Square::new(4, 2));
        for text in ["h2e2", "H2E2", "H2-E2", "h2-e2", " h2e2\n"] {
            assert_eq!(parse_iccs_move(text, z), Ok(h2e2), "{text}");
        }
        assert_eq!(parse_iccs_move("h3e3", o), Ok(h2e2));
        assert_eq!(
            parse_iccs_move("e10e9", o),
            Ok(Move::new(Square::new(4, 9), Square::new(4, 8)))
        );
        for bad in [
            "",
            "h",
            "h2",
            "h2e",
            "j2e2",
            "h2e10",
            "h2--e2",
            "h2e2x",
            "炮二平五",
            "h2e2\u{0}",
            "ｈ2e2",
            "h-2e2",
        ] {
            assert!(
                matches!(parse_iccs_move(bad, z), Err(MoveError::Invalid { .. })),
                "{bad:?}"
            );
        }
        for bad in ["h0e0", "h11e1", "h01e1", "a10a11"] {
            assert!(
                matches!(parse_iccs_move(bad, o), Err(MoveError::Invalid { .. })),
                "{bad:?}"
            );
        }
        let huge = "h2".repeat(100_000);
        assert!(parse_iccs_move(&huge, z).is_err());
        assert_eq!(write_iccs(h2e2, o), "h3e3");
        assert_eq!(write_iccs(h2e2, z), "h2e2");
    }
}
