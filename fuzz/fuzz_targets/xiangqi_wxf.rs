//! WXF moves: a position reached by byte-chosen moves, then the rest of the input as WXF text.
//! No panic; an accepted move is legal and its WXF reads back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::Variant;
use qipan_fuzz::{check_error, reach_xiangqi, text, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let pos = reach_xiangqi(&mut bytes);
    let text = text(bytes.rest());
    match pos.parse_wxf(&text) {
        Ok(mv) => {
            assert!(pos.is_legal(mv));
            let wxf = pos.wxf(mv);
            assert_eq!(pos.parse_wxf(&wxf), Ok(mv), "{wxf}");
        }
        Err(e) => check_error(&e),
    }
    match pos.parse_any(&text) {
        // A null move text (`Z0`, `--`) reads as a pass, which is no legal move.
        Ok(mv) => assert!(mv.is_null() || pos.is_legal(mv), "{text:?}"),
        Err(e) => check_error(&e),
    }
});
