//! [`CoordMove`]: a move in coordinate notation read without a position, of either game — what
//! python-chess's `Move.from_uci` makes and shakmaty's `UciMove` holds. It is checked for form
//! only (two points of a board of up to 9 files and 10 ranks, an optional piece letter; or a
//! drop `P@e4`; or the null move `0000`); the game and the legal move it stands for are decided
//! when it meets a position ([`CoordMove::as_str`] is what a position's coordinate reader reads).
//! The one reader of coordinate text the front ends share.
//!
//! ```
//! use qipan::{CoordMove, GameKind};
//! let e2e4 = CoordMove::parse("E2E4").unwrap();
//! assert_eq!(e2e4.as_str(), "e2e4");
//! // Numbered as python-chess numbers squares: a chess square when it fits a chess board.
//! assert_eq!(e2e4.squares(None), (12, 28));
//! assert_eq!(e2e4.squares(Some(GameKind::Xiangqi)), (22, 40)); // rank * 9 + file
//! assert_eq!(CoordMove::parse("h0g2").unwrap().squares(None), (7, 24)); // rank 0: Xiangqi
//! assert!(CoordMove::parse("e2e2").is_err() && CoordMove::parse("e2e4x").is_err());
//! assert!(CoordMove::parse("0000").unwrap().is_null());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::chess::{Role, Square};
use crate::{shorten, xiangqi, GameKind, MoveError};

/// A move in coordinate notation, checked for form only (see the module docs). Its text is kept
/// normalized: lower case, a drop's piece letter upper case.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CoordMove {
    text: [u8; 5],
    len: u8,
}

impl CoordMove {
    /// The null move, `0000`.
    pub const NULL: CoordMove = CoordMove {
        text: *b"0000\0",
        len: 4,
    };

    /// Reads coordinate text: `e2e4`, `e7e8q`, `h2e2` (files `a`–`i`, ranks `0`–`9`, either
    /// case, an optional piece letter `q r b n k p`), a drop `P@e4` (a chess square) or the
    /// null move `0000`. A move from a point to itself is no move, as in python-chess.
    pub fn parse(text: &str) -> Result<CoordMove, MoveError> {
        let b = text.as_bytes();
        let bad = || MoveError::invalid(&shorten(text), "not coordinate notation like e2e4");
        if b.len() == 4 && b[1] == b'@' {
            let role = Role::from_char(char::from(b[0])).ok_or_else(bad)?;
            let to = Square::from_ascii(&[b[2].to_ascii_lowercase(), b[3]]).ok_or_else(bad)?;
            return Ok(CoordMove::drop(role, to));
        }
        if b.len() != 4 && b.len() != 5 {
            return Err(bad());
        }
        let mut out = CoordMove {
            text: [0; 5],
            len: b.len() as u8,
        };
        for (slot, byte) in out.text.iter_mut().zip(b) {
            *slot = byte.to_ascii_lowercase();
        }
        if out == CoordMove::NULL {
            return Ok(out);
        }
        let t = out.text;
        let point = |f: u8, r: u8| (b'a'..=b'i').contains(&f) && r.is_ascii_digit();
        let well_formed = point(t[0], t[1])
            && point(t[2], t[3])
            && t[..2] != t[2..4]
            && (b.len() == 4 || Role::from_char(char::from(t[4])).is_some());
        if well_formed {
            Ok(out)
        } else {
            Err(bad())
        }
    }

    /// A chess move from `from` to `to`, promoting to `promotion` (python-chess's
    /// `Move(from_square, to_square, promotion)`; any piece, and `from == to` is allowed, as
    /// there).
    pub fn chess(from: Square, to: Square, promotion: Option<Role>) -> CoordMove {
        let mut out = CoordMove {
            text: [0; 5],
            len: 4,
        };
        out.text[..2].copy_from_slice(&square_name(from));
        out.text[2..4].copy_from_slice(&square_name(to));
        if let Some(role) = promotion {
            out.text[4] = role.char() as u8;
            out.len = 5;
        }
        out
    }

    /// A drop: a `role` put on `to` (`P@e4`), as variants with drops write it.
    pub fn drop(role: Role, to: Square) -> CoordMove {
        let mut out = CoordMove {
            text: [0; 5],
            len: 4,
        };
        out.text[0] = role.upper_char() as u8;
        out.text[1] = b'@';
        out.text[2..4].copy_from_slice(&square_name(to));
        out
    }

