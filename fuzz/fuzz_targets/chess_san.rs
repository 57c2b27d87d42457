//! SAN: a position reached by byte-chosen moves, then the rest of the input as SAN text. No
//! panic; an accepted move is legal (or a pass out of check) and its SAN reads back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::Variant;
use qipan_fuzz::{check_error, reach_chess, text, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let pos = reach_chess(&mut bytes);
    let text = text(bytes.rest());
    // A null move (`--`, `Z0`, `0000`, `@@@@`) is read as a pass when not in check; it is no
    // legal move of the position (fuzz finding 11: this target said it must be).
    let playable = |mv: qipan::chess::Move| {
        if mv.is_null() {
            !pos.is_check()
        } else {
            pos.is_legal(mv)
        }
    };
    match pos.parse_san(&text) {
        Ok(mv) => {
            assert!(playable(mv));
            let san = pos.san(mv);
            assert_eq!(pos.parse_san(&san), Ok(mv), "{san}");
        }
        Err(e) => check_error(&e),
    }
    match pos.parse_any(&text) {
        Ok(mv) => assert!(playable(mv)),
        Err(e) => check_error(&e),
    }
});
