// `node scripts/packaging/pack.mjs [DEST]`: builds `@promptune/engine` and
// `promptune` (packages/engine/build.mjs, packages/cli/build.mjs) and runs
// `npm pack` on each, leaving the two tarballs in DEST (default: artifacts/).
// Prints one JSON line {engine, cli} with the tarballs' paths.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dest = resolve(process.argv[2] ?? join(root, "artifacts"));
mkdirSync(dest, { recursive: true });

/** Builds the package in `folder` and packs its publish/ folder into `dest`. */
function buildAndPack(folder) {
  execFileSync(process.execPath, [join(root, folder, "build.mjs")], { stdio: "inherit" });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const output = execFileSync(npm, ["pack", "--json", "--pack-destination", dest], {
    cwd: join(root, folder, "publish"),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [info] = JSON.parse(output);
  return join(dest, info.filename);
}

const engine = buildAndPack("packages/engine");
const cli = buildAndPack("packages/cli");
console.log(JSON.stringify({ engine, cli }));
