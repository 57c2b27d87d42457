//! Game records for JavaScript: the headers and comments a board keeps ([`Record`], chess.js's
//! `header`/`getComments` shapes: comments keyed by FEN), reading a record into a board and
//! writing a board as PGN, and the game trees `readGames` hands to JS as plain objects and
//! `writePgn` takes back ([`crate::trees`]).
//!
//! Reading, writing and every rule are the core's ([`qipan::tree`]); this module converts
//! values only.

use std::collections::HashMap;

use js_sys::{Array, JsString, Object, Reflect};
use qipan::pgn::{
    is_tag_name, read_tags, Limits, RecordError, Splitter, INVALID_PGN_ERROR, SEVEN_TAG_ROSTER,
};
use qipan::tree::{GameTree, WriteOptions};
use qipan::{AnyPosition, GameKind, Notation, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::board::Board;
use crate::games::JsVariant;
use crate::js;
pub use crate::record_data::Record;

/// The longest record text read, in UTF-16 units (64 Mi: far more than any real file, and a
/// bound on what a careless caller copies into wasm memory).
pub const MAX_RECORD_LEN: u32 = 64 << 20;

#[wasm_bindgen(inline_js = "
export function qipanNewlines(text, pattern) {
  return text.replace(new RegExp(pattern, 'g'), '\\n');
}
")]
extern "C" {
    /// chess.js's `newlineChar`: every match of the regular expression `pattern` in `text`
    /// becomes `\n`. A bad pattern is the `SyntaxError` `new RegExp` throws, caught here so no
    /// exception unwinds through wasm.
    #[wasm_bindgen(js_name = qipanNewlines, catch)]
    fn replace_newlines(text: &str, pattern: &str) -> Result<String, JsValue>;
}

/// `obj[key] = value` on an object made here (a data property on a plain object or array
/// cannot fail to be set).
pub(crate) fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// `options[name]`, or `undefined` when `options` is not an object. A throwing getter throws.
pub(crate) fn option(options: &JsValue, name: &str) -> Result<JsValue, JsValue> {
    if options.is_object() {
        Reflect::get(options, &JsValue::from_str(name))
    } else {
        Ok(JsValue::UNDEFINED)
    }
}

/// An `InvalidPgnError`.
pub(crate) fn pgn_error(message: &str) -> JsValue {
    js::named_error(INVALID_PGN_ERROR, message)
}

/// A [`RecordError`] as the JS error its kind names.
pub(crate) fn record_error(e: &RecordError) -> JsValue {
    let mut message = format!("line {}", e.line);
    if let Some(ply) = e.ply {
        message.push_str(&format!(", ply {ply}"));
    }
    message.push_str(&format!(": {}", e.message));
    js::named_error(e.kind.error_name(), &message)
}

/// Reads record text: a string of at most [`MAX_RECORD_LEN`] units (`TypeError` for another
/// type, `InvalidPgnError` for a longer one).
pub(crate) fn record_text(value: &JsValue) -> Result<String, JsValue> {
    let Some(string) = value.dyn_ref::<JsString>() else {
        return Err(js::named_error(
            "TypeError",
            "a PGN record must be a string",
        ));
    };
    let len = string.length();
    if len > MAX_RECORD_LEN {
        return Err(pgn_error(&format!(
            "PGN text too long ({len} characters, at most {MAX_RECORD_LEN})"
        )));
    }
    Ok(String::from(string))
}

/// A string argument or field (`TypeError` otherwise).
pub(crate) fn string(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| js::named_error("TypeError", &format!("{what} must be a string")))
}

/// A tag name the record can be read back with ([`is_tag_name`]); `TypeError` otherwise.
pub(crate) fn tag_name(value: &JsValue) -> Result<String, JsValue> {
    let name = string(value, "a header name")?;
    if !is_tag_name(&name) {
        return Err(js::named_error(
            "TypeError",
            &format!("{name:?} is no PGN tag name (letters, digits and _ only)"),
        ));
    }
    Ok(name)
}

