/**
 * Per-user budgets (docs/operations.md "Budgets"): the usage meter the
 * gateway admits and records every user's model call through, the check of
 * a run's estimate against what is left, and the report the Profile page
 * shows. Counters live in the database (shared by every process); each
 * process keeps a user's totals for up to a second between reads, and every
 * write returns the authoritative totals.
 */
import type { RunEstimate, UsageReport } from "@promptune/contracts";
import type { LlmUsage } from "@promptune/engine";
import { withDbRetry } from "../db/transient";
import type { UsageMeter, UsageTicket } from "../llm";
import type { BudgetsEnv } from "./env";
import { BudgetSpentError, budgetHttpError } from "./errors";
import {
  applyOverride,
  type BudgetLimits,
  defaultLimits,
  firstShortfall,
  type PeriodUsage,
  periodsOf,
  type Shortfall,
} from "./limits";
import type { BudgetRepository, Usage } from "./repository";

/** How long a process trusts a user's cached totals and limits. */
const FRESH_MS = 1_000;

/** "1,234" / "$1.23": numbers as messages show them. */
function amount(dimension: Shortfall["dimension"], value: number): string {
  if (dimension === "costUsd") return `$${value.toFixed(2)}`;
  return Math.round(value).toLocaleString("en-US");
}

/** " model calls" / " model call" / " tokens" / "" (cost): the unit after an amount. */
function unitOf(dimension: Shortfall["dimension"], value: number): string {
  if (dimension === "costUsd") return "";
  const one = Math.round(value) === 1;
  return dimension === "calls"
    ? one
      ? " model call"
      : " model calls"
    : one
      ? " token"
      : " tokens";
}

/** "daily budget of 5,000 model calls" */
function describeLimit(s: Shortfall): string {
  const period = s.period === "daily" ? "daily" : "monthly";
  const noun = unitOf(s.dimension, s.limit);
  const what = s.dimension === "costUsd" ? "cost budget" : "budget";
  return `${period} ${what} of ${amount(s.dimension, s.limit)}${noun}`;
}

/** "2026-11-25 00:00 UTC" */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The budgets of every user: limits, usage and the checks. */
export class BudgetService implements UsageMeter {
  private readonly defaults: BudgetLimits;
  /** Calls admitted in this process and not yet settled, per user. */
  private readonly inProgress = new Map<string, number>();
  private readonly cache = new Map<
    string,
    { at: number; period: string; usage: Usage; limits: BudgetLimits }
  >();

  constructor(
    private readonly repository: BudgetRepository,
    env: BudgetsEnv,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.defaults = defaultLimits(env);
  }

  /** The user's limits and usage now (from the cache when fresh). */
  private async state(userId: string, fresh = false) {
    const now = this.clock();
    const periods = periodsOf(now);
    const cached = this.cache.get(userId);
    if (
      !fresh &&
      cached &&
      cached.period === periods.daily.key &&
      now.getTime() - cached.at < FRESH_MS
    ) {
      return { ...cached, periods };
    }
    // Every model call of a run is admitted here: a connection cut mid-read must not end the run.
    const [usage, override] = await withDbRetry(() =>
      Promise.all([
        this.repository.usage(userId, { daily: periods.daily.key, monthly: periods.monthly.key }),
        this.repository.override(userId),
      ]),
    );
    // A write that finished while we read is newer than what we read.
    const latest = this.cache.get(userId);
    const entry = {
      at: now.getTime(),
      period: periods.daily.key,
      usage: latest?.period === periods.daily.key ? newest(latest.usage, usage) : usage,
      limits: applyOverride(this.defaults, override),
    };
    this.cache.set(userId, entry);
    return { ...entry, periods };
  }

  /**
   * Admits the user's next model call, or throws when any limit of the day
   * or month is reached. Calls admitted and not yet settled count against
   * the call limits, so concurrent calls cannot pass them together.
   */
  async admit(userId: string): Promise<UsageTicket> {
    const { usage, limits, periods } = await this.state(userId);
    // No await between the check and the reservation: concurrent admits see each other.
    const pending = this.inProgress.get(userId) ?? 0;
    const short = firstShortfall(limits, usage, { calls: 1 + pending, tokens: 0, costUsd: 0 });
    if (short) {
      const resetsAt = periods[short.period].resetsAt;
      const more =
        short.dimension === "calls" && pending > 0 ? `, ${pending} more in progress` : "";
      throw new BudgetSpentError(
        `Your ${describeLimit(short)} is used up (${amount(short.dimension, short.used)} used${more}). No more model calls can be made for you until it resets at ${utc(resetsAt)}.`,
        resetsAt,
      );
    }
    this.inProgress.set(userId, pending + 1);
    let settled = false;
    return async (spent) => {
      if (settled) return;
      settled = true;
      try {
        if (spent && spent.calls > 0) await this.record(userId, spent);
      } finally {
        // Only now: until the write is in the totals, the call stays in progress.
        const left = (this.inProgress.get(userId) ?? 1) - 1;
        if (left > 0) this.inProgress.set(userId, left);
        else this.inProgress.delete(userId);
      }
    };
  }

