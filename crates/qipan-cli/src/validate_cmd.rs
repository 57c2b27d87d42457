//! `qipan validate`: replays every game of record files in parallel and reports what is wrong.
//!
//! One thread splits the files into games (sequentially) and hands them out in batches of at most
//! 64 games or about 1 MiB; `--jobs` workers replay them; the main thread gathers the per-game
//! summaries. The queues between them hold at most `2 × jobs` batches, so memory stays bounded
//! whatever the size of the files (only the error list grows, with the errors).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use qipan::pgn::{self, Limits, RawGame, RecordError, RecordErrorKind, ResultCheck, Splitter};
use serde_json::json;

use crate::cli_variant::{with_variant, CliVariant, VariantName};

/// `qipan validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// Record files (PGN; `-` reads standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Worker threads replaying games (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print one JSON object (schema in docs/cli.md) instead of text.
    #[arg(long)]
    json: bool,
    /// Replay every game as this game instead of detecting it from the tags.
    #[arg(long, value_enum)]
    variant: Option<VariantName>,
}

/// Games are handed to the workers in batches of at most this many games...
const BATCH_GAMES: usize = 64;
/// ...or of about this many bytes (a batch is closed when it reaches it).
const BATCH_BYTES: usize = 1 << 20;

/// What a worker reports of one game.
struct Checked {
    file: usize,
    plies: usize,
    /// The termination name, `none`, or `None` when the moves could not all be played.
    ending: Option<&'static str>,
    errors: Vec<RecordError>,
}

/// Replays one game as the variant its tags (or `forced`) name.
fn check(file: usize, raw: &RawGame, forced: Option<VariantName>, limits: &Limits) -> Checked {
    let error = |kind, line, message| Checked {
        file,
        plies: 0,
        ending: None,
        errors: vec![RecordError {
            game: raw.index,
            line,
            ply: None,
            text: None,
            kind,
            message,
        }],
    };
    let variant = match forced {
        Some(variant) => variant,
        None => match pgn::read_tags(raw, limits) {
            Ok(tags) => match VariantName::of_record(&pgn::detect_variant(&tags)) {
                Ok(variant) => variant,
                Err(name) => {
                    let message = format!("unsupported variant {name:?}");
                    return error(RecordErrorKind::UnsupportedVariant, raw.line, message);
                }
            },
            Err(e) => {
                return error(
                    RecordErrorKind::Syntax,
                    e.line().unwrap_or(raw.line),
                    e.to_string(),
                )
            }
        },
    };
    with_variant!(variant, V => {
        let report = pgn::replay_with::<V>(raw, limits, &|fen| V::position_in(fen, variant));
        let ending = match report.result_check {
            ResultCheck::Unchecked => None,
            _ => Some(report.outcome().map_or("none", |o| o.termination.as_str())),
        };
        Checked { file, plies: report.plies(), ending, errors: report.errors }
    })
}

/// Totals over every game.
#[derive(Default)]
struct Summary {
    games: u64,
    plies: u64,
    valid: u64,
    endings: BTreeMap<&'static str, u64>,
    /// `(file, error)`.
    errors: Vec<(usize, RecordError)>,
}

impl Summary {
    fn add(&mut self, checked: Checked) {
        self.games += 1;
        self.plies += checked.plies as u64;
        if checked.errors.is_empty() {
            self.valid += 1;
        }
        if let Some(ending) = checked.ending {
            *self.endings.entry(ending).or_default() += 1;
        }
        self.errors
            .extend(checked.errors.into_iter().map(|e| (checked.file, e)));
    }
}

fn open(path: &PathBuf) -> Result<Box<dyn BufRead + Send>, String> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

