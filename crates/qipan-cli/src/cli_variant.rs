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
    /// Xiangqi (Chinese chess).
    Xiangqi,
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
}

impl CliVariant for Xiangqi {
    fn rules(name: Option<&str>) -> Result<XiangqiRules, String> {
        let repetition = match name {
            None | Some("asian") => RuleSet::Asian,
            Some("simple") => RuleSet::SimpleRepetition,
            Some(other) => {
                return Err(format!(
                    "unknown rules {other:?} for xiangqi (expected: asian, simple)"
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
            $crate::cli_variant::VariantName::Xiangqi => {
                type $v = qipan::Xiangqi;
                $body
            }
        }
    };
}
pub(crate) use with_variant;
