// Types of the engine layer (npm/engine.js, and npm/engine-node.js in Node).
import type { ChessBoard, XiangqiBoard, EngineInfo, EngineLimit, EngineOptionInfo, EngineSearchOptions } from "./qipan.js";

/** Anything that went wrong with an engine. */
export declare class EngineError extends Error {
  constructor(message: string, code?: string);
  /** `illegal-move`, `no-such-option`, `option-value`, `usage`, `spawn`, `terminated`, `timeout`. */
  code: string;
}
/** The engine exited, closed its output, or its worker failed. */
export declare class EngineTerminatedError extends EngineError {}
/** The engine did not answer in time. */
export declare class EngineTimeoutError extends EngineError {}

/** How long each wait may take, in milliseconds. */
export interface EngineTimeouts {
  /** For an answer to a command (`uciok`, `readyok`); default 10000. */
  reply: number;
  /** For a search without a time limit (depth, nodes, mate); default 300000. */
  search: number;
  /** Added to a search's time limit before giving up; default 10000. */
  grace: number;
  /** For the engine to exit after `quit` before it is killed; default 1000. */
  quit: number;
}
export declare const DEFAULT_TIMEOUTS: Readonly<EngineTimeouts>;
export declare const MAX_LINE: number;

/** Where an engine's lines come from and go to. */
export interface EngineTransport {
  send(line: string): void;
  onLine(callback: (line: string) => void): void;
  /** `reason`: a message, or the `Error` a process could not start with. */
  onClose?(callback: (reason?: string | Error) => void): void;
  close(): void;
}

export interface EngineInit {
  /** `"xboard"`: an XBoard (CECP 2) engine, for play and analysis (no multi-PV, no banned moves). */
  protocol?: "uci" | "ucci" | "xboard";
  timeouts?: Partial<EngineTimeouts>;
  dialect?: "ucci" | "uci-variant" | "uci-plain";
}

/** A board an engine searches: the package's boards, or a chess.js-style `Chess`. */
export type EngineBoard = ChessBoard | XiangqiBoard | { history(options: { verbose: true }): { before: string; lan: string }[]; fen(): string };

export interface EngineCallOptions extends EngineSearchOptions {
  /** Called with each `info` line of the search. */
  onInfo?: (info: EngineInfo) => void;
}

/** What `play` resolves to. */
export interface EnginePlayResult {
  move: string | null;
  ponder: string | null;
  info: EngineInfo;
  draw: boolean;
  resign: boolean;
}

export declare function lineSplitter(onLine: (line: string) => void, maxLine?: number): (chunk: string) => void;
export declare function workerTransport(worker: Worker | string | URL, options?: { type?: "classic" | "module"; maxLine?: number }): EngineTransport & { worker: Worker };

/** A UCI, UCCI or XBoard engine behind a transport. */
export declare class Engine {
  constructor(transport: EngineTransport, options?: EngineInit);
  init(): Promise<Engine>;
  readonly id: Record<string, string>;
  readonly options: Map<string, EngineOptionInfo>;
  readonly protocol: "uci" | "ucci" | "xboard";
  dialect: string;
  readonly timeouts: EngineTimeouts;
  readonly terminated: boolean;
  optionValue(name: string): string | undefined;
  configure(options: Record<string, string | number | boolean>): Promise<void>;
  ping(): Promise<void>;
  play(board: EngineBoard, limit: EngineLimit, options?: EngineCallOptions): Promise<EnginePlayResult>;
  analyse(board: EngineBoard, limit: EngineLimit, options?: EngineCallOptions & { multipv?: undefined }): Promise<EngineInfo>;
  analyse(board: EngineBoard, limit: EngineLimit, options: EngineCallOptions & { multipv: number }): Promise<EngineInfo[]>;
  stop(): void;
  quit(): Promise<boolean>;
}

/** Node only: a transport over a child process. */
export declare function childProcessTransport(
  command: string, args?: string[], options?: { cwd?: string; env?: Record<string, string>; maxLine?: number },
): EngineTransport & { child: unknown };
/** Node only: starts `command` as an engine and shakes hands. */
export declare function openEngine(
  command: string, options?: EngineInit & { args?: string[]; cwd?: string; env?: Record<string, string> },
): Promise<Engine>;
