/**
 * The issue-22 mechanisms at work inside whole runs over the fake port:
 * removal edits drop a harmful line the reflection never removes, and the
 * temperature chosen by evidence finds a temperature the reflection never
 * proposes — both within the estimate's call cap — and is on by default
 * only where exact answers are scored.
 */
import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import type { LlmPort } from "../ports";
import { SYNTHETIC_RUBRIC_ITEMS, syntheticExamples } from "../testing/fake-llm";
import type { Prng } from "../util/prng";
import type { ModeAdapter } from "./adapter";
import { MECHANISM_DEFAULTS, mechanismSettings } from "./mechanisms";
import { singleAgentAdapter } from "./single";
import { temperatureProposal } from "./temperature-edit";
import { drive, singleEstimate, singleOptions } from "./test-helpers";
import type { SingleAgentOptions } from "./types";
import { EARLY_STOP_MIN_EXAMPLES } from "./validation";

const HARMFUL = "Always end every reply with a joke.";

/** A port whose assistant answers nothing useful to odd-numbered examples when `spoiled` says so. */
/**
 * The synthetic examples without their domains: the split is then the plain
 * hash order, which spreads the odd examples these scenarios spoil over both
 * halves of the validation set as the scenarios were written for.
 */
function unstratified(n: number) {
  return syntheticExamples(n).map(({ domain: _domain, ...e }) => e);
}

function spoiling(inner: LlmPort, spoiled: (system: string, temperature: number) => boolean) {
  const port: LlmPort = {
    ...inner,
    async complete(request) {
      const system = request.messages.find((m) => m.role === "system")?.content ?? "";
      const last = request.messages[request.messages.length - 1]?.content ?? "";
      // the same examples are spoiled on every call
      const odd = Number(/Question (\d+)/.exec(last)?.[1] ?? 0) % 2 === 1;
      if (request.purpose === "assistant" && odd && spoiled(system, request.temperature ?? 0))
        return {
          text: "No idea.",
          usage: { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 },
        };
      return inner.complete(request);
    },
  };
  return port;
}

/**
 * A port whose warm replies fail odd examples and whose answers at temperature 0 are as usual
 * the first time a question is asked, then spoiled: a pass at 0 after the first reads worse.
 */
function firstAtZero(inner: LlmPort) {
  const seen = new Set<number>();
  const calls = { atZero: 0 };
  const llm = spoiling(inner, (_, t) => t > 0.05);
  const port: LlmPort = {
    ...llm,
    async complete(request) {
      const last = request.messages[request.messages.length - 1]?.content ?? "";
      const n = Number(/Question (\d+)/.exec(last)?.[1] ?? 0);
      if (request.purpose === "assistant" && (request.temperature ?? 0) <= 0.05) {
        calls.atZero += 1;
        const first = !seen.has(n);
        seen.add(n);
        if (!first)
          return {
            text: "No idea.",
            usage: { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 },
          };
      }
      return llm.complete(request);
    },
  };
  return { port, calls };
}

async function finalPrompt(seed: number, removalEdits: boolean): Promise<string> {
  const { options } = singleOptions(
    // targeted minibatches (off by default) make every run here accept proposals, so the harmful line is
    // in every final prompt without removal edits: the scenario this test needs (with the
    // reflection shown 4 cached failures, the default when it was written)
    {
      seed,
      reflectionExtra: 4,
      iterations: 8,
      removalEdits,
      temperatureByEvidence: false,
      tuneTemperature: false,
      targetedMinibatch: true,
    },
    {
      // the reflection adds the missing items and, with them, a harmful rule it never removes
      reflect: (current, missing) => ({
        prompt: [
          ...new Set([
            ...current.split("\n"),
            ...missing.slice(0, 1).map((m) => `Always ${m}.`),
            HARMFUL,
          ]),
        ].join("\n"),
      }),
    },
  );
  const llm = spoiling(options.llm, (system) => system.includes(HARMFUL));
  const { optimizeSingleAgent } = await import("./single");
  const { final } = await drive(optimizeSingleAgent({ ...options, llm }));
  return final.best.config.prompt;
}

describe("removal edits", () => {
  it("drop a harmful line that the reflection keeps adding back", async () => {
    const seeds = [1, 2, 3, 4];
    const without = await Promise.all(seeds.map((s) => finalPrompt(s, false)));
    const withRemoval = await Promise.all(seeds.map((s) => finalPrompt(s, true)));
    const harmful = (ps: string[]) => ps.filter((p) => p.includes(HARMFUL)).length;
    expect(harmful(without)).toBe(seeds.length);
    expect(harmful(withRemoval)).toBeLessThan(seeds.length);
  });
});

