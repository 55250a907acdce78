import { z } from "zod";
import { envInt as int, optionalEnvInt } from "../env-helpers";

/** Environment of optimisation runs and datasets. */
export const RunsEnvSchema = z.object({
  /**
   * Seed of every run's optimiser randomness (minibatches, parent choice).
   * Unset: each run draws its own. Set it for reproducible demos and
   * browser tests, where a run's outcome must not depend on chance.
   */
  RUN_SEED: optionalEnvInt(1, 2 ** 31 - 2),
  /** Runs one user may have queued or running at once. */
  RUNS_MAX_ACTIVE_PER_USER: int(3, 1, 1000),
  /** Runs executing at once inside one web process (embedded mode). */
  RUNS_CONCURRENCY: int(256, 1, 10_000),
  /** Run sockets one user may have open at once in each web process (more are closed with 1008). */
  SOCKETS_MAX_PER_USER: int(10, 1, 1000),
  /** A run socket that sends no first message within this many ms is closed with 1008. */
  SOCKET_IDLE_TIMEOUT_MS: int(10_000, 500, 600_000),
  /** Most model calls in flight per run (a ceiling: the gateway's adaptive provider limit governs). */
  RUN_CALL_CONCURRENCY: int(32, 1, 256),
  /** Runs one `npm run worker` process executes at once (scale-out mode). */
  WORKER_CONCURRENCY: int(16, 1, 1000),
  /** Lock lifetime of a run held by a worker; a dead worker's run is taken over after it. */
  RUN_LOCK_MS: int(30_000, 1_000, 600_000),
  /** Times an unfinished run is resumed (after a crash or restart) before it is marked failed. */
  RUNS_MAX_RESUMES: int(3, 0, 100),
  /** Lease of a running run, renewed by the process executing it; a run whose lease ended is repaired. */
  RUN_LEASE_MS: int(60_000, 1_000, 3_600_000),
  /**
   * While a run is paused by a provider outage, how often one small probe
   * call asks the provider whether it answers again (the run resumes after
   * the first answer).
   */
  RUN_OUTAGE_PROBE_MS: int(15_000, 50, 3_600_000),
  /**
   * Longest a run stays paused by one provider outage; then it fails with the
   * provider's error. 0: a sustained outage fails the run at once.
   */
  RUN_OUTAGE_MAX_PAUSE_MS: int(21_600_000, 0, 604_800_000),
  /** How often the maintenance sweeper repairs stuck runs and purges expired sessions and tokens. */
  MAINTENANCE_INTERVAL_MS: int(60_000, 100, 3_600_000),
  /** Runs one user keeps in history; starting another deletes their oldest finished runs beyond it. */
  RUNS_MAX_STORED_PER_USER: int(200, 1, 1_000_000),
  /** Characters one run may store (request plus iterations, estimated before it starts; 413 beyond). */
  RUN_MAX_STORED_CHARS: int(1_000_000, 10_000, 1_000_000_000),
  /** Characters of stored runs one history page may carry (it ends early; at least one run). */
  HISTORY_PAGE_MAX_CHARS: int(2_000_000, 10_000, 1_000_000_000),
  /** Run estimates (POST /auto-tune/optimize/estimate) one user may ask for per minute, over all processes. */
  ESTIMATE_RATE_LIMIT_PER_MINUTE: int(120, 1, 100_000),
  /** Datasets one user may keep. */
  DATASETS_MAX_PER_USER: int(50, 1, 100_000),
  /** Characters of stored examples one user may keep in all their datasets. */
  DATASETS_MAX_CHARS_PER_USER: int(20_000_000, 1_000, 10_000_000_000),
  /** Dataset uploads one user may make per hour. */
  DATASET_UPLOADS_PER_HOUR: int(30, 1, 100_000),
  /** Prefix of every Redis key and channel (several deployments can share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("promptune"),
  /** Folder of the bundled datasets (defaults to the repository's datasets/). */
  DATASETS_DIR: z.string().optional(),
});
