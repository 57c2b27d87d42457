//! `readGames` and `writePgn`: game records as trees of plain JS objects, for both games.
//!
//! A game is `{game, headers, notation, fen, comment, variations, errors}` and every node below
//! it `{move, notation, san?, comment, clock, emt, eval, arrows, startingComment, nags,
//! variations}` (the comment's commands as typed fields, see `annotations.rs`) — python-chess's
//! `Game` and `ChildNode` as data, the main line first in each `variations`. The core reads and
//! writes the records ([`qipan::tree`]); this module converts the tree to objects and back,
//! without recursion, so a deep record cannot overflow the stack.

use js_sys::{Array, Object};
use qipan::pgn::{read_tags, Limits, RecordError, Splitter};
use qipan::tree::{AnyGameTree, NodeId, MAX_TREE_NODES};
use qipan::{GameKind, Notation};
use wasm_bindgen::prelude::*;

use crate::js;
use crate::records::{
    option, pgn_error, record_text, set, string, tag_name, tags_object, with_newline,
    write_options_for,
};

/// The nodes of `tree` reached from the root, parents before children.
fn attached_nodes(tree: &AnyGameTree) -> Vec<NodeId> {
    let mut order = vec![tree.root()];
    let mut i = 0;
    while i < order.len() {
        order.extend_from_slice(tree.variations(order[i]));
        i += 1;
    }
    order
}

/// A record error as `{kind, name, line, ply, text, message}`.
fn error_object(e: &RecordError) -> Object {
    let object = Object::new();
    set(&object, "kind", e.kind.as_str());
    set(&object, "name", e.kind.error_name());
    set(&object, "line", e.line as f64);
    set(
        &object,
        "ply",
        e.ply.map_or(JsValue::NULL, |p| (p as f64).into()),
    );
    set(
        &object,
        "text",
        e.text.as_deref().map_or(JsValue::NULL, JsValue::from_str),
    );
    set(&object, "message", e.message.as_str());
    object
}

fn errors_array(errors: &[RecordError]) -> Array {
    errors
        .iter()
        .map(|e| JsValue::from(error_object(e)))
        .collect()
}

/// One move's node object, without its variations.
fn node_object(tree: &AnyGameTree, id: NodeId) -> Object {
    let object = Object::new();
    if let Some(coord) = tree.coord(id) {
        set(&object, "move", coord);
    }
    set(
        &object,
        "notation",
        tree.move_text(id, None).unwrap_or_default(),
    );
    // Chess nodes carry their SAN too (chess.js's field).
    if tree.kind().family() == GameKind::Chess {
        set(
            &object,
            "san",
            tree.move_text(id, Some(Notation::San)).unwrap_or_default(),
        );
    }
    let comment = tree.comment(id);
    set(&object, "comment", comment);
    crate::annotations::set_fields(&object, tree.kind(), comment);
    set(&object, "startingComment", tree.starting_comment(id));
    let nags: Array = tree.nags(id).iter().map(|&n| JsValue::from(n)).collect();
    set(&object, "nags", nags);
    object
}

/// A whole tree as the game object.
fn tree_object(tree: &AnyGameTree) -> Object {
    let game = Object::new();
    set(&game, "game", tree.kind().name());
    set(&game, "headers", tags_object(tree.tags()));
    set(
        &game,
        "notation",
        tree.notation().map_or(JsValue::NULL, |n| n.name().into()),
    );
    set(&game, "fen", tree.start().fen());
    set(&game, "comment", tree.comment(tree.root()));
    let order = attached_nodes(tree);
    let mut objects: Vec<Option<Object>> = vec![None; tree.len()];
    objects[tree.root().index()] = Some(game.clone());
    for &id in &order[1..] {
        objects[id.index()] = Some(node_object(tree, id));
    }
    for &id in &order {
        let children: Array = tree
            .variations(id)
            .iter()
            .filter_map(|c| objects[c.index()].clone().map(JsValue::from))
            .collect();
        if let Some(object) = &objects[id.index()] {
            set(object, "variations", children);
        }
    }
    set(&game, "errors", errors_array(tree.errors()));
    game
}

