//! The compressed values of one sub-table: a canonical Huffman code over symbols that each stand
//! for a run of values (a "pairs" grammar: a symbol is a value or two smaller symbols), stored in
//! blocks with an index of block starts and a table of block lengths.
//!
//! The layout and the decoding follow the Syzygy format as Fathom's tbprobe.c reads it
//! (`setup_pairs`, `decompress_pairs`; MIT, Copyright (c) 2013-2018 Ronald de Man, (c) 2015
//! basil00, (c) 2016-2025 Jon Dart; the notice is in encode.rs). Everything read from the file is
//! checked: a bad table gives [`Corrupt`], never a panic, an out-of-bounds read or a long loop.

use super::source::TableSource;

/// What is wrong with a table (the caller adds the table's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Corrupt(pub String);

pub(crate) fn corrupt<T>(what: impl Into<String>) -> Result<T, Corrupt> {
    Err(Corrupt(what.into()))
}

/// Reads a range of the table, turning a short read into [`Corrupt`].
pub(crate) fn read(src: &dyn TableSource, offset: u64, len: usize) -> Result<Vec<u8>, Corrupt> {
    let mut buf = vec![0; len];
    match src.read_at(offset, &mut buf) {
        Ok(()) => Ok(buf),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            corrupt(format!("truncated: {len} bytes wanted at offset {offset}"))
        }
        Err(e) => corrupt(format!("read error at offset {offset}: {e}")),
    }
}

fn le16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

/// Longest walk over the block-length table from an index entry; real tables need a few steps.
const MAX_BLOCK_WALK: u32 = 1 << 16;

/// One sub-table's decoder.
#[derive(Debug, Clone)]
pub(crate) struct Pairs {
    /// The value of every position when the sub-table is constant.
    constant: Option<[u8; 3]>,
    block_size: u32,
    idx_bits: u32,
    real_num_blocks: u64,
    num_blocks: u64,
    min_len: u32,
    /// The first symbol of each code length, from `min_len` up.
    offset: Vec<u16>,
    /// The smallest left-aligned code of each length, from `min_len` up.
    base: Vec<u64>,
    /// How many values each symbol stands for, minus one.
    sym_len: Vec<u32>,
    /// Three bytes per symbol: a value, or the two symbols it stands for.
    sym_pat: Vec<u8>,
    /// Where the index, the block lengths and the blocks start in the file.
    pub index_table: u64,
    pub size_table: u64,
    pub data: u64,
    /// Bytes of the index, the block lengths and the blocks.
    pub sizes: [u64; 3],
}

