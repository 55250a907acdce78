/**
 * The shape of a rule world (rule-world.ts): what a spec in rule-specs.ts
 * states — its kinds, metric, seed prompt, how strongly rules act and dilute,
 * and the optional format rule and facets — and the names of the simulated
 * reflection's noise knobs a spec may override. Kept apart from the world's
 * model so the specs, the language layer and the runners can name the type
 * without loading the world itself.
 */

/** What shapes one rule world. */
export interface RuleWorldSpec {
  name: string;
  title: string;
  description: string;
  metric: "exact" | "judge";
  kinds: string[];
  /** How many kinds are rare (weight 0.25 against 0.6–1.4 of a common one). */
  rare: number;
  seedPrompt: string;
  /** The seed's one necessary instruction (without it every answer's success halves). */
  core: string;
  /** Share of the lift a vague paraphrase of the right instruction gives. */
  partial: number;
  /** Lift lost per word beyond the shortest best prompt (0: no dilution). */
  dilution: number;
  /** Factor on the answer's success for a temperature. */
  temperature: (t: number) => number;
  /** Whether examples carry their kind as the dataset's `domain` field. */
  domainField: boolean;
  /** The reflection's noise where it differs from the shared `RULE_NOISE` (rule-agents.ts). */
  reflection?: Partial<Record<ReflectionNoiseKey, number>>;
  /**
   * A helpful instruction that names nothing of the task (a format rule every kind needs):
   * without it, an answer whose code is right is wrapped in a greeting with probability `slip`,
   * which fails the exact match and the rubric's code item. `vague` is its paraphrase with the
   * world's `partial` effect.
   */
  format?: { rule: string; vague: string; slip: number };
  /**
   * A second label on every example, besides its kind (an unlabelled facet such as the channel a
   * request came by), with rules of its own worded as a kind's ("For overseas cases, …"): a right
   * answer also needs the facet's suffix on its code, which the reply carries with a probability
   * its facet's rule lifts from a drawn base to 1. An example then needs two instructions, and a
   * failure shows which part of its code was wrong.
   */
  facets?: { values: string[]; rare: number };
}

/** The knobs of the simulated reflection's noise (values in rule-agents.ts). */
export type ReflectionNoiseKey =
  | "miss"
  | "vague"
  | "guessWrong"
  | "harmful"
  | "filler"
  | "drop"
  | "cleanUp"
  | "generalise"
  | "overreach"
  | "temperature";
