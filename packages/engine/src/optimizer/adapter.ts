/**
 * What distinguishes single- from multi-agent optimisation: how a candidate
 * answers a dialog, what text identifies and embeds it, which components it
 * has and how reflection rewrites one of them. The search loop is shared.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { LlmPort } from "../ports";
import type { Prng } from "../util/prng";
import type { ReflectionExample } from "./types";

/** A candidate's answer to one example. */
export interface AgentRun {
  reply: string;
  /** Human-readable trajectory for reflection ("" for a single agent). */
  trace: string;
  /** Workers (by index) whose output went into the reply; [] for a single agent. */
  consulted: number[];
  /** Longest chain of dependent model calls it took. */
  depth: number;
  /** Model calls it took. */
  calls: number;
}

/** A reflection's proposal: the new candidate and the rationale given. */
export interface Proposal<C> {
  config: C;
  rationale: string;
  /** What changed, when the proposal edited something other than the picked component. */
  component?: string;
  /** A removal edit: kept when the minibatch score holds (ties pass). */
  removal?: boolean;
}

/** Mode-specific behaviour plugged into the shared search loop. */
export interface ModeAdapter<C> {
  readonly mode: "single" | "multi";
  /** Identity of a candidate, used to skip proposals that already exist in the pool. */
  key(candidate: C): string;
  /** Text that is embedded for the candidate's 2-D point. */
  embeddingText(candidate: C): string;
  /** The prompt shown in prompt lists (multi-agent: the coordinator's prompt). */
  promptOf(candidate: C): string;
  /** True when the candidate's replies cannot vary between runs (all temperatures 0). */
  deterministic?(candidate: C): boolean;
  /** Most model calls one reply can take (for budget estimates). */
  callsPerRun(candidate: C): number;
  /** Options that must match for a checkpoint to be resumable. */
  fingerprintParts(): unknown;
  /** Produces the candidate's reply to one example. */
  run(llm: LlmPort, candidate: C, example: DatasetExample, signal: AbortSignal): Promise<AgentRun>;
  /** The text of every component, in `components` order (modes that can merge lineages). */
  componentValues?(candidate: C): string[];
  /** A copy of `candidate` with every component's text replaced by `values`. */
  withComponentValues?(candidate: C, values: readonly string[]): C;
  /**
   * Modes whose candidate is one text: a three-way merge of two lineages over
   * their common ancestor (instruction level); null when nothing new results.
   */
  mergeThreeWay?(better: C, other: C, common: C): C | null;
  /** A removal edit: the candidate without one drawn instruction; null when it has too few. */
  removalOf?(candidate: C, rng: Prng): { config: C; removed: string } | null;
  /**
   * A pruning (pruning.ts): `proposal` without every instruction that names nothing of the task
   * (`unanchored`, when it inherited one), else without one generic instruction it added to
   * `parent` beside other additions or, when the mode prunes the seed's too, one of the seed's
   * own (`fromSeed`); null when there is none to drop.
   */
  prunedOf?(
    proposal: C,
    parent: C,
    rng: Prng,
  ): {
    config: C;
    removed: string;
    fromSeed: boolean;
    /** An unanchored pruning, with or without the generic instructions added beside a fix. */
    unanchored?: "alone" | "with-generic-additions";
  } | null;
  /**
   * The candidate without every instruction that names nothing of the task, once it holds an
   * anchored instruction the seed did not (`unanchoredRemovals`); null when there is none.
   */
  unanchoredRemovalOf?(candidate: C): { config: C; removed: string } | null;
  /** Whether `prunedOf` may drop one of the seed's instructions (`pruneSeedGeneric`). */
  prunesSeed?: boolean;
  /** Whether `prunedOf` drops all of a draft's generic additions at once (`pruneGenericTogether`). */
  prunesTogether?: boolean;
  /** Whether `prunedOf` first drops every unanchored instruction (`pruneUnanchored`). */
  prunesUnanchored?: boolean;
  /**
   * Whether an unanchored pruning that drops only unanchored instructions is tested on one fresh
   * minibatch only, which it must beat (`unanchoredOnFreshMinibatch`).
   */
  unanchoredOnFresh?: boolean;
  /**
   * Whether a pruning is tested on the draft's own minibatch only, where it must do at least as
   * well, and runs even without refinement rounds (multi-pruning.ts: a multi-agent reply costs
   * several calls, so a fresh minibatch would cost most of a validation pass).
   */
  prunesOnOwnMinibatch?: boolean;
  /** The candidate's sampling temperature (modes with one temperature coordinate). */
  temperatureOf?(candidate: C): number;
  /** A copy of `candidate` at temperature `t`. */
  withTemperature?(candidate: C, t: number): C;
  /** Labels of the components reflection can change, in round-robin order. */
  components(candidate: C): string[];
  /**
   * Picks the component to change from the round-robin `cursor` and the
   * parent's minibatch results (blame); returns its index and the next cursor.
   * Absent: plain round robin.
   */
  pickComponent?(
    candidate: C,
    cursor: number,
    material: readonly ReflectionExample[],
  ): { index: number; cursor: number };
  /** Asks the reflection model for an improved version of one component; null when unusable. */
  propose(
    llm: LlmPort,
    parent: C,
    component: number,
    material: ReflectionExample[],
    signal: AbortSignal,
  ): Promise<Proposal<C> | null>;
}
