//! `XiangqiBoard`: Xiangqi for JavaScript, with ICCS, WXF and Chinese notation.

use js_sys::Reflect;
use qipan::xiangqi::{Move, Xiangqi, XiangqiRules};
use qipan::Variant;
use wasm_bindgen::prelude::*;

use crate::board::{rules_from_js, Board};
use crate::class::board_class;
use crate::games::{flags, JsVariant, MoveFacts};
use crate::js::named_error;
use crate::names::NameTable;
use crate::setup::{xiangqi_point, Point};

impl JsVariant for Xiangqi {
    fn describe(&self, mv: Move) -> MoveFacts {
        if mv.is_null() {
            // As chess.js's null move: from the first point of its board order to itself.
            let a9 = Point { file: 0, rank: 9 };
            return MoveFacts {
                from: a9,
                to: a9,
                piece: 'k',
                captured: None,
                promotion: None,
                flags: flags::NULL_MOVE,
            };
        }
        let letter = |sq| {
            self.piece_at(sq)
                .map(|p| p.role.fen_char().to_ascii_lowercase())
        };
        let captured = letter(mv.to());
        MoveFacts {
            from: xiangqi_point(mv.from()),
            to: xiangqi_point(mv.to()),
            piece: letter(mv.from()).unwrap_or('k'),
            captured,
            promotion: None,
            flags: if captured.is_some() {
                flags::CAPTURE
            } else {
                flags::NORMAL
            },
        }
    }

    /// `{repetition, moveLimit}`: a rule-set name and the moves per side without a capture
    /// before the draw (`null` or 0 for none).
    fn rules_from_object(value: &JsValue) -> Result<XiangqiRules, JsValue> {
        if !value.is_object() {
            return Err(named_error(
                "TypeError",
                &format!(
                    "rules must be a rule-set name ({}) or {{repetition, moveLimit}}",
                    <XiangqiRules as qipan::GameRules>::NAMES.join(", ")
                ),
            ));
        }
        let field = |name: &str| Reflect::get(value, &JsValue::from_str(name));
        let repetition = field("repetition")?;
        let mut rules = if repetition.is_undefined() {
            XiangqiRules::default()
        } else if repetition.is_string() {
            rules_from_js::<Xiangqi>(&repetition)?
        } else {
            return Err(named_error(
                "TypeError",
                "repetition must be a rule-set name",
            ));
        };
        let limit = field("moveLimit")?;
        if limit.is_null() {
            rules.move_limit = 0;
        } else if !limit.is_undefined() {
            rules.move_limit = crate::js::integer(&limit, "moveLimit", u32::MAX)?;
        }
        Ok(rules)
    }

    fn with_names<R>(f: impl FnOnce(&NameTable) -> R) -> R {
        thread_local!(static NAMES: NameTable = NameTable::new(<Xiangqi as qipan::board::Editable>::MOVE_INDICES));
        NAMES.with(f)
    }
}

/// A game of Xiangqi (Chinese chess): moves in ICCS (`"h2e2"`: files a–i from Red's left,
/// ranks 0–9 from Red's side), WXF (`"C2.5"`) or Chinese notation (`"炮二平五"`).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct XiangqiBoard {
    board: Board<Xiangqi>,
}

board_class!(XiangqiBoard);
#[cfg(feature = "records")]
crate::records::record_class!(XiangqiBoard);

#[wasm_bindgen]
impl XiangqiBoard {
    /// A board at `fen` (the start position when left out) under `rules`: `"asian"` (the
    /// default), `"chinese"` or `"simple"` repetition rules, or `{repetition, moveLimit}` (`moveLimit`: moves
    /// per side without a capture before a draw, 60 by default; 0 or `null` for none).
    ///
    /// Throws `InvalidFenError` for a FEN that does not describe a legal position.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] fen: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "XiangqiRulesInit")] rules: JsValue,
    ) -> Result<XiangqiBoard, JsValue> {
        Ok(XiangqiBoard {
            board: Board::new(&fen, &rules)?,
        })
    }

    /// Plays a move given in WXF notation (`"C2.5"`, `"H8+7"`, `"+P.1"`); answers it in ICCS.
    #[wasm_bindgen(js_name = pushWxf, unchecked_return_type = "string")]
    pub fn push_wxf(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] wxf: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.board.push_with(&wxf, |pos, text| pos.parse_wxf(text))
    }

    /// Plays a move given in Chinese notation (`"炮二平五"`); answers it in ICCS.
    #[wasm_bindgen(js_name = pushChinese, unchecked_return_type = "string")]
    pub fn push_chinese(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] chinese: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.board
            .push_with(&chinese, |pos, text| pos.parse_chinese(text))
    }

    /// The WXF notation of a legal move given in ICCS (`"h2e2"` → `"C2.5"`).
    pub fn wxf(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue,
    ) -> Result<String, JsValue> {
        self.board.notate_with(&iccs, |pos, mv| pos.wxf(mv))
    }

    /// The Chinese notation of a legal move given in ICCS (`"h2e2"` → `"炮二平五"`).
    pub fn chinese(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue,
    ) -> Result<String, JsValue> {
        self.board.notate_with(&iccs, |pos, mv| pos.chinese(mv))
    }
}

#[cfg(feature = "engines")]
impl XiangqiBoard {
    /// The game (start and moves), or `InvalidFenError` while the board is unplayable.
    pub(crate) fn xiangqi_game(&self) -> Result<&qipan::Game<Xiangqi>, JsValue> {
        self.board.game()
    }
}

/// The start position's FEN.
#[wasm_bindgen(js_name = xiangqiStartFen)]
pub fn xiangqi_start_fen() -> String {
    Xiangqi::start().fen()
}

#[wasm_bindgen(typescript_custom_section)]
const TS_RULES: &'static str = r#"
/** Xiangqi rules: a repetition rule set by name, or its fields. */
export type XiangqiRulesInit =
  | "asian" | "chinese" | "simple"
  | {
      /** Asian (AXF) rules: perpetual check and chase lose; chinese (CXA): every attacking cycle is at fault; simple: every threefold repetition draws. */
      repetition?: "asian" | "chinese" | "simple";
      /** Moves per side without a capture before a draw (default 60); 0 or null: no limit. */
      moveLimit?: number | null;
    };
"#;
