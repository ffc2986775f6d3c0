//! Transposition table kept from move to move and shared by the search
//! threads: buckets of four entries (one cache line), keyed by the full
//! Zobrist key. Each search starts a new generation; a full bucket gives up
//! the entry with the least depth minus age, so deep results of the previous
//! moves survive while stale ones make room.
//!
//! Lock-free: an entry is two atomic words, the key XOR the data and the
//! data. A write torn by another thread reads back as a different key, that
//! is as a miss, never as a wrong entry.

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// Only the static evaluation (and maybe a move) is known.
    None = 0,
    /// The score is at most this (all moves failed low).
    Upper,
    /// The score is at least this (a move failed high).
    Lower,
    Exact,
}

impl Bound {
    /// What a search in the window (`alpha`, `beta`), `alpha` as it was
    /// before any move, learned from its result `best`.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound answers a search in the
    /// window (`alpha`, `beta`) without searching.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        }
    }

    fn from_bits(bits: u8) -> Bound {
        match bits & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// Generations wrap at this (six bits of `age_bound`).
const GENERATIONS: u8 = 64;
const BUCKET: usize = 4;
/// Marks an entry whose static evaluation is unknown.
pub const NO_EVAL: i16 = i16::MIN;

#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    key: u64,
    pub score: i16,
    /// Static evaluation for the side to move, or [`NO_EVAL`].
    pub eval: i16,
    /// Padded board index of the best move, 0 for none.
    pub best: u16,
    pub depth: i8,
    /// Generation in the high six bits, [`Bound`] in the low two.
    age_bound: u8,
}

impl Entry {
    pub fn bound(&self) -> Bound {
        Bound::from_bits(self.age_bound)
    }

    fn generation(&self) -> u8 {
        self.age_bound >> 2
    }

    fn is_empty(&self) -> bool {
        self.age_bound == 0
    }
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    eval: NO_EVAL,
    best: 0,
    depth: 0,
    age_bound: 0,
};

pub struct Table {
    /// Two words per entry, `BUCKET` entries per bucket.
    words: Box<[AtomicU64]>,
    mask: usize,
    generation: u8,
}

impl Entry {
    fn pack(&self) -> u64 {
        (self.score as u16 as u64)
            | (self.eval as u16 as u64) << 16
            | (self.best as u64) << 32
            | (self.depth as u8 as u64) << 48
            | (self.age_bound as u64) << 56
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u16 as i16,
            eval: (data >> 16) as u16 as i16,
            best: (data >> 32) as u16,
            depth: (data >> 48) as u8 as i8,
            age_bound: (data >> 56) as u8,
        }
    }
}

/// What a search stores about a position.
pub struct Store {
    pub depth: i32,
    pub score: i32,
    pub eval: i32,
    pub bound: Bound,
    pub best: Option<usize>,
}

