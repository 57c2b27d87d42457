//! `qipan book`: build a Polyglot opening book from record files, or look a position up in one.
//!
//! ```text
//! $ qipan book build games.pgn more.pgn -o book.bin --max-ply 24 --min-games 3
//! 1200 games read, 0 skipped; 845 entries written to book.bin
//! $ qipan book probe --book book.bin --moves "e4 e5"
//! {"fen": "...", "key": "0844931a6ef4b9a0", "entries": [{"move": "Nf3", "uci": "g1f3", "weight": 6, "learn": 0}]}
//! ```
//!
//! The book's rules are the core's ([`qipan::chess::polyglot`]): weights as Polyglot's
//! `make-book` gives them, lookups as python-chess's `find_all` (book order, illegal moves
//! skipped). `probe` prints one JSON object; its entries are in book order.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, Subcommand};
use qipan::chess::polyglot::{Book, BookBuilder};
use qipan::chess::ChessRules;
use qipan::{pgn, Chess, GameKind};
use serde_json::json;

use crate::game_args::GameArgs;
use crate::position_cmds::io_error;

/// Arguments of `qipan book`.
#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug, Clone)]
enum BookCommand {
    /// Build a Polyglot book from the chess games of PGN files (weights as Polyglot's
    /// make-book: 2 per win and 1 per draw of the side that played the move).
    Build(BuildArgs),
    /// Print the book entries of a position as one JSON object (book order, legal moves only).
    Probe(ProbeArgs),
}

#[derive(Args, Debug, Clone)]
struct BuildArgs {
    /// PGN files (Xiangqi records in them are skipped).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The book to write.
    #[arg(short, long, value_name = "BOOK")]
    output: PathBuf,
    /// Only the first N half-moves of each game count.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    max_ply: u32,
    /// Keep a move only if it was played at least N times.
    #[arg(long, value_name = "N", default_value_t = 3)]
    min_games: u32,
}

#[derive(Args, Debug, Clone)]
struct ProbeArgs {
    /// The Polyglot book.
    #[arg(long, value_name = "BOOK")]
    book: PathBuf,
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play from the position first (SAN or UCI, space-separated).
    #[arg(long, default_value = "")]
    moves: String,
    /// Leave out entries with a smaller weight.
    #[arg(long, value_name = "W", default_value_t = 1)]
    minimum_weight: u16,
}

/// Runs `qipan book`.
pub fn run(args: &BookArgs) -> Result<(), String> {
    match &args.command {
        BookCommand::Build(args) => build(args),
        BookCommand::Probe(args) => probe(args),
    }
}

fn build(args: &BuildArgs) -> Result<(), String> {
    let mut builder = BookBuilder::new();
    builder.max_ply = args.max_ply;
    builder.min_games = args.min_games;
    for file in &args.files {
        let bytes =
            std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        builder.add_pgn(&bytes);
    }
    let book = builder.to_bytes();
    std::fs::write(&args.output, &book)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    eprintln!(
        "{} games read, {} skipped; {} entries written to {}",
        builder.games(),
        builder.skipped(),
        book.len() / 16,
        args.output.display()
    );
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<(), String> {
    let rules = match args.game.variant {
        GameKind::Chess => ChessRules::FIDE,
        GameKind::Chess960 => ChessRules::CHESS960,
        other => return Err(format!("Polyglot books are for chess, not {other}")),
    };
    let mut game = args.game.game::<Chess>(rules)?;
    let moves = pgn::movetext_moves(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    for (ply, text) in moves.into_iter().enumerate() {
        game.push_any(text)
            .map_err(|e| format!("ply {} ({text}): {e}", ply + 1))?;
    }
    let pos = game.position();
    let book = Book::open(&args.book).map_err(|e| format!("{}: {e}", args.book.display()))?;
    let found = book
        .find_all(pos, args.minimum_weight, &[])
        .map_err(|e| format!("{}: {e}", args.book.display()))?;
    let entries: Vec<_> = found
        .iter()
        .map(|e| {
            json!({
                "move": pos.san(e.mv),
                "uci": pos.uci(e.mv),
                "weight": e.entry.weight,
                "learn": e.entry.learn,
            })
        })
        .collect();
    let out = json!({
        "fen": pos.fen(),
        "key": format!("{:016x}", pos.zobrist()),
        "entries": entries,
    });
    writeln!(io::stdout().lock(), "{out}").map_err(io_error)
}
