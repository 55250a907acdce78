/**
 * Driving one run's engine to its end: replaying stored updates to a resumed
 * run's sockets, then saving each iteration (checkpoint, usage, evidence)
 * before publishing it, and returning the final result. Split from
 * executor.ts, which wraps this in leases, outage pauses and the run's end.
 */
import type { DatasetExample, FinalResult, MultiAgentIteration } from "@promptune/contracts";
import type {
  CandidateEvidence,
  FrontierEvidence,
  IterationResult,
  LlmPort,
} from "@promptune/engine";
import { startEngine } from "./engine-start";
import type { RunEvent } from "./events";
import type { RunExecutorDeps } from "./executor";
import { multiFinal, multiIteration, singleFinal, singleIteration, toUsage } from "./mapping";
import { withCostCapNotice, withEstimate } from "./outcome-messages";
import type { RunRow } from "./repository";

/** A database call of run `runId`, retried through transient errors (executor.ts's `db`). */
export type RunDb = <T>(runId: string, operation: () => Promise<T>) => Promise<T>;

/** Drives one run's engine to its final result (see createRunDriver). */
export type RunDriver = (
  run: RunRow,
  d: RunExecutorDeps,
  llm: LlmPort,
  signal: AbortSignal,
) => Promise<FinalResult>;

/**
 * Creates the driver of runs: it starts a run's engine, re-announces the
 * iterations already stored (the process that died may have saved one
 * without publishing it), then stores every new iteration and its evidence
 * through `db` before publishing it, so a resumed run never loses or skips
 * one. Multi-agent iteration 0 is stored, not published: its points ride on
 * iteration 1 as `baseline`.
 */
export function createRunDriver(deps: RunExecutorDeps, db: RunDb): RunDriver {
  async function drive(
    run: RunRow,
    d: RunExecutorDeps,
    llm: LlmPort,
    signal: AbortSignal,
  ): Promise<FinalResult> {
    const engine = await startEngine(run, d, llm, signal);
    const publish = (event: RunEvent) => d.events.publish(run.id, event);
    // A resumed run re-announces what it had stored: the process that died may
    // have saved an iteration without publishing it. Sockets drop duplicates.
    const stored = await db(run.id, () => d.runs.iterations(run.id));
    for (const s of stored) {
      if (engine.mode === "multi" && s.iteration === 0) continue;
      await publish({ type: "update", data: JSON.parse(s.data) });
    }
    if (engine.mode === "single") {
      let step = await engine.gen.next();
      while (!step.done) {
        const r = step.value;
        const data = singleIteration(r, engine.request);
        await saveEvidence(run.id, r.evidence, engine.examples);
        await save(run.id, r, data);
        await publish({ type: "update", data, sent_at: Date.now() });
        step = await engine.gen.next();
      }
      await saveFinalEvidence(run.id, step.value, engine.examples);
      return withEstimate(withCostCapNotice(singleFinal(run.id, step.value), step.value, run), run);
    }
    // Multi-agent: iteration 0 is stored; its points ride on iteration 1 as `baseline`.
    let baseline: MultiAgentIteration["baseline"];
    const zero = stored.find((s) => s.iteration === 0);
    if (zero) {
      const z = JSON.parse(zero.data) as MultiAgentIteration;
      baseline = {
        evaluation_point: z.evaluation_point,
        embedding_point: z.embedding_point,
        validation_score: z.validation_score,
        ...(z.validation_interval ? { validation_interval: z.validation_interval } : {}),
      };
    }
    let step = await engine.gen.next();
    while (!step.done) {
      const r = step.value;
      const data = multiIteration(r);
      await saveEvidence(run.id, r.evidence, engine.examples);
      if (r.iteration === 0) {
        baseline = {
          evaluation_point: data.evaluation_point,
          embedding_point: data.embedding_point,
          validation_score: data.validation_score,
          validation_interval: data.validation_interval ?? null,
        };
        await save(run.id, r, data);
      } else {
        const sent = r.iteration === 1 && baseline ? { ...data, baseline } : data;
        await save(run.id, r, sent);
        await publish({ type: "update", data: sent, sent_at: Date.now() });
      }
      step = await engine.gen.next();
    }
    await saveFinalEvidence(run.id, step.value, engine.examples);
    return withEstimate(withCostCapNotice(multiFinal(run.id, step.value), step.value, run), run);
  }

  /** Stores per-example evidence before the iteration (or the completion) it belongs to. */
  async function saveEvidence(
    runId: string,
    evidence: readonly CandidateEvidence[],
    examples: readonly DatasetExample[],
  ): Promise<void> {
    const repo = deps.evidence;
    if (!repo || evidence.length === 0) return;
    await db(runId, () => repo.save(runId, evidence, examples));
  }

  /**
   * Stores a finished run's evidence (the held-out test's answers and the
   * frontier points') before the completion it belongs to; both modes.
   */
  async function saveFinalEvidence(
    runId: string,
    final: {
      testEvidence: readonly CandidateEvidence[];
      frontierEvidence?: readonly FrontierEvidence[];
    },
    examples: readonly DatasetExample[],
  ): Promise<void> {
    await saveEvidence(runId, final.testEvidence, examples);
    const repo = deps.evidence;
    const frontier = final.frontierEvidence ?? [];
    if (!repo || frontier.length === 0) return;
    await db(runId, () => repo.saveFrontier(runId, frontier, examples));
  }

  async function save<C>(runId: string, r: IterationResult<C>, data: unknown): Promise<void> {
    await db(runId, () =>
      deps.runs.saveIteration(runId, r.iteration, data, {
        checkpoint: r.checkpoint,
        usage: toUsage(r.totalUsage),
        ...(r.iteration === 0 ? { initialScore: r.validationScore } : {}),
      }),
    );
  }

  return drive;
}
