//! WXF notation: `C2.5`, `H8+7`, `R+.4`, `P-+1`.
//!
//! A move is four characters: the piece letter (`K A E H R C P`), the file it stands on counted
//! from the mover's own right (1–9), the direction (`+` advance, `-` retreat, `.` traverse) and
//! a number: steps for a chariot, cannon, soldier or general moving along its file, otherwise the
//! destination file. Two pieces of a kind on one file are told apart by `+` (front) and `-`
//! (rear) in place of the file; soldiers follow the WXF rules for three to five on a file and
//! for two files with several (see `docs/rules-xiangqi.md`). Advisors and elephants keep the file
//! number: their direction already tells which one moves.
//!
//! Read: piece letters in either case, `E`/`B` for the elephant, `H`/`N` for the horse, `G` for
//! the general and `S` for the soldier; `.` or `=` for a traverse; the front/rear marker also
//! before the letter (`+R.4`, as some programs write it); surrounding whitespace.
//!
//! ```
//! use qipan::{MoveError, Notate, Variant, Xiangqi};
//! let pos = Xiangqi::start();
//! let mv = pos.parse_wxf("C2.5").unwrap();
//! assert_eq!(mv.to_string(), "h2e2");
//! assert_eq!(pos.wxf(mv), "C2.5");
//! assert_eq!(pos.parse_wxf("c2=5"), Ok(mv));
//! assert_eq!(pos.notation(mv), "C2.5");
//! assert!(matches!(pos.parse_wxf("C2.9"), Err(MoveError::Illegal { .. })));
//! assert!(matches!(pos.parse_wxf("X2.5"), Err(MoveError::Invalid { .. })));
//! ```

use super::notation::{describe, resolve, Described, Dir, Pattern, Which, MAX_LEN};
use super::{Move, Role, Xiangqi};
use crate::MoveError;

