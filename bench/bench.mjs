// `npm run bench`: runs every benchmark in turn. Each prints its figures as
// ratios to the project's targets, measured within one run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const only = process.argv.slice(2);
const scripts = [
  "optimiser.ts",
  "quality.ts",
  "multiagent-chat.ts",
  "local-model.ts",
  "runs-concurrency.ts",
  "faults.ts",
  "load.ts",
  "frontend.ts",
].filter(
  (s) =>
    existsSync(new URL(s, import.meta.url)) &&
    (only.length === 0 || only.some((o) => s.startsWith(o))),
);
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync("npx", ["tsx", script], {
    cwd: new URL(".", import.meta.url),
    stdio: "inherit",
  });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
