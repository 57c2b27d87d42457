//! Record files of any format qipan reads, told from their bytes and read once: [`RecordFile`]
//! streams the games of a file or any reader (PGN split as it is read; a Xiangqi archive — XQF,
//! CBR, CBL, DhtmlXQ — read whole), and [`read_games`] gives every game of bytes as game trees.
//! They are the one "open this record file" of every front end: `qipan validate`, `convert` and
//! `replay`, Python's `qipan.read_games`, the JavaScript `readGames` on bytes.
//!
//! The format is told from the first MiB ([`ArchiveFormat::detect`]): the binary formats start
//! with their mark, and a DhtmlXQ block must begin within it; anything else is PGN (chess,
//! Chess960 or Xiangqi; UTF-8, or GBK with the `gbk` feature). The bytes looked at are not read
//! again: the PGN splitter starts with them.
//!
//! ```
//! use qipan::records::{read_games, RecordFile};
//! let text = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Variant \"xiangqi\"]\n\n1. C2.5 *\n";
//! let games = read_games(text);
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[1].kind(), qipan::GameKind::Xiangqi);
//! let file = RecordFile::open(&text[..], Default::default()).unwrap();
//! assert_eq!(file.format(), None); // PGN
//! let plies: Vec<usize> = file.games().map(|g| g.unwrap().check(None).plies).collect();
//! assert_eq!(plies, [2, 1]);
//! ```

use std::io::{self, BufRead, Read};

use crate::archive::{read_archive, ArchiveError, ArchiveFormat, ArchiveGame, ArchiveLimits};
use crate::pgn::{check_game, GameCheck, Limits, RawGame, RecordError, RecordErrorKind, Splitter};
use crate::tree::{AnyGameTree, GameTree};
use crate::xiangqi::XiangqiRules;
use crate::{GameKind, Xiangqi};

/// The most games [`read_games`] returns from one file; the rest are not read. It bounds the
/// memory a hostile file can take (every tree is held at once).
pub const MAX_GAMES: usize = 100_000;

/// How much of a source is looked at to tell an archive from PGN.
const HEAD: u64 = 1 << 20;

/// A reader whose first bytes were looked at: those bytes, then the rest.
pub type Peeked<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// A record file opened: its format told from its first bytes.
pub enum RecordFile<R: BufRead> {
    /// PGN text, split into games as it is read.
    Pgn(Splitter<Peeked<R>>),
    /// A Xiangqi archive, read whole: each game read, or with the error that stopped it (a
    /// file whose whole structure is broken is one such game).
    Archive {
        /// The archive's format.
        format: ArchiveFormat,
        /// The games, in file order.
        games: Vec<Result<ArchiveGame, ArchiveError>>,
    },
}

impl<R: BufRead> RecordFile<R> {
    /// Opens a record source: reads its first MiB to tell the format, then the rest of an
    /// archive; a PGN source is left to stream ([`RecordFile::games`]).
    pub fn open(mut reader: R, limits: Limits) -> io::Result<RecordFile<R>> {
        let mut head = Vec::new();
        (&mut reader).take(HEAD).read_to_end(&mut head)?;
        let Some(format) = ArchiveFormat::detect(&head) else {
            let peeked = io::Cursor::new(head).chain(reader);
            return Ok(RecordFile::Pgn(Splitter::new(peeked, limits)));
        };
        reader.read_to_end(&mut head)?;
        let games = read_archive(&head, &ArchiveLimits::default()).unwrap_or_else(|e| vec![Err(e)]);
        Ok(RecordFile::Archive { format, games })
    }

    /// The archive format, `None` for PGN.
    pub fn format(&self) -> Option<ArchiveFormat> {
        match self {
            RecordFile::Pgn(_) => None,
            RecordFile::Archive { format, .. } => Some(*format),
        }
    }

    /// The games, in file order (an error only when reading the source fails).
    pub fn games(self) -> RecordGames<R> {
        match self {
            RecordFile::Pgn(splitter) => RecordGames::Pgn(splitter),
            RecordFile::Archive { games, .. } => {
                RecordGames::Archive(games.into_iter().enumerate())
            }
        }
    }
}

/// The games of a [`RecordFile`].
pub enum RecordGames<R: BufRead> {
    /// The games of PGN text.
    Pgn(Splitter<Peeked<R>>),
    /// The games of an archive left, with their 0-based index.
    Archive(std::iter::Enumerate<std::vec::IntoIter<Result<ArchiveGame, ArchiveError>>>),
}

