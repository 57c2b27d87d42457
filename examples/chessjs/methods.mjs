// chess.js's methods: a game played, inspected, edited and taken back.
// Runs unchanged with `import { Chess } from "qipan"` (bindings/wasm/tests/chessjs-examples.test.mjs).
import { Chess } from "chess.js";

const chess = new Chess();
for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]) chess.move(san);
console.log(chess.history().join(" "));
console.log(chess.moveNumber(), chess.turn(), chess.fen());
console.log(JSON.stringify(chess.getCastlingRights("w")), JSON.stringify(chess.getCastlingRights("b")));
console.log(chess.findPiece({ type: "n", color: "b" }), chess.squareColor("e4"), chess.squareColor("h1"), chess.squareColor("z9"));
console.log(typeof chess.hash(), chess.hash() === new Chess(chess.fen()).hash());
console.log(chess.isDraw(), chess.isThreefoldRepetition(), chess.isDrawByFiftyMoves(), chess.isGameOver());
for (const san of ["Nb8", "Ne1", "Nc6", "Nf3", "Nb8", "Ne1", "Nc6", "Nf3"]) chess.move(san);
console.log(chess.isThreefoldRepetition(), chess.isDraw());
chess.undo();
console.log(chess.isThreefoldRepetition(), chess.history({ verbose: true }).at(-1).san);
console.log(chess.setTurn("b"), chess.setTurn("b"), chess.turn(), chess.history().at(-1));
chess.setCastlingRights("b", { k: false });
console.log(JSON.stringify(chess.getCastlingRights("b")), chess.fen());
chess.load("8/8/8/8/8/5k2/8/4K3 w - - 99 80");
chess.move("Kd2");
console.log(chess.isDrawByFiftyMoves(), chess.isDraw(), chess.isInsufficientMaterial(), chess.isGameOver());
console.log(chess.perft(2), chess.moves({ piece: "k" }).length, chess.moves({ square: "d2" }));
