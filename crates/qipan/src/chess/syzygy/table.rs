//! One table file (`.rtbw` or `.rtbz`): its header, sub-tables and DTZ value maps, and the raw
//! value of a position in it.
//!
//! The layout follows the Syzygy format as Fathom's tbprobe.c reads it (`init_table`,
//! `probe_table`; MIT, the notice is in encode.rs).

use super::encode::{self, EncInfo, Shape, MAX_PIECES};
use super::pairs::{corrupt, read, Corrupt, Pairs};
use super::source::TableSource;
use super::Material;
use crate::chess::{Bitboard, Chess, Role};
use crate::Color;

/// The two kinds of table file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// Win/draw/loss (`.rtbw`).
    Wdl,
    /// Distance to zeroing (`.rtbz`).
    Dtz,
}

impl TableKind {
    /// The file extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        }
    }

    const fn magic(self) -> u32 {
        match self {
            TableKind::Wdl => 0x5d23_e871,
            TableKind::Dtz => 0xa50c_66d7,
        }
    }
}

struct SubTable {
    ei: EncInfo,
    size: u64,
    pairs: Pairs,
}

/// An open table.
pub(crate) struct Table {
    kind: TableKind,
    src: Box<dyn TableSource>,
    shape: Shape,
    /// Whether both sides have the same material.
    symmetric: bool,
    /// `sub[t][side]`: for each leading-pawn file group (one group without pawns), the sub-table
    /// of each side to move (WDL tables of unequal material; otherwise only side 0).
    sub: Vec<[Option<SubTable>; 2]>,
    /// DTZ: the flags of each group (bit 0: the side to move stored, bit 1: values mapped, bit 4:
    /// 16-bit map, bits 2/3: values of wins/losses already in plies).
    dtz_flags: Vec<u8>,
    /// DTZ: the value maps of each group, one per WDL value.
    dtz_map: Vec<[Vec<u16>; 4]>,
}

/// The raw value of a position in a table.
pub(crate) enum Raw {
    Value(i32),
    /// A DTZ table that holds only the other side to move.
    OtherSide,
}

const WDL_TO_MAP: [usize; 5] = [1, 3, 0, 2, 0];
const PA_FLAGS: [u8; 5] = [8, 0, 0, 0, 4];

