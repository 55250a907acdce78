/**
 * Optimiser quality benchmark: in simulated task worlds with known ground
 * truth, over many seeds, how much of the possible gain of held-out expected
 * score the presented prompt finds — (final − initial) / (best possible −
 * initial) — for Promptune single- and multi-agent and for AxGEPA
 * (@ax-llm/ax) at equal call budgets, plus ablations of Promptune's
 * mechanisms. Worlds: `types` (bench/quality/world.ts, exact answers by
 * question type, also multi-agent) and the rule worlds of
 * bench/quality/rule-specs.ts (`rubric`: LLM-judge rubric with partial credit
 * and grader noise; `rare`: rare kinds; `dilute`: long prompts dilute each
 * instruction, filler in the seed; `booking`: a check world added after the
 * mechanisms were chosen — a harmful rule in the seed, a warmer temperature
 * is better, judged; `sharp`: a second check world — a reflection that
 * understands a kind from one failure but adds harmful rules and filler more
 * often, ten unlabelled kinds; `general`: a third, judged, whose reflection
 * generalises from one kind to every kind that needs the same fix; `format`:
 * a fourth, whose kinds all need one instruction that names nothing of the
 * task, a format rule the seed lacks; `scope`: a fifth, judged, whose
 * reflection often states a kind's fix for every case) and `team` (world.ts: a
 * check world for multi-agent mode — three workers owning nine types drawn
 * per seed, two types rare, a harmful rule in one worker's seed prompt) and
 * `crew` (world.ts: a second multi-agent check world — four workers, eight
 * types, every type owned by two workers drawn per seed). Also
 * printed: calls, tokens, presented validation − held-out, and presented
 * prompt length / shortest prompt reaching its score.
 *
 *   npx tsx bench/quality.ts [--seeds 20] [--first 1] [--world types,rubric,rare,dilute,booking,sharp,general,format,scope,team,facets,crew]
 *     [--only single,single2,fixed,ax,ax2,multi,multi2,multi-product,ablations,variants,multi-ablations,frontier,server]
 *     [--ablation TEXT]   (only the ablation, multi-ablation and variant rows whose name contains TEXT)
 *     [--frontier-budget N]   (the frontier row's call budget, default 480)
 *     [--unlabelled]   (the frontier worlds' examples without their kind as `domain`)
 *     [--cache]   (Promptune's gateway keeps the production response cache, as the server's does)
 *     [--single-budget N]   (the single-agent rows' call budget, default 400; AxGEPA's scales with it)
 *     [--rows N]   (train / validation sizes of the product's split of an N-row dataset, not 30 / 20)
 *     [--product-split N]   (N rows split by the product's own splitDataset, kinds spread as it spreads them;
 *                            with ablations or `--only hash-split`, a row with the plain hash order)
 *     [--generic-rules]   (the rule worlds word every kind's rule as a generic "Always …" instruction)
 *     [--seed-rare-rules]   (each rule world's seed also holds its rare kinds' right rules)
 *     [--warm-start]   (each rule world's seed is a prompt already in use: the right rules of half
 *         of its kinds and an outdated, wrong rule for one other kind)
 *     [--label-noise P]   (the rule worlds' datasets record a wrong code for a share P of their
 *         rows; scorers and the judge compare with the record, the held-out truth does not)
 *     [--seed-temperature T]   (the rule worlds' runs start at T, not 0.7; AxGEPA keeps it)
 *     [--reword P]   (the rule worlds' reflection rewords the rules it keeps with probability P)
 *     [--lists bullets|numbers|sections|tags|mixed]   (the rule worlds' reflection writes prompts
 *         as a markdown list; sections: a heading over bullets with bold-labelled rules; tags: the
 *         instructions one per line between <rules> and </rules>; mixed: each rewrite in one of
 *         the five layouts, drawn afresh)
 *     [--reflection weak|strong]   (every world's reflection model makes its mistakes 1.4 or 0.6
 *                            times as often and its good moves the other way round; usual by default)
 *     [--language fr|fr-long]   (the rule worlds' own text — rules, seed prompts, rubric, requests —
 *         in French; fr-long: each request framed by a greeting and thanks, as customers write)
 *
 * `--only server` runs the rule worlds' single-agent row, and `types`,
 * `team` and `crew`'s single- and multi-agent rows, through the real app
 * (bench/quality/server-path.ts, server-path-types.ts): the world's rows
 * (`--product-split N`, else 60) uploaded, the run started over REST at the
 * product's cap, its outcome read from the run's history record as the
 * product reloads it.
 *
 * `--only frontier` runs the cost–quality world (bench/quality/frontier.ts):
 * share of the possible saving found at equal quality, how often the
 * recommended point is on the true frontier, and the calls spent on the sweep.
 */
