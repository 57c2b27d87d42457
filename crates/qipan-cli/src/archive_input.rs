//! Record files that are Xiangqi archives (XQF, CBR, CBL, DhtmlXQ) rather than PGN: told from
//! their first bytes by the core ([`ArchiveFormat::detect`]), then read whole.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use qipan::archive::{read_archive, ArchiveError, ArchiveFormat, ArchiveGame, ArchiveLimits};

/// How much of a file is looked at to tell an archive from PGN: the binary formats start with
/// their mark; a DhtmlXQ block must begin within it.
const HEAD: u64 = 1 << 20;

/// The games of `path` when it is an archive, `None` when it is not (PGN, or standard input).
/// A file whose whole structure is broken (a library's header cut short) is one game with that
/// error.
pub(crate) fn archive_games(
    path: &Path,
) -> Result<Option<Vec<Result<ArchiveGame, ArchiveError>>>, String> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let mut file = File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(HEAD)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if ArchiveFormat::detect(&bytes).is_none() {
        return Ok(None);
    }
    file.read_to_end(&mut bytes).map_err(cannot)?;
    Ok(Some(
        read_archive(&bytes, &ArchiveLimits::default()).unwrap_or_else(|e| vec![Err(e)]),
    ))
}
