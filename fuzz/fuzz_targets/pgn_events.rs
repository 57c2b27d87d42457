//! The PGN event reader (`qipan::pgn::EventReader`, python-chess's reading rules) on any text:
//! game after game to the end, some games skipped; with bit 2 of the first byte set, the games
//! are built into trees (`AnyGameTree::read_events`, python-chess's `read_game`) and written
//! back. Never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::pgn::{EventReader, Limits, PgnEvent, ReadLines};
use qipan::tree::AnyGameTree;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let mut source = ReadLines(text);
    if mode & 4 == 4 {
        let limits = Limits::default();
        for _ in 0..64 {
            let mut reader = EventReader::new(source);
            match AnyGameTree::read_events(&mut reader, &limits) {
                Ok(Some(Ok(tree))) => {
                    let _ = qipan::with_any_tree!(&tree, |t| t.write_pgn(&Default::default()));
                }
                Ok(Some(Err(_))) => {}
                Ok(None) | Err(_) => return,
            }
            source = reader.into_source();
        }
        return;
    }
    loop {
        let mut reader = EventReader::new(source);
        let mut game = false;
        loop {
            match reader.next_event() {
                Ok(Some(PgnEvent::BeginGame)) => {
                    game = true;
                    if mode & 1 == 1 {
                        reader.skip_game();
                    }
                }
                Ok(Some(PgnEvent::EndHeaders)) if mode & 2 == 2 => reader.skip_game(),
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(_) => return,
            }
        }
        if !game {
            return;
        }
        source = reader.into_source();
    }
});
