/**
 * The simulated users of bench/load.ts: each signed-in user starts one
 * optimisation over the socket and, while it runs, keeps chatting and
 * reading its history. Every call is timed and classified.
 */
import WebSocket from "ws";

/** Latencies (ms) and error counts per call type, shared by all users of one phase. */
export class LoadStats {
  readonly samples = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly errorExamples: string[] = [];
  requests = 0;

  add(kind: string, ms: number): void {
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
  }

  fail(kind: string, detail: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.errorExamples.length < 5) this.errorExamples.push(`${kind}: ${detail}`);
  }
}

/** Where a user's calls go: HTTP bases and socket URLs (one per web process). */
export interface LoadTarget {
  http: string[];
  ws: string[];
}

/** Options of one simulated user. */
export interface UserOptions {
  cookie: string;
  /** Pause between two rounds of chat + history (ms). */
  thinkMs: number;
  iterations: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP call, timed; a non-2xx answer or a network error counts as an error. */
async function timed(stats: LoadStats, kind: string, url: string, init: RequestInit) {
  const started = performance.now();
  stats.requests++;
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    if (!res.ok) stats.fail(kind, `HTTP ${res.status} ${body.slice(0, 120)}`);
    else stats.add(kind, performance.now() - started);
  } catch (error) {
    stats.fail(kind, error instanceof Error ? error.message : String(error));
  }
}

/** One optimisation over the socket: records event latency (publish → receipt) and run time. */
function runOptimisation(url: string, user: UserOptions, stats: LoadStats): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const ws = new WebSocket(url, { headers: { cookie: user.cookie } });
    let outcome = "closed without complete";
    ws.on("open", () =>
      ws.send(
        JSON.stringify({
          prompt: "You are a support assistant.",
          dataset_name: "tiny-help",
          model_name: "fixture-small",
          iterations: user.iterations,
          temperature: 0.7,
        }),
      ),
    );
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw.toString()) as { type: string; sent_at?: number; error?: string };
      if (msg.type === "update" && typeof msg.sent_at === "number")
        stats.add("run event", Date.now() - msg.sent_at);
      if (msg.type === "complete") outcome = "completed";
      if (msg.type === "error") outcome = `error: ${msg.error}`;
    });
    const finish = () => {
      if (outcome === "completed") stats.add("run (whole)", performance.now() - started);
      else stats.fail("run (whole)", outcome);
      resolve();
    };
    ws.on("close", finish);
    ws.on("error", (error) => {
      outcome = `socket error: ${error.message}`;
    });
  });
}

/**
 * One signed-in user: starts a run on web process `index % n`, and until it
 * ends alternates a chat and a history read (spread over the web processes).
 */
export async function simulateUser(
  index: number,
  target: LoadTarget,
  user: UserOptions,
  stats: LoadStats,
): Promise<void> {
  const socketUrl = target.ws[index % target.ws.length] as string;
  let running = true;
  const run = runOptimisation(socketUrl, user, stats).finally(() => {
    running = false;
  });
  for (let round = 0; running || round === 0; round++) {
    const base = target.http[(index + round) % target.http.length] as string;
    await chatAndHistory(base, `${index}-${round}`, user.cookie, stats);
    if (user.thinkMs > 0) await sleep(user.thinkMs);
  }
  await run;
}

/** One round of a user: a chat, then a history read, both timed. */
export async function chatAndHistory(
  base: string,
  tag: string,
  cookie: string,
  stats: LoadStats,
): Promise<void> {
  await timed(stats, "chat", `${base}/api/auto-tune/chat`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: base },
    body: JSON.stringify({
      prompt: "You help with orders. Always ask for the order number.",
      temperature: 0.5,
      dialog: [{ type: "human", content: `Where is my parcel ${tag}?` }],
    }),
  });
  await timed(stats, "history", `${base}/api/auto-tune/optimize/history`, { headers: { cookie } });
}

/** The p-th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
