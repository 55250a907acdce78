import { describe, expect, it } from "vitest";
import {
  formatHistoryDate,
  historyRows,
  integrationFromHistory,
  optimizerLoadFromHistory,
  presentedStep,
  promptPreview,
  STATUS_LABELS,
  scoreLabel,
  stepsLabel,
} from "./mapping";
import { singleRecord } from "./testing";

describe("history dates", () => {
  it("formats day/month/year hour:minute in the Russian locale", () => {
    expect(formatHistoryDate("2026-11-21T09:05:00.000Z", "UTC")).toBe("21.11.2026, 09:05");
    expect(formatHistoryDate("2026-11-21T09:05:00.000Z", "Europe/Moscow")).toBe(
      "21.11.2026, 12:05",
    );
    expect(formatHistoryDate("2026-01-02T23:59:30.000Z", "UTC")).toBe("02.01.2026, 23:59");
    expect(formatHistoryDate("not a date")).toBe("not a date");
  });
});

describe("history rows", () => {
  it("maps records to rows newest first with the step count, iterations and dataset", () => {
    const rows = historyRows(
      [
        singleRecord("old", "2026-11-01T10:00:00.000Z", ["a"]),
        singleRecord("new", "2026-11-20T08:30:00.000Z", ["a", "b", "c"], { status: "failed" }),
      ],
      "UTC",
    );
    expect(
      rows.map((r) => [r.id, r.date, r.stepsLabel, r.iterations, r.dataset, r.status]),
    ).toEqual([
      ["new", "20.11.2026, 08:30", "3 optimized steps", 3, "customer-help", "failed"],
      ["old", "01.11.2026, 10:00", "1 optimized step", 1, "customer-help", "completed"],
    ]);
    expect(stepsLabel(0)).toBe("0 optimized steps");
  });
});

describe("load into optimizer", () => {
  it("takes the initial prompt, every step's prompt in order, and the run's settings", () => {
    const record = singleRecord("r1", "2026-11-20T08:30:00.000Z", ["p1", "p2", "p3"]);
    record.steps.reverse();
    const load = optimizerLoadFromHistory(record);
    expect(load.settings).toEqual({
      initialPrompt: "Initial prompt of r1",
      botPrompt: "Initial prompt of r1",
      selectedDataset: "customer-help",
      selectedModel: "gpt-4o-mini",
      temperature: 0.35,
      iterations: 3,
    });
    expect(load.prompts).toEqual(["p1", "p2", "p3"]);
    expect(load.results.map((r) => [r.iteration, r.prompt, r.evaluation_point?.y])).toEqual([
      [1, "p1", 60],
      [2, "p2", 70],
      [3, "p3", 80],
    ]);
    expect(load.selectedIndex).toBe(2);
  });

  it("falls back to DCH2, gpt-4o, 0.7 and the number of steps", () => {
    const record = singleRecord("r2", "2026-11-20T08:30:00.000Z", ["p1", "p2"], {
      selected_step_id: "r2:1",
    });
    record.configuration = {
      ...record.configuration,
      dataset_name: "",
      model_name: "",
      temperature: Number.NaN,
      iterations: 0,
    };
    const load = optimizerLoadFromHistory(record);
    expect(load.settings).toMatchObject({
      selectedDataset: "DCH2",
      selectedModel: "gpt-4o",
      temperature: 0.7,
      iterations: 2,
    });
    expect(load.selectedIndex).toBe(0);
  });
});

