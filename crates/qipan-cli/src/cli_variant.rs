//! What the command line needs of a game beyond [`Variant`]: its `--variant` name and how to read
//! `--rules`.

use clap::ValueEnum;
use qipan::xiangqi::{RuleSet, XiangqiRules};
use qipan::{Chess, Variant, Xiangqi};

/// The games the command line knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantName {
    /// FIDE chess.
    Chess,
    /// Chess960 (Fischer Random): castling with king and rooks on any files; UCI castling is
    /// written king-takes-rook.
    Chess960,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

impl VariantName {
    /// The game a record's tags name ([`qipan::pgn::detect_variant`]); `Err` with the name of a
    /// variant the command line does not play.
    pub fn of_record(variant: &qipan::pgn::RecordVariant) -> Result<VariantName, String> {
        match variant {
            qipan::pgn::RecordVariant::Chess => Ok(VariantName::Chess),
            qipan::pgn::RecordVariant::Chess960 => Ok(VariantName::Chess960),
            qipan::pgn::RecordVariant::Xiangqi => Ok(VariantName::Xiangqi),
            qipan::pgn::RecordVariant::Other(name) => Err(name.clone()),
        }
    }
}

/// A [`Variant`] as the command line drives it.
pub trait CliVariant: Variant {
    /// Reads the `--rules` option; `None` means the default rules.
    fn rules(name: Option<&str>) -> Result<Self::Rules, String>;
    /// A start position in this game's mode (the standard start, unless FEN is given).
    fn position(fen: Option<&str>) -> Result<Self, String> {
        match fen {
            Some(fen) => {
                Self::from_fen(fen.trim()).map_err(|e| format!("invalid FEN {fen:?}: {e}"))
            }
            None => Ok(Self::start()),
        }
    }
    /// [`CliVariant::position`] in the mode `--variant` names (Chess960 for one).
    fn position_in(fen: Option<&str>, variant: VariantName) -> Result<Self, String> {
        let _ = variant;
        Self::position(fen)
    }
}

impl CliVariant for Chess {
    fn rules(name: Option<&str>) -> Result<(), String> {
        match name {
            None | Some("fide") | Some("standard") => Ok(()),
            Some(other) => Err(format!(
                "unknown rules {other:?} for chess (expected: fide)"
            )),
        }
    }

    fn position_in(fen: Option<&str>, variant: VariantName) -> Result<Self, String> {
        if variant != VariantName::Chess960 {
            return Self::position(fen);
        }
        match fen {
            Some(fen) => Chess::from_fen_960(fen.trim())
                .map_err(|e| format!("invalid Chess960 FEN {fen:?}: {e}")),
            None => Ok(Chess::chess960_start(518).expect("518 is the standard start")),
        }
    }
}

impl CliVariant for Xiangqi {
    fn rules(name: Option<&str>) -> Result<XiangqiRules, String> {
        let repetition = match name {
            None | Some("asian") => RuleSet::Asian,
            Some("simple") => RuleSet::SimpleRepetition,
            Some("chinese") => RuleSet::Chinese,
            Some(other) => {
                return Err(format!(
                    "unknown rules {other:?} for xiangqi (expected: asian, chinese, simple)"
                ))
            }
        };
        Ok(XiangqiRules {
            repetition,
            ..XiangqiRules::default()
        })
    }
}

/// Runs `$body` with the type alias `$v` bound to the game named by `$name`.
macro_rules! with_variant {
    ($name:expr, $v:ident => $body:expr) => {
        match $name {
            $crate::cli_variant::VariantName::Chess => {
                type $v = qipan::Chess;
                $body
            }
            $crate::cli_variant::VariantName::Chess960 => {
                type $v = qipan::Chess;
                $body
            }
            $crate::cli_variant::VariantName::Xiangqi => {
                type $v = qipan::Xiangqi;
                $body
            }
        }
    };
}
pub(crate) use with_variant;