describe("temperature chosen by evidence", () => {
  it.each([
    ["in halves (the default)", true],
    ["two whole probes", false],
  ])(
    "finds that temperature 0 answers better when the reflection never proposes it: %s",
    async (_, sequentialProbes) => {
      const probes = { temperatureByEvidence: true, temperatureEdits: false, sequentialProbes };
      const { options } = singleOptions({ seed: 2, iterations: 4, ...probes });
      const estimate = singleEstimate(options);
      const llm = spoiling(options.llm, (_, t) => t > 0.05);
      const { optimizeSingleAgent } = await import("./single");
      const on = await drive(optimizeSingleAgent({ ...options, llm, maxCalls: estimate.maxCalls }));
      expect(on.final.best.config.temperature).toBe(0);
      expect(on.final.usage.calls).toBeLessThanOrEqual(estimate.maxCalls);
      const off = await drive(
        optimizeSingleAgent({ ...options, llm, temperatureByEvidence: false }),
      );
      expect(off.final.best.config.temperature).toBeGreaterThan(0);
    },
  );

  it("in halves stops a judged probe that is clearly worse on the first half of the validation set", async () => {
    const halves = { temperatureByEvidence: true, sequentialProbes: true } as const;
    const dataset = {
      name: "synthetic",
      metric: "judge",
      examples: unstratified(60),
    } as const;
    const { options } = singleOptions({ seed: 2, iterations: 4, dataset, ...halves });
    const { validation } = splitDataset(options.dataset.name, options.dataset.examples);
    expect(validation.length).toBeGreaterThanOrEqual(EARLY_STOP_MIN_EXAMPLES);
    const spoiled = spoiling(options.llm, (_, t) => t < 0.05);
    let coldReplies = 0;
    const llm: LlmPort = {
      ...spoiled,
      complete(request) {
        if (request.purpose === "assistant" && (request.temperature ?? 0) < 0.05) coldReplies++;
        return spoiled.complete(request);
      },
    };
    const { optimizeSingleAgent } = await import("./single");
    const run = await drive(optimizeSingleAgent({ ...options, llm }));
    expect(run.final.best.config.temperature).toBeGreaterThan(0);
    // temperature 0 fails every odd example: it answers the first half and nothing more
    expect(coldReplies).toBe(Math.ceil(validation.length / 2));
    // two whole probes: temperature 0 answers the whole validation set
    coldReplies = 0;
    const whole = await drive(optimizeSingleAgent({ ...options, llm, sequentialProbes: false }));
    expect(whole.final.best.config.temperature).toBeGreaterThan(0);
    expect(coldReplies).toBe(validation.length);
  });
});

describe("the cold prior's probe answers the whole validation set (coldProbeWhole)", () => {
  it("takes temperature 0 when it is worse on the first half and better over the whole set", async () => {
    // the cold prior (ties to the lower temperature) with the probe in halves, in a judged run
    // whose prompt states every rubric item, so every unspoiled reply scores 1
    const prompt = SYNTHETIC_RUBRIC_ITEMS.map((item) => `Always ${item}.`).join(" ");
    const dataset = {
      name: "synthetic",
      metric: "judge",
      examples: unstratified(60),
    } as const;
    const cold = { temperatureByEvidence: true, temperatureTiesToLower: true } as const;
    const { options } = singleOptions({ seed: 2, iterations: 4, dataset, prompt, ...cold });
    const { validation } = splitDataset(options.dataset.name, options.dataset.examples);
    expect(validation.length).toBeGreaterThanOrEqual(EARLY_STOP_MIN_EXAMPLES);
    const half = Math.ceil(validation.length / 2);
    const numberOf = (e: (typeof validation)[number]) =>
      Number(/Question (\d+)/.exec(e.dialog[0]?.content ?? "")?.[1]);
    const firstHalf = new Set(validation.slice(0, half).map(numberOf));
    const secondHalf = new Set(validation.slice(half).map(numberOf));
    // at 0 a quarter of the validation set fails (odd examples of its first half), warm its
    // whole second half does: 0 looks clearly worse on the first half alone
    let coldReplies = 0; // replies at 0 to validation examples
    const inner = options.llm;
    const llm: LlmPort = {
      ...inner,
      async complete(request) {
        const last = request.messages[request.messages.length - 1]?.content ?? "";
        const n = Number(/Question (\d+)/.exec(last)?.[1] ?? -1);
        const isCold = (request.temperature ?? 0) < 0.05;
        if (request.purpose === "assistant" && isCold && (firstHalf.has(n) || secondHalf.has(n)))
          coldReplies++;
        const spoiled = isCold ? firstHalf.has(n) && n % 2 === 1 : secondHalf.has(n);
        if (request.purpose === "assistant" && spoiled)
          return {
            text: "No idea.",
            usage: { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 },
          };
        return inner.complete(request);
      },
    };
    const maxCalls = singleEstimate(options).maxCalls;
    const { optimizeSingleAgent } = await import("./single");
    const whole = await drive(optimizeSingleAgent({ ...options, llm, maxCalls }));
    expect(whole.final.best.config.temperature).toBe(0);
    // the probe's whole pass (and the fresh pass that presents its score, from calls left over)
    expect(coldReplies).toBeGreaterThanOrEqual(validation.length);
    expect(whole.final.usage.calls).toBeLessThanOrEqual(maxCalls);
    // stopped after the first half, the probe never sees the half where 0 is better
    coldReplies = 0;
    const stopped = await drive(
      optimizeSingleAgent({ ...options, llm, maxCalls, coldProbeWhole: false }),
    );
    expect(stopped.final.best.config.temperature).toBeGreaterThan(0);
    expect(coldReplies).toBe(half);
  });
});

