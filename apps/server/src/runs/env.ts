import { z } from "zod";

const int = (def: number, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(min).max(max).default(def),
  );

/** Environment of optimisation runs and datasets. */
export const RunsEnvSchema = z.object({
  /** Runs one user may have queued or running at once. */
  RUNS_MAX_ACTIVE_PER_USER: int(3, 1, 1000),
  /** Runs executing at once inside one web process (embedded mode). */
  RUNS_CONCURRENCY: int(256, 1, 10_000),
  /** Most model calls in flight per run (a ceiling: the gateway's adaptive provider limit governs). */
  RUN_CALL_CONCURRENCY: int(32, 1, 256),
  /** Runs one `npm run worker` process executes at once (scale-out mode). */
  WORKER_CONCURRENCY: int(16, 1, 1000),
  /** Lock lifetime of a run held by a worker; a dead worker's run is taken over after it. */
  RUN_LOCK_MS: int(30_000, 1_000, 600_000),
  /** Prefix of every Redis key and channel (several deployments can share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("promptune"),
  /** Folder of the bundled datasets (defaults to the repository's datasets/). */
  DATASETS_DIR: z.string().optional(),
});
