import { DEFAULTS, DefaultsResponseSchema, INTERMEDIATE_HEADER } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { chatMessages, framedPrompt } from "./chat";
import { buildDefaults } from "./defaults";

describe("defaults", () => {
  const d = buildDefaults({
    models: ["m1", "m2"],
    defaultModel: "m2",
    datasets: ["DCH2-top-dialogs", "DCH2"],
  });

  it("has the full structure of spec §3 with the gateway's models and the bundled datasets", () => {
    expect(DefaultsResponseSchema.parse(d)).toEqual(d);
    expect(d.models).toEqual({ options: ["m1", "m2"], default: "m2" });
    expect(d.datasets).toEqual({
      options: ["DCH2-top-dialogs", "DCH2"],
      default: "DCH2-top-dialogs",
    });
    expect(d.temperature).toEqual({ default: 0.7 });
    expect(d.iterations).toEqual({ default: 4, max: 10 });
    expect(d.default_prompt).toBe("You are a helpful assistant.");
  });

  it("offers a coordinator, the Expert and Synthesizer workers and an Assistant template", () => {
    expect(d["master-agent"].description).toBe(DEFAULTS.coordinatorDescription);
    expect(d["worker-agents"].map((w) => w.name)).toEqual(["Expert", "Synthesizer"]);
    expect(d["additional-worker"].name).toBe("Assistant");
    for (const a of [d["master-agent"], ...d["worker-agents"], d["additional-worker"]]) {
      expect(a.name).toMatch(/^[A-Za-z0-9]+$/); // spec §5 worker name rule
      expect(a.model_name).toBe("m2");
      expect(a.prompt.length).toBeGreaterThan(80);
      expect(a.description.length).toBeGreaterThan(20);
      expect(a.temperature).toBeGreaterThanOrEqual(0);
      expect(a.temperature).toBeLessThanOrEqual(1);
    }
  });

  it("falls back to the spec's multi-agent dataset name when none is bundled", () => {
    expect(buildDefaults({ models: ["m"], defaultModel: "m", datasets: [] }).datasets).toEqual({
      options: [],
      default: "DCH2-top-dialogs",
    });
  });
});

describe("single-agent chat framing", () => {
  it("wraps the prompt in the fixed preamble and reminder, then maps the dialog", () => {
    expect(framedPrompt("  Be brief.  ")).toBe(
      "You are an AI assistant. Follow these instructions carefully:\n\nBe brief.\n\nRemember to follow the instructions above in every reply.",
    );
    const messages = chatMessages("P", [
      { type: "human", content: "hi" },
      { type: "ai", content: `hello\n${INTERMEDIATE_HEADER}` },
      { type: "human", content: "bye" },
    ]);
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[3]?.content).toBe("bye");
  });
});
