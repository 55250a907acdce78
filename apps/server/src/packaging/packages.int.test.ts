/**
 * The published packages as a new team gets them: `npm pack` tarballs of
 * `promptune` and `@promptune/engine` installed into an empty folder outside
 * the repository, then the installed `promptune` binary run against the
 * fixture LLM and a NodeNext TypeScript program compiled with tsc against the
 * engine's declarations and run with plain node.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { EvalReportSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleLines, fixtureEnv, GOOD_PROMPT } from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");

/** A NodeNext program typed by the CLI package: the minimal promptune.config. */
const CONFIG_PROGRAM = `import { defineConfig, type PromptuneConfig } from "promptune";
const config: PromptuneConfig = defineConfig({
  dataset: "sums.jsonl",
  metric: "exact",
  prompts: ["Answer with digits only.", "You are a helpful assistant."],
  models: ["gpt-4o-mini", "gpt-4o"],
});
console.log(JSON.stringify(config));
`;

/** A strict NodeNext tsconfig compiling `file` into out/, with the repository's Node types. */
function tsconfigFor(file: string) {
  return {
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      strict: true,
      skipLibCheck: false,
      outDir: "out",
      types: ["node"],
      typeRoots: [join(repoRoot, "node_modules/@types")],
    },
    files: [file],
  };
}

/** A NodeNext program: the OpenAI-compatible adapter and a user metric drive an optimisation. */
const PROGRAM = `import { type DatasetExample, openAiCompatibleModel, optimizeSingleAgent } from "@promptune/engine";

const examples: DatasetExample[] = Array.from({ length: 12 }, (_, i) => ({
  id: \`ex-\${i + 1}\`,
  dialog: [{ type: "human", content: \`Question \${i + 1} about my parcel.\` }],
  reference: "We will refund you.",
  expected: "refund",
  rubric: [],
}));
const llm = openAiCompatibleModel({ baseURL: process.env.OPENAI_BASE_URL ?? "", apiKey: "k", maxConcurrency: 2 });
let metricCalls = 0;
const optimisation = optimizeSingleAgent({
  llm,
  models: { judge: "fixture-small", reflection: "fixture-large" },
  dataset: { name: "parcels", metric: "judge", examples },
  model: "fixture-small",
  prompt: "You help customers.",
  temperature: 0,
  iterations: 2,
  scorer: (example, reply) => {
    metricCalls++;
    const ok = reply.toLowerCase().includes(example.expected ?? "");
    return { score: ok ? 1 : 0, feedback: ok ? "offers a refund" : "Missing: offer a refund" };
  },
});
let step = await optimisation.next();
while (!step.done) step = await optimisation.next();
console.log(JSON.stringify({ metricCalls, initial: step.value.initial.validationScore, best: step.value.best.validationScore, prompt: step.value.best.config.prompt }));
`;

describe("npm pack tarballs installed outside the repository", () => {
  let fixture: FixtureLlm;
  let project: string;
  let tarballs: { engine: string; cli: string };

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    const packs = await mkdtemp(join(tmpdir(), "promptune-packs-"));
    const packed = await run(process.execPath, [
      join(repoRoot, "scripts/packaging/pack.mjs"),
      packs,
    ]);
    tarballs = JSON.parse(packed.stdout.trim().split("\n").at(-1) ?? "{}");
    project = await mkdtemp(join(tmpdir(), "promptune-adopter-"));
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ name: "adopter", private: true, type: "module" }),
    );
  }, 180_000);
  afterAll(async () => {
    await fixture?.close();
  });

  it("installs the CLI with no registry at all and runs `npx promptune eval` there", async () => {
    // --offline: the CLI tarball carries its dependencies, so nothing is fetched.
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarballs.cli], {
      cwd: project,
    });
    const dataset = join(project, "parcels.jsonl");
    await writeFile(dataset, `${exampleLines().join("\n")}\n`);
    const result = await run(
      "npx",
      [
        "--no-install",
        "promptune",
        "eval",
        "--dataset-file",
        "parcels.jsonl",
        "--metric",
        "contains",
        "--model",
        "fixture-small",
        "--prompt",
        GOOD_PROMPT,
        "--all",
        "--min-score",
        "100%",
        "--output",
        "report.json",
      ],
      {
        cwd: project,
        env: { PATH: process.env.PATH ?? "", HOME: project, ...fixtureEnv(fixture.url) },
      },
    );
    expect(result.stdout).toContain("Score: 100.0% on 12 examples");
    const report = EvalReportSchema.parse(
      JSON.parse(await readFile(join(project, "report.json"), "utf8")),
    );
    expect(report.passed).toBe(12);
    const version = await run("npx", ["--no-install", "promptune", "help"], { cwd: project });
    expect(version.stdout).toContain("promptune eval");

    // The package's types: the minimal configuration type-checks under NodeNext
    // (a misspelt key does not), and plain node runs the module.
    await writeFile(join(project, "config.ts"), CONFIG_PROGRAM);
    await writeFile(
      join(project, "tsconfig.config.json"),
      JSON.stringify(tsconfigFor("config.ts")),
    );
    await run(process.execPath, [tsc, "-p", "tsconfig.config.json"], { cwd: project });
    const typed = await run(process.execPath, ["out/config.js"], { cwd: project });
    expect(JSON.parse(typed.stdout.trim())).toMatchObject({
      dataset: "sums.jsonl",
      metric: "exact",
    });
    await writeFile(join(project, "config.ts"), CONFIG_PROGRAM.replace("metric:", "metrc:"));
    await expect(
      run(process.execPath, [tsc, "-p", "tsconfig.config.json"], { cwd: project }),
    ).rejects.toMatchObject({ stdout: expect.stringContaining("metrc") });
  }, 120_000);

  it("gives plain node and tsc (NodeNext) a working engine with the adapter and a user metric", async () => {
    // zod and re2js, the engine's only dependencies, come from the npm cache when it has them.
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarballs.engine], {
      cwd: project,
    });
    const plain = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        "const e = await import('@promptune/engine'); console.log(typeof e.optimizeSingleAgent, typeof e.openAiCompatibleModel, typeof e.userScorer)",
      ],
      { cwd: project },
    );
    expect(plain.stdout.trim()).toBe("function function function");

    await writeFile(join(project, "main.ts"), PROGRAM);
    await writeFile(join(project, "tsconfig.json"), JSON.stringify(tsconfigFor("main.ts")));
    await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project });
    const program = await run(process.execPath, ["out/main.js"], {
      cwd: project,
      env: { PATH: process.env.PATH ?? "", OPENAI_BASE_URL: fixture.url },
    });
    const outcome = JSON.parse(program.stdout.trim());
    // The metric's feedback made the fixture's reflection add the directive it asked for.
    expect(outcome.initial).toBe(0);
    expect(outcome.best).toBe(1);
    expect(outcome.prompt).toContain("Always offer a refund.");
    expect(outcome.metricCalls).toBeGreaterThan(8);
  }, 120_000);
});