impl Table {
    /// Reads the header of a table of `material` (the side named first as White).
    pub fn open(
        src: Box<dyn TableSource>,
        kind: TableKind,
        material: &Material,
    ) -> Result<Table, Corrupt> {
        let src_ref: &dyn TableSource = &*src;
        // Every table file ends with 16 bytes after a multiple of 64: anything else was cut.
        if src_ref.len() % 64 != 16 {
            return corrupt(format!("truncated: {} bytes", src_ref.len()));
        }
        let head = read(src_ref, 0, 5)?;
        if u32::from_le_bytes([head[0], head[1], head[2], head[3]]) != kind.magic() {
            return corrupt("bad magic number");
        }
        let num = material.count();
        if !(2..=MAX_PIECES).contains(&num) {
            return corrupt(format!("{num} pieces"));
        }
        let has_pawns = material.pawns(0) + material.pawns(1) > 0;
        if (head[4] & 0x02 != 0) != has_pawns {
            return corrupt("pawn flag does not match the material");
        }
        let split = kind == TableKind::Wdl && head[4] & 0x01 != 0;
        let mut pawns = [material.pawns(0) as u8, material.pawns(1) as u8];
        if pawns[1] > 0 && (pawns[0] == 0 || pawns[0] > pawns[1]) {
            pawns.swap(0, 1);
        }
        let unique = (0..2)
            .flat_map(|side| Role::ALL.map(|role| material.count_of(side, role)))
            .filter(|&n| n == 1)
            .count();
        let shape = Shape {
            num,
            has_pawns,
            kk_enc: !has_pawns && unique == 2,
            pawns,
        };
        let groups = if has_pawns { 4 } else { 1 };
        let header_len = num + 1 + usize::from(has_pawns && pawns[1] > 0);
        let mut pos = 5u64;
        let mut infos = Vec::with_capacity(groups);
        for t in 0..groups {
            let tb = read(src_ref, pos, header_len)?;
            let mut sides = [None, None];
            for (side, slot) in sides.iter_mut().enumerate().take(1 + usize::from(split)) {
                let Some((ei, size)) = encode::enc_info(&shape, &tb, 4 * side as u32, t) else {
                    return corrupt("bad piece encoding");
                };
                check_pieces(&ei, &shape, material)?;
                *slot = Some((ei, size));
            }
            infos.push(sides);
            pos += header_len as u64;
        }
        pos += pos & 1;

        let mut sub: Vec<[Option<SubTable>; 2]> = Vec::with_capacity(groups);
        let mut dtz_flags = Vec::new();
        for sides in infos {
            let mut made = [None, None];
            for (side, info) in sides.into_iter().enumerate() {
                if let Some((ei, size)) = info {
                    let (pairs, flags) =
                        Pairs::setup(src_ref, &mut pos, size, kind == TableKind::Wdl)?;
                    if side == 0 && kind == TableKind::Dtz {
                        dtz_flags.push(flags);
                    }
                    made[side] = Some(SubTable { ei, size, pairs });
                }
            }
            sub.push(made);
        }

        let mut dtz_map = Vec::new();
        if kind == TableKind::Dtz {
            for &flags in &dtz_flags {
                let mut maps: [Vec<u16>; 4] = Default::default();
                if flags & 2 != 0 {
                    if flags & 16 == 0 {
                        for map in &mut maps {
                            let n = read(src_ref, pos, 1)?[0] as usize;
                            *map = read(src_ref, pos + 1, n)?
                                .into_iter()
                                .map(u16::from)
                                .collect();
                            pos += 1 + n as u64;
                        }
                    } else {
                        pos += pos & 1;
                        for map in &mut maps {
                            let b = read(src_ref, pos, 2)?;
                            let n = u16::from_le_bytes([b[0], b[1]]) as usize;
                            let bytes = read(src_ref, pos + 2, 2 * n)?;
                            *map = bytes
                                .chunks_exact(2)
                                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                                .collect();
                            pos += 2 + 2 * n as u64;
                        }
                    }
                }
                dtz_map.push(maps);
            }
            pos += pos & 1;
        }

        let len = src_ref.len();
        let place = |pos: &mut u64, size: u64, align: bool| -> Result<u64, Corrupt> {
            if align {
                *pos = pos
                    .checked_add(0x3f)
                    .ok_or(Corrupt("offset overflow".into()))?
                    & !0x3f;
            }
            let at = *pos;
            *pos = pos
                .checked_add(size)
                .filter(|&end| end <= len)
                .ok_or_else(|| Corrupt(format!("truncated: sections end past {len} bytes")))?;
            Ok(at)
        };
        for section in 0..3 {
            for sides in &mut sub {
                for s in sides.iter_mut().flatten() {
                    let size = s.pairs.sizes[section];
                    let at = place(&mut pos, size, section == 2)?;
                    match section {
                        0 => s.pairs.index_table = at,
                        1 => s.pairs.size_table = at,
                        _ => s.pairs.data = at,
                    }
                }
            }
        }
        Ok(Table {
            kind,
            src,
            shape,
            symmetric: material.is_symmetric(),
            sub,
            dtz_flags,
            dtz_map,
        })
    }