impl Pairs {
    /// Reads a sub-table's decoder header at `*pos` (advancing it) for `tb_size` positions.
    /// Returns the decoder and the header's flags byte.
    pub fn setup(
        src: &dyn TableSource,
        pos: &mut u64,
        tb_size: u64,
        wdl: bool,
    ) -> Result<(Pairs, u8), Corrupt> {
        let head = read(src, *pos, 10.min(src.len().saturating_sub(*pos) as usize))?;
        let Some(&flags) = head.first() else {
            return corrupt("truncated decoder header");
        };
        if flags & 0x80 != 0 {
            let value = if wdl { *head.get(1).unwrap_or(&0) } else { 0 };
            if head.len() < 2 {
                return corrupt("truncated decoder header");
            }
            *pos += 2;
            let pairs = Pairs {
                constant: Some([value, 0, 0]),
                block_size: 0,
                idx_bits: 0,
                real_num_blocks: 0,
                num_blocks: 0,
                min_len: 0,
                offset: Vec::new(),
                base: Vec::new(),
                sym_len: Vec::new(),
                sym_pat: Vec::new(),
                index_table: 0,
                size_table: 0,
                data: 0,
                sizes: [0; 3],
            };
            return Ok((pairs, flags));
        }
        if head.len() < 10 {
            return corrupt("truncated decoder header");
        }
        let block_size = u32::from(head[1]);
        let idx_bits = u32::from(head[2]);
        let real_num_blocks = u64::from(u32::from_le_bytes([head[4], head[5], head[6], head[7]]));
        let num_blocks = real_num_blocks + u64::from(head[3]);
        let max_len = u32::from(head[8]);
        let min_len = u32::from(head[9]);
        if !(1..=32).contains(&idx_bits) || block_size > 24 {
            return corrupt(format!(
                "bad block size {block_size} or index bits {idx_bits}"
            ));
        }
        if min_len == 0 || min_len > max_len || max_len > 32 {
            return corrupt(format!("bad code lengths {min_len}..{max_len}"));
        }
        let h = (max_len - min_len + 1) as usize;
        let rest = read(src, *pos + 10, 2 * h + 2)?;
        let offset: Vec<u16> = (0..h).map(|i| le16(&rest, 2 * i)).collect();
        let num_syms = le16(&rest, 2 * h) as usize;
        if num_syms == 0 {
            return corrupt("no symbols");
        }
        let sym_pat = read(src, *pos + 12 + 2 * h as u64, 3 * num_syms)?;
        *pos += 12 + 2 * h as u64 + 3 * num_syms as u64 + (num_syms as u64 & 1);
        let sym_len = symbol_lengths(&sym_pat)?;

        let mut base = vec![0u64; h];
        for i in (0..h - 1).rev() {
            base[i] = base[i + 1]
                .wrapping_add(u64::from(offset[i]))
                .wrapping_sub(u64::from(offset[i + 1]))
                / 2;
        }
        for (i, b) in base.iter_mut().enumerate() {
            *b <<= 64 - (min_len + i as u32);
        }
        let num_indices = (tb_size + (1 << idx_bits) - 1) >> idx_bits;
        let sizes = [
            6 * num_indices,
            2 * num_blocks,
            real_num_blocks << block_size,
        ];
        let pairs = Pairs {
            constant: None,
            block_size,
            idx_bits,
            real_num_blocks,
            num_blocks,
            min_len,
            offset,
            base,
            sym_len,
            sym_pat,
            index_table: 0,
            size_table: 0,
            data: 0,
            sizes,
        };
        Ok((pairs, flags))
    }