describe("temperature chosen by evidence by metric", () => {
  /** Replies at temperature 0 in a run on `metric` (the fake reflection never proposes 0). */
  async function coldReplies(metric: "judge" | "exact", overrides: Partial<SingleAgentOptions>) {
    const dataset = { name: "synthetic", metric, examples: syntheticExamples(30) } as const;
    const { options } = singleOptions({ seed: 2, iterations: 4, dataset, ...overrides });
    let cold = 0;
    const inner = options.llm;
    const llm: LlmPort = {
      ...inner,
      complete(request) {
        if (request.purpose === "assistant" && (request.temperature ?? 0) < 0.05) cold++;
        return inner.complete(request);
      },
    };
    const maxCalls = singleEstimate(options).maxCalls;
    const { optimizeSingleAgent } = await import("./single");
    const { final } = await drive(optimizeSingleAgent({ ...options, llm, maxCalls }));
    expect(final.usage.calls).toBeLessThanOrEqual(maxCalls);
    return cold;
  }

  it("probes by default where exact answers are scored, not in a judged run unless asked", async () => {
    expect(await coldReplies("exact", {})).toBeGreaterThan(0);
    expect(await coldReplies("judge", {})).toBe(0);
    expect(await coldReplies("judge", { temperatureByEvidence: true })).toBeGreaterThan(0);
    expect(await coldReplies("exact", { temperatureByEvidence: false })).toBe(0);
  });
});

/**
 * Runs `options` at the estimate's call cap over `port` (the options' own by default) and
 * counts the assistant's replies at each temperature: where the end's probes answered.
 */
async function atEstimateCap(options: SingleAgentOptions, port: LlmPort = options.llm) {
  const at = new Map<number, number>();
  const llm: LlmPort = {
    ...port,
    complete(request) {
      if (request.purpose === "assistant") {
        const t = Math.round((request.temperature ?? 0) * 100) / 100;
        at.set(t, (at.get(t) ?? 0) + 1);
      }
      return port.complete(request);
    },
  };
  const maxCalls = singleEstimate(options).maxCalls;
  const { optimizeSingleAgent } = await import("./single");
  const { final } = await drive(optimizeSingleAgent({ ...options, llm, maxCalls }));
  expect(final.usage.calls).toBeLessThanOrEqual(maxCalls);
  return { at, final };
}

