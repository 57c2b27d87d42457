//! Syzygy endgame tablebases: the win/draw/loss (WDL) and distance-to-zeroing (DTZ) value of a
//! chess position with few pieces, read from Ronald de Man's `.rtbw`/`.rtbz` files.
//!
//! Tables open lazily on the first probe that needs them and are read on demand (positioned reads
//! through a small page cache: no memory map), or come from bytes (for JS). Values are from the
//! side to move's point of view and agree with python-chess's `chess.syzygy`:
//!
//! - WDL: `2` win, `1` win that the 50-move rule turns into a draw ("cursed"), `0` draw, `-1` loss
//!   saved by the 50-move rule ("blessed"), `-2` loss;
//! - DTZ: plies to the next capture or pawn move with best play (positive: winning, negative:
//!   losing; beyond ±100 the 50-move rule intervenes); the value can be one ply too large (the
//!   format's rounding), never in a way that changes the result.
//!
//! ```no_run
//! use qipan::chess::syzygy::{Tablebase, Wdl};
//! use qipan::Chess;
//! let mut tables = Tablebase::new();
//! tables.add_directory("data/syzygy").unwrap();
//! let pos: Chess = "8/8/8/8/8/2k5/8/KQ6 w - - 0 1".parse().unwrap();
//! assert_eq!(tables.probe_wdl(&pos).unwrap(), Wdl::Win);
//! println!("{}", tables.probe_dtz(&pos).unwrap());
//! ```

mod adjudicate;
mod encode;
mod pairs;
mod probe;
mod root;
mod source;
mod table;

pub use adjudicate::proven_outcome;
pub use root::{RootMove, RootProbe};
pub use source::{BytesSource, FileSource, TableSource, CACHED_PAGES};
pub use table::TableKind;

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::chess::{Chess, Role};
use crate::Color;
use table::Table;

/// Most pieces (kings included) a Syzygy table holds.
pub const MAX_PIECES: usize = encode::MAX_PIECES;

/// Tables kept open at once by default; the least recently opened is closed beyond that.
pub const DEFAULT_OPEN_TABLES: usize = 64;

/// A win/draw/loss value, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss = -2,
    /// Lost with best play, but the 50-move rule saves the draw.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won with best play, but the 50-move rule turns it into a draw.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl Wdl {
    /// The value as python-chess gives it: -2..=2.
    pub const fn to_i32(self) -> i32 {
        self as i32
    }

    /// The value of -2..=2 (clamped).
    pub const fn from_i32(v: i32) -> Wdl {
        match v {
            i32::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            _ => Wdl::Win,
        }
    }

    /// The value for the other side.
    pub const fn flip(self) -> Wdl {
        Wdl::from_i32(-self.to_i32())
    }
}

/// Why a position could not be probed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyzygyError {
    /// Positions with castling rights are not in the tables.
    #[error("the position has castling rights: the tables hold none")]
    Castling,
    /// More pieces than the tables hold.
    #[error("{0} pieces: Syzygy tables hold at most 7")]
    TooManyPieces(usize),
    /// The table the position needs was not added.
    #[error("missing table {name}.{}", kind.extension())]
    MissingTable {
        /// The material, as the file is named: `KQvKR`.
        name: String,
        /// WDL or DTZ.
        kind: TableKind,
    },
    /// A table is truncated, corrupted or unreadable.
    #[error("bad table {name}.{}: {reason}", kind.extension())]
    BadTable {
        /// The material, as the file is named.
        name: String,
        /// WDL or DTZ.
        kind: TableKind,
        /// What is wrong.
        reason: String,
    },
    /// A table name that is not a material like `KQvKR` with a `.rtbw` or `.rtbz` extension.
    #[error("not a table name: {0:?}")]
    BadName(String),
}

/// The pieces of both sides: `counts[side][role]`, side 0 being the side named first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Material {
    counts: [[u8; 6]; 2],
}

