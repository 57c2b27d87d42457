// Helpers shared by the suites: a seeded random generator and assertions on thrown errors.
import assert from "node:assert/strict";

/** A seeded random generator (mulberry32): `rand()` in [0, 1). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random element of `items`. */
export const pick = (rand, items) => items[Math.floor(rand() * items.length)];

/** The seed of the random tests: QIPAN_SEED, or a fixed one. */
export const SEED = Number(process.env.QIPAN_SEED ?? 20261130);

/**
 * Asserts that `f` throws a JS `Error` (never a wasm trap) whose `name` is one of `names`;
 * answers the error.
 */
export function throwsNamed(f, names, context = "") {
  let error;
  try {
    f();
  } catch (e) {
    error = e;
  }
  assert.ok(error !== undefined, `expected ${names.join("/")} ${context}`);
  assert.ok(!(error instanceof WebAssembly.RuntimeError), `wasm trap ${context}: ${error}`);
  assert.ok(error instanceof Error, `not an Error ${context}: ${String(error)}`);
  assert.ok(names.includes(error.name), `${error.name} (${error.message}) is not ${names.join("/")} ${context}`);
  assert.equal(typeof error.message, "string");
  return error;
}

/** Every value a caller might wrongly pass where a string belongs. */
export const NOT_STRINGS = [undefined, null, 42, 4.5, NaN, true, {}, [], ["e2e4"], Symbol("e2e4"), 10n,
  () => "e2e4", new String("e2e4"), { toString: () => "e2e4" }];

/** Strings that are no move of either game. */
export const BAD_STRINGS = ["", " ", "\0", "e2e4\0", "\ud800", "\udfff\ud800", "🙂🙂🙂🙂", "e2e4 e7e5",
  "e9e10", "a0a0", "z9z9", "e2", "e2e", "e2e4qq", "O-O-O-O", "Nf3+#", "==", "+", "-", "炮", "炮二平",
  "炮二平五五", "x".repeat(65), "e2e4".repeat(1000), "x".repeat(1 << 24)];
