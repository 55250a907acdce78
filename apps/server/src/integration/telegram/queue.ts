/**
 * Runs bot work per chat, one task at a time per chat (so replies keep the
 * order of the questions) while different chats proceed in parallel and the
 * update loop never waits for a model.
 */
export class ChatQueue {
  private readonly tails = new Map<string, { promise: Promise<void>; pending: number }>();
  private readonly inflight = new Set<Promise<void>>();

  /** Most tasks one chat may have waiting; more are refused. */
  constructor(private readonly maxPerChat = 5) {}

  /** Queues `task` behind the chat's earlier tasks; false when the chat already has too many waiting. */
  run(key: string, task: () => Promise<void>, onError: (error: unknown) => void): boolean {
    const tail = this.tails.get(key);
    if (tail && tail.pending >= this.maxPerChat) return false;
    const entry = tail ?? { promise: Promise.resolve(), pending: 0 };
    entry.pending++;
    const next = entry.promise.then(task).catch(onError);
    entry.promise = next;
    this.tails.set(key, entry);
    this.inflight.add(next);
    void next.finally(() => {
      this.inflight.delete(next);
      entry.pending--;
      if (entry.pending === 0 && this.tails.get(key) === entry) this.tails.delete(key);
    });
    return true;
  }

  /** Waits for queued work to finish, at most `timeoutMs`. */
  async drain(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.inflight]), timeout]);
    clearTimeout(timer);
  }
}
