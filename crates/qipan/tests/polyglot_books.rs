//! Differential test of the Polyglot book reader against python-chess (GPL: a test-time oracle
//! only) and of the book writer against Debian's `polyglot make-book`.
//!
//! Books: the two of `data/polyglot/`, and books `polyglot make-book` builds from
//! `examples/games/chess-classics.pgn` and from seeded random games (castling both ways,
//! promotions, en passant). Positions: the books' own lines (every position reached by book moves
//! and every legal move from there), every position of the games, and seeded random playouts.
//! For each position qipan's `find_all` (minimum weight 0) must give python-chess's entries in
//! python-chess's order, with the same resolved moves and the same key.
//!
//! Needs a Python with python-chess and the `polyglot` program, so it is ignored in a plain
//! `cargo test` and run by scripts/test-parts/30-python.sh (which sets `QIPAN_PYTHON` and
//! `QIPAN_POLYGLOT`).

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use qipan::chess::polyglot::{Book, BookBuilder, BookSource};
use qipan::pgn::{Limits, Splitter};
use qipan::tree::AnyGameTree;
use qipan::{Chess, Variant};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("polyglot-books");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A small seeded generator (xorshift64*), so the positions are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// A random game: its moves as played, preferring captures and promotions now and then.
fn random_game(rng: &mut Rng, plies: usize) -> Vec<Chess> {
    let mut pos = Chess::start();
    let mut line = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let forcing: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m) || m.promotion_role().is_some() || m.is_castle())
            .collect();
        let mv = if !forcing.is_empty() && rng.below(3) == 0 {
            forcing[rng.below(forcing.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos.play_unchecked(mv);
        line.push(pos);
    }
    line
}

/// Seeded random games as PGN (SAN), with results spread over 1-0, 0-1, draws and `*`.
fn random_pgn(seed: u64, games: usize) -> String {
    let mut rng = Rng(seed);
    let mut text = String::new();
    for _ in 0..games {
        let plies = 4 + rng.below(60);
        let line = random_game(&mut rng, plies);
        let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
        text.push_str(&format!("[Event \"random\"]\n[Result \"{result}\"]\n\n"));
        for (ply, pair) in line.windows(2).enumerate() {
            let mv = pair[0]
                .legal_moves()
                .into_iter()
                .find(|&m| {
                    let mut after = pair[0];
                    after.play_unchecked(m);
                    after == pair[1]
                })
                .unwrap();
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&pair[0].san(mv));
            text.push(' ');
        }
        text.push_str(result);
        text.push_str("\n\n");
    }
    text
}

/// The positions of the book's own lines: every position reached from the start by book moves
/// (breadth first, at most `limit`), with every legal move from each.
fn book_positions<S: BookSource>(book: &Book<S>, limit: usize, out: &mut Vec<Chess>) {
    let mut seen = HashSet::new();
    let mut queue = std::collections::VecDeque::from([Chess::start()]);
    while let Some(pos) = queue.pop_front() {
        if seen.len() >= limit || !seen.insert(pos.zobrist()) {
            continue;
        }
        out.push(pos);
        for mv in pos.legal_moves() {
            let mut next = pos;
            next.play_unchecked(mv);
            out.push(next);
        }
        for found in book.find_all(&pos, 0, &[]).unwrap() {
            let mut next = pos;
            next.play_unchecked(found.mv);
            queue.push_back(next);
        }
    }
}

/// Every position of the main lines of a PGN text (with every legal move from each).
fn game_positions(pgn: &[u8], out: &mut Vec<Chess>) {
    let limits = Limits::default();
    for raw in Splitter::new(pgn, limits) {
        let AnyGameTree::Chess(tree) = AnyGameTree::read(&raw.unwrap(), &limits).unwrap() else {
            panic!("a chess game");
        };
        assert!(tree.errors.is_empty(), "{:?}", tree.errors);
        assert_eq!(*tree.start(), Chess::start());
        out.push(*tree.start());
        for id in tree.mainline(tree.root()) {
            out.push(*tree.position(id));
        }
    }
}

fn playout_positions(seed: u64, count: usize, out: &mut Vec<Chess>) {
    let mut rng = Rng(seed);
    let mut added = 0;
    while added < count {
        let line = random_game(&mut rng, 120);
        added += line.len();
        out.extend(line);
    }
}

