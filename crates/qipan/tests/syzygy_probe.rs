//! Syzygy probing: the values of `data/syzygy/endgame.epd` (python-chess's expected values, data)
//! on the tables in the repository, and against python-chess's prober (a test-time oracle, GPL:
//! run as a separate process) on random legal positions of every table, en passant and checks
//! included. The oracle test needs a Python with `chess` and the full set of 3–4-piece tables, so
//! it is ignored in a plain `cargo test` and run by scripts/test-parts/30-python.sh, which sets
//! `QIPAN_PYTHON` and `QIPAN_SYZYGY` (a directory with every table).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use qipan::chess::syzygy::{SyzygyError, TableKind, Tablebase, Wdl};
use qipan::Chess;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/syzygy")
}

/// `(fen, wdl, dtz)` of endgame.epd.
fn epd() -> Vec<(String, i32, i32)> {
    let text = std::fs::read_to_string(data_dir().join("endgame.epd")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = format!("{} 0 1", fields[..4].join(" "));
            let value = |key: &str| -> i32 {
                let at = fields.iter().position(|f| *f == key).unwrap();
                fields[at + 1].trim_end_matches(';').parse().unwrap()
            };
            (fen, value("wdl"), value("dtz"))
        })
        .collect()
}

fn check_epd(tables: &Tablebase, need_all: bool) -> usize {
    let mut checked = 0;
    for (fen, wdl, dtz) in epd() {
        let pos: Chess = fen.parse().unwrap();
        match (tables.probe_wdl(&pos), tables.probe_dtz(&pos)) {
            (Ok(w), Ok(d)) => {
                assert_eq!((w.to_i32(), d), (wdl, dtz), "{fen}");
                checked += 1;
            }
            (Err(SyzygyError::MissingTable { .. }), _)
            | (_, Err(SyzygyError::MissingTable { .. }))
                if !need_all => {}
            (w, d) => panic!("{fen}: {w:?} {d:?}"),
        }
    }
    checked
}

#[test]
fn endgame_epd_on_the_repository_tables() {
    let mut tables = Tablebase::new();
    assert_eq!(tables.add_directory(data_dir()).unwrap(), 30);
    let checked = check_epd(&tables, false);
    assert!(
        checked >= 40,
        "only {checked} positions of endgame.epd on these tables"
    );
}

#[test]
fn a_missing_table_is_named() {
    let mut tables = Tablebase::new();
    tables.add_directory(data_dir()).unwrap();
    let pos: Chess = "8/8/8/8/8/8/1p6/KB5k w - - 0 1".parse().unwrap();
    let err = tables.probe_wdl(&pos).unwrap_err();
    assert_eq!(
        err,
        SyzygyError::MissingTable {
            name: "KBvKP".into(),
            kind: TableKind::Wdl
        }
    );
    assert_eq!(err.to_string(), "missing table KBvKP.rtbw");
    let start = Chess::new();
    assert_eq!(tables.probe_wdl(&start), Err(SyzygyError::Castling));
    let many: Chess = "8/8/8/8/8/8/PPPPPP2/K6k w - - 0 1".parse().unwrap();
    assert_eq!(tables.probe_wdl(&many), Err(SyzygyError::TooManyPieces(8)));
}

#[test]
fn tables_from_bytes_probe_the_same() {
    let tables = Tablebase::new();
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.ends_with(".rtbw") || name.ends_with(".rtbz") {
            tables
                .add_bytes(&name, std::fs::read(&path).unwrap())
                .unwrap();
        }
    }
    assert!(check_epd(&tables, false) >= 40);
    assert!(tables.add_bytes("KQvK.txt", vec![]).is_err());
    assert!(tables.add_bytes("KXvK.rtbw", vec![]).is_err());
}

