//! `qipan play`: two people play in the terminal. Moves and commands are read line by line from
//! standard input, so a script or a pty drives it as well as a person.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use qipan::{Game, Variant};

use crate::game_args::GameArgs;

/// `qipan play`.
#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
}

const HELP: &str =
    "enter a move (chess: UCI or SAN; xiangqi: ICCS, WXF or Chinese), or a command:\n  \
    undo   take back the last move\n  fen    print the position as FEN\n  \
    moves  list the legal moves\n  resign the side to move resigns\n  \
    draw   both sides agree to a draw\n  flag   the side to move runs out of time\n  \
    help   this text\n  quit   leave";

pub fn play(args: &PlayArgs) -> Result<ExitCode, String> {
    qipan::with_game_kind!(args.game.variant, |V, rules| play_in::<V>(args, rules))
}

fn play_in<V: Variant>(args: &PlayArgs, rules: V::Rules) -> Result<ExitCode, String> {
    let mut game = args.game.game::<V>(rules)?;
    let stdin = io::stdin();
    let out = &mut io::stdout().lock();
    run(&mut game, stdin.lock(), out).map_err(crate::position_cmds::io_error)?;
    Ok(ExitCode::SUCCESS)
}

fn show<V: Variant>(out: &mut impl Write, game: &Game<V>) -> io::Result<()> {
    let pos = game.position();
    writeln!(out, "{}", pos.diagram().trim_end())?;
    match game.outcome() {
        Some(o) => {
            let winner = o
                .winner
                .map_or(String::new(), |c| format!(", {} wins", V::color_name(c)));
            writeln!(
                out,
                "game over: {} by {}{winner}",
                o.result(),
                o.termination
            )
        }
        None => {
            let check = if pos.is_check() { ", in check" } else { "" };
            writeln!(out, "{} to move{check}", V::color_name(pos.turn()))
        }
    }
}

fn run<V: Variant>(
    game: &mut Game<V>,
    input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "qipan play: {} (type help for commands)", game.kind())?;
    show(out, game)?;
    write!(out, "> ")?;
    out.flush()?;
    // Lines as bytes: a line that is not UTF-8 is a bad move, not the end of the session.
    for line in input.split(b'\n') {
        let line = String::from_utf8_lossy(&line?).into_owned();
        let command = line.trim();
        match command {
            "" => {}
            "quit" | "exit" => break,
            "help" => writeln!(out, "{HELP}")?,
            "fen" => writeln!(out, "{}", game.position().fen())?,
            "moves" => {
                let pos = game.position();
                let mut moves: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|mv| pos.notation(mv))
                    .collect();
                moves.sort();
                writeln!(out, "{}", moves.join(" "))?;
            }
            "resign" | "draw" | "flag" => {
                let turn = game.position().turn();
                let done = match command {
                    "resign" => game.resign(turn),
                    "draw" => game.agree_draw(),
                    _ => game.flag(turn),
                };
                if done {
                    show(out, game)?;
                } else {
                    writeln!(out, "the game is over; undo or quit")?;
                }
            }
            "undo" if game.adjudication().is_some() => {
                game.take_back_adjudication();
                show(out, game)?;
            }
            "undo" => match game.pop() {
                Some(_) => show(out, game)?,
                None => writeln!(out, "nothing to undo")?,
            },
            text => {
                if let Some(o) = game.outcome() {
                    writeln!(out, "the game is over ({}); undo or quit", o.result())?;
                } else {
                    let pos = game.position().clone();
                    match game.push_any(text) {
                        Ok(mv) => {
                            let ply = game.ply();
                            let dots = if ply % 2 == 1 { "." } else { "..." };
                            writeln!(out, "{}{dots} {}", ply.div_ceil(2), pos.notation(mv))?;
                            show(out, game)?;
                        }
                        Err(e) => writeln!(out, "error: {e}")?,
                    }
                }
            }
        }
        write!(out, "> ")?;
        out.flush()?;
    }
    writeln!(out)?;
    Ok(())
}
