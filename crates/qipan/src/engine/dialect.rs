//! Protocols and dialects: how moves and positions are written to an engine, per game.
//!
//! Chess speaks UCI: moves like `e2e4`, `e7e8q`, castling `e1g1` (king takes rook, `e1h1`, with
//! `UCI_Chess960`). Xiangqi engines speak one of three dialects ([`XiangqiDialect`]):
//!
//! | dialect | handshake | moves | variant option |
//! |---|---|---|---|
//! | [`XiangqiDialect::Ucci`] | `ucci` → `ucciok` | ICCS, ranks 0–9 (`h2e2`) | — |
//! | [`XiangqiDialect::UciVariant`] (Fairy-Stockfish) | `uci`, lists `UCI_Variant` with `xiangqi` | ranks 1–10 (`h3e3`) | `UCI_Variant xiangqi` |
//! | [`XiangqiDialect::UciPlain`] (Pikafish) | `uci`, no `UCI_Variant` | ranks 0–9 (`h2e2`) | — |
//!
//! ```
//! use qipan::engine::{EngineGame, XiangqiDialect};
//! use qipan::{Variant, Xiangqi};
//! let pos = Xiangqi::start();
//! let mv = pos.parse_any("h2e2").unwrap();
//! assert_eq!(Xiangqi::engine_move(&pos, mv, XiangqiDialect::UciVariant), "h3e3");
//! assert_eq!(Xiangqi::engine_move(&pos, mv, XiangqiDialect::Ucci), "h2e2");
//! assert_eq!(Xiangqi::read_engine_move(&pos, "h3e3", XiangqiDialect::UciVariant), Ok(mv));
//! assert!(Xiangqi::read_engine_move(&pos, "h3e4", XiangqiDialect::UciVariant).is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::chess::Chess;
use crate::xiangqi::{IccsRanks, Xiangqi};
use crate::{GameKind, MoveError, Variant};

/// The protocol an engine is started with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// The Universal Chess Interface (`uci` / `uciok`).
    Uci,
    /// The Universal Chinese Chess Interface (`ucci` / `ucciok`).
    Ucci,
    /// XBoard, the Chess Engine Communication Protocol version 2 (`xboard`, `protover 2` /
    /// `feature … done=1`).
    Xboard,
}

impl Protocol {
    /// `"uci"`, `"ucci"` or `"xboard"`: the command that starts the handshake.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
            Protocol::Xboard => "xboard",
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How an engine writes Xiangqi moves and which options select the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XiangqiDialect {
    /// UCCI: ICCS squares with ranks 0–9, `banmoves`, `nobestmove`.
    Ucci,
    /// UCI with `setoption name UCI_Variant value xiangqi`, ranks 1–10 in move text
    /// (Fairy-Stockfish).
    UciVariant,
    /// UCI without `UCI_Variant`, ranks 0–9 (Pikafish).
    UciPlain,
}

impl XiangqiDialect {
    /// The names [`XiangqiDialect::from_str`] reads and `Display` writes.
    pub const NAMES: [&'static str; 3] = ["ucci", "uci-variant", "uci-plain"];

    /// How ranks are numbered in this dialect's moves.
    pub fn ranks(self) -> IccsRanks {
        match self {
            XiangqiDialect::UciVariant => IccsRanks::OneBased,
            XiangqiDialect::Ucci | XiangqiDialect::UciPlain => IccsRanks::ZeroBased,
        }
    }

    /// The dialect of an engine from its protocol and whether its `UCI_Variant` option offers
    /// `xiangqi`.
    pub fn detect(protocol: Protocol, offers_variant: bool) -> XiangqiDialect {
        match (protocol, offers_variant) {
            // XBoard numbers Xiangqi's ranks from 0, as UCCI does.
            (Protocol::Ucci | Protocol::Xboard, _) => XiangqiDialect::Ucci,
            (Protocol::Uci, true) => XiangqiDialect::UciVariant,
            (Protocol::Uci, false) => XiangqiDialect::UciPlain,
        }
    }
}

impl fmt::Display for XiangqiDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            XiangqiDialect::Ucci => "ucci",
            XiangqiDialect::UciVariant => "uci-variant",
            XiangqiDialect::UciPlain => "uci-plain",
        })
    }
}

