//! The peer of `qipan validate --jobs 1`: pgn-reader reads the games, shakmaty plays every SAN and
//! judges the ending of each game at its last position — checkmate, insufficient material,
//! stalemate, the seventy-five-move rule, fivefold repetition — and the `Result` tag (or the
//! movetext's result) is compared with it.
//!
//! Repetition is counted the cheapest way we found for pgn-reader + shakmaty: the positions since
//! the last irreversible move are kept (a clone per ply, the list cleared at each capture or
//! pawn move), and only at the end of the game are the final position's key and the keys of the
//! kept positions with the same side to move computed. [`Repetition::Keys`] computes a key after
//! every move instead (as a program that judges repetitions as it goes must), and
//! [`Repetition::None`] skips repetition: a floor for the peer.

use std::io::Read;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use crate::records::{chess_ending, chess_key};

/// How the peer counts repetitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repetition {
    /// Positions kept since the last irreversible move, keys computed at the end.
    Window,
    /// A key computed after every move.
    Keys,
    /// Not counted.
    None,
}

/// Totals of a replay, to compare with qipan's.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Totals {
    /// Games read.
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Games whose moves all played and whose result agrees with the ending.
    pub valid: u64,
    /// Games that ended by checkmate.
    pub checkmates: u64,
    /// Games that ended by a draw rule (stalemate, material, 75 moves, fivefold).
    pub draws: u64,
}

/// What the tags say.
#[derive(Default)]
pub struct Tags {
    start: Option<Chess>,
    result: Option<Vec<u8>>,
    bad: bool,
}

/// A game being played.
pub struct Game {
    pos: Chess,
    history: Vec<Chess>,
    keys: Vec<u64>,
    plies: u64,
    result: Option<Vec<u8>>,
    token: Option<&'static str>,
    failed: bool,
}

/// The pgn-reader visitor.
pub struct Validator {
    repetition: Repetition,
    totals: Totals,
}

impl Visitor for Validator {
    type Tags = Tags;
    type Movetext = Game;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        match name {
            b"FEN" => {
                let pos = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|fen| fen.into_position(CastlingMode::Standard).ok());
                tags.bad |= pos.is_none();
                tags.start = pos;
            }
            b"Result" => tags.result = Some(value.as_bytes().trim_ascii().to_vec()),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<(), Game> {
        let pos = tags.start.unwrap_or_default();
        let keys = match self.repetition {
            Repetition::Keys => vec![chess_key(&pos)],
            _ => Vec::new(),
        };
        ControlFlow::Continue(Game {
            history: vec![pos.clone()],
            pos,
            keys,
            plies: 0,
            result: tags.result,
            token: None,
            failed: tags.bad,
        })
    }

    fn san(&mut self, game: &mut Game, san_plus: SanPlus) -> ControlFlow<()> {
        if game.failed {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&game.pos) {
            Ok(m) => {
                game.pos.play_unchecked(m);
                game.plies += 1;
                match self.repetition {
                    Repetition::Window => {
                        if game.pos.halfmoves() == 0 {
                            game.history.clear();
                        }
                        game.history.push(game.pos.clone());
                    }
                    Repetition::Keys => game.keys.push(chess_key(&game.pos)),
                    Repetition::None => {}
                }
            }
            Err(_) => game.failed = true,
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut Game, outcome: Outcome) -> ControlFlow<()> {
        game.token = Some(match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => "1-0",
            Outcome::Known(KnownOutcome::Decisive { .. }) => "0-1",
            Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            Outcome::Unknown => "*",
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) {
        let t = &mut self.totals;
        t.games += 1;
        t.plies += game.plies;
        if game.failed {
            return;
        }
        let keys = match self.repetition {
            Repetition::Window => {
                // Keys only for the kept positions with the side to move of the last one (the
                // others can never equal it); 0 stands for the rest.
                let n = game.history.len();
                (0..n)
                    .map(|i| match (n - 1 - i) % 2 {
                        0 => chess_key(&game.history[i]),
                        _ => 0,
                    })
                    .collect()
            }
            Repetition::Keys => game.keys,
            Repetition::None => Vec::new(),
        };
        let ending = if keys.is_empty() {
            chess_ending(&game.pos, &[0])
        } else {
            chess_ending(&game.pos, &keys)
        };
        let claimed = game.result.as_deref().or(game.token.map(str::as_bytes));
        let tag_agrees = match (&game.result, game.token) {
            (Some(tag), Some(token)) => tag == token.as_bytes(),
            _ => true,
        };
        let ending_agrees = match (ending, claimed) {
            (Some((_, real)), Some(claimed)) => claimed == b"*" || claimed == real.as_bytes(),
            _ => true,
        };
        if tag_agrees && ending_agrees {
            t.valid += 1;
        }
        match ending {
            Some(("checkmate", _)) => t.checkmates += 1,
            Some(_) => t.draws += 1,
            None => {}
        }
    }
}

/// Replays every game of `source` with pgn-reader + shakmaty.
pub fn replay(source: impl Read, repetition: Repetition) -> Totals {
    let mut reader = Reader::new(source);
    let mut validator = Validator {
        repetition,
        totals: Totals::default(),
    };
    while let Ok(Some(())) = reader.read_game(&mut validator) {}
    validator.totals
}