/// Tags as a JS object, in order.
pub(crate) fn tags_object(tags: &[(String, String)]) -> Object {
    let object = Object::new();
    for (name, value) in tags {
        set(&object, name, value.as_str());
    }
    object
}

/// The first game of `text` read under the rules a board of `V` with `current` rules reads it
/// with (the FEN tag relaxed when `relaxed`); no game at all is an empty record. Errors found
/// while reading stay on the tree.
pub(crate) fn read_first<V: JsVariant + Into<AnyPosition>>(
    text: &str,
    current: &V::Rules,
    relaxed: bool,
) -> Result<GameTree<V>, JsValue> {
    let limits = Limits::default();
    let raw = match Splitter::new(text.as_bytes(), limits).next() {
        None => return Ok(GameTree::new(current.clone())),
        Some(Err(e)) => return Err(pgn_error(&e.to_string())),
        Some(Ok(raw)) => raw,
    };
    let tags = read_tags(&raw, &limits).unwrap_or_default();
    let kind = GameKind::from_tags(&tags).map_err(|e| pgn_error(&e.to_string()))?;
    let rules = V::record_rules(kind, current).ok_or_else(|| {
        pgn_error(&format!(
            "a record of {kind} cannot be loaded into a board of {}",
            V::kind(current)
        ))
    })?;
    Ok(GameTree::<V>::read_relaxed(&raw, &limits, &rules, relaxed))
}

