//! [`Book`]: a Polyglot book read by binary search from bytes or a file.

use std::fs::File;
use std::io;
use std::path::Path;

use super::{BookError, Entry, RawMove, ENTRY_SIZE};
use crate::chess::{Chess, Move};

/// Where a book's bytes come from: read by offset, so a file need not be loaded whole.
pub trait BookSource {
    /// The length in bytes.
    fn byte_len(&self) -> u64;
    /// Fills `buf` with the bytes starting at `offset` (within `byte_len`).
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()>;
}

fn read_slice(bytes: &[u8], offset: u64, buf: &mut [u8]) -> io::Result<()> {
    let start = usize::try_from(offset).map_err(|_| io::ErrorKind::UnexpectedEof)?;
    let part = start
        .checked_add(buf.len())
        .and_then(|end| bytes.get(start..end))
        .ok_or(io::ErrorKind::UnexpectedEof)?;
    buf.copy_from_slice(part);
    Ok(())
}

impl BookSource for Vec<u8> {
    fn byte_len(&self) -> u64 {
        self.len() as u64
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        read_slice(self, offset, buf)
    }
}

impl BookSource for &[u8] {
    fn byte_len(&self) -> u64 {
        self.len() as u64
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        read_slice(self, offset, buf)
    }
}

impl BookSource for std::sync::Arc<[u8]> {
    fn byte_len(&self) -> u64 {
        self.len() as u64
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        read_slice(self, offset, buf)
    }
}

/// A boxed source: a front end holds a book over a file or over bytes, chosen when it is opened,
/// as one type (`Book<Box<dyn BookSource + Send + Sync>>`).
impl<S: BookSource + ?Sized> BookSource for Box<S> {
    fn byte_len(&self) -> u64 {
        (**self).byte_len()
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        (**self).read_at(offset, buf)
    }
}

/// A book file read with positioned reads (no memory map: the crate has no unsafe code). Its
/// length is taken when it is opened.
#[derive(Debug)]
pub struct FileSource {
    #[cfg(any(unix, windows))]
    file: File,
    #[cfg(not(any(unix, windows)))]
    file: std::sync::Mutex<File>,
    len: u64,
}

impl FileSource {
    /// Opens the file.
    pub fn open(path: impl AsRef<Path>) -> io::Result<FileSource> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        #[cfg(not(any(unix, windows)))]
        let file = std::sync::Mutex::new(file);
        Ok(FileSource { file, len })
    }
}

impl BookSource for FileSource {
    fn byte_len(&self) -> u64 {
        self.len
    }

    #[cfg(unix)]
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(&self.file, buf, offset)
    }

    #[cfg(windows)]
    fn read_at(&self, mut offset: u64, mut buf: &mut [u8]) -> io::Result<()> {
        while !buf.is_empty() {
            match std::os::windows::fs::FileExt::seek_read(&self.file, buf, offset)? {
                0 => return Err(io::ErrorKind::UnexpectedEof.into()),
                n => {
                    buf = &mut buf[n..];
                    offset += n as u64;
                }
            }
        }
        Ok(())
    }

    #[cfg(not(any(unix, windows)))]
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = self
            .file
            .lock()
            .map_err(|_| io::Error::other("book file lock poisoned"))?;
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

/// A book entry that matched a position, with its move resolved to the legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The entry as stored.
    pub entry: Entry,
    /// The legal move it stands for.
    pub mv: Move,
}

/// How many levels of the binary search keep their keys in memory: every search starts with the
/// same midpoints, so a file source reads them once (at most 2^10 - 1 keys, 8 KB).
const CACHED_LEVELS: u32 = 10;

/// Once the search has narrowed to this many entries, they are read in one go.
const WINDOW: u64 = 32;

/// A Polyglot opening book over a [`BookSource`] (bytes or a file).
///
/// Lookups follow python-chess's `MemoryMappedReader`: the first entry with the key is found by
/// binary search (the same midpoints python-chess visits, so even a book out of order answers
/// the same), then entries are read in book order while the key matches. The keys of the
/// search's first levels are kept once read, and the last steps and the matching entries are
/// read in blocks, so a lookup in a file takes a few reads, not one per step.
#[derive(Debug)]
pub struct Book<S> {
    source: S,
    len: u64,
    /// The keys of the first [`CACHED_LEVELS`] levels of the search tree, by heap position.
    top: std::sync::Mutex<Vec<Option<u64>>>,
}

