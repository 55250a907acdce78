import type {
  DeployEvidence,
  DeploySplit,
  DeployVersion,
  LiveEvidence,
} from "@promptune/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, installFakeApi, ok } from "../../../auth/testing";
import "../../../test/font-loading";
import { renderWithProviders } from "../../multi-agent/testing";
import { SPLIT_TEXT } from "./SplitControl";
import { VersionsSection } from "./VersionsSection";

const version = (number: number, active: boolean): DeployVersion => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  source: "integration",
  prompt: `Prompt of version ${number}`,
  model_name: "fixture-small",
  temperature: 0.4,
  run_id: null,
  iteration: null,
  frontier_point: null,
  held_out: null,
  override_confirmed: false,
  gate_reason: null,
  deployed_by: "dana@example.com",
  created_at: "2026-11-24T10:00:00.000Z",
  active,
  activated_at: "2026-11-24T10:00:00.000Z",
  activated_by: "dana@example.com",
});

const live: LiveEvidence = {
  conversations: 0,
  replies: 0,
  up: 0,
  down: 0,
  up_rate: null,
  up_rate_low: null,
  up_rate_high: null,
  down_notes: [],
};

const v2 = version(2, true);
const v1 = version(1, false);

describe("SplitControl in the Versions section", () => {
  afterEach(() => vi.restoreAllMocks());

  it("checks the input, starts a split, shows each version's share, and ends it", async () => {
    let split: DeploySplit | null = null;
    const evidence = (): DeployEvidence => ({ versions: {}, before: live, split });
    const calls = installFakeApi({
      "GET /api/integration/deploys": () => ok([v2, v1]),
      "GET /api/integration/deploys/evidence": () => ok(evidence()),
      "PUT /api/integration/deploys/split": (c: FakeCall) => {
        const body = c.body as { baseline_version_id: string; share_percent: number };
        split = {
          active_version_id: v2.id,
          share_percent: body.share_percent,
          baseline_version_id: body.baseline_version_id,
          baseline_share_percent: 100 - body.share_percent,
          created_by: "dana@example.com",
          created_at: "2026-11-24T11:00:00.000Z",
        };
        return ok(split);
      },
      "DELETE /api/integration/deploys/split": () => {
        const ended = split;
        split = null;
        return ok(ended);
      },
    });
    renderWithProviders(<VersionsSection reloadKey={0} onServed={() => undefined} />);
    const start = await screen.findByRole("button", { name: SPLIT_TEXT.start });
    fireEvent.click(start);
    expect((await screen.findByTestId("split-error")).textContent).toBe(SPLIT_TEXT.noBaseline);

    fireEvent.click(screen.getByRole("combobox", { name: SPLIT_TEXT.baseline }));
    fireEvent.click(await screen.findByRole("option", { name: "Version 1", hidden: true }));
    const share = screen.getByRole("textbox", { name: SPLIT_TEXT.share });
    fireEvent.change(share, { target: { value: "100" } });
    fireEvent.click(start);
    await waitFor(() =>
      expect(screen.getByTestId("split-error").textContent).toBe(SPLIT_TEXT.badShare),
    );
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(share, { target: { value: "30" } });
    fireEvent.click(start);
    await waitFor(() => expect(screen.getAllByTestId("version-split")).toHaveLength(2));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      baseline_version_id: v1.id,
      share_percent: 30,
    });
    const [first, second] = screen.getAllByTestId("deploy-version") as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId("version-split").textContent).toBe("serves 30 % of friends");
    expect(within(second).getByTestId("version-split").textContent).toBe("serves 70 % of friends");
    expect(screen.getByTestId("split-summary").textContent).toBe(
      "Version 2 serves 30 % of friends, version 1 the other 70 %.",
    );
    expect(screen.queryByTestId("split-error")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: SPLIT_TEXT.end }));
    await waitFor(() => expect(screen.queryAllByTestId("version-split")).toHaveLength(0));
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
    expect(await screen.findByRole("button", { name: SPLIT_TEXT.start })).toBeTruthy();
  });

  it("shows the server's refusal as the error text", async () => {
    installFakeApi({
      "GET /api/integration/deploys": () => ok([v2, v1]),
      "GET /api/integration/deploys/evidence": () =>
        ok({ versions: {}, before: live, split: null }),
      "PUT /api/integration/deploys/split": () => ({
        status: 404,
        body: { success: false, error: { message: "No such version." } },
      }),
    });
    renderWithProviders(<VersionsSection reloadKey={0} onServed={() => undefined} />);
    fireEvent.click(await screen.findByRole("combobox", { name: SPLIT_TEXT.baseline }));
    fireEvent.click(await screen.findByRole("option", { name: "Version 1", hidden: true }));
    fireEvent.click(screen.getByRole("button", { name: SPLIT_TEXT.start }));
    expect((await screen.findByTestId("split-error")).textContent).toBe("No such version.");
  });

  it("is not offered with a single version", async () => {
    installFakeApi({
      "GET /api/integration/deploys": () => ok([v2]),
      "GET /api/integration/deploys/evidence": () =>
        ok({ versions: {}, before: live, split: null }),
    });
    renderWithProviders(<VersionsSection reloadKey={0} onServed={() => undefined} />);
    expect(await screen.findByText("Version 2")).toBeTruthy();
    expect(screen.queryByTestId("split-control")).toBeNull();
  });
});
