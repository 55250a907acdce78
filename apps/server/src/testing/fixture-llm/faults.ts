/**
 * Fault injection of the fixture LLM: which request gets which failure,
 * decided deterministically (no randomness) so fault tests are repeatable.
 */

/** What a faulty answer looks like. */
export type FixtureFaultStatus =
  | 429
  | 500
  | "timeout"
  | "truncated"
  | "invalid_json"
  | "empty_choices"
  | "no_content"
  | "reset"
  /** Not a failure: the answer's content in a sentence and a ```json fence, as models without structured output write it. */
  | "prose_json";

/** Every fault kind, in the order `mixedFaults` spreads them. */
export const FIXTURE_FAULT_KINDS: FixtureFaultStatus[] = [
  429,
  500,
  "timeout",
  "truncated",
  "invalid_json",
  "empty_choices",
  "no_content",
  "reset",
];

/** Answers that are no failure but a habit of some models; `mixedFaults` leaves them out. */
const ANSWER_HABITS: FixtureFaultStatus[] = ["prose_json"];

/**
 * Rules that fail `share` (0–1) of all requests, spread evenly over `kinds`.
 * Rules are checked in order and a rule only counts the requests that reach
 * it, so rule i fires on s / (1 − s·i) of those (s = share / kinds) to fail
 * s of all requests each. 429s ask for `retryAfter` seconds.
 */
export function mixedFaults(
  share: number,
  kinds: FixtureFaultStatus[] = FIXTURE_FAULT_KINDS,
  retryAfter = 1,
): FixtureFault[] {
  const each = share / kinds.length;
  return kinds.map((status, i) => ({
    status,
    rate: each / (1 - each * i),
    ...(status === 429 ? { retryAfter } : {}),
  }));
}

/**
 * One fault rule. `count`: the next N matching requests fail. `rate` (0–1):
 * matching requests fail evenly spread (rate 0.5 = every second one). Neither:
 * every matching request fails. `match` limits the rule to a request kind
 * (`plain`, a schema name, `embeddings`) or a model id.
 */
export interface FixtureFault {
  status: FixtureFaultStatus;
  count?: number;
  rate?: number;
  /** Seconds sent in `Retry-After` with a 429 (fractions allowed); default 1. */
  retryAfter?: number;
  match?: string;
}

interface RuleState {
  fault: FixtureFault;
  used: number;
  seen: number;
}

/** Decides, request by request, whether a configured fault answers it. */
export class FaultPlan {
  private readonly rules: RuleState[];

  constructor(faults: FixtureFault[] = []) {
    this.rules = faults.map((fault) => ({ fault, used: 0, seen: 0 }));
  }

  /**
   * The fault for this request, or undefined. Rules are checked in order and
   * the first that fires answers; a rule's counters only advance when it is
   * checked for a request it matches.
   */
  next(kind: string, model: string): FixtureFault | undefined {
    for (const rule of this.rules) {
      const { fault } = rule;
      if (fault.match !== undefined && fault.match !== kind && fault.match !== model) continue;
      if (fault.count !== undefined) {
        if (rule.used >= fault.count) continue;
        rule.used++;
        return fault;
      }
      if (fault.rate !== undefined) {
        rule.seen++;
        const rate = Math.min(1, Math.max(0, fault.rate));
        if (Math.floor(rule.seen * rate + 1e-9) > Math.floor((rule.seen - 1) * rate + 1e-9)) {
          return fault;
        }
        continue;
      }
      return fault;
    }
    return undefined;
  }
}

/** Validates a fault list read from JSON (POST /__fixture/config); throws on a bad entry. */
export function parseFaults(value: unknown): FixtureFault[] {
  if (!Array.isArray(value)) throw new Error("faults must be an array");
  return value.map((raw, i) => {
    if (!raw || typeof raw !== "object") throw new Error(`faults[${i}] must be an object`);
    const f = raw as Record<string, unknown>;
    if (!([...FIXTURE_FAULT_KINDS, ...ANSWER_HABITS] as unknown[]).includes(f.status))
      throw new Error(`faults[${i}].status is not supported`);
    const num = (k: string) => {
      if (f[k] === undefined) return undefined;
      if (typeof f[k] !== "number" || !Number.isFinite(f[k]) || f[k] < 0) {
        throw new Error(`faults[${i}].${k} must be a non-negative number`);
      }
      return f[k];
    };
    const fault: FixtureFault = { status: f.status as FixtureFaultStatus };
    const count = num("count");
    const rate = num("rate");
    const retryAfter = num("retryAfter");
    if (count !== undefined) fault.count = count;
    if (rate !== undefined) fault.rate = rate;
    if (retryAfter !== undefined) fault.retryAfter = retryAfter;
    if (typeof f.match === "string") fault.match = f.match;
    return fault;
  });
}