impl Book<Vec<u8>> {
    /// A book held in memory. Its length must be a multiple of 16.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Book<Vec<u8>>, BookError> {
        Book::new(bytes)
    }
}

impl Book<FileSource> {
    /// A book file, read entry by entry as lookups need (never loaded whole).
    pub fn open(path: impl AsRef<Path>) -> Result<Book<FileSource>, BookError> {
        Book::new(FileSource::open(path)?)
    }
}

impl<S: BookSource> Book<S> {
    /// A book over any source. Its length must be a multiple of 16.
    pub fn new(source: S) -> Result<Book<S>, BookError> {
        let bytes = source.byte_len();
        if bytes % ENTRY_SIZE as u64 != 0 {
            return Err(BookError::Truncated { len: bytes });
        }
        Ok(Book {
            source,
            len: bytes / ENTRY_SIZE as u64,
            top: std::sync::Mutex::new(Vec::new()),
        })
    }

    /// The source the book reads from.
    pub fn source(&self) -> &S {
        &self.source
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entry `index` (0-based, in book order).
    pub fn get(&self, index: u64) -> Result<Entry, BookError> {
        if index >= self.len {
            return Err(BookError::OutOfRange {
                index,
                len: self.len,
            });
        }
        let mut buf = [0; ENTRY_SIZE];
        self.source.read_at(index * ENTRY_SIZE as u64, &mut buf)?;
        Ok(Entry::from_bytes(buf))
    }

    fn key_at(&self, index: u64) -> Result<u64, BookError> {
        let mut buf = [0; 8];
        self.source.read_at(index * ENTRY_SIZE as u64, &mut buf)?;
        Ok(u64::from_be_bytes(buf))
    }

    /// Reads entries `from..to` (within the book) in one read.
    fn read_block(&self, from: u64, to: u64, buf: &mut Vec<u8>) -> Result<(), BookError> {
        buf.clear();
        buf.resize(((to - from) as usize) * ENTRY_SIZE, 0);
        self.source.read_at(from * ENTRY_SIZE as u64, buf)?;
        Ok(())
    }

    /// The index of the first entry whose key is not below `key`: python-chess's bisection,
    /// step for step (on a book out of order it finds what python-chess finds).
    pub fn lower_bound(&self, key: u64) -> Result<u64, BookError> {
        let (mut lo, mut hi) = (0, self.len);
        let mut node = 1usize;
        let mut top = self.top.lock().unwrap_or_else(|e| e.into_inner());
        while hi - lo > WINDOW {
            let mid = lo + (hi - lo) / 2;
            let mid_key = if node < 1 << CACHED_LEVELS {
                if top.len() <= node {
                    top.resize(node + 1, None);
                }
                match top[node] {
                    Some(k) => k,
                    None => {
                        let k = self.key_at(mid)?;
                        top[node] = Some(k);
                        k
                    }
                }
            } else {
                self.key_at(mid)?
            };
            if mid_key < key {
                lo = mid + 1;
                node = 2 * node + 1;
            } else {
                hi = mid;
                node *= 2;
            }
        }
        drop(top);
        if lo < hi {
            let mut block = Vec::new();
            self.read_block(lo, hi, &mut block)?;
            let base = lo;
            let key_of = |i: u64| {
                let at = ((i - base) as usize) * ENTRY_SIZE;
                let mut bytes = [0; 8];
                bytes.copy_from_slice(&block[at..at + 8]);
                u64::from_be_bytes(bytes)
            };
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if key_of(mid) < key {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
        }
        Ok(lo)
    }

    /// Every entry with `key`, in book order, moves not resolved (python-chess's `find_all`
    /// given an integer key).
    pub fn entries(&self, key: u64) -> Result<Vec<Entry>, BookError> {
        let mut out = Vec::new();
        let mut index = self.lower_bound(key)?;
        let mut block = Vec::new();
        let mut chunk = 8;
        while index < self.len {
            let end = self.len.min(index + chunk);
            self.read_block(index, end, &mut block)?;
            for bytes in block.chunks_exact(ENTRY_SIZE) {
                let mut raw = [0; ENTRY_SIZE];
                raw.copy_from_slice(bytes);
                let entry = Entry::from_bytes(raw);
                if entry.key != key {
                    return Ok(out);
                }
                out.push(entry);
            }
            index = end;
            chunk = (chunk * 2).min(1024);
        }
        Ok(out)
    }

    /// The entries of `pos` in book order with a weight of at least `minimum_weight`, whose moves
    /// are legal and not in `exclude_moves` (python-chess's `find_all`).
    pub fn find_all(
        &self,
        pos: &Chess,
        minimum_weight: u16,
        exclude_moves: &[Move],
    ) -> Result<Vec<BookEntry>, BookError> {
        let entries = self.entries(pos.zobrist())?;
        Ok(entries
            .into_iter()
            .filter(|entry| entry.weight >= minimum_weight)
            .filter_map(|entry| {
                let mv = RawMove::decode(entry.raw_move).resolve(pos)?;
                (!exclude_moves.contains(&mv)).then_some(BookEntry { entry, mv })
            })
            .collect())
    }

    /// The entry of [`Book::find_all`] with the greatest weight (the first of equals), if any.
    pub fn find(
        &self,
        pos: &Chess,
        minimum_weight: u16,
        exclude_moves: &[Move],
    ) -> Result<Option<BookEntry>, BookError> {
        let all = self.find_all(pos, minimum_weight, exclude_moves)?;
        Ok(all
            .into_iter()
            .fold(None, |best: Option<BookEntry>, e| match best {
                Some(b) if b.entry.weight >= e.entry.weight => Some(b),
                _ => Some(e),
            }))
    }

    /// An entry of [`Book::find_all`] chosen uniformly as python-chess's `choice` does
    /// (reservoir sampling): `below(n)` must return a random integer in `0..n`.
    pub fn choice(
        &self,
        pos: &Chess,
        minimum_weight: u16,
        exclude_moves: &[Move],
        below: impl FnMut(u64) -> u64,
    ) -> Result<Option<BookEntry>, BookError> {
        let mut all = self.find_all(pos, minimum_weight, exclude_moves)?;
        Ok(uniform_pick(all.len(), below).map(|i| all.swap_remove(i)))
    }

    /// An entry of [`Book::find_all`] (minimum weight 1) chosen with probability proportional
    /// to its weight, as python-chess's `weighted_choice`: `below(total)` must return a random
    /// integer in `0..total`.
    pub fn weighted_choice(
        &self,
        pos: &Chess,
        exclude_moves: &[Move],
        below: impl FnMut(u64) -> u64,
    ) -> Result<Option<BookEntry>, BookError> {
        let mut all = self.find_all(pos, 1, exclude_moves)?;
        let weights: Vec<u16> = all.iter().map(|e| e.entry.weight).collect();
        Ok(weighted_pick(&weights, below).map(|i| all.swap_remove(i)))
    }

    /// Checks that the keys are in order, reading the whole book: the first entry out of order
    /// is [`BookError::Unsorted`].
    pub fn verify(&self) -> Result<(), BookError> {
        let mut previous = 0;
        for index in 0..self.len {
            let key = self.key_at(index)?;
            if key < previous {
                return Err(BookError::Unsorted { index });
            }
            previous = key;
        }
        Ok(())
    }

    /// The entries in book order.
    pub fn iter(&self) -> impl Iterator<Item = Result<Entry, BookError>> + '_ {
        (0..self.len).map(|index| self.get(index))
    }
}

/// The index python-chess's `choice` draws among `count` entries: each entry in turn replaces the
/// one kept when `below(i + 1) == i` (the first is always kept), so the same random source picks
/// the same entry. `None` when there is no entry.
pub fn uniform_pick(count: usize, mut below: impl FnMut(u64) -> u64) -> Option<usize> {
    let mut chosen = None;
    for i in 0..count {
        let n = i as u64;
        if chosen.is_none() || below(n + 1) == n {
            chosen = Some(i);
        }
    }
    chosen
}

/// The index python-chess's `weighted_choice` draws: one `below(total)` over the sum of the
/// weights, the first entry whose running sum passes it. `None` when the weights sum to 0.
pub fn weighted_pick(weights: &[u16], mut below: impl FnMut(u64) -> u64) -> Option<usize> {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let choice = below(total);
    let mut sum = 0;
    weights.iter().position(|&w| {
        sum += u64::from(w);
        sum > choice
    })
}
