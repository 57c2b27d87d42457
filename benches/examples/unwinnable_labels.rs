//! Writes `data/chess-unwinnable-labelled.epd`: qipan's own labelled set for "can this colour
//! still checkmate by some sequence of legal moves?", every label from `chasolver` 3.0 (MIT, a
//! dev-dependency of the benches only), positions built here from fixed seeds:
//!
//! `cargo run -p qipan-benches --release --example unwinnable_labels > data/chess-unwinnable-labelled.epd`
//! (about 20 minutes; `unwinnable_labels KIND…` writes only the kinds named)
//!
//! Kinds (the fourth field of every line):
//! * `game`: positions of random games, every 9th ply (mostly both sides can win);
//! * `ending`: positions of random games after 80 to 400 plies with at most 12 units;
//! * `sparse`: kings and one to four random units placed at random (≤ 6 units: small enough for
//!   the tests' exhaustive check of every "cannot");
//! * `minor`: kings with knights and bishops only, one or two a side (the self-block mates);
//! * `wall`: a rammed pawn wall across the board, kings on either side, sometimes one more pawn
//!   that can still move (pawn pushes inside a locked structure, boxed-in kings);
//! * `wall-bishop`: such a wall with bishops (mate-pattern test: bishops of one colour);
//! * `wall-pieces`: such a wall with knights, rooks or queens that may take a protected pawn;
//! * `corner`: a king in a corner shut in by its own pawns or pieces, the enemy with a few
//!   units (capturing the last blocker stalemates; one side with many moves that all end the game).
//!
//! * `note`: the six positions built and checked by hand in the project's unwinnability note
//!   (a pawn still movable behind a wall, a full wall with a bishop of one colour, a capture of
//!   the last blocker that stalemates, a boxed-in king, kings walking round a wall to mate).
//!
//! A position joins only when chasolver decides both colours and the position is legal for
//! qipan and for chasolver's board; at most `PER_LABEL` positions of one kind share a label, so
//! the rare verdicts (dead positions, one-sided wins) are not drowned.

use std::collections::HashSet;
use std::str::FromStr;

use chasolver::{winnability, Winnability};
use qipan::chess::Chess;
use qipan::Variant;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A board being built: 64 squares (a1 = 0), `.` empty.
#[derive(Clone)]
struct Board([u8; 64]);

impl Board {
    fn empty() -> Board {
        Board([b'.'; 64])
    }
    fn free(&self, sq: usize) -> bool {
        self.0[sq] == b'.'
    }
    /// Puts `piece` on a random free square allowed by `ok`; false when none is found.
    fn place(&mut self, rng: &mut Rng, piece: u8, ok: impl Fn(usize) -> bool) -> bool {
        for _ in 0..200 {
            let sq = rng.below(64);
            let rank = sq / 8;
            let pawn = piece == b'P' || piece == b'p';
            if self.free(sq) && ok(sq) && !(pawn && (rank == 0 || rank == 7)) {
                self.0[sq] = piece;
                return true;
            }
        }
        false
    }
    fn fen(&self, white_to_move: bool) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let c = self.0[rank * 8 + file];
                if c == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(char::from(c));
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let turn = if white_to_move { "w" } else { "b" };
        format!("{out} {turn} - - 0 1")
    }
}

fn far_from(sq: usize, other: usize) -> bool {
    let (f1, r1) = ((sq % 8) as i32, (sq / 8) as i32);
    let (f2, r2) = ((other % 8) as i32, (other / 8) as i32);
    (f1 - f2).abs() > 1 || (r1 - r2).abs() > 1
}

/// Kings on random squares (not touching), allowed by `white_ok` / `black_ok`.
fn kings(
    board: &mut Board,
    rng: &mut Rng,
    white_ok: impl Fn(usize) -> bool,
    black_ok: impl Fn(usize) -> bool,
) -> bool {
    if !board.place(rng, b'K', white_ok) {
        return false;
    }
    let white = board.0.iter().position(|&c| c == b'K').unwrap();
    board.place(rng, b'k', |sq| black_ok(sq) && far_from(sq, white))
}

fn random_game_positions(
    rng: &mut Rng,
    from_ply: usize,
    every: usize,
    max_units: u32,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut pos = Chess::start();
    for ply in 0..400 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
        if ply >= from_ply && ply % every == 0 && pos.occupied().count() <= max_units {
            out.push(pos.fen());
        }
    }
    out
}

