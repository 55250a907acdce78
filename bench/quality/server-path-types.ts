/**
 * The question-type worlds (`types`, `team`, `crew`) through the real app, as
 * `server-path.ts` runs the rule worlds: the world's rows uploaded as JSONL,
 * the run started over REST (single-agent from the bench's seed prompt, or
 * multi-agent from the world's seed team) at the product's own cap, and the
 * outcome read from the history record as a reload reads it. Multi-agent mode
 * is where the outside measurement found the bench world did not
 * predict the product (0.77 at 1,700 calls); this row measures what the
 * product hands its user in that mode.
 */
import type { HistoryRecord, MultiAgentConfig } from "@promptune/contracts";
import { Prng } from "../../packages/engine/src/util/prng";
import { WorldAgents } from "./agents";
import { dispatch, MODELS } from "./dispatch";
import type { RunOutcome } from "./run-outcome";
import type { WorldServer } from "./server";
import { runThroughApp } from "./server-path";
import { World, worldShape } from "./world";
import { example, multiView, SEED_PROMPT, seedConfig } from "./world-setup";

/**
 * Promptune in a seed's types-shaped world (`worldShape.current`) through the real server:
 * `rows` examples uploaded, `iterations` iterations at the product's cap, in `mode`.
 */
export async function runWorldViaServer(
  server: WorldServer,
  seed: number,
  mode: "single" | "multi",
  iterations: number,
  rows: number,
): Promise<RunOutcome> {
  const world = new World(seed, worldShape.current);
  const agents = new WorldAgents(world, seed);
  const questions = world.questions(rows, "r", new Prng(seed * 31 + 5));
  for (const q of questions) agents.book.set(q.id, q);
  server.setHandler((call) => dispatch(call, agents));
  const seedTeam = seedConfig(world);
  const record = await runThroughApp(server, seed, {
    dataset: {
      name: `${worldShape.current.name}-${seed}`,
      title: "Support case codes",
      description: "Each customer question has one case code; the reply is that code.",
      metric: "exact",
      rows: questions.map(example),
    },
    start:
      mode === "single"
        ? {
            mode,
            prompt: SEED_PROMPT,
            model_name: MODELS.assistant,
            iterations,
            temperature: 0.7,
          }
        : { mode, ...seedTeam, iterations },
  });
  const outcome = (final: number, initial: number, best: number): RunOutcome => ({
    initial,
    best,
    final,
    presentedValidation: record.best_score ?? 0,
    calls: server.counters.calls,
    tokens: server.counters.tokens,
    lengthRatio: Number.NaN,
  });
  if (mode === "single") {
    const step = presentedStep(record);
    return outcome(
      world.expectedSingle(step?.prompt ?? SEED_PROMPT),
      world.expectedSingle(SEED_PROMPT),
      world.bestSingle(),
    );
  }
  return outcome(
    world.expectedMulti(multiView(presentedTeam(record, seedTeam))),
    world.expectedMulti(multiView(seedTeam)),
    world.bestMulti(),
  );
}

/** The step the finished run presents (none when it presents its initial configuration). */
function presentedStep(record: HistoryRecord) {
  return record.steps.find((s) => s.step_number === record.best_iteration);
}

/** The team a reloaded multi-agent run presents: its best step's agents, or the initial team. */
function presentedTeam(record: HistoryRecord, initial: MultiAgentConfig): MultiAgentConfig {
  const step = presentedStep(record);
  const master = step?.["master-agent"];
  const workers = step?.["worker-agents"];
  if (!step) return initial;
  if (!master || !workers) throw new Error(`step ${step.step_number} holds no team`);
  return { "master-agent": master, "worker-agents": workers };
}
