/**
 * `--reflection weak|strong`: how well the worlds' reflection model does its
 * job, for every optimiser alike. Users pick the reflection model, and a cheap
 * one misreads failures, guesses wrong rules and adds harmful or filler
 * sentences more often than the bench's usual one; a frontier model does all
 * of that less often. Each error rate is scaled by one factor and each helpful
 * rate by its inverse counterpart, so no world's constants are tuned one by one.
 */
export type ReflectionSkill = "usual" | "weak" | "strong";

/** The skill every world's reflection has in this run (`usual` unless `--reflection` says). */
export const reflectionSkill: { current: ReflectionSkill } = { current: "usual" };

/** The skills `--reflection` accepts. */
export const REFLECTION_SKILLS: readonly ReflectionSkill[] = ["usual", "weak", "strong"];

/** Rates of a mistake: a weak reflection makes each 1.4 times as often, a strong one 0.6 times. */
const ERRORS = ["miss", "guessWrong", "harmful", "filler", "drop", "vague", "overreach"];
/** Rates of a good move (removing a harmful rule, generalising a fix): the other way round. */
const HELPS = ["cleanUp", "generalise"];
const FACTOR: Record<ReflectionSkill, { error: number; help: number }> = {
  usual: { error: 1, help: 1 },
  weak: { error: 1.4, help: 0.6 },
  strong: { error: 0.6, help: 1.4 },
};
const CAP = 0.95;

/** A world's reflection noise at the run's skill (rates not named above are kept as they are). */
export function atSkill<T extends Record<string, number>>(noise: T): T {
  const f = FACTOR[reflectionSkill.current];
  if (f.error === 1) return noise;
  const out: Record<string, number> = { ...noise };
  for (const key of Object.keys(out)) {
    const factor = ERRORS.includes(key) ? f.error : HELPS.includes(key) ? f.help : 1;
    out[key] = Math.min(CAP, (out[key] as number) * factor);
  }
  return out as T;
}