impl<R: BufRead> Iterator for RecordGames<R> {
    type Item = io::Result<RecordGame>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            RecordGames::Pgn(splitter) => Some(splitter.next()?.map(|raw| RecordGame::Pgn {
                raw,
                limits: splitter.limits(),
            })),
            RecordGames::Archive(games) => {
                let (i, game) = games.next()?;
                Some(Ok(RecordGame::Archive {
                    index: i as u64 + 1,
                    game,
                }))
            }
        }
    }
}

/// One game of a record file, as read.
#[derive(Debug, Clone)]
pub enum RecordGame {
    /// A PGN game's text, still to be read.
    Pgn {
        /// The game's text and place.
        raw: RawGame,
        /// The limits it is read under.
        limits: Limits,
    },
    /// A game of a Xiangqi archive, or the error that stopped it.
    Archive {
        /// The 1-based index of the game in its file.
        index: u64,
        /// The game, or why it could not be read.
        game: Result<ArchiveGame, ArchiveError>,
    },
}

/// Why a game of a record file could not be read as a tree at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameReadError {
    /// A PGN game of a game qipan does not play.
    #[error("{0}")]
    Record(RecordError),
    /// A damaged game of an archive.
    #[error(transparent)]
    Archive(#[from] ArchiveError),
}

impl RecordGame {
    /// The game's 1-based index in its file.
    pub fn index(&self) -> u64 {
        match self {
            RecordGame::Pgn { raw, .. } => raw.index,
            RecordGame::Archive { index, .. } => *index,
        }
    }

    /// The game as a tree of the game it is of ([`AnyGameTree::read`]; an archive's game under
    /// the default Xiangqi rules), or why it cannot be read at all.
    pub fn read_tree(&self) -> Result<AnyGameTree, GameReadError> {
        match self {
            RecordGame::Pgn { raw, limits } => {
                AnyGameTree::read(raw, limits).map_err(GameReadError::Record)
            }
            RecordGame::Archive { index, game } => match game {
                Ok(game) => Ok(game.to_tree(*index, XiangqiRules::default()).into()),
                Err(e) => Err(e.clone().into()),
            },
        }
    }

    /// The game as a tree, never failing: a game that cannot be read at all — a PGN game of a
    /// variant qipan does not play, a damaged game of a library — is read as far as it can be
    /// (an empty Xiangqi tree for a damaged archive game) with that error in its `errors`.
    pub fn tree(&self) -> AnyGameTree {
        match self {
            RecordGame::Pgn { raw, limits } => AnyGameTree::read_lenient(raw, limits),
            RecordGame::Archive { index, game } => match game {
                Ok(game) => game.to_tree(*index, XiangqiRules::default()).into(),
                Err(e) => unreadable(*index, e),
            },
        }
    }

    /// What `qipan validate` asks of the game ([`check_game`]; an archive's game by
    /// [`crate::archive::check_game`]). `forced` replays a PGN game as that game whatever its
    /// tags say (an archive's games are Xiangqi).
    pub fn check(&self, forced: Option<GameKind>) -> GameCheck {
        match self {
            RecordGame::Pgn { raw, limits } => check_game(raw, limits, forced),
            RecordGame::Archive { index, game } => crate::archive::check_game(game, *index),
        }
    }
}

/// Every game of `bytes` (at most [`MAX_GAMES`]), in file order, as trees
/// ([`RecordGame::tree`]: nothing is lost silently, a game that cannot be read is an empty tree
/// with its error).
pub fn read_games(bytes: &[u8]) -> Vec<AnyGameTree> {
    // Reading memory cannot fail.
    let Ok(file) = RecordFile::open(bytes, Limits::default()) else {
        return Vec::new();
    };
    file.games()
        .take(MAX_GAMES)
        .map_while(Result::ok)
        .map(|game| game.tree())
        .collect()
}

/// An empty Xiangqi record carrying the error that stopped a game of an archive.
fn unreadable(index: u64, error: &ArchiveError) -> AnyGameTree {
    let mut tree = GameTree::<Xiangqi>::new(XiangqiRules::default());
    tree.errors.push(RecordError {
        game: index,
        line: 0,
        ply: None,
        text: None,
        kind: RecordErrorKind::Syntax,
        message: error.to_string(),
    });
    tree.into()
}
