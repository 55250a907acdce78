import type { IterationReasoning, Proposal, RunReasoning } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { buildLineage, flattenLineage } from "./lineage";
import { outcomeReason, proposalKindLabel } from "./outcome";

const proposal = (over: Partial<Proposal>): Proposal => ({
  kind: "reflection",
  parent: 0,
  other_parent: null,
  component: "prompt",
  minibatch: ["ex-1", "ex-2"],
  reflected_on: ["ex-1", "ex-2"],
  parent_minibatch_score: 0.5,
  proposal_minibatch_score: 0.5,
  parent_validation_score: 0.6,
  validation_score: null,
  outcome: "rejected_minibatch",
  rationale: null,
  ...over,
});

const iteration = (over: Partial<IterationReasoning>): IterationReasoning => ({
  iteration: 0,
  candidate_iteration: 0,
  parent: null,
  accepted: true,
  component: null,
  rationale: null,
  validation_score: 0.6,
  validation_interval: null,
  proposals: [],
  ...over,
});

describe("lineage", () => {
  it("puts accepted candidates and merges under their parents and marks the presented one", () => {
    const reasoning: RunReasoning = {
      run_id: "r",
      mode: "single",
      status: "completed",
      presented: 3,
      pick: null,
      iterations: [
        iteration({}),
        iteration({ iteration: 1, candidate_iteration: 1, parent: 0, validation_score: 0.65 }),
        iteration({ iteration: 2, candidate_iteration: 1, parent: 0, accepted: false }),
        iteration({
          iteration: 3,
          candidate_iteration: 3,
          parent: 1,
          proposals: [proposal({ kind: "merge", parent: 1, other_parent: 0, outcome: "accepted" })],
        }),
      ],
    };
    const root = buildLineage(reasoning);
    const flat = flattenLineage(root).map(({ node, depth }) => [node.iteration, depth]);
    expect(flat).toEqual([
      [0, 0],
      [1, 1],
      [3, 2],
    ]);
    const merged = flattenLineage(root).find((x) => x.node.iteration === 3)?.node;
    expect(merged?.mergedWith).toBe(0);
    expect(merged?.presented).toBe(true);
  });

  it("explains a rejection with the minibatch numbers compared", () => {
    expect(outcomeReason(proposal({}))).toBe(
      "Rejected: minibatch 50.0% vs parent 50.0% — a proposal must score strictly higher than its parent.",
    );
    expect(
      outcomeReason(
        proposal({
          outcome: "rejected_validation",
          proposal_minibatch_score: 1,
          validation_score: 0.3,
        }),
      ),
    ).toContain("scored 30.0% on the first half of validation, clearly below the parent's 60.0%");
  });

  it("says a draft was refined before validation and what the refinement started from", () => {
    const draft = proposal({ outcome: "refined", proposal_minibatch_score: 1 });
    expect(outcomeReason(draft)).toBe(
      "Refined: passed the minibatch (minibatch 100.0% vs parent 50.0%); a refinement on fresh examples improved it, and the improved version went on (to a further refinement or to validation).",
    );
    expect(proposalKindLabel(proposal({ kind: "refinement", parent: 2 }))).toBe(
      "Refinement of the draft above (from iteration 2)",
    );
    expect(proposalKindLabel(proposal({ kind: "pruning", parent: 2 }))).toBe(
      "Pruning of the draft above (from iteration 2)",
    );
    expect(proposalKindLabel(proposal({ kind: "merge", parent: 2, other_parent: 1 }))).toBe(
      "Merge of iterations 2 and 1",
    );
  });
});