/// The WXF letter of a kind: `K A E H R C P`.
pub(crate) const fn wxf_letter(kind: Role) -> char {
    match kind {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

/// The kind of a WXF letter, either case (also `B`, `N`, `G`, `S`).
#[inline(always)]
fn kind_of_letter(c: u8) -> Option<Role> {
    // `| 0x20` lowers an ASCII capital and sends no other byte to a lower-case letter.
    Some(match c | 0x20 {
        b'k' | b'g' => Role::General,
        b'a' => Role::Advisor,
        b'e' | b'b' => Role::Elephant,
        b'h' | b'n' => Role::Horse,
        b'r' => Role::Chariot,
        b'c' => Role::Cannon,
        b'p' | b's' => Role::Soldier,
        _ => return None,
    })
}

/// Writes a described move in WXF.
pub(crate) fn write_wxf(d: &Described) -> String {
    let letter = wxf_letter(d.kind);
    let fd = char::from(b'0' + d.file);
    let (a, b) = if !d.is_tandem() {
        (letter, fd)
    } else if d.pawn_files() {
        // Two files with several pawns: the file digit replaces the letter.
        let place = match d.index {
            0 => '+',
            i if i + 1 == d.count => '-',
            _ => fd,
        };
        (fd, place)
    } else {
        match (d.count, d.index) {
            (2..=3, 0) => (letter, '+'),
            (2..=3, i) if i + 1 == d.count => (letter, '-'),
            (2..=3, _) => (letter, fd),
            (_, 0) => ('+', '+'),
            (n, i) if i + 1 == n => ('-', '-'),
            (_, 1) => (letter, '+'),
            (n, i) if i + 2 == n => (letter, '-'),
            _ => (letter, fd),
        }
    };
    let dir = match d.dir {
        Dir::Advance => '+',
        Dir::Retreat => '-',
        Dir::Traverse => '.',
    };
    format!("{a}{b}{dir}{}", d.num)
}

/// Reads WXF text into a pattern, without looking at a position.
// Inlined into the reader: a pattern handed back through memory, stored a byte at a time and
// loaded a word at a time, stalls the load (store forwarding fails). Not in WebAssembly, whose
// rules build has a size budget.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn parse_pattern(text: &str) -> Result<Pattern, MoveError> {
    let invalid = |why: &str| MoveError::invalid(text, why);
    if text.len() > MAX_LEN {
        return Err(invalid("too long for a WXF move"));
    }
    let &[c0, c1, c2, c3] = super::notation::trim(text).as_bytes() else {
        return Err(invalid("a WXF move has four characters, like C2.5"));
    };
    let digit = |c: u8| (b'1'..=b'9').contains(&c).then(|| c - b'0');
    let dir = match c2 {
        b'+' => Dir::Advance,
        b'-' => Dir::Retreat,
        b'.' | b'=' => Dir::Traverse,
        _ => return Err(invalid("the third character must be +, - or . (or =)")),
    };
    let num = digit(c3).ok_or_else(|| invalid("the last character must be a digit 1-9"))?;
    // The marker before the letter (`+R.4`), as some programs write tandem pieces, is `R+.4`.
    let (c0, c1) = match (c0, c1) {
        (b'+' | b'-', letter) if kind_of_letter(letter).is_some() => (letter, c0),
        pair => pair,
    };
    let (kind, file, which) = match (c0, c1) {
        (b'+', b'+') => (Role::Soldier, None, Which::Front),
        (b'-', b'-') => (Role::Soldier, None, Which::Rear),
        _ => {
            if let Some(f) = digit(c0) {
                let which = match c1 {
                    b'+' => Which::Front,
                    b'-' => Which::Rear,
                    c if c == c0 => Which::Middle,
                    _ => {
                        return Err(invalid(
                            "after a pawn's file digit comes +, - or the digit again",
                        ))
                    }
                };
                (Role::Soldier, Some(f), which)
            } else {
                let kind = kind_of_letter(c0)
                    .ok_or_else(|| invalid("unknown piece letter (K A E H R C P, also B N G S)"))?;
                match c1 {
                    b'+' => (kind, None, Which::WxfFront),
                    b'-' => (kind, None, Which::WxfRear),
                    c => {
                        let f = digit(c).ok_or_else(|| {
                            invalid("the second character must be a file 1-9, + or -")
                        })?;
                        let which = if kind == Role::Soldier {
                            Which::WxfPlainPawn
                        } else {
                            Which::Any
                        };
                        (kind, Some(f), which)
                    }
                }
            }
        }
    };
    Ok(Pattern {
        kind,
        file,
        which,
        dir,
        num,
    })
}

impl Xiangqi {
    /// Writes `mv` in WXF notation (`C2.5`). A move from an empty point is written in ICCS, the
    /// null move `--`.
    pub fn wxf(&self, mv: Move) -> String {
        if mv.is_null() {
            return "--".into(); // a pass, as PGN writes it
        }
        match describe(self, mv) {
            Some(d) => write_wxf(&d),
            None => mv.to_string(),
        }
    }

    /// Reads a WXF move and finds the legal move it names.
    ///
    /// Errors: [`MoveError::Invalid`] when the text is not WXF, [`MoveError::Illegal`] when no
    /// legal move fits it, [`MoveError::Ambiguous`] (candidates in WXF) when several do, e.g.
    /// `C2.5` with two cannons on file 2 that can both go to file 5.
    pub fn parse_wxf(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_wxf_knowing(text, false)
    }

    /// [`Xiangqi::parse_wxf`], told whether the side to move is known not to be in check
    /// ([`Xiangqi::is_legal_knowing`]).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(crate) fn parse_wxf_knowing(
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

    #[test]
    fn piece_letters() {
        for c in 0..=255u8 {
            let expected = match c.to_ascii_uppercase() {
                b'G' => Some(Role::General),
                b'S' => Some(Role::Soldier),
                c => Role::from_fen_char(c as char),
            };
            assert_eq!(kind_of_letter(c), expected, "{c}");
        }
    }

    #[test]
    fn wxf_syntax() {
        for ok in [
            "C2.5", "c2=5", " H8+7 ", "++.4", "--.4", "33.4", "3+.4", "P-+1", "n2+3",
        ] {
            assert!(parse_pattern(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "C2",
            "C2.0",
            "C0.5",
            "X2.5",
            "C2x5",
            "32.4",
            "3.+4",
            "+-.4",
            "C2.55",
            "炮二平五",
            "C2.５",
            "\u{301}C2.5",
        ] {
            assert!(
                matches!(parse_pattern(bad), Err(MoveError::Invalid { .. })),
                "{bad:?}"
            );
        }
        assert!(parse_pattern(&"C2.5".repeat(10_000)).is_err());
    }
}
