import { MantineProvider } from "@mantine/core";
import type { IterationReasoning, Proposal } from "@promptune/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IterationReasoningCard } from "./IterationReasoningCard";

const proposal = (over: Partial<Proposal>): Proposal => ({
  kind: "reflection",
  parent: 1,
  other_parent: null,
  component: "prompt",
  minibatch: ["ex-1", "ex-2", "ex-3"],
  reflected_on: ["ex-1", "ex-2", "ex-3"],
  parent_minibatch_score: 1 / 3,
  proposal_minibatch_score: 2 / 3,
  parent_validation_score: 0.6,
  validation_score: null,
  outcome: "refined",
  rationale: "Add the refund rule.",
  ...over,
});

const iteration: IterationReasoning = {
  iteration: 2,
  candidate_iteration: 2,
  parent: 1,
  accepted: true,
  component: "prompt",
  rationale: "Add the refund rule. Add the delivery rule.",
  validation_score: 0.7,
  validation_interval: null,
  proposals: [
    proposal({}),
    proposal({
      kind: "refinement",
      minibatch: ["ex-4", "ex-5", "ex-6"],
      reflected_on: ["ex-4", "ex-5", "ex-6", "ex-1"],
      parent_minibatch_score: 2 / 3,
      proposal_minibatch_score: 1,
      validation_score: 0.7,
      outcome: "accepted",
      rationale: "Add the delivery rule.",
    }),
  ],
};

describe("iteration reasoning card", () => {
  it("shows a refined draft and the refinement validated in its place, in order", () => {
    render(
      <MantineProvider>
        <IterationReasoningCard it={iteration} />
      </MantineProvider>,
    );
    const rows = within(screen.getByTestId("reasoning-proposals")).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.getAttribute("data-outcome")).toBe("refined");
    expect(rows[0]?.textContent).toContain("Reflection on iteration 1");
    expect(rows[0]?.textContent).toContain("Refined before validation");
    expect(rows[0]?.textContent).toContain("Rationale: Add the refund rule.");
    expect(rows[1]?.getAttribute("data-outcome")).toBe("accepted");
    expect(rows[1]?.textContent).toContain("Refinement of the draft above (from iteration 1)");
    expect(rows[1]?.textContent).toContain("Accepted: minibatch 100.0% vs parent 66.7%");
    // what the accepted refinement read is the iteration's "reflected on"
    expect(screen.getByText("ex-4, ex-5, ex-6, ex-1")).toBeTruthy();
  });
});