    /// The raw value of `pos` in this table. `flip`: the position's Black is the table's first
    /// side. For DTZ, `wdl` is the position's WDL value (side to move's view).
    pub fn probe(&self, pos: &Chess, flip: bool, wdl: i32) -> Result<Raw, Corrupt> {
        let (flip, bside) = if self.symmetric {
            (pos.turn() == Color::Black, 0)
        } else {
            (flip, usize::from((pos.turn() == Color::White) == flip))
        };
        let mirror = if self.shape.has_pawns && flip {
            0x38
        } else {
            0
        };
        let mut squares = [0u8; MAX_PIECES];
        let mut t = 0;
        if self.shape.has_pawns {
            let first = self.sub[0][0].as_ref().map(|s| &s.ei);
            let Some(ei) = first else {
                return corrupt("missing sub-table");
            };
            let lead = self.shape.pawns[0] as usize;
            fill(pos, &ei.pieces[..lead], 0, flip, mirror, &mut squares);
            t = encode::leading_pawn(&mut squares, self.shape.pawns[0] as usize);
        }
        if self.kind == TableKind::Dtz {
            let flags = self.dtz_flags[t];
            if usize::from(flags & 1) != bside && !self.symmetric {
                return Ok(Raw::OtherSide);
            }
        }
        let side = if self.kind == TableKind::Wdl {
            bside
        } else {
            0
        };
        let Some(sub) = self.sub[t][side].as_ref() else {
            return corrupt("missing sub-table for this side to move");
        };
        // With pawns the leading pawns are in place: fill the other pieces.
        let from = if self.shape.has_pawns {
            self.shape.pawns[0] as usize
        } else {
            0
        };
        fill(
            pos,
            &sub.ei.pieces[..self.shape.num],
            from,
            flip,
            mirror,
            &mut squares,
        );
        let idx = encode::encode(&mut squares, &sub.ei, &self.shape);
        if idx >= sub.size {
            return corrupt(format!("index {idx} out of range"));
        }
        let w = sub.pairs.get(&*self.src, idx)?;
        if self.kind == TableKind::Wdl {
            return Ok(Raw::Value(i32::from(w[0]) - 2));
        }
        let mut v = i32::from(w[0]) + (i32::from(w[1] & 0x0f) << 8);
        let flags = self.dtz_flags[t];
        let s = wdl.clamp(-2, 2);
        if flags & 2 != 0 {
            let map = &self.dtz_map[t][WDL_TO_MAP[(s + 2) as usize]];
            match map.get(v as usize) {
                Some(&m) => v = i32::from(m),
                None => return corrupt(format!("DTZ value {v} outside its map")),
            }
        }
        if flags & PA_FLAGS[(s + 2) as usize] == 0 || s & 1 != 0 {
            v *= 2;
        }
        Ok(Raw::Value(v))
    }
}

/// The squares of the pieces named by `codes[from..]` (the table's order), ascending within each
/// group of like pieces. The codes were checked against the material when the table was opened.
fn fill(
    pos: &Chess,
    codes: &[u8],
    from: usize,
    flip: bool,
    mirror: u8,
    out: &mut [u8; MAX_PIECES],
) {
    let mut i = from;
    while i < codes.len() {
        let (color, role) = decode_piece(codes[i]).unwrap_or((Color::White, Role::King));
        let color = if flip { !color } else { color };
        let bb: Bitboard = pos.pieces(color, role);
        for sq in bb {
            if i < codes.len() {
                out[i] = sq.index() as u8 ^ mirror;
                i += 1;
            }
        }
        if bb.is_empty() {
            i += 1;
        }
    }
}

/// A piece code of the format: 1..=6 pawn..king of the table's first side, 9..=14 of the second.
fn decode_piece(code: u8) -> Option<(Color, Role)> {
    let color = if code & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let role = match code & 7 {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    };
    (code & !0x0f == 0).then_some((color, role))
}

/// Checks that a sub-table's piece codes are the table's material, like pieces together, and for
/// pawn tables the leading pawns first.
fn check_pieces(ei: &EncInfo, shape: &Shape, material: &Material) -> Result<(), Corrupt> {
    let codes = &ei.pieces[..shape.num];
    let mut seen = Vec::new();
    for (i, &code) in codes.iter().enumerate() {
        let Some((color, role)) = decode_piece(code) else {
            return corrupt(format!("bad piece code {code}"));
        };
        if i == 0 || codes[i - 1] != code {
            if seen.contains(&code) {
                return corrupt("like pieces apart");
            }
            seen.push(code);
            let want = material.count_of(color.index(), role);
            let got = codes[i..].iter().take_while(|&&c| c == code).count();
            if want != got {
                return corrupt("piece codes do not match the material");
            }
        }
    }
    if shape.has_pawns {
        let lead = shape.pawns[0] as usize;
        let Some((color, Role::Pawn)) = decode_piece(codes[0]) else {
            return corrupt("pawn table not led by pawns");
        };
        if material.pawns(color.index()) != lead {
            return corrupt("pawn table led by the wrong pawns");
        }
    }
    Ok(())
}
