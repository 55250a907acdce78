import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { syntheticExamples } from "../testing/fake-llm";
import { acceptanceOrder, acceptOnMinibatch } from "./acceptance";
import type { ModeAdapter } from "./adapter";
import type { EvaluationContext } from "./evaluate";

/**
 * A context whose candidate is a map from example id to score: the reply is
 * the score as text, the scorer reads it back, and every answered example is
 * recorded so the test sees which examples cost a call.
 */
function scoredContext(answered: string[]): EvaluationContext<Record<string, number>> {
  const adapter = {
    mode: "single",
    run: async (_llm: unknown, c: Record<string, number>, example: DatasetExample) => {
      answered.push(example.id);
      return { reply: String(c[example.id] ?? 0), trace: "", consulted: [], depth: 1, calls: 1 };
    },
  } as unknown as ModeAdapter<Record<string, number>>;
  return {
    adapter,
    llm: {} as EvaluationContext<Record<string, number>>["llm"],
    scorer: async (_example, reply) => ({ score: Number(reply), feedback: "" }),
    scorerDepth: 0,
  };
}

describe("lazy minibatch acceptance", () => {
  const examples = syntheticExamples(4);
  const ids = examples.map((e) => e.id);
  const parent = [1, 0, 1, 0.5];

  it("orders the parent's imperfect examples before its perfect ones", () => {
    expect(acceptanceOrder(parent)).toEqual({ imperfect: [1, 3], perfect: [0, 2] });
  });

  it("rejects a proposal that gains nothing where the parent fell short, without answering the rest", async () => {
    const answered: string[] = [];
    const child = Object.fromEntries(ids.map((id, k) => [id, k === 1 ? 0.5 : 0]));
    const out = await acceptOnMinibatch(
      scoredContext(answered),
      child,
      examples,
      parent,
      new AbortController().signal,
    );
    expect(out.accepted).toBe(false);
    expect(out.evaluations).toBeNull();
    expect(answered.sort()).toEqual([ids[1], ids[3]].sort());
  });

  it("answers the whole minibatch once the proposal gained and decides on the full mean", async () => {
    const answered: string[] = [];
    // gains 1 on example 1 but loses both perfect examples: rejected, as a full evaluation would
    const loser = Object.fromEntries(ids.map((id, k) => [id, k === 1 ? 1 : k === 3 ? 0.5 : 0]));
    const lost = await acceptOnMinibatch(
      scoredContext(answered),
      loser,
      examples,
      parent,
      new AbortController().signal,
    );
    expect(answered).toHaveLength(4);
    expect(lost.accepted).toBe(false);
    expect(lost.gain).toBeCloseTo(-0.25, 10);

    const winner = Object.fromEntries(ids.map((id, k) => [id, k === 3 ? 0.5 : 1]));
    const won = await acceptOnMinibatch(
      scoredContext([]),
      winner,
      examples,
      parent,
      new AbortController().signal,
    );
    expect(won.accepted).toBe(true);
    expect(won.gain).toBeCloseTo(0.25, 10);
    expect(won.evaluations?.map((e) => e.score)).toEqual([1, 1, 1, 0.5]);
  });

  it("never answers anything extra when the parent was imperfect everywhere", async () => {
    const answered: string[] = [];
    const child = Object.fromEntries(ids.map((id) => [id, 0.5]));
    const out = await acceptOnMinibatch(
      scoredContext(answered),
      child,
      examples,
      [0, 0, 0, 0],
      new AbortController().signal,
    );
    expect(out.accepted).toBe(true);
    expect(answered).toHaveLength(4);
  });
});
