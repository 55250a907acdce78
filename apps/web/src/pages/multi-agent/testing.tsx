/**
 * Test helpers of the multi-agent page: providers for rendering, a clean
 * store state, the defaults response the fake API answers, and a
 * multi-agent update message.
 */
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { useMultiRunStore } from "../../stores/multi-run";
import { type OptimizationSettings, useOptimizationStore } from "../../stores/optimization";

/** Renders `ui` with Mantine (test environment: no transitions), notifications and a router. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

/** The coordinator of the defaults response, as optimization settings. */
export const TEST_COORDINATOR = {
  coordinatorPrompt: "Lead the team.",
  coordinatorModel: "fixture-large",
  coordinatorTemperature: 0.3,
  coordinatorDescription: "Routes work.",
} satisfies Partial<OptimizationSettings>;

/**
 * Gives a test a clean slate: nothing stored, the optimization settings
 * reset and then set to `settings`, and no run.
 */
export function resetMultiAgentState(settings: Partial<OptimizationSettings>): void {
  localStorage.clear();
  useOptimizationStore.getState().reset();
  useOptimizationStore.getState().update(settings);
  useMultiRunStore.getState().clear();
}

const agent = (name: string, prompt: string, temperature = 0.5, description = `${name} role`) => ({
  name,
  prompt,
  model_name: "fixture-large",
  temperature,
  description,
});

/** A defaults response (DefaultsResponseSchema) with a recognisable team. */
export const DEFAULTS_RESPONSE = {
  models: { options: ["fixture-small", "fixture-large"], default: "fixture-large" },
  datasets: { options: ["DCH2-top-dialogs", "math-tutor"], default: "DCH2-top-dialogs" },
  temperature: { default: 0.7 },
  iterations: { default: 4, max: 10 },
  default_prompt: "You are a helpful assistant.",
  "master-agent": agent("Coordinator", "Lead the team.", 0.3, "Routes work."),
  "worker-agents": [agent("Expert", "Know facts.", 0.2), agent("Synthesizer", "Write well.", 0.8)],
  "additional-worker": agent("Assistant", "Help with the rest.", 0.6, "Versatile helper."),
};

/** One `update` message of the multi-agent socket for iteration `n`. */
export function multiUpdate(n: number, workerNames: string[] = ["Expert", "Synthesizer"]) {
  return {
    type: "update",
    data: {
      iteration: n,
      prompt: `Lead the team, version ${n}.`,
      temperature: 0.3,
      "master-agent": agent("Coordinator", `Lead the team, version ${n}.`, 0.3, "Routes work."),
      "worker-agents": workerNames.map((w) => agent(w, `${w} prompt v${n}`, 0.45)),
      evaluation_point: { x: n, y: 50 + n * 5 },
      embedding_point: { x: n / 10, y: 0.2 },
      accepted: true,
      parent: n - 1,
      validation_score: 0.5 + n / 20,
      usage: { calls: 4, input_tokens: 10, output_tokens: 5, cost_usd: 0, cached_calls: 0 },
      ...(n === 1
        ? {
            baseline: {
              evaluation_point: { x: 0, y: 42 },
              embedding_point: { x: 0, y: 0 },
              validation_score: 0.42,
            },
          }
        : {}),
    },
  };
}
