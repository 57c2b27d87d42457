//! `qipan convert`: every game of record files written again, as PGN or as JSON trees.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use qipan::pgn::Limits;
use qipan::records::RecordFile;
use qipan::tree::{AnyGameTree, Arrow, ArrowColor, EvalScore, NodeId, WriteOptions};
use qipan::{GameKind, Notation};
use serde_json::{json, Map, Value};

use crate::position_cmds::io_error;
use crate::validate_cmd::open;

/// `qipan convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// Record files: PGN, or Xiangqi archives (XQF, CBR, CBL, DhtmlXQ; told from the bytes);
    /// `-` reads PGN from standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The output: PGN, or JSON (one object per line and game, with the tree of moves).
    #[arg(long, value_enum, default_value_t = Format::Pgn)]
    to: Format,
    /// The notation of the moves: san, lan, uci (chess); iccs, wxf, chinese,
    /// chinese-traditional (Xiangqi). A game keeps its record's notation when not given, or when
    /// it is one the game does not have.
    #[arg(long)]
    notation: Option<Notation>,
    /// Leave comments and NAGs out.
    #[arg(long)]
    no_comments: bool,
    /// Leave variations out.
    #[arg(long)]
    no_variations: bool,
}

/// Output formats.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Pgn,
    Json,
}

/// Writes every game; errors in a record are reported on stderr with file, game, line and
/// ply, and the exit code is 1 when there was any.
pub fn convert(args: &ConvertArgs) -> Result<ExitCode, String> {
    let options = WriteOptions {
        notation: args.notation,
        comments: !args.no_comments,
        variations: !args.no_variations,
        ..WriteOptions::default()
    };
    let limits = Limits::default();
    let out = &mut io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    let mut warned: BTreeSet<GameKind> = BTreeSet::new();
    for path in &args.files {
        let name = path.display().to_string();
        // A Xiangqi archive (told from its bytes) is read whole; PGN streams.
        let source = RecordFile::open(open(path)?, limits)
            .map_err(|e| format!("cannot read {name}: {e}"))?;
        for game in source.games() {
            let game = game.map_err(|e| format!("reading {name}: {e}"))?;
            let index = game.index();
            let tree = match game.read_tree() {
                Ok(tree) => tree,
                Err(e) => {
                    eprintln!("{name}: {e}");
                    failed = true;
                    continue;
                }
            };
            for error in tree.errors() {
                eprintln!("{name}: {error} [{}]", error.kind);
                failed = true;
            }
            let kind = tree.kind();
            if let Some(notation) = args.notation {
                let has = tree.notations().contains(&notation);
                if !has && warned.insert(kind.family()) {
                    eprintln!(
                        "{name}: {kind} games have no {notation} notation; their own is written"
                    );
                }
            }
            match args.to {
                Format::Pgn => writeln!(out, "{}\n", tree.write_pgn(&options)),
                Format::Json => {
                    let value = tree_json(&tree, &name, index, &options);
                    writeln!(out, "{value}")
                }
            }
            .map_err(io_error)?;
        }
    }
    out.flush().map_err(io_error)?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The comment's commands as typed fields beside it: `clock` and `emt` in seconds, `eval` as
/// `{cp}` or `{mate}` (with `depth`), `arrows` as `{from, to, color}` (square names).
fn annotations_json(tree: &AnyGameTree, id: NodeId, value: &mut Value) {
    let all = tree.annotations(id);
    if let Some(clock) = all.clock {
        value["clock"] = json!(clock);
    }
    if let Some(emt) = all.emt {
        value["emt"] = json!(emt);
    }
    if let Some(eval) = all.eval {
        let mut object = match eval.score {
            EvalScore::Centipawns(cp) => json!({ "cp": cp }),
            EvalScore::Mate(n) => json!({ "mate": n }),
        };
        if let Some(depth) = eval.depth {
            object["depth"] = json!(depth);
        }
        value["eval"] = object;
    }
    if !all.arrows.is_empty() {
        let name = |square| {
            let text = Arrow::new(ArrowColor::Green, square, square).text(tree.kind());
            text.map(|t| t[1..].to_owned()).unwrap_or_default()
        };
        let arrows: Vec<Value> = all
            .arrows
            .iter()
            .map(|a| json!({"from": name(a.tail), "to": name(a.head), "color": a.color.name()}))
            .collect();
        value["arrows"] = Value::Array(arrows);
    }
}

/// One game as a JSON object: its file and index, game, tags (in order), start FEN, the comment
/// before the first move, the main line as a list of moves, and the errors. Each move has its
/// coordinates (`uci`: UCI or ICCS), its text in the chosen notation, comments (with their
/// commands as typed fields: [`annotations_json`]), NAGs, and the
/// alternatives to it as `variations`, each a list of moves.
fn tree_json(tree: &AnyGameTree, file: &str, index: u64, options: &WriteOptions) -> Value {
    let mut headers = Map::new();
    for (name, value) in tree.tags() {
        headers.entry(name.clone()).or_insert_with(|| json!(value));
    }
    let root = tree.root();
    let errors: Vec<Value> = tree
        .errors()
        .iter()
        .map(|e| {
            json!({"line": e.line, "ply": e.ply, "move": e.text, "kind": e.kind.as_str(), "message": e.message})
        })
        .collect();
    json!({
        "file": file,
        "game": index,
        "variant": tree.kind().name(),
        "headers": headers,
        "fen": tree.start().fen(),
        "comment": options.comments.then(|| tree.comment(root)),
        "moves": line_json(tree, root, options, 0),
        "errors": errors,
    })
}

/// The moves from `parent` on along the main line; `depth` counts nested variations (bounded
/// by the reader's nesting limit, so the recursion is too).
fn line_json(
    tree: &AnyGameTree,
    parent: NodeId,
    options: &WriteOptions,
    depth: usize,
) -> Vec<Value> {
    let mut moves = Vec::new();
    let mut at = parent;
    while let Some((&main, others)) = tree.variations(at).split_first() {
        let mut value = node_json(tree, main, options);
        if options.variations && !others.is_empty() && depth < 256 {
            let variations: Vec<Value> = others
                .iter()
                .map(|&v| {
                    let mut line = vec![node_json(tree, v, options)];
                    line.extend(line_json(tree, v, options, depth + 1));
                    Value::Array(line)
                })
                .collect();
            value["variations"] = Value::Array(variations);
        }
        moves.push(value);
        at = main;
    }
    moves
}

fn node_json(tree: &AnyGameTree, id: NodeId, options: &WriteOptions) -> Value {
    let mut value = json!({
        "uci": tree.coord(id),
        "text": tree.move_text(id, options.notation),
    });
    if options.comments {
        let (comment, starting, nags) =
            (tree.comment(id), tree.starting_comment(id), tree.nags(id));
        if !comment.is_empty() {
            value["comment"] = json!(comment);
            annotations_json(tree, id, &mut value);
        }
        if !starting.is_empty() {
            value["starting_comment"] = json!(starting);
        }
        if !nags.is_empty() {
            value["nags"] = json!(nags);
        }
    }
    value
}
