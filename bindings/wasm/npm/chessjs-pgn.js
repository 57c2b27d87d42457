// chess.js 1.4.0's PGN grammar as a recogniser, for its syntax errors only: `loadPgn` throws what
// chess.js's generated parser throws (a `peg$SyntaxError` with the same message, the expectations
// at the furthest position any rule failed at) before anything is loaded. The record itself is read
// by the core; this file holds no rule of chess, only chess.js's error surface.
//
// The grammar (chess.js's, written as facts): a PGN is tag pairs `_ "[" _ name _ '"' value '"' _ "]"`
// then whitespace, then a line (an optional comment, then moves), whitespace, an optional result
// marker with an optional comment, whitespace. A move is `_ number? _ san suffix? nag* _ comment?
// variation*`. Named rules report their name, not their parts; `_` and the tag value never fail,
// and report their name where they stop.

/** chess.js's error class for a PGN its grammar refuses (its constructor's name included). */
// eslint-disable-next-line camelcase
export class peg$SyntaxError extends Error {
  constructor(message, expected, found, location) {
    super(message);
    this.expected = expected;
    this.found = found;
    this.location = location;
    this.name = "SyntaxError";
  }
}

const hex = (c) => c.charCodeAt(0).toString(16).toUpperCase();
/** A found character as the parser generator quotes it. */
const quoted = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\0/g, "\\0").replace(/\t/g, "\\t")
  .replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/[\x00-\x0F]/g, (c) => `\\x0${hex(c)}`)
  .replace(/[\x10-\x1F\x7F-\x9F]/g, (c) => `\\x${hex(c)}`)}"`;

const SAN_REST = /[a-zA-Z1-8\-=]/;

class Recogniser {
  constructor(text) {
    this.text = text;
    this.pos = 0;
    this.failPos = 0;
    this.expected = [];
    this.silent = 0;
  }

  fail(description) {
    if (this.silent > 0 || this.pos < this.failPos) return;
    if (this.pos > this.failPos) {
      this.failPos = this.pos;
      this.expected = [];
    }
    this.expected.push(description);
  }

  /** A named rule: its parts are silent; on failure it reports its name where it started. */
  named(name, body) {
    const start = this.pos;
    this.silent++;
    const ok = body();
    this.silent--;
    if (!ok) {
      this.pos = start;
      this.fail(name);
    }
    return ok;
  }

  char(re) {
    const c = this.text.charAt(this.pos);
    if (c !== "" && re.test(c)) {
      this.pos++;
      return true;
    }
    return false;
  }

  many(re) {
    let n = 0;
    while (this.char(re)) n++;
    return n;
  }

  literal(s) {
    if (!this.text.startsWith(s, this.pos)) return false;
    this.pos += s.length;
    return true;
  }

  space() {
    this.silent++;
    this.many(/[ \t\r\n]/);
    this.silent--;
    this.fail("whitespace");
  }

  tagPair() {
    return this.named("tag pair", () => {
      this.space();
      if (!this.literal("[")) return false;
      this.space();
      if (this.many(/[a-zA-Z]/) === 0) return false;
      this.space();
      if (!this.literal('"')) return false;
      this.many(/[^"]/);
      if (!this.literal('"')) return false;
      this.space();
      return this.literal("]");
    });
  }

  comment() {
    return this.named("brace comment", () => {
      if (!this.literal("{")) return false;
      this.many(/[^}]/);
      return this.literal("}");
    }) || this.named("rest of line comment", () => {
      if (!this.literal(";")) return false;
      this.many(/[^\r\n]/);
      return true;
    });
  }

  line() {
    this.comment();
    while (this.move());
  }

  move() {
    const start = this.pos;
    this.space();
    this.named("move number", () => {
      this.many(/[0-9]/);
      if (!this.literal(".")) return false;
      this.space();
      this.many(/[.]/);
      return true;
    });
    this.space();
    const san = this.named("standard algebraic notation", () => {
      if (!["O-O-O", "O-O", "0-0-0", "0-0"].some((s) => this.literal(s))) {
        if (!this.char(/[a-zA-Z]/) || this.many(SAN_REST) === 0) return false;
      }
      this.char(/[+#]/);
      return true;
    });
    if (!san) {
      this.pos = start;
      return false;
    }
    this.named("suffix annotation", () => this.char(/[!?]/) && (this.char(/[!?]/) || true));
    while (this.named("NAG", () => {
      this.space();
      return this.literal("$") && this.many(/[0-9]/) > 0;
    }));
    this.space();
    this.comment();
    while (this.named("variation", () => {
      this.space();
      if (!this.literal("(")) return false;
      this.line();
      this.space();
      return this.literal(")");
    }));
    return true;
  }

  pgn() {
    while (this.tagPair());
    this.space();
    this.line();
    this.space();
    this.named("game termination marker", () => {
      if (!["1-0", "0-1", "1/2-1/2", "*"].some((s) => this.literal(s))) return false;
      this.space();
      this.comment();
      return true;
    });
    this.space();
    if (this.pos < this.text.length) this.fail("end of input");
  }

  /** Where a text position is, as line and column from 1. */
  where(offset) {
    const before = this.text.slice(0, offset);
    const line = before.split("\n").length;
    return { offset, line, column: offset - before.lastIndexOf("\n") };
  }
}

/** Throws chess.js's `peg$SyntaxError` when its grammar refuses `text`. */
export function checkPgnSyntax(text) {
  const parser = new Recogniser(text);
  parser.pgn();
  if (parser.pos === text.length) return;
  const at = parser.failPos;
  const found = at < text.length ? text.charAt(at) : null;
  const names = [...new Set(parser.expected)].sort();
  const expected = names.length < 3 ? names.join(" or ") : `${names.slice(0, -1).join(", ")}, or ${names.at(-1)}`;
  const location = { source: undefined, start: parser.where(at), end: parser.where(found === null ? at : at + 1) };
  throw new peg$SyntaxError(`Expected ${expected} but ${found === null ? "end of input" : quoted(found)} found.`,
    names.map((description) => (description === "end of input" ? { type: "end" } : { type: "other", description })),
    found, location);
}

/**
 * What `loadPgn` takes of a game the core read from `text`: the tags chess.js loads (the Result
 * tag only when the text has one: chess.js sets Result from the movetext's marker once every move
 * is read), the position it starts from (strictly, only a FEN under `SetUp "1"`), and whether a
 * strict reading misses the FEN that `SetUp "1"` announces (an error, thrown after the tags load).
 */
export function loadedTags(game, text, strict) {
  const resultTag = /\[[ \t\r\n]*Result[ \t\r\n]*"/.test(text);
  const tags = Object.entries(game.headers).filter(([tag]) => tag !== "Result" || resultTag);
  let fen = "";
  for (const [tag, value] of tags) if (tag.toLowerCase() === "fen") fen = value;
  const fenMissing = strict && game.headers.SetUp === "1" && !("FEN" in game.headers);
  const start = strict ? (game.headers.SetUp === "1" ? game.headers.FEN : "") : fen;
  return { tags, start, fenMissing };
}
