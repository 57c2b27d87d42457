// Runs the node:test suites against the package as users get it: `npm pack` of pkg/, installed
// from the tarball into a fresh temporary folder. Build pkg/ first (bash build.sh).
//
//   node tests/run.mjs                # every tests/*.test.mjs
//   node tests/run.mjs api.test.mjs   # some of them
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, "..", "pkg");
if (!existsSync(join(pkg, "package.json"))) {
  console.error("tests/run.mjs: no package in bindings/wasm/pkg; run bash bindings/wasm/build.sh");
  process.exit(1);
}

const tmp = mkdtempSync(join(tmpdir(), "qipan-npm-"));
let status = 1;
try {
  const npm = (args, cwd) => execFileSync("npm", args, { cwd, stdio: ["ignore", "pipe", "inherit"] });
  npm(["pack", "--silent", "--pack-destination", tmp, pkg], here);
  const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
  const app = join(tmp, "app");
  execFileSync("mkdir", [app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  npm(["install", "--offline", "--no-audit", "--no-fund", "--silent", join(tmp, tarball)], app);
  // The suites import the package through this module, so `qipan` resolves the way it does for a
  // user of the installed package (the `node` export condition).
  writeFileSync(join(app, "entry.mjs"), 'export * from "qipan";\nexport { default } from "qipan";\n');
  console.log(`installed ${tarball} into ${app}`);

  const wanted = process.argv.slice(2);
  const files = readdirSync(here)
    .filter((f) => f.endsWith(".test.mjs") && (wanted.length === 0 || wanted.includes(f)))
    .map((f) => join(here, f));
  const run = spawnSync(process.execPath, ["--test", ...files], {
    stdio: "inherit",
    env: { ...process.env, QIPAN_APP_DIR: app },
  });
  status = run.status ?? 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(status);
