//! Zobrist keys against the published Polyglot examples.

use qipan::{Chess, Variant};

fn key_after(moves: &[&str]) -> u64 {
    let mut pos = Chess::start();
    for mv in moves {
        let mv = pos.parse_uci(mv).unwrap();
        pos.play_unchecked(mv);
        assert_eq!(pos.zobrist(), pos.zobrist_recomputed());
    }
    pos.zobrist()
}

#[test]
fn polyglot_published_keys() {
    let line = ["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"];
    let expected = [
        0x463b96181691fc9c,
        0x823c9b50fd114196,
        0x0756b94461c50fb0,
        0x662fafb965db29d4,
        0x22a48b5a8e47ff78,
        0x652a607ca3f242c1,
        0x00fdd303c946bdd9,
    ];
    for (n, &key) in expected.iter().enumerate() {
        assert_eq!(key_after(&line[..n]), key, "after {:?}", &line[..n]);
    }
    assert_eq!(
        key_after(&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"]),
        0x3c8123ea7b067637
    );
    assert_eq!(
        key_after(&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"]),
        0x5c3f9b829b279560
    );
}

#[test]
fn polyglot_keys_survive_fen() {
    let mut pos = Chess::start();
    for mv in ["e2e4", "d7d5", "e4e5", "f7f5"] {
        let mv = pos.parse_uci(mv).unwrap();
        pos.play_unchecked(mv);
    }
    let reloaded = Chess::from_fen(&pos.fen()).unwrap();
    assert_eq!(reloaded.zobrist(), 0x22a48b5a8e47ff78);
}

#[test]
fn start_position_written_out_equals_the_fen_read() {
    let start = Chess::start();
    let read = Chess::from_fen(qipan::chess::START_FEN).unwrap();
    assert_eq!(start, read);
    assert_eq!(start.fen(), qipan::chess::START_FEN);
    assert_eq!(start.zobrist(), start.zobrist_recomputed());
}
