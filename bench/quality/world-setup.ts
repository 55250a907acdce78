/**
 * A seed's types-family world (world.ts: `types`, `team` and `crew`) as a run starts
 * it: the seed prompt and multi-agent seed configuration, the questions drawn
 * and served by the fixture server, the examples a user would upload, and the
 * presented prompt's length against the shortest with its score. Shared by
 * the in-process runners (runners.ts) and the runs through the app
 * (server-path-types.ts).
 */
import type { DatasetExample, MultiAgentConfig } from "@promptune/contracts";
import { Prng } from "../../packages/engine/src/util/prng";
import { WorldAgents } from "./agents";
import { dispatch, MODELS } from "./dispatch";
import { drawParts } from "./run-split";
import type { WorldServer } from "./server";
import { HARMFUL_RULES, type Question, World, worldShape } from "./world";

/** The seed prompt of every single-agent run (and AxGEPA's instruction) in the types-family worlds. */
export const SEED_PROMPT = "You are a support assistant. Answer with the case code only.";

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Today's world: the shortest prompt with a prompt's score is the seed plus its right rules. */
export function typesLengthRatio(world: World, prompt: string): number {
  const r = world.rulesIn(prompt);
  const rules = r.right.flatMap((ok, k) => (ok && !r.wrong[k] ? [world.rightRule(k)] : []));
  return words(prompt) / words([SEED_PROMPT, ...rules].join(" "));
}

/** A seed's world with its train and validation questions, served by `server`. */
export function setUpWorld(server: WorldServer, seed: number) {
  const world = new World(seed, worldShape.current);
  const agents = new WorldAgents(world, seed);
  const rng = new Prng(seed * 31 + 5);
  const { train, validation } = drawParts(
    (count, tag) => world.questions(count, tag, rng),
    `world-${seed}`,
    example,
  );
  for (const q of [...train, ...validation]) agents.book.set(q.id, q);
  server.setHandler((call) => dispatch(call, agents));
  server.reset();
  return { world, agents, train, validation };
}

/** A types-world question as the dataset example a user would upload. */
export function example(q: Question): DatasetExample {
  return {
    id: q.id,
    dialog: [{ type: "human", content: q.text }],
    reference: q.answer,
    expected: q.answer,
    rubric: [],
  };
}

/** The multi-agent configuration every run in a seed's world starts from. */
export function seedConfig(world: World): MultiAgentConfig {
  const agent = (name: string, prompt: string, model: string) => ({
    name,
    prompt,
    description: "Support specialist.",
    model_name: model,
    temperature: 0.5,
  });
  return {
    "master-agent": agent("Coordinator", "You coordinate a support team.", MODELS.coordinator),
    "worker-agents": world.workers.map((w, i) =>
      agent(
        w,
        i === world.harmedWorker
          ? `You answer customer questions with the case code only. ${HARMFUL_RULES[0]}`
          : "You answer customer questions with the case code only.",
        MODELS.worker,
      ),
    ),
  };
}

/** The parts of a multi-agent configuration the world scores. */
export function multiView(c: MultiAgentConfig) {
  return {
    coordinator: c["master-agent"].prompt,
    workers: c["worker-agents"].map((w) => w.prompt),
    descriptions: c["worker-agents"].map((w) => w.description),
  };
}
