/**
 * What the fixture LLM records of the requests it answers: counters by kind
 * and outcome, the in-flight peak, and the last requests (GET /__fixture/stats).
 */
import { performance } from "node:perf_hooks";

/** One API request the fixture received. */
export interface FixtureCallRecord {
  seq: number;
  kind: string;
  model: string;
  temperature: number | null;
  stream: boolean;
  /** `ok`, `aborted`, `404` (unknown model), `outage` (503 in an outage window), or the injected fault's status. */
  outcome: string;
  /** performance.now() when the request arrived and when it was answered (or dropped). */
  startedAt: number;
  endedAt: number | null;
}

/** Counters the fixture keeps (GET /__fixture/stats). */
export interface FixtureStats {
  requests: number;
  byKind: Record<string, number>;
  faults: Record<string, number>;
  inFlight: number;
  maxInFlight: number;
  /** The last 1000 API requests, oldest first. */
  calls: FixtureCallRecord[];
}

const MAX_RECORDS = 1000;

/** The fixture's request log: tests read it to see what the production client sent. */
export class CallLog {
  private readonly stats: FixtureStats = {
    requests: 0,
    byKind: {},
    faults: {},
    inFlight: 0,
    maxInFlight: 0,
    calls: [],
  };
  private seq = 0;

  /** The sequence number of the last request begun (names its completion id). */
  get lastSeq(): number {
    return this.seq;
  }

  /**
   * Records a request's arrival and returns the function that records its
   * outcome; only the first outcome counts, so a `finally` can mark any
   * request not answered as aborted.
   */
  begin(
    kind: string,
    model: string,
    temperature: number | null,
    stream: boolean,
  ): (outcome: string) => void {
    const stats = this.stats;
    stats.requests++;
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const record: FixtureCallRecord = {
      seq: ++this.seq,
      kind,
      model,
      temperature,
      stream,
      outcome: "ok",
      startedAt: performance.now(),
      endedAt: null,
    };
    stats.calls.push(record);
    if (stats.calls.length > MAX_RECORDS) stats.calls.shift();
    let ended = false;
    return (outcome: string) => {
      if (ended) return;
      ended = true;
      stats.inFlight--;
      record.outcome = outcome;
      record.endedAt = performance.now();
      if (outcome !== "ok") stats.faults[outcome] = (stats.faults[outcome] ?? 0) + 1;
    };
  }

  /** A copy of the counters, so a caller's reads do not change under later requests. */
  snapshot(): FixtureStats {
    const stats = this.stats;
    return {
      ...stats,
      byKind: { ...stats.byKind },
      faults: { ...stats.faults },
      calls: stats.calls.map((c) => ({ ...c })),
    };
  }
}
