import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { emptyUsage, type LlmPort } from "../ports";
import { Prng } from "../util/prng";
import { contentWords } from "./anchors";
import {
  conditionOf,
  drawGenericPruning,
  drawRemoval,
  drawUnanchoredPruning,
  instructionsOf,
  mergeInstructions,
  withoutConflictingAdditions,
  withoutInstruction,
} from "./instructions";
import { mergePair } from "./merge";
import { applyJointEdits } from "./multi";
import { singleAgentAdapter } from "./single";

/**
 * What 30 draws (Prng seeds 1–30) of a pruning drop: each instruction removed with whether it
 * was the seed's, sorted, and how many draws found nothing to prune.
 */
function drawsOf(parent: string, proposal: string, seed?: string) {
  const drawn = new Map<string, boolean>();
  let none = 0;
  for (let n = 1; n <= 30; n++) {
    const r = drawGenericPruning(parent, proposal, new Prng(n), { seed });
    if (r) drawn.set(r.removed, r.fromSeed);
    else none++;
  }
  return { drawn: [...drawn].sort(), none };
}

describe("instructions of a prompt", () => {
  it("splits sentences and lines and keeps the layout when one is removed", () => {
    const prompt = "You tutor algebra. Show each step!\n- End with x = value\nBe brief.";
    expect(instructionsOf(prompt)).toEqual([
      "You tutor algebra.",
      "Show each step!",
      "- End with x = value",
      "Be brief.",
    ]);
    // the list item keeps a line of its own when the sentence before it goes
    expect(withoutInstruction(prompt, 1)).toBe(
      "You tutor algebra.\n- End with x = value\nBe brief.",
    );
    expect(withoutInstruction(prompt, 3)).toBe(
      "You tutor algebra. Show each step!\n- End with x = value",
    );
    expect(instructionsOf("Version 2.5 is out. Use it.")).toEqual([
      "Version 2.5 is out.",
      "Use it.",
    ]);
  });

  it("an abbreviation's full stop does not end an instruction, a sentence's does", () => {
    expect(
      instructionsOf(
        "Quote the claim code, e.g. KX-1234. Ask Dr. Lee to approve refunds, i.e. the lead. " +
          "Reply in U.S. English. List parts, labels, etc. when asked. List the parts, etc. Be brief.",
      ),
    ).toEqual([
      "Quote the claim code, e.g. KX-1234.",
      "Ask Dr. Lee to approve refunds, i.e. the lead.",
      "Reply in U.S. English.",
      "List parts, labels, etc. when asked.",
      "List the parts, etc.",
      "Be brief.",
    ]);
    // users' own prompts go without capitals: a full stop before a lower-case word still ends one
    expect(instructionsOf("be brief. use the code.")).toEqual(["be brief.", "use the code."]);
  });

  it("a pruning of unanchored instructions never leaves an example cut off its instruction", () => {
    const vocabulary = new Set(
      contentWords("Warranty claims: give the claim code of the request."),
    );
    const pruned = drawUnanchoredPruning(
      "Give the claim code. Always be cheerful.",
      "Give the claim code. Always be cheerful. Write the claim code in capitals, e.g. KX-1234.",
      vocabulary,
    );
    expect(pruned?.prompt).toBe(
      "Give the claim code. Write the claim code in capitals, e.g. KX-1234.",
    );
    expect(pruned?.removed).toBe("Always be cheerful.");
  });

  it("reads a markdown list: an item's marker belongs to it, its case is read past the marker", () => {
    const prompt = [
      "Answer the refill request with its prescription code.",
      "1. For insulin cases, quote the exact code.",
      "2. Keep every reply short.",
      "3) When the user asks about vaccines, give the code then its check digit.",
      "- If the refill is late, say so. Never guess.",
      "* Be helpful.",
    ].join("\n");
    expect(instructionsOf(prompt)).toEqual([
      "Answer the refill request with its prescription code.",
      "1. For insulin cases, quote the exact code.",
      "2. Keep every reply short.",
      "3) When the user asks about vaccines, give the code then its check digit.",
      "- If the refill is late, say so.",
      "Never guess.",
      "* Be helpful.",
    ]);
    expect(instructionsOf(prompt).map(conditionOf)).toEqual([
      null,
      "insulin cases",
      null,
      "when the user asks about vaccines",
      "if the refill is late",
      null,
      null,
    ]);
  });

  it("renumbers a numbered list after a removal; an item numbered 1 starts a list afresh", () => {
    const prompt =
      "Steps:\n1. Greet.\n2. Ask the order number.\n3. Quote the code.\nNotes:\n1. Be brief.\n2. No emojis.";
    expect(withoutInstruction(prompt, 2)).toBe(
      "Steps:\n1. Greet.\n2. Quote the code.\nNotes:\n1. Be brief.\n2. No emojis.",
    );
    expect(withoutInstruction(prompt, 1)).toBe(
      "Steps:\n1. Ask the order number.\n2. Quote the code.\nNotes:\n1. Be brief.\n2. No emojis.",
    );
  });

  it("a list item and the same sentence without a marker are one instruction in a merge", () => {
    const common = "Answer with the code.";
    const better =
      "Answer with the code.\n- For refunds, quote the order number.\n- For exchanges, name the store.";
    const other =
      "Answer with the code. For refunds, quote the order number. Never guess the code.";
    expect(mergeInstructions(better, other, common)).toBe(`${better}\nNever guess the code.`);
    // a bulleted rule for a case the better lineage already instructs is a conflict
    expect(
      mergeInstructions(better, "Answer with the code.\n- For refunds, say sorry first.", common),
    ).toBeNull();
    // added list items go on lines of their own
    expect(
      mergeInstructions(
        "Answer with the code. Quote it exactly.",
        "Answer with the code.\n1. Be brief.",
        common,
      ),
    ).toBe("Answer with the code. Quote it exactly.\n1. Be brief.");
  });

  it("a bulleted case's rule is never pruned as a generic instruction", () => {
    const parent = "Reply with the code.";
    const proposal =
      "Reply with the code.\n- For refunds, quote the order number.\n- Keep every reply short.";
    const { drawn, none } = drawsOf(parent, proposal);
    expect(none).toBe(0);
    expect(drawn.map(([removed]) => removed)).toEqual(["- Keep every reply short."]);
  });

  it("a removal drops exactly one instruction, none from a one-instruction prompt", () => {
    const rng = new Prng(3);
    const r = drawRemoval("A one. B two. C three.", rng);
    expect(r).not.toBeNull();
    expect(instructionsOf(r?.prompt ?? "")).toHaveLength(2);
    expect("A one. B two. C three.").toContain(r?.removed ?? "?");
    expect(drawRemoval("Only one.", rng)).toBeNull();
  });

  it("prunes a generic instruction a proposal added beside others, never a case's rule or the parent's", () => {
    const parent = "Answer with the code. Be friendly.";
    const proposal =
      "Answer with the code. Be friendly. For refunds, quote the order number. Keep every reply short. When the user is angry, apologise once. For every reply, sign with the team name.";
    const dropped = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const r = drawGenericPruning(parent, proposal, new Prng(seed));
      dropped.add(r?.removed ?? "?");
      expect(instructionsOf(r?.prompt ?? "")).toEqual(
        instructionsOf(proposal).filter((i) => i !== r?.removed),
      );
    }
    // "For every reply, …" names no case of its own: generic too
    expect([...dropped].sort()).toEqual([
      "For every reply, sign with the team name.",
      "Keep every reply short.",
    ]);
    // a generic rule that is the whole edit was tested alone by the minibatch
    expect(drawGenericPruning(parent, `${parent} Keep every reply short.`, new Prng(1))).toBeNull();
    // only case rules added: nothing to prune; the parent's generic sentence is not an addition
    expect(
      drawGenericPruning(
        parent,
        `${parent} For refunds, quote the order number. For delays, give the new date.`,
        new Prng(1),
      ),
    ).toBeNull();
  });

  it("together, drops every generic addition at once when two or more sit beside a case's rule", () => {
    const parent = "Answer with the code. Be friendly.";
    const proposal =
      "Answer with the code. Be friendly. For refunds, quote the order number. Keep every reply short. Take care to do your best work.";
    for (let n = 1; n <= 10; n++) {
      const r = drawGenericPruning(parent, proposal, new Prng(n), { together: true });
      expect(r).toEqual({
        prompt: "Answer with the code. Be friendly. For refunds, quote the order number.",
        removed: "Keep every reply short. Take care to do your best work.",
        fromSeed: false,
      });
    }
    // one drawn without `together`: both are drawn over the seeds
    expect(drawsOf(parent, proposal).drawn.map(([t]) => t)).toEqual([
      "Keep every reply short.",
      "Take care to do your best work.",
    ]);
    // one generic addition: drawn as before
    const one = `${parent} For refunds, quote the order number. Keep every reply short.`;
    expect(drawGenericPruning(parent, one, new Prng(1), { together: true })?.removed).toBe(
      "Keep every reply short.",
    );
    // generic additions only (fixes worded as generic rules): one drawn, never the whole edit
    const generic = `${parent} Keep every reply short. Take care to do your best work.`;
    for (let n = 1; n <= 10; n++) {
      const r = drawGenericPruning(parent, generic, new Prng(n), { together: true });
      expect(instructionsOf(r?.prompt ?? "")).toHaveLength(3);
    }
  });

  it("the single-agent adapter prunes a draft's generic additions together by default", () => {
    const parent = { prompt: "Answer with the code.", temperature: 0.5 };
    const draft = {
      prompt:
        "Answer with the code. For refunds, quote the order number. Keep every reply short. Be thorough.",
      temperature: 0.5,
    };
    const adapter = (pruneGenericTogether?: boolean) =>
      singleAgentAdapter({
        model: "m",
        reflectionModel: "r",
        tuneTemperature: true,
        pruneGenericAdditions: true,
        ...(pruneGenericTogether === undefined ? {} : { pruneGenericTogether }),
      });
    expect(adapter().prunedOf?.(draft, parent, new Prng(1))?.config.prompt).toBe(
      "Answer with the code. For refunds, quote the order number.",
    );
    const removed = new Set(
      [1, 2, 3, 4, 5, 6].map((n) => adapter(false).prunedOf?.(draft, parent, new Prng(n))?.removed),
    );
    expect([...removed].sort()).toEqual(["Be thorough.", "Keep every reply short."]);
  });

  it("given the seed, draws the seed's own generic instructions once the proposal added something and holds two", () => {
    const seed = "Answer with the code. Be friendly.";
    const parent = `${seed} Always sign with the team name.`;
    const proposal = `${parent} For refunds, quote the order number.`;
    const dropped = new Map<string, boolean>();
    for (let n = 1; n <= 30; n++) {
      const r = drawGenericPruning(parent, proposal, new Prng(n), { seed });
      if (!r) throw new Error("expected a pruning");
      dropped.set(r.removed, r.fromSeed);
      expect(instructionsOf(r.prompt)).toEqual(
        instructionsOf(proposal).filter((i) => i !== r.removed),
      );
    }
    // the seed's sentences only: not the case's rule, not the rule an accepted edit brought in
    expect([...dropped].sort()).toEqual([
      ["Answer with the code.", true],
      ["Be friendly.", true],
    ]);
    // beside two additions, a generic addition is drawn too, and said to be new
    expect(
      drawsOf(seed, `${seed} Keep every reply short. For refunds, quote the order number.`, seed),
    ).toEqual({
      drawn: [
        ["Answer with the code.", true],
        ["Be friendly.", true],
        ["Keep every reply short.", false],
      ],
      none: 0,
    });
    // nothing added, or one generic instruction only: nothing to prune
    expect(drawGenericPruning(parent, parent, new Prng(1), { seed })).toBeNull();
    expect(
      drawGenericPruning(
        "Answer with the code.",
        "Answer with the code. For refunds, quote the order number.",
        new Prng(1),
        { seed: "Answer with the code." },
      ),
    ).toBeNull();
    // without the seed, the seed's sentences are never drawn
    expect(drawGenericPruning(parent, proposal, new Prng(1))).toBeNull();
  });

  it("never draws a seed of one generic instruction: it is the task's statement", () => {
    const seed = "Answer with the code.";
    const parent = `${seed} Always sign with the team name.`;
    const proposal = `${parent} For refunds, quote the order number.`;
    expect(drawsOf(parent, proposal, seed)).toEqual({ drawn: [], none: 30 });
    // beside a seed of one instruction and a case's rule, only the new generic addition is drawn
    expect(
      drawsOf(seed, `${seed} Keep every reply short. For refunds, quote the order number.`, seed),
    ).toEqual({ drawn: [["Keep every reply short.", false]], none: 0 });
    // a case's rule in the seed does not count: the seed still holds one generic instruction
    const withRule = `${seed} For delays, give the new date.`;
    expect(
      drawGenericPruning(
        withRule,
        `${withRule} Always sign with the team name. For refunds, quote the order number.`,
        new Prng(1),
        { seed: withRule },
      ),
    ).toMatchObject({ removed: "Always sign with the team name.", fromSeed: false });
  });

  it("merges the instructions two lineages added, drops what the other removed, once each", () => {
    const common = "Answer briefly. Keep replies short.";
    const better = "Answer briefly. Keep replies short. For dates, use ISO format.";
    const other = "Answer briefly. For units, use SI units. for dates, use ISO  format.";
    expect(mergeInstructions(better, other, common)).toBe(
      "Answer briefly. For dates, use ISO format. For units, use SI units.",
    );
    expect(mergeInstructions(better, better, common)).toBeNull();
  });

  it("reads the condition an instruction opens with, none from a plain one", () => {
    expect(conditionOf("For refund requests, quote the order number.")).toBe("refund requests");
    expect(conditionOf("When the user  asks for a date: use ISO format.")).toBe(
      "when the user asks for a date",
    );
    expect(conditionOf("If the order is late: apologise first.")).toBe("if the order is late");
    expect(conditionOf("Answer briefly.")).toBeNull();
    expect(conditionOf("Format dates as ISO, always.")).toBeNull();
    // openings that cover every case, or set a scope rather than a case, name none
    expect(conditionOf("For every reply, cite the source.")).toBeNull();
    expect(conditionOf("When answering any question, be brief.")).toBeNull();
    expect(conditionOf("In your reply, mention the deadline.")).toBeNull();
    expect(conditionOf("Before answering, restate the question.")).toBeNull();
  });

  it("keeps the better lineage's instruction where both say what to do in one case", () => {
    const common = "Answer briefly.";
    const better = "Answer briefly. For dates, use ISO format.";
    const other = "Answer briefly. For dates, write the month in words. For units, use SI units.";
    expect(mergeInstructions(better, other, common, false)).toBe(
      "Answer briefly. For dates, use ISO format. For units, use SI units.",
    );
    // the other lineage's rewrite of an instruction the better one kept as it was still wins
    expect(
      mergeInstructions(
        "Answer briefly. For dates, use ISO format. Cite the source.",
        "Answer briefly. For dates, write the month in words.",
        "Answer briefly. For dates, use ISO format.",
        false,
      ),
    ).toBe("Answer briefly. Cite the source. For dates, write the month in words.");
    // kept both on request (the ablation of the conflict check)
    expect(mergeInstructions(better, other, common, true)).toBe(
      "Answer briefly. For dates, use ISO format. For dates, write the month in words. For units, use SI units.",
    );
  });

  it("drops a proposal's new instruction for a case its parent already instructs", () => {
    const parent = "Answer briefly. For dates, use ISO format.";
    expect(
      withoutConflictingAdditions(
        parent,
        "Answer briefly. For dates, use ISO format. For dates, write the month in words. For units, use SI units.",
      ),
    ).toBe("Answer briefly. For dates, use ISO format. For units, use SI units.");
    // a rewrite of the parent's instruction is the reflection's change and stays
    const rewrite = "Answer briefly. For dates, write the month in words.";
    expect(withoutConflictingAdditions(parent, rewrite)).toBe(rewrite);
    // two new instructions for one case are left to evaluation
    const both = "Answer briefly. For units, use SI. For units, use imperial.";
    expect(withoutConflictingAdditions(parent, both)).toBe(both);
  });
});

