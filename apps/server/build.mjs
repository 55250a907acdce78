// Bundles the server entry points into dist/: our workspace packages are
// inlined, every npm dependency stays external (resolved from node_modules).
import { existsSync } from "node:fs";
import { build } from "esbuild";

const candidates = ["src/main.ts", "src/worker.ts", "src/cli/main.ts", "src/admin/main.ts"];
const entryPoints = candidates.filter((f) => existsSync(f));

/** Keeps bare imports external unless they are one of our workspace packages. */
const externalDependencies = {
  name: "external-dependencies",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@promptune/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints,
  outdir: "dist",
  outbase: "src",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [externalDependencies],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`built ${entryPoints.join(", ")} into dist/`);
