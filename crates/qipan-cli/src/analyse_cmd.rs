//! `qipan analyse`: every game of a PGN file analysed by an engine and written back with
//! `[%eval …]` comments (python-chess's text: White's — Red's — point of view, pawns with two
//! decimals or `#n` for a mate, `,depth` appended) and, where the engine prefers another move, its
//! line as a variation. Progress goes to stderr.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use qipan::engine::{Engine, EngineGame, Info, Limit, Protocol, Score, SearchOptions, Timeouts};
use qipan::pgn::{Limits, Splitter};
use qipan::tree::{AnyGameTree, GameTree, WriteOptions};
use qipan::{with_any_tree, Color, Game};

use crate::position_cmds::io_error;
use crate::validate_cmd::open;

/// `qipan analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    /// A PGN file (chess or Xiangqi games); `-` reads standard input.
    file: PathBuf,
    /// The engine's command line (split at spaces), e.g. `stockfish` or `fairy-stockfish`.
    #[arg(long)]
    engine: String,
    /// The protocol: uci, or ucci (Xiangqi engines).
    #[arg(long, default_value = "uci")]
    protocol: String,
    /// Search this many nodes per position.
    #[arg(long, conflicts_with_all = ["depth", "movetime"])]
    nodes: Option<u64>,
    /// Search this deep per position.
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search this many milliseconds per position.
    #[arg(long)]
    movetime: Option<u64>,
    /// Report this many lines (each written as a variation where it differs from the game).
    #[arg(long, default_value_t = 1)]
    multipv: u32,
    /// Engine options, `NAME=VALUE` (repeatable), e.g. `--option Threads=1`.
    #[arg(long = "option")]
    options: Vec<String>,
}

/// Analyses every game and writes it to stdout.
pub fn analyse(args: &AnalyseArgs) -> Result<ExitCode, String> {
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
    let mut words = args.engine.split_whitespace().map(str::to_owned);
    let program = words.next().ok_or("--engine is empty")?;
    let rest: Vec<String> = words.collect();
    let mut engine =
        Engine::start(&program, &rest, protocol, Timeouts::default()).map_err(|e| e.to_string())?;
    for option in &args.options {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| format!("--option {option:?}: expected NAME=VALUE"))?;
        engine.configure(name, value).map_err(|e| e.to_string())?;
    }
    let limit = Limit {
        nodes: args.nodes,
        depth: args.depth,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limit::default()
    };
    let limit = if limit.is_unlimited() {
        Limit {
            depth: Some(12),
            ..limit
        }
    } else {
        limit
    };
    let limits = Limits::default();
    let name = args.file.display().to_string();
    let out = &mut io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for raw in Splitter::new(open(&args.file)?, limits) {
        let raw = raw.map_err(|e| format!("reading {name}: {e}"))?;
        let mut tree = match AnyGameTree::read(&raw, &limits) {
            Ok(tree) => tree,
            Err(e) => {
                eprintln!("{name}: {e}");
                failed = true;
                continue;
            }
        };
        let index = raw.index;
        let analysed = with_any_tree!(&mut tree, |t| annotate(
            t,
            &mut engine,
            &limit,
            args.multipv,
            &format!("{name} game {index}")
        ));
        analysed.map_err(|e| format!("{name} game {index}: {e}"))?;
        writeln!(out, "{}\n", tree.write_pgn(&WriteOptions::default())).map_err(io_error)?;
        out.flush().map_err(io_error)?;
    }
    engine.quit();
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// python-chess's `[%eval …]` text for a score of the side to move `turn`.
pub fn eval_text(score: Score, turn: Color, depth: Option<u32>) -> String {
    let white = if turn == Color::White {
        score
    } else {
        score.negate()
    };
    let value = match white {
        Score::Cp(cp) => format!("{:.2}", cp as f64 / 100.0),
        Score::Mate(m) => format!("#{m}"),
    };
    match depth {
        Some(d) => format!("[%eval {value},{d}]"),
        None => format!("[%eval {value}]"),
    }
}

/// Analyses every position of the main line: its evaluation as a comment on the move that led
/// there, and the engine's lines as variations where their first move is not the game's.
fn annotate<V: EngineGame>(
    tree: &mut GameTree<V>,
    engine: &mut Engine,
    limit: &Limit,
    multipv: u32,
    label: &str,
) -> Result<(), String> {
    let mut nodes = vec![tree.root()];
    while let Some(next) = tree.next(*nodes.last().expect("the root")) {
        nodes.push(next);
    }
    let mut game: Game<V> = Game::with_rules(tree.start().clone(), tree.rules().clone());
    let options = SearchOptions {
        multipv: Some(multipv.max(1)),
        new_game: true,
        ..SearchOptions::default()
    };
    for (ply, &id) in nodes.iter().enumerate() {
        if ply > 0 {
            let mv = tree.node(id).mv.expect("a move node");
            game.push_unchecked(mv);
        }
        eprint!("\r{label}: position {}/{}", ply + 1, nodes.len());
        if game.outcome().is_some() {
            continue;
        }
        let lines = engine
            .analyse(&game, limit, &options)
            .map_err(|e| e.to_string())?;
        let turn = game.position().turn();
        if let Some(Info {
            score: Some(score),
            depth,
            ..
        }) = lines.first()
        {
            if ply > 0 {
                let node = tree.node_mut(id);
                let eval = eval_text(*score, turn, *depth);
                node.comment = if node.comment.is_empty() {
                    eval
                } else {
                    format!("{eval} {}", node.comment)
                };
            }
        }
        let played = nodes.get(ply + 1).and_then(|&n| tree.node(n).mv);
        for line in &lines {
            let Some(&first) = line.pv.first() else {
                continue;
            };
            if Some(first) == played || tree.variation_with(id, first).is_some() {
                continue;
            }
            let mut at = tree.add_variation(id, first).map_err(|e| e.to_string())?;
            for &mv in &line.pv[1..] {
                match tree.add_variation(at, mv) {
                    Ok(next) => at = next,
                    Err(_) => break,
                }
            }
        }
    }
    eprintln!();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_texts() {
        assert_eq!(eval_text(Score::Cp(17), Color::White, None), "[%eval 0.17]");
        assert_eq!(
            eval_text(Score::Cp(17), Color::Black, Some(12)),
            "[%eval -0.17,12]"
        );
        assert_eq!(eval_text(Score::Mate(3), Color::Black, None), "[%eval #-3]");
        assert_eq!(
            eval_text(Score::Cp(-250), Color::White, None),
            "[%eval -2.50]"
        );
    }
}
