// chess.js's PGN text for `Chess` (chessjs.js): the main line's words and comments as written,
// and chess.js's line filling. Only words and layout are handled here; the core reads the record.
import {
  BLACK, SEVEN_TAG_ROSTER, WHITE, completed, newBoard, stripped, validateFen,
} from "./chessjs-moves.js";

/**
 * The first game of a PGN text as chess.js's grammar sees its main line: the move words in order
 * (move numbers, `...`, NAGs, comments, variations and the result left out), and the text with
 * a lone `...` after a move number dropped (`1. ... Nc6`, which chess.js reads), for the core's
 * reader. Only words are picked out here; the record itself is read by the core. `comments`
 * maps the number of moves before each main-line comment to its text: a `{...}` comment as
 * written (chess.js keeps its spaces, the core's reader trims them), `null` for a `;` comment.
 */
const TAG_PAIR = /\[[ \t\r\n]*[a-zA-Z]+[ \t\r\n]*"[^"]*"[ \t\r\n]*\]/y;

export function mainlineWords(text) {
  const words = [];
  const comments = new Map();
  let result;
  let kept = "";
  let depth = 0;
  let i = 0;
  let inHeaders = true;
  while (i < text.length) {
    const c = text[i];
    if (c === "{") {
      const end = text.indexOf("}", i);
      const stop = end < 0 ? text.length : end + 1;
      if (depth === 0 && end >= 0) comments.set(words.length, text.slice(i + 1, end));
      kept += text.slice(i, stop);
      i = stop;
    } else if (c === ";" || (c === "%" && (i === 0 || text[i - 1] === "\n"))) {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      if (depth === 0 && c === ";") comments.set(words.length, null);
      kept += text.slice(i, stop);
      i = stop;
    } else if (c === "[" && depth === 0 && inHeaders) {
      // A tag pair as chess.js's grammar reads it: its value may hold a `]`.
      TAG_PAIR.lastIndex = i;
      const end = TAG_PAIR.test(text) ? TAG_PAIR.lastIndex - 1 : text.indexOf("]", i);
      const stop = end < 0 ? text.length : end + 1;
      kept += text.slice(i, stop);
      i = stop;
    } else if (c === "(" || c === ")") {
      depth += c === "(" ? 1 : -1;
      kept += c;
      i++;
    } else if (/\s/.test(c)) {
      kept += c;
      i++;
    } else {
      let end = i;
      while (end < text.length && !/[\s{}();[\]]/.test(text[end])) end++;
      // A stray bracket is a word of its own (never an empty one: the reading moves on).
      if (end === i) end++;
      // chess.js's grammar ends a SAN word at the first character a move cannot hold
      // (`bxc1=N5.` is the move `bxc1=N5` and a dot).
      const san = /^[a-zA-Z][a-zA-Z1-8\-=]*[+#]?[!?]*/.exec(text.slice(i, end));
      if (san) end = i + san[0].length;
      const word = text.slice(i, end);
      i = end;
      inHeaders = false;
      if (/^\.+$/.test(word)) continue;
      kept += word;
      const move = word.replace(/^\d+\.+/, "");
      if (depth === 0 && move !== "" && !/^\$\d+$/.test(move) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(move) &&
        !/^[!?]+$/.test(move)) {
        words.push(move);
      }
      // A second game starts after the first one's result.
      if (depth === 0 && /^(1-0|0-1|1\/2-1\/2|\*)$/.test(move)) {
        result = move;
        break;
      }
    }
  }
  return { words, result, comments, kept: kept + text.slice(i) };
}

/** A comment as chess.js keeps it: its line breaks turned into spaces. */
export const oneLine = (comment) => comment.replace(/\r?\n/g, " ");

/**
 * The comments of a game `board` loaded in one piece, by FEN: the core's, with the text as
 * written where the record's main line has it (`written`, from `mainlineWords`): chess.js keeps
 * a comment's spaces and an empty comment. The core's alone when the two do not pair up.
 */
export function writtenComments(board, written) {
  const read = board.getComments();
  const out = {};
  const plies = [...written.keys()].sort((a, b) => a - b);
  // The core keeps the comments with text; a blank one needs its position from the moves.
  const kept = plies.filter((ply) => written.get(ply) === null || written.get(ply).trim() !== "");
  if (kept.length !== read.length) {
    for (const { fen, comment } of read) out[fen] = oneLine(comment);
    return out;
  }
  let fens;
  const fenAt = (ply) => {
    if (fens === undefined) {
      const moves = board.history({ verbose: true });
      fens = moves.length === 0 ? [board.fen()] : [moves[0].before, ...moves.map((m) => m.after)];
    }
    return fens[ply];
  };
  let next = 0;
  for (const ply of plies) {
    const text = written.get(ply);
    if (text === null || text.trim() !== "") {
      const { fen, comment } = read[next++];
      out[fen] = oneLine(text ?? comment);
    } else if (fenAt(ply) !== undefined) {
      out[fenAt(ply)] = oneLine(text);
    }
  }
  return out;
}

/** chess.js's line filling of movetext tokens at `maxWidth` columns; a token with a comment is
 * broken between its words. */
export function wrapped(tokens, maxWidth, newline) {
  const out = [];
  let width = 0;
  const dropSpace = () => {
    if (out.length > 0 && out.at(-1) === " ") {
      out.pop();
      return true;
    }
    return false;
  };
  tokens.forEach((token, i) => {
    if (width + token.length > maxWidth && token.includes("{")) {
      for (const word of token.split(" ")) {
        if (!word) continue;
        if (width + word.length > maxWidth) {
          while (dropSpace()) width--;
          out.push(newline);
          width = 0;
        }
        out.push(word, " ");
        width += word.length + 1;
      }
      if (dropSpace()) width--;
      return;
    }
    if (width + token.length > maxWidth && i !== 0) {
      dropSpace();
      out.push(newline);
      width = 0;
    } else if (i !== 0) {
      out.push(" ");
      width++;
    }
    out.push(token);
    width += token.length;
  });
  return out.join("");
}

/** chess.js's movetext tokens for `history` (see `Chess.pgn`): a move number with its moves,
 * comments (`comments`, by FEN) as `{text}`; `fen` is the position of a game with no moves. */
export function movetext(history, comments, fen) {
  const commented = (text, at) => {
    const comment = comments[at];
    return comment === undefined ? text : `${text}${text.length > 0 ? " " : ""}{${comment}}`;
  };
  const tokens = [];
  if (history.length === 0) return [commented("", fen)];
  let text = "";
  history.forEach((m, i) => {
    text = commented(text, m.before);
    const number = m.number;
    if (i === 0 && m.color === BLACK) {
      text = text ? `${text} ${number}. ...` : `${number}. ...`;
    } else if (m.color === WHITE) {
      if (text.length > 0) tokens.push(text);
      text = `${number}.`;
    }
    text += ` ${m.san}`;
  });
  if (text.length > 0) tokens.push(commented(text, history.at(-1).after));
  return tokens;
}

/**
 * The record `text` read by the core in one piece, when chess.js would read each of its `words`
 * as the move the core read (SAN as written, decorations aside) from the same start (see
 * `Chess.loadPgn`): `{board, sans, headers, start}`, or undefined (the board freed).
 */
export function readWhole(text, words, strict) {
  const board = newBoard();
  let sans;
  try {
    board.loadPgn(text);
    sans = board.sanHistory();
  } catch {
    board.free();
    return undefined;
  }
  const headers = board.getHeaders();
  const fenTag = Object.entries(headers).find(([tag]) => tag.toLowerCase() === "fen")?.[1];
  const start = strict ? (headers.SetUp === "1" ? headers.FEN : undefined) : fenTag;
  const sameStart = start === undefined ? fenTag === undefined && headers.SetUp !== "1"
    : validateFen(completed(start)).ok && !(strict && fenTag !== headers.FEN);
  const sameMoves = words.length === sans.length && words.every((word, i) => {
    const text = stripped(word);
    return text === stripped(sans[i]) || (!strict && text.replaceAll("0", "O") === stripped(sans[i]) && /^0-0(-0)?$/.test(text));
  });
  if (!sameStart || !sameMoves || (words.length === 0 && /\S/.test(text) === false)) {
    board.free();
    return undefined;
  }
  return { board, sans, headers, start };
}

/** `{san, color, number}` of each of the moves `sans` played from `startFen` (see `Chess.pgn`). */
export function pliesOf(startFen, sans) {
  const [, side, , , , fullmove] = startFen.split(" ");
  const first = side === WHITE ? 0 : 1;
  return sans.map((san, i) => ({
    san,
    color: (first + i) % 2 === 0 ? WHITE : BLACK,
    number: Number(fullmove) + Math.floor((first + i) / 2),
  }));
}

/** chess.js's `pgn()`: the headers (`header`, tag to value or null), a blank line when moves
 * follow, the movetext of `history` (as `movetext` takes it) and the result, on one line or
 * wrapped at `maxWidth`. */
export function pgnText(header, history, comments, fen, newline, maxWidth) {
  const out = [];
  let anyHeader = false;
  for (const [tag, value] of Object.entries(header)) {
    if (value) out.push(`[${tag} "${value}"]${newline}`);
    anyHeader = true;
  }
  if (anyHeader && history.length > 0) out.push(newline);
  const tokens = movetext(history, comments, fen);
  tokens.push(header.Result || "*");
  if (maxWidth === 0) return out.join("") + tokens.join(" ");
  return out.join("") + wrapped(tokens, maxWidth, newline);
}

/** chess.js's `header(key, value, ...)` on its header object `header`: string pairs set. */
export function headersSet(header, args) {
  for (let i = 0; i < args.length; i += 2) {
    if (typeof args[i] === "string" && typeof args[i + 1] === "string") header[args[i]] = args[i + 1];
  }
  return header;
}

/** chess.js's `removeHeader(key)`: a Seven Tag Roster header gets its default back. */
export function headerRemoved(header, key) {
  if (!(key in header)) return false;
  header[key] = SEVEN_TAG_ROSTER[key] || null;
  return true;
}
