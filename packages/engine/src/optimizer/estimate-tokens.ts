/**
 * Token sizing for the run estimate (estimate.ts): tokens from text lengths
 * (about 4 characters per token), fixed allowances for the engine's own
 * instructions, the dataset's average sizes, a ledger of calls and tokens per
 * model, and the calls one reply of a candidate takes in each mode. Apart from
 * estimate.ts, which keeps the estimate's public types and the run's call plan
 * (how many replies, reflections and embeddings). Pure: no model is called.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { EstimateInput, ModelSpend } from "./estimate";

/** Characters per token assumed for English text. */
const CHARS_PER_TOKEN = 4;

/** Fixed allowances (tokens) for the engine's own instructions and structured answers. */
export const ALLOWANCE = {
  judgeInstructions: 350,
  judgeVerdict: 80,
  reflectionInstructions: 450,
  reflectionRationale: 120,
  /** Per example shown to the reflection: headings and the judge's feedback. */
  reflectionPerExample: 60,
  planInstructions: 250,
  planPerWorker: 60,
  workerTask: 60,
  composeInstructions: 200,
  /** Per chat message: role markers. */
  perMessage: 4,
  /** Shortest reply assumed when references are very short. */
  minReply: 20,
} as const;

const tokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

const average = <T>(items: readonly T[], f: (item: T) => number): number =>
  items.length ? items.reduce((s, x) => s + f(x), 0) / items.length : 0;

/**
 * Average token sizes of the dataset's conversations, references and rubrics:
 * every reply, judgement and reflection of the estimate is sized from them.
 */
export function exampleSizes(examples: readonly DatasetExample[]) {
  const dialog = average(examples, (e) =>
    e.dialog.reduce((s, m) => s + tokens(m.content) + ALLOWANCE.perMessage, 0),
  );
  const reference = average(examples, (e) => tokens(e.reference));
  const rubric = average(examples, (e) => tokens((e.rubric ?? []).join("\n")));
  return { dialog, reference: Math.max(ALLOWANCE.minReply, reference), rubric };
}

/** Accumulates calls and tokens per model: the estimate's `byModel` breakdown. */
export class Ledger {
  private readonly spend = new Map<string, ModelSpend>();

  add(model: string, calls: number, inputPerCall: number, outputPerCall: number): void {
    if (calls <= 0) return;
    const s = this.spend.get(model) ?? { model, calls: 0, inputTokens: 0, outputTokens: 0 };
    s.calls += calls;
    s.inputTokens += calls * inputPerCall;
    s.outputTokens += calls * outputPerCall;
    this.spend.set(model, s);
  }

  entries(): ModelSpend[] {
    return [...this.spend.values()].map((s) => ({
      ...s,
      inputTokens: Math.round(s.inputTokens),
      outputTokens: Math.round(s.outputTokens),
    }));
  }
}

/**
 * Records `n` replies (and their judgements) of the candidate in `input`: the
 * calls and tokens one reply takes in its mode (single prompt, or plan, workers
 * and compose), so the call plan only counts replies.
 */
export function addReplies(ledger: Ledger, input: EstimateInput, n: number, judged: boolean): void {
  const size = exampleSizes(input.dataset.examples);
  if (input.mode === "single") {
    ledger.add(input.model, n, tokens(input.prompt) + size.dialog, size.reference);
  } else {
    const master = input.config["master-agent"];
    const workers = input.config["worker-agents"];
    const roster = workers.reduce((s, w) => s + tokens(w.name) + tokens(w.description) + 4, 0);
    ledger.add(
      master.model_name,
      n,
      ALLOWANCE.planInstructions + tokens(master.prompt) + roster + size.dialog,
      ALLOWANCE.planPerWorker * workers.length,
    );
    for (const w of workers) {
      ledger.add(
        w.model_name,
        n,
        tokens(w.prompt) + size.dialog + ALLOWANCE.workerTask,
        size.reference,
      );
    }
    ledger.add(
      master.model_name,
      n,
      ALLOWANCE.composeInstructions +
        tokens(master.prompt) +
        size.dialog +
        workers.length * size.reference,
      size.reference,
    );
  }
  if (judged) {
    ledger.add(
      input.models.judge,
      n,
      ALLOWANCE.judgeInstructions + size.dialog + 2 * size.reference + size.rubric,
      ALLOWANCE.judgeVerdict,
    );
  }
}

/**
 * The text reflection rewrites and the text that is embedded, per mode (tokens):
 * they size the reflection's and the embedding's calls.
 */
export function candidateTexts(input: EstimateInput): { component: number; whole: number } {
  if (input.mode === "single") {
    const t = tokens(input.prompt);
    return { component: t, whole: t };
  }
  const agents = [input.config["master-agent"], ...input.config["worker-agents"]];
  const whole = agents.reduce((s, a) => s + tokens(a.prompt) + tokens(a.description), 0);
  return { component: average(agents, (a) => tokens(a.prompt)), whole };
}
