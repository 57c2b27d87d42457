//! SAN: a position reached by byte-chosen moves, then the rest of the input as SAN text. No
//! panic; an accepted move is legal and its SAN reads back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::Variant;
use qipan_fuzz::{check_error, reach_chess, text, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let pos = reach_chess(&mut bytes);
    let text = text(bytes.rest());
    match pos.parse_san(&text) {
        Ok(mv) => {
            assert!(pos.is_legal(mv));
            let san = pos.san(mv);
            assert_eq!(pos.parse_san(&san), Ok(mv), "{san}");
        }
        Err(e) => check_error(&e),
    }
    match pos.parse_any(&text) {
        Ok(mv) => assert!(pos.is_legal(mv)),
        Err(e) => check_error(&e),
    }
});
