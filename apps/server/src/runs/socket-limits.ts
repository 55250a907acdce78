/**
 * Limits on open run sockets (issue 14, item 12): at most
 * SOCKETS_MAX_PER_USER open at once per user in each web process, and a
 * socket that sends no first message within SOCKET_IDLE_TIMEOUT_MS is closed,
 * whatever that first message is (a run request or anything a later socket
 * protocol adds). Idle sockets used to stay open forever, each holding memory
 * and a file descriptor.
 */
import { SOCKET } from "@promptune/contracts";
import type { WebSocket } from "ws";
import { runErrorFrame } from "./error-frames";

/** Settings of the limits (from the environment). */
export interface SocketLimitSettings {
  maxPerUser: number;
  idleTimeoutMs: number;
}

/** Sends an error frame and closes with 1008, as every refusal on the run sockets does. */
function refuse(socket: WebSocket, message: string): void {
  if (socket.readyState === socket.OPEN) {
    socket.send(JSON.stringify(runErrorFrame(message)));
    socket.close(SOCKET.policyViolationCode, message);
  }
}

/** Open run sockets per user, in this process. */
export class SocketLimiter {
  private readonly open = new Map<string, Set<WebSocket>>();

  constructor(private readonly settings: SocketLimitSettings) {}

  /** Sockets `userId` has open in this process. */
  openFor(userId: string): number {
    return this.open.get(userId)?.size ?? 0;
  }

  /**
   * Admits a freshly upgraded socket: refuses it (1008) when the user already
   * has the maximum open, else counts it until it closes and closes it when
   * no message arrives in time. Synchronous, so simultaneous upgrades cannot
   * all pass the check. Returns false when the socket was refused.
   */
  admit(userId: string, socket: WebSocket): boolean {
    const mine = this.open.get(userId) ?? new Set<WebSocket>();
    if (mine.size >= this.settings.maxPerUser) {
      refuse(
        socket,
        `Too many open optimization sockets (at most ${this.settings.maxPerUser}). Close another tab or wait for a run to finish.`,
      );
      return false;
    }
    mine.add(socket);
    this.open.set(userId, mine);
    const idle = setTimeout(
      () =>
        refuse(
          socket,
          `No request within ${Math.round(this.settings.idleTimeoutMs / 1000)} seconds; the socket was closed.`,
        ),
      this.settings.idleTimeoutMs,
    );
    socket.once("message", () => clearTimeout(idle));
    socket.once("close", () => {
      clearTimeout(idle);
      mine.delete(socket);
      if (mine.size === 0 && this.open.get(userId) === mine) this.open.delete(userId);
    });
    return true;
  }
}
