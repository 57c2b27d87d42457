//! Perft: the number of leaf nodes of the legal-move tree, the standard test of a move generator.
//!
//! The last ply is counted in bulk ([`Variant::count_legal_moves`]), without playing the moves,
//! as the peers' perft does.
//!
//! ```
//! use qipan::{perft, Chess, Variant};
//! assert_eq!(perft(&Chess::start(), 3), 8902);
//! ```

use crate::Variant;

/// The deepest perft the Python and JavaScript boards accept. The command line bounds the work
/// instead ([`check_perft_work`]): a blocked position with one legal move at every ply counts
/// to depth 32 (or 10,000) at once.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// The most work [`check_perft_work`] lets a perft start: 10^18 positions visited, past which
/// the count nears `u64::MAX` and, at a billion positions a second, the run takes thirty years.
pub const MAX_PERFT_WORK: f64 = 1e18;

/// Leaf nodes at `depth` plies below `pos`.
///
/// A position with a single legal move is stepped through, not recursed into, so a blocked
/// position (one move at every ply) costs one move generation per ply at any depth.
pub fn perft<V: Variant>(pos: &V, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let moves = pos.legal_moves();
            match moves.len() {
                0 => 0,
                1 => {
                    let mut child = pos.clone();
                    child.play_unchecked(moves[0]);
                    perft_chain(child, depth - 1)
                }
                _ => moves
                    .into_iter()
                    .map(|mv| {
                        let mut child = pos.clone();
                        child.play_unchecked(mv);
                        perft(&child, depth - 1)
                    })
                    .sum(),
            }
        }
    }
}

/// [`perft`] of a position reached through a single legal move: steps on while the move stays
/// forced, then counts as usual.
#[cold]
fn perft_chain<V: Variant>(mut pos: V, mut depth: u32) -> u64 {
    while depth > 1 {
        let moves = pos.legal_moves();
        match moves.len() {
            0 => return 0,
            1 => {
                pos.play_unchecked(moves[0]);
                depth -= 1;
            }
            _ => return perft(&pos, depth),
        }
    }
    perft(&pos, depth)
}

/// How big a perft is, extrapolated from the counts of its first plies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PerftEstimate {
    /// The depth asked for.
    pub depth: u32,
    /// The expected number of leaf nodes (the answer).
    pub nodes: f64,
    /// The expected number of positions visited on the way: the work, which for a blocked
    /// position (one move per ply) grows with the depth while the nodes stay at 1.
    pub work: f64,
    /// The deepest ply counted exactly for the estimate.
    pub probe_depth: u32,
    /// Positions counted for the estimate.
    pub probe_nodes: u64,
    /// Seconds the probe took.
    pub probe_seconds: f64,
}

/// A perft refused because its work is beyond [`MAX_PERFT_WORK`].
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error(
    "perft {depth} would visit about {work:.1e} positions (extrapolated), beyond the {max:.0e} \
     a count can take; choose a smaller depth",
    depth = .0.depth, work = .0.work, max = MAX_PERFT_WORK
)]
pub struct PerftTooBig(pub PerftEstimate);

/// Estimates the perft of `pos` at `depth` from exact counts at depths 3 and 4 (fewer when
/// `depth` is small): the growth between them, carried on to `depth`.
pub fn estimate_perft<V: Variant>(pos: &V, depth: u32) -> PerftEstimate {
    const PROBE: u32 = 4;
    let started = std::time::Instant::now();
    let probe_depth = depth.min(PROBE);
    let below = perft(pos, probe_depth.saturating_sub(1));
    let probe = perft(pos, probe_depth);
    let probe_seconds = started.elapsed().as_secs_f64();
    let estimate = |nodes: f64, work: f64| PerftEstimate {
        depth,
        nodes,
        work,
        probe_depth,
        probe_nodes: below + probe,
        probe_seconds,
    };
    if depth <= PROBE || below == 0 || probe == 0 {
        return estimate(probe as f64, (below + probe) as f64);
    }
    let growth = probe as f64 / below as f64;
    let plies = (depth - PROBE) as i32;
    let nodes = probe as f64 * growth.powi(plies);
    // The positions at depths PROBE .. depth - 1 (those whose moves are generated).
    let work = if (growth - 1.0).abs() < 1e-9 {
        probe as f64 * f64::from(depth - PROBE)
    } else {
        probe as f64 * (growth.powi(plies) - 1.0) / (growth - 1.0)
    };
    estimate(nodes, work.max(nodes))
}

/// The estimate of a perft, or [`PerftTooBig`] when its work is beyond [`MAX_PERFT_WORK`]:
/// what a front end asks before it starts a count it could never finish. The bound is on the
/// work, not the depth.
///
/// ```
/// use qipan::{check_perft_work, perft, Chess, Variant};
/// // A blocked position: one legal move at every ply.
/// let blocked = Chess::from_fen("2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1").unwrap();
/// assert!(check_perft_work(&blocked, 32).is_ok());
/// assert_eq!(perft(&blocked, 32), 1);
/// assert!(check_perft_work(&Chess::start(), 32).is_err());
/// ```
pub fn check_perft_work<V: Variant>(pos: &V, depth: u32) -> Result<PerftEstimate, PerftTooBig> {
    let estimate = estimate_perft(pos, depth);
    if estimate.work.is_finite() && estimate.work <= MAX_PERFT_WORK {
        Ok(estimate)
    } else {
        Err(PerftTooBig(estimate))
    }
}

/// Perft split by root move, in generation order.
pub fn divide<V: Variant>(pos: &V, depth: u32) -> Vec<(V::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// [`divide`] on `threads` threads (the root moves are shared out between them).
pub fn divide_threads<V: Variant>(pos: &V, depth: u32, threads: usize) -> Vec<(V::Move, u64)> {
    let threads = threads.max(1);
    if threads == 1 || depth <= 1 {
        return divide(pos, depth);
    }
    let moves: Vec<V::Move> = pos.legal_moves().into_iter().collect();
    // More threads than root moves would only idle (and a huge count cannot be spawned).
    let threads = threads.min(moves.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut counts = vec![0u64; moves.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&mv) = moves.get(i) else { break };
                        let mut child = pos.clone();
                        child.play_unchecked(mv);
                        done.push((i, perft(&child, depth - 1)));
                    }
                    done
                })
            })
            .collect();
        for worker in workers {
            for (i, n) in worker.join().expect("perft worker panicked") {
                counts[i] = n;
            }
        }
    });
    moves.into_iter().zip(counts).collect()
}

/// [`perft`] on `threads` threads.
pub fn perft_threads<V: Variant>(pos: &V, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth <= 1 {
        return perft(pos, depth);
    }
    divide_threads(pos, depth, threads)
        .into_iter()
        .map(|(_, n)| n)
        .sum()
}
