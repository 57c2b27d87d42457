//! Polyglot books: a byte-chosen position, then any bytes as a book, every lookup checked; the
//! same bytes as PGN through the book writer (see `qipan_fuzz::check_book`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| qipan_fuzz::check_book(data));