/// Record text (a tag, a comment) made safe to show: control characters, line breaks included,
/// and the Unicode controls that reorder or hide text written as `\u{..}` escapes (the core's
/// [`qipan::printable`], as the command line prints records). It does not escape HTML: insert
/// the result as text.
///
/// Throws `TypeError` for a non-string.
#[wasm_bindgen]
pub fn printable(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<String, JsValue> {
    Ok(qipan::printable(&record_text(&text)?).into_owned())
}

/// chess.js's PGN options of `loadPgn`: `newlineChar` applied, `strict` read.
fn load_text(text: &JsValue, options: &JsValue) -> Result<(String, bool), JsValue> {
    let mut text = record_text(text)?;
    let newline = option(options, "newlineChar")?;
    if !newline.is_undefined() {
        let pattern = string(&newline, "newlineChar")?;
        if pattern != "\r?\n" {
            text = replace_newlines(&text, &pattern).map_err(|e| {
                let message = e.dyn_ref::<js_sys::Error>().map_or_else(
                    || "not a regular expression".to_owned(),
                    |e| e.message().into(),
                );
                js::named_error("TypeError", &format!("newlineChar: {message}"))
            })?;
        }
    }
    Ok((text, js::flag(&option(options, "strict")?)))
}

impl<V: JsVariant + Into<AnyPosition>> Board<V> {
    /// chess.js's `loadPgn`: the main line of the first game of `text`, with its headers and
    /// comments, replaces the board's game; any error of the record throws and leaves the
    /// board as it was.
    pub fn load_pgn(&mut self, text: &JsValue, options: &JsValue) -> Result<(), JsValue> {
        let (text, strict) = load_text(text, options)?;
        // A relaxed board (chess.js's) also reads a FEN tag it could be set up with.
        let tree = read_first::<V>(&text, self.core.rules(), self.core.relaxed())?;
        if let Some(e) = tree.errors.first() {
            return Err(record_error(e));
        }
        if strict && tree.tag("SetUp") == Some("1") && tree.tag("FEN").is_none() {
            return Err(pgn_error("a SetUp tag needs a FEN tag (strict)"));
        }
        let root = tree.root();
        let mut comments = HashMap::new();
        for id in std::iter::once(root).chain(tree.mainline(root)) {
            let comment = &tree.node(id).comment;
            if !comment.is_empty() {
                comments.insert(tree.position(id).fen(), comment.clone());
            }
        }
        self.replace_game(tree.game_at(tree.end(root)));
        self.record = Record {
            tags: tree.tags,
            comments,
        };
        Ok(())
    }

    /// The game so far as a record: the board's headers (the `Variant`, `SetUp` and `FEN` tags
    /// from the game itself; `Result` from the game's end when the header says `*`), the moves
    /// with the comments of their positions.
    pub fn record_tree(&self) -> GameTree<V> {
        let mut tree = GameTree::from_game(self.core.game());
        for (name, value) in &self.record.tags {
            match name.as_str() {
                "Variant" | "SetUp" | "FEN" => {}
                "Result" if value == "*" => {}
                _ => tree.set_tag(name, value),
            }
        }
        let root = tree.root();
        for id in std::iter::once(root).chain(tree.mainline(root)) {
            if let Some(comment) = self.record.comments.get(&tree.position(id).fen()) {
                tree.node_mut(id).comment = comment.clone();
            }
        }
        tree
    }

    /// chess.js's `pgn({maxWidth, newline})` (and `notation`): the game as PGN, on one line
    /// unless `maxWidth` is given.
    pub fn pgn(&self, options: &JsValue) -> Result<String, JsValue> {
        // A board set up into a position that cannot be played has no game to write.
        self.game()?;
        let tree = self.record_tree();
        let write = write_options::<V>(options, None)?;
        let text = tree.write_pgn(&write);
        with_newline(text, options)
    }

    /// The headers as an object.
    pub fn headers(&self) -> Object {
        tags_object(&self.record.tags)
    }

    /// chess.js's `setHeader(key, value)`: sets a header; without a value a roster tag gets its
    /// default back and any other is removed.
    pub fn set_header(&mut self, key: &JsValue, value: &JsValue) -> Result<Object, JsValue> {
        let name = tag_name(key)?;
        if value.is_undefined() || value.is_null() {
            self.reset_header(&name);
        } else {
            let value = string(value, "a header value")?;
            match self.record.tags.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = value,
                None => self.record.tags.push((name, value)),
            }
        }
        Ok(self.headers())
    }

    /// chess.js's `header(key, value, ...)`: sets each pair of strings (others are skipped, as
    /// chess.js skips them) and answers the headers.
    pub fn header_pairs(&mut self, args: &[JsValue]) -> Result<Object, JsValue> {
        for pair in args.chunks(2) {
            if let [key, value] = pair {
                if key.is_string() && value.is_string() {
                    self.set_header(key, value)?;
                }
            }
        }
        Ok(self.headers())
    }

    /// chess.js's `removeHeader(key)`: a roster tag gets its default back, any other is
    /// removed; whether the board had the header.
    pub fn remove_header(&mut self, key: &JsValue) -> Result<bool, JsValue> {
        let name = string(key, "a header name")?;
        let had = self.record.tags.iter().any(|(n, _)| *n == name);
        self.reset_header(&name);
        Ok(had)
    }

    fn reset_header(&mut self, name: &str) {
        match SEVEN_TAG_ROSTER.iter().find(|(n, _)| *n == name) {
            Some((_, default)) => {
                if let Some(slot) = self.record.tags.iter_mut().find(|(n, _)| n == name) {
                    slot.1 = (*default).to_owned();
                }
            }
            None => self.record.tags.retain(|(n, _)| n != name),
        }
    }

    /// The comment on the current position.
    pub fn comment(&self) -> Option<String> {
        self.record
            .comments
            .get(&self.core.position().fen())
            .cloned()
    }

    /// Sets the comment on the current position (`{` and `}` become `[` and `]`, as chess.js
    /// does, so that the comment cannot end early in the PGN).
    pub fn set_comment(&mut self, comment: &JsValue) -> Result<(), JsValue> {
        let text = string(comment, "a comment")?
            .replace('{', "[")
            .replace('}', "]");
        self.record
            .comments
            .insert(self.core.position().fen(), text);
        Ok(())
    }

    /// Removes the comment on the current position and answers it.
    pub fn remove_comment(&mut self) -> Option<String> {
        let fen = self.core.position().fen();
        self.record.comments.remove(&fen)
    }

    /// chess.js's `getComments()` (and with `remove`, `removeComments()`): the comments on the
    /// positions of the game so far, in order, as `{fen, comment}`; the others are dropped.
    pub fn comments(&mut self, remove: bool) -> Array {
        let out = Array::new();
        let mut kept = HashMap::new();
        for position in self.core.game().positions() {
            let fen = position.fen();
            if kept.contains_key(&fen) {
                continue;
            }
            if let Some(comment) = self.record.comments.get(&fen) {
                let item = Object::new();
                set(&item, "fen", fen.as_str());
                set(&item, "comment", comment.as_str());
                out.push(&item);
                kept.insert(fen, comment.clone());
            }
        }
        self.record.comments = if remove { HashMap::new() } else { kept };
        out
    }
}

