//! EPD operations: a position reached by byte-chosen moves, then the rest of the input as the
//! operations of an EPD of it. No panic; operations that are read are written back and read
//! again to the same operands (`bm`/`am` as sets: they are written sorted).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, EpdError, EpdOperand};
use qipan_fuzz::{check_error, reach_chess, text, Bytes};

fn normalized(ops: &[(String, EpdOperand)]) -> Vec<(String, EpdOperand)> {
    ops.iter()
        .map(|(opcode, operand)| {
            let operand = match operand {
                EpdOperand::Moves(moves) => {
                    let mut moves = moves.clone();
                    moves.sort_by_key(|mv| format!("{mv:?}"));
                    EpdOperand::Moves(moves)
                }
                other => other.clone(),
            };
            (opcode.clone(), operand)
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let pos = reach_chess(&mut bytes);
    let text = text(bytes.rest());
    let ops = match pos.parse_epd_operations(&text) {
        Ok(ops) => ops,
        Err(EpdError::Move(e)) => return check_error(&e),
        Err(_) => return,
    };
    let written = match pos.epd(&ops) {
        Ok(written) => written,
        // An opcode ended by `;` is read unchecked (as python-chess reads it) but not written.
        Err(EpdError::Opcode(_)) => return,
        Err(e) => panic!("operations read but not written: {e}"),
    };
    // A null move is written `--`, which reads back as a (bad) number: python-chess's EPD does
    // the same, and qipan.chess follows it, so such operations do not round-trip.
    let null = |mv: &qipan::chess::Move| mv.is_null();
    if ops.iter().any(|(_, operand)| match operand {
        EpdOperand::Move(mv) => null(mv),
        EpdOperand::Moves(list) | EpdOperand::Variation(list) => list.iter().any(null),
        _ => false,
    }) {
        return;
    }
    let fields: Vec<&str> = written.splitn(5, ' ').take(4).collect();
    let fen = format!("{} 0 1", fields.join(" "));
    let again = if pos.chess960() {
        Chess::from_fen_960(&fen)
    } else {
        Chess::from_fen_relaxed(&fen)
    }
    .expect("the EPD's position");
    let rest = written.splitn(5, ' ').nth(4).unwrap_or("");
    let reread = again
        .parse_epd_operations(rest)
        .expect("written operations read back");
    assert_eq!(normalized(&reread), normalized(&ops), "{written}");
});