/// A name that is not one of [`XiangqiDialect::NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine dialect {0:?} (expected: ucci, uci-variant, uci-plain)")]
pub struct UnknownDialect(pub String);

impl FromStr for XiangqiDialect {
    type Err = UnknownDialect;
    fn from_str(s: &str) -> Result<Self, UnknownDialect> {
        match s.to_ascii_lowercase().as_str() {
            "ucci" => Ok(XiangqiDialect::Ucci),
            "uci-variant" | "fairy" | "fairy-stockfish" => Ok(XiangqiDialect::UciVariant),
            "uci-plain" | "pikafish" => Ok(XiangqiDialect::UciPlain),
            _ => Err(UnknownDialect(crate::text::shorten(s))),
        }
    }
}

/// A game an engine can play: how its moves are written to and read from an engine.
pub trait EngineGame: Variant {
    /// The `UCI_Variant` value that selects this game on engines that have the option.
    const UCI_VARIANT: &'static str;

    /// Whether `kind` needs `UCI_Chess960`.
    fn chess960(kind: GameKind) -> bool {
        kind == GameKind::Chess960
    }

    /// Writes `mv` (legal in `pos`, or the null move) as the engine expects it.
    fn engine_move(pos: &Self, mv: Self::Move, dialect: XiangqiDialect) -> String;

    /// Reads an engine's move and checks that it is legal in `pos`.
    fn read_engine_move(
        pos: &Self,
        text: &str,
        dialect: XiangqiDialect,
    ) -> Result<Self::Move, MoveError>;

    /// The FEN of XBoard's `setboard`.
    fn xboard_fen(pos: &Self) -> String {
        pos.fen()
    }
}

impl EngineGame for Chess {
    const UCI_VARIANT: &'static str = "chess";

    fn engine_move(pos: &Self, mv: Self::Move, _: XiangqiDialect) -> String {
        if Self::is_null(mv) {
            "0000".to_owned()
        } else {
            pos.uci(mv)
        }
    }

    fn read_engine_move(
        pos: &Self,
        text: &str,
        _: XiangqiDialect,
    ) -> Result<Self::Move, MoveError> {
        pos.parse_uci(text)
    }

    /// Chess960 as Shredder-FEN: X-FEN's `KQkq` does not say which rook castles.
    fn xboard_fen(pos: &Self) -> String {
        if pos.chess960() {
            pos.fen_shredder()
        } else {
            pos.fen()
        }
    }
}

impl EngineGame for Xiangqi {
    const UCI_VARIANT: &'static str = "xiangqi";

    fn engine_move(_: &Self, mv: Self::Move, dialect: XiangqiDialect) -> String {
        if Self::is_null(mv) {
            "0000".to_owned()
        } else {
            Xiangqi::iccs_with(mv, dialect.ranks())
        }
    }

    fn read_engine_move(
        pos: &Self,
        text: &str,
        dialect: XiangqiDialect,
    ) -> Result<Self::Move, MoveError> {
        pos.parse_iccs_with(text, dialect.ranks())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_names_round_trip() {
        for name in XiangqiDialect::NAMES {
            assert_eq!(name.parse::<XiangqiDialect>().unwrap().to_string(), name);
        }
        assert!("uci".parse::<XiangqiDialect>().is_err());
    }

    #[test]
    fn ranks_one_to_ten_reach_the_far_edge() {
        let pos = Xiangqi::start();
        let knight = Xiangqi::read_engine_move(&pos, "b1c3", XiangqiDialect::UciVariant).unwrap();
        assert_eq!(knight.to_string(), "b0c2");
        assert!(Xiangqi::read_engine_move(&pos, "b0c2", XiangqiDialect::UciVariant).is_err());
        let mut after = pos;
        after.play_unchecked(knight);
        let black = Xiangqi::read_engine_move(&after, "b10c8", XiangqiDialect::UciVariant).unwrap();
        assert_eq!(
            Xiangqi::engine_move(&after, black, XiangqiDialect::Ucci),
            "b9c7"
        );
    }
}
