/** Socket frames of a run as the server sends them (contracts' schemas), for client tests. */

/**
 * A single-agent `update` frame of `iteration` for run `run_id` (default
 * "run-1"), with prompt `Prompt <iteration>` unless given; scores and usage
 * are fixed, valid values.
 */
export function updateFrame(
  iteration: number,
  overrides: { run_id?: string; prompt?: string } = {},
) {
  return {
    type: "update",
    run_id: overrides.run_id ?? "run-1",
    data: {
      iteration,
      prompt: overrides.prompt ?? `Prompt ${iteration}`,
      model_name: "gpt-4o",
      temperature: 0.4,
      evaluation_point: { x: iteration, y: 40 },
      embedding_point: { x: 0, y: 0 },
      accepted: true,
      parent: null,
      validation_score: 0.4,
      usage: { calls: 1, input_tokens: 1, output_tokens: 1, cost_usd: 0, cached_calls: 0 },
    },
  };
}

/** A `complete` frame: the best iteration's prompt, scores in [0, 1]. */
export function completeFrame(
  overrides: { run_id?: string; prompt?: string; prompts?: string[]; best_iteration?: number } = {},
) {
  const prompts = overrides.prompts ?? [overrides.prompt ?? "Final prompt."];
  return {
    type: "complete",
    result: {
      run_id: overrides.run_id ?? "run-1",
      prompt: overrides.prompt ?? prompts.at(-1) ?? "",
      prompts,
      totalIterations: prompts.length,
      evaluation_point: { x: prompts.length, y: 60 },
      embedding_point: { x: 0.1, y: 0.2 },
      temperature: 0.7,
      best_iteration: overrides.best_iteration ?? prompts.length,
      initial_score: 0.3,
      best_validation_score: 0.6,
      test_score: 0.55,
      initial_test_score: 0.3,
      usage: { calls: 30, input_tokens: 3000, output_tokens: 300, cost_usd: 0.03, cached_calls: 0 },
    },
  };
}