const NAME_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl Material {
    fn of(pos: &Chess) -> Material {
        let mut counts = [[0; 6]; 2];
        for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for role in Role::ALL {
                counts[side][role.index()] = pos.pieces(color, role).count() as u8;
            }
        }
        Material { counts }
    }

    fn parse(name: &str) -> Option<Material> {
        let (a, b) = name.split_once('v')?;
        let mut counts = [[0; 6]; 2];
        for (side, text) in [a, b].into_iter().enumerate() {
            if !text.starts_with('K') || text.len() > MAX_PIECES {
                return None;
            }
            for c in text.chars() {
                let role = Role::from_char(c).filter(|_| c.is_ascii_uppercase())?;
                counts[side][role.index()] += 1;
            }
            if counts[side][Role::King.index()] != 1 {
                return None;
            }
        }
        let m = Material { counts };
        (m.count() <= MAX_PIECES).then_some(m)
    }

    fn side_name(&self, side: usize) -> String {
        NAME_ORDER
            .iter()
            .flat_map(|r| {
                std::iter::repeat(r.upper_char()).take(self.counts[side][r.index()] as usize)
            })
            .collect()
    }

    /// The file name: `KQvKR`.
    fn name(&self) -> String {
        format!("{}v{}", self.side_name(0), self.side_name(1))
    }

    fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// How strong a side is for naming: more pieces first, then the stronger pieces.
    fn strength(&self, side: usize) -> (usize, Vec<usize>) {
        let pieces: Vec<usize> = NAME_ORDER
            .iter()
            .enumerate()
            .flat_map(|(rank, r)| {
                std::iter::repeat(6 - rank).take(self.counts[side][r.index()] as usize)
            })
            .collect();
        (pieces.len(), pieces)
    }

    /// The material with the side the tables name first as side 0, and whether that swapped the
    /// sides.
    fn normalized(&self) -> (Material, bool) {
        if self.strength(1) > self.strength(0) {
            (self.flipped(), true)
        } else {
            (self.clone(), false)
        }
    }

    pub(crate) fn count(&self) -> usize {
        self.counts.iter().flatten().map(|&n| n as usize).sum()
    }

    pub(crate) fn count_of(&self, side: usize, role: Role) -> usize {
        self.counts[side][role.index()] as usize
    }

    pub(crate) fn pawns(&self, side: usize) -> usize {
        self.count_of(side, Role::Pawn)
    }

    pub(crate) fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }
}

enum Origin {
    Path(PathBuf),
    Bytes(BytesSource),
}

#[derive(Default)]
struct Registry {
    files: HashMap<(String, TableKind), Origin>,
    open: HashMap<(String, TableKind), Arc<Table>>,
    opened: VecDeque<(String, TableKind)>,
}

/// A set of Syzygy tables, probed by position.
///
/// Probing takes `&self` and may run on several threads at once.
pub struct Tablebase {
    registry: Mutex<Registry>,
    max_open: usize,
}

impl Default for Tablebase {
    fn default() -> Tablebase {
        Tablebase::new()
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let registry = self.lock();
        f.debug_struct("Tablebase")
            .field("tables", &registry.files.len())
            .field("open", &registry.open.len())
            .finish()
    }
}

/// Splits `KQvKR.rtbw` into its material and kind.
fn parse_file_name(file: &str) -> Option<(Material, TableKind)> {
    let (stem, ext) = file.rsplit_once('.')?;
    let kind = match ext {
        "rtbw" => TableKind::Wdl,
        "rtbz" => TableKind::Dtz,
        _ => return None,
    };
    Some((Material::parse(stem)?, kind))
}

impl Tablebase {
    /// No tables yet.
    pub fn new() -> Tablebase {
        Tablebase::with_open_limit(DEFAULT_OPEN_TABLES)
    }

