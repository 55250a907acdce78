import { EventEmitter } from "node:events";
import type { MultiAgentServerMessage, SingleAgentServerMessage } from "@promptune/contracts";

/** A message for the socket of a run: exactly what the client receives. */
export type RunEvent = SingleAgentServerMessage | MultiAgentServerMessage;

/** Listener of one run's events. */
export type RunEventListener = (event: RunEvent) => void;

/**
 * Fan-out of run events to whichever process holds the run's socket. In the
 * embedded mode it is an in-process emitter; in scale-out it is Redis pub/sub.
 */
export interface RunEventBus {
  publish(runId: string, event: RunEvent): Promise<void>;
  /** Resolves once the subscription is active; the returned function unsubscribes. */
  subscribe(runId: string, listener: RunEventListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The embedded, single-process event bus. */
export class MemoryRunEventBus implements RunEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(runId: string, event: RunEvent): Promise<void> {
    this.emitter.emit(runId, event);
  }

  async subscribe(runId: string, listener: RunEventListener): Promise<() => Promise<void>> {
    this.emitter.on(runId, listener);
    return async () => {
      this.emitter.off(runId, listener);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
