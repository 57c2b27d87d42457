//! `qipan probe`: the Syzygy tablebase value of a chess position and its best moves.

use std::io::{self, BufWriter, Write};

use clap::Args;
use qipan::chess::syzygy::{Tablebase, Wdl};
use qipan::{shorten, Chess};
use serde_json::json;

use crate::position_cmds::io_error;

/// `qipan probe`.
#[derive(Args)]
pub struct ProbeArgs {
    /// A directory of Syzygy tables (`.rtbw`, `.rtbz`); repeat for several.
    #[arg(long = "tb", required = true)]
    tables: Vec<String>,
    /// The chess position.
    #[arg(long)]
    fen: String,
    /// Print one JSON object: wdl, dtz and every move with its wdl, dtz and rank.
    #[arg(long)]
    json: bool,
}

fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Win => "win",
        Wdl::CursedWin => "cursed win",
        Wdl::Draw => "draw",
        Wdl::BlessedLoss => "blessed loss",
        Wdl::Loss => "loss",
    }
}

pub fn probe(args: &ProbeArgs) -> Result<(), String> {
    let pos = Chess::from_fen(args.fen.trim())
        .map_err(|e| format!("invalid FEN {:?}: {e}", shorten(&args.fen)))?;
    let tables = Tablebase::new();
    for dir in &args.tables {
        tables
            .add_directory_shared(dir)
            .map_err(|e| format!("cannot read table directory {:?}: {e}", shorten(dir)))?;
    }
    let root = tables.probe_root(&pos).map_err(|e| e.to_string())?;
    let best: Vec<_> = root.best_moves().collect();
    let out = &mut BufWriter::new(io::stdout().lock());
    if args.json {
        let moves: Vec<_> = root
            .moves
            .iter()
            .map(|m| {
                json!({
                    "uci": m.mv.to_string(),
                    "san": pos.san(m.mv),
                    "wdl": m.wdl.to_i32(),
                    "dtz": m.dtz,
                    "rank": m.rank,
                })
            })
            .collect();
        let value = json!({
            "fen": pos.fen(),
            "wdl": root.wdl.to_i32(),
            "dtz": root.dtz,
            "best": best.iter().map(|m| m.mv.to_string()).collect::<Vec<_>>(),
            "moves": moves,
        });
        writeln!(out, "{value}").map_err(io_error)?;
        return out.flush().map_err(io_error);
    }
    writeln!(out, "wdl {} ({})", root.wdl.to_i32(), wdl_name(root.wdl)).map_err(io_error)?;
    writeln!(out, "dtz {}", root.dtz).map_err(io_error)?;
    let best_text: Vec<String> = best
        .iter()
        .map(|m| format!("{} ({})", pos.san(m.mv), m.mv))
        .collect();
    writeln!(out, "best {}", best_text.join(" ")).map_err(io_error)?;
    for m in &root.moves {
        writeln!(
            out,
            "move {} {} wdl {} dtz {} rank {}",
            m.mv,
            pos.san(m.mv),
            m.wdl.to_i32(),
            m.dtz,
            m.rank
        )
        .map_err(io_error)?;
    }
    out.flush().map_err(io_error)
}