/// `{notation, headers, comments, variations, maxWidth}` as [`WriteOptions`]: a notation the
/// game does not write is a `TypeError`, `maxWidth` 0 writes the movetext on one line.
pub(crate) fn write_options<V: Variant + Into<AnyPosition>>(
    options: &JsValue,
    columns: Option<usize>,
) -> Result<WriteOptions, JsValue> {
    write_options_for(&V::start().into(), options, columns)
}

/// [`write_options`] for the game `start` is a position of.
pub(crate) fn write_options_for(
    start: &AnyPosition,
    options: &JsValue,
    columns: Option<usize>,
) -> Result<WriteOptions, JsValue> {
    let flag = |name: &str| -> Result<bool, JsValue> {
        let value = option(options, name)?;
        Ok(value.is_undefined() || js::flag(&value))
    };
    let notation = match option(options, "notation")? {
        value if value.is_undefined() || value.is_null() => None,
        value => {
            let name = string(&value, "notation")?;
            let notation: Notation = name
                .parse()
                .map_err(|e: qipan::NotationError| js::named_error("TypeError", &e.to_string()))?;
            if !start.notations().contains(&notation) {
                let any = start.legal_moves()[0];
                let message = match start.write_move(any, notation) {
                    Some(Err(e)) => e.to_string(),
                    _ => format!("no {notation} for this game"),
                };
                return Err(js::named_error("TypeError", &message));
            }
            Some(notation)
        }
    };
    let width = option(options, "maxWidth")?;
    let columns = if width.is_undefined() {
        columns
    } else {
        match js::integer(&width, "maxWidth", 1 << 20)? {
            0 => None,
            n => Some(n as usize),
        }
    };
    Ok(WriteOptions {
        notation,
        headers: flag("headers")?,
        comments: flag("comments")?,
        variations: flag("variations")?,
        columns,
    })
}

/// `text` with its line breaks written as `options.newline` (chess.js's option).
pub(crate) fn with_newline(text: String, options: &JsValue) -> Result<String, JsValue> {
    let newline = option(options, "newline")?;
    if newline.is_undefined() {
        return Ok(text);
    }
    let newline = string(&newline, "newline")?;
    Ok(if newline == "\n" {
        text
    } else {
        text.replace('\n', &newline)
    })
}