describe("instruction-level merge of two single-agent lineages", () => {
  it("combines what each lineage learnt over their common ancestor", () => {
    const adapter = singleAgentAdapter({
      model: "m",
      reflectionModel: "r",
      tuneTemperature: true,
      instructionMerge: true,
    });
    const record = (iteration: number, parent: number | null, prompt: string, score: number) => ({
      iteration,
      parent,
      config: { prompt, temperature: 0.5 },
      component: null,
      rationale: null,
      scores: [score],
      score,
      embeddingPoint: { x: 0, y: 0 },
    });
    const pool = [
      record(0, null, "Answer with the code.", 0.2),
      record(1, 0, "Answer with the code. For dates, use ISO format.", 0.5),
      record(2, 0, "Answer with the code. For units, use SI.", 0.6),
    ];
    const plan = mergePair(adapter, pool, 1, 2);
    expect(plan).toMatchObject({ better: 2, other: 1 });
    expect(plan?.config.prompt).toBe(
      "Answer with the code. For units, use SI. For dates, use ISO format.",
    );
    const off = singleAgentAdapter({ model: "m", reflectionModel: "r", tuneTemperature: true });
    expect(mergePair(off, pool, 1, 2)).toBeNull();
  });
});

describe("conflicting additions in the reflection's proposals", () => {
  /** A port whose reflection answers one fixed proposal. */
  const reflecting = (prompt: string): LlmPort => ({
    complete: async () => {
      throw new Error("no replies in this test");
    },
    completeStructured: async <T>() => ({
      value: { prompt, rationale: "Stated the date rule.", temperature: 0.5 } as T,
      usage: emptyUsage(),
    }),
  });
  const parent = { prompt: "Answer with the code. For dates, use ISO format.", temperature: 0.5 };
  const proposed =
    "Answer with the code. For dates, use ISO format. For dates, write the month in words.";

  it("single-agent: the parent's validated instruction stays, off keeps the reflection's text", async () => {
    const run = (conflictingAdditionsDropped?: boolean) =>
      singleAgentAdapter({
        model: "m",
        reflectionModel: "r",
        tuneTemperature: true,
        ...(conflictingAdditionsDropped === undefined ? {} : { conflictingAdditionsDropped }),
      }).propose(reflecting(proposed), parent, 0, [], new AbortController().signal);
    expect((await run())?.config.prompt).toBe(parent.prompt);
    expect((await run(false))?.config.prompt).toBe(proposed);
  });

  it("multi-agent: a worker's prompt keeps its instruction for the case", async () => {
    const config = {
      "master-agent": {
        name: "Lead",
        description: "",
        prompt: "Route.",
        model_name: "m",
        temperature: 0,
      },
      "worker-agents": [
        {
          name: "Dates",
          description: "dates",
          prompt: parent.prompt,
          model_name: "m",
          temperature: 0,
        },
      ],
    } as unknown as MultiAgentConfig;
    const worker = { agent: 0, field: "prompt" as const, label: "worker:Dates.prompt" };
    const on = applyJointEdits(config, worker, proposed, []);
    expect(on.config["worker-agents"][0]?.prompt).toBe(parent.prompt);
    const off = applyJointEdits(config, worker, proposed, [], false);
    expect(off.config["worker-agents"][0]?.prompt).toBe(proposed);
  });
});
