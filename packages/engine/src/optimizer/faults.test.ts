/**
 * Provider faults in the optimiser (issue 21, item 4): a call that fails
 * after the port's retries leaves one example unscored, never scored 0;
 * comparisons use the examples both candidates have scored; a sustained
 * outage stops the run with ProviderOutageError and the run resumes from its
 * checkpoint exactly like an uninterrupted one.
 */
import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { acceptOnMinibatch } from "./acceptance";
import type { ModeAdapter } from "./adapter";
import { type EvaluationContext, evaluateCandidate, meanScore, pairedMeans } from "./evaluate";
import { compareHeldOut } from "./held-out";
import { optimizeMultiAgent } from "./multi";
import { OutageDetector, ProviderOutageError } from "./outage";
import { bestByScores, paretoFrontier } from "./pareto";
import { optimizeSingleAgent } from "./single";
import { drive, singleOptions, TWO_WORKER_CONFIG } from "./test-helpers";
import { isHopeless } from "./validation";

/** What the gateway throws for a call that failed after its retries (a 502 / 504). */
const providerFailure = () =>
  Object.assign(new Error("The LLM provider failed (HTTP 500) after 3 attempts."), {
    transientLlmFailure: true,
  });

/**
 * A context whose candidate maps example id to score; `fails` decides, per
 * example id and attempt number, whether the reply call fails transiently.
 */
function context(fails: (id: string, attempt: number) => boolean) {
  const attempts = new Map<string, number>();
  const adapter = {
    mode: "single",
    run: async (_llm: unknown, c: Record<string, number>, example: DatasetExample) => {
      const n = (attempts.get(example.id) ?? 0) + 1;
      attempts.set(example.id, n);
      if (fails(example.id, n)) throw providerFailure();
      return { reply: String(c[example.id] ?? 0), trace: "", consulted: [], depth: 1, calls: 1 };
    },
  } as unknown as ModeAdapter<Record<string, number>>;
  const ctx: EvaluationContext<Record<string, number>> = {
    adapter,
    llm: {} as EvaluationContext<Record<string, number>>["llm"],
    scorer: async (_example, reply) => ({ score: Number(reply), feedback: "" }),
    scorerDepth: 0,
  };
  return { ctx, attempts };
}

const examples = syntheticExamples(4);
const ids = examples.map((e) => e.id);
const all = (score: number) => Object.fromEntries(ids.map((id) => [id, score]));
const signal = new AbortController().signal;

describe("evaluating with failed calls", () => {
  it("scores later an example whose call failed once", async () => {
    const { ctx, attempts } = context((id, n) => id === ids[1] && n === 1);
    const stage = await evaluateCandidate(ctx, all(0.5), examples, signal);
    expect(stage.evaluations.map((e) => e.score)).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(attempts.get(ids[1] as string)).toBe(2);
  });

  it("leaves an example unscored (NaN, not 0) when it fails again, and the stage goes on", async () => {
    const { ctx } = context((id) => id === ids[2]);
    const stage = await evaluateCandidate(ctx, all(0.5), examples, signal);
    const scores = stage.evaluations.map((e) => e.score);
    expect(scores.slice(0, 2)).toEqual([0.5, 0.5]);
    expect(scores[2]).toBeNaN();
    expect(meanScore(scores)).toBe(0.5);
  });

  it("takes the provider to be down when not one example can be scored", async () => {
    const { ctx } = context(() => true);
    await expect(evaluateCandidate(ctx, all(1), examples, signal)).rejects.toBeInstanceOf(
      ProviderOutageError,
    );
  });

  it("still fails at once on an error that is not a provider failure", async () => {
    const { ctx } = context(() => false);
    ctx.scorer = async () => {
      throw new Error("bad regex");
    };
    await expect(evaluateCandidate(ctx, all(1), examples, signal)).rejects.toThrow("bad regex");
  });
});

