import { Redis } from "ioredis";
import type { RunEvent, RunEventBus, RunEventListener } from "./events";

/**
 * Run events over Redis pub/sub, for several web processes and queue workers:
 * workers publish, the web process holding a run's socket subscribes to that
 * run's channel. One subscriber connection per process multiplexes channels.
 */
export class RedisRunEventBus implements RunEventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly listeners = new Map<string, Set<RunEventListener>>();
  private readonly channelPrefix: string;

  constructor(url: string, prefix = "promptune") {
    this.channelPrefix = `${prefix}:run:`;
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub.on("message", (channel: string, message: string) => {
      const set = this.listeners.get(channel.slice(this.channelPrefix.length));
      if (!set) return;
      let event: RunEvent;
      try {
        event = JSON.parse(message) as RunEvent;
      } catch {
        return;
      }
      for (const listener of set) listener(event);
    });
  }

  async publish(runId: string, event: RunEvent): Promise<void> {
    await this.pub.publish(this.channelPrefix + runId, JSON.stringify(event));
  }

  async subscribe(runId: string, listener: RunEventListener): Promise<() => Promise<void>> {
    let set = this.listeners.get(runId);
    if (!set) {
      set = new Set();
      this.listeners.set(runId, set);
      await this.sub.subscribe(this.channelPrefix + runId);
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(runId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(runId);
        await this.sub.unsubscribe(this.channelPrefix + runId).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
