/**
 * The frontier point chosen for a run, kept per tab (sessionStorage) by run
 * id, so that reloading the page or loading the run again from history in
 * this tab comes back to the same choice. The server stores no choice: a
 * run opened elsewhere starts at the recommended point.
 */
const KEY = "promptune-frontier-choice";
/** Runs remembered at most (the oldest are dropped). */
const MAX_RUNS = 20;

function readAll(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Remembers `index` as run `runId`'s choice (nothing without a run id or storage). */
export function rememberFrontierChoice(runId: string | null | undefined, index: number): void {
  if (!runId) return;
  try {
    const all = readAll();
    delete all[runId];
    all[runId] = index;
    const kept = Object.entries(all).slice(-MAX_RUNS);
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Without session storage the choice lasts until the page is left.
  }
}

/** Run `runId`'s remembered choice when it names one of `count` points; else null (the recommended one). */
export function recallFrontierChoice(
  runId: string | null | undefined,
  count: number,
): number | null {
  if (!runId) return null;
  const index = readAll()[runId];
  return Number.isInteger(index) && (index as number) >= 0 && (index as number) < count
    ? (index as number)
    : null;
}
