//! Where the bytes of a table come from: a file read with positioned reads (no memory map: the
//! crate forbids `unsafe`), or bytes already in memory (a `Uint8Array` from JS, a test).
//!
//! Files are read in 4 KiB pages kept in a small cache per table, so a probe costs a few
//! lookups instead of a system call per field.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::sync::{Arc, Mutex};

/// Random access to the bytes of one table file.
pub trait TableSource: Send + Sync {
    /// The length in bytes.
    fn len(&self) -> u64;

    /// Whether there are no bytes at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Fills `buf` with the bytes at `offset`; an error when they are not all there.
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()>;
}

fn short_read() -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        "read past the end of the table",
    )
}

/// A table held in memory.
#[derive(Clone)]
pub struct BytesSource(Arc<[u8]>);

impl BytesSource {
    /// Wraps the bytes of a table.
    pub fn new(bytes: impl Into<Arc<[u8]>>) -> BytesSource {
        BytesSource(bytes.into())
    }
}

impl TableSource for BytesSource {
    fn len(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        let start = usize::try_from(offset).map_err(|_| short_read())?;
        let end = start.checked_add(buf.len()).ok_or_else(short_read)?;
        let bytes = self.0.get(start..end).ok_or_else(short_read)?;
        buf.copy_from_slice(bytes);
        Ok(())
    }
}

const PAGE_BITS: u32 = 12;
const PAGE: u64 = 1 << PAGE_BITS;

/// Pages kept per file: 64 pages of 4 KiB, 256 KiB at most for each open table.
pub const CACHED_PAGES: usize = 64;

struct PageCache {
    pages: HashMap<u64, Arc<[u8]>>,
    order: VecDeque<u64>,
}

/// A table file, read on demand through a bounded page cache.
pub struct FileSource {
    file: std::fs::File,
    len: u64,
    cache: Mutex<PageCache>,
}

impl FileSource {
    /// Opens a table file.
    pub fn open(path: &std::path::Path) -> io::Result<FileSource> {
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        Ok(FileSource {
            file,
            len,
            cache: Mutex::new(PageCache {
                pages: HashMap::new(),
                order: VecDeque::new(),
            }),
        })
    }

    fn page(&self, number: u64) -> io::Result<Arc<[u8]>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(page) = cache.pages.get(&number) {
            return Ok(page.clone());
        }
        let start = number * PAGE;
        let size = PAGE.min(self.len.saturating_sub(start));
        let mut buf = vec![0; size as usize];
        read_exact_at(&self.file, &mut buf, start)?;
        let page: Arc<[u8]> = buf.into();
        if cache.order.len() >= CACHED_PAGES {
            if let Some(old) = cache.order.pop_front() {
                cache.pages.remove(&old);
            }
        }
        cache.order.push_back(number);
        cache.pages.insert(number, page.clone());
        Ok(page)
    }
}

#[cfg(unix)]
fn read_exact_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(file: &std::fs::File, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
    while !buf.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buf, offset)? {
            0 => return Err(short_read()),
            n => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn read_exact_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = file;
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buf)
}

impl TableSource for FileSource {
    fn len(&self) -> u64 {
        self.len
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        let end = offset
            .checked_add(buf.len() as u64)
            .ok_or_else(short_read)?;
        if end > self.len {
            return Err(short_read());
        }
        let mut done = 0;
        while done < buf.len() {
            let at = offset + done as u64;
            let page = self.page(at >> PAGE_BITS)?;
            let within = (at & (PAGE - 1)) as usize;
            let n = (page.len() - within).min(buf.len() - done);
            if n == 0 {
                return Err(short_read());
            }
            buf[done..done + n].copy_from_slice(&page[within..within + n]);
            done += n;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_out_of_range_is_an_error() {
        let src = BytesSource::new(vec![1u8, 2, 3]);
        let mut buf = [0; 2];
        assert!(src.read_at(1, &mut buf).is_ok());
        assert_eq!(buf, [2, 3]);
        assert!(src.read_at(2, &mut buf).is_err());
        assert!(src.read_at(u64::MAX, &mut buf).is_err());
    }
}
