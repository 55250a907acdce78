/** Socket frames of a finished run as the server sends them (FinalResultSchema), for client tests. */

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