import { ABLATIONS, MULTI_ABLATIONS, VARIANTS } from "./quality/ablations";
import { readOptions } from "./quality/cli-options";
import { printFrontierRows } from "./quality/frontier";
import { specIn } from "./quality/language";
import {
  AX_LABEL,
  printHeader,
  printMeans,
  printRow,
  printTargets,
  type Row,
} from "./quality/report";
import { runRuleAx, runRuleSingle } from "./quality/rule-runners";
import { RULE_WORLDS } from "./quality/rule-specs";
import { worldLanguage } from "./quality/rule-wording";
import type { RunOutcome } from "./quality/run-outcome";
import { productSplit } from "./quality/run-split";
import {
  type EngineOverrides,
  runAxGepa,
  runPromptuneMulti,
  runPromptuneSingle,
} from "./quality/runners";
import { startWorldServer, type WorldServer } from "./quality/server";
import { runRuleViaServer } from "./quality/server-path";
import { runWorldViaServer } from "./quality/server-path-types";
import { TYPES_SHAPE, WORLD_SHAPES, worldShape } from "./quality/world";

/**
 * AxGEPA's metric calls per call of Promptune's budget: 300 (exact) and 150 (judged: each metric
 * call also costs a judge call) of 350 were measured as equal calls.
 */
const AX_METRIC_SHARE = { exact: 300 / 350, judge: 150 / 350 };

const {
  seeds,
  only,
  worlds,
  ablation,
  singleBudget: SINGLE_BUDGET,
  serverRows: SERVER_ROWS,
  frontierBudget: FRONTIER_BUDGET,
  unlabelled,
} = readOptions();
const MULTI_BUDGET = 700;

/** Runs one row over every seed, prints it as it finishes and returns it. */
async function rowOf(
  world: string,
  name: string,
  run: (seed: number) => Promise<RunOutcome>,
): Promise<Row> {
  const outcomes: RunOutcome[] = [];
  for (const seed of seeds) outcomes.push(await run(seed));
  const row = { world, name, outcomes };
  printRow(row);
  return row;
}