describe("the judge's probe at the centre of the range (centreProbe)", () => {
  /** Replies at each temperature and the final result of a run. */
  async function replies(metric: "judge" | "exact", overrides: Partial<SingleAgentOptions>) {
    const dataset = { name: "synthetic", metric, examples: syntheticExamples(30) } as const;
    const { options } = singleOptions({ seed: 2, iterations: 4, dataset, ...overrides });
    return atEstimateCap(options);
  }

  it("probes 0.5 by default in a judged run that starts at an end of the range, and changes nothing else", async () => {
    // starting at 1: the probe measures the pick at 0.5 (the fake reflection moves by ±0.2 at most)
    const off = await replies("judge", { temperature: 1, centreProbe: false });
    const on = await replies("judge", { temperature: 1 });
    expect(off.at.get(0.5) ?? 0).toBe(0);
    expect(on.at.get(0.5) ?? 0).toBeGreaterThanOrEqual(10);
    expect(on.at.get(0) ?? 0).toBe(0);
    // starting in the middle part of the range, or scored by exact answers: the same run
    for (const [metric, temperature] of [
      ["judge", 0.7],
      ["exact", 1],
    ] as const) {
      const a = await replies(metric, { temperature, centreProbe: false });
      const b = await replies(metric, { temperature });
      expect(b.final.usage.calls).toBe(a.final.usage.calls);
      expect(b.final.best.config).toEqual(a.final.best.config);
      expect([...b.at]).toEqual([...a.at]);
    }
  });
});

describe("the judge's probe at the centre after a drift to an end (centreProbeOnDrift)", () => {
  /**
   * A judged run that starts at 0.6, whose reflection adds the missing rubric items and moves
   * the temperature to 0.9, where warm replies (above 0.8) fail the odd examples: its pick
   * drifts to an end of the range. Returns the replies at 0.5, the run and its cap.
   */
  async function drifted(overrides: Partial<SingleAgentOptions>) {
    const { options } = singleOptions(
      { seed: 3, iterations: 4, temperature: 0.6, ...overrides },
      {
        reflect: (current, missing) => ({
          prompt: [
            ...new Set([...current.split("\n"), ...missing.slice(0, 2).map((m) => `Always ${m}.`)]),
          ].join("\n"),
          temperature: 0.9,
        }),
      },
    );
    // the product's cap: the search grows its minibatches into every call not kept back
    const { at, final } = await atEstimateCap(
      options,
      spoiling(options.llm, (_, t) => t > 0.8),
    );
    return { atCentre: at.get(0.5) ?? 0, final };
  }

  it("measures a drifted pick at 0.5 within the product's cap, the pass kept back by the search", async () => {
    const off = await drifted({ centreProbeOnDrift: false });
    const on = await drifted({});
    // without it the search spends the calls and the pick stays where the reflection took it
    expect(off.atCentre).toBe(0);
    expect(off.final.best.config.temperature).toBeCloseTo(0.9, 10);
    expect(on.atCentre).toBeGreaterThanOrEqual(EARLY_STOP_MIN_EXAMPLES / 2);
    // 0.5 answers the odd examples that 0.9 fails: the probe wins and is presented
    expect(on.final.best.config.temperature).toBeCloseTo(0.5, 10);
  });

  it("leaves a run that stays in the middle, is scored by exact answers or starts at an end as it was", async () => {
    for (const overrides of [
      // the reflection keeps the starting temperature: no leader ever lies at an end
      { temperature: 0.6, tuneTemperature: false },
      { dataset: { name: "synthetic", metric: "exact", examples: syntheticExamples(30) } },
      { temperature: 1, centreProbe: false },
    ] as Array<Partial<SingleAgentOptions>>) {
      const a = await drifted({ ...overrides, centreProbeOnDrift: false });
      const b = await drifted(overrides);
      expect(b.final.usage.calls).toBe(a.final.usage.calls);
      expect(b.atCentre).toBe(a.atCentre);
      expect(b.final.best.config).toEqual(a.final.best.config);
    }
  });
});

describe("temperature ties by metric", () => {
  /** A port whose assistant fails one validation example at temperature 0 and answers it warm. */
  function colderMissesOne(inner: LlmPort, question: string): LlmPort {
    return {
      ...inner,
      async complete(request) {
        const last = request.messages[request.messages.length - 1]?.content ?? "";
        if (
          request.purpose === "assistant" &&
          (request.temperature ?? 0) < 0.05 &&
          last.startsWith(`${question}:`)
        )
          return {
            text: "No idea.",
            usage: { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 },
          };
        return inner.complete(request);
      },
    };
  }

  it("a judged run keeps the warmer temperature a probe at 0 scores a little lower; a tie band gives it to 0", async () => {
    const probes = { temperatureByEvidence: true, temperatureEdits: false };
    // a prompt that states every rubric item: every warm reply scores 1
    const prompt = SYNTHETIC_RUBRIC_ITEMS.map((item) => `Always ${item}.`).join(" ");
    const { options } = singleOptions({ seed: 2, iterations: 2, prompt, ...probes });
    const { validation } = splitDataset(options.dataset.name, options.dataset.examples);
    const question = (validation[0]?.dialog[0]?.content ?? "").split(":")[0] ?? "";
    const llm = colderMissesOne(options.llm, question);
    const { optimizeSingleAgent } = await import("./single");
    const judged = await drive(optimizeSingleAgent({ ...options, llm }));
    expect(judged.final.best.config.temperature).toBeGreaterThan(0);
    const banded = await drive(
      optimizeSingleAgent({ ...options, llm, temperatureTiesToLower: true }),
    );
    expect(banded.final.best.config.temperature).toBe(0);
  });
});

