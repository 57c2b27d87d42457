// The package's browser entry (and any bundler's): the wasm-bindgen module, `await init()` first,
// and chess.js's names (`Chess`, `Move`, `validateFen`, the constants).
export * from "./qipan.js";
export { default } from "./qipan.js";
export * from "./chessjs.js";
export * from "./engine.js";