/// Reads every game of a PGN text, chess (Chess960 included) or Xiangqi as its tags say, into
/// game trees: `{game, headers, notation, fen, comment, variations, errors}`, nodes
/// `{move, notation, san (chess), comment, startingComment, nags, variations}`. Moves that
/// cannot be played are in `errors` (`{kind, name, line, ply, text, message}`), the rest of
/// their variation skipped; a record of a game qipan does not play has `game: null`.
///
/// Given the bytes of a file (a `Uint8Array`), reads any format qipan reads, told from the bytes:
/// PGN (UTF-8, or GBK for Xiangqi) and the Xiangqi archives XQF, CBR, CBL and DhtmlXQ; a game that
/// cannot be read at all is an empty game with its error.
///
/// Throws `TypeError` for anything but a string or a `Uint8Array`, `InvalidPgnError` for a text
/// over 64 Mi characters (bytes).
#[wasm_bindgen(js_name = readGames, unchecked_return_type = "GameRecord[]")]
pub fn read_games(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
) -> Result<Array, JsValue> {
    if let Some(bytes) = text.dyn_ref::<js_sys::Uint8Array>() {
        let len = bytes.length() as usize;
        if len > super::records::MAX_RECORD_LEN as usize {
            return Err(pgn_error(&format!(
                "record file too large ({len} bytes, at most {})",
                super::records::MAX_RECORD_LEN
            )));
        }
        let games = Array::new();
        for tree in qipan::records::read_games(&bytes.to_vec()) {
            let object = tree_object(&tree);
            games.push(&object);
        }
        return Ok(games);
    }
    let text = record_text(&text)?;
    let limits = Limits::default();
    let games = Array::new();
    for raw in Splitter::new(text.as_bytes(), limits) {
        let raw = raw.map_err(|e| pgn_error(&e.to_string()))?;
        let object = match AnyGameTree::read(&raw, &limits) {
            Ok(tree) => tree_object(&tree),
            Err(e) => {
                let game = Object::new();
                set(&game, "game", JsValue::NULL);
                let tags = read_tags(&raw, &limits).unwrap_or_default();
                set(&game, "headers", tags_object(&tags));
                set(&game, "notation", JsValue::NULL);
                set(&game, "fen", JsValue::NULL);
                set(&game, "comment", "");
                set(&game, "variations", Array::new());
                set(&game, "errors", errors_array(&[e]));
                game
            }
        };
        games.push(&object);
    }
    Ok(games)
}

/// A string field of a tree object (`""` when missing).
fn text_field(object: &JsValue, name: &str) -> Result<String, JsValue> {
    let value = option(object, name)?;
    if value.is_undefined() || value.is_null() {
        return Ok(String::new());
    }
    string(&value, name)
}

/// The headers of a game object as tag pairs, in order.
fn headers_of(game: &JsValue) -> Result<Vec<(String, String)>, JsValue> {
    let headers = option(game, "headers")?;
    if headers.is_undefined() || headers.is_null() {
        return Ok(Vec::new());
    }
    if !headers.is_object() {
        return Err(js::named_error("TypeError", "headers must be an object"));
    }
    let mut tags = Vec::new();
    for entry in Object::entries(headers.unchecked_ref()).iter() {
        let pair: Array = entry.unchecked_into();
        let name = tag_name(&pair.get(0))?;
        let value = string(&pair.get(1), "a header value")?;
        tags.push((name, value));
    }
    Ok(tags)
}

