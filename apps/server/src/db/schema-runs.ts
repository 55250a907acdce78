/**
 * Kysely row types for tuning runs: the run itself, its per-iteration data,
 * and the compared examples with each candidate's and frontier point's
 * answers (the evidence). Split out of `schema.ts` (which re-exports it and
 * maps the tables) to keep the schema readable by feature.
 */

export interface RunsTable {
  id: string;
  user_id: string;
  /** "single" | "multi" */
  mode: string;
  /** "queued" | "running" | "completed" | "failed" | "cancelled" */
  status: string;
  /** The validated socket request (JSON). */
  request: string;
  dataset_name: string;
  iterations: number;
  seed: number;
  /** Engine checkpoint after the last finished iteration (JSON). */
  checkpoint: string | null;
  /** FinalResult sent with `complete` (JSON). */
  final_result: string | null;
  /** Usage so far (JSON, contracts UsageSchema). */
  usage: string;
  initial_score: number | null;
  best_score: number | null;
  test_score: number | null;
  /** Held-out comparison of initial vs presented configuration (JSON, HeldOutComparisonSchema). */
  held_out: string | null;
  /** The estimate the run was started with (JSON, RunEstimateSchema); its max_calls caps the run. */
  estimate: string | null;
  /** The cost–quality frontier (JSON array, FrontierPointSchema); null without candidate models. */
  frontier: string | null;
  /** The frontier point the user chose (index into `frontier`); null: the recommended one. */
  frontier_choice: number | null;
  selected_step: number | null;
  /** The presented iteration of a finished run (its final result's best_iteration). */
  best_iteration: number | null;
  /**
   * The temperature a finished single-agent run presents (its final result's), which the end's
   * temperature probe may have moved from the presented iteration's own; null for multi-agent runs.
   */
  presented_temperature: number | null;
  error: string | null;
  /** Times the run was started (first start and every resume). */
  attempts: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Until when the executing process holds the run (renewed while it runs); null when idle. */
  lease_until: string | null;
  /** Characters of the request plus the stored iterations (what its history record is built from). */
  stored_chars: number;
}

export interface RunIterationsTable {
  run_id: string;
  iteration: number;
  /** The iteration's data as sent on the socket (JSON). */
  data: string;
  created_at: string;
}

/** A compared example's input, stored once per run (migration 20261124_6). */
export interface RunExamplesTable {
  run_id: string;
  example_id: string;
  /** "validation" or "test". */
  split: string;
  position: number;
  /** JSON: { dialog, reference, rubric }. */
  example: string;
}

/** One candidate's answer to one example (migration 20261124_6). */
export interface RunEvidenceTable {
  run_id: string;
  /** Creating iteration of the candidate. */
  candidate: number;
  split: string;
  example_id: string;
  score: number;
  feedback: string;
  /** One character per rubric item, "1" met or "0" not; null when the judge gave no per-item verdicts. */
  rubric_met: string | null;
  reply: string;
  trace: string;
}

/** A frontier point's answer to one example; see migration 20261125_c0_frontier_evidence. */
export interface RunFrontierEvidenceTable extends Omit<RunEvidenceTable, "candidate"> {
  /** Index of the point in the run's frontier (`runs.frontier`, cheapest first). */
  point: number;
}
