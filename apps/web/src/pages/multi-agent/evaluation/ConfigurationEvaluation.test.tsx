import type { MultiAgentIteration } from "@promptune/contracts";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useMultiRunStore } from "../../../stores/multi-run";
import { makeWorker } from "../../../stores/optimization";
import {
  multiUpdate,
  renderWithProviders,
  resetMultiAgentState,
  TEST_COORDINATOR,
} from "../testing";
import { ConfigurationEvaluation } from "./ConfigurationEvaluation";

const result = (n: number) => multiUpdate(n, ["Expert", "Writer"]).data as MultiAgentIteration;

describe("ConfigurationEvaluation", { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetMultiAgentState({
      ...TEST_COORDINATOR,
      workers: [
        makeWorker(
          1,
          {
            prompt: "Know facts.",
            model: "fixture-small",
            temperature: 0.25,
            description: "Facts.",
          },
          "Expert",
        ),
        makeWorker(
          2,
          {
            prompt: "Write well.",
            model: "fixture-large",
            temperature: 0.8,
            description: "Prose.",
          },
          "Writer",
        ),
      ],
    });
  });

  it("draws the user, the coordinator and every worker, and shows a clicked agent's details", () => {
    renderWithProviders(<ConfigurationEvaluation />);
    const diagram = screen.getByTestId("ma-initial-diagram");
    expect(within(diagram).getByText("User")).toBeTruthy();
    expect(diagram.querySelectorAll("[data-agent]")).toHaveLength(3);
    const details = () => screen.getByTestId("ma-initial-details");
    expect(details().textContent).toContain("Click an agent");

    fireEvent.click(within(diagram).getByRole("button", { name: "Worker Expert" }));
    expect(within(details()).getByTestId("agent-prompt").textContent).toBe("Know facts.");
    expect(within(details()).getByTestId("agent-description").textContent).toBe("Facts.");
    expect(within(details()).getByTestId("agent-model").textContent).toBe("fixture-small");
    expect(within(details()).getByTestId("agent-temperature").textContent).toBe("0.25");

    const coordinator = within(diagram).getByRole("button", { name: "Coordinator Coordinator" });
    fireEvent.keyDown(coordinator, { key: "Enter" });
    expect(coordinator.getAttribute("aria-pressed")).toBe("true");
    expect(within(details()).getByTestId("agent-prompt").textContent).toBe("Lead the team.");
    expect(within(details()).getByTestId("agent-temperature").textContent).toBe("0.30");
  });

  it("shows optimised configurations in a carousel that follows new results from the latest", () => {
    renderWithProviders(<ConfigurationEvaluation />);
    const carousel = screen.getByTestId("ma-optimized-carousel");
    expect(carousel.textContent).toContain("Run an optimization");

    act(() => useMultiRunStore.getState().addResult(result(1)));
    act(() => useMultiRunStore.getState().addResult(result(2)));
    const live = screen.getByTestId("ma-optimized-carousel");
    expect(live.getAttribute("data-index")).toBe("1");
    expect(within(live).getAllByRole("button", { name: /^Show Iteration/ })).toHaveLength(2);

    const optimized = screen.getByTestId("ma-optimized-1-diagram");
    fireEvent.click(within(optimized).getByRole("button", { name: "Coordinator Coordinator" }));
    const details = screen.getByTestId("ma-optimized-1-details");
    expect(within(details).getByTestId("agent-prompt").textContent).toBe(
      "Lead the team, version 2.",
    );
    expect(within(details).getByTestId("agent-temperature").textContent).toBe("0.30");

    // On an earlier result, a new one does not pull the carousel along.
    act(() => useMultiRunStore.getState().selectIteration(0));
    act(() => useMultiRunStore.getState().addResult(result(3)));
    expect(screen.getByTestId("ma-optimized-carousel").getAttribute("data-index")).toBe("0");
  });

  it("compares against the configuration the run started from", () => {
    act(() =>
      useMultiRunStore.getState().startRun(
        {
          "master-agent": {
            name: "Coordinator",
            prompt: "Original.",
            model_name: "m",
            temperature: 0.5,
            description: "",
          },
          "worker-agents": [
            { name: "Solo", prompt: "p", model_name: "m", temperature: 0.5, description: "" },
          ],
        },
        2,
      ),
    );
    renderWithProviders(<ConfigurationEvaluation />);
    const diagram = screen.getByTestId("ma-initial-diagram");
    expect(diagram.querySelectorAll("[data-agent]")).toHaveLength(2);
    expect(within(diagram).getByRole("button", { name: "Worker Solo" })).toBeTruthy();
  });
});
