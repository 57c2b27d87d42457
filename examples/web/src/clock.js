// The page's two clocks: a time control (minutes + increment seconds), the side to move's clock
// running, an increment after each move, and a callback when a flag falls. The verdict of a fallen
// flag is the core's (`board.flag(side)`: a loss, or a draw when the opponent cannot win).

/** Reads "M+S" (minutes, increment in seconds; decimals allowed): `{base, increment}` in ms, or
 * `null` for an empty text. Throws `RangeError` for anything else. */
export function parseTimeControl(text) {
  const trimmed = String(text).trim();
  if (trimmed === "") return null;
  const match = /^(\d{1,4}(?:\.\d+)?)\s*(?:\+\s*(\d{1,4}(?:\.\d+)?))?$/.exec(trimmed);
  if (!match || Number(match[1]) <= 0) {
    throw new RangeError(`a time control is minutes+seconds, like 5+3 (not ${JSON.stringify(trimmed.slice(0, 20))})`);
  }
  return { base: Number(match[1]) * 60000, increment: Number(match[2] ?? 0) * 1000 };
}

/** m:ss, with tenths under ten seconds. */
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  const minutes = Math.floor(clamped / 60000);
  const seconds = (clamped % 60000) / 1000;
  const shown = clamped < 10000 ? seconds.toFixed(1).padStart(4, "0") : String(Math.floor(seconds)).padStart(2, "0");
  return `${minutes}:${shown}`;
}

export class Clocks {
  #control = null;
  #left = { w: 0, b: 0 };
  #running = null;
  #since = 0;
  #timer = null;
  #onFlag;
  #onTick;

  /** `onFlag(side)` when the running side's time is up; `onTick()` to redraw. */
  constructor(onFlag, onTick) {
    this.#onFlag = onFlag;
    this.#onTick = onTick;
  }

  /** Stops and sets both clocks to `control` (`null`: no clocks). */
  reset(control) {
    this.stop();
    this.#control = control;
    this.#left = { w: control?.base ?? 0, b: control?.base ?? 0 };
  }

  get enabled() {
    return this.#control !== null;
  }

  /** The side whose clock runs, or null. */
  get running() {
    return this.#running;
  }

  /** Time left for `side` ("w" or "b") in ms, now. */
  left(side) {
    const spent = this.#running === side ? performance.now() - this.#since : 0;
    return this.#left[side] - spent;
  }

  /** `mover` has moved: it gets its increment (after its first move) and the other side's clock runs. */
  moved(mover) {
    if (!this.enabled) return;
    const other = mover === "w" ? "b" : "w";
    if (this.#running === mover) {
      this.#left[mover] = this.left(mover) + this.#control.increment;
    }
    this.#running = other;
    this.#since = performance.now();
    this.#timer ??= setInterval(() => this.#tick(), 50);
  }

  #tick() {
    const side = this.#running;
    if (side && this.left(side) <= 0) {
      this.stop();
      this.#left[side] = 0;
      this.#onFlag(side);
    }
    this.#onTick();
  }

  /** Stops the running clock, keeping the times left. */
  stop() {
    if (this.#running) this.#left[this.#running] = this.left(this.#running);
    this.#running = null;
    clearInterval(this.#timer);
    this.#timer = null;
  }
}
