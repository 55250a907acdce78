import type { DeployEvidence, DeployVersion, LiveEvidence } from "@promptune/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../../auth/testing";
import "../../../test/font-loading";
import { renderWithProviders } from "../../multi-agent/testing";
import { VERSIONS_TEXT, VersionsSection } from "./VersionsSection";

const version = (number: number, over: Partial<DeployVersion> = {}): DeployVersion => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  source: "run",
  prompt: `Prompt of version ${number}`,
  model_name: "fixture-small",
  temperature: 0.4,
  run_id: "abcdef1234567890",
  iteration: 2,
  frontier_point: null,
  held_out: null,
  override_confirmed: false,
  gate_reason: null,
  deployed_by: "dana@example.com",
  created_at: "2026-11-24T10:00:00.000Z",
  active: false,
  activated_at: "2026-11-24T10:00:00.000Z",
  activated_by: "dana@example.com",
  ...over,
});

const live = (over: Partial<LiveEvidence> = {}): LiveEvidence => ({
  conversations: 0,
  replies: 0,
  up: 0,
  down: 0,
  up_rate: null,
  up_rate_low: null,
  up_rate_high: null,
  down_notes: [],
  ...over,
});

describe("VersionsSection", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists versions with who/what/when, the active badge, held-out result and live evidence, and rolls back after confirmation", async () => {
    const v2 = version(2, {
      active: true,
      held_out: {
        examples: 12,
        initial_score: 0.5,
        final_score: 0.6,
        difference: 0.1,
        ci_low: -0.04,
        ci_high: 0.22,
        significant: false,
      },
      override_confirmed: true,
      gate_reason: "Its lower bound is below 0.",
    });
    const v1 = version(1, { source: "integration", run_id: null, iteration: null });
    let list = [v2, v1];
    const evidence: DeployEvidence = {
      versions: {
        [v2.id]: live({
          conversations: 2,
          replies: 5,
          up: 3,
          down: 1,
          up_rate: 0.75,
          up_rate_low: 0.3,
          up_rate_high: 0.95,
          down_notes: ["Too long — Should have said: Yes."],
        }),
      },
      before: live({ conversations: 1, replies: 2 }),
      split: null,
    };
    const calls = installFakeApi({
      "GET /api/integration/deploys": () => ok(list),
      "GET /api/integration/deploys/evidence": () => ok(evidence),
      [`POST /api/integration/deploys/${v1.id}/rollback`]: () => {
        list = [
          { ...v2, active: false },
          { ...v1, active: true },
        ];
        return ok({ ...v1, active: true });
      },
    });
    const served: unknown[] = [];
    renderWithProviders(<VersionsSection reloadKey={0} onServed={(c) => served.push(c)} />);
    const rows = await screen.findAllByTestId("deploy-version");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Version 2")).toBeTruthy();
    expect(within(first).getByText("Active")).toBeTruthy();
    expect(within(first).getByText("Deployed past the gate")).toBeTruthy();
    expect(within(first).getByText(/Run abcdef12, iteration 2 · fixture-small/)).toBeTruthy();
    expect(within(first).getByText(/Deployed by dana@example.com/)).toBeTruthy();
    expect(
      within(first).getByText(
        "Held-out: +10.0 pts on 12 held-out examples (95 % CI −4.0 pts to +22.0 pts)",
      ),
    ).toBeTruthy();
    expect(within(first).getByText(/Override recorded: Its lower bound is below 0./)).toBeTruthy();
    expect(within(first).getByTestId("version-evidence").textContent).toBe(
      "Live: 👍 75 % (95 % CI 30 %–95 %) of 4 rated · 5 replies in 2 conversations",
    );
    expect(within(first).getByText("👎 Too long — Should have said: Yes.")).toBeTruthy();
    expect(within(first).queryByRole("button", { name: VERSIONS_TEXT.rollback })).toBeNull();
    expect(within(second).getByText(/Saved on the Integration page/)).toBeTruthy();
    expect(within(second).getByText("Held-out: No run measured it")).toBeTruthy();
    expect(within(second).getByTestId("version-evidence").textContent).toBe("Live: No replies yet");
    expect(screen.getByTestId("before-evidence").textContent).toBe(
      "Before bot, live: 2 replies in 1 conversation · no ratings yet",
    );

    // Cancel leaves everything as it is; confirming rolls back.
    fireEvent.click(within(second).getByRole("button", { name: VERSIONS_TEXT.rollback }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(second).getByRole("button", { name: VERSIONS_TEXT.rollback }));
    fireEvent.click(await screen.findByRole("button", { name: VERSIONS_TEXT.confirm }));
    await waitFor(() => expect(served).toHaveLength(1));
    expect(served[0]).toEqual({
      prompt: "Prompt of version 1",
      model_name: "fixture-small",
      temperature: 0.4,
    });
    await waitFor(() => {
      const after = screen.getAllByTestId("deploy-version");
      expect(within(after[1] as HTMLElement).getByText("Active")).toBeTruthy();
    });
    expect(await screen.findByText("The after-bot now answers with version 1.")).toBeTruthy();
  });

  it("says so when nothing is deployed yet", async () => {
    installFakeApi({
      "GET /api/integration/deploys": () => ok([]),
      "GET /api/integration/deploys/evidence": () =>
        ok({ versions: {}, before: live(), split: null }),
    });
    renderWithProviders(<VersionsSection reloadKey={0} onServed={() => undefined} />);
    expect(await screen.findByText(VERSIONS_TEXT.empty)).toBeTruthy();
  });
});
