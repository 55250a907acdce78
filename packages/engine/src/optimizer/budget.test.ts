import { describe, expect, it } from "vitest";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import {
  adaptiveMinibatchSize,
  affordableRescores,
  iterationShare,
  MINIBATCH_GROWTH,
  mayPropose,
  observedCallsPerReply,
} from "./budget";
import { optimizeMultiAgent } from "./multi";
import { drive, singleOptions } from "./test-helpers";

describe("budget pacing", () => {
  it("divides what is left after the reserves evenly over the iterations left", () => {
    expect(iterationShare(300, 60, 1, 10)).toBe(24);
    expect(iterationShare(300, 60, 10, 10)).toBe(240);
    expect(iterationShare(50, 60, 3, 10)).toBe(0);
  });

  it("gates a proposal on its expected cost, then on the iteration's share and the cap", () => {
    const base = {
      spentThisIteration: 0,
      share: 30,
      reserved: 20,
      minibatchCost: 7,
      validationCost: 20,
      cap: 12,
    };
    expect(mayPropose({ ...base, proposalsSoFar: 0, remaining: 46 })).toBe("budget");
    expect(mayPropose({ ...base, proposalsSoFar: 0, remaining: 47 })).toBe("yes");
    // the first proposal of an iteration may overdraw the share; later ones may not
    expect(mayPropose({ ...base, proposalsSoFar: 1, remaining: 200, spentThisIteration: 24 })).toBe(
      "share",
    );
    expect(mayPropose({ ...base, proposalsSoFar: 1, remaining: 200, spentThisIteration: 23 })).toBe(
      "yes",
    );
    expect(mayPropose({ ...base, proposalsSoFar: 12, remaining: 999 })).toBe("share");
    // an iteration that used its proposals ends there; the budget did not run out (the last
    // iteration of a CLI run read "call budget reached" with a third of --max-calls unspent)
    expect(mayPropose({ ...base, proposalsSoFar: 12, remaining: 46 })).toBe("share");
  });

  it("estimates the calls per reply from what the run observed", () => {
    expect(observedCallsPerReply({ replies: 0, calls: 0 }, 4)).toBe(4);
    expect(observedCallsPerReply({ replies: 10, calls: 30 }, 4)).toBe(3);
  });

  it("grows the minibatch with the share, between the configured size and its multiple", () => {
    expect(adaptiveMinibatchSize(3, Number.POSITIVE_INFINITY, 20, 1)).toBe(3);
    expect(adaptiveMinibatchSize(3, 25, 20, 1)).toBe(3);
    expect(adaptiveMinibatchSize(3, 33, 20, 1)).toBe(6);
    expect(adaptiveMinibatchSize(3, 500, 20, 1)).toBe(3 * MINIBATCH_GROWTH);
  });

  it("re-scores only as many top candidates as the calls left after the held-out reserve pay for", () => {
    expect(affordableRescores(2, 50, 0, 20)).toBe(2);
    expect(affordableRescores(2, 50, 20, 20)).toBe(1);
    expect(affordableRescores(2, 30, 20, 20)).toBe(0);
    expect(affordableRescores(0, 1000, 0, 20)).toBe(0);
  });
});

describe("budget-aware runs", () => {
  for (const maxCalls of [70, 120, 200, 400]) {
    it(`never exceeds ${maxCalls} calls and yields exactly N+1 results`, async () => {
      const { run, llm } = singleOptions({ iterations: 6, maxCalls });
      const { results, final } = await drive(run());
      expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(llm.calls.length).toBeLessThanOrEqual(maxCalls);
      expect(final.usage.calls).toBe(llm.calls.length);
      expect(final.testScore).not.toBeNull();
    });
  }

  it("spends a generous budget on more proposals per iteration than the default cap", async () => {
    // reflection that never helps: every proposal is rejected, so only the budget stops an iteration
    const reflect = () => ({ prompt: "Say nothing." });
    const small = singleOptions({ iterations: 2, proposalsPerIteration: 1 }, { reflect });
    const paced = singleOptions(
      { iterations: 2, proposalsPerIteration: 1, maxCalls: 400 },
      { reflect },
    );
    const a = await drive(small.run());
    const b = await drive(paced.run());
    expect(a.results.slice(1).map((r) => r.proposals)).toEqual([1, 1]);
    expect(Math.max(...b.results.slice(1).map((r) => r.proposals))).toBeGreaterThan(1);
    expect(b.final.usage.calls).toBeLessThanOrEqual(400);
  });

  it("keeps a multi-agent run under its cap with N results after iteration 0", async () => {
    const llm = createFakeLlm();
    const worker = (name: string) => ({
      name,
      prompt: `You are ${name}.`,
      description: `${name} helper`,
      model_name: "assistant-model",
      temperature: 0.5,
    });
    const { results } = await drive(
      optimizeMultiAgent({
        llm,
        models: { judge: "judge-model", reflection: "reflection-model" },
        dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(30) },
        seed: 7,
        iterations: 4,
        maxCalls: 260,
        config: {
          "master-agent": worker("Coordinator"),
          "worker-agents": [worker("Expert"), worker("Writer")],
        },
      }),
    );
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4]);
    expect(llm.calls.length).toBeLessThanOrEqual(260);
  });
});
