//! Syzygy tablebases for JavaScript: tables given as bytes (`Uint8Array` per file name), probed
//! by FEN. In Node, `openTablebase(directory)` and `Tablebase.prototype.addDirectory` (in the
//! package's node.js) read a directory's table files into it.

use js_sys::{Array, Object, Reflect, Uint8Array};
use qipan::chess::syzygy::{SyzygyError, Tablebase as CoreTablebase};
use qipan::{Chess, ErrorKind};
use wasm_bindgen::prelude::*;

use crate::js;

fn error(e: SyzygyError) -> JsValue {
    let name = match e {
        SyzygyError::MissingTable { .. } => "MissingTableError",
        SyzygyError::BadTable { .. } | SyzygyError::BadName(_) => "TableError",
        SyzygyError::Castling | SyzygyError::TooManyPieces(_) => "RangeError",
    };
    js::named_error(name, &e.to_string())
}

fn position(fen: &JsValue) -> Result<Chess, JsValue> {
    let text = js::text(fen, ErrorKind::InvalidFen, "FEN", js::MAX_FEN_LEN)?;
    Chess::from_fen(text.trim()).map_err(|e| {
        js::error(
            ErrorKind::InvalidFen,
            &format!("invalid chess FEN {:?}: {e}", qipan::shorten(&text)),
        )
    })
}

fn set(target: &Object, name: &str, value: JsValue) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(name), &value);
}

/// Syzygy endgame tables (`.rtbw` WDL, `.rtbz` DTZ), added from bytes and probed by FEN.
#[wasm_bindgen]
pub struct Tablebase {
    tables: CoreTablebase,
}

#[wasm_bindgen]
impl Tablebase {
    /// No tables yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Tablebase {
        Tablebase {
            tables: CoreTablebase::new(),
        }
    }

    /// Adds one table file's bytes under its file name (`"KQvKR.rtbw"`). Nothing is checked
    /// before a probe needs the table.
    #[wasm_bindgen(js_name = addTable)]
    pub fn add_table(&self, file_name: &str, bytes: &Uint8Array) -> Result<(), JsValue> {
        self.tables
            .add_bytes(file_name, bytes.to_vec())
            .map_err(error)
    }

    /// How many table files were added.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.tables.len()
    }

    /// WDL for the side to move: 2 win, 1 cursed win, 0 draw, -1 blessed loss, -2 loss. Throws
    /// `MissingTableError` without the table, `RangeError` for castling rights or too many pieces,
    /// `TableError` for a damaged table, `InvalidFenError` for a bad FEN.
    #[wasm_bindgen(js_name = probeWdl)]
    pub fn probe_wdl(&self, fen: &JsValue) -> Result<i32, JsValue> {
        let pos = position(fen)?;
        self.tables
            .probe_wdl(&pos)
            .map(|w| w.to_i32())
            .map_err(error)
    }

    /// DTZ for the side to move (plies to the next capture or pawn move with best play).
    #[wasm_bindgen(js_name = probeDtz)]
    pub fn probe_dtz(&self, fen: &JsValue) -> Result<i32, JsValue> {
        let pos = position(fen)?;
        self.tables.probe_dtz(&pos).map_err(error)
    }

    /// `{wdl, dtz, best, moves}`: the position's values, the best moves (UCI) and every legal
    /// move as `{uci, san, wdl, dtz, rank}`, best first.
    #[wasm_bindgen(js_name = probeRoot)]
    pub fn probe_root(&self, fen: &JsValue) -> Result<JsValue, JsValue> {
        let pos = position(fen)?;
        let root = self.tables.probe_root(&pos).map_err(error)?;
        let moves = Array::new();
        for m in &root.moves {
            let item = Object::new();
            set(&item, "uci", JsValue::from_str(&m.mv.to_string()));
            set(&item, "san", JsValue::from_str(&pos.san(m.mv)));
            set(&item, "wdl", JsValue::from(m.wdl.to_i32()));
            set(&item, "dtz", JsValue::from(m.dtz));
            set(&item, "rank", JsValue::from(m.rank));
            moves.push(&item);
        }
        let best: Array = root
            .best_moves()
            .map(|m| JsValue::from_str(&m.mv.to_string()))
            .collect();
        let out = Object::new();
        set(&out, "wdl", JsValue::from(root.wdl.to_i32()));
        set(&out, "dtz", JsValue::from(root.dtz));
        set(&out, "best", best.into());
        set(&out, "moves", moves.into());
        Ok(out.into())
    }

    /// Forgets every table.
    pub fn close(&self) {
        self.tables.clear();
    }
}

impl Default for Tablebase {
    fn default() -> Tablebase {
        Tablebase::new()
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_NODE: &'static str = r#"
/** Node only (the package's Node entry): a Tablebase with every table file of `directory`. */
export function openTablebase(directory: string): Tablebase;
export interface Tablebase {
  /** Node only: adds every table file (`KQvKR.rtbw`, `.rtbz`) of `directory`; returns how many. */
  addDirectory(directory: string): number;
}
"#;
