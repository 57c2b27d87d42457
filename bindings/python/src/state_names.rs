//! [`StateNames`]: the names of the states a Python board passes through, which its legal-move
//! lists mark their move objects with, so that `push` can trust a move listed in the current
//! state ([`crate::pymove::PyMove::mark_listed`]).

use std::sync::atomic::{AtomicU64, Ordering};

/// The first name of the next block of names a board takes ([`StateNames`]); 0 is never a
/// name (it means "no state").
static NEXT_BLOCK: AtomicU64 = AtomicU64::new(1);

/// How many names a board takes at once: a push then names its state without an atomic
/// operation (a `u64` of blocks does not run out).
const BLOCK: u64 = 1 << 16;

/// Names for the states a board passes through, for the move objects' legality marks
/// ([`crate::pymove::PyMove::mark_listed`]): a legal-move list marks its moves with the name of
/// the state it was made in, and `push` trusts a move marked with the current name instead of
/// testing it again (python-chess's `push` tests nothing; ours does, and this skips the test
/// only where it is already known to pass).
///
/// A name stands for one position for ever: every change gets a name never given before, but a
/// pop, which restores the position before the move exactly, gives back the name of that
/// position. A copy of a board shares its names, as it shares its positions, but not its block
/// of unused names.
#[derive(Debug)]
pub struct StateNames {
    /// The current state's name.
    current: u64,
    /// The names of the states before the moves pushed since the last edit, oldest first.
    before: Vec<u64>,
    /// This board's unused names: `unused.0..unused.1`.
    unused: (u64, u64),
}

impl Clone for StateNames {
    fn clone(&self) -> Self {
        StateNames {
            current: self.current,
            before: self.before.clone(),
            // Two boards never give out the same new name.
            unused: (0, 0),
        }
    }
}

impl Default for StateNames {
    /// A new board's names: a fresh current name, none to give back.
    fn default() -> Self {
        let mut names = StateNames {
            current: 0,
            before: Vec::new(),
            unused: (0, 0),
        };
        names.current = names.fresh();
        names
    }
}

impl StateNames {
    /// The current state's name (never 0).
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// A name never given out before.
    #[inline]
    fn fresh(&mut self) -> u64 {
        if self.unused.0 == self.unused.1 {
            let first = NEXT_BLOCK.fetch_add(BLOCK, Ordering::Relaxed);
            self.unused = (first, first + BLOCK);
        }
        let name = self.unused.0;
        self.unused.0 += 1;
        name
    }

    /// A move was played: the state is a new one, and a pop will give this one back.
    #[inline]
    pub fn pushed(&mut self) {
        self.before.push(self.current);
        self.current = self.fresh();
    }

    /// A move was taken back: the state before it again (a new name when it was played
    /// before the last edit, or before this board was made).
    #[inline]
    pub fn popped(&mut self) {
        self.current = match self.before.pop() {
            Some(name) => name,
            None => self.fresh(),
        };
    }

    /// Anything else changed: a new name, and none of the old ones comes back on a pop (an
    /// edit that keeps the moves changes the positions a pop returns to).
    pub fn changed(&mut self) {
        self.before.clear();
        self.current = self.fresh();
    }
}
