//! Transposition table: one entry per slot, keyed by the full Zobrist key.

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    None = 0,
    /// The score is at most this (all moves failed low).
    Upper,
    /// The score is at least this (a move failed high).
    Lower,
    Exact,
}

#[derive(Clone, Copy)]
pub struct Entry {
    key: u64,
    pub score: i16,
    /// Padded board index of the best move, 0 for none.
    pub best: u16,
    pub depth: i8,
    pub bound: Bound,
    /// Which search stored it: older generations count as empty.
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: 0,
    depth: 0,
    bound: Bound::None,
    generation: 0,
};

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![EMPTY; len],
            mask: len - 1,
            generation: 1,
        }
    }

    /// Forgets every entry: cheap (a new generation) except once every
    /// 255 searches, when the table is really wiped.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(EMPTY);
            self.generation = 1;
        }
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.generation == self.generation && e.bound != Bound::None).then_some(e)
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<usize>) {
        let slot = &mut self.entries[key as usize & self.mask];
        // Keep a deeper result for the same position unless this one is exact.
        let same = slot.key == key && slot.generation == self.generation;
        if same && slot.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        let best = match best {
            Some(b) => b as u16,
            None if same => slot.best,
            None => 0,
        };
        *slot = Entry {
            key,
            score: score as i16,
            best,
            depth: depth.clamp(-128, 127) as i8,
            bound,
            generation: self.generation,
        };
    }
}