describe("comparisons on the examples both candidates have scored", () => {
  const N = Number.NaN;

  it("pairs means and excludes unscored examples instead of counting them as 0", () => {
    expect(pairedMeans([1, N, 0.5], [0.5, 0, 0.5])).toEqual({ a: 0.75, b: 0.5, n: 2 });
    expect(pairedMeans([N], [1]).n).toBe(0);
    expect(meanScore([1, N, 0])).toBe(0.5);
  });

  it("picks the best candidate on shared examples", () => {
    // Counting the NaN as 0 would make candidate 1 look worse (0.5 < 0.6).
    expect(
      bestByScores([
        [0.6, 0.6],
        [1, N],
      ]),
    ).toBe(1);
    expect(
      bestByScores([
        [1, 1],
        [N, N],
      ]),
    ).toBe(0);
  });

  it("keeps a candidate off the front of an example it was not scored on", () => {
    expect(
      paretoFrontier([
        [1, 0.5],
        [N, 1],
      ]),
    ).toEqual([
      { candidate: 0, wins: 1 },
      { candidate: 1, wins: 1 },
    ]);
    expect(
      paretoFrontier([
        [0.5, 0.5],
        [N, 0.5],
      ]).map((f) => f.candidate),
    ).toEqual([0]);
  });

  it("stops early only on paired evidence", () => {
    // Paired on the scored example the child is as good as the parent.
    expect(isHopeless([N, 1], [1, 1])).toBe(false);
    expect(isHopeless([0, 0], [1, 1])).toBe(true);
    expect(isHopeless([N, N], [1, 1])).toBe(false);
  });

  it("compares held-out scores on the test examples both were scored on", () => {
    const heldOut = compareHeldOut([0.5, N, 0.5, 0], [1, 1, N, 0.5], 1);
    expect(heldOut).toMatchObject({ examples: 2, initialScore: 0.25, finalScore: 0.75 });
    expect(compareHeldOut([N], [1], 1)).toBeNull();
  });

  it("accepts on the minibatch only by the examples both have scored", async () => {
    // The parent's NaN example is ignored; the child gains on example 1.
    const { ctx } = context(() => false);
    const child = { ...all(0.5), [ids[1] as string]: 1 };
    const outcome = await acceptOnMinibatch(ctx, child, examples, [N, 0.5, 0.5, 0.5], signal);
    expect(outcome.accepted).toBe(true);
    expect(outcome.gain).toBeCloseTo(1 / 6, 9);
    // A child whose only gain is on an example it could not be scored on is not accepted.
    const failing = context((id) => id === ids[0]);
    const rejected = await acceptOnMinibatch(
      failing.ctx,
      all(0.5),
      examples,
      [0, 0.5, 0.5, 0.5],
      signal,
    );
    expect(rejected.accepted).toBe(false);
  });
});

describe("the outage window", () => {
  it("declares an outage only when most recent calls failed", () => {
    const detector = new OutageDetector({ window: 10, minCalls: 4, failureShare: 0.5 });
    for (let i = 0; i < 20; i++) expect(detector.record(i % 5 !== 0)).toBeNull(); // 20 % failed
    expect(detector.record(false)).toBeNull();
    expect(detector.record(false)).toBeNull();
    expect(detector.record(false)).toBeNull();
    expect(detector.record(false)).toBeNull();
    const outage = detector.record(false);
    expect(outage).toBeInstanceOf(ProviderOutageError);
    expect(outage?.message).toMatch(/failed 6 of the last 10 calls/);
  });
});

