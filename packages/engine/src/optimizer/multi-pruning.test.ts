/**
 * Worker prompts pruned: the generic rule a joint edit wrote beside a
 * worker's fix, and a worker's inherited instructions that name nothing of
 * the task, are dropped from the changed worker prompts only; the coordinator,
 * the descriptions and unchanged workers are left as they are.
 */
import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import type { LlmPort } from "../ports";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { Prng } from "../util/prng";
import { optimizeMultiAgent } from "./multi";
import { prunedWorkerPrompts } from "./multi-pruning";
import { drive } from "./test-helpers";

const agent = (name: string, prompt: string, description = "") => ({
  name,
  prompt,
  description,
  model_name: "m",
  temperature: 0.7,
});

function config(coordinator: string, workers: string[]): MultiAgentConfig {
  return {
    "master-agent": agent("lead", coordinator),
    "worker-agents": workers.map((p, k) => agent(`w${k + 1}`, p, `worker ${k + 1}`)),
  };
}

const SEED = "You answer parcel questions with the tracking code only.";
const FIX = "For customs parcels, give the declaration code.";
const GENERIC = "Always explain your reasoning before the answer.";
const FILLER = "Take care to do your best work at all times.";
const RELAY = "Always relay the worker's answer verbatim.";
const vocabulary = new Set(["parcel", "track", "code", "custom", "declaration", "answer"]);

describe("prunedWorkerPrompts", () => {
  it("drops a generic rule added beside a worker's fix, in that worker only", () => {
    const parent = config(SEED, [SEED, SEED]);
    const proposal = config(`${SEED} ${RELAY}`, [`${SEED} ${FIX} ${GENERIC}`, SEED]);
    const pruned = prunedWorkerPrompts(proposal, parent, new Prng(1), undefined);
    expect(pruned?.removed).toBe(GENERIC);
    expect(pruned?.config["worker-agents"][0]?.prompt).toBe(`${SEED} ${FIX}`);
    expect(pruned?.config["worker-agents"][1]?.prompt).toBe(SEED);
    // the coordinator's generic rule is how replies are put together: never pruned here
    expect(pruned?.config["master-agent"].prompt).toBe(`${SEED} ${RELAY}`);
  });

  it("drops a worker's inherited unanchored instructions once it learnt an anchored one", () => {
    const parent = config(SEED, [`${SEED} ${FILLER}`, SEED]);
    const proposal = config(SEED, [`${SEED} ${FILLER} ${FIX}`, SEED]);
    const pruned = prunedWorkerPrompts(proposal, parent, new Prng(1), vocabulary);
    expect(pruned?.removed).toBe(FILLER);
    expect(pruned?.config["worker-agents"][0]?.prompt).toBe(`${SEED} ${FIX}`);
  });

  it("prunes every changed worker at once and reports what each lost", () => {
    const parent = config(SEED, [SEED, SEED]);
    const proposal = config(SEED, [`${SEED} ${FIX} ${GENERIC}`, `${SEED} ${FIX} ${GENERIC}`]);
    const pruned = prunedWorkerPrompts(proposal, parent, new Prng(1), vocabulary);
    expect(pruned?.config["worker-agents"].map((w) => w.prompt)).toEqual([
      `${SEED} ${FIX}`,
      `${SEED} ${FIX}`,
    ]);
    expect(pruned?.removed).toBe(`${GENERIC} ${GENERIC}`);
  });

  it("is null when no changed worker prompt has anything to drop", () => {
    const parent = config(SEED, [SEED, SEED]);
    // a fix alone, and a change to the coordinator only
    expect(
      prunedWorkerPrompts(config(SEED, [`${SEED} ${FIX}`, SEED]), parent, new Prng(1), vocabulary),
    ).toBeNull();
    expect(
      prunedWorkerPrompts(
        config(`${SEED} ${GENERIC} ${FIX}`, [SEED, SEED]),
        parent,
        new Prng(1),
        vocabulary,
      ),
    ).toBeNull();
  });
});

describe("worker prompts pruned in whole runs", () => {
  // names nothing of the task (no word of its examples or rubric)
  const HARM = "Be brief at all times.";

  /**
   * A multi-agent run over the fake port whose reflection writes a worker the
   * missing items and, beside them, a generic rule that hurts: a worker told
   * to be brief leaves out its reply's last line.
   */
  async function runWithHarm(seed: number, workerPruning: boolean) {
    const fake = createFakeLlm({
      reflect: (current, missing, call) => ({
        prompt: [
          current,
          ...missing.slice(0, 2).map((item) => `Always ${item}.`),
          ...(call.user.includes("the prompt of the worker") && !current.includes(HARM)
            ? [HARM]
            : []),
        ].join("\n"),
      }),
    });
    const port: LlmPort = {
      ...fake,
      complete: async (request) => {
        const out = await fake.complete(request);
        const system = request.messages.find((m) => m.role === "system")?.content ?? "";
        if (request.purpose !== "worker" || !system.includes(HARM)) return out;
        return { ...out, text: out.text.split("\n").slice(0, -1).join("\n") };
      },
      completeStructured: (request) => fake.completeStructured(request),
    };
    const { results, final } = await drive(
      optimizeMultiAgent({
        llm: port,
        models: { judge: "judge", reflection: "reflection" },
        dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(30) },
        config: config("You coordinate.", ["You know policies.", "You write."]),
        iterations: 6,
        seed,
        workerPruning,
      }),
    );
    const prunings = results.flatMap((r) => r.reasoning).filter((p) => p.kind === "pruning");
    const harmed = final.best.config["worker-agents"].some((w) => w.prompt.includes(HARM));
    return { prunings, harmed };
  }

  it("drops the unanchored rule a joint edit wrote beside a worker's fix when its minibatch holds", async () => {
    let passed = 0;
    let harmedOn = 0;
    let harmedOff = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const on = await runWithHarm(seed, true);
      const off = await runWithHarm(seed, false);
      for (const p of on.prunings) {
        // the rule and the worker's own unanchored role sentence go; never a fix
        expect(p.rationale).toContain(HARM);
        expect(p.rationale).not.toMatch(/Dropped "[^"]*Always/);
        if (p.outcome === "refined" || p.outcome === "accepted") passed++;
      }
      expect(off.prunings).toEqual([]);
      if (on.harmed) harmedOn++;
      if (off.harmed) harmedOff++;
    }
    expect(passed).toBeGreaterThan(0);
    expect(harmedOn).toBeLessThan(harmedOff);
  });
});
