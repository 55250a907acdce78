import { notifications } from "@mantine/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FRONTIER_CHOICE_NOT_SAVED, persistFrontierChoice } from "./choice-sync";

const record = {
  id: "run-1",
  run_id: "run-1",
  created_at: "2026-11-27T10:00:00.000Z",
  mode: "single",
  status: "completed",
  configuration: {
    initial_prompt: "p",
    model_name: "m",
    temperature: 0.5,
    iterations: 1,
    dataset_name: "d",
  },
  steps: [],
  selected_step_id: null,
  initial_score: null,
  best_score: null,
  test_score: null,
  usage: { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0 },
  error: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("saving the chosen frontier point with the run", () => {
  it("PUTs each choice in the order it was made, even when the first answer is slow", async () => {
    const bodies: unknown[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toContain("/auto-tune/optimize/runs/run-1/frontier-choice");
      expect(init.method).toBe("PUT");
      const body = JSON.parse(String(init.body)) as { point: number };
      bodies.push(body);
      if (body.point === 2) await slow;
      return new Response(
        JSON.stringify({ success: true, data: { ...record, frontier_choice: body.point } }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    });
    vi.stubGlobal("fetch", fetchMock);
    const first = persistFrontierChoice("run-1", 2);
    const second = persistFrontierChoice("run-1", 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The second save waits for the first: the server ends with the last choice.
    expect(bodies).toEqual([{ point: 2 }]);
    release();
    await Promise.all([first, second]);
    expect(bodies).toEqual([{ point: 2 }, { point: 0 }]);
  });

  it("says so when the server refuses, and sends nothing without a run id", async () => {
    const show = vi.spyOn(notifications, "show").mockReturnValue("id");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, error: { message: "No such run." } }), {
          status: 404,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await persistFrontierChoice(undefined, 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await persistFrontierChoice("run-1", 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: FRONTIER_CHOICE_NOT_SAVED }),
    );
  });
});
