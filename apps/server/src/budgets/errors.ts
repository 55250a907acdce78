/**
 * The refusal of a call past a user's budget. It is the engine's
 * BudgetExhaustedError, so a run that meets it stops searching and finishes
 * with the best prompt it has (as when its own call cap is reached); chats
 * turn it into a 429 with the same sentence.
 */
import { BudgetExhaustedError } from "@promptune/engine";
import { HttpError } from "../errors";

/** A user's budget is spent: no further model call is made for them until it resets. */
export class BudgetSpentError extends BudgetExhaustedError {
  constructor(
    message: string,
    /** When the limit that was hit starts again from 0. */
    readonly resetsAt: Date,
  ) {
    super(0);
    this.message = message;
    this.name = "BudgetSpentError";
  }

  /** The same refusal as an HTTP 429 (Retry-After: until the period resets). */
  toHttp(now = Date.now()): HttpError {
    return budgetHttpError(this.message, this.resetsAt, now);
  }
}

/** A 429 `budget_exceeded` with the sentence and, when the period resets, Retry-After. */
export function budgetHttpError(
  message: string,
  resetsAt: Date | null,
  now = Date.now(),
): HttpError {
  const seconds = resetsAt ? Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000)) : 0;
  return new HttpError(429, message, {
    code: "budget_exceeded",
    headers: seconds ? { "retry-after": String(seconds) } : {},
  });
}

/** `error` as the HTTP error a route should answer: budget refusals become 429s, others pass. */
export function asBudgetHttpError(error: unknown): unknown {
  return error instanceof BudgetSpentError ? error.toHttp() : error;
}
