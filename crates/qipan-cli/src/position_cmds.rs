//! `perft`, `moves` and `status`: the subcommands that look at one position or one line of play.

use std::io::{self, BufRead, BufWriter, Write};
use std::time::Instant;

use std::process::ExitCode;

use clap::Args;
use qipan::pgn;
use qipan::{check_perft_work, perft_threads, with_game_kind, Game, Variant};
use serde_json::{json, Value};

use crate::game_args::GameArgs;

/// `qipan perft`.
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Plies to search.
    depth: u32,
    /// Print the count below each root move first (and each root move's progress on stderr).
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
    game: GameArgs,
}

/// `qipan status`.
#[derive(Args)]
pub struct StatusArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play from the position: space-separated, or movetext pasted from a record (move
    /// numbers, comments and a result marker are skipped).
    #[arg(long, default_value = "")]
    moves: String,
    /// The side whose flag falls after the moves (white, black, red, or w, b, r): the outcome is
    /// then a loss, or a draw when the opponent is proven unable to win (FIDE 6.9).
    #[arg(long)]
    flag: Option<String>,
}

/// One of the subcommands that look at a position, with its arguments.
pub enum PositionCommand<'a> {
    /// `qipan perft`.
    Perft(&'a PerftArgs),
    /// `qipan moves`: exit code 1 when a FEN read from stdin was bad (its line says why).
    Moves(&'a MovesArgs),
    /// `qipan status`.
    Status(&'a StatusArgs),
}

impl PositionCommand<'_> {
    /// Runs the command in the game its arguments name (the one place these commands pick a
    /// game).
    pub fn run(&self) -> Result<ExitCode, String> {
        let game = match self {
            PositionCommand::Perft(args) => &args.game,
            PositionCommand::Moves(args) => &args.game,
            PositionCommand::Status(args) => &args.game,
        };
        with_game_kind!(game.variant, |V, rules| self.run_in::<V>(rules))
    }

    fn run_in<V: Variant>(&self, rules: V::Rules) -> Result<ExitCode, String> {
        match *self {
            PositionCommand::Perft(args) => perft_in::<V>(args, rules).map(|()| ExitCode::SUCCESS),
            PositionCommand::Moves(args) => moves_in::<V>(args, rules),
            PositionCommand::Status(args) => {
                status_in::<V>(args, rules).map(|()| ExitCode::SUCCESS)
            }
        }
    }
}

fn perft_in<V: Variant>(args: &PerftArgs, rules: V::Rules) -> Result<(), String> {
    let game = args.game.game::<V>(rules)?;
    let pos = game.position();
    // The work is bounded, not the depth: a blocked position counts to any depth at once.
    let estimate = check_perft_work(pos, args.depth).map_err(|e| e.to_string())?;
    if let Some(warning) = perft_warning(&estimate, args.threads) {
        eprintln!("{warning}");
    }
    let out = &mut BufWriter::new(io::stdout().lock());
    let started = Instant::now();
    let nodes = if args.divide {
        divide_with_progress(pos, args.depth, args.threads, out)?
    } else {
        perft_threads(pos, args.depth, args.threads)
    };
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    writeln!(out, "nodes {nodes}\ntime {seconds:.3}\nnps {nps}").map_err(io_error)
}

/// `--divide`: each root move's count, sorted, on stdout; on stderr a line as each root move is
/// done, so that a long run shows how far it has come.
fn divide_with_progress<V: Variant>(
    pos: &V,
    depth: u32,
    threads: usize,
    out: &mut impl Write,
) -> Result<u64, String> {
    let mut rows: Vec<(String, u64)> = if depth == 0 {
        Vec::new()
    } else {
        let moves = pos.legal_moves();
        let total = moves.len();
        let mut rows = Vec::with_capacity(total);
        for (done, mv) in moves.into_iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            // Threads share out the moves below each root move, so progress stays in order.
            let count = perft_threads(&child, depth - 1, threads);
            eprintln!("perft: {}/{total} {} {count}", done + 1, pos.coord(mv));
            rows.push((pos.coord(mv), count));
        }
        rows
    };
    rows.sort();
    for (mv, n) in &rows {
        writeln!(out, "{mv} {n}").map_err(io_error)?;
    }
    Ok(rows.iter().map(|(_, n)| n).sum())
}

/// Above this many seconds, `perft` says on stderr how long it expects to run.
const PERFT_WARN_SECONDS: f64 = 30.0;

