/**
 * What replies cost: a view of the model port that adds up the calls and
 * the cost of the agent calls (the assistant, coordinator, workers and
 * composer; not the engine's judge, reflection or embedding calls). The cost
 * of a call is its tokens × the model's price when a price lookup is given
 * (so a reply answered from the response cache still counts at its price),
 * else the cost the port reports.
 */
import type { CallPurpose, LlmPort, LlmUsage } from "../ports";
import type { PriceLookup } from "./estimate";

const AGENT_PURPOSES: ReadonlySet<CallPurpose> = new Set([
  "assistant",
  "coordinator",
  "worker",
  "composer",
]);

/** Cost in USD of one call of `model` with `usage`. */
export function callCostUsd(price: PriceLookup | undefined, model: string, usage: LlmUsage) {
  const p = price?.(model);
  if (!p) return usage.costUsd;
  return (usage.inputTokens * p.input + usage.outputTokens * p.output) / 1_000_000;
}

/** Running totals of agent calls. */
export class ReplyCostMeter {
  calls = 0;
  costUsd = 0;

  constructor(private readonly price?: PriceLookup) {}

  /** A snapshot, to measure one stage as the difference of two. */
  snapshot(): { calls: number; costUsd: number } {
    return { calls: this.calls, costUsd: this.costUsd };
  }

  /** Wraps `llm` so its agent calls are added up here. */
  port(llm: LlmPort): LlmPort {
    const add = (purpose: CallPurpose, model: string, usage: LlmUsage) => {
      if (!AGENT_PURPOSES.has(purpose)) return;
      this.calls++;
      this.costUsd += callCostUsd(this.price, model, usage);
    };
    const wrapped: LlmPort = {
      complete: async (request) => {
        const r = await llm.complete(request);
        add(request.purpose, request.model, r.usage);
        return r;
      },
      completeStructured: async (request) => {
        const r = await llm.completeStructured(request);
        add(request.purpose, request.model, r.usage);
        return r;
      },
    };
    if (llm.embed) wrapped.embed = llm.embed.bind(llm);
    return wrapped;
  }
}
