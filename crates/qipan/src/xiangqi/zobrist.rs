//! Zobrist keys: one random 64-bit key per (piece, square) and one for "Black to move", made at
//! compile time by a fixed SplitMix64 sequence, so keys are the same in every build.
//!
//! The key of a position is the XOR of the keys of its pieces, and of [`SIDE_KEY`] when Black is
//! to move; [`Xiangqi::play_unchecked`](crate::Variant::play_unchecked) updates it incrementally.
//!
//! ```
//! use qipan::{Variant, Xiangqi};
//! let start = Xiangqi::start();
//! let mut next = start;
//! next.play_unchecked(start.parse_move("h2e2").unwrap());
//! assert_ne!(start.zobrist(), next.zobrist());
//! assert_eq!(next.zobrist(), Xiangqi::from_fen(&next.fen()).unwrap().zobrist());
//! ```

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 90]; 14] {
    let mut t = [[0; 90]; 14];
    let mut state = 0x5851_E473_CF7E_1F4A;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (next, key) = splitmix(state);
            state = next;
            t[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    t
}

/// Keys by piece (`color * 7 + kind`) and square.
pub(crate) static PIECE_KEYS: [[u64; 90]; 14] = piece_keys();

/// XORed in when Black is to move.
pub const SIDE_KEY: u64 = splitmix(0x1234_5678_9ABC_DEF0).1;
