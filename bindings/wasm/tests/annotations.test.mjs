// The comment commands ([%clk], [%emt], [%eval], [%cal]/[%csl]) as typed fields of readGames
// nodes, written back by writePgn when changed, and readAnnotations/writeAnnotations on any
// comment. The expected values are python-chess 1.11.2's (data/annotations/expected.json, made by
// data/annotations/make_expected.py; the Python suite checks it is still python-chess's answer).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { appDir, readAnnotations, readGames, writeAnnotations, writePgn } from "./qipan.mjs";
const data = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "..", "data", "annotations");
const expected = JSON.parse(readFileSync(join(data, "expected.json"), "utf8"));

/** Every node of a game object, depth first, the main line first. */
function nodes(game) {
  const order = [];
  const stack = [...game.variations].reverse();
  while (stack.length) {
    const node = stack.pop();
    order.push(node);
    stack.push(...[...node.variations].reverse());
  }
  return order;
}

const values = (n) => ({ comment: n.comment, clock: n.clock, emt: n.emt, eval: n.eval, arrows: n.arrows });

for (const [file, games] of Object.entries(expected)) {
  test(`${file}: every node's commands as python-chess reads them`, () => {
    const read = readGames(readFileSync(join(data, file), "utf8"));
    assert.equal(read.length, games.length);
    read.forEach((game, g) => {
      assert.deepEqual(game.errors, []);
      const list = nodes(game);
      assert.equal(list.length, games[g].length);
      list.forEach((node, i) => {
        const { edit, ...want } = games[g][i];
        assert.deepEqual(values(node), want, `${file} game ${g} node ${i}`);
        assert.deepEqual(values({ ...readAnnotations(node.comment), comment: node.comment }), want);
      });
    });
  });

  test(`${file}: edited fields are written as python-chess's setters write them`, () => {
    const read = readGames(readFileSync(join(data, file), "utf8"));
    let edits = 0;
    read.forEach((game, g) => {
      nodes(game).forEach((node, i) => {
        const edit = games[g][i].edit;
        if (!edit?.changed) return;
        edits++;
        assert.equal(writeAnnotations(node.comment, { [edit.field]: edit.value }), edit.comment);
        node[edit.field] = edit.value;
      });
      // writePgn writes the new fields into the comments; read back, they are the setters' text.
      const again = readGames(writePgn(game))[0];
      nodes(again).forEach((node, i) => {
        const edit = games[g][i].edit;
        if (edit?.changed) assert.equal(node.comment, edit.comment.trim(), `${file} game ${g} node ${i}`);
      });
    });
    assert.ok(edits > 20, `${edits} edits`);
  });
}

test("an unchanged record is written back byte for byte", () => {
  const text = "1. e4 { [%clk 0:03:00.0] [%eval +0.250] [%eval 0.25] } *";
  const [game] = readGames(text);
  assert.equal(game.variations[0].clock, 180);
  assert.deepEqual(game.variations[0].eval, { cp: 25 });
  assert.ok(writePgn(game).includes(text));
});

test("Xiangqi comments carry ICCS squares", () => {
  const read = readAnnotations("[%cal Rh2e2] [%csl Gi9] [%clk 0:10:00]", "xiangqi");
  assert.deepEqual(read, {
    clock: 600, emt: null, eval: null, text: "",
    arrows: [{ from: "h2", to: "e2", color: "red" }, { from: "i9", to: "i9", color: "green" }],
  });
  assert.equal(writeAnnotations("note", { arrows: [{ from: "a0", to: "i9", color: "blue" }, { from: "e4" }] }, "xiangqi"),
    "[%csl Ge4][%cal Ba0i9] note");
});

test("bad values are named errors, bad text is text", () => {
  for (const [values, name] of [
    [{ clock: "1:00" }, "TypeError"],
    [{ clock: Infinity }, "TypeError"],
    [{ eval: { cp: 1.5 } }, "TypeError"],
    [{ eval: { cp: 1, mate: 2 } }, "TypeError"],
    [{ arrows: [{ from: "i9" }] }, "TypeError"],
    [{ arrows: "e2e4" }, "TypeError"],
  ]) {
    assert.throws(() => writeAnnotations("", values), (e) => e.name === name, JSON.stringify(values));
  }
  assert.throws(() => writeAnnotations("", {}, "shogi"), (e) => e.name === "TypeError");
  for (const text of ["[%clk 1:2]", "[%eval #]", "[%cal Gz9]", "[%", "\u0000[%csl"]) {
    assert.deepEqual(readAnnotations(text), { clock: null, emt: null, eval: null, arrows: [], text });
  }
});

test("the .d.ts types the fields and functions (tsc --strict)", () => {
  const program = `
import { readAnnotations, readGames, writeAnnotations, writePgn, type CommentAnnotations, type CommentArrow,
  type Evaluation, type GameNode } from "qipan";
const node: GameNode = readGames("1. e4 { [%clk 0:01:00] } *")[0].variations[0];
const clock: number | null = node.clock;
const emt: number | null = node.emt;
const evaluation: Evaluation | null = node.eval;
const cp: number | undefined = evaluation?.cp;
const arrows: CommentArrow[] = node.arrows;
const read: CommentAnnotations = readAnnotations(node.comment, "xiangqi");
const text: string = writeAnnotations(read.text, { clock: 30, eval: { mate: -2, depth: 9 }, arrows: [{ from: "e2" }] });
writePgn({ variations: [{ move: "e2e4", clock: null, eval: { cp: 20 }, arrows: [{ from: "e2", to: "e4", color: "red" }] }] });
// @ts-expect-error an evaluation is centipawns or a mate, not both
writeAnnotations("", { eval: { cp: 1, mate: 2 } });
// @ts-expect-error a clock is seconds
writeAnnotations("", { clock: "0:01:00" });
export { clock, emt, cp, arrows, text };
`;
  writeFileSync(join(appDir, "annotation-types.mts"), program);
  const tsconfig = {
    compilerOptions: {
      target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true,
      lib: ["es2022", "dom", "esnext.disposable"], skipLibCheck: false, types: [],
    },
    files: ["annotation-types.mts"],
  };
  writeFileSync(join(appDir, "tsconfig.annotations.json"), JSON.stringify(tsconfig));
  const tsc = join(fileURLToPath(new URL(".", import.meta.url)), "..", "node_modules", ".bin", "tsc");
  try {
    execFileSync(tsc, ["-p", join(appDir, "tsconfig.annotations.json")], { cwd: appDir, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    assert.fail(`tsc: ${error.stdout}${error.stderr}`);
  }
});
