//! The `qipan` command. Every subcommand is written once, generically over [`Variant`], and the
//! `--variant` flag picks the game.

#![forbid(unsafe_code)]

mod cli_variant;
mod position_cmds;
mod rating_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Perft(args) => position_cmds::perft(args),
        Command::Moves(args) => position_cmds::moves(args),
        Command::Status(args) => position_cmds::status(args),
        Command::Rating(args) => rating_cmd::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
