/**
 * Per-example evidence of the cost–quality frontier's points: what each
 * measured configuration (prompt × model × temperature) answered on each
 * validation example, and on the held-out test for the points the test
 * measures. The sweep notes a point's answers when it measures it; once the
 * frontier is built (sorted cheapest first) each note is keyed by the
 * point's index in the reported frontier, the key the server stores and the
 * evidence grid selects by. Recording never changes a decision.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { ExampleEvaluation } from "./evaluate";
import { type ExampleEvidence, toEvidence } from "./recorder";

/** Every evaluation of one frontier point on one split. */
export interface FrontierEvidence {
  /** Index of the point in the run's reported frontier (cheapest first). */
  point: number;
  split: "validation" | "test";
  examples: ExampleEvidence[];
}

/** What identifies a measured point until the frontier is built: its variant and its configuration object. */
export interface PointIdentity {
  /** Sweep variant (0: the primary model). */
  variant: number;
  config: unknown;
}

interface Note extends PointIdentity {
  split: FrontierEvidence["split"];
  examples: ExampleEvidence[];
}

/** Collects the frontier points' evidence while they are measured. */
export class PointEvidenceLog {
  private notes: Note[] = [];

  /** Records what the point `identity` answered on `split`; a later note of the same point and split replaces it. */
  note(identity: PointIdentity, split: Note["split"], examples: ExampleEvidence[]): void {
    this.notes = this.notes.filter((n) => !(samePoint(n, identity) && n.split === split));
    this.notes.push({ variant: identity.variant, config: identity.config, split, examples });
  }

  /** Records the evaluations of `examples` (in their order) as the point's answers on `split`. */
  evaluated(
    identity: PointIdentity,
    split: Note["split"],
    examples: readonly DatasetExample[],
    evaluations: readonly ExampleEvaluation[],
  ): void {
    this.note(identity, split, toEvidence(examples, evaluations));
  }

  /**
   * The notes keyed by the index of their point in `frontier` (the reported
   * points, which keep the measured points' variant and configuration);
   * notes of no reported point are left out.
   */
  resolve(frontier: readonly PointIdentity[]): FrontierEvidence[] {
    return this.notes.flatMap((n) => {
      const point = frontier.findIndex((p) => samePoint(p, n));
      return point < 0 ? [] : [{ point, split: n.split, examples: n.examples }];
    });
  }
}

function samePoint(a: PointIdentity, b: PointIdentity): boolean {
  return a.variant === b.variant && a.config === b.config;
}

/**
 * Notes the held-out test answers of the frontier points the test measured:
 * `measured` pairs each point (the recommended one, and the best-scoring one
 * when it is another) with its evaluations of `test`, in the test's order.
 */
export function noteTestedPoints(
  log: PointEvidenceLog | undefined,
  test: readonly DatasetExample[],
  measured: readonly { point: PointIdentity; evaluations: readonly ExampleEvaluation[] }[],
): void {
  if (!log) return;
  for (const m of measured) log.evaluated(m.point, "test", test, m.evaluations);
}
