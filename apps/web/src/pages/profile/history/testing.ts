/** Test data of the History tab: history records as the server returns them. */
import type { HistoryRecord, HistoryStep } from "@promptune/contracts";

const usage = {
  calls: 12,
  input_tokens: 3400,
  output_tokens: 900,
  cost_usd: 0.01,
  cached_calls: 0,
};

/** A step of a single-agent run. */
export function step(
  runId: string,
  n: number,
  prompt: string,
  over: Partial<HistoryStep> = {},
): HistoryStep {
  return {
    id: `${runId}:${n}`,
    step_number: n,
    prompt,
    model_name: "gpt-4o-mini",
    temperature: 0.5,
    accepted: true,
    validation_score: 0.5 + n / 10,
    embedding_point: { x: n / 10, y: -n / 10 },
    evaluation_point: { x: n, y: 50 + n * 10 },
    ...over,
  };
}

/** A finished single-agent run with `prompts.length` steps. */
export function singleRecord(
  id: string,
  createdAt: string,
  prompts: string[],
  over: Partial<HistoryRecord> = {},
): HistoryRecord {
  return {
    id,
    run_id: id,
    created_at: createdAt,
    mode: "single",
    status: "completed",
    configuration: {
      initial_prompt: `Initial prompt of ${id}`,
      model_name: "gpt-4o-mini",
      temperature: 0.35,
      iterations: prompts.length,
      dataset_name: "customer-help",
    },
    steps: prompts.map((p, i) => step(id, i + 1, p)),
    selected_step_id: null,
    initial_score: 0.4,
    best_score: 0.8,
    test_score: 0.75,
    usage,
    error: null,
    ...over,
  };
}
