//! ICCS moves, ranks 0-9 and 1-10: a position reached by byte-chosen moves, then the rest of the
//! input as text. No panic; an accepted move is legal and written back to the same move (`0000`
//! is the null move).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::xiangqi::{parse_iccs_move, IccsRanks};
use qipan::{Variant, Xiangqi};
use qipan_fuzz::{check_error, reach_xiangqi, text, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let pos = reach_xiangqi(&mut bytes);
    let text = text(bytes.rest());
    for ranks in [IccsRanks::ZeroBased, IccsRanks::OneBased] {
        match parse_iccs_move(&text, ranks) {
            Ok(mv) => assert_eq!(
                parse_iccs_move(&Xiangqi::iccs_with(mv, ranks), ranks),
                Ok(mv)
            ),
            Err(e) => check_error(&e),
        }
        match pos.parse_iccs_with(&text, ranks) {
            // `0000` is the null move, as UCI and UCCI write it: a pass, no legal move.
            Ok(mv) if mv.is_null() => assert_eq!(text, "0000"),
            Ok(mv) => {
                assert!(pos.is_legal(mv));
                assert_eq!(parse_iccs_move(&text, ranks), Ok(mv));
            }
            Err(e) => check_error(&e),
        }
    }
    if let Ok(mv) = text.parse::<qipan::xiangqi::Move>() {
        assert_eq!(mv.to_string().parse(), Ok(mv));
    }
    if let Err(e) = pos.parse_any(&text) {
        check_error(&e);
    }
});
