import type { HeldOutComparison } from "@promptune/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { describeEstimate, describeHeldOut, HeldOutResult, RunEstimateLine } from ".";

const gain: HeldOutComparison = {
  examples: 22,
  initial_score: 0.45,
  final_score: 0.57,
  difference: 0.12,
  ci_low: 0.04,
  ci_high: 0.19,
  significant: true,
};

describe("held-out texts", () => {
  it("states a significant gain with its interval and example count", () => {
    expect(describeHeldOut(gain)).toBe("+12.0 points, 95% CI +4.0…+19.0 on 22 held-out examples");
  });

  it("says 'no significant change' when the interval includes 0", () => {
    const flat = { ...gain, difference: 0.03, ci_low: -0.05, ci_high: 0.1, significant: false };
    expect(describeHeldOut(flat)).toBe(
      "No significant change on 22 held-out examples (+3.0 points, 95% CI −5.0…+10.0)",
    );
  });

  it("states a significant loss with minus signs", () => {
    const loss = { ...gain, difference: -0.2, ci_low: -0.31, ci_high: -0.09 };
    expect(describeHeldOut(loss)).toBe("−20.0 points, 95% CI −31.0…−9.0 on 22 held-out examples");
  });
});

describe("estimate text", () => {
  it("shows calls, tokens and cost, or that the cost is unknown", () => {
    const e = {
      calls: 357,
      max_calls: 392,
      input_tokens: 100_000,
      output_tokens: 20_400,
      cost_usd: 0.0712,
    };
    expect(describeEstimate(e)).toBe("≈ 357 model calls · 120.4k tokens · $0.07");
    expect(describeEstimate({ ...e, cost_usd: null })).toBe(
      "≈ 357 model calls · 120.4k tokens · cost unknown",
    );
  });
});

describe("HeldOutResult", () => {
  it("renders the comparison and nothing without one", () => {
    const { unmount } = renderAt(<HeldOutResult comparison={gain} />, "/");
    expect(screen.getByTestId("held-out-summary").textContent).toBe(
      "+12.0 points, 95% CI +4.0…+19.0 on 22 held-out examples",
    );
    expect(screen.getByText("Held-out test score 45.0% → 57.0%")).toBeTruthy();
    unmount();
    renderAt(<HeldOutResult comparison={null} />, "/");
    expect(screen.queryByTestId("held-out-result")).toBeNull();
  });
});

const request = (iterations: number) => ({
  mode: "single" as const,
  prompt: "Be kind.",
  dataset_name: "customer-help",
  model_name: "gpt-4o-mini",
  iterations,
  temperature: 0.5,
});

function Harness() {
  const [iterations, setIterations] = useState(3);
  return (
    <>
      <button type="button" onClick={() => setIterations(6)}>
        more
      </button>
      <RunEstimateLine request={request(iterations)} />
    </>
  );
}

describe("RunEstimateLine", () => {
  beforeEach(() => {
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "e@example.com", name: "E", company_name: "" },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("asks the server for the settings' estimate and follows their changes", async () => {
    const calls = installFakeApi({
      "POST /api/auto-tune/optimize/estimate": (call) => {
        const n = (call.body as { iterations: number }).iterations;
        return ok({
          calls: 30 * n,
          max_calls: 33 * n,
          input_tokens: 1000 * n,
          output_tokens: 100 * n,
          cost_usd: 0.01 * n,
        });
      },
    });
    renderAt(<Harness />, "/");
    await waitFor(() =>
      expect(screen.getByTestId("run-estimate").textContent).toBe(
        "≈ 90 model calls · 3.3k tokens · $0.03",
      ),
    );
    expect(calls.at(-1)?.body).toEqual(request(3));
    await act(async () => fireEvent.click(screen.getByText("more")));
    // the previous estimate stays, marked stale, until the new settings' estimate arrives
    expect(screen.getByTestId("run-estimate").getAttribute("data-stale")).toBe("true");
    await waitFor(() =>
      expect(screen.getByTestId("run-estimate").textContent).toBe(
        "≈ 180 model calls · 6.6k tokens · $0.06",
      ),
    );
  });

  it("shows nothing while signed out or when the settings cannot start a run", async () => {
    const calls = installFakeApi({});
    useAuthStore.setState({ status: "anonymous", user: null });
    renderAt(<RunEstimateLine request={request(3)} />, "/");
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.queryByTestId("run-estimate")).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