    /// No tables yet; at most `max_open` tables (at least 1) kept open at once.
    pub fn with_open_limit(max_open: usize) -> Tablebase {
        Tablebase {
            registry: Mutex::new(Registry::default()),
            max_open: max_open.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Registry> {
        self.registry.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds every table file (`KQvKR.rtbw`, `KQvKR.rtbz`) of a directory; other files are
    /// ignored. Returns how many files were added. Nothing is read until a probe needs it.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> std::io::Result<usize> {
        self.add_directory_shared(dir)
    }

    /// [`Tablebase::add_directory`] through a shared reference.
    pub fn add_directory_shared(&self, dir: impl AsRef<Path>) -> std::io::Result<usize> {
        let mut added = 0;
        let mut registry = self.lock();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let Some(file) = entry.file_name().to_str().map(str::to_owned) else {
                continue;
            };
            if let Some((material, kind)) = parse_file_name(&file) {
                let key = (material.name(), kind);
                registry.open.remove(&key);
                registry.files.insert(key, Origin::Path(entry.path()));
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds one table from its bytes, under its file name (`"KQvKR.rtbw"`).
    pub fn add_bytes(
        &self,
        file_name: &str,
        bytes: impl Into<Arc<[u8]>>,
    ) -> Result<(), SyzygyError> {
        let (material, kind) = parse_file_name(file_name)
            .ok_or_else(|| SyzygyError::BadName(crate::text::printable(file_name).into_owned()))?;
        let key = (material.name(), kind);
        let mut registry = self.lock();
        registry.open.remove(&key);
        registry
            .files
            .insert(key, Origin::Bytes(BytesSource::new(bytes)));
        Ok(())
    }

    /// How many table files were added.
    pub fn len(&self) -> usize {
        self.lock().files.len()
    }

    /// Whether no table was added.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Closes every open table (they reopen on demand).
    pub fn close_tables(&self) {
        let mut registry = self.lock();
        registry.open.clear();
        registry.opened.clear();
    }

    /// Forgets every table (probes then fail with [`SyzygyError::MissingTable`]) and closes
    /// the open ones.
    pub fn clear(&self) {
        let mut registry = self.lock();
        registry.files.clear();
        registry.open.clear();
        registry.opened.clear();
    }

    /// The most pieces of any added table (0 when none).
    pub fn max_pieces(&self) -> usize {
        let registry = self.lock();
        registry
            .files
            .keys()
            .filter_map(|(name, _)| Material::parse(name))
            .map(|m| m.count())
            .max()
            .unwrap_or(0)
    }

    /// The table for `material` (side 0 as named first), opened on first use.
    fn table(&self, material: &Material, kind: TableKind) -> Result<Arc<Table>, SyzygyError> {
        let name = material.name();
        let key = (name.clone(), kind);
        let mut registry = self.lock();
        if let Some(table) = registry.open.get(&key) {
            return Ok(table.clone());
        }
        let bad = |reason: String| SyzygyError::BadTable {
            name: name.clone(),
            kind,
            reason,
        };
        let src: Box<dyn TableSource> = match registry.files.get(&key) {
            None => {
                return Err(SyzygyError::MissingTable {
                    name: name.clone(),
                    kind,
                })
            }
            Some(Origin::Bytes(bytes)) => Box::new(bytes.clone()),
            Some(Origin::Path(path)) => {
                Box::new(FileSource::open(path).map_err(|e| bad(format!("cannot open: {e}")))?)
            }
        };
        let table = Arc::new(Table::open(src, kind, material).map_err(|c| bad(c.0))?);
        if registry.opened.len() >= self.max_open {
            if let Some(old) = registry.opened.pop_front() {
                registry.open.remove(&old);
            }
        }
        registry.opened.push_back(key.clone());
        registry.open.insert(key, table.clone());
        Ok(table)
    }

    /// Checks what the tables can hold: no castling rights, at most 7 pieces.
    fn check(pos: &Chess) -> Result<(), SyzygyError> {
        if pos.castling_rooks().any() {
            return Err(SyzygyError::Castling);
        }
        let n = pos.occupied().count() as usize;
        if n > MAX_PIECES {
            return Err(SyzygyError::TooManyPieces(n));
        }
        Ok(())
    }

    /// The WDL value of `pos` for the side to move, captures and en passant resolved.
    pub fn probe_wdl(&self, pos: &Chess) -> Result<Wdl, SyzygyError> {
        Tablebase::check(pos)?;
        Ok(Wdl::from_i32(self.wdl(pos)?))
    }

    /// The DTZ value of `pos` for the side to move (see the module docs), as python-chess's
    /// `probe_dtz`: 0 for a draw, -1 for a checkmated side to move.
    pub fn probe_dtz(&self, pos: &Chess) -> Result<i32, SyzygyError> {
        Tablebase::check(pos)?;
        self.dtz(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_put_the_stronger_side_first() {
        let m = Material::parse("KvKQ").unwrap();
        let (n, flipped) = m.normalized();
        assert_eq!(n.name(), "KQvK");
        assert!(flipped);
        let (n, flipped) = Material::parse("KPvKR").unwrap().normalized();
        assert_eq!((n.name().as_str(), flipped), ("KRvKP", true));
        let (n, flipped) = Material::parse("KRPvKQ").unwrap().normalized();
        assert_eq!((n.name().as_str(), flipped), ("KRPvKQ", false));
        assert!(Material::parse("KQvKQ").unwrap().is_symmetric());
        assert!(Material::parse("QvK").is_none());
        assert!(Material::parse("KKvK").is_none());
        assert!(Material::parse("KQQQQQQvK").is_none());
    }
}
