//! The options that choose a game and where it starts — `--variant`, `--fen`, `--rules`,
//! `--relaxed` — read with the core's own names ([`GameKind`], the rules' `FromStr`), so the
//! command line accepts exactly what Python and JavaScript accept, with the same errors.

use clap::Args;
use qipan::{shorten, Game, GameKind, Variant};

/// How a subcommand's game is chosen.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: chess, chess960 (fischerandom), xiangqi ("chinese chess").
    #[arg(long, default_value = "chess")]
    pub variant: GameKind,
    /// The position (the start position when absent).
    #[arg(long)]
    pub fen: Option<String>,
    /// The rule set (chess: fide, chess960; xiangqi: asian, chinese, simple). Default: the game's own.
    #[arg(long)]
    pub rules: Option<String>,
    /// Also accept a FEN that cannot arise in a game but can be played from (chess: impossible
    /// checks, too much material).
    #[arg(long)]
    pub relaxed: bool,
}

impl GameArgs {
    /// The game these options describe; `kind_rules` are the rules of `--variant`
    /// ([`qipan::with_game_kind!`] binds them), which `--rules` replaces.
    pub fn game<V: Variant>(&self, kind_rules: V::Rules) -> Result<Game<V>, String> {
        let rules = match &self.rules {
            Some(name) => name.parse::<V::Rules>().map_err(|e| e.to_string())?,
            None => kind_rules,
        };
        let Some(fen) = &self.fen else {
            return Ok(Game::new_with(rules));
        };
        let read = if self.relaxed {
            V::from_fen_relaxed_for
        } else {
            V::from_fen_for
        };
        let start = read(fen.trim(), &rules).map_err(|e| {
            let hint = if !self.relaxed && V::from_fen_relaxed_for(fen.trim(), &rules).is_ok() {
                " (a position that cannot arise in a game: --relaxed plays from it)"
            } else {
                ""
            };
            let kind = V::kind(&rules);
            format!("invalid FEN {:?} for {kind}: {e}{hint}", shorten(fen))
        })?;
        Ok(Game::with_rules(start, rules))
    }
}
