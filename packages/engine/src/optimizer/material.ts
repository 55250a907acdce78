/**
 * What the reflection reads about a parent: its minibatch results, then its
 * other cached train failures, then — while slots are left — failures of its
 * ancestors on train examples the parent itself has not answered yet.
 *
 * Why the ancestors: a young parent has answered only the few examples it
 * was accepted on, so its own failures rarely cover the kinds of request a
 * prompt still gets wrong. An ancestor's failure on an example the parent
 * has not seen usually still stands (the edits since were made for other
 * examples); the reflection is told it came from an earlier version, so it
 * can judge whether the current prompt already handles it. Costs no call.
 */
import type { DatasetExample } from "@promptune/contracts";
import { type ExampleEvaluation, isScored } from "./evaluate";
import { ancestors } from "./merge";
import type { RunState } from "./state";
import type { ReflectionExample, TrainEvaluation } from "./types";

const EPS = 1e-9;

/** How the material is drawn. */
export interface MaterialSettings {
  /** Failures shown beyond the minibatch. */
  extra: number;
  /** Fill the slots the parent's own failures leave with its ancestors' failures. */
  inherited: boolean;
  /**
   * The prompt improved is a draft of the parent's (draft.ts), not the parent:
   * its failures on the minibatch it passed come first, and the parent's own
   * failures are then an earlier version's too.
   */
  draft?: { batch: readonly number[]; evaluations: readonly ExampleEvaluation[] };
}

function shown(train: readonly DatasetExample[], t: TrainEvaluation, inherited: boolean) {
  const { score, feedback, reply, trace, consulted } = t;
  const example = train[t.example] as DatasetExample;
  return {
    example,
    score,
    feedback,
    reply,
    trace,
    consulted,
    ...(inherited ? { inherited: true as const } : {}),
  };
}

/**
 * The reflection material for `parent` on minibatch `batch` (train indices)
 * with its `evaluations`: scored minibatch results, then up to
 * `settings.extra` failures — a draft's on its own minibatch (when the
 * prompt improved is one), the parent's own most recent first, then its
 * ancestors' (nearest ancestor first, each example once).
 */
export function reflectionMaterial<C>(
  train: readonly DatasetExample[],
  state: RunState<C>,
  parent: number,
  batch: readonly number[],
  evaluations: readonly ExampleEvaluation[],
  settings: MaterialSettings,
): ReflectionExample[] {
  const material: ReflectionExample[] = evaluations.flatMap((e, k) =>
    isScored(e.score) ? [{ example: train[batch[k] as number] as DatasetExample, ...e }] : [],
  );
  if (settings.extra <= 0) return material;
  const draft = settings.draft;
  const drafted = (draft?.evaluations ?? []).flatMap((e, k) =>
    isScored(e.score) && e.score < 1 - EPS
      ? [{ example: train[draft?.batch[k] as number] as DatasetExample, ...e }]
      : [],
  );
  material.push(...drafted.slice(0, settings.extra));
  const answered = [...batch, ...(draft?.batch ?? [])];
  const newestFirst = [...state.trainCache.values()].reverse();
  const own = newestFirst.filter((t) => t.candidate === parent);
  const failed = (t: TrainEvaluation) => t.score < 1 - EPS && !answered.includes(t.example);
  const picked = own.filter(failed).slice(0, Math.max(0, settings.extra - drafted.length));
  material.push(...picked.map((t) => shown(train, t, draft !== undefined)));
  const filled = drafted.length + picked.length;
  if (!settings.inherited || filled >= settings.extra) return material;
  // Examples the parent answered speak for themselves: an ancestor's failure there is stale.
  const taken = new Set([...answered, ...own.map((t) => t.example)]);
  let room = settings.extra - filled;
  for (const ancestor of ancestors(state.candidates, parent)) {
    for (const t of newestFirst) {
      if (room <= 0) return material;
      if (t.candidate !== ancestor || !failed(t) || taken.has(t.example)) continue;
      taken.add(t.example);
      material.push(shown(train, t, true));
      room--;
    }
  }
  return material;
}