describe("load to integration", () => {
  const connector = { username: "@alice", friends_usernames: ["@bob"] };

  it("uses the initial prompt for the before bot and the last step's prompt for the after bot", () => {
    const record = singleRecord("r3", "2026-11-20T08:30:00.000Z", ["p1", "p2"]);
    record.steps[1] = { ...(record.steps[1] as (typeof record.steps)[number]), temperature: 0.9 };
    expect(integrationFromHistory(record, connector)).toEqual({
      username: "@alice",
      friends_usernames: ["@bob"],
      init_config: { model_name: "gpt-4o-mini", prompt: "Initial prompt of r3", temperature: 0.35 },
      opti_config: { model_name: "gpt-4o-mini", prompt: "p2", temperature: 0.9 },
    });
  });

  it("sends the last step at the run's presented temperature when it is the presented one", () => {
    const record = singleRecord("r6", "2026-11-20T08:30:00.000Z", ["p1", "p2"]);
    record.steps[1] = { ...(record.steps[1] as (typeof record.steps)[number]), temperature: 0.9 };
    // The end's probe presented step 2 at 0.1, not at the 0.9 it was searched at.
    const presented = { ...record, best_iteration: 2, presented_temperature: 0.1 };
    expect(integrationFromHistory(presented, connector).opti_config.temperature).toBe(0.1);
    // Another step presented: the last step keeps its own temperature.
    const earlier = { ...record, best_iteration: 1, presented_temperature: 0.1 };
    expect(integrationFromHistory(earlier, connector).opti_config.temperature).toBe(0.9);
  });

  it("puts the presented prompt on the recommended frontier point's model and temperature", () => {
    const frontierPoint = {
      temperature: 0,
      prompt: "p2",
      score: 0.8,
      ci_low: 0.7,
      ci_high: 0.9,
      cost_per_1k_usd: 0.2,
      calls_per_reply: 1,
    };
    const record = singleRecord("r5", "2026-11-20T08:30:00.000Z", ["p1", "p2"], {
      frontier: [
        { ...frontierPoint, model_name: "cheap", recommended: true },
        { ...frontierPoint, model_name: "gpt-4o-mini", temperature: 0.9, recommended: false },
      ],
    });
    expect(integrationFromHistory(record, connector).opti_config).toEqual({
      model_name: "cheap",
      prompt: "p2",
      temperature: 0,
    });
    // The point the user chose (kept with the run) wins over the recommended one...
    expect(
      integrationFromHistory({ ...record, frontier_choice: 1 }, connector).opti_config,
    ).toEqual({ model_name: "gpt-4o-mini", prompt: "p2", temperature: 0.9 });
    // ...and a choice naming no point falls back to the recommended one.
    expect(
      integrationFromHistory({ ...record, frontier_choice: 7 }, connector).opti_config.model_name,
    ).toBe("cheap");
  });

  it("uses the initial prompt for both bots when the run has no steps", () => {
    const record = singleRecord("r4", "2026-11-20T08:30:00.000Z", []);
    const integration = integrationFromHistory(record, connector);
    expect(integration.opti_config).toEqual(integration.init_config);
    expect(integration.opti_config.prompt).toBe("Initial prompt of r4");
  });
});

describe("row labels", () => {
  it("previews prompts on one line, formats scores and names statuses", () => {
    expect(promptPreview("  Line one\n\nline   two  ")).toBe("Line one line two");
    expect(promptPreview("x".repeat(200))).toHaveLength(90);
    expect(promptPreview("x".repeat(200)).endsWith("…")).toBe(true);
    expect(promptPreview("")).toBe("(empty prompt)");
    expect(scoreLabel(0.8123)).toBe("81.2%");
    expect(scoreLabel(null)).toBe("—");
    expect(STATUS_LABELS.cancelled).toBe("Stopped");
  });

  it("presents the selected step, else the best by validation score", () => {
    const record = singleRecord("r5", "2026-11-20T08:30:00.000Z", ["p1", "p2", "p3"]);
    record.steps = record.steps.map((s, i) => ({
      ...s,
      validation_score: [0.6, 0.9, 0.7][i] ?? 0,
    }));
    expect(presentedStep(record)?.prompt).toBe("p2");
    expect(presentedStep({ ...record, selected_step_id: "r5:3" })?.prompt).toBe("p3");
    expect(presentedStep({ ...record, steps: [] })).toBeUndefined();
  });
});
