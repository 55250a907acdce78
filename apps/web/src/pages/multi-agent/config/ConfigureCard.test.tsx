import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok } from "../../../auth/testing";
import { useMultiRunStore } from "../../../stores/multi-run";
import { useOptimizationStore } from "../../../stores/optimization";
import "../../../test/font-loading";
import {
  DEFAULTS_RESPONSE,
  renderWithProviders,
  resetMultiAgentState,
  TEST_COORDINATOR,
} from "../testing";
import { ConfigureCard, RUNNING_HINT } from "./ConfigureCard";
import { RESET_TEXTS } from "./ResetButton";

const extra = DEFAULTS_RESPONSE["additional-worker"];

function renderCard() {
  const onOptimize = vi.fn();
  renderWithProviders(<ConfigureCard onOptimize={onOptimize} />);
  return { onOptimize };
}

const workerCard = (i: number) => screen.getByTestId(`ma-worker-${i}`);
const nameOf = (i: number) => within(workerCard(i)).getByLabelText("Name") as HTMLInputElement;
const promptOf = (i: number) =>
  within(workerCard(i)).getByLabelText("Prompt") as HTMLTextAreaElement;

describe("ConfigureCard", { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetMultiAgentState({
      ...TEST_COORDINATOR,
      additionalWorkerConfig: extra,
      availableModels: ["fixture-small", "fixture-large"],
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("adds additional-worker defaults from 2 workers on, and coordinator copies below 2", () => {
    renderCard();
    const add = screen.getByRole("button", { name: "Add worker" });
    const remove = screen.getByRole("button", { name: "Remove worker" });
    fireEvent.click(add);
    expect(screen.getByTestId("ma-worker-count").textContent).toBe("3");
    expect(nameOf(2).value).toBe("Assistant");
    expect(promptOf(2).value).toBe("Help with the rest.");

    fireEvent.click(remove);
    fireEvent.click(remove);
    expect(screen.getByTestId("ma-worker-count").textContent).toBe("1");
    expect(remove).toHaveProperty("disabled", true);
    fireEvent.click(add);
    expect(nameOf(1).value).toBe("Worker 2");
    expect(promptOf(1).value).toBe("Lead the team.");
    expect(useOptimizationStore.getState().workers[1]).toMatchObject({
      model: "fixture-large",
      temperature: 0.3,
      description: "Routes work.",
    });
  });

  it("stops adding at 10 workers", () => {
    const nine = useOptimizationStore.getState().workers[0];
    if (!nine) throw new Error("no default worker");
    useOptimizationStore.getState().update({
      workers: Array.from({ length: 9 }, (_, i) => ({ ...nine, id: `w${i}`, name: `W${i + 1}` })),
    });
    renderCard();
    const add = screen.getByRole("button", { name: "Add worker" });
    fireEvent.click(add);
    expect(screen.getByTestId("ma-worker-count").textContent).toBe("10");
    expect(add).toHaveProperty("disabled", true);
    fireEvent.click(add);
    expect(useOptimizationStore.getState().workers).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Remove worker" })).toHaveProperty("disabled", false);
  });

  it("keeps letters and digits only in worker names, typed or pasted, and blocks spaces", () => {
    renderCard();
    const name = nameOf(0);
    expect(name.title).toBe("Only letters and numbers");
    fireEvent.change(name, { target: { value: "Dr. Who 2!" } });
    expect(name.value).toBe("DrWho2");
    expect(useOptimizationStore.getState().workers[0]?.name).toBe("DrWho2");

    name.setSelectionRange(2, 2);
    fireEvent.paste(name, { clipboardData: { getData: () => " big-brain #1 " } });
    expect(name.value).toBe("Drbigbrain1Who2");

    expect(fireEvent.keyDown(name, { key: " " })).toBe(false);
    expect(fireEvent.keyDown(name, { key: "a" })).toBe(true);
  });

  it("clamps iterations above 10 with the notice and settles blanks to 1", async () => {
    renderCard();
    const input = screen.getByTestId("ma-iterations") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "15" } });
    expect(input.value).toBe("10");
    expect(useOptimizationStore.getState().multiAgentIterations).toBe(10);
    expect(
      await screen.findByText("Maximum iterations limit is 10. Value set to 10."),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: "03" } });
    expect(input.value).toBe("10");
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.blur(input);
    expect(input.value).toBe("1");
    expect(useOptimizationStore.getState().multiAgentIterations).toBe(1);
  });

  it("caps temperatures at 1 and shows two decimals", () => {
    renderCard();
    const slider = within(screen.getByTestId("ma-coordinator")).getByRole("slider");
    expect(slider.getAttribute("aria-valuemax")).toBe("1");
    expect(screen.getByTestId("ma-coordinator-temperature").textContent).toBe("0.30");
    act(() => slider.focus());
    fireEvent.keyDown(slider, { key: "End" });
    expect(useOptimizationStore.getState().coordinatorTemperature).toBe(1);
    expect(screen.getByTestId("ma-coordinator-temperature").textContent).toBe("1.00");
  });

  it("resets to the server's defaults after confirmation", async () => {
    const calls = installFakeApi({ "GET /api/auto-tune/defaults": () => ok(DEFAULTS_RESPONSE) });
    useOptimizationStore.getState().update({ coordinatorPrompt: "Edited." });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    // The confirmation dialog is a lazy chunk: give it time on a loaded machine.
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5_000 });
    expect(within(dialog).getByText(RESET_TEXTS.confirm)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset" }));
    await waitFor(() =>
      expect(useOptimizationStore.getState().coordinatorPrompt).toBe("Lead the team."),
    );
    const s = useOptimizationStore.getState();
    expect(s.workers.map((w) => w.name)).toEqual(["Expert", "Synthesizer"]);
    expect(s.workers.map((w) => w.temperature)).toEqual([0.2, 0.8]);
    expect(s.multiAgentIterations).toBe(4);
    expect(s.selectedDataset).toBe("DCH2-top-dialogs");
    expect(s.additionalWorkerConfig?.name).toBe("Assistant");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the settings and alerts when the reset fails", async () => {
    installFakeApi({ "GET /api/auto-tune/defaults": () => fail(500, "boom") });
    vi.spyOn(console, "error").mockImplementation(() => {});
    useOptimizationStore.getState().update({ coordinatorPrompt: "Edited." });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", {}, { timeout: 5_000 })).getByRole("button", {
        name: "Reset",
      }),
    );
    expect(await screen.findByText(RESET_TEXTS.failed)).toBeTruthy();
    expect(useOptimizationStore.getState().coordinatorPrompt).toBe("Edited.");
  });

  it("locks every control while a run is in progress", () => {
    useMultiRunStore.setState({ isOptimizing: true, requestedIterations: 2 });
    const { onOptimize } = renderCard();
    const button = screen.getByTestId("ma-optimize");
    expect(button.textContent).toBe("Optimizing...");
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByTestId("ma-running-hint").textContent).toBe(RUNNING_HINT);
    for (const name of ["Add worker", "Remove worker", "Reset to Defaults"]) {
      expect(screen.getByRole("button", { name })).toHaveProperty("disabled", true);
    }
    expect(nameOf(0)).toHaveProperty("disabled", true);
    expect(screen.getByTestId("ma-iterations")).toHaveProperty("disabled", true);
    fireEvent.click(button);
    expect(onOptimize).not.toHaveBeenCalled();
  });
});