/// Builds the core tree of a game object: its start from the `FEN` header, its headers, and
/// every node's move (`move` in coordinates, else `notation`/`san` in any notation) checked
/// against its position.
fn build_tree(
    game: &JsValue,
    tags: Vec<(String, String)>,
    kind: GameKind,
) -> Result<AnyGameTree, JsValue> {
    let mut tree = AnyGameTree::from_start_tags(kind, &tags)
        .map_err(|e| js::error(qipan::ErrorKind::InvalidFen, &e.to_string()))?;
    // The headers given are the record's, as they are; the `Variant` tag is added only when
    // they would not name the game.
    if !tags.is_empty() {
        let named = GameKind::from_tags(&tags).ok();
        let variant = tree.tag("Variant").map(str::to_owned);
        *tree.tags_mut() = tags;
        if named != Some(tree.kind()) {
            if let Some(variant) = variant {
                tree.set_tag("Variant", &variant);
            }
        }
    }
    let notation = option(game, "notation")?;
    if let Some(name) = notation.as_string() {
        let notation: Notation = name
            .parse()
            .map_err(|e: qipan::NotationError| js::named_error("TypeError", &e.to_string()))?;
        tree.set_notation(Some(notation));
    }
    let root = tree.root();
    *tree.comment_mut(root) = text_field(game, "comment")?;
    let mut count = 0usize;
    let mut stack = vec![(game.clone(), root)];
    while let Some((object, id)) = stack.pop() {
        let variations = option(&object, "variations")?;
        if variations.is_undefined() || variations.is_null() {
            continue;
        }
        if !Array::is_array(&variations) {
            return Err(js::named_error("TypeError", "variations must be an array"));
        }
        for child in Array::from(&variations).iter() {
            count += 1;
            if count > MAX_TREE_NODES {
                return Err(js::named_error(
                    "RangeError",
                    &format!("more than {MAX_TREE_NODES} moves in the tree"),
                ));
            }
            if !child.is_object() {
                return Err(js::named_error("TypeError", "a node must be an object"));
            }
            let coordinates = option(&child, "move")?;
            let parsed = if coordinates.is_undefined() || coordinates.is_null() {
                let text = text_field(&child, "notation")?;
                let text = if text.is_empty() {
                    text_field(&child, "san")?
                } else {
                    text
                };
                tree.parse_move_at(id, text.trim(), false)
            } else {
                tree.parse_move_at(id, string(&coordinates, "move")?.trim(), true)
            };
            let mv = parsed.map_err(|e| js::move_error(&e))?;
            let node = tree
                .add_variation(id, mv, false)
                .map_err(|e| js::move_error(&e))?;
            let mut comment = text_field(&child, "comment")?;
            crate::annotations::apply(&child, tree.kind(), &mut comment)?;
            *tree.comment_mut(node) = comment;
            *tree.starting_comment_mut(node) = text_field(&child, "startingComment")?;
            let nags = option(&child, "nags")?;
            if !nags.is_undefined() && !nags.is_null() {
                if !Array::is_array(&nags) {
                    return Err(js::named_error("TypeError", "nags must be an array"));
                }
                for nag in Array::from(&nags).iter() {
                    let nag = js::integer(&nag, "a NAG", 255)?;
                    tree.add_nag(node, nag as u8);
                }
            }
            stack.push((child, node));
        }
    }
    Ok(tree)
}

/// Writes a game tree (a `readGames` game, edited or built by hand) as PGN. The game is
/// `tree.game` (`"chess"`, `"chess960"`, `"xiangqi"`; else the headers say), the start its
/// `FEN` header. Options: `notation` (the tree's own by default), `headers`, `comments`,
/// `variations` (all `true` by default), `maxWidth` (80; 0 for one line), `newline`.
///
/// Throws `InvalidMoveError`, `IllegalMoveError` or `AmbiguousMoveError` for a node whose move
/// cannot be played, `InvalidFenError` for a bad `FEN` header, `TypeError` for fields of the
/// wrong type, `RangeError` beyond 200,000 nodes.
#[wasm_bindgen(js_name = writePgn)]
pub fn write_pgn(
    #[wasm_bindgen(unchecked_param_type = "GameRecordInit")] tree: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "WritePgnOptions")] options: JsValue,
) -> Result<String, JsValue> {
    if !tree.is_object() {
        return Err(js::named_error(
            "TypeError",
            "a game tree must be an object",
        ));
    }
    let tags = headers_of(&tree)?;
    let kind = match option(&tree, "game")? {
        value if value.is_undefined() || value.is_null() => {
            GameKind::from_tags(&tags).map_err(|e| pgn_error(&e.to_string()))?
        }
        value => string(&value, "game")?
            .parse::<GameKind>()
            .map_err(|e| js::named_error("TypeError", &e.to_string()))?,
    };
    let built = build_tree(&tree, tags, kind)?;
    let write = write_options_for(&built.start(), &options, Some(qipan::pgn::MAX_COLUMN))?;
    let text = built.write_pgn(&write);
    with_newline(text, &options)
}

