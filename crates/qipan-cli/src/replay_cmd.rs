//! `qipan replay`: one game of a record file, move by move, with a board after each move.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use qipan::pgn::{self, GameReport, Limits, RawGame};
use qipan::records::{RecordFile, RecordGame};
use qipan::tree::annotations::time_text;
use qipan::tree::{GameTree, NodeId};
use qipan::xiangqi::XiangqiRules;
use qipan::{printable, with_game_kind, GameKind, Variant};

use crate::position_cmds::io_error;
use crate::validate_cmd::open;

/// `qipan replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// The record file (PGN, or a Xiangqi archive: XQF, CBR, CBL, DhtmlXQ; `-` reads standard
    /// input, as PGN).
    file: PathBuf,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1)]
    game: u64,
    /// Replay as this game (chess, chess960, xiangqi) instead of detecting it from the tags.
    #[arg(long)]
    variant: Option<GameKind>,
}

pub fn replay(args: &ReplayArgs) -> Result<ExitCode, String> {
    let limits = Limits::default();
    let name = args.file.display();
    let source = RecordFile::open(open(&args.file)?, limits)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    let mut found = None;
    for game in source.games() {
        let game = game.map_err(|e| format!("reading {name}: {e}"))?;
        if game.index() == args.game {
            found = Some(game);
            break;
        }
    }
    let raw = match found {
        None => return Err(format!("{name} has no game {}", args.game)),
        Some(RecordGame::Pgn { raw, .. }) => raw,
        Some(RecordGame::Archive { game, .. }) => {
            let game = game.map_err(|e| format!("reading {name}: {e}"))?;
            let rules = XiangqiRules::default();
            let (report, tree) = (
                game.replay(args.game, rules),
                game.to_tree(args.game, rules),
            );
            let out = &mut io::stdout().lock();
            return print_game(out, &report, &tree).map_err(io_error);
        }
    };
    let variant = match args.variant {
        Some(variant) => variant,
        None => {
            let tags = pgn::read_tags(&raw, &limits).unwrap_or_default();
            GameKind::from_tags(&tags).map_err(|e| format!("unsupported variant: {e}"))?
        }
    };
    let out = &mut io::stdout().lock();
    with_game_kind!(variant, |V, rules| show::<V>(out, &raw, &limits, &rules)).map_err(io_error)
}

fn show<V: Variant>(
    out: &mut impl Write,
    raw: &RawGame,
    limits: &Limits,
    rules: &V::Rules,
) -> io::Result<ExitCode> {
    let report: GameReport<V> = pgn::replay_with(raw, limits, rules);
    // The tree has the comments, NAGs and variations the replay skips; its main line is the
    // replay's moves (both stop at the same bad move).
    let tree = GameTree::<V>::read_with(raw, limits, rules);
    print_game(out, &report, &tree)
}

/// The game move by move: tags, the start, each move with its board and annotations, the
/// ending and the errors.
fn print_game<V: Variant>(
    out: &mut impl Write,
    report: &GameReport<V>,
    tree: &GameTree<V>,
) -> io::Result<ExitCode> {
    match report.line {
        // An archive has no lines.
        0 => writeln!(out, "game {}, {}", report.index, report.game.kind())?,
        line => writeln!(
            out,
            "game {} (line {line}), {}",
            report.index,
            report.game.kind()
        )?,
    }
    for (name, value) in &report.tags {
        writeln!(out, "[{} \"{}\"]", printable(name), printable(value))?;
    }
    let mainline = tree.mainline(tree.root());
    let game = &report.game;
    let start = game.start();
    writeln!(out, "\n{}", start.diagram().trim_end())?;
    let root_comment = &tree.node(tree.root()).comment;
    if !root_comment.is_empty() {
        writeln!(out, "{{ {} }}", printable(root_comment))?;
    }
    let fen = start.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black_first = fields.get(1) == Some(&"b");
    let first: usize = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    for (i, (&mv, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
        let ply = i + usize::from(black_first);
        let number = first + ply / 2;
        let dots = if ply % 2 == 0 { "." } else { "..." };
        let after = &game.positions()[i + 1];
        let check = if after.is_check() { "  (check)" } else { "" };
        let notes = mainline
            .get(i)
            .map_or(String::new(), |&node| annotations(tree, node));
        writeln!(
            out,
            "\n{number}{dots} {}  [{}]{check}{notes}",
            pos.notation(mv),
            pos.coord(mv)
        )?;
        writeln!(out, "{}", after.diagram().trim_end())?;
    }
    writeln!(out)?;
    match report.outcome() {
        Some(o) => {
            let winner = o
                .winner
                .map_or(String::new(), |c| format!(", {} wins", V::color_name(c)));
            writeln!(out, "ending: {} by {}{winner}", o.result(), o.termination)?;
        }
        None => writeln!(out, "ending: none by the rules after {} plies", game.ply())?,
    }
    if let Some(result) = report.tag("Result") {
        writeln!(out, "result tag: {result}")?;
    }
    for error in &report.errors {
        writeln!(out, "error: {error} [{}]", error.kind)?;
    }
    Ok(if report.is_valid() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What annotates a main-line move, for the line that shows it: NAGs as their symbols (`!`,
/// `?!`; `$n` for the others), the comments, and the first move of each variation.
fn annotations<V: Variant>(tree: &GameTree<V>, id: NodeId) -> String {
    let node = tree.node(id);
    let mut text = String::new();
    for &nag in &node.nags {
        text.push_str("  ");
        text.push_str(&nag_symbol(nag));
    }
    if !node.starting_comment.is_empty() {
        text.push_str(&format!("  {{ {} }}", printable(&node.starting_comment)));
    }
    // The comment's commands readably (clock, move time, evaluation, arrows), then its text.
    let all = tree.annotations(id);
    if let Some(clock) = all.clock.and_then(|s| time_text(s).ok()) {
        text.push_str(&format!("  clock {clock}"));
    }
    if let Some(emt) = all.emt.and_then(|s| time_text(s).ok()) {
        text.push_str(&format!("  took {emt}"));
    }
    if let Some(eval) = all.eval {
        text.push_str(&format!("  eval {}", eval.score));
        if let Some(depth) = eval.depth {
            text.push_str(&format!(" (depth {depth})"));
        }
    }
    let arrows: Vec<String> = all
        .arrows
        .iter()
        .filter_map(|a| a.text(tree.kind()).ok())
        .collect();
    if !arrows.is_empty() {
        text.push_str(&format!("  arrows {}", arrows.join(" ")));
    }
    if !all.text.is_empty() {
        text.push_str(&format!("  {{ {} }}", printable(&all.text)));
    }
    let alternatives: Vec<String> = tree
        .parent(id)
        .map(|p| tree.variations(p)[1..].to_vec())
        .filter(|_| tree.is_main_variation(id))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|v| tree.move_text(v, None))
        .collect();
    if !alternatives.is_empty() {
        text.push_str(&format!("  (variations: {})", alternatives.join(", ")));
    }
    text
}

/// The glyph of NAGs 1 to 6 (`pgn::nag_glyph`), `$n` for the others.
fn nag_symbol(nag: u8) -> String {
    pgn::nag_glyph(nag).map_or_else(|| format!("${nag}"), str::to_owned)
}
