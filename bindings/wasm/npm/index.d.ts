// Types of the browser entry: the wasm-bindgen module and chess.js's names. `Move` is chess.js's
// class (the boards' \`Move\` interface has the same fields and methods).
export * from "./qipan.js";
export { default } from "./qipan.js";
export {
  Chess, Move, validateFen, WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, DEFAULT_POSITION, SQUARES,
  SEVEN_TAG_ROSTER, type PieceSymbol, type Square,
} from "./chessjs.js";
export * from "./engine.js";
