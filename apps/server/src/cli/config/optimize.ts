/**
 * `promptune optimize -c FILE`: optimises every prompt × model ×
 * temperature of the config file in turn (each with its own output file
 * when --output is given: run.json → run-1.json, run-2.json, …) and prints a
 * comparison of the held-out scores before and after.
 */
import { extname } from "node:path";
import type { FinalResult } from "@promptune/contracts";
import type { OptimizeArgs } from "../args";
import type { CommandContext } from "../commands/context";
import { runOptimize } from "../commands/optimize";
import { EXIT } from "../exit-codes";
import { percent } from "../reporters/progress";
import { configPrompts, configScorer } from "./cells";
import { prepareConfigOptimize } from "./prepare";

/** `run.json` → `run-2.json`. */
function numbered(path: string, n: number): string {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}-${n}${ext}`;
}

/** Runs the config's optimisations and returns the exit code. */
export async function runConfigOptimize(
  args: OptimizeArgs & { config: string },
  ctx: CommandContext,
  explicit: { iterations: boolean; seed: boolean },
): Promise<number> {
  const { args: merged, loaded } = await prepareConfigOptimize(args, explicit);
  const prompts = await configPrompts(loaded);
  const models: Array<string | undefined> = loaded.config.models ?? [undefined];
  const temperatures = loaded.config.temperatures ?? [merged.temperature];
  const rows: string[] = [];
  let n = 0;
  for (const prompt of prompts)
    for (const model of models)
      for (const temperature of temperatures) {
        n++;
        const label = `${model ?? "default model"} · t=${temperature} · ${prompt.replace(/\s+/g, " ").slice(0, 40)}`;
        if (!merged.json) ctx.io.stdout(`\n== ${n}. ${label} ==\n`);
        let final: FinalResult | undefined;
        const code = await runOptimize(
          { ...merged, ...(merged.output ? { output: numbered(merged.output, n) } : {}) },
          ctx,
          {
            subject: { kind: "single", candidate: { prompt, temperature }, model },
            scorer: (gateway) => configScorer(loaded, gateway),
            onResult: (result) => {
              final = result;
            },
          },
        );
        if (code !== EXIT.ok) return code;
        const before = final?.held_out?.initial_score ?? final?.initial_test_score ?? null;
        const after = final?.held_out?.final_score ?? final?.test_score ?? null;
        rows.push(`${n}. ${label}: held-out ${percent(before)} → ${percent(after)}`);
      }
  if (!merged.json)
    ctx.io.stdout(`\nComparison (held-out score, initial → optimised):\n${rows.join("\n")}\n`);
  return EXIT.ok;
}
