import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import type { LlmPort } from "../ports";
import { createFakeLlm, syntheticExamples, tagBody } from "../testing/fake-llm";
import { multiFreshExamples } from "./mechanisms";
import {
  MULTI_AGENT_DEFAULTS,
  multiAgentComponents,
  optimizeMultiAgent,
  pickBlamedComponent,
  withComponent,
} from "./multi";
import { drive } from "./test-helpers";
import type { ReflectionExample } from "./types";

const agent = (name: string, prompt: string, description = "") => ({
  name,
  prompt,
  model_name: "m",
  temperature: 0.4,
  description,
});

const config: MultiAgentConfig = {
  "master-agent": agent("Coordinator", "You coordinate.", "Coordinator node."),
  "worker-agents": [
    agent("Expert", "You know policies.", "Knows policies."),
    agent("Writer", "You write.", "Writes."),
  ],
};

function options(overrides: Record<string, unknown> = {}) {
  const llm = createFakeLlm();
  return {
    llm,
    options: {
      llm,
      models: { judge: "judge", reflection: "reflection" },
      dataset: { name: "synthetic", metric: "judge" as const, examples: syntheticExamples(30) },
      config,
      iterations: 4,
      seed: 3,
      ...overrides,
    },
  };
}

describe("multi-agent components", () => {
  it("lists the coordinator prompt, worker prompts, then worker descriptions", () => {
    expect(multiAgentComponents(config).map((c) => c.label)).toEqual([
      "coordinator.prompt",
      "worker:Expert.prompt",
      "worker:Writer.prompt",
      "worker:Expert.description",
      "worker:Writer.description",
    ]);
  });

  it("replaces exactly one component", () => {
    const [, expertPrompt, , , writerDescription] = multiAgentComponents(config);
    const a = withComponent(config, expertPrompt as never, "New expert prompt.");
    expect(a["worker-agents"][0]?.prompt).toBe("New expert prompt.");
    expect(a["worker-agents"][1]).toEqual(config["worker-agents"][1]);
    expect(a["master-agent"]).toEqual(config["master-agent"]);
    const b = withComponent(config, writerDescription as never, "Writes replies.");
    expect(b["worker-agents"][1]?.description).toBe("Writes replies.");
    expect(config["worker-agents"][1]?.description).toBe("Writes.");
  });
});

describe("pickBlamedComponent", () => {
  const m = (score: number, consulted: number[]): ReflectionExample => ({
    example: syntheticExamples(1)[0] as never,
    reply: "",
    trace: "",
    feedback: "",
    score,
    consulted,
  });

  it("walks round robin but skips components that cannot explain the failures", () => {
    // Expert (0) consulted on the failing example, Writer (1) left out of it
    const material = [m(0.5, [0]), m(1, [0, 1])];
    const labels = multiAgentComponents(config).map((c) => c.label);
    const picks: string[] = [];
    let cursor = 0;
    for (let k = 0; k < 6; k++) {
      const p = pickBlamedComponent(config, cursor, material);
      picks.push(labels[p.index] as string);
      cursor = p.cursor;
    }
    expect(picks).toEqual([
      "coordinator.prompt",
      "worker:Expert.prompt",
      "worker:Writer.description",
      "coordinator.prompt",
      "worker:Expert.prompt",
      "worker:Writer.description",
    ]);
  });

  it("blames only the coordinator when every example is perfect", () => {
    expect(pickBlamedComponent(config, 3, [m(1, [0, 1])])).toEqual({ index: 0, cursor: 6 });
  });
});

describe("optimizeMultiAgent", () => {
  it("yields one result per iteration and improves the configuration one component at a time", async () => {
    const { options: o } = options();
    const { results, final } = await drive(optimizeMultiAgent(o));
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4]);
    expect(final.best.validationScore).toBeGreaterThan(results[0]?.validationScore ?? 1);
    expect(final.prompts).toEqual(results.slice(1).map((r) => r.config["master-agent"].prompt));
    const accepted = results.filter((x) => x.accepted && x.iteration > 0);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of accepted) {
      const parent = results.find((p) => p.candidateIteration === r.parent)?.config;
      const comp = multiAgentComponents(config).find((c) => c.label === r.component);
      if (!parent || !comp) throw new Error(`no parent or component for iteration ${r.iteration}`);
      // the named component changed and nothing else did
      expect(r.config).not.toEqual(parent);
      expect(withComponent(r.config, comp, "")).toEqual(withComponent(parent, comp, ""));
    }
  });

  it("shows the reflection the component in <current_prompt> and the whole trace", async () => {
    const { options: o, llm } = options({ iterations: 2 });
    await drive(optimizeMultiAgent(o));
    const reflections = llm.calls.filter((c) => c.purpose === "reflection");
    expect(reflections.length).toBeGreaterThan(0);
    const first = reflections[0]?.user ?? "";
    expect(tagBody(first, "current_prompt")).toBe("You coordinate.");
    expect(first).toContain('Coordinator "Coordinator" plan');
    expect(first).toContain('## Worker "Expert"');
    expect(first).toMatch(/<feedback>\nExample 1 \(score/);
    // round robin: the second proposal (if any) targets the next component
    const second = reflections[1]?.user;
    if (second) expect(tagBody(second, "current_prompt")).toBe("You know policies.");
  });

  it("resumes from a checkpoint exactly like the uninterrupted run", async () => {
    const full = await drive(optimizeMultiAgent(options().options));
    const checkpoint = JSON.parse(JSON.stringify(full.results[2]?.checkpoint));
    const resumed = await drive(
      optimizeMultiAgent({ ...options().options, resumeFrom: checkpoint }),
    );
    expect(resumed.results).toEqual(full.results.slice(3));
    expect(resumed.final).toEqual(full.final);
  });

  it("counts coordinator, workers and composer calls in its budget estimate", async () => {
    const { options: o, llm } = options({ iterations: 3, maxCalls: 200 });
    const { results, final } = await drive(optimizeMultiAgent(o));
    expect(llm.calls.length).toBeLessThanOrEqual(200);
    expect(results).toHaveLength(4);
    expect(final.budgetExhausted).toBe(true);
  });

  it("shows the reflection the multi-agent minibatch by default, fewer when asked", async () => {
    const examplesShown = async (overrides: Record<string, unknown>) => {
      const { llm, options: o } = options({ iterations: 1, ...overrides });
      await drive(optimizeMultiAgent(o));
      const first = llm.calls.find((c) => c.purpose === "reflection")?.user ?? "";
      return first.split("### Example ").length - 1;
    };
    // without the seed's survey the seed has answered nothing else: the minibatch alone
    const alone = { seedSurvey: false };
    expect(await examplesShown(alone)).toBe(MULTI_AGENT_DEFAULTS.minibatchSize);
    expect(await examplesShown({ ...alone, minibatchSize: 3 })).toBe(3);
    // with it (the default) the survey's failures follow the minibatch
    expect(await examplesShown({})).toBeGreaterThan(MULTI_AGENT_DEFAULTS.minibatchSize);
  });
});