    /// The three bytes of the value at `idx`.
    pub fn get(&self, src: &dyn TableSource, idx: u64) -> Result<[u8; 3], Corrupt> {
        if let Some(value) = self.constant {
            return Ok(value);
        }
        let main_idx = idx >> self.idx_bits;
        let mut lit_idx: i64 =
            (idx & ((1 << self.idx_bits) - 1)) as i64 - (1i64 << (self.idx_bits - 1));
        let entry = read(src, self.index_table + 6 * main_idx, 6)?;
        let mut block = u64::from(u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]));
        lit_idx += i64::from(le16(&entry, 4));

        let block_len = |block: u64| -> Result<i64, Corrupt> {
            if block >= self.num_blocks {
                return corrupt(format!("block {block} out of range"));
            }
            let b = read(src, self.size_table + 2 * block, 2)?;
            Ok(i64::from(le16(&b, 0)))
        };
        let mut steps = 0;
        if lit_idx < 0 {
            while lit_idx < 0 {
                if block == 0 || steps > MAX_BLOCK_WALK {
                    return corrupt("block index walks off the table");
                }
                block -= 1;
                lit_idx += block_len(block)? + 1;
                steps += 1;
            }
        } else {
            loop {
                let len = block_len(block)?;
                if lit_idx <= len {
                    break;
                }
                if steps > MAX_BLOCK_WALK {
                    return corrupt("block index walks off the table");
                }
                lit_idx -= len + 1;
                block += 1;
                steps += 1;
            }
        }
        if block >= self.real_num_blocks {
            return corrupt(format!("block {block} out of range"));
        }
        let bytes = read(
            src,
            self.data + (block << self.block_size),
            1 << self.block_size,
        )?;
        self.decode(&bytes, lit_idx)
    }

    /// The `lit_idx`-th value of a block.
    fn decode(&self, bytes: &[u8], mut lit_idx: i64) -> Result<[u8; 3], Corrupt> {
        // The decoder looks ahead of the code it decodes: past the end of the block those bits
        // are never part of a code of the block, so zeros do.
        let word = |at: usize, n: usize| -> Result<u64, Corrupt> {
            Ok((at..at + n).fold(0u64, |acc, i| {
                (acc << 8) | u64::from(bytes.get(i).copied().unwrap_or(0))
            }))
        };
        let mut code = word(0, 8)?;
        let mut ptr = 8;
        let mut bit_cnt = 0u32;
        let h = self.base.len();
        let sym = loop {
            let mut l = 0;
            while l + 1 < h && code < self.base[l] {
                l += 1;
            }
            let len = self.min_len + l as u32;
            let sym = u64::from(self.offset[l]) + (code.wrapping_sub(self.base[l]) >> (64 - len));
            let Some(&sym_len) = self.sym_len.get(sym as usize) else {
                return corrupt(format!("symbol {sym} out of range"));
            };
            if lit_idx < i64::from(sym_len) + 1 {
                break sym as usize;
            }
            lit_idx -= i64::from(sym_len) + 1;
            code <<= len;
            bit_cnt += len;
            if bit_cnt >= 32 {
                bit_cnt -= 32;
                code |= word(ptr, 4)? << bit_cnt;
                ptr += 4;
            }
        };
        let mut sym = sym;
        // Descend the symbol's grammar to the value at `lit_idx` (terminates: the grammar was
        // checked acyclic when the table was opened).
        while self.sym_len[sym] != 0 {
            let w = &self.sym_pat[3 * sym..3 * sym + 3];
            let left = (usize::from(w[1] & 0x0f) << 8) | usize::from(w[0]);
            if lit_idx < i64::from(self.sym_len[left]) + 1 {
                sym = left;
            } else {
                lit_idx -= i64::from(self.sym_len[left]) + 1;
                sym = (usize::from(w[2]) << 4) | usize::from(w[1] >> 4);
            }
        }
        let w = &self.sym_pat[3 * sym..3 * sym + 3];
        Ok([w[0], w[1], w[2]])
    }
}

/// The run length (minus one) of every symbol; an error when a symbol refers to a symbol out of
/// range or to itself through others.
fn symbol_lengths(sym_pat: &[u8]) -> Result<Vec<u32>, Corrupt> {
    let n = sym_pat.len() / 3;
    let children = |s: usize| -> Option<(usize, usize)> {
        let w = &sym_pat[3 * s..3 * s + 3];
        let right = (usize::from(w[2]) << 4) | usize::from(w[1] >> 4);
        if right == 0x0fff {
            return None;
        }
        Some(((usize::from(w[1] & 0x0f) << 8) | usize::from(w[0]), right))
    };
    // 0: not seen, 1: on the stack, 2: done.
    let mut state = vec![0u8; n];
    let mut len = vec![0u32; n];
    for root in 0..n {
        if state[root] == 2 {
            continue;
        }
        let mut stack = vec![root];
        while let Some(&s) = stack.last() {
            match children(s) {
                None => {
                    state[s] = 2;
                    stack.pop();
                }
                Some((a, b)) => {
                    if a >= n || b >= n {
                        return corrupt(format!("symbol {s} refers to a symbol out of range"));
                    }
                    state[s] = 1;
                    let mut pending = false;
                    for c in [a, b] {
                        match state[c] {
                            0 => {
                                stack.push(c);
                                pending = true;
                            }
                            1 => return corrupt(format!("symbol {s} refers to itself")),
                            _ => {}
                        }
                    }
                    if !pending {
                        len[s] = len[a].saturating_add(len[b]).saturating_add(1);
                        state[s] = 2;
                        stack.pop();
                    }
                }
            }
        }
    }
    Ok(len)
}
