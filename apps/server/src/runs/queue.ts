/** Executes one run to completion (or failure); resumes from its checkpoint if it has one. */
export type RunHandler = (runId: string, signal: AbortSignal) => Promise<void>;

/**
 * Where runs execute. Embedded: inside the web process. Scale-out: BullMQ
 * jobs consumed by `npm run worker` processes.
 */
export interface RunQueue {
  enqueue(runId: string): Promise<void>;
  /** Asks a run to stop; returns false when this queue cannot reach it. */
  cancel(runId: string): Promise<boolean>;
  /** True while the queue still holds the run (waiting, executing, or due to be retried). */
  holds(runId: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The embedded queue: runs execute in this process, at most `concurrency` at
 * once (the rest wait in order). Closing aborts the runs in flight; they stay
 * `running` in the database and resume at the next start.
 */
export class InProcessRunQueue implements RunQueue {
  private readonly waiting: string[] = [];
  private readonly active = new Map<string, AbortController>();
  private closed = false;

  constructor(
    private readonly handler: RunHandler,
    private readonly concurrency: number,
    private readonly onError: (runId: string, error: unknown) => void,
  ) {}

  async enqueue(runId: string): Promise<void> {
    if (this.closed) throw new Error("the run queue is closed");
    if (this.active.has(runId) || this.waiting.includes(runId)) return;
    this.waiting.push(runId);
    this.pump();
  }

  async cancel(runId: string): Promise<boolean> {
    const index = this.waiting.indexOf(runId);
    if (index >= 0) this.waiting.splice(index, 1);
    const controller = this.active.get(runId);
    controller?.abort(new Error("cancelled"));
    return index >= 0 || controller !== undefined;
  }

  async holds(runId: string): Promise<boolean> {
    return this.active.has(runId) || this.waiting.includes(runId);
  }

  /** Runs executing now. */
  get size(): number {
    return this.active.size;
  }

  private pump(): void {
    while (!this.closed && this.active.size < this.concurrency && this.waiting.length > 0) {
      const runId = this.waiting.shift() as string;
      const controller = new AbortController();
      this.active.set(runId, controller);
      this.handler(runId, controller.signal)
        .catch((error: unknown) => this.onError(runId, error))
        .finally(() => {
          this.active.delete(runId);
          this.pump();
        });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    for (const controller of this.active.values())
      controller.abort(new Error("server shutting down"));
  }
}
