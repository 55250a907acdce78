import type { EvidenceAnswer, EvidencePage } from "@promptune/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, installFakeApi, ok, renderAt } from "../../auth/testing";
import { EvidenceGrid } from "./EvidenceGrid";
import { frontierPointName, sideOptions } from "./evidence-sides";

const EVIDENCE = "GET /api/auto-tune/optimize/runs/run-1/evidence";

const answer = (score: number, reply: string): EvidenceAnswer => ({
  score,
  passed: score >= 0.5,
  feedback: score >= 1 ? "All rubric items satisfied." : "Missing: thank",
  rubric_items: null,
  reply,
  trace: "",
});

const iterations: EvidencePage["configurations"] = [
  { iteration: 0, candidate_iteration: 0, validation_score: 0.5, presented: false },
  { iteration: 1, candidate_iteration: 1, validation_score: 0.8, presented: true },
];
const points: EvidencePage["frontier_points"] = [
  {
    frontier_point: 0,
    model_name: "gpt-4o-mini",
    temperature: 0.2,
    validation_score: 0.75,
    test_score: 0.7,
    recommended: true,
  },
  {
    frontier_point: 1,
    model_name: "gpt-4o",
    temperature: 0.7,
    validation_score: 0.8,
    test_score: null,
    recommended: false,
  },
];

/** The page the fake server answers for the query's A and B. */
function pageFor(call: FakeCall): EvidencePage {
  const b = call.query.b ?? "1";
  const side = b.startsWith("f")
    ? (points[Number(b.slice(1))] as EvidencePage["frontier_points"][number])
    : (iterations[Number(b)] as EvidencePage["configurations"][number]);
  const reply = b.startsWith("f") ? `Reply of point ${b}` : `Reply of iteration ${b}`;
  return {
    run_id: "run-1",
    mode: "single",
    a: iterations[0] as EvidencePage["configurations"][number],
    b: side,
    configurations: iterations,
    frontier_points: points,
    counts: { fixed: 1, broken: 0, both_pass: 0, both_fail: 0 },
    test_compared: false,
    page: 1,
    page_size: 20,
    total: 1,
    rows: [
      {
        example_id: "help-001",
        split: "validation",
        dialog: [{ type: "human", content: "Where is my order?" }],
        reference: "It ships today.",
        rubric: ["thank"],
        a: answer(0, "Initial reply"),
        b: answer(1, reply),
        status: "fixed",
        change: 1,
      },
    ],
  };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("evidence grid: frontier points as A or B", () => {
  it("names a frontier point by model, temperature and '(frontier)'", () => {
    expect(frontierPointName(points[0] as (typeof points)[number])).toBe(
      "gpt-4o-mini · T 0.2 (frontier) · recommended — 75.0%",
    );
    expect(frontierPointName(points[1] as (typeof points)[number])).toBe(
      "gpt-4o · T 0.7 (frontier) — 80.0%",
    );
    // without frontier points the options stay a flat list of iterations
    expect(sideOptions({ configurations: iterations, frontier_points: [] })).toEqual([
      { value: "0", label: "Initial (iteration 0) — 50.0%" },
      { value: "1", label: "Iteration 1 · presented — 80.0%" },
    ]);
  });

  it("lists the frontier points besides the iterations and asks for the chosen point's rows", async () => {
    const calls = installFakeApi({ [EVIDENCE]: (call) => ok(pageFor(call)) });
    renderAt(<EvidenceGrid runId="run-1" />, "/home");
    await waitFor(() =>
      expect(
        (screen.getByRole("combobox", { name: "Configuration B" }) as HTMLInputElement).value,
      ).toBe("Iteration 1 · presented — 80.0%"),
    );
    const select = screen.getByRole("combobox", { name: "Configuration B" });
    fireEvent.click(select);
    const listbox = await waitFor(() => {
      const id = select.getAttribute("aria-controls");
      const found = id ? document.getElementById(id) : null;
      if (!found) throw new Error("the options are not open");
      return found;
    });
    const options = within(listbox).getAllByRole("option", { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      "Initial (iteration 0) — 50.0%",
      "Iteration 1 · presented — 80.0%",
      "gpt-4o-mini · T 0.2 (frontier) · recommended — 75.0%",
      "gpt-4o · T 0.7 (frontier) — 80.0%",
    ]);
    expect(within(listbox).getByText("Frontier points")).toBeTruthy();
    fireEvent.click(
      within(listbox).getByRole("option", {
        name: "gpt-4o · T 0.7 (frontier) — 80.0%",
        hidden: true,
      }),
    );
    await waitFor(() => expect(calls.at(-1)?.query.b).toBe("f1"));
    await waitFor(() =>
      expect(
        (screen.getByRole("combobox", { name: "Configuration B" }) as HTMLInputElement).value,
      ).toBe("gpt-4o · T 0.7 (frontier) — 80.0%"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Show details of help-001" }));
    const b = screen.getByTestId("evidence-answer-b");
    expect(within(b).getByText("Reply of point f1")).toBeTruthy();
    expect(b.textContent).toContain("gpt-4o · T 0.7 (frontier)");
    // the downloads follow the chosen point
    const csv = screen.getByRole("link", { name: "Download CSV" }) as HTMLAnchorElement;
    expect(new URL(csv.href).searchParams.get("b")).toBe("f1");
  });
});