/// Damaged copies of a table: every one probes to a typed error or a value, never a panic.
#[test]
fn damaged_copies_of_a_repository_table() {
    let pos: Chess = "8/8/8/8/8/5k2/8/KRR5 w - - 0 1".parse().unwrap();
    let good = std::fs::read(data_dir().join("KRRvK.rtbw")).unwrap();
    let dtz = std::fs::read(data_dir().join("KRRvK.rtbz")).unwrap();
    let probe = |wdl_bytes: Vec<u8>, dtz_bytes: Vec<u8>| {
        let tables = Tablebase::new();
        tables.add_bytes("KRRvK.rtbw", wdl_bytes).unwrap();
        tables.add_bytes("KRRvK.rtbz", dtz_bytes).unwrap();
        for name in ["KRvK.rtbw", "KRvK.rtbz"] {
            tables
                .add_bytes(name, std::fs::read(data_dir().join(name)).unwrap())
                .unwrap();
        }
        (tables.probe_wdl(&pos), tables.probe_dtz(&pos))
    };
    let (w, d) = probe(good.clone(), dtz.clone());
    assert_eq!(w, Ok(Wdl::Win));
    assert!(d.unwrap() > 0);
    // Bad magic, empty, truncated at every length class.
    let mut bad = good.clone();
    bad[0] ^= 1;
    let (w, _) = probe(bad, dtz.clone());
    assert!(
        matches!(w, Err(SyzygyError::BadTable { ref name, kind: TableKind::Wdl, .. }) if name == "KRRvK"),
        "{w:?}"
    );
    for len in [0, 3, 5, 6, 20, 100, good.len() / 2, good.len() - 1] {
        let (w, _) = probe(good[..len].to_vec(), dtz.clone());
        assert!(
            matches!(w, Err(SyzygyError::BadTable { .. })),
            "{len}: {w:?}"
        );
        let (_, d) = probe(good.clone(), dtz[..len.min(dtz.len() - 1)].to_vec());
        assert!(
            matches!(d, Err(SyzygyError::BadTable { .. })),
            "{len}: {d:?}"
        );
    }
    // Every byte of the header and of the start of the data changed: a value or a typed error.
    let header = 0..64;
    let spread = (64..good.len()).step_by(7);
    for at in header.chain(spread) {
        for delta in [1u8, 0x10, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[at] = bad[at].wrapping_add(delta);
            let _ = probe(bad, dtz.clone());
            if at < dtz.len() {
                let mut bad = dtz.clone();
                bad[at] = bad[at].wrapping_add(delta);
                let _ = probe(good.clone(), bad);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The differential test against python-chess.

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random placement of `white` and `black` pieces (upper-case letters, kings included) as a
/// FEN, maybe with an en passant square; `None` when the placement is not legal.
fn random_fen(rng: &mut Rng, white: &str, black: &str) -> Option<String> {
    let mut board = [None::<char>; 64];
    let white_to_move = rng.below(2) == 0;
    let mut ep = None;
    let (us, them) = if white_to_move {
        (white, black)
    } else {
        (black, white)
    };
    // En passant: a pawn of the side not to move that just made a double step, one of ours beside.
    if us.contains('P') && them.contains('P') && rng.below(3) == 0 {
        let file = rng.below(8) as usize;
        let beside = if file == 0 || (file < 7 && rng.below(2) == 0) {
            file + 1
        } else {
            file - 1
        };
        let (rank, behind, start) = if white_to_move { (4, 5, 6) } else { (3, 2, 1) };
        let their_pawn = if white_to_move { 'p' } else { 'P' };
        let our_pawn = if white_to_move { 'P' } else { 'p' };
        board[rank * 8 + file] = Some(their_pawn);
        board[rank * 8 + beside] = Some(our_pawn);
        board[behind * 8 + file] = Some('-');
        board[start * 8 + file] = Some('-');
        ep = Some(behind * 8 + file);
    }
    let mut place = |c: char, board: &mut [Option<char>; 64]| -> Option<()> {
        for _ in 0..100 {
            let sq = rng.below(64) as usize;
            let rank = sq / 8;
            if board[sq].is_some() || (c.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
                continue;
            }
            board[sq] = Some(c);
            return Some(());
        }
        None
    };
    let mut placed_ep = [false; 2];
    for (text, upper) in [(white, true), (black, false)] {
        for c in text.chars() {
            let piece = if upper { c } else { c.to_ascii_lowercase() };
            // The en passant pawns are already on the board.
            if ep.is_some() && c == 'P' {
                let slot = usize::from(!upper);
                if !placed_ep[slot] {
                    placed_ep[slot] = true;
                    continue;
                }
            }
            place(piece, &mut board)?;
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) if c != '-' => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let ep_text = ep.map_or("-".to_owned(), |sq| {
        format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
    });
    let fen = format!(
        "{fen} {} - {ep_text} 0 1",
        if white_to_move { 'w' } else { 'b' }
    );
    Chess::from_fen(&fen).ok().map(|_| fen)
}

fn python_chess(dir: &Path, fens: &[String]) -> Vec<String> {
    let python = std::env::var("QIPAN_PYTHON")
        .expect("QIPAN_PYTHON: a Python with chess (scripts/test-parts/30-python.sh sets it)");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/syzygy_probe.py");
    let mut child = Command::new(python)
        .arg(script)
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs python");
    let input = fens.join("\n") + "\n";
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn full_table_dir() -> PathBuf {
    PathBuf::from(std::env::var("QIPAN_SYZYGY").expect(
        "QIPAN_SYZYGY: a directory with every 3-4-piece table (scripts/test-parts/30-python.sh sets it)",
    ))
}

#[test]
#[ignore = "needs python-chess and the full table set: scripts/test-parts/30-python.sh"]
fn endgame_epd_on_every_table() {
    let mut tables = Tablebase::new();
    assert!(tables.add_directory(full_table_dir()).unwrap() >= 70);
    assert_eq!(check_epd(&tables, true), epd().len());
}

#[test]
#[ignore = "needs python-chess and the full table set: scripts/test-parts/30-python.sh"]
fn random_positions_agree_with_python_chess() {
    let dir = full_table_dir();
    let per_table: usize = std::env::var("QIPAN_SYZYGY_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let mut tables = Tablebase::new();
    tables.add_directory(&dir).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".rtbw").map(str::to_owned)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 35, "{names:?}");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut fens = Vec::new();
    for name in &names {
        let (a, b) = name.split_once('v').unwrap();
        let mut made = 0;
        let mut tries = 0;
        while made < per_table && tries < per_table * 50 {
            tries += 1;
            // Both colour assignments of the material.
            let (white, black) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            if let Some(fen) = random_fen(&mut rng, white, black) {
                fens.push(fen);
                made += 1;
            }
        }
        assert_eq!(made, per_table, "{name}");
    }
    let expected = python_chess(&dir, &fens);
    assert_eq!(expected.len(), fens.len());
    let (mut compared, mut with_ep, mut in_check) = (0, 0, 0);
    for (fen, want) in fens.iter().zip(&expected) {
        if want == "invalid" {
            continue;
        }
        let pos: Chess = fen.parse().unwrap();
        let got = match (tables.probe_wdl(&pos), tables.probe_dtz(&pos)) {
            (Ok(w), Ok(d)) => format!("{} {d}", w.to_i32()),
            (w, d) => format!("error {w:?} {d:?}"),
        };
        assert_eq!(&got, want, "{fen}");
        compared += 1;
        with_ep += usize::from(pos.legal_ep_square().is_some());
        in_check += usize::from(pos.is_check());
    }
    eprintln!(
        "{compared} positions of {} tables agree with python-chess ({with_ep} with en passant, {in_check} in check)",
        names.len()
    );
    assert!(
        compared * 10 >= fens.len() * 9,
        "{compared} of {}",
        fens.len()
    );
    assert!(with_ep >= 100 && in_check >= 100, "{with_ep} {in_check}");
}

// ---------------------------------------------------------------------------------------------
// Root probing and adjudication, on the repository's tables.

fn repository_tables() -> Tablebase {
    let mut tables = Tablebase::new();
    tables.add_directory(data_dir()).unwrap();
    tables
}

/// Playing a best move for both sides from a won position mates within the position's DTZ
/// (these materials have no pawn; a capture zeroes and the DTZ starts again): a wrong DTZ or
/// ranking would wander or lose the win.
#[test]
fn best_moves_mate_within_their_dtz() {
    let tables = repository_tables();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut games = 0;
    for (white, black) in [
        ("KQ", "K"),
        ("KR", "K"),
        ("KQR", "K"),
        ("KRR", "K"),
        ("KQ", "KQ"),
    ] {
        let mut tries = 0;
        let mut won = 0;
        while won < 6 && tries < 500 {
            tries += 1;
            let Some(fen) = random_fen(&mut rng, white, black) else {
                continue;
            };
            let mut pos: Chess = fen.parse().unwrap();
            let root = tables.probe_root(&pos).unwrap();
            if root.wdl != Wdl::Win {
                continue;
            }
            won += 1;
            let winner = pos.turn();
            let mut budget = root.dtz;
            let mut plies = 0;
            loop {
                let root = tables.probe_root(&pos).unwrap();
                let expected = if pos.turn() == winner {
                    Wdl::Win
                } else {
                    Wdl::Loss
                };
                assert_eq!(root.wdl, expected, "{}", pos.fen());
                let Some(best) = root.best_moves().next() else {
                    break;
                };
                assert_eq!(best.wdl, expected, "{}", pos.fen());
                assert!(root
                    .best_moves()
                    .all(|m| (m.rank, m.dtz) == (best.rank, best.dtz)));
                let zeroing = pos.is_zeroing(best.mv);
                pos.play_unchecked(best.mv);
                plies += 1;
                budget -= budget.signum();
                if zeroing {
                    budget = tables.probe_dtz(&pos).unwrap();
                    plies = 0;
                }
                assert!(plies <= 101, "no progress from {fen}");
            }
            assert!(pos.is_checkmate(), "{fen} ended in {}", pos.fen());
            assert_ne!(pos.turn(), winner);
            games += 1;
        }
    }
    assert!(games >= 25, "{games}");
}

#[test]
fn root_moves_of_a_mate_in_one() {
    let tables = repository_tables();
    // White: Ka6, Qb1; Black: Ka8. Qb7 is mate; Qb8+?? is a capture-draw (Kxb8).
    let pos: Chess = "k7/8/K7/8/8/8/8/1Q6 w - - 0 1".parse().unwrap();
    let root = tables.probe_root(&pos).unwrap();
    assert_eq!((root.wdl, root.dtz), (Wdl::Win, 1));
    let best: Vec<String> = root.best_moves().map(|m| m.mv.to_string()).collect();
    assert_eq!(best, ["b1b7"]);
    let mate = root
        .moves
        .iter()
        .find(|m| m.mv.to_string() == "b1b7")
        .unwrap();
    assert_eq!((mate.wdl, mate.dtz, mate.rank), (Wdl::Win, 1, 1000));
    let blunder = root
        .moves
        .iter()
        .find(|m| m.mv.to_string() == "b1b8")
        .unwrap();
    assert_eq!((blunder.wdl, blunder.dtz, blunder.rank), (Wdl::Draw, 0, 0));
    assert_eq!(root.moves.len(), pos.legal_moves().len());
}

#[test]
fn games_adjudicated_by_tablebase() {
    use qipan::{Color, Game, Termination};
    let tables = repository_tables();
    let mut game: Game<Chess> = Game::from_fen("8/8/8/8/8/2k5/8/KQ6 b - - 0 1").unwrap();
    let outcome = game.adjudicate_by_tablebase(&tables).unwrap().unwrap();
    assert_eq!(outcome.termination, Termination::Tablebase);
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(game.outcome(), Some(outcome));
    // Already over: nothing more.
    assert_eq!(game.adjudicate_by_tablebase(&tables), Ok(None));
    // A rook each: drawn.
    let mut game: Game<Chess> = Game::from_fen("8/8/3r4/8/8/2k5/8/KR6 w - - 0 1").unwrap();
    let outcome = game.adjudicate_by_tablebase(&tables).unwrap().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Tablebase, None)
    );
    // The 50-move counter too far for the win: a draw.
    let mut game: Game<Chess> = Game::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 99 80").unwrap();
    let outcome = game.adjudicate_by_tablebase(&tables).unwrap().unwrap();
    assert_eq!(outcome.winner, None);
    // Castling rights: not in the tables, the game goes on.
    let mut game: Game<Chess> = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert_eq!(
        game.adjudicate_by_tablebase(&tables),
        Err(SyzygyError::Castling)
    );
    assert_eq!(game.outcome(), None);
}
