/**
 * The tables the quality benchmark (bench/quality.ts) prints: the header, one
 * line per row as its seeds finish, the mean of every row name over the
 * worlds run, and each world's figures against the targets. Kept apart from
 * the CLI so the output format is in one place.
 */
import { ceilingShare, type RunOutcome, share } from "./run-outcome";
import { productSplit, TRAIN, VALIDATION } from "./run-split";

/** One row of the table: an optimiser (or ablation) in a world, one outcome per seed. */
export interface Row {
  world: string;
  name: string;
  outcomes: RunOutcome[];
}

/** Mean and sample standard deviation of the finite values (NaN mean when there are none). */
function stats(xs: number[]): { mean: number; sd: number } {
  const ys = xs.filter((x) => Number.isFinite(x));
  const mean = ys.reduce((a, b) => a + b, 0) / Math.max(1, ys.length);
  const sd = Math.sqrt(ys.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, ys.length - 1));
  return { mean: ys.length ? mean : Number.NaN, sd };
}

/**
 * The standard error of a mean over seeds, as text: a target line reads "0.84 ± 0.02", so a
 * world's mean is judged against its target with the spread of its seeds in view.
 */
function standardError(xs: number[], digits = 2): string {
  const n = xs.filter((x) => Number.isFinite(x)).length;
  return (stats(xs).sd / Math.sqrt(Math.max(1, n))).toFixed(digits);
}

/** Prints one row of the table: share, calls, tokens, gap, length and ceiling (means over seeds). */
export function printRow(row: Row): void {
  const s = stats(row.outcomes.map(share));
  const calls = stats(row.outcomes.map((o) => o.calls));
  const tokens = stats(row.outcomes.map((o) => o.tokens));
  const gap = stats(row.outcomes.map((o) => 100 * (o.presentedValidation - o.final)));
  const len = stats(row.outcomes.map((o) => o.lengthRatio));
  const defined = (xs: Array<number | undefined>) => xs.filter((c): c is number => c !== undefined);
  const ceilings = defined(row.outcomes.map((o) => ceilingShare(o)));
  const atBest = defined(row.outcomes.map((o) => ceilingShare(o, o.presentedAtBestTemperature)));
  const ceiling = ceilings.length
    ? `   ceiling ${stats(ceilings).mean.toFixed(2)} (presented prompt at its best temperature ${stats(atBest).mean.toFixed(2)})`
    : "";
  console.log(
    `${row.world.padEnd(7)} ${row.name.padEnd(40)} ${s.mean.toFixed(2)} ± ${s.sd.toFixed(2)}   ${calls.mean.toFixed(0).padStart(5)}   ${(tokens.mean / 1000).toFixed(0).padStart(5)}k   ${gap.mean >= 0 ? "+" : ""}${gap.mean.toFixed(1).padStart(5)} ± ${gap.sd.toFixed(1).padEnd(4)}   ${Number.isFinite(len.mean) ? len.mean.toFixed(2) : "  — "}${ceiling}`,
  );
}

/** Prints the table's header: the seeds and split, then the column names. */
export function printHeader(seedCount: number): void {
  console.log(
    `${seedCount} seeds, ${productSplit.rows ? `${productSplit.rows} rows split by the product` : `${TRAIN} train / ${VALIDATION} validation examples`}; share of possible gain (mean ± sd over seeds), model calls, tokens, presented validation − held-out (points), prompt length / shortest prompt with its score\n`,
  );
  console.log(
    `${"world".padEnd(7)} ${"optimiser".padEnd(40)} share         calls  tokens  val − held-out   length`,
  );
}

/** The AxGEPA row at equal calls, which the targets compare Promptune with. */
export const AX_LABEL = "AxGEPA, equal calls";

/** Prints the mean share of every row name over the worlds run, and its per-world shares. */
export function printMeans(rows: Row[]): void {
  if (rows.length > 0)
    console.log("\nmean over the worlds run (a mechanism is kept only if it helps on average)");
  const names = [...new Set(rows.map((r) => r.name))];
  for (const name of names) {
    const per = rows.filter((r) => r.name === name).map((r) => stats(r.outcomes.map(share)).mean);
    const perWorld = rows
      .filter((r) => r.name === name)
      .map((r) => `${r.world} ${stats(r.outcomes.map(share)).mean.toFixed(2)}`)
      .join(", ");
    console.log(`${name.padEnd(48)} ${stats(per).mean.toFixed(3)}   (${perWorld})`);
  }
}

/** Prints each world's figures against the targets, for the worlds with a row of them. */
export function printTargets(rows: Row[], worlds: string[]): void {
  // worlds without a row of the targets (`--only frontier`, `--only ablations`) print no line
  const targetWorlds = worlds.filter((w) =>
    rows.some(
      (r) =>
        r.world === w &&
        (r.name.startsWith("Promptune single, ≤") ||
          r.name.startsWith("Promptune multi") ||
          r.name === AX_LABEL),
    ),
  );
  if (targetWorlds.length > 0)
    console.log("\ntargets per world (mean ± its standard error over the seeds)");
  for (const w of targetWorlds) {
    const p = rows.find((r) => r.world === w && r.name.startsWith("Promptune single, ≤"));
    const f = rows.find((r) => r.world === w && r.name.startsWith("Promptune single, fixed"));
    const a = rows.find((r) => r.world === w && r.name === AX_LABEL);
    const m = rows.find((r) => r.world === w && r.name.startsWith("Promptune multi"));
    const sh = (r?: Row) => (r ? stats(r.outcomes.map(share)).mean : Number.NaN);
    const parts = p
      ? [`single ${sh(p).toFixed(2)} ± ${standardError(p.outcomes.map(share))} (≥ 0.85)`]
      : [];
    if (p && a) parts.push(`single − AxGEPA ${(sh(p) - sh(a)).toFixed(2)} (≥ 0.10)`);
    if (a) parts.push(`AxGEPA ${sh(a).toFixed(2)}`);
    if (a && f) parts.push(`fixed-temperature − AxGEPA ${(sh(f) - sh(a)).toFixed(2)} (≥ 0.10)`);
    if (p) {
      const gaps = p.outcomes.map((o) => 100 * (o.presentedValidation - o.final));
      const gap = stats(gaps).mean;
      const len = stats(p.outcomes.map((o) => o.lengthRatio)).mean;
      const calls = Math.max(...p.outcomes.map((o) => o.calls));
      parts.push(
        `gap ${gap.toFixed(1)} ± ${standardError(gaps, 1)} (≤ 3)`,
        `length ${len.toFixed(2)} (≤ 1.2)`,
        `max calls ${calls} (≤ 400)`,
      );
    }
    if (m)
      parts.push(`multi ${sh(m).toFixed(2)} ± ${standardError(m.outcomes.map(share))} (≥ 0.80)`);
    console.log(`${w}: ${parts.join("; ")}`);
  }
}
