//! Interned Python `Move` objects.
//!
//! `Move` is immutable, so every legal-move list can hand out the same object for the same move
//! instead of allocating a new one: a list of 40 moves then costs 40 table look-ups and reference
//! increments. Each game has one table, filled on first use; the number of distinct moves of a
//! game is small (under 30,000 in chess, 8,100 in Xiangqi), and the table is emptied if it ever
//! grows past [`MAX_ENTRIES`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::PyList;

use crate::pymove::PyMove;
use crate::repr::MoveRepr;

/// The most moves a table holds before it is emptied.
pub const MAX_ENTRIES: usize = 1 << 16;

/// A fast hasher for small keys (moves are 16 or 32 bits).
#[derive(Debug, Default, Clone, Copy)]
pub struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(7) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The interned `Move` objects of one game.
#[derive(Debug)]
pub struct MoveCache<M> {
    map: Mutex<HashMap<M, Py<PyMove>, BuildHasherDefault<MoveHasher>>>,
}

impl<M> Default for MoveCache<M> {
    fn default() -> Self {
        MoveCache {
            map: Mutex::new(HashMap::default()),
        }
    }
}

impl<M: Copy + Eq + Hash> MoveCache<M> {
    /// The Python objects of `moves`, in order, creating the missing ones with `wrap`.
    ///
    /// New objects are created with the table unlocked, so a garbage collection they trigger
    /// cannot re-enter the lock. (A move first seen twice in one list gets one object each time;
    /// the table keeps the last.)
    pub fn objects(
        &self,
        py: Python<'_>,
        moves: &[M],
        wrap: fn(M) -> MoveRepr,
    ) -> PyResult<Vec<Py<PyMove>>> {
        let mut objects = Vec::with_capacity(moves.len());
        {
            let map = self
                .map
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner());
            for mv in moves {
                match map.get(mv) {
                    Some(obj) => objects.push(obj.clone_ref(py)),
                    None => break,
                }
            }
        }
        if objects.len() == moves.len() {
            return Ok(objects);
        }
        // Some are missing: look the rest up one by one, creating objects with the table unlocked.
        let mut created = Vec::new();
        for mv in &moves[objects.len()..] {
            let found = {
                let map = self
                    .map
                    .lock_py_attached(py)
                    .unwrap_or_else(|e| e.into_inner());
                map.get(mv).map(|obj| obj.clone_ref(py))
            };
            let obj = match found {
                Some(obj) => obj,
                None => {
                    let obj = Py::new(py, PyMove::new(wrap(*mv)))?;
                    created.push((*mv, obj.clone_ref(py)));
                    obj
                }
            };
            objects.push(obj);
        }
        let mut map = self
            .map
            .lock_py_attached(py)
            .unwrap_or_else(|e| e.into_inner());
        if map.len() + created.len() > MAX_ENTRIES {
            // Dropping a `Py` while attached only decrements a reference count.
            map.clear();
        }
        map.extend(created);
        Ok(objects)
    }

    /// A new Python list of the objects of `moves`.
    pub fn list<'py>(
        &self,
        py: Python<'py>,
        moves: &[M],
        wrap: fn(M) -> MoveRepr,
    ) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.objects(py, moves, wrap)?)
    }

    /// The Python object of one move.
    pub fn one(&self, py: Python<'_>, mv: M, wrap: fn(M) -> MoveRepr) -> PyResult<Py<PyMove>> {
        let found = {
            let map = self
                .map
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner());
            map.get(&mv).map(|obj| obj.clone_ref(py))
        };
        match found {
            Some(obj) => Ok(obj),
            None => self.objects(py, &[mv], wrap)?.pop().ok_or_else(|| {
                pyo3::exceptions::PyRuntimeError::new_err("no object made for a move")
            }),
        }
    }
}