    /// The text, normalized.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(self.as_bytes()).unwrap_or("0000")
    }

    /// The text's bytes (ASCII).
    pub fn as_bytes(&self) -> &[u8] {
        &self.text[..usize::from(self.len)]
    }

    /// Whether this is the null move `0000`.
    pub fn is_null(self) -> bool {
        self == CoordMove::NULL
    }

    /// The piece a drop puts down.
    pub fn drop_role(self) -> Option<Role> {
        (self.text[1] == b'@')
            .then(|| Role::from_char(char::from(self.text[0])))
            .flatten()
    }

    /// The piece letter after the two points (a promotion in chess).
    pub fn promotion(self) -> Option<Role> {
        (self.len == 5)
            .then(|| Role::from_char(char::from(self.text[4])))
            .flatten()
    }

    /// The from and to points as python-chess numbers them: in chess 0 (`a1`) to 63 (`h8`),
    /// `rank * 8 + file`; in Xiangqi 0 (`a0`) to 89 (`i9`), `rank * 9 + file`. Without a game,
    /// a move whose points both fit a chess board is read as chess. A drop goes from and to its
    /// square, and the null move is `(0, 0)`, as in python-chess.
    pub fn squares(self, game: Option<GameKind>) -> (u32, u32) {
        let t = self.text;
        if self.is_null() {
            return (0, 0);
        }
        let chess_square = |f: u8, r: u8| Square::from_ascii(&[f, r]).map(|sq| sq.index() as u32);
        if self.drop_role().is_some() {
            let to = chess_square(t[2], t[3]).unwrap_or(0);
            return (to, to);
        }
        let as_chess = match game {
            Some(GameKind::Xiangqi) => None,
            _ => chess_square(t[0], t[1]).zip(chess_square(t[2], t[3])),
        };
        as_chess.unwrap_or_else(|| {
            // The form was checked: files a-i, ranks 0-9, the points of a Xiangqi board.
            let point = |f: u8, r: u8| {
                xiangqi::Square::try_new(f - b'a', r - b'0').map_or(0, |sq| sq.index() as u32)
            };
            (point(t[0], t[1]), point(t[2], t[3]))
        })
    }

    /// The game the form alone names: chess for a drop (its square is a chess square, and only
    /// chess variants drop pieces); `None` for every other move, which either board may read.
    pub fn known_game(self) -> Option<GameKind> {
        self.drop_role().map(|_| GameKind::Chess)
    }
}

/// A chess square's name (`e4`) as bytes.
fn square_name(sq: Square) -> [u8; 2] {
    [sq.file_char() as u8, sq.rank_char() as u8]
}

impl FromStr for CoordMove {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<CoordMove, MoveError> {
        CoordMove::parse(text)
    }
}

impl fmt::Display for CoordMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for CoordMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CoordMove({})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_is_checked_and_the_text_normalized() {
        for (text, normal) in [
            ("e2e4", "e2e4"),
            ("E7E8Q", "e7e8q"),
            ("h2e2", "h2e2"),
            ("a0i9", "a0i9"),
            ("e7e8k", "e7e8k"),
            ("p@E4", "P@e4"),
            ("0000", "0000"),
        ] {
            assert_eq!(CoordMove::parse(text).unwrap().as_str(), normal, "{text}");
        }
        for bad in [
            "", "e2", "e2e2", "e2e4x", "j2e4", "e2e4qq", "X@e4", "P@i4", "P@e9", "e2-e4",
        ] {
            assert!(CoordMove::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn squares_promotions_and_drops_are_read_from_the_text() {
        let promotion = CoordMove::parse("a7b8n").unwrap();
        assert_eq!(promotion.promotion(), Some(Role::Knight));
        assert_eq!(promotion.squares(None), (48, 57));
        let drop = CoordMove::parse("q@h8").unwrap();
        assert_eq!(
            (drop.drop_role(), drop.squares(None)),
            (Some(Role::Queen), (63, 63))
        );
        assert_eq!(drop.promotion(), None);
        // i-file or rank-0 points are Xiangqi's, and a Xiangqi game reads every move so.
        assert_eq!(CoordMove::parse("i9i0").unwrap().squares(None), (89, 8));
        assert_eq!(
            CoordMove::parse("a1a2")
                .unwrap()
                .squares(Some(GameKind::Xiangqi)),
            (9, 18)
        );
        let built = CoordMove::chess(Square::new(52), Square::new(60), Some(Role::Queen));
        assert_eq!((built.as_str(), built.squares(None)), ("e7e8q", (52, 60)));
        assert_eq!(
            CoordMove::drop(Role::Pawn, Square::new(28)).as_str(),
            "P@e4"
        );
    }
}
