// chess.js's exported names: the constants, validateFen, the Move class and its predicates.
// Runs unchanged with `import ... from "qipan"` (bindings/wasm/tests/chessjs-examples.test.mjs).
import { BISHOP, BLACK, Chess, DEFAULT_POSITION, KING, KNIGHT, Move, PAWN, QUEEN, ROOK, SEVEN_TAG_ROSTER, SQUARES, WHITE, validateFen } from "chess.js";

console.log(WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING);
console.log(DEFAULT_POSITION);
console.log(SQUARES.length, SQUARES[0], SQUARES[63], JSON.stringify(SEVEN_TAG_ROSTER));
for (const fen of [DEFAULT_POSITION, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "8/8/8/8/8/8/8/8 w - - 0 1", "not a fen"]) {
  console.log(JSON.stringify(validateFen(fen)));
}
const chess = new Chess("r3k2r/pp1p1ppp/8/2pP4/8/8/PPP2PPP/R3K2R w KQkq c6 0 10");
for (const move of chess.moves({ verbose: true })) {
  if (!(move instanceof Move)) throw new Error("not a Move");
  const kinds = ["isCapture", "isPromotion", "isEnPassant", "isKingsideCastle", "isQueensideCastle", "isBigPawn"]
    .filter((name) => move[name]());
  if (kinds.length > 0) console.log(move.san, move.lan, move.flags, kinds.join(" "), move.before === chess.fen(), move.after);
}