fn python() -> String {
    std::env::var("QIPAN_PYTHON").expect(
        "QIPAN_PYTHON: a Python with python-chess (scripts/test-parts/30-python.sh sets it)",
    )
}

fn polyglot() -> String {
    std::env::var("QIPAN_POLYGLOT").unwrap_or_else(|_| "/usr/games/polyglot".to_owned())
}

/// Compares qipan's reading of `path` with python-chess's on `positions`; returns how many
/// distinct positions had entries.
fn compare(path: &Path, positions: &[Chess]) -> usize {
    let script = repo().join("crates/qipan/tests/oracles/polyglot_find_all.py");
    let mut child = Command::new(python())
        .arg(script)
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs python");
    let fens: String = positions.iter().map(|p| p.fen() + "\n").collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(fens.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();

    let from_bytes = Book::from_bytes(std::fs::read(path).unwrap()).unwrap();
    let from_file = Book::open(path).unwrap();
    assert_eq!(lines.next().unwrap(), format!("len {}", from_file.len()));
    let mut with_entries = HashSet::new();
    for (pos, expected) in positions.iter().zip(lines.by_ref()) {
        // The oracle read the FEN; so does qipan.
        let pos = Chess::from_fen(&pos.fen()).unwrap();
        let mut ours = vec![format!("{:016x}", pos.zobrist())];
        let found = from_file.find_all(&pos, 0, &[]).unwrap();
        assert_eq!(found, from_bytes.find_all(&pos, 0, &[]).unwrap());
        if !found.is_empty() {
            with_entries.insert(pos.zobrist());
        }
        for e in found {
            let entry = e.entry;
            ours.push(format!(
                "{}:{}:{}:{}",
                entry.raw_move,
                entry.weight,
                entry.learn,
                pos.uci(e.mv)
            ));
        }
        assert_eq!(
            ours.join("\t"),
            expected,
            "{} in {}",
            pos.fen(),
            path.display()
        );
    }
    assert!(lines.next().is_none(), "one answer per position");
    eprintln!(
        "{}: {} positions, {} with entries",
        path.display(),
        positions.len(),
        with_entries.len()
    );
    with_entries.len()
}

#[test]
#[ignore = "needs Python with python-chess: run by scripts/test-parts/30-python.sh"]
fn shared_books_read_as_python_chess_reads_them() {
    let performance = repo().join("data/polyglot/performance.bin");
    let book = Book::open(&performance).unwrap();
    book.verify().unwrap();
    let mut positions = Vec::new();
    book_positions(&book, 600, &mut positions);
    playout_positions(1, 2000, &mut positions);
    let hits = compare(&performance, &positions);
    assert!(
        hits > 500,
        "{hits} positions with entries of {}",
        positions.len()
    );

    let lasker = repo().join("data/polyglot/lasker-trap.bin");
    let mut pos = Chess::start();
    let mut positions = vec![pos];
    for san in "d4 d5 c4 e5 dxe5 d4 e3 Bb4+ Bd2 dxe3 Bxb4 exf2+ Ke2 fxg1=N+".split(' ') {
        let mv = pos.parse_san(san).unwrap();
        pos.play_unchecked(mv);
        positions.push(pos);
    }
    playout_positions(2, 500, &mut positions);
    assert_eq!(compare(&lasker, &positions), 7);
}

/// Runs `polyglot make-book` on `pgn` and returns the book's path.
fn polyglot_make_book(pgn: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let bin = scratch(name);
    let out = Command::new(polyglot())
        .args(["make-book", "-pgn"])
        .arg(pgn)
        .arg("-bin")
        .arg(&bin)
        .args(extra)
        .current_dir(bin.parent().unwrap())
        .output()
        .expect("runs polyglot (apt-get install polyglot)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    bin
}

#[test]
#[ignore = "needs Python with python-chess and polyglot: run by scripts/test-parts/30-python.sh"]
fn polyglot_made_books_read_as_python_chess_reads_them() {
    let classics = repo().join("examples/games/chess-classics.pgn");
    let bin = polyglot_make_book(&classics, "classics.bin", &["-min-game", "1"]);
    let mut positions = Vec::new();
    game_positions(&std::fs::read(&classics).unwrap(), &mut positions);
    playout_positions(3, 500, &mut positions);
    assert!(compare(&bin, &positions) > 40);

    let pgn = scratch("random.pgn");
    let text = random_pgn(4, 400);
    std::fs::write(&pgn, &text).unwrap();
    let bin = polyglot_make_book(&pgn, "random.bin", &["-min-game", "1"]);
    let mut positions = Vec::new();
    game_positions(text.as_bytes(), &mut positions);
    assert!(compare(&bin, &positions) > 1000);
}

/// The entries of a book, with equal weights of one position put in move order: Polyglot sorts
/// with the C library's `qsort`, whose order of equal elements is not specified.
fn canonical(bytes: &[u8]) -> Vec<(u64, std::cmp::Reverse<u16>, u16, u32)> {
    let book = Book::new(bytes).unwrap();
    let mut entries: Vec<_> = book
        .iter()
        .map(|e| {
            let e = e.unwrap();
            (e.key, std::cmp::Reverse(e.weight), e.raw_move, e.learn)
        })
        .collect();
    let mut sorted = entries.clone();
    sorted.sort_by_key(|e| (e.0, e.1));
    assert_eq!(
        entries.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>(),
        sorted.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>(),
        "sorted by key, then weight (highest first)"
    );
    entries.sort();
    entries
}

#[test]
#[ignore = "needs polyglot: run by scripts/test-parts/30-python.sh"]
fn writer_agrees_with_polyglot_make_book() {
    let random = random_pgn(5, 600);
    // Over 16384 games through one position: Polyglot halves that position's counts.
    let results = ["1-0", "0-1", "1/2-1/2", "1-0", "*"];
    let repeated: String = (0..18000)
        .map(|i| {
            let line = if i % 17 == 0 {
                "1. d4 d5"
            } else {
                ["1. e4 e5 2. Nf3", "1. e4 c5", "1. e4 e6", "1. e4 e5 2. Bc4"][i % 4]
            };
            format!("[Result \"{0}\"]\n\n{line} {0}\n\n", results[i % 5])
        })
        .collect();
    let cases: [(&str, Vec<u8>, u32, u32); 5] = [
        ("repeated", repeated.into_bytes(), 1024, 3),
        (
            "classics",
            std::fs::read(repo().join("examples/games/chess-classics.pgn")).unwrap(),
            1024,
            1,
        ),
        ("random-defaults", random.clone().into_bytes(), 1024, 3),
        ("random-min1", random.clone().into_bytes(), 1024, 1),
        ("random-ply9", random.into_bytes(), 9, 2),
    ];
    for (name, pgn_text, max_ply, min_games) in cases {
        let pgn = scratch(&format!("writer-{name}.pgn"));
        std::fs::write(&pgn, &pgn_text).unwrap();
        let theirs = polyglot_make_book(
            &pgn,
            &format!("writer-{name}.bin"),
            &[
                "-max-ply",
                &max_ply.to_string(),
                "-min-game",
                &min_games.to_string(),
            ],
        );
        let theirs = std::fs::read(theirs).unwrap();
        let mut builder = BookBuilder::new();
        builder.max_ply = max_ply;
        builder.min_games = min_games;
        builder.add_pgn(&pgn_text);
        let ours = builder.to_bytes();
        assert!(!theirs.is_empty(), "{name}");
        assert_eq!(canonical(&ours), canonical(&theirs), "{name}");
        eprintln!(
            "{name}: {} entries, byte-identical: {}",
            ours.len() / 16,
            ours == theirs
        );
        if name == "random-min1" {
            // qipan's book read by python-chess and by polyglot's own reader.
            let path = scratch("qipan-written.bin");
            std::fs::write(&path, &ours).unwrap();
            let mut positions = Vec::new();
            game_positions(&pgn_text, &mut positions);
            assert!(compare(&path, &positions) > 1000);
            let polyglot_path = scratch("writer-random-min1.bin");
            for color in ["white", "black"] {
                assert_eq!(dump_book(&path, color), dump_book(&polyglot_path, color));
            }
        }
    }
}

/// `polyglot dump-book`: every line of the book for one side, as polyglot reads it (the
/// book's own name taken out of the header line).
fn dump_book(bin: &Path, color: &str) -> String {
    let out = scratch(&format!("dump-{color}.txt"));
    let status = Command::new(polyglot())
        .args(["dump-book", "-bin"])
        .arg(bin)
        .args(["-color", color, "-out"])
        .arg(&out)
        .current_dir(out.parent().unwrap())
        .output()
        .unwrap();
    assert!(status.status.success());
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert!(lines.len() > 10, "{text}");
    lines.join("\n")
}
