import { MantineProvider } from "@mantine/core";
import type { EvidenceAnswer, EvidenceRow as Row } from "@promptune/contracts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { rubricMetSummary } from "./EvidenceAnswer";
import { EvidenceRow } from "./EvidenceRow";

const answer = (over: Partial<EvidenceAnswer>): EvidenceAnswer => ({
  score: 0.5,
  passed: false,
  feedback: "Missing: confirm the refund",
  reply: "Sorry about that.",
  trace: "",
  ...over,
});

const row = (a: EvidenceAnswer, b: EvidenceAnswer): Row => ({
  example_id: "help-001",
  split: "validation",
  dialog: [{ type: "human", content: "Where is my refund?" }],
  reference: "Sorry, I have refunded you.",
  rubric: ["apologise", "confirm the refund"],
  a,
  b,
  status: "fixed",
  change: 0.5,
});

function renderRow(r: Row) {
  render(
    <MantineProvider>
      <EvidenceRow row={r} a="Initial" b="Iteration 2" />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Show details of help-001" }));
}

describe("evidence grid: rubric checklist per reply", () => {
  it("lists each rubric item met or not for both replies, with counts in the summary line", () => {
    renderRow(
      row(
        answer({
          rubric_items: [
            { item: "apologise", met: true },
            { item: "confirm the refund", met: false },
          ],
        }),
        answer({
          score: 1,
          passed: true,
          feedback: "All rubric items satisfied.",
          rubric_items: [
            { item: "apologise", met: true },
            { item: "confirm the refund", met: true },
          ],
        }),
      ),
    );
    expect(screen.getByTestId("evidence-rubric-met").textContent).toBe("Rubric: A 1/2 → B 2/2 met");
    const a = screen.getByTestId("evidence-answer-a");
    expect(within(a).getByText("1 of 2 rubric items met")).toBeTruthy();
    const items = within(a).getByTestId("evidence-answer-a-rubric").querySelectorAll("li");
    expect([...items].map((li) => [li.textContent, li.getAttribute("data-met")])).toEqual([
      ["✓ apologise — met", "true"],
      ["✗ confirm the refund — not met", "false"],
    ]);
    // The list is named by its summary for screen readers (hidden: jsdom never ends the Collapse transition).
    expect(
      within(a).getByRole("list", { name: "1 of 2 rubric items met", hidden: true }),
    ).toBeTruthy();
    const b = screen.getByTestId("evidence-answer-b");
    expect(within(b).getByText("2 of 2 rubric items met")).toBeTruthy();
    // The feedback stays.
    expect(within(a).getByText("Missing: confirm the refund")).toBeTruthy();
  });

  it("shows only the feedback when the judge gave no per-item verdicts (older runs, other metrics)", () => {
    renderRow(row(answer({ rubric_items: null }), answer({ score: 1, passed: true })));
    expect(screen.queryByTestId("evidence-rubric-met")).toBeNull();
    expect(screen.queryByTestId("evidence-answer-a-rubric")).toBeNull();
    expect(screen.queryByTestId("evidence-answer-b-rubric")).toBeNull();
    expect(
      within(screen.getByTestId("evidence-answer-a")).getByText("Missing: confirm the refund"),
    ).toBeTruthy();
  });

  it("counts met items in words", () => {
    expect(rubricMetSummary([{ item: "x", met: true }])).toBe("1 of 1 rubric item met");
    expect(
      rubricMetSummary([
        { item: "x", met: false },
        { item: "y", met: false },
      ]),
    ).toBe("0 of 2 rubric items met");
  });
});
