//! [`replay_range`]: the games of a byte range of a file.

use std::io::{self, BufReader, Read, Seek, SeekFrom};

use super::super::split::{is_sync_line, line_kind, read_line_capped, LineKind};
use super::super::Splitter;
use super::{BulkOptions, BulkReplay};

/// Replays the games of the chunks that begin in `[start, end)` of `file` (see the module docs of
/// `pgn::bulk` for chunks and sync lines): the games that start in the range, for a file where
/// every game starts with tags after a blank line.
///
/// The summaries' `offset` and `line` are those in the whole file; their `index` (and the error's
/// `game`) counts from 1 in the range: add the number of games of the ranges before to get the
/// index in the file. Finding the first sync line reads back to the start of the line before
/// `start`; the line numbers cost one pass counting newlines over `[0, start)`.
///
/// ```
/// use std::io::Cursor;
/// use qipan::pgn::{replay_range, replay_source, BulkOptions};
/// let text = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n";
/// let events = |start, end| -> Vec<Option<String>> {
///     let options = BulkOptions { tags: vec!["Event".into()], ..BulkOptions::default() };
///     let games = replay_range(Cursor::new(text.to_vec()), start, end, options).unwrap();
///     games.map(|g| g.unwrap().tags[0].clone()).collect()
/// };
/// assert_eq!(events(0, 10), [Some("a".to_string())]);
/// assert_eq!(events(10, 60), [Some("b".to_string()), Some("c".to_string())]);
/// assert_eq!(events(60, 200), []);
/// ```
pub fn replay_range<R: Read + Seek + Send + 'static>(
    mut file: R,
    start: u64,
    end: u64,
    options: BulkOptions,
) -> io::Result<BulkReplay> {
    if start >= end {
        return Ok(BulkReplay::empty(options));
    }
    let Some((offset, line)) = find_sync(&mut file, start, end, options.limits.max_line)? else {
        return Ok(BulkReplay::empty(options));
    };
    file.seek(SeekFrom::Start(offset))?;
    let reader = BufReader::with_capacity(1 << 16, file);
    let splitter = Splitter::starting_at(reader, options.limits, offset, line).sync_mode(Some(end));
    Ok(BulkReplay::start(Box::new(splitter), options))
}

/// The offset and line number of the first chunk start in `[start, end)`.
fn find_sync<R: Read + Seek>(
    file: &mut R,
    start: u64,
    end: u64,
    max_line: usize,
) -> io::Result<Option<(u64, u64)>> {
    if start == 0 {
        return Ok(Some((0, 1)));
    }
    let before = line_start(file, start - 1)?;
    let mut last_nonblank = last_nonblank_kind(file, before, max_line)?;
    let mut line = count_newlines(file, before)? + 1;
    file.seek(SeekFrom::Start(before))?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut offset = before;
    let mut prev_blank = false;
    let mut buf = Vec::new();
    while offset < end {
        let (consumed, _) = read_line_capped(&mut reader, &mut buf, max_line)?;
        if consumed == 0 {
            break;
        }
        let kind = line_kind(&buf);
        if offset >= start && is_sync_line(prev_blank, last_nonblank, kind) {
            return Ok(Some((offset, line)));
        }
        prev_blank = kind == LineKind::Blank;
        if kind != LineKind::Blank {
            last_nonblank = kind;
        }
        offset += consumed;
        line += 1;
    }
    Ok(None)
}

/// The kind of the last line before offset `pos` (a line start) that is not blank, as the
/// splitter classifies lines (at most `max_line` bytes of each); `Blank` when there is none.
/// Blank runs are skipped by scanning back for a byte that is not white space, so a long run
/// costs one backward pass.
fn last_nonblank_kind<R: Read + Seek>(
    file: &mut R,
    mut pos: u64,
    max_line: usize,
) -> io::Result<LineKind> {
    let mut buf = vec![0u8; 1 << 12];
    loop {
        // The last byte before `pos` that is not ASCII white space.
        let mut end = pos;
        let mut found = None;
        while end > 0 && found.is_none() {
            let begin = end.saturating_sub(buf.len() as u64);
            let chunk = &mut buf[..(end - begin) as usize];
            file.seek(SeekFrom::Start(begin))?;
            file.read_exact(chunk)?;
            found = chunk
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map(|i| begin + i as u64);
            end = begin;
        }
        let Some(at) = found else {
            return Ok(LineKind::Blank);
        };
        let begin = line_start(file, at)?;
        file.seek(SeekFrom::Start(begin))?;
        let mut line = Vec::new();
        read_line_capped(&mut BufReader::new(&mut *file), &mut line, max_line)?;
        match line_kind(&line) {
            // A line holding only a byte-order mark is blank: look further back.
            LineKind::Blank => pos = begin,
            kind => return Ok(kind),
        }
    }
}

/// The offset of the start of the line that holds byte `pos`.
fn line_start<R: Read + Seek>(file: &mut R, pos: u64) -> io::Result<u64> {
    let mut buf = vec![0u8; 1 << 12];
    let mut end = pos;
    while end > 0 {
        let begin = end.saturating_sub(buf.len() as u64);
        let chunk = &mut buf[..(end - begin) as usize];
        file.seek(SeekFrom::Start(begin))?;
        file.read_exact(chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            return Ok(begin + i as u64 + 1);
        }
        end = begin;
    }
    Ok(0)
}

/// The number of `\n` in the first `upto` bytes.
fn count_newlines<R: Read + Seek>(file: &mut R, upto: u64) -> io::Result<u64> {
    file.seek(SeekFrom::Start(0))?;
    let mut buf = vec![0u8; 1 << 16];
    let mut left = upto;
    let mut count = 0u64;
    while left > 0 {
        let want = left.min(buf.len() as u64) as usize;
        let n = match file.read(&mut buf[..want]) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        count += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        left -= n as u64;
    }
    Ok(count)
}
