/**
 * Temperature edits. The end's probes (temperature.ts) keep calls back from
 * the search for validation passes at other temperatures, whether or not the
 * task rewards another temperature. A temperature edit asks the same
 * question inside the search: a share of the proposals is the parent's
 * prompt at another probe temperature (0 or the run's starting one), with no
 * reflection call, and it has to pass the same minibatch and validation
 * tests as any proposal. Where another temperature is clearly better it
 * enters the pool and the search goes on from it; where it is worse it
 * costs one minibatch.
 */
import type { Prng } from "../util/prng";
import type { ModeAdapter, Proposal } from "./adapter";
import { probeTemperatures } from "./temperature";

/** Share of proposals that are temperature edits (when one is left to try for the parent). */
export const TEMPERATURE_EDIT_SHARE = 0.25;

/**
 * A temperature edit of `parent`, drawn with probability
 * TEMPERATURE_EDIT_SHARE among the probe temperatures it has not been
 * scored at (`known` holds the pool's keys); null when not drawn, off, or
 * none is left. Draws from `rng` only when enabled.
 */
export function temperatureProposal<C>(
  adapter: ModeAdapter<C>,
  enabled: boolean,
  parent: C,
  seedTemperature: number,
  known: ReadonlySet<string>,
  rng: Prng,
): Proposal<C> | null {
  const { temperatureOf, withTemperature } = adapter;
  if (!enabled || !temperatureOf || !withTemperature) return null;
  if (rng.next() >= TEMPERATURE_EDIT_SHARE) return null;
  const untried = probeTemperatures(temperatureOf(parent), seedTemperature)
    .map((t) => withTemperature(parent, t))
    .filter((c) => !known.has(adapter.key(c)));
  if (untried.length === 0) return null;
  const config = untried[rng.int(untried.length)] as C;
  return {
    config,
    rationale: `The same prompt at temperature ${temperatureOf(config)}, to test whether it answers better there.`,
  };
}
