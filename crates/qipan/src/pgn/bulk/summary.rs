//! [`GameSummary`] and [`summarize`]: what bulk replay keeps of one game.

use super::super::{
    read_tags, replay_with, GameReport, Limits, RawGame, RecordError, RecordErrorKind,
};
use crate::Notate;
use crate::{
    with_game_kind, Chess, Color, Ending, GameKind, Termination, UnknownGame, Variant, Xiangqi,
};

/// What bulk replay keeps of one game: a few tags, the length, the last position, the ending and
/// the first error. Its size does not depend on the game's length (but for the FEN and tags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// 1-based index of the game: in the file for a whole-source replay, in the range for a
    /// byte-range replay ([`replay_range`](super::replay_range)).
    pub index: u64,
    /// 1-based line of the game's first line in the file.
    pub line: u64,
    /// Byte offset of the game's first line in the file.
    pub offset: u64,
    /// The game its tags name ([`GameKind::from_tags`]), or the `Variant` tag of a game qipan does
    /// not play.
    pub variant: Result<GameKind, UnknownGame>,
    /// The values of the tags asked for ([`BulkOptions::tags`](super::BulkOptions::tags)), in
    /// that order; `None` for a tag the game does not have.
    pub tags: Vec<Option<String>>,
    /// The plies played (all of them for a valid game; those before the first error otherwise).
    pub plies: usize,
    /// The FEN of the last position played.
    pub fen: String,
    /// How the rules ended the game at its last position ([`GameReport::ending`]).
    pub ending: Ending,
    /// The `Result` tag, or without one the movetext's result token.
    pub result: Option<String>,
    /// The first move played, in the variant's notation (SAN for chess, WXF for Xiangqi).
    pub first_move: Option<String>,
    /// The first error found, if any.
    pub error: Option<RecordError>,
}

impl GameSummary {
    /// Why the rules ended the game; `None` when they did not, or when the moves could not all
    /// be played.
    pub fn termination(&self) -> Option<Termination> {
        self.ending.termination()
    }

    /// The winner by the rules; `None` for a draw or no ending.
    pub fn winner(&self) -> Option<Color> {
        self.ending.winner()
    }

    /// The winner's name as the variant says it (`white`/`black`, `red`/`black`).
    pub fn winner_name(&self) -> Option<&'static str> {
        let color = self.winner()?;
        Some(match self.variant {
            Ok(GameKind::Xiangqi) => Xiangqi::color_name(color),
            _ => Chess::color_name(color),
        })
    }

    /// The game's name: `chess`, `chess960`, `xiangqi`, or the `Variant` tag of another game.
    pub fn variant_name(&self) -> &str {
        match &self.variant {
            Ok(kind) => kind.name(),
            Err(UnknownGame(name)) => name,
        }
    }
}

fn tag_values(tags: &[(String, String)], wanted: &[String]) -> Vec<Option<String>> {
    wanted
        .iter()
        .map(|w| tags.iter().find(|(n, _)| n == w).map(|(_, v)| v.clone()))
        .collect()
}

/// Replays one game as the variant its tags name
/// ([`GameKind::from_tags`](crate::GameKind::from_tags): chess, Chess960 or Xiangqi) and keeps its
/// [`GameSummary`], with the values of the tags named in `wanted`. A game of another variant is an
/// `unsupported_variant` error; nothing panics on any input.
pub fn summarize(raw: &RawGame, limits: &Limits, wanted: &[String]) -> GameSummary {
    let mut summary = GameSummary {
        index: raw.index,
        line: raw.line,
        offset: raw.offset,
        variant: Ok(GameKind::Chess),
        tags: vec![None; wanted.len()],
        plies: 0,
        fen: Chess::start().fen(),
        ending: Ending::Unknown,
        result: None,
        first_move: None,
        error: None,
    };
    let error = |kind, line, message| RecordError {
        game: raw.index,
        line,
        ply: None,
        text: None,
        kind,
        message,
    };
    let tags = match read_tags(raw, limits) {
        Ok(tags) => tags,
        Err(e) => {
            let line = e.line().unwrap_or(raw.line);
            summary.error = Some(error(RecordErrorKind::Syntax, line, e.message()));
            return summary;
        }
    };
    summary.variant = GameKind::from_tags(&tags);
    match summary.variant.clone() {
        Ok(kind) => with_game_kind!(kind, |V, rules| {
            let report = replay_with::<V>(raw, limits, &rules);
            fill(&mut summary, report, wanted);
        }),
        Err(UnknownGame(name)) => {
            summary.tags = tag_values(&tags, wanted);
            summary.result = tags
                .iter()
                .find(|(n, _)| n == "Result")
                .map(|(_, v)| v.trim().to_owned());
            let message = format!("unsupported variant {name:?}");
            summary.error = Some(error(
                RecordErrorKind::UnsupportedVariant,
                raw.line,
                message,
            ));
        }
    }
    summary
}

fn fill<V: Variant>(summary: &mut GameSummary, report: GameReport<V>, wanted: &[String]) {
    summary.tags = tag_values(&report.tags, wanted);
    summary.plies = report.plies();
    summary.fen = report.final_fen();
    summary.ending = report.ending();
    summary.result = report
        .tag("Result")
        .map(|r| r.trim().to_owned())
        .or_else(|| report.result_token.clone());
    summary.first_move = report
        .game
        .moves()
        .first()
        .map(|&mv| report.game.start().notation(mv));
    summary.error = report.errors.into_iter().next();
}