describe("the probe's pass held back by metric", () => {
  /** Calls the search spent (the last iteration's running total) and the whole run's. */
  async function calls(overrides: Partial<SingleAgentOptions>, extraCalls = 0) {
    // the seed's survey off: these runs compare how the search spends the probe's pass
    const probes = {
      temperatureByEvidence: true,
      temperatureEdits: false,
      iterations: 4,
      seed: 3,
      seedSurvey: false,
    };
    const { options } = singleOptions({ ...probes, ...overrides });
    const maxCalls = singleEstimate(options).maxCalls + extraCalls;
    const { optimizeSingleAgent } = await import("./single");
    const { results, final } = await drive(optimizeSingleAgent({ ...options, maxCalls }));
    const search = results[results.length - 1]?.totalUsage.calls ?? 0;
    return { search, total: final.usage.calls, maxCalls };
  }

  it("a judged run may spend half of the probe's pass on its search, within the cap", async () => {
    const spentMore: boolean[] = [];
    for (const extra of [0, 10, 20, 30]) {
      const judged = await calls({}, extra);
      const heldBack = await calls({ probeHeldBack: true }, extra);
      expect(judged.search).toBeGreaterThanOrEqual(heldBack.search);
      expect(judged.total).toBeLessThanOrEqual(judged.maxCalls);
      expect(heldBack.total).toBeLessThanOrEqual(heldBack.maxCalls);
      spentMore.push(judged.search > heldBack.search);
    }
    expect(spentMore).toContain(true);
  });

  it("a run scored by exact answers holds the whole pass back by default", async () => {
    const dataset = {
      name: "synthetic",
      metric: "exact",
      examples: syntheticExamples(30),
    } as const;
    const exact = await calls({ dataset });
    const heldBack = await calls({ dataset, probeHeldBack: true });
    const spent = await calls({ dataset, probeHeldBack: false });
    expect(exact).toEqual(heldBack);
    expect(spent.search).toBeGreaterThan(exact.search);
  });
});

describe("temperature edits", () => {
  it("find that temperature 0 answers better inside the search, within the estimate", async () => {
    // the seed's survey off: the six iterations' calls go to the proposals this test counts
    const edits = {
      temperatureEdits: true,
      temperatureByEvidence: false,
      seedSurvey: false,
    } as const;
    const { options } = singleOptions({ seed: 2, iterations: 6, ...edits });
    const estimate = singleEstimate(options);
    const llm = spoiling(options.llm, (_, t) => t > 0.05);
    const { optimizeSingleAgent } = await import("./single");
    const on = await drive(optimizeSingleAgent({ ...options, llm, maxCalls: estimate.maxCalls }));
    // an iteration's candidate is the parent's prompt at temperature 0, accepted on the evidence
    const edit = on.results.find((r) => r.accepted && r.config.temperature === 0);
    expect(edit).toBeDefined();
    expect(on.final.best.config.temperature).toBe(0);
    expect(on.final.usage.calls).toBeLessThanOrEqual(estimate.maxCalls);
    const off = await drive(optimizeSingleAgent({ ...options, llm, temperatureEdits: false }));
    expect(off.final.best.config.temperature).toBeGreaterThan(0);
  });

  it("are not drawn for a parent already scored at every probe temperature", () => {
    const adapter = {
      key: (c: { t: number }) => String(c.t),
      temperatureOf: (c: { t: number }) => c.t,
      withTemperature: (_: { t: number }, t: number) => ({ t }),
    } as unknown as ModeAdapter<{ t: number }>;
    const rng = { next: () => 0, int: () => 0 } as unknown as Prng;
    expect(
      temperatureProposal(adapter, true, { t: 0.7 }, 0.7, new Set(["0.7"]), rng)?.config,
    ).toEqual({ t: 0 });
    expect(
      temperatureProposal(adapter, true, { t: 0.7 }, 0.7, new Set(["0.7", "0"]), rng),
    ).toBeNull();
    expect(
      temperatureProposal(adapter, true, { t: 0.4 }, 0.7, new Set(["0.4", "0"]), rng)?.config,
    ).toEqual({ t: 0.7 });
    expect(temperatureProposal(adapter, false, { t: 0.7 }, 0.7, new Set(), rng)).toBeNull();
  });
});

