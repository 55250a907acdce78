/**
 * What a model call may cost before it is sent, for a run's cost cap. Prices
 * grow with what is sent (a long example's reply costs many short ones; a
 * reflection's material grows during a run), so a call is bounded by its
 * size, scaled from the calls of its kind (purpose and model) that have
 * answered; a kind's first call, whose shape nothing has shown yet (a
 * reflection carries dozens of examples, a grading a rubric), from the kind
 * that costs most per character, times how much dearer its model is when
 * the prices are known. The bounds err on the high side near the cap rather
 * than let a call overshoot it.
 */
import type { CompletionRequest, LlmUsage } from "../ports";
import type { PriceLookup } from "./estimate";

/** Each call is assumed to cost up to this many times its estimate. */
const COST_SAFETY = 2;

/** The kind of embedding calls (their requests name no model). */
const EMBEDDING_KIND = "embedding";

/** One call as the cost cap sees it: its kind (purpose and model), its model and its size. */
export interface CallShape {
  key: string;
  model: string;
  size: number;
}

/** A model's dearest price per million tokens (input or output), null when unknown. */
export type ModelPrice = (model: string) => number | null;

/** What a call's cost grows with: the characters it sends (messages or texts to embed). */
export function requestSize(request: {
  messages?: readonly { content: string }[];
  texts?: readonly string[];
}): number {
  const messages = request.messages ?? [];
  const texts = request.texts ?? [];
  return Math.max(
    1,
    messages.reduce((n, m) => n + m.content.length, 0) + texts.reduce((n, t) => n + t.length, 0),
  );
}

/** The shape of a completion call. */
export function completionShape(request: CompletionRequest): CallShape {
  return {
    key: `${request.purpose} ${request.model}`,
    model: request.model,
    size: requestSize(request),
  };
}

/** The shape of an embedding call. */
export function embeddingShape(request: { texts: readonly string[] }): CallShape {
  return { key: EMBEDDING_KIND, model: EMBEDDING_KIND, size: requestSize(request) };
}

/** The dearer of a model's input and output price from a price lookup (undefined without one). */
export function dearestPrice(price: PriceLookup | undefined): ModelPrice | undefined {
  if (!price) return undefined;
  return (model) => {
    const p = price(model);
    return p ? Math.max(p.input, p.output) : null;
  };
}

/** What the calls of one run have shown about their costs, and the bounds it gives. */
export class CallCostBounds {
  /** The dearest single call so far. */
  private dearestCallUsd = 0;
  /** Per kind of call answered by a model in this run, its largest call so far. */
  private largestCall = new Map<string, { model: string; size: number; costUsd: number }>();

  constructor(private readonly priceOf?: ModelPrice) {}

  /** Whether a call of this kind has been answered by a model in this run. */
  knows(key: string): boolean {
    return this.largestCall.has(key);
  }

  /**
   * The most a call of `shape` may cost: twice the larger of the dearest call
   * seen and its price by size.
   */
  boundOf(shape: CallShape): number {
    const own = this.largestCall.get(shape.key);
    const refs = own ? [own] : [...this.largestCall.values()];
    const ratio = (model: string) => {
      const mine = this.priceOf?.(shape.model);
      const theirs = this.priceOf?.(model);
      return mine && theirs ? Math.max(1, mine / theirs) : 1;
    };
    const scaled = Math.max(
      0,
      ...refs.map((r) => ((r.costUsd * shape.size) / Math.max(1, r.size)) * ratio(r.model)),
    );
    return COST_SAFETY * Math.max(this.dearestCallUsd, scaled);
  }

  /**
   * Learns from a finished call: its cost, and, when a model answered it
   * (`answered`: not the response cache), its size for its kind.
   */
  record(usage: LlmUsage, shape: CallShape, answered: boolean): void {
    this.dearestCallUsd = Math.max(this.dearestCallUsd, usage.costUsd);
    if (!answered) return;
    const largest = this.largestCall.get(shape.key);
    if (
      !largest ||
      shape.size > largest.size ||
      (shape.size === largest.size && usage.costUsd > largest.costUsd)
    )
      this.largestCall.set(shape.key, {
        model: shape.model,
        size: shape.size,
        costUsd: usage.costUsd,
      });
  }
}