/// A warning when the perft is expected to run longer than [`PERFT_WARN_SECONDS`]: the core's
/// estimate (the growth between depths 3 and 4, carried on), at the speed of its probe on this
/// machine.
fn perft_warning(estimate: &qipan::PerftEstimate, threads: usize) -> Option<String> {
    if estimate.depth <= estimate.probe_depth + 1 || estimate.probe_nodes == 0 {
        return None;
    }
    let speed =
        estimate.probe_nodes as f64 / estimate.probe_seconds.max(1e-6) * threads.max(1) as f64;
    let expected = estimate.work / speed;
    (expected > PERFT_WARN_SECONDS).then(|| {
        format!(
            "perft {}: about {:.1e} leaf nodes, roughly {} at {speed:.1e} nodes/s \
             (extrapolated from depth {}); --divide shows progress by root move",
            estimate.depth,
            estimate.nodes,
            human_duration(expected),
            estimate.probe_depth
        )
    })
}

/// `seconds` as a rough human duration.
fn human_duration(seconds: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    let (size, name) = UNITS
        .into_iter()
        .find(|&(size, _)| seconds >= size)
        .unwrap_or(UNITS[4]);
    format!("{:.1} {name}", seconds / size)
}

fn moves_in<V: Variant>(args: &MovesArgs, rules: V::Rules) -> Result<ExitCode, String> {
    let out = &mut BufWriter::new(io::stdout().lock());
    if args.game.fen.is_some() {
        let game = args.game.game::<V>(rules)?;
        writeln!(out, "{}", sorted_moves(game.position())).map_err(io_error)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut input = io::stdin().lock();
    let mut line = Vec::new();
    let mut failed = false;
    loop {
        let (read, whole) = read_line_bounded(&mut input, &mut line, MAX_LINE)
            .map_err(|e| format!("input failed: {e}"))?;
        if read == 0 {
            out.flush().map_err(io_error)?;
            return Ok(if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            });
        }
        // Not UTF-8: decoded lossily, so the FEN reader names the bad character.
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let result = if whole {
            let line_args = GameArgs {
                fen: Some(text.into_owned()),
                ..args.game.clone()
            };
            line_args.game::<V>(rules.clone())
        } else {
            Err(format!("line longer than {MAX_LINE} bytes"))
        };
        failed |= result.is_err();
        match result {
            Ok(game) => writeln!(out, "{}", sorted_moves(game.position())),
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

fn status_in<V: Variant>(args: &StatusArgs, rules: V::Rules) -> Result<(), String> {
    let mut game = args.game.game::<V>(rules)?;
    let moves = pgn::movetext_moves(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    for (ply, text) in moves.into_iter().enumerate() {
        game.push_any(text)
            .map_err(|e| format!("ply {} ({text}): {e}", ply + 1))?;
    }
    if let Some(name) = &args.flag {
        let color = qipan::Color::from_name(name)
            .ok_or_else(|| format!("--flag: unknown side {name:?} (white, black, red)"))?;
        game.flag(color);
    }
    let out = &mut io::stdout().lock();
    writeln!(out, "{}", status_json(&game)).map_err(io_error)
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
    let (can_win, cannot_win_proof) = can_win_json(pos);
    json!({
        "variant": game.kind().name(),
        "rules": game.rules().to_string(),
        "fen": pos.fen(),
        "turn": V::color_name(pos.turn()),
        "check": pos.is_check(),
        "legal_moves": pos.count_legal_moves(),
        "outcome": outcome,
        "claimable": claimable,
        "can_win": can_win,
        "cannot_win_proof": cannot_win_proof,
    })
}

/// `{"white": true|false|null, "black": ...}`: whether each side can still win (`null`:
/// undetermined within the analysis's bound); and `{"white": "material"|...|null, ...}`: the
/// kind of proof behind each `false`, from the same analysis.
fn can_win_json<V: Variant>(pos: &V) -> (Value, Value) {
    let mut sides = serde_json::Map::new();
    let mut proofs = serde_json::Map::new();
    for color in qipan::Color::ALL {
        let (verdict, proof) = pos.winnability_with_proof(color);
        let name = V::color_name(color).to_owned();
        sides.insert(name.clone(), json!(verdict.known()));
        proofs.insert(name, json!(proof.map(qipan::ProofKind::name)));
    }
    (Value::Object(sides), Value::Object(proofs))
}

/// The error of a failed write: a closed pipe (`qipan ... | head`) ends the command quietly.
pub fn io_error(e: io::Error) -> String {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return crate::CLOSED_PIPE.to_owned();
    }
    format!("output failed: {e}")
}
