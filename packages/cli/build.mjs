// Builds the publishable `promptune` CLI into publish/: the command line of
// apps/server/src/cli bundled with every dependency into one ES module (so
// the tarball installs without a registry), the bundled datasets, a README.
// node-llama-cpp (the optional local model) stays external: install it next
// to the CLI to use the local model. `npm pack` in publish/ makes the tarball.
// The package's types (index.d.ts: the config file as `PromptuneConfig`) are
// generated from the config's JSON schema, itself generated from the zod
// contract, so they cannot drift from what the CLI accepts.
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { compile } from "json-schema-to-typescript";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const out = join(here, "publish");
const source = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));

const versionFile = readFileSync(join(root, "apps/server/src/cli/version.ts"), "utf8");
if (!versionFile.includes(`CLI_VERSION = "${source.version}"`))
  throw new Error(`apps/server/src/cli/version.ts must say CLI_VERSION = "${source.version}"`);

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "dist"), { recursive: true });

await build({
  entryPoints: { promptune: join(root, "apps/server/src/cli/main.ts") },
  outdir: join(out, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minifySyntax: true,
  legalComments: "linked",
  logLevel: "warning",
  external: ["node-llama-cpp"],
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

cpSync(join(root, "datasets"), join(out, "datasets"), { recursive: true });
copyFileSync(join(here, "README.md"), join(out, "README.md"));
copyFileSync(join(here, "promptune.config.schema.json"), join(out, "promptune.config.schema.json"));
const configSchema = JSON.parse(readFileSync(join(here, "promptune.config.schema.json"), "utf8"));
const configTypes = await compile(configSchema, "PromptuneConfig", {
  bannerComment: "// Types of promptune.config.yaml (generated from promptune.config.schema.json).",
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
});
writeFileSync(
  join(out, "index.d.ts"),
  `${configTypes}
/** The configuration file's shape (\`promptune eval -c\`, \`promptune optimize -c\`). */
export type PromptuneConfig = PromptuneConfigYaml;

/** Returns \`config\` unchanged: typed help for writing a configuration in TypeScript or JavaScript. */
export declare function defineConfig(config: PromptuneConfig): PromptuneConfig;
`,
);
writeFileSync(
  join(out, "index.mjs"),
  "/** Returns `config` unchanged (typed by index.d.ts). */\nexport function defineConfig(config) {\n  return config;\n}\n",
);
const { private: _private, scripts: _scripts, devDependencies: _dev, ...manifest } = source;
writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`built ${source.name}@${source.version} into ${out}`);