fn sparse(rng: &mut Rng) -> Option<String> {
    let mut b = Board::empty();
    if !kings(&mut b, rng, |_| true, |_| true) {
        return None;
    }
    for _ in 0..1 + rng.below(4) {
        let piece = b"PNBRQpnbrqPNBpnb"[rng.below(16)];
        b.place(rng, piece, |_| true);
    }
    Some(b.fen(rng.chance(50)))
}

fn minor(rng: &mut Rng) -> Option<String> {
    let mut b = Board::empty();
    if !kings(&mut b, rng, |_| true, |_| true) {
        return None;
    }
    for _ in 0..1 + rng.below(2) {
        let piece = b"NB"[rng.below(2)];
        b.place(rng, piece, |_| true);
    }
    for _ in 0..rng.below(3) {
        let piece = b"nbp"[rng.below(3)];
        b.place(rng, piece, |_| true);
    }
    Some(b.fen(rng.chance(50)))
}

/// A rammed pawn wall: on every file (some files left open at random) a white pawn on a rank
/// between 2 and 6 and a black pawn right above; neighbouring heights differ by at most one.
/// Returns the white pawns' ranks per file (None for an open file).
fn wall(b: &mut Board, rng: &mut Rng, open_percent: u64) -> [Option<usize>; 8] {
    let mut heights = [None; 8];
    let mut h = 1 + rng.below(4); // rank index of the white pawn: 1..=4
    for (file, height) in heights.iter_mut().enumerate() {
        if file > 0 {
            h = (h as i32 + rng.below(3) as i32 - 1).clamp(1, 5) as usize;
        }
        if rng.chance(open_percent) {
            continue;
        }
        b.0[h * 8 + file] = b'P';
        b.0[(h + 1) * 8 + file] = b'p';
        *height = Some(h);
    }
    heights
}

/// Below (`white`) or above the wall on the king's file.
fn side_of_wall(heights: [Option<usize>; 8], white: bool) -> impl Fn(usize) -> bool {
    move |sq| {
        let (file, rank) = (sq % 8, sq / 8);
        let h = heights[file].unwrap_or(3);
        if white {
            rank < h
        } else {
            rank > h + 1
        }
    }
}

fn walled(rng: &mut Rng, extra: &[u8], extras: usize) -> Option<String> {
    let mut b = Board::empty();
    let heights = wall(&mut b, rng, 8);
    let (w, k) = (side_of_wall(heights, true), side_of_wall(heights, false));
    let swap = rng.chance(15);
    let ok = if swap {
        kings(&mut b, rng, |_| true, |_| true)
    } else {
        kings(&mut b, rng, w, k)
    };
    if !ok {
        return None;
    }
    for _ in 0..extras {
        let piece = extra[rng.below(extra.len())];
        b.place(rng, piece, |_| true);
    }
    Some(b.fen(rng.chance(50)))
}

fn corner(rng: &mut Rng) -> Option<String> {
    let mut b = Board::empty();
    // Black's king in the h8 corner, shut in by its own units on g8/g7/h7 (some of them).
    b.0[63] = b'k';
    let shields = [(62, b"bnrp"), (54, b"pbnp"), (55, b"pppb")];
    for (sq, choices) in shields {
        if rng.chance(75) {
            let piece = choices[rng.below(choices.len())];
            if piece == b'p' && sq / 8 == 7 {
                continue;
            }
            b.0[sq] = piece;
            // A white pawn rams a black one in front of it.
            if piece == b'p' && rng.chance(70) && b.free(sq - 8) {
                b.0[sq - 8] = b'P';
            }
        }
    }
    if !b.place(rng, b'K', |sq| far_from(sq, 63)) {
        return None;
    }
    for _ in 0..rng.below(3) {
        let piece = b"NBRQPpnb"[rng.below(8)];
        b.place(rng, piece, |_| true);
    }
    Some(b.fen(rng.chance(50)))
}

