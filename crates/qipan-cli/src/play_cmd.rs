//! `qipan play`: two people play in the terminal, or one against an engine (`--engine`). Moves and
//! commands are read line by line from standard input, so a script or a pty drives it as well as
//! a person.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use std::time::Duration;

use clap::Args;
use qipan::board::{Board, Editable};
use qipan::engine::{Engine, EngineGame, Limit, Protocol, SearchOptions, Timeouts};
use qipan::{Color, Game, Variant};

use crate::game_args::GameArgs;

/// `qipan play`.
#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// An engine that plays one side: its command line (split at spaces), e.g. `stockfish`.
    #[arg(long)]
    engine: Option<String>,
    /// The engine's protocol: uci, ucci (Xiangqi engines) or xboard.
    #[arg(long, default_value = "uci")]
    protocol: String,
    /// The side the engine plays: white (red in Xiangqi) or black.
    #[arg(long, default_value = "black")]
    engine_side: String,
    /// Nodes the engine searches per move (default 100000 over UCI and UCCI, unless another limit
    /// is given).
    #[arg(long)]
    nodes: Option<u64>,
    /// The depth the engine searches to (plies).
    #[arg(long)]
    depth: Option<u32>,
    /// Milliseconds the engine searches per move (default 1000 over XBoard, unless another limit
    /// is given: XBoard engines often have no node limits).
    #[arg(long)]
    movetime: Option<u64>,
}

/// An engine playing one side.
struct Opponent {
    engine: Engine,
    side: Color,
    limit: Limit,
}

fn opponent(args: &PlayArgs) -> Result<Option<Opponent>, String> {
    let Some(command) = &args.engine else {
        return Ok(None);
    };
    let protocol = match args.protocol.as_str() {
        "uci" => Protocol::Uci,
        "ucci" => Protocol::Ucci,
        "xboard" => Protocol::Xboard,
        other => {
            return Err(format!(
                "unknown protocol {other:?} (expected: uci, ucci, xboard)"
            ))
        }
    };
    let side = match args.engine_side.as_str() {
        "white" | "red" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(format!(
                "unknown side {other:?} (expected: white, red, black)"
            ))
        }
    };
    let mut words = command.split_whitespace().map(str::to_owned);
    let program = words.next().ok_or("--engine is empty")?;
    let rest: Vec<String> = words.collect();
    let engine =
        Engine::start(&program, &rest, protocol, Timeouts::default()).map_err(|e| e.to_string())?;
    let mut limit = Limit {
        nodes: args.nodes,
        depth: args.depth,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limit::default()
    };
    if limit.nodes.is_none() && limit.depth.is_none() && limit.movetime.is_none() {
        if protocol == Protocol::Xboard {
            limit.movetime = Some(Duration::from_millis(1000));
        } else {
            limit.nodes = Some(100_000);
        }
    }
    Ok(Some(Opponent {
        engine,
        side,
        limit,
    }))
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

fn play_in<V: EngineGame + Editable>(args: &PlayArgs, rules: V::Rules) -> Result<ExitCode, String> {
    // The core's editable board, as the Python and JS boards hold it (nothing edits it here).
    let mut game = Board::from_game(args.game.game::<V>(rules)?);
    let mut opponent = opponent(args)?;
    let stdin = io::stdin();
    let out = &mut io::stdout().lock();
    run(&mut game, stdin.lock(), out, opponent.as_mut()).map_err(crate::position_cmds::io_error)?;
    if let Some(opponent) = opponent {
        opponent.engine.quit();
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a move as `12. Nf3` or `12... Nf6` (the move just played).
fn announce<V: Variant>(
    out: &mut impl Write,
    game: &Game<V>,
    before: &V,
    mv: V::Move,
) -> io::Result<()> {
    let ply = game.ply();
    let dots = if ply % 2 == 1 { "." } else { "..." };
    writeln!(out, "{}{dots} {}", ply.div_ceil(2), before.notation(mv))
}

/// The engine moves while it is its turn and the game goes on; an engine error is shown and the
/// engine leaves the game.
fn engine_moves<V: EngineGame + Editable>(
    board: &mut Board<V>,
    out: &mut impl Write,
    opponent: &mut Option<&mut Opponent>,
) -> io::Result<()> {
    let Some(player) = opponent.as_deref_mut() else {
        return Ok(());
    };
    if board.game().outcome().is_some() || board.position().turn() != player.side {
        return Ok(());
    }
    let result = player
        .engine
        .play(board.game(), &player.limit, &SearchOptions::default());
    match result {
        Ok(result) => match result.best.best {
            Some(mv) => {
                let before = board.position().clone();
                board.push_unchecked(mv);
                announce(out, board.game(), &before, mv)?;
                show(out, board.game())
            }
            None => writeln!(out, "the engine has no move"),
        },
        Err(e) => {
            writeln!(out, "engine error: {e}; you play both sides now")?;
            *opponent = None;
            Ok(())
        }
    }
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

fn run<V: EngineGame + Editable>(
    board: &mut Board<V>,
    input: impl BufRead,
    out: &mut impl Write,
    mut opponent: Option<&mut Opponent>,
) -> io::Result<()> {
    writeln!(
        out,
        "qipan play: {} (type help for commands)",
        board.game().kind()
    )?;
    show(out, board.game())?;
    engine_moves(board, out, &mut opponent)?;
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
            "fen" => writeln!(out, "{}", board.fen())?,
            "moves" => {
                let pos = board.position();
                let mut moves: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|mv| pos.notation(mv))
                    .collect();
                moves.sort();
                writeln!(out, "{}", moves.join(" "))?;
            }
            "resign" | "draw" | "flag" => {
                let turn = board.turn();
                let done = match (command, board.game_mut()) {
                    (_, Err(_)) => false,
                    ("resign", Ok(game)) => game.resign(turn),
                    ("draw", Ok(game)) => game.agree_draw(),
                    (_, Ok(game)) => game.flag(turn),
                };
                if done {
                    show(out, board.game())?;
                } else {
                    writeln!(out, "the game is over; undo or quit")?;
                }
            }
            "undo" if board.game().adjudication().is_some() => {
                if let Ok(game) = board.game_mut() {
                    game.take_back_adjudication();
                }
                show(out, board.game())?;
            }
            "undo" => match board.pop() {
                Some(_) => {
                    // Against an engine, take back its reply too: your move is to play again.
                    if let Some(player) = opponent.as_deref() {
                        if board.turn() == player.side && board.history_len() > 0 {
                            board.pop();
                        }
                    }
                    show(out, board.game())?
                }
                None => writeln!(out, "nothing to undo")?,
            },
            text => {
                if let Some(o) = board.game().outcome() {
                    writeln!(out, "the game is over ({}); undo or quit", o.result())?;
                } else {
                    let pos = board.position().clone();
                    match board.push_with(text, |pos, text| pos.parse_any(text)) {
                        Ok(mv) => {
                            announce(out, board.game(), &pos, mv)?;
                            show(out, board.game())?;
                            engine_moves(board, out, &mut opponent)?;
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