/// The bucket count of a table of about `megabytes` MB: a power of two.
fn buckets(megabytes: usize) -> usize {
    let bucket_bytes = 16 * BUCKET;
    let wanted = (megabytes.max(1) << 20) / bucket_bytes;
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two buckets).
    pub fn new(megabytes: usize) -> Table {
        let len = buckets(megabytes);
        Table {
            words: (0..len * BUCKET * 2).map(|_| AtomicU64::new(0)).collect(),
            mask: len - 1,
            generation: 1,
        }
    }

    /// Whether a table of about `megabytes` MB would have this one's size.
    pub fn has_size(&self, megabytes: usize) -> bool {
        buckets(megabytes) == self.mask + 1
    }

    /// A new search begins: older entries age (and are replaced first) but
    /// stay usable.
    pub fn new_search(&mut self) {
        // Generation 0 is left out so that a fresh slot never looks used.
        self.generation = self.generation % (GENERATIONS - 1) + 1;
    }

    /// Forgets every entry (for reproducible searches: bench, levels).
    pub fn wipe(&mut self) {
        for w in self.words.iter_mut() {
            *w.get_mut() = 0;
        }
        self.generation = 1;
    }

    /// Index of the first word of `key`'s bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; the full key is compared.
        (key as usize & self.mask) * BUCKET * 2
    }

    #[inline]
    fn read(&self, word: usize) -> Entry {
        let data = self.words[word + 1].load(Ordering::Relaxed);
        let key = self.words[word].load(Ordering::Relaxed) ^ data;
        if data == 0 && key == 0 {
            EMPTY
        } else {
            Entry::unpack(key, data)
        }
    }

    #[inline]
    fn write(&self, word: usize, e: &Entry) {
        let data = e.pack();
        self.words[word].store(e.key ^ data, Ordering::Relaxed);
        self.words[word + 1].store(data, Ordering::Relaxed);
    }

    /// Starts loading `key`'s bucket into the cache, for a probe that comes
    /// soon: called before a move is made, the load overlaps the work of
    /// making it instead of stalling the child's probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = self.words.as_ptr().wrapping_add(self.bucket(key));
            // SAFETY: a prefetch is a hint: it reads nothing into the
            // program and cannot fault, and the address is inside the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let base = self.bucket(key);
        (0..BUCKET)
            .map(|i| self.read(base + 2 * i))
            .find(|e| e.key == key && !e.is_empty())
    }

    fn age(&self, e: &Entry) -> i32 {
        ((self.generation + GENERATIONS - e.generation()) % GENERATIONS) as i32
    }

    #[inline]
    pub fn store(&self, key: u64, s: Store) {
        let generation = self.generation;
        let base = self.bucket(key);
        let bucket: [Entry; BUCKET] = std::array::from_fn(|i| self.read(base + 2 * i));
        let slot = match bucket.iter().position(|e| e.key == key && !e.is_empty()) {
            Some(i) => {
                let old = bucket[i];
                // A shallower result of the same search (a quiescence one
                // above all) never replaces a deeper one, except an exact
                // score over a bound at nearly the same depth.
                let deeper = old.depth as i32 > s.depth
                    && old.generation() == generation
                    && old.bound() != Bound::None;
                if deeper && !(s.bound == Bound::Exact && old.depth as i32 <= s.depth + 1) {
                    if old.eval == NO_EVAL && s.eval != NO_EVAL as i32 {
                        let mut kept = old;
                        kept.eval = s.eval as i16;
                        self.write(base + 2 * i, &kept);
                    }
                    return;
                }
                i
            }
            None => (0..BUCKET)
                .min_by_key(|&i| {
                    let e = &bucket[i];
                    if e.is_empty() {
                        i32::MIN
                    } else {
                        e.depth as i32 - 8 * self.age(e)
                    }
                })
                .unwrap_or(0),
        };
        let old = bucket[slot];
        let same = old.key == key && !old.is_empty();
        let best = match s.best {
            Some(b) => b as u16,
            None if same => old.best,
            None => 0,
        };
        let eval = if s.eval == NO_EVAL as i32 && same {
            old.eval
        } else {
            s.eval as i16
        };
        let entry = Entry {
            key,
            score: s.score.clamp(-(i16::MAX as i32), i16::MAX as i32) as i16,
            eval,
            best,
            depth: s.depth.clamp(-128, 127) as i8,
            age_bound: (generation << 2) | s.bound as u8,
        };
        self.write(base + 2 * slot, &entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_settles_what_it_proves() {
        // Over a grid of results and windows: a result's bound answers its
        // own window, and another only when it pins the value.
        let values = -40..=40;
        for best in values.clone().step_by(5) {
            for alpha in values.clone().step_by(10) {
                for beta in (alpha + 1..=40).step_by(10) {
                    let bound = Bound::of(best, alpha, beta);
                    assert!(bound.settles(best, alpha, beta), "{best} {alpha} {beta}");
                    // Another window: a fail-high result says nothing about
                    // a beta above it, a fail-low one nothing about an alpha
                    // below it; an exact one answers every window.
                    match bound {
                        Bound::Lower | Bound::Upper => {
                            assert!(!bound.settles(best, best - 1, best + 1))
                        }
                        _ => assert!(bound.settles(best, best + 5, best + 10)),
                    }
                }
            }
        }
        assert!(!Bound::None.settles(0, -1, 1));
    }

    fn store(t: &mut Table, key: u64, depth: i32, bound: Bound) {
        t.store(
            key,
            Store {
                depth,
                score: depth * 10,
                eval: NO_EVAL as i32,
                bound,
                best: Some(100 + depth as usize),
            },
        );
    }

    #[test]
    fn entries_pack_into_one_word_and_back() {
        let e = Entry {
            key: 0x1234_5678_9abc_def0,
            score: -29_000,
            eval: NO_EVAL,
            best: 700,
            depth: -3,
            age_bound: (63 << 2) | Bound::Lower as u8,
        };
        assert!(Entry::unpack(e.key, e.pack()) == e);
    }

    #[test]
    fn a_table_is_a_power_of_two_buckets_within_its_megabytes() {
        for mb in [1, 3, 16, 48, 64] {
            let t = Table::new(mb);
            let bytes = t.words.len() * std::mem::size_of::<AtomicU64>();
            assert!(
                bytes <= mb << 20 && bytes * 2 > mb << 20,
                "{mb} MB: {bytes} bytes"
            );
            assert!((t.mask + 1).is_power_of_two());
            assert!(t.has_size(mb));
        }
        assert!(Table::new(48).has_size(32), "48 MB rounds down to 32");
        assert!(!Table::new(16).has_size(32));
    }

    #[test]
    fn a_shallow_result_never_replaces_a_deeper_one() {
        let mut t = Table::new(1);
        store(&mut t, 42, 6, Bound::Lower);
        store(&mut t, 42, 0, Bound::Exact);
        store(&mut t, 42, 3, Bound::Upper);
        let e = t.probe(42).unwrap();
        assert_eq!((e.depth, e.score, e.bound()), (6, 60, Bound::Lower));
        // A later search may overwrite it.
        t.new_search();
        store(&mut t, 42, 2, Bound::Upper);
        assert_eq!(t.probe(42).unwrap().depth, 2);
    }

    #[test]
    fn entries_survive_new_searches_and_old_shallow_ones_go_first() {
        let mut t = Table::new(1);
        let stride = (t.mask + 1) as u64;
        // Four positions in one bucket, then a fifth after two new searches.
        for (n, depth) in [9, 1, 5, 7].into_iter().enumerate() {
            store(&mut t, 7 + stride * (n as u64 + 1), depth, Bound::Exact);
        }
        t.new_search();
        t.new_search();
        store(&mut t, 7 + stride * 9, 1, Bound::Exact);
        assert!(t.probe(7 + stride).is_some(), "the deep entry stays");
        assert!(t.probe(7 + stride * 2).is_none(), "the shallowest goes");
        assert_eq!(t.probe(7 + stride * 9).unwrap().best, 101);
        t.wipe();
        assert!(t.probe(7 + stride).is_none());
    }
}