/// The total size of the files (stdin counts 0); an error for a file that cannot be read.
fn total_size(paths: &[PathBuf]) -> Result<u64, String> {
    let mut total = 0;
    for path in paths.iter().filter(|p| p.as_os_str() != "-") {
        let meta =
            std::fs::metadata(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        if meta.is_dir() {
            return Err(format!("{} is a directory", path.display()));
        }
        total += meta.len();
    }
    Ok(total)
}

pub fn validate(args: &ValidateArgs) -> Result<ExitCode, String> {
    let limits = Limits::default();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    // Files are opened one at a time by the reader thread (any number of files, few descriptors).
    let total_bytes = total_size(&args.files)?;
    let bytes_read = AtomicU64::new(0);
    let (job_tx, job_rx) = sync_channel::<Vec<(usize, RawGame)>>(2 * jobs);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = sync_channel::<Vec<Checked>>(2 * jobs);
    let mut summary = Summary::default();
    let forced = args.variant;
    let read_result = std::thread::scope(|scope| {
        let reader = scope.spawn(|| -> Result<(), String> {
            let mut before = 0;
            let mut batch = Vec::new();
            let mut batch_bytes = 0;
            for (file, path) in args.files.iter().enumerate() {
                let mut splitter = Splitter::new(open(path)?, limits);
                while let Some(game) = splitter.next() {
                    let game =
                        game.map_err(|e| format!("reading {}: {e}", args.files[file].display()))?;
                    bytes_read.store(before + splitter.bytes_read(), Ordering::Relaxed);
                    batch_bytes += game.bytes.len();
                    batch.push((file, game));
                    if batch.len() >= BATCH_GAMES || batch_bytes >= BATCH_BYTES {
                        batch_bytes = 0;
                        if job_tx.send(std::mem::take(&mut batch)).is_err() {
                            return Ok(());
                        }
                    }
                }
                before += splitter.bytes_read();
            }
            if !batch.is_empty() {
                let _ = job_tx.send(batch);
            }
            drop(job_tx);
            Ok(())
        });
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            scope.spawn(move || loop {
                let job = job_rx.lock().map(|rx| rx.recv());
                let Ok(Ok(batch)) = job else { return };
                let checked = batch
                    .iter()
                    .map(|(file, raw)| check(*file, raw, forced, &limits))
                    .collect();
                if done_tx.send(checked).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        gather(done_rx, &mut summary, &bytes_read, total_bytes);
        reader
            .join()
            .unwrap_or_else(|_| Err("the reader thread panicked".into()))
    });
    read_result?;
    summary
        .errors
        .sort_by(|(fa, a), (fb, b)| (fa, a.game, a.line).cmp(&(fb, b.game, b.line)));
    let out = &mut io::stdout().lock();
    if args.json {
        print_json(out, &summary, &args.files)
    } else {
        print_text(out, &summary, &args.files)
    }
    .map_err(|e| format!("output failed: {e}"))?;
    Ok(if summary.valid == summary.games {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Adds up the workers' reports, drawing a progress line when stderr is a terminal.
fn gather(done: Receiver<Vec<Checked>>, summary: &mut Summary, bytes: &AtomicU64, total: u64) {
    let progress = io::stderr().is_terminal();
    let mut last = Instant::now();
    for checked in done.into_iter().flatten() {
        summary.add(checked);
        if progress && last.elapsed() > Duration::from_millis(100) {
            last = Instant::now();
            let read = bytes.load(Ordering::Relaxed);
            let bar_width = 30;
            let percent = (read * 100)
                .checked_div(total)
                .map_or(String::new(), |p| format!(" {p:3}%"));
            let filled = (read * bar_width)
                .checked_div(total)
                .unwrap_or(0)
                .min(bar_width);
            eprint!(
                "\r[{}{}]{percent} {} games, {} errors ",
                "#".repeat(filled as usize),
                " ".repeat((bar_width - filled) as usize),
                summary.games,
                summary.errors.len()
            );
        }
    }
    if progress {
        eprint!("\r{}\r", " ".repeat(79));
    }
}

fn print_text(out: &mut impl Write, summary: &Summary, files: &[PathBuf]) -> io::Result<()> {
    for (file, e) in &summary.errors {
        let path = files[*file].display();
        write!(out, "{path}:{}: game {}", e.line, e.game)?;
        if let Some(ply) = e.ply {
            write!(out, ", ply {ply}")?;
        }
        if let Some(text) = &e.text {
            write!(out, ", move {text:?}")?;
        }
        writeln!(out, ": {} [{}]", e.message, e.kind)?;
    }
    let errors = summary.errors.len();
    writeln!(
        out,
        "{} games, {} plies, {} valid, {} invalid, {errors} errors",
        summary.games,
        summary.plies,
        summary.valid,
        summary.games - summary.valid
    )?;
    let endings: Vec<String> = summary
        .endings
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    writeln!(
        out,
        "endings: {}",
        if endings.is_empty() {
            "-".into()
        } else {
            endings.join(", ")
        }
    )
}

fn print_json(out: &mut impl Write, summary: &Summary, files: &[PathBuf]) -> io::Result<()> {
    let errors: Vec<_> = summary
        .errors
        .iter()
        .map(|(file, e)| {
            json!({
                "file": files[*file].display().to_string(),
                "game": e.game,
                "line": e.line,
                "ply": e.ply,
                "move": e.text,
                "message": e.message,
                "kind": e.kind.as_str(),
            })
        })
        .collect();
    let value = json!({
        "games": summary.games,
        "plies": summary.plies,
        "valid": summary.valid,
        "endings": summary.endings,
        "errors": errors,
    });
    writeln!(out, "{value}")
}
