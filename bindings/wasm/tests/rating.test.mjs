// Ratings from JavaScript. Every expected value is worked out from the rule text of the seed
// document (docs/rating.md), not taken from qipan.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ratingChange, ratingLevel } from "./qipan.mjs";

test("the lower side wins with a difference of 100 or more: it gains d/2", () => {
  // d = 100 → 100 / 2 = 50; the loser loses what the winner gains.
  assert.deepEqual(ratingChange(1500, 1600, "win"), { change: 50, mine: 1550, theirs: 1550 });
});

test("a draw with 10 <= d < 100: the lower side gains (10 + d/10) / 2, exactly", () => {
  // d = 50 → (10 + 5) / 2 = 7.5; the higher side loses 7.5.
  assert.deepEqual(ratingChange("1550", "1500", "draw"), { change: -7.5, mine: 1542.5, theirs: 1507.5 });
  // d = 11 → (10 + 1.1) / 2 = 5.55 (no binary-float drift: 5.55 exactly as a decimal).
  assert.equal(ratingChange(1000, 1011, "draw").change, 5.55);
});

test("the higher side wins with 100 <= d < 200: it gains 2; a loss mirrors it", () => {
  assert.equal(ratingChange(1700, 1550, "win").change, 2);
  assert.equal(ratingChange(1550, 1700, "loss").change, -2);
});

test("levels: unrated below 100, level 30 from 100, level 1 from 3000", () => {
  assert.equal(ratingLevel(99), null);
  assert.equal(ratingLevel(100), 30);
  assert.equal(ratingLevel("199.5"), 30);
  assert.equal(ratingLevel(200), 29);
  assert.equal(ratingLevel(3000), 1);
});

test("Elo: equal ratings, a win with K = 20 gains 10", () => {
  assert.deepEqual(ratingChange(1500, 1500, "win", "elo"), { change: 10, mine: 1510, theirs: 1490 });
  assert.equal(ratingChange(1500, 1500, "win", "elo", 32).change, 16);
});

test("bad arguments are TypeError or RangeError, never a trap", () => {
  assert.throws(() => ratingChange(1500, 1500, "victory"), { name: "TypeError" });
  assert.throws(() => ratingChange(undefined, 1500, "win"), { name: "TypeError" });
  assert.throws(() => ratingChange("12abc", 1500, "win"), { name: "RangeError" });
  assert.throws(() => ratingChange(Infinity, 1500, "win"), { name: "RangeError" });
  assert.throws(() => ratingChange(1500, 1500, "win", "glicko"), { name: "TypeError" });
  assert.throws(() => ratingLevel({}), { name: "TypeError" });
});
