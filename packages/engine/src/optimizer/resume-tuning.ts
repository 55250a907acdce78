/**
 * A run's minibatch and failure count belong to the run, not to the engine
 * that resumes it. Both are part of a checkpoint's fingerprint (a different
 * minibatch makes a different run), so without this a resumed run would read
 * the engine's current defaults and a change of them between a run's start
 * and its resume (a deploy while the run waits) would refuse the checkpoint.
 */
import type { RunTuning } from "./types";

/** What a run's options say about its tuning and the checkpoint it resumes from. */
interface TunableOptions {
  minibatchSize?: number;
  reflectionExtra?: number;
  resumeFrom?: { tuning?: RunTuning };
}

/**
 * The options with the minibatch and failure count of the checkpoint they
 * resume from wherever the caller set none, so the resumed run keeps the
 * settings it started with. `unrecorded` stands for checkpoints written
 * before the tuning was recorded: the defaults of the engine that wrote them.
 */
export function withResumedTuning<O extends TunableOptions>(options: O, unrecorded?: RunTuning): O {
  const tuning = options.resumeFrom ? (options.resumeFrom.tuning ?? unrecorded) : undefined;
  if (!tuning) return options;
  return {
    ...options,
    minibatchSize: options.minibatchSize ?? tuning.minibatchSize,
    reflectionExtra: options.reflectionExtra ?? tuning.reflectionExtra,
  };
}
