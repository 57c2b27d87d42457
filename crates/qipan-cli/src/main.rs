//! The `qipan` command. Every subcommand is written once, generically over [`Variant`], and the
//! `--variant` flag picks the game.

#![forbid(unsafe_code)]

mod analyse_cmd;
mod book_cmd;
mod convert_cmd;
mod game_args;
mod play_cmd;
mod position_cmds;
mod probe_cmd;
mod rating_cmd;
mod replay_cmd;
mod validate_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use position_cmds::PositionCommand;

/// The error text that stands for a closed standard output: the command ends quietly with 0.
pub const CLOSED_PIPE: &str = "standard output closed";

/// Rules of chess and Xiangqi from the command line.
#[derive(Parser)]
#[command(name = "qipan", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal-move tree (bulk counting at the last ply).
    Perft(position_cmds::PerftArgs),
    /// Print the legal moves of a position (or of each FEN read from stdin), sorted.
    Moves(position_cmds::MovesArgs),
    /// Play moves from a position and print the result as one JSON object.
    Status(position_cmds::StatusArgs),
    /// Rating change after a game (the level-and-points method or Elo), or the level of a rating.
    Rating(rating_cmd::RatingArgs),
    /// Replay every game of record files (PGN, chess or Xiangqi; Xiangqi archives: XQF, CBR,
    /// CBL, DhtmlXQ) and report illegal, ambiguous or unparsable moves and wrong results. Exit
    /// code 0 only if every game is valid.
    Validate(validate_cmd::ValidateArgs),
    /// Show one game of a record file move by move, with a board after each move.
    Replay(replay_cmd::ReplayArgs),
    /// Write every game of record files again: as PGN (in another notation, without comments
    /// or variations) or as JSON trees, one object per game and line.
    Convert(convert_cmd::ConvertArgs),
    /// Two people play a game in the terminal (moves and commands read line by line from stdin).
    Play(play_cmd::PlayArgs),
    /// Analyse every game of a PGN file with an engine (UCI or UCCI) and write it back with
    /// `[%eval]` comments and the engine's better moves as variations.
    Analyse(analyse_cmd::AnalyseArgs),
    /// Polyglot opening books: build one from PGN files, or probe a position.
    Book(book_cmd::BookArgs),
    /// Probe Syzygy endgame tablebases: the WDL and DTZ of a chess position and its best moves.
    Probe(probe_cmd::ProbeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Perft(args) => PositionCommand::Perft(args).run(),
        Command::Moves(args) => PositionCommand::Moves(args).run(),
        Command::Status(args) => PositionCommand::Status(args).run(),
        Command::Rating(args) => rating_cmd::run(args).map(|()| ExitCode::SUCCESS),
        Command::Validate(args) => validate_cmd::validate(args),
        Command::Replay(args) => replay_cmd::replay(args),
        Command::Convert(args) => convert_cmd::convert(args),
        Command::Play(args) => play_cmd::play(args),
        Command::Analyse(args) => analyse_cmd::analyse(args),
        Command::Book(args) => book_cmd::run(args).map(|()| ExitCode::SUCCESS),
        Command::Probe(args) => probe_cmd::probe(args).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`qipan replay ... | head`): nothing more to say, as `cat`.
        Err(message) if message == CLOSED_PIPE => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
