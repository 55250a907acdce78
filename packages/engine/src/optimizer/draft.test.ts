/**
 * Drafts in whole runs over the fake port: a proposal that passes its
 * minibatch is reflected on once more before it is validated, the improved
 * version is the one validated and kept, the reasoning says so in order, and
 * the run stays within its call cap.
 */
import { describe, expect, it } from "vitest";
import { drive, singleEstimate, singleOptions } from "./test-helpers";

async function runWith(draftSteps: number | undefined) {
  const { llm, options } = singleOptions({
    iterations: 4,
    ...(draftSteps === undefined ? {} : { draftSteps }),
  });
  const cap = singleEstimate(options).maxCalls;
  const { optimizeSingleAgent } = await import("./single");
  const { results, final } = await drive(optimizeSingleAgent({ ...options, maxCalls: cap }));
  return { llm, results, final, cap };
}

describe("drafts", () => {
  it("validate the refined proposal in place of the one that passed its minibatch", async () => {
    const { results, llm, cap } = await runWith(undefined);
    const proposals = results.flatMap((r) => r.reasoning);
    const refinedAt = proposals.findIndex((p) => p.outcome === "refined");
    expect(refinedAt).toBeGreaterThanOrEqual(0);
    const draft = proposals[refinedAt];
    const refinement = proposals[refinedAt + 1];
    // the refinement follows its draft, starts from the same pool parent, on other examples
    expect(refinement?.kind).toBe("refinement");
    expect(refinement?.parent).toBe(draft?.parent);
    for (const id of refinement?.minibatch ?? []) expect(draft?.minibatch).not.toContain(id);
    // a refined draft was never validated itself
    expect(draft?.validationScore).toBeNull();
    // the iteration that accepted a refinement keeps its prompt, with both rationales
    const kept = results.find((r) =>
      r.reasoning.some((p) => p.kind === "refinement" && p.outcome === "accepted"),
    );
    expect(kept?.accepted).toBe(true);
    const accepted = kept?.reasoning.find(
      (p) => p.kind === "refinement" && p.outcome === "accepted",
    );
    expect(kept?.rationale).toContain(accepted?.rationale ?? "missing");
    // within the estimate's cap
    expect(llm.calls.length).toBeLessThanOrEqual(cap);
  });

  it("are off with draftSteps 0: every proposal that passes its minibatch is validated", async () => {
    const { results } = await runWith(0);
    const proposals = results.flatMap((r) => r.reasoning);
    expect(proposals.some((p) => p.kind === "refinement" || p.outcome === "refined")).toBe(false);
    expect(proposals.some((p) => p.outcome === "accepted")).toBe(true);
  });

  it("refuse a negative number of rounds", async () => {
    const { options } = singleOptions({ draftSteps: -1 });
    const { optimizeSingleAgent } = await import("./single");
    await expect(drive(optimizeSingleAgent(options))).rejects.toThrow(/draftSteps/);
  });
});
