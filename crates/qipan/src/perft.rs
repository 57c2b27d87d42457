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

/// The deepest perft the front ends run (Python, JavaScript and the command line share it): far
/// beyond what finishes (chess depth 7 already takes half a minute), it only refuses nonsense.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Leaf nodes at `depth` plies below `pos`.
pub fn perft<V: Variant>(pos: &V, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
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
