//! The PGN event reader (`qipan::pgn::EventReader`, python-chess's reading rules) on any text:
//! game after game to the end, some games skipped; never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::pgn::{EventReader, PgnEvent, ReadLines};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let mut source = ReadLines(text);
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