describe("multi-agent presented score at a call budget", () => {
  /**
   * A port whose composer calls asked again with the same messages answer "No idea." once they
   * were asked `unspoiled` times: a later pass reads worse than the earlier ones.
   */
  function spoilingRepeats(inner: LlmPort, unspoiled = 1) {
    const seen = new Map<string, number>();
    const counts = { repeats: 0, asked: 0 };
    const port: LlmPort = {
      ...inner,
      async complete(request) {
        const key = JSON.stringify(request.messages);
        const before = seen.get(key) ?? 0;
        if (request.purpose === "composer") {
          seen.set(key, before + 1);
          if (before > 0) counts.asked++;
        }
        const repeat = request.purpose === "composer" && before >= unspoiled;
        if (!repeat) return inner.complete(request);
        counts.repeats++;
        const usage = { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 };
        return { text: "No idea.", usage };
      },
    };
    return { port, counts };
  }

  it("presents a fresh measurement of at least the part kept back, not the pick's own", async () => {
    const run = async (multiFreshPass: boolean, multiFreshPart?: number) => {
      // no re-scoring of the top candidates (which would also present a second measurement)
      const { options: o } = options({ seedSurvey: false, rescoreTop: 0 });
      const maxCalls = 400;
      const llm = spoilingRepeats(o.llm);
      const { results, final } = await drive(
        optimizeMultiAgent({ ...o, llm: llm.port, maxCalls, multiFreshPass, multiFreshPart }),
      );
      expect(final.usage.calls).toBeLessThanOrEqual(maxCalls);
      const searched = results.find(
        (r) => JSON.stringify(r.config) === JSON.stringify(final.best.config),
      )?.validationScore;
      const validation = results[0]?.validationScores.length ?? 0;
      return { presented: final.best.validationScore, searched, validation, ...llm.counts };
    };
    const on = await run(true);
    const off = await run(false);
    // the pick improved on the seed; without the pass it is presented with its own measurement
    expect(on.searched).toBeGreaterThan(0);
    expect(off.presented).toBe(off.searched);
    // with it, a quarter of the validation set or more is answered again (spoiled here) and
    // presented; with a half kept back (the default until session 55), half or more
    expect(on.repeats - off.repeats).toBeGreaterThanOrEqual(multiFreshExamples(on.validation));
    expect(on.presented).toBeLessThan(on.searched ?? 0);
    const half = await run(true, 2);
    expect(half.repeats - off.repeats).toBeGreaterThanOrEqual(Math.ceil(half.validation / 2));
    expect(half.presented).toBeLessThan(half.searched ?? 0);
  });

  it("presents a fresh pass when the top candidates' second measurement chose the pick", async () => {
    const { options: o } = options({ seedSurvey: false, rescoreTop: 2 });
    // a third answer to the same question reads worse: the re-scoring's second pass is sound,
    // a pass after it is spoiled
    const llm = spoilingRepeats(o.llm, 2);
    const maxCalls = 1500;
    const { results, final } = await drive(optimizeMultiAgent({ ...o, llm: llm.port, maxCalls }));
    expect(final.usage.calls).toBeLessThanOrEqual(maxCalls);
    const validation = results[0]?.validationScores.length ?? 0;
    const searched = results.find(
      (r) => JSON.stringify(r.config) === JSON.stringify(final.best.config),
    )?.validationScore;
    // two candidates answered the validation set again, and the pick the part kept back or more
    // a third time
    const part = multiFreshExamples(validation);
    expect(llm.counts.asked).toBeGreaterThanOrEqual(2 * validation + part);
    expect(llm.counts.repeats).toBeGreaterThanOrEqual(part);
    // the second measurement took part in the choice, so the presented score is the third
    expect(searched).toBeGreaterThan(0);
    expect(final.best.validationScore).toBeLessThan(searched ?? 0);
  });
});
