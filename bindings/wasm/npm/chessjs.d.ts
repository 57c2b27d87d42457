// Types of chess.js 1.4.0's names as qipan exports them (npm/chessjs.js).
import type { Color, Outcome } from "./qipan.js";

export declare const WHITE: "w";
export declare const BLACK: "b";
export declare const PAWN: "p";
export declare const KNIGHT: "n";
export declare const BISHOP: "b";
export declare const ROOK: "r";
export declare const QUEEN: "q";
export declare const KING: "k";
export type PieceSymbol = "p" | "n" | "b" | "r" | "q" | "k";
export type Square = `${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;
/** A piece as chess.js types it (the package's `Piece` has a `string` type, for Xiangqi too). */
type Piece = { color: Color; type: PieceSymbol };
export declare const DEFAULT_POSITION: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
export declare const SQUARES: Square[];
export declare const SEVEN_TAG_ROSTER: Record<string, string>;
export declare function validateFen(fen: string): { ok: boolean; error?: string };

/** A move as chess.js 1.4.0 describes it: `Chess`'s moves are `Move<Square, PieceSymbol>`, typed
 * as chess.js types them; the boards' are typed with strings (`Move`), so that the moves of
 * `ChessBoard` and `XiangqiBoard` are `Move`s too. */
export declare class Move<S extends string = string, P extends string = string> {
  color: Color;
  from: S;
  to: S;
  piece: P;
  captured?: P;
  promotion?: P;
  flags: string;
  san: string;
  lan: string;
  before: string;
  after: string;
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isBigPawn(): boolean;
}

/** A move of `Chess`, typed as chess.js types its `Move`. */
type ChessMove = Move<Square, PieceSymbol>;

/** chess.js 1.4.0's `Chess`, on qipan's rules. */
export declare class Chess {
  constructor(fen?: string, options?: { skipValidation?: boolean });
  clear(options?: { preserveHeaders?: boolean }): void;
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void;
  fen(options?: { forceEnpassantSquare?: boolean }): string;
  reset(): void;
  get(square: Square): Piece | undefined;
  findPiece(piece: Piece): Square[];
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean;
  remove(square: Square): Piece | undefined;
  attackers(square: Square, attackedBy?: Color): Square[];
  hash(): string;
  isAttacked(square: Square, attackedBy: Color): boolean;
  isCheck(): boolean;
  inCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isDrawByFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;
  moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): ChessMove[];
  moves(options?: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[];
  moves(options?: { verbose?: boolean; square?: Square; piece?: PieceSymbol }): string[] | ChessMove[];
  move(move: string | { from: string; to: string; promotion?: string } | null, options?: { strict?: boolean }): ChessMove;
  undo(): ChessMove | null;
  pgn(options?: { newline?: string; maxWidth?: number }): string;
  header(...args: string[]): Record<string, string | null>;
  setHeader(key: string, value?: string): Record<string, string>;
  removeHeader(key: string): boolean;
  getHeaders(): Record<string, string>;
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
  ascii(): string;
  perft(depth: number): number;
  setTurn(color: Color): boolean;
  turn(): Color;
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
  squareColor(square: Square): "light" | "dark" | null;
  history(options: { verbose: true }): ChessMove[];
  history(options?: { verbose?: false }): string[];
  history(options?: { verbose?: boolean }): string[] | ChessMove[];
  getComment(): string | undefined;
  setComment(comment: string): void;
  deleteComment(): string | undefined;
  removeComment(): string | undefined;
  getComments(): { fen: string; comment: string }[];
  deleteComments(): { fen: string; comment: string }[];
  removeComments(): { fen: string; comment: string }[];
  setCastlingRights(color: Color, rights: Partial<Record<"k" | "q", boolean>>): boolean;
  getCastlingRights(color: Color): { k: boolean; q: boolean };
  moveNumber(): number;
  /** How the game ended under the FIDE Laws (fivefold repetition, 75-move rule, dead positions). */
  outcome(claimDraw?: boolean): Outcome | null;
}