#[wasm_bindgen(typescript_custom_section)]
const TS_RECORD_TYPES: &'static str = r#"
/** An error found while reading a record (`name` is the `Error.name` it would throw). */
export interface RecordErrorInfo {
  kind: "illegal_move" | "ambiguous_move" | "unparsable_move" | "result_mismatch" | "bad_fen"
    | "syntax" | "unsupported_variant";
  name: QipanErrorName;
  line: number;
  ply: number | null;
  text: string | null;
  message: string;
}

/** A move of a game tree: its move, its annotations and the continuations after it. */
export interface GameNode {
  /** The move in coordinates (UCI / ICCS). */
  move: string;
  /** The move in the record's notation. */
  notation: string;
  /** The move in SAN (chess only). */
  san?: string;
  comment: string;
  /** Seconds on the clock after the move, from the comment's `[%clk]`. */
  clock: number | null;
  /** Seconds the move took, from `[%emt]`. */
  emt: number | null;
  /** The evaluation of `[%eval]`. */
  eval: Evaluation | null;
  /** The arrows and coloured squares of `[%cal]` and `[%csl]`, in order. */
  arrows: CommentArrow[];
  /** The comment before the move (written for a move that starts a variation). */
  startingComment: string;
  nags: number[];
  /** The continuations, the main line first. */
  variations: GameNode[];
}

/** A game record as a tree (from `readGames`, or built by hand for `writePgn`). */
export interface GameRecord {
  game: "chess" | "chess960" | "xiangqi" | null;
  headers: Record<string, string>;
  /** The notation the moves were read in. */
  notation: "san" | "lan" | "uci" | "iccs" | "wxf" | "chinese" | "chinese-traditional" | null;
  /** The start position. */
  fen: string | null;
  /** The comment before the first move. */
  comment: string;
  variations: GameNode[];
  errors: RecordErrorInfo[];
}

/** A move of a tree given to `writePgn`: `move` in coordinates, else `notation` or `san`. */
export interface GameNodeInit {
  move?: string;
  notation?: string;
  san?: string;
  comment?: string;
  /** `clock`, `emt`, `eval` and `arrows` other than the comment's own are written into it
   * (`null` removes the command). */
  clock?: number | null;
  emt?: number | null;
  eval?: Evaluation | null;
  arrows?: AnnotationValues["arrows"];
  startingComment?: string;
  nags?: number[];
  variations?: GameNodeInit[];
}

/** A tree given to `writePgn` (a `GameRecord` is one). */
export interface GameRecordInit {
  game?: "chess" | "chess960" | "xiangqi" | null;
  headers?: Record<string, string>;
  notation?: GameRecord["notation"];
  comment?: string;
  variations?: GameNodeInit[];
}

/** What `writePgn` writes. */
export interface WritePgnOptions {
  notation?: "san" | "lan" | "uci" | "iccs" | "wxf" | "chinese" | "chinese-traditional";
  headers?: boolean;
  comments?: boolean;
  variations?: boolean;
  /** Columns per line (80 by default; 0 for the movetext on one line). */
  maxWidth?: number;
  newline?: string;
}
"#;