describe("fresh pass for the presented score", () => {
  it("presents a validation pass of the chosen temperature that the choice did not use", async () => {
    const { options } = singleOptions({
      seed: 2,
      iterations: 4,
      temperatureByEvidence: true,
      temperatureEdits: false,
      // without the seed's survey the four iterations leave calls for the fresh pass
      seedSurvey: false,
    });
    const { optimizeSingleAgent } = await import("./single");
    const a = firstAtZero(options.llm);
    const on = await drive(optimizeSingleAgent({ ...options, llm: a.port }));
    const b = firstAtZero(options.llm);
    const off = await drive(
      optimizeSingleAgent({ ...options, llm: b.port, freshPresentedScore: false }),
    );
    expect(on.final.best.config.temperature).toBe(0);
    expect(off.final.best.config.temperature).toBe(0);
    // one more validation pass at the chosen temperature, and its (spoiled) score is presented
    expect(a.calls.atZero - b.calls.atZero).toBe(on.results[0]?.validationScores.length);
    expect(off.final.best.validationScore).toBeGreaterThan(0);
    expect(on.final.best.validationScore).toBe(0);
  });
});

describe("the probe's fresh half pass (probeFreshPass)", () => {
  it("presents a pass after the probe that neither the probe nor the pick used, within the estimate", async () => {
    // exact answers: the cold prior, its probe in halves and its pass held back; warm replies
    // fail odd examples, so 0 wins
    const dataset = {
      name: "synthetic",
      metric: "exact",
      examples: syntheticExamples(60),
    } as const;
    const { options } = singleOptions({ seed: 2, iterations: 4, dataset });
    const estimate = singleEstimate(options).maxCalls;
    const { optimizeSingleAgent } = await import("./single");
    const run = async (maxCalls: number, probeFreshPass: boolean) => {
      const spoiled = firstAtZero(options.llm);
      const { results, final } = await drive(
        optimizeSingleAgent({ ...options, llm: spoiled.port, maxCalls, probeFreshPass }),
      );
      expect(final.usage.calls).toBeLessThanOrEqual(maxCalls);
      expect(final.best.config.temperature).toBe(0);
      const validation = results[0]?.validationScores.length ?? 0;
      return {
        final,
        half: Math.ceil(validation / 2),
        // the probe at 0 answered the whole set; a fresh pass answers at least half of it again
        fresh: spoiled.calls.atZero >= validation + Math.ceil(validation / 2),
        search: results[results.length - 1]?.totalUsage.calls ?? 0,
      };
    };
    const spent = (await run(estimate, true)).final.usage.calls;
    let keptBack = 0;
    // from what the run spends at the estimate down to caps that bind its search
    for (let maxCalls = spent; maxCalls >= spent - 40; maxCalls -= 4) {
      const on = await run(maxCalls, true);
      const off = await run(maxCalls, false);
      // after the probe the presented score is a pass no choice used (spoiled here)
      expect(on.fresh).toBe(true);
      expect(on.final.best.validationScore).toBe(0);
      // the search leaves it half a pass
      expect(on.search).toBeLessThanOrEqual(off.search);
      if (off.search - on.search >= on.half) keptBack++;
    }
    expect(keptBack).toBeGreaterThan(0);
  });
});

describe("the instruction-level merge's default", () => {
  it("is off, and a run's fingerprint names it only when on, so checkpoints from before resume", () => {
    const { options } = singleOptions();
    const fingerprintOf = (instructionMerge?: boolean) =>
      mechanismSettings(
        singleAgentAdapter({
          model: "m",
          reflectionModel: "r",
          tuneTemperature: true,
          instructionMerge: instructionMerge ?? MECHANISM_DEFAULTS.instructionMerge,
        }),
        options,
        { size: 20, perRun: 2 },
      ).fingerprint;
    // a run on the defaults records nothing of the merge, as runs with it on did before its
    // default changed: their checkpoints carry the same fingerprint and resume
    expect(fingerprintOf()).not.toHaveProperty("instructionMerge");
    expect(fingerprintOf(false)).toEqual(fingerprintOf());
    expect(fingerprintOf(true)).toMatchObject({ instructionMerge: true });
  });
});
