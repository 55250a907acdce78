/**
 * `promptune optimize --max-calls N` spends its budget: the last iteration
 * is not cut short as "call budget reached" while calls above the reserves
 * are left (issue item: "optimize's last iteration is often empty"). The
 * cause was the engine's adaptive minibatch, sized for the iteration's
 * whole share: once the iteration had spent a little (a perfect minibatch
 * costs a few calls and teaches nothing), the next proposal no longer fit
 * and the gate called the budget exhausted.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCliProcess } from "../testing/cli";
import { cliWorkspace, exampleLines, fixtureEnv } from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

let fixture: FixtureLlm;
let dataset = "";

beforeAll(async () => {
  fixture = await startFixtureLlm();
  const ws = await cliWorkspace();
  const lines = [...exampleLines(), ...exampleLines()].map((line, i) =>
    JSON.stringify({
      ...JSON.parse(line),
      id: `ex-${i + 1}`,
      dialog: [{ type: "human", content: `Question ${i + 1} about my parcel.` }],
    }),
  );
  dataset = await ws.write("parcels.jsonl", `${lines.join("\n")}\n`);
});
afterAll(async () => {
  await fixture?.close();
});

it("optimize --max-calls does not end an iteration as 'call budget reached' with the budget unspent", async () => {
  const maxCalls = 120;
  const run = await runCliProcess(
    [
      "optimize",
      "--dataset-file",
      dataset,
      "--metric",
      "judge",
      "--model",
      "fixture-small",
      "--prompt",
      "You help customers. Always offer a refund.",
      "-n",
      "4",
      "--max-calls",
      String(maxCalls),
      "--no-cache",
      "--progress",
      "none",
    ],
    fixtureEnv(fixture.url),
  );
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const usage = /Usage: (\d+) calls/.exec(run.stdout);
  const calls = Number(usage?.[1]);
  console.log(`[budget] optimize --max-calls ${maxCalls}: ${calls} calls\n${run.stdout}`);
  expect(calls).toBeLessThan(maxCalls - 30);
  expect(run.stdout).not.toContain("call budget reached");
  expect(run.stdout).toMatch(/iteration {2}4\/4 .*\[\d+ calls\]/);
});
