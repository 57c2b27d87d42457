//! `qipan validate`: replays every game of record files in parallel and reports what is wrong.
//!
//! Each file goes through the core's [`qipan::pgn::parallel_map`] (the machinery of the Python
//! bulk replay too): one thread splits it into games and hands them out in batches of at most 64
//! games or about 1 MiB; `--jobs` workers replay them; the main thread gathers the per-game
//! results in order. At most `4 × jobs` batches are in flight, so memory stays bounded whatever
//! the size of the files (only the error list grows, with the errors).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use qipan::pgn::{self, Limits, RawGame, RecordError, Splitter};
use qipan::records::RecordFile;
use serde_json::json;

use qipan::GameKind;

/// `qipan validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// Count `*` on a game the rules ended (mate, stalemate...) as a wrong result; by default it
    /// is a note (`*` means "unknown or unfinished").
    #[arg(long)]
    strict_results: bool,
    /// Record files (PGN, or Xiangqi archives: XQF, CBR, CBL, DhtmlXQ; `-` reads standard
    /// input, as PGN).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Worker threads replaying games (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print one JSON object (schema in docs/cli.md) instead of text.
    #[arg(long)]
    json: bool,
    /// Replay every game as this game (chess, chess960, xiangqi) instead of detecting it from
    /// the tags.
    #[arg(long)]
    variant: Option<GameKind>,
}

/// What a worker reports of one game: the file it is in, and the core's check.
struct Checked {
    file: usize,
    check: pgn::GameCheck,
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
    /// `(file, note)`.
    notes: Vec<(usize, RecordError)>,
}

impl Summary {
    fn add(&mut self, checked: Checked) {
        let (file, check) = (checked.file, checked.check);
        self.games += 1;
        self.plies += check.plies as u64;
        if check.errors.is_empty() {
            self.valid += 1;
        }
        if let Some(ending) = check.ending.name() {
            *self.endings.entry(ending).or_default() += 1;
        }
        self.errors
            .extend(check.errors.into_iter().map(|e| (file, e)));
        self.notes
            .extend(check.notes.into_iter().map(|e| (file, e)));
    }
}

/// A record file, or standard input for `-`, buffered.
pub(crate) fn open(path: &PathBuf) -> Result<Box<dyn BufRead + Send>, String> {
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
    // Files are opened one at a time (any number of files, few descriptors).
    let total_bytes = total_size(&args.files)?;
    let bytes_read = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(total_bytes);
    let mut summary = Summary::default();
    let forced = args.variant;
    let strict = args.strict_results;
    let mut before = 0;
    for (file, path) in args.files.iter().enumerate() {
        let source = RecordFile::open(open(path)?, limits)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let splitter = match source {
            RecordFile::Pgn(splitter) => splitter,
            RecordFile::Archive { games, .. } => {
                for (i, game) in games.iter().enumerate() {
                    let mut check = qipan::archive::check_game(game, i as u64 + 1);
                    if strict {
                        check.errors.append(&mut check.notes);
                    }
                    summary.add(Checked { file, check });
                }
                let size = std::fs::metadata(path).map_or(0, |m| m.len());
                before = bytes_read.fetch_add(size, Ordering::Relaxed) + size;
                progress.tick(&summary, before);
                continue;
            }
        };
        let games = Counted {
            splitter,
            read: Arc::clone(&bytes_read),
            before,
        };
        let checked = pgn::parallel_map(games, jobs, move |raw| Checked {
            file,
            check: pgn::check_game(raw, &limits, forced),
        });
        for game in checked {
            let mut game = game.map_err(|e| format!("reading {}: {e}", path.display()))?;
            if strict {
                let check = &mut game.check;
                check.errors.append(&mut check.notes);
                check.errors.sort_by_key(|e| e.line);
            }
            summary.add(game);
            progress.tick(&summary, bytes_read.load(Ordering::Relaxed));
        }
        before = bytes_read.load(Ordering::Relaxed);
    }
    progress.finish();
    for list in [&mut summary.errors, &mut summary.notes] {
        list.sort_by(|(fa, a), (fb, b)| (fa, a.game, a.line).cmp(&(fb, b.game, b.line)));
    }
    let out = &mut io::stdout().lock();
    if args.json {
        print_json(out, &summary, &args.files)
    } else {
        print_text(out, &summary, &args.files)
    }
    .map_err(crate::position_cmds::io_error)?;
    Ok(if summary.valid == summary.games {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The games of one file, with the bytes read so far (for the progress line).
struct Counted<R> {
    splitter: Splitter<R>,
    read: Arc<AtomicU64>,
    /// Bytes of the files before.
    before: u64,
}

impl<R: BufRead> Iterator for Counted<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<Self::Item> {
        let game = self.splitter.next();
        let read = self.before + self.splitter.bytes_read();
        self.read.store(read, Ordering::Relaxed);
        game
    }
}

/// A progress line on stderr when it is a terminal.
struct Progress {
    enabled: bool,
    last: Instant,
    total: u64,
}

impl Progress {
    fn new(total: u64) -> Progress {
        Progress {
            enabled: io::stderr().is_terminal(),
            last: Instant::now(),
            total,
        }
    }

    fn tick(&mut self, summary: &Summary, read: u64) {
        if !self.enabled || self.last.elapsed() <= Duration::from_millis(100) {
            return;
        }
        self.last = Instant::now();
        let total = self.total;
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

    fn finish(&self) {
        if self.enabled {
            eprint!("\r{}\r", " ".repeat(79));
        }
    }
}

fn print_text(out: &mut impl Write, summary: &Summary, files: &[PathBuf]) -> io::Result<()> {
    // `file:line`, or the file alone for line 0 (an archive has no lines).
    let at = |file: usize, line: u64| match line {
        0 => files[file].display().to_string(),
        line => format!("{}:{line}", files[file].display()),
    };
    for (file, e) in &summary.errors {
        write!(out, "{}: game {}", at(*file, e.line), e.game)?;
        if let Some(ply) = e.ply {
            write!(out, ", ply {ply}")?;
        }
        if let Some(text) = &e.text {
            write!(out, ", move {text:?}")?;
        }
        writeln!(out, ": {} [{}]", e.message, e.kind)?;
    }
    for (file, note) in &summary.notes {
        writeln!(
            out,
            "{}: game {}: note: {}",
            at(*file, note.line),
            note.game,
            note.message
        )?;
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
    let entries = |list: &[(usize, RecordError)]| -> Vec<_> {
        list.iter()
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
            .collect()
    };
    let errors = entries(&summary.errors);
    let notes = entries(&summary.notes);
    let value = json!({
        "games": summary.games,
        "plies": summary.plies,
        "valid": summary.valid,
        "endings": summary.endings,
        "errors": errors,
        "notes": notes,
    });
    writeln!(out, "{value}")
}