const server: WorldServer = await startWorldServer();
const rows: Row[] = [];
printHeader(seeds.length);
try {
  for (const w of worlds) {
    const found = RULE_WORLDS.find((r) => r.name === w);
    const spec = found && specIn(found, worldLanguage);
    const shape = WORLD_SHAPES.find((x) => x.name === w);
    if (!spec && !shape) throw new Error(`unknown world ${w}`);
    worldShape.current = shape ?? TYPES_SHAPE;
    const single =
      (o: EngineOverrides, scale = 1) =>
      (seed: number) =>
        spec
          ? runRuleSingle(server, spec, seed, 10 * scale, scale * SINGLE_BUDGET, o)
          : runPromptuneSingle(server, seed, 10 * scale, scale * SINGLE_BUDGET, o);
    // AxGEPA's budget counts metric calls; in judge worlds each metric call also costs a judge call
    const axMetric = Math.round(AX_METRIC_SHARE[spec?.metric ?? "exact"] * SINGLE_BUDGET);
    const axRun = (m: number) => (seed: number) =>
      spec ? runRuleAx(server, spec, seed, m) : runAxGepa(server, seed, m);
    if (only.has("single"))
      rows.push(await rowOf(w, `Promptune single, ≤ ${SINGLE_BUDGET} calls`, single({})));
    if (spec && only.has("server"))
      rows.push(
        await rowOf(w, `Promptune single, via the server (${SERVER_ROWS} rows)`, (seed) =>
          runRuleViaServer(server, spec, seed, 10, SERVER_ROWS),
        ),
      );
    if (!spec && only.has("server"))
      for (const mode of ["single", "multi"] as const)
        rows.push(
          await rowOf(w, `Promptune ${mode}, via the server (${SERVER_ROWS} rows)`, (seed) =>
            runWorldViaServer(server, seed, mode, 10, SERVER_ROWS),
          ),
        );
    if (only.has("single2"))
      rows.push(
        await rowOf(w, `Promptune single, 20 it., ≤ ${2 * SINGLE_BUDGET} calls`, single({}, 2)),
      );
    if (only.has("fixed"))
      rows.push(
        await rowOf(w, "Promptune single, fixed temperature", single({ tuneTemperature: false })),
      );
    if (only.has("ax")) {
      rows.push(await rowOf(w, AX_LABEL, axRun(axMetric)));
    }
    if (only.has("ax2")) rows.push(await rowOf(w, "AxGEPA, 2 × calls", axRun(2 * axMetric)));
    if (!spec && only.has("multi"))
      rows.push(
        await rowOf(w, `Promptune multi, ≤ ${MULTI_BUDGET} calls`, (seed) =>
          runPromptuneMulti(server, seed, 10, MULTI_BUDGET, {}),
        ),
      );
    if (!spec && only.has("multi2"))
      rows.push(
        await rowOf(w, `Promptune multi, ≤ ${2 * MULTI_BUDGET} calls`, (seed) =>
          runPromptuneMulti(server, seed, 10, 2 * MULTI_BUDGET, {}),
        ),
      );
    if (!spec && only.has("multi-product"))
      rows.push(
        await rowOf(w, "Promptune multi, at the product's cap", (seed) =>
          runPromptuneMulti(server, seed, 10, "estimate", {}),
        ),
      );
    // off by default in multi-agent mode (MULTI_AGENT_DEFAULTS): the row turns it on
    if (!spec && only.has("multi-targeting"))
      rows.push(
        await rowOf(w, "  multi + minibatches toward failures (off by default)", (seed) =>
          runPromptuneMulti(server, seed, 10, MULTI_BUDGET, { targetedMinibatch: true }),
        ),
      );
    if (!spec && only.has("multi-ablations"))
      for (const [name, o] of MULTI_ABLATIONS.filter(([n]) => n.includes(ablation)))
        rows.push(
          await rowOf(w, name, (seed) => runPromptuneMulti(server, seed, 10, MULTI_BUDGET, o)),
        );
    if (only.has("ablations"))
      for (const [name, o] of ABLATIONS.filter(([n]) => n.includes(ablation)))
        rows.push(await rowOf(w, name, single(o)));
    if (productSplit.rows > 0 && (only.has("ablations") || only.has("hash-split"))) {
      productSplit.stratify = false;
      try {
        rows.push(await rowOf(w, "  − stratified split (the plain hash order)", single({})));
      } finally {
        productSplit.stratify = true;
      }
    }
    if (only.has("variants"))
      for (const [name, o] of VARIANTS.filter(([n]) => n.includes(ablation)))
        rows.push(await rowOf(w, name, single(o)));
    if (w === "types" && only.has("frontier"))
      await printFrontierRows(server, seeds, 10, FRONTIER_BUDGET, !unlabelled);
  }
} finally {
  await server.close();
}

printMeans(rows);
printTargets(rows, worlds);
