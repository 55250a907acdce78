import type { UsageReport } from "@promptune/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { UsagePanel, usageText } from "./UsagePanel";

const report: UsageReport = {
  day: {
    period: "2026-11-24",
    resets_at: "2026-11-25T00:00:00.000Z",
    used: { calls: 4500, input_tokens: 1000, output_tokens: 234, tokens: 1234, cost_usd: 0.5 },
    limits: { calls: 5000, tokens: 10_000_000, cost_usd: 10 },
  },
  month: {
    period: "2026-11",
    resets_at: "2026-12-01T00:00:00.000Z",
    used: { calls: 12000, input_tokens: 9000, output_tokens: 1000, tokens: 10000, cost_usd: 3.25 },
    limits: { calls: null, tokens: 100_000_000, cost_usd: 100 },
  },
};

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "ada@example.com", name: "Ada", company_name: "" },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("UsagePanel", () => {
  it("shows calls, tokens and cost of today and this month against the limits", async () => {
    const calls = installFakeApi({ "GET /api/profile/usage": () => ok(report) });
    renderAt(<UsagePanel />, "/profile");
    const panel = await screen.findByTestId("usage-panel");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/profile/usage"]);
    expect(within(panel).getByText("Today (2026-11-24)")).toBeTruthy();
    expect(within(panel).getByText("This month (2026-11)")).toBeTruthy();
    const callsRow = screen.getByTestId("usage-model-calls");
    expect(within(callsRow).getByText("4,500 of 5,000")).toBeTruthy();
    expect(within(callsRow).getByText("12,000 (no limit)")).toBeTruthy();
    expect(
      within(screen.getByTestId("usage-tokens")).getByText("1,234 of 10,000,000"),
    ).toBeTruthy();
    const cost = screen.getByTestId("usage-cost");
    expect(within(cost).getByText("$0.50 of $10.00")).toBeTruthy();
    expect(within(cost).getByText("$3.25 of $100.00")).toBeTruthy();
    // 90 % of today's calls are used; a month without a call limit has no bar.
    expect(screen.getByLabelText("Model calls today").getAttribute("aria-valuenow")).toBe("90");
    expect(screen.queryByLabelText("Model calls this month")).toBeNull();
    expect(within(panel).getByText(/The day resets at 00:00 UTC/)).toBeTruthy();
  });

  it("only logs a failed load and stays hidden", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    installFakeApi({ "GET /api/profile/usage": () => fail(500, "boom") });
    renderAt(<UsagePanel />, "/profile");
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0]?.[0]).toBe("Failed to load usage");
    expect(screen.queryByTestId("usage-panel")).toBeNull();
  });

  it("asks nothing of an anonymous visitor", () => {
    useAuthStore.setState({ status: "anonymous", user: null });
    const calls = installFakeApi({});
    renderAt(<UsagePanel />, "/profile");
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId("usage-panel")).toBeNull();
  });

  it("formats amounts with and without a limit", () => {
    expect(usageText(1234567, 2000000, false)).toBe("1,234,567 of 2,000,000");
    expect(usageText(0.004, 5, true)).toBe("$0.00 of $5.00");
    expect(usageText(7, null, false)).toBe("7 (no limit)");
  });
});
