use super::*;
use crate::chess::{CastlingSide, Chess};
use crate::Variant;

fn book_of(entries: &[Entry]) -> Book<Vec<u8>> {
    Book::from_bytes(entries.iter().flat_map(|e| e.to_bytes()).collect()).unwrap()
}

fn raw(from: Square, to: Square, promotion: u16) -> u16 {
    to.index() as u16 | (from.index() as u16) << 6 | promotion << 12
}

#[test]
fn entry_bytes_are_big_endian() {
    let bytes = [1, 2, 3, 4, 5, 6, 7, 8, 0x0a, 0x0b, 0, 7, 0, 0, 1, 0];
    let entry = Entry::from_bytes(bytes);
    assert_eq!(entry.key, 0x0102_0304_0506_0708);
    assert_eq!(entry.raw_move, 0x0a0b);
    assert_eq!(entry.weight, 7);
    assert_eq!(entry.learn, 256);
    assert_eq!(entry.to_bytes(), bytes);
}

#[test]
fn truncated_book_is_an_error() {
    assert!(matches!(
        Book::from_bytes(vec![0; 17]),
        Err(BookError::Truncated { len: 17 })
    ));
    assert!(Book::from_bytes(Vec::new()).unwrap().is_empty());
}

#[test]
fn castling_king_takes_rook_becomes_castling() {
    let pos: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let mv = RawMove::decode(raw(Square::E1, Square::H1, 0))
        .resolve(&pos)
        .unwrap();
    assert_eq!(mv.castling_side(), Some(CastlingSide::KingSide));
    let mv = RawMove::decode(raw(Square::E1, Square::A1, 0))
        .resolve(&pos)
        .unwrap();
    assert_eq!(mv.castling_side(), Some(CastlingSide::QueenSide));
    // Without the right, the king cannot go to h1 at all.
    let pos: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1".parse().unwrap();
    assert_eq!(
        RawMove::decode(raw(Square::E1, Square::H1, 0)).resolve(&pos),
        None
    );
}

#[test]
fn rook_move_that_looks_like_castling_stays_a_rook_move() {
    // A rook on e1 (no king there) going to h1 is a plain rook move.
    let pos: Chess = "3k4/8/8/8/8/8/8/2K1R3 w - - 0 1".parse().unwrap();
    let mv = RawMove::decode(raw(Square::E1, Square::H1, 0))
        .resolve(&pos)
        .unwrap();
    assert!(!mv.is_castle());
    assert_eq!((mv.from(), mv.to()), (Square::E1, Square::H1));
}

#[test]
fn promotions_decode() {
    let pos: Chess = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    for (bits, role) in [
        (1, Role::Knight),
        (2, Role::Bishop),
        (3, Role::Rook),
        (4, Role::Queen),
    ] {
        let decoded = RawMove::decode(raw(Square::E7, Square::E8, bits));
        assert_eq!(decoded.promotion_role(), Some(role));
        assert_eq!(decoded.resolve(&pos).unwrap().promotion_role(), Some(role));
    }
    for bits in 5..8 {
        assert_eq!(
            RawMove::decode(raw(Square::E7, Square::E8, bits)).resolve(&pos),
            None
        );
    }
    // A pawn reaching the last rank without a promotion piece is no legal move.
    assert_eq!(
        RawMove::decode(raw(Square::E7, Square::E8, 0)).resolve(&pos),
        None
    );
}

#[test]
fn lookup_order_weight_and_exclusions() {
    let start = Chess::start();
    let key = start.zobrist();
    let e4 = Entry {
        key,
        raw_move: raw(Square::E2, Square::E4, 0),
        weight: 5,
        learn: 0,
    };
    let d4 = Entry {
        key,
        raw_move: raw(Square::D2, Square::D4, 0),
        weight: 9,
        learn: 0,
    };
    let bad = Entry {
        key,
        raw_move: raw(Square::E2, Square::E5, 0),
        weight: 50,
        learn: 0,
    };
    let other = Entry { key: key + 1, ..e4 };
    let low = Entry { key: key - 1, ..e4 };
    let book = book_of(&[low, e4, bad, d4, other]);
    let all = book.find_all(&start, 1, &[]).unwrap();
    assert_eq!(
        all.iter().map(|e| e.entry).collect::<Vec<_>>(),
        vec![e4, d4]
    );
    assert_eq!(book.find(&start, 1, &[]).unwrap().unwrap().entry, d4);
    assert_eq!(book.find_all(&start, 6, &[]).unwrap().len(), 1);
    let d4_move = all[1].mv;
    assert_eq!(book.find(&start, 1, &[d4_move]).unwrap().unwrap().entry, e4);
    assert_eq!(book.entries(key).unwrap().len(), 3);
    // choice: reservoir sampling, `below(i + 1) == i` takes entry i.
    let chosen = book.choice(&start, 1, &[], |n| n - 1).unwrap().unwrap();
    assert_eq!(chosen.entry, d4);
    let chosen = book.choice(&start, 1, &[], |_| 0).unwrap().unwrap();
    assert_eq!(chosen.entry, e4);
    // weighted: 0..5 is e4, 5..14 is d4.
    assert_eq!(
        book.weighted_choice(&start, &[], |_| 4)
            .unwrap()
            .unwrap()
            .entry,
        e4
    );
    assert_eq!(
        book.weighted_choice(&start, &[], |_| 5)
            .unwrap()
            .unwrap()
            .entry,
        d4
    );
    assert!(book.verify().is_ok());
    assert!(matches!(
        book.get(5),
        Err(BookError::OutOfRange { index: 5, len: 5 })
    ));
    let unsorted = book_of(&[e4, low]);
    assert!(matches!(
        unsorted.verify(),
        Err(BookError::Unsorted { index: 1 })
    ));
}

