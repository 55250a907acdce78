import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../auth/testing";
import { renderWithProviders } from "../../pages/multi-agent/testing";
import "../../test/font-loading";
import { DEPLOY_TEXT, DeployToAfterBot } from "./DeployToAfterBot";

const REASON =
  "On 12 held-out examples the change is +10.0 pts, but its 95 % interval reaches −4.0 pts (lower bound below 0): it may do worse than the before prompt. Deploy anyway only if you accept that.";

describe("DeployToAfterBot", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the gate's refusal and deploys only after 'Deploy anyway', with the override", async () => {
    const calls = installFakeApi({
      "POST /api/integration/deploys": (call) =>
        (call.body as { override?: boolean }).override
          ? ok({
              id: "00000000-0000-4000-8000-000000000003",
              number: 3,
              source: "run",
              prompt: "p",
              model_name: "fixture-small",
              temperature: 0.4,
              run_id: "run-1",
              iteration: 2,
              frontier_point: null,
              held_out: null,
              override_confirmed: true,
              gate_reason: REASON,
              deployed_by: "dana@example.com",
              created_at: "2026-11-24T10:00:00.000Z",
              active: true,
              activated_at: "2026-11-24T10:00:00.000Z",
              activated_by: "dana@example.com",
            })
          : {
              status: 409,
              body: { success: false, error: { message: REASON, code: "held_out_below_zero" } },
            },
    });
    renderWithProviders(<DeployToAfterBot runId="run-1" iteration={2} />);
    fireEvent.click(screen.getByRole("button", { name: DEPLOY_TEXT.button }));
    expect((await screen.findByTestId("deploy-refusal")).textContent).toBe(REASON);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ run_id: "run-1", iteration: 2 });
    fireEvent.click(screen.getByRole("button", { name: DEPLOY_TEXT.anyway }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ run_id: "run-1", iteration: 2, override: true });
    expect(await screen.findByText(/Version 3 is live/)).toBeTruthy();
  });

  it("deploys a frontier point by its index", async () => {
    const calls = installFakeApi({
      "POST /api/integration/deploys": () => ({
        status: 409,
        body: { success: false, error: { message: "Not compared.", code: "held_out_unmeasured" } },
      }),
    });
    renderWithProviders(<DeployToAfterBot runId="run-3" frontierPoint={1} />);
    fireEvent.click(screen.getByRole("button", { name: DEPLOY_TEXT.button }));
    expect((await screen.findByTestId("deploy-refusal")).textContent).toBe("Not compared.");
    expect(calls[0]?.body).toEqual({ run_id: "run-3", frontier_point: 1 });
  });

  it("reports any other failure without offering an override", async () => {
    installFakeApi({
      "POST /api/integration/deploys": () => ({
        status: 409,
        body: {
          success: false,
          error: {
            message: "The run is running; only a completed run can be deployed.",
            code: "conflict",
          },
        },
      }),
    });
    renderWithProviders(<DeployToAfterBot runId="run-2" />);
    fireEvent.click(screen.getByRole("button", { name: DEPLOY_TEXT.button }));
    expect(await screen.findByText(/only a completed run can be deployed/)).toBeTruthy();
    expect(screen.queryByTestId("deploy-refusal")).toBeNull();
  });
});