fn label(fen: &str) -> Option<&'static str> {
    let board = chess::Board::from_str(fen).ok()?;
    let win = |color| match winnability(&board, color)? {
        Winnability::Winnable { .. } => Some(true),
        Winnability::Unwinnable => Some(false),
    };
    Some(
        match (win(chess::Color::White)?, win(chess::Color::Black)?) {
            (true, true) => "both",
            (true, false) => "white",
            (false, true) => "black",
            (false, false) => "none",
        },
    )
}

/// The note's hand-checked positions (ours; none from a published test set).
const NOTE: [&str; 6] = [
    "4k3/8/8/p2p2p1/P2P2P1/8/3P4/4K3 w - - 0 1",
    "4k3/1B6/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1",
    "5b1k/4p1p1/4P1P1/8/8/8/8/4K3 w - - 0 1",
    "4k3/p7/8/8/8/6p1/P5Pp/7K w - - 0 1",
    "3k4/8/3K4/p1p2p1p/P1P2P1P/8/8/8 w - - 0 1",
    "k7/8/2K5/p1p1p1p1/P1P1P1P1/8/8/8 w - - 0 1",
];

fn main() {
    type Maker = fn(&mut Rng) -> Vec<String>;
    let kinds: [(&str, u64, usize, Maker); 9] = [
        ("note", 1, 6, |_| {
            NOTE.iter().map(|f| f.to_string()).collect()
        }),
        ("game", 0x6a3e, 300, |r| random_game_positions(r, 0, 9, 32)),
        ("ending", 0xe1d5, 400, |r| {
            random_game_positions(r, 80, 5, 12)
        }),
        ("sparse", 0x5a25, 400, |r| sparse(r).into_iter().collect()),
        ("minor", 0x3170, 300, |r| minor(r).into_iter().collect()),
        ("wall", 0x3a11, 300, |r| {
            let extras = r.below(2);
            walled(r, b"Pp", extras).into_iter().collect()
        }),
        ("wall-bishop", 0xb15f, 300, |r| {
            let extras = 1 + r.below(3);
            walled(r, b"BbBbBP", extras).into_iter().collect()
        }),
        ("wall-pieces", 0x91ec, 300, |r| {
            let extras = 1 + r.below(3);
            walled(r, b"NnRrQqBb", extras).into_iter().collect()
        }),
        ("corner", 0xc0e7, 250, |r| corner(r).into_iter().collect()),
    ];
    println!("# qipan's labelled set for \"can this colour still checkmate by some sequence of legal moves?\"");
    println!("# Positions built from fixed seeds by benches/examples/unwinnable_labels.rs (see its kinds);");
    println!("# every label is chasolver 3.0.0's verdict for both colours (crates.io, MIT).");
    println!("# FEN ; can_win white|black|both|none ; kind NAME ; source");
    // `unwinnable_labels KIND…` writes only those kinds (all when none is named).
    let only: Vec<String> = std::env::args().skip(1).collect();
    let mut seen = HashSet::new();
    for (kind, seed, wanted, make) in kinds {
        if !only.is_empty() && !only.iter().any(|k| k == kind) {
            continue;
        }
        let mut rng = Rng(seed * 0x9e37_79b9 + 1);
        let mut per_label = std::collections::HashMap::new();
        let mut kept = 0;
        let mut tries = 0;
        let started = std::time::Instant::now();
        // A kind stops after 2,000 or 4,000 makes or 3 minutes (the rare labels are looked for
        // until then).
        while kept < wanted
            && tries
                < if kind == "game" || kind == "ending" {
                    2_000
                } else {
                    4_000
                }
            && started.elapsed().as_secs() < 180
        {
            tries += 1;
            for fen in make(&mut rng) {
                if kept >= wanted {
                    break;
                }
                let Ok(pos) = Chess::from_fen_strict(&fen) else {
                    continue;
                };
                let fen = pos.fen();
                let placement = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
                if !seen.insert(placement) {
                    continue;
                }
                let Some(verdict) = label(&fen) else {
                    eprintln!("chasolver undecided or refused: {fen}");
                    continue;
                };
                let count = per_label.entry(verdict).or_insert(0usize);
                if *count >= wanted.div_ceil(2) && kind != "note" {
                    continue;
                }
                *count += 1;
                kept += 1;
                println!("{fen} ; can_win {verdict} ; kind {kind} ; chasolver 3.0.0");
            }
        }
        eprintln!("{kind}: {kept} positions {per_label:?}");
    }
}