#[test]
fn raw_move_uci_as_python_chess_writes_it() {
    assert_eq!(
        RawMove::decode(raw(Square::E1, Square::H1, 0)).uci(),
        "e1h1"
    );
    assert_eq!(
        RawMove::decode(raw(Square::E7, Square::E8, 4)).uci(),
        "e7e8q"
    );
    assert_eq!(RawMove::decode(0).uci(), "0000");
    assert_eq!(
        RawMove::decode(raw(Square::E4, Square::E4, 4)).uci(),
        "Q@e4"
    );
}

#[test]
fn builder_weighs_as_polyglot() {
    let mut builder = BookBuilder::new();
    builder.min_games = 2;
    builder.add_pgn(
        b"[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n\n\
          [Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2\n",
    );
    let entries = builder.entries();
    // e4: won once, lost once = 2; d4: two draws = 2; the black replies were played once each.
    assert_eq!(entries.len(), 2);
    assert!(entries
        .iter()
        .all(|e| e.weight == 2 && e.key == Chess::start().zobrist()));
    builder.max_ply = 0;
    let mut none = BookBuilder::new();
    none.max_ply = 0;
    none.add_pgn(b"1. e4 *\n");
    assert!(none.entries().is_empty());
}

/// python-chess's `bisect_key_left`, one key read per step.
fn naive_lower_bound(keys: &[u64], key: u64) -> u64 {
    let (mut lo, mut hi) = (0, keys.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if keys[mid] < key {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo as u64
}

#[test]
fn search_visits_python_chess_midpoints_even_out_of_order() {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for len in [0usize, 1, 2, 31, 32, 33, 100, 1000, 5000, 40_000] {
        for sorted in [true, false] {
            let mut keys: Vec<u64> = (0..len).map(|_| next() % 500).collect();
            if sorted {
                keys.sort_unstable();
            }
            let entries: Vec<Entry> = keys
                .iter()
                .map(|&key| Entry {
                    key,
                    raw_move: 0,
                    weight: 1,
                    learn: 0,
                })
                .collect();
            let book = book_of(&entries);
            for probe in 0..60 {
                let key = if probe % 2 == 0 {
                    next() % 520
                } else {
                    keys.get(probe * 7 % len.max(1)).copied().unwrap_or(3)
                };
                assert_eq!(
                    book.lower_bound(key).unwrap(),
                    naive_lower_bound(&keys, key),
                    "{len} {sorted} {key}"
                );
                // A second search reads the cached levels.
                assert_eq!(
                    book.lower_bound(key).unwrap(),
                    naive_lower_bound(&keys, key)
                );
                let expected = keys[naive_lower_bound(&keys, key) as usize..]
                    .iter()
                    .take_while(|&&k| k == key)
                    .count();
                assert_eq!(book.entries(key).unwrap().len(), expected);
            }
        }
    }
}

#[test]
fn raw_moves_as_coordinates_are_their_uci_but_for_nonsense_pieces() {
    for promotion in 0..8 {
        for (from, to) in [
            (Square::E7, Square::E8),
            (Square::E4, Square::E4),
            (Square::A1, Square::A1),
        ] {
            let raw_move = RawMove::decode(raw(from, to, promotion));
            let uci = raw_move.uci();
            if uci.contains('?') {
                // A damaged book's piece number 7 or 8: the coordinates leave it out.
                assert_eq!(raw_move.coords().promotion(), None, "{uci}");
                assert_eq!(raw_move.coords().drop_role(), None, "{uci}");
            } else {
                assert_eq!(raw_move.coords().as_str(), uci);
            }
        }
    }
}
