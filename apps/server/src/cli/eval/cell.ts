/**
 * Scoring one configuration (a prompt with a model and temperature, or a
 * multi-agent configuration) on a list of examples, `repeat` times. Results
 * are collected as each example finishes, so Ctrl-C or a provider failure
 * still leaves the examples scored so far for a partial report.
 */
import type { DatasetExample, EvalExampleResult } from "@promptune/contracts";
import { evaluateCandidate, isAbortError, type ModeAdapter, type Scorer } from "@promptune/engine";
import type { LlmGateway } from "../../llm";
import { LlmError } from "../../llm";
import type { Progress } from "../reporters/progress";

/** How a cell ended. */
export type CellStatus = "complete" | "interrupted" | "provider_failed";

/** What scoring a cell produced. */
export interface CellOutcome {
  /** Examples with at least one scored repetition, in the order given. */
  results: EvalExampleResult[];
  status: CellStatus;
  /** The error that ended a partial cell (rethrown by the command for its exit code). */
  error?: unknown;
  durationMs: number;
}

/** Everything a cell needs. */
export interface CellInput<C> {
  adapter: ModeAdapter<C>;
  candidate: C;
  examples: readonly DatasetExample[];
  scorer: Scorer;
  gateway: LlmGateway;
  progress: Progress;
  signal: AbortSignal;
  repeat: number;
  passScore: number;
}

interface Scored {
  scores: number[];
  feedback: string;
  reply: string;
  durationMs: number;
}

/** The status a failure gives a cell; other errors are bugs and propagate. */
function statusOf(err: unknown, signal: AbortSignal): CellStatus | null {
  if (signal.aborted || isAbortError(err)) return "interrupted";
  if (err instanceof LlmError) return "provider_failed";
  return null;
}

/** Scores the cell; never throws for Ctrl-C or a provider failure (see `status`). */
export async function scoreCell<C>(input: CellInput<C>): Promise<CellOutcome> {
  const { examples, repeat, gateway, progress } = input;
  const started = performance.now();
  const scored = new Map<string, Scored>();
  const begun = new Map<string, number>();
  let done = 0;
  const total = examples.length * repeat;
  const tick = () => progress.update({ unit: "example", done, total, usage: gateway.totals() });
  const adapter: ModeAdapter<C> = Object.create(input.adapter);
  // The engine leaves an example whose calls failed transiently unscored and carries on; an eval
  // must not pass on fewer examples, so the last such failure ends the cell as provider_failed.
  let lastFailure: unknown;
  const noting = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      lastFailure = err;
      throw err;
    }
  };
  adapter.run = (llm, candidate, example, signal) => {
    begun.set(example.id, performance.now());
    return noting(() => input.adapter.run(llm, candidate, example, signal));
  };
  const scorer: Scorer = async (example, reply, signal) => {
    const verdict = await noting(() => input.scorer(example, reply, signal));
    const entry = scored.get(example.id) ?? { scores: [], feedback: "", reply: "", durationMs: 0 };
    entry.scores.push(verdict.score);
    entry.feedback = verdict.feedback;
    entry.reply = reply;
    entry.durationMs = performance.now() - (begun.get(example.id) ?? performance.now());
    scored.set(example.id, entry);
    done++;
    tick();
    return verdict;
  };
  tick();
  let status: CellStatus = "complete";
  let error: unknown;
  try {
    for (let r = 0; r < repeat; r++) {
      await evaluateCandidate(
        { adapter, llm: gateway, scorer, scorerDepth: 0 },
        input.candidate,
        examples,
        input.signal,
      );
    }
    if (done < total && lastFailure !== undefined) throw lastFailure;
  } catch (caught) {
    // No example could be scored: the engine reports an outage; the provider's own error says why.
    const err =
      caught instanceof Error && caught.name === "ProviderOutageError" && lastFailure !== undefined
        ? lastFailure
        : caught;
    const failed = statusOf(err, input.signal);
    if (!failed) throw err;
    status = failed;
    error = err;
  } finally {
    progress.done();
  }
  const results: EvalExampleResult[] = [];
  for (const example of examples) {
    const s = scored.get(example.id);
    if (!s) continue;
    const score = s.scores.reduce((a, b) => a + b, 0) / s.scores.length;
    results.push({
      id: example.id,
      score,
      passed: score >= input.passScore,
      feedback: s.feedback,
      reply: s.reply,
      ...(repeat > 1 ? { scores: s.scores } : {}),
      duration_ms: Math.round(s.durationMs),
    });
  }
  return { results, status, error, durationMs: performance.now() - started };
}
