//! The `qipan` command (rating subcommand only on this branch; the lead merges the full CLI).

#![forbid(unsafe_code)]

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
    /// Rating change after one game (levels-and-points method or Elo), or the level of some points.
    Rating(rating_cmd::RatingArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
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
