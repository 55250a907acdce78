// Builds the publishable `@promptune/engine` into publish/: one ES module
// (dist/index.js, with @promptune/contracts inlined; zod and re2js stay
// dependencies) and declarations that resolve under NodeNext and Bundler.
// `npm pack` in publish/ makes the tarball (scripts/packaging/pack.mjs).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { fixDeclarations } from "../../scripts/packaging/declarations.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "publish");
const source = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "dist"), { recursive: true });

const tsc = join(here, "../../node_modules/typescript/bin/tsc");
execFileSync(
  process.execPath,
  [tsc, "-p", join(here, "tsconfig.build.json"), "--outDir", join(out, "dist/types")],
  {
    stdio: "inherit",
  },
);
fixDeclarations(join(out, "dist/types"), { "@promptune/contracts": "contracts/src/index" });
writeFileSync(join(out, "dist/index.d.ts"), 'export * from "./types/engine/src/index.js";\n');

const dependencies = Object.fromEntries(
  Object.entries(source.dependencies).filter(([name]) => !name.startsWith("@promptune/")),
);
await build({
  entryPoints: [join(here, "src/index.ts")],
  outfile: join(out, "dist/index.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: false,
  logLevel: "warning",
  external: Object.keys(dependencies),
});

const manifest = {
  name: source.name,
  version: source.version,
  description:
    "Promptune's prompt optimiser as a library: GEPA-style reflective optimisation of single- and multi-agent prompts against a dataset and your own metric.",
  type: "module",
  engines: { node: ">=20.12" },
  exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
  main: "./dist/index.js",
  types: "./dist/index.d.ts",
  files: ["dist", "README.md"],
  sideEffects: false,
  dependencies,
};
writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(join(here, "README.md"), join(out, "README.md"));
console.log(`built ${source.name}@${source.version} into ${out}`);
