//! UCI moves: a position reached by byte-chosen moves, then the rest of the input as UCI text.
//! No panic; an accepted move is legal and written back as the same text's move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::Variant;
use qipan_fuzz::{check_error, reach_chess, text, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let pos = reach_chess(&mut bytes);
    let text = text(bytes.rest());
    match pos.parse_uci(&text) {
        Ok(mv) => {
            assert!(pos.is_legal(mv));
            assert_eq!(pos.parse_uci(&pos.uci(mv)), Ok(mv));
            assert_eq!(pos.parse_any(&text), Ok(mv));
        }
        Err(e) => check_error(&e),
    }
    if let Err(e) = pos.parse_move(&text) {
        check_error(&e);
    }
});
