//! [`Notation`]: the ways a move is written, one name set for every front end.
//!
//! Chess writes SAN (`Nf3`), LAN (`Ng1-f3`) and UCI (`g1f3`); Xiangqi writes ICCS (`H2-E2` in
//! records, `h2e2` as a coordinate move), WXF (`C2.5`) and Chinese (`炮二平五`, or
//! `馬八進七` in traditional characters). [`Notate::write_move`](crate::Notate::write_move)
//! writes a move in any notation its game has, and [`Notation::of_text`] tells which notation a
//! record's move text is in (so that a record is written back the way it was read).
//!
//! ```
//! use qipan::{Chess, GameKind, Notate, Notation, Variant, Xiangqi};
//! let notation: Notation = "wxf".parse().unwrap();
//! let pos = Xiangqi::start();
//! let mv = pos.parse_any("h2e2").unwrap();
//! assert_eq!(pos.write_move(mv, notation).unwrap(), "C2.5");
//! let knight = pos.parse_any("h0g2").unwrap();
//! assert_eq!(pos.write_move(knight, Notation::ChineseTraditional).unwrap(), "馬二進三");
//! assert!(Chess::start().write_move(qipan::Chess::start().parse_any("e4").unwrap(), notation).is_err());
//! assert_eq!(Notation::of_text("炮二平五", GameKind::Xiangqi), Some(Notation::Chinese));
//! assert_eq!(Notation::of_text("H2-E2", GameKind::Xiangqi), Some(Notation::Iccs));
//! assert_eq!(Notation::of_text("g1f3", GameKind::Chess), Some(Notation::Uci));
//! // SAN naming the rank a knight comes from is not coordinates.
//! assert_eq!(Notation::of_text("N1b3", GameKind::Chess), Some(Notation::San));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::GameKind;

/// A way of writing moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Notation {
    /// Standard algebraic notation (chess): `Nf3`, `O-O`, `exd8=Q+`.
    San,
    /// Long algebraic notation (chess): `Ng1-f3`, `e7xd8=Q+`.
    Lan,
    /// UCI coordinates (chess): `g1f3`, `e7d8q`; Chess960 castling as king takes rook.
    Uci,
    /// ICCS coordinates (Xiangqi): `H2-E2` in records.
    Iccs,
    /// WXF (Xiangqi): `C2.5`.
    Wxf,
    /// Chinese notation in simplified characters (Xiangqi): `炮二平五`, `马８进７`.
    Chinese,
    /// Chinese notation in traditional characters (Xiangqi): `炮二平五`, `馬８進７`.
    ChineseTraditional,
}

/// A notation name that is not one of [`Notation::NAMES`], or a notation the game does not
/// write (SAN for Xiangqi, WXF for chess).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The name is no notation.
    #[error(
        "unknown notation {0:?} (expected: san, lan, uci, iccs, wxf, chinese, chinese-traditional)"
    )]
    Unknown(String),
    /// The game has no such notation.
    #[error("{game} moves cannot be written in {notation} (it writes: {expected})")]
    NotForGame {
        /// The game.
        game: &'static str,
        /// The notation asked for.
        notation: Notation,
        /// The notations the game writes, comma-separated.
        expected: &'static str,
    },
}

impl Notation {
    /// Every notation, in declaration order.
    pub const ALL: [Notation; 7] = [
        Notation::San,
        Notation::Lan,
        Notation::Uci,
        Notation::Iccs,
        Notation::Wxf,
        Notation::Chinese,
        Notation::ChineseTraditional,
    ];

    /// The canonical names, in the order of [`Notation::ALL`].
    pub const NAMES: [&'static str; 7] = [
        "san",
        "lan",
        "uci",
        "iccs",
        "wxf",
        "chinese",
        "chinese-traditional",
    ];

    /// The canonical name (`san`, `lan`, `uci`, `iccs`, `wxf`, `chinese`,
    /// `chinese-traditional`).
    pub const fn name(self) -> &'static str {
        Notation::NAMES[self as usize]
    }

    /// Which notation a move text of a record of `game` is in, from its characters alone:
    /// Chinese for CJK text (traditional when a character only the traditional set has
    /// appears), coordinates (UCI for chess, ICCS for Xiangqi) for two squares with an optional
    /// `-` between (`g1f3`, `H2-E2`), and the game's letter notation (SAN, WXF) for the rest.
    /// `None` for empty text.
    pub fn of_text(text: &str, game: GameKind) -> Option<Notation> {
        let text = text.trim();
        let first = text.chars().next()?;
        let xiangqi = game == GameKind::Xiangqi;
        if !first.is_ascii() {
            let traditional = text.chars().any(|c| "帥將馬車進後".contains(c));
            return Some(match (xiangqi, traditional) {
                (false, _) => Notation::San,
                (true, false) => Notation::Chinese,
                (true, true) => Notation::ChineseTraditional,
            });
        }
        let bytes = text.as_bytes();
        // A chess square is a lower-case file and a rank 1-8, so that SAN naming its piece's
        // rank (`N1b3`, `R8a6`) is not taken for coordinates.
        let square = |b: &[u8]| {
            if xiangqi {
                b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
            } else {
                (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
            }
        };
        let coordinates = match bytes.len() {
            4 | 5 if xiangqi && bytes.len() == 5 => {
                bytes[2] == b'-' && square(&bytes[..2]) && square(&bytes[3..])
            }
            4 | 5 => square(&bytes[..2]) && square(&bytes[2..4]),
            _ => false,
        };
        Some(match (xiangqi, coordinates) {
            (false, true) => Notation::Uci,
            (false, false) => Notation::San,
            (true, true) => Notation::Iccs,
            (true, false) => Notation::Wxf,
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = NotationError;

    /// Reads a notation name, any case: the canonical names, and `traditional`,
    /// `chinese traditional`, `中文` / `中文记谱` (Chinese).
    fn from_str(name: &str) -> Result<Notation, NotationError> {
        // ASCII case folding: every name is ASCII or Chinese (which has no case), and Unicode
        // folding would bring its tables into the WebAssembly rules build.
        let lower = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        if let Some(i) = Notation::NAMES.iter().position(|n| *n == lower) {
            return Ok(Notation::ALL[i]);
        }
        Ok(match lower.as_str() {
            "traditional" | "traditional-chinese" => Notation::ChineseTraditional,
            "中文" | "中文记谱" | "simplified" => Notation::Chinese,
            _ => return Err(NotationError::Unknown(crate::text::shorten(name.trim()))),
        })
    }
}