describe("runs under provider faults (fake port)", () => {
  it("completes when 5 % of calls fail after retries, with finite scores, and no example counted as 0", async () => {
    const clean = await drive(singleOptions({ iterations: 4, seed: 3 }).run());
    let n = 0;
    const faulty = await drive(
      singleOptions(
        { iterations: 4, seed: 3 },
        {
          beforeCall: () => {
            if (n++ % 20 === 7) throw providerFailure();
          },
        },
      ).run(),
    );
    expect(faulty.results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4]);
    for (const r of faulty.results) expect(Number.isFinite(r.validationScore)).toBe(true);
    expect(faulty.final.testScore).not.toBeNull();
    // The seed prompt is scored on the same examples: its score cannot depend on the faults.
    expect(faulty.results[0]?.validationScore).toBe(clean.results[0]?.validationScore);
    expect(faulty.final.best.validationScore).toBeGreaterThan(
      clean.results[0]?.validationScore ?? 1,
    );
  });

  it("leaves an example that is never scored out of the evidence instead of a row without a score", async () => {
    // the evidence of an unscored example once reached the server as a NaN score and failed the run
    const never = splitDataset("synthetic", syntheticExamples(30)).validation[0] as DatasetExample;
    const question = never.dialog.at(-1)?.content ?? "";
    const { results, final } = await drive(
      singleOptions(
        { iterations: 2, seed: 3 },
        {
          beforeCall: (call) => {
            if (call.purpose === "assistant" && call.user.includes(question))
              throw providerFailure();
          },
        },
      ).run(),
    );
    const rows = [...results.flatMap((r) => r.evidence), ...final.testEvidence].flatMap(
      (c) => c.examples,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number.isFinite(row.score)).toBe(true);
    expect(rows.some((row) => row.exampleId === never.id)).toBe(false);
  });

  it("completes a multi-agent run when coordinator, worker and judge calls fail now and then", async () => {
    const config = TWO_WORKER_CONFIG;
    let n = 0;
    const llm = createFakeLlm({
      beforeCall: () => {
        if (n++ % 25 === 11) throw providerFailure();
      },
    });
    const run = await drive(
      optimizeMultiAgent({
        llm,
        models: { judge: "judge", reflection: "reflection" },
        dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(20) },
        config,
        iterations: 2,
        seed: 5,
      }),
    );
    expect(run.results.map((r) => r.iteration)).toEqual([0, 1, 2]);
    for (const r of run.results) expect(Number.isFinite(r.validationScore)).toBe(true);
    expect(run.final.heldOut?.examples).toBeGreaterThan(0);
  });

  it("goes on when every reflection answer is malformed: the provider is up, so no outage is declared", async () => {
    const malformed = () =>
      Object.assign(new Error("The model did not return the expected structured output."), {
        transientLlmFailure: true,
        malformedLlmAnswer: true,
      });
    const run = await drive(
      singleOptions(
        { iterations: 3, seed: 4 },
        {
          beforeCall: (call) => {
            if (call.purpose === "reflection") throw malformed();
          },
        },
      ).run(),
    );
    expect(run.results.map((r) => r.iteration)).toEqual([0, 1, 2, 3]);
    expect(run.final.best.iteration).toBe(0);
  });

  it("stops with ProviderOutageError in an outage and resumes from the checkpoint like an uninterrupted run", async () => {
    const full = await drive(singleOptions({ iterations: 4, seed: 9 }).run());
    const outageFrom = (full.results[2]?.totalUsage.calls ?? 0) + 3;
    let n = 0;
    const results: typeof full.results = [];
    const run = singleOptions(
      { iterations: 4, seed: 9 },
      {
        beforeCall: () => {
          if (n++ >= outageFrom) throw providerFailure();
        },
      },
    ).run();
    const error = await (async () => {
      for (;;) {
        const step = await run.next();
        if (step.done) return null;
        results.push(step.value);
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderOutageError);
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2]);
    const checkpoint = JSON.parse(JSON.stringify(results.at(-1)?.checkpoint));
    const { options } = singleOptions({ iterations: 4, seed: 9 });
    const resumed = await drive(optimizeSingleAgent({ ...options, resumeFrom: checkpoint }));
    expect(resumed.results).toEqual(full.results.slice(3));
    expect(resumed.final).toEqual(full.final);
  });
});
