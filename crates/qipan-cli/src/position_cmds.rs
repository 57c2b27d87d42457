//! `perft`, `moves` and `status`: the subcommands that look at one position or one line of play.

use std::io::{self, BufRead, BufWriter, Write};
use std::time::Instant;

use clap::Args;
use qipan::{divide_threads, perft_threads, Game, Variant};
use serde_json::{json, Value};

use crate::cli_variant::{with_variant, CliVariant, VariantName};

/// Options shared by the position subcommands.
#[derive(Args)]
pub struct PositionArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "chess")]
    variant: VariantName,
    /// The position (the start position when absent).
    #[arg(long)]
    fen: Option<String>,
}

/// `qipan perft`.
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Plies to search.
    depth: u32,
    /// Print the count below each root move first.
    #[arg(long)]
    divide: bool,
    /// Worker threads (root moves are shared out).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// `qipan moves`.
#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// `qipan status`.
#[derive(Args)]
pub struct StatusArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Moves to play from the position, space-separated.
    #[arg(long, default_value = "")]
    moves: String,
    /// The rule set (Xiangqi: asian, simple).
    #[arg(long)]
    rules: Option<String>,
    /// The side whose flag falls after the moves (white, black; red for Xiangqi): the outcome is
    /// then a loss, or a draw when the opponent is proven unable to win (FIDE 6.9).
    #[arg(long)]
    flag: Option<String>,
}

pub fn perft(args: &PerftArgs) -> Result<(), String> {
    with_variant!(args.position.variant, V => perft_in::<V>(args))
}

fn perft_in<V: CliVariant>(args: &PerftArgs) -> Result<(), String> {
    let pos = V::position_in(args.position.fen.as_deref(), args.position.variant)?;
    let out = &mut BufWriter::new(io::stdout().lock());
    let started = Instant::now();
    let nodes = if args.divide {
        let mut rows: Vec<(String, u64)> = divide_threads(&pos, args.depth, args.threads)
            .into_iter()
            .map(|(mv, n)| (pos.coord(mv), n))
            .collect();
        rows.sort();
        for (mv, n) in &rows {
            writeln!(out, "{mv} {n}").map_err(io_error)?;
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft_threads(&pos, args.depth, args.threads)
    };
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    writeln!(out, "nodes {nodes}\ntime {seconds:.3}\nnps {nps}").map_err(io_error)
}

pub fn moves(args: &MovesArgs) -> Result<(), String> {
    with_variant!(args.position.variant, V => moves_in::<V>(args))
}

fn moves_in<V: CliVariant>(args: &MovesArgs) -> Result<(), String> {
    let out = &mut BufWriter::new(io::stdout().lock());
    if let Some(fen) = &args.position.fen {
        let pos = V::position_in(Some(fen), args.position.variant)?;
        return writeln!(out, "{}", sorted_moves(&pos)).map_err(io_error);
    }
    let mut input = io::stdin().lock();
    let mut line = Vec::new();
    loop {
        let (read, whole) = read_line_bounded(&mut input, &mut line, MAX_LINE)
            .map_err(|e| format!("input failed: {e}"))?;
        if read == 0 {
            return Ok(());
        }
        // Not UTF-8: decoded lossily, so the FEN reader names the bad character.
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let result = if whole {
            V::position_in(Some(&text), args.position.variant)
        } else {
            Err(format!("line longer than {MAX_LINE} bytes"))
        };
        match result {
            Ok(pos) => writeln!(out, "{}", sorted_moves(&pos)),
            Err(message) => writeln!(out, "error: {message}"),
        }
        .map_err(io_error)?;
    }
}

/// The longest stdin line `moves` reads as a FEN; a longer one is an error (and not stored).
const MAX_LINE: usize = 4096;

/// Reads one line into `line` (without the `\n`), keeping at most `max` bytes of it. Returns the
/// bytes consumed (0 at the end of input) and whether the whole line was kept.
fn read_line_bounded(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<(usize, bool)> {
    line.clear();
    let (mut read, mut whole) = (0, true);
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok((read, whole));
        }
        let newline = buf.iter().position(|&b| b == b'\n');
        let content = &buf[..newline.unwrap_or(buf.len())];
        let room = max.saturating_sub(line.len());
        whole &= content.len() <= room;
        line.extend_from_slice(&content[..content.len().min(room)]);
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        read += used;
        if newline.is_some() {
            return Ok((read, whole));
        }
    }
}

fn sorted_moves<V: Variant>(pos: &V) -> String {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| pos.coord(mv))
        .collect();
    moves.sort();
    moves.join(" ")
}

pub fn status(args: &StatusArgs) -> Result<(), String> {
    with_variant!(args.position.variant, V => status_in::<V>(args))
}

fn status_in<V: CliVariant>(args: &StatusArgs) -> Result<(), String> {
    let start = V::position_in(args.position.fen.as_deref(), args.position.variant)?;
    let mut game = Game::with_rules(start, V::rules(args.rules.as_deref())?);
    for (ply, text) in args.moves.split_whitespace().enumerate() {
        game.push_any(text)
            .map_err(|e| format!("ply {} ({text}): {e}", ply + 1))?;
    }
    if let Some(name) = &args.flag {
        let color = qipan::Color::ALL
            .into_iter()
            .find(|&c| {
                V::color_name(c) == name.to_ascii_lowercase()
                    || c.name() == name.to_ascii_lowercase()
            })
            .ok_or_else(|| format!("--flag: unknown side {name:?}"))?;
        game.flag(color);
    }
    println!("{}", status_json(&game));
    Ok(())
}

/// The `status` object of a game.
pub fn status_json<V: Variant>(game: &Game<V>) -> Value {
    let pos = game.position();
    let outcome = game.outcome().map(|o| {
        json!({
            "termination": o.termination.as_str(),
            "winner": o.winner.map(V::color_name),
            "result": o.result(),
        })
    });
    let claimable: Vec<&str> = game.claimable().iter().map(|t| t.as_str()).collect();
    json!({
        "fen": pos.fen(),
        "turn": V::color_name(pos.turn()),
        "check": pos.is_check(),
        "legal_moves": pos.count_legal_moves(),
        "outcome": outcome,
        "claimable": claimable,
        "can_win": can_win_json(pos),
    })
}

/// `{"white": true|false|null, "black": ...}`: whether each side can still win (`null`:
/// undetermined within the analysis's bound).
fn can_win_json<V: Variant>(pos: &V) -> Value {
    let mut sides = serde_json::Map::new();
    for color in qipan::Color::ALL {
        sides.insert(V::color_name(color).to_owned(), json!(pos.winnable(color)));
    }
    Value::Object(sides)
}

fn io_error(e: io::Error) -> String {
    format!("output failed: {e}")
}