  /**
   * Adds a paid call to the user's day and month. Each period's increment is
   * retried on its own through a cut connection, so an outage loses no paid
   * call from the meter (an increment acknowledged on a dying connection may
   * count twice: the error falls on the operator's side of the budget).
   */
  private async record(userId: string, usage: LlmUsage): Promise<void> {
    const periods = periodsOf(this.clock());
    const add = (period: string) =>
      withDbRetry(() => this.repository.addToPeriod(userId, usage, period));
    const [daily, monthly] = await Promise.all([add(periods.daily.key), add(periods.monthly.key)]);
    const totals = { daily, monthly };
    const cached = this.cache.get(userId);
    if (cached?.period === periods.daily.key) cached.usage = newest(cached.usage, totals);
  }

  /**
   * Refuses (429, with the numbers) a run whose estimate does not fit into
   * what is left of any limit of the user's day or month; an estimate with
   * an unknown cost is only refused on cost when nothing is left.
   */
  async assertEstimateFits(userId: string, estimate: RunEstimate): Promise<void> {
    const { usage, limits, periods } = await this.state(userId, true);
    const need = {
      calls: estimate.calls,
      tokens: estimate.input_tokens + estimate.output_tokens,
      costUsd: estimate.cost_usd ?? 0,
    };
    const short = firstShortfall(limits, usage, need);
    if (!short) return;
    const resetsAt = periods[short.period].resetsAt;
    const needed = amount(short.dimension, need[short.dimension]);
    const unit = unitOf(short.dimension, need[short.dimension]);
    const costNote = short.dimension === "costUsd" ? " in model cost" : "";
    throw budgetHttpError(
      `This optimization is estimated at ${needed}${unit}${costNote}, but only ${amount(short.dimension, short.left)} of your ${describeLimit(short)} is left (${amount(short.dimension, short.used)} used; it resets at ${utc(resetsAt)}). Use fewer iterations or a smaller dataset, or ask the operator to raise your budget.`,
      need[short.dimension] > short.limit ? null : resetsAt,
    );
  }

  /** Refuses (429) a chat when the user's budget is spent. */
  async assertCanSpend(userId: string): Promise<void> {
    try {
      const ticket = await this.admit(userId);
      await ticket(null);
    } catch (error) {
      if (error instanceof BudgetSpentError) throw error.toHttp(this.clock().getTime());
      throw error;
    }
  }

  /** The user's usage of today and this month against their limits (GET /profile/usage). */
  async report(userId: string): Promise<UsageReport> {
    const { usage, limits, periods } = await this.state(userId, true);
    const view = (period: "daily" | "monthly") => ({
      period: periods[period].label,
      resets_at: periods[period].resetsAt.toISOString(),
      used: usedView(usage[period]),
      limits: {
        calls: limits[period].calls,
        tokens: limits[period].tokens,
        cost_usd: limits[period].costUsd,
      },
    });
    return { day: view("daily"), month: view("monthly") };
  }
}

/**
 * The newer of two readings of the same period's counters: they only grow,
 * so the larger value of each is the later one (reads and writes may finish
 * out of order).
 */
function newest(a: Usage, b: Usage): Usage {
  const max = (x: PeriodUsage, y: PeriodUsage): PeriodUsage => ({
    calls: Math.max(x.calls, y.calls),
    inputTokens: Math.max(x.inputTokens, y.inputTokens),
    outputTokens: Math.max(x.outputTokens, y.outputTokens),
    costUsd: Math.max(x.costUsd, y.costUsd),
  });
  return { daily: max(a.daily, b.daily), monthly: max(a.monthly, b.monthly) };
}

/** A period's usage in the contract's shape. */
function usedView(u: PeriodUsage) {
  return {
    calls: u.calls,
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    tokens: u.inputTokens + u.outputTokens,
    cost_usd: Math.round(u.costUsd * 1e6) / 1e6,
  };
}
