/**
 * Auto-advance rules of the optimised-configuration carousel (spec §4): when
 * a new result arrives, decide whether the carousel moves to it.
 * `selected` is the committed index, `count` the number of results now.
 */
export type AutoAdvanceRule = (selected: number, previousCount: number, count: number) => boolean;

/** Single-agent: follow the newest result only if the user was on the previous-to-last one. */
export const followFromPreviousToLast: AutoAdvanceRule = (selected, _previous, count) =>
  count >= 2 && selected === count - 2;

/** Multi-agent: follow the newest result only if the user was on the latest one before it arrived. */
export const followFromLatest: AutoAdvanceRule = (selected, previous, count) =>
  count > previous && previous >= 1 && selected === previous - 1;
