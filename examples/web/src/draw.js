// Draws a chess or Xiangqi position as SVG. Every square (chess) or point (Xiangqi) is a
// `<g data-square="e2">` the page listens to; pieces and marks never take the click.

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The pieces of the package's `board()` (chess.js's shape: rows of `{square, type, color}` or
 * `null`): a Map from square name to FEN letter (upper case for White / Red).
 */
export function piecesOf(cells) {
  const pieces = new Map();
  for (const row of cells) {
    for (const cell of row) {
      if (cell) pieces.set(cell.square, cell.color === "w" ? cell.type.toUpperCase() : cell.type);
    }
  }
  return pieces;
}

// Chess: the filled glyphs for both sides, coloured by fill (steadier across fonts).
const CHESS_GLYPHS = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

/** Draws a chess position. `view`: {cells, selected, targets, lastMove, checkSquare, flipped}. */
export function drawChess(view) {
  const size = 60;
  const svg = el("svg", { viewBox: `0 0 ${8 * size} ${8 * size}`, class: "board chess", role: "img" });
  const pieces = piecesOf(view.cells);
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = view.flipped ? 7 - col : col;
      const rank = view.flipped ? row + 1 : 8 - row;
      const square = `${"abcdefgh"[file]}${rank}`;
      const x = col * size;
      const y = row * size;
      const classes = ["sq", (file + rank) % 2 === 0 ? "light" : "dark"];
      if (view.lastMove?.includes(square)) classes.push("last");
      if (square === view.selected) classes.push("selected");
      if (square === view.checkSquare) classes.push("check");
      const g = el("g", { "data-square": square, class: "square" });
      g.append(el("rect", { x, y, width: size, height: size, class: classes.join(" ") }));
      if (col === 0) g.append(el("text", { x: x + 3, y: y + 13, class: "coord" }, String(rank)));
      if (row === 7) g.append(el("text", { x: x + size - 11, y: y + size - 4, class: "coord" }, "abcdefgh"[file]));
      const piece = pieces.get(square);
      if (piece) {
        const white = piece === piece.toUpperCase();
        g.append(el("text", {
          x: x + size / 2, y: y + size / 2 + 2, class: `piece ${white ? "white" : "black"}`,
          "data-piece": piece,
        }, CHESS_GLYPHS[piece.toLowerCase()]));
      }
      if (view.targets.has(square)) {
        g.append(el("circle", { cx: x + size / 2, cy: y + size / 2, r: piece ? 26 : 9, class: piece ? "target capture" : "target" }));
      }
      svg.append(g);
    }
  }
  return svg;
}

// Xiangqi: traditional characters, Red's and Black's differing where custom has them differ.
const XQ_RED = { k: "帥", a: "仕", b: "相", e: "相", n: "傌", h: "傌", r: "俥", c: "炮", p: "兵" };
const XQ_BLACK = { k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒" };

/** Draws a Xiangqi position: pieces on the 9 x 10 points, ranks 0 (Red's side) to 9. */
export function drawXiangqi(view) {
  const step = 56;
  const margin = 36;
  const width = 8 * step + 2 * margin;
  const height = 9 * step + 2 * margin;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "board xiangqi", role: "img" });
  svg.append(el("rect", { x: 0, y: 0, width, height, class: "xq-wood" }));
  const px = (file) => margin + (view.flipped ? 8 - file : file) * step;
  const py = (rank) => margin + (view.flipped ? rank : 9 - rank) * step;
  const lines = el("g", { class: "xq-lines" });
  for (let rank = 0; rank <= 9; rank++) lines.append(el("line", { x1: px(0), y1: py(rank), x2: px(8), y2: py(rank) }));
  for (let file = 0; file <= 8; file++) {
    if (file === 0 || file === 8) lines.append(el("line", { x1: px(file), y1: py(0), x2: px(file), y2: py(9) }));
    else {
      lines.append(el("line", { x1: px(file), y1: py(0), x2: px(file), y2: py(4) }));
      lines.append(el("line", { x1: px(file), y1: py(5), x2: px(file), y2: py(9) }));
    }
  }
  for (const [r0, r1] of [[0, 2], [7, 9]]) {
    lines.append(el("line", { x1: px(3), y1: py(r0), x2: px(5), y2: py(r1) }));
    lines.append(el("line", { x1: px(5), y1: py(r0), x2: px(3), y2: py(r1) }));
  }
  lines.append(el("rect", { x: px(0) - 4, y: Math.min(py(0), py(9)) - 4, width: 8 * step + 8, height: 9 * step + 8, class: "xq-frame" }));
  svg.append(lines);
  const riverY = (py(4) + py(5)) / 2 + 8;
  svg.append(el("text", { x: margin + 2 * step, y: riverY, class: "xq-river" }, "楚 河"));
  svg.append(el("text", { x: margin + 6 * step, y: riverY, class: "xq-river" }, "漢 界"));

  const pieces = piecesOf(view.cells);
  for (let rank = 0; rank <= 9; rank++) {
    for (let file = 0; file <= 8; file++) {
      const square = `${"abcdefghi"[file]}${rank}`;
      const x = px(file);
      const y = py(rank);
      const g = el("g", { "data-square": square, class: "square" });
      const classes = ["point"];
      if (view.lastMove?.includes(square)) classes.push("last");
      if (square === view.selected) classes.push("selected");
      g.append(el("circle", { cx: x, cy: y, r: step / 2 - 1, class: classes.join(" ") }));
      const piece = pieces.get(square);
      if (piece) {
        const red = piece === piece.toUpperCase();
        const name = (red ? XQ_RED : XQ_BLACK)[piece.toLowerCase()] ?? "?";
        g.append(el("circle", { cx: x, cy: y, r: 24, class: `xq-piece ${red ? "red" : "black"}`, "data-piece": piece }));
        g.append(el("circle", { cx: x, cy: y, r: 20, class: `xq-ring ${red ? "red" : "black"}` }));
        g.append(el("text", { x, y: y + 1, class: `xq-char ${red ? "red" : "black"}` }, name));
      }
      if (square === view.checkSquare) g.append(el("circle", { cx: x, cy: y, r: 26, class: "check" }));
      if (square === view.selected) g.append(el("circle", { cx: x, cy: y, r: 26, class: "selected-ring" }));
      if (view.targets.has(square)) {
        g.append(el("circle", { cx: x, cy: y, r: piece ? 26 : 8, class: piece ? "target capture" : "target" }));
      }
      svg.append(g);
    }
  }
  return svg;
}
