/**
 * Datasets and configurations for the CLI's integration tests, written to a
 * temporary folder. Against the fixture LLM (docs/fixture-llm.md) a reply
 * carries every "Always …" directive of its system prompt, so with the
 * `contains` metric a prompt's score is the share of examples whose expected
 * word one of its directives supplies: both directives 100 %, one 50 %.
 */
import { mkdtempSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureLlmEnv } from "./llm-env";

/** The system prompt that passes every example. */
export const GOOD_PROMPT =
  "You help customers. Always offer a refund. Always give a tracking number.";
/** A prompt that passes only the refund half. */
export const HALF_PROMPT = "You help customers. Always offer a refund.";

/** Twelve examples: even ones expect "refund", odd ones "tracking". */
export function exampleLines(): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    JSON.stringify({
      id: `ex-${i + 1}`,
      dialog: [{ type: "human", content: `Question ${i + 1} about my parcel.` }],
      reference: i % 2 === 0 ? "We will refund you." : "Here is your tracking number.",
      expected: i % 2 === 0 ? "refund" : "tracking",
    }),
  );
}

/** A temporary folder with the test's files. */
export async function cliWorkspace(): Promise<{
  dir: string;
  write: (name: string, text: string) => Promise<string>;
}> {
  const dir = await mkdtemp(join(tmpdir(), "promptune-cli-"));
  return {
    dir,
    async write(name, text) {
      const path = join(dir, name);
      await writeFile(path, text, "utf8");
      return path;
    },
  };
}

/** A multi-agent configuration whose coordinator and worker each bring one directive. */
export function agentsConfig(model: string) {
  const agent = (name: string, prompt: string, description: string) => ({
    name,
    prompt,
    model_name: model,
    temperature: 0.2,
    description,
  });
  return {
    "master-agent": agent(
      "Coordinator",
      "You coordinate support. Always offer a refund.",
      "Coordinator node that communicates with worker nodes to respond to user messages.",
    ),
    "worker-agents": [agent("Tracker", "Always give a tracking number.", "Knows parcels.")],
  };
}

/**
 * Environment pointing the CLI at the fixture LLM, with a fresh response
 * cache folder (so one test file never reads another's cached answers).
 */
export function fixtureEnv(url: string): Record<string, string> {
  return {
    PROMPTUNE_CACHE_DIR: mkdtempSync(join(tmpdir(), "promptune-cache-")),
    ...fixtureLlmEnv(url),
    LLM_JUDGE_MODEL: "fixture-large",
    LLM_REFLECTION_MODEL: "fixture-large",
    LLM_EMBEDDING_MODEL: "fixture-embed",
    LLM_RETRY_BASE_MS: "5",
    LLM_TIMEOUT_MS: "5000",
  };
}