/// Writes the methods of chess.js's record API for the JS class `$class` (a struct with a
/// field `board: Board<_>` of a [`JsVariant`] that converts into an [`AnyPosition`]).
macro_rules! record_class {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Loads the first game of a PGN record (chess.js's `loadPgn`): its main line with
            /// the history, its headers and its comments. `newlineChar` is a regular expression
            /// for the line breaks of `pgn`; with `strict`, a `SetUp` tag needs a `FEN` tag.
            ///
            /// Throws `IllegalMoveError`, `InvalidMoveError`, `AmbiguousMoveError`,
            /// `InvalidFenError` or `InvalidPgnError` for a record with any error (with its line
            /// and ply); the board is then unchanged.
            #[wasm_bindgen(js_name = loadPgn)]
            pub fn load_pgn(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] pgn: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "{ strict?: boolean, newlineChar?: string }")]
                options: wasm_bindgen::JsValue,
            ) -> Result<(), wasm_bindgen::JsValue> {
                self.board.load_pgn(&pgn, &options)
            }

            /// The game so far as PGN (chess.js's `pgn`): headers, moves and comments, on one
            /// line unless `maxWidth` is given, lines joined by `newline`; `notation` chooses
            /// the moves' notation.
            pub fn pgn(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "{ maxWidth?: number, newline?: string, notation?: string }")]
                options: wasm_bindgen::JsValue,
            ) -> Result<String, wasm_bindgen::JsValue> {
                self.board.pgn(&options)
            }

            /// Sets each pair of string arguments as a header and answers all headers
            /// (chess.js's deprecated `header(...args)`; up to four pairs).
            #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
            #[allow(clippy::too_many_arguments)]
            pub fn header(
                &mut self,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] k1: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] v1: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] k2: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] v2: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] k3: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] v3: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] k4: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] v4: wasm_bindgen::JsValue,
            ) -> Result<js_sys::Object, wasm_bindgen::JsValue> {
                self.board.header_pairs(&[k1, v1, k2, v2, k3, v3, k4, v4])
            }

            /// Sets a header and answers all headers; without a value, a Seven Tag Roster
            /// header gets its default back and any other is removed.
            ///
            /// Throws `TypeError` for a name that is no PGN tag name (letters, digits, `_`).
            #[wasm_bindgen(js_name = setHeader, unchecked_return_type = "Record<string, string>")]
            pub fn set_header(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] key: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string")] value: wasm_bindgen::JsValue,
            ) -> Result<js_sys::Object, wasm_bindgen::JsValue> {
                self.board.set_header(&key, &value)
            }

            /// Removes a header (a Seven Tag Roster header gets its default back); whether the
            /// board had it.
            #[wasm_bindgen(js_name = removeHeader)]
            pub fn remove_header(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] key: wasm_bindgen::JsValue,
            ) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.remove_header(&key)
            }

            /// The headers, in order (the Seven Tag Roster first).
            #[wasm_bindgen(js_name = getHeaders, unchecked_return_type = "Record<string, string>")]
            pub fn get_headers(&self) -> js_sys::Object {
                self.board.headers()
            }

            /// The comment on the current position, if any.
            #[wasm_bindgen(js_name = getComment)]
            pub fn get_comment(&self) -> Option<String> {
                self.board.comment()
            }

            /// Comments the current position (`{`/`}` become `[`/`]`).
            #[wasm_bindgen(js_name = setComment)]
            pub fn set_comment(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] comment: wasm_bindgen::JsValue,
            ) -> Result<(), wasm_bindgen::JsValue> {
                self.board.set_comment(&comment)
            }

            /// Removes the comment on the current position and answers it.
            #[wasm_bindgen(js_name = removeComment)]
            pub fn remove_comment(&mut self) -> Option<String> {
                self.board.remove_comment()
            }

            /// The comments on the positions of the game so far, in order.
            #[wasm_bindgen(js_name = getComments, unchecked_return_type = "{ fen: string, comment: string }[]")]
            pub fn get_comments(&mut self) -> js_sys::Array {
                self.board.comments(false)
            }

            /// Removes every comment and answers those on the positions of the game so far.
            #[wasm_bindgen(js_name = removeComments, unchecked_return_type = "{ fen: string, comment: string }[]")]
            pub fn remove_comments(&mut self) -> js_sys::Array {
                self.board.comments(true)
            }
        }
    };
}

pub(crate) use record_class;
